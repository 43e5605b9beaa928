import { Construct } from 'constructs';
import { MonitorScheduledQueryRulesAlertV2 } from '@cdktf/provider-azurerm/lib/monitor-scheduled-query-rules-alert-v2';

/** Where a construct's log alerts go: names, scope and the action group. */
export interface LogAlertTarget {
  readonly namePrefix: string;
  readonly resourceGroupName: string;
  readonly location: string;
  /** What the query reads: a workspace or an Application Insights component. */
  readonly scope: string;
  readonly actionGroupId?: string;
}

/** One log alert of a construct's alerts. */
export interface LogAlertSpec {
  readonly id: string;
  readonly description: string;
  /** A query that ends in one `summarize <measure> = ...` row. */
  readonly query: string;
  readonly measure: string;
  readonly threshold: number;
  readonly severity: number;
}

/**
 * A 5-minute log alert on a query that returns one row with a count: the alert compares the
 * count (`Total` of the measure column), not the number of rows, which is always 1.
 */
export function logAlert(scope: Construct, target: LogAlertTarget, spec: LogAlertSpec): MonitorScheduledQueryRulesAlertV2 {
  return new MonitorScheduledQueryRulesAlertV2(scope, spec.id, {
    name: `${target.namePrefix}-${spec.id}`,
    resourceGroupName: target.resourceGroupName,
    location: target.location,
    description: spec.description,
    scopes: [target.scope],
    severity: spec.severity,
    evaluationFrequency: 'PT5M',
    windowDuration: 'PT5M',
    criteria: [{ query: spec.query, timeAggregationMethod: 'Total', metricMeasureColumn: spec.measure, operator: 'GreaterThanOrEqual', threshold: spec.threshold }],
    autoMitigationEnabled: true,
    ...(target.actionGroupId !== undefined ? { action: { actionGroups: [target.actionGroupId] } } : {}),
  });
}
