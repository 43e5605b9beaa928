import { RuleExamples, azapi, raw } from '../../lessons-check/rule-examples';
import { LOCATION_TYPES } from '../../lessons-check/rules/naming/resource-location';

// AZURE: a region a public-cloud subscription reaches only by request (an access-restricted region), on every located type and in the AzAPI form.
export const EXAMPLES: RuleExamples = {
  rule: 'AZURE.RestrictedResourceLocation',
  finds: 'a raw resource of the types `AZURE.ResourceLocation` reads whose `location` is an access-restricted region (`germanynorth`, `uaecentral`, `norwaywest`, ...): a subscription deploys there only once Microsoft grants it access; one warning per resource (the constructs warn `AZURE.RestrictedRegion` once per stack); `AzureRegion.allow(\'<name>\')` for a subscription with access drops both',
  failing: [
    ...LOCATION_TYPES.map((type) => [raw(type, 'located', { location: 'germanynorth' })]),
    [{ ...azapi('located', 'Microsoft.App/managedEnvironments@2024-03-01', { properties: {} }), attributes: { name: 'located', type: 'Microsoft.App/managedEnvironments@2024-03-01', location: 'germanynorth', parent_id: '/subscriptions/0/resourceGroups/rg', body: { properties: {} } } }],
  ],
  passing: [[raw('azurerm_resource_group', 'located', { location: 'germanywestcentral' })]],
};
