import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { blockOf, blocksOf, numberOf } from '../../lessons-check/rules/attributes';
import { EVENT_SUBSCRIPTION_TYPES } from './subscription-dead-letter';

/**
 * HOOK-1: the endpoint must answer Event Grid's handshake when the subscription is created (the
 * validation event within 30 s with Event Grid's schema, the OPTIONS request with CloudEvents);
 * a Container App that scales to zero misses it on a cold start. A URL that goes through a
 * gateway that answers the handshake (WebhookApi) does not point at the app and is not checked.
 */
export class ColdWebhookReceiverRule implements ILessonRule {
  public readonly id = 'HOOK-1.ColdWebhookReceiver';
  public readonly lesson = 'HOOK-1';
  public readonly description = 'A webhook subscription whose URL points straight at a Container App that scales to zero.';
  public readonly resourceTypes = EVENT_SUBSCRIPTION_TYPES;

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    const webhook = blockOf(resource.attributes.webhook_endpoint);
    if (!webhook) return RuleOutcome.notApplicable();
    const schema = resource.attributes.event_delivery_schema ?? 'EventGridSchema';
    const apps = context.referencedBy(webhook.url, 'azurerm_container_app');
    if (apps.length === 0) return RuleOutcome.notApplicable();
    const cold = apps.filter((app) => (numberOf(blocksOf(app.attributes.template)[0]?.min_replicas) ?? 0) < 1);
    if (cold.length === 0) return RuleOutcome.compliant();
    return RuleOutcome.nonCompliant({
      setting: 'webhook_endpoint.url', given: cold.map((app) => app.path).join(', '),
      problem: schema === 'EventGridSchema'
        ? 'the receiver scales to zero, and a cold start can miss the 30 s the validation event allows: the subscription\'s create fails.'
        : 'the receiver scales to zero, and a cold start can miss the OPTIONS handshake: the subscription\'s create fails.',
      fix: 'keep min_replicas >= 1, or deliver CloudEvents through a gateway that answers the handshake (WebhookApi).',
    });
  }
}
