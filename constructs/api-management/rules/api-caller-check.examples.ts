import { RuleExamples, azapi, raw, ref } from '../../lessons-check/rule-examples';

// ACCESS: a production API that asks for no subscription and checks no token or secret header.
export const EXAMPLES: RuleExamples = {
  rule: 'ACCESS.ApiCallerCheck',
  finds: 'in a production stack, an API (`azurerm_api_management_api`, or an AzAPI `Microsoft.ApiManagement/service/apis`) with `subscription_required = false` where not every operation runs a check: the API, operation and service-wide (`azurerm_api_management_policy`) policies as APIM chains them (a scope without `<base />` in its inbound stops the ones above it; commented-out statements do not count) have no `validate-jwt`, `validate-azure-ad-token` or `check-header` against a `{{named value}}`: the Front Door check proves the route, not the caller',
  failing: [
    [raw('azurerm_api_management_api', 'open', { api_management_name: 'gw', path: 'open', subscription_required: false })],
    [azapi('open', 'Microsoft.ApiManagement/service/apis@2024-05-01', { properties: { path: 'open', protocols: ['https'], subscriptionRequired: false } })],
  ],
  passing: [
    [raw('azurerm_api_management_api', 'keyed', { api_management_name: 'gw', path: 'keyed' })],
    [
      raw('azurerm_api_management_api_policy', 'token-policy', { api_name: ref('azurerm_api_management_api', 'token', 'name'), api_management_name: 'gw', xml_content: '<policies><inbound><base /><validate-azure-ad-token tenant-id="72f988bf-86f1-41af-91ab-2d7cd011db47"><audiences><audience>api://orders</audience></audiences></validate-azure-ad-token></inbound><backend><base /></backend><outbound><base /></outbound><on-error><base /></on-error></policies>' }),
      raw('azurerm_api_management_api', 'token', { api_management_name: 'gw', path: 'token', subscription_required: false }),
    ],
  ],
};
