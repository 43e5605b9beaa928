import { Construct } from 'constructs';
import { NetworkSecurityGroup } from '@cdktf/provider-azurerm/lib/network-security-group';
import { PrivateDnsZone } from '@cdktf/provider-azurerm/lib/private-dns-zone';
import { PrivateDnsZoneVirtualNetworkLink } from '@cdktf/provider-azurerm/lib/private-dns-zone-virtual-network-link';
import { Subnet } from '@cdktf/provider-azurerm/lib/subnet';
import { SubnetNetworkSecurityGroupAssociation } from '@cdktf/provider-azurerm/lib/subnet-network-security-group-association';
import { VirtualNetwork } from '@cdktf/provider-azurerm/lib/virtual-network';
import { checkName } from '../core/naming';
import { literalOf } from '../core/stack-variables';
import { refuse } from '../core/validation';
import { addressOf } from '../core/dependencies';
import { DiagnosticSettings } from '../core/diagnostic-settings';
import { Ipv4Range } from './cidr';
import { SubnetPurpose } from './subnet-purpose';
import { AzureRegion } from '../core/azure-region';
import { NETWORK_SERVICE } from './network-service';

/** A subnet and what it hosts, as the constructs that use one need it. */
export interface ISubnet {
  /** Resource id. */
  readonly subnetId: string;
  /** The subnet's range, e.g. `10.40.0.0/23`. */
  readonly addressPrefix: string;
  /** What the subnet is delegated to and sized for. */
  readonly purpose: SubnetPurpose;
  /** Resource id of the subnet's virtual network (private DNS zones link to it). */
  readonly virtualNetworkId: string;
  /**
   * The service endpoints the subnet has (`Microsoft.KeyVault`, ...), where the construct that made
   * it knows them.
   * @default - unknown (a subnet another team made)
   */
  readonly serviceEndpoints?: string[];
  /**
   * The region of the subnet's virtual network: what uses the subnet must be in it.
   * @default - unknown (not checked)
   */
  readonly location?: string;
}

/** One subnet of a `PlatformNetwork`. */
export interface SubnetSpec {
  readonly purpose: SubnetPurpose;
  /** Inside the network's address space, e.g. `10.40.0.0/23`. */
  readonly addressPrefix: string;
}

/** A virtual network the library's constructs can be placed in. */
export interface IPlatformNetwork {
  readonly virtualNetworkId: string;
  readonly resourceGroupName: string;
  readonly location: string;
  /** The subnet for `purpose`, if the network has one. */
  subnetFor(purpose: SubnetPurpose): ISubnet | undefined;
  /** The id of the private DNS zone `zoneName` linked to the network (created on first use). */
  privateDnsZoneId(zoneName: string): string;
}

export interface PlatformNetworkProps {
  /** Name of the virtual network, e.g. `vnet-rtp-prod-ratelimit`. */
  readonly name: string;
  readonly resourceGroupName: string;
  readonly location: string;
  /** The network's range, e.g. `10.40.16.0/20`. */
  readonly addressSpace: string;
  /** The subnets, one per purpose (see `PlatformNetwork.defaultLayout`). */
  readonly subnets: SubnetSpec[];
  /** Log Analytics workspace that receives the network security groups' logs. */
  readonly logAnalyticsWorkspaceId: string;
}

/** Where `PlatformNetwork.defaultLayout` places each purpose, from the start of the space. */
const DEFAULT_LAYOUT: readonly { purpose: SubnetPurpose; offset: number; prefix: number }[] = [
  { purpose: SubnetPurpose.CONTAINER_APPS_ENVIRONMENT, offset: 0, prefix: 23 },
  { purpose: SubnetPurpose.API_MANAGEMENT_OUTBOUND, offset: 512, prefix: 26 },
  { purpose: SubnetPurpose.FUNCTIONS, offset: 576, prefix: 26 },
  { purpose: SubnetPurpose.PRIVATE_ENDPOINTS, offset: 640, prefix: 26 },
];

/**
 * A virtual network with one subnet per purpose, each delegated and sized for what it hosts and
 * guarded by its own network security group (Azure's default rules: traffic inside the network
 * in, nothing from the internet), whose logs go to Log Analytics; and the private DNS zones of
 * the private endpoints, linked to the network. Address ranges are checked at synth: inside the
 * address space, not overlapping, at least the size each service needs.
 */
export class PlatformNetwork extends Construct implements IPlatformNetwork {
  /**
   * The library's layout of a /22 or larger space: the Container Apps environment a /23 at the
   * start, then a /26 each for API Management's outbound integration, Flex Consumption and the
   * private endpoints. Only the purposes given are placed; the others' ranges stay free.
   */
  public static defaultLayout(scope: Construct, addressSpace: string, purposes: SubnetPurpose[]): SubnetSpec[] {
    const space = parseRange(scope, 'addressSpace', addressSpace);
    if (space.prefix > 22) {
      refuse(scope, {
        lesson: 'AZURE', setting: 'addressSpace', given: addressSpace,
        problem: 'the default layout needs a /22 (a /23 for the Container Apps environment and three /26).',
        fix: 'give a /22 or larger address space, or list the subnets yourself.',
      });
    }
    return DEFAULT_LAYOUT.filter((l) => purposes.includes(l.purpose))
      .map((l) => ({ purpose: l.purpose, addressPrefix: space.at(l.offset, l.prefix)!.toString() }));
  }

  public readonly virtualNetwork: VirtualNetwork;
  public readonly virtualNetworkId: string;
  public readonly resourceGroupName: string;
  public readonly location: string;
  private readonly subnets = new Map<SubnetPurpose, ISubnet>();
  private readonly subnetResources = new Map<SubnetPurpose, Subnet>();
  private readonly zones = new Map<string, PrivateDnsZone>();
  private readonly zoneLinks = new Map<string, PrivateDnsZoneVirtualNetworkLink>();

  constructor(scope: Construct, id: string, props: PlatformNetworkProps) {
    super(scope, id);
    AzureRegion.check(this, 'location', props.location);
    checkName(this, 'name', props.name, NETWORK_SERVICE.names.resource);
    const space = parseRange(this, 'addressSpace', props.addressSpace);
    this.checkSubnets(space, props.subnets);
    this.resourceGroupName = props.resourceGroupName;
    this.location = props.location;
    this.virtualNetwork = new VirtualNetwork(this, 'vnet', {
      name: props.name,
      resourceGroupName: props.resourceGroupName,
      location: props.location,
      addressSpace: [props.addressSpace],
    });
    this.virtualNetworkId = this.virtualNetwork.id;
    for (const spec of props.subnets) {
      const purpose = spec.purpose;
      const name = checkName(this, `subnets[${purpose.name}]`, `snet-${purpose.name}`, NETWORK_SERVICE.names.child);
      const subnet = new Subnet(this, `subnet-${purpose.name}`, {
        name,
        resourceGroupName: props.resourceGroupName,
        virtualNetworkName: this.virtualNetwork.name,
        addressPrefixes: [spec.addressPrefix],
        ...(purpose.delegation ? {
          delegation: [{ name: purpose.name, serviceDelegation: { name: purpose.delegation, actions: purpose.delegationActions } }],
        } : {}),
      });
      const nsg = new NetworkSecurityGroup(this, `nsg-${purpose.name}`, {
        name: checkName(this, `subnets[${purpose.name}]`, `nsg-${props.name.replace(/^vnet-/, '')}-${purpose.name}`, NETWORK_SERVICE.names.child),
        resourceGroupName: props.resourceGroupName,
        location: props.location,
      });
      const association = new SubnetNetworkSecurityGroupAssociation(this, `nsg-association-${purpose.name}`, {
        subnetId: subnet.id,
        networkSecurityGroupId: nsg.id,
      });
      // Network security groups write to AzureDiagnostics only, and have no metrics.
      new DiagnosticSettings(this, `nsg-diagnostics-${purpose.name}`, {
        targetResourceId: nsg.id,
        workspaceId: props.logAnalyticsWorkspaceId,
        metrics: false,
        dedicated: false,
      });
      // Users get the id through the association, so they wait for the NSG: API Management's
      // outbound integration needs one on its subnet when the service is created.
      this.subnets.set(purpose, { subnetId: association.subnetId, addressPrefix: spec.addressPrefix, purpose, virtualNetworkId: this.virtualNetworkId, serviceEndpoints: [], location: props.location });
      this.subnetResources.set(purpose, subnet);
    }
  }

  /**
   * Give the subnet for `purpose` a service endpoint (e.g. `Microsoft.KeyVault`): its traffic to
   * that service then reaches the service's public endpoint as from this subnet, which the
   * service's firewall can allow (a virtual network rule). Returns the subnet as it is then.
   * Adding one to an existing subnet updates it in place.
   */
  public enableServiceEndpoint(purpose: SubnetPurpose, service: string): ISubnet {
    const subnet = this.subnetResources.get(purpose);
    const current = this.subnets.get(purpose);
    if (!subnet || !current) {
      return refuse(this, {
        lesson: 'AZURE', setting: 'serviceEndpoint', given: purpose.name,
        problem: 'the network has no subnet for this purpose.', fix: 'add the purpose to the network\'s subnets first.',
      });
    }
    const endpoints = [...new Set([...(current.serviceEndpoints ?? []), service])];
    subnet.serviceEndpoints = endpoints;
    const updated: ISubnet = { ...current, serviceEndpoints: endpoints };
    this.subnets.set(purpose, updated);
    return updated;
  }

  public subnetFor(purpose: SubnetPurpose): ISubnet | undefined {
    return this.subnets.get(purpose);
  }

  public privateDnsZoneId(zoneName: string): string {
    let zone = this.zones.get(zoneName);
    if (!zone) {
      const id = zoneName.replace(/\./g, '-');
      zone = new PrivateDnsZone(this, `zone-${id}`, { name: zoneName, resourceGroupName: this.resourceGroupName });
      const link = new PrivateDnsZoneVirtualNetworkLink(this, `zone-link-${id}`, {
        name: 'to-vnet',
        resourceGroupName: this.resourceGroupName,
        privateDnsZoneName: zone.name,
        virtualNetworkId: this.virtualNetworkId,
        registrationEnabled: false,
      });
      this.zones.set(zoneName, zone);
      this.zoneLinks.set(zoneName, link);
    }
    return zone.id;
  }

  /**
   * The Terraform address of the link between the zone `zoneName` and this network (created by
   * `PlatformNetwork.privateDnsZoneId`): what resolves the zone's records inside the network.
   */
  public privateDnsZoneLinkAddress(zoneName: string): string | undefined {
    const link = this.zoneLinks.get(zoneName);
    return link ? addressOf(link) : undefined;
  }

  private checkSubnets(space: Ipv4Range, specs: SubnetSpec[]): void {
    const placed: { purpose: SubnetPurpose; range: Ipv4Range }[] = [];
    for (const spec of specs) {
      const setting = `subnets[${spec.purpose.name}].addressPrefix`;
      const range = parseRange(this, setting, spec.addressPrefix);
      const twin = placed.find((p) => p.purpose === spec.purpose);
      if (twin) {
        refuse(this, {
          lesson: 'AZURE', setting: `subnets[${spec.purpose.name}]`, given: spec.addressPrefix,
          problem: `${spec.purpose.description} already has the subnet ${twin.range.toString()}; a service is placed in one subnet.`,
          fix: 'give each purpose one subnet (make it larger instead of adding a second).',
        });
      }
      if (!space.contains(range)) {
        refuse(this, {
          lesson: 'AZURE', setting, given: spec.addressPrefix,
          problem: `the subnet is not inside the network's address space ${space.toString()}, and Azure refuses it.`,
          fix: `choose a range inside ${space.toString()}.`,
        });
      }
      if (range.prefix > spec.purpose.largestPrefix) {
        refuse(this, {
          lesson: 'AZURE', setting, given: spec.addressPrefix,
          problem: `${spec.purpose.description} needs at least a /${spec.purpose.largestPrefix}; a /${range.prefix} leaves it too few addresses to deploy or to scale.`,
          fix: `give it a /${spec.purpose.largestPrefix} or larger.`,
        });
      }
      const overlap = placed.find((p) => p.range.overlaps(range));
      if (overlap) {
        refuse(this, {
          lesson: 'AZURE', setting, given: spec.addressPrefix,
          problem: `it overlaps ${overlap.range.toString()}, the subnet of ${overlap.purpose.description}, and Azure refuses overlapping subnets.`,
          fix: 'give each subnet its own range (PlatformNetwork.defaultLayout places them for you).',
        });
      }
      placed.push({ purpose: spec.purpose, range });
    }
  }
}

/** The range `text`, or a refusal that names the aligned range when the host bits are set. */
export function parseRange(scope: Construct, setting: string, text: string): Ipv4Range {
  const range = Ipv4Range.parse(text);
  if (range) return range;
  const aligned = Ipv4Range.aligned(text);
  refuse(scope, {
    lesson: 'AZURE', setting, given: text,
    problem: aligned ? 'the address has host bits set for its prefix, and Azure refuses a range that does not start on its boundary.' : 'this is not an IPv4 range in CIDR notation.',
    fix: aligned ? `write ${aligned}.` : 'write it as a.b.c.d/n, e.g. 10.40.0.0/20.',
  });
}

/**
 * The subnet of `purpose`, or a refusal naming the setting: a construct placed in the network
 * needs the subnet delegated to it.
 */
export function requireSubnet(scope: Construct, setting: string, subnet: ISubnet, purpose: SubnetPurpose, location?: string): ISubnet {
  // A resource in a subnet is in its network's region; what both say is judged as Terraform gets it.
  const mine = location === undefined ? undefined : literalOf(scope, location);
  const theirs = subnet.location === undefined ? undefined : literalOf(scope, subnet.location);
  if (mine !== undefined && theirs !== undefined && AzureRegion.normalize(mine) !== AzureRegion.normalize(theirs)) {
    refuse(scope, {
      lesson: 'AZURE', setting, given: theirs,
      problem: `the subnet's network is in ${theirs}, and this resource is in ${mine}: Azure places a resource in a subnet only in the network's region, so the deployment fails.`,
      fix: `put the resource in ${theirs}, or use a network in ${mine}.`,
    });
  }
  if (subnet.purpose !== purpose) {
    refuse(scope, {
      lesson: 'AZURE', setting, given: subnet.purpose.name,
      problem: `${purpose.description} needs a subnet ${purpose.delegation ? `delegated to ${purpose.delegation}` : 'without a delegation'}, and this one is for ${subnet.purpose.description}${subnet.purpose.delegation ? ` (delegated to ${subnet.purpose.delegation})` : ''}: Azure refuses the deployment.`,
      fix: `pass the network's subnetFor(SubnetPurpose.${purposeConstant(purpose)}).`,
    });
  }
  return subnet;
}

function purposeConstant(purpose: SubnetPurpose): string {
  return Object.entries(SubnetPurpose).find(([, v]) => v === purpose)?.[0] ?? purpose.name;
}
