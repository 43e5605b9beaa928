import { Fn, Token } from 'cdktf';
import { Construct } from 'constructs';
import { ApiManagement } from '@cdktf/provider-azurerm/lib/api-management';
import { ApiManagementDiagnostic } from '@cdktf/provider-azurerm/lib/api-management-diagnostic';
import { ResourceAction } from '../../.gen/providers/azapi/resource-action';
import { checkName } from '../core/naming';
import { PathDeclaration, PathNodeKind } from '../core/path-declarations';
import { refuse, requireEmail, requireRange, requireText, warn } from '../core/validation';
import { IManagedIdentity, ManagedIdentity } from '../identity/principal';
import { DiagnosticSettings } from '../core/diagnostic-settings';
import { ISubnet, requireSubnet } from '../network/platform-network';
import { SubnetPurpose } from '../network/subnet-purpose';
import { API_MANAGEMENT_SERVICE } from './api-management-service';
import { ApiGatewayAttributes, ApiGatewayBase, IApiGateway, ImportedApiGateway, registerGatewayName } from './gateway-reference';
import { AzureRegion } from '../core/azure-region';
import { DeployRequirements, Requirements, SkuFamily } from '../core/deploy-requirements';

const V2_SKU = /^(?:BasicV2_(?:[1-9]|10)|StandardV2_(?:[1-9]|10)|PremiumV2_(?:[1-9]|[12][0-9]|30))$/;

/** How `rate-limit-by-key` counts on a tier (GW-2). */
export enum RateLimitAlgorithm {
  /** v2 tiers: bursts up to the limit pass at once, then the bucket refills. */
  TOKEN_BUCKET = 'token bucket',
  /** Classic tiers: at most the limit in any window. */
  SLIDING_WINDOW = 'sliding window',
}

/** API Management SKU names as azurerm spells them (`<tier>_<units>`), and what a tier means for limits. */
export class ApiManagementSku {
  /** `BasicV2_<units>`, 1-10 units. */
  public static basicV2(units: number): string {
    return `BasicV2_${units}`;
  }

  /** `StandardV2_<units>`, 1-10 units. */
  public static standardV2(units: number): string {
    return `StandardV2_${units}`;
  }

  /** `PremiumV2_<units>`, 1-30 units. */
  public static premiumV2(units: number): string {
    return `PremiumV2_${units}`;
  }

  /** Whether `skuName` is a v2 tier this library deploys (`BasicV2_1`-`_10`, `StandardV2_1`-`_10`, `PremiumV2_1`-`_30`). */
  public static isV2(skuName: string): boolean {
    return V2_SKU.test(skuName);
  }

  /** True for the Consumption tier, which runs no backend circuit breaker and no `rate-limit-by-key`. */
  public static isConsumption(skuName: string): boolean {
    return /^Consumption(?:_\d+)?$/.test(skuName);
  }

  /**
   * The algorithm `rate-limit-by-key` uses on a SKU (GW-2): a token bucket on the v2 tiers, a
   * sliding window on the classic tiers; undefined for Consumption and for anything not
   * recognised (e.g. an unresolved Terraform reference).
   */
  public static rateLimitAlgorithmOf(skuName: string): RateLimitAlgorithm | undefined {
    if (/^(?:Basic|Standard|Premium)V2_\d+$/.test(skuName)) return RateLimitAlgorithm.TOKEN_BUCKET;
    if (/^(?:Developer|Basic|Standard|Premium|Isolated)_\d+$/.test(skuName)) return RateLimitAlgorithm.SLIDING_WINDOW;
    return undefined;
  }

  private constructor() {}
}

export interface ApiGatewayProps {
  /** Service name; part of `<name>.azure-api.net`, so unique across Azure. */
  readonly name: string;
  readonly resourceGroupName: string;
  readonly location: string;
  /**
   * v2 tier and units: `BasicV2_1`-`BasicV2_10`, `StandardV2_1`-`StandardV2_10`, `PremiumV2_1`-`PremiumV2_30`
   * (`ApiManagementSku.basicV2(1)`). v2 tiers provision in minutes, support WebSocket pass-through
   * and unbuffered streaming.
   */
  readonly skuName: string;
  /** Shown in the developer portal and in the e-mails to API consumers: 1-100 characters, one line, not blank. */
  readonly publisherName: string;
  /** Receives the service's notifications: an e-mail address of at most 100 characters. */
  readonly publisherEmail: string;
  /** Log Analytics workspace for gateway logs (GW-10). */
  readonly logAnalyticsWorkspaceId: string;
  /**
   * Percentage of requests the gateway logs to Azure Monitor.
   * @default 100
   */
  readonly samplingPercentage?: number;
  /**
   * Outbound VNet integration (Standard v2 and Premium v2 only): the gateway sends its backend
   * calls into this subnet's network (`SubnetPurpose.API_MANAGEMENT_OUTBOUND`, delegated to
   * `Microsoft.Web/serverFarms`), so it reaches services with only a private address and resolves
   * them through the network's private DNS zones. The gateway itself stays public. Adding it
   * updates the service in place; changing or removing it replaces the service.
   * @default - no VNet integration: public backends only
   */
  readonly outboundSubnet?: ISubnet;
  /**
   * The oldest management API version the service accepts for control-plane calls
   * (`apiVersionConstraint.minApiVersion`): older API versions expose secrets in reads
   * (PSRule Azure.APIM.MinAPIVersion).
   * @default '2021-08-01'
   */
  readonly minApiVersion?: string;
}

/** The oldest management API version that keeps secrets out of plain reads. */
const MIN_API_VERSION = '2021-08-01';

/**
 * An API Management gateway on a v2 tier with a system-assigned identity, SSL 3.0 and TLS 1.0/1.1
 * off on both sides, and gateway logs in Log Analytics's resource-specific
 * `ApiManagementGatewayLogs` table (GW-10) with request and response bodies never logged (EDGE-4).
 */
export class ApiGateway extends ApiGatewayBase {
  /** A gateway another team owns, by name, resource group and SKU: APIs, policies and grants work on it as on one this stack creates. */
  public static fromExisting(scope: Construct, id: string, attributes: ApiGatewayAttributes): IApiGateway {
    const gateway = new ImportedApiGateway(scope, id, attributes);
    registerGatewayName(gateway, attributes.serviceName);
    return gateway;
  }

  public readonly service: ApiManagement;
  public readonly serviceName: string;
  public readonly resourceGroupName: string;
  /** The v2 SKU, e.g. `BasicV2_1`. */
  public readonly skuName: string;
  public readonly gatewayId: string;
  /** Gateway host name, e.g. `apim-x.azure-api.net`, for a Front Door origin. */
  public readonly gatewayHostName: string;
  /** The service's system-assigned identity. */
  public readonly identity: IManagedIdentity;
  /** The v2 tiers rate-limit with a token bucket, not a sliding window (GW-2). */
  public readonly rateLimitAlgorithm = RateLimitAlgorithm.TOKEN_BUCKET;
  public readonly outboundVirtualNetworkId?: string;
  private readonly diagnostic: ApiManagementDiagnostic;
  private readonly hiddenQueryParameters: string[] = [];

  constructor(scope: Construct, id: string, props: ApiGatewayProps) {
    super(scope, id);
    AzureRegion.check(this, 'location', props.location);
    checkName(this, 'name', props.name, API_MANAGEMENT_SERVICE.names.resource);
    // v2 tiers are offered in fewer regions than the classic ones: the preflight checks the subscription's list.
    DeployRequirements.of(this).add(this, Requirements.sku(SkuFamily.API_MANAGEMENT, props.skuName, props.location, 'API Management v2 tiers are offered in some regions only.'));
    if (!Token.isUnresolved(props.skuName) && !V2_SKU.test(props.skuName)) {
      refuse(this, {
        lesson: 'GW-2', setting: 'skuName', given: props.skuName,
        problem: 'this library deploys the v2 tiers only: classic tiers take 30-45 minutes to provision, Consumption has no WebSocket pass-through, and the tier decides the rate-limit algorithm (GW-2).',
        fix: "use 'BasicV2_1' (dev) or 'StandardV2_1' and up (production); units go from 1 to 10 (PremiumV2: 30).",
      });
    }
    requireText(this, 'publisherName', props.publisherName, {
      maxLength: 100, purpose: 'API Management shows the publisher name in the developer portal and signs its e-mails to API consumers with it',
      fix: 'give the team that owns the gateway, e.g. "Platform team", in at most 100 characters.',
    });
    requireText(this, 'publisherEmail', props.publisherEmail, {
      maxLength: 100, purpose: 'API Management sends its service notifications to the publisher e-mail',
      fix: 'give the team mailbox, e.g. platform@contoso.com, in at most 100 characters.',
    });
    requireEmail(this, 'publisherEmail', props.publisherEmail, 'API Management needs a valid publisher e-mail address.');
    if (props.outboundSubnet) {
      requireSubnet(this, 'outboundSubnet', props.outboundSubnet, SubnetPurpose.API_MANAGEMENT_OUTBOUND, props.location);
      if (!Token.isUnresolved(props.skuName) && !/^(?:Standard|Premium)V2_/.test(props.skuName)) {
        refuse(this, {
          lesson: 'AZURE', setting: 'outboundSubnet', given: props.outboundSubnet.addressPrefix,
          problem: `${props.skuName} has no VNet integration: only Standard v2 and Premium v2 send outbound traffic into a network.`,
          fix: "use 'StandardV2_1' or larger with outboundSubnet, or drop outboundSubnet (the backends must then be public).",
        });
      }
    }
    const minApiVersion = props.minApiVersion ?? MIN_API_VERSION;
    if (!Token.isUnresolved(minApiVersion)) {
      const date = /^(\d{4}-\d{2}-\d{2})(?:-preview)?$/.exec(minApiVersion)?.[1];
      if (date === undefined || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) {
        refuse(this, {
          lesson: 'AZURE', setting: 'minApiVersion', given: minApiVersion,
          problem: 'a management API version is a date, e.g. 2021-08-01.', fix: `use '${MIN_API_VERSION}' or later.`,
        });
      } else if (date < MIN_API_VERSION) {
        // Legal, and exactly what the setting is there to stop (PSRule Azure.APIM.MinAPIVersion).
        warn(this, {
          id: 'SEC-1.ApimMinApiVersion', lesson: 'SEC-1', setting: 'minApiVersion', given: minApiVersion,
          problem: `management API versions before ${MIN_API_VERSION} return secrets (named values, keys) in plain reads, and this lets clients use them.`,
          fix: `use '${MIN_API_VERSION}' (the default) or later.`,
        });
      }
    }
    this.service = new ApiManagement(this, 'service', {
      name: props.name,
      resourceGroupName: props.resourceGroupName,
      location: props.location,
      skuName: props.skuName,
      publisherName: props.publisherName,
      publisherEmail: props.publisherEmail,
      identity: { type: 'SystemAssigned' },
      minApiVersion,
      ...(props.outboundSubnet ? {
        // External: the v2 tiers' outbound integration (Internal is Premium v2 injection).
        virtualNetworkType: 'External',
        virtualNetworkConfiguration: { subnetId: props.outboundSubnet.subnetId },
      } : {}),
      // Protocols are switched off explicitly. Ciphers cannot be changed on v2 tiers (Azure fixes
      // a modern set), so none is set here.
      security: {
        frontendSsl30Enabled: false,
        frontendTls10Enabled: false,
        frontendTls11Enabled: false,
        backendSsl30Enabled: false,
        backendTls10Enabled: false,
        backendTls11Enabled: false,
      },
    });
    this.serviceName = this.service.name;
    registerGatewayName(this, props.name);
    this.resourceGroupName = props.resourceGroupName;
    this.skuName = props.skuName;
    this.outboundVirtualNetworkId = props.outboundSubnet?.virtualNetworkId;
    this.gatewayId = this.service.id;
    this.gatewayHostName = Fn.trimprefix(this.service.gatewayUrl, 'https://');
    this.identity = ManagedIdentity.systemAssigned(this.service.identity.principalId, id);
    PathDeclaration.node(this, {
      kind: PathNodeKind.GATEWAY, title: `API Management ${props.skuName}`, name: props.name,
      lines: [
        props.outboundSubnet ? 'system-assigned identity; outbound VNet integration' : 'system-assigned identity',
        'gateway logs to Log Analytics (GW-10)',
      ],
    });

    const samplingPercentage = props.samplingPercentage ?? 100;
    requireRange(this, samplingPercentage, {
      min: 0, max: 100, setting: 'samplingPercentage', lesson: 'GW-10',
      problem: 'the sampling rate is a whole percentage.', fix: 'use 100 to see every gateway decision, or less to save cost.',
    });
    const settings = new DiagnosticSettings(this, 'diagnostics', {
      targetResourceId: this.service.id,
      workspaceId: props.logAnalyticsWorkspaceId,
      logCategories: ['GatewayLogs', 'WebSocketConnectionLogs'],
      dedicated: true,
    });
    // The Azure Monitor logger. API Management may create it on its own; an idempotent PUT (azapi)
    // makes sure it exists before the diagnostic points at it.
    const loggerId = `${this.service.id}/loggers/azuremonitor`;
    const logger = new ResourceAction(this, 'azure-monitor-logger', {
      type: 'Microsoft.ApiManagement/service/loggers@2024-05-01',
      resourceId: loggerId,
      method: 'PUT',
      body: { properties: { loggerType: 'azureMonitor' } },
    });
    const noBodies = { bodyBytes: 0 };
    this.diagnostic = new ApiManagementDiagnostic(this, 'azure-monitor', {
      identifier: 'azuremonitor',
      apiManagementName: this.service.name,
      resourceGroupName: props.resourceGroupName,
      apiManagementLoggerId: loggerId,
      samplingPercentage,
      alwaysLogErrors: true,
      logClientIp: true,
      verbosity: 'information',
      frontendRequest: noBodies,
      frontendResponse: noBodies,
      backendRequest: noBodies,
      backendResponse: noBodies,
      dependsOn: [logger, settings.setting],
    });
  }

  /**
   * Hide a query parameter's value in the gateway's request logs (the diagnostic's data
   * masking): a browser's token or subscription key sent in the URL (ACCESS).
   */
  public hideQueryParameterInLogs(name: string): void {
    if (this.hiddenQueryParameters.includes(name)) return;
    this.hiddenQueryParameters.push(name);
    this.diagnostic.putFrontendRequest({
      bodyBytes: 0,
      dataMasking: { queryParams: [...this.hiddenQueryParameters].sort().map((value) => ({ mode: 'Hide', value })) },
    });
  }
}
