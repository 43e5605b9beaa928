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

/** The provider a resource type (or `data.<type>`) belongs to: the name before its first `_`. */
export function providerOf(type: string): string {
  return type.replace(/^data\./, '').split('_')[0];
}
