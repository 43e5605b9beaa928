import { HOLDS_CONNECTIONS_METADATA } from '../../core/request-path';
import { IRuleContext, ILessonRule, RuleFinding, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { blockOf, blocksOf, numberOf, streamingBackends } from '../../lessons-check/rules/attributes';

/** Above this concurrency threshold a connection-holding app scales too late (SCALE-1). */
export const HIGH_CONCURRENCY = 50;

/**
 * SCALE-1: Container Apps scales on concurrent requests, and a held connection (SSE, WebSocket,
 * gRPC stream) counts as one for its whole life. An app that holds connections needs an HTTP
 * scale rule with a low threshold, or its replicas fill with idle sockets before CPU says
 * anything. An app holds connections when its ingress is http2 (gRPC), a streaming API or a
 * WebSocket API of API Management forwards to it, or its construct says so.
 */
export class ConnectionHoldingScaleRule implements ILessonRule {
  public readonly id = 'SCALE-1.ConnectionHoldingScaleRule';
  public readonly lesson = 'SCALE-1';
  public readonly description = 'A Container App that holds connections without an HTTP scale rule, or with a concurrency threshold above 50.';
  public readonly resourceTypes = ['azurerm_container_app'];

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    if (!holdsConnections(resource, context)) return RuleOutcome.notApplicable();
    const rules = blocksOf(blockOf(resource.attributes.template)?.http_scale_rule);
    if (rules.length === 0) {
      return RuleOutcome.nonCompliant({
        setting: 'template.http_scale_rule', given: undefined,
        problem: 'this app holds connections (streams, WebSockets or gRPC) but has no HTTP scale rule, so it scales on CPU and memory, which idle sockets do not move.',
        fix: `add an http_scale_rule with concurrent_requests of ${HIGH_CONCURRENCY} or less (e.g. 10).`,
      });
    }
    return RuleOutcome.nonCompliant(...rules
      .filter((rule) => (numberOf(rule.concurrent_requests) ?? 0) > HIGH_CONCURRENCY)
      .map((rule): RuleFinding => ({
        setting: 'template.http_scale_rule.concurrent_requests', given: rule.concurrent_requests,
        problem: 'a held connection counts as one request for its whole life, so replicas fill with idle sockets before the rule reacts.',
        fix: `use ${HIGH_CONCURRENCY} or less (e.g. 10).`,
      })));
  }
}

function holdsConnections(app: RuleResource, context: IRuleContext): boolean {
  if (app.construct?.node.metadata.some((m) => m.type === HOLDS_CONNECTIONS_METADATA)) return true;
  if (blockOf(app.attributes.ingress)?.transport === 'http2') return true;
  // What the streaming APIs forward to, found once per run (not a scan of the APIs per app).
  return streamingBackends(context).has(app.address);
}
