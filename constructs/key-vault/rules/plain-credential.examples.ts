import { azapi, raw, RuleExamples } from '../../lessons-check/rule-examples';

// Assembled at run time, so no scanner mistakes this file for a leak.
const ACCOUNT_KEY = ['c3RvcmFnZUtleTEyMzQ1Njc4', 'OTBhYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ejAx', 'MjM0NTY3ODk9PQ=='].join('');
const CONNECTION = `DefaultEndpointsProtocol=https;AccountName=orders;AccountKey=${ACCOUNT_KEY}`;
const PSP_KEY = ['sk', 'live', '4eC39HqLyjWDarjtT1zdp7dc'].join('_');
/** A Linux VM's required arguments, but its scripts. */
const VM = { resource_group_name: 'rg', location: 'westeurope', size: 'Standard_B2s', admin_username: 'azureuser', network_interface_ids: ['/subscriptions/0/resourceGroups/rg/providers/Microsoft.Network/networkInterfaces/nic'], admin_ssh_key: [{ username: 'azureuser', public_key: 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC0 azureuser' }], os_disk: [{ caching: 'ReadWrite', storage_account_type: 'Standard_LRS' }], source_image_reference: [{ publisher: 'Canonical', offer: 'ubuntu-24_04-lts', sku: 'server', version: 'latest' }] };
const DEPLOYMENT_SCHEMA = 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#';

// SEC-1: a credential written in any other argument of a resource, data source or module call (type `*`).
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.PlainCredential',
  finds: 'a credential written in any argument of any resource, data source or module call that no other SEC-1 rule reads: a known format (a connection string with a key, a SAS, a private key, a JWT or Bearer token, a provider\'s API key, an Entra ID client secret, `--password` or `--account-key` on a command line) in a tag, a container\'s `args`, a provisioner\'s command, an AzAPI body, an API Management backend\'s header, a webhook URL, a literal under a secret\'s name in a container group\'s `environment_variables`, a literal under a Resource Manager property\'s secret name in an AzAPI body (an API Management user\'s `password`) or a credential parameter\'s name in AzAPI\'s request headers or an API Management backend\'s `credentials` (`x-functions-key`, `Ocp-Apim-Subscription-Key`, `code`, the Authorization parameter) or an http data source\'s `request_headers`, a key of `terraform_data`\'s `input` or `triggers_replace` or `null_resource`\'s `triggers` (`db_password`), a virtual machine\'s `user_data` read as the script it is (decoded from base64: `export API_TOKEN=...`, `docker login -p ...`), an ARM template deployment\'s parameter (azurerm\'s `parameters_content`, an AzAPI `Microsoft.Resources/deployments` body\'s `properties.parameters`) under a secret\'s name or declared `securestring` in the template, and a secure parameter\'s `defaultValue` (the fix: a Key Vault reference in the parameters), `terraform_data`\'s input, a module call\'s `source` address (`terraform init` prints it: `git::https://user:<token>@...`, `?sshkey=`); and a literal under a secret\'s name given to a module call (type `module`, address `module.<name>`: its inputs are the module\'s variables) or to any argument of another provider\'s resource or data source (one not azurerm, azapi or azuread: `kubernetes_secret`\'s `data = { password = "..." }`), a `terraform_remote_state`\'s `config` (type `data.terraform_remote_state`), a provisioner\'s `connection`, or the value of a pair whose `name` says it is a secret or a credential header (a Dapr component\'s `metadata { name = "redisPassword", value = "..." }`, azurerm\'s or an AzAPI body\'s, the fix naming a component secret from Key Vault; a probe\'s `header { name = "X-Api-Key" }`; a Helm release\'s `set` is by format only). App settings, an app\'s environment, a policy\'s XML and attributes azurerm marks sensitive and AzAPI body properties Resource Manager marks secure (`administratorLoginPassword`, a Container App secret\'s `value`) are their own rules\' (one finding per value); a reference and a variable without a default pass',
  failing: [
    [raw('azurerm_resource_group', 'rg-orders', { location: 'westeurope', tags: { owner: 'orders', storage: CONNECTION } })],
    [raw('azurerm_api_management_backend', 'psp', { resource_group_name: 'rg', api_management_name: 'apim', protocol: 'http', url: 'https://api.psp.example', credentials: [{ header: { Authorization: `Bearer ${PSP_KEY}` } }] })],
    [azapi('orders-state', 'Microsoft.App/managedEnvironments/daprComponents@2024-03-01', { properties: { componentType: 'state.azure.blobstorage', version: 'v1', metadata: [{ name: 'connectionString', value: CONNECTION }] } })],
    [{ type: 'module', name: 'payments', attributes: { source: 'Azure/avm-res-web-site/azurerm', version: '0.16.0', client_secret: 'p4yments-s3cret-value' } }],
    [{ type: 'data.terraform_remote_state', name: 'network', attributes: { backend: 'azurerm', config: { storage_account_name: 'sttfstate', container_name: 'tfstate', key: 'network.tfstate', access_key: ACCOUNT_KEY } } }],
    // A backend's header under a credential's name, whatever its format (a function key).
    [raw('azurerm_api_management_backend', 'fn', { resource_group_name: 'rg', api_management_name: 'apim', protocol: 'http', url: 'https://fn-orders.azurewebsites.net/api', credentials: [{ header: { 'x-functions-key': 'q3v9xk2m7wplz8rt4yn6bc5dj1hs0fga' } }] })],
    // An AzAPI body's property under a secret's name: Resource Manager's names say what a value is
    // (one Resource Manager marks secure is SEC-1.SensitiveAttributePlainSecret's).
    [azapi('user', 'Microsoft.ApiManagement/service/users@2024-05-01', { properties: { email: 'ops@contoso.com', firstName: 'Ops', lastName: 'Team', password: 'correct-horse-battery' } })],
    // A pair's value under a secret's name, whatever its text: a Dapr component's metadata.
    [raw('azurerm_container_app_environment_dapr_component', 'state', { name: 'statestore', container_app_environment_id: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.App/managedEnvironments/cae', component_type: 'state.redis', version: 'v1', metadata: [{ name: 'redisPassword', value: 'correct-horse-battery' }] })],
    // An ARM template deployment's parameter under a secret's name (azurerm's JSON text, AzAPI's body).
    [raw('azurerm_resource_group_template_deployment', 'vm', { resource_group_name: 'rg', deployment_mode: 'Incremental', template_content: JSON.stringify({ contentVersion: '1.0.0.0', resources: [] }), parameters_content: JSON.stringify({ adminUsername: { value: 'azureuser' }, adminPassword: { value: 'correct-horse-battery' } }) })],
    [azapi('vm', 'Microsoft.Resources/deployments@2024-03-01', { properties: { mode: 'Incremental', template: { $schema: DEPLOYMENT_SCHEMA, contentVersion: '1.0.0.0', parameters: { sqlLogin: { type: 'securestring' } }, resources: [] }, parameters: { sqlLogin: { value: 'hunter2hunter2' } } } })],
    // A machine's user_data, base64 of a script that sets a credential's variable (every process on the machine reads it from the metadata service).
    [raw('azurerm_linux_virtual_machine', 'vm', { ...VM, user_data: Buffer.from(`#!/bin/bash\nexport API_TOKEN=${PSP_KEY.slice(8)}-tok\n/opt/app/run.sh\n`).toString('base64') })],
    // Another provider's argument under a secret's name: its schema is not known here, so its name says what it holds.
    [{ type: 'kubernetes_secret', name: 'db', attributes: { metadata: [{ name: 'db' }], data: { username: 'orders', password: 'correct-horse-battery' } } }],
    // A module's source address with a password: terraform init prints it as it downloads the module.
    [{ type: 'module', name: 'network', attributes: { source: `git::https://build:${['pat', 'q3v9xk2m7w'].join('-')}@dev.azure.com/contoso/infra/_git/network?ref=v1.4.0` } }],
  ],
  passing: [
    [raw('azurerm_resource_group', 'rg-orders', { location: 'westeurope', tags: { owner: 'orders@contoso.com', cost_center: 'cc=1234' } })],
    [{ type: 'kubernetes_secret', name: 'db', attributes: { metadata: [{ name: 'db' }], data: { username: 'orders', password: '${azurerm_key_vault_secret.db.value}' } } }],
    [raw('azurerm_api_management_backend', 'psp', { resource_group_name: 'rg', api_management_name: 'apim', protocol: 'http', url: 'https://api.psp.example', credentials: [{ header: { Authorization: '{{psp-key}}' } }] })],
    [{ type: 'module', name: 'payments', attributes: { source: 'Azure/avm-res-web-site/azurerm', version: '0.16.0', client_id: '00000000-0000-0000-0000-000000000001', secret_name: 'psp-key' } }],
    [{ type: 'module', name: 'network', attributes: { source: 'git::https://dev.azure.com/contoso/infra/_git/network?ref=v1.4.0' } }],
    [{ type: 'data.terraform_remote_state', name: 'network', attributes: { backend: 'azurerm', config: { storage_account_name: 'sttfstate', container_name: 'tfstate', key: 'network.tfstate', use_azuread_auth: true } } }],
    // A machine's boot script that reads its secret with the machine's identity.
    [raw('azurerm_linux_virtual_machine', 'vm', { ...VM, user_data: Buffer.from('#!/bin/bash\naz login --identity\nexport API_TOKEN=$(az keyvault secret show --vault-name kv-orders --name api --query value -o tsv)\n').toString('base64') })],
    // A template deployment's secret given as a Key Vault reference.
    [raw('azurerm_resource_group_template_deployment', 'vm', { resource_group_name: 'rg', deployment_mode: 'Incremental', template_content: JSON.stringify({ contentVersion: '1.0.0.0', parameters: { adminPassword: { type: 'securestring' } }, resources: [] }), parameters_content: JSON.stringify({ adminUsername: { value: 'azureuser' }, adminPassword: { reference: { keyVault: { id: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv' }, secretName: 'vm-admin' } } }) })],
    // The metadata names a component secret, read from Key Vault.
    [raw('azurerm_container_app_environment_dapr_component', 'state', { name: 'statestore', container_app_environment_id: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.App/managedEnvironments/cae', component_type: 'state.redis', version: 'v1', metadata: [{ name: 'redisPassword', secret_name: 'redis-password' }], secret: [{ name: 'redis-password', key_vault_secret_id: 'https://kv-orders.vault.azure.net/secrets/redis-password', identity: 'System' }] })],
  ],
};
