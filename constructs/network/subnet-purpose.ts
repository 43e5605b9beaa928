/**
 * What a subnet hosts: the service it is delegated to and the smallest size that service takes.
 * One subnet per purpose: the delegations exclude each other.
 */
export class SubnetPurpose {
  /**
   * A workload-profiles Container Apps environment (its Consumption profile included): delegated to
   * `Microsoft.App/environments`, at least a /27. (A consumption-only environment would need an
   * undelegated /23; the library builds workload-profiles environments.)
   */
  public static readonly CONTAINER_APPS_ENVIRONMENT = new SubnetPurpose(
    'container-apps', 'the Container Apps environment', 27, 'Microsoft.App/environments', ['Microsoft.Network/virtualNetworks/subnets/join/action']);
  /**
   * API Management Standard v2 or Premium v2 outbound VNet integration: delegated to
   * `Microsoft.Web/serverFarms`, used by nothing else, /27 or larger for a new subnet.
   */
  public static readonly API_MANAGEMENT_OUTBOUND = new SubnetPurpose(
    'apim-outbound', 'API Management outbound integration', 27, 'Microsoft.Web/serverFarms', ['Microsoft.Network/virtualNetworks/subnets/action']);
  /** Flex Consumption function apps' VNet integration: delegated to `Microsoft.App/environments`, at least a /27. */
  public static readonly FUNCTIONS = new SubnetPurpose(
    'functions', 'Flex Consumption VNet integration', 27, 'Microsoft.App/environments', ['Microsoft.Network/virtualNetworks/subnets/join/action']);
  /** Private endpoints: not delegated, one address per endpoint, at least a /28. */
  public static readonly PRIVATE_ENDPOINTS = new SubnetPurpose('private-endpoints', 'private endpoints', 28);

  /** Every purpose, in the order the default layout places them. */
  public static all(): SubnetPurpose[] {
    return [SubnetPurpose.CONTAINER_APPS_ENVIRONMENT, SubnetPurpose.API_MANAGEMENT_OUTBOUND, SubnetPurpose.FUNCTIONS, SubnetPurpose.PRIVATE_ENDPOINTS];
  }

  /** Short name: the subnet's name suffix and construct id. */
  public readonly name: string;
  /** What the subnet hosts, for messages. */
  public readonly description: string;
  /** The largest prefix length (so the smallest subnet) the service takes, e.g. 27 for a /27. */
  public readonly largestPrefix: number;
  /** The service the subnet is delegated to. @default - not delegated */
  public readonly delegation?: string;
  /** The delegation's actions, as Azure sets them (so Terraform sees no drift). */
  public readonly delegationActions: string[];

  private constructor(name: string, description: string, largestPrefix: number, delegation?: string, delegationActions: string[] = []) {
    this.name = name;
    this.description = description;
    this.largestPrefix = largestPrefix;
    this.delegation = delegation;
    this.delegationActions = delegationActions;
  }
}
