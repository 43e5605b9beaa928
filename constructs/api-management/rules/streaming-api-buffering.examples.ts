import { RuleExamples, raw, ref } from '../../lessons-check/rule-examples';
import { POLICY_RESOURCE_TYPES } from './forward-request-attributes';

const STREAMING = '<policies><inbound><base /></inbound><backend><forward-request buffer-response="false" timeout="240" /></backend><outbound><cache-store duration="60" /></outbound><on-error><base /></on-error></policies>';
const wsApi = raw('azurerm_api_management_api', 'ws', { api_management_name: 'gw', api_type: 'websocket', service_url: 'wss://app.example.net' });

// EDGE-4: a policy or a diagnostic that buffers the body of a streaming API.
export const EXAMPLES: RuleExamples = {
  rule: 'EDGE-4.StreamingApiBuffering',
  finds: '`cache-lookup`, `cache-store` or `validate-content` in a policy of a streaming API (one that forwards unbuffered, or a WebSocket API), and API or service diagnostics that log bodies of one',
  failing: [
    ...POLICY_RESOURCE_TYPES.map((type) => [raw(type, 'policy', { xml_content: STREAMING })]),
    [wsApi, raw('azurerm_api_management_api_diagnostic', 'diag', { api_name: ref('azurerm_api_management_api', 'ws', 'name'), api_management_name: 'gw', frontend_response: [{ body_bytes: 1024 }] })],
    [wsApi, raw('azurerm_api_management_diagnostic', 'diag', { api_management_name: 'gw', backend_response: [{ body_bytes: 1024 }] })],
  ],
  passing: [
    [raw('azurerm_api_management_api_policy', 'policy', { xml_content: STREAMING.replace('<cache-store duration="60" />', '<base />') })],
    [wsApi, raw('azurerm_api_management_api_diagnostic', 'diag', { api_name: ref('azurerm_api_management_api', 'ws', 'name'), api_management_name: 'gw', frontend_response: [{ body_bytes: 0 }] })],
  ],
};
