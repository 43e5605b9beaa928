import { RuleExamples, azapi, raw } from '../../lessons-check/rule-examples';

// SEC-1: a topic or domain that accepts its access keys.
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.EventGridLocalAuth',
  finds: '`azurerm_eventgrid_topic` or `azurerm_eventgrid_domain` without `local_auth_enabled = false`, or AzAPI `Microsoft.EventGrid/topics` / `domains` without `disableLocalAuth = true`',
  failing: [
    [raw('azurerm_eventgrid_topic', 'topic')],
    [raw('azurerm_eventgrid_domain', 'domain')],
    [azapi('topic', 'Microsoft.EventGrid/topics@2025-02-15', { properties: {} })],
    [azapi('domain', 'Microsoft.EventGrid/domains@2025-02-15', { properties: { disableLocalAuth: false } })],
  ],
  passing: [
    [raw('azurerm_eventgrid_topic', 'topic', { local_auth_enabled: false })],
    [azapi('topic', 'Microsoft.EventGrid/topics@2025-02-15', { properties: { disableLocalAuth: true } })],
  ],
};
