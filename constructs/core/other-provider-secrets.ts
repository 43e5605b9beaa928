/**
 * The credentials other providers a platform stack uses give as attributes, by resource type
 * (`data.<type>` for a data source), as paths: what a reference may carry into an app setting, an
 * app's environment or a tag, where Azure shows it (SEC-1). Not generated: azurerm's table is
 * (`sensitive-attributes.ts`). Checked against `terraform providers schema -json` of azuread 3.7.0
 * and azapi 2.12.0 (their attributes marked sensitive, less the certificates, which are public
 * keys); random's and tls's from their registry documentation (hashicorp/random: `result` and
 * `bcrypt_hash` of `random_password`; hashicorp/tls: a private key's PEM and OpenSSH forms).
 */
export const OTHER_PROVIDER_SECRETS: Readonly<Record<string, readonly string[]>> = {
  azapi_resource_action: ['sensitive_output'],
  'data.azapi_resource_action': ['sensitive_output'],
  azuread_application: ['password.value'],
  azuread_application_password: ['value'],
  azuread_service_principal_password: ['value'],
  azuread_synchronization_secret: ['credential.value'],
  azuread_user: ['password'],
  random_password: ['bcrypt_hash', 'result'],
  tls_private_key: ['private_key_openssh', 'private_key_pem', 'private_key_pem_pkcs8'],
};

/**
 * Arguments other providers mark `Sensitive: true` that a configuration writes a secret into, by
 * resource type, as paths (`<block>.<attribute>`), where the argument's name does not say so
 * (`secret_value`, `plaintext_value`, `serviceprincipalkey`): SEC-1.SensitiveAttributePlainSecret
 * judges them as azurerm's sensitive attributes. Not generated (the registry these providers come
 * from is not reached here): read in each provider's source, in the schema of the resource's file
 * at the commit given; an attribute a provider version lacks is never set, so it costs nothing.
 * - microsoft/terraform-provider-azuredevops: `azuredevops/internal/service/taskagent/resource_variable_group.go`
 *   (01b0d64), `azuredevops/internal/service/build/resource_build_definition.go` (006ebde; a pipeline's
 *   own variables), `azuredevops/internal/service/serviceendpoint/resource_serviceendpoint_azurerm.go` (026a2f7; the
 *   certificate is a PEM that holds the service principal's private key),
 *   `azuredevops/internal/service/serviceendpoint/resource_serviceendpoint_kubernetes.go` (58cb568; a
 *   kubeconfig holds the cluster user's key or token; a service account's `token` is named for what it
 *   holds, and its `ca_cert` is the cluster's public certificate);
 * - databricks/terraform-provider-databricks: `secrets/resource_secret.go` (7bfcefd; a secret scope's value),
 *   `sharing/resource_provider.go` (a Delta Sharing provider's `recipient_profile_str`, tagged sensitive: the
 *   profile's JSON with its bearer token), `internal/providers/pluginfw/products/secret_uc/resource_secret_uc.go`
 *   (160127a; a Unity Catalog secret's `value`, which the generated schema does not mark sensitive:
 *   `UNMARKED_SECRET_INPUTS`);
 * - integrations/terraform-provider-github: `github/resource_github_actions_secret.go` (03b7ace),
 *   `github/resource_github_actions_environment_secret.go` (00762d8; `value` is the newer name of
 *   `plaintext_value`), `github/resource_github_actions_organization_secret.go` (`plaintext_value` in every
 *   stored version, `value` beside it since go-github v83), `github/resource_github_dependabot_secret.go`
 *   (the version on go-github v84), `github/resource_github_dependabot_organization_secret.go` and
 *   `github/resource_github_codespaces_secret.go` (206999f), `github/resource_github_codespaces_organization_secret.go`
 *   and `github/resource_github_codespaces_user_secret.go` (34c425e); since 636eff4 ("Refactor secret values",
 *   read at b6ce8c0) an Actions or Dependabot secret takes `value` beside the deprecated `plaintext_value`
 *   (the Codespaces secrets do not). `encrypted_value` and `value_encrypted` are left out: sealed with the
 *   repository's public key, only GitHub can read them;
 * - hashicorp/terraform-provider-helm: `helm/resource_release.go` (00204ce; a `set_sensitive` block's
 *   `value`; `repository_password` is named for what it holds, and judged by that name).
 */
export const OTHER_PROVIDER_SENSITIVE_INPUTS: Readonly<Record<string, readonly string[]>> = {
  azuredevops_build_definition: ['variable.secret_value'],
  azuredevops_serviceendpoint_azurerm: ['credentials.serviceprincipalcertificate', 'credentials.serviceprincipalkey'],
  azuredevops_serviceendpoint_kubernetes: ['kubeconfig.kube_config'],
  azuredevops_variable_group: ['variable.secret_value'],
  databricks_provider: ['recipient_profile_str'],
  databricks_secret: ['string_value'],
  databricks_secret_uc: ['value'],
  github_actions_environment_secret: ['plaintext_value', 'value'],
  github_actions_organization_secret: ['plaintext_value', 'value'],
  github_actions_secret: ['plaintext_value', 'value'],
  github_codespaces_organization_secret: ['plaintext_value'],
  github_codespaces_secret: ['plaintext_value'],
  github_codespaces_user_secret: ['plaintext_value'],
  github_dependabot_organization_secret: ['plaintext_value', 'value'],
  github_dependabot_secret: ['plaintext_value', 'value'],
  helm_release: ['set_sensitive.value'],
};

/**
 * The inputs of `OTHER_PROVIDER_SENSITIVE_INPUTS` that hold the secret a resource stores, which
 * their provider does not mark sensitive, as `<type>.<path>`: `terraform plan` prints them.
 */
export const UNMARKED_SECRET_INPUTS: ReadonlySet<string> = new Set(['databricks_secret_uc.value']);

/**
 * The fix for a credential written into an Azure DevOps Kubernetes service connection (a
 * kubeconfig, a service account's token): no cluster credential in Azure DevOps at all, where the
 * cluster allows it.
 */
export const KUBERNETES_SERVICE_CONNECTION_FIX = 'let the pipeline reach the cluster through Azure instead: an Azure Resource Manager service connection with workload identity federation (azuredevops_serviceendpoint_azurerm, service_endpoint_authentication_scheme = "WorkloadIdentityFederation"), its identity given an AKS role, and the Kubernetes tasks given connectionType: azureResourceManager; where the cluster keeps local accounts, authorization_type = "AzureSubscription" also works without a kubeconfig; else give the value from a sensitive variable without a default, at plan time from the pipeline\'s secret store (never a literal or a default).';

/** The provider a resource type (or `data.<type>`) belongs to: the name before its first `_`. */
export function providerOf(type: string): string {
  return type.replace(/^data\./, '').split('_')[0];
}
