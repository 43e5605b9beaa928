import { DataAzurermContainerRegistry } from '@cdktf/provider-azurerm/lib/data-azurerm-container-registry';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import { ContainerAppsEnvironment } from '../constructs/container-apps/container-apps-environment';
import { ContainerRegistryRef } from '../constructs/container-apps/dual-ingress-container-app';
import { ApiManagementV2Sku } from '../constructs/api-management/api-gateway';
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

/** What every workload stack takes from its environment. */
export interface WorkloadStackProps {
  /** Environment name; the stack is `<stack>-<environmentName>`, e.g. `realtime-dev`. */
  readonly environmentName: string;
  /** Azure region, e.g. `westeurope`. */
  readonly location: string;
  /** Prefix of every resource name, unique per environment, e.g. `rtp-dev`. */
  readonly namePrefix: string;
  /** Production rules (pinned images and each stack's own); soft-deleted API Management is kept on destroy. @default false */
  readonly production?: boolean;
  /** @default - environment and stack tags only */
  readonly tags?: Record<string, string>;
  /** @default - local state */
  readonly state?: RemoteStateProps;
  readonly apiManagement: {
    readonly skuName: ApiManagementV2Sku;
    readonly publisherName: string;
    readonly publisherEmail: string;
  };
  /** @default 30 */
  readonly logRetentionDays?: number;
}

/** What every workload stack starts from: its resource group, Log Analytics and Container Apps environment. */
export interface WorkloadFoundation {
  readonly resourceGroupName: string;
  readonly logs: LogAnalytics;
  readonly environment: ContainerAppsEnvironment;
  /** The image registry, looked up by name, when the environment names one. */
  readonly registry?: ContainerRegistryRef;
}

/**
 * The resource group `rg-<prefix>-<suffix>`, the Log Analytics workspace and the Container Apps
 * environment of one workload stack, and the registry its images come from. The construct ids
 * (`resource-group`, `logs`, `container-apps`, `registry`) are part of each stack's contract.
 */
export function createWorkloadFoundation(stack: AzureStack, props: {
  readonly namePrefix: string;
  readonly location: string;
  /** Last part of every name, e.g. `realtime`. */
  readonly suffix: string;
  /** @default 30 */
  readonly logRetentionDays?: number;
  readonly registry?: ExistingRegistry;
}): WorkloadFoundation {
  const { namePrefix: prefix, location, suffix } = props;
  const group = new ResourceGroup(stack, 'resource-group', {
    name: checkName(stack, 'namePrefix', composeName('rg', prefix, suffix), NAME_RULES.resourceGroup),
    location,
  });
  const resourceGroupName = group.name;
  const logs = new LogAnalytics(stack, 'logs', {
    name: composeName('log', prefix, suffix),
    resourceGroupName,
    location,
    retentionInDays: props.logRetentionDays ?? 30,
  });
  const environment = new ContainerAppsEnvironment(stack, 'container-apps', {
    name: composeName('cae', prefix, suffix),
    resourceGroupName,
    location,
    logAnalyticsWorkspaceId: logs.workspaceId,
  });
  let registry: ContainerRegistryRef | undefined;
  if (props.registry) {
    const found = new DataAzurermContainerRegistry(stack, 'registry', {
      name: props.registry.name,
      resourceGroupName: props.registry.resourceGroupName,
    });
    registry = { loginServer: props.registry.loginServer ?? `${props.registry.name.toLowerCase()}.azurecr.io`, registryId: found.id };
  }
  return { resourceGroupName, logs, environment, registry };
}
