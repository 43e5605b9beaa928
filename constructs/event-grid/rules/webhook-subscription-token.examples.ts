import { RuleExamples, raw, ref } from '../../lessons-check/rule-examples';

const POLICY = '<policies><inbound><base /><validate-azure-ad-token tenant-id="72f988bf-86f1-41af-91ab-2d7cd011db47"><audiences><audience>6f1d2c3e-5a4b-4c3d-9e8f-7a6b5c4d3e2f</audience></audiences></validate-azure-ad-token></inbound><backend><base /></backend><outbound><base /></outbound><on-error><base /></on-error></policies>';
const hooksApi = [
  raw('azurerm_api_management', 'gw'),
  raw('azurerm_api_management_api', 'hooks', { path: 'webhooks', api_management_name: ref('azurerm_api_management', 'gw', 'name') }),
  raw('azurerm_api_management_api_policy', 'hooks-policy', { api_name: ref('azurerm_api_management_api', 'hooks', 'name'), xml_content: POLICY }),
];
// Written out: a first plan keeps no template of an HCL string, only its references.
const toHooks = { url: 'https://gw.azure-api.net/webhooks/events' };

// ACCESS: a subscription to a webhook API that checks Event Grid's token, sending none.
export const EXAMPLES: RuleExamples = {
  rule: 'ACCESS.WebhookSubscriptionToken',
  finds: 'an Event Grid webhook subscription (either schema) to a gateway API of the configuration whose policy checks an Entra ID token (`validate-azure-ad-token`, or `validate-jwt` with an Entra issuer), when the subscription asks for no token (`active_directory_tenant_id`, `active_directory_app_id_or_uri`) or for one of another tenant or application: every delivery answers 401; `EventSubscription` refuses the same against a `WebhookApi` of the app',
  failing: [
    [...hooksApi, raw('azurerm_eventgrid_event_subscription', 'sub', { webhook_endpoint: [toHooks] })],
    [...hooksApi, raw('azurerm_eventgrid_system_topic_event_subscription', 'sub', { webhook_endpoint: [toHooks] })],
  ],
  passing: [[...hooksApi, raw('azurerm_eventgrid_event_subscription', 'sub', { webhook_endpoint: [{
    ...toHooks, active_directory_tenant_id: '72f988bf-86f1-41af-91ab-2d7cd011db47', active_directory_app_id_or_uri: '6f1d2c3e-5a4b-4c3d-9e8f-7a6b5c4d3e2f',
  }] })]],
};
