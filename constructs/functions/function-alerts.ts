import { Construct } from 'constructs';
import { MonitorMetricAlert } from '@cdktf/provider-azurerm/lib/monitor-metric-alert';
import { MonitorScheduledQueryRulesAlertV2 } from '@cdktf/provider-azurerm/lib/monitor-scheduled-query-rules-alert-v2';
import { logAlert } from '../monitoring/log-alert';
import { requireRange, warn } from '../core/validation';
import { IStorageAccount } from '../storage/storage-account';
import { ApplicationInsights } from './application-insights';
import { AzureRegion } from '../core/azure-region';

/** Function executions that failed (Application Insights `requests`), per 5 minutes. */
export const FAILED_EXECUTIONS_QUERY = `requests
| where success == false
| summarize Failures = count()`;

/**
 * Messages the Functions host moved to a poison queue: it logs "Message has reached
 * MaxDequeueCount of <n>. Moving message to queue '<queue>-poison'" each time.
 */
export const POISONED_MESSAGES_QUERY = `traces
| where message has "MaxDequeueCount"
| summarize Poisoned = count()`;

export interface FunctionAlertsProps {
  /** Where the function app sends its telemetry. */
  readonly applicationInsights: ApplicationInsights;
  /** The storage account with the app's queues. */
  readonly storage: IStorageAccount;
  readonly resourceGroupName: string;
  readonly location: string;
  /** Prefix of the alert names, e.g. the app name. */
  readonly namePrefix: string;
  /** Action group told when an alert fires. @default - none: a warning asks for one */
  readonly actionGroupId?: string;
  /** Failed executions in 5 minutes that fire the failure alert. @default 1 */
  readonly failedExecutionsThreshold?: number;
  /**
   * Messages waiting in all queues of the account that fire the backlog alert. Azure measures
   * `QueueMessageCount` for the account as a whole, not per queue, and refreshes it about once a
   * day: this is the slow signal; the poison alert is the fast one.
   * @default 1000
   */
  readonly queuedMessagesThreshold?: number;
}

/**
 * Alerts where a failure is otherwise silent: failed executions and poisoned messages (log
 * alerts on Application Insights, every 5 minutes), and a queue backlog (a metric alert on the
 * account's queue service), to an action group.
 */
export class FunctionAlerts extends Construct {
  public readonly failedExecutions: MonitorScheduledQueryRulesAlertV2;
  public readonly poisonedMessages: MonitorScheduledQueryRulesAlertV2;
  public readonly queueBacklog: MonitorMetricAlert;

  constructor(scope: Construct, id: string, props: FunctionAlertsProps) {
    super(scope, id);
    AzureRegion.check(this, 'location', props.location);
    const failures = props.failedExecutionsThreshold ?? 1;
    requireRange(this, failures, {
      min: 1, max: 100_000, setting: 'failedExecutionsThreshold', lesson: 'AZURE',
      problem: 'the threshold is a whole number of failures, at least 1.', fix: 'use 1 to hear about every failure.',
    });
    const backlog = props.queuedMessagesThreshold ?? 1000;
    requireRange(this, backlog, {
      min: 1, max: Number.MAX_SAFE_INTEGER, setting: 'queuedMessagesThreshold', lesson: 'AZURE',
      problem: 'the threshold is a whole number of messages, at least 1.', fix: 'use e.g. 1000.',
    });
    if (props.actionGroupId === undefined) {
      warn(this, {
        id: 'PAY-3.FunctionAlertsWithoutActionGroup', lesson: 'PAY-3', setting: 'actionGroupId', given: undefined,
        problem: 'poisoned messages and failed executions would only show in the portal: parked work nobody looks at is lost work.',
        fix: 'give an action group that mails or pages the team.',
      });
    }
    const target = {
      namePrefix: props.namePrefix, resourceGroupName: props.resourceGroupName, location: props.location,
      scope: props.applicationInsights.componentId, actionGroupId: props.actionGroupId,
    };
    this.failedExecutions = logAlert(this, target, {
      id: 'failed-executions', description: `Function executions failed (at least ${failures} in 5 minutes).`,
      query: FAILED_EXECUTIONS_QUERY, measure: 'Failures', threshold: failures, severity: 2,
    });
    this.poisonedMessages = logAlert(this, target, {
      id: 'poisoned-messages',
      description: 'PAY-3: the Functions host moved messages to a poison queue after the maximum dequeue count: that work is parked until someone replays it.',
      query: POISONED_MESSAGES_QUERY, measure: 'Poisoned', threshold: 1, severity: 1,
    });
    this.queueBacklog = new MonitorMetricAlert(this, 'queue-backlog', {
      name: `${props.namePrefix}-queue-backlog`,
      resourceGroupName: props.resourceGroupName,
      scopes: [`${props.storage.accountId}/queueServices/default`],
      description: `More than ${backlog} messages wait in the account's queues (QueueMessageCount, refreshed about daily).`,
      severity: 3,
      frequency: 'PT1H',
      windowSize: 'P1D',
      autoMitigate: true,
      criteria: [{
        metricNamespace: 'Microsoft.Storage/storageAccounts/queueServices', metricName: 'QueueMessageCount',
        aggregation: 'Average', operator: 'GreaterThan', threshold: backlog,
      }],
      ...(props.actionGroupId !== undefined ? { action: [{ actionGroupId: props.actionGroupId }] } : {}),
    });
  }
}
