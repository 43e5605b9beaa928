import { RuleLevel } from '../lessons-check/pack';
import { ServiceRule } from '../lessons-check/service-rules';
import { ColdWebhookReceiverRule } from './rules/cold-webhook-receiver';
import { KeylessTopicPublisherRule } from './rules/keyless-topic-publisher';
import { SubscriptionDeadLetterRule } from './rules/subscription-dead-letter';
import { TopicLocalAuthRule } from './rules/topic-local-auth';
import { WebhookSubscriptionTokenRule } from './rules/webhook-subscription-token';
import { WebhookUrlKeyRule } from './rules/webhook-url-key';

/** The Event Grid rules of the platform lessons pack, with their levels (the generated service index lists them for the pack). */
export const EVENT_GRID_RULES: ServiceRule[] = [
  { create: () => new SubscriptionDeadLetterRule(), level: RuleLevel.ERROR },
  { create: () => new TopicLocalAuthRule(), level: RuleLevel.ERROR },
  { create: () => new KeylessTopicPublisherRule(), level: RuleLevel.ERROR },
  { create: () => new ColdWebhookReceiverRule(), level: RuleLevel.WARNING },
  { create: () => new WebhookSubscriptionTokenRule(), level: RuleLevel.ERROR },
  { create: () => new WebhookUrlKeyRule(), level: RuleLevel.ERROR },
];
