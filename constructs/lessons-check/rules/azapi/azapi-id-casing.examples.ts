import { RuleExamples, azapi } from '../../rule-examples';

// AZURE: an AzAPI body holding an id in the casing azurerm writes, where Azure returns another (a diff on every plan).
export const EXAMPLES: RuleExamples = {
  rule: 'AZURE.AzapiIdCasing',
  failing: [[azapi('site', 'Microsoft.Web/sites@2024-11-01', { kind: 'functionapp,linux', properties: { httpsOnly: true, serverFarmId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.Web/serverFarms/plan' } })]],
  passing: [[azapi('site', 'Microsoft.Web/sites@2024-11-01', { kind: 'functionapp,linux', properties: { httpsOnly: true, serverFarmId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.Web/serverfarms/plan' } })]],
};
