import { RuleExamples, azapi, raw } from '../../lessons-check/rule-examples';

// SEC-1: a vault on access policies instead of Azure RBAC.
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.KeyVaultAccessPolicies',
  finds: '`azurerm_key_vault` without `rbac_authorization_enabled = true` or with access policies, and any `azurerm_key_vault_access_policy`; the same on AzAPI `Microsoft.KeyVault/vaults` (`enableRbacAuthorization`, `accessPolicies`) and `Microsoft.KeyVault/vaults/accessPolicies`',
  failing: [
    [raw('azurerm_key_vault', 'kv')],
    [raw('azurerm_key_vault_access_policy', 'policy', { object_id: '0' })],
    [azapi('kv', 'Microsoft.KeyVault/vaults@2023-07-01', { properties: { enableRbacAuthorization: true, accessPolicies: [{ objectId: '0', permissions: { secrets: ['get'] } }] } })],
    [azapi('add', 'Microsoft.KeyVault/vaults/accessPolicies@2023-07-01', { properties: { accessPolicies: [] } })],
  ],
  passing: [
    [raw('azurerm_key_vault', 'kv', { rbac_authorization_enabled: true })],
    [azapi('kv', 'Microsoft.KeyVault/vaults@2023-07-01', { properties: { enableRbacAuthorization: true } })],
  ],
};
