import { TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { QueueIntakeApi } from '../../constructs/api-management/queue-intake-api';
import { KeyVaultSecretReference } from '../../constructs/container-apps/app-secrets';
import { ContainerRegistry } from '../../constructs/container-apps/container-registry';
import { ConsumerPace, OutageTolerance, OutboundBudget, checkOutage } from '../../constructs/container-apps/outbound-budget';
import { PacedQueueConsumer, PacedQueueConsumerProps } from '../../constructs/container-apps/paced-queue-consumer';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { OutboundAlerts, OutboundAlertsProps, providerQueries } from '../../constructs/container-apps/outbound-alerts';
import { resolveIn } from '../../constructs/core/claims';
import { PublicNetworkAccess } from '../../constructs/core/network';
import { KeyVault } from '../../constructs/key-vault/key-vault';
import { STORAGE_QUEUE_LIFETIME } from '../../constructs/policy/storage-queue-delivery';
import { StorageAccount } from '../../constructs/storage/storage-account';
import { ENVIRONMENT, WORKSPACE_ID, gateway } from '../support/fixtures';
import { kqlDiagnostics } from '../support/kusto';
import { LOG_TABLES } from '../support/log-tables';
import { OtherQueue } from '../support/other-queue';
import { refusalOf } from '../support/refusal';
import { fixStack } from '../support/stacks';
import { idOf, notesOf, ref, resourceOf, resourcesOf, synth, TerraformJson, warningsOf } from '../support/synth';

const IMAGE = 'mcr.microsoft.com/dotnet/samples:aspnetapp';
const PROVIDER_API_URL = 'https://apim-pay.azure-api.net/psp';
const APP_ID = '8c2e4f6a-1b3d-4e5f-a7b9-0c1d2e3f4a5b';
const REGISTRY_ID = '/subscriptions/0/resourceGroups/rg-shared/providers/Microsoft.ContainerRegistry/registries/crpay';
const ACTION_GROUP_ID = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.Insights/actionGroups/ag-pay';

/** The payments stack's figures: 1 x 1 x 60000/1200 x (1 + 1) = 100 calls per 60 s; (8 - 1) x 300 s = 2100 s >= 30 minutes. */
const BUDGET: OutboundBudget = { calls: 100, periodSeconds: 60 };
const PACE: ConsumerPace = { replicas: 1, concurrencyPerReplica: 1, minCallMilliseconds: 1200, gatewayRetries: 1 };
const OUTAGE: OutageTolerance = { declaredOutageMinutes: 30, visibilityTimeoutSeconds: 300, maxDequeueCount: 8, messageTtlSeconds: 604_800 };

function stackOf(production = false) {
  return new AzureStack(Testing.app(), { stackName: 'pay', environmentName: production ? 'prod' : 'dev', production });
}

/** The consumer with `overrides`; `pace` and `outage` merge into the defaults above. */
type Overrides = Omit<Partial<PacedQueueConsumerProps>, 'pace' | 'outage' | 'budget'> & {
  pace?: Partial<ConsumerPace>; outage?: Partial<OutageTolerance>; budget?: Partial<OutboundBudget>;
};
function consumerIn(stack: AzureStack, overrides: Overrides = {}) {
  // The consumer reaches the queue over the public endpoint (no VNet yet): open in production too.
  const storage = new StorageAccount(stack, 'storage', { name: 'stpay', resourceGroupName: 'rg-pay', location: 'westeurope', publicNetworkAccess: PublicNetworkAccess.ENABLED });
  const queue = storage.addQueue('charges', { poisonQueue: true });
  const { pace, outage, budget, ...rest } = overrides;
  return new PacedQueueConsumer(stack, 'consumer', {
    name: 'ca-psp-consumer', environment: ENVIRONMENT, image: IMAGE, queue, poisonQueue: queue.poisonQueue!,
    providerApiUrl: PROVIDER_API_URL, providerApiAudience: APP_ID,
    ...rest,
    budget: { ...BUDGET, ...budget }, pace: { ...PACE, ...pace }, outage: { ...OUTAGE, ...outage },
  });
}
function build(overrides: Overrides = {}) {
  const stack = stackOf();
  const consumer = consumerIn(stack, overrides);
  return { stack, consumer, tf: synth(stack) };
}
const refusal = (overrides: Overrides, production = false) => refusalOf(() => consumerIn(stackOf(production), overrides));

const appOf = (tf: TerraformJson) => resourceOf(tf, 'azurerm_container_app') as Record<string, unknown> & {
  template: { min_replicas: number; max_replicas: number; container: { env: { name: string; value: string }[] }[] } & Record<string, unknown>;
};
const infosOf = (stack: TerraformStack) => notesOf(stack);

describe('PacedQueueConsumer: the paced consumer of LIM-5', () => {
  it('is a single-revision Container App without ingress, running as its own identity', () => {
    const { tf } = build();
    const app = appOf(tf);
    expect(app).toMatchObject({
      name: 'ca-psp-consumer', container_app_environment_id: ENVIRONMENT.environmentId, resource_group_name: 'rg-test', revision_mode: 'Single',
      identity: { type: 'UserAssigned', identity_ids: [ref(tf, 'azurerm_user_assigned_identity', 'id')] },
    });
    expect(app).not.toHaveProperty('ingress');
    expect(app).not.toHaveProperty('registry');
    expect(resourceOf(tf, 'azurerm_user_assigned_identity')).toMatchObject({ name: 'id-ca-psp-consumer', resource_group_name: 'rg-test', location: 'westeurope' });
  });

  it('runs a fixed number of replicas (min = max, no scale rule) with one container', () => {
    const { tf } = build({ pace: { replicas: 2, minCallMilliseconds: 2400 } });
    const { template } = appOf(tf);
    expect(template).toMatchObject({ min_replicas: 2, max_replicas: 2, termination_grace_period_seconds: 60 });
    expect(template).not.toHaveProperty('http_scale_rule');
    expect(template).not.toHaveProperty('custom_scale_rule');
    expect(template.container).toHaveLength(1);
    expect(template.container[0]).toMatchObject({ name: 'consumer', image: IMAGE, cpu: 0.25, memory: '0.5Gi' });
  });

  it('hands the app its contract: queue, poison queue, attempts, pace, provider API and identity', () => {
    const { tf } = build();
    expect(appOf(tf).template.container[0].env).toEqual([
      { name: 'AZURE_CLIENT_ID', value: ref(tf, 'azurerm_user_assigned_identity', 'client_id') },
      { name: 'QUEUE_ENDPOINT', value: `https://${ref(tf, 'azurerm_storage_account', 'name')}.queue.core.windows.net` },
      { name: 'QUEUE_NAME', value: 'charges' },
      { name: 'POISON_QUEUE_NAME', value: 'charges-poison' },
      { name: 'QUEUE_VISIBILITY_TIMEOUT_SECONDS', value: '300' },
      { name: 'QUEUE_MAX_DEQUEUE_COUNT', value: '8' },
      { name: 'OUTBOUND_MAX_CONCURRENCY', value: '1' },
      { name: 'OUTBOUND_MIN_CALL_INTERVAL_MS', value: '1200' },
      { name: 'PROVIDER_API_URL', value: PROVIDER_API_URL },
      { name: 'PROVIDER_API_AUDIENCE', value: APP_ID },
    ]);
  });

  it('adds the team\'s own variables after the contract, and takes cpu and memory', () => {
    const { tf } = build({ environmentVariables: { LOG_LEVEL: 'Information' }, cpu: 0.5, memory: '1Gi' });
    const container = appOf(tf).template.container[0] as { env: { name: string; value: string }[]; cpu: number; memory: string };
    expect(container.env.at(-1)).toEqual({ name: 'LOG_LEVEL', value: 'Information' });
    expect(container.env).toHaveLength(11);
    expect(container).toMatchObject({ cpu: 0.5, memory: '1Gi' });
  });

  it('grants Storage Queue Data Message Processor on the queue and Sender on the poison queue, and starts after both (SEC-1)', () => {
    const { tf, consumer } = build();
    const principal = ref(tf, 'azurerm_user_assigned_identity', 'principal_id');
    const assignments = Object.entries(resourcesOf(tf, 'azurerm_role_assignment'));
    expect(assignments.map(([, r]) => [r.role_definition_name, r.scope, r.principal_id]).sort()).toEqual([
      ['Storage Queue Data Message Processor', ref(tf, 'azurerm_storage_queue', 'id', 'queue-charges/'), principal],
      ['Storage Queue Data Message Sender', ref(tf, 'azurerm_storage_queue', 'id', 'queue-charges-poison/'), principal],
    ]);
    expect([...(appOf(tf).depends_on as string[])].sort()).toEqual(assignments.map(([id]) => `azurerm_role_assignment.${id}`).sort());
    expect(consumer.grants).toHaveLength(2);
  });

  it('pulls from a registry with its identity, granted AcrPull before the app (SEC-2)', () => {
    const stack = stackOf();
    const registry = ContainerRegistry.fromExisting(stack, 'registry', { name: 'crpay', resourceGroupName: 'rg-shared', registryId: REGISTRY_ID });
    consumerIn(stack, { registry, image: 'crpay.azurecr.io/payments/psp-consumer:1.0.0' });
    const tf = synth(stack);
    expect(appOf(tf).registry).toEqual([{ server: 'crpay.azurecr.io', identity: ref(tf, 'azurerm_user_assigned_identity', 'id') }]);
    const pull = Object.entries(resourcesOf(tf, 'azurerm_role_assignment')).find(([, r]) => r.role_definition_name === 'AcrPull')!;
    expect(pull[1]).toMatchObject({ scope: REGISTRY_ID, principal_id: ref(tf, 'azurerm_user_assigned_identity', 'principal_id') });
    expect(appOf(tf).depends_on).toContain(`azurerm_role_assignment.${pull[0]}`);
    // The queue grants, the pull grant, and the wait for the pull grant alone: the queue's
    // roles are checked by the consumer's own calls, which retry (SEC-2).
    expect(appOf(tf).depends_on).toHaveLength(4);
    expect(appOf(tf).depends_on).toContain(`time_sleep.${idOf(tf, 'time_sleep', 'consumer/grant-propagation')}`);
    expect(resourceOf(tf, 'time_sleep', 'consumer/grant-propagation')).toEqual({ create_duration: '300s', depends_on: [`azurerm_role_assignment.${pull[0]}`], triggers: { [pull[0]]: `${'$'}{azurerm_role_assignment.${pull[0]}.id}` } });
  });

  it('says what it checked: at most 100 calls per 60 s, retried for 2100 s (LIM-5)', () => {
    const { stack, consumer } = build();
    expect(consumer.worstCaseCallsPerPeriod).toBe(100);
    expect(consumer.retryWindowSeconds).toBe(2100);
    expect(infosOf(stack)).toContain('[LIM-5] pay-dev/consumer: the consumer makes at most 100 calls per 60 s against a budget of 100; '
      + 'a failed message is retried for 2100 s (declared outage 30 min).');
  });

  it('fails when a variable of the contract is set again, in any case (LIM-5)', () => {
    for (const name of ['QUEUE_NAME', 'outbound_max_concurrency']) {
      const r = refusal({ environmentVariables: { [name]: '8' } });
      expect(r.message).toBe(`[LIM-5] pay-dev/consumer: environmentVariables.${name} = "8": the construct sets it from the checked budget, queue and identity; `
        + 'another value takes the consumer past what was checked. Fix: change the construct\'s props (pace, outage, queue) instead.');
    }
  });

  it('fails when a variable holds a credential, showing it masked (SEC-1)', () => {
    const value = 'Endpoint=sb://sb-pay.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey=c2VjcmV0LWtleS0xMjM0NTY3ODkw';
    const r = refusal({ environmentVariables: { PSP_BUS: value } });
    expect(r.message).toMatch(new RegExp(`^\\[SEC-1\\] pay-dev/consumer: environmentVariables\\.PSP_BUS = "Endp…\\(${value.length} chars\\)": a connection string with a shared access key `));
    expect(r.message).not.toContain('c2VjcmV0LWtleS0xMjM0NTY3ODkw');
  });

  it('fails when the name is not a container app name', () => {
    expect(refusal({ name: 'CA-Psp' }).message).toBe('[AZURE] pay-dev/consumer: name = "CA-Psp": Azure rejects this container app name (6 characters). '
      + 'Fix: use 2-32 characters: lower-case letters, digits and single hyphens, starting with a letter and ending with a letter or digit.');
  });

  it('fails in production with the public sample image (RELEASE)', () => {
    expect(refusal({}, true).message).toBe(`[RELEASE] pay-prod/consumer: image = "${IMAGE}": this is a public sample image, a placeholder for a first deploy, not the application. `
      + 'Fix: set the environment\'s image to your application image, e.g. <registry>.azurecr.io/<repository>:<version>.');
  });
});

describe('the budget arithmetic: replicas x concurrency x (period x 1000 / min call ms) x (1 + retries) <= budget (LIM-5)', () => {
  it('accepts a worst case exactly at the budget: 1 x 1 x 60000/1200 x 2 = 100', () => {
    expect(build().consumer.worstCaseCallsPerPeriod).toBe(100);
  });

  it('fails when 2 replicas x 1 x 60000/1000 x 2 = 240 exceed 100, naming every factor', () => {
    const r = refusal({ pace: { replicas: 2, concurrencyPerReplica: 1, minCallMilliseconds: 1000, gatewayRetries: 1 } });
    expect(r).toMatchObject({ lesson: 'LIM-5', path: 'pay-dev/consumer', setting: 'pace' });
    expect(r.message).toBe('[LIM-5] pay-dev/consumer: pace = "240 calls per 60 s": 2 replica(s) x 1 call(s) in flight x 60 calls per slot per 60 s (one per 1000 ms) '
      + 'x 2 (1 call + 1 gateway retries) = 240, above the provider\'s budget of 100 per 60 s: the provider answers 429 and may suspend the key. '
      + 'Fix: lower a factor until the product is at most 100, e.g. a minimum call interval of 2400 ms.');
  });

  it('fails with fractions and thousands written out: 1 x 1 x 60000/700 = 85.7 > 50', () => {
    expect(refusal({ budget: { calls: 50 }, pace: { minCallMilliseconds: 700, gatewayRetries: 0 } }).message).toBe('[LIM-5] pay-dev/consumer: pace = "85.7 calls per 60 s": '
      + '1 replica(s) x 1 call(s) in flight x 85.7 calls per slot per 60 s (one per 700 ms) x 1 (1 call + 0 gateway retries) = 85.7, '
      + 'above the provider\'s budget of 50 per 60 s: the provider answers 429 and may suspend the key. '
      + 'Fix: lower a factor until the product is at most 50, e.g. a minimum call interval of 1200 ms.');
    expect(refusal({ budget: { calls: 1000 }, pace: { replicas: 3, concurrencyPerReplica: 10, minCallMilliseconds: 100, gatewayRetries: 0 } }).message)
      .toContain('pace = "18,000 calls per 60 s": 3 replica(s) x 10 call(s) in flight x 600 calls per slot per 60 s (one per 100 ms) x 1 (1 call + 0 gateway retries) = 18,000, '
        + 'above the provider\'s budget of 1000 per 60 s');
  });

  it('counts the period: 1 x 1 x 10000/100 = 100 per 10 s > 60', () => {
    expect(refusal({ budget: { calls: 60, periodSeconds: 10 }, pace: { minCallMilliseconds: 100, gatewayRetries: 0 } }).message)
      .toContain('pace = "100 calls per 10 s": 1 replica(s) x 1 call(s) in flight x 100 calls per slot per 10 s (one per 100 ms)');
  });

  it('accepts 3 replicas x 1 x 60000/1080 x 3 = 500 against a budget of 500 (the product is exact; floating point must not refuse it)', () => {
    // 60000 / 1080 is 55.55...; 3 x 55.55... x 3 is exactly 500, but in floating point it comes out a hair above.
    const { consumer } = build({ budget: { calls: 500 }, pace: { replicas: 3, concurrencyPerReplica: 1, minCallMilliseconds: 1080, gatewayRetries: 2 } });
    expect(Math.round(consumer.worstCaseCallsPerPeriod)).toBe(500);
  });

  it('fails when the budget is 0 calls (LIM-5)', () => {
    const r = refusal({ budget: { calls: 0 } });
    expect(r).toMatchObject({ lesson: 'LIM-5', setting: 'budget.calls' });
    expect(r.message).toBe('[LIM-5] pay-dev/consumer: budget.calls = 0: a budget of 0 calls lets nothing through: every charge waits in the queue until its time-to-live ends. '
      + 'Fix: give what the provider allows, e.g. 100.');
  });

  const bounds: [string, Overrides, string][] = [
    ['the period is 0 s', { budget: { periodSeconds: 0 } }, 'budget.periodSeconds = 0: the budget period is 1-86400 whole seconds. Fix: use 60 for a per-minute budget.'],
    ['there are 0 replicas', { pace: { replicas: 0 } }, 'pace.replicas = 0: the consumer runs 1-300 replicas (Container Apps\' limit); 0 drains nothing. Fix: use 1.'],
    ['a replica has 0 calls in flight', { pace: { concurrencyPerReplica: 0 } }, 'pace.concurrencyPerReplica = 0: a replica has 1-1000 calls in flight. Fix: use 1 or 2.'],
    ['a call holds its slot 0 ms', { pace: { minCallMilliseconds: 0 } }, 'pace.minCallMilliseconds = 0: a call holds its slot at least 1 ms. '
      + 'Fix: give the interval the app keeps between calls, e.g. 1000.'],
  ];
  for (const [why, overrides, tail] of bounds) {
    it(`fails when ${why} (LIM-5)`, () => {
      expect(refusal(overrides).message).toBe(`[LIM-5] pay-dev/consumer: ${tail}`);
    });
  }
});

describe('the poison arithmetic: (maxDequeueCount - 1) x visibility timeout >= declared outage (PAY-3)', () => {
  it('fails with the Functions defaults, 5 dequeues 30 s apart, against a 30-minute outage', () => {
    const r = refusal({ outage: { maxDequeueCount: 5, visibilityTimeoutSeconds: 30 } });
    expect(r).toMatchObject({ lesson: 'PAY-3', path: 'pay-dev/consumer', setting: 'outage' });
    expect(r.message).toBe('[PAY-3] pay-dev/consumer: outage = "5 attempts, 30 s apart": a message that first fails when the outage starts is retried for '
      + '(5 - 1) x 30 s = 120 s, shorter than the declared 30-minute outage (1,800 s): it goes to the poison queue while the provider is still down. '
      + 'Fix: allow at least 61 attempts at 30 s, or a visibility timeout of at least 450 s.');
  });

  it('accepts a retry window exactly as long as the outage: (61 - 1) x 30 s = 1800 s', () => {
    expect(build({ outage: { maxDequeueCount: 61, visibilityTimeoutSeconds: 30 } }).consumer.retryWindowSeconds).toBe(1800);
  });

  it('fails when one attempt is all there is, and then suggests only more attempts (a longer visibility timeout cannot help)', () => {
    const r = refusal({ outage: { maxDequeueCount: 1, visibilityTimeoutSeconds: 300 } });
    expect(r.message).toContain('retried for (1 - 1) x 300 s = 0 s, shorter than the declared 30-minute outage (1,800 s)');
    expect(r.message).toContain('Fix: allow at least 7 attempts at 300 s');
    // (1 - 1) x any visibility timeout is 0 s: the fix must not offer it.
    expect(r.message).not.toContain('visibility timeout of at least');
  });

  it('fails when the message TTL is shorter than the outage plus the retry window (PAY-3)', () => {
    const r = refusal({ outage: { messageTtlSeconds: 3000 } });
    expect(r).toMatchObject({ lesson: 'PAY-3', setting: 'outage.messageTtlSeconds' });
    expect(r.message).toBe('[PAY-3] pay-dev/consumer: outage.messageTtlSeconds = 3000: a message must live through the outage (outage.declaredOutageMinutes) '
      + 'and its retries ((outage.maxDequeueCount - 1) x outage.visibilityTimeoutSeconds): '
      + '1,800 s + 2,100 s = 3,900 s; Storage deletes it sooner, unprocessed and without a trace. Fix: use at least 3900 s, e.g. 604800 (7 days, the most Storage keeps).');
  });

  it('accepts a TTL of exactly the outage plus the retry window', () => {
    expect(build({ outage: { messageTtlSeconds: 3900 } }).consumer.retryWindowSeconds).toBe(2100);
  });

  const bounds: [string, Partial<OutageTolerance>, string][] = [
    ['the declared outage is 0 minutes', { declaredOutageMinutes: 0 }, '[PAY-3] pay-dev/consumer: outage.declaredOutageMinutes = 0: the outage to ride out is 1 minute to 7 days. '
      + 'Fix: use the provider\'s longest maintenance window, e.g. 30.'],
    ['the visibility timeout is 0 s', { visibilityTimeoutSeconds: 0 }, '[AZURE] pay-dev/consumer: outage.visibilityTimeoutSeconds = 0: Storage hides a message for 1 s to 7 days. Fix: use e.g. 300.'],
    ['a message gets 0 attempts', { maxDequeueCount: 0 }, '[PAY-3] pay-dev/consumer: outage.maxDequeueCount = 0: a message gets 1-1000 attempts. Fix: use e.g. 8.'],
  ];
  for (const [why, outage, message] of bounds) {
    it(`fails when ${why}`, () => {
      expect(refusal({ outage }).message).toBe(message);
    });
  }
});

describe('the outage arithmetic and the breaker (PAY-3)', () => {
  it('fails when the retries outlast the outage but not the breaker, which stays open longer', () => {
    const stack = fixStack(false);
    const r = refusalOf(() => checkOutage(stack, {
      declaredOutageMinutes: 30, visibilityTimeoutSeconds: 300, maxDequeueCount: 8, messageTtlSeconds: 604_800, breakerTripSeconds: 3600,
    }, STORAGE_QUEUE_LIFETIME));
    expect(r.message).toBe('[PAY-3] fix-dev: outage = "8 attempts, 300 s apart": a message that first fails when the outage starts is retried for (8 - 1) x 300 s = 2,100 s, '
      + 'shorter than the breaker\'s 3,600 s open time (longer than the declared 30-minute outage): it goes to the poison queue while the gateway still fails it fast. '
      + 'Fix: allow at least 13 attempts at 300 s, or a visibility timeout of at least 515 s.');
  });

  it('accepts retries that outlast both', () => {
    expect(checkOutage(fixStack(false), {
      declaredOutageMinutes: 30, visibilityTimeoutSeconds: 300, maxDequeueCount: 13, messageTtlSeconds: 604_800, breakerTripSeconds: 3600,
    }, STORAGE_QUEUE_LIFETIME)).toBe(3600);
  });
});

describe('OutboundAlerts (LIM-5, PAY-3)', () => {
  function alerts(props: Partial<OutboundAlertsProps> = {}) {
    const stack = stackOf();
    const storage = new StorageAccount(stack, 'storage', { name: 'stpay', resourceGroupName: 'rg-pay', location: 'westeurope' });
    const queue = storage.addQueue('charges', { poisonQueue: true });
    new OutboundAlerts(stack, 'alerts', {
      resourceGroupName: 'rg-pay', location: 'westeurope', namePrefix: 'payments-dev', workspaceId: WORKSPACE_ID,
      queue, providerApiName: 'psp', drainPerMinute: 100, actionGroupId: ACTION_GROUP_ID, ...props,
    });
    return { stack, tf: synth(stack) };
  }
  const logAlert = (tf: TerraformJson, name: string) => resourceOf(tf, 'azurerm_monitor_scheduled_query_rules_alert_v2', `alerts/${name}`);

  it('alerts on poisoned charges, the open breaker and provider throttling from the workspace, every 5 minutes, to the action group', () => {
    const { tf } = alerts();
    const names = Object.values(resourcesOf(tf, 'azurerm_monitor_scheduled_query_rules_alert_v2')).map((a) => [a.name, a.severity]).sort();
    expect(names).toEqual([['payments-dev-poisoned-charges', 1], ['payments-dev-provider-breaker-open', 2], ['payments-dev-provider-throttling', 2]]);
    for (const alert of Object.values(resourcesOf(tf, 'azurerm_monitor_scheduled_query_rules_alert_v2'))) {
      expect(alert).toMatchObject({
        scopes: [WORKSPACE_ID], evaluation_frequency: 'PT5M', window_duration: 'PT5M', auto_mitigation_enabled: true, action: { action_groups: [ACTION_GROUP_ID] },
      });
    }
  });

  it('counts messages put into the poison queue, and calls failed fast or throttled on the provider API', () => {
    const { tf } = alerts();
    expect(logAlert(tf, 'poisoned-charges').criteria).toEqual([{
      query: 'StorageQueueLogs\n| where OperationName == "PutMessage" and ObjectKey contains "/charges-poison/"\n| summarize Poisoned = count()',
      time_aggregation_method: 'Total', metric_measure_column: 'Poisoned', operator: 'GreaterThanOrEqual', threshold: 1,
    }]);
    expect(logAlert(tf, 'provider-breaker-open').criteria).toEqual([{
      query: 'ApiManagementGatewayLogs\n| where ApiId == "psp" and ResponseCode == 503 and (isnull(BackendResponseCode) or BackendResponseCode == 0)\n| summarize Rejected = count()',
      time_aggregation_method: 'Total', metric_measure_column: 'Rejected', operator: 'GreaterThanOrEqual', threshold: 1,
    }]);
    expect(logAlert(tf, 'provider-throttling').criteria).toEqual([{
      query: 'ApiManagementGatewayLogs\n| where ApiId == "psp" and BackendResponseCode in (429, 503)\n| summarize Seen = count()',
      time_aggregation_method: 'Total', metric_measure_column: 'Seen', operator: 'GreaterThanOrEqual', threshold: 1,
    }]);
  });

  it('alerts on a backlog of drainPerMinute x maxAgeMinutes messages on the account\'s queue service', () => {
    const { tf } = alerts({ maxAgeMinutes: 30 });
    expect(resourceOf(tf, 'azurerm_monitor_metric_alert')).toMatchObject({
      name: 'payments-dev-backlog', scopes: [`${ref(tf, 'azurerm_storage_account', 'id')}/queueServices/default`], severity: 2,
      frequency: 'PT1H', window_size: 'PT6H', auto_mitigate: true, action: [{ action_group_id: ACTION_GROUP_ID }],
      criteria: [{ metric_namespace: 'Microsoft.Storage/storageAccounts/queueServices', metric_name: 'QueueMessageCount', aggregation: 'Average', operator: 'GreaterThan', threshold: 3000 }],
      description: 'LIM-5: more than 3000 messages wait (100/min x 30 min): the newest waits about 30 minutes. QueueMessageCount is per account and refreshes slowly.',
    });
    expect(resourceOf(alerts().tf, 'azurerm_monitor_metric_alert').criteria).toMatchObject([{ threshold: 6000 }]);
  });

  it('warns without an action group, and sends nowhere (PAY-3)', () => {
    const { tf, stack } = alerts({ actionGroupId: undefined });
    expect(warningsOf(stack)).toEqual([
      '[PAY-3] pay-dev/alerts: actionGroupId = undefined: parked charges and an open breaker would only show in the portal. Fix: give an action group that mails or pages the team.',
    ]);
    for (const alert of Object.values(resourcesOf(tf, 'azurerm_monitor_scheduled_query_rules_alert_v2'))) expect(alert).not.toHaveProperty('action');
    expect(resourceOf(tf, 'azurerm_monitor_metric_alert')).not.toHaveProperty('action');
  });

  it('fails when the backlog age is 0 minutes', () => {
    expect(refusalOf(() => alerts({ maxAgeMinutes: 0 })).message).toBe('[LIM-5] pay-dev/alerts: maxAgeMinutes = 0: the age to alert on is 1 minute to 7 days. Fix: use e.g. 60.');
  });

  it('saves the provider queries for the query pack, which bind against ApiManagementGatewayLogs', () => {
    const queries = providerQueries('psp');
    expect(queries.map((q) => [q.key, q.displayName])).toEqual([
      ['provider-throttling-psp', 'Provider 429s and 503s (psp)'],
      ['provider-breaker-psp', 'Calls failed fast by the breaker (psp)'],
    ]);
    expect(queries[0].body).toBe('ApiManagementGatewayLogs\n| where ApiId == "psp" and BackendResponseCode in (429, 503)\n'
      + '| summarize Throttled = countif(BackendResponseCode == 429), Unavailable = countif(BackendResponseCode == 503) by bin(TimeGenerated, 5m)\n| order by TimeGenerated desc');
    for (const q of queries) expect(kqlDiagnostics(q.body, LOG_TABLES)).toEqual([]);
    const { tf } = alerts();
    for (const name of ['provider-breaker-open', 'provider-throttling']) {
      expect(kqlDiagnostics((logAlert(tf, name).criteria as { query: string }[])[0].query, LOG_TABLES)).toEqual([]);
    }
  });
});

describe('PacedQueueConsumer Key Vault secrets (SEC-1)', () => {
  it('reads a secret with its identity, granted on that secret before the consumer starts', () => {
    const stack = stackOf();
    const vault = KeyVault.fromExisting(stack, 'shared', { name: 'kv-shared', resourceGroupName: 'rg', vaultId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv-shared' });
    const consumer = consumerIn(stack, {
      secrets: [{ name: 'webhook-signing', secret: KeyVaultSecretReference.fromVault(vault, 'webhook-signing') }],
      secretEnvironmentVariables: { WEBHOOK_SIGNING_KEY: 'webhook-signing' },
    });
    const tf = synth(stack);
    const app = appOf(tf) as ReturnType<typeof appOf> & { secret: unknown; template: { container: { env: { name: string; secret_name?: string }[] }[] } };
    expect(app.secret).toEqual([{ name: 'webhook-signing', key_vault_secret_id: 'https://kv-shared.vault.azure.net/secrets/webhook-signing', identity: ref(tf, 'azurerm_user_assigned_identity', 'id') }]);
    expect(app.template.container[0].env).toContainEqual({ name: 'WEBHOOK_SIGNING_KEY', secret_name: 'webhook-signing' });
    const [grantId] = Object.entries(resourcesOf(tf, 'azurerm_role_assignment')).find(([, r]) => r.role_definition_name === 'Key Vault Secrets User')!;
    expect(app.depends_on).toContain(`azurerm_role_assignment.${grantId}`);
    expect(consumer.grants).toHaveLength(3);
  });

  it('fails when a variable names a secret the consumer does not have (SEC-1)', () => {
    expect(refusal({ secretEnvironmentVariables: { WEBHOOK_SIGNING_KEY: 'webhook-signing' } })).toMatchObject({
      lesson: 'SEC-1', path: 'pay-dev/consumer', setting: 'secretEnvironmentVariables.WEBHOOK_SIGNING_KEY',
    });
  });
});

describe('the queue\'s real message lifetime against the consumer\'s outage window (PAY-3, issue 28)', () => {
  /** A QueueIntakeApi writing to the consumer's queue with `ttl`, made before or after the consumer. */
  function pair(ttl: number, intakeFirst: boolean) {
    const stack = stackOf();
    const storage = new StorageAccount(stack, 'storage', { name: 'stpay', resourceGroupName: 'rg-pay', location: 'westeurope', publicNetworkAccess: PublicNetworkAccess.ENABLED });
    const queue = storage.addQueue('charges', { poisonQueue: true });
    const intake = () => new QueueIntakeApi(stack, 'intake', {
      gateway: gateway(stack), name: 'payments', path: 'payments/v1', queue, allowDirectCallers: true, messageTtlSeconds: ttl,
      operations: [{ name: 'create-charge', urlTemplate: '/charges' }],
    });
    // The consumer declares a 7-day lifetime in outage, but the writer gives each message `ttl`.
    const consumer = () => new PacedQueueConsumer(stack, 'consumer', {
      name: 'ca-psp-consumer', environment: ENVIRONMENT, image: IMAGE, queue, poisonQueue: queue.poisonQueue!,
      providerApiUrl: PROVIDER_API_URL, providerApiAudience: APP_ID, budget: BUDGET, pace: PACE, outage: OUTAGE,
    });
    return intakeFirst ? () => { intake(); consumer(); } : () => { consumer(); intake(); };
  }

  it('fails when the intake gives messages less time than the consumer needs for the outage and its retries, whichever is made first', () => {
    const needed = 30 * 60 + 7 * 300;
    const consumerSecond = refusalOf(pair(3600, true));
    expect(consumerSecond).toMatchObject({ lesson: 'PAY-3', path: 'pay-dev/consumer', setting: 'queue' });
    expect(consumerSecond.message).toBe(`[PAY-3] pay-dev/consumer: queue = 3600: pay-dev/intake gives each message of charges 3600 s to live, and pay-dev/consumer needs ${needed} s (the outage, 1800 s, and its retries, (8 - 1) x 300 s): `
      + `Storage deletes a message that waits out the outage, unprocessed and without a trace. Fix: give the messages at least ${needed} s (messageTtlSeconds, e.g. 604800: 7 days, the most Storage keeps), or ride out a shorter outage.`);
    expect(refusalOf(pair(3600, false))).toMatchObject({ lesson: 'PAY-3', path: 'pay-dev/intake', setting: 'messageTtlSeconds' });
  });

  it('passes a lifetime that covers the outage and the retries', () => {
    expect(pair(30 * 60 + 7 * 300, true)).not.toThrow();
    expect(pair(604_800, false)).not.toThrow();
  });
});

describe('any IMessageQueue: the consumer, the intake API and the alerts with a queue that is not Storage', () => {
  /** The consumer, the intake and the alerts on `OtherQueue`, a Service Bus-shaped queue written against IMessageQueue only. */
  function onOtherQueue(options: { deadLetters?: boolean; ttl?: number } = { deadLetters: true }) {
    const stack = stackOf();
    const queue = new OtherQueue(stack, 'sb-charges', 'charges', options);
    const intake = new QueueIntakeApi(stack, 'intake', {
      gateway: gateway(stack), name: 'payments', path: 'payments/v1', queue, allowDirectCallers: true,
      operations: [{ name: 'create-charge', urlTemplate: '/charges' }], ...(options.ttl !== undefined ? { messageTtlSeconds: options.ttl } : {}),
    });
    const consumer = new PacedQueueConsumer(stack, 'consumer', {
      name: 'ca-psp-consumer', environment: ENVIRONMENT, image: IMAGE, queue,
      providerApiUrl: PROVIDER_API_URL, providerApiAudience: APP_ID, budget: BUDGET, pace: PACE, outage: OUTAGE,
    });
    new OutboundAlerts(stack, 'alerts', {
      resourceGroupName: 'rg-pay', location: 'westeurope', namePrefix: 'payments-dev', workspaceId: WORKSPACE_ID,
      queue, providerApiName: 'psp', drainPerMinute: 100, actionGroupId: ACTION_GROUP_ID,
    });
    return { stack, queue, intake, consumer, tf: synth(stack) };
  }

  it('hands the consumer the queue\'s endpoint, name and its own poison queue, and grants through the queue', () => {
    const { tf } = onOtherQueue();
    const env = appOf(tf).template.container[0].env;
    expect(env.filter((e) => e.name.includes('QUEUE_') && !e.name.startsWith('QUEUE_V') && !e.name.startsWith('QUEUE_M'))).toEqual([
      { name: 'QUEUE_ENDPOINT', value: 'https://sb-pay.servicebus.windows.net' },
      { name: 'QUEUE_NAME', value: 'charges' },
      { name: 'POISON_QUEUE_NAME', value: 'charges/$DeadLetterQueue' },
    ]);
    const roles = Object.values(resourcesOf(tf, 'azurerm_role_assignment')).map((r) => [r.role_definition_name, r.scope]).sort();
    // The consumer dead-letters with the Data Receiver it processes with (Azure has no resource for
    // `$DeadLetterQueue`, and nobody sends to it): one grant, no second Sender. The gateway sends.
    expect(roles).toEqual([
      ['Azure Service Bus Data Receiver', '/subscriptions/0/resourceGroups/rg-pay/providers/Microsoft.ServiceBus/namespaces/sb-pay/queues/charges'],
      ['Azure Service Bus Data Sender', '/subscriptions/0/resourceGroups/rg-pay/providers/Microsoft.ServiceBus/namespaces/sb-pay/queues/charges'],
    ]);
  });

  it('lists a grant its poison queue shares with its queue once, in grants and in the app\'s depends_on', () => {
    const { tf, consumer } = onOtherQueue();
    const receiver = Object.entries(resourcesOf(tf, 'azurerm_role_assignment')).filter(([, r]) => r.role_definition_name === 'Azure Service Bus Data Receiver').map(([name]) => name);
    expect(receiver).toHaveLength(1);
    expect(consumer.grants).toHaveLength(1);
    expect(appOf(tf).depends_on).toEqual([`azurerm_role_assignment.${receiver[0]}`]);
  });

  it('asks the queue whether the gateway and the consumer reach it, naming the property that holds it', () => {
    const { queue } = onOtherQueue();
    expect(queue.reachedFrom).toEqual([
      { setting: 'queue', caller: { who: 'the gateway (which queues the commands)', networkId: undefined } },
      { setting: 'queue', caller: { who: 'the consumer', networkId: ENVIRONMENT.virtualNetworkId } },
    ]);
  });

  it('sends through the gateway as the queue\'s delivery says: its URL, headers with the TTL, body, token and status', () => {
    const { tf } = onOtherQueue();
    const xml = (resourceOf(tf, 'azurerm_api_management_api_policy').xml_content as string).replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
    expect(xml).toContain('<set-url>https://sb-pay.servicebus.windows.net/charges/messages</set-url>');
    expect(xml).toContain('<set-header name="BrokerProperties" exists-action="override">\n        <value>{"TimeToLive":604800}</value>');
    expect(xml).toContain('return message.ToString(Newtonsoft.Json.Formatting.None);\n}</set-body>');
    expect(xml).toContain('<authentication-managed-identity resource="https://servicebus.azure.net" />');
    expect(xml).toContain('r.StatusCode == 201)');
    expect(xml).toContain('> 204800)');
    expect(xml).not.toContain('storage');
  });

  it('alerts on the queue\'s own backlog metric, with its dimension, and on its poison queue\'s arrivals', () => {
    const { tf } = onOtherQueue();
    expect(resourceOf(tf, 'azurerm_monitor_metric_alert')).toMatchObject({
      scopes: ['/subscriptions/0/resourceGroups/rg-pay/providers/Microsoft.ServiceBus/namespaces/sb-pay'],
      criteria: [{
        metric_namespace: 'Microsoft.ServiceBus/namespaces', metric_name: 'ActiveMessages', aggregation: 'Average', operator: 'GreaterThan', threshold: 6000,
        dimension: [{ name: 'EntityName', operator: 'Include', values: ['charges'] }],
      }],
      description: 'LIM-5: more than 6000 messages wait (100/min x 60 min): the newest waits about 60 minutes. ActiveMessages is per queue.',
    });
    expect(resourceOf(tf, 'azurerm_monitor_scheduled_query_rules_alert_v2', 'alerts/poisoned-charges').criteria).toMatchObject([{
      query: 'AzureMetrics | where MetricName == "DeadletteredMessages" and Resource == "charges/$DeadLetterQueue" | summarize Poisoned = max(Maximum)',
      metric_measure_column: 'Poisoned',
    }]);
  });

  it('fails when the TTL is outside the queue\'s own lifetime, in the queue service\'s words (LIM-5)', () => {
    const r = refusalOf(() => onOtherQueue({ deadLetters: true, ttl: 2_000_000 }));
    expect(r.message).toBe('[LIM-5] pay-dev/intake: messageTtlSeconds = 2000000: Service Bus keeps a message 1 s to 14 days before deleting it unread. Fix: use 1209600 (14 days) unless the work goes stale sooner.');
  });

  it('fails when the visibility timeout is beyond what the queue allows, in its words', () => {
    const stack = stackOf();
    const queue = new OtherQueue(stack, 'sb-charges', 'charges', { deadLetters: true });
    const r = refusalOf(() => new PacedQueueConsumer(stack, 'consumer', {
      name: 'ca-psp-consumer', environment: ENVIRONMENT, image: IMAGE, queue,
      providerApiUrl: PROVIDER_API_URL, providerApiAudience: APP_ID, budget: BUDGET, pace: PACE, outage: { ...OUTAGE, visibilityTimeoutSeconds: 600 },
    }));
    expect(r.message).toBe('[AZURE] pay-dev/consumer: outage.visibilityTimeoutSeconds = 600: Service Bus hides a message for 1 s to 5 minutes. Fix: use e.g. 300.');
  });

  /** A consumer of a Service Bus-shaped queue that dead-letters after `maxDeliveries` (a thunk, for refusalOf), with `outage`. */
  const consumerOn = (maxDeliveries: number | ((stack: AzureStack) => number), outage: OutageTolerance = OUTAGE) => {
    const stack = stackOf();
    const queue = new OtherQueue(stack, 'sb-charges', 'charges', { deadLetters: true, maxDeliveries: typeof maxDeliveries === 'number' ? maxDeliveries : maxDeliveries(stack) });
    const make = () => new PacedQueueConsumer(stack, 'consumer', {
      name: 'ca-psp-consumer', environment: ENVIRONMENT, image: IMAGE, queue,
      providerApiUrl: PROVIDER_API_URL, providerApiAudience: APP_ID, budget: BUDGET, pace: PACE, outage,
    });
    return { stack, make };
  };

  it('fails when the queue dead-letters a message before the retries span the outage, naming the queue\'s limit (PAY-3)', () => {
    // 30 minutes, 300 s apart: 7 deliveries are needed; Service Bus locks a message for at most 300 s, so only the limit can give them.
    expect(refusalOf(consumerOn(5).make).message).toBe('[PAY-3] pay-dev/consumer: queue = "5 deliveries before Service Bus dead-letters a message": the queue dead-letters a message after 5 deliveries, before the consumer\'s 8 attempts: one that first fails when the outage starts is retried for (5 - 1) x 300 s = 1,200 s, shorter than the declared 30-minute outage (1,800 s): it is dead-lettered while the provider is still down. Fix: raise the queue\'s delivery limit to at least 7 (a longer visibility timeout cannot do it: Service Bus hides a message for at most 5 minutes).');
    // 10 minutes, 100 s apart: a longer lock is the other way out.
    const short = { ...OUTAGE, declaredOutageMinutes: 10, visibilityTimeoutSeconds: 100, messageTtlSeconds: 3600 };
    expect(refusalOf(consumerOn(4, short).make).message).toMatch(/after 4 deliveries, .* = 300 s, shorter than the declared 10-minute outage \(600 s\): .* Fix: raise the queue's delivery limit to at least 7, or use a visibility timeout of at least 200 s\.$/);
    // One delivery: no retry at all, so no visibility timeout helps either.
    expect(refusalOf(consumerOn(1).make).message).toMatch(/^\[PAY-3\] pay-dev\/consumer: queue = "1 delivery before Service Bus dead-letters a message": the queue dead-letters a message after 1 delivery, .* = 0 s, shorter than the declared 30-minute outage \(1,800 s\): .* Fix: raise the queue's delivery limit to at least 7: with one delivery there is no retry for any visibility timeout to space out\.$/);
    // The limit as Terraform will get it: a variable's default.
    expect(refusalOf(consumerOn((stack) => new TerraformVariable(stack, 'deliveries', { type: 'number', default: 5 }).numberValue).make).setting).toBe('queue');
  });

  it('warns when the queue stops before the consumer\'s last attempt but the outage is still spanned, and says nothing when its limit is higher', () => {
    const seven = consumerOn(7);
    seven.make();
    expect(warningsOf(seven.stack)).toContainEqual('[PAY-3] pay-dev/consumer: outage.maxDequeueCount = 8: the queue dead-letters a message after 7 deliveries, so the consumer\'s last 1 of 8 attempts never happen (the outage is still covered: (7 - 1) x 300 s = 1,800 s). Fix: plan 7 attempts, or raise the queue\'s delivery limit to 8.');
    for (const limit of [8, 10]) {
      const higher = consumerOn(limit);
      higher.make();
      expect(warningsOf(higher.stack).filter((w) => w.includes('dead-letters'))).toEqual([]);
    }
    // A limit known only at apply (a variable without a default) is not compared.
    const unknown = consumerOn((stack) => new TerraformVariable(stack, 'deliveries', { type: 'number' }).numberValue);
    expect(unknown.make).not.toThrow();
    expect(warningsOf(unknown.stack).filter((w) => w.includes('dead-letters'))).toEqual([]);
  });

  it('fails when the queue\'s delivery limit is not a whole number of at least 1', () => {
    expect(refusalOf(consumerOn(0).make).message).toBe('[PAY-3] pay-dev/consumer: queue.lifetime.maxDeliveries = 0: Service Bus delivers a message at least once before dead-lettering it: the limit is a whole number from 1. Fix: give the queue service\'s own delivery limit (Service Bus: maxDeliveryCount, 1-2000).');
    expect(refusalOf(consumerOn(7.5).make).setting).toBe('queue.lifetime.maxDeliveries');
  });

  it('fails when the queue has no poison queue and none is given (PAY-3)', () => {
    const r = refusalOf(() => onOtherQueue({ deadLetters: false }));
    expect(r.message).toBe('[PAY-3] pay-dev/consumer: poisonQueue = undefined: the queue has no poison queue and none is given: a message that fails every attempt has nowhere to go, and the consumer retries it until it expires. '
      + 'Fix: give poisonQueue, or a queue with its own (storage.addQueue(name, { poisonQueue: true })).');
  });

  it('fails when the alerts get a queue without a poison queue and none is given (PAY-3)', () => {
    const stack = stackOf();
    const queue = new OtherQueue(stack, 'sb-charges', 'charges');
    const r = refusalOf(() => new OutboundAlerts(stack, 'alerts', {
      resourceGroupName: 'rg-pay', location: 'westeurope', namePrefix: 'payments-dev', workspaceId: WORKSPACE_ID,
      queue, providerApiName: 'psp', drainPerMinute: 100, actionGroupId: ACTION_GROUP_ID,
    }));
    expect(r.message).toBe('[PAY-3] pay-dev/alerts: poisonQueue = undefined: the queue has no poison queue and none is given: parked messages would raise no alert. '
      + 'Fix: give poisonQueue, or the queue the consumer drains with its own poison queue.');
  });

  it('gives the KEDA scaler of each queue as data: Storage\'s azure-queue by account and queue name', () => {
    const stack = stackOf();
    const storage = new StorageAccount(stack, 'storage', { name: 'stpay', resourceGroupName: 'rg-pay', location: 'westeurope' });
    const queue = storage.addQueue('charges');
    expect(resolveIn(stack, queue.scaleRule)).toEqual({
      customRuleType: 'azure-queue', metadata: { accountName: expect.stringMatching(/^\$\{azurerm_storage_account\.storage_account_[0-9A-F]+\.name\}$/), queueName: 'charges' }, targetMetadataKey: 'queueLength',
    });
    expect(queue.lifetime).toEqual({ service: 'Storage', minTtlSeconds: 60, maxTtlSeconds: 604_800, maxVisibilityTimeoutSeconds: 604_800 });
  });
});
