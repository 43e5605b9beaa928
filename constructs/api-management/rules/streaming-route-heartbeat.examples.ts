import { RuleExamples, raw, ref } from '../../lessons-check/rule-examples';

const wsApi = raw('azurerm_api_management_api', 'ws', { api_management_name: 'gw', api_type: 'websocket', service_url: 'wss://app.example.net' });

// EDGE-5: an operation of a streaming API that declares no heartbeat or hold time (a comment `// holds <n> s` declares one in plain Terraform).
export const EXAMPLES: RuleExamples = {
  rule: 'EDGE-5.StreamingRouteHeartbeat',
  finds: 'an operation of a streaming API without a declared hold time or heartbeat (`StreamingApi` declares them; `RequestPath.declareHold` for raw operations)',
  failing: [[wsApi, raw('azurerm_api_management_api_operation', 'op', { api_name: ref('azurerm_api_management_api', 'ws', 'name'), url_template: '/', method: 'GET' })]],
  passing: [[raw('azurerm_api_management_api', 'plain', { api_management_name: 'gw', service_url: 'https://app.example.net' }), raw('azurerm_api_management_api_operation', 'op', { api_name: ref('azurerm_api_management_api', 'plain', 'name'), url_template: '/', method: 'GET' })]],
};
