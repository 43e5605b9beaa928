import { TerraformResource, TerraformStack } from 'cdktf';
import { Construct, IConstruct } from 'constructs';
import { PrivateEndpoint as PrivateEndpointResource } from '@cdktf/provider-azurerm/lib/private-endpoint';
import { AzureServices } from '../core/azure-service';
import { checkName } from '../core/naming';
import { refuse } from '../core/validation';
import { waitFor } from '../core/dependencies';
import { IPlatformNetwork, PlatformNetwork, requireSubnet } from './platform-network';
import { SubnetPurpose } from './subnet-purpose';
import { NETWORK_SERVICE } from './network-service';

export interface PrivateEndpointProps {
  /** The network whose private-endpoint subnet holds the endpoint and whose DNS zone names it. */
  readonly network: IPlatformNetwork;
  /** Name of the endpoint, e.g. `pe-redis-rtp-prod-ratelimit`. */
  readonly name: string;
  /** Resource id of the service. */
  readonly targetResourceId: string;
  /** ARM type of the service, e.g. `Microsoft.Cache/redisEnterprise`. */
  readonly targetResourceType: string;
  /** The service's private-link sub-resource, e.g. `redisEnterprise`, `blob`, `vault`. */
  readonly subresource: string;
  /**
   * The service's private-link sub-resources and the private DNS zone each resolves through
   * (public cloud), e.g. `{ vault: 'privatelink.vaultcore.azure.net' }`: what a library construct's
   * `addPrivateEndpoint` passes from its service's descriptor.
   * @default - the zones of `targetResourceType` in the services the stack knows (an `AzureStack`,
   * or a stack given `PlatformAspects.applyTo`, knows every service of the library)
   */
  readonly dnsZones?: { [subresource: string]: string };
}

/**
 * A private endpoint for one sub-resource of a service, in the network's private-endpoint subnet,
 * with its DNS zone group: the service's name resolves to the endpoint's address inside the
 * network, so clients keep the public host name and TLS still matches.
 */
export class PrivateEndpoint extends Construct {
  /**
   * The private DNS zone of a service's sub-resource, from the services `scope`'s stack knows (an
   * `AzureStack`, or a stack given `PlatformAspects.applyTo`, knows every service of the library),
   * e.g. `PrivateEndpoint.dnsZoneOf(this, 'Microsoft.KeyVault/vaults', 'vault')` is
   * `privatelink.vaultcore.azure.net`; undefined when the stack knows no such service or sub-resource.
   */
  public static dnsZoneOf(scope: IConstruct, targetResourceType: string, subresource: string): string | undefined {
    return AzureServices.in(scope)?.of(targetResourceType)?.privateLink?.[subresource];
  }

  public readonly endpoint: PrivateEndpointResource;
  public readonly subresource: string;

  constructor(scope: Construct, id: string, props: PrivateEndpointProps) {
    super(scope, id);
    checkName(this, 'name', props.name, NETWORK_SERVICE.names.privateEndpoint);
    // Each service declares its sub-resources and zones in its descriptor (core/azure-service.ts):
    // given by the construct that owns the endpoint, or looked up in the services the stack knows.
    const services = AzureServices.in(this);
    const known = props.dnsZones ?? services?.of(props.targetResourceType)?.privateLink;
    if (!known) {
      refuse(this, {
        lesson: 'AZURE', setting: 'targetResourceType', given: props.targetResourceType,
        problem: services
          ? 'the library does not know this service\'s private-link sub-resources or DNS zone.'
          : 'the stack holds no service catalogue when the endpoint is built (an AzureStack holds one; a plain TerraformStack gets it from PlatformAspects.applyTo, which has not run on it yet), so this service\'s private-link sub-resources and DNS zones are unknown.',
        fix: services
          ? `use one of ${services.withPrivateLink().sort().join(', ')}, give dnsZones, or build the endpoint with azurerm_private_endpoint directly.`
          : 'call PlatformAspects.applyTo(stack, ...) before building the endpoint, give dnsZones (each sub-resource and its privatelink zone), or build it in an AzureStack.',
      });
    }
    const zone = known[props.subresource];
    if (!zone) {
      refuse(this, {
        lesson: 'AZURE', setting: 'subresource', given: props.subresource,
        problem: `${props.targetResourceType} has no private-link sub-resource by this name, and Azure refuses the endpoint.`,
        fix: `use ${Object.keys(known).join(', ')}.`,
      });
    }
    const subnet = props.network.subnetFor(SubnetPurpose.PRIVATE_ENDPOINTS);
    if (!subnet) {
      refuse(this, {
        lesson: 'AZURE', setting: 'network', given: props.network.virtualNetworkId,
        problem: 'the network has no subnet for private endpoints.',
        fix: 'add a SubnetPurpose.PRIVATE_ENDPOINTS subnet to the network.',
      });
    }
    requireSubnet(this, 'network', subnet, SubnetPurpose.PRIVATE_ENDPOINTS);
    this.subresource = props.subresource;
    this.endpoint = new PrivateEndpointResource(this, 'endpoint', {
      name: props.name,
      resourceGroupName: props.network.resourceGroupName,
      location: props.network.location,
      subnetId: subnet.subnetId,
      privateServiceConnection: {
        name: props.subresource,
        privateConnectionResourceId: props.targetResourceId,
        subresourceNames: [props.subresource],
        isManualConnection: false,
      },
      privateDnsZoneGroup: { name: 'default', privateDnsZoneIds: [props.network.privateDnsZoneId(zone)] },
    });
    // The zone's records resolve inside the network only once the zone is linked to it: the
    // endpoint, and so everything that waits for it, waits for the link too.
    // (A network of another stack is reached through remote state: no address to wait for there.)
    const network = props.network;
    const link = network instanceof PlatformNetwork && TerraformStack.of(network) === TerraformStack.of(this)
      ? network.privateDnsZoneLinkAddress(zone) : undefined;
    if (link) this.endpoint.dependsOn = [link];
  }

  /**
   * Make every dependent wait for the endpoint, its DNS record and the zone's link to the
   * network: a workload that starts first
   * resolves the public address, which refuses it, and crash-loops until the endpoint exists.
   */
  public applyBefore(...dependents: TerraformResource[]): void {
    waitFor(this.endpoint, ...dependents);
  }
}
