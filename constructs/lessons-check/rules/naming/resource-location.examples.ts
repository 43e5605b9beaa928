import { RuleExamples, azapi, raw } from '../../rule-examples';
import { LOCATION_TYPES } from './resource-location';

// AZURE: a region Azure does not have (a typo), on every located type and in the AzAPI form.
export const EXAMPLES: RuleExamples = {
  rule: 'AZURE.ResourceLocation',
  failing: [
    ...LOCATION_TYPES.map((type) => [raw(type, 'located', { location: 'westeurpoe' })]),
    [{ ...azapi('located', 'Microsoft.App/managedEnvironments@2024-03-01', { properties: {} }), attributes: { name: 'located', type: 'Microsoft.App/managedEnvironments@2024-03-01', location: 'westeurpoe', parent_id: '/subscriptions/0/resourceGroups/rg', body: { properties: {} } } }],
  ],
  passing: [
    [raw('azurerm_resource_group', 'located', { location: 'westeurope' })],
    [raw('azurerm_storage_account', 'located', { location: 'West Europe' })],
  ],
};
