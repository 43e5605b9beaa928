import { Construct } from 'constructs';
import { LogAnalyticsWorkspace } from '@cdktf/provider-azurerm/lib/log-analytics-workspace';
import { NAME_RULES, checkName } from '../core/naming';
import { refuse, requireRange } from '../core/validation';

export interface LogAnalyticsProps {
  readonly name: string;
  readonly resourceGroupName: string;
  readonly location: string;
  /**
   * Days the workspace keeps data (Azure allows 30 to 730 on PerGB2018).
   * @default 30
   */
  readonly retentionInDays?: number;
  /**
   * Daily ingestion cap in GB, a cost guard for non-production environments.
   * @default - no cap
   */
  readonly dailyQuotaGb?: number;
}

/** A Log Analytics workspace that accepts only Entra ID (no shared keys for queries or ingestion, SEC-1). */
export class LogAnalytics extends Construct {
  public readonly workspace: LogAnalyticsWorkspace;
  /** Resource id, for diagnostic settings and Container Apps environments. */
  public readonly workspaceId: string;

  constructor(scope: Construct, id: string, props: LogAnalyticsProps) {
    super(scope, id);
    checkName(this, 'name', props.name, NAME_RULES.logAnalyticsWorkspace);
    const retentionInDays = props.retentionInDays ?? 30;
    requireRange(this, retentionInDays, {
      min: 30, max: 730, setting: 'retentionInDays', lesson: 'AZURE',
      problem: 'Log Analytics (PerGB2018) keeps data for 30 to 730 days.', fix: 'choose a value from 30 to 730.',
    });
    if (props.dailyQuotaGb !== undefined && !(props.dailyQuotaGb > 0)) {
      refuse(this, {
        lesson: 'AZURE', setting: 'dailyQuotaGb', given: props.dailyQuotaGb,
        problem: 'a daily cap is a positive number of GB.', fix: 'give e.g. 1, or leave it unset for no cap.',
      });
    }
    this.workspace = new LogAnalyticsWorkspace(this, 'workspace', {
      name: props.name,
      resourceGroupName: props.resourceGroupName,
      location: props.location,
      sku: 'PerGB2018',
      retentionInDays,
      localAuthenticationEnabled: false,
      ...(props.dailyQuotaGb !== undefined ? { dailyQuotaGb: props.dailyQuotaGb } : {}),
    });
    this.workspaceId = this.workspace.id;
  }
}
