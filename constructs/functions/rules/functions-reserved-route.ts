import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { isFunctionApp } from './function-app-attributes';

const RESERVED = /^\/?(?:admin(?:\/|$)|runtime\/webhooks(?:\/|$))/i;

/**
 * SEC-3: an API Management operation that routes to a Functions route under `admin/` or
 * `runtime/webhooks`: the host keeps those for itself, so the function is listed but every call
 * answers an empty 404.
 */
export class FunctionsReservedRouteRule implements ILessonRule {
  public readonly id = 'SEC-3.FunctionsReservedRoute';
  public readonly lesson = 'SEC-3';
  public readonly description = 'An API Management operation on a Functions route under admin/ or runtime/webhooks.';
  public readonly resourceTypes = ['azurerm_api_management_api_operation'];

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    const apis = context.referencedBy(resource.attributes.api_name, 'azurerm_api_management_api');
    const toFunctions = apis.some((api) => {
      const url = api.attributes.service_url;
      return context.referencedBy(url).some(isFunctionApp) || (typeof url === 'string' && /\.azurewebsites\.net\/api\/?$/i.test(url));
    });
    if (!toFunctions) return RuleOutcome.notApplicable();
    const template = resource.attributes.url_template;
    if (typeof template === 'string' && RESERVED.test(template)) {
      return RuleOutcome.nonCompliant({
        setting: 'url_template', given: template,
        problem: 'the Functions host keeps routes under admin/ and runtime/webhooks for itself: the function is listed, but every call answers an empty 404.',
        fix: 'move the function\'s route, e.g. from admin/seed to ops/seed.',
      });
    }
    return RuleOutcome.compliant();
  }
}
