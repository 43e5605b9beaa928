import { Construct } from 'constructs';
import { PathDeclaration, PathNodeKind } from '../core/path-declarations';
import { DataAzurermStorageAccount } from '@cdktf/provider-azurerm/lib/data-azurerm-storage-account';
import { StorageAccount as StorageAccountResource } from '@cdktf/provider-azurerm/lib/storage-account';
import { PublicNetworkAccess } from '../core/network';
import { Production } from '../core/production';
import { refuse, requireOneOf, requireRange, warn } from '../core/validation';
import { Grant } from '../identity/grant';
import { IPrincipal } from '../identity/principal';
import { IPlatformNetwork } from '../network/platform-network';
import { PrivateEndpoint } from '../network/private-endpoint';
import { PublicAccessDefault, resolvePublicAccess } from '../network/public-access';
import { AzureResource } from '../resource/azure-resource';
import { checkReferenceName, idOrLookup, openResource } from '../resource/resource-checks';
import { BlobContainer, StorageQueue, StorageTable, attachPoisonQueue } from './storage-children';
import { IStorageAccount } from './storage-account-interface';
import { StorageService } from './storage-reach';
import { STORAGE_SERVICE } from './storage-service';

/** How many copies Azure keeps, and where. */
export enum StorageReplication {
  /** Three copies in one datacenter: lost with the datacenter. */
  LRS = 'LRS',
  /** Three copies across availability zones of one region. */
  ZRS = 'ZRS',
  GRS = 'GRS',
  GZRS = 'GZRS',
  RAGRS = 'RAGRS',
  RAGZRS = 'RAGZRS',
}

// In their own files so the children that take them need not import this file (no file cycle).
export { IStorageAccount };
export { StorageCaller, StorageService, refuseUnreachable } from './storage-reach';

/** What `StorageAccount` and a reference to an existing account share: the account-wide grants. */
export abstract class StorageAccountBase extends AzureResource implements IStorageAccount {
  public abstract readonly accountId: string;
  public abstract readonly accountName: string;
  public abstract readonly blobEndpoint: string;

  public get resourceId(): string {
    return this.accountId;
  }

  public get resourceName(): string {
    return this.accountName;
  }

  public grantBlobDataOwner(principal: IPrincipal, id?: string): Grant {
    return this.grantRole('blob-owner', STORAGE_SERVICE.roles.blobDataOwner, principal, id);
  }

  public grantBlobDataContributor(principal: IPrincipal, id?: string): Grant {
    return this.grantRole('blob-contributor', STORAGE_SERVICE.roles.blobDataContributor, principal, id);
  }

  public grantQueueDataContributor(principal: IPrincipal, id?: string): Grant {
    return this.grantRole('queue-contributor', STORAGE_SERVICE.roles.queueDataContributor, principal, id);
  }

  public grantTableDataContributor(principal: IPrincipal, id?: string): Grant {
    return this.grantRole('table-contributor', STORAGE_SERVICE.roles.tableDataContributor, principal, id);
  }
}

/** Options of `StorageAccount.addQueue`. */
export interface QueueOptions {
  /** Also create `<name>-poison`, where the Functions host moves messages after the maximum dequeue count. @default false */
  readonly poisonQueue?: boolean;
}

/** What `StorageAccount.fromExisting` needs to know. */
export interface StorageAccountAttributes {
  readonly name: string;
  readonly resourceGroupName: string;
  /** @default - looked up at plan with the `azurerm_storage_account` data source */
  readonly accountId?: string;
}

class ImportedStorageAccount extends StorageAccountBase {
  public readonly accountId: string;
  public readonly accountName: string;
  public readonly blobEndpoint: string;

  constructor(scope: Construct, id: string, attributes: StorageAccountAttributes) {
    super(scope, id);
    checkReferenceName(this, attributes.name, STORAGE_SERVICE.names.resource);
    this.accountName = attributes.name;
    this.accountId = idOrLookup(attributes.accountId,
      () => new DataAzurermStorageAccount(this, 'lookup', { name: attributes.name, resourceGroupName: attributes.resourceGroupName }));
    this.blobEndpoint = `https://${attributes.name}.blob.core.windows.net/`;
  }
}

export interface StorageAccountProps {
  /** Account name: 3-24 lower-case letters and digits, unique across Azure. */
  readonly name: string;
  readonly resourceGroupName: string;
  readonly location: string;
  /**
   * Replication. LRS keeps every copy in one datacenter: a warning in production.
   * @default ZRS in production, LRS elsewhere
   */
  readonly replication?: StorageReplication;
  /**
   * Whether the account answers on its public endpoint. Enabled in production is a warning
   * (SEC-1): only Entra ID then stands between the data and the internet.
   * @default DISABLED in production: reach it through private endpoints
   *   (`StorageAccount.addPrivateEndpoint`; a function app without VNet integration cannot
   *   use its host storage then); ENABLED elsewhere
   */
  readonly publicNetworkAccess?: PublicNetworkAccess;
  /**
   * With the public endpoint on, let only Azure's trusted services through it: the firewall
   * (`network_rules`) denies every other public caller and lets Azure services on the trusted list
   * in with their managed identity (`bypass = AzureServices`). For an account only Event Grid
   * reaches from outside (dead letters, queue deliveries): Event Grid cannot use a private
   * endpoint, and Azure lets it through the firewall with the topic's system-assigned identity.
   * Not with `publicNetworkAccess: DISABLED`, which is for private endpoints only.
   * @default false: the public endpoint, when on, answers every network (Entra ID still required)
   */
  readonly trustedServicesOnly?: boolean;
  /**
   * Days a deleted blob, and a deleted container, can be restored (blob and container soft
   * delete), 1-365. Set through Resource Manager, so it works on a keyless account.
   * @default 7
   */
  readonly softDeleteRetentionDays?: number;
  /**
   * Log Analytics workspace for the blob, queue and table logs and metrics.
   * @default - no diagnostics
   */
  readonly logAnalyticsWorkspaceId?: string;
  /** @default Production.isProduction(this) */
  readonly production?: boolean;
  /**
   * Terraform `prevent_destroy` on the account and on the containers, queues and tables added to
   * it: they hold data (an idempotency store, a ledger, parked work).
   * @default the value of `production`
   */
  readonly protectFromDestroy?: boolean;
}

/**
 * A keyless storage account (SEC-1): shared keys off, so only Entra ID works, OAuth as the
 * portal's default, TLS 1.2, HTTPS only, no public blobs, no local users, 7 days of blob and
 * container soft delete, and in production zone-redundant with the public endpoint off. Containers and queues are created through Resource Manager and tables through
 * AzAPI, since `azurerm_storage_table` always authenticates with the account key. Grants on the
 * account, a container, a queue or a table give workloads access with their identity.
 */
export class StorageAccount extends StorageAccountBase {
  /** An account another team owns: the grants work on it as on one this stack creates. */
  public static fromExisting(scope: Construct, id: string, attributes: StorageAccountAttributes): IStorageAccount {
    return new ImportedStorageAccount(scope, id, attributes);
  }

  public readonly account: StorageAccountResource;
  public readonly accountId: string;
  public readonly accountName: string;
  public readonly blobEndpoint: string;
  public readonly production: boolean;
  public readonly replication: StorageReplication;
  public readonly publicNetworkAccess: PublicNetworkAccess;
  /** The public endpoint is on, and admits only Azure's trusted services (`trustedServicesOnly`). */
  public readonly trustedServicesOnly: boolean;
  private readonly workspaceId?: string;
  /** Whether the account, and so the data its children hold, is protected from destroy. */
  private readonly protected: boolean;

  constructor(scope: Construct, id: string, props: StorageAccountProps) {
    super(scope, id);
    this.production = openResource(this, props, STORAGE_SERVICE.names.resource).production;
    const replication = props.replication ?? (this.production ? StorageReplication.ZRS : StorageReplication.LRS);
    requireOneOf(this, replication, Object.values(StorageReplication), {
      lesson: 'AZURE', setting: 'replication', problem: 'Azure Storage has no such replication type.',
    });
    if (this.production && replication === StorageReplication.LRS) {
      warn(this, {
        id: 'AZURE.StorageLocallyRedundant', lesson: 'AZURE', setting: 'replication', given: replication,
        problem: 'LRS keeps every copy in one datacenter: a zone outage takes the idempotency store and the queues with it.',
        fix: 'use ZRS (the production default) or GZRS.',
      });
    }
    const trustedServicesOnly = props.trustedServicesOnly ?? false;
    const publicNetworkAccess = resolvePublicAccess(this, {
      given: props.publicNetworkAccess, default: PublicAccessDefault.OFF_IN_PRODUCTION, production: this.production,
      endpoint: 'a storage account\'s public endpoint',
      // An account whose firewall admits only trusted services is accepted (Event Grid's dead letters).
      productionWarning: trustedServicesOnly ? undefined : {
        id: 'SEC-1.StoragePublicEndpoint',
        problem: 'the production account answers on a public endpoint: only TLS and Entra ID stand between its data and the internet.',
        fix: 'integrate the workloads with a VNet, add private endpoints for blob, queue and table, then set publicNetworkAccess to \'Disabled\' (the production default); for an account only Event Grid reaches, trustedServicesOnly: true.',
      },
    });
    if (trustedServicesOnly && publicNetworkAccess === PublicNetworkAccess.DISABLED) {
      refuse(this, {
        lesson: 'SEC-1', setting: 'trustedServicesOnly', given: true,
        problem: 'with publicNetworkAccess Disabled the account answers on private endpoints only: Azure documents trusted-service access for an enabled endpoint behind a Deny firewall, not for a disabled one.',
        fix: 'give publicNetworkAccess: PublicNetworkAccess.ENABLED with trustedServicesOnly: true (the firewall then admits only trusted services), or drop trustedServicesOnly.',
      });
    }
    const softDeleteDays = props.softDeleteRetentionDays ?? 7;
    requireRange(this, softDeleteDays, {
      min: 1, max: 365, setting: 'softDeleteRetentionDays', lesson: 'AZURE',
      problem: 'Azure keeps deleted blobs and containers for 1-365 days.', fix: 'use e.g. 7 (the default).',
    });
    this.replication = replication;
    this.publicNetworkAccess = publicNetworkAccess;
    this.trustedServicesOnly = trustedServicesOnly && publicNetworkAccess === PublicNetworkAccess.ENABLED;
    PathDeclaration.node(this, { kind: PathNodeKind.DATA, title: 'Storage account: no shared keys, Entra ID only', name: props.name });
    this.account = new StorageAccountResource(this, 'account', {
      name: props.name,
      resourceGroupName: props.resourceGroupName,
      location: props.location,
      accountKind: 'StorageV2',
      accountTier: 'Standard',
      accountReplicationType: replication,
      sharedAccessKeyEnabled: false,
      defaultToOauthAuthentication: true,
      minTlsVersion: 'TLS1_2',
      httpsTrafficOnlyEnabled: true,
      allowNestedItemsToBePublic: false,
      localUserEnabled: false,
      crossTenantReplicationEnabled: false,
      publicNetworkAccessEnabled: publicNetworkAccess === PublicNetworkAccess.ENABLED,
      // Always written: azurerm keeps a firewall the configuration stops writing (the block is
      // computed), so an account opened again would go on denying every caller. Azure's default
      // bypass (AzureServices) stays: trusted services still need a role on the data. An open
      // account adds Metrics: azurerm 4.55 reads exactly Allow + AzureServices back as no block,
      // which would plan an update on every run (hashicorp/terraform-provider-azurerm#27860).
      networkRules: publicNetworkAccess === PublicNetworkAccess.DISABLED || this.trustedServicesOnly
        ? { defaultAction: 'Deny', bypass: ['AzureServices'] }
        : { defaultAction: 'Allow', bypass: ['AzureServices', 'Metrics'] },
      // A blob or container deleted by mistake (or by a bad deployment) can be restored.
      blobProperties: {
        deleteRetentionPolicy: { days: softDeleteDays },
        containerDeleteRetentionPolicy: { days: softDeleteDays },
      },
    });
    this.protected = Production.protectFromDestroy(this.account, props.protectFromDestroy ?? this.production);
    this.accountId = this.account.id;
    // The callers check reachability per service at synth (refuseUnreachable).
    this.declarePrivateLink({
      name: props.name, resourceType: STORAGE_SERVICE.resourceType, dnsZones: STORAGE_SERVICE.privateLink, publicNetworkAccess, trustedServicesOnly: this.trustedServicesOnly,
    });
    this.accountName = this.account.name;
    this.blobEndpoint = this.account.primaryBlobEndpoint;
    this.workspaceId = props.logAnalyticsWorkspaceId;
    for (const service of ['blob', 'queue', 'table']) {
      this.sendDiagnostics(props.logAnalyticsWorkspaceId, {
        targetResourceId: `${this.account.id}/${service}Services/default`,
        // Storage logs always go to their resource-specific tables (StorageBlobLogs, ...).
        dedicated: false,
        // Storage services have Transaction (and Capacity on the account), not AllMetrics.
        metricCategories: ['Transaction'],
      }, `${service}-diagnostics`);
    }
  }

  /** Whether the account sends its logs to Log Analytics. */
  public get hasDiagnostics(): boolean {
    return this.workspaceId !== undefined;
  }

  /** A private blob container, created through Resource Manager (works without keys). */
  public addContainer(name: string): BlobContainer {
    this.refuseDuplicate('container', name);
    const container = new BlobContainer(this, `container-${name}`, { account: this, name });
    PathDeclaration.facts(container, { target: this.node.path, lines: [`container ${name}`] });
    Production.protectFromDestroy(container.container, this.protected);
    return container;
  }

  /**
   * A queue, created through Resource Manager. With `poisonQueue`, also `<name>-poison`, the queue
   * the Functions host moves a message to after the maximum dequeue count, so it can be watched.
   */
  public addQueue(name: string, options: QueueOptions = {}): StorageQueue {
    this.refuseDuplicate('queue', name);
    if (options.poisonQueue) this.refuseDuplicate('queue', `${name}-poison`);
    const queue = new StorageQueue(this, `queue-${name}`, { account: this, name });
    PathDeclaration.facts(queue, { target: this.node.path, lines: [`queue ${name}${options.poisonQueue ? ' (and its poison queue)' : ''}`] });
    const poison = options.poisonQueue
      ? attachPoisonQueue(queue, new StorageQueue(this, `queue-${name}-poison`, { account: this, name: `${name}-poison` }))
      : undefined;
    // Parked work lives in the queues: protected with the account.
    for (const q of [queue, poison]) if (q) Production.protectFromDestroy(q.queue, this.protected);
    return queue;
  }

  /** A table, created through AzAPI (Resource Manager), never with the account key. */
  public addTable(name: string): StorageTable {
    this.refuseDuplicate('table', name.toLowerCase());
    const table = new StorageTable(this, `table-${name.toLowerCase()}`, { account: this, name });
    PathDeclaration.facts(table, { target: this.node.path, lines: [`table ${name}`] });
    Production.protectFromDestroy(table.table, this.protected);
    return table;
  }

  /**
   * A private endpoint for one service of the account in `network`'s private-endpoint subnet,
   * with the service's `privatelink.<service>.core.windows.net` zone: callers in the network keep
   * the account's host names. The constructs that call the account check at synth that their
   * network has one for the service they use.
   */
  public addPrivateEndpoint(network: IPlatformNetwork, service: StorageService): PrivateEndpoint {
    // Labelled with the service; a second one for a service (another network) gets an index too.
    return this.addPrivateEndpointFor(network, service, service);
  }

  /** Whether a private endpoint for `service` is in the network `virtualNetworkId`. */
  public hasPrivateEndpoint(service: StorageService, virtualNetworkId: string): boolean {
    return this.hasPrivateEndpointFor(service, virtualNetworkId);
  }

  private refuseDuplicate(kind: string, name: string): void {
    if (this.node.tryFindChild(`${kind}-${name}`)) {
      refuse(this, {
        lesson: 'AZURE', setting: `${kind}s`, given: name,
        problem: `the account already has a ${kind} with this name${kind === 'table' ? ' (table names are case-insensitive)' : ''}.`,
        fix: `add each ${kind} once.`,
      });
    }
  }
}
