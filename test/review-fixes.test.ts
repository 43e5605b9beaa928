import { Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ApiGateway } from '../constructs/api-management/api-gateway';
import { QueueIntakeApi } from '../constructs/api-management/queue-intake-api';
import { WebhookApi } from '../constructs/api-management/webhook-api';
import { checkOutage } from '../constructs/container-apps/outbound-budget';
import { AzureStack } from '../constructs/stack/azure-stack';
import { PublicNetworkAccess } from '../constructs/core/network';
import { EventGridTopic } from '../constructs/event-grid/event-grid-topic';
import { EventSubscription } from '../constructs/event-grid/event-subscription';
import { StorageAccount } from '../constructs/storage/storage-account';
import { FunctionHostStorageKeyRule } from '../constructs/lessons-check/rules/functions/function-host-storage-key';
import { RuleStatus } from '../constructs/lessons-check/rule';
import { refusalOf } from './support/refusal';
import { idOf, resourceOf, resourcesOf, synth } from './support/synth';

const stackOf = (production: boolean) => new AzureStack(Testing.app(), { stackName: 'fix', environmentName: production ? 'prod' : 'dev', production });
const gatewayIn = (stack: AzureStack) => ApiGateway.fromExisting(stack, 'gateway', {
  serviceName: 'apim-shared', resourceGroupName: 'rg-shared', skuName: 'StandardV2_1', principalId: '11111111-2222-3333-4444-555555555555',
});
const accountIn = (stack: AzureStack, publicNetworkAccess?: PublicNetworkAccess) => new StorageAccount(stack, 'storage', {
  name: 'stfix', resourceGroupName: 'rg-fix', location: 'westeurope', ...(publicNetworkAccess ? { publicNetworkAccess } : {}),
});

describe('storage a caller cannot reach (SEC-1)', () => {
  it('fails when the gateway would queue commands into an account whose public endpoint is off (the production default)', () => {
    const stack = stackOf(true);
    const queue = accountIn(stack).addQueue('charges', { poisonQueue: true });
    new QueueIntakeApi(stack, 'intake', {
      gateway: gatewayIn(stack), name: 'payments', path: 'payments', queue, operations: [{ name: 'create-charge', urlTemplate: '/charges' }], allowDirectCallers: true,
    });
    // Checked at synth, so an endpoint added later would still count.
    expect(() => Testing.fullSynth(stack)).toThrow('[SEC-1] fix-prod/intake: queue.account.publicNetworkAccess = "Disabled": the gateway (which queues the commands) reaches the account from outside any virtual network, and the public endpoint is off: every call would fail. '
      + 'Fix: put the caller in a network with the account\'s private endpoint, or give the account publicNetworkAccess: PublicNetworkAccess.ENABLED (a warning in production).');
  });

  it('fails when Event Grid would dead-letter into an account whose public endpoint is off', () => {
    const stack = stackOf(true);
    const container = accountIn(stack).addContainer('dead-letters');
    const topic = new EventGridTopic(stack, 'topic', { name: 'evgt-fix', resourceGroupName: 'rg-fix', location: 'westeurope' });
    new EventSubscription(stack, 'sub', {
      topic, name: 'app', webhook: { url: 'https://app.example.com/events', receiver: { name: 'app', warmInstances: 1 } }, deadLetterContainer: container,
    });
    expect(() => Testing.fullSynth(stack)).toThrow(/\[SEC-1\] fix-prod\/sub: deadLetterContainer\.account\.publicNetworkAccess = "Disabled": Event Grid \(which writes the dead letters\) reaches the account from outside any virtual network.* Fix: give the account publicNetworkAccess: PublicNetworkAccess\.ENABLED with trustedServicesOnly: true: Event Grid cannot use a private endpoint/);
  });

  it('lets Event Grid dead-letter through a firewall that admits only trusted services', () => {
    const stack = stackOf(true);
    const container = new StorageAccount(stack, 'storage', {
      name: 'stfix', resourceGroupName: 'rg-fix', location: 'westeurope', publicNetworkAccess: PublicNetworkAccess.ENABLED, trustedServicesOnly: true,
    }).addContainer('dead-letters');
    const topic = new EventGridTopic(stack, 'topic', { name: 'evgt-fix', resourceGroupName: 'rg-fix', location: 'westeurope' });
    new EventSubscription(stack, 'sub', {
      topic, name: 'app', webhook: { url: 'https://app.example.com/events', receiver: { name: 'app', warmInstances: 1 } }, deadLetterContainer: container,
    });
    const subscription = resourceOf(synth(stack), 'azurerm_eventgrid_event_subscription');
    // The trusted-services exception takes Event Grid's system-assigned identity only.
    expect(subscription.dead_letter_identity).toEqual({ type: 'SystemAssigned' });
  });

  it('fails when the gateway would queue into an account whose firewall admits only trusted services', () => {
    const stack = stackOf(true);
    const queue = new StorageAccount(stack, 'storage', {
      name: 'stfix', resourceGroupName: 'rg-fix', location: 'westeurope', publicNetworkAccess: PublicNetworkAccess.ENABLED, trustedServicesOnly: true,
    }).addQueue('charges');
    new QueueIntakeApi(stack, 'intake', {
      gateway: gatewayIn(stack), name: 'payments', path: 'payments', queue, operations: [{ name: 'create-charge', urlTemplate: '/charges' }], allowDirectCallers: true,
    });
    expect(() => Testing.fullSynth(stack)).toThrow('[SEC-1] fix-prod/intake: queue.account.publicNetworkAccess = "Enabled (trustedServicesOnly)": the gateway (which queues the commands) reaches the account from outside any virtual network, and the public endpoint admits only Azure\'s trusted services: every call would fail.');
  });

  it('takes the same account once its endpoint is open', () => {
    const stack = stackOf(true);
    const queue = accountIn(stack, PublicNetworkAccess.ENABLED).addQueue('charges', { poisonQueue: true });
    new QueueIntakeApi(stack, 'intake', {
      gateway: gatewayIn(stack), name: 'payments', path: 'payments', queue, operations: [{ name: 'create-charge', urlTemplate: '/charges' }], allowDirectCallers: true,
    });
    expect(Object.keys(resourcesOf(synth(stack), 'azurerm_api_management_api_policy'))).toHaveLength(1);
  });
});

describe('the outage arithmetic and the breaker (PAY-3)', () => {
  it('fails when the retries outlast the outage but not the breaker, which stays open longer', () => {
    const stack = stackOf(false);
    const r = refusalOf(() => checkOutage(stack, {
      declaredOutageMinutes: 30, visibilityTimeoutSeconds: 300, maxDequeueCount: 8, messageTtlSeconds: 604_800, breakerTripSeconds: 3600,
    }));
    expect(r.message).toBe('[PAY-3] fix-dev: outage = "8 attempts, 300 s apart": a message that first fails when the outage starts is retried for (8 - 1) x 300 s = 2,100 s, '
      + 'shorter than the breaker\'s 3,600 s open time (longer than the declared 30-minute outage): it goes to the poison queue while the gateway still fails it fast. '
      + 'Fix: allow at least 13 attempts at 300 s, or a visibility timeout of at least 515 s.');
  });

  it('accepts retries that outlast both', () => {
    expect(checkOutage(stackOf(false), {
      declaredOutageMinutes: 30, visibilityTimeoutSeconds: 300, maxDequeueCount: 13, messageTtlSeconds: 604_800, breakerTripSeconds: 3600,
    })).toBe(3600);
  });
});

describe('the webhook API waits for its operations (HOOK-1)', () => {
  it('makes its policy depend on the OPTIONS and POST operations, so the handshake never meets a 404', () => {
    const stack = stackOf(false);
    new WebhookApi(stack, 'webhooks', {
      gateway: gatewayIn(stack), name: 'hooks', path: 'hooks', backendUrl: 'https://app.example.com', routes: ['/events'], allowDirectCallers: true,
    });
    const tf = synth(stack);
    expect(resourceOf(tf, 'azurerm_api_management_api_policy').depends_on).toEqual([
      `azurerm_api_management_api_operation.${idOf(tf, 'azurerm_api_management_api_operation', 'operation-options-events')}`,
      `azurerm_api_management_api_operation.${idOf(tf, 'azurerm_api_management_api_operation', 'operation-post-events')}`,
    ]);
  });
});

describe('storage diagnostics', () => {
  it('sends the Transaction metric of blob, queue and table services (they have no AllMetrics category)', () => {
    const stack = stackOf(false);
    new StorageAccount(stack, 'storage', { name: 'stfix', resourceGroupName: 'rg-fix', location: 'westeurope', logAnalyticsWorkspaceId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.OperationalInsights/workspaces/log' });
    const settings = Object.values(resourcesOf(synth(stack), 'azurerm_monitor_diagnostic_setting'));
    expect(settings.map((s) => s.enabled_metric)).toEqual([[{ category: 'Transaction' }], [{ category: 'Transaction' }], [{ category: 'Transaction' }]]);
  });
});

describe('SEC-1.FunctionHostStorageKey on an AzAPI site', () => {
  it('fails when the Flex deployment storage authenticates with the account key', () => {
    const outcome = new FunctionHostStorageKeyRule().evaluate({
      type: 'azapi_resource', address: 'azapi_resource.site', path: 'x/site', construct: undefined as never,
      attributes: {
        type: 'Microsoft.Web/sites@2024-11-01',
        body: { kind: 'functionapp,linux', properties: { functionAppConfig: { deployment: { storage: { authentication: { type: 'StorageAccountConnectionString' } } } } } },
      },
    }, undefined as never);
    expect(outcome.status).toBe(RuleStatus.NON_COMPLIANT);
    expect(outcome.findings).toEqual([{
      setting: 'body.properties.functionAppConfig.deployment.storage.authentication.type', given: 'StorageAccountConnectionString',
      problem: 'the deployment reads its package with the account key.',
      fix: 'use identity-based host storage: AzureWebJobsStorage__accountName, __credential = managedidentity, __clientId (FlexFunctionApp does), and grant the identity Storage Blob Data Owner.',
    }]);
  });
});

describe('partner products', () => {
  it('limit each product to one subscription per user and make every other request wait for approval, so no partner doubles its cap (GW-8)', async () => {
    const { PartnerProducts } = await import('../constructs/api-management/partner-products');
    const stack = stackOf(false);
    const gateway = gatewayIn(stack);
    new PartnerProducts(stack, 'partners', { gateway, productPrefix: 'payments', apis: [], partners: [{ name: 'acme', callsPerMinute: 100 }] });
    expect(resourceOf(synth(stack), 'azurerm_api_management_product')).toMatchObject({ product_id: 'payments-acme', subscriptions_limit: 1, subscription_required: true, approval_required: true });
    // The partner's own subscription is active: approval applies to requests, not to this stack's subscriptions.
    expect(resourceOf(synth(stack), 'azurerm_api_management_subscription')).toMatchObject({ state: 'active' });
  });
});
