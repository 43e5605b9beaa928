import { RuleExamples, azapi, raw } from '../../lessons-check/rule-examples';

// EDGE-1: a Front Door profile whose origin timeout (unset: 60 s) cuts a held connection before the path's ceiling.
export const EXAMPLES: RuleExamples = {
  rule: 'EDGE-1.FrontDoorTimeoutBelowCeiling',
  finds: '`azurerm_cdn_frontdoor_profile` without `response_timeout_seconds`, or below 240; an AzAPI `Microsoft.Cdn/profiles` of a `*_AzureFrontDoor` SKU without `originResponseTimeoutSeconds` (Azure\'s 60 s), or below 240',
  failing: [
    [raw('azurerm_cdn_frontdoor_profile', 'fd', { sku_name: 'Standard_AzureFrontDoor' })],
    [azapi('fd', 'Microsoft.Cdn/profiles@2024-02-01', { sku: { name: 'Standard_AzureFrontDoor' }, properties: {} })],
  ],
  passing: [
    [raw('azurerm_cdn_frontdoor_profile', 'fd', { sku_name: 'Standard_AzureFrontDoor', response_timeout_seconds: 240 })],
    [azapi('fd', 'Microsoft.Cdn/profiles@2024-02-01', { sku: { name: 'Standard_AzureFrontDoor' }, properties: { originResponseTimeoutSeconds: 240 } })],
  ],
};
