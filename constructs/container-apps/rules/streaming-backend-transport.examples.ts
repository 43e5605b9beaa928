import { RuleExamples, azapi, raw, ref } from '../../lessons-check/rule-examples';

const grpcApp = raw('azurerm_container_app', 'grpc', { ingress: [{ transport: 'http2', target_port: 8081 }] });
const httpApp = raw('azurerm_container_app', 'web', { ingress: [{ transport: 'auto', target_port: 8080 }] });

const fqdn = (app: string) => ref('azurerm_container_app', app, 'ingress[0].fqdn');
const STREAMING = '<policies><inbound><base /></inbound><backend><forward-request buffer-response="false" timeout="240" /></backend><outbound><base /></outbound><on-error><base /></on-error></policies>';

// ING-1: a streaming (unbuffered) API in front of an http2 app: APIM speaks HTTP/1.1 to backends.
export const EXAMPLES: RuleExamples = {
  rule: 'ING-1.StreamingBackendTransport',
  finds: 'in a production stack, a streaming API (polling, long polling, SSE: its policy forwards unbuffered; the WebSocket form is `ING-1.WebSocketBackendTransport`) whose backend URL references a Container App with `ingress.transport = http2`: every stream fails (outside production `ING-4.GrpcBehindBrowserRoute` warns)',
  failing: [
    [grpcApp, raw('azurerm_api_management_api_policy', 'policy', { api_name: ref('azurerm_api_management_api', 'sse', 'name'), xml_content: STREAMING }), raw('azurerm_api_management_api', 'sse', { api_management_name: 'gw', service_url: `https://${fqdn('grpc')}` })],
  ],
  // The plan has the AzAPI body without the reference to the app (unknown until apply).
  failingNotInAPlan: [
    [grpcApp, raw('azurerm_api_management_api_policy', 'policy', { api_name: ref('azapi_resource', 'sse', 'name'), xml_content: STREAMING }), azapi('sse', 'Microsoft.ApiManagement/service/apis@2024-05-01', { properties: { path: 'sse', serviceUrl: `https://${fqdn('grpc')}` } })],
  ],
  passing: [[httpApp, raw('azurerm_api_management_api_policy', 'policy', { api_name: ref('azurerm_api_management_api', 'sse', 'name'), xml_content: STREAMING }), raw('azurerm_api_management_api', 'sse', { api_management_name: 'gw', service_url: `https://${fqdn('web')}` })]],
};
