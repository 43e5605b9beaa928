import { RuleExamples, azapi, raw } from '../../lessons-check/rule-examples';

// SEC-1: a storage account that accepts its shared keys (unset: on).
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.StorageSharedKey',
  finds: '`azurerm_storage_account` without `shared_access_key_enabled = false` (the provider\'s default is true), or AzAPI `Microsoft.Storage/storageAccounts` without `allowSharedKeyAccess = false`',
  failing: [
    [raw('azurerm_storage_account', 'st')],
    [azapi('st', 'Microsoft.Storage/storageAccounts@2024-01-01', { kind: 'StorageV2', properties: {} })],
  ],
  passing: [
    [raw('azurerm_storage_account', 'st', { shared_access_key_enabled: false })],
    [azapi('stother', 'Microsoft.Storage/storageAccounts@2024-01-01', { properties: { allowSharedKeyAccess: false } })],
  ],
};
