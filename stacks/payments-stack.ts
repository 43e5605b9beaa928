import { TerraformOutput } from 'cdktf';
import { Construct } from 'constructs';
import { DataAzapiClientConfig } from '../.gen/providers/azapi/data-azapi-client-config';
import { ApiGateway } from '../constructs/api-management/api-gateway';
import { HttpMethod } from '../constructs/api-management/http-proxy-api';
import { TemplateParameterType } from '../constructs/api-management/url-template';
import { KeyVaultNamedValue } from '../constructs/api-management/key-vault-named-value';
import { PartnerLimit, PartnerProducts } from '../constructs/api-management/partner-products';
import { ProviderApi } from '../constructs/api-management/provider-api';
import { QueueIntakeApi } from '../constructs/api-management/queue-intake-api';
import { PacedQueueConsumer } from '../constructs/container-apps/paced-queue-consumer';
import { AzureStack } from '../constructs/stack/azure-stack';
import { composeName } from '../constructs/core/naming';
import { groupThousands } from '../constructs/core/number-format';
import { PublicNetworkAccess } from '../constructs/core/network';
import { refuseOrWarn } from '../constructs/core/production';
import { note } from '../constructs/core/validation';
import { AppRegistration } from '../constructs/identity/app-registration';
import { KEY_VAULT_SERVICE_ENDPOINT, KeyVault } from '../constructs/key-vault/key-vault';
import { OutboundAlerts, providerQueries } from '../constructs/container-apps/outbound-alerts';
import { GatewayQueryPack } from '../constructs/monitoring/query-pack';
import { StorageAccount, StorageService, refuseUnreachable } from '../constructs/storage/storage-account';
import { PLACEHOLDER_APPLICATION_ID } from './api-patterns-stack';
import { REGISTRY_FIELDS, SAMPLE_IMAGE, StackDefinition } from './stack-definition';
import { SubnetPurpose } from '../constructs/network/subnet-purpose';
import { CONTAINER_APPS_FIELDS, ContainerAppsEnvironmentSettings, ExistingRegistry, WorkloadFoundation, WorkloadStackProps } from './workload-foundation';

/** The payment provider (PSP) and its one budget. */
export interface PaymentsProviderSettings {
  /** The provider's base URL (https). @default 'https://api.psp.example.com' */
  readonly url?: string;
  /** Header the provider reads its key from. @default 'X-Api-Key' */
  readonly apiKeyHeader?: string;
  /** Requests the provider allows per minute for the one API key (LIM-5). @default 100 */
  readonly callsPerMinute?: number;
  /** The provider's longest maintenance window, in minutes (PAY-3). @default 30 */
  readonly declaredOutageMinutes?: number;
  /** Gateway retries per call on 429/503/504 (PAY-2), counted against the budget. @default 1 */
  readonly retries?: number;
}

/** The paced consumer that drains the charge queue at the provider's budget. */
export interface PaymentsConsumerSettings {
  /** The consumer's image; pinned in production. */
  readonly image: string;
  /** @default - anonymous pull */
  readonly registry?: ExistingRegistry;
  /** @default 1 */
  readonly replicas?: number;
  /** Calls in flight per replica. @default 1 */
  readonly concurrencyPerReplica?: number;
  /** The least time a call holds its slot, milliseconds (the app waits out the rest). @default 1200 */
  readonly minCallMilliseconds?: number;
  /** Seconds a failed charge stays invisible before its next attempt. @default 300 */
  readonly visibilityTimeoutSeconds?: number;
  /** Attempts before a charge goes to the poison queue. @default 8 */
  readonly maxDequeueCount?: number;
}

/** What only the payments stack needs; the rest comes from the environment. */
export interface PaymentsSettings extends ContainerAppsEnvironmentSettings {
  /** Partners with their caps: one product and subscription each (GW-8). */
  readonly partners: PartnerLimit[];
  readonly consumer: PaymentsConsumerSettings;
  /**
   * Client id of an existing Entra app registration the consumer asks tokens for to call the
   * provider API through the gateway. The placeholder `00000000-...` is a warning in dev (the
   * consumer gets 401) and refused in production.
   * @default - the stack creates the registration (`psp-<prefix>-provider-api`, AppRegistration)
   */
  readonly providerApiApplicationId?: string;
  /** @default - see PaymentsProviderSettings */
  readonly provider?: PaymentsProviderSettings;
  /** Mailbox for poisoned charges, an open breaker and provider throttling. @default - the API Management publisher e-mail */
  readonly alertEmail?: string;
}

export interface PaymentsStackProps extends WorkloadStackProps, PaymentsSettings {}

/**
 * The partner payments gateway for one environment (PAY-1..3, LIM-5, GW-8, SEC-1): partners call
 * a wrapper API with their own subscription and cap; a charge needs an `Idempotency-Key` and is
 * queued (202); one paced consumer drains the queue at the provider's single budget and calls the
 * provider through the gateway, which adds the provider's key from Key Vault, retries 429/503/504
 * a bounded number of times inside a breaker sized to the provider's maintenance window. The queue
 * holds charges through that window; alerts watch the poison queue, the breaker and throttling.
 */
export class PaymentsStack extends AzureStack {
  public readonly vault: KeyVault;
  public readonly storage: StorageAccount;
  public readonly gateway: ApiGateway;
  public readonly intake: QueueIntakeApi;
  public readonly partners: PartnerProducts;
  public readonly provider: ProviderApi;
  public readonly consumer: PacedQueueConsumer;
  public readonly alerts: OutboundAlerts;
  /** The registration the consumer asks tokens for, unless the settings bring one. */
  public readonly providerApiRegistration?: AppRegistration;

  constructor(scope: Construct, props: PaymentsStackProps) {
    super(scope, {
      stackName: 'payments', environmentName: props.environmentName, production: props.production, tags: props.tags, state: props.state,
    });
    const prefix = props.namePrefix;
    const location = props.location;
    const foundation = WorkloadFoundation.create(this, {
      namePrefix: prefix, location, suffix: 'payments', logRetentionDays: props.logRetentionDays, registry: props.consumer.registry,
      containerApps: { infrastructureResourceGroupName: props.containerAppsInfrastructureResourceGroupName, setting: 'payments.containerAppsInfrastructureResourceGroupName' },
      // The consumer's environment and the gateway's outbound integration in the network, the
      // storage account and the vault reached there through private endpoints (docs/network.md).
      ...(props.network ? {
        network: {
          settings: props.network, block: PAYMENTS_NETWORK_BLOCK,
          purposes: [SubnetPurpose.CONTAINER_APPS_ENVIRONMENT, SubnetPurpose.API_MANAGEMENT_OUTBOUND, SubnetPurpose.PRIVATE_ENDPOINTS],
        },
      } : {}),
    });
    const { resourceGroupName, logs, network } = foundation;
    if (props.providerApiApplicationId === PLACEHOLDER_APPLICATION_ID) {
      const finding = {
        id: 'RELEASE.PlaceholderApplication', lesson: 'RELEASE' as const, setting: 'payments.providerApiApplicationId', given: props.providerApiApplicationId,
        problem: 'this is the placeholder app registration: the consumer gets no token the gateway accepts, and every charge waits in the queue.',
        fix: 'create the app registration (az ad app create --display-name <name>) and give its Application (client) ID.',
      };
      refuseOrWarn(this, finding, this.production);
    }
    // The audience of the consumer's tokens: created here unless the settings bring one (ACCESS).
    if (props.providerApiApplicationId === undefined) {
      this.providerApiRegistration = new AppRegistration(this, 'provider-api-registration', {
        displayName: composeName('psp', prefix, 'provider-api'),
        ...(props.deployerObjectIds ? { owners: props.deployerObjectIds } : {}),
      });
    }
    const providerApiApplicationId = props.providerApiApplicationId ?? this.providerApiRegistration!.clientId;
    const provider = props.provider ?? {};
    const budget = { calls: provider.callsPerMinute ?? 100, periodSeconds: 60 };
    const outageMinutes = provider.declaredOutageMinutes ?? 30;
    const retries = provider.retries ?? 1;
    const tenantId = new DataAzapiClientConfig(this, 'client-config', {}).tenantId;

    // The provider's key: only in Key Vault, set by a person, read by the gateway (SEC-1).
    // On the private network (docs/decisions/key-vault-named-values-private-vault.md): the public
    // endpoint stays on behind a firewall that denies every network but the gateway's outbound
    // subnet (its Microsoft.KeyVault service endpoint) and Azure's trusted services, which is how
    // Microsoft documents the gateway's control plane reading a named value from a firewalled
    // vault; readers in the network use the private endpoint.
    const gatewaySubnet = network?.enableServiceEndpoint(SubnetPurpose.API_MANAGEMENT_OUTBOUND, KEY_VAULT_SERVICE_ENDPOINT);
    this.vault = new KeyVault(this, 'vault', {
      name: composeName('kv', prefix, 'pay'), resourceGroupName, location, tenantId, logAnalyticsWorkspaceId: logs.workspaceId,
      publicNetworkAccess: PublicNetworkAccess.ENABLED,
      ...(gatewaySubnet ? { allowedSubnets: [gatewaySubnet] } : {}),
    });
    if (network) this.vault.addPrivateEndpoint(network);
    const keySlot = this.vault.addSecretSlot('psp-api-key', { contentType: 'text/plain' });

    this.storage = new StorageAccount(this, 'storage', {
      name: `st${prefix.replace(/[^a-z0-9]/g, '')}payments`.slice(0, 24),
      resourceGroupName, location, logAnalyticsWorkspaceId: logs.workspaceId,
      // On the private network the gateway and the consumer reach the queue and the tables through
      // private endpoints; without one, over the public endpoint (Entra ID only).
      publicNetworkAccess: network ? PublicNetworkAccess.DISABLED : PublicNetworkAccess.ENABLED,
    });
    // Before the gateway's intake and the consumer, which check that they can reach the account.
    const storageEndpoints = network
      ? [this.storage.addPrivateEndpoint(network, StorageService.QUEUE), this.storage.addPrivateEndpoint(network, StorageService.TABLE)]
      : [];
    const charges = this.storage.addQueue('charges', { poisonQueue: true });
    // The consumer's own records (PAY-1, PAY-3): one row per idempotency key, the ledger keyed on the provider's charge id.
    const tables = [this.storage.addTable('idempotency'), this.storage.addTable('ledger')];

    this.gateway = foundation.apiGateway(props.apiManagement);
    const pspKey = new KeyVaultNamedValue(this, 'psp-api-key', { gateway: this.gateway, name: 'psp-api-key', secret: keySlot });

    this.intake = new QueueIntakeApi(this, 'partner-api', {
      gateway: this.gateway,
      name: 'payments',
      path: 'payments/v1',
      displayName: 'Partner payments',
      queue: charges,
      operations: [
        { name: 'create-charge', urlTemplate: '/charges', displayName: 'Charge (queued; Idempotency-Key required)' },
        { name: 'create-refund', urlTemplate: '/refunds', displayName: 'Refund (queued; Idempotency-Key required)' },
      ],
      // No Front Door here: the gateway is the edge, and every caller needs a partner subscription.
      allowDirectCallers: true,
    });
    this.partners = new PartnerProducts(this, 'partners', {
      gateway: this.gateway, productPrefix: 'payments', apis: [this.intake], partners: props.partners,
    });

    const consumer = props.consumer;
    const gatewayUrl = this.gateway.service.gatewayUrl;
    this.consumer = new PacedQueueConsumer(this, 'consumer', {
      name: composeName('ca', prefix, 'psp-consumer'),
      environment: foundation.containerAppsEnvironment(),
      image: consumer.image,
      ...(foundation.registry ? { registry: foundation.registry } : {}),
      queue: charges,
      budget,
      pace: {
        replicas: consumer.replicas ?? 1,
        concurrencyPerReplica: consumer.concurrencyPerReplica ?? 1,
        minCallMilliseconds: consumer.minCallMilliseconds ?? 1200,
        gatewayRetries: retries,
      },
      outage: {
        declaredOutageMinutes: outageMinutes,
        visibilityTimeoutSeconds: consumer.visibilityTimeoutSeconds ?? 300,
        maxDequeueCount: consumer.maxDequeueCount ?? 8,
        messageTtlSeconds: this.intake.messageTtlSeconds,
        breakerTripSeconds: outageMinutes * 60,
      },
      providerApiUrl: `${gatewayUrl}/psp`,
      providerApiAudience: providerApiApplicationId,
      environmentVariables: {
        STORAGE_TABLE_ENDPOINT: `https://${this.storage.accountName}.table.core.windows.net`,
        IDEMPOTENCY_TABLE: 'idempotency',
        LEDGER_TABLE: 'ledger',
      },
    });
    // The consumer waits for its table roles too: it reads the idempotency store from its first message.
    for (const table of tables) table.grantReadWrite(this.consumer.identity, 'consumer').applyBefore(this.consumer.app);
    // And on the private network, for the endpoints it reads the queue and the tables through.
    for (const endpoint of storageEndpoints) endpoint.applyBefore(this.consumer.app);
    // The consumer checks its queue; its tables are this stack's to check.
    refuseUnreachable(this.consumer, 'payments.storage.publicNetworkAccess', this.storage, StorageService.TABLE, {
      who: 'the consumer (its idempotency and ledger tables)', networkId: foundation.containerAppsEnvironment().virtualNetworkId,
    });

    this.provider = new ProviderApi(this, 'psp-api', {
      gateway: this.gateway,
      name: 'psp',
      path: 'psp',
      displayName: 'Payment provider (consumer only)',
      providerUrl: provider.url ?? 'https://api.psp.example.com',
      apiKey: pspKey,
      ...(provider.apiKeyHeader ? { apiKeyHeader: provider.apiKeyHeader } : {}),
      callers: { tenantId, audience: providerApiApplicationId, clientIds: [this.consumer.identityResource.clientId] },
      operations: [
        { name: 'create-charge', method: HttpMethod.POST, urlTemplate: '/v1/charges', requireIdempotencyKey: true },
        { name: 'create-refund', method: HttpMethod.POST, urlTemplate: '/v1/refunds', requireIdempotencyKey: true },
        { name: 'get-charge', method: HttpMethod.GET, urlTemplate: '/v1/charges/{id}', templateParameters: [{ name: 'id', type: TemplateParameterType.STRING, description: 'The provider\'s charge id' }] },
      ],
      retry: { count: retries, intervalSeconds: 2 },
      declaredOutageMinutes: outageMinutes,
      // Only the consumer's identity calls it: no subscription.
      allowDirectCallers: true,
    });

    const actionGroup = foundation.actionGroup({
      setting: 'payments.alertEmail', alertEmail: props.alertEmail, publisherEmail: props.apiManagement.publisherEmail,
      purpose: 'poisoned charges, an open breaker and provider throttling are sent to this address.',
    });
    this.alerts = new OutboundAlerts(this, 'alerts', {
      resourceGroupName, location, namePrefix: composeName('payments', prefix), workspaceId: logs.workspaceId,
      queue: charges, providerApiName: 'psp', drainPerMinute: budget.calls, actionGroupId: actionGroup.id,
    });
    new GatewayQueryPack(this, 'queries', {
      name: composeName('pack', prefix, 'payments'), resourceGroupName, location,
      queries: providerQueries('psp'), knownTables: ['ApiManagementGatewayLogs', 'StorageQueueLogs'],
    });

    const total = this.partners.totalCallsPerMinute;
    note(this, {
      id: 'LIM-5.OutageBacklog', lesson: 'LIM-5',
      text: `partners may send ${groupThousands(total)} charges per minute together; the provider takes ${budget.calls} per minute.`
      + ` A ${outageMinutes}-minute outage at full partner rate parks up to ${groupThousands(total * outageMinutes)} charges;`
      + ` the queue drains only while partners send less than ${budget.calls} per minute.`,
    });
    new TerraformOutput(this, 'partner-api-url', {
      value: `${gatewayUrl}/payments/v1`, description: 'Partners POST /charges with their subscription key and an Idempotency-Key',
    });
    new TerraformOutput(this, 'set-provider-key', network ? {
      // The firewall lets only the gateway's subnet and trusted services reach the data plane (and the
      // private endpoint the network); Resource Manager still takes a PUT.
      value: `az rest --method put --url "https://management.azure.com${this.vault.vaultId}/secrets/psp-api-key?api-version=2023-07-01" --body @<file with {"properties":{"value":"<the key>","contentType":"text/plain"}}>`,
      description: 'Put the provider\'s key in Key Vault through Resource Manager (a role with Microsoft.KeyVault/vaults/secrets/write on the vault; from inside the network, az keyvault secret set works too); it never passes through Terraform',
    } : {
      value: `az keyvault secret set --vault-name ${this.vault.vaultName} --name psp-api-key --file <file with the key>`,
      description: 'Put the provider\'s key in Key Vault (Key Vault Secrets Officer); it never passes through Terraform',
    });
  }
}

/** The payments stack's sixteenth of the environment's range (see docs/network.md). */
const PAYMENTS_NETWORK_BLOCK = 3;

/** The payments stack in the app's registry: section `payments` of each environment. */
export const PAYMENTS_STACK: StackDefinition<PaymentsSettings> = {
  section: 'payments',
  fields: {
    ...CONTAINER_APPS_FIELDS,
    partners: true,
    consumer: {
      image: true, registry: REGISTRY_FIELDS, replicas: true, concurrencyPerReplica: true, minCallMilliseconds: true,
      visibilityTimeoutSeconds: true, maxDequeueCount: true,
    },
    providerApiApplicationId: true,
    provider: { url: true, apiKeyHeader: true, callsPerMinute: true, declaredOutageMinutes: true, retries: true },
    alertEmail: true,
  },
  embedded: {
    dev: {
      partners: [{ name: 'acme', callsPerMinute: 100 }, { name: 'globex', callsPerMinute: 100 }],
      consumer: { image: SAMPLE_IMAGE },
      // Dev creates its registration; prod brings its own.
    },
    prod: {
      // The case study: ten partners at 100 per minute each, one provider key at 100 per minute.
      partners: ['acme', 'globex', 'initech', 'umbrella', 'stark', 'wayne', 'wonka', 'tyrell', 'cyberdyne', 'hooli']
        .map((name) => ({ name, callsPerMinute: 100, quota: { calls: 100_000, renewalPeriodSeconds: 86_400 } })),
      consumer: { image: 'crrtpshared.azurecr.io/payments/psp-consumer:1.0.0', registry: { name: 'crrtpshared', resourceGroupName: 'rg-rtp-shared' } },
      providerApiApplicationId: '8c2e4f6a-1b3d-4e5f-a7b9-0c1d2e3f4a5b',
    },
  },
  variables: { CONSUMER_IMAGE: 'consumer.image', PROVIDER_API_APPLICATION_ID: 'providerApiApplicationId' },
  create: (app, environmentName, shared, settings) => new PaymentsStack(app, { ...shared, ...settings, environmentName }),
};
