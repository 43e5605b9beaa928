import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../rule';
import { blockOf, blocksOf, numberOf } from '../attributes';
import { EVENT_SUBSCRIPTION_TYPES } from './subscription-dead-letter';

/**
 * HOOK-1: with Event Grid's own schema the endpoint must answer a validation event within 30 s
 * when the subscription is created; a Container App that scales to zero misses it on a cold start.
 */
export class ColdWebhookReceiverRule implements ILessonRule {
  public readonly id = 'HOOK-1.ColdWebhookReceiver';
  public readonly lesson = 'HOOK-1';
  public readonly description = 'A webhook subscription with the Event Grid schema whose receiver is a Container App that scales to zero.';
  public readonly resourceTypes = EVENT_SUBSCRIPTION_TYPES;

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    const webhook = blockOf(resource.attributes.webhook_endpoint);
    if (!webhook) return RuleOutcome.notApplicable();
    const schema = resource.attributes.event_delivery_schema ?? 'EventGridSchema';
    if (schema !== 'EventGridSchema') return RuleOutcome.notApplicable();
    const apps = context.referencedBy(webhook.url, 'azurerm_container_app');
    if (apps.length === 0) return RuleOutcome.notApplicable();
    const cold = apps.filter((app) => (numberOf(blocksOf(app.attributes.template)[0]?.min_replicas) ?? 0) < 1);
    if (cold.length === 0) return RuleOutcome.compliant();
    return RuleOutcome.nonCompliant({
      setting: 'webhook_endpoint.url', given: cold.map((app) => app.path).join(', '),
      problem: 'the receiver scales to zero, and a cold start can miss the 30 s the validation event allows: the subscription\'s create fails.',
      fix: 'keep min_replicas >= 1, deliver CloudEvents (event_delivery_schema = CloudEventSchemaV1_0) through a gateway that answers the handshake (WebhookApi).',
    });
  }
}
