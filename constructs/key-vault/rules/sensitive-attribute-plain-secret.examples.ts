import { RuleExamples, azapi, raw, ref } from '../../lessons-check/rule-examples';
import { SENSITIVE_INPUTS } from './sensitive-attribute-plain-secret';

/** `{ a: [{ b: value }] }` for the path `a.b`: a nested block's attribute, as Terraform JSON writes blocks. */
function nestedAt(path: readonly string[], value: string): { [name: string]: unknown } {
  const [head, ...rest] = path;
  return { [head]: rest.length === 0 ? value : [nestedAt(rest, value)] };
}

// SEC-1: a secret written in the configuration into an attribute azurerm marks sensitive (it lands in
// cdk.tf.json and in every plan): on every type with one, its first such attribute.
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.SensitiveAttributePlainSecret',
  finds: 'an attribute the azurerm schema marks Sensitive (the generated `SENSITIVE_ATTRIBUTES` table: a Container App\'s `secret.value`, `azurerm_key_vault_secret.value`, a web app\'s `connection_string.value`, a registry password, ...), one another provider marks Sensitive under a name that does not say so (an Azure DevOps variable group\'s `variable.secret_value`, a service connection\'s `credentials.serviceprincipalkey`, a GitHub Actions, Dependabot or Codespaces secret\'s `plaintext_value`, a Helm release\'s `set_sensitive` value, a Databricks secret\'s `string_value`, Unity Catalog secret\'s `value` (not marked sensitive: the plan prints it) or Delta Sharing provider\'s `recipient_profile_str`, a Kubernetes service connection\'s `kube_config`), or a property of an `azapi_resource`\'s `body` or `sensitive_body` (an `azapi_update_resource`\'s too) that the types azapi embeds mark secure (the generated `ARM_SENSITIVE_PROPERTIES` table: `Microsoft.App/containerApps` `properties.configuration.secrets[].value`, a Dapr component\'s `properties.secrets[].value`, a database\'s `administratorLoginPassword`, ...), given a secret the configuration holds: a literal, a variable\'s default, a local or a function of literals that evaluates to one, an expression of the configuration alone (`file(...)`), a credential format beside references (`Password=...;Server=${...}`), or a literal it falls back to (`coalesce(var.pw, "...")`, `try()`, a lookup\'s default, a conditional\'s branch); the value is masked. A reference to another resource\'s attribute, a variable without a default, `@Microsoft.KeyVault(...)` and a connection string that signs in with an identity (`Authentication=Active Directory Managed Identity`, `AuthType=azure.msi`) pass; a virtual machine\'s `custom_data` is a boot script, judged by the formats it holds once decoded from base64 (`export DB_PASSWORD=...`), not as a secret itself; on AzAPI the fix is a secret Azure reads from Key Vault (`keyVaultUrl`, `identity`) where the type takes one, else `sensitive_body` from an ephemeral value; an Event Grid delivery property Event Grid shows (`secret` unset) is judged by its header\'s name and its format only; a named value\'s `value` is `SEC-1.NamedValuePlainSecret`\'s, a function app\'s host storage key `SEC-1.FunctionHostStorageKey`\'s',
  failing: [
    ...Object.entries(SENSITIVE_INPUTS).map(([type, paths]) => [raw(type, 'secret', paths[0] === 'delivery_property.value'
      // A delivery property Event Grid shows is judged as a credential only under a credential's name (or marked secret).
      ? { delivery_property: [{ header_name: 'Authorization', type: 'Static', value: 'a-literal-secret' }] }
      : nestedAt(paths[0].split('.'), 'a-literal-secret'))]),
    // Other providers' sensitive arguments whose names do not say so (OTHER_PROVIDER_SENSITIVE_INPUTS).
    [raw('azuredevops_variable_group', 'orders', { project_id: 'p', variable: [{ name: 'DbPassword', secret_value: 'a-literal-secret', is_secret: true }] })],
    [raw('azuredevops_build_definition', 'orders', { project_id: 'p', repository: [{ repo_type: 'TfsGit', repo_id: 'r', yml_path: 'azure-pipelines.yml' }], variable: [{ name: 'DbPassword', secret_value: 'a-literal-secret', is_secret: true }] })],
    [{ type: 'azuredevops_serviceendpoint_azurerm', name: 'azure', attributes: { project_id: 'p', service_endpoint_name: 'azure', azurerm_spn_tenantid: 't', credentials: [{ serviceprincipalid: '00000000-0000-4000-8000-000000000001', serviceprincipalkey: 'a-literal-secret' }] } }],
    [{ type: 'github_actions_secret', name: 'psp', attributes: { repository: 'orders', secret_name: 'PSP_KEY', plaintext_value: 'a-literal-secret' } }],
    [{ type: 'github_actions_environment_secret', name: 'psp', attributes: { repository: 'orders', environment: 'prod', secret_name: 'PSP_KEY', value: 'a-literal-secret' } }],
    [{ type: 'github_actions_organization_secret', name: 'psp', attributes: { secret_name: 'PSP_KEY', visibility: 'private', plaintext_value: 'a-literal-secret' } }],
    [{ type: 'github_dependabot_secret', name: 'npm', attributes: { repository: 'orders', secret_name: 'NPM_TOKEN', plaintext_value: 'a-literal-secret' } }],
    [{ type: 'github_dependabot_organization_secret', name: 'npm', attributes: { secret_name: 'NPM_TOKEN', visibility: 'all', plaintext_value: 'a-literal-secret' } }],
    [{ type: 'github_codespaces_secret', name: 'npm', attributes: { repository: 'orders', secret_name: 'NPM_TOKEN', plaintext_value: 'a-literal-secret' } }],
    [{ type: 'github_codespaces_organization_secret', name: 'npm', attributes: { secret_name: 'NPM_TOKEN', visibility: 'all', plaintext_value: 'a-literal-secret' } }],
    [{ type: 'github_codespaces_user_secret', name: 'npm', attributes: { secret_name: 'NPM_TOKEN', plaintext_value: 'a-literal-secret' } }],
    [raw('databricks_secret', 'db', { scope: 'orders', key: 'db-password', string_value: 'a-literal-secret' })],
    [raw('databricks_provider', 'partner', { name: 'partner', authentication_type: 'TOKEN', recipient_profile_str: 'a-literal-secret' })],
    [raw('databricks_secret_uc', 'psp', { catalog_name: 'orders', schema_name: 'secrets', name: 'psp-key', value: 'a-literal-secret' })],
    [raw('azuredevops_serviceendpoint_kubernetes', 'aks', { project_id: 'p', service_endpoint_name: 'aks', apiserver_url: 'https://aks.example.com', authorization_type: 'Kubeconfig', kubeconfig: [{ kube_config: 'a-literal-secret' }] })],
    [raw('helm_release', 'redis', { chart: 'redis', set_sensitive: [{ name: 'auth.password', value: 'a-literal-secret' }] })],
    // An address with a SAS token in its query string carries the credential.
    [raw('azurerm_data_factory_linked_service_azure_blob_storage', 'sas', { data_factory_id: '/subscriptions/0/df', sas_uri: 'https://acct.blob.core.windows.net/c?sv=2022-11-02&sig=abc%3D' })],
    // AzAPI: a property Resource Manager marks secure, in the body, whatever the secret's name (azurerm's secret.value).
    [azapi('app', 'Microsoft.App/containerApps@2024-03-01', { properties: { configuration: { secrets: [{ name: 'redis', value: 'a-literal-secret' }] } } })],
    // The same through azapi_update_resource, which sends its body to an existing resource.
    [{ type: 'azapi_update_resource', name: 'app', attributes: { type: 'Microsoft.App/containerApps@2024-03-01', resource_id: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.App/containerApps/ca', body: { properties: { configuration: { secrets: [{ name: 'redis', value: 'a-literal-secret' }] } } } } }],
    // A map's value (a mounted share's key, by the share's name).
    [azapi('site', 'Microsoft.Web/sites@2024-04-01', { properties: { siteConfig: { azureStorageAccounts: { media: { type: 'AzureFiles', accountName: 'stmedia', shareName: 'media', accessKey: 'a-literal-secret' } } } } })],
  ],
  // sensitive_body is write-only: a plan does not show it, the configuration does.
  failingNotInAPlan: [
    [{ type: 'azapi_resource', name: 'sql', attributes: { name: 'sql', type: 'Microsoft.Sql/servers@2023-08-01', parent_id: '/subscriptions/0/resourceGroups/rg', body: { properties: { administratorLogin: 'sqladmin' } }, sensitive_body: { properties: { administratorLoginPassword: 'a-literal-secret' } } } }],
  ],
  passing: [
    [
      raw('random_password', 'pw', { length: 32 }),
      raw('azurerm_key_vault_secret', 'psp', { key_vault_id: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv', value: ref('random_password', 'pw', 'result') }),
    ],
    // Sensitive attributes that are addresses: a plain endpoint carries no credential.
    [raw('azurerm_data_factory_linked_service_azure_blob_storage', 'blob', { data_factory_id: '/subscriptions/0/df', service_endpoint: 'https://acct.blob.core.windows.net' })],
    [raw('azurerm_mssql_virtual_machine', 'sqlvm', { virtual_machine_id: '/subscriptions/0/vm', key_vault_credential: [{ name: 'cred', key_vault_url: 'https://kv.vault.azure.net', service_principal_name: 'sp' }] })],
    // A static header Event Grid shows, which is no credential (azurerm marks every delivery property's value sensitive).
    [raw('azurerm_eventgrid_event_subscription', 'orders', { scope: '/subscriptions/0/x', delivery_property: [{ header_name: 'Source', type: 'Static', value: 'orders-api' }] })],
    // AzAPI: the secret read from Key Vault by the app's identity, no value; and a value from a variable without a default, in sensitive_body.
    [azapi('app', 'Microsoft.App/containerApps@2024-03-01', { properties: { configuration: { secrets: [{ name: 'redis', keyVaultUrl: 'https://kv.vault.azure.net/secrets/redis', identity: 'system' }] } } })],
    [
      raw('random_password', 'sqlpw', { length: 32 }),
      { type: 'azapi_resource', name: 'sql', attributes: { name: 'sql', type: 'Microsoft.Sql/servers@2023-08-01', parent_id: '/subscriptions/0/resourceGroups/rg', body: { properties: { administratorLogin: 'sqladmin' } }, sensitive_body: { properties: { administratorLoginPassword: ref('random_password', 'sqlpw', 'result') } } } },
    ],
    // A machine's boot script is no secret itself: a cloud-config that installs packages, given as a literal.
    [raw('azurerm_linux_virtual_machine', 'vm', { resource_group_name: 'rg', location: 'westeurope', size: 'Standard_B2s', admin_username: 'azureuser', network_interface_ids: ['/subscriptions/0/nic'], os_disk: [{ caching: 'ReadWrite', storage_account_type: 'Standard_LRS' }], custom_data: Buffer.from('#cloud-config\npackages:\n  - nginx\n').toString('base64') })],
    // Another provider's secret from a variable without a default, given at plan time.
    [
      { type: 'variable', name: 'db_password', attributes: { type: 'string', sensitive: true } },
      raw('azuredevops_variable_group', 'orders', { project_id: 'p', variable: [{ name: 'DbPassword', secret_value: '${var.db_password}', is_secret: true }] }),
    ],
    // A value made at apply (a random id) is not a secret the configuration holds.
    [raw('azurerm_key_vault_secret', 'generated', { key_vault_id: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv', value: '${uuid()}' })],
  ],
};
