import { IConstruct } from 'constructs';
import { resolveIn } from '../core/claims';

/**
 * A client that reaches into a virtual network from outside it, such as an API Management
 * gateway with outbound VNet integration: a service with only a private address checks that its
 * callers are integrated into its network.
 */
export interface INetworkCaller {
  /**
   * Resource id of the network the caller sends its outbound traffic into.
   * @default - none: the caller reaches only public endpoints
   */
  readonly outboundVirtualNetworkId?: string;
}

/**
 * Whether two network ids name the same network, compared as the synthesized stack writes them
 * (`${azurerm_virtual_network.<id>.id}` for one this app creates, the literal id otherwise), case
 * aside (Azure ids are case-insensitive). A reference and a literal cannot be compared at synth,
 * so they count as the same; so does a missing side.
 */
export function sameNetwork(scope: IConstruct, a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return true;
  const left = String(resolveIn(scope, a));
  const right = String(resolveIn(scope, b));
  if (left.startsWith('${') !== right.startsWith('${')) return true;
  return left.toLowerCase() === right.toLowerCase();
}
