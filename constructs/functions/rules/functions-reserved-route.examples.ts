import { RuleExamples, raw, ref } from '../../lessons-check/rule-examples';

const functionsApi = raw('azurerm_api_management_api', 'fn', { api_management_name: 'gw', service_url: 'https://fn.azurewebsites.net/api' });

// SEC-3: an operation that routes callers to the Functions host's reserved /admin routes.
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-3.FunctionsReservedRoute',
  finds: 'an API Management operation under `admin/` or `runtime/webhooks` on an API whose backend is a function app',
  failing: [[functionsApi, raw('azurerm_api_management_api_operation', 'op', { api_name: ref('azurerm_api_management_api', 'fn', 'name'), url_template: '/admin/seed', method: 'POST' })]],
  passing: [[functionsApi, raw('azurerm_api_management_api_operation', 'op', { api_name: ref('azurerm_api_management_api', 'fn', 'name'), url_template: '/orders/seed', method: 'POST' })]],
};
