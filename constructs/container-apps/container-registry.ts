import { Fn, Token } from 'cdktf';
import { Construct } from 'constructs';
import { DataAzurermContainerRegistry } from '@cdktf/provider-azurerm/lib/data-azurerm-container-registry';
import { refuse } from '../core/validation';
import { Grant } from '../identity/grant';
import { IPrincipal } from '../identity/principal';
import { PublicNetworkAccess } from '../core/network';
import { IPlatformNetwork } from '../network/platform-network';
import { PrivateEndpoint } from '../network/private-endpoint';
import { AzureResource } from '../resource/azure-resource';
import { checkReferenceName, idOrLookup } from '../resource/resource-checks';
import { IContainerRegistry } from './app-checks';
import { CONTAINER_REGISTRY_SERVICE } from './container-registry-service';

/** The service tier of a registry: only Premium takes private endpoints. */
export enum ContainerRegistrySku {
  BASIC = 'Basic',
  STANDARD = 'Standard',
  PREMIUM = 'Premium',
}

/** What `ContainerRegistry.fromExisting` needs to know about a registry. */
export interface ContainerRegistryAttributes {
  /** Registry name, e.g. `crshared`. */
  readonly name: string;
  /** Resource group of the registry; needed to look up its id when `registryId` is not given. */
  readonly resourceGroupName: string;
  /**
   * Resource id of the registry.
   * @default - looked up at plan with the `azurerm_container_registry` data source
   */
  readonly registryId?: string;
  /**
   * Login server, when it is not `<name>.azurecr.io` (registries with a domain name label).
   * @default `<name>.azurecr.io`
   */
  readonly loginServer?: string;
  /**
   * The registry's tier, as its owner set it. Only a Premium registry takes private endpoints, so
   * `addPrivateEndpoint` is refused unless this says Premium.
   * @default - not known
   */
  readonly sku?: ContainerRegistrySku;
}

/** What every registry reference shares: AcrPull through the one grant mechanism. */
export abstract class ContainerRegistryBase extends AzureResource implements IContainerRegistry {
  public abstract readonly loginServer: string;
  public abstract readonly registryId: string;

  public get resourceId(): string {
    return this.registryId;
  }

  public grantPull(principal: IPrincipal, id?: string): Grant {
    return this.grantRole('pull', CONTAINER_REGISTRY_SERVICE.roles.acrPull, principal, id);
  }

  public abstract addPrivateEndpoint(network: IPlatformNetwork): PrivateEndpoint;
}

/** Azure Container Registry references: registries are shared, so this library never creates one. */
export class ContainerRegistry {
  /**
   * A registry another team owns. Apps pull from it with their identity (SEC-2), and
   * `grantPull` gives any principal AcrPull on it.
   */
  public static fromExisting(scope: Construct, id: string, attributes: ContainerRegistryAttributes): IContainerRegistry {
    return new ImportedContainerRegistry(scope, id, attributes);
  }

  private constructor() {}
}

class ImportedContainerRegistry extends ContainerRegistryBase {
  public readonly loginServer: string;
  public readonly registryId: string;
  public readonly resourceName: string;
  private readonly sku?: ContainerRegistrySku;

  constructor(scope: Construct, id: string, attributes: ContainerRegistryAttributes) {
    super(scope, id);
    this.sku = attributes.sku;
    checkReferenceName(this, attributes.name, CONTAINER_REGISTRY_SERVICE.names.resource);
    this.resourceName = attributes.name;
    // A name given as a token is lowered by Terraform: lowering the token's text would break it.
    const lowerName = Token.isUnresolved(attributes.name) ? Fn.lower(attributes.name) : attributes.name.toLowerCase();
    this.loginServer = attributes.loginServer ?? `${lowerName}.azurecr.io`;
    this.registryId = idOrLookup(attributes.registryId, () => new DataAzurermContainerRegistry(this, 'lookup', {
      name: attributes.name, resourceGroupName: attributes.resourceGroupName,
    }));
    // The owner keeps its public endpoint (or not): nothing here can turn it off.
    this.declarePrivateLink({ name: lowerName, resourceType: CONTAINER_REGISTRY_SERVICE.resourceType, dnsZones: CONTAINER_REGISTRY_SERVICE.privateLink, publicNetworkAccess: PublicNetworkAccess.ENABLED });
  }

  public addPrivateEndpoint(network: IPlatformNetwork): PrivateEndpoint {
    if (this.sku !== ContainerRegistrySku.PREMIUM) {
      refuse(this, {
        lesson: 'AZURE', setting: 'sku', given: this.sku,
        problem: 'only a Premium registry takes private endpoints: Azure refuses the endpoint of a Basic or Standard one at apply.',
        fix: 'check the registry\'s tier with its owner (az acr show --name <registry> --query sku.name) and declare sku: ContainerRegistrySku.PREMIUM, or leave the pulls on its public endpoint.',
      });
    }
    return this.addPrivateEndpointFor(network, 'registry');
  }
}
