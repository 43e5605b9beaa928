import { Construct } from 'constructs';
import { ContainerAppEnvironment } from '@cdktf/provider-azurerm/lib/container-app-environment';
import { NAME_RULES, checkName } from '../core/naming';
import { refuse } from '../core/validation';
import { DiagnosticSettings } from '../monitoring/diagnostic-settings';
import { IContainerAppsEnvironment } from './app-checks';

export interface ContainerAppsEnvironmentProps {
  readonly name: string;
  readonly resourceGroupName: string;
  readonly location: string;
  /**
   * Log Analytics workspace that receives container console and system logs (ING-3: read the
   * start-up logs first). They go through Azure Monitor diagnostic settings, so the workspace
   * needs no shared key (SEC-1), into the `ContainerAppConsoleLogs` and `ContainerAppSystemLogs` tables.
   */
  readonly logAnalyticsWorkspaceId: string;
  /**
   * Spread replicas over availability zones. Needs an infrastructure subnet; leave off otherwise.
   * @default false
   */
  readonly zoneRedundant?: boolean;
  /**
   * Infrastructure subnet for a VNet-integrated environment.
   * @default - Azure-managed network
   */
  readonly infrastructureSubnetId?: string;
}

/** What `ContainerAppsEnvironment.fromExisting` needs to know. */
export interface ContainerAppsEnvironmentAttributes {
  /** Resource id of the environment. */
  readonly environmentId: string;
  /** Resource group the apps go into. */
  readonly resourceGroupName: string;
  /** Region of the environment. */
  readonly location: string;
}

/** A Container Apps environment whose console and system logs go to Log Analytics through Azure Monitor. */
export class ContainerAppsEnvironment extends Construct implements IContainerAppsEnvironment {
  /** An environment another team owns: apps can run in it like in one this stack creates. */
  public static fromExisting(_scope: Construct, _id: string, attributes: ContainerAppsEnvironmentAttributes): IContainerAppsEnvironment {
    return { environmentId: attributes.environmentId, resourceGroupName: attributes.resourceGroupName, location: attributes.location };
  }

  public readonly environment: ContainerAppEnvironment;
  /** Resource id, for {@link DualIngressContainerApp}. */
  public readonly environmentId: string;
  public readonly resourceGroupName: string;
  public readonly location: string;

  constructor(scope: Construct, id: string, props: ContainerAppsEnvironmentProps) {
    super(scope, id);
    checkName(this, 'name', props.name, NAME_RULES.containerAppEnvironment);
    if (props.zoneRedundant && !props.infrastructureSubnetId) {
      refuse(this, {
        lesson: 'AZURE', setting: 'zoneRedundant', given: true,
        problem: 'zone redundancy needs a VNet-integrated environment.', fix: 'pass infrastructureSubnetId as well, or drop zoneRedundant.',
      });
    }
    this.environment = new ContainerAppEnvironment(this, 'environment', {
      name: props.name,
      resourceGroupName: props.resourceGroupName,
      location: props.location,
      // 'log-analytics' would ship logs with the workspace's shared key; Azure Monitor uses none.
      logsDestination: 'azure-monitor',
      ...(props.infrastructureSubnetId ? { infrastructureSubnetId: props.infrastructureSubnetId } : {}),
      ...(props.zoneRedundant ? { zoneRedundancyEnabled: true } : {}),
    });
    new DiagnosticSettings(this, 'diagnostics', {
      targetResourceId: this.environment.id,
      workspaceId: props.logAnalyticsWorkspaceId,
      logCategories: ['ContainerAppConsoleLogs', 'ContainerAppSystemLogs'],
      dedicated: true,
    });
    this.environmentId = this.environment.id;
    this.resourceGroupName = props.resourceGroupName;
    this.location = props.location;
  }
}
