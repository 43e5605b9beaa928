import { AzureService } from '../core/azure-service';
import { BuiltInRole } from '../identity/roles';

/** Azure Storage as the shared code sees it: type, name rules, private link, roles. */
export const STORAGE_SERVICE = AzureService.describe({
  resourceType: 'Microsoft.Storage/storageAccounts',
  names: {
    resource: {
      kind: 'storage account', min: 3, max: 24, pattern: /^[a-z0-9]+$/,
      shape: 'lower-case letters and digits only', globallyUnique: true,
    },
    container: {
      kind: 'blob container', min: 3, max: 63, pattern: /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9]))*$/,
      shape: 'lower-case letters, digits and single hyphens, starting and ending with a letter or digit',
      systemNames: ['$root', '$web', '$logs'],
    },
    queue: {
      kind: 'storage queue', min: 3, max: 63, pattern: /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9]))*$/,
      shape: 'lower-case letters, digits and single hyphens, starting and ending with a letter or digit',
    },
    table: {
      // Azure also reserves the name "tables" (checked by the StorageTable construct).
      kind: 'storage table', min: 3, max: 63, pattern: /^[A-Za-z][A-Za-z0-9]*$/,
      shape: 'letters and digits, starting with a letter',
    },
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
  rawNames: {
    azurerm_storage_account: 'resource',
    azurerm_storage_container: 'container',
    azurerm_storage_queue: 'queue',
    azurerm_storage_table: 'table',
    'Microsoft.Storage/storageAccounts': 'resource',
    'Microsoft.Storage/storageAccounts/blobServices/containers': 'container',
    'Microsoft.Storage/storageAccounts/queueServices/queues': 'queue',
    'Microsoft.Storage/storageAccounts/tableServices/tables': 'table',
  },
  ids: {
    azurerm_storage_account: '{group}/providers/Microsoft.Storage/storageAccounts/{name}',
    azurerm_storage_container: '{storage_account_id}/blobServices/default/containers/{name}',
    azurerm_storage_queue: '{storage_account_id}/queueServices/default/queues/{name}',
  },
});
