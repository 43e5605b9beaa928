import { RuleExamples, raw, ref } from '../../lessons-check/rule-examples';

const keylessTopic = raw('azurerm_eventgrid_topic', 'topic', { local_auth_enabled: false });
const publisher = (more: { readonly [name: string]: unknown } = {}) => raw('azurerm_container_app', 'publisher', {
  template: [{ min_replicas: 1, container: [{ name: 'c', image: 'example.azurecr.io/app:1.0.0', env: [{ name: 'TOPIC', value: ref('azurerm_eventgrid_topic', 'topic', 'endpoint') }] }] }],
  ...more,
});

// SEC-1: an app given a keyless topic's endpoint, with no identity holding EventGrid Data Sender on it.
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.KeylessTopicPublisher',
  finds: 'an `azurerm_container_app` whose environment references the endpoint of a topic with `local_auth_enabled = false` (or writes that endpoint\'s URL out), when no identity it runs as (user- or system-assigned) holds EventGrid Data Sender on that topic or a scope above it (its resource group, subscription, a management group): every publish answers 401',
  failing: [[keylessTopic, publisher()]],
  passing: [[
    keylessTopic,
    raw('azurerm_user_assigned_identity', 'pub', { location: 'westeurope', resource_group_name: 'rg' }),
    raw('azurerm_role_assignment', 'send', { scope: ref('azurerm_eventgrid_topic', 'topic', 'id'), role_definition_name: 'EventGrid Data Sender', principal_id: ref('azurerm_user_assigned_identity', 'pub', 'principal_id') }),
    publisher({ identity: [{ type: 'UserAssigned', identity_ids: [ref('azurerm_user_assigned_identity', 'pub', 'id')] }] }),
  ]],
};
