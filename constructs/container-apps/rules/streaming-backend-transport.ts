import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { armPropertiesOf, armTypeOf, blockOf, isStreamingApi } from '../../lessons-check/rules/attributes';

/**
 * ING-1, in production: a streaming API (polling, long polling, SSE: its policy forwards
 * unbuffered) whose backend URL references a Container App with an `http2` ingress (the gRPC app
 * of a DualIngressContainerApp, Kestrel pinned to HTTP/2): the gateway's HTTP/1.1 requests and
 * the browser's event stream do not pass, so every stream fails. The WebSocket form is
 * `ING-1.WebSocketBackendTransport`; outside production `ING-4.GrpcBehindBrowserRoute` warns.
 */
export class StreamingBackendTransportRule implements ILessonRule {
  public readonly id = 'ING-1.StreamingBackendTransport';
  public readonly lesson = 'ING-1';
  public readonly description = 'In production, a streaming (SSE, long-polling) API whose backend is a Container App with an http2 ingress.';
  public readonly resourceTypes = ['azurerm_api_management_api', 'azapi_resource'];

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    if (resource.type === 'azapi_resource' && armTypeOf(resource) !== 'Microsoft.ApiManagement/service/apis') return RuleOutcome.notApplicable();
    const azapi = resource.type === 'azapi_resource';
    const type = azapi ? armPropertiesOf(resource).type : resource.attributes.api_type;
    if (!context.production || type === 'websocket' || !isStreamingApi(context, resource)) return RuleOutcome.notApplicable();
    const setting = azapi ? 'body.properties.serviceUrl' : 'service_url';
    const url = azapi ? armPropertiesOf(resource).serviceUrl : resource.attributes.service_url;
    const apps = context.referencedBy(url, 'azurerm_container_app');
    if (apps.length === 0) return RuleOutcome.notApplicable();
    return RuleOutcome.nonCompliant(...apps.filter((app) => blockOf(app.attributes.ingress)?.transport === 'http2').map((app) => ({
      setting, given: url,
      problem: `this API streams (it forwards unbuffered) to ${app.path}, whose ingress.transport = "http2" (the gRPC app): the gateway's HTTP/1.1 requests and the event stream do not pass, so every stream fails in production.`,
      fix: 'point the API at the HTTP/1.1 app (transport auto: https://<httpFqdn>, DualIngressContainerApp.httpFqdn) and keep the http2 app for gRPC clients.',
    })));
  }
}
