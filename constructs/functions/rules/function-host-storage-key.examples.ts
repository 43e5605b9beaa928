import { RuleExamples, azapi, raw } from '../../lessons-check/rule-examples';

const FUNCTION_TYPES = ['azurerm_function_app_flex_consumption', 'azurerm_linux_function_app', 'azurerm_windows_function_app'];

// SEC-1: a function app that reaches its host storage with the account key.
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.FunctionHostStorageKey',
  finds: 'a function app (azurerm or an AzAPI `Microsoft.Web/sites` of kind `functionapp`) whose host storage uses the account key: an access key, or an `AzureWebJobsStorage` connection string',
  failing: [
    ...FUNCTION_TYPES.map((type) => [raw(type, 'fn', { https_only: true, storage_account_access_key: 'key', storage_access_key: 'key' })]),
    [azapi('fn', 'Microsoft.Web/sites@2024-11-01', { kind: 'functionapp,linux', properties: { httpsOnly: true, siteConfig: { appSettings: [{ name: 'AzureWebJobsStorage', value: 'DefaultEndpointsProtocol=https;AccountName=st;AccountKey=abc' }] } } })],
  ],
  passing: [[raw('azurerm_linux_function_app', 'fn', { https_only: true, storage_account_name: 'st', storage_uses_managed_identity: true })]],
};
