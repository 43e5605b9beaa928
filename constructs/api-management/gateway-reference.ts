import { Token } from 'cdktf';
import { PathDeclaration, PathNodeKind } from '../core/path-declarations';
import { Construct, IConstruct } from 'constructs';
import { DataAzurermApiManagement } from '@cdktf/provider-azurerm/lib/data-azurerm-api-management';
import { claim, resolveIn } from '../core/claims';
import { refuse } from '../core/validation';
import { IManagedIdentity, ManagedIdentity } from '../identity/principal';
import { INetworkCaller } from '../network/network-caller';
import { AzureResource } from '../resource/azure-resource';

/**
 * An API Management service to put APIs, policies, backends and products on: an
 * `ApiGateway`, or one another team owns, from `ApiGateway.fromExisting`.
 */
export interface IApiGateway extends IConstruct, INetworkCaller {
  /** Service name (a Terraform reference for a gateway this stack creates). */
  readonly serviceName: string;
  readonly resourceGroupName: string;
  /**
   * The SKU as azurerm spells it (`StandardV2_1`, `Developer_1`, `Consumption_0`): it decides
   * which policies run and how rate limits count (GW-2), so it must be known at synth.
   */
  readonly skuName: string;
  /** Resource id of the service. */
  readonly gatewayId: string;
  /** Gateway host name, e.g. `apim-x.azure-api.net`, for a Front Door origin. */
  readonly gatewayHostName: string;
  /** The service's system-assigned identity: grant it what the gateway reads (a Key Vault secret for a named value). */
  readonly identity: IManagedIdentity;
  // outboundVirtualNetworkId comes from INetworkCaller: the network the gateway's outbound
  // traffic goes into (Standard v2 or Premium v2 VNet integration).
}

/** What `ApiGateway.fromExisting` needs to know about a gateway another team owns. */
export interface ApiGatewayAttributes {
  readonly serviceName: string;
  readonly resourceGroupName: string;
  /** The SKU (`StandardV2_1`, `Developer_1`, `Consumption_0`, ...): it decides which policies run (GW-2). */
  readonly skuName: string;
  /**
   * Resource id of the virtual network the gateway is integrated into for outbound calls.
   * @default - none: the gateway reaches public backends only
   */
  readonly outboundVirtualNetworkId?: string;
  /**
   * Resource id of the service.
   * @default - read at plan time with the `azurerm_api_management` data source
   */
  readonly gatewayId?: string;
  /**
   * Object id of the service's system-assigned identity.
   * @default - read at plan time with the `azurerm_api_management` data source
   */
  readonly principalId?: string;
  /**
   * Gateway host name.
   * @default `<serviceName>.azure-api.net`
   */
  readonly gatewayHostName?: string;
}

const KEYS = new WeakMap<IApiGateway, string>();

/** A key that is the same for every reference to one gateway in an app: its literal name where known. */
export function gatewayKeyOf(gateway: IApiGateway): string {
  const known = KEYS.get(gateway);
  if (known) return known;
  return Token.isUnresolved(gateway.serviceName) ? `construct:${gateway.node.path}` : `service:${gateway.serviceName.toLowerCase()}`;
}

/** Record the literal name of a gateway whose `serviceName` is a reference. */
export function registerGatewayName(gateway: IApiGateway, name: string): void {
  if (!Token.isUnresolved(name)) KEYS.set(gateway, `service:${name.toLowerCase()}`);
}

/**
 * Claim one thing API Management allows once per gateway (an API name, an API path, the policy
 * of one scope, a backend id, a product id) for `owner`: a second owner in the same app is
 * refused with both construct paths, instead of failing at apply with "already exists" or
 * silently replacing the first.
 */
export function claimOnGateway(owner: IConstruct, gateway: IApiGateway, what: GatewayClaim): void {
  // A reference resolves to the same `${type.id.attr}` text wherever it is used, so it is a key too.
  const key = Token.isUnresolved(what.value) ? String(resolveIn(owner, what.value)) : what.value.toLowerCase();
  const holder = claim(owner, `apim:${gatewayKeyOf(gateway)}:${what.kind}`, key);
  if (holder !== undefined) {
    refuse(owner, {
      lesson: 'AZURE', setting: what.setting, given: what.value,
      problem: `${holder} already has ${what.description} on this gateway, and API Management keeps one: the second apply fails with "already exists", or one replaces the other.`,
      fix: what.fix,
    });
  }
}

/** One thing claimed on a gateway. */
export interface GatewayClaim {
  /** `api`, `path`, `api-policy`, `operation-policy`, `backend`, `product`. */
  readonly kind: string;
  readonly value: string;
  readonly setting: string;
  /** E.g. `the API-scope policy of API realtime`. */
  readonly description: string;
  readonly fix: string;
}

/** What `ApiGateway` and a reference to a gateway another team owns share. */
export abstract class ApiGatewayBase extends AzureResource implements IApiGateway {
  public abstract readonly serviceName: string;
  public abstract readonly resourceGroupName: string;
  public abstract readonly skuName: string;
  public abstract readonly gatewayId: string;
  public abstract readonly gatewayHostName: string;
  public abstract readonly identity: IManagedIdentity;
  public abstract readonly outboundVirtualNetworkId?: string;

  public get resourceId(): string {
    return this.gatewayId;
  }

  public get resourceName(): string {
    return this.serviceName;
  }
}

export class ImportedApiGateway extends ApiGatewayBase {
  public readonly serviceName: string;
  public readonly resourceGroupName: string;
  public readonly skuName: string;
  public readonly gatewayHostName: string;
  public readonly outboundVirtualNetworkId?: string;
  private readonly attributes: ApiGatewayAttributes;
  private lookup?: DataAzurermApiManagement;
  private principal?: IManagedIdentity;

  constructor(scope: Construct, id: string, attributes: ApiGatewayAttributes) {
    super(scope, id);
    if (!Token.isUnresolved(attributes.skuName) && !/^(?:Consumption|Developer|Basic|Standard|Premium|Isolated|BasicV2|StandardV2|PremiumV2)_\d+$/.test(attributes.skuName)) {
      refuse(this, {
        lesson: 'AZURE', setting: 'skuName', given: attributes.skuName,
        problem: 'this is not an API Management SKU as azurerm spells it, so the policies it allows and its rate-limit algorithm are unknown (GW-2).',
        fix: "use e.g. 'BasicV2_1', 'StandardV2_2', 'Developer_1', 'Premium_1' or 'Consumption_0'.",
      });
    }
    this.attributes = attributes;
    this.serviceName = attributes.serviceName;
    this.resourceGroupName = attributes.resourceGroupName;
    this.skuName = attributes.skuName;
    this.outboundVirtualNetworkId = attributes.outboundVirtualNetworkId;
    this.gatewayHostName = attributes.gatewayHostName ?? `${attributes.serviceName}.azure-api.net`;
    PathDeclaration.node(this, { kind: PathNodeKind.GATEWAY, title: `API Management ${attributes.skuName} (existing)`, name: attributes.serviceName });
  }

  public get gatewayId(): string {
    return this.attributes.gatewayId ?? this.dataSource().id;
  }

  public get identity(): IManagedIdentity {
    this.principal ??= ManagedIdentity.systemAssigned(
      this.attributes.principalId ?? this.dataSource().identity.get(0).principalId, this.node.id);
    return this.principal;
  }

  private dataSource(): DataAzurermApiManagement {
    this.lookup ??= new DataAzurermApiManagement(this, 'lookup', { name: this.serviceName, resourceGroupName: this.resourceGroupName });
    return this.lookup;
  }
}
