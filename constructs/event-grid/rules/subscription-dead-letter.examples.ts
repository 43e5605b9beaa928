import { RuleExamples, raw } from '../../lessons-check/rule-examples';
import { EVENT_SUBSCRIPTION_TYPES } from './subscription-dead-letter';

// HOOK-3: a subscription without a dead-letter container (undelivered events are dropped after the retries).
export const EXAMPLES: RuleExamples = {
  rule: 'HOOK-3.SubscriptionDeadLetter',
  finds: 'an Event Grid subscription without `storage_blob_dead_letter_destination`, or with one but no `dead_letter_identity` (written with the account key)',
  failing: EVENT_SUBSCRIPTION_TYPES.map((type) => [raw(type, 'sub', { azure_function_endpoint: [{ function_id: 'f' }] })]),
  passing: [[raw('azurerm_eventgrid_event_subscription', 'sub', {
    azure_function_endpoint: [{ function_id: 'f' }],
    storage_blob_dead_letter_destination: [{ storage_account_id: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.Storage/storageAccounts/st', storage_blob_container_name: 'dead-letters' }],
    dead_letter_identity: [{ type: 'SystemAssigned' }],
  })]],
};
