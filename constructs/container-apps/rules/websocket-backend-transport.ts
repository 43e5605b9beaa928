import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { armPropertiesOf, armTypeOf, blockOf } from '../../lessons-check/rules/attributes';

/**
 * ING-1, two settings that must agree: a WebSocket API's backend URL and the transport of the
 * Container App it points at. The WebSocket handshake is an HTTP/1.1 Upgrade, which an `http2`
 * ingress (the gRPC app of a DualIngressContainerApp) does not pass: every connection fails.
 * Checked where both are known, across the stack: a raw `azurerm_api_management_api` with
 * `api_type = websocket`, or the AzAPI `Microsoft.ApiManagement/service/apis` WebSocketApi creates.
 */
export class WebSocketBackendTransportRule implements ILessonRule {
  public readonly id = 'ING-1.WebSocketBackendTransport';
  public readonly lesson = 'ING-1';
  public readonly description = 'A WebSocket API whose backend is a Container App with an http2 ingress (the handshake needs HTTP/1.1).';
  public readonly resourceTypes = ['azurerm_api_management_api', 'azapi_resource'];

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    let setting: string;
    let url: unknown;
    if (resource.type === 'azapi_resource') {
      if (armTypeOf(resource) !== 'Microsoft.ApiManagement/service/apis') return RuleOutcome.notApplicable();
      const properties = armPropertiesOf(resource);
      if (properties.type !== 'websocket') return RuleOutcome.notApplicable();
      setting = 'body.properties.serviceUrl';
      url = properties.serviceUrl;
    } else {
      if (resource.attributes.api_type !== 'websocket') return RuleOutcome.notApplicable();
      setting = 'service_url';
      url = resource.attributes.service_url;
    }
    const apps = context.referencedBy(url, 'azurerm_container_app');
    if (apps.length === 0) return RuleOutcome.notApplicable();
    const http2 = apps.filter((app) => blockOf(app.attributes.ingress)?.transport === 'http2');
    return RuleOutcome.nonCompliant(...http2.map((app) => ({
      setting, given: url,
      problem: `it points at ${app.path}, whose ingress.transport = "http2": the WebSocket handshake is an HTTP/1.1 Upgrade, which an http2 ingress does not pass, so every connection fails.`,
      fix: 'point the API at the HTTP/1.1 app (transport auto: wss://<httpFqdn>/<path>, DualIngressContainerApp.httpFqdn) and keep the http2 app for gRPC.',
    })));
  }
}
