import { TerraformStack } from 'cdktf';
import { Construct, IConstruct } from 'constructs';
import { StorageContainer } from '@cdktf/provider-azurerm/lib/storage-container';
import { StorageQueue as StorageQueueResource } from '@cdktf/provider-azurerm/lib/storage-queue';
import { Resource } from '../../.gen/providers/azapi/resource';
import { claim, resolveIn } from '../core/claims';
import { NameRule, checkName } from '../core/naming';
import { TagsAspect } from '../core/tags';
import { refuse } from '../core/validation';
import { Grant } from '../identity/grant';
import { IPrincipal } from '../identity/principal';
import { BuiltInRole } from '../identity/roles';
import type { IStorageAccount } from './storage-account-interface';
import { grantOn } from '../identity/grant-on';
import { STORAGE_SERVICE } from './storage-service';
import { MessageLifetime } from '../core/queue-lifetimes';
import { QueueDelivery } from '../policy/queue-delivery';
import { STORAGE_QUEUE_LIFETIME, StorageQueueDelivery } from '../policy/storage-queue-delivery';
import { AzureResource } from '../resource/azure-resource';
import { IMessageQueue, QueueMetric, QueueScaleRule } from '../resource/message-queue';
import { ResourceCaller } from '../resource/reachability';
import { StorageService, refuseUnreachable } from './storage-reach';

/** ARM type of a table (azurerm 4.55's `azurerm_storage_table` only works with the account key). */
export const STORAGE_TABLE_TYPE = 'Microsoft.Storage/storageAccounts/tableServices/tables@2024-01-01';

export interface StorageChildProps {
  /** The account: a `StorageAccount`, or one from `StorageAccount.fromExisting`. */
  readonly account: IStorageAccount;
  readonly name: string;
}

/**
 * What names one account across the app: a literal id names the same account in every stack;
 * a reference (`${azurerm_storage_account.x.id}`) only within its stack.
 */
function accountKey(scope: Construct, account: IStorageAccount): string {
  const id = String(resolveIn(scope, account.accountId));
  return id.includes('${') ? `${TerraformStack.of(scope).node.path}:${id}` : id.toLowerCase();
}

function checkChildName(scope: Construct, name: string, rule: NameRule): void {
  checkName(scope, 'name', name, rule);
}

/** A private blob container in a keyless account. */
export class BlobContainer extends Construct {
  public readonly container: StorageContainer;
  public readonly containerName: string;
  /** Resource Manager id: the scope of the container's grants. */
  public readonly containerId: string;
  /** `https://<account>.blob.core.windows.net/<name>`. */
  public readonly url: string;
  /** The account's resource id (an Event Grid dead-letter destination names it). */
  public readonly accountId: string;
  /** The account the container is in. */
  public readonly account: IStorageAccount;

  constructor(scope: Construct, id: string, props: StorageChildProps) {
    super(scope, id);
    checkChildName(this, props.name, STORAGE_SERVICE.names.container);
    // One container per name and account, wherever it is declared (addContainer, a function
    // app's deployment container): a second one would fail at apply.
    const holder = claim(this, 'storage-container', `${accountKey(this, props.account)}/${props.name}`);
    if (holder !== undefined) {
      refuse(this, {
        lesson: 'AZURE', setting: 'name', given: props.name,
        problem: `${holder} already creates a container with this name in the account.`,
        fix: 'give each container, and each function app\'s deploymentContainerName, its own name.',
      });
    }
    this.container = new StorageContainer(this, 'container', {
      name: props.name,
      // By Resource Manager id, not account name: created through ARM, no data-plane key needed.
      storageAccountId: props.account.accountId,
      containerAccessType: 'private',
    });
    this.containerName = props.name;
    this.containerId = this.container.id;
    this.accountId = props.account.accountId;
    this.account = props.account;
    // Through the container's name, so what deploys into it waits for it.
    this.url = `${props.account.blobEndpoint}${this.container.name}`;
  }

  /** Storage Blob Data Reader on this container. */
  public grantRead(principal: IPrincipal, id?: string): Grant {
    return grantOn(this, 'read', BuiltInRole.STORAGE_BLOB_DATA_READER, principal, this.containerId, id);
  }

  /** Storage Blob Data Contributor on this container (read, write, delete blobs). */
  public grantReadWrite(principal: IPrincipal, id?: string): Grant {
    return grantOn(this, 'contributor', BuiltInRole.STORAGE_BLOB_DATA_CONTRIBUTOR, principal, this.containerId, id);
  }

  /** Storage Blob Data Owner on this container. */
  public grantOwner(principal: IPrincipal, id?: string): Grant {
    return grantOn(this, 'owner', BuiltInRole.STORAGE_BLOB_DATA_OWNER, principal, this.containerId, id);
  }
}

const POISON_QUEUES = new WeakMap<StorageQueue, StorageQueue>();

/** Make `poison` the poison queue of `queue` (what `StorageAccount.addQueue` does with `poisonQueue: true`). */
export function attachPoisonQueue(queue: StorageQueue, poison: StorageQueue): StorageQueue {
  POISON_QUEUES.set(queue, poison);
  return poison;
}

/**
 * A queue in a keyless account: an `IMessageQueue`, so the paced consumer, the intake API and the
 * outbound alerts take it as they would any other queue.
 */
export class StorageQueue extends AzureResource implements IMessageQueue {
  public readonly queue: StorageQueueResource;
  public readonly queueName: string;
  /** Resource Manager id: the scope of the queue's grants. */
  public readonly queueId: string;
  /** `https://<account>.queue.core.windows.net`: what a queue client connects to. */
  public readonly serviceUrl: string;
  /** `https://<account>.queue.core.windows.net/<name>`, through the queue's name, so a sender waits for the queue. */
  public readonly url: string;
  /** The account's resource id (an Event Grid queue destination names it). */
  public readonly accountId: string;
  /** The account the queue is in. */
  public readonly account: IStorageAccount;
  /** Put Message with the gateway's identity (`PolicyStatement.sendToQueue`). */
  public readonly delivery: QueueDelivery;
  /** Storage keeps a message 60 s to 7 days, and hides it up to 7 days. */
  public readonly lifetime: MessageLifetime = STORAGE_QUEUE_LIFETIME;
  /** `QueueMessageCount` of the account's queue service: per account, refreshed slowly. */
  public readonly backlogMetric: QueueMetric;
  /** KEDA's `azure-queue` scaler, by account and queue name. */
  public readonly scaleRule: QueueScaleRule;

  constructor(scope: Construct, id: string, props: StorageChildProps) {
    super(scope, id);
    checkChildName(this, props.name, STORAGE_SERVICE.names.queue);
    this.queue = new StorageQueueResource(this, 'queue', { name: props.name, storageAccountId: props.account.accountId });
    this.queueName = props.name;
    this.queueId = this.queue.id;
    this.accountId = props.account.accountId;
    this.account = props.account;
    this.serviceUrl = `https://${props.account.accountName}.queue.core.windows.net`;
    this.url = `${this.serviceUrl}/${this.queue.name}`;
    this.delivery = StorageQueueDelivery.of(this.url);
    this.backlogMetric = {
      scope: `${props.account.accountId}/queueServices/default`,
      metricNamespace: 'Microsoft.Storage/storageAccounts/queueServices', metricName: 'QueueMessageCount', aggregation: 'Average',
      caveat: 'QueueMessageCount is per account and refreshes slowly.',
    };
    this.scaleRule = {
      customRuleType: 'azure-queue', metadata: { accountName: props.account.accountName, queueName: props.name }, targetMetadataKey: 'queueLength',
    };
  }

  /** Its poison queue (`<name>-poison`, a `StorageQueue`), when `StorageAccount.addQueue` was asked for one. */
  public get poisonQueue(): IMessageQueue | undefined {
    return POISON_QUEUES.get(this);
  }

  public get resourceId(): string {
    return this.queueId;
  }

  public get resourceName(): string {
    return this.queueName;
  }

  /** Storage Queue Data Message Sender: add messages. */
  public grantSend(principal: IPrincipal, id?: string): Grant {
    return this.grantRole('send', STORAGE_SERVICE.roles.queueDataMessageSender, principal, id);
  }

  /** Storage Queue Data Message Processor: peek, receive and delete messages. */
  public grantProcess(principal: IPrincipal, id?: string): Grant {
    return this.grantRole('process', STORAGE_SERVICE.roles.queueDataMessageProcessor, principal, id);
  }

  /** Storage Queue Data Reader: read the queue and peek messages. */
  public grantRead(principal: IPrincipal, id?: string): Grant {
    return this.grantRole('read', STORAGE_SERVICE.roles.queueDataReader, principal, id);
  }

  /** Messages put on this queue, from the account's queue logs (`StorageQueueLogs`). */
  public arrivalsQuery(measure: string): string {
    return `StorageQueueLogs
| where OperationName == "PutMessage" and ObjectKey contains "/${this.queueName}/"
| summarize ${measure} = count()`;
  }

  /** Refuse a caller that cannot reach the account's queue service (SEC-1; the setting is `<setting>.account.publicNetworkAccess`). */
  public checkReachableFrom(scope: IConstruct, setting: string, caller: ResourceCaller): void {
    refuseUnreachable(scope, `${setting}.account.publicNetworkAccess`, this.account, StorageService.QUEUE, caller);
  }
}

/** A table in a keyless account, created through AzAPI. */
export class StorageTable extends Construct {
  public readonly table: Resource;
  public readonly tableName: string;
  /** Resource Manager id: the scope of the table's grants. */
  public readonly tableId: string;

  constructor(scope: Construct, id: string, props: StorageChildProps) {
    super(scope, id);
    checkChildName(this, props.name, STORAGE_SERVICE.names.table);
    if (props.name.toLowerCase() === 'tables') {
      refuse(this, {
        lesson: 'AZURE', setting: 'name', given: props.name,
        problem: 'Azure Table Storage reserves the name "tables".', fix: 'choose another name, e.g. "ledger".',
      });
    }
    this.table = new Resource(this, 'table', {
      type: STORAGE_TABLE_TYPE,
      name: props.name,
      parentId: `${props.account.accountId}/tableServices/default`,
      body: { properties: {} },
    });
    // A proxy resource without tags; azapi refuses a `tags` argument on it.
    TagsAspect.exclude(this.table);
    this.tableName = props.name;
    this.tableId = this.table.id;
  }

  /** Storage Table Data Reader: read entities. */
  public grantRead(principal: IPrincipal, id?: string): Grant {
    return grantOn(this, 'read', BuiltInRole.STORAGE_TABLE_DATA_READER, principal, this.tableId, id);
  }

  /** Storage Table Data Contributor: read, insert, update and delete entities. */
  public grantReadWrite(principal: IPrincipal, id?: string): Grant {
    return grantOn(this, 'contributor', BuiltInRole.STORAGE_TABLE_DATA_CONTRIBUTOR, principal, this.tableId, id);
  }
}
