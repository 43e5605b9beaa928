import { Construct } from 'constructs';
import { PublicNetworkAccess } from '../core/network';
import { formatForCaller } from '../core/validation';
import { sameNetwork } from './network-caller';
import { IPlatformNetwork } from './platform-network';
import { PrivateEndpoint } from './private-endpoint';

/** What `PrivateAccess` needs to know about the service it guards. */
export interface PrivateAccessProps {
  /** The service's name: endpoints are `pe-<name>[-<label>][-<n>]`. */
  readonly name: string;
  readonly targetResourceId: string;
  readonly targetResourceType: string;
  /** The service's private-link sub-resources and their DNS zones (its descriptor's `privateLink`). @default - looked up by type */
  readonly dnsZones?: { readonly [subresource: string]: string };
  readonly publicNetworkAccess: PublicNetworkAccess;
  /**
   * Refuse at synth a service whose public endpoint is off with no endpoint here and none managed
   * elsewhere: `what` names it and who it leaves out (`the cache: every client would fail to connect`).
   * @default - no such check (the callers check, as storage's do)
   */
  readonly unreachable?: { readonly what: string; readonly managedElsewhere?: boolean; readonly defaulted?: boolean };
}

/**
 * The private endpoints of one service (internal): ids and names that stay unique when a second
 * network is added, which networks have which sub-resource, and the refusal of a public endpoint
 * turned off with nothing in its place (SEC-1).
 */
export class PrivateAccess {
  private readonly endpoints: { subresource: string; label?: string; virtualNetworkId: string }[] = [];

  constructor(private readonly owner: Construct, private readonly props: PrivateAccessProps) {
    const check = props.unreachable;
    if (!check) return;
    owner.node.addValidation({
      validate: () => (props.publicNetworkAccess !== PublicNetworkAccess.DISABLED || this.endpoints.length > 0 || check.managedElsewhere
        ? []
        : [formatForCaller(owner.node.path, {
          lesson: 'SEC-1', setting: 'publicNetworkAccess', given: 'Disabled',
          problem: `the public endpoint is off${check.defaulted ? ' (the production default)' : ''} and no private endpoint reaches ${check.what}.`,
          fix: 'call addPrivateEndpoint(network) (the callers must run in that network), set privateEndpointManagedElsewhere if another team\'s endpoint reaches it, or set publicNetworkAccess: ENABLED (a warning in production).',
        })]),
    });
  }

  /** An endpoint for `subresource` in `network`; `label` joins its id and name (storage: the service). */
  public add(network: IPlatformNetwork, subresource: string, label?: string): PrivateEndpoint {
    const n = this.endpoints.filter((e) => e.label === label).length;
    const part = [label, n === 0 && label !== undefined ? undefined : String(n)].filter((p) => p !== undefined).join('-');
    const endpoint = new PrivateEndpoint(this.owner, `private-endpoint-${part}`, {
      network,
      name: [`pe-${this.props.name}`, label, n > 0 ? String(n) : undefined].filter((p) => p !== undefined).join('-'),
      targetResourceId: this.props.targetResourceId,
      targetResourceType: this.props.targetResourceType,
      dnsZones: this.props.dnsZones,
      subresource,
    });
    this.endpoints.push({ subresource, label, virtualNetworkId: network.virtualNetworkId });
    return endpoint;
  }

  /** Whether an endpoint for `subresource` is in the network `virtualNetworkId`. */
  public has(subresource: string, virtualNetworkId: string): boolean {
    return this.endpoints.some((e) => e.subresource === subresource && sameNetwork(this.owner, e.virtualNetworkId, virtualNetworkId));
  }
}
