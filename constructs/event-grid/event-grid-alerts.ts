import { Construct } from 'constructs';
import { MonitorMetricAlert } from '@cdktf/provider-azurerm/lib/monitor-metric-alert';
import { requireRange, warn } from '../core/validation';
import { EventGridTopicKind, IEventGridTopic } from './event-grid-topic';

export interface EventGridAlertsProps {
  readonly topic: IEventGridTopic;
  readonly resourceGroupName: string;
  /** Prefix of the alert names. */
  readonly namePrefix: string;
  /** @default - none: a warning asks for one */
  readonly actionGroupId?: string;
  /** Failed delivery attempts per 15 minutes that count as a receiver in trouble. @default 10 */
  readonly failedAttemptsThreshold?: number;
}

/**
 * Event Grid's delivery alerts on a topic (HOOK-3): any dead-lettered event, any dropped event
 * (no dead-letter destination, or it failed), and failed delivery attempts above a threshold.
 */
export class EventGridAlerts extends Construct {
  public readonly deadLettered: MonitorMetricAlert;
  public readonly dropped: MonitorMetricAlert;
  public readonly failedAttempts: MonitorMetricAlert;

  constructor(scope: Construct, id: string, props: EventGridAlertsProps) {
    super(scope, id);
    const failed = props.failedAttemptsThreshold ?? 10;
    requireRange(this, failed, {
      min: 1, max: 1_000_000, setting: 'failedAttemptsThreshold', lesson: 'HOOK-3', problem: 'the threshold is a whole number of attempts, at least 1.', fix: 'use e.g. 10.',
    });
    if (props.actionGroupId === undefined) {
      warn(this, {
        id: 'HOOK-3.EventGridAlertsWithoutActionGroup', lesson: 'HOOK-3', setting: 'actionGroupId', given: undefined,
        problem: 'dead-lettered and dropped events would only show in the portal.', fix: 'give an action group that mails or pages the team.',
      });
    }
    const namespace = props.topic.kind === EventGridTopicKind.SYSTEM ? 'Microsoft.EventGrid/systemTopics' : 'Microsoft.EventGrid/topics';
    const alert = (alertId: string, metricName: string, threshold: number, severity: number, description: string) => new MonitorMetricAlert(this, alertId, {
      name: `${props.namePrefix}-${alertId}`,
      resourceGroupName: props.resourceGroupName,
      scopes: [props.topic.topicId],
      description,
      severity,
      frequency: 'PT5M',
      windowSize: 'PT15M',
      autoMitigate: true,
      criteria: [{ metricNamespace: namespace, metricName, aggregation: 'Total', operator: threshold === 0 ? 'GreaterThan' : 'GreaterThanOrEqual', threshold }],
      ...(props.actionGroupId !== undefined ? { action: [{ actionGroupId: props.actionGroupId }] } : {}),
    });
    this.deadLettered = alert('dead-lettered', 'DeadLetteredCount', 0, 2, 'HOOK-3: events reached the dead-letter container after every retry: replay them once the receiver is fixed.');
    this.dropped = alert('dropped', 'DroppedEventCount', 0, 1, 'HOOK-3: Event Grid dropped events: they are gone unless a dead-letter destination caught them.');
    this.failedAttempts = alert('failed-attempts', 'DeliveryAttemptFailCount', failed, 3, `HOOK-1: at least ${failed} delivery attempts failed in 15 minutes: the receiver is down, cold or answering 5xx.`);
  }
}
