import { RuleExamples, raw, ref } from '../../lessons-check/rule-examples';
import { EVENT_SUBSCRIPTION_TYPES } from './subscription-dead-letter';

const receiver = (minReplicas: number) => raw('azurerm_container_app', 'receiver', { ingress: [{ transport: 'auto', target_port: 8080 }], template: [{ min_replicas: minReplicas, container: [{ name: 'c', image: 'example.azurecr.io/app:1.0.0' }] }] });
const toReceiver = { webhook_endpoint: [{ url: `https://${ref('azurerm_container_app', 'receiver', 'ingress[0].fqdn')}/events` }] };

// HOOK-1: a webhook straight at an app that scales to zero (a cold start misses the validation handshake).
export const EXAMPLES: RuleExamples = {
  rule: 'HOOK-1.ColdWebhookReceiver',
  finds: 'a webhook subscription whose URL points straight at a Container App with `min_replicas` 0 (either schema)',
  failing: EVENT_SUBSCRIPTION_TYPES.map((type) => [receiver(0), raw(type, 'sub', toReceiver)]),
  passing: [[receiver(1), raw('azurerm_eventgrid_event_subscription', 'sub', toReceiver)]],
};
