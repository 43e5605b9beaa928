import { RuleExamples, azapi, raw } from '../../lessons-check/rule-examples';

// Credentials are assembled at run time, so no scanner mistakes this file for a leak.
const GH_TOKEN = ['ghp', 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'].join('_');
const SB_CONNECTION = ['Endpoint=sb://sb-orders.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey', 'c2VjcmV0LWtleS1mb3ItdGVzdHMtb25seS0xMjM0NTY='].join('=');

// SEC-1: a credential written into a Container App's environment.
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.ContainerAppPlainSecret',
  finds: 'a credential in a Container App\'s or Container Apps job\'s environment variable (`azurerm_container_app` and `azurerm_container_app_job` `template.container[].env[].value`, AzAPI `Microsoft.App/containerApps` and `Microsoft.App/jobs`), judged by the constructs\' one detector (docs/secrets.md) on what Terraform will get: a known format, a literal under a secret\'s name, a variable\'s default or a function of literals that evaluates to one, a sensitive variable without a default, a reference to an attribute azurerm marks sensitive; a construct\'s `notSecrets` declaration suppresses it with its reason',
  failing: [
    [raw('azurerm_container_app', 'app', { template: [{ container: [{ name: 'c', image: 'example.azurecr.io/app:1.0.0', env: [{ name: 'CI', value: GH_TOKEN }] }] }] })],
    // A job's containers are an app's: a literal under a secret's name in a scheduled job's env.
    [raw('azurerm_container_app_job', 'job', { resource_group_name: 'rg', location: 'westeurope', container_app_environment_id: '/subscriptions/0/cae', replica_timeout_in_seconds: 60, schedule_trigger_config: [{ cron_expression: '0 * * * *' }], template: [{ container: [{ name: 'c', image: 'example.azurecr.io/job:1.0.0', cpu: 0.25, memory: '0.5Gi', env: [{ name: 'DB_PASSWORD', value: 'correct-horse-battery' }] }] }] })],
    [azapi('job', 'Microsoft.App/jobs@2024-03-01', { properties: { template: { containers: [{ name: 'c', image: 'example.azurecr.io/job:1.0.0', env: [{ name: 'ORDERS', value: SB_CONNECTION }] }] } } })],
    [azapi('app', 'Microsoft.App/containerApps@2024-03-01', { properties: { template: { containers: [{ name: 'c', image: 'example.azurecr.io/app:1.0.0', env: [{ name: 'ORDERS', value: SB_CONNECTION }] }] } } })],
  ],
  passing: [[raw('azurerm_container_app', 'app', {
    secret: [{ name: 'ci', key_vault_secret_id: 'https://kv.vault.azure.net/secrets/ci', identity: 'System' }],
    template: [{ container: [{ name: 'c', image: 'example.azurecr.io/app:1.0.0', env: [{ name: 'CI', secret_name: 'ci' }, { name: 'REGION', value: 'westeurope' }] }] }],
  })]],
};
