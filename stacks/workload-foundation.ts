import { ApiGateway } from '../constructs/api-management/api-gateway';
import { DataAzurermContainerRegistry } from '@cdktf/provider-azurerm/lib/data-azurerm-container-registry';
import { MonitorActionGroup } from '@cdktf/provider-azurerm/lib/monitor-action-group';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import { IContainerRegistry } from '../constructs/container-apps/app-checks';
import { ContainerAppsEnvironment } from '../constructs/container-apps/container-apps-environment';
import { ContainerRegistry } from '../constructs/container-apps/container-registry';
import { AzureStack, RemoteStateProps } from '../constructs/stack/azure-stack';
import { claim } from '../constructs/core/claims';
import { NAME_RULES, checkName, composeName } from '../constructs/core/naming';
import { Production } from '../constructs/core/production';
import { refuse, requireEmail, requireRange } from '../constructs/core/validation';
import { LogAnalytics } from '../constructs/monitoring/log-analytics';
import { PlatformNetwork, parseRange } from '../constructs/network/platform-network';
import { SubnetPurpose } from '../constructs/network/subnet-purpose';

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

/** The private network of an environment. */
export interface NetworkSettings {
  /**
   * The environment's address range, /18 or larger: each stack takes its own sixteenth of it
   * (a /16 gives each stack a /20), so the stacks' networks can be peered later without overlap.
   */
  readonly addressSpace: string;
  /**
   * Run the environment on a private network: Container Apps in a virtual network (zone-redundant
   * in production), services only the gateway calls on an internal environment, private endpoints
   * for the data services whose public endpoint is then off.
   * @default false
   */
  readonly private?: boolean;
}

/** The Container Apps environment of a stack that runs apps: what an existing one needs pinned. */
export interface ContainerAppsEnvironmentSettings {
  /**
   * The resource group Azure created for the environment's infrastructure, for an environment
   * deployed before the stacks named it: read it with `az containerapp env show --name <name>
   * --resource-group <group> --query properties.infrastructureResourceGroup -o tsv` and give it
   * here, or the next deploy replaces the environment and its apps (the name forces a new
   * environment). Only for an environment on the private network (workload profiles).
   * @default - `ME_<environment>_<resource group>_<location>`, the name Azure gives it
   */
  readonly containerAppsInfrastructureResourceGroupName?: string;
}

/** Known fields of `ContainerAppsEnvironmentSettings`, for a stack's settings schema. */
export const CONTAINER_APPS_FIELDS = { containerAppsInfrastructureResourceGroupName: true } as const;

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
   * API Management service is kept on destroy. A development environment says `false`.
   * @default true
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
  /** @default - public endpoints, no virtual network */
  readonly network?: NetworkSettings;
  /**
   * Object ids of every identity that deploys the environment (the pipeline's service principal,
   * the people who run `cdktf deploy`): they own the Entra registrations the stacks create and
   * hold the webhook role Event Grid checks on the subscription's writer (docs/deploy.md step 3).
   * @default - the identity that runs the first deploy, held still afterwards: a deploy by
   * another identity plans no change in Entra ID
   */
  readonly deployerObjectIds?: string[];
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
  /** The stack's virtual network, when the environment runs on a private network. */
  public readonly network?: PlatformNetwork;
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
    const network = props.network;
    if (network) claimNetworkBlock(stack, network.block);
    if (network?.settings.private) {
      const addressSpace = stackAddressSpace(stack, network.settings.addressSpace, network.block);
      this.network = new PlatformNetwork(stack, 'network', {
        name: composeName('vnet', prefix, suffix),
        resourceGroupName: this.resourceGroupName,
        location,
        addressSpace,
        subnets: PlatformNetwork.defaultLayout(stack, addressSpace, network.purposes),
        logAnalyticsWorkspaceId: this.logs.workspaceId,
      });
    }
  }

  /**
   * The stack's API Management gateway `apim-<prefix>-<suffix>` (construct id `gateway`), with
   * outbound VNet integration when the stack's network has a subnet for it.
   */
  public apiGateway(settings: ApiManagementSettings): ApiGateway {
    const outboundSubnet = this.network?.subnetFor(SubnetPurpose.API_MANAGEMENT_OUTBOUND);
    return new ApiGateway(this.stack, 'gateway', {
      name: composeName('apim', this.props.namePrefix, this.props.suffix),
      resourceGroupName: this.resourceGroupName,
      location: this.props.location,
      skuName: settings.skuName,
      publisherName: settings.publisherName,
      publisherEmail: settings.publisherEmail,
      logAnalyticsWorkspaceId: this.logs.workspaceId,
      ...(outboundSubnet ? { outboundSubnet } : {}),
    });
  }

  /**
   * The stack's action group `ag-<prefix>-<suffix>` (construct id `alert-group`, short name the
   * suffix), mailing the stack's alert address: `alertEmail`, else the API Management publisher's
   * address; refused unless it is an e-mail address (the action group refuses anything else).
   */
  public actionGroup(options: AlertGroupOptions): MonitorActionGroup {
    const email = options.alertEmail ?? options.publisherEmail;
    requireEmail(this.stack, options.setting, email, options.purpose);
    return new MonitorActionGroup(this.stack, 'alert-group', {
      name: composeName('ag', this.props.namePrefix, this.props.suffix), shortName: this.props.suffix, resourceGroupName: this.resourceGroupName,
      emailReceiver: [{ name: 'platform', emailAddress: email, useCommonAlertSchema: true }],
    });
  }

  /**
   * The stack's Container Apps environment `cae-<prefix>-<suffix>`, created on first use: on a
   * private network in the stack's subnet, zone-redundant in production, and `internal` (a
   * private address only) when the stack asks.
   */
  public containerAppsEnvironment(options: { readonly internal?: boolean } = {}): ContainerAppsEnvironment {
    const subnet = this.network?.subnetFor(SubnetPurpose.CONTAINER_APPS_ENVIRONMENT);
    if (this.environment && subnet && (this.environment.internal ?? false) !== (options.internal ?? false)) {
      refuse(this.stack, {
        lesson: 'AZURE', setting: 'containerAppsEnvironment.internal', given: options.internal ?? false,
        problem: 'the stack has one Container Apps environment, created earlier with the other setting.',
        fix: 'ask for the environment with the same internal setting everywhere in the stack.',
      });
    }
    const infrastructureResourceGroupName = this.props.containerApps?.infrastructureResourceGroupName;
    if (infrastructureResourceGroupName !== undefined && !subnet) {
      refuse(this.stack, {
        lesson: 'AZURE', setting: this.props.containerApps!.setting, given: infrastructureResourceGroupName,
        problem: 'only an environment on the private network runs on workload profiles and has an infrastructure resource group the stack names; this environment has no network.',
        fix: 'drop the setting, or run the environment on the private network (network.private: true).',
      });
    }
    this.environment ??= new ContainerAppsEnvironment(this.stack, 'container-apps', {
      name: composeName('cae', this.props.namePrefix, this.props.suffix),
      resourceGroupName: this.resourceGroupName,
      location: this.props.location,
      logAnalyticsWorkspaceId: this.logs.workspaceId,
      ...(subnet ? { subnet, zoneRedundant: Production.isProduction(this.stack), internal: options.internal ?? false } : {}),
      // The name Azure gave an environment deployed before (issue 27 item 7); otherwise Azure's default.
      ...(subnet && infrastructureResourceGroupName !== undefined ? { infrastructureResourceGroupName } : {}),
    });
    return this.environment;
  }
}

/**
 * Register the stack's block of its environment's range: two stacks of one environment on the same
 * block would get the same address space, and their networks could never be peered (or would
 * collide once they are). Refused at synth, naming the stack that holds the block.
 */
function claimNetworkBlock(stack: AzureStack, block: number): void {
  requireRange(stack, block, {
    min: 0, max: 15, setting: 'network.block', lesson: 'AZURE',
    problem: 'a stack takes one sixteenth of the environment\'s range: blocks are 0 to 15.', fix: 'give the stack an unused block from 0 to 15 (see docs/network.md).',
  });
  const holder = claim(stack, `network-block:${stack.environmentName}`, String(block));
  if (holder !== undefined) {
    refuse(stack, {
      lesson: 'AZURE', setting: 'network.block', given: block,
      problem: `${holder} already takes this block of environment ${stack.environmentName}'s range: both stacks would get the same address space, and overlapping networks cannot be peered.`,
      fix: 'give each stack of an environment its own block (0-15, fixed per stack; see docs/network.md).',
    });
  }
}

/** The `block`-th sixteenth of the environment's range: the stack's own network. */
function stackAddressSpace(stack: AzureStack, environmentSpace: string, block: number): string {
  const space = parseRange(stack, 'network.addressSpace', environmentSpace);
  const own = space.prefix <= 18 ? space.subrange(space.prefix + 4, block) : undefined;
  if (!own) {
    refuse(stack, {
      lesson: 'AZURE', setting: 'network.addressSpace', given: environmentSpace,
      problem: 'each stack takes a sixteenth of the environment\'s range, and a stack\'s network needs at least a /22 (a /23 for the Container Apps environment and three /26).',
      fix: 'give the environment a /18 or larger, e.g. 10.40.0.0/16.',
    });
  }
  return own.toString();
}

/** The stack's alert address and what is sent there, for `WorkloadFoundation.actionGroup`. */
export interface AlertGroupOptions {
  /** The setting the address comes from, for the refusal (e.g. `realtime.alertEmail`). */
  readonly setting: string;
  /** @default - `publisherEmail` */
  readonly alertEmail?: string;
  /** The environment's API Management publisher address, the default. */
  readonly publisherEmail: string;
  /** What the alerts are, for the refusal (e.g. `dead-lettered and dropped events (HOOK-3) are sent to this address.`). */
  readonly purpose: string;
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
  /**
   * The environment's network, the stack's block of it (0-15, fixed per stack so adding a stack
   * moves no other) and the subnets the stack needs. Used when `settings.private` is on.
   * @default - no virtual network
   */
  readonly network?: { readonly settings: NetworkSettings; readonly block: number; readonly purposes: SubnetPurpose[] };
  /**
   * The existing environment's infrastructure resource group, and the setting it comes from
   * (for the refusal), e.g. `realtime.containerAppsInfrastructureResourceGroupName`.
   * @default - Azure's default name
   */
  readonly containerApps?: { readonly infrastructureResourceGroupName?: string; readonly setting: string };
}
