#!/usr/bin/env node
// Generates constructs/core/sensitive-attributes.ts, the azurerm attributes the provider schema
// marks Sensitive, from schemas/azurerm/sensitive-attributes.json (see PROVENANCE.md there). The
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

// Sensitive in the provider's Go source, but not in the schema Terraform reads: a block declared with
// `ConfigMode: SchemaConfigModeAttr` reaches Terraform as one attribute of object type, which carries
// no flag per field, so `terraform plan` prints these in plain text. Found in v4.55.0 with
// `git grep -l ConfigModeAttr -- internal/services` and each file's `Sensitive: true` fields under such
// a block (the rest of those files' sensitive fields are in ordinary blocks, which the schema marks).
// `--schema` checks each path against the schema: an object-typed attribute with that field.
const SENSITIVE_IN_ATTRIBUTE_BLOCKS = {
  azurerm_batch_pool: ['container_configuration.container_registries.password'],
  azurerm_iothub: ['endpoint.connection_string'],
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
  for (const [name, attribute] of Object.entries(block.attributes ?? {})) if (attribute.sensitive) out.push(prefix + name);
  for (const [name, nested] of Object.entries(block.block_types ?? {})) out.push(...sensitivePaths(nested.block, `${prefix}${name}.`));
  return out;
}

const schemaArg = process.argv.indexOf('--schema');
if (schemaArg > 0) {
  const schema = JSON.parse(fs.readFileSync(process.argv[schemaArg + 1], 'utf8')).provider_schemas[PROVIDER];
  const pick = (schemas) => Object.fromEntries(Object.entries(schemas).map(([type, s]) => [type, sensitivePaths(s.block).sort()]).filter(([, p]) => p.length > 0).sort(([a], [b]) => a.localeCompare(b, 'en-US')));
  for (const [type, paths] of Object.entries(SENSITIVE_IN_ATTRIBUTE_BLOCKS)) {
    for (const p of paths) {
      const parts = p.split('.');
      const fields = schema.resource_schemas[type] ? objectFieldsAt(schema.resource_schemas[type].block, parts.slice(0, -1)) : undefined;
      if (fields?.[parts[parts.length - 1]] !== 'string') {
        console.error(`${type}.${p} is not a string field of an object-typed attribute in this schema: correct SENSITIVE_IN_ATTRIBUTE_BLOCKS from the provider's source`);
        process.exit(1);
      }
    }
  }
  const input = { provider: PROVIDER, version: '4.55.0', resources: pick(schema.resource_schemas), data_sources: pick(schema.data_source_schemas) };
  fs.writeFileSync(SOURCE, `${JSON.stringify(input, null, 1)}\n`);
  console.log(`wrote ${path.relative(ROOT, SOURCE)}`);
}

const input = JSON.parse(fs.readFileSync(SOURCE, 'utf8'));
const rows = [
  ...Object.entries({ ...input.resources, ...Object.fromEntries(Object.entries(SENSITIVE_IN_ATTRIBUTE_BLOCKS).map(([type, paths]) => [type, [...(input.resources[type] ?? []), ...paths].sort()])) }),
  ...Object.entries(input.data_sources).map(([type, paths]) => [`data.${type}`, paths]),
].map(([type, paths]) => [type, paths.filter((p) => !NOT_CREDENTIALS.has(p.split('.').pop()) && !(NOT_CREDENTIALS_OF[type] ?? []).includes(p))])
  .filter(([, paths]) => paths.length > 0)
  .sort(([a], [b]) => a.localeCompare(b, 'en-US'));

const text = `// Generated by tools/provider-secrets/generate.mjs: do not edit.
// Source: the attributes azurerm ${input.version} marks Sensitive (\`terraform providers schema -json\`),
// with the fields of attribute-mode blocks its source marks Sensitive, without the identifiers
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
