import { Construct } from 'constructs';
import { MonitorMetricAlert, MonitorMetricAlertCriteria } from '@cdktf/provider-azurerm/lib/monitor-metric-alert';
import { requireRange, warn } from '../core/validation';

/** Metric namespace of Azure Managed Redis in Azure Monitor. */
export const MANAGED_REDIS_METRIC_NAMESPACE = 'Microsoft.Cache/redisEnterprise';

/**
 * Values of the `errors` metric's `ErrorType` dimension that mean clients lose the cache, or
 * lose what was in it: the moments a Redis-backed limiter fails open (LIM-2).
 */
export const REDIS_FAILURE_ERROR_TYPES: readonly string[] = [
  'Failover', 'Dataloss', 'UnresponsiveClients', 'MicrosoftEntraAuthenticationFailure', 'MicrosoftEntraTokenExpired',
];

/** The LIM-2 alerts on the cache. */
export interface ManagedRedisAlertsProps {
  /**
   * Create the alerts. `false` removes them, with a warning: a Redis-backed limiter fails open
   * when Redis is unreachable, and someone must be told.
   * @default true
   */
  readonly enabled?: boolean;
  /**
   * Action group that is told when an alert fires (e-mail, pager, webhook).
   * @default - none: the alerts exist and show in the portal, and a LIM-2 warning asks for one
   */
  readonly actionGroupId?: string;
  /**
   * CPU (`percentProcessorTime`, busiest instance) above this percentage over 5 minutes fires
   * the saturation alert. Microsoft recommends CPU over `serverLoad`, which can read above 100 %.
   * @default 80
   */
  readonly cpuPercentThreshold?: number;
  /**
   * Memory (`usedmemorypercentage`, fullest instance) above this percentage over 5 minutes fires
   * the memory alert. With `NoEviction` a full cache refuses writes, so this is the early warning.
   * @default 80
   */
  readonly memoryPercentThreshold?: number;
  /**
   * Fewer connected clients than this over 5 minutes fires the "clients gone" alert: the
   * failure the `errors` metric cannot see (a network or firewall change, a private endpoint
   * removed, clients that cannot get a token), where the cache is healthy but nobody reaches it.
   * 0 turns the alert off.
   * @default 1 in production (the limiter's replicas always hold connections), 0 elsewhere
   *   (an idle development cache has no clients and would alert all day)
   */
  readonly minConnectedClients?: number;
}

/** The alert rules of one cache (LIM-2), under `scope` with ids `alert-<rule>`. */
export function createRedisAlerts(
  scope: Construct,
  cache: { readonly name: string; readonly resourceGroupName: string; readonly cacheId: string; readonly production: boolean },
  alerts: ManagedRedisAlertsProps,
): MonitorMetricAlert[] {
  if (alerts.enabled === false) {
    warn(scope, {
      id: 'LIM-2.RedisAlertsOff', lesson: 'LIM-2', setting: 'alerts.enabled', given: false,
      problem: 'a Redis-backed limiter fails open when Redis is unreachable, and without alerts nobody learns that the limits are off.',
      fix: 'keep the alerts (the default) and give them an actionGroupId.',
    });
    return [];
  }
  const cpu = alerts.cpuPercentThreshold ?? 80;
  const memory = alerts.memoryPercentThreshold ?? 80;
  const minClients = alerts.minConnectedClients ?? (cache.production ? 1 : 0);
  for (const [setting, value] of [['alerts.cpuPercentThreshold', cpu], ['alerts.memoryPercentThreshold', memory]] as const) {
    requireRange(scope, value, {
      min: 1, max: 99, setting, lesson: 'LIM-2',
      problem: 'the threshold is a whole percentage below 100: at 100 % the cache already refuses work.',
      fix: 'use e.g. 80, so there is time to scale before the limiter fails open.',
    });
  }
  requireRange(scope, minClients, {
    min: 0, max: 100_000, setting: 'alerts.minConnectedClients', lesson: 'LIM-2',
    problem: 'the threshold is a whole number of connections.',
    fix: 'use 1 (alert when every client is gone) or 0 to turn the alert off.',
  });
  if (alerts.actionGroupId === undefined) {
    warn(scope, {
      id: 'LIM-2.RedisAlertsWithoutActionGroup', lesson: 'LIM-2', setting: 'alerts.actionGroupId', given: undefined,
      problem: 'the Redis alerts fire in the portal only: a limiter that fails open while nobody is told looks like a quiet day.',
      fix: 'give alerts.actionGroupId (an azurerm_monitor_action_group that pages or mails the team).',
    });
  }
  const metric = (criteria: Omit<MonitorMetricAlertCriteria, 'metricNamespace'>): MonitorMetricAlertCriteria =>
    ({ metricNamespace: MANAGED_REDIS_METRIC_NAMESPACE, ...criteria });
  const rules: { id: string; severity: number; description: string; criteria: MonitorMetricAlertCriteria }[] = [
    {
      id: 'cpu', severity: 2,
      description: `LIM-2: CPU of the busiest Managed Redis instance above ${cpu} % for 5 minutes. A saturated cache times out, and a Redis-backed limiter then fails open. Scale up or spread hot keys.`,
      criteria: metric({ metricName: 'percentProcessorTime', aggregation: 'Maximum', operator: 'GreaterThan', threshold: cpu }),
    },
    {
      id: 'memory', severity: 2,
      description: `LIM-2: memory of the fullest Managed Redis instance above ${memory} % for 5 minutes. With NoEviction a full cache refuses writes; with eviction it drops counters. Scale up.`,
      criteria: metric({ metricName: 'usedmemorypercentage', aggregation: 'Maximum', operator: 'GreaterThan', threshold: memory }),
    },
    {
      id: 'failures', severity: 1,
      description: `LIM-2: Managed Redis reported ${REDIS_FAILURE_ERROR_TYPES.join(', ')}. Clients lost the cache or its data, and a Redis-backed limiter failed open meanwhile.`,
      criteria: metric({
        metricName: 'errors', aggregation: 'Maximum', operator: 'GreaterThan', threshold: 0,
        dimension: [{ name: 'ErrorType', operator: 'Include', values: [...REDIS_FAILURE_ERROR_TYPES] }],
      }),
    },
  ];
  if (minClients > 0) {
    rules.push({
      id: 'no-clients', severity: 1,
      description: `LIM-2: fewer than ${minClients} client connection(s) to Managed Redis for 5 minutes. The workloads cannot reach the cache (network, firewall, token), and a Redis-backed limiter is failing open.`,
      criteria: metric({ metricName: 'connectedclients', aggregation: 'Maximum', operator: 'LessThan', threshold: minClients }),
    });
  }
  return rules.map((rule) => new MonitorMetricAlert(scope, `alert-${rule.id}`, {
    name: `${cache.name}-${rule.id}`,
    resourceGroupName: cache.resourceGroupName,
    scopes: [cache.cacheId],
    description: rule.description,
    severity: rule.severity,
    frequency: 'PT5M',
    windowSize: 'PT5M',
    autoMitigate: true,
    criteria: [rule.criteria],
    ...(alerts.actionGroupId !== undefined ? { action: [{ actionGroupId: alerts.actionGroupId }] } : {}),
  }));
}
