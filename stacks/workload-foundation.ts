import { DataAzurermContainerRegistry } from '@cdktf/provider-azurerm/lib/data-azurerm-container-registry';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import { IContainerRegistry } from '../constructs/container-apps/app-checks';
import { ContainerAppsEnvironment } from '../constructs/container-apps/container-apps-environment';
import { ContainerRegistry } from '../constructs/container-apps/container-registry';
import { AzureStack, RemoteStateProps } from '../constructs/core/azure-stack';
import { NAME_RULES, checkName, composeName } from '../constructs/core/naming';
import { LogAnalytics } from '../constructs/monitoring/log-analytics';

/** An existing Azure Container Registry, found by name when the stack is planned. */
export interface ExistingRegistry {
  readonly name: string;
  readonly resourceGroupName: string;
  /**
   * Login server, when it is not `<name>.azurecr.io` (registries with a domain name label).
   * @default `<name>.azurecr.io`
   */
  readonly loginServer?: string;
}

/** The API Management tier and publisher of an environment. */
export interface ApiManagementSettings {
  /** A v2 SKU, e.g. `BasicV2_1` (dev) or `StandardV2_1`. */
  readonly skuName: string;
  readonly publisherName: string;
  readonly publisherEmail: string;
}

/** What every workload stack takes from its environment. */
export interface WorkloadStackProps {
  /** Environment name; the stack is `<stack>-<environmentName>`, e.g. `realtime-dev`. */
  readonly environmentName: string;
  /** Azure region, e.g. `westeurope`. */
  readonly location: string;
  /** Prefix of every resource name, unique per environment, e.g. `rtp-dev`. */
  readonly namePrefix: string;
  /**
   * Production: pinned images, protected data, each stack's own production rules; a soft-deleted
   * API Management service is kept on destroy.
   * @default false
   */
  readonly production?: boolean;
  /** @default - environment and stack tags only */
  readonly tags?: { [name: string]: string };
  /** @default - local state */
  readonly state?: RemoteStateProps;
  /** The environment's API Management tier and publisher (stacks without a gateway ignore it). */
  readonly apiManagement: ApiManagementSettings;
  /** @default 30 */
  readonly logRetentionDays?: number;
}

/**
 * What every workload stack starts from: its resource group, Log Analytics workspace, the image
 * registry when the environment names one, and a Container Apps environment for the stacks that
 * run apps (created on first use, so a stack without apps has none).
 */
export class WorkloadFoundation {
  /**
   * The resource group `rg-<prefix>-<suffix>`, the Log Analytics workspace and the registry of one
   * workload stack. The construct ids (`resource-group`, `logs`, `container-apps`, `registry`) are
   * part of each stack's contract: they are hashed into Terraform addresses.
   */
  public static create(stack: AzureStack, props: WorkloadFoundationProps): WorkloadFoundation {
    return new WorkloadFoundation(stack, props);
  }

  public readonly resourceGroupName: string;
  public readonly logs: LogAnalytics;
  /** The image registry, looked up by name, when the environment names one. */
  public readonly registry?: IContainerRegistry;
  private environment?: ContainerAppsEnvironment;

  private constructor(private readonly stack: AzureStack, private readonly props: WorkloadFoundationProps) {
    const { namePrefix: prefix, location, suffix } = props;
    const group = new ResourceGroup(stack, 'resource-group', {
      name: checkName(stack, 'namePrefix', composeName('rg', prefix, suffix), NAME_RULES.resourceGroup),
      location,
    });
    this.resourceGroupName = group.name;
    this.logs = new LogAnalytics(stack, 'logs', {
      name: composeName('log', prefix, suffix),
      resourceGroupName: this.resourceGroupName,
      location,
      retentionInDays: props.logRetentionDays ?? 30,
    });
    if (props.registry) {
      const found = new DataAzurermContainerRegistry(stack, 'registry', {
        name: props.registry.name,
        resourceGroupName: props.registry.resourceGroupName,
      });
      this.registry = ContainerRegistry.fromExisting(stack, 'registry-reference', {
        name: props.registry.name,
        resourceGroupName: props.registry.resourceGroupName,
        registryId: found.id,
        ...(props.registry.loginServer ? { loginServer: props.registry.loginServer } : {}),
      });
    }
  }

  /** The stack's Container Apps environment `cae-<prefix>-<suffix>`, created on first use. */
  public containerAppsEnvironment(): ContainerAppsEnvironment {
    this.environment ??= new ContainerAppsEnvironment(this.stack, 'container-apps', {
      name: composeName('cae', this.props.namePrefix, this.props.suffix),
      resourceGroupName: this.resourceGroupName,
      location: this.props.location,
      logAnalyticsWorkspaceId: this.logs.workspaceId,
    });
    return this.environment;
  }
}

export interface WorkloadFoundationProps {
  readonly namePrefix: string;
  readonly location: string;
  /** Last part of every name, e.g. `realtime`. */
  readonly suffix: string;
  /** @default 30 */
  readonly logRetentionDays?: number;
  /** @default - no registry */
  readonly registry?: ExistingRegistry;
}
