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
