import { Fn, Token } from 'cdktf';
import { Construct } from 'constructs';
import { ContainerAppEnvironment } from '@cdktf/provider-azurerm/lib/container-app-environment';
import { PrivateDnsARecord } from '@cdktf/provider-azurerm/lib/private-dns-a-record';
import { PrivateDnsZone } from '@cdktf/provider-azurerm/lib/private-dns-zone';
import { PrivateDnsZoneVirtualNetworkLink } from '@cdktf/provider-azurerm/lib/private-dns-zone-virtual-network-link';
import { NAME_RULES, checkName } from '../core/naming';
import { refuse } from '../core/validation';
import { ISubnet, requireSubnet } from '../network/platform-network';
import { SubnetPurpose } from '../network/subnet-purpose';
import { AzureResource, nameOfResourceId } from '../resource/azure-resource';
import { openResource } from '../resource/resource-checks';
import { IContainerAppsEnvironment } from './app-checks';
import { CONTAINER_APPS_SERVICE } from './container-apps-service';
import { AzureRegion } from '../core/azure-region';

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
   * Spread replicas over availability zones. Needs a subnet; leave off otherwise.
   * @default false
   */
  readonly zoneRedundant?: boolean;
  /**
   * The environment's subnet (`SubnetPurpose.CONTAINER_APPS_ENVIRONMENT` of a
   * `PlatformNetwork`): a workload-profiles environment whose apps run on its Consumption profile.
   * Changing it replaces the environment and its apps.
   * @default - Azure-managed network
   */
  readonly subnet?: ISubnet;
  /**
   * Infrastructure subnet of a consumption-only environment (an undelegated /23), by id.
   * Prefer `subnet`, which is checked.
   * @default - Azure-managed network
   */
  readonly infrastructureSubnetId?: string;
  /**
   * Only a private address (internal load balancer): apps with external ingress answer inside the
   * virtual network, under a private DNS zone for the environment's domain that this construct
   * links to the network. For services only a VNet-integrated gateway may call. Needs `subnet`;
   * changing it replaces the environment.
   * @default false
   */
  readonly internal?: boolean;
  /**
   * The resource group Azure creates for the environment's infrastructure (load balancer, public
   * address) when it has a subnet. Azure refuses a group that exists already. Given by the
   * configuration so the next plan does not replace the environment: left to Azure, it is a
   * generated `ME_...` name that azurerm 4.55 reads back as a change it can only make by
   * replacement (hashicorp/terraform-provider-azurerm#27481). Needs `subnet`; changing it replaces
   * the environment and its apps.
   * @default - `ME_<name>_<resourceGroupName>_<location>` (the name Azure gives it) with a subnet; none without
   */
  readonly infrastructureResourceGroupName?: string;
}

/** What `ContainerAppsEnvironment.fromExisting` needs to know. */
export interface ContainerAppsEnvironmentAttributes {
  /** Resource id of the environment. */
  readonly environmentId: string;
  /** Resource group the apps go into. */
  readonly resourceGroupName: string;
  /** Region of the environment. */
  readonly location: string;
  /** The workload profile its apps run on. @default - a consumption-only environment */
  readonly workloadProfileName?: string;
  /** @default false */
  readonly zoneRedundant?: boolean;
  /** Internal load balancer only. @default false */
  readonly internal?: boolean;
  /** The environment's virtual network. @default - none */
  readonly virtualNetworkId?: string;
}

/** What `ContainerAppsEnvironment` and a reference to an existing environment share. */
export abstract class ContainerAppsEnvironmentBase extends AzureResource implements IContainerAppsEnvironment {
  public abstract readonly environmentId: string;
  public abstract readonly resourceGroupName: string;
  public abstract readonly location: string;
  public abstract readonly workloadProfileName?: string;
  public abstract readonly zoneRedundant?: boolean;
  public abstract readonly internal?: boolean;
  public abstract readonly virtualNetworkId?: string;

  public get resourceId(): string {
    return this.environmentId;
  }
}

class ImportedContainerAppsEnvironment extends ContainerAppsEnvironmentBase {
  constructor(scope: Construct, id: string, private readonly attributes: ContainerAppsEnvironmentAttributes) {
    super(scope, id);
  }

  public get environmentId(): string { return this.attributes.environmentId; }
  public get resourceGroupName(): string { return this.attributes.resourceGroupName; }
  public get location(): string { return this.attributes.location; }
  public get workloadProfileName(): string | undefined { return this.attributes.workloadProfileName; }
  public get zoneRedundant(): boolean | undefined { return this.attributes.zoneRedundant; }
  public get internal(): boolean | undefined { return this.attributes.internal; }
  public get virtualNetworkId(): string | undefined { return this.attributes.virtualNetworkId; }
  public get resourceName(): string { return nameOfResourceId(this.attributes.environmentId); }
}

/** A Container Apps environment whose console and system logs go to Log Analytics through Azure Monitor. */
export class ContainerAppsEnvironment extends ContainerAppsEnvironmentBase {
  /** An environment another team owns: apps can run in it like in one this stack creates (a construct under `scope`, no resources). */
  public static fromExisting(scope: Construct, id: string, attributes: ContainerAppsEnvironmentAttributes): IContainerAppsEnvironment {
    return new ImportedContainerAppsEnvironment(scope, id, attributes);
  }

  public readonly environment: ContainerAppEnvironment;
  /** Resource id, for `DualIngressContainerApp`. */
  public readonly environmentId: string;
  public readonly resourceGroupName: string;
  public readonly location: string;
  public readonly workloadProfileName?: string;
  public readonly zoneRedundant?: boolean;
  public readonly internal?: boolean;
  public readonly virtualNetworkId?: string;
  /** The private DNS zone of an internal environment's domain. */
  public readonly privateDnsZone?: PrivateDnsZone;
  public readonly resourceName: string;

  constructor(scope: Construct, id: string, props: ContainerAppsEnvironmentProps) {
    super(scope, id);
    openResource(this, props, CONTAINER_APPS_SERVICE.names.resource);
    if (props.subnet && props.infrastructureSubnetId) {
      refuse(this, {
        lesson: 'AZURE', setting: 'infrastructureSubnetId', given: props.infrastructureSubnetId,
        problem: 'an environment has one infrastructure subnet, and subnet names one already.', fix: 'give subnet or infrastructureSubnetId, not both.',
      });
    }
    const subnetId = props.subnet ? requireSubnet(this, 'subnet', props.subnet, SubnetPurpose.CONTAINER_APPS_ENVIRONMENT, props.location).subnetId : props.infrastructureSubnetId;
    if (props.zoneRedundant && !subnetId) {
      refuse(this, {
        lesson: 'AZURE', setting: 'zoneRedundant', given: true,
        problem: 'zone redundancy needs a VNet-integrated environment.', fix: 'pass subnet as well, or drop zoneRedundant.',
      });
    }
    if (props.internal && !props.subnet) {
      refuse(this, {
        lesson: 'AZURE', setting: 'internal', given: true,
        problem: 'an internal environment has only a private address, which needs a subnet of a network its callers share.',
        fix: 'pass subnet (a PlatformNetwork\'s SubnetPurpose.CONTAINER_APPS_ENVIRONMENT subnet), or drop internal.',
      });
    }
    this.workloadProfileName = props.subnet ? 'Consumption' : undefined;
    const infrastructureResourceGroupName = this.infrastructureGroup(props);
    this.environment = new ContainerAppEnvironment(this, 'environment', {
      name: props.name,
      resourceGroupName: props.resourceGroupName,
      location: props.location,
      // 'log-analytics' would ship logs with the workspace's shared key; Azure Monitor uses none.
      logsDestination: 'azure-monitor',
      ...(subnetId ? { infrastructureSubnetId: subnetId } : {}),
      ...(this.workloadProfileName ? { workloadProfile: [{ name: this.workloadProfileName, workloadProfileType: 'Consumption' }] } : {}),
      ...(infrastructureResourceGroupName ? { infrastructureResourceGroupName } : {}),
      ...(props.internal ? { internalLoadBalancerEnabled: true } : {}),
      ...(props.zoneRedundant ? { zoneRedundancyEnabled: true } : {}),
    });
    this.zoneRedundant = props.zoneRedundant ?? false;
    this.internal = props.internal ?? false;
    this.virtualNetworkId = props.subnet?.virtualNetworkId;
    if (props.internal && props.subnet) {
      // <app>.<default domain> resolves to the environment's private address inside the network.
      this.privateDnsZone = new PrivateDnsZone(this, 'private-dns', { name: this.environment.defaultDomain, resourceGroupName: props.resourceGroupName });
      new PrivateDnsZoneVirtualNetworkLink(this, 'private-dns-link', {
        name: 'to-vnet',
        resourceGroupName: props.resourceGroupName,
        privateDnsZoneName: this.privateDnsZone.name,
        virtualNetworkId: props.subnet.virtualNetworkId,
        registrationEnabled: false,
      });
      new PrivateDnsARecord(this, 'private-dns-apps', {
        name: '*',
        resourceGroupName: props.resourceGroupName,
        zoneName: this.privateDnsZone.name,
        ttl: 300,
        records: [this.environment.staticIpAddress],
      });
    }
    this.sendDiagnostics(props.logAnalyticsWorkspaceId, {
      targetResourceId: this.environment.id, logCategories: ['ContainerAppConsoleLogs', 'ContainerAppSystemLogs'], dedicated: true,
    });
    this.environmentId = this.environment.id;
    this.resourceName = this.environment.name;
    this.resourceGroupName = props.resourceGroupName;
    this.location = props.location;
  }

  /** The infrastructure resource group's name, written with a subnet only (azurerm takes it with a workload profile only). */
  private infrastructureGroup(props: ContainerAppsEnvironmentProps): string | undefined {
    if (!props.subnet) {
      if (props.infrastructureResourceGroupName !== undefined) {
        refuse(this, {
          lesson: 'AZURE', setting: 'infrastructureResourceGroupName', given: props.infrastructureResourceGroupName,
          problem: 'only an environment with a subnet runs on workload profiles, and azurerm takes the infrastructure resource group\'s name only with a workload profile.',
          fix: 'pass subnet as well, or drop infrastructureResourceGroupName.',
        });
      }
      return undefined;
    }
    // Azure's own name for it, so an environment it named before keeps its group (and is not replaced).
    // A location given as a reference is normalized by Terraform (lower-casing a token's text would break it).
    const location = Token.isUnresolved(props.location) ? Fn.replace(Fn.lower(props.location), ' ', '') : AzureRegion.normalize(props.location);
    const name = props.infrastructureResourceGroupName ?? `ME_${props.name}_${props.resourceGroupName}_${location}`;
    if (props.infrastructureResourceGroupName === undefined && !Token.isUnresolved(name) && name.length > NAME_RULES.resourceGroup.max) {
      refuse(this, {
        lesson: 'AZURE', setting: 'infrastructureResourceGroupName', given: name,
        problem: `the default name (ME_<name>_<resource group>_<location>) has ${name.length} characters, and Azure takes ${NAME_RULES.resourceGroup.max} at most.`,
        fix: 'pass infrastructureResourceGroupName: a new resource group name of 90 characters or fewer.',
      });
    }
    checkName(this, 'infrastructureResourceGroupName', name, NAME_RULES.resourceGroup);
    if (name === props.resourceGroupName) {
      refuse(this, {
        lesson: 'AZURE', setting: 'infrastructureResourceGroupName', given: name,
        problem: 'Azure creates the infrastructure resource group itself and refuses one that exists, as the environment\'s own group does.',
        fix: 'name a resource group that does not exist yet, e.g. ME_<name>_<resource group>_<location> (the default).',
      });
    }
    return name;
  }
}
