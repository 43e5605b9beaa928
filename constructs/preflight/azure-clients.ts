import type { TokenCredential } from '@azure/identity';
import type { ApiManagementClient } from '@azure/arm-apimanagement';
import type { WebSiteManagementClient } from '@azure/arm-appservice';
import type { AuthorizationManagementClient } from '@azure/arm-authorization';
import type { CdnManagementClient } from '@azure/arm-cdn';
import type { ContainerRegistryManagementClient } from '@azure/arm-containerregistry';
import type { KeyVaultManagementClient } from '@azure/arm-keyvault';
import type { ResourceManagementClient } from '@azure/arm-resources';
import type { SubscriptionClient } from '@azure/arm-resources-subscriptions';
import type { StorageManagementClient } from '@azure/arm-storage';
import type { Client as GraphClient } from '@microsoft/microsoft-graph-client';
import { IPreflightCredential } from './types';

export const DEFAULT_RESOURCE_MANAGER = 'https://management.azure.com';
export const DEFAULT_GRAPH = 'https://graph.microsoft.com';

/** The SDKs are optional dependencies: a project that only synthesizes may leave them out. */
export class PreflightSdkMissingError extends Error {}

async function load<T>(name: string, loader: () => Promise<T>): Promise<T> {
  try {
    return await loader();
  } catch (error) {
    if ((error as { code?: string }).code === 'MODULE_NOT_FOUND') {
      throw new PreflightSdkMissingError(`the preflight needs ${name}, an optional dependency of @realtime-platform/azure-constructs: install it (npm install ${name}) or install the package without --omit=optional.`);
    }
    throw error;
  }
}

/**
 * Microsoft's clients for Resource Manager and Microsoft Graph, each loaded on first use (the
 * constructs never load them, so a synth pays nothing for them), all with one credential and the
 * given endpoints.
 */
export class AzureClients {
  public readonly credential: TokenCredential;
  private readonly made = new Map<string, Promise<unknown>>();

  constructor(credential: IPreflightCredential, public readonly subscriptionId: string,
    public readonly resourceManagerEndpoint: string, public readonly graphEndpoint: string) {
    this.credential = {
      getToken: async (scopes, options) => (await credential.getToken(Array.isArray(scopes) ? scopes : [scopes], options)) ?? null,
    };
  }

  public resources(): Promise<ResourceManagementClient> {
    return this.once('resources', async () => new (await load('@azure/arm-resources', () => import('@azure/arm-resources'))).ResourceManagementClient(this.credential, this.subscriptionId, this.options()));
  }

  public subscriptions(): Promise<SubscriptionClient> {
    return this.once('subscriptions', async () => new (await load('@azure/arm-resources-subscriptions', () => import('@azure/arm-resources-subscriptions'))).SubscriptionClient(this.credential, this.options()));
  }

  public authorization(): Promise<AuthorizationManagementClient> {
    return this.once('authorization', async () => new (await load('@azure/arm-authorization', () => import('@azure/arm-authorization'))).AuthorizationManagementClient(this.credential, this.subscriptionId, this.options()));
  }

  public appService(): Promise<WebSiteManagementClient> {
    return this.once('appService', async () => new (await load('@azure/arm-appservice', () => import('@azure/arm-appservice'))).WebSiteManagementClient(this.credential, this.subscriptionId, this.options()));
  }

  public apiManagement(): Promise<ApiManagementClient> {
    return this.once('apiManagement', async () => new (await load('@azure/arm-apimanagement', () => import('@azure/arm-apimanagement'))).ApiManagementClient(this.credential, this.subscriptionId, this.options()));
  }

  public storage(): Promise<StorageManagementClient> {
    return this.once('storage', async () => new (await load('@azure/arm-storage', () => import('@azure/arm-storage'))).StorageManagementClient(this.credential, this.subscriptionId, this.options()));
  }

  public keyVault(): Promise<KeyVaultManagementClient> {
    return this.once('keyVault', async () => new (await load('@azure/arm-keyvault', () => import('@azure/arm-keyvault'))).KeyVaultManagementClient(this.credential, this.subscriptionId, this.options()));
  }

  public containerRegistry(): Promise<ContainerRegistryManagementClient> {
    return this.once('containerRegistry', async () => new (await load('@azure/arm-containerregistry', () => import('@azure/arm-containerregistry'))).ContainerRegistryManagementClient(this.credential, this.subscriptionId, this.options()));
  }

  public cdn(): Promise<CdnManagementClient> {
    return this.once('cdn', async () => new (await load('@azure/arm-cdn', () => import('@azure/arm-cdn'))).CdnManagementClient(this.credential, this.subscriptionId, this.options()));
  }

  /** Microsoft Graph v1.0, with a token for the Graph endpoint. */
  public graph(): Promise<GraphClient> {
    return this.once('graph', async () => {
      const { Client } = await load('@microsoft/microsoft-graph-client', () => import('@microsoft/microsoft-graph-client'));
      return Client.initWithMiddleware({
        baseUrl: `${this.graphEndpoint}/`,
        defaultVersion: 'v1.0',
        // The client sends its token only to Graph's own hosts and these (a national cloud's, or a test's).
        customHosts: new Set([new URL(this.graphEndpoint).hostname]),
        authProvider: { getAccessToken: async () => (await this.credential.getToken(this.graphScope()))?.token ?? '' },
      });
    });
  }

  /** The token scope of Resource Manager. */
  public resourceManagerScope(): string {
    return `${this.resourceManagerEndpoint}/.default`;
  }

  /** The token scope of Microsoft Graph. */
  public graphScope(): string {
    return `${this.graphEndpoint}/.default`;
  }

  private options() {
    return {
      endpoint: this.resourceManagerEndpoint,
      credentialScopes: [this.resourceManagerScope()],
      userAgentOptions: { userAgentPrefix: 'azure-preflight' },
    };
  }

  private once<T>(name: string, make: () => Promise<T>): Promise<T> {
    if (!this.made.has(name)) this.made.set(name, make());
    return this.made.get(name) as Promise<T>;
  }
}
