import { Construct } from 'constructs';
import { MonitorDiagnosticSetting } from '@cdktf/provider-azurerm/lib/monitor-diagnostic-setting';

export interface DiagnosticSettingsProps {
  /** Resource whose logs and metrics are sent. */
  readonly targetResourceId: string;
  /** Log Analytics workspace that receives them. */
  readonly workspaceId: string;
  /**
   * Log categories to send (e.g. `GatewayLogs`). Give categories or category groups, not both.
   * @default - the `allLogs` category group
   */
  readonly logCategories?: string[];
  /**
   * Log category groups to send, e.g. `allLogs` or `audit`.
   * @default ['allLogs'] when no categories are given
   */
  readonly logCategoryGroups?: string[];
  /**
   * Send the `AllMetrics` metric category as well.
   * @default true
   */
  readonly metrics?: boolean;
  /**
   * Metric categories to send instead of `AllMetrics`, for resource types that name their own
   * (Storage services: `Transaction`).
   * @default - `AllMetrics` when `metrics` is on
   */
  readonly metricCategories?: string[];
  /**
   * Write rows to resource-specific tables (`Dedicated`), not the legacy `AzureDiagnostics`
   * table (GW-10). Turn off only for resource types that do not support it.
   * @default true
   */
  readonly dedicated?: boolean;
  /**
   * Name of the diagnostic setting on the resource.
   * @default 'to-log-analytics'
   */
  readonly name?: string;
}

/** Sends a resource's logs and metrics to Log Analytics, into resource-specific tables by default. */
export class DiagnosticSettings extends Construct {
  public readonly setting: MonitorDiagnosticSetting;

  constructor(scope: Construct, id: string, props: DiagnosticSettingsProps) {
    super(scope, id);
    const categories = props.logCategories ?? [];
    const groups = props.logCategoryGroups ?? (categories.length === 0 ? ['allLogs'] : []);
    this.setting = new MonitorDiagnosticSetting(this, 'setting', {
      name: props.name ?? 'to-log-analytics',
      targetResourceId: props.targetResourceId,
      logAnalyticsWorkspaceId: props.workspaceId,
      ...((props.dedicated ?? true) ? { logAnalyticsDestinationType: 'Dedicated' } : {}),
      enabledLog: [
        ...categories.map((category) => ({ category })),
        ...groups.map((categoryGroup) => ({ categoryGroup })),
      ],
      ...((props.metrics ?? true) ? { enabledMetric: (props.metricCategories ?? ['AllMetrics']).map((category) => ({ category })) } : {}),
    });
  }
}
