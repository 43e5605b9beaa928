import { App, Fn, Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { PublicNetworkAccess } from '../../constructs/core/network';
import { EventGridAlerts, EventGridAlertsProps } from '../../constructs/event-grid/event-grid-alerts';
import { EventGridSystemTopic, EventGridTopic, EventGridTopicKind, EventGridTopicProps, IEventGridTopic } from '../../constructs/event-grid/event-grid-topic';
import { EventDeliverySchema, EventSubscription, EventSubscriptionProps, WebhookDestination } from '../../constructs/event-grid/event-subscription';
import { StorageAccount } from '../../constructs/storage/storage-account';
import { BlobContainer } from '../../constructs/storage/storage-children';
import { synthAll } from '../support/app';
import { refusalOf } from '../support/refusal';
import { TerraformJson, errorsOf as errorsOfConstructs, idOf, notesOf, resourceOf, resourcesOf, synth, warningsOf } from '../support/synth';
import { WebhookRegistration } from '../../constructs/event-grid/webhook-registration';
import { PreflightManifests } from '../../constructs/stack/preflight-manifest';

const RG = 'rg-events';
const LOCATION = 'westeurope';
const WORKSPACE_ID = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.OperationalInsights/workspaces/log';
const STORAGE_SOURCE_ID = '/subscriptions/0/resourceGroups/rg-events/providers/Microsoft.Storage/storageAccounts/stsource';
const PUBLISHER = '11111111-2222-3333-4444-555555555555';
const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const WEBHOOK_APP = '6f1d2c3e-5a4b-4c3d-9e8f-7a6b5c4d3e2f';
const URL = 'https://receiver.example.com/events';
/** A receiver that keeps one instance warm: no HOOK-1 warning. */
const WARM = { name: 'orders-receiver', warmInstances: 1 };

/** Errors after a synth: the lessons check is an aspect and runs at synth. */
const errorsOf = (stack: AzureStack) => {
  Testing.synth(stack);
  return errorsOfConstructs(stack);
};

/** A `${type.<prefix>_<hash>.<attribute>}` reference, with the hash cdktf appends to a construct path. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ref = (type: string, prefix: string, attribute: string) => expect.stringMatching(
  new RegExp(`^\\$\\{${escape(type)}\\.${escape(prefix)}_[0-9A-F]{8}\\.${escape(attribute)}\\}$`),
);

function stackOf(production: boolean, app: App = Testing.app(), stackName = 'eg') {
  return new AzureStack(app, { stackName, environmentName: production ? 'prod' : 'dev', production });
}

/** A stack with a topic (public endpoint off, so production stacks stay free of the SEC-1 warning) and a keyless dead-letter container. */
function build(production = false, topic: Partial<EventGridTopicProps> = {}) {
  const stack = stackOf(production);
  const events = new EventGridTopic(stack, 'topic', {
    name: 'evgt-orders', resourceGroupName: RG, location: LOCATION, publicNetworkAccess: PublicNetworkAccess.DISABLED, ...topic,
  });
  const storage = new StorageAccount(stack, 'storage', {
    name: 'stevents', resourceGroupName: RG, location: LOCATION, publicNetworkAccess: production ? PublicNetworkAccess.DISABLED : PublicNetworkAccess.ENABLED,
  });
  const deadLetters = storage.addContainer('dead-letters');
  return { stack, events, storage, deadLetters };
}

function subscribe(
  stack: AzureStack, topic: IEventGridTopic, deadLetters: BlobContainer | undefined,
  props: Partial<EventSubscriptionProps> = {}, webhook: Partial<WebhookDestination> = {},
) {
  return new EventSubscription(stack, 'subscription', {
    topic,
    name: 'orders-webhook',
    ...(deadLetters ? { deadLetterContainer: deadLetters } : {}),
    webhook: { url: URL, receiver: WARM, ...webhook },
    ...props,
  });
}

/** A built stack with one webhook subscription, synthesized. */
function subscriptionOf(props: Partial<EventSubscriptionProps> = {}, webhook: Partial<WebhookDestination> = {}, production = false) {
  const built = build(production);
  subscribe(built.stack, built.events, built.deadLetters, props, webhook);
  const tf = synth(built.stack);
  return { ...built, tf, subscription: resourceOf(tf, 'azurerm_eventgrid_event_subscription') };
}

/** The logical id of the only resource of a type, as `depends_on` names it. */
function addressOf(tf: TerraformJson, type: string, path: string): string {
  const ids = Object.keys(resourcesOf(tf, type)).filter((id) => id.startsWith(`${path.split('/').join('_')}_`));
  expect(ids, `${type} at ${path}`).toHaveLength(1);
  return `${type}.${ids[0]}`;
}

describe('EventGridTopic', () => {
  it('takes CloudEvents 1.0 only, turns its access keys off and gets a system-assigned identity (SEC-1)', () => {
    const { stack } = build(false, { publicNetworkAccess: undefined });
    expect(resourceOf(synth(stack), 'azurerm_eventgrid_topic')).toMatchObject({
      name: 'evgt-orders',
      resource_group_name: RG,
      location: LOCATION,
      input_schema: 'CloudEventSchemaV1_0',
      local_auth_enabled: false,
      public_network_access_enabled: true,
      identity: { type: 'SystemAssigned' },
    });
    expect(warningsOf(stack)).toEqual([]);
  });

  it('is a custom topic', () => {
    expect(build().events.kind).toBe(EventGridTopicKind.CUSTOM);
  });

  it('closes the public endpoint when told, without a warning in production', () => {
    const { stack } = build(true);
    expect(resourceOf(synth(stack), 'azurerm_eventgrid_topic').public_network_access_enabled).toBe(false);
    expect(warningsOf(stack)).toEqual([]);
  });

  it('warns when a production topic keeps its public endpoint (SEC-1), the default', () => {
    const { stack } = build(true, { publicNetworkAccess: undefined });
    expect(resourceOf(synth(stack), 'azurerm_eventgrid_topic').public_network_access_enabled).toBe(true);
    expect(warningsOf(stack)).toEqual([
      '[SEC-1] eg-prod/topic: publicNetworkAccess = "Enabled": the production topic takes events on a public endpoint: only Entra ID and the EventGrid Data Sender role stand between it and the internet. Fix: publish from a VNet, add a private endpoint for the topic, then set publicNetworkAccess to \'Disabled\'.',
    ]);
  });

  it('takes production: false against its stack (no SEC-1 warning)', () => {
    const { stack } = build(true, { publicNetworkAccess: undefined, production: false });
    expect(warningsOf(stack)).toEqual([]);
  });

  it('fails when publicNetworkAccess is not Enabled or Disabled (a lower-case value from JSON)', () => {
    const r = refusalOf(() => build(false, { publicNetworkAccess: 'enabled' as PublicNetworkAccess }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'eg-dev/topic', setting: 'publicNetworkAccess' });
    expect(r.message).toBe('[AZURE] eg-dev/topic: publicNetworkAccess = "enabled": a topic\'s public endpoint is Enabled or Disabled (capitalised). Fix: use one of Enabled, Disabled.');
  });

  for (const [name, length] of [['ab', 2], ['e'.repeat(51), 51], ['evgt_orders', 11]] as const) {
    it(`fails when the topic name is one Azure rejects (${length} characters${name.includes('_') ? ', underscore' : ''})`, () => {
      const r = refusalOf(() => build(false, { name }));
      expect(r.message).toBe(`[AZURE] eg-dev/topic: name = "${name}": Azure rejects this Event Grid topic name (${length} characters). Fix: use 3-50 characters: letters, digits and hyphens.`);
    });
  }

  it('accepts topic names of 3 and 50 characters', () => {
    expect(resourceOf(synth(build(false, { name: 'abc' }).stack), 'azurerm_eventgrid_topic').name).toBe('abc');
    expect(resourceOf(synth(build(false, { name: 'e'.repeat(50) }).stack), 'azurerm_eventgrid_topic').name).toBe('e'.repeat(50));
  });

  it('sends publish and delivery failures to Log Analytics when given a workspace, and has no diagnostics without one', () => {
    const withLogs = synth(build(false, { logAnalyticsWorkspaceId: WORKSPACE_ID }).stack);
    expect(resourceOf(withLogs, 'azurerm_monitor_diagnostic_setting', 'topic/diagnostics')).toMatchObject({
      target_resource_id: ref('azurerm_eventgrid_topic', 'topic', 'id'),
      log_analytics_workspace_id: WORKSPACE_ID,
    });
    const without = synth(build().stack);
    expect(Object.keys(resourcesOf(without, 'azurerm_monitor_diagnostic_setting')).filter((id) => id.startsWith('topic_'))).toEqual([]);
  });

  it('grants EventGrid Data Sender on the topic to a publisher (grantPublish)', () => {
    const { stack, events } = build();
    events.grantPublish({ principalId: PUBLISHER }, 'orders-app');
    const tf = synth(stack);
    expect(resourceOf(tf, 'azurerm_role_assignment', 'topic/publish-orders-app')).toEqual({
      role_definition_name: 'EventGrid Data Sender',
      scope: ref('azurerm_eventgrid_topic', 'topic', 'id'),
      principal_id: PUBLISHER,
      principal_type: 'ServicePrincipal',
    });
  });
});

describe('EventGridTopic.fromExisting', () => {
  const TOPIC_ID = '/subscriptions/0/resourceGroups/rg-events/providers/Microsoft.EventGrid/topics/egt-shared';

  it('grants EventGrid Data Sender on a topic another team owns, looked up by name', () => {
    const stack = new AzureStack(Testing.app(), { stackName: 'eg', environmentName: 'dev', production: false });
    const shared = EventGridTopic.fromExisting(stack, 'shared-topic', { name: 'egt-shared', resourceGroupName: RG });
    shared.grantPublish({ principalId: PUBLISHER }, 'orders-app');
    const tf = synth(stack);
    expect(Object.values(tf.data?.azurerm_eventgrid_topic ?? {})).toEqual([{ name: 'egt-shared', resource_group_name: RG }]);
    expect(resourceOf(tf, 'azurerm_role_assignment', 'shared-topic/publish-orders-app')).toMatchObject({
      role_definition_name: 'EventGrid Data Sender',
      scope: expect.stringMatching(/^\$\{data\.azurerm_eventgrid_topic\.shared-topic_lookup_[0-9A-F]+\.id\}$/),
    });
    expect([shared.kind, shared.resourceName]).toEqual([EventGridTopicKind.CUSTOM, 'egt-shared']);
  });

  it('with a topic id and principal id looks nothing up, and dead-letters with the topic identity', () => {
    const stack = new AzureStack(Testing.app(), { stackName: 'eg', environmentName: 'dev', production: false });
    const shared = EventGridTopic.fromExisting(stack, 'shared-topic', { name: 'egt-shared', resourceGroupName: RG, topicId: TOPIC_ID, principalId: PUBLISHER });
    expect([shared.topicId, shared.resourceId, shared.identity.principalId]).toEqual([TOPIC_ID, TOPIC_ID, PUBLISHER]);
    expect(synth(stack).data).toBeUndefined();
  });

  it('fails when a subscription needs the identity of a topic whose principal id is not given (SEC-2)', () => {
    const stack = new AzureStack(Testing.app(), { stackName: 'eg', environmentName: 'dev', production: false });
    const shared = EventGridTopic.fromExisting(stack, 'shared-topic', { name: 'egt-shared', resourceGroupName: RG, topicId: TOPIC_ID });
    expect(refusalOf(() => shared.identity)).toMatchObject({ lesson: 'SEC-2', path: 'eg-dev/shared-topic', setting: 'principalId' });
  });

  it('fails when the topic name is not one Azure accepts (AZURE)', () => {
    const stack = new AzureStack(Testing.app(), { stackName: 'eg', environmentName: 'dev', production: false });
    expect(refusalOf(() => EventGridTopic.fromExisting(stack, 'shared-topic', { name: 'eg', resourceGroupName: RG })))
      .toMatchObject({ lesson: 'AZURE', setting: 'name' });
  });
});

describe('EventGridSystemTopic', () => {
  const props = { name: 'evgst-source', resourceGroupName: RG, location: LOCATION, sourceResourceId: STORAGE_SOURCE_ID, topicType: 'Microsoft.Storage.StorageAccounts' };

  it('is the system topic of its source, with a system-assigned identity', () => {
    const stack = stackOf(false);
    const topic = new EventGridSystemTopic(stack, 'system-topic', props);
    expect(topic.kind).toBe(EventGridTopicKind.SYSTEM);
    expect(resourceOf(synth(stack), 'azurerm_eventgrid_system_topic')).toMatchObject({
      name: 'evgst-source',
      resource_group_name: RG,
      location: LOCATION,
      source_resource_id: STORAGE_SOURCE_ID,
      topic_type: 'Microsoft.Storage.StorageAccounts',
      identity: { type: 'SystemAssigned' },
    });
  });

  it('fails when a second system topic names the same source id in the same stack (AZURE: one per source), whatever its case', () => {
    const stack = stackOf(false);
    new EventGridSystemTopic(stack, 'first', props);
    const r = refusalOf(() => new EventGridSystemTopic(stack, 'second', { ...props, name: 'evgst-second', sourceResourceId: STORAGE_SOURCE_ID.toUpperCase() }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'eg-dev/second', setting: 'sourceResourceId' });
    expect(r.message).toBe(`[AZURE] eg-dev/second: sourceResourceId = "${STORAGE_SOURCE_ID.toUpperCase()}": eg-dev/first already is the system topic of this source, and Azure keeps one per source: the second create fails at apply. Fix: add the subscriptions to the existing system topic.`);
  });

  it('fails when a second system topic names the same source by reference in the same stack, and shows the reference', () => {
    const stack = stackOf(false);
    const source = new StorageAccount(stack, 'source', { name: 'stsource', resourceGroupName: RG, location: LOCATION });
    new EventGridSystemTopic(stack, 'first', { ...props, sourceResourceId: source.accountId });
    const r = refusalOf(() => new EventGridSystemTopic(stack, 'second', { ...props, name: 'evgst-second', sourceResourceId: source.accountId }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'eg-dev/second', setting: 'sourceResourceId' });
    // The message names the source as the synthesized stack does, not as an internal token.
    expect(r.message).toMatch(/^\[AZURE\] eg-dev\/second: sourceResourceId = "\$\{azurerm_storage_account\.source_account_[0-9A-F]{8}\.id\}": eg-dev\/first already is the system topic of this source, and Azure keeps one per source: the second create fails at apply\. Fix: add the subscriptions to the existing system topic\.$/);
  });

  it('fails when two stacks of one app create the system topic of the same literal source id', () => {
    const app = Testing.app();
    new EventGridSystemTopic(stackOf(false, app), 'first', props);
    const r = refusalOf(() => new EventGridSystemTopic(stackOf(true, app), 'again', props));
    expect(r.message).toBe(`[AZURE] eg-prod/again: sourceResourceId = "${STORAGE_SOURCE_ID}": eg-dev/first already is the system topic of this source, and Azure keeps one per source: the second create fails at apply. Fix: add the subscriptions to the existing system topic.`);
  });

  it('lets two stacks each create the system topic of their own account: a reference names a source only within its stack', () => {
    const app = Testing.app();
    for (const [production, name] of [[false, 'stsourcedev'], [true, 'stsourceprod']] as const) {
      const stack = stackOf(production, app);
      const source = new StorageAccount(stack, 'source', { name, resourceGroupName: RG, location: LOCATION });
      new EventGridSystemTopic(stack, 'system-topic', { ...props, sourceResourceId: source.accountId });
      expect(resourceOf(synth(stack), 'azurerm_eventgrid_system_topic').source_resource_id).toEqual(ref('azurerm_storage_account', 'source_account', 'id'));
    }
  });

  it('fails when the system topic name has an underscore', () => {
    const r = refusalOf(() => new EventGridSystemTopic(stackOf(false), 'system-topic', { ...props, name: 'evgst_source' }));
    expect(r.message).toBe('[AZURE] eg-dev/system-topic: name = "evgst_source": Azure rejects this Event Grid system topic name (12 characters). Fix: use 3-128 characters: letters, digits and hyphens.');
  });

  it('delivers through azurerm_eventgrid_system_topic_event_subscription, named by the system topic, dead-lettering with its identity', () => {
    const stack = stackOf(false);
    const topic = new EventGridSystemTopic(stack, 'system-topic', props);
    const deadLetters = new StorageAccount(stack, 'storage', { name: 'stevents', resourceGroupName: RG, location: LOCATION }).addContainer('dead-letters');
    subscribe(stack, topic, deadLetters);
    const tf = synth(stack);
    expect(resourcesOf(tf, 'azurerm_eventgrid_event_subscription')).toEqual({});
    const subscription = resourceOf(tf, 'azurerm_eventgrid_system_topic_event_subscription');
    expect(subscription).toMatchObject({
      name: 'orders-webhook',
      system_topic: ref('azurerm_eventgrid_system_topic', 'system-topic', 'name'),
      resource_group_name: RG,
      event_delivery_schema: 'CloudEventSchemaV1_0',
      dead_letter_identity: { type: 'SystemAssigned' },
    });
    expect(subscription).not.toHaveProperty('scope');
    expect(resourceOf(tf, 'azurerm_role_assignment').principal_id).toEqual(ref('azurerm_eventgrid_system_topic', 'system-topic', 'identity[0].principal_id'));
    expect(subscription.depends_on).toEqual([addressOf(tf, 'azurerm_role_assignment', 'storage/container-dead-letters/contributor-subscription-dead-letter')]);
  });
});

describe('EventSubscription defaults (HOOK-1, HOOK-3)', () => {
  it('delivers CloudEvents 1.0, retries 30 times over 1440 minutes and dead-letters with the topic identity', () => {
    const { tf, subscription } = subscriptionOf();
    expect(subscription).toEqual({
      name: 'orders-webhook',
      scope: ref('azurerm_eventgrid_topic', 'topic', 'id'),
      event_delivery_schema: 'CloudEventSchemaV1_0',
      retry_policy: { max_delivery_attempts: 30, event_time_to_live: 1440 },
      dead_letter_identity: { type: 'SystemAssigned' },
      storage_blob_dead_letter_destination: {
        storage_account_id: ref('azurerm_storage_account', 'storage_account', 'id'),
        storage_blob_container_name: 'dead-letters',
      },
      webhook_endpoint: { url: URL, max_events_per_batch: 1, preferred_batch_size_in_kilobytes: 64 },
      depends_on: [addressOf(tf, 'azurerm_role_assignment', 'storage/container-dead-letters/contributor-subscription-dead-letter')],
    });
  });

  it('grants the topic identity Storage Blob Data Contributor on the dead-letter container, before the subscription (HOOK-3)', () => {
    const { tf, subscription } = subscriptionOf();
    const grants = resourcesOf(tf, 'azurerm_role_assignment');
    expect(Object.values(grants)).toEqual([{
      role_definition_name: 'Storage Blob Data Contributor',
      scope: ref('azurerm_storage_container', 'storage_container-dead-letters_container', 'id'),
      principal_id: ref('azurerm_eventgrid_topic', 'topic', 'identity[0].principal_id'),
      principal_type: 'ServicePrincipal',
    }]);
    expect(subscription.depends_on).toEqual([`azurerm_role_assignment.${Object.keys(grants)[0]}`]);
  });

  it('exposes the grants it waits for', () => {
    const { stack, events, deadLetters } = build();
    const s = subscribe(stack, events, deadLetters);
    expect(s.grants.map((g) => g.builtInRole?.roleName)).toEqual(['Storage Blob Data Contributor']);
    expect(s.grants[0].resourceId).toBe(deadLetters.containerId);
  });

  it('takes another retry policy, and accepts the bounds 1 and 30 attempts, 1 and 1440 minutes', () => {
    expect(subscriptionOf({ retry: { maxDeliveryAttempts: 10, eventTimeToLiveMinutes: 120 } }).subscription.retry_policy).toEqual({ max_delivery_attempts: 10, event_time_to_live: 120 });
    expect(subscriptionOf({ retry: { maxDeliveryAttempts: 1, eventTimeToLiveMinutes: 1 } }).subscription.retry_policy).toEqual({ max_delivery_attempts: 1, event_time_to_live: 1 });
    expect(subscriptionOf({ retry: { maxDeliveryAttempts: 30, eventTimeToLiveMinutes: 1440 } }).subscription.retry_policy).toEqual({ max_delivery_attempts: 30, event_time_to_live: 1440 });
  });

  for (const attempts of [0, 31, 2.5]) {
    it(`fails when the retry policy makes ${attempts} delivery attempts (HOOK-3)`, () => {
      const { stack, events, deadLetters } = build();
      const r = refusalOf(() => subscribe(stack, events, deadLetters, { retry: { maxDeliveryAttempts: attempts, eventTimeToLiveMinutes: 1440 } }));
      expect(r).toMatchObject({ lesson: 'HOOK-3', path: 'eg-dev/subscription', setting: 'retry.maxDeliveryAttempts' });
      expect(r.message).toBe(`[HOOK-3] eg-dev/subscription: retry.maxDeliveryAttempts = ${attempts}: Event Grid makes 1-30 delivery attempts. Fix: use 30 (the default) unless events go stale sooner.`);
    });
  }

  for (const minutes of [0, 1441]) {
    it(`fails when events live ${minutes} minutes (HOOK-3)`, () => {
      const { stack, events, deadLetters } = build();
      const r = refusalOf(() => subscribe(stack, events, deadLetters, { retry: { maxDeliveryAttempts: 30, eventTimeToLiveMinutes: minutes } }));
      expect(r).toMatchObject({ lesson: 'HOOK-3', setting: 'retry.eventTimeToLiveMinutes' });
      expect(r.message).toBe(`[HOOK-3] eg-dev/subscription: retry.eventTimeToLiveMinutes = ${minutes}: Event Grid retries an event for 1-1440 minutes. Fix: use 1440 (the default) or what the event is worth.`);
    });
  }

  for (const [name, length] of [['ab', 2], ['s'.repeat(65), 65], ['orders_webhook', 14]] as const) {
    it(`fails when the subscription name is one Azure rejects (${length} characters${name.includes('_') ? ', underscore' : ''})`, () => {
      const { stack, events, deadLetters } = build();
      const r = refusalOf(() => subscribe(stack, events, deadLetters, { name }));
      expect(r).toMatchObject({ lesson: 'AZURE', setting: 'name' });
      expect(r.message).toBe(`[AZURE] eg-dev/subscription: name = "${name}": Azure rejects this Event Grid subscription name (${length} characters). Fix: use 3-64 characters: letters, digits and hyphens.`);
    });
  }

  it('accepts subscription names of 3 and 64 characters', () => {
    expect(subscriptionOf({ name: 'abc' }).subscription.name).toBe('abc');
    expect(subscriptionOf({ name: 's'.repeat(64) }).subscription.name).toBe('s'.repeat(64));
  });

  it('delivers Event Grid\'s own schema when asked', () => {
    expect(subscriptionOf({ deliverySchema: EventDeliverySchema.EVENT_GRID }).subscription.event_delivery_schema).toBe('EventGridSchema');
  });

  it('fails when the delivery schema is neither (a value from JSON)', () => {
    const { stack, events, deadLetters } = build();
    const r = refusalOf(() => subscribe(stack, events, deadLetters, { deliverySchema: 'CloudEvents' as EventDeliverySchema }));
    expect(r.message).toBe('[AZURE] eg-dev/subscription: deliverySchema = "CloudEvents": Event Grid delivers CloudEvents 1.0 or its own schema. Fix: use one of CloudEventSchemaV1_0, EventGridSchema.');
  });

  it('filters on the subject and event types when given, and not otherwise', () => {
    const { subscription } = subscriptionOf({ includedEventTypes: ['orders.created', 'orders.paid'], subjectBeginsWith: '/orders/', subjectEndsWith: '.json' });
    expect(subscription.included_event_types).toEqual(['orders.created', 'orders.paid']);
    expect(subscription.subject_filter).toEqual({ subject_begins_with: '/orders/', subject_ends_with: '.json' });
    expect(subscriptionOf({ subjectBeginsWith: '/orders/' }).subscription.subject_filter).toEqual({ subject_begins_with: '/orders/' });
    expect(subscriptionOf({ subjectEndsWith: '.json' }).subscription.subject_filter).toEqual({ subject_ends_with: '.json' });
    const plain = subscriptionOf().subscription;
    expect(plain).not.toHaveProperty('subject_filter');
    expect(plain).not.toHaveProperty('included_event_types');
  });
});

describe('EventSubscription dead-lettering (HOOK-3)', () => {
  const MESSAGE = ': deadLetterContainer = undefined: without a dead-letter destination Event Grid drops an event after its last retry, and nobody learns which. Fix: give deadLetterContainer: storage.addContainer(\'dead-letters\') (the topic writes there with its identity).';

  it('fails in production when there is no dead-letter container', () => {
    const { stack, events } = build(true);
    const r = refusalOf(() => subscribe(stack, events, undefined));
    expect(r).toMatchObject({ lesson: 'HOOK-3', path: 'eg-prod/subscription', setting: 'deadLetterContainer' });
    expect(r.message).toBe(`[HOOK-3] eg-prod/subscription${MESSAGE}`);
  });

  it('warns in development when there is no dead-letter container, and writes no dead-letter settings', () => {
    const { stack, events } = build(false);
    subscribe(stack, events, undefined);
    const subscription = resourceOf(synth(stack), 'azurerm_eventgrid_event_subscription');
    expect(warningsOf(stack)).toContain(`[HOOK-3] eg-dev/subscription${MESSAGE}`);
    expect(subscription).not.toHaveProperty('storage_blob_dead_letter_destination');
    expect(subscription).not.toHaveProperty('dead_letter_identity');
  });

  it('takes production: false in a production stack as a warning, not a refusal', () => {
    const { stack, events } = build(true);
    subscribe(stack, events, undefined, { production: false });
    Testing.synth(stack);
    expect(warningsOf(stack)).toContain(`[HOOK-3] eg-prod/subscription${MESSAGE}`);
  });

  it('synthesizes in development without a dead-letter container: the warning is the whole finding, the lessons check does not turn it into an error', () => {
    // The construct documents "refused in production, a warning elsewhere"; an error-level
    // HOOK-3.SubscriptionDeadLetter finding on its own subscription would fail every dev synth.
    const { stack, events } = build(false);
    subscribe(stack, events, undefined);
    expect(errorsOf(stack)).toEqual([]);
  });
});

describe('EventSubscription webhook (HOOK-1)', () => {
  it('fails when the webhook URL is not HTTPS', () => {
    const { stack, events, deadLetters } = build();
    const r = refusalOf(() => subscribe(stack, events, deadLetters, {}, { url: 'http://receiver.example.com/events' }));
    expect(r).toMatchObject({ lesson: 'HOOK-1', path: 'eg-dev/subscription', setting: 'webhook.url' });
    expect(r.message).toBe('[HOOK-1] eg-dev/subscription: webhook.url = "http://receiver.example.com/events": Event Grid delivers to HTTPS endpoints only, and events would cross the network in clear text. Fix: give the https:// URL of the endpoint.');
  });

  it('fails when an http:// webhook URL has a Terraform reference for its host (the scheme is known at synth)', () => {
    const { stack, events, deadLetters, storage } = build();
    const r = refusalOf(() => subscribe(stack, events, deadLetters, {}, { url: `http://${storage.accountName}.example.com/events` }));
    expect(r).toMatchObject({ lesson: 'HOOK-1', path: 'eg-dev/subscription', setting: 'webhook.url' });
  });

  it('fails when an http:// webhook URL is built with Fn.join from a reference (what is known at synth is judged)', () => {
    const { stack, events, deadLetters, storage } = build();
    const r = refusalOf(() => subscribe(stack, events, deadLetters, {}, { url: Fn.join('', ['http://', storage.accountName, '.example.com/events']) }));
    expect(r.message).toMatch(/^\[HOOK-1\] eg-dev\/subscription: webhook\.url = "\$\{join\(\\"\\", \[\\"http:\/\/\\", azurerm_storage_account\.storage_account_[0-9A-F]{8}\.name, \\"\.example\.com\/events\\"\]\)\}": Event Grid delivers to HTTPS endpoints only/);
    // https:// built the same way passes.
    const ok = build();
    subscribe(ok.stack, ok.events, ok.deadLetters, {}, { url: Fn.join('', ['https://', ok.storage.accountName, '.example.com/events']) });
    expect(() => synth(ok.stack)).not.toThrow();
  });

  it('fails when the webhook URL carries a function key (?code=), without repeating it', () => {
    const { stack, events, deadLetters } = build();
    const key = 'aGVsbG8td29ybGQta2V5LTEyMzQ1Njc4OTA=';
    const r = refusalOf(() => subscribe(stack, events, deadLetters, {}, { url: `https://func-orders.azurewebsites.net/api/events?code=${key}` }));
    expect(r.message).toBe('[SEC-1] eg-dev/subscription: webhook.url = "https://func-orders.azurewebsites.net/api/events?code=…": the URL carries a function key (?code=): a secret in the subscription\'s configuration and the Terraform state, and anyone who reads either can call the function. '
      + 'Fix: drop the key and protect the endpoint with Entra ID: webhook.entraAuth (Event Grid sends a token for the registration), or deliver through the gateway (WebhookApi).');
    expect(r.message).not.toContain(key);
  });

  it('accepts an https:// URL built from a Terraform reference', () => {
    const { stack, events, deadLetters, storage } = build();
    subscribe(stack, events, deadLetters, {}, { url: `https://${storage.accountName}.example.com/events` });
    expect((resourceOf(synth(stack), 'azurerm_eventgrid_event_subscription').webhook_endpoint as { url: string }).url)
      .toMatch(/^https:\/\/\$\{azurerm_storage_account\.storage_account_[0-9A-F]{8}\.name\}\.example\.com\/events$/);
  });

  it('takes the batch settings up to Event Grid\'s maximum (5000 events, 1024 KiB)', () => {
    expect(subscriptionOf({}, { maxEventsPerBatch: 5000, preferredBatchSizeKb: 1024 }).subscription.webhook_endpoint)
      .toEqual({ url: URL, max_events_per_batch: 5000, preferred_batch_size_in_kilobytes: 1024 });
    expect(subscriptionOf({}, { maxEventsPerBatch: 1, preferredBatchSizeKb: 1 }).subscription.webhook_endpoint)
      .toEqual({ url: URL, max_events_per_batch: 1, preferred_batch_size_in_kilobytes: 1 });
  });

  for (const batch of [0, 5001]) {
    it(`fails when a batch holds ${batch} events`, () => {
      const { stack, events, deadLetters } = build();
      const r = refusalOf(() => subscribe(stack, events, deadLetters, {}, { maxEventsPerBatch: batch }));
      expect(r).toMatchObject({ lesson: 'AZURE', setting: 'webhook.maxEventsPerBatch' });
      expect(r.message).toBe(`[AZURE] eg-dev/subscription: webhook.maxEventsPerBatch = ${batch}: Event Grid batches 1-5000 events. Fix: use 1 (the default) or up to 5000.`);
    });
  }

  for (const size of [0, 1025]) {
    it(`fails when the preferred batch size is ${size} KiB`, () => {
      const { stack, events, deadLetters } = build();
      const r = refusalOf(() => subscribe(stack, events, deadLetters, {}, { preferredBatchSizeKb: size }));
      expect(r).toMatchObject({ lesson: 'AZURE', setting: 'webhook.preferredBatchSizeKb' });
      expect(r.message).toBe(`[AZURE] eg-dev/subscription: webhook.preferredBatchSizeKb = ${size}: the preferred batch size is 1-1024 KiB. Fix: use 64 (the default).`);
    });
  }

  it('asks Event Grid for an Entra ID token on deliveries when given entraAuth', () => {
    expect(subscriptionOf({}, { entraAuth: { tenantId: TENANT, applicationIdOrUri: WEBHOOK_APP } }).subscription.webhook_endpoint).toEqual({
      url: URL, max_events_per_batch: 1, preferred_batch_size_in_kilobytes: 64,
      active_directory_tenant_id: TENANT, active_directory_app_id_or_uri: WEBHOOK_APP,
    });
  });

  const HOOK1_FIX = 'Fix: keep at least one instance warm (minReplicas >= 1, or always-ready HTTP instances), or let the gateway answer the handshake (WebhookApi).';

  it('warns when nothing is known of the receiver (HOOK-1), naming the URL', () => {
    const { stack } = subscriptionOf({}, { receiver: undefined });
    expect(warningsOf(stack)).toEqual([
      `[HOOK-1] eg-dev/subscription: webhook.receiver = undefined: ${URL} may be cold when the subscription is created: the OPTIONS handshake must be answered, or the apply fails with "Webhook validation handshake failed". ${HOOK1_FIX}`,
    ]);
  });

  it('warns when the receiver keeps 0 instances warm (HOOK-1), naming the receiver', () => {
    const { stack } = subscriptionOf({}, { receiver: { name: 'orders-receiver', warmInstances: 0 } });
    expect(warningsOf(stack)).toEqual([
      `[HOOK-1] eg-dev/subscription: webhook.receiver = 0: orders-receiver may be cold when the subscription is created: the OPTIONS handshake must be answered, or the apply fails with "Webhook validation handshake failed". ${HOOK1_FIX}`,
    ]);
  });

  it('warns of the 30 s validation event when a cold receiver gets Event Grid\'s schema (HOOK-1)', () => {
    const { stack } = subscriptionOf({ deliverySchema: EventDeliverySchema.EVENT_GRID }, { receiver: { name: 'orders-receiver', warmInstances: 0 } });
    expect(warningsOf(stack)).toEqual([
      `[HOOK-1] eg-dev/subscription: webhook.receiver = 0: orders-receiver may be cold when the subscription is created: the validation event must be answered within 30 s, or the apply fails with "Webhook validation handshake failed". ${HOOK1_FIX}`,
    ]);
  });

  it('does not warn when the receiver keeps 1 instance warm (HOOK-1)', () => {
    const { stack } = subscriptionOf({}, { receiver: { name: 'orders-receiver', warmInstances: 1 } });
    expect(warningsOf(stack)).toEqual([]);
  });

  it('does not warn when the gateway answers the handshake, even for a cold or unknown receiver (HOOK-1)', () => {
    expect(warningsOf(subscriptionOf({}, { handshakeAnsweredByGateway: true, receiver: { name: 'orders-receiver', warmInstances: 0 } }).stack)).toEqual([]);
    expect(warningsOf(subscriptionOf({}, { handshakeAnsweredByGateway: true, receiver: undefined }).stack)).toEqual([]);
  });
});

describe('EventSubscription destinations', () => {
  it('fails when it has both a webhook and a queue', () => {
    const { stack, events, deadLetters, storage } = build();
    const r = refusalOf(() => subscribe(stack, events, deadLetters, { queue: storage.addQueue('orders') }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'eg-dev/subscription', setting: 'webhook' });
    expect(r.message).toBe('[AZURE] eg-dev/subscription: webhook = "webhook and queue": a subscription delivers to exactly one destination. Fix: give webhook or queue.');
  });

  it('fails when it has neither a webhook nor a queue', () => {
    const { stack, events, deadLetters } = build();
    const r = refusalOf(() => new EventSubscription(stack, 'subscription', { topic: events, name: 'orders-nowhere', deadLetterContainer: deadLetters }));
    expect(r.message).toBe('[AZURE] eg-dev/subscription: webhook = undefined: a subscription delivers to exactly one destination. Fix: give webhook or queue.');
  });

  it('lets two subscriptions of one topic dead-letter into one container and deliver into one queue: one grant each, both subscriptions wait for it (no 409 at apply)', () => {
    const { stack, events, deadLetters, storage } = build();
    const queue = storage.addQueue('orders');
    const first = new EventSubscription(stack, 'first', { topic: events, name: 'orders-one', queue, deadLetterContainer: deadLetters });
    const second = new EventSubscription(stack, 'second', { topic: events, name: 'orders-two', queue, deadLetterContainer: deadLetters });
    expect(second.grants).toEqual(first.grants);
    const tf = synth(stack);
    expect(errorsOf(stack)).toEqual([]);
    expect(Object.values(resourcesOf(tf, 'azurerm_role_assignment')).map((r) => r.role_definition_name).sort()).toEqual(['Storage Blob Data Contributor', 'Storage Queue Data Message Sender']);
    const waits = Object.values(resourcesOf(tf, 'azurerm_eventgrid_event_subscription')).map((r) => r.depends_on);
    expect(waits[0]).toEqual(waits[1]);
    // The shared grants live at the first subscription's addresses: a note says what removing it later does.
    expect(notesOf(stack).filter((n) => n.includes('SEC-2')).map((n) => n.split(': this grant')[0])).toEqual([
      '[SEC-2] eg-dev/storage/container-dead-letters: grant id = "contributor-second-dead-letter"',
      '[SEC-2] eg-dev/storage/queue-orders: grant id = "send-second-delivery"',
    ]);
  });

  it('delivers into a Storage queue with the topic identity, granted Storage Queue Data Message Sender first', () => {
    const { stack, events, deadLetters, storage } = build();
    new EventSubscription(stack, 'subscription', { topic: events, name: 'orders-queue', queue: storage.addQueue('orders'), deadLetterContainer: deadLetters });
    const tf = synth(stack);
    const subscription = resourceOf(tf, 'azurerm_eventgrid_event_subscription');
    expect(subscription).toMatchObject({
      storage_queue_endpoint: { storage_account_id: ref('azurerm_storage_account', 'storage_account', 'id'), queue_name: 'orders' },
      delivery_identity: { type: 'SystemAssigned' },
      dead_letter_identity: { type: 'SystemAssigned' },
    });
    expect(subscription).not.toHaveProperty('webhook_endpoint');
    const send = addressOf(tf, 'azurerm_role_assignment', 'storage/queue-orders/send-subscription-delivery');
    expect(resourcesOf(tf, 'azurerm_role_assignment')[send.split('.')[1]]).toEqual({
      role_definition_name: 'Storage Queue Data Message Sender',
      scope: ref('azurerm_storage_queue', 'storage_queue-orders_queue', 'id'),
      principal_id: ref('azurerm_eventgrid_topic', 'topic', 'identity[0].principal_id'),
      principal_type: 'ServicePrincipal',
    });
    expect(subscription.depends_on).toEqual([
      addressOf(tf, 'azurerm_role_assignment', 'storage/container-dead-letters/contributor-subscription-dead-letter'),
      send,
    ]);
    expect(warningsOf(stack)).toEqual([]);
  });
});

describe('EventGridAlerts (HOOK-3)', () => {
  function alertsOf(props: Partial<EventGridAlertsProps> = {}, topic: 'custom' | 'system' = 'custom') {
    const stack = stackOf(false);
    const source: IEventGridTopic = topic === 'custom'
      ? new EventGridTopic(stack, 'topic', { name: 'evgt-orders', resourceGroupName: RG, location: LOCATION })
      : new EventGridSystemTopic(stack, 'topic', { name: 'evgst-source', resourceGroupName: RG, location: LOCATION, sourceResourceId: STORAGE_SOURCE_ID, topicType: 'Microsoft.Storage.StorageAccounts' });
    new EventGridAlerts(stack, 'alerts', { topic: source, resourceGroupName: RG, namePrefix: 'evgt-orders', actionGroupId: '/subscriptions/0/resourceGroups/rg/providers/microsoft.insights/actionGroups/ag', ...props });
    const tf = synth(stack);
    return { stack, tf, alert: (id: string) => resourceOf(tf, 'azurerm_monitor_metric_alert', `alerts/${id}`) };
  }

  it('alerts on any dead-lettered or dropped event and on 10 failed attempts in 15 minutes, to the action group', () => {
    const { alert, stack } = alertsOf();
    const common = {
      resource_group_name: RG,
      scopes: [ref('azurerm_eventgrid_topic', 'topic', 'id')],
      frequency: 'PT5M',
      window_size: 'PT15M',
      auto_mitigate: true,
      action: [{ action_group_id: '/subscriptions/0/resourceGroups/rg/providers/microsoft.insights/actionGroups/ag' }],
    };
    expect(alert('dead-lettered')).toMatchObject({
      ...common, name: 'evgt-orders-dead-lettered', severity: 2,
      description: 'HOOK-3: events reached the dead-letter container after every retry: replay them once the receiver is fixed.',
      criteria: [{ metric_namespace: 'Microsoft.EventGrid/topics', metric_name: 'DeadLetteredCount', aggregation: 'Total', operator: 'GreaterThan', threshold: 0 }],
    });
    expect(alert('dropped')).toMatchObject({
      ...common, name: 'evgt-orders-dropped', severity: 1,
      description: 'HOOK-3: Event Grid dropped events: they are gone unless a dead-letter destination caught them.',
      criteria: [{ metric_namespace: 'Microsoft.EventGrid/topics', metric_name: 'DroppedEventCount', aggregation: 'Total', operator: 'GreaterThan', threshold: 0 }],
    });
    expect(alert('failed-attempts')).toMatchObject({
      ...common, name: 'evgt-orders-failed-attempts', severity: 3,
      description: 'HOOK-1: at least 10 delivery attempts failed in 15 minutes: the receiver is down, cold or answering 5xx.',
      criteria: [{ metric_namespace: 'Microsoft.EventGrid/topics', metric_name: 'DeliveryAttemptFailCount', aggregation: 'Total', operator: 'GreaterThanOrEqual', threshold: 10 }],
    });
    expect(warningsOf(stack)).toEqual([]);
  });

  it('reads a system topic\'s metrics from Microsoft.EventGrid/systemTopics', () => {
    const { tf } = alertsOf({}, 'system');
    const alerts = Object.values(resourcesOf(tf, 'azurerm_monitor_metric_alert'));
    expect(alerts.map((a) => (a.criteria as { metric_namespace: string }[])[0].metric_namespace)).toEqual(Array(3).fill('Microsoft.EventGrid/systemTopics'));
    expect(alerts.map((a) => a.scopes)).toEqual(Array(3).fill([ref('azurerm_eventgrid_system_topic', 'topic', 'id')]));
  });

  it('takes another failed-attempts threshold', () => {
    const { alert } = alertsOf({ failedAttemptsThreshold: 25 });
    expect(alert('failed-attempts')).toMatchObject({
      description: 'HOOK-1: at least 25 delivery attempts failed in 15 minutes: the receiver is down, cold or answering 5xx.',
      criteria: [expect.objectContaining({ operator: 'GreaterThanOrEqual', threshold: 25 })],
    });
  });

  it('warns without an action group, and sends the alerts nowhere', () => {
    const { alert, stack } = alertsOf({ actionGroupId: undefined });
    expect(warningsOf(stack)).toEqual([
      '[HOOK-3] eg-dev/alerts: actionGroupId = undefined: dead-lettered and dropped events would only show in the portal. Fix: give an action group that mails or pages the team.',
    ]);
    expect(alert('dropped')).not.toHaveProperty('action');
  });

  for (const threshold of [0, 1.5]) {
    it(`fails when the failed-attempts threshold is ${threshold}`, () => {
      const r = refusalOf(() => alertsOf({ failedAttemptsThreshold: threshold }));
      expect(r.message).toBe(`[HOOK-3] eg-dev/alerts: failedAttemptsThreshold = ${threshold}: the threshold is a whole number of attempts, at least 1. Fix: use e.g. 10.`);
    });
  }
});

describe('RealtimeStack: the sixth pattern (webhooks from Event Grid)', () => {
  const stacks = synthAll().filter((s) => s.name.startsWith('realtime-'));

  it('has a CloudEvents topic without access keys in both environments, and its endpoint as an output (SEC-1)', () => {
    expect(stacks.map((s) => s.name)).toEqual(['realtime-dev', 'realtime-prod']);
    for (const { tf } of stacks) {
      expect(resourceOf(tf, 'azurerm_eventgrid_topic')).toMatchObject({
        input_schema: 'CloudEventSchemaV1_0', local_auth_enabled: false, identity: { type: 'SystemAssigned' },
      });
      expect(tf.output?.['events-endpoint'].value).toEqual(ref('azurerm_eventgrid_topic', 'events_topic', 'endpoint'));
    }
  });

  it('delivers to the gateway\'s webhook route with CloudEvents, 30 attempts over 1440 minutes, dead-lettering to event-storage/dead-letters', () => {
    for (const { tf } of stacks) {
      expect(resourceOf(tf, 'azurerm_eventgrid_event_subscription')).toMatchObject({
        name: 'app-webhook',
        scope: ref('azurerm_eventgrid_topic', 'events_topic', 'id'),
        event_delivery_schema: 'CloudEventSchemaV1_0',
        retry_policy: { max_delivery_attempts: 30, event_time_to_live: 1440 },
        dead_letter_identity: { type: 'SystemAssigned' },
        storage_blob_dead_letter_destination: {
          storage_account_id: ref('azurerm_storage_account', 'event-storage_account', 'id'),
          storage_blob_container_name: 'dead-letters',
        },
        webhook_endpoint: {
          url: expect.stringMatching(/^https:\/\/\$\{trimprefix\(azurerm_api_management\.gateway_service_[0-9A-F]{8}\.gateway_url, "https:\/\/"\)\}\/webhooks\/events$/),
          max_events_per_batch: 1,
          preferred_batch_size_in_kilobytes: 64,
        },
      });
    }
  });

  it('keeps the dead-letter account keyless, with the container dead-letters', () => {
    for (const { tf } of stacks) {
      expect(resourceOf(tf, 'azurerm_storage_account', 'event-storage')).toMatchObject({ shared_access_key_enabled: false });
      expect(resourceOf(tf, 'azurerm_storage_container', 'event-storage')).toMatchObject({
        name: 'dead-letters', storage_account_id: ref('azurerm_storage_account', 'event-storage_account', 'id'),
      });
    }
  });

  it('grants the topic identity Storage Blob Data Contributor on the container, and the subscription waits for it (HOOK-3)', () => {
    for (const { tf } of stacks) {
      const address = addressOf(tf, 'azurerm_role_assignment', 'event-storage/container-dead-letters/contributor-webhook-subscription-dead-letter');
      expect(resourcesOf(tf, 'azurerm_role_assignment')[address.split('.')[1]]).toEqual({
        role_definition_name: 'Storage Blob Data Contributor',
        scope: ref('azurerm_storage_container', 'event-storage_container-dead-letters_container', 'id'),
        principal_id: ref('azurerm_eventgrid_topic', 'events_topic', 'identity[0].principal_id'),
        principal_type: 'ServicePrincipal',
      });
      expect(resourceOf(tf, 'azurerm_eventgrid_event_subscription').depends_on).toContain(address);
    }
  });

  it('makes the subscription wait for the webhook API\'s policy and the dead-letter grant, by depends_on addresses Terraform accepts (HOOK-1)', () => {
    // Terraform's depends_on takes bare addresses: an entry "${...}" fails the plan with
    // "Invalid expression: A single static variable reference is required".
    for (const { tf } of stacks) {
      const policy = addressOf(tf, 'azurerm_api_management_api_policy', 'webhook-api/policy');
      const grant = addressOf(tf, 'azurerm_role_assignment', 'event-storage/container-dead-letters/contributor-webhook-subscription-dead-letter');
      // And, for the writer check Event Grid makes with Entra ID, the webhook role's assignments.
      const roles = Object.keys(resourcesOf(tf, 'azuread_app_role_assignment')).map((id) => `azuread_app_role_assignment.${id}`);
      expect(roles).toHaveLength(2);
      const dependsOn = resourceOf(tf, 'azurerm_eventgrid_event_subscription').depends_on as string[];
      expect(dependsOn.slice(0, 2)).toEqual([policy, grant]);
      // Then the role assignments, and the wait for Entra ID to replicate them, which starts once
      // the assignments and the policy exist (Azure/azure-sdk-for-net#51014).
      const wait = `time_sleep.${idOf(tf, 'time_sleep', 'webhook-registration/propagation')}`;
      expect(dependsOn.slice(2, 4).sort()).toEqual(roles.sort());
      expect(dependsOn.slice(4)).toEqual([wait]);
      const sleep = resourceOf(tf, 'time_sleep', 'webhook-registration/propagation');
      expect(sleep.create_duration).toBe('120s');
      expect([...(sleep.depends_on as string[])].sort()).toEqual([...roles, policy].sort());
    }
  });

  it('grants the apps\' identity EventGrid Data Sender on the topic in every environment, and tells the apps where to publish and as whom', () => {
    const sender = (tf: TerraformJson) => Object.entries(resourcesOf(tf, 'azurerm_role_assignment')).filter(([, r]) => r.role_definition_name === 'EventGrid Data Sender');
    for (const { tf } of stacks) {
      const grants = sender(tf);
      expect(grants.map(([, r]) => r)).toEqual([{
        role_definition_name: 'EventGrid Data Sender',
        scope: ref('azurerm_eventgrid_topic', 'events_topic', 'id'),
        principal_id: ref('azurerm_user_assigned_identity', 'app_pull-identity', 'principal_id'),
        principal_type: 'ServicePrincipal',
      }]);
      for (const app of ['app_http-app', 'app_grpc-app']) {
        const containerApp = resourceOf(tf, 'azurerm_container_app', app) as { depends_on: string[]; identity: unknown; template: { container: { env: { name: string; value: string }[] }[] } };
        // Waited for: the apps publish from their first revision.
        expect(containerApp.depends_on).toContain(`azurerm_role_assignment.${grants[0][0]}`);
        expect(containerApp.identity).toEqual({ type: 'UserAssigned', identity_ids: [ref('azurerm_user_assigned_identity', 'app_pull-identity', 'id')] });
        expect(containerApp.template.container[0].env).toEqual(expect.arrayContaining([
          { name: 'EVENTGRID_TOPIC_ENDPOINT', value: ref('azurerm_eventgrid_topic', 'events_topic', 'endpoint') },
          { name: 'AZURE_CLIENT_ID', value: ref('azurerm_user_assigned_identity', 'app_pull-identity', 'client_id') },
        ]));
      }
    }
  });

  it('sends the topic\'s three delivery alerts to the stack\'s action group', () => {
    for (const { tf } of stacks) {
      const alerts = Object.values(resourcesOf(tf, 'azurerm_monitor_metric_alert'))
        .filter((a) => (a.criteria as { metric_namespace?: string }[] | undefined)?.[0]?.metric_namespace === 'Microsoft.EventGrid/topics');
      expect(alerts.map((a) => (a.criteria as { metric_name: string }[])[0].metric_name)).toEqual(['DeadLetteredCount', 'DroppedEventCount', 'DeliveryAttemptFailCount']);
      for (const a of alerts) expect(a.action).toEqual([{ action_group_id: '${azurerm_monitor_action_group.alert-group.id}' }]);
    }
  });

  it('raises no HOOK warning (the gateway answers the handshake) and no lessons-check error', () => {
    for (const { stack } of stacks) {
      expect(warningsOf(stack).filter((w) => w.startsWith('[HOOK-'))).toEqual([]);
      expect(errorsOfConstructs(stack)).toEqual([]);
    }
  });
});

describe('WebhookRegistration deploy requirements', () => {
  it('declares Event Grid\'s service principal, one requirement with the plan\'s lookup of it, and the Graph permissions its resources need', () => {
    const stack = stackOf(false);
    new WebhookRegistration(stack, 'webhooks', { displayName: 'evgs-unit-webhooks' });
    const requirements = PreflightManifests.of(stack).requirements;
    expect(requirements.filter((r) => r.kind === 'service-principal')).toEqual([{
      kind: 'service-principal', applicationId: '4962773b-9cdb-44cf-a8bf-237846a00ab7', displayName: 'Microsoft.EventGrid',
      reason: 'Event Grid delivers to Entra-protected webhooks as this service principal, and the plan looks it up; it is not in every tenant.',
      neededBy: [expect.stringMatching(/^data\.azuread_service_principal\.webhooks_event-grid_[0-9A-F]+$/), 'eg-dev/webhooks'],
    }]);
    expect(requirements.filter((r) => r.kind === 'graph-permission').map((r) => [r.permission, r.neededBy!.length])).toEqual([
      ['Application.Read.All', 3], ['Application.ReadWrite.OwnedBy', 2], ['AppRoleAssignment.ReadWrite.All', 2],
    ]);
  });
});
