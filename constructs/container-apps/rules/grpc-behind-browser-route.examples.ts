import { RuleExamples, raw, ref } from '../../lessons-check/rule-examples';

const grpcApp = raw('azurerm_container_app', 'grpc', { ingress: [{ transport: 'http2', target_port: 8081 }] });
const httpApp = raw('azurerm_container_app', 'web', { ingress: [{ transport: 'auto', target_port: 8080 }] });

const fqdn = (app: string) => ref('azurerm_container_app', app, 'ingress[0].fqdn');

// ING-4: a route for browsers (Front Door, an APIM API or backend) in front of an http2 (gRPC) app.
export const EXAMPLES: RuleExamples = {
  rule: 'ING-4.GrpcBehindBrowserRoute',
  finds: 'a Front Door origin, APIM API or backend that points at a Container App with an `http2` (gRPC) ingress',
  failing: [
    [grpcApp, raw('azurerm_cdn_frontdoor_origin', 'origin', { host_name: fqdn('grpc') })],
    [grpcApp, raw('azurerm_api_management_api', 'api', { service_url: `https://${fqdn('grpc')}` })],
    [grpcApp, raw('azurerm_api_management_backend', 'backend', { url: `https://${fqdn('grpc')}` })],
  ],
  passing: [[httpApp, raw('azurerm_cdn_frontdoor_origin', 'origin', { host_name: fqdn('web') })]],
};
