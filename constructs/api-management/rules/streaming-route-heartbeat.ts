import { RequestPath } from '../../core/request-path';
import { IRuleContext, ILessonRule, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { referencesStreamingApi } from '../../lessons-check/rules/attributes';

/**
 * EDGE-5: an operation of a streaming API whose hold time or heartbeat nobody declared: it cannot
 * be checked against the shortest timeout of its path (EDGE-2), and nothing says clients must
 * reconnect with `Last-Event-ID` when Front Door ends the stream at 240 s.
 */
export class StreamingRouteHeartbeatRule implements ILessonRule {
  public readonly id = 'EDGE-5.StreamingRouteHeartbeat';
  public readonly lesson = 'EDGE-5';
  public readonly description = 'An operation of a streaming API without a declared heartbeat or hold time.';
  public readonly resourceTypes = ['azurerm_api_management_api_operation'];

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    if (!referencesStreamingApi(context, resource.attributes.api_name)) return RuleOutcome.notApplicable();
    // The construct's declaration, or (cdk.tf.json read by azure-lessons) the one its "//" comment carries.
    const declared = resource.construct ? RequestPath.declaredHold(resource.construct) : RequestPath.heldInComment(resource.attributes['//']);
    if (declared !== undefined) return RuleOutcome.compliant();
    return RuleOutcome.nonCompliant({
      setting: 'url_template', given: resource.attributes.url_template,
      problem: 'this operation streams (its API forwards unbuffered) but declares no heartbeat or hold time, so nothing checks it against the shortest timeout of the path, and streams end at 240 s behind Front Door.',
      fix: 'build the API with StreamingApi (each route declares holdSeconds or heartbeatSeconds), or declare the interval with RequestPath.declareHold(operation, ...) and reconnect clients with Last-Event-ID.',
    });
  }
}
