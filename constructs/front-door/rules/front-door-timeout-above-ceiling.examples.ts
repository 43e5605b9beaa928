import { RuleExamples, azapi, raw } from '../../lessons-check/rule-examples';

// EDGE-1: a Front Door origin timeout above the 240 s ceiling (Azure refuses it).
export const EXAMPLES: RuleExamples = {
  rule: 'EDGE-1.FrontDoorTimeoutAboveCeiling',
  finds: '`azurerm_cdn_frontdoor_profile` with `response_timeout_seconds` above 240, or an AzAPI Front Door profile with `originResponseTimeoutSeconds` above 240',
  failing: [
    [raw('azurerm_cdn_frontdoor_profile', 'fd', { sku_name: 'Standard_AzureFrontDoor', response_timeout_seconds: 300 })],
    [azapi('fd', 'Microsoft.Cdn/profiles@2024-02-01', { sku: { name: 'Premium_AzureFrontDoor' }, properties: { originResponseTimeoutSeconds: 300 } })],
  ],
  passing: [
    [raw('azurerm_cdn_frontdoor_profile', 'fd', { sku_name: 'Standard_AzureFrontDoor', response_timeout_seconds: 240 })],
    [azapi('fd', 'Microsoft.Cdn/profiles@2024-02-01', { sku: { name: 'Premium_AzureFrontDoor' }, properties: { originResponseTimeoutSeconds: 240 } })],
  ],
};
