import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, AzurermBackend, CloudBackend, Fn, NamedCloudWorkspace, TerraformLocal, TerraformOutput, TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { Construct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { AzurermProvider } from '@cdktf/provider-azurerm/lib/provider';
import { LessonsCommand } from '../../constructs/lessons-cli/command';
import { topLevelKeyLines } from '../../constructs/lessons-cli/tfvars-and-tfbackend';
import { ReportStatus } from '../../constructs/lessons-check/report';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { LessonsCheck } from '../../constructs/stack/lessons-check';
import { failuresOf, lessonsOn, statusesAt } from '../support/hcl';
import { errorsOf } from '../support/synth';

// SEC-1 on the roads to the synthesized JSON that are no resource and no output: a provider's or
// the backend's credentials, a variable's default, a local (SEC-1.ProviderPlainSecret,
// SEC-1.VariableDefaultSecret). Each lands in cdk.tf.json, and most in every plan file, whether or
// not anything reads it. Credentials are assembled at run time, so no scanner mistakes this file for a leak.
// An Entra ID client secret in the form issued since 2022 (three characters, a digit, Q~, 34 more).
const CLIENT_SECRET = ['kT38Q', 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z'].join('~');
const ACCOUNT_KEY = ['bXlLZXkxMjM0NTY3ODkw', 'YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXo=='].join('');
const CONNECTION = `DefaultEndpointsProtocol=https;AccountName=orders;AccountKey=${ACCOUNT_KEY}`;
const GH_TOKEN = ['ghp', 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'].join('_');
const PROVIDER = 'SEC-1.ProviderPlainSecret';
const VARIABLE = 'SEC-1.VariableDefaultSecret';

/** An AzureStack that brings its own azurerm provider, as a team with a service principal might. */
function ownProviderStack(clientSecret?: string): AzureStack {
  const stack = new AzureStack(Testing.app(), { stackName: 'other', environmentName: 'dev', production: false, providers: { create: false } });
  new AzurermProvider(stack, 'azurerm', { features: [{}], clientId: '00000000-0000-0000-0000-000000000001', ...(clientSecret !== undefined ? { clientSecret } : {}) });
  return stack;
}

const findings = (stack: TerraformStack, rule: string) => {
  Testing.synth(stack);
  return errorsOf(stack).filter((e) => e.startsWith(`[${rule}] `));
};
const neverEchoed = (messages: readonly string[]) => {
  for (const m of messages) for (const secret of [CLIENT_SECRET, ACCOUNT_KEY, GH_TOKEN]) expect(m).not.toContain(secret.slice(6));
};

describe('SEC-1.ProviderPlainSecret on a stack\'s providers and backend', () => {
  it('fails when the azurerm provider is given a client secret in the stack, masked, naming the provider and the setting', () => {
    const errors = findings(ownProviderStack(CLIENT_SECRET), PROVIDER);
    expect(errors).toEqual([
      `[${PROVIDER}] other-dev/azurerm: client_secret = "…(40 chars)": an Entra ID client secret (an app registration's password: whoever has it signs in as the app), written in the provider's configuration: the configuration (cdk.tf.json or the .tf files), the plan file and terraform show -json of it hold it in plain text, readable by whoever reads the build output or the pipeline's artifacts. Fix: leave it out: sign in without a secret in the configuration, with OIDC workload identity federation (use_oidc = true, or ARM_USE_OIDC in the pipeline) or a managed identity (use_msi); where a secret cannot be avoided, the pipeline gives it as ARM_CLIENT_SECRET (ARM_CLIENT_CERTIFICATE_PASSWORD, ...) from its secret store, or as a sensitive variable without a default.`,
    ]);
    neverEchoed(errors);
  });

  it('fails when the client secret reaches the provider through a variable\'s default or a function of literals', () => {
    const viaDefault = ownProviderStack();
    const secret = new TerraformVariable(viaDefault, 'sp_credential', { type: 'string', default: CLIENT_SECRET });
    (viaDefault.node.findChild('azurerm') as AzurermProvider).clientSecret = secret.stringValue;
    expect(findings(viaDefault, PROVIDER).map((e) => e.split(': an Entra')[0])).toEqual([`[${PROVIDER}] other-dev/azurerm: client_secret = "…(40 chars)"`]);
    // The default itself is refused too, where it is written (its name says nothing; its format does).
    expect(findings(viaDefault, VARIABLE).map((e) => e.split(' (an app')[0])).toEqual([`[${VARIABLE}] other-dev/sp_credential: default = "…(40 chars)": an Entra ID client secret`]);
    const viaFunction = ownProviderStack(Fn.join('~', CLIENT_SECRET.split('~')));
    expect(findings(viaFunction, PROVIDER).map((e) => e.split(': an Entra')[0])).toEqual([`[${PROVIDER}] other-dev/azurerm: client_secret = "…(40 chars)"`]);
  });

  it('fails when the state\'s storage account key is written into the backend through an override, masked', () => {
    const stack = new AzureStack(Testing.app(), { stackName: 'other', environmentName: 'dev', production: false, state: { storageAccountName: 'sttfstate' } });
    stack.addOverride('terraform.backend.azurerm.access_key', ACCOUNT_KEY);
    const errors = findings(stack, PROVIDER);
    expect(errors.map((e) => e.split(': the name')[0])).toEqual([`[${PROVIDER}] other-dev/backend: access_key = "…(57 chars)"`]);
    expect(errors[0]).toContain('.terraform/terraform.tfstate after init and every plan file hold it in plain text (a backend takes no variables)');
    expect(errors[0]).toContain('Fix: leave it out: sign in with Entra ID (use_azuread_auth = true');
    neverEchoed(errors);
  });

  it('fails a full synth (cdktf synth\'s path: the stack\'s resolved JSON, the override in it) with both findings', () => {
    const stack = new AzureStack(Testing.app(), { stackName: 'other', environmentName: 'dev', production: false, state: { storageAccountName: 'sttfstate' }, providers: { create: false } });
    new AzurermProvider(stack, 'azurerm', { features: [{}], clientSecret: CLIENT_SECRET });
    stack.addOverride('terraform.backend.azurerm.access_key', ACCOUNT_KEY);
    expect(() => Testing.fullSynth(stack)).toThrow(/Encountered Annotations with level "ERROR"/);
    const rows = LessonsCheck.of(stack)!.reportOf(stack).results.filter((r) => r.ruleId === PROVIDER);
    expect(rows.map((r) => [r.address, r.status, r.setting])).toEqual([
      ['provider.azurerm', ReportStatus.NON_COMPLIANT, 'client_secret'], ['terraform.backend.azurerm', ReportStatus.NON_COMPLIANT, 'access_key'],
    ]);
    neverEchoed(rows.map((r) => r.message ?? ''));
  });

  it('fails on a plain stack that opted in and keeps its state with a key', () => {
    const stack = new TerraformStack(new App({ outdir: '/tmp/configuration-secrets-unused' }), 'plain');
    new AzurermProvider(stack, 'azurerm', { features: [{}] });
    new AzurermBackend(stack, { storageAccountName: 'sttfstate', containerName: 'tfstate', key: 'plain.tfstate', accessKey: ACCOUNT_KEY });
    const check = LessonsCheck.applyTo(stack, { production: false });
    const rows = check.reportOf(stack).results.filter((r) => r.ruleId === PROVIDER);
    expect(rows.map((r) => [r.address, r.status, r.setting])).toEqual([
      ['provider.azurerm', ReportStatus.COMPLIANT, undefined], ['terraform.backend.azurerm', ReportStatus.NON_COMPLIANT, 'access_key'],
    ]);
  });

  it('passes the stack\'s own providers and Entra ID state, a provider signing in with OIDC, and a sensitive variable without a default', () => {
    const own = new AzureStack(Testing.app(), { stackName: 'other', environmentName: 'dev', production: false, state: { storageAccountName: 'sttfstate' } });
    expect(findings(own, PROVIDER)).toEqual([]);
    expect(LessonsCheck.of(own)!.reportOf(own).results.filter((r) => r.ruleId === PROVIDER).map((r) => [r.address, r.status]))
      .toEqual([['provider.azurerm', ReportStatus.COMPLIANT], ['provider.azapi', ReportStatus.COMPLIANT], ['terraform.backend.azurerm', ReportStatus.COMPLIANT]]);
    const given = ownProviderStack();
    const provider = given.node.findChild('azurerm') as AzurermProvider;
    provider.useOidc = true;
    provider.clientSecret = new TerraformVariable(given, 'client_secret', { type: 'string', sensitive: true }).stringValue;
    expect(findings(given, PROVIDER)).toEqual([]);
    expect(findings(given, VARIABLE)).toEqual([]);
  });

  it('can be suppressed on the provider with a reason', () => {
    const stack = ownProviderStack(CLIENT_SECRET);
    LessonsCheck.suppress(stack.node.findChild('azurerm'), PROVIDER, 'a throwaway sandbox tenant, the secret expires daily');
    expect(findings(stack, PROVIDER)).toEqual([]);
    expect(LessonsCheck.of(stack)!.reportOf(stack).results.filter((r) => r.ruleId === PROVIDER && r.address === 'provider.azurerm').map((r) => [r.status, r.suppressionReason]))
      .toEqual([[ReportStatus.SUPPRESSED, 'a throwaway sandbox tenant, the secret expires daily']]);
  });
});

describe('SEC-1.VariableDefaultSecret on a stack\'s variables and locals', () => {
  it('fails when a default is a connection string, a secret-named variable has a literal default (below the stack\'s root too), or a local holds a token; masked', () => {
    const stack = ownProviderStack();
    new TerraformVariable(stack, 'storage', { type: 'string', default: CONNECTION });
    new TerraformVariable(stack, 'db_password', { type: 'string', default: 'correct-horse-battery' });
    // Made below the stack's root: cdktf hashes its logical id (var.database_admin_password_<hash>); the name is still the author's.
    new TerraformVariable(new Construct(stack, 'database'), 'admin_password', { type: 'string', default: 'correct-horse-battery' });
    new TerraformLocal(stack, 'ci', GH_TOKEN);
    const errors = findings(stack, VARIABLE);
    expect(errors.map((e) => e.split(': ').slice(0, 3).join(': ').replace(/: Stripe, GitHub.*$/, ''))).toEqual([
      `[${VARIABLE}] other-dev/storage: default = "Defa…(118 chars)": a connection string with an account key (Storage, Cosmos DB)`,
      `[${VARIABLE}] other-dev/db_password: default = "…(21 chars)": the name says the value is a secret (PASSWORD), and it is a literal`,
      `[${VARIABLE}] other-dev/database/admin_password: default = "…(21 chars)": the name says the value is a secret (PASSWORD), and it is a literal`,
      `[${VARIABLE}] other-dev/ci: value = "ghp_…(40 chars)": an API key (its prefix is a well-known provider's`,
    ]);
    expect(errors[0]).toContain('a default is written in the configuration (cdk.tf.json or the .tf file) and the plan file whether or not anything reads it, and sensitive = true hides it from the plan\'s output only');
    expect(errors[0]).toContain('Fix: no default: the resource reads the secret from Key Vault with its identity, or the pipeline gives it at plan time from its secret store (TF_VAR_storage, the variable sensitive = true).');
    // Terraform reads a nested construct's variable under its whole name, hash included.
    expect(errors[2]).toMatch(/\(TF_VAR_database_admin_password_[0-9A-F]{8}, the variable sensitive = true\)/);
    expect(errors[3]).toContain('Fix: a local holds no secret:');
    neverEchoed(errors);
  });

  it('passes a sensitive variable whose default says no credential, a secret\'s name, and a URL under a secret\'s name', () => {
    const stack = ownProviderStack();
    new TerraformVariable(stack, 'admin_username', { type: 'string', sensitive: true, default: 'azureuser' });
    new TerraformVariable(stack, 'kv_secret_name', { type: 'string', default: 'db-connection-string' });
    new TerraformVariable(stack, 'jwt_issuer_token', { type: 'string', default: 'https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0' });
    expect(findings(stack, VARIABLE)).toEqual([]);
    expect(LessonsCheck.of(stack)!.reportOf(stack).results.filter((r) => r.ruleId === VARIABLE).map((r) => r.status)).toEqual([ReportStatus.COMPLIANT, ReportStatus.COMPLIANT, ReportStatus.COMPLIANT]);
  });

  it('passes a plain default, a variable without a default, and a local that names a variable (the variable\'s default is the one to fix)', () => {
    const stack = ownProviderStack();
    new TerraformVariable(stack, 'location', { type: 'string', default: 'westeurope' });
    const secret = new TerraformVariable(stack, 'storage', { type: 'string', default: CONNECTION });
    new TerraformVariable(stack, 'api_key', { type: 'string', sensitive: true });
    new TerraformLocal(stack, 'connection', secret.stringValue);
    const rows = (() => { Testing.synth(stack); return LessonsCheck.of(stack)!.reportOf(stack).results.filter((r) => r.ruleId === VARIABLE); })();
    expect(rows.map((r) => [r.address, r.status])).toEqual([
      ['var.location', ReportStatus.COMPLIANT], ['var.storage', ReportStatus.NON_COMPLIANT], ['local.connection', ReportStatus.COMPLIANT],
    ]);
  });

  it('fails when an object or list default, a local or an output gives a literal under a secret\'s name of its own, naming where in it; a tags map, plain entries and an address pass', async () => {
    const stack = ownProviderStack();
    new TerraformVariable(stack, 'sql', { type: 'object({ login = string, password = string })', default: { login: 'sqladmin', password: 'correct-horse-battery' } });
    new TerraformVariable(stack, 'users', { type: 'list(object({ name = string, api_key = string }))', default: [{ name: 'ci', api_key: 'n0t-a-kn0wn-f0rmat' }] });
    new TerraformVariable(stack, 'tags', { type: 'map(string)', default: { owner: 'orders', token: 'cost-centre-42' } });
    new TerraformVariable(stack, 'limits', { type: 'map(any)', default: { max_tokens: 128000, secret_name: 'psp-key', api_key: 'https://kv-orders.vault.azure.net/secrets/psp' } });
    new TerraformLocal(stack, 'db', { host: 'sql-orders', password: 'correct-horse-battery' });
    new TerraformOutput(stack, 'settings', { value: { region: 'westeurope', psp: { client_secret: 'n0t-a-kn0wn-f0rmat' } } });
    expect(findings(stack, VARIABLE).map((e) => e.split(': a ')[0])).toEqual([
      `[${VARIABLE}] other-dev/sql: default.password = "…(21 chars)": the name says the value is a secret (PASSWORD), and it is a literal`,
      `[${VARIABLE}] other-dev/users: default[0].api_key = "…(18 chars)": the name says the value is a secret (API_KEY), and it is a literal`,
      `[${VARIABLE}] other-dev/db: value.password = "…(21 chars)": the name says the value is a secret (PASSWORD), and it is a literal`,
    ]);
    expect(findings(stack, 'SEC-1.OutputPlainSecret').map((e) => e.split(', written')[0])).toEqual([
      '[SEC-1.OutputPlainSecret] other-dev/settings: value.psp.client_secret = "…(18 chars)": the name says the value is a secret (CLIENT_SECRET), and it is a literal',
    ]);
    const hcl = 'variable "sql" {\n  default = { login = "sqladmin", password = "correct-horse-battery" }\n}\nlocals {\n  db = { password = "correct-horse-battery" }\n}\n';
    expect(failuresOf(await lessonsOn({ 'main.tf': hcl }), VARIABLE).map((r) => `${r.address} ${r.setting}`)).toEqual(['var.sql default.password', 'local.db value.password']);
  });

  it('passes an object default or local of app settings whose secrets are Key Vault references or named values, a partition path under primary_key, and a provider\'s default_tags (second review)', async () => {
    const hcl = [
      'locals {\n  common_settings = { "AzureAd__ClientSecret" = "@Microsoft.KeyVault(SecretUri=https://kv-orders.vault.azure.net/secrets/aad)", PSP_KEY = "{{psp-key}}" }\n}',
      'variable "app_settings" {\n  default = { DB_PASSWORD = "@Microsoft.KeyVault(VaultName=kv-orders;SecretName=dbpw)" }\n}',
      'variable "cosmos" {\n  default = { partition_key = "/tenantId", primary_key = "/id" }\n}',
      'provider "azapi" {\n  default_tags = { api_key = "cost-centre-42" }\n}', '',
    ].join('\n');
    const report = await lessonsOn({ 'main.tf': hcl });
    expect(report.results.filter((r) => r.status === ReportStatus.NON_COMPLIANT).map((r) => `${r.ruleId} ${r.address} ${r.setting}`)).toEqual([]);
    const stack = ownProviderStack();
    new TerraformLocal(stack, 'app_settings', { AzureAd__ClientSecret: '@Microsoft.KeyVault(SecretUri=https://kv-orders.vault.azure.net/secrets/aad)' });
    expect(findings(stack, VARIABLE)).toEqual([]);
  });
});

describe('SEC-1.VariableDefaultSecret in a local child module (azure-lessons)', () => {
  const module = (password: string) => [
    'variable "name" {}', 'variable "admin_password" {', `  default = "${password}"`, '}',
    'locals {', `  api_key = "${GH_TOKEN}"`, '  sku     = "S0"', '}',
    'resource "azurerm_mssql_server" "s" {', '  name = var.name', '}', '',
  ].join('\n');

  it('fails when a local module\'s variable default or local is a secret, though no resource reads it, once however many calls, with a fix that names the caller', async () => {
    const root = ['module "db" {', '  source = "./mod"', '  name   = "orders"', '}', 'module "db2" {', '  source = "./mod"', '  name   = "reports"', '}', ''].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': root, 'mod/main.tf': module(CLIENT_SECRET) }), VARIABLE);
    expect(found.map((r) => `${r.address} ${r.setting}`)).toEqual(['module.db.var.admin_password default', 'module.db.local.api_key value']);
    expect(found[0].message).toContain('Fix: remove the default (a caller\'s value does not take it out of the module\'s source): the module\'s resource reads the secret from Key Vault with its identity, or its caller passes it (module.db { admin_password = ... }) from a sensitive variable without a default');
    expect(found[0].message).not.toContain(CLIENT_SECRET.slice(4));
  });

  it('reports a module called from the root and from another module under the root\'s call, whatever the names\' order', async () => {
    // A call named shared_module is one step from the root, though its name holds `module`.
    const root = ['module "app" {', '  source = "./app"', '}', 'module "shared_module" {', '  source = "./mod"', '  name   = "orders"', '}', ''].join('\n');
    const app = ['module "inner" {', '  source = "../mod"', '  name   = "inner"', '}', ''].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': root, 'app/main.tf': app, 'mod/main.tf': module(CLIENT_SECRET) }), VARIABLE);
    expect(found.map((r) => r.address)).toEqual(['module.shared_module.var.admin_password', 'module.shared_module.local.api_key']);
  });

  it('passes a local module\'s plain locals, and honours a suppression comment on its variable', async () => {
    const report = await lessonsOn({ 'main.tf': 'module "db" {\n  source = "./mod"\n  name   = "orders"\n}\n', 'mod/main.tf': `${module(CLIENT_SECRET).replace('variable "admin_password" {', `# azure-lessons:suppress ${VARIABLE} the module's own test password, rotated daily\nvariable "admin_password" {`).replace(`  api_key = "${GH_TOKEN}"`, '  region  = "westeurope"')}` });
    expect(failuresOf(report, VARIABLE)).toEqual([]);
    expect(report.results.filter((r) => r.ruleId === VARIABLE && r.status === ReportStatus.SUPPRESSED).map((r) => r.address)).toEqual(['module.db.var.admin_password']);
  });
});

describe('SEC-1.ProviderPlainSecret on HCP Terraform\'s cloud block', () => {
  const TFC_TOKEN = ['Xk3mQ9', 'atlasv1', 'Zq7R2sT4uV6wX8yA0bC2dE4fG6hJ8kL0mN2pQ4rS6tU8vW0xY2z'].join('.');

  it('fails when a CloudBackend is given a token, masked, with the fix that names TF_TOKEN_app_terraform_io', () => {
    const stack = new TerraformStack(Testing.app(), 'plain');
    new CloudBackend(stack, { organization: 'contoso', workspaces: new NamedCloudWorkspace('payments'), token: TFC_TOKEN });
    LessonsCheck.applyTo(stack, { production: false });
    const errors = findings(stack, PROVIDER);
    expect(errors.map((e) => e.split(': the name')[0])).toEqual([`[${PROVIDER}] plain/backend: token = "…(${TFC_TOKEN.length} chars)"`]);
    expect(errors[0]).toContain('Fix: leave it out: the pipeline gives HCP Terraform\'s token as TF_TOKEN_app_terraform_io');
    expect(errors[0]).not.toContain(TFC_TOKEN.slice(7));
    const rows = LessonsCheck.of(stack)!.reportOf(stack).results.filter((r) => r.ruleId === PROVIDER);
    expect(rows.map((r) => [r.address, r.status])).toEqual([['terraform.cloud', ReportStatus.NON_COMPLIANT]]);
  });

  it('synthesizes an AzureStack whose cloud block is overridden to null (nothing to judge), and judges a token set by an override', () => {
    const stack = new AzureStack(Testing.app(), { stackName: 'other', environmentName: 'dev', production: false });
    stack.addOverride('terraform.cloud', null);
    expect(() => Testing.fullSynth(stack)).not.toThrow();
    const withToken = new AzureStack(Testing.app(), { stackName: 'other', environmentName: 'dev', production: false });
    withToken.addOverride('terraform.cloud.token', TFC_TOKEN);
    expect(findings(withToken, PROVIDER).map((e) => e.split(' = ')[0])).toEqual([`[${PROVIDER}] other-dev/backend: token`]);
  });

  it('takes the cloud block\'s own suppression comment, not one above a resource\'s nested cloud block earlier in the file', async () => {
    const hcl = [
      'resource "x_thing" "a" {',
      '  # azure-lessons:suppress SEC-1.ProviderPlainSecret not about the backend',
      '  cloud {',
      '    region = "eu"',
      '  }',
      '}',
      'terraform {',
      '  cloud {',
      '    organization = "contoso"',
      `    token        = "${TFC_TOKEN}"`,
      '  }',
      '}',
    ].join('\n');
    const report = await lessonsOn({ 'main.tf': hcl });
    expect(failuresOf(report, PROVIDER).map((r) => `${r.address} ${r.setting}`)).toEqual(['terraform.cloud token']);
  });

  it('fails on a cloud block with a token in HCL, and passes one without', async () => {
    const failing = await lessonsOn({ 'main.tf': `terraform {\n  cloud {\n    organization = "contoso"\n    token        = "${TFC_TOKEN}"\n    workspaces {\n      name = "payments"\n    }\n  }\n}\n` });
    expect(failuresOf(failing, PROVIDER).map((r) => `${r.address} ${r.setting}`)).toEqual(['terraform.cloud token']);
    const passing = await lessonsOn({ 'main.tf': 'terraform {\n  cloud {\n    organization = "contoso"\n    workspaces {\n      name = "payments"\n    }\n  }\n}\n' });
    expect(statusesAt(passing, PROVIDER, 'terraform.cloud')).toEqual([ReportStatus.COMPLIANT]);
  });
});

describe('the same rules in azure-lessons: HCL, cdk.tf.json and a plan', () => {
  const hcl = [
    'terraform {\n  backend "azurerm" {\n    storage_account_name = "sttfstate"\n    container_name = "tfstate"\n    key = "prod.tfstate"\n' + `    access_key = "${ACCOUNT_KEY}"\n  }\n}\n`,
    `provider "azurerm" {\n  features {}\n  client_secret = "${CLIENT_SECRET}"\n}\n`,
    'provider "azurerm" {\n  alias = "hub"\n  features {}\n  use_oidc = true\n}\n',
    `variable "storage" {\n  default = "${CONNECTION}"\n}\n`,
    'variable "location" {\n  default = "westeurope"\n}\n',
    `locals {\n  ci = "${GH_TOKEN}"\n  region = var.location\n}\n`,
  ].join('\n');

  it('fails the provider, the backend, the variable and the local in HCL, masked; passes the aliased provider and the plain ones', async () => {
    const report = await lessonsOn({ 'main.tf': hcl });
    expect(failuresOf(report, PROVIDER).map((r) => `${r.address} ${r.setting}`)).toEqual(['provider.azurerm client_secret', 'terraform.backend.azurerm access_key']);
    expect(statusesAt(report, PROVIDER, 'provider.azurerm.hub')).toEqual([ReportStatus.COMPLIANT]);
    expect(failuresOf(report, VARIABLE).map((r) => `${r.address} ${r.setting}`)).toEqual(['var.storage default', 'local.ci value']);
    expect(statusesAt(report, VARIABLE, 'var.location')).toEqual([ReportStatus.COMPLIANT]);
    expect(statusesAt(report, VARIABLE, 'local.region')).toEqual([ReportStatus.COMPLIANT]);
    neverEchoed(report.results.map((r) => r.message ?? ''));
    expect(JSON.stringify(report)).not.toContain(ACCOUNT_KEY.slice(6));
  });

  it('honours a suppression comment on a provider block, for that block only', async () => {
    const suppressed = hcl.replace('provider "azurerm" {\n  features {}\n  client_secret', '# azure-lessons:suppress SEC-1.ProviderPlainSecret a throwaway sandbox tenant, the secret expires daily\nprovider "azurerm" {\n  features {}\n  client_secret');
    expect(suppressed).not.toBe(hcl);
    const report = await lessonsOn({ 'main.tf': suppressed });
    expect(statusesAt(report, PROVIDER, 'provider.azurerm')).toEqual([ReportStatus.SUPPRESSED]);
    expect(report.results.find((r) => r.address === 'provider.azurerm')?.suppressionReason).toBe('a throwaway sandbox tenant, the secret expires daily');
    // The backend's finding stays: the comment is on the provider's block.
    expect(statusesAt(report, PROVIDER, 'terraform.backend.azurerm')).toEqual([ReportStatus.NON_COMPLIANT]);
  });

  it('fails the same in cdk.tf.json as cdktf writes it', async () => {
    const stack = ownProviderStack(CLIENT_SECRET);
    new TerraformVariable(stack, 'storage', { type: 'string', default: CONNECTION });
    const report = await lessonsOn({ 'cdk.tf.json': JSON.stringify(stack.toTerraform()) });
    expect(failuresOf(report, PROVIDER).map((r) => `${r.address} ${r.setting}`)).toEqual(['provider.azurerm client_secret']);
    expect(failuresOf(report, VARIABLE).map((r) => `${r.address} ${r.setting}`)).toEqual(['var.storage default']);
    expect(statusesAt(report, PROVIDER, 'terraform.backend.local')).toEqual([ReportStatus.COMPLIANT]);
  });

  it('fails a plan\'s provider constant and a variable\'s default (as terraform show -json of Terraform 1.11.4 writes them); a plan holds no backend or locals', async () => {
    // The shape of `terraform show -json` for a provider block with client_secret and a sensitive variable with a default (checked with Terraform 1.11.4).
    const plan = {
      format_version: '1.2', terraform_version: '1.11.4', variables: { storage: { value: CONNECTION } }, planned_values: { root_module: {} },
      configuration: {
        provider_config: { azurerm: { name: 'azurerm', full_name: 'registry.terraform.io/hashicorp/azurerm', version_constraint: '4.55.0', expressions: { client_id: { constant_value: '00000000-0000-0000-0000-000000000001' }, client_secret: { constant_value: CLIENT_SECRET }, features: [{}] } } },
        root_module: { variables: { storage: { default: CONNECTION, sensitive: true }, location: { default: 'westeurope' } } },
      },
    };
    const report = await lessonsOn({ 'plan.json': JSON.stringify(plan) });
    expect(failuresOf(report, PROVIDER).map((r) => `${r.address} ${r.setting}`)).toEqual(['provider.azurerm client_secret']);
    expect(failuresOf(report, VARIABLE).map((r) => `${r.address} ${r.setting}`)).toEqual(['var.storage default']);
    expect(statusesAt(report, VARIABLE, 'var.location')).toEqual([ReportStatus.COMPLIANT]);
    expect(JSON.stringify(report)).not.toContain(CLIENT_SECRET.slice(6));
  });
});

describe('SEC-1.ProviderPlainSecret on other providers\' blocks and certificates (HCL)', () => {
  const CERT = ['-----BEGIN CERTIFICATE-----', 'MIIBszCCAVmgAwIBAgIUQ0FQdW1saWMtY2VydGlmaWNhdGUtb25seQ==', '-----END CERTIFICATE-----'].join('\\n');
  const PFX = ['MIIKcQIBAzCCCjcGCSqGSIb3DQEHAaCCCigEggok', 'MIIKIDCCBg8GCSqGSIb3DQEHAaCCBgAEggX8MIIF'].join('');

  it('fails a token or password in a nested block (helm\'s kubernetes), naming the nested setting', async () => {
    const report = await lessonsOn({ 'main.tf': 'provider "helm" {\n  kubernetes {\n    host = "https://aks-orders.hcp.westeurope.azmk8s.io:443"\n    token = "kube-token-literal-value-123"\n    password = "helm-kube-password-literal"\n  }\n}\n' });
    expect(failuresOf(report, PROVIDER).map((r) => `${r.address} ${r.setting}`).sort()).toEqual(['provider.helm kubernetes.password', 'provider.helm kubernetes.token']);
  });

  it('fails azurerm\'s client_certificate (a PFX with its key) and passes kubernetes\' (the public certificate)', async () => {
    const report = await lessonsOn({ 'main.tf': `provider "azurerm" {\n  features {}\n  client_certificate = "${PFX}"\n}\nprovider "kubernetes" {\n  host = "https://aks-orders.hcp.westeurope.azmk8s.io:443"\n  client_certificate = "${CERT}"\n  client_key = var.client_key\n}\nvariable "client_key" {\n  sensitive = true\n}\n` });
    expect(failuresOf(report, PROVIDER).map((r) => `${r.address} ${r.setting}`)).toEqual(['provider.azurerm client_certificate']);
    expect(statusesAt(report, PROVIDER, 'provider.kubernetes')).toEqual([ReportStatus.COMPLIANT]);
    expect(JSON.stringify(report)).not.toContain(PFX.slice(6));
  });

  it('fails a provider secret from a sensitive variable\'s default (the rule evaluates it); a suppression on the default provider does not cover its alias', async () => {
    const hcl = [
      '# azure-lessons:suppress SEC-1.ProviderPlainSecret the default provider signs in with OIDC',
      'provider "azurerm" {\n  features {}\n  use_oidc = true\n}',
      `provider "azurerm" {\n  alias = "prod"\n  features {}\n  client_secret = var.sp\n}`,
      `variable "sp" {\n  sensitive = true\n  default = "${CLIENT_SECRET}"\n}`,
    ].join('\n') + '\n';
    const report = await lessonsOn({ 'main.tf': hcl });
    expect(report.results.filter((r) => r.ruleId === PROVIDER).map((r) => [r.address, r.status])).toEqual([
      ['provider.azurerm', ReportStatus.COMPLIANT], ['provider.azurerm.prod', ReportStatus.NON_COMPLIANT],
    ]);
    // The comment suppresses nothing (the default provider has no finding), and says so.
    expect((report as unknown as { notices: string[] }).notices).toEqual([expect.stringMatching(/^\[AZURE\] main\.tf:1: suppression = "SEC-1\.ProviderPlainSecret": it suppresses no finding on provider\.azurerm,/)]);
  });

  it('honours a suppression comment on a variable block and on the backend block', async () => {
    const report = await lessonsOn({ 'main.tf': `terraform {\n  # azure-lessons:suppress SEC-1.ProviderPlainSecret a throwaway sandbox account, rotated daily\n  backend "azurerm" {\n    access_key = "${ACCOUNT_KEY}"\n  }\n}\n# azure-lessons:suppress SEC-1.VariableDefaultSecret the sandbox connection string is published for the workshop\nvariable "storage" {\n  default = "${CONNECTION}"\n}\n` });
    expect(statusesAt(report, PROVIDER, 'terraform.backend.azurerm')).toEqual([ReportStatus.SUPPRESSED]);
    expect(statusesAt(report, VARIABLE, 'var.storage')).toEqual([ReportStatus.SUPPRESSED]);
  });
});

describe('the plan reader (terraform show -json)', () => {
  it('reads a provider argument that is a root variable at its default as that default, an alias under its own address, and leaves out a child module\'s provider', async () => {
    const plan = {
      format_version: '1.2', terraform_version: '1.11.4', variables: { sp: { value: 'plain-text-client-secret' } }, planned_values: { root_module: {} },
      configuration: {
        provider_config: {
          azurerm: { name: 'azurerm', full_name: 'registry.terraform.io/hashicorp/azurerm', expressions: { client_secret: { references: ['var.sp'] } } },
          'azurerm.prod': { name: 'azurerm', full_name: 'registry.terraform.io/hashicorp/azurerm', alias: 'prod', expressions: { client_secret: { constant_value: CLIENT_SECRET } } },
          'module.net:azurerm': { name: 'azurerm', full_name: 'registry.terraform.io/hashicorp/azurerm', module_address: 'module.net', expressions: { client_secret: { constant_value: CLIENT_SECRET } } },
        },
        root_module: { variables: { sp: { default: 'plain-text-client-secret' } } },
      },
    };
    const report = await lessonsOn({ 'plan.json': JSON.stringify(plan) });
    expect(report.results.filter((r) => r.ruleId === PROVIDER).map((r) => [r.address, r.status, r.setting])).toEqual([
      ['provider.azurerm', ReportStatus.NON_COMPLIANT, 'client_secret'], ['provider.azurerm.prod', ReportStatus.NON_COMPLIANT, 'client_secret'],
    ]);
    // Given at plan time (-var): not the default, not a value the configuration holds.
    const given = await lessonsOn({ 'plan.json': JSON.stringify({ ...plan, variables: { sp: { value: 'given-at-plan-time-value' } } }) });
    expect(given.results.filter((r) => r.ruleId === PROVIDER).map((r) => [r.address, r.status])).toEqual([
      ['provider.azurerm', ReportStatus.COMPLIANT], ['provider.azurerm.prod', ReportStatus.NON_COMPLIANT],
    ]);
  });
});

describe('azure-lessons reads each provider block and local where it is written (second review)', () => {
  it('pairs no comment with a block it may not be about: a provider in a block comment, a one-line block', async () => {
    const hcl = [
      '/*\nprovider "azurerm" {\n  features {}\n}\n*/',
      '# azure-lessons:suppress SEC-1.ProviderPlainSecret the default provider is a sandbox',
      `provider "azurerm" { client_secret = "${CLIENT_SECRET}" }`,
      `provider "azurerm" {\n  alias = "prod"\n  features {}\n  client_secret = "${CLIENT_SECRET.replace('kT3', 'pR7')}"\n}`,
    ].join('\n') + '\n';
    const report = await lessonsOn({ 'main.tf': hcl });
    expect(report.results.filter((r) => r.ruleId === PROVIDER).map((r) => [r.address, r.status])).toEqual([
      ['provider.azurerm', ReportStatus.SUPPRESSED], ['provider.azurerm.prod', ReportStatus.NON_COMPLIANT],
    ]);
  });

  it('reads a suppression in a .tf.json variable\'s own "//", not a module\'s of the same name', async () => {
    const json = { module: { db: { source: './db', '//': 'azure-lessons:suppress SEC-1 the module is a sandbox' } }, variable: { db: { default: CONNECTION } } };
    const report = await lessonsOn({ 'main.tf.json': JSON.stringify(json) });
    expect(statusesAt(report, VARIABLE, 'var.db')).toEqual([ReportStatus.NON_COMPLIANT]);
    const own = await lessonsOn({ 'main.tf.json': JSON.stringify({ terraform: {}, variable: { db: { default: CONNECTION, '//': 'azure-lessons:suppress SEC-1.VariableDefaultSecret a published workshop account' } } }) });
    expect(statusesAt(own, VARIABLE, 'var.db')).toEqual([ReportStatus.SUPPRESSED]);
  });
});

describe('SEC-1 in the files Terraform is given beside a directory: variable definitions (.tfvars) and backend configuration (.tfbackend)', () => {
  const variables = 'variable "db_password" {\n  type = string\n  sensitive = true\n}\nvariable "storage" {}\nvariable "location" {}\nvariable "jwt_issuer_token" {}\nvariable "kv_secret_name" {}\n';
  const tfvars = [
    'location = "westeurope"',
    `db_password = "correct-horse-battery"`,
    `storage = "${CONNECTION}"`,
    'jwt_issuer_token = "https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0"',
    'kv_secret_name = "db-connection-string"',
    'tags = {',
    '  owner = "payments"',
    '  secret = "none-here"',
    '}',
    '',
  ].join('\n');
  /** Each located row of `rule` in `azure-lessons --format sarif` on `files`: `<uri>:<line> <rule>`. */
  const sarifAt = async (files: Record<string, string>, ...args: string[]) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lessons-tfvars-'));
    try {
      for (const [name, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        fs.writeFileSync(path.join(dir, name), text);
      }
      const out = await LessonsCommand.execute([...(args.length > 0 ? args : ['.']), '--format', 'sarif'], dir);
      expect(out.stdout).not.toContain(CLIENT_SECRET.slice(6));
      const results = (JSON.parse(out.stdout) as { runs: { results: { ruleId: string; locations: { physicalLocation?: { artifactLocation: { uri: string }; region?: { startLine: number } } }[] }[] }[] }).runs[0].results;
      return results.map((r) => `${r.locations[0].physicalLocation?.artifactLocation.uri}:${r.locations[0].physicalLocation?.region?.startLine} ${r.ruleId}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };

  it('fails when terraform.tfvars gives a secret-named variable a literal, or any variable a known format; masked, the file as the path and the variable as the setting', async () => {
    const report = await lessonsOn({ 'main.tf': variables, 'terraform.tfvars': tfvars });
    const failed = failuresOf(report, VARIABLE);
    expect(failed.map((r) => `${r.resourcePath} ${r.address} ${r.resourceType} ${r.setting}`)).toEqual([
      'terraform.tfvars terraform.tfvars:var.db_password tfvars db_password',
      'terraform.tfvars terraform.tfvars:var.storage tfvars storage',
    ]);
    expect(failed[0].message).toBe('[SEC-1.VariableDefaultSecret] terraform.tfvars: db_password = "…(21 chars)": the name says the value is a secret (PASSWORD), and it is a literal: '
      + 'a variable definitions file beside the configuration is easily committed, or copied with it into a pipeline\'s artifact, and whoever reads the file reads the secret (sensitive = true hides it from the plan\'s output only). '
      + 'Fix: take it out of the file (and rotate it if the file was ever committed): the pipeline gives it at plan time from its secret store (TF_VAR_db_password, the variable sensitive = true without a default), or the resource reads the secret from Key Vault with its identity.');
    // A plain value, a URL under a secret's name, a secret's name and a map of tags (a tag's name is anyone's word) pass.
    for (const name of ['location', 'jwt_issuer_token', 'kv_secret_name', 'tags']) expect(statusesAt(report, VARIABLE, `terraform.tfvars:var.${name}`)).toEqual([ReportStatus.COMPLIANT]);
    expect(JSON.stringify(report)).not.toContain(ACCOUNT_KEY.slice(6));
  });

  it('fails when a map gives a secret under its own key even if the variable\'s name holds "tags"; a tags map nested in another judged by format only', async () => {
    const report = await lessonsOn({ 'main.tf': 'variable "hashtags" {}\nvariable "app" {}\n', 'terraform.tfvars': 'hashtags = { password = "hunter2-hunter2" }\napp = { tags = { secret = "none-here" } }\n' });
    expect(failuresOf(report, VARIABLE).map((r) => `${r.address} ${r.setting}`)).toEqual(['terraform.tfvars:var.hashtags hashtags.password']);
  });

  it('fails when a map gives a secret under its own key, naming the key\'s path', async () => {
    const report = await lessonsOn({ 'main.tf': 'variable "db" {}\nvariable "apps" {}\n', 'terraform.tfvars': 'db = { host = "db.internal", password = "hunter2-hunter2" }\napps = [{ name = "a", settings = { client_secret = "abcdefghijklmnopqr" } }]\n' });
    expect(failuresOf(report, VARIABLE).map((r) => `${r.address} ${r.setting}`).sort()).toEqual(['terraform.tfvars:var.apps apps[0].settings.client_secret', 'terraform.tfvars:var.db db.password']);
  });

  it('places each finding at its own file and line: past comments, heredocs, brackets in strings and minified JSON; the .tf default stays at its block', async () => {
    const tricky = [
      '/* db_password = "not-here"',
      '*/',
      'note = <<EOT',
      'api_token = "inside-a-heredoc"',
      'EOT',
      'motto = "brace { in a string"',
      '# storage = {',
      `sp_client_secret = "${CLIENT_SECRET}"`,
      '',
    ].join('\n');
    expect(await sarifAt({
      'main.tf': 'variable "admin_password" {\n  type = string\n  default = "correct-horse-battery"\n}\n',
      'terraform.tfvars': 'admin_password = "another-horse-battery"\n',
      'prod.tfvars': tricky,
      'ci.auto.tfvars.json': JSON.stringify({ region: 'westeurope', github_token: GH_TOKEN }),
    })).toEqual(['main.tf:1 SEC-1.VariableDefaultSecret', 'ci.auto.tfvars.json:1 SEC-1.VariableDefaultSecret', 'prod.tfvars:8 SEC-1.VariableDefaultSecret', 'terraform.tfvars:1 SEC-1.VariableDefaultSecret']);
  });

  it('honours a suppression comment just above a value, for that value of that file only', async () => {
    const suppressed = tfvars.replace('db_password =', '# azure-lessons:suppress SEC-1.VariableDefaultSecret a sandbox database, recreated nightly\ndb_password =');
    expect(suppressed).not.toBe(tfvars);
    const report = await lessonsOn({ 'main.tf': variables.replace('sensitive = true\n', 'sensitive = true\n  default = "correct-horse-battery"\n'), 'dev.tfvars': suppressed, 'prod.tfvars': tfvars });
    expect(statusesAt(report, VARIABLE, 'dev.tfvars:var.db_password')).toEqual([ReportStatus.SUPPRESSED]);
    expect(statusesAt(report, VARIABLE, 'dev.tfvars:var.storage')).toEqual([ReportStatus.NON_COMPLIANT]);
    // Neither the same variable in another file nor its default in the configuration.
    expect(statusesAt(report, VARIABLE, 'prod.tfvars:var.db_password')).toEqual([ReportStatus.NON_COMPLIANT]);
    expect(statusesAt(report, VARIABLE, 'var.db_password')).toEqual([ReportStatus.NON_COMPLIANT]);
  });

  it('judges a value once, where it is written: a rule reading the variable does not see the file\'s value', async () => {
    const provider = 'variable "sp_secret" {}\nprovider "azurerm" {\n  features {}\n  client_secret = var.sp_secret\n}\n';
    const report = await lessonsOn({ 'main.tf': provider, 'terraform.tfvars': `sp_secret = "${CLIENT_SECRET}"\n` });
    expect(failuresOf(report, PROVIDER)).toEqual([]);
    expect(failuresOf(report, VARIABLE).map((r) => `${r.address} ${r.setting}`)).toEqual(['terraform.tfvars:var.sp_secret sp_secret']);
  });

  it('reads a file named on the command line, as kept for -var-file in another folder', async () => {
    expect(await sarifAt({ 'main.tf': variables, 'env/prod.tfvars': `location = "westeurope"\nsp_client_secret = "${CLIENT_SECRET}"\n` }, '.', 'env/prod.tfvars'))
      .toEqual(['env/prod.tfvars:2 SEC-1.VariableDefaultSecret']);
  });

  it('fails when a backend configuration file (-backend-config) holds the state account\'s key, at its line; passes one that signs in with Entra ID; a comment in one file suppresses nothing in another', async () => {
    const backend = `terraform {\n  backend "azurerm" {\n    access_key = "${ACCOUNT_KEY}"\n  }\n}\n`;
    const report = await lessonsOn({
      'main.tf': backend,
      'prod.azurerm.tfbackend': `# the state of prod\nstorage_account_name = "sttfstate"\ncontainer_name = "tfstate"\nkey = "prod.tfstate"\naccess_key = "${ACCOUNT_KEY}"\n`,
      'dev.azurerm.tfbackend': 'storage_account_name = "sttfstate"\nkey = "dev.tfstate"\nuse_azuread_auth = true\n# azure-lessons:suppress SEC-1.ProviderPlainSecret dev signs in with Entra ID, nothing to hide\n',
    });
    expect(failuresOf(report, PROVIDER).map((r) => `${r.resourcePath} ${r.address} ${r.setting}`)).toEqual([
      'terraform.backend.azurerm terraform.backend.azurerm access_key',
      'prod.azurerm.tfbackend prod.azurerm.tfbackend:terraform.backend.azurerm access_key',
    ]);
    expect(failuresOf(report, PROVIDER)[1].message).toContain('written in a backend configuration file (-backend-config): the file, .terraform/terraform.tfstate after init and every plan file hold it in plain text');
    expect(statusesAt(report, PROVIDER, 'dev.azurerm.tfbackend:terraform.backend.azurerm')).toEqual([ReportStatus.COMPLIANT]);
    expect(JSON.stringify(report)).not.toContain(ACCOUNT_KEY.slice(6));
  });

  it('fails when a file Terraform loads by itself does not parse, naming the file and terraform plan (exit code 2)', async () => {
    await expect(lessonsOn({ 'main.tf': variables, 'terraform.tfvars': 'db_password = "unterminated\n' }))
      .rejects.toThrow(/^\[AZURE\] terraform\.tfvars: file = "terraform\.tfvars": it does not parse as Terraform HCL \((?![^)]*\/tmp\/).* Fix: correct the syntax: terraform plan reads the file and shows where \(terraform validate does not read \.tfvars files\)\.\n?$/);
  });

  it('leaves out, with a notice, a file kept for -var-file that does not parse, and checks the rest', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lessons-tfvars-'));
    try {
      fs.writeFileSync(path.join(dir, 'main.tf'), variables);
      fs.writeFileSync(path.join(dir, 'old-prod.tfvars'), 'db_password = "unterminated\n');
      fs.writeFileSync(path.join(dir, 'terraform.tfvars'), 'db_password = "correct-horse-battery"\n');
      const out = await LessonsCommand.execute(['.'], dir);
      expect(out.exitCode).toBe(1);
      expect(out.stdout).toContain('[SEC-1.VariableDefaultSecret] terraform.tfvars: db_password = ');
      expect(out.stdout).toMatch(/\[AZURE\] old-prod\.tfvars: file = "old-prod\.tfvars": it does not parse \(.+\), so its values are not checked; Terraform reads it only when given it \(-var-file, -backend-config\), and then fails\. Fix: correct the syntax: terraform plan reads the file/);
      // Named on the command line, it is bad input.
      expect((await LessonsCommand.execute(['old-prod.tfvars'], dir)).exitCode).toBe(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SEC-1 in .tfvars and .tfbackend files (second review)', () => {
  const sarifOf = async (files: Record<string, string>) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lessons-tfvars-'));
    try {
      for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
      const out = await LessonsCommand.execute(['.', '--format', 'sarif'], dir);
      return { exitCode: out.exitCode, stderr: out.stderr, sarif: out.exitCode === 2 ? undefined : JSON.parse(out.stdout) as { runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string; level: string; locations: { physicalLocation?: { artifactLocation: { uri: string }; region?: { startLine: number } } }[] }[] }[] } };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };

  it('writes a file that does not parse as a SARIF notice of its own kind (a warning), not a crash', async () => {
    const { exitCode, stderr, sarif } = await sarifOf({ 'main.tf': 'variable "x" {}\n', 'prod.tfvars.json': '{"x": ' });
    expect(stderr).toBe('');
    expect(exitCode).toBe(0);
    expect(sarif!.runs[0].tool.driver.rules.map((r) => r.id)).toContain('AZURE.FileNotRead');
    expect(sarif!.runs[0].results.map((r) => `${r.ruleId} ${r.level} ${r.locations[0].physicalLocation?.artifactLocation.uri}`)).toEqual(['AZURE.FileNotRead warning prod.tfvars.json']);
  });

  it('places a backend file\'s finding at the line of the key, not of the file\'s first key', async () => {
    const { sarif } = await sarifOf({ 'prod.azurerm.tfbackend': `# prod\nstorage_account_name = "sttfstate"\nkey = "prod.tfstate"\n\naccess_key = "${ACCOUNT_KEY}"\n` , 'main.tf': 'terraform {\n  backend "azurerm" {}\n}\n' });
    expect(sarif!.runs[0].results.map((r) => `${r.locations[0].physicalLocation?.artifactLocation.uri}:${r.locations[0].physicalLocation?.region?.startLine}`)).toEqual(['prod.azurerm.tfbackend:5']);
  });

  it('passes a whole Key Vault reference or named value under a secret\'s name (where the secret is, not what it is), and a switch (enabled)', async () => {
    const report = await lessonsOn({ 'main.tf': 'variable "app_settings" {}\nvariable "api_key" {}\n', 'terraform.tfvars': 'app_settings = { FEATURE_TOKEN = "enabled", DB_PASSWORD = "@Microsoft.KeyVault(SecretUri=https://kv-app.vault.azure.net/secrets/db-password/)" }\napi_key = "{{psp-api-key}}"\n' });
    expect(failuresOf(report, VARIABLE)).toEqual([]);
  });

  it('takes a /* */ suppression above a value, and a key in any script or after a template with a quote in it, at its line', async () => {
    const text = ['/* azure-lessons:suppress SEC-1.VariableDefaultSecret a throwaway sandbox, recreated nightly */', 'db_password = "correct-horse-battery"', 'banner = "${"}"}"', 'ключ_password = "another-horse-battery"', ''].join('\n');
    const { sarif } = await sarifOf({ 'main.tf': 'variable "x" {}\n', 'terraform.tfvars': text });
    expect(sarif!.runs[0].results.map((r) => `${r.locations[0].physicalLocation?.region?.startLine} ${'suppressions' in r ? 'suppressed' : 'open'}`)).toEqual(['2 suppressed', '4 open']);
  });

  it('fails when a .tfvars.json file does not parse, quoting none of its text, even after "..."', async () => {
    const error = await lessonsOn({ 'main.tf': 'variable "x" {}\n', 'terraform.tfvars.json': `{"x": "a", "db_password": ${GH_TOKEN}}` }).catch((e: Error) => e.message);
    expect(error).toMatch(/it does not parse as Terraform JSON \(Unexpected token 'g' is not valid JSON\)\./);
    expect(error).not.toContain(GH_TOKEN.slice(0, 6));
  });

  it('does not count a file named like a module (module.cache.tfvars) as inside the module a config suppression names', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lessons-tfvars-'));
    try {
      fs.writeFileSync(path.join(dir, 'main.tf'), 'variable "db_password" {}\n');
      fs.writeFileSync(path.join(dir, 'module.cache.tfvars'), 'db_password = "correct-horse-battery"\n');
      fs.writeFileSync(path.join(dir, 'lessons.json'), JSON.stringify({ suppressions: [{ id: 'SEC-1', resource: 'module.cache', reason: 'the cache module is owned by another team' }] }));
      const out = await LessonsCommand.execute(['.', '--format', 'json', '--config', path.join(dir, 'lessons.json')], dir);
      expect(statusesAt(JSON.parse(out.stdout), VARIABLE, 'module.cache.tfvars:var.db_password')).toEqual([ReportStatus.NON_COMPLIANT]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SEC-1 in .tfvars files: numbers, and paths given twice', () => {
  it('fails when a secret\'s name is given a number of six digits or more, and passes a small one (a switch or a count)', async () => {
    const report = await lessonsOn({ 'main.tf': 'variable "admin_password" {}\nvariable "api_token" {}\n', 'terraform.tfvars': 'admin_password = 12345678\napi_token = 300\n' });
    expect(failuresOf(report, VARIABLE).map((r) => `${r.address} ${r.setting} ${r.message!.split(': ')[1]}`)).toEqual(['terraform.tfvars:var.admin_password admin_password admin_password = "…(8 chars)"']);
  });

  it('reads a file once when it is given twice, or given beside the directory that holds it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lessons-tfvars-'));
    try {
      fs.writeFileSync(path.join(dir, 'main.tf'), 'terraform {\n  backend "azurerm" {}\n}\n');
      fs.writeFileSync(path.join(dir, 'prod.azurerm.tfbackend'), `access_key = "${ACCOUNT_KEY}"\n`);
      const out = await LessonsCommand.execute(['.', 'prod.azurerm.tfbackend', './prod.azurerm.tfbackend', '--format', 'json'], dir);
      expect(failuresOf(JSON.parse(out.stdout), PROVIDER).map((r) => r.address)).toEqual(['prod.azurerm.tfbackend:terraform.backend.azurerm']);
      const alone = await LessonsCommand.execute(['prod.azurerm.tfbackend', './prod.azurerm.tfbackend', '--format', 'json'], dir);
      expect(failuresOf(JSON.parse(alone.stdout), PROVIDER)).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('topLevelKeyLines (where a .tfvars or .tfbackend file sets each key)', () => {
  it('reads a long line in time proportional to it, and stops on input that never closes', () => {
    const long = `a = "${'x'.repeat(400_000)}"\nb = 1\n`;
    expect(Object.fromEntries(topLevelKeyLines(long, false))).toEqual({ a: 0, b: 1 });
    for (const broken of ['a = "open\nb = 1', 'a = 1\n/* open', 'a = <<\n', 'a = <<EOT\nno end', '}\nb = 2', 'a = "${"', 'a = "\\']) expect(() => topLevelKeyLines(broken, false)).not.toThrow();
  });

  it('finds top-level assignments only, past strings, comments and heredocs', () => {
    const text = 'a = 1\n# b = 2\nc = {\n  d = "}"\n}\ne = <<-X\n  f = 3\n  X\ng="x"\n// h = 1\n/* i = 1 */ j = 2\n';
    expect(Object.fromEntries(topLevelKeyLines(text, false))).toEqual({ a: 0, c: 2, e: 5, g: 8 });
  });

  it('finds a JSON file\'s keys one level in, minified or not', () => {
    expect(Object.fromEntries(topLevelKeyLines('{"a": {"b": 1}, "c": "d:"}', true))).toEqual({ a: 0, c: 0 });
    expect(Object.fromEntries(topLevelKeyLines('{\n  "a": {\n    "b": 1\n  },\n  "c": "x"\n}', true))).toEqual({ a: 1, c: 4 });
  });
});

describe('azure-lessons on a .tfvars.json file that is not JSON', () => {
  it('fails when it does not parse, without quoting its content (V8 quotes the start of the text)', async () => {
    const error = await lessonsOn({ 'main.tf': 'variable "api_key" {}\n', 'terraform.tfvars.json': GH_TOKEN }).catch((e: Error) => e.message);
    expect(error).toMatch(/^\[AZURE\] terraform\.tfvars\.json: file = "terraform\.tfvars\.json": it does not parse as Terraform JSON \(Unexpected token 'g' is not valid JSON\)\./);
    expect(error).not.toContain(GH_TOKEN.slice(0, 8));
  });
});
