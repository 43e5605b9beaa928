import { Construct, IConstruct } from 'constructs';
import { LogAnalyticsWorkspace } from '@cdktf/provider-azurerm/lib/log-analytics-workspace';
import { Production } from '../core/production';
import { refuse, requireRange } from '../core/validation';
import { Grant } from '../identity/grant';
import { IPrincipal } from '../identity/principal';
import { AzureResource, nameOfResourceId } from '../resource/azure-resource';
import { openResource } from '../resource/resource-checks';
import { LOG_ANALYTICS_SERVICE } from './log-analytics-service';

/** A Log Analytics workspace, created here (`LogAnalytics`) or owned by another team (`LogAnalytics.fromExisting`). */
export interface ILogAnalyticsWorkspace extends IConstruct {
  /** Resource id, for diagnostic settings and Container Apps environments. */
  readonly workspaceId: string;
  /** Let `principal` query the workspace (Log Analytics Reader). @param id @default - the principal's grant key */
  grantRead(principal: IPrincipal, id?: string): Grant;
}

/** What `LogAnalytics.fromExisting` needs to know. */
export interface LogAnalyticsAttributes {
  /** Resource id of the workspace. */
  readonly workspaceId: string;
}

/** What `LogAnalytics` and a reference to an existing workspace share. */
export abstract class LogAnalyticsBase extends AzureResource implements ILogAnalyticsWorkspace {
  public abstract readonly workspaceId: string;

  public get resourceId(): string {
    return this.workspaceId;
  }

  public grantRead(principal: IPrincipal, id?: string): Grant {
    return this.grantRole('read', LOG_ANALYTICS_SERVICE.roles.reader, principal, id);
  }
}

class ImportedLogAnalytics extends LogAnalyticsBase {
  constructor(scope: Construct, id: string, public readonly workspaceId: string) {
    super(scope, id);
  }

  /** The last segment of the workspace's resource id. */
  public get resourceName(): string {
    return nameOfResourceId(this.workspaceId);
  }
}

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
  /**
   * Terraform `prevent_destroy` on the workspace: it holds the audit trail (gateway, Key Vault and
   * network security group logs), which a replacing plan would lose.
   * @default - true in production
   */
  readonly protectFromDestroy?: boolean;
}

/** A Log Analytics workspace that accepts only Entra ID (no shared keys for queries or ingestion, SEC-1). */
export class LogAnalytics extends LogAnalyticsBase {
  /** A workspace another team owns. */
  public static fromExisting(scope: Construct, id: string, attributes: LogAnalyticsAttributes): ILogAnalyticsWorkspace {
    return new ImportedLogAnalytics(scope, id, attributes.workspaceId);
  }

  public readonly workspace: LogAnalyticsWorkspace;
  /** Resource id, for diagnostic settings and Container Apps environments. */
  public readonly workspaceId: string;
  public readonly resourceName: string;

  constructor(scope: Construct, id: string, props: LogAnalyticsProps) {
    super(scope, id);
    openResource(this, props, LOG_ANALYTICS_SERVICE.names.resource);
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
    Production.protectFromDestroy(this.workspace, props.protectFromDestroy);
    this.workspaceId = this.workspace.id;
    this.resourceName = this.workspace.name;
  }
}
