import { RuleExamples, azapi } from '../../rule-examples';

// AZURE: an AzAPI body holding an id in the casing azurerm writes, where Azure returns another (a diff on every plan).
export const EXAMPLES: RuleExamples = {
  rule: 'AZURE.AzapiIdCasing',
  finds: 'an `azapi_resource` whose body holds an id in a casing Azure rewrites (today: `serverFarmId` written `/serverFarms/`, literally or as a bare `azurerm_service_plan` id), without `ignore_casing`: azapi plans a full PUT on every run',
  failing: [[azapi('site', 'Microsoft.Web/sites@2024-11-01', { kind: 'functionapp,linux', properties: { httpsOnly: true, serverFarmId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.Web/serverFarms/plan' } })]],
  passing: [[azapi('site', 'Microsoft.Web/sites@2024-11-01', { kind: 'functionapp,linux', properties: { httpsOnly: true, serverFarmId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.Web/serverfarms/plan' } })]],
};
