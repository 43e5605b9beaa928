/**
 * Finds secrets in synthesized Terraform JSON: references to key or connection-string
 * attributes (e.g. `${azurerm_managed_redis.x.default_database[0].primary_access_key}`), literal
 * connection strings with a key or password, and settings that turn key authentication on.
 */
const SECRET_REFERENCE = /\$\{[^}]*\.(?:primary_access_key|secondary_access_key|primary_key|secondary_key|primary_connection_string|secondary_connection_string|primary_blob_connection_string|connection_string|admin_password|instrumentation_key|primary_shared_key|secondary_shared_key|access_key)[^}]*\}/;
const SECRET_LITERAL = /(?:AccountKey|SharedAccessKey|Password|password)=[^;"\s]+|\bredis(?:s)?:\/\/[^@\s"]*:[^@\s"]+@/;
const KEY_SWITCHES: Readonly<Record<string, unknown>> = {
  access_keys_authentication_enabled: true,
  shared_access_key_enabled: true,
  access_keys_authentication_disabled: false,
  admin_enabled: true,
  local_authentication_enabled: true,
  local_authentication_disabled: false,
  // AzAPI bodies spell them the ARM way.
  allowSharedKeyAccess: true,
  disableLocalAuth: false,
};

/**
 * The one connection string that is no secret: Application Insights'. It carries the
 * instrumentation key, which Microsoft documents as an identifier, not a security token; with
 * `local_authentication_disabled` (the ApplicationInsights construct) it cannot send telemetry
 * without an Entra ID token either.
 */
const NOT_A_SECRET = /^\$\{azurerm_application_insights\.[^.}]+\.connection_string\}$/;

export interface SecretFinding {
  readonly path: string;
  readonly value: unknown;
}

/** Every place in a synthesized stack where a secret appears or key authentication is on. */
export function findSecrets(json: unknown, path = ''): SecretFinding[] {
  if (typeof json === 'string') {
    if (NOT_A_SECRET.test(json)) return [];
    return SECRET_REFERENCE.test(json) || SECRET_LITERAL.test(json) ? [{ path, value: json }] : [];
  }
  if (Array.isArray(json)) return json.flatMap((item, i) => findSecrets(item, `${path}[${i}]`));
  if (json && typeof json === 'object') {
    return Object.entries(json).flatMap(([key, value]) => {
      const here = path ? `${path}.${key}` : key;
      if (key in KEY_SWITCHES && value === KEY_SWITCHES[key]) return [{ path: here, value }];
      return findSecrets(value, here);
    });
  }
  return [];
}

type Resources = Record<string, Record<string, Record<string, unknown>>>;

/**
 * Secrets a resource type would keep in the Terraform state, whatever its attributes say:
 * `azurerm_key_vault_secret` (its value is read into the state), a secret named value with a
 * literal `value`, and an AzAPI Key Vault secret whose body holds anything but the placeholder.
 */
export function findStoredSecrets(resources: Resources | undefined): SecretFinding[] {
  const all = resources ?? {};
  const findings: SecretFinding[] = [];
  for (const id of Object.keys(all.azurerm_key_vault_secret ?? {})) findings.push({ path: `azurerm_key_vault_secret.${id}`, value: 'a secret value in the state' });
  for (const [id, nv] of Object.entries(all.azurerm_api_management_named_value ?? {})) {
    if (nv.value !== undefined && (nv.secret === true || nv.value_from_key_vault === undefined)) findings.push({ path: `azurerm_api_management_named_value.${id}.value`, value: nv.value });
  }
  for (const [id, r] of Object.entries(all.azapi_resource ?? {})) {
    if (typeof r.type !== 'string' || !r.type.startsWith('Microsoft.KeyVault/vaults/secrets@')) continue;
    const value = (r.body as { properties?: { value?: unknown } } | undefined)?.properties?.value;
    if (value !== 'set-me') findings.push({ path: `azapi_resource.${id}.body.properties.value`, value });
  }
  return findings;
}
