import { Fn, Lazy, Token } from 'cdktf';
import { PathDeclaration, PathNodeKind } from '../core/path-declarations';
import { Construct } from 'constructs';
import { ServicePlan } from '@cdktf/provider-azurerm/lib/service-plan';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';
import { DataAzapiClientConfig } from '../../.gen/providers/azapi/data-azapi-client-config';
import { Resource } from '../../.gen/providers/azapi/resource';
import { ResourceAction } from '../../.gen/providers/azapi/resource-action';
import { PublicNetworkAccess } from '../core/network';
import { NAME_RULES, checkName, composeName } from '../core/naming';
import { Production } from '../core/production';
import { NotSecret } from '../core/secret-detection';
import { TimeoutLayer } from '../core/request-path';
import { formatForCaller, refuse, requireRange, warn } from '../core/validation';
import { Grant } from '../identity/grant';
import { IManagedIdentity, IPrincipal, ManagedIdentity } from '../identity/principal';
import { RolePropagation } from '../identity/propagation';
import { ISubnet, requireSubnet } from '../network/platform-network';
import { SubnetPurpose } from '../network/subnet-purpose';
import { IStorageAccount, StorageAccount, StorageReplication, StorageService, refuseUnreachable } from '../storage/storage-account';
import { BlobContainer } from '../storage/storage-children';
import { ApplicationInsights } from './application-insights';
import { IFunctionAppBackend } from './function-app-backend';
import { FLEX_INSTANCE_MEMORY_MB, FLEX_RUNTIME_VERSIONS, FunctionRuntime, checkAppSettings } from './function-settings';
import { AzureRegion } from '../core/azure-region';
import { FUNCTIONS_SERVICE } from './functions-service';
import { DeployRequirements, Requirements, SkuFamily } from '../core/deploy-requirements';

/** ARM type and API version of the function app (see docs/decisions/flex-function-app-azapi.md). */
export const FUNCTION_APP_TYPE = 'Microsoft.Web/sites@2024-11-01';
/** App Service and Functions end an HTTP request after 230 s (the load balancer's idle timeout, EDGE-1). */
export const FUNCTIONS_REQUEST_TIMEOUT_SECONDS = 230;

/** Instances kept warm for a trigger group (`http`, `blob`, `durable`) or one function (`function:<name>`). */
export interface AlwaysReadyInstances {
  readonly name: string;
  readonly instanceCount: number;
}

/** Entra ID in front of the app (App Service Authentication): only tokens for this application are let in. */
export interface FunctionEntraAuthProps {
  /**
   * Client (application) id of the app registration the callers request tokens for (its
   * `aud`). Neither azurerm nor AzAPI creates app registrations: create it once (azuread
   * provider, portal or `az ad app create`) and give its id here.
   */
  readonly applicationId: string;
}

export interface FlexFunctionAppProps {
  /** App name; part of `<name>.azurewebsites.net`, so unique across Azure. The plan is `asp-<name>`, the identity `id-<name>`. */
  readonly name: string;
  readonly resourceGroupName: string;
  readonly location: string;
  /** Host storage (keyless: the host reaches it with the app's identity, SEC-1). */
  readonly storage: IStorageAccount;
  /** The deployment container the package is uploaded to; created by the construct. @default 'app-package-<name>' */
  readonly deploymentContainerName?: string;
  /** @default FunctionRuntime.DOTNET_ISOLATED */
  readonly runtime?: FunctionRuntime;
  /** @default '8.0' for dotnet-isolated (the runtime's LTS version) */
  readonly runtimeVersion?: string;
  /** Memory per instance: 512, 2048 or 4096 MB. @default 2048 */
  readonly instanceMemoryMb?: number;
  /** Most instances the app scales out to, 1-1000. @default 100 */
  readonly maximumInstanceCount?: number;
  /** HTTP requests one instance takes at once, 1-1000. @default - the platform's default for the instance size */
  readonly httpConcurrency?: number;
  /** Always-ready instances; together at most `maximumInstanceCount`. @default - none */
  readonly alwaysReady?: AlwaysReadyInstances[];
  /**
   * App settings (environment variables) of the code; no credentials (SEC-1): connect with the
   * identity, or reference Key Vault as `@Microsoft.KeyVault(SecretUri=<versionless secret URI>)`,
   * resolved with the app's identity (grant it Key Vault Secrets User on the secret).
   * @default - none
   */
  readonly appSettings?: { [name: string]: string };
  /**
   * App settings that look like a credential but are none, each with the reason. Every other
   * setting that looks like a credential is refused (SEC-1, docs/secrets.md).
   * @default - none
   */
  readonly notSecrets?: NotSecret[];
  /** Telemetry with Entra ID: the identity is granted Monitoring Metrics Publisher. @default - no Application Insights */
  readonly applicationInsights?: ApplicationInsights;
  /**
   * Entra ID in front of every function (App Service Authentication): a caller needs a token for
   * this application, and only principals allowed with `FlexFunctionApp.allowCaller` get in.
   * Without it the app answers anyone who knows its host name (a warning; refused in production).
   * @default - none
   */
  readonly entraAuth?: FunctionEntraAuthProps;
  /** @default PublicNetworkAccess.ENABLED */
  readonly publicNetworkAccess?: PublicNetworkAccess;
  /**
   * VNet integration (`virtualNetworkSubnetId`): the app's outbound traffic, host storage
   * included, goes into this subnet's network (`SubnetPurpose.FUNCTIONS`, delegated to
   * `Microsoft.App/environments`). With it, host storage whose public endpoint is off is accepted
   * when the account has blob, queue and table endpoints in that network (Microsoft's Flex
   * quickstart templates deploy the same way with `azd`; not verified here, docs/network.md).
   * @default - no VNet integration
   */
  readonly subnet?: ISubnet;
  /**
   * Spread the instances over availability zones (the plan's `zoneRedundant`). The platform then
   * keeps at least two always-ready instances per trigger group, billed as always-ready, and the
   * host storage should be zone-redundant (ZRS or GZRS). Decide it when the plan is created:
   * turning it on later replaces the plan, and with it the app.
   * @default the value of `production`
   */
  readonly zoneRedundant?: boolean;
  /** @default Production.isProduction(this) */
  readonly production?: boolean;
  /** Resource id of the resource group. @default - built from the subscription of the azapi provider and `resourceGroupName` */
  readonly resourceGroupId?: string;
}

/**
 * An Azure Functions app on the Flex Consumption plan, keyless from end to end: a user-assigned
 * identity, host storage through that identity (`AzureWebJobsStorage__accountName`,
 * `__credential`, `__clientId`; no connection string), the deployment container created and
 * reached with the identity, the host's storage roles granted before the app, HTTPS only, basic
 * authentication for publishing off, Application Insights through Entra ID, and optionally
 * App Service Authentication so only allowed identities (the gateway) can call it.
 *
 * Built with AzAPI (`Microsoft.Web/sites`): azurerm 4.55's `azurerm_function_app_flex_consumption`
 * always writes `AzureWebJobsStorage` as a connection string with an empty key and no
 * identity-based settings (see docs/decisions/flex-function-app-azapi.md).
 */
export class FlexFunctionApp extends Construct implements IFunctionAppBackend {
  public readonly plan: ServicePlan;
  /** The function app (`azapi_resource`, `Microsoft.Web/sites`). */
  public readonly site: Resource;
  public readonly siteId: string;
  public readonly identity: IManagedIdentity;
  public readonly identityResource: UserAssignedIdentity;
  /** `<name>.azurewebsites.net`, read back from Azure after create. */
  public readonly defaultHostName: string;
  /** The deployment container. */
  public readonly deploymentContainer: BlobContainer;
  /** App Service and Functions close an HTTP request after 230 s (EDGE-1). */
  public readonly timeoutLayer: TimeoutLayer;
  /** The Entra application callers request tokens for, when `entraAuth` is given. */
  public readonly entraApplicationId?: string;
  /** The grants the app waits for. */
  public readonly hostGrants: Grant[];
  private readonly callers: IPrincipal[] = [];

  constructor(scope: Construct, id: string, props: FlexFunctionAppProps) {
    super(scope, id);
    AzureRegion.check(this, 'location', props.location);
    const name = checkName(this, 'name', props.name, FUNCTIONS_SERVICE.names.resource);
    DeployRequirements.of(this).add(this, Requirements.sku(SkuFamily.FLEX_CONSUMPTION, 'FC1', props.location, 'the Flex Consumption plan is offered in some regions only.'));
    const production = props.production ?? Production.isProduction(this);
    const runtime = props.runtime ?? FunctionRuntime.DOTNET_ISOLATED;
    const versions = FLEX_RUNTIME_VERSIONS[runtime];
    if (!versions) {
      refuse(this, {
        lesson: 'AZURE', setting: 'runtime', given: runtime,
        problem: 'Flex Consumption has no such runtime.', fix: `use one of ${Object.values(FunctionRuntime).join(', ')}.`,
      });
    }
    const runtimeVersion = props.runtimeVersion ?? versions[0];
    if (!versions.includes(runtimeVersion)) {
      refuse(this, {
        lesson: 'AZURE', setting: 'runtimeVersion', given: runtimeVersion,
        problem: `Flex Consumption runs ${runtime} ${versions.join(', ')}.`, fix: `use one of ${versions.join(', ')}.`,
      });
    }
    const memory = props.instanceMemoryMb ?? 2048;
    if (!Token.isUnresolved(memory) && !FLEX_INSTANCE_MEMORY_MB.includes(memory)) {
      refuse(this, {
        lesson: 'AZURE', setting: 'instanceMemoryMb', given: memory,
        problem: 'Flex Consumption instances have 512, 2048 or 4096 MB.', fix: 'use 2048 (the default), 512 or 4096.',
      });
    }
    const maximumInstanceCount = props.maximumInstanceCount ?? 100;
    requireRange(this, maximumInstanceCount, {
      min: 1, max: 1000, setting: 'maximumInstanceCount', lesson: 'AZURE',
      problem: 'Flex Consumption scales to 1-1000 instances.', fix: 'use e.g. 100 (the default), or less to bound the cost and what downstream services see.',
    });
    if (props.httpConcurrency !== undefined) {
      requireRange(this, props.httpConcurrency, {
        min: 1, max: 1000, setting: 'httpConcurrency', lesson: 'AZURE',
        problem: 'an instance takes 1-1000 HTTP requests at once.', fix: 'leave it unset for the platform default, or give e.g. 16.',
      });
    }
    const alwaysReady = props.alwaysReady ?? [];
    this.checkAlwaysReady(alwaysReady, maximumInstanceCount);
    const zoneRedundant = props.zoneRedundant ?? production;
    if (props.subnet) requireSubnet(this, 'subnet', props.subnet, SubnetPurpose.FUNCTIONS, props.location);
    this.checkHostStorage(props.storage, zoneRedundant, props.subnet);
    if (props.entraAuth && !Token.isUnresolved(props.entraAuth.applicationId)
      && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(props.entraAuth.applicationId)) {
      refuse(this, {
        lesson: 'ACCESS', setting: 'entraAuth.applicationId', given: props.entraAuth.applicationId,
        problem: 'an Entra application is named by its client id, a GUID.', fix: 'give the app registration\'s Application (client) ID.',
      });
    }
    if (!props.entraAuth) {
      Production.refuseOrWarn(this, {
        id: 'ACCESS.FunctionsWithoutEntraAuth', lesson: 'ACCESS', setting: 'entraAuth', given: undefined,
        problem: 'without Entra ID in front, the functions answer anyone who learns the host name, around the gateway and its limits.',
        fix: 'give entraAuth: { applicationId } and allow the gateway\'s identity with allowCaller(gateway.identity).',
      }, production);
    }

    this.timeoutLayer = { layer: 'Functions HTTP request timeout', timeoutSeconds: FUNCTIONS_REQUEST_TIMEOUT_SECONDS, constructPath: this.node.path };
    PathDeclaration.node(this, {
      kind: PathNodeKind.APP, title: 'Function app, Flex Consumption', name,
      lines: [`${runtime} ${runtimeVersion}, HTTPS only`, props.entraAuth ? 'Entra ID in front (App Service authentication)' : 'no Entra ID in front'],
      inboundTimeouts: [this.timeoutLayer],
    });
    this.identityResource = new UserAssignedIdentity(this, 'identity', {
      name: checkName(this, 'name', composeName('id', name), NAME_RULES.userAssignedIdentity),
      resourceGroupName: props.resourceGroupName,
      location: props.location,
    });
    this.identity = ManagedIdentity.fromUserAssigned(this.identityResource);

    // The host's own storage (SEC-1): blob owner for its leases and the package, queue and table
    // contributor for timers, queue triggers and diagnostics; granted before the app starts.
    this.deploymentContainer = new BlobContainer(this, 'deployment-container', {
      account: props.storage, name: props.deploymentContainerName ?? `app-package-${name.toLowerCase()}`.slice(0, 63).replace(/-+$/, ''),
    });
    this.hostGrants = [
      props.storage.grantBlobDataOwner(this.identity, `${id}-host`),
      props.storage.grantQueueDataContributor(this.identity, `${id}-host`),
      props.storage.grantTableDataContributor(this.identity, `${id}-host`),
      ...(props.applicationInsights ? [props.applicationInsights.grantPublish(this.identity, `${id}-host`)] : []),
    ];

    this.plan = new ServicePlan(this, 'plan', {
      name: composeName('asp', name),
      resourceGroupName: props.resourceGroupName,
      location: props.location,
      osType: 'Linux',
      skuName: 'FC1',
      zoneBalancingEnabled: zoneRedundant,
    });

    const clientId = this.identityResource.clientId;
    const reserved: { [name: string]: string } = {
      AzureWebJobsStorage__accountName: props.storage.accountName,
      AzureWebJobsStorage__credential: 'managedidentity',
      AzureWebJobsStorage__clientId: clientId,
      AZURE_CLIENT_ID: clientId,
      ...(props.applicationInsights ? {
        APPLICATIONINSIGHTS_CONNECTION_STRING: props.applicationInsights.connectionString,
        APPLICATIONINSIGHTS_AUTHENTICATION_STRING: `Authorization=AAD;ClientId=${clientId}`,
      } : {}),
    };
    checkAppSettings(this, props.appSettings, reserved, props.notSecrets);
    const appSettings = Object.entries({ ...reserved, ...props.appSettings }).map(([n, value]) => ({ name: n, value }));

    this.site = new Resource(this, 'site', {
      type: FUNCTION_APP_TYPE,
      name,
      location: props.location,
      parentId: props.resourceGroupId ?? this.resourceGroupId(props.resourceGroupName),
      identity: [{ type: 'UserAssigned', identityIds: [this.identityResource.id] }],
      body: {
        kind: 'functionapp,linux',
        properties: {
          // In the casing Azure returns (`serverfarms`): azapi compares the body case-sensitively, and
          // azurerm's `serverFarms` would plan a full PUT of the site on every run (AZURE.AzapiIdCasing).
          serverFarmId: Fn.replace(this.plan.id, '/serverFarms/', '/serverfarms/'),
          httpsOnly: true,
          // App Service resolves @Microsoft.KeyVault(...) settings with the system identity unless told: the app has only its own.
          ...(Object.values(props.appSettings ?? {}).some((v) => /^@Microsoft\.KeyVault\s*\(/i.test(v)) ? { keyVaultReferenceIdentity: this.identityResource.id } : {}),
          publicNetworkAccess: props.publicNetworkAccess ?? PublicNetworkAccess.ENABLED,
          ...(props.subnet ? { virtualNetworkSubnetId: props.subnet.subnetId } : {}),
          siteConfig: { appSettings, minTlsVersion: '1.2' },
          functionAppConfig: {
            deployment: {
              storage: {
                type: 'blobContainer',
                value: this.deploymentContainer.url,
                authentication: { type: 'UserAssignedIdentity', userAssignedIdentityResourceId: this.identityResource.id },
              },
            },
            runtime: { name: runtime, version: runtimeVersion },
            scaleAndConcurrency: {
              maximumInstanceCount,
              instanceMemoryMB: memory,
              ...(alwaysReady.length > 0 ? { alwaysReady: alwaysReady.map((a) => ({ name: a.name, instanceCount: a.instanceCount })) } : {}),
              ...(props.httpConcurrency !== undefined ? { triggers: { http: { perInstanceConcurrency: props.httpConcurrency } } } : {}),
            },
          },
        },
      },
      // Map form: `output.defaultHostName` (a list would be written as a map with key "0").
      responseExportValues: { defaultHostName: 'properties.defaultHostName' },
      // The site is created right after its grants: retry while they have not reached the data plane.
      retry: RolePropagation.azapiRetry(),
      dependsOn: this.hostGrants,
    });
    this.siteId = this.site.id;
    this.defaultHostName = Token.asString(Fn.lookup(this.site.output, 'defaultHostName'));

    // Basic authentication for publishing (SCM and FTP) off: deployments sign in with Entra ID.
    for (const policy of ['scm', 'ftp']) {
      new ResourceAction(this, `basic-auth-${policy}`, {
        type: 'Microsoft.Web/sites/basicPublishingCredentialsPolicies@2024-11-01',
        resourceId: `${this.site.id}/basicPublishingCredentialsPolicies/${policy}`,
        method: 'PUT',
        body: { properties: { allow: false } },
      });
    }

    if (props.entraAuth) {
      this.entraApplicationId = props.entraAuth.applicationId;
      this.configureEntraAuth(props.entraAuth.applicationId);
      // Checked at synth, once every caller had its chance: an empty list restricts nobody, and
      // any principal of the tenant can ask Entra ID for a token for the application.
      this.node.addValidation({
        validate: () => (this.callers.length > 0 ? [] : [formatForCaller(this.node.path, {
          lesson: 'ACCESS', setting: 'allowCaller', given: [],
          problem: 'App Service Authentication with no allowed caller lets in any principal of the tenant that asks Entra ID for a token for the application.',
          fix: 'allow the callers, e.g. app.allowCaller(gateway.identity) (FunctionApi does it for its gateway).',
        })]),
      });
    }
  }

  /**
   * Let `principal` call the functions through App Service Authentication (its token's object id
   * is checked), e.g. `app.allowCaller(gateway.identity)`. Needs `entraAuth`.
   */
  public allowCaller(principal: IPrincipal): void {
    if (!this.entraApplicationId) {
      refuse(this, {
        lesson: 'ACCESS', setting: 'entraAuth', given: undefined,
        problem: 'callers are allowed through App Service Authentication, which needs the Entra application their tokens are for.',
        fix: 'give entraAuth: { applicationId } to the app.',
      });
    }
    this.callers.push(principal);
  }

  private configureEntraAuth(applicationId: string): void {
    const tenantId = this.clientConfig().tenantId;
    new ResourceAction(this, 'entra-auth', {
      type: 'Microsoft.Web/sites/config@2024-11-01',
      resourceId: `${this.site.id}/config/authsettingsV2`,
      method: 'PUT',
      body: {
        properties: {
          platform: { enabled: true },
          globalValidation: { requireAuthentication: true, unauthenticatedClientAction: 'Return401' },
          login: { tokenStore: { enabled: false } },
          identityProviders: {
            azureActiveDirectory: {
              enabled: true,
              // Managed identity tokens (what the gateway sends) are v1 tokens from sts.windows.net.
              registration: { clientId: applicationId, openIdIssuer: `https://sts.windows.net/${tenantId}/` },
              validation: {
                allowedAudiences: [applicationId, `api://${applicationId}`],
                defaultAuthorizationPolicy: {
                  allowedPrincipals: { identities: Lazy.listValue({ produce: () => this.callers.map((c) => c.principalId) }) },
                },
              },
            },
          },
        },
      },
    });
  }

  /**
   * What is known of host storage this stack creates: without VNet integration the host needs its
   * public endpoint, with it the account's blob, queue and table endpoints in the app's network
   * (checked at synth); and a zone-redundant app needs zone-redundant storage.
   */
  private checkHostStorage(storage: IStorageAccount, zoneRedundant: boolean, subnet: ISubnet | undefined): void {
    if (!(storage instanceof StorageAccount)) return;
    if (storage.publicNetworkAccess === PublicNetworkAccess.DISABLED && !subnet) {
      refuse(this, {
        lesson: 'SEC-1', setting: 'storage.publicNetworkAccess', given: 'Disabled',
        problem: 'the app has no VNet integration, so its host cannot reach storage without a public endpoint: it would never start.',
        fix: 'give the app a subnet (SubnetPurpose.FUNCTIONS) and the account blob, queue and table private endpoints in its network, or give the account publicNetworkAccess: PublicNetworkAccess.ENABLED (a warning in production).',
      });
    }
    // The rest at synth, once the account's endpoints are added (a firewall for trusted services
    // only shuts the host out too).
    for (const service of [StorageService.BLOB, StorageService.QUEUE, StorageService.TABLE]) {
      refuseUnreachable(this, 'storage.publicNetworkAccess', storage, service, { who: 'the app\'s host (its storage)', networkId: subnet?.virtualNetworkId });
    }
    const zonal = [StorageReplication.ZRS, StorageReplication.GZRS, StorageReplication.RAGZRS];
    if (zoneRedundant && !zonal.includes(storage.replication)) {
      warn(this, {
        id: 'AZURE.FunctionStorageNotZonal', lesson: 'AZURE', setting: 'storage.replication', given: storage.replication,
        problem: 'the app spreads over zones, but its host storage lives in one: a zone outage stops every instance.',
        fix: 'give the storage account replication ZRS or GZRS, or set zoneRedundant: false.',
      });
    }
  }

  private checkAlwaysReady(alwaysReady: readonly AlwaysReadyInstances[], maximumInstanceCount: number): void {
    const names = new Set<string>();
    let total = 0;
    alwaysReady.forEach((a, i) => {
      const at = `alwaysReady[${i}]`;
      if (!/^(?:http|blob|durable|function:[A-Za-z0-9_-]+)$/.test(a.name) || names.has(a.name)) {
        refuse(this, {
          lesson: 'AZURE', setting: `${at}.name`, given: a.name,
          problem: names.has(a.name) ? 'this group is listed twice.' : 'always-ready instances are kept for http, blob, durable or function:<name>.',
          fix: "use e.g. { name: 'http', instanceCount: 1 }, each group once.",
        });
      }
      names.add(a.name);
      requireRange(this, a.instanceCount, {
        min: 0, max: 1000, setting: `${at}.instanceCount`, lesson: 'AZURE',
        problem: 'an always-ready count is a whole number of 0-1000.', fix: 'use e.g. 1 to keep one instance warm.',
      });
      total += a.instanceCount;
    });
    if (!Token.isUnresolved(maximumInstanceCount) && total > maximumInstanceCount) {
      refuse(this, {
        lesson: 'AZURE', setting: 'alwaysReady', given: total,
        problem: `the always-ready instances add up to ${total}, above the app's maximum of ${maximumInstanceCount}.`,
        fix: 'lower the always-ready counts or raise maximumInstanceCount.',
      });
    }
  }

  private resourceGroupId(resourceGroupName: string): string {
    return `/subscriptions/${this.clientConfig().subscriptionId}/resourceGroups/${resourceGroupName}`;
  }

  private clientConfig(): DataAzapiClientConfig {
    return (this.node.tryFindChild('client-config') as DataAzapiClientConfig | undefined) ?? new DataAzapiClientConfig(this, 'client-config', {});
  }
}
