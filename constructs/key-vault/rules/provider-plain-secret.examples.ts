import { RuleExamples } from '../../lessons-check/rule-examples';

// Assembled at run time, so no scanner mistakes this file for a leak.
const CLIENT_SECRET = ['Zq8Q', 'k3jR9vT2mW5xY7bN1cD4fG6hJ8kL0pS2uV5wX'].join('~');
const ACCOUNT_KEY = ['bXlLZXk', 'xMjM0NTY3ODkwYWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXo', 'xMjM0NTY3ODkwQUJDREVGR0g9PQ=='].join('');

// SEC-1: a provider or the backend given a credential in the configuration (types `provider`,
// address `provider.<name>`, and `terraform.backend`, address `terraform.backend.<type>`).
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.ProviderPlainSecret',
  finds: 'a provider configuration (`provider "azurerm"`, `azapi`, `azuread`, any other; the rules see it as type `provider`, address `provider.<name>[.<alias>]`) or the backend (`terraform.backend`, address `terraform.backend.<type>`) given a credential in the configuration: `client_secret`, `client_certificate` (its content, for azurerm, azuread, azapi and the azurerm backend), `client_certificate_password`, `oidc_token`, `access_key`, `sas_token` or any argument under a secret\'s name, nested blocks\' included (`kubernetes { token }`), given a literal, a variable\'s default or a function of literals, or any argument holding a known credential format; cdk.tf.json, the plan file and `terraform show -json` hold it in plain text. An argument left out (the pipeline sets `ARM_CLIENT_SECRET`, `ARM_ACCESS_KEY` or signs in with OIDC) and a sensitive variable without a default pass. `azure-lessons` also reads each backend configuration file (`*.tfbackend`, given with `-backend-config`; beside a directory\'s configuration, or named) as the backend, address `<file>:terraform.backend.<type>`, the file as the path',
  failing: [
    [{ type: 'provider', name: 'azurerm', attributes: { features: [{}], client_id: '00000000-0000-0000-0000-000000000001', client_secret: CLIENT_SECRET } }],
    // A token in a nested block of another provider.
    [{ type: 'provider', name: 'helm', attributes: { kubernetes: [{ host: 'https://aks-orders.hcp.westeurope.azmk8s.io:443', token: 'kube-token-literal-value-123' }] } }],
  ],
  failingNotInAPlan: [[{ type: 'terraform.backend', name: 'azurerm', attributes: { storage_account_name: 'sttfstate', container_name: 'tfstate', key: 'prod.tfstate', access_key: ACCOUNT_KEY } }]],
  passing: [
    [{ type: 'provider', name: 'azurerm', attributes: { features: [{}], use_oidc: true, client_id: '00000000-0000-0000-0000-000000000001', tenant_id: '00000000-0000-0000-0000-000000000002' } }],
    [{ type: 'terraform.backend', name: 'azurerm', attributes: { storage_account_name: 'sttfstate', container_name: 'tfstate', key: 'prod.tfstate', use_azuread_auth: true } }],
  ],
};
