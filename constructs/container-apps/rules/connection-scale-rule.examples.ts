import { RuleExamples, raw } from '../../lessons-check/rule-examples';

// SCALE-1: an app that holds connections (an http2 ingress) without an HTTP scale rule.
export const EXAMPLES: RuleExamples = {
  rule: 'SCALE-1.ConnectionHoldingScaleRule',
  finds: 'a Container App that holds connections (http2 ingress, behind a streaming or WebSocket API, or marked by its construct) without an HTTP scale rule, or with `concurrent_requests` above 50',
  failing: [[raw('azurerm_container_app', 'grpc', { ingress: [{ transport: 'http2', target_port: 8081 }] })]],
  passing: [[raw('azurerm_container_app', 'grpc', { ingress: [{ transport: 'http2', target_port: 8081 }], template: [{ min_replicas: 1, http_scale_rule: [{ name: 'streams', concurrent_requests: '10' }], container: [{ name: 'c', image: 'example.azurecr.io/app:1.0.0' }] }] })]],
};
