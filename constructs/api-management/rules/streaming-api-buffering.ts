import { IRuleContext, ILessonRule, RuleFinding, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { blockOf, isStreamingPolicy, numberOf, referencesStreamingApi, streamingApis } from '../../lessons-check/rules/attributes';
import { POLICY_RESOURCE_TYPES } from './forward-request-attributes';

/** Policies that buffer or cache a response, which a stream cannot survive (EDGE-4). */
const BUFFERING_POLICIES = ['cache-lookup', 'cache-store', 'validate-content'];
const BODY_SECTIONS = ['frontend_request', 'frontend_response', 'backend_request', 'backend_response'];

/**
 * EDGE-4: response caching, `validate-content` and body logging buffer a response, so an SSE
 * stream arrives in one lump or times out. Finds them in the policies of a streaming API (one
 * that forwards unbuffered, or a WebSocket API) and in diagnostics that log bodies of one.
 */
export class StreamingApiBufferingRule implements ILessonRule {
  public readonly id = 'EDGE-4.StreamingApiBuffering';
  public readonly lesson = 'EDGE-4';
  public readonly description = 'Caching, validate-content or request/response body logging on a streaming API.';
  public readonly resourceTypes = [...POLICY_RESOURCE_TYPES, 'azurerm_api_management_api_diagnostic', 'azurerm_api_management_diagnostic'];

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    const attributes = resource.attributes;
    if (resource.type === 'azurerm_api_management_api_diagnostic' || resource.type === 'azurerm_api_management_diagnostic') {
      return this.diagnostic(resource, context);
    }
    const xml = attributes.xml_content;
    if (typeof xml !== 'string') return RuleOutcome.notApplicable();
    const streaming = isStreamingPolicy(xml) || (attributes.api_name !== undefined && referencesStreamingApi(context, attributes.api_name));
    if (!streaming) return RuleOutcome.notApplicable();
    const found = BUFFERING_POLICIES.filter((name) => new RegExp(`<${name}\\b`).test(xml));
    return RuleOutcome.nonCompliant(...found.map((name): RuleFinding => ({
      setting: 'xml_content', given: `<${name}>`,
      problem: `${name} buffers the response of a streaming API, so SSE events arrive in one lump or the stream times out.`,
      fix: `remove <${name}> from this API's policies (PolicyDocument offers no such statement).`,
    })));
  }

  private diagnostic(resource: RuleResource, context: IRuleContext): RuleOutcome {
    const attributes = resource.attributes;
    const concerned = resource.type === 'azurerm_api_management_api_diagnostic'
      ? referencesStreamingApi(context, attributes.api_name)
      // A service-wide diagnostic logs every API of its gateway, the streaming ones included.
      : streamingApis(context).some((api) => sameGateway(api, attributes));
    if (!concerned) return RuleOutcome.notApplicable();
    const logged = BODY_SECTIONS.filter((section) => (numberOf(blockOf(attributes[section])?.body_bytes) ?? 0) > 0);
    return RuleOutcome.nonCompliant(...logged.map((section): RuleFinding => ({
      setting: `${section}.body_bytes`, given: blockOf(attributes[section])?.body_bytes,
      problem: 'logging bodies makes the gateway buffer them, so a streaming API\'s events arrive late or in one lump.',
      fix: 'set body_bytes = 0 (the ApiGateway construct logs no bodies).',
    })));
  }
}

/** Whether an API and a diagnostic name the same API Management service. */
function sameGateway(api: RuleResource, diagnostic: Record<string, unknown>): boolean {
  const service = api.attributes.api_management_name ?? api.attributes.parent_id;
  const other = diagnostic.api_management_name;
  if (typeof service !== 'string' || typeof other !== 'string') return false;
  return service === other || service.includes(other.replace(/\.name\}$/, '.id}'));
}
