import { IConstruct } from 'constructs';
import { MessageLifetime } from '../core/queue-lifetimes';
import { Grant } from '../identity/grant';
import { IPrincipal } from '../identity/principal';
import { QueueDelivery } from '../policy/queue-delivery';
import { ResourceCaller } from './reachability';

/** A dimension a queue metric is split by (a namespace-wide metric narrowed to one queue). */
export interface QueueMetricDimension {
  readonly name: string;
  readonly values: string[];
}

/** The metric that counts a queue's waiting messages, as a metric alert reads it. */
export interface QueueMetric {
  /** The resource id the metric is read on (the alert's scope). */
  readonly scope: string;
  readonly metricNamespace: string;
  readonly metricName: string;
  /** e.g. `Average`. */
  readonly aggregation: string;
  /** What the alert's description says about the metric, e.g. `QueueMessageCount is per account and refreshes slowly.` */
  readonly caveat: string;
  /** @default - none: the metric is the queue's own */
  readonly dimensions?: QueueMetricDimension[];
}

/**
 * The KEDA scaler a Container App that scales on the queue's backlog uses (a `custom_scale_rule`),
 * authenticated with the app's managed identity: no connection string.
 */
export interface QueueScaleRule {
  /** KEDA scaler type, e.g. `azure-queue`. */
  readonly customRuleType: string;
  /** The scaler's metadata that names the queue (e.g. `accountName`, `queueName`). */
  readonly metadata: { [key: string]: string };
  /** The metadata key of the backlog per replica the consumer adds (e.g. `queueLength`). */
  readonly targetMetadataKey: string;
}

/**
 * A message queue as the services that use it see it, as aws-sqs's `IQueue`: a Storage queue
 * (`StorageAccount.addQueue`), or any later queue, implements it. What a writer, a consumer and
 * the alerts need is here: the grants, where it is and how to reach it with Entra ID, its poison
 * queue, how long it keeps a message, the metric of its backlog and the KEDA scaler, so
 * `PacedQueueConsumer`, `QueueIntakeApi` and `OutboundAlerts` name no queue service.
 */
export interface IMessageQueue extends IConstruct {
  /** The queue's name. */
  readonly queueName: string;
  /** Resource Manager id: the scope of the queue's grants. */
  readonly queueId: string;
  /** The queue's own URL. */
  readonly url: string;
  /** What a queue client connects to (the service's endpoint, e.g. `https://<account>.queue.core.windows.net`). */
  readonly serviceUrl: string;
  /**
   * Where a consumer moves a message after its last attempt. Its `grantSend` grants what moving a
   * message there takes: on a Storage poison queue, putting messages on it; on a Service Bus
   * dead-letter queue (no Azure resource of its own; a message gets there when its receiver
   * dead-letters it), Data Receiver on the queue, which is the consumer's process grant again.
   * @default - none
   */
  readonly poisonQueue?: IMessageQueue;
  /** How a caller with a managed identity puts a message on it over HTTPS (the gateway's send policy). */
  readonly delivery: QueueDelivery;
  /** How long the queue keeps, and hides, a message: what writers and consumers are checked against. */
  readonly lifetime: MessageLifetime;
  /** The metric of the waiting messages (the backlog alert). */
  readonly backlogMetric: QueueMetric;
  /** The KEDA scaler for a consumer that scales on the backlog. */
  readonly scaleRule: QueueScaleRule;
  /** Put messages. @param id construct id of the grant; @default - the principal's grant key */
  grantSend(principal: IPrincipal, id?: string): Grant;
  /** Receive, and delete or settle, messages. @param id @default - the principal's grant key */
  grantProcess(principal: IPrincipal, id?: string): Grant;
  /** A log query that counts the messages put on this queue (the poisoned-messages alert), the count in column `measure`. */
  arrivalsQuery(measure: string): string;
  /**
   * Refuse, at synth, a queue `caller` cannot reach (SEC-1: the public endpoint off, no private
   * endpoint in the caller's network). `setting` names the property that holds the queue
   * (`queue`); a queue another team owns passes.
   */
  checkReachableFrom(scope: IConstruct, setting: string, caller: ResourceCaller): void;
}
