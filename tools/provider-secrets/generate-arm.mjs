#!/usr/bin/env node
// Generates constructs/core/arm-sensitive-properties.ts: the Resource Manager body properties the
// AzAPI provider's embedded types mark sensitive (a Container App secret's `value`, a SQL server's
// `administratorLoginPassword`), from schemas/azapi/arm-sensitive-properties.json (see
// PROVENANCE.md there). SEC-1.SensitiveAttributePlainSecret refuses a secret the configuration
// holds at one of them in an azapi_resource's body, as it does at an azurerm sensitive attribute.
//
//   node tools/provider-secrets/generate-arm.mjs --source <git dir> [--tag v2.12.0]
//        refresh the JSON input from the types azapi embeds (internal/azure/generated/**/types.json
//        of an Azure/terraform-provider-azapi clone at the tag), then regenerate the table
//   node tools/provider-secrets/generate-arm.mjs           regenerate the table
//   node tools/provider-secrets/generate-arm.mjs --check   exit 1 if the committed table is out of date
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SOURCE = path.join(ROOT, 'schemas', 'azapi', 'arm-sensitive-properties.json');
const TARGET = path.join(ROOT, 'constructs', 'core', 'arm-sensitive-properties.ts');

// Marked sensitive in the types, but no credential: identifiers, names, public keys and
// certificates, thumbprints, endpoints, a machine's cloud-init, Application Insights' connection
// string and instrumentation key (they identify the component and grant no read access).
const NOT_CREDENTIALS = new Set([
  'adminUserSshPublicKey', 'appId', 'appName', 'baiduEndPoint', 'caCertificate', 'carrierAccountNumber', 'clientEmail', 'clientId',
  'customData', 'daprAIConnectionString', 'daprAIInstrumentationKey', 'email', 'encryptionCertThumbprint', 'endpoint', 'gcmEndpoint',
  'hostKeyAlgorithm', 'id', 'imagePath', 'keyId', 'linkingClientId', 'localVhdPath', 'networkDataContent', 'packageSid', 'projectId',
  'publicBlob', 'publicKeyData', 'serverCACertificate', 'serverRootCACertificate', 'state', 'subject', 'tenantId', 'thumbprint', 'userDataContent',
  'username', 'vapidPublicKey', 'windowsLiveEndpoint', 'workspaceResourceId',
]);
/**
 * By type (lower case) and path: an Application Insights connection string, as above; an SSH
 * public key; a certificate whose private key is a field of its own (`privateKey`, `key`).
 */
const NOT_CREDENTIALS_OF = {
  'microsoft.app/agents': ['properties.logConfiguration.applicationInsightsConfiguration.connectionString'],
  'microsoft.app/managedenvironments': ['properties.appInsightsConfiguration.connectionString'],
  'microsoft.azurestackhci/virtualmachines': ['linux', 'windows'].map((os) => `properties.osProfile.${os}Configuration.ssh.publicKeys[].keyData`),
  'microsoft.kubernetesconfiguration/fluxconfigurations': ['properties.ociRepository.tlsConfig.clientCertificate'],
  'microsoft.machinelearningservices/workspaces/computes': ['properties.properties.sslConfiguration.cert'],
};

// ReadOnly (2) and not WriteOnly (4): Azure returns it, a body does not give it.
const READ_ONLY = 2;
const WRITE_ONLY = 4;

/** The paths under `ref` whose type is a sensitive string: `a.b`, `a[].b` for a list's items, `a.*.b` for a map's values. */
function sensitivePaths(types, ref, prefix, seen, out) {
  const index = Number(ref.split('/').pop());
  const type = types[index];
  if (type.$type === 'StringType') {
    if (type.sensitive) out.add(prefix);
    return;
  }
  if (seen.has(index)) return;
  const inner = new Set([...seen, index]);
  const join = (name) => (prefix === '' ? name : `${prefix}.${name}`);
  switch (type.$type) {
    case 'ObjectType':
      for (const [name, p] of Object.entries(type.properties ?? {})) {
        if ((p.flags ?? 0) & READ_ONLY && !((p.flags ?? 0) & WRITE_ONLY)) continue;
        sensitivePaths(types, p.type.$ref, join(name), inner, out);
      }
      if (type.additionalProperties) sensitivePaths(types, type.additionalProperties.$ref, join('*'), inner, out);
      break;
    case 'ArrayType':
      sensitivePaths(types, type.itemType.$ref, `${prefix}[]`, inner, out);
      break;
    case 'UnionType':
      for (const e of type.elements) sensitivePaths(types, e.$ref, prefix, inner, out);
      break;
    case 'DiscriminatedObjectType':
      for (const [name, p] of Object.entries(type.baseProperties ?? {})) {
        if ((p.flags ?? 0) & READ_ONLY && !((p.flags ?? 0) & WRITE_ONLY)) continue;
        sensitivePaths(types, p.type.$ref, join(name), inner, out);
      }
      for (const e of Object.values(type.elements ?? {})) sensitivePaths(types, e.$ref, prefix, inner, out);
      break;
    default:
  }
}

const sourceArg = process.argv.indexOf('--source');
if (sourceArg > 0) {
  const git = process.argv[sourceArg + 1];
  const tagArg = process.argv.indexOf('--tag');
  const tag = tagArg > 0 ? process.argv[tagArg + 1] : 'v2.12.0';
  const run = (...args) => execFileSync('git', ['-C', git, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const commit = run('rev-parse', `${tag}^{commit}`).trim();
  const files = run('ls-tree', '-r', '--name-only', tag, 'internal/azure/generated').split('\n').filter((f) => f.endsWith('/types.json'));
  const byType = new Map();
  for (const file of files) {
    const types = JSON.parse(run('show', `${tag}:${file}`));
    for (const t of types) {
      if (t.$type !== 'ResourceType') continue;
      const name = t.name.split('@')[0].toLowerCase();
      const paths = byType.get(name) ?? new Set();
      sensitivePaths(types, t.body.$ref, '', new Set(), paths);
      byType.set(name, paths);
    }
  }
  const resources = Object.fromEntries([...byType].filter(([, p]) => p.size > 0).map(([t, p]) => [t, [...p].sort()]).sort(([a], [b]) => (a < b ? -1 : 1)));
  const input = { provider: 'registry.terraform.io/azure/azapi', version: tag.replace(/^v/, ''), commit, files: files.length, resources };
  fs.writeFileSync(SOURCE, `${JSON.stringify(input, null, 1)}\n`);
  console.log(`wrote ${path.relative(ROOT, SOURCE)} (${Object.keys(resources).length} types from ${files.length} files)`);
}

const input = JSON.parse(fs.readFileSync(SOURCE, 'utf8'));
const rows = Object.entries(input.resources)
  .map(([type, paths]) => [type, paths.filter((p) => !NOT_CREDENTIALS.has(p.split('.').pop().replace(/\[\]$/, '')) && !(NOT_CREDENTIALS_OF[type] ?? []).includes(p))])
  .filter(([, paths]) => paths.length > 0);

const text = `// Generated by tools/provider-secrets/generate-arm.mjs: do not edit.
// Source: the body properties the types azapi ${input.version} embeds mark sensitive (Bicep's
// secure strings, every API version of a type together), without the identifiers listed in the
// generator. See schemas/azapi/PROVENANCE.md.

/** The azapi version whose embedded types the table comes from. */
export const ARM_SENSITIVE_PROPERTIES_PROVIDER_VERSION = '${input.version}';

/**
 * The credential properties of each Resource Manager type's body, by the type in lower case, as
 * paths: \`properties.administratorLoginPassword\`, \`properties.configuration.secrets[].value\` (each
 * item of a list), \`properties.siteConfig.azureStorageAccounts.*.accessKey\` (each value of a map).
 */
export const ARM_SENSITIVE_PROPERTIES: Readonly<Record<string, readonly string[]>> = {
${rows.map(([type, paths]) => `  ${JSON.stringify(type)}: [${paths.map((p) => `'${p}'`).join(', ')}],`).join('\n')}
};
`;

if (process.argv.includes('--check')) {
  const current = fs.existsSync(TARGET) ? fs.readFileSync(TARGET, 'utf8') : '';
  if (current !== text) {
    console.error(`${path.relative(ROOT, TARGET)} is out of date: run node tools/provider-secrets/generate-arm.mjs`);
    process.exit(1);
  }
  console.log(`${path.relative(ROOT, TARGET)} is up to date (${rows.length} types).`);
} else {
  fs.writeFileSync(TARGET, text);
  console.log(`wrote ${path.relative(ROOT, TARGET)} (${rows.length} types)`);
}
