import { TerraformOutput } from 'cdktf';
import { Construct } from 'constructs';
import { ApiGateway } from '../constructs/api-management/api-gateway';
import { FunctionApi, FunctionOperation } from '../constructs/api-management/function-api';
import { GatewayProduct } from '../constructs/api-management/gateway-product';
import { HttpMethod } from '../constructs/api-management/http-proxy-api';
import { TemplateParameter, TemplateParameterType } from '../constructs/api-management/url-template';
import { AzureStack } from '../constructs/stack/azure-stack';
import { composeName } from '../constructs/core/naming';
import { PublicNetworkAccess } from '../constructs/core/network';
import { refuseOrWarn } from '../constructs/core/production';
import { ApplicationInsights } from '../constructs/functions/application-insights';
import { AppRegistration } from '../constructs/identity/app-registration';
import { FlexFunctionApp } from '../constructs/functions/flex-function-app';
import { FunctionAlerts } from '../constructs/functions/function-alerts';
import { SubnetPurpose } from '../constructs/network/subnet-purpose';
import { StorageAccount, StorageService } from '../constructs/storage/storage-account';
import { StackDefinition } from './stack-definition';
import { WorkloadFoundation, WorkloadStackProps } from './workload-foundation';

/** The function app of the API-patterns stack. */
export interface ApiPatternsFunctionSettings {
  /** @default '8.0' (dotnet-isolated) */
  readonly runtimeVersion?: string;
  /** @default 100 */
  readonly maximumInstanceCount?: number;
  /** @default 2048 */
  readonly instanceMemoryMb?: number;
  /** Always-ready HTTP instances (HOOK-1: a warm receiver for webhooks). @default 0 */
  readonly alwaysReadyHttpInstances?: number;
}

/** The storage account of the API-patterns stack. */
export interface ApiPatternsStorageSettings {
  /**
   * Public endpoint (TLS, Entra ID only). On the environment's private network the function app
   * is VNet-integrated and reaches blob, queue and table through private endpoints, so the
   * public endpoint is off; without one the host needs it.
   * @default DISABLED on the private network, ENABLED without it
   */
  readonly publicNetworkAccess?: PublicNetworkAccess;
}

/** What only the API-patterns stack needs; the rest comes from the environment. */
export interface ApiPatternsSettings {
  /**
   * Client id of an existing Entra app registration the function app accepts tokens for; the
   * gateway requests tokens for it with its managed identity. `00000000-0000-0000-0000-000000000000`
   * is a placeholder (every call then answers 401): a warning, refused in production.
   * @default - the stack creates the registration (`func-<prefix>-patterns`, AppRegistration)
   */
  readonly entraApplicationId?: string;
  /** @default - the defaults of FlexFunctionApp */
  readonly functionApp?: ApiPatternsFunctionSettings;
  /** @default - see ApiPatternsStorageSettings */
  readonly storage?: ApiPatternsStorageSettings;
  /** Gateway calls per subscription per 60 s (GW-1). @default 60 */
  readonly callsPerMinute?: number;
  /** Clients that get a subscription on the API's product. @default ['demo-client'] */
  readonly clients?: string[];
  /** Mailbox told about failed executions, poisoned messages and queue backlogs. @default - the API Management publisher e-mail */
  readonly alertEmail?: string;
}

export interface ApiPatternsStackProps extends WorkloadStackProps, ApiPatternsSettings {}

/** The placeholder app registration id of a first deploy. */
export const PLACEHOLDER_APPLICATION_ID = '00000000-0000-0000-0000-000000000000';

/** The routes of the twelve patterns, as the function app declares them. */
const ORDER_ID: TemplateParameter = { name: 'id', type: TemplateParameterType.STRING, description: 'The order id' };
const REPORT_ID: TemplateParameter = { name: 'id', type: TemplateParameterType.STRING, description: 'The report id, from the Location of the 202 that started it' };

const OPERATIONS: FunctionOperation[] = [
  { name: 'list-orders', method: HttpMethod.GET, urlTemplate: '/orders', displayName: 'Resources and pagination (cursor)' },
  { name: 'create-order', method: HttpMethod.POST, urlTemplate: '/orders', displayName: 'Resources' },
  { name: 'get-order', method: HttpMethod.GET, urlTemplate: '/orders/{id}', templateParameters: [ORDER_ID], displayName: 'Conditional GET (ETag, If-None-Match)' },
  { name: 'update-order', method: HttpMethod.PATCH, urlTemplate: '/orders/{id}', templateParameters: [ORDER_ID], displayName: 'Conditional update (If-Match, lost updates)' },
  { name: 'delete-order', method: HttpMethod.DELETE, urlTemplate: '/orders/{id}', templateParameters: [ORDER_ID], displayName: 'Idempotent DELETE' },
  { name: 'order-summary', method: HttpMethod.GET, urlTemplate: '/orders/{id}/summary', templateParameters: [ORDER_ID], displayName: 'Aggregation' },
  { name: 'pay-order', method: HttpMethod.POST, urlTemplate: '/orders/{id}/pay', templateParameters: [ORDER_ID], displayName: 'Idempotency key (PAY-1)' },
  { name: 'create-payment', method: HttpMethod.POST, urlTemplate: '/payments', displayName: 'Idempotency key (PAY-1)' },
  { name: 'start-report', method: HttpMethod.POST, urlTemplate: '/reports', displayName: 'Async request-reply: 202 with Location and Retry-After' },
  { name: 'get-report', method: HttpMethod.GET, urlTemplate: '/reports/{id}', templateParameters: [REPORT_ID], displayName: 'Async request-reply: status' },
  { name: 'receive-webhook', method: HttpMethod.POST, urlTemplate: '/webhooks/inbox', displayName: 'Webhook inbox (dedup on webhook-id)' },
  { name: 'flaky-dependency', method: HttpMethod.GET, urlTemplate: '/dependencies/flaky', displayName: 'Circuit breaker' },
  { name: 'seed', method: HttpMethod.POST, urlTemplate: '/ops/seed', displayName: 'Seed data (not admin/seed: SEC-3)' },
];

/**
 * The API-patterns platform for one environment: a Functions app on Flex Consumption (.NET 8
 * isolated) behind API Management, keyless storage for the idempotency store, the webhook inbox
 * and the ledger (tables), the outbox and async-work queues with their poison queues and the
 * large-response container, Application Insights with Entra ID, the versioned API with its
 * backend breaker, rate limit, product and demo subscription, and alerts where a failure is silent.
 */
export class ApiPatternsStack extends AzureStack {
  public readonly storage: StorageAccount;
  public readonly functionApp: FlexFunctionApp;
  public readonly gateway: ApiGateway;
  public readonly api: FunctionApi;
  public readonly product: GatewayProduct;
  public readonly alerts: FunctionAlerts;
  /** The registration the function app accepts tokens for, unless the settings bring one. */
  public readonly registration?: AppRegistration;

  constructor(scope: Construct, props: ApiPatternsStackProps) {
    super(scope, {
      stackName: 'api-patterns', environmentName: props.environmentName, production: props.production, tags: props.tags, state: props.state,
    });
    const prefix = props.namePrefix;
    const location = props.location;
    const foundation = WorkloadFoundation.create(this, {
      namePrefix: prefix, location, suffix: 'patterns', logRetentionDays: props.logRetentionDays,
      // The function app integrated into the network, its storage reached there through private
      // endpoints (docs/network.md). The gateway calls the app's public, Entra-protected host.
      ...(props.network ? {
        network: { settings: props.network, block: API_PATTERNS_NETWORK_BLOCK, purposes: [SubnetPurpose.FUNCTIONS, SubnetPurpose.PRIVATE_ENDPOINTS] },
      } : {}),
    });
    const { resourceGroupName, logs, network } = foundation;
    if (props.entraApplicationId === PLACEHOLDER_APPLICATION_ID) {
      const finding = {
        id: 'RELEASE.PlaceholderApplication', lesson: 'RELEASE' as const, setting: 'apiPatterns.entraApplicationId', given: props.entraApplicationId,
        problem: 'this is the placeholder app registration: the function app accepts no token, so every call through the gateway answers 401.',
        fix: 'create the app registration (az ad app create --display-name <name>) and give its Application (client) ID.',
      };
      refuseOrWarn(this, finding, this.production);
    }
    // The audience of the gateway's tokens: created here unless the settings bring one (ACCESS).
    if (props.entraApplicationId === undefined) {
      this.registration = new AppRegistration(this, 'function-app-registration', {
        displayName: composeName('func', prefix, 'patterns'),
        ...(props.deployerObjectIds ? { owners: props.deployerObjectIds } : {}),
      });
    }
    const entraApplicationId = props.entraApplicationId ?? this.registration!.clientId;

    const insights = new ApplicationInsights(this, 'insights', {
      name: composeName('appi', prefix, 'patterns'), resourceGroupName, location, logAnalyticsWorkspaceId: logs.workspaceId,
    });
    this.storage = new StorageAccount(this, 'storage', {
      name: `st${prefix.replace(/[^a-z0-9]/g, '')}patterns`.slice(0, 24),
      resourceGroupName, location, logAnalyticsWorkspaceId: logs.workspaceId,
      publicNetworkAccess: props.storage?.publicNetworkAccess ?? (network ? PublicNetworkAccess.DISABLED : PublicNetworkAccess.ENABLED),
    });
    // The host's leases, keys and package (blob), its queue triggers (queue) and the patterns' tables.
    const storageEndpoints = network
      ? [StorageService.BLOB, StorageService.QUEUE, StorageService.TABLE].map((service) => this.storage.addPrivateEndpoint(network, service))
      : [];
    // The two primitives the patterns need, insert-if-absent and compare-and-swap, on tables (PAY-1).
    for (const table of ['idempotency', 'webhookinbox', 'ledger']) this.storage.addTable(table);
    for (const queue of ['outbox', 'async-work']) this.storage.addQueue(queue, { poisonQueue: true });
    // Responses above a table property's 64 KiB go to a blob, with a pointer in the row.
    this.storage.addContainer('large-responses');

    const fn = props.functionApp ?? {};
    this.functionApp = new FlexFunctionApp(this, 'function-app', {
      name: composeName('func', prefix, 'patterns'),
      resourceGroupName,
      location,
      storage: this.storage,
      applicationInsights: insights,
      entraAuth: { applicationId: entraApplicationId },
      ...(fn.runtimeVersion !== undefined ? { runtimeVersion: fn.runtimeVersion } : {}),
      ...(fn.maximumInstanceCount !== undefined ? { maximumInstanceCount: fn.maximumInstanceCount } : {}),
      ...(fn.instanceMemoryMb !== undefined ? { instanceMemoryMb: fn.instanceMemoryMb } : {}),
      ...(fn.alwaysReadyHttpInstances ? { alwaysReady: [{ name: 'http', instanceCount: fn.alwaysReadyHttpInstances }] } : {}),
      ...(network ? { subnet: network.subnetFor(SubnetPurpose.FUNCTIONS) } : {}),
      appSettings: {
        STORAGE_TABLE_ENDPOINT: `https://${this.storage.accountName}.table.core.windows.net`,
        STORAGE_QUEUE_ENDPOINT: `https://${this.storage.accountName}.queue.core.windows.net`,
        LARGE_RESPONSES_CONTAINER: 'large-responses',
      },
    });

    // The site (its VNet integration, or its first start) waits for the endpoints, their DNS
    // records and the zones' links to the network.
    for (const endpoint of storageEndpoints) endpoint.applyBefore(this.functionApp.site);

    this.gateway = foundation.apiGateway(props.apiManagement);
    this.api = new FunctionApi(this, 'api', {
      gateway: this.gateway,
      name: 'patterns',
      path: 'patterns',
      displayName: 'API design patterns',
      functionApp: this.functionApp,
      operations: OPERATIONS,
      // This stack has no Front Door: the gateway is the edge, and every caller needs a subscription.
      allowDirectCallers: true,
      limits: { rateLimit: { calls: props.callsPerMinute ?? 60, renewalPeriodSeconds: 60 } },
    });
    this.product = new GatewayProduct(this, 'clients', {
      gateway: this.gateway,
      productId: 'patterns-clients',
      displayName: 'API patterns clients',
      description: 'One subscription per client: the rate limit and the idempotency scope (X-Client-Id) follow it.',
      apis: [this.api],
      clients: props.clients ?? ['demo-client'],
    });

    const actionGroup = foundation.actionGroup({
      setting: 'apiPatterns.alertEmail', alertEmail: props.alertEmail, publisherEmail: props.apiManagement.publisherEmail,
      purpose: 'failed executions, poisoned messages and queue backlogs are sent to this address.',
    });
    this.alerts = new FunctionAlerts(this, 'alerts', {
      applicationInsights: insights, storage: this.storage, resourceGroupName, location,
      namePrefix: composeName('func', prefix, 'patterns'), actionGroupId: actionGroup.id,
    });

    new TerraformOutput(this, 'api-url', {
      value: `${this.gateway.service.gatewayUrl}/patterns/v1`,
      description: 'The patterns API through API Management; send the subscription key in Ocp-Apim-Subscription-Key',
    });
    new TerraformOutput(this, 'deploy-package', {
      value: `az functionapp deployment source config-zip --resource-group ${resourceGroupName} --name ${composeName('func', prefix, 'patterns')} --src <package.zip>`,
      description: 'Upload the application package (the app signs in with Entra ID; basic publishing auth is off)',
    });
  }
}

/** The API-patterns stack's sixteenth of the environment's range (see docs/network.md). */
const API_PATTERNS_NETWORK_BLOCK = 2;

/** The API-patterns stack in the app's registry: section `apiPatterns` of each environment. */
export const API_PATTERNS_STACK: StackDefinition<ApiPatternsSettings> = {
  section: 'apiPatterns',
  fields: {
    entraApplicationId: true,
    functionApp: { runtimeVersion: true, maximumInstanceCount: true, instanceMemoryMb: true, alwaysReadyHttpInstances: true },
    storage: { publicNetworkAccess: true },
    callsPerMinute: true, clients: true, alertEmail: true,
  },
  embedded: {
    // Dev creates its registration; prod brings its own.
    dev: {},
    prod: { entraApplicationId: '6f1d2c3e-5a4b-4c3d-9e8f-7a6b5c4d3e2f', functionApp: { alwaysReadyHttpInstances: 1 } },
  },
  variables: { ENTRA_APPLICATION_ID: 'entraApplicationId' },
  create: (app, environmentName, shared, settings) => new ApiPatternsStack(app, { ...shared, ...settings, environmentName }),
};
