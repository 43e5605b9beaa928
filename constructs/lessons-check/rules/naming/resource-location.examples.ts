import { RuleExamples, azapi, raw } from '../../rule-examples';
import { LOCATION_TYPES } from './resource-location';

// AZURE: a region Azure does not have (a typo), on every located type and in the AzAPI form.
export const EXAMPLES: RuleExamples = {
  rule: 'AZURE.ResourceLocation',
  finds: 'a raw resource (resource groups, workspaces, identities, Container Apps environments, registries, API Management, storage, Key Vault, Event Grid topics, networks, NSGs, private endpoints, Redis, service plans, function and web apps, and any AzAPI resource with a `location`) whose `location` is no Azure region, with a did you mean, or a canary (`centraluseuap`, `eastus2euap`) or sovereign-cloud region (`usgovvirginia`, `chinanorth3`) the public cloud\'s providers cannot deploy to (as the constructs check theirs; a variable\'s default or a function of literals is read as its literal; `AzureRegion.allow` lifts it); and a Container Apps environment, private endpoint or API Management service in another region than its subnet\'s virtual network (the constructs refuse the same with their `subnet`)',
  failing: [
    ...LOCATION_TYPES.map((type) => [raw(type, 'located', { location: 'westeurpoe' })]),
    [{ ...azapi('located', 'Microsoft.App/managedEnvironments@2024-03-01', { properties: {} }), attributes: { name: 'located', type: 'Microsoft.App/managedEnvironments@2024-03-01', location: 'westeurpoe', parent_id: '/subscriptions/0/resourceGroups/rg', body: { properties: {} } } }],
  ],
  passing: [
    [raw('azurerm_resource_group', 'located', { location: 'westeurope' })],
    [raw('azurerm_storage_account', 'located', { location: 'West Europe' })],
  ],
};
