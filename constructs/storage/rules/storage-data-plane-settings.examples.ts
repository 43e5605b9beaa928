import { RuleExamples, raw } from '../../lessons-check/rule-examples';

// SEC-1: settings azurerm writes through the storage data plane, which the platform's provider turns off.
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.StorageDataPlaneSettings',
  finds: '`azurerm_storage_account` with `queue_properties` or `static_website`, which azurerm refuses at plan with the data plane off (`AzureStack`\'s provider)',
  failing: [[raw('azurerm_storage_account', 'st', { shared_access_key_enabled: false, static_website: [{ index_document: 'index.html' }] })]],
  passing: [[raw('azurerm_storage_account', 'st', { shared_access_key_enabled: false })]],
};
