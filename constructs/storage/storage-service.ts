import { AzureServices } from '../core/azure-service';
import { NAME_RULES } from '../core/naming';
import { BuiltInRole } from '../identity/roles';

/** Azure Storage as the shared code sees it: type, name rules, private link, roles. */
export const STORAGE_SERVICE = AzureServices.define({
  resourceType: 'Microsoft.Storage/storageAccounts',
  names: {
    resource: NAME_RULES.storageAccount, container: NAME_RULES.storageContainer,
    queue: NAME_RULES.storageQueue, table: NAME_RULES.storageTable,
  },
  privateLink: {
    blob: 'privatelink.blob.core.windows.net',
    queue: 'privatelink.queue.core.windows.net',
    table: 'privatelink.table.core.windows.net',
    file: 'privatelink.file.core.windows.net',
  },
  roles: {
    blobDataOwner: BuiltInRole.STORAGE_BLOB_DATA_OWNER,
    blobDataContributor: BuiltInRole.STORAGE_BLOB_DATA_CONTRIBUTOR,
    blobDataReader: BuiltInRole.STORAGE_BLOB_DATA_READER,
    queueDataContributor: BuiltInRole.STORAGE_QUEUE_DATA_CONTRIBUTOR,
    queueDataMessageSender: BuiltInRole.STORAGE_QUEUE_DATA_MESSAGE_SENDER,
    queueDataMessageProcessor: BuiltInRole.STORAGE_QUEUE_DATA_MESSAGE_PROCESSOR,
    queueDataReader: BuiltInRole.STORAGE_QUEUE_DATA_READER,
    tableDataContributor: BuiltInRole.STORAGE_TABLE_DATA_CONTRIBUTOR,
    tableDataReader: BuiltInRole.STORAGE_TABLE_DATA_READER,
  },
});
