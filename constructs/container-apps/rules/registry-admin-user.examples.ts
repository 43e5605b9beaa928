import { RuleExamples, azapi, raw } from '../../lessons-check/rule-examples';

// SEC-1: a registry whose admin user (a shared password) is on.
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.RegistryAdminUser',
  finds: '`azurerm_container_registry` with `admin_enabled = true`, or AzAPI `Microsoft.ContainerRegistry/registries` with `adminUserEnabled = true`',
  failing: [
    [raw('azurerm_container_registry', 'acr', { admin_enabled: true })],
    [azapi('acr', 'Microsoft.ContainerRegistry/registries@2023-07-01', { properties: { adminUserEnabled: true } })],
  ],
  passing: [
    [raw('azurerm_container_registry', 'acr', { admin_enabled: false })],
    [azapi('acr', 'Microsoft.ContainerRegistry/registries@2023-07-01', { properties: { adminUserEnabled: false } })],
  ],
};
