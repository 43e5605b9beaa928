import { RuleExamples, raw } from '../../lessons-check/rule-examples';
import { EVENT_SUBSCRIPTION_TYPES } from './subscription-dead-letter';

// Assembled at run time, so no scanner mistakes this file for a leak.
const KEY = ['Zk9vYmFyYmF6cXV4', 'MTIzNDU2Nzg5MA=='].join('');

// SEC-1: a function key in a webhook URL (it lands in the state and in Event Grid's configuration).
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.WebhookUrlKey',
  finds: 'an Event Grid webhook subscription (either schema) whose `webhook_endpoint.url` carries a function key (`?code=` / `&code=` with a value), written out or as a function of literals: the key sits in configuration and state; the finding masks it; `EventSubscription` refuses the same at synth',
  failing: EVENT_SUBSCRIPTION_TYPES.map((type) => [raw(type, 'sub', { webhook_endpoint: [{ url: `https://f.azurewebsites.net/api/e?code=${KEY}` }] })]),
  passing: [[raw('azurerm_eventgrid_event_subscription', 'sub', { webhook_endpoint: [{ url: 'https://hooks.example.com/events?zipcode=1234' }] })]],
};
