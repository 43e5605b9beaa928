import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { blocksOf } from '../../lessons-check/rules/attributes';

/** Event Grid subscription resource types. */
export const EVENT_SUBSCRIPTION_TYPES = ['azurerm_eventgrid_event_subscription', 'azurerm_eventgrid_system_topic_event_subscription'];

/**
 * HOOK-3: dead-lettering is off unless configured, and Event Grid drops an event after its last
 * retry; a dead-letter destination without `dead_letter_identity` is written with the account
 * key, which a keyless account refuses.
 */
export class SubscriptionDeadLetterRule implements ILessonRule {
  public readonly id = 'HOOK-3.SubscriptionDeadLetter';
  public readonly lesson = 'HOOK-3';
  public readonly description = 'An Event Grid subscription without a dead-letter destination, or one it writes with the account key.';
  public readonly resourceTypes = EVENT_SUBSCRIPTION_TYPES;

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    if (blocksOf(resource.attributes.storage_blob_dead_letter_destination).length === 0) {
      return RuleOutcome.nonCompliant({
        setting: 'storage_blob_dead_letter_destination', given: undefined,
        problem: 'without it Event Grid drops an event after its last retry, and nobody learns which.',
        fix: 'dead-letter to a blob container with dead_letter_identity (EventSubscription does, with the grant first).',
      });
    }
    if (blocksOf(resource.attributes.dead_letter_identity).length === 0) {
      return RuleOutcome.nonCompliant({
        setting: 'dead_letter_identity', given: undefined,
        problem: 'Event Grid then writes dead letters with the account key: a keyless account (SEC-1) refuses them, and they are dropped.',
        fix: 'set dead_letter_identity to the topic\'s identity and grant it Storage Blob Data Contributor on the container first.',
      });
    }
    return RuleOutcome.compliant();
  }
}
