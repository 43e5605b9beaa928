#!/usr/bin/env node
// Generates constructs/core/sensitive-attributes.ts, the azurerm attributes the provider schema
// marks Sensitive or write-only, from schemas/azurerm/sensitive-attributes.json (see PROVENANCE.md there). The
// SecretDetector refuses a Terraform reference to one of them in an environment variable or an
// app setting (SEC-1).
//
//   node tools/provider-secrets/generate.mjs --schema <file>   refresh the JSON input from
//        `terraform providers schema -json` (azurerm 4.55.0), then regenerate the table
//   node tools/provider-secrets/generate.mjs                   regenerate the table
//   node tools/provider-secrets/generate.mjs --check           exit 1 if the committed table is out of date
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SOURCE = path.join(ROOT, 'schemas', 'azurerm', 'sensitive-attributes.json');
const TARGET = path.join(ROOT, 'constructs', 'core', 'sensitive-attributes.ts');
const PROVIDER = 'registry.terraform.io/hashicorp/azurerm';

// Sensitive in the schema, but no credential: identifiers and names a message or an app may show
// (an Application Insights connection string or instrumentation key identifies the component and
// grants no read access; Microsoft documents them as not secret).
const NOT_CREDENTIALS = new Set([
  'name', 'client_id', 'object_id', 'tenant', 'service_principal_name', 'user_name', 'registry_username', 'agent_account_name',
  'sql_connectivity_update_username', 'custom_domain_verification_id', 'storage_account_subscription_id', 'linking_client_id',
  'instrumentation_key', 'application_insights_key', 'application_insights_connection_string', 'dapr_application_insights_connection_string',
]);
const NOT_CREDENTIALS_OF = {
  azurerm_application_insights: ['connection_string'], 'data.azurerm_application_insights': ['connection_string'],
  // An API Management logger's Application Insights connection string is the component's, as above.
  azurerm_api_management_logger: ['application_insights.connection_string'],
};

// Sensitive in the provider's Go source, but not in the schema Terraform reads: a nested block that
// reaches Terraform as one attribute of object type carries no flag per field, so `terraform plan`
// prints these in plain text (an input) and the check would not know a reference to one (an
// output). Two kinds: a block declared with `ConfigMode: SchemaConfigModeAttr` (found in v4.55.0 with
// `git grep -l ConfigModeAttr -- internal/services` and each block's `Sensitive: true` fields), and a
// computed-only block (found by listing the schema's object-typed attributes whose fields are named
// like a credential, each checked for `Sensitive: true` in the resource's or data source's source).
// `--schema` checks each path against the schema: an object-typed attribute with that field.
const CONNECTION_KEYS = ['primary_read_key', 'primary_write_key', 'secondary_read_key', 'secondary_write_key'].flatMap((k) => [`${k}.connection_string`, `${k}.secret`]);
const SENSITIVE_IN_OBJECT_ATTRIBUTES = {
  azurerm_app_configuration: CONNECTION_KEYS,
  azurerm_app_service: ['site_credential.password'],
  azurerm_app_service_slot: ['site_credential.password'],
  azurerm_batch_pool: ['container_configuration.container_registries.password'],
  azurerm_function_app: ['site_credential.password'],
  azurerm_function_app_slot: ['site_credential.password'],
  azurerm_iothub: ['endpoint.connection_string', 'shared_access_policy.primary_key', 'shared_access_policy.secondary_key'],
  azurerm_logic_app_standard: ['site_credential.password'],
  'data.azurerm_api_management': ['tenant_access.primary_key', 'tenant_access.secondary_key'],
  'data.azurerm_app_configuration': CONNECTION_KEYS,
  'data.azurerm_app_service': ['site_credential.password'],
  'data.azurerm_batch_pool': ['user_accounts.password'],
  'data.azurerm_function_app': ['site_credential.password'],
  'data.azurerm_hdinsight_cluster': ['gateway.password'],
  'data.azurerm_linux_web_app': ['storage_account.access_key'],
  'data.azurerm_logic_app_standard': ['site_credential.password'],
  'data.azurerm_managed_redis': ['default_database.primary_access_key', 'default_database.secondary_access_key'],
  'data.azurerm_notification_hub': ['apns_credential.token', 'gcm_credential.api_key'],
  'data.azurerm_redis_cache': ['redis_configuration.aof_storage_connection_string_0', 'redis_configuration.aof_storage_connection_string_1', 'redis_configuration.rdb_storage_connection_string'],
  'data.azurerm_windows_web_app': ['storage_account.access_key'],
};

/** The object type of the attribute at `path` (`a.b` for attribute `b` of block `a`), or undefined. */
function objectFieldsAt(block, path) {
  const [head, ...rest] = path;
  if (rest.length > 0) return block.block_types?.[head] ? objectFieldsAt(block.block_types[head].block, rest) : undefined;
  const type = block.attributes?.[head]?.type;
  const element = Array.isArray(type) && ['list', 'set'].includes(type[0]) ? type[1] : type;
  return Array.isArray(element) && element[0] === 'object' ? element[1] : undefined;
}

function sensitivePaths(block, prefix = '') {
  const out = [];
  // A write-only argument (`value_wo`, `administrator_password_wo`) takes a secret, though most are not marked sensitive:
  // Terraform keeps it out of the state and the plan, not out of the configuration.
  for (const [name, attribute] of Object.entries(block.attributes ?? {})) if (attribute.sensitive || attribute.write_only) out.push(prefix + name);
  for (const [name, nested] of Object.entries(block.block_types ?? {})) out.push(...sensitivePaths(nested.block, `${prefix}${name}.`));
  return out;
}

const schemaArg = process.argv.indexOf('--schema');
if (schemaArg > 0) {
  const schema = JSON.parse(fs.readFileSync(process.argv[schemaArg + 1], 'utf8')).provider_schemas[PROVIDER];
  const pick = (schemas) => Object.fromEntries(Object.entries(schemas).map(([type, s]) => [type, sensitivePaths(s.block).sort()]).filter(([, p]) => p.length > 0).sort(([a], [b]) => a.localeCompare(b, 'en-US')));
  for (const [type, paths] of Object.entries(SENSITIVE_IN_OBJECT_ATTRIBUTES)) {
    const of = type.startsWith('data.') ? schema.data_source_schemas[type.slice(5)] : schema.resource_schemas[type];
    for (const p of paths) {
      const parts = p.split('.');
      const fields = of ? objectFieldsAt(of.block, parts.slice(0, -1)) : undefined;
      if (fields?.[parts[parts.length - 1]] !== 'string') {
        console.error(`${type}.${p} is not a string field of an object-typed attribute in this schema: correct SENSITIVE_IN_OBJECT_ATTRIBUTES from the provider's source`);
        process.exit(1);
      }
    }
  }
  const input = { provider: PROVIDER, version: '4.55.0', resources: pick(schema.resource_schemas), data_sources: pick(schema.data_source_schemas) };
  fs.writeFileSync(SOURCE, `${JSON.stringify(input, null, 1)}\n`);
  console.log(`wrote ${path.relative(ROOT, SOURCE)}`);
}

const input = JSON.parse(fs.readFileSync(SOURCE, 'utf8'));
/** The schema's paths with the source's besides, by type (`data.<type>` for a data source), each once and in order. */
const withSource = (byType, prefix) => Object.fromEntries(Object.entries({
  ...Object.fromEntries(Object.keys(SENSITIVE_IN_OBJECT_ATTRIBUTES).filter((t) => t.startsWith(prefix) && (prefix !== '' || !t.startsWith('data.'))).map((t) => [t.slice(prefix.length), []])), ...byType,
}).map(([type, paths]) => [type, [...new Set([...paths, ...(SENSITIVE_IN_OBJECT_ATTRIBUTES[`${prefix}${type}`] ?? [])])].sort()]));
const rows = [
  ...Object.entries(withSource(input.resources, '')),
  ...Object.entries(withSource(input.data_sources, 'data.')).map(([type, paths]) => [`data.${type}`, paths]),
].map(([type, paths]) => [type, paths.filter((p) => !NOT_CREDENTIALS.has(p.split('.').pop()) && !(NOT_CREDENTIALS_OF[type] ?? []).includes(p))])
  .filter(([, paths]) => paths.length > 0)
  .sort(([a], [b]) => a.localeCompare(b, 'en-US'));

const text = `// Generated by tools/provider-secrets/generate.mjs: do not edit.
// Source: the attributes azurerm ${input.version} marks Sensitive (\`terraform providers schema -json\`),
// with the fields of object-typed attributes its source marks Sensitive, without the identifiers
// listed in the generator. See schemas/azurerm/PROVENANCE.md.

/** The azurerm version whose schema the table comes from. */
export const SENSITIVE_ATTRIBUTES_PROVIDER_VERSION = '${input.version}';

/**
 * The credential attributes of each azurerm resource type (\`data.<type>\` for a data source), as
 * paths: \`primary_access_key\`, \`kube_config.client_key\` (a nested block's attribute).
 */
export const SENSITIVE_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
${rows.map(([type, paths]) => `  ${JSON.stringify(type)}: [${paths.map((p) => `'${p}'`).join(', ')}],`).join('\n')}
};

/**
 * Of those, the ones only azurerm's source marks Sensitive (\`<type>.<path>\`): fields of a block
 * Terraform sees as one attribute of object type, so the schema, and \`terraform plan\`, do not hide them.
 */
export const SENSITIVE_IN_SOURCE_ONLY: ReadonlySet<string> = new Set([
${Object.entries(SENSITIVE_IN_OBJECT_ATTRIBUTES).flatMap(([type, paths]) => paths.map((p) => `  '${type}.${p}',`)).join('\n')}
]);
`;

if (process.argv.includes('--check')) {
  const current = fs.existsSync(TARGET) ? fs.readFileSync(TARGET, 'utf8') : '';
  if (current !== text) {
    console.error(`${path.relative(ROOT, TARGET)} is out of date: run node tools/provider-secrets/generate.mjs`);
    process.exit(1);
  }
  console.log(`${path.relative(ROOT, TARGET)} is up to date (${rows.length} types).`);
} else {
  fs.writeFileSync(TARGET, text);
  console.log(`wrote ${path.relative(ROOT, TARGET)} (${rows.length} types)`);
}
