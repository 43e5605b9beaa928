import { azapi, raw, ref, RuleExamples } from '../../lessons-check/rule-examples';

const ACCOUNT = raw('azurerm_storage_account', 'st', { resource_group_name: 'rg-orders', location: 'westeurope', account_tier: 'Standard', account_replication_type: 'ZRS' });
const KEY = ref('azurerm_storage_account', 'st', 'primary_access_key');
const CONNECTION = ref('azurerm_storage_account', 'st', 'primary_connection_string');

// SEC-1: a reference to an attribute azurerm marks sensitive, in an argument Azure keeps in plain text.
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.SensitiveReference',
  finds: 'a reference to an attribute the azurerm schema marks Sensitive (a storage account\'s key or connection string, a function\'s host key, a Key Vault secret\'s `value`; the generated `SENSITIVE_ATTRIBUTES` table), directly or through a local, a sensitive variable without a default (a secret given at plan time) or a value marked `sensitive(...)`, where Azure keeps it in plain text and shows it to whoever may read the resource: any azurerm resource\'s `tags` (an AzAPI resource\'s `tags` and `body.tags`), a Container App\'s or job\'s command lines and scale rule metadata, a container group\'s `environment_variables` and `commands`, a Dapr component\'s `metadata.value`, an API Management backend\'s `url` and `credentials`, a policy\'s or fragment\'s XML, a named value without `secret = true`, an Event Grid delivery property without `secret = true`, an action group\'s webhook, function and logic app URLs, a VM\'s or scale set\'s `user_data` and extension `settings` (an Arc or Azure Stack HCI machine\'s extension\'s, a Batch pool\'s `settings_json`), a Kubernetes or Arc cluster extension\'s `configuration_settings`, a run command\'s `parameter` and script, storage `metadata`, an App Configuration key-value\'s `value`, a Logic App HTTP action\'s `uri`, `headers`, `queries` and `body`. Other arguments are not read (azurerm does not mark every argument Azure keeps secret as sensitive)',
  failing: [
    [ACCOUNT, raw('azurerm_container_app', 'worker', {
      container_app_environment_id: '/subscriptions/0/cae', resource_group_name: 'rg-orders', revision_mode: 'Single',
      template: [{ container: [{ name: 'worker', image: 'mcr.microsoft.com/k8se/quickstart:latest', cpu: 0.25, memory: '0.5Gi', args: ['--storage', CONNECTION] }] }],
    })],
    // An App Configuration key-value, which every Data Reader of the store reads.
    [ACCOUNT, raw('azurerm_app_configuration_key', 'storage', { configuration_store_id: '/subscriptions/0/appcs', key: 'Storage:ConnectionString', value: CONNECTION })],
  ],
  failingNotInAPlan: [
    // A Logic App action's header, in its workflow definition (a plan gives the map as its references: found under `headers`).
    [ACCOUNT, raw('azurerm_logic_app_action_http', 'upload', { logic_app_id: '/subscriptions/0/logic', method: 'PUT', uri: 'https://st.blob.core.windows.net/c/b', headers: { 'x-ms-key': KEY } })],
    // A plan gives a map holding a reference as its references alone: found there under `tags`, not `tags.storage`.
    [ACCOUNT, raw('azurerm_resource_group', 'rg-orders', { location: 'westeurope', tags: { owner: 'orders', storage: KEY } })],
    [ACCOUNT, azapi('orders-env', 'Microsoft.App/managedEnvironments@2024-03-01', { properties: {}, tags: { storage: CONNECTION } })],
  ],
  passing: [
    [ACCOUNT, raw('azurerm_key_vault_secret', 'storage', { key_vault_id: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv', value: CONNECTION })],
    [ACCOUNT, raw('azurerm_resource_group', 'rg-orders', { location: 'westeurope', tags: { storage: ref('azurerm_storage_account', 'st', 'name') } })],
    // The key-value is a Key Vault reference: the store holds where the secret is.
    [raw('azurerm_app_configuration_key', 'storage', { configuration_store_id: '/subscriptions/0/appcs', key: 'Storage:ConnectionString', type: 'vault', vault_key_reference: 'https://kv-orders.vault.azure.net/secrets/storage' })],
  ],
};
