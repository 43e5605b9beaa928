import { IRuleContext, ILessonRule, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { blockOf } from '../../lessons-check/rules/attributes';

/** Where a browser-facing route names its backend, by resource type. */
const BACKEND_ATTRIBUTE: Readonly<Record<string, string>> = {
  azurerm_cdn_frontdoor_origin: 'host_name',
  azurerm_api_management_api: 'service_url',
  azurerm_api_management_backend: 'url',
};

/**
 * ING-4: a browser cannot speak gRPC (it needs grpc-web and a translating proxy); a Front Door
 * origin or an API Management API or backend that sends browser traffic to a Container App on an
 * `http2` ingress reaches the gRPC port with requests it cannot serve. SSE already streams to
 * browsers over HTTP/1.1.
 */
export class GrpcBehindBrowserRouteRule implements ILessonRule {
  public readonly id = 'ING-4.GrpcBehindBrowserRoute';
  public readonly lesson = 'ING-4';
  public readonly description = 'A Front Door origin or API Management API/backend that routes to a Container App with an http2 (gRPC) ingress.';
  public readonly resourceTypes = Object.keys(BACKEND_ATTRIBUTE);

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    const setting = BACKEND_ATTRIBUTE[resource.type];
    const value = resource.attributes[setting];
    const apps = context.referencedBy(value, 'azurerm_container_app');
    if (apps.length === 0) return RuleOutcome.notApplicable();
    const grpc = apps.filter((app) => blockOf(app.attributes.ingress)?.transport === 'http2');
    return RuleOutcome.nonCompliant(...grpc.map((app) => ({
      setting, given: value,
      problem: `it sends browser-facing traffic to ${app.path}, whose ingress is http2 (gRPC): browsers cannot speak gRPC without grpc-web and a translating proxy.`,
      fix: 'route browsers to the HTTP/1.1 app (transport auto: polling, SSE, WebSockets) and keep gRPC on its own http2 ingress for gRPC clients (DualIngressContainerApp does).',
    })));
  }
}
