import { Construct } from 'constructs';
import { MonitorMetricAlert } from '@cdktf/provider-azurerm/lib/monitor-metric-alert';
import { MonitorScheduledQueryRulesAlertV2 } from '@cdktf/provider-azurerm/lib/monitor-scheduled-query-rules-alert-v2';
import { refuse, requireRange, warn } from '../core/validation';
import { IMessageQueue } from '../resource/message-queue';
import { logAlert } from '../monitoring/log-alert';
import { GatewayQuery, QueryPackCategory } from '../monitoring/query-pack';
import { AzureRegion } from '../core/azure-region';

/** Calls the gateway answered 503 for the provider API without calling it: the breaker is open (or the provider unreachable). */
export function breakerOpenQuery(apiName: string): string {
  return `ApiManagementGatewayLogs
| where ApiId == "${apiName}" and ResponseCode == 503 and (isnull(BackendResponseCode) or BackendResponseCode == 0)
| summarize Rejected = count()`;
}

/** The provider's 429s and 503s as the gateway saw them, per 5 minutes. */
export function providerThrottlingQuery(apiName: string): string {
  return `ApiManagementGatewayLogs
| where ApiId == "${apiName}" and BackendResponseCode in (429, 503)
| summarize Throttled = countif(BackendResponseCode == 429), Unavailable = countif(BackendResponseCode == 503) by bin(TimeGenerated, 5m)
| order by TimeGenerated desc`;
}

/** The provider's 429s and 503s in one count, for the alert. */
export function providerThrottledCallsQuery(apiName: string): string {
  return `ApiManagementGatewayLogs
| where ApiId == "${apiName}" and BackendResponseCode in (429, 503)
| summarize Seen = count()`;
}

/** The saved queries for a provider API, for `GatewayQueryPack({ queries })`. */
export function providerQueries(apiName: string): GatewayQuery[] {
  return [
    {
      key: `provider-throttling-${apiName}`, displayName: `Provider 429s and 503s (${apiName})`,
      description: 'PAY-2, PAY-3: how often the provider answered 429 (out of budget) or 503 (maintenance), per 5 minutes.',
      body: providerThrottlingQuery(apiName), categories: [QueryPackCategory.MONITOR],
    },
    {
      key: `provider-breaker-${apiName}`, displayName: `Calls failed fast by the breaker (${apiName})`,
      description: 'GW-7, PAY-3: 503s the gateway answered without calling the provider.',
      body: breakerOpenQuery(apiName), categories: [QueryPackCategory.MONITOR],
    },
  ];
}

export interface OutboundAlertsProps {
  readonly resourceGroupName: string;
  readonly location: string;
  /** Prefix of the alert names. */
  readonly namePrefix: string;
  /** The workspace with the gateway's and the queue's logs. */
  readonly workspaceId: string;
  /** The queue the consumer drains: its backlog metric is watched (`IMessageQueue.backlogMetric`). */
  readonly queue: IMessageQueue;
  /**
   * The queue poisoned messages go to: messages put on it raise the alert (`IMessageQueue.arrivalsQuery`).
   * @default - the queue's own poison queue (`queue.poisonQueue`); refused when it has none
   */
  readonly poisonQueue?: IMessageQueue;
  /** The provider API's name on the gateway. */
  readonly providerApiName: string;
  /** What the consumer drains per minute (the budget): the backlog threshold is this x `maxAgeMinutes`. */
  readonly drainPerMinute: number;
  /**
   * How old the oldest waiting message may get, in minutes. A Storage queue measures no message age;
   * at a steady drain a backlog of `drainPerMinute x maxAgeMinutes` means the newest message
   * waits that long.
   * @default 60
   */
  readonly maxAgeMinutes?: number;
  /** @default - none: a warning asks for one */
  readonly actionGroupId?: string;
}

/**
 * The alerts of an outbound path (LIM-5, PAY-3): messages in the poison queue (from the queue's
 * logs), a backlog older than `maxAgeMinutes` at the budget's drain rate (the queue's backlog metric), the
 * provider breaker open, the provider's 429s and 503s, each to the action group.
 */
export class OutboundAlerts extends Construct {
  public readonly poisoned: MonitorScheduledQueryRulesAlertV2;
  public readonly breakerOpen: MonitorScheduledQueryRulesAlertV2;
  public readonly providerThrottling: MonitorScheduledQueryRulesAlertV2;
  public readonly backlog: MonitorMetricAlert;

  constructor(scope: Construct, id: string, props: OutboundAlertsProps) {
    super(scope, id);
    AzureRegion.check(this, 'location', props.location);
    const maxAge = props.maxAgeMinutes ?? 60;
    requireRange(this, maxAge, {
      min: 1, max: 10_080, setting: 'maxAgeMinutes', lesson: 'LIM-5', problem: 'the age to alert on is 1 minute to 7 days.', fix: 'use e.g. 60.',
    });
    if (props.actionGroupId === undefined) {
      warn(this, {
        id: 'PAY-3.OutboundAlertsWithoutActionGroup', lesson: 'PAY-3', setting: 'actionGroupId', given: undefined,
        problem: 'parked charges and an open breaker would only show in the portal.', fix: 'give an action group that mails or pages the team.',
      });
    }
    const poisonQueue = props.poisonQueue ?? props.queue.poisonQueue;
    if (poisonQueue === undefined) {
      refuse(this, {
        lesson: 'PAY-3', setting: 'poisonQueue', given: undefined,
        problem: 'the queue has no poison queue and none is given: parked messages would raise no alert.',
        fix: 'give poisonQueue, or the queue the consumer drains with its own poison queue.',
      });
    }
    const target = {
      namePrefix: props.namePrefix, resourceGroupName: props.resourceGroupName, location: props.location,
      scope: props.workspaceId, actionGroupId: props.actionGroupId,
    };
    this.poisoned = logAlert(this, target, {
      id: 'poisoned-charges', description: 'PAY-3: charges reached the poison queue after every attempt: replay them once the cause is fixed.',
      query: poisonQueue.arrivalsQuery('Poisoned'), measure: 'Poisoned', threshold: 1, severity: 1,
    });
    this.breakerOpen = logAlert(this, target, {
      id: 'provider-breaker-open', description: 'GW-7, PAY-3: the gateway fails provider calls fast: the breaker is open (or the provider unreachable).',
      query: breakerOpenQuery(props.providerApiName), measure: 'Rejected', threshold: 1, severity: 2,
    });
    this.providerThrottling = logAlert(this, target, {
      id: 'provider-throttling', description: 'PAY-2: the provider answers 429 or 503: the budget is exceeded or the provider is in maintenance.',
      query: providerThrottledCallsQuery(props.providerApiName), measure: 'Seen', threshold: 1, severity: 2,
    });
    const threshold = Math.max(1, Math.round(props.drainPerMinute * maxAge));
    const metric = props.queue.backlogMetric;
    this.backlog = new MonitorMetricAlert(this, 'backlog', {
      name: `${props.namePrefix}-backlog`,
      resourceGroupName: props.resourceGroupName,
      scopes: [metric.scope],
      description: `LIM-5: more than ${threshold} messages wait (${props.drainPerMinute}/min x ${maxAge} min): the newest waits about ${maxAge} minutes. ${metric.caveat}`,
      severity: 2,
      frequency: 'PT1H',
      windowSize: 'PT6H',
      autoMitigate: true,
      criteria: [{
        metricNamespace: metric.metricNamespace, metricName: metric.metricName,
        aggregation: metric.aggregation, operator: 'GreaterThan', threshold,
        ...(metric.dimensions ? { dimension: metric.dimensions.map((d) => ({ name: d.name, operator: 'Include', values: d.values })) } : {}),
      }],
      ...(props.actionGroupId !== undefined ? { action: [{ actionGroupId: props.actionGroupId }] } : {}),
    });
  }
}
