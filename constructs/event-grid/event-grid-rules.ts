import { RuleLevel } from '../lessons-check/pack';
import { ServiceRules } from '../lessons-check/service-rules';
import { WebhookSubscriptionTokenRule } from './rules/webhook-subscription-token';
import { WebhookUrlKeyRule } from './rules/webhook-url-key';

// The Event Grid rules of the platform lessons pack (loaded by the generated service index).
ServiceRules.register(() => new WebhookSubscriptionTokenRule(), RuleLevel.ERROR);
ServiceRules.register(() => new WebhookUrlKeyRule(), RuleLevel.ERROR);
