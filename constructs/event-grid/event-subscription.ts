import { Token } from 'cdktf';
import { PathDeclaration } from '../core/path-declarations';
import { Construct } from 'constructs';
import { EventgridEventSubscription, EventgridEventSubscriptionConfig } from '@cdktf/provider-azurerm/lib/eventgrid-event-subscription';
import { EventgridSystemTopicEventSubscription } from '@cdktf/provider-azurerm/lib/eventgrid-system-topic-event-subscription';
import { resolveIn } from '../core/claims';
import { checkName } from '../core/naming';
import { knownPartsOf, startsKnown } from '../core/stack-variables';
import { webhookEndpointAt } from '../core/webhook-endpoints';
import { Production, refuseOrWarn } from '../core/production';
import { refuse, requireOneOf, requireRange, warn } from '../core/validation';
import { Grant } from '../identity/grant';
import { StorageService, refuseUnreachable } from '../storage/storage-account';
import { BlobContainer, StorageQueue } from '../storage/storage-children';
import { EventGridTopicKind, IEventGridTopic } from './event-grid-topic';
import { EVENT_GRID_SERVICE } from './event-grid-service';

/** The envelope Event Grid delivers. */
export enum EventDeliverySchema {
  /** CloudEvents 1.0: the endpoint consents with the OPTIONS handshake (WebHook-Allowed-Origin). */
  CLOUD_EVENTS = 'CloudEventSchemaV1_0',
  /** Event Grid's own schema: the endpoint must echo a SubscriptionValidationEvent within 30 s. */
  EVENT_GRID = 'EventGridSchema',
}

/** Event Grid's retries of one event (HOOK-3). */
export interface EventRetryPolicy {
  /** Attempts, 1-30. */
  readonly maxDeliveryAttempts: number;
  /** Minutes an event is retried before it is dead-lettered, 1-1440. */
  readonly eventTimeToLiveMinutes: number;
}

/** What is known of the service behind a webhook (HOOK-1). */
export interface WebhookReceiver {
  /** What receives, for the warning, e.g. the app's construct path. */
  readonly name: string;
  /** Instances that are always running: a Container App's minimum replicas, a function's always-ready HTTP instances. */
  readonly warmInstances: number;
}

/** Entra ID on deliveries: Event Grid sends a token for this application (create it once; neither azurerm nor AzAPI does). */
export interface WebhookEntraAuth {
  readonly tenantId: string;
  readonly applicationIdOrUri: string;
}

export interface WebhookDestination {
  /** HTTPS URL the events are posted to. */
  readonly url: string;
  /** Events per delivery, 1-5000. @default 1 */
  readonly maxEventsPerBatch?: number;
  /** Preferred batch size in KiB, 1-1024. @default 64 */
  readonly preferredBatchSizeKb?: number;
  /** @default - no token on deliveries */
  readonly entraAuth?: WebhookEntraAuth;
  /**
   * The gateway answers the CloudEvents handshake itself (`WebhookApi`): the receiver's code and
   * cold start are out of subscription creation (HOOK-1).
   * @default false
   */
  readonly handshakeAnsweredByGateway?: boolean;
  /** The service behind the URL. @default - unknown: a warning unless the gateway answers the handshake */
  readonly receiver?: WebhookReceiver;
  /**
   * Terraform addresses (`<type>.<id>`) of what must exist before the subscription: Event Grid
   * sends the handshake when it is created (`WebhookApi.destination` names the API's policy).
   * @default - none
   */
  readonly readyAfter?: string[];
}

export interface EventSubscriptionProps {
  readonly topic: IEventGridTopic;
  /** Subscription name: 3-64 letters, digits and hyphens. */
  readonly name: string;
  /** Deliver to a webhook. Give `webhook` or `queue`. @default - none */
  readonly webhook?: WebhookDestination;
  /**
   * Deliver into a Storage queue with the topic's identity (granted Storage Queue Data Message
   * Sender first): for a consumer that pulls instead of being called. Give `webhook` or `queue`.
   * @default - none
   */
  readonly queue?: StorageQueue;
  /** Changing it later replaces the subscription (and repeats the handshake). @default EventDeliverySchema.CLOUD_EVENTS */
  readonly deliverySchema?: EventDeliverySchema;
  /** @default - 30 attempts over 1440 minutes (Event Grid's maximum) */
  readonly retry?: EventRetryPolicy;
  /**
   * Where events go after the last retry, written with the topic's identity (granted Storage
   * Blob Data Contributor on the container first). Without it Event Grid drops them: refused in
   * production, a warning elsewhere (HOOK-3).
   * @default - none
   */
  readonly deadLetterContainer?: BlobContainer;
  /** @default - every event type */
  readonly includedEventTypes?: string[];
  /** @default - none */
  readonly subjectBeginsWith?: string;
  /** @default - none */
  readonly subjectEndsWith?: string;
  /** @default Production.isProduction(this) */
  readonly production?: boolean;
}

/**
 * An Event Grid subscription: CloudEvents 1.0 by default, Event Grid's retries bounded and
 * checked, dead-lettering to a keyless blob container with the topic's identity, granted before
 * the subscription (HOOK-3); to a webhook (HTTPS, batch settings checked, optional Entra ID
 * token on deliveries) or a Storage queue with the topic's identity. Delivery is at least once
 * and unordered (HOOK-2): there is no "ordered" option; consumers dedupe on the event id.
 */
export class EventSubscription extends Construct {
  public readonly subscription: EventgridEventSubscription | EventgridSystemTopicEventSubscription;
  /** The grants the subscription waits for (dead-letter container, queue). */
  public readonly grants: Grant[] = [];

  constructor(scope: Construct, id: string, props: EventSubscriptionProps) {
    super(scope, id);
    const production = props.production ?? Production.isProduction(this);
    const name = checkName(this, 'name', props.name, EVENT_GRID_SERVICE.names.subscription);
    const schema = props.deliverySchema ?? EventDeliverySchema.CLOUD_EVENTS;
    requireOneOf(this, schema, Object.values(EventDeliverySchema), {
      lesson: 'AZURE', setting: 'deliverySchema', problem: 'Event Grid delivers CloudEvents 1.0 or its own schema.',
    });
    if ((props.webhook === undefined) === (props.queue === undefined)) {
      refuse(this, {
        lesson: 'AZURE', setting: 'webhook', given: props.webhook === undefined ? undefined : 'webhook and queue',
        problem: 'a subscription delivers to exactly one destination.', fix: 'give webhook or queue.',
      });
    }
    const retry = props.retry ?? { maxDeliveryAttempts: 30, eventTimeToLiveMinutes: 1440 };
    requireRange(this, retry.maxDeliveryAttempts, {
      min: 1, max: 30, setting: 'retry.maxDeliveryAttempts', lesson: 'HOOK-3',
      problem: 'Event Grid makes 1-30 delivery attempts.', fix: 'use 30 (the default) unless events go stale sooner.',
    });
    requireRange(this, retry.eventTimeToLiveMinutes, {
      min: 1, max: 1440, setting: 'retry.eventTimeToLiveMinutes', lesson: 'HOOK-3',
      problem: 'Event Grid retries an event for 1-1440 minutes.', fix: 'use 1440 (the default) or what the event is worth.',
    });
    if (!props.deadLetterContainer) {
      refuseOrWarn(this, {
        id: 'HOOK-3.SubscriptionDeadLetter', ruleSettings: ['storage_blob_dead_letter_destination'], lesson: 'HOOK-3', setting: 'deadLetterContainer', given: undefined,
        problem: 'without a dead-letter destination Event Grid drops an event after its last retry, and nobody learns which.',
        fix: 'give deadLetterContainer: storage.addContainer(\'dead-letters\') (the topic writes there with its identity).',
      }, production);
    } else {
      refuseUnreachable(this, 'deadLetterContainer.account.publicNetworkAccess', props.deadLetterContainer.account, StorageService.BLOB, { who: 'Event Grid (which writes the dead letters)', trustedService: true });
      this.grants.push(props.deadLetterContainer.grantReadWrite(props.topic.identity, `${id}-dead-letter`));
    }

    PathDeclaration.hop(this, {
      from: props.topic.node.path, to: props.webhook?.url ?? props.queue?.url ?? '',
      protocol: props.webhook ? 'CloudEvents webhook (HTTPS)' : 'Storage queue (put message)',
      lines: [
        ...(props.webhook?.entraAuth ? ['Entra ID token for the webhook registration'] : []),
        `${retry.maxDeliveryAttempts} attempts, then ${props.deadLetterContainer ? 'the dead-letter container' : 'dropped'} (HOOK-3)`,
      ],
    });
    let webhookEndpoint: EventgridEventSubscriptionConfig['webhookEndpoint'];
    if (props.webhook) {
      webhookEndpoint = this.checkWebhook(props.webhook, schema);
    }
    if (props.queue) {
      refuseUnreachable(this, 'queue.account.publicNetworkAccess', props.queue.account, StorageService.QUEUE, { who: 'Event Grid (which delivers into the queue)', trustedService: true });
      this.grants.push(props.queue.grantSend(props.topic.identity, `${id}-delivery`));
    }

    const common = {
      name,
      eventDeliverySchema: schema,
      retryPolicy: { maxDeliveryAttempts: retry.maxDeliveryAttempts, eventTimeToLive: retry.eventTimeToLiveMinutes },
      ...(props.deadLetterContainer ? {
        storageBlobDeadLetterDestination: {
          storageAccountId: props.deadLetterContainer.accountId,
          storageBlobContainerName: props.deadLetterContainer.containerName,
        },
        deadLetterIdentity: { type: 'SystemAssigned' },
      } : {}),
      ...(webhookEndpoint ? { webhookEndpoint } : {}),
      ...(props.queue ? {
        storageQueueEndpoint: { storageAccountId: props.queue.accountId, queueName: props.queue.queueName },
        deliveryIdentity: { type: 'SystemAssigned' },
      } : {}),
      ...(props.includedEventTypes ? { includedEventTypes: props.includedEventTypes } : {}),
      ...(props.subjectBeginsWith || props.subjectEndsWith ? {
        subjectFilter: {
          ...(props.subjectBeginsWith ? { subjectBeginsWith: props.subjectBeginsWith } : {}),
          ...(props.subjectEndsWith ? { subjectEndsWith: props.subjectEndsWith } : {}),
        },
      } : {}),
      // Event Grid checks its write access when the subscription is created: grants first.
      dependsOn: this.grants,
    };
    this.subscription = props.topic.kind === EventGridTopicKind.SYSTEM
      ? new EventgridSystemTopicEventSubscription(this, 'subscription', {
        ...common, systemTopic: props.topic.topicName, resourceGroupName: props.topic.resourceGroupName,
      })
      : new EventgridEventSubscription(this, 'subscription', { ...common, scope: props.topic.topicId });
    // What answers the handshake, ahead of the grants.
    const readyAfter = (props.webhook?.readyAfter ?? []).filter((a) => !(this.subscription.dependsOn ?? []).includes(a));
    if (readyAfter.length > 0) this.subscription.dependsOn = [...readyAfter, ...(this.subscription.dependsOn ?? [])];
  }

  /** A webhook API of this app that checks an Entra ID token gets one, for its tenant and application. */
  private checkWebhookToken(webhook: WebhookDestination): void {
    const endpoint = webhookEndpointAt(this, webhook.url);
    const accepts = endpoint?.accepts;
    if (!endpoint || !accepts) return;
    const given = webhook.entraAuth;
    if (!given) {
      refuse(this, {
        lesson: 'ACCESS', setting: 'webhook.entraAuth', given: undefined,
        problem: `${endpoint.owner.node.path} accepts deliveries only with Event Grid's Entra ID token, and this subscription sends none: every delivery answers 401 and ends dead-lettered.`,
        fix: 'give webhook.entraAuth the API\'s registration (WebhookApi.destination(route) carries it).',
      });
    }
    const shown = (v: string) => String(resolveIn(this, v));
    for (const [setting, mine, theirs] of [['tenantId', given.tenantId, accepts.tenantId], ['applicationIdOrUri', given.applicationIdOrUri, accepts.applicationIdOrUri]] as const) {
      if (shown(mine).toLowerCase() !== shown(theirs).toLowerCase()) {
        refuse(this, {
          lesson: 'ACCESS', setting: `webhook.entraAuth.${setting}`, given: shown(mine),
          problem: `${endpoint.owner.node.path} accepts tokens for ${shown(theirs)}, and this subscription asks Event Grid for one for ${shown(mine)}: every delivery answers 401 and ends dead-lettered.`,
          fix: 'give the API\'s own registration (WebhookApi.destination(route) carries it, or the same WebhookRegistration.entraAuth).',
        });
      }
    }
  }

  private checkWebhook(webhook: WebhookDestination, schema: EventDeliverySchema): NonNullable<EventgridEventSubscriptionConfig['webhookEndpoint']> {
    // What is known at synth: `http://${host}/x` and `Fn.join('', ['http://', host])` show their scheme.
    const known = knownPartsOf(this, webhook.url);
    const shown = Token.isUnresolved(webhook.url) ? String(resolveIn(this, webhook.url)) : webhook.url;
    if (startsKnown(known) && !known.toLowerCase().startsWith('https://')) {
      refuse(this, {
        lesson: 'HOOK-1', setting: 'webhook.url', given: shown,
        problem: 'Event Grid delivers to HTTPS endpoints only, and events would cross the network in clear text.', fix: 'give the https:// URL of the endpoint.',
      });
    }
    if (known !== undefined && /[?&]code=/i.test(known)) {
      refuse(this, {
        lesson: 'SEC-1', setting: 'webhook.url', given: shown.replace(/([?&]code=)[^&]*/gi, '$1…'),
        problem: 'the URL carries a function key (?code=): a secret in the subscription\'s configuration and the Terraform state, and anyone who reads either can call the function.',
        fix: 'drop the key and protect the endpoint with Entra ID: webhook.entraAuth (Event Grid sends a token for the registration), or deliver through the gateway (WebhookApi).',
      });
    }
    this.checkWebhookToken(webhook);
    const batch = webhook.maxEventsPerBatch ?? 1;
    requireRange(this, batch, {
      min: 1, max: 5000, setting: 'webhook.maxEventsPerBatch', lesson: 'AZURE', problem: 'Event Grid batches 1-5000 events.', fix: 'use 1 (the default) or up to 5000.',
    });
    const size = webhook.preferredBatchSizeKb ?? 64;
    requireRange(this, size, {
      min: 1, max: 1024, setting: 'webhook.preferredBatchSizeKb', lesson: 'AZURE', problem: 'the preferred batch size is 1-1024 KiB.', fix: 'use 64 (the default).',
    });
    if (webhook.handshakeAnsweredByGateway && schema === EventDeliverySchema.EVENT_GRID) {
      refuse(this, {
        lesson: 'HOOK-1', setting: 'deliverySchema', given: schema,
        problem: 'the gateway answers the CloudEvents handshake only: Event Grid\'s own validation event is a POST whose code must be echoed, which its policy answers with 415, and the apply fails.',
        fix: 'deliver CloudEvents (EventDeliverySchema.CLOUD_EVENTS, the default).',
      });
    }
    if (!webhook.handshakeAnsweredByGateway) {
      const cold = webhook.receiver === undefined || webhook.receiver.warmInstances < 1;
      if (cold) {
        warn(this, {
          id: 'HOOK-1.ColdWebhookReceiver', lesson: 'HOOK-1', setting: 'webhook.receiver', given: webhook.receiver ? webhook.receiver.warmInstances : undefined,
          problem: `${webhook.receiver ? webhook.receiver.name : webhook.url} may be cold when the subscription is created: ${schema === EventDeliverySchema.EVENT_GRID
            ? 'the validation event must be answered within 30 s' : 'the OPTIONS handshake must be answered'}, or the apply fails with "Webhook validation handshake failed".`,
          fix: 'keep at least one instance warm (minReplicas >= 1, or always-ready HTTP instances), or let the gateway answer the handshake (WebhookApi).',
        });
      }
    }
    return {
      url: webhook.url,
      maxEventsPerBatch: batch,
      preferredBatchSizeInKilobytes: size,
      ...(webhook.entraAuth ? { activeDirectoryTenantId: webhook.entraAuth.tenantId, activeDirectoryAppIdOrUri: webhook.entraAuth.applicationIdOrUri } : {}),
    };
  }
}
