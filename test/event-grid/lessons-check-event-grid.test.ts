import { TerraformStack, Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ContainerApp } from '@cdktf/provider-azurerm/lib/container-app';
import { EventgridDomain } from '@cdktf/provider-azurerm/lib/eventgrid-domain';
import { EventgridEventSubscription, EventgridEventSubscriptionConfig } from '@cdktf/provider-azurerm/lib/eventgrid-event-subscription';
import { EventgridSystemTopic } from '@cdktf/provider-azurerm/lib/eventgrid-system-topic';
import { EventgridSystemTopicEventSubscription } from '@cdktf/provider-azurerm/lib/eventgrid-system-topic-event-subscription';
import { EventgridTopic, EventgridTopicConfig } from '@cdktf/provider-azurerm/lib/eventgrid-topic';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import { RoleAssignment } from '@cdktf/provider-azurerm/lib/role-assignment';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { PublicNetworkAccess } from '../../constructs/core/network';
import { EventGridTopic } from '../../constructs/event-grid/event-grid-topic';
import { EventSubscription } from '../../constructs/event-grid/event-subscription';
import { LessonsCheck } from '../../constructs/stack/lessons-check';
import { RuleLevel } from '../../constructs/lessons-check/pack';
import { PlatformLessonsPack } from '../../constructs/stack/platform-lessons-pack';
import { ReportStatus } from '../../constructs/lessons-check/report';
import { StorageAccount } from '../../constructs/storage/storage-account';
import { errorsOf, warningsOf } from '../support/synth';
import { failuresOf, lessonsOn, statusesAt } from '../support/hcl';

const TOPIC_ID = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.EventGrid/topics/evgt-raw';
const ACCOUNT_ID = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.Storage/storageAccounts/straw';
const ENVIRONMENT_ID = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.App/managedEnvironments/cae';
const DEAD_LETTER = { storageAccountId: ACCOUNT_ID, storageBlobContainerName: 'dead-letters' };

/** Another team's stack: raw provider resources (the lessons check runs at synth). */
function rawStack() {
  return new AzureStack(Testing.app(), { stackName: 'other', environmentName: 'dev', production: false });
}

/** Findings of one rule after a synth, errors and warnings. */
function findingsOf(stack: TerraformStack, ruleId: string) {
  Testing.synth(stack);
  const mine = (messages: string[]) => messages.filter((m) => m.startsWith(`[${ruleId}] `));
  return { errors: mine(errorsOf(stack)), warnings: mine(warningsOf(stack)) };
}

/** The report rows of one rule: [status, resource type]. */
const rowsOf = (stack: TerraformStack, ruleId: string) => LessonsCheck.of(stack)!.reportOf(stack).results
  .filter((r) => r.ruleId === ruleId && r.resourceType.startsWith('azurerm_eventgrid_'))
  .map((r) => [r.status, r.resourceType]);

/** A raw webhook subscription on a custom topic, dead-lettering with the topic identity unless told otherwise. */
function rawSubscription(stack: TerraformStack, extra: Partial<EventgridEventSubscriptionConfig> = {}) {
  return new EventgridEventSubscription(stack, 'subscription', {
    name: 'raw-webhook', scope: TOPIC_ID,
    webhookEndpoint: { url: 'https://receiver.example.com/events' },
    storageBlobDeadLetterDestination: DEAD_LETTER, deadLetterIdentity: { type: 'SystemAssigned' },
    ...extra,
  });
}

/** A raw Container App; min_replicas is left to the provider (0) unless given. */
function rawApp(stack: TerraformStack, minReplicas?: number) {
  return new ContainerApp(stack, 'receiver', {
    name: 'ca-receiver', resourceGroupName: 'rg', containerAppEnvironmentId: ENVIRONMENT_ID, revisionMode: 'Single',
    ingress: { targetPort: 8080, externalEnabled: true, trafficWeight: [{ latestRevision: true, percentage: 100 }] },
    template: {
      ...(minReplicas !== undefined ? { minReplicas } : {}),
      container: [{ name: 'app', image: 'contoso.azurecr.io/receiver:1.0.0', cpu: 0.5, memory: '1Gi' }],
    },
  });
}

describe('the Event Grid rules in the platform pack', () => {
  it('registers HOOK-3.SubscriptionDeadLetter and SEC-1.EventGridLocalAuth as errors, HOOK-1.ColdWebhookReceiver as a warning', () => {
    const levels = Object.fromEntries(PlatformLessonsPack.create().rules.map((r) => [r.rule.id, r.level]));
    expect(levels['HOOK-3.SubscriptionDeadLetter']).toBe(RuleLevel.ERROR);
    expect(levels['SEC-1.EventGridLocalAuth']).toBe(RuleLevel.ERROR);
    expect(levels['HOOK-1.ColdWebhookReceiver']).toBe(RuleLevel.WARNING);
  });
});

describe('HOOK-3.SubscriptionDeadLetter', () => {
  const RULE = 'HOOK-3.SubscriptionDeadLetter';
  const NO_DESTINATION = 'storage_blob_dead_letter_destination = undefined: without it Event Grid drops an event after its last retry, and nobody learns which. Fix: dead-letter to a blob container with dead_letter_identity (EventSubscription does, with the grant first).';
  const NO_IDENTITY = 'dead_letter_identity = undefined: Event Grid then writes dead letters with the account key: a keyless account (SEC-1) refuses them, and they are dropped. Fix: set dead_letter_identity to the topic\'s identity and grant it Storage Blob Data Contributor on the container first.';

  it('fails when a raw subscription has no dead-letter destination', () => {
    const stack = rawStack();
    rawSubscription(stack, { storageBlobDeadLetterDestination: undefined, deadLetterIdentity: undefined });
    expect(findingsOf(stack, RULE)).toEqual({ errors: [`[${RULE}] other-dev/subscription: ${NO_DESTINATION}`], warnings: [] });
    expect(rowsOf(stack, RULE)).toEqual([[ReportStatus.NON_COMPLIANT, 'azurerm_eventgrid_event_subscription']]);
  });

  it('fails when a raw subscription dead-letters without dead_letter_identity (the account key)', () => {
    const stack = rawStack();
    rawSubscription(stack, { deadLetterIdentity: undefined });
    expect(findingsOf(stack, RULE).errors).toEqual([`[${RULE}] other-dev/subscription: ${NO_IDENTITY}`]);
  });

  it('fails on a raw system topic subscription without a dead-letter destination', () => {
    const stack = rawStack();
    new EventgridSystemTopicEventSubscription(stack, 'system-subscription', {
      name: 'raw-system', systemTopic: 'evgst-raw', resourceGroupName: 'rg', webhookEndpoint: { url: 'https://receiver.example.com/events' },
    });
    expect(findingsOf(stack, RULE).errors).toEqual([`[${RULE}] other-dev/system-subscription: ${NO_DESTINATION}`]);
    expect(rowsOf(stack, RULE)).toEqual([[ReportStatus.NON_COMPLIANT, 'azurerm_eventgrid_system_topic_event_subscription']]);
  });

  it('accepts a raw subscription that dead-letters with an identity', () => {
    const stack = rawStack();
    rawSubscription(stack);
    expect(findingsOf(stack, RULE)).toEqual({ errors: [], warnings: [] });
    expect(rowsOf(stack, RULE)).toEqual([[ReportStatus.COMPLIANT, 'azurerm_eventgrid_event_subscription']]);
  });

  it('accepts the EventSubscription construct with a dead-letter container', () => {
    const stack = rawStack();
    const topic = new EventGridTopic(stack, 'topic', { name: 'evgt-raw', resourceGroupName: 'rg', location: 'westeurope' });
    const deadLetters = new StorageAccount(stack, 'storage', { name: 'straw', resourceGroupName: 'rg', location: 'westeurope', publicNetworkAccess: PublicNetworkAccess.ENABLED }).addContainer('dead-letters');
    new EventSubscription(stack, 'subscription', {
      topic, name: 'orders', deadLetterContainer: deadLetters, webhook: { url: 'https://receiver.example.com/events', receiver: { name: 'receiver', warmInstances: 1 } },
    });
    expect(findingsOf(stack, RULE)).toEqual({ errors: [], warnings: [] });
    expect(rowsOf(stack, RULE)).toContainEqual([ReportStatus.COMPLIANT, 'azurerm_eventgrid_event_subscription']);
  });

  it('is not applicable to other resources, a topic included', () => {
    const stack = rawStack();
    new EventgridTopic(stack, 'topic', { name: 'evgt-raw', resourceGroupName: 'rg', location: 'westeurope', localAuthEnabled: false });
    const report = LessonsCheck.of(stack)!.reportOf(stack);
    // No row: the report counts the resources a rule does not concern, per rule.
    expect(report.results.filter((r) => r.ruleId === RULE)).toEqual([]);
    expect(report.notApplicable[RULE]).toBe(1);
  });

  it('stays quiet when suppressed with a reason', () => {
    const stack = rawStack();
    const subscription = rawSubscription(stack, { storageBlobDeadLetterDestination: undefined, deadLetterIdentity: undefined });
    LessonsCheck.suppress(subscription, RULE, 'telemetry events, losing some is acceptable');
    expect(findingsOf(stack, RULE)).toEqual({ errors: [], warnings: [] });
    expect(rowsOf(stack, RULE)).toEqual([[ReportStatus.SUPPRESSED, 'azurerm_eventgrid_event_subscription']]);
  });
});

describe('SEC-1.EventGridLocalAuth', () => {
  const RULE = 'SEC-1.EventGridLocalAuth';
  const PROBLEM = 'the topic accepts its access keys (unset: on), shared secrets any publisher can leak, next to Entra ID. Fix: set local_auth_enabled = false and grant publishers EventGrid Data Sender (EventGridTopic does both).';
  const rawTopic = (stack: TerraformStack, extra: Partial<EventgridTopicConfig> = {}) => new EventgridTopic(stack, 'topic', {
    name: 'evgt-raw', resourceGroupName: 'rg', location: 'westeurope', ...extra,
  });

  it('fails when a raw topic leaves local_auth_enabled unset (the provider turns the keys on)', () => {
    const stack = rawStack();
    rawTopic(stack);
    expect(findingsOf(stack, RULE)).toEqual({ errors: [`[${RULE}] other-dev/topic: local_auth_enabled = undefined: ${PROBLEM}`], warnings: [] });
    expect(rowsOf(stack, RULE)).toEqual([[ReportStatus.NON_COMPLIANT, 'azurerm_eventgrid_topic']]);
  });

  it('fails when a raw topic turns its access keys on', () => {
    const stack = rawStack();
    rawTopic(stack, { localAuthEnabled: true });
    expect(findingsOf(stack, RULE).errors).toEqual([`[${RULE}] other-dev/topic: local_auth_enabled = true: ${PROBLEM}`]);
  });

  it('fails when a raw domain leaves its access keys on', () => {
    const stack = rawStack();
    new EventgridDomain(stack, 'domain', { name: 'evgd-raw', resourceGroupName: 'rg', location: 'westeurope' });
    expect(findingsOf(stack, RULE).errors).toEqual([`[${RULE}] other-dev/domain: local_auth_enabled = undefined: ${PROBLEM}`]);
    expect(rowsOf(stack, RULE)).toEqual([[ReportStatus.NON_COMPLIANT, 'azurerm_eventgrid_domain']]);
  });

  it('accepts a raw topic and a raw domain with local_auth_enabled = false', () => {
    const stack = rawStack();
    rawTopic(stack, { localAuthEnabled: false });
    new EventgridDomain(stack, 'domain', { name: 'evgd-raw', resourceGroupName: 'rg', location: 'westeurope', localAuthEnabled: false });
    expect(findingsOf(stack, RULE)).toEqual({ errors: [], warnings: [] });
    expect(rowsOf(stack, RULE).sort()).toEqual([[ReportStatus.COMPLIANT, 'azurerm_eventgrid_domain'], [ReportStatus.COMPLIANT, 'azurerm_eventgrid_topic']]);
  });

  it('accepts the EventGridTopic construct', () => {
    const stack = rawStack();
    new EventGridTopic(stack, 'topic', { name: 'evgt-raw', resourceGroupName: 'rg', location: 'westeurope' });
    expect(findingsOf(stack, RULE)).toEqual({ errors: [], warnings: [] });
    expect(rowsOf(stack, RULE)).toEqual([[ReportStatus.COMPLIANT, 'azurerm_eventgrid_topic']]);
  });

  it('is not applicable to a system topic, which has no access keys of its own', () => {
    const stack = rawStack();
    new EventgridSystemTopic(stack, 'system-topic', {
      name: 'evgst-raw', resourceGroupName: 'rg', location: 'westeurope', sourceResourceId: ACCOUNT_ID, topicType: 'Microsoft.Storage.StorageAccounts',
    });
    expect(rowsOf(stack, RULE)).toEqual([]);
  });
});

describe('HOOK-1.ColdWebhookReceiver (a warning)', () => {
  const RULE = 'HOOK-1.ColdWebhookReceiver';
  const WARNING = `[${RULE}] other-dev/subscription: webhook_endpoint.url = "other-dev/receiver": the receiver scales to zero, and a cold start can miss the 30 s the validation event allows: the subscription's create fails. Fix: keep min_replicas >= 1, or deliver CloudEvents through a gateway that answers the handshake (WebhookApi).`;
  const CLOUD_EVENTS_WARNING = `[${RULE}] other-dev/subscription: webhook_endpoint.url = "other-dev/receiver": the receiver scales to zero, and a cold start can miss the OPTIONS handshake: the subscription's create fails. Fix: keep min_replicas >= 1, or deliver CloudEvents through a gateway that answers the handshake (WebhookApi).`;

  /** A raw subscription delivering to a raw Container App's FQDN. */
  function toApp(options: { minReplicas?: number; schema?: string } = {}) {
    const stack = rawStack();
    const app = rawApp(stack, options.minReplicas);
    rawSubscription(stack, {
      webhookEndpoint: { url: `https://${app.latestRevisionFqdn}/events` },
      ...(options.schema ? { eventDeliverySchema: options.schema } : {}),
    });
    return stack;
  }

  it('warns when a subscription with the Event Grid schema (the provider default) delivers to a Container App that scales to zero', () => {
    const stack = toApp();
    expect(findingsOf(stack, RULE)).toEqual({ errors: [], warnings: [WARNING] });
    expect(LessonsCheck.of(stack)!.reportOf(stack).results.filter((r) => r.ruleId === RULE && r.status === ReportStatus.NON_COMPLIANT))
      .toEqual([expect.objectContaining({ level: RuleLevel.WARNING, setting: 'webhook_endpoint.url', resourceType: 'azurerm_eventgrid_event_subscription' })]);
  });

  it('warns when the schema is EventGridSchema explicitly and min_replicas is 0', () => {
    expect(findingsOf(toApp({ minReplicas: 0, schema: 'EventGridSchema' }), RULE).warnings).toEqual([WARNING]);
  });

  it('accepts a receiver with min_replicas 1', () => {
    const stack = toApp({ minReplicas: 1 });
    expect(findingsOf(stack, RULE)).toEqual({ errors: [], warnings: [] });
    expect(rowsOf(stack, RULE)).toEqual([[ReportStatus.COMPLIANT, 'azurerm_eventgrid_event_subscription']]);
  });

  it('warns on CloudEvents delivery straight to a cold app too: the OPTIONS handshake needs the receiver as well', () => {
    const stack = toApp({ schema: 'CloudEventSchemaV1_0' });
    expect(findingsOf(stack, RULE)).toEqual({ errors: [], warnings: [CLOUD_EVENTS_WARNING] });
  });

  it('is not applicable to a subscription without a webhook (a queue destination)', () => {
    const stack = rawStack();
    rawApp(stack);
    rawSubscription(stack, {
      webhookEndpoint: undefined,
      storageQueueEndpoint: { storageAccountId: ACCOUNT_ID, queueName: 'events' },
      deliveryIdentity: { type: 'SystemAssigned' },
    });
    expect(findingsOf(stack, RULE)).toEqual({ errors: [], warnings: [] });
    expect(rowsOf(stack, RULE)).toEqual([]);
  });

  it('is not applicable when the webhook is not a Container App of the stack', () => {
    const stack = rawStack();
    rawApp(stack);
    rawSubscription(stack);
    expect(findingsOf(stack, RULE)).toEqual({ errors: [], warnings: [] });
    expect(rowsOf(stack, RULE)).toEqual([]);
  });

  it('warns on a raw system topic subscription to a cold Container App too', () => {
    const stack = rawStack();
    const app = rawApp(stack);
    new EventgridSystemTopicEventSubscription(stack, 'subscription', {
      name: 'raw-system', systemTopic: 'evgst-raw', resourceGroupName: 'rg',
      webhookEndpoint: { url: `https://${app.latestRevisionFqdn}/events` },
      storageBlobDeadLetterDestination: DEAD_LETTER, deadLetterIdentity: { type: 'SystemAssigned' },
    });
    expect(findingsOf(stack, RULE).warnings).toEqual([WARNING]);
  });
});

describe('SEC-1.KeylessTopicPublisher on raw Container Apps', () => {
  const RULE = 'SEC-1.KeylessTopicPublisher';
  function publisher(stack: TerraformStack, options: { grant?: 'identity' | 'other' | 'system'; localAuth?: boolean; scope?: (topic: EventgridTopic, group: ResourceGroup) => string; endpoint?: string } = {}) {
    const group = new ResourceGroup(stack, 'group', { name: 'rg-events', location: 'westeurope' });
    const topic = new EventgridTopic(stack, 'topic', { name: 'evgt-raw', resourceGroupName: group.name, location: 'westeurope', localAuthEnabled: options.localAuth ?? false });
    const identity = new UserAssignedIdentity(stack, 'identity', { name: 'id-publisher', resourceGroupName: 'rg', location: 'westeurope' });
    const other = new UserAssignedIdentity(stack, 'other', { name: 'id-other', resourceGroupName: 'rg', location: 'westeurope' });
    const app = new ContainerApp(stack, 'publisher', {
      name: 'ca-publisher', resourceGroupName: 'rg', containerAppEnvironmentId: ENVIRONMENT_ID, revisionMode: 'Single',
      identity: options.grant === 'system' ? { type: 'SystemAssigned' } : { type: 'UserAssigned', identityIds: [identity.id] },
      template: {
        minReplicas: 1,
        container: [{ name: 'app', image: 'contoso.azurecr.io/publisher:1.0.0', cpu: 0.5, memory: '1Gi', env: [{ name: 'TOPIC', value: options.endpoint ?? topic.endpoint }] }],
      },
    });
    if (options.grant) {
      const principalId = options.grant === 'identity' ? identity.principalId : options.grant === 'other' ? other.principalId : app.identity.principalId;
      new RoleAssignment(stack, 'sender', { scope: options.scope ? options.scope(topic, group) : topic.id, roleDefinitionName: 'EventGrid Data Sender', principalId });
    }
    return stack;
  }
  const status = (stack: TerraformStack) => LessonsCheck.of(stack)!.reportOf(stack).results.find((r) => r.ruleId === RULE && r.resourceType === 'azurerm_container_app')?.status;

  it('fails when an app is given a keyless topic\'s endpoint and no identity it runs as holds EventGrid Data Sender there', () => {
    expect(findingsOf(publisher(rawStack()), RULE).errors).toEqual([
      `[${RULE}] other-dev/publisher: identity = "UserAssigned": the app is given the endpoint of azurerm_eventgrid_topic.topic, whose access keys are off, `
      + 'but no identity it runs as holds EventGrid Data Sender on that topic (or its resource group or subscription): every publish answers 401. '
      + 'Fix: give the app an identity and grant it EventGrid Data Sender on the topic before the app starts (topic.grantPublish(app.identity).applyBefore(...); DualIngressContainerApp and ContainerService always have one).',
    ]);
  });

  it('fails when the sender role is held by another identity than the app\'s', () => {
    expect(findingsOf(publisher(rawStack(), { grant: 'other' }), RULE).errors).toHaveLength(1);
  });

  it('passes when the app\'s user-assigned or system-assigned identity holds the role on the topic', () => {
    expect(status(publisher(rawStack(), { grant: 'identity' }))).toBe(ReportStatus.COMPLIANT);
    expect(status(publisher(rawStack(), { grant: 'system' }))).toBe(ReportStatus.COMPLIANT);
  });

  it('passes when the role is on a scope above the topic: its resource group (reference or id), its subscription, a management group', () => {
    const scopes: ((topic: EventgridTopic, group: ResourceGroup) => string)[] = [
      (_t, g) => g.id,
      () => '/subscriptions/00000000-0000-0000-0000-000000000001/resourceGroups/RG-Events',
      () => '/subscriptions/00000000-0000-0000-0000-000000000001',
      () => '/providers/Microsoft.Management/managementGroups/platform',
      () => '/subscriptions/00000000-0000-0000-0000-000000000001/resourceGroups/rg-events/providers/Microsoft.EventGrid/topics/evgt-raw',
    ];
    for (const scope of scopes) expect(status(publisher(rawStack(), { grant: 'identity', scope }))).toBe(ReportStatus.COMPLIANT);
  });

  it('fails when the role is on another resource group, or on another topic of the same group', () => {
    expect(findingsOf(publisher(rawStack(), { grant: 'identity', scope: () => '/subscriptions/0/resourceGroups/rg-other' }), RULE).errors).toHaveLength(1);
    expect(findingsOf(publisher(rawStack(), { grant: 'identity', scope: () => '/subscriptions/0/resourceGroups/rg-events/providers/Microsoft.EventGrid/topics/evgt-other' }), RULE).errors).toHaveLength(1);
  });

  it('fails when the app is given the keyless topic\'s endpoint URL written out, and passes once its identity holds the role', () => {
    const endpoint = 'https://evgt-raw.westeurope-1.eventgrid.azure.net/api/events';
    expect(findingsOf(publisher(rawStack(), { endpoint }), RULE).errors).toEqual([expect.stringContaining('the app is given the endpoint of azurerm_eventgrid_topic.topic')]);
    expect(status(publisher(rawStack(), { endpoint, grant: 'identity' }))).toBe(ReportStatus.COMPLIANT);
    // Another topic's endpoint is not this topic.
    expect(status(publisher(rawStack(), { endpoint: 'https://evgt-else.westeurope-1.eventgrid.azure.net/api/events' }))).toBeUndefined();
  });

  it('fails only for the app whose topic a shared identity holds no sender role on, among the identity\'s many grants', () => {
    // One identity for every app, granted on most topics and on a group, so the grants are found by scope, not by holder.
    const stack = rawStack();
    const identity = new UserAssignedIdentity(stack, 'shared', { name: 'id-shared', resourceGroupName: 'rg', location: 'westeurope' });
    const other = new ResourceGroup(stack, 'other-group', { name: 'rg-other', location: 'westeurope' });
    const grant = (id: string, scope: string) => new RoleAssignment(stack, id, { scope, roleDefinitionName: 'EventGrid Data Sender', principalId: identity.principalId });
    grant('on-a-subscription-group', '/subscriptions/0/resourceGroups/rg-unrelated');
    for (let i = 0; i < 5; i += 1) {
      const topic = new EventgridTopic(stack, `topic-${i}`, { name: `evgt-${i}`, resourceGroupName: i === 4 ? other.name : 'rg-events', location: 'westeurope', localAuthEnabled: false });
      if (i < 3) grant(`sender-${i}`, topic.id);
      new ContainerApp(stack, `app-${i}`, {
        name: `ca-${i}`, resourceGroupName: 'rg', containerAppEnvironmentId: ENVIRONMENT_ID, revisionMode: 'Single',
        identity: { type: 'UserAssigned', identityIds: [identity.id] },
        template: { minReplicas: 1, container: [{ name: 'app', image: 'contoso.azurecr.io/app:1.0.0', cpu: 0.5, memory: '1Gi', env: [{ name: 'TOPIC', value: topic.endpoint }] }] },
      });
    }
    grant('on-the-other-group', other.id);
    expect(findingsOf(stack, RULE).errors).toEqual([expect.stringMatching(/^\[SEC-1\.KeylessTopicPublisher\] other-dev\/app-3: .*endpoint of azurerm_eventgrid_topic\.topic-3,/)]);
  });

  it('does not apply to a topic that takes its keys (SEC-1.EventGridLocalAuth finds that one)', () => {
    expect(status(publisher(rawStack(), { localAuth: true }))).toBeUndefined();
  });
});

describe('SEC-1.KeylessTopicPublisher on plain HCL (azure-lessons)', () => {
  const RULE = 'SEC-1.KeylessTopicPublisher';
  const hcl = (scope: string, endpoint = 'azurerm_eventgrid_topic.events.endpoint') => [
    'resource "azurerm_resource_group" "rg" {', '  name     = "rg-events"', '  location = "westeurope"', '}',
    'resource "azurerm_eventgrid_topic" "events" {', '  name                = "evgt-orders"', '  resource_group_name = azurerm_resource_group.rg.name',
    '  location            = "westeurope"', '  local_auth_enabled  = false', '}',
    'resource "azurerm_user_assigned_identity" "app" {', '  name                = "id-app"', '  resource_group_name = "rg-events"', '  location = "westeurope"', '}',
    'resource "azurerm_role_assignment" "sender" {', `  scope                = ${scope}`, '  role_definition_name = "EventGrid Data Sender"',
    '  principal_id         = azurerm_user_assigned_identity.app.principal_id', '}',
    'resource "azurerm_container_app" "app" {', '  name = "ca-app"', '  identity {', '    type         = "UserAssigned"',
    '    identity_ids = [azurerm_user_assigned_identity.app.id]', '  }', '  template {', '    container {', '      name  = "app"',
    '      image = "contoso.azurecr.io/app:1.0.0"', '      env {', '        name  = "TOPIC"', `        value = ${endpoint}`, '      }', '    }', '  }', '}', '',
  ].join('\n');

  it('passes a grant on the topic\'s resource group (by reference or id) or subscription, the endpoint by reference or written out', async () => {
    for (const scope of ['azurerm_resource_group.rg.id', '"/subscriptions/0/resourceGroups/rg-events"', '"/subscriptions/0"', 'data.azurerm_subscription.current.id']) {
      const report = await lessonsOn({ 'main.tf': hcl(scope) });
      expect(statusesAt(report, RULE, 'azurerm_container_app.app'), scope).toEqual([ReportStatus.COMPLIANT]);
    }
    const literal = await lessonsOn({ 'main.tf': hcl('azurerm_resource_group.rg.id', '"https://evgt-orders.westeurope-1.eventgrid.azure.net/api/events"') });
    expect(statusesAt(literal, RULE, 'azurerm_container_app.app')).toEqual([ReportStatus.COMPLIANT]);
  });

  it('fails when the grant is on another resource group, the endpoint written out', async () => {
    const report = await lessonsOn({ 'main.tf': hcl('"/subscriptions/0/resourceGroups/rg-other"', '"https://evgt-orders.westeurope-1.eventgrid.azure.net/api/events"') });
    expect(failuresOf(report, RULE).map((r) => r.setting)).toEqual(['identity']);
  });
});

describe('ACCESS.WebhookSubscriptionToken on raw subscriptions to a token-protected gateway API', () => {
  const RULE = 'ACCESS.WebhookSubscriptionToken';
  const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
  const APP = '6f1d2c3e-5a4b-4c3d-9e8f-7a6b5c4d3e2f';
  const POLICY = `<policies><inbound><base /><validate-azure-ad-token tenant-id="${TENANT}" header-name="Authorization" failed-validation-httpcode="401"><audiences><audience>${APP}</audience></audiences></validate-azure-ad-token></inbound><backend><base /></backend><outbound><base /></outbound><on-error><base /></on-error></policies>`;
  const hcl = (auth: string) => [
    'resource "azurerm_api_management" "gw" {\n  name = "apim-hooks"\n}',
    'resource "azurerm_api_management_api" "hooks" {\n  name = "hooks"\n  path = "webhooks"\n  api_management_name = azurerm_api_management.gw.name\n  subscription_required = false\n}',
    `resource "azurerm_api_management_api_policy" "hooks" {\n  api_name = azurerm_api_management_api.hooks.name\n  xml_content = ${JSON.stringify(POLICY)}\n}`,
    'resource "azurerm_eventgrid_topic" "t" {\n  name = "evgt-hooks"\n  local_auth_enabled = false\n}',
    `resource "azurerm_eventgrid_event_subscription" "s" {\n  name = "hooks"\n  scope = azurerm_eventgrid_topic.t.id\n  webhook_endpoint {\n    url = "\${azurerm_api_management.gw.gateway_url}/webhooks/events"\n${auth}  }\n}`, '',
  ].join('\n');

  it('fails on plain HCL when the subscription sends no token, or one for another application, and passes the API\'s registration', async () => {
    const none = await lessonsOn({ 'main.tf': hcl('') });
    expect(failuresOf(none, RULE).map((r) => r.message)).toEqual([expect.stringContaining('azurerm_api_management_api.hooks accepts deliveries only with an Entra ID token, and the subscription asks Event Grid for none')]);
    const other = await lessonsOn({ 'main.tf': hcl(`    active_directory_tenant_id = "${TENANT}"\n    active_directory_app_id_or_uri = "api://other"\n`) });
    expect(failuresOf(other, RULE).map((r) => r.setting)).toEqual(['webhook_endpoint.active_directory_app_id_or_uri']);
    const right = await lessonsOn({ 'main.tf': hcl(`    active_directory_tenant_id = "${TENANT}"\n    active_directory_app_id_or_uri = "${APP}"\n`) });
    expect(statusesAt(right, RULE, 'azurerm_eventgrid_event_subscription.s')).toEqual([ReportStatus.COMPLIANT]);
  });
});

describe('SEC-1.WebhookUrlKey on raw subscriptions (issue 28: a function key in the webhook URL)', () => {
  const RULE = 'SEC-1.WebhookUrlKey';
  const KEY = 'Zk9vYmFyYmF6cXV4MTIzNDU2Nzg5MA==';
  const hcl = (url: string, kind = 'azurerm_eventgrid_event_subscription') => [
    'resource "azurerm_eventgrid_topic" "t" {\n  name = "evgt-hooks"\n  local_auth_enabled = false\n}',
    `resource "${kind}" "s" {\n  name = "hooks"\n  ${kind === 'azurerm_eventgrid_event_subscription' ? 'scope = azurerm_eventgrid_topic.t.id' : 'system_topic = "st"\n  resource_group_name = "rg"'}\n  webhook_endpoint {\n    url = ${url}\n  }\n}`, '',
  ].join('\n');

  it('fails when the URL carries ?code= (written out, built with a function of literals, either schema), without repeating the key', async () => {
    for (const url of [`"https://func-orders.azurewebsites.net/api/events?code=${KEY}"`, `join("", ["https://func-orders.azurewebsites.net/api/events?x=1&code=", "${KEY}"])`]) {
      for (const kind of ['azurerm_eventgrid_event_subscription', 'azurerm_eventgrid_system_topic_event_subscription']) {
        const report = await lessonsOn({ 'main.tf': hcl(url, kind) });
        const failures = failuresOf(report, RULE);
        expect(failures.map((r) => r.setting), `${kind} ${url}`).toEqual(['webhook_endpoint.url']);
        expect(failures[0].message).toContain('code=…');
        expect(failures[0].message).not.toContain(KEY);
      }
    }
  });

  it('passes a URL without a key, one whose other parameter only ends in "code", and a URL known only at apply', async () => {
    for (const url of ['"https://func-orders.azurewebsites.net/api/events"', '"https://hooks.example.com/events?zipcode=1234"', '"https://${azurerm_eventgrid_topic.t.endpoint}/x"']) {
      const report = await lessonsOn({ 'main.tf': hcl(url) });
      expect(failuresOf(report, RULE), url).toEqual([]);
    }
  });
});
