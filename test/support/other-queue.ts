import { Construct, IConstruct } from 'constructs';
import { MessageLifetime } from '../../constructs/core/queue-lifetimes';
import { Grant } from '../../constructs/identity/grant';
import { grantOn } from '../../constructs/identity/grant-on';
import { IPrincipal } from '../../constructs/identity/principal';
import { BuiltInRole } from '../../constructs/identity/roles';
import { QueueDelivery } from '../../constructs/policy/queue-delivery';
import { IMessageQueue, QueueMetric, QueueScaleRule } from '../../constructs/resource/message-queue';
import { ResourceCaller } from '../../constructs/resource/reachability';

const SENDER = BuiltInRole.of('Azure Service Bus Data Sender', '69a216fc-b8fb-44d8-bc22-1f3c2cd27a39');
const RECEIVER = BuiltInRole.of('Azure Service Bus Data Receiver', '4f6d3b9b-027b-4f4c-9142-0e5a2a2247e0');
const NAMESPACE_ID = '/subscriptions/0/resourceGroups/rg-pay/providers/Microsoft.ServiceBus/namespaces/sb-pay';

/** Service Bus keeps a message up to 14 days here (the test's choice), and locks it up to 5 minutes. */
export const OTHER_LIFETIME: MessageLifetime = { service: 'Service Bus', minTtlSeconds: 1, maxTtlSeconds: 1_209_600, maxVisibilityTimeoutSeconds: 300 };

/**
 * A queue that is not a Storage queue, shaped like a Service Bus queue, written only against
 * `IMessageQueue`: what a later queue service would give the consumer, the intake API and the
 * alerts. The callers it was checked from are recorded (`reachedFrom`).
 */
export class OtherQueue extends Construct implements IMessageQueue {
  public readonly queueName: string;
  public readonly queueId: string;
  public readonly url: string;
  public readonly serviceUrl = 'https://sb-pay.servicebus.windows.net';
  public readonly poisonQueue?: IMessageQueue;
  public readonly delivery: QueueDelivery;
  public readonly lifetime: MessageLifetime;
  public readonly backlogMetric: QueueMetric;
  public readonly scaleRule: QueueScaleRule;
  public readonly reachedFrom: { setting: string; caller: ResourceCaller }[] = [];
  /** Where its roles are granted: the queue itself, or for a dead-letter queue its parent (Azure has no resource for `$DeadLetterQueue`). */
  private readonly grantsOn: OtherQueue;

  /** `maxDeliveries`: the deliveries after which it dead-letters a message itself (Service Bus's maxDeliveryCount). */
  constructor(scope: Construct, id: string, name: string, options: { deadLetters?: boolean; parent?: OtherQueue; maxDeliveries?: number } = {}) {
    super(scope, id);
    this.lifetime = options.maxDeliveries === undefined ? OTHER_LIFETIME : { ...OTHER_LIFETIME, maxDeliveries: options.maxDeliveries };
    this.queueName = name;
    this.queueId = `${NAMESPACE_ID}/queues/${name}`;
    this.grantsOn = options.parent ?? this;
    this.url = `${this.serviceUrl}/${name}`;
    this.delivery = {
      queueUrl: this.url,
      sendUrl: `${this.url}/messages`,
      headers: [{ name: 'BrokerProperties', value: '{"TimeToLive":{ttl}}' }, { name: 'Content-Type', value: 'application/json' }],
      bodyLines: ['return message.ToString(Newtonsoft.Json.Formatting.None);'],
      tokenResource: 'https://servicebus.azure.net',
      acceptedStatus: 201,
      maxBodyBytes: 200 * 1024,
      lifetime: this.lifetime,
      protocol: 'HTTPS (Service Bus queue, send)',
    };
    this.backlogMetric = {
      scope: NAMESPACE_ID, metricNamespace: 'Microsoft.ServiceBus/namespaces', metricName: 'ActiveMessages', aggregation: 'Average',
      caveat: 'ActiveMessages is per queue.', dimensions: [{ name: 'EntityName', values: [name] }],
    };
    this.scaleRule = { customRuleType: 'azure-servicebus', metadata: { namespace: 'sb-pay', queueName: name }, targetMetadataKey: 'messageCount' };
    if (options.deadLetters) this.poisonQueue = new OtherQueue(this, 'dead-letters', `${name}/$DeadLetterQueue`, { parent: this });
  }

  /** On a dead-letter queue: Data Receiver on its queue (a receiver dead-letters a message; nobody sends to `$DeadLetterQueue`). */
  public grantSend(principal: IPrincipal, id?: string): Grant {
    return this.grantsOn === this ? this.grant('send', SENDER, principal, id) : this.grantsOn.grantProcess(principal, id);
  }

  public grantProcess(principal: IPrincipal, id?: string): Grant {
    return this.grantsOn.grant('process', RECEIVER, principal, id);
  }

  /** A role on this queue (called on the parent for its dead-letter queue's grants). */
  private grant(prefix: string, role: BuiltInRole, principal: IPrincipal, id?: string): Grant {
    return grantOn(this, prefix, role, principal, this.queueId, id);
  }

  public arrivalsQuery(measure: string): string {
    return `AzureMetrics | where MetricName == "DeadletteredMessages" and Resource == "${this.queueName}" | summarize ${measure} = max(Maximum)`;
  }

  public checkReachableFrom(_scope: IConstruct, setting: string, caller: ResourceCaller): void {
    this.reachedFrom.push({ setting, caller });
  }
}
