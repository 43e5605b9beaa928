import { RuleExamples, azapi, raw, ref } from '../../lessons-check/rule-examples';

const grpcApp = raw('azurerm_container_app', 'grpc', { ingress: [{ transport: 'http2', target_port: 8081 }] });
const httpApp = raw('azurerm_container_app', 'web', { ingress: [{ transport: 'auto', target_port: 8080 }] });

const fqdn = (app: string) => ref('azurerm_container_app', app, 'ingress[0].fqdn');

// ING-1: a WebSocket API whose backend is an http2 app (the handshake needs HTTP/1.1).
export const EXAMPLES: RuleExamples = {
  rule: 'ING-1.WebSocketBackendTransport',
  finds: 'a WebSocket API (`azurerm_api_management_api` with `api_type = websocket`, or the AzAPI `service/apis` of `WebSocketApi`) whose backend URL references a Container App with `ingress.transport = http2`: the handshake needs HTTP/1.1; the finding names both settings',
  failing: [
    [grpcApp, raw('azurerm_api_management_api', 'ws', { api_type: 'websocket', service_url: `wss://${fqdn('grpc')}/ws` })],
  ],
  // The plan has the AzAPI body without the reference to the app (unknown until apply).
  failingNotInAPlan: [
    [grpcApp, azapi('ws', 'Microsoft.ApiManagement/service/apis@2024-05-01', { properties: { type: 'websocket', path: 'ws', protocols: ['wss'], serviceUrl: `wss://${fqdn('grpc')}/ws` } })],
  ],
  passing: [[httpApp, raw('azurerm_api_management_api', 'ws', { api_type: 'websocket', service_url: `wss://${fqdn('web')}/ws` })]],
};
