import { RuleExamples, azapi, raw } from '../../lessons-check/rule-examples';

// Credentials are assembled at run time, so no scanner mistakes this file for a leak.
const SLACK_HOOK = ['https://hooks.slack.com/services', 'T00000000', 'B00000000', 'XXXXXXXXXXXXXXXXXXXXXXXX'].join('/');
const WHSEC = ['whsec', 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'].join('_');

// SEC-1: a credential written into a function or web app's settings.
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.AppSettingPlainSecret',
  finds: 'a credential in an app setting of a function or web app or a deployment slot of one (`azurerm_linux_function_app`, `azurerm_windows_function_app`, `azurerm_function_app_flex_consumption`, `azurerm_linux_web_app`, `azurerm_windows_web_app`, their `_slot` types, `azurerm_static_web_app`, AzAPI `Microsoft.Web/sites`), by the constructs\' secret detector (docs/secrets.md, as `SEC-1.ContainerAppPlainSecret`); `@Microsoft.KeyVault(SecretUri=...)` passes, `AzureWebJobsStorage` is `SEC-1.FunctionHostStorageKey`\'s',
  failing: [
    ...['azurerm_function_app_flex_consumption', 'azurerm_linux_function_app', 'azurerm_windows_function_app'].map((type) => [raw(type, 'app', { https_only: true, app_settings: { ALERTS: SLACK_HOOK } })]),
    ...['azurerm_linux_web_app', 'azurerm_windows_web_app'].map((type) => [raw(type, 'app', { app_settings: { ALERTS: SLACK_HOOK } })]),
    ...['azurerm_linux_function_app_slot', 'azurerm_windows_function_app_slot'].map((type) => [raw(type, 'app', { https_only: true, app_settings: { ALERTS: SLACK_HOOK } })]),
    ...['azurerm_linux_web_app_slot', 'azurerm_windows_web_app_slot'].map((type) => [raw(type, 'app', { app_settings: { ALERTS: SLACK_HOOK } })]),
    // A static web app's settings: its managed functions' environment.
    [raw('azurerm_static_web_app', 'web', { resource_group_name: 'rg', location: 'westeurope', sku_tier: 'Standard', app_settings: { Stripe__WebhookSecret: WHSEC } })],
    [azapi('site', 'Microsoft.Web/sites@2024-11-01', { kind: 'app,linux', properties: { httpsOnly: true, siteConfig: { appSettings: [{ name: 'STRIPE', value: WHSEC }] } } })],
  ],
  passing: [[raw('azurerm_linux_web_app', 'app', { app_settings: { ALERTS: '@Microsoft.KeyVault(SecretUri=https://kv.vault.azure.net/secrets/alerts/)', REGION: 'westeurope' } })]],
};
