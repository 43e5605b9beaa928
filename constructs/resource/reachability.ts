import { IConstruct } from 'constructs';
import { PublicNetworkAccess } from '../core/network';
import { formatForCaller } from '../core/validation';

/** Who calls a resource, for a reachability check (`IMessageQueue.checkReachableFrom`). */
export interface ResourceCaller {
  /** Names the caller in the message, e.g. `the gateway (which queues the commands)`. */
  readonly who: string;
  /** The caller's virtual network. @default - outside any network */
  readonly networkId?: string;
  /**
   * The caller is one of Azure's trusted services (Event Grid): never in a network, and let through
   * a firewall that admits trusted services with its managed identity.
   * @default false
   */
  readonly trustedService?: boolean;
}

/** How a resource this app creates answers its callers (recorded by the resource, read at synth). */
export interface Reach {
  readonly publicNetworkAccess: PublicNetworkAccess;
  /** The public endpoint is on and admits only Azure's trusted services. */
  readonly trustedServicesOnly: boolean;
  /** Whether a private endpoint for `subresource` is in the network `virtualNetworkId`. */
  hasPrivateEndpoint(subresource: string, virtualNetworkId: string): boolean;
}

/** How a service's refusal names the resource and its fixes (the service's own words). */
export interface ReachWording {
  /** The resource in the message: `the account`. */
  readonly noun: string;
  /** What the private endpoint is for: `the account's queue service`. */
  endpointFor(subresource: string): string;
  /** The call that adds the missing endpoint: `account.addPrivateEndpoint(network, StorageService.QUEUE)`. */
  addEndpoint(subresource: string): string;
}

const REACH = new WeakMap<IConstruct, Reach>();

/** Record how `resource` answers (a resource this app creates; a reference records nothing: its owner decides). */
export function declareReach(resource: IConstruct, reach: Reach): void {
  REACH.set(resource, reach);
}

/** How `resource` answers, when this app creates it. */
export function reachOf(resource: IConstruct): Reach | undefined {
  return REACH.get(resource);
}

/**
 * Refuse, at synth, a resource of this app that `caller` cannot reach on `subresource` (SEC-1): its
 * public endpoint is off, or admits only trusted services, and the caller has no private endpoint
 * for it in its network, so every call would fail. Checked at synth, so the resource's endpoints
 * may be added after the caller. A reference (nothing recorded) passes: its owner decides.
 */
export function refuseUnreachable(scope: IConstruct, setting: string, resource: IConstruct, subresource: string, caller: ResourceCaller, wording: ReachWording): void {
  const { who, networkId: callerNetworkId, trustedService = false } = caller;
  const reach = reachOf(resource);
  if (!reach) return;
  const { noun } = wording;
  scope.node.addValidation({
    validate: () => {
      const open = reach.publicNetworkAccess === PublicNetworkAccess.ENABLED;
      if (open && (!reach.trustedServicesOnly || trustedService)) return [];
      if (callerNetworkId !== undefined && reach.hasPrivateEndpoint(subresource, callerNetworkId)) return [];
      const outside = callerNetworkId === undefined;
      const endpoint = open ? 'the public endpoint admits only Azure\'s trusted services' : 'the public endpoint is off';
      return [formatForCaller(scope.node.path, {
        lesson: 'SEC-1', setting, given: open ? 'Enabled (trustedServicesOnly)' : 'Disabled',
        problem: outside
          ? `${who} reaches ${noun} from outside any virtual network, and ${endpoint}: every call would fail.`
          : `${who} is in a virtual network without a private endpoint for ${wording.endpointFor(subresource)}, and ${endpoint}: every call would fail.`,
        fix: trustedService
          ? `give ${noun} publicNetworkAccess: PublicNetworkAccess.ENABLED with trustedServicesOnly: true: Event Grid cannot use a private endpoint, and passes the firewall as a trusted service with the topic's identity.`
          : outside
            ? `put the caller in a network with ${noun}'s private endpoint, or give ${noun} publicNetworkAccess: PublicNetworkAccess.ENABLED (a warning in production).`
            : `call ${wording.addEndpoint(subresource)} for the caller's network.`,
      })];
    },
  });
}
