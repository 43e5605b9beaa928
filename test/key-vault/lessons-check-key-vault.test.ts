import { Fn, TerraformIterator, TerraformLocal, TerraformOutput, TerraformResource, TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ContainerApp } from '@cdktf/provider-azurerm/lib/container-app';
import { KeyVaultSecret } from '@cdktf/provider-azurerm/lib/key-vault-secret';
import { LinuxWebApp, LinuxWebAppConnectionString } from '@cdktf/provider-azurerm/lib/linux-web-app';
import { StorageAccount } from '@cdktf/provider-azurerm/lib/storage-account';
import { ReportStatus } from '../../constructs/lessons-check/report';
import { LessonsCheck } from '../../constructs/stack/lessons-check';
import { failuresOf, lessonsOn, statusesAt } from '../support/hcl';
import { rawStack, statusOf } from '../support/lessons-rules';
import { errorsOf } from '../support/synth';
import { PlatformTesting } from '../../constructs/testing/platform-testing';
import { Resource } from '../../.gen/providers/azapi/resource';

// SEC-1 on what Terraform keeps as a secret: an attribute azurerm marks sensitive, and a root
// output (review of issue 28: "no secret reaches the synthesized JSON by any road").
// Credentials are assembled at run time, so no scanner mistakes this file for a leak.
const STRIPE = ['sk', 'live', '4eC39HqLyjWDarjtT1zdp7dc'].join('_');
const GH_TOKEN = ['ghp', 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'].join('_');
const PASSWORD = ['Tr0ub4dor', '3xyzQ'].join('&');
const SQL = `Server=tcp:sql-orders.database.windows.net,1433;Database=orders;User ID=orders;Password=${PASSWORD};`;
const SENSITIVE = 'SEC-1.SensitiveAttributePlainSecret';
const OUTPUT = 'SEC-1.OutputPlainSecret';
const ENV = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.App/managedEnvironments/cae';
const PLAN = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.Web/serverFarms/asp';

const findings = (stack: TerraformStack, rule: string) => {
  Testing.synth(stack);
  return errorsOf(stack).filter((e) => e.startsWith(`[${rule}] `));
};
const neverEchoed = (messages: string[]) => {
  for (const m of messages) for (const secret of [STRIPE, GH_TOKEN, PASSWORD]) expect(m).not.toContain(secret.slice(4));
};

function app(stack: TerraformStack, secrets: { name: string; value?: string; keyVaultSecretId?: string; identity?: string }[]) {
  return new ContainerApp(stack, 'app', {
    name: 'ca-raw', resourceGroupName: 'rg', containerAppEnvironmentId: ENV, revisionMode: 'Single', secret: secrets,
    template: { container: [{ name: 'app', image: 'contoso.azurecr.io/app:1.0.0', cpu: 0.5, memory: '1Gi' }] },
  });
}
function web(stack: TerraformStack, connectionString: LinuxWebAppConnectionString[]) {
  return new LinuxWebApp(stack, 'web', { name: 'app-web', location: 'westeurope', resourceGroupName: 'rg', servicePlanId: PLAN, siteConfig: {}, connectionString });
}

describe('SEC-1.SensitiveAttributePlainSecret on raw resources in an AzureStack', () => {
  it('fails when a raw Container App secret, a Key Vault secret or a web app connection string is a literal, masked', () => {
    const stack = rawStack();
    app(stack, [{ name: 'stripe', value: STRIPE }]);
    new KeyVaultSecret(stack, 'kvs', { name: 'stripe', keyVaultId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv', value: STRIPE });
    web(stack, [{ name: 'Orders', type: 'SQLAzure', value: SQL }]);
    const errors = findings(stack, SENSITIVE);
    expect(errors.map((e) => e.split(': azurerm marks')[0])).toEqual([
      `[${SENSITIVE}] other-dev/app: secret.stripe.value = "sk_l…(32 chars)"`,
      `[${SENSITIVE}] other-dev/kvs: value = "sk_l…(32 chars)"`,
      `[${SENSITIVE}] other-dev/web: connection_string.Orders.value = "Serv…(${SQL.length} chars)"`,
    ]);
    expect(errors[1]).toContain('reads the current value back into the state on every refresh');
    expect(errors[1]).toContain('Fix: create the secret without its value in Terraform (KeyVault.addSecretSlot');
    neverEchoed(errors);
  });

  it('fails when the secret comes through a variable default (sensitive or not), a TerraformLocal, a map lookup, a function of literals or file()', () => {
    const stack = rawStack();
    const tokens = new TerraformVariable(stack, 'tokens', { type: 'map(string)', default: { stripe: STRIPE } });
    app(stack, [
      { name: 'a', value: new TerraformVariable(stack, 'stripe', { type: 'string', default: STRIPE, sensitive: true }).stringValue },
      { name: 'b', value: new TerraformLocal(stack, 'gh', GH_TOKEN).asString },
      { name: 'c', value: Fn.lookup(tokens.value, 'stripe') },
      { name: 'd', value: Fn.join('', ['hunter', '2-but-longer']) },
      { name: 'e', value: Fn.file('secrets/psp.txt') },
    ]);
    const errors = findings(stack, SENSITIVE);
    const written = 'a value written in the configuration (a literal, or a variable\'s default, a local or a function of literals that evaluates to one)';
    expect(errors.map((e) => /secret\.(\w)\.value = .*? sensitive, and it is given (.+?): the secret/.exec(e)?.slice(1))).toEqual([
      ['a', written], ['b', written], ['c', written], ['d', written],
      ['e', 'an expression of the configuration alone (a conditional of literals, file(...))'],
    ]);
    neverEchoed(errors);
  });

  it('fails when the value falls back to a literal: coalesce(), try(), a lookup\'s default, a conditional\'s branch; a fallback to a reference, an empty string or a compared call passes', async () => {
    const secret = (name: string, value: string) => `resource "azurerm_key_vault_secret" "${name}" {\n  name  = "${name}"\n  value = ${value}\n}`;
    const hcl = ['variable "pw" {\n  sensitive = true\n}', 'variable "m" {\n  type = map(string)\n}',
      secret('coalesced', 'coalesce(var.pw, "hunter2-hunter2")'), secret('tried', 'try(var.m["db"], "changeme-1234")'), secret('looked', 'lookup(var.m, "db", "fallback-pw-1")'),
      secret('branch', 'var.pw != "" ? var.pw : "correct-horse"'), secret('encoded', 'base64encode(coalesce(var.pw, "hunter2-hunter2"))'),
      secret('generated', 'coalesce(var.pw, random_password.p.result)'), secret('empty', 'coalesce(var.pw, "")'), secret('lookup', 'lookup(var.m, "db")'),
      secret('compared', 'coalesce(var.m["a"], "x") == "y" ? var.pw : random_password.p.result'), ''].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': hcl }), SENSITIVE);
    expect(found.map((r) => r.address)).toEqual(['branch', 'coalesced', 'encoded', 'looked', 'tried'].map((n) => `azurerm_key_vault_secret.${n}`));
    expect(found[1].message).toContain('value = "…(15 chars)": azurerm marks azurerm_key_vault_secret.value sensitive, and it is given a fallback written in the configuration (a literal in coalesce() or try()');
    for (const m of found.map((r) => r.message!)) expect(m).not.toMatch(/hunter2|changeme|fallback-pw|correct-horse/);
  });

  it('passes a reference to another resource\'s key, a Key Vault secret, a sensitive variable without a default and a Key Vault reference', () => {
    const stack = rawStack();
    const account = new StorageAccount(stack, 'sa', { name: 'stother', resourceGroupName: 'rg', location: 'westeurope', accountTier: 'Standard', accountReplicationType: 'LRS' });
    app(stack, [
      { name: 'storage', value: account.primaryConnectionString },
      { name: 'psp', keyVaultSecretId: 'https://kv-orders.vault.azure.net/secrets/psp', identity: 'System' },
      { name: 'given', value: new TerraformVariable(stack, 'psp', { type: 'string', sensitive: true }).stringValue },
      { name: 'empty', value: '' },
    ]);
    web(stack, [{ name: 'Orders', type: 'SQLAzure', value: '@Microsoft.KeyVault(SecretUri=https://kv-orders.vault.azure.net/secrets/orders-db)' }]);
    expect(findings(stack, SENSITIVE)).toEqual([]);
    expect(statusOf(stack, SENSITIVE, 'app')).toEqual([ReportStatus.COMPLIANT]);
    expect(statusOf(stack, SENSITIVE, 'web')).toEqual([ReportStatus.COMPLIANT]);
  });

  it('passes a connection string that signs in with an identity (the form the fixes recommend) and an Application Insights connection string, and fails one with a password beside Authentication=', async () => {
    const stack = rawStack();
    web(stack, [
      { name: 'Orders', type: 'SQLAzure', value: 'Server=tcp:sql-orders.database.windows.net,1433;Database=orders;Authentication=Active Directory Managed Identity;User Id=00000000-0000-0000-0000-000000000001;' },
      { name: 'Reports', type: 'SQLAzure', value: 'Server=tcp:sql-orders.database.windows.net;Database=reports;Authentication="Active Directory Default";' },
      { name: 'Hub', type: 'Custom', value: 'Endpoint=https://sigr-orders.service.signalr.net;AuthType=azure.msi;Version=1.0;' },
      { name: 'Legacy', type: 'SQLAzure', value: `Server=tcp:sql-orders.database.windows.net;Authentication=Active Directory Default;Password=${PASSWORD};` },
    ]);
    expect(findings(stack, SENSITIVE).map((e) => e.split(' = ')[0])).toEqual([`[${SENSITIVE}] other-dev/web: connection_string.Legacy.value`]);
    const logger = 'resource "azurerm_api_management_logger" "insights" {\n  name                = "insights"\n  api_management_name = "apim-orders"\n  resource_group_name = "rg-orders"\n  application_insights {\n    connection_string = "InstrumentationKey=00000000-0000-0000-0000-000000000001;IngestionEndpoint=https://westeurope-5.in.applicationinsights.azure.com/"\n  }\n}\n';
    expect(failuresOf(await lessonsOn({ 'main.tf': logger }), SENSITIVE)).toEqual([]);
  });

  it('passes an Event Grid delivery property Event Grid shows that is no credential (a static Source header), and fails one under a credential\'s name or marked secret', async () => {
    const property = (header: string, value: string, secret = '') => `  delivery_property {\n    header_name = "${header}"\n    type        = "Static"\n    value       = "${value}"\n${secret}  }`;
    const hcl = ['resource "azurerm_eventgrid_event_subscription" "sub" {', '  name  = "orders"', '  scope = "/subscriptions/0/x"',
      property('Source', 'orders-api'), property('Authorization', 'plain-literal-value'), property('X-Partner', 'partner-shared-value', '    secret      = true\n'), '}', ''].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': hcl }), SENSITIVE);
    expect(found.map((r) => r.setting)).toEqual(['delivery_property.1.value', 'delivery_property.2.value']);
    // A header whose last word names a credential, and one Bearer value found once, by this rule alone (second review).
    const more = ['resource "azurerm_eventgrid_event_subscription" "sub" {', '  name  = "orders"', '  scope = "/subscriptions/0/x"',
      property('X-Api-Token', 'a8f5f167f44f4964e6c998dee827110c'), property('Authorization', 'Bearer a8f5f167f44f4964e6c998dee827110cab12'), '}', ''].join('\n');
    const report = await lessonsOn({ 'main.tf': more });
    expect(report.results.filter((r) => r.status === ReportStatus.NON_COMPLIANT && r.ruleId.startsWith('SEC-1.')).map((r) => `${r.ruleId} ${r.setting}`)).toEqual([
      `${SENSITIVE} delivery_property.0.value`, `${SENSITIVE} delivery_property.1.value`,
    ]);
  });

  it('fails when a write-only argument is given a literal (it is kept out of the state and the plan, not out of the configuration), with the ephemeral fix; an ephemeral resource\'s value passes', async () => {
    const hcl = [
      `resource "azurerm_postgresql_flexible_server" "pg" {\n  name = "psql-orders"\n  administrator_password_wo = "${PASSWORD}"\n  administrator_password_wo_version = 1\n}`,
      'ephemeral "azurerm_key_vault_secret" "db" {\n  name         = "db-password"\n  key_vault_id = "/subscriptions/0/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv"\n}',
      'resource "azurerm_key_vault_secret" "copy" {\n  name         = "db-password-copy"\n  key_vault_id = "/subscriptions/0/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv"\n  value_wo     = ephemeral.azurerm_key_vault_secret.db.value\n  value_wo_version = 1\n}', '',
    ].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': hcl }), SENSITIVE);
    expect(found.map((r) => `${r.address} ${r.setting}`)).toEqual(['azurerm_postgresql_flexible_server.pg administrator_password_wo']);
    expect(found[0].message).toContain('azurerm_postgresql_flexible_server.administrator_password_wo is write-only (Terraform keeps it out of the state and the plan)');
    expect(found[0].message).toContain('change administrator_password_wo_version to roll it.');
    neverEchoed(found.map((r) => r.message ?? ''));
  });

  it('fails when a password sits beside a reference in a connection string, and passes one whose password is the reference', () => {
    const stack = rawStack();
    web(stack, [
      { name: 'Literal', type: 'SQLAzure', value: `Server=tcp:\${azurerm_mssql_server.sql.fully_qualified_domain_name};Password=${PASSWORD};` },
      { name: 'Referenced', type: 'SQLAzure', value: 'Server=tcp:sql.database.windows.net;Password=${azurerm_mssql_server.sql.administrator_login_password};' },
    ]);
    const errors = findings(stack, SENSITIVE);
    expect(errors).toEqual([expect.stringContaining('connection_string.Literal.value = "Serv…(')]);
    neverEchoed(errors);
  });

  it('leaves a named value to SEC-1.NamedValuePlainSecret and a function app\'s host storage key to SEC-1.FunctionHostStorageKey (one finding per setting)', async () => {
    const report = await lessonsOn({ 'main.tf': [
      'resource "azurerm_api_management_named_value" "nv" {\n  name = "nv"\n  display_name = "nv"\n  value = "Information"\n}',
      'resource "azurerm_linux_function_app" "fn" {\n  name = "fn"\n  storage_account_access_key = "c2VjcmV0LWtleS1ub3QtcmVhbA=="\n  site_config {}\n}', '',
    ].join('\n') });
    expect(failuresOf(report, SENSITIVE)).toEqual([]);
    expect(failuresOf(report, 'SEC-1.FunctionHostStorageKey').map((r) => r.setting)).toEqual(['storage_account_access_key']);
  });

  it('fails on plain HCL: a Container App secret block, a Key Vault secret from a variable default, a connection string; a reference passes', async () => {
    const hcl = [
      `variable "stripe" {\n  default = "${STRIPE}"\n}`,
      `resource "azurerm_container_app" "app" {\n  name = "ca-raw"\n  secret {\n    name  = "stripe"\n    value = "${STRIPE}"\n  }\n  secret {\n    name  = "storage"\n    value = azurerm_storage_account.sa.primary_connection_string\n  }\n}`,
      'resource "azurerm_key_vault_secret" "kvs" {\n  name  = "stripe"\n  value = var.stripe\n}',
      `resource "azurerm_linux_web_app" "web" {\n  name = "app-web"\n  connection_string {\n    name  = "Orders"\n    type  = "SQLAzure"\n    value = "${SQL}"\n  }\n}`, '',
    ].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': hcl }), SENSITIVE);
    expect(found.map((r) => `${r.address} ${r.setting}`)).toEqual(['azurerm_container_app.app secret.stripe.value', 'azurerm_key_vault_secret.kvs value', 'azurerm_linux_web_app.web connection_string.Orders.value']);
    neverEchoed(found.map((r) => r.message ?? ''));
  });

  it('fails when a template\'s variables or an encoded object give a literal under a secret\'s name (cloud-init\'s password in custom_data), in HCL and as cdktf writes Fn.templatefile; other entries pass', async () => {
    const vm = (name: string, customData: string) => `resource "azurerm_linux_virtual_machine" "${name}" {\n  name        = "${name}"\n  custom_data = ${customData}\n}`;
    const hcl = [
      vm('literal', `base64encode(templatefile("\${path.module}/init.tpl", { admin_user = "azureuser", db_password = "${PASSWORD}" }))`),
      vm('multiline', `base64encode(templatefile("\${path.module}/init.tpl", {\n    region = var.region\n    "apiKey": "${PASSWORD}"\n  }))`),
      vm('others', 'base64encode(templatefile("${path.module}/init.tpl", { secret_name = "psp-key", db_password = var.db_password, token = "${var.token}", use_token = "true", api_key = "@Microsoft.KeyVault(SecretUri=https://kv-orders.vault.azure.net/secrets/psp)", password = "" }))'),
      'variable "db_password" {\n  sensitive = true\n}\nvariable "token" {\n  sensitive = true\n}\nvariable "region" {}', '',
    ].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': hcl }), SENSITIVE);
    expect(found.map((r) => `${r.address} ${r.message?.split('it is given ')[1].split(' in an object')[0]}`)).toEqual([
      'azurerm_linux_virtual_machine.literal a literal under a secret\'s name (PASSWORD)',
      'azurerm_linux_virtual_machine.multiline a literal under a secret\'s name (API_KEY)',
    ]);
    neverEchoed(found.map((r) => r.message ?? ''));
    const stack = rawStack();
    new TerraformOutput(stack, 'init', { value: Fn.base64encode(Fn.templatefile('init.tpl', { db_password: PASSWORD, region: 'westeurope' })), sensitive: true });
    expect(findings(stack, OUTPUT).map((e) => e.split(', written')[0])).toEqual([
      `[${OUTPUT}] other-dev/init: value = "…(${'${base64encode(templatefile("init.tpl", {"db_password" = "", "region" = "westeurope"}))}'.length + PASSWORD.length} chars)": a literal under a secret's name (PASSWORD) in an object inside an expression (a template's variables, an encoded object)`,
    ]);
  });

  it('judges an object\'s entry inside an expression only where a name counts: an app setting and an app\'s env fail, a tag built with merge() passes, a module input\'s named value placeholder passes', async () => {
    const hcl = [
      'variable "h" {}\nvariable "tags" {\n  type = map(string)\n}',
      `resource "azurerm_linux_web_app" "web" {\n  name = "app-web"\n  site_config {}\n  app_settings = { CONFIG = jsonencode({ db_password = "${PASSWORD}", host = var.h }) }\n  tags = merge(var.tags, { kv_secret = "orders-db-password" })\n}`,
      `resource "azurerm_container_app" "app" {\n  name = "ca"\n  template {\n    container {\n      name  = "app"\n      image = "contoso.azurecr.io/app:1.0.0"\n      env {\n        name  = "CONFIG"\n        value = jsonencode({ api_key = "${PASSWORD}", host = var.h })\n      }\n    }\n  }\n}`,
      'module "psp" {\n  source = "./modules/psp"\n  settings = jsonencode({ api_key = "{{psp-key}}", host = var.h })\n}', '',
    ].join('\n');
    const report = await lessonsOn({ 'main.tf': hcl });
    const failed = report.results.filter((r) => r.status === ReportStatus.NON_COMPLIANT && r.ruleId.startsWith('SEC-1.'));
    expect(failed.map((r) => `${r.ruleId} ${r.address} ${r.setting}`).sort()).toEqual([
      'SEC-1.AppSettingPlainSecret azurerm_linux_web_app.web app_settings.CONFIG',
      'SEC-1.ContainerAppPlainSecret azurerm_container_app.app template.container.env.CONFIG',
    ]);
    expect(failed.find((r) => r.ruleId === 'SEC-1.AppSettingPlainSecret')?.message).toContain('a literal under a secret\'s name (PASSWORD) in an object inside an expression (a template\'s variables, an encoded object): in an app setting it lands in plain text');
    neverEchoed(failed.map((r) => r.message ?? ''));
  });

  it('fails when a field azurerm\'s source marks sensitive is in an attribute-mode block, which the provider schema does not mark: a batch pool\'s registry password (as a block and as a list of objects), an IoT hub endpoint\'s connection string', async () => {
    const registry = `registry_server = "contoso.azurecr.io"\n      user_name = "puller"\n      password = "${PASSWORD}"`;
    const pool = (name: string, registries: string) => `resource "azurerm_batch_pool" "${name}" {\n  name = "${name}"\n  container_configuration {\n    type = "DockerCompatible"\n    ${registries}\n  }\n}`;
    const hcl = [
      pool('blocks', `container_registries {\n      ${registry}\n    }`),
      pool('objects', `container_registries = [{\n      ${registry}\n      user_assigned_identity_id = null\n    }]`),
      `resource "azurerm_iothub" "hub" {\n  name = "hub"\n  endpoint = [{\n    type = "AzureIotHub.StorageContainer"\n    name = "archive"\n    connection_string = "${PASSWORD}"\n  }]\n}`, '',
    ].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': hcl }), SENSITIVE);
    expect(found.map((r) => `${r.address} ${r.setting}`)).toEqual([
      'azurerm_batch_pool.blocks container_configuration.container_registries.password',
      'azurerm_batch_pool.objects container_configuration.container_registries.password',
      'azurerm_iothub.hub endpoint.archive.connection_string',
    ]);
    expect(found[0].message).toContain('azurerm\'s source marks azurerm_batch_pool.container_configuration.container_registries.password sensitive (its schema does not, so terraform plan prints the value)');
    expect(found[2].message).toContain('Fix: let the hub reach the endpoint with its identity (authentication_type = "identityBased"');
    neverEchoed(found.map((r) => r.message ?? ''));
  });
});

describe('SEC-1 on blocks that iterate over what the configuration holds', () => {
  const VAULT = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv';

  it('fails when for_each over a literal map gives each.value to a sensitive attribute, under the instance\'s address, masked', async () => {
    const hcl = ['resource "azurerm_key_vault_secret" "s" {', `  for_each     = { sql = "${PASSWORD}", psp = "${STRIPE}" }`, '  name         = each.key', '  value        = each.value', `  key_vault_id = "${VAULT}"`, '}', ''].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': hcl }), SENSITIVE);
    expect(found.map((r) => [r.address, r.message!.split(': azurerm marks')[0]])).toEqual([
      ['azurerm_key_vault_secret.s', `[${SENSITIVE}] azurerm_key_vault_secret.s["psp"]: value = "sk_l…(32 chars)"`],
      ['azurerm_key_vault_secret.s', `[${SENSITIVE}] azurerm_key_vault_secret.s["sql"]: value = "…(${PASSWORD.length} chars)"`],
    ]);
    neverEchoed(found.map((r) => r.message!));
  });

  it('fails when for_each over a map written out with a value known at apply only beside a literal gives the literal to a sensitive attribute (HCL and cdktf)', async () => {
    const hcl = ['variable "other" {', '  type      = string', '  sensitive = true', '}', 'resource "azurerm_key_vault_secret" "s" {',
      `  for_each     = { sql = "${PASSWORD}", other = var.other, id = azurerm_storage_account.sa.id }`, '  name         = each.key', '  value        = each.value', `  key_vault_id = "${VAULT}"`, '}', ''].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': hcl }), SENSITIVE);
    expect(found.map((r) => r.message!.split(': azurerm marks')[0])).toEqual([`[${SENSITIVE}] azurerm_key_vault_secret.s["sql"]: value = "…(${PASSWORD.length} chars)"`]);
    neverEchoed(found.map((r) => r.message!));
    const stack = rawStack();
    const other = new TerraformVariable(stack, 'other', { type: 'string', sensitive: true });
    const secrets = TerraformIterator.fromMap({ psp: STRIPE, other: other.stringValue });
    new KeyVaultSecret(stack, 'each', { forEach: secrets, name: secrets.key, value: secrets.value, keyVaultId: VAULT });
    Testing.synth(stack);
    expect(errorsOf(stack).filter((e) => e.startsWith('[SEC-1.')).map((e) => e.split(': azurerm marks')[0])).toEqual([`[${SENSITIVE}] other-dev/each["psp"]: value = "sk_l…(32 chars)"`]);
  });

  it('fails when a dynamic block over a literal map makes a Container App secret, and when each.value.<field> of a variable\'s default reaches an app setting', async () => {
    const dynamic = ['resource "azurerm_container_app" "app" {', '  name = "ca-orders"', '  dynamic "secret" {', `    for_each = { "psp" = "${STRIPE}" }`, '    content {', '      name  = secret.key', '      value = secret.value', '    }', '  }', '}', ''].join('\n');
    expect(failuresOf(await lessonsOn({ 'main.tf': dynamic }), SENSITIVE).map((r) => `${r.address} ${r.setting}`)).toEqual(['azurerm_container_app.app secret.psp.value']);
    const apps = ['variable "apps" {', '  default = {', `    orders = { db = "${SQL}" }`, '  }', '}', 'resource "azurerm_linux_web_app" "app" {', '  for_each = var.apps', '  name     = each.key', '  app_settings = {', '    Orders = each.value.db', '  }', '}', ''].join('\n');
    expect(failuresOf(await lessonsOn({ 'main.tf': apps }), 'SEC-1.AppSettingPlainSecret').map((r) => r.message!.split(' = ')[0])).toEqual([
      '[SEC-1.AppSettingPlainSecret] azurerm_linux_web_app.app["orders"]: app_settings.Orders',
    ]);
  });

  it('fails when a module call\'s for_each over a literal map gives each.value to an input under a secret\'s name', async () => {
    const hcl = ['module "db" {', `  for_each = { orders = "${PASSWORD}" }`, '  source   = "Azure/avm-res-sql-server/azurerm"', '  version  = "0.1.0"', '  name     = each.key', '  administrator_login_password = each.value', '}', ''].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': hcl }), 'SEC-1.PlainCredential');
    expect(found.map((r) => [r.address, r.message!.split(' = ')[0]])).toEqual([['module.db', '[SEC-1.PlainCredential] module.db["orders"]: administrator_login_password']]);
  });

  it('fails when a secret is in a dynamic block\'s for_each its content does not read (judged as written), and reads HCL\'s iterator = s', async () => {
    const hcl = ['resource "azurerm_container_app" "b" {', '  name = "ca-b"', '  dynamic "secret" {', `    for_each = { psp = "${STRIPE}" }`, '    content {', '      name                = secret.key',
      '      key_vault_secret_id = "https://kv.vault.azure.net/secrets/${secret.key}"', '      identity            = "System"', '    }', '  }', '}',
      'resource "azurerm_container_app" "c" {', '  name = "ca-c"', '  dynamic "secret" {', `    for_each = { gh = "${GH_TOKEN}" }`, '    iterator = s', '    content {', '      name  = s.key', '      value = s.value', '    }', '  }', '}', ''].join('\n');
    const report = await lessonsOn({ 'main.tf': hcl });
    const sec = report.results.filter((r) => r.status === ReportStatus.NON_COMPLIANT && r.ruleId.startsWith('SEC-1.')).map((r) => r.message!.split(' = ')[0]);
    expect(sec).toEqual(['[SEC-1.PlainCredential] azurerm_container_app.b: dynamic.secret.for_each.psp', `[${SENSITIVE}] azurerm_container_app.c: secret.gh.value`]);
  });

  it('masks a key that may be a secret in the instance\'s path (a set\'s element is its own key)', async () => {
    const hcl = ['resource "azurerm_key_vault_secret" "s" {', `  for_each     = toset(["${STRIPE}"])`, '  name         = "stripe"', '  value        = each.value', `  key_vault_id = "${VAULT}"`, '}', ''].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': hcl }), SENSITIVE);
    expect(found.map((r) => r.message!.split(': azurerm marks')[0])).toEqual([`[${SENSITIVE}] azurerm_key_vault_secret.s["sk_l…(32 chars)"]: value = "sk_l…(32 chars)"`]);
    neverEchoed(found.map((r) => r.message!));
  });

  it('honours a config suppression that names the instance a finding names, and only that instance', async () => {
    const hcl = ['resource "azurerm_key_vault_secret" "s" {', `  for_each     = { sql = "${PASSWORD}", psp = "${STRIPE}" }`, '  name         = each.key', '  value        = each.value', `  key_vault_id = "${VAULT}"`, '}', ''].join('\n');
    const config = JSON.stringify({ suppressions: [{ id: SENSITIVE, resource: 'azurerm_key_vault_secret.s["sql"]', reason: 'a throwaway sandbox password, rotated daily' }] });
    const report = await lessonsOn({ 'main.tf': hcl, 'lessons.json': config }, '--config', 'lessons.json');
    expect(report.results.filter((r) => r.ruleId === SENSITIVE).map((r) => [r.status, r.message!.split(': azurerm marks')[0].replace(/ = .*$/, '')])).toEqual([
      [ReportStatus.NON_COMPLIANT, `[${SENSITIVE}] azurerm_key_vault_secret.s["psp"]: value`], [ReportStatus.SUPPRESSED, `[${SENSITIVE}] azurerm_key_vault_secret.s["sql"]: value`],
    ]);
  });

  it('passes for_each over what is known at apply only, and a dynamic block whose values are references', async () => {
    const hcl = [
      'resource "azurerm_key_vault_secret" "s" {', '  for_each     = azurerm_storage_account.sa', '  name         = each.key', '  value        = each.value.primary_access_key', `  key_vault_id = "${VAULT}"`, '}',
      'resource "azurerm_container_app" "app" {', '  name = "ca-orders"', '  dynamic "secret" {', '    for_each = { psp = "psp-key" }', '    content {', '      name                = secret.key', '      key_vault_secret_id = "https://kv.vault.azure.net/secrets/${secret.value}"', '      identity            = "System"', '    }', '  }', '}', '',
    ].join('\n');
    expect(failuresOf(await lessonsOn({ 'main.tf': hcl }), SENSITIVE)).toEqual([]);
  });

  /** A stack of a Key Vault secret per key of a literal map, a Container App whose secrets are a dynamic block over a literal map, and one whose containers are. */
  function iterated(): TerraformStack {
    const stack = rawStack();
    const secrets = TerraformIterator.fromMap({ psp: STRIPE });
    new KeyVaultSecret(stack, 'each', { forEach: secrets, name: secrets.key, value: secrets.value, keyVaultId: VAULT });
    const blocks = TerraformIterator.fromMap({ gh: GH_TOKEN });
    const containers = TerraformIterator.fromMap({ app: PASSWORD });
    app(stack, []).putSecret(blocks.dynamic({ name: blocks.key, value: blocks.value }));
    // Only a nested block is dynamic: read from the stack's JSON as a rule reads the template.
    new ContainerApp(stack, 'nested', {
      name: 'ca-nested', resourceGroupName: 'rg', containerAppEnvironmentId: ENV, revisionMode: 'Single',
      template: { container: containers.dynamic({ name: containers.key, image: 'contoso.azurecr.io/app:1.0.0', cpu: 0.5, memory: '1Gi', env: [{ name: 'DB_PASSWORD', value: containers.value }] }) },
    });
    // A resource that iterates, with a dynamic block whose iterator cdktf names each too: the block's own each in its content.
    const outer = TerraformIterator.fromMap({ orders: 'orders-name' });
    const inner = TerraformIterator.fromMap({ psp: STRIPE });
    new ContainerApp(stack, 'od', {
      forEach: outer, name: outer.value, resourceGroupName: 'rg', containerAppEnvironmentId: ENV, revisionMode: 'Single',
      secret: inner.dynamic({ name: inner.key, value: inner.value }),
      template: { container: [{ name: 'app', image: 'contoso.azurecr.io/app:1.0.0', cpu: 0.5, memory: '1Gi' }] },
    });
    return stack;
  }
  const EXPECTED = [
    `[${SENSITIVE}] other-dev/each["psp"]: value = "sk_l…(32 chars)"`,
    `[${SENSITIVE}] other-dev/app: secret.gh.value = "ghp_…(40 chars)"`,
    '[SEC-1.ContainerAppPlainSecret] other-dev/nested: template.container.env.DB_PASSWORD',
    // The dynamic block's own value, not the resource's (`orders-name`).
    `[${SENSITIVE}] other-dev/od["orders"]: secret.psp.value = "sk_l…(32 chars)"`,
  ];
  const heads = (errors: string[]) => errors.filter((e) => e.startsWith('[SEC-1.')).map((e) => e.split(': azurerm marks')[0].replace(/ = "…\(\d+ chars\)": .*$/, ''));

  it('fails when a cdktf TerraformIterator over a literal map gives its value to a Key Vault secret, a dynamic Container App secret (also inside a resource that iterates) or a dynamic container\'s env (Testing.synth: attributes read one at a time)', () => {
    const stack = iterated();
    Testing.synth(stack);
    expect(heads(errorsOf(stack))).toEqual(EXPECTED);
    neverEchoed(errorsOf(stack));
  });

  it('fails the same on the stack\'s JSON, as cdktf synth judges an AzureStack (PlatformTesting.synth)', () => {
    const stack = iterated();
    expect(() => PlatformTesting.synth(stack)).toThrow(/4 error\(s\) that fail `cdktf synth`/);
    expect(heads(PlatformTesting.errors(stack))).toEqual(EXPECTED);
  });
});

describe('SEC-1.SensitiveAttributePlainSecret on an AzAPI body: the properties Resource Manager marks secure', () => {
  const APP = 'Microsoft.App/containerApps@2024-03-01';
  function armStack(secrets: Record<string, unknown>[], sensitiveBody?: Record<string, unknown>) {
    const stack = rawStack();
    new Resource(stack, 'ca', {
      type: APP, name: 'ca-orders', parentId: '/subscriptions/0/resourceGroups/rg',
      body: { properties: { environmentId: ENV, configuration: { secrets } } },
      ...(sensitiveBody !== undefined ? { sensitiveBody } : {}),
    });
    return stack;
  }

  it('fails when a Container App secret in an azapi_resource body is a literal, whatever its name, masked, with the Key Vault and sensitive_body fixes; PlainCredential does not judge it again', () => {
    const stack = armStack([{ name: 'redis', value: 'plain-literal-value-1234' }, { name: 'psp', value: STRIPE }]);
    Testing.synth(stack);
    const errors = errorsOf(stack).filter((e) => e.startsWith('[SEC-1.'));
    expect(errors.map((e) => e.split(': the types')[0])).toEqual([
      `[${SENSITIVE}] other-dev/ca: body.properties.configuration.secrets.redis.value = "…(24 chars)"`,
      `[${SENSITIVE}] other-dev/ca: body.properties.configuration.secrets.psp.value = "sk_l…(32 chars)"`,
    ]);
    expect(errors[0]).toContain('mark Microsoft.App/containerApps properties.configuration.secrets[].value secure, and it is given a value written in the configuration');
    expect(errors[0]).toContain('the Terraform state (azapi keeps the body it sent)');
    expect(errors[0]).toContain('Fix: let Azure read it from Key Vault with the app\'s identity: the secret as { name, keyVaultUrl = <versionless secret URI>');
    expect(errors[0]).toContain('move it from body to sensitive_body (write-only');
    neverEchoed(errors);
  });

  it('fails the same on the stack\'s JSON (PlatformTesting.synth) and through azure-lessons, for a body written with jsonencode and a type in another case', async () => {
    const stack = armStack([{ name: 'redis', value: 'plain-literal-value-1234' }]);
    expect(() => PlatformTesting.synth(stack)).toThrow(/error\(s\) that fail `cdktf synth`/);
    expect(PlatformTesting.errors(stack).filter((e) => e.startsWith('[SEC-1.')).map((e) => e.split(' = ')[0])).toEqual([
      `[${SENSITIVE}] other-dev/ca: body.properties.configuration.secrets.redis.value`,
    ]);
    const hcl = ['resource "azapi_resource" "dapr" {', '  type      = "microsoft.app/managedEnvironments/daprComponents@2024-03-01"', '  name      = "pubsub"', `  parent_id = "${ENV}"`,
      '  body = jsonencode({ properties = { componentType = "pubsub.azure.servicebus.queues", version = "v1", secrets = [{ name = "sb", value = "plain-literal-value-1234" }], metadata = [{ name = "connectionString", secretRef = "sb" }] } })', '}', ''].join('\n');
    const report = await lessonsOn({ 'main.tf': hcl });
    expect(failuresOf(report, SENSITIVE).map((r) => `${r.address} ${r.setting}`)).toEqual(['azapi_resource.dapr body.properties.secrets.sb.value']);
    expect(failuresOf(report, 'SEC-1.PlainCredential')).toEqual([]);
  });

  it('fails when sensitive_body gives a literal (write-only keeps it out of the state, not out of the configuration), and when a mounted share\'s key is a map\'s value', async () => {
    const stack = armStack([], { properties: { configuration: { secrets: [{ name: 'redis', value: 'plain-literal-value-1234' }] } } });
    Testing.synth(stack);
    const errors = errorsOf(stack).filter((e) => e.startsWith('[SEC-1.'));
    expect(errors.map((e) => e.split(' = ')[0])).toEqual([`[${SENSITIVE}] other-dev/ca: sensitive_body.properties.configuration.secrets.redis.value`]);
    expect(errors[0]).toContain('sensitive_body keeps it out of the state and the plan (write-only), but it is given a value written in the configuration');
    expect(errors[0]).toContain('change its sensitive_body_version entry to roll it');
    const hcl = ['resource "azapi_resource" "site" {', '  type      = "Microsoft.Web/sites@2024-04-01"', '  name      = "app-orders"', '  parent_id = "/subscriptions/0/resourceGroups/rg"',
      '  body = { properties = { siteConfig = { azureStorageAccounts = { media = { type = "AzureFiles", accountName = "stmedia", shareName = "media", accessKey = "plain-literal-value-1234" } } } } }', '}', ''].join('\n');
    const report = await lessonsOn({ 'main.tf': hcl });
    const found = failuresOf(report, SENSITIVE);
    expect(found.map((r) => `${r.address} ${r.setting}`)).toEqual(['azapi_resource.site body.properties.siteConfig.azureStorageAccounts.media.accessKey']);
    expect(found[0].message).not.toContain('keyVaultUrl');
    // One finding per value: PlainCredential, which reads a body by name, leaves a map's secure value to this rule.
    expect(failuresOf(report, 'SEC-1.PlainCredential')).toEqual([]);
  });

  it('fails when a body written with jsonencode holds a reference beside the secret (the plan knows the body in part), and on azapi_update_resource; PlainCredential leaves the value to this rule', async () => {
    const hcl = ['variable "env" {}',
      'resource "azapi_resource" "app" {', '  type      = "Microsoft.App/containerApps@2024-03-01"', '  name      = "ca"', '  parent_id = "/subscriptions/0/resourceGroups/rg"',
      '  body = jsonencode({ properties = { environmentId = var.env, configuration = { secrets = [{ name = "redis", value = "plain-literal-value-1234" }, { name = "given", value = var.env }] } } })', '}',
      'resource "azapi_resource" "sql" {', '  type      = "Microsoft.Sql/servers@2023-08-01"', '  name      = "sql"', '  parent_id = "/subscriptions/0/resourceGroups/rg"',
      `  body = jsonencode({ properties = { administratorLogin = var.env, administratorLoginPassword = "${PASSWORD}" } })`, '}',
      'resource "azapi_update_resource" "upd" {', '  type        = "Microsoft.App/containerApps@2024-03-01"', '  resource_id = "/subscriptions/0/resourceGroups/rg/providers/Microsoft.App/containerApps/ca"',
      '  body = { properties = { configuration = { secrets = [{ name = "redis", value = "plain-literal-value-1234" }] } } }', '}', ''].join('\n');
    const report = await lessonsOn({ 'main.tf': hcl });
    expect(failuresOf(report, SENSITIVE).map((r) => `${r.address} ${r.setting}`)).toEqual([
      'azapi_resource.app body.properties.configuration.secrets.redis.value',
      'azapi_resource.sql body.properties.administratorLoginPassword',
      'azapi_update_resource.upd body.properties.configuration.secrets.redis.value',
    ]);
    expect(failuresOf(report, 'SEC-1.PlainCredential')).toEqual([]);
  });

  it('passes a secret read from Key Vault, a reference, a sensitive variable without a default in sensitive_body, and a body of a type with no secure property', () => {
    const stack = armStack([
      { name: 'redis', keyVaultUrl: 'https://kv-orders.vault.azure.net/secrets/redis', identity: 'system' },
      { name: 'storage', value: '${azurerm_storage_account.sa.primary_connection_string}' },
    ]);
    new Resource(stack, 'sql', {
      type: 'Microsoft.Sql/servers@2023-08-01', name: 'sql-orders', parentId: '/subscriptions/0/resourceGroups/rg', body: { properties: { administratorLogin: 'sqladmin' } },
      sensitiveBody: { properties: { administratorLoginPassword: new TerraformVariable(stack, 'sql_password', { type: 'string', sensitive: true }).stringValue } },
    });
    new Resource(stack, 'topic', { type: 'Microsoft.EventGrid/topics@2022-06-15', name: 'egt-orders', parentId: '/subscriptions/0/resourceGroups/rg', body: { properties: { disableLocalAuth: true } } });
    Testing.synth(stack);
    expect(errorsOf(stack).filter((e) => e.startsWith('[SEC-1.'))).toEqual([]);
    expect(statusOf(stack, SENSITIVE, 'ca')).toEqual([ReportStatus.COMPLIANT]);
    expect(statusOf(stack, SENSITIVE, 'sql')).toEqual([ReportStatus.COMPLIANT]);
    // Not applicable: counted, no row.
    expect(statusOf(stack, SENSITIVE, 'topic')).toEqual([]);
  });
});

describe('SEC-1.OutputPlainSecret on a stack\'s outputs, HCL, cdk.tf.json and a plan', () => {
  it('fails when a TerraformOutput gives a literal credential, one through a local, or a literal under a secret\'s name, masked', () => {
    const stack = rawStack();
    new TerraformOutput(stack, 'stripe', { value: STRIPE, sensitive: true });
    new TerraformOutput(stack, 'ci', { value: Fn.lower(new TerraformLocal(stack, 'gh', GH_TOKEN).asString) });
    new TerraformOutput(stack, 'db_password', { value: 'correct-horse-battery' });
    const errors = findings(stack, OUTPUT);
    expect(errors.map((e) => e.split(': ').slice(0, 2).join(': '))).toEqual([
      `[${OUTPUT}] other-dev/stripe: value = "sk_l…(32 chars)"`,
      `[${OUTPUT}] other-dev/ci: value = "ghp_…(40 chars)"`,
      `[${OUTPUT}] other-dev/db_password: value = "…(21 chars)"`,
    ]);
    expect(errors[0]).toContain('sensitive = true hides it from the plan output only');
    neverEchoed(errors);
  });

  it('passes outputs of references, endpoints, a Key Vault secret URI and a switch, and can be suppressed on the output with a reason', () => {
    const stack = rawStack();
    const account = new StorageAccount(stack, 'sa', { name: 'stother', resourceGroupName: 'rg', location: 'westeurope', accountTier: 'Standard', accountReplicationType: 'LRS' });
    new TerraformOutput(stack, 'connection', { value: account.primaryConnectionString, sensitive: true });
    new TerraformOutput(stack, 'endpoint', { value: 'https://stother.queue.core.windows.net' });
    new TerraformOutput(stack, 'psp_secret_uri', { value: 'https://kv-orders.vault.azure.net/secrets/psp' });
    new TerraformOutput(stack, 'use_token', { value: 'true' });
    const sandbox = new TerraformOutput(stack, 'sandbox_api_key', { value: 'published-sandbox-key-1234' });
    LessonsCheck.suppress(sandbox, OUTPUT, 'the provider publishes this sandbox key in its documentation');
    expect(findings(stack, OUTPUT)).toEqual([]);
    const rows = LessonsCheck.of(stack)!.reportOf(stack).results.filter((r) => r.ruleId === OUTPUT);
    expect(rows.map((r) => [r.address, r.status])).toEqual([
      ['output.connection', ReportStatus.COMPLIANT], ['output.endpoint', ReportStatus.COMPLIANT], ['output.psp_secret_uri', ReportStatus.COMPLIANT],
      ['output.use_token', ReportStatus.COMPLIANT], ['output.sandbox_api_key', ReportStatus.SUPPRESSED],
    ]);
  });

  it('fails on plain HCL, cdk.tf.json and a plan\'s JSON; an output of a reference passes', async () => {
    const hcl = `output "stripe" {\n  value     = "${STRIPE}"\n  sensitive = true\n}\noutput "ci" {\n  value = lower(local.gh)\n}\nlocals {\n  gh = "${GH_TOKEN}"\n}\noutput "fqdn" {\n  value = azurerm_container_app.app.latest_revision_fqdn\n}\n`;
    const report = await lessonsOn({ 'main.tf': hcl });
    expect(failuresOf(report, OUTPUT).map((r) => r.address).sort()).toEqual(['output.ci', 'output.stripe']);
    expect(statusesAt(report, OUTPUT, 'output.fqdn')).toEqual([ReportStatus.COMPLIANT]);
    neverEchoed(failuresOf(report, OUTPUT).map((r) => r.message ?? ''));
    // cdk.tf.json, as cdktf writes the stack's outputs.
    const stack = rawStack();
    new TerraformOutput(stack, 'stripe', { value: STRIPE });
    const tfJson = await lessonsOn({ 'cdk.tf.json': JSON.stringify(stack.toTerraform()) });
    expect(failuresOf(tfJson, OUTPUT).map((r) => `${r.address} ${r.setting}`)).toEqual(['output.stripe value']);
    // A plan keeps the configured literal as the output's constant value.
    const plan = {
      format_version: '1.2', terraform_version: '1.11.4', planned_values: { root_module: {}, outputs: { stripe: { sensitive: true, value: STRIPE } } },
      configuration: { root_module: { outputs: { stripe: { sensitive: true, expression: { constant_value: STRIPE } }, fqdn: { expression: { references: ['azurerm_container_app.app.latest_revision_fqdn', 'azurerm_container_app.app'] } } } } },
    };
    const planned = await lessonsOn({ 'plan.json': JSON.stringify(plan) });
    expect(failuresOf(planned, OUTPUT).map((r) => r.address)).toEqual(['output.stripe']);
    expect(JSON.stringify(planned)).not.toContain(STRIPE.slice(4));
  });

  it('fails on a plan\'s output computed from a variable at its literal default; passes one whose variable was given at plan time', async () => {
    // The plan's configuration names only `var.stripe`; the value is the planned output's, which is the default.
    const plan = (given: string) => ({
      format_version: '1.2', terraform_version: '1.11.4',
      variables: { stripe: { value: given } },
      planned_values: { root_module: {}, outputs: { pay: { sensitive: false, value: given } } },
      configuration: { root_module: { variables: { stripe: { default: STRIPE } }, outputs: { pay: { expression: { references: ['var.stripe'] } } } } },
    });
    const atDefault = await lessonsOn({ 'plan.json': JSON.stringify(plan(STRIPE)) });
    expect(failuresOf(atDefault, OUTPUT).map((r) => r.address)).toEqual(['output.pay']);
    expect(JSON.stringify(atDefault)).not.toContain(STRIPE.slice(4));
    // Given with -var at plan time: not a value the configuration holds.
    const given = await lessonsOn({ 'plan.json': JSON.stringify(plan(STRIPE.replace('live', 'test'))) });
    expect(failuresOf(given, OUTPUT)).toEqual([]);
  });

  it('honours a suppression comment on an HCL output block', async () => {
    const hcl = `# azure-lessons:suppress SEC-1.OutputPlainSecret the provider publishes this sandbox key in its documentation\noutput "sandbox" {\n  value = "${STRIPE.replace('live', 'test')}"\n}\n`;
    const report = await lessonsOn({ 'main.tf': hcl });
    expect(statusesAt(report, OUTPUT, 'output.sandbox')).toEqual([ReportStatus.SUPPRESSED]);
  });
});

describe('SEC-1 on the resources of other providers a platform uses (Azure DevOps, GitHub, Kubernetes)', () => {
  const VAULT = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv';
  const SP_KEY = ['Q2w8Q', 'abcDEF123ghiJKL456mnoPQR789stu'].join('~');

  it('fails when an argument another provider marks sensitive is given a literal whatever its name, with that provider named and its own fix; PlainCredential does not judge it again', async () => {
    const hcl = [
      'resource "azuredevops_variable_group" "vg" {', '  project_id = "p"', '  name       = "orders"',
      '  variable {', '    name  = "Environment"', '    value = "prod"', '  }',
      '  variable {', '    name         = "DbPassword"', `    secret_value = "${PASSWORD}"`, '    is_secret    = true', '  }', '}',
      'resource "azuredevops_serviceendpoint_azurerm" "se" {', '  project_id            = "p"', '  service_endpoint_name = "azure"', '  azurerm_spn_tenantid  = "t"',
      '  credentials {', '    serviceprincipalid  = "00000000-0000-4000-8000-000000000001"', `    serviceprincipalkey = "${SP_KEY}"`, '  }', '}',
      'resource "github_actions_secret" "gh" {', '  repository      = "orders"', '  secret_name     = "PSP_KEY"', `  plaintext_value = "${GH_TOKEN}"`, '}',
      'resource "azuredevops_build_definition" "bd" {', '  project_id = "p"', '  name       = "orders"',
      '  variable {', '    name         = "PspKey"', `    secret_value = "${PASSWORD}"`, '    is_secret    = true', '  }', '}',
      'resource "github_dependabot_secret" "npm" {', '  repository      = "orders"', '  secret_name     = "NPM_TOKEN"', `  plaintext_value = "${PASSWORD}"`, '}', '',
    ].join('\n');
    const report = await lessonsOn({ 'main.tf': hcl });
    const found = failuresOf(report, SENSITIVE);
    expect(found.map((r) => r.message!.split(' sensitive, ')[0])).toEqual([
      `[${SENSITIVE}] azuredevops_build_definition.bd: variable.PspKey.secret_value = "…(${PASSWORD.length} chars)": azuredevops marks azuredevops_build_definition.variable.secret_value`,
      `[${SENSITIVE}] azuredevops_serviceendpoint_azurerm.se: credentials.serviceprincipalkey = "…(${SP_KEY.length} chars)": azuredevops marks azuredevops_serviceendpoint_azurerm.credentials.serviceprincipalkey`,
      `[${SENSITIVE}] azuredevops_variable_group.vg: variable.DbPassword.secret_value = "…(${PASSWORD.length} chars)": azuredevops marks azuredevops_variable_group.variable.secret_value`,
      `[${SENSITIVE}] github_actions_secret.gh: plaintext_value = "ghp_…(40 chars)": github marks github_actions_secret.plaintext_value`,
      `[${SENSITIVE}] github_dependabot_secret.npm: plaintext_value = "…(${PASSWORD.length} chars)": github marks github_dependabot_secret.plaintext_value`,
    ]);
    expect(found[0].message).toContain('Fix: keep the secret in a variable group linked to Key Vault');
    expect(found[1].message).toContain('Fix: let the service connection sign in without a secret: service_endpoint_authentication_scheme = "WorkloadIdentityFederation"');
    expect(found[2].message).toContain('Fix: link the variable group to Key Vault');
    // A third party's key: set outside Terraform; an Azure credential (by the secret's name): no secret at all, OpenID Connect.
    expect(found[3].message).toContain('Fix: set the secret outside Terraform (gh secret set');
    const azure = ['resource "github_actions_environment_secret" "arm" {', '  repository  = "orders"', '  environment = "prod"', '  secret_name = "ARM_CLIENT_SECRET"', `  value       = "${SP_KEY}"`, '}', ''].join('\n');
    expect(failuresOf(await lessonsOn({ 'main.tf': azure }), SENSITIVE).map((r) => r.message!.split(' Fix: ')[1].slice(0, 60))).toEqual(['let the workflow sign in to Azure with OpenID Connect (azure']);
    // One finding per value: the GitHub token's format is not reported again by the argument-wide rule.
    expect(failuresOf(report, 'SEC-1.PlainCredential')).toEqual([]);
    neverEchoed(found.map((r) => r.message!));
  });

  it('fails when a Databricks secret, a Codespaces or an organization\'s Dependabot secret, or a Kubernetes service connection\'s kubeconfig is given a literal, each with its fix', async () => {
    const KUBECONFIG = ['apiVersion: v1', 'kind: Config', 'users:', '- name: admin', '  user:', `    token: ${PASSWORD}`].join('\\n');
    const hcl = [
      'resource "databricks_secret" "db" {', '  scope        = "orders"', '  key          = "db-password"', `  string_value = "${PASSWORD}"`, '}',
      'resource "github_codespaces_secret" "cs" {', '  repository      = "orders"', '  secret_name     = "NPM_TOKEN"', `  plaintext_value = "${PASSWORD}"`, '}',
      'resource "github_codespaces_organization_secret" "org" {', '  secret_name     = "NPM_TOKEN"', '  visibility      = "all"', `  plaintext_value = "${PASSWORD}"`, '}',
      'resource "github_codespaces_user_secret" "user" {', '  secret_name     = "NPM_TOKEN"', `  plaintext_value = "${PASSWORD}"`, '}',
      'resource "github_dependabot_organization_secret" "dep" {', '  secret_name     = "NPM_TOKEN"', '  visibility      = "all"', `  plaintext_value = "${PASSWORD}"`, '}',
      // The provider's newer argument (636eff4, "Refactor secret values"; review).
      'resource "github_dependabot_organization_secret" "val" {', '  secret_name = "NPM_TOKEN"', '  visibility  = "all"', `  value       = "${PASSWORD}"`, '}',
      'resource "databricks_secret_uc" "uc" {', '  catalog_name = "orders"', '  schema_name  = "secrets"', '  name         = "psp-key"', `  value        = "${PASSWORD}"`, '}',
      'resource "databricks_provider" "share" {', '  name                = "partner"', '  authentication_type = "TOKEN"', `  recipient_profile_str = jsonencode({ shareCredentialsVersion = 1, bearerToken = "${PASSWORD}", endpoint = "https://sharing.example.com/delta-sharing/" })`, '}',
      'resource "azuredevops_serviceendpoint_kubernetes" "sa" {', '  project_id            = "p"', '  service_endpoint_name = "aks-sa"', '  apiserver_url         = "https://aks.example.com"',
      '  authorization_type    = "ServiceAccount"', '  service_account {', `    token = "${PASSWORD}"`, '  }', '}',
      'resource "azuredevops_serviceendpoint_kubernetes" "aks" {', '  project_id            = "p"', '  service_endpoint_name = "aks"', '  apiserver_url         = "https://aks.example.com"',
      '  authorization_type    = "Kubeconfig"', '  kubeconfig {', `    kube_config = "${KUBECONFIG}"`, '  }', '}', '',
    ].join('\n');
    const report = await lessonsOn({ 'main.tf': hcl });
    const found = failuresOf(report, SENSITIVE);
    expect(found.map((r) => r.message!.split(' sensitive, ')[0].split(' = ')[0])).toEqual([
      `[${SENSITIVE}] azuredevops_serviceendpoint_kubernetes.aks: kubeconfig.kube_config`,
      `[${SENSITIVE}] databricks_provider.share: recipient_profile_str`,
      `[${SENSITIVE}] databricks_secret.db: string_value`,
      `[${SENSITIVE}] databricks_secret_uc.uc: value`,
      `[${SENSITIVE}] github_codespaces_organization_secret.org: plaintext_value`,
      `[${SENSITIVE}] github_codespaces_secret.cs: plaintext_value`,
      `[${SENSITIVE}] github_codespaces_user_secret.user: plaintext_value`,
      `[${SENSITIVE}] github_dependabot_organization_secret.dep: plaintext_value`,
      `[${SENSITIVE}] github_dependabot_organization_secret.val: value`,
    ]);
    const kubernetesFix = 'Fix: let the pipeline reach the cluster through Azure instead: an Azure Resource Manager service connection with workload identity federation';
    expect(found[0].message).toContain('azuredevops marks azuredevops_serviceendpoint_kubernetes.kubeconfig.kube_config sensitive');
    expect(found[0].message).toContain(kubernetesFix);
    expect(found[0].message).toContain('where the cluster keeps local accounts, authorization_type = "AzureSubscription" also works');
    expect(found[2].message).toContain('databricks marks databricks_secret.string_value sensitive');
    expect(found[2].message).toContain('Fix: keep the secret in Key Vault and read it through a Key Vault-backed secret scope (databricks_secret_scope with keyvault_metadata; such a scope is read-only): remove the databricks_secret');
    expect(found[3].message).toContain('databricks_secret_uc.value is the secret the resource stores (databricks does not mark it sensitive, so terraform plan prints it), and it is given');
    expect(found[3].message).toContain('Fix: set the secret\'s value outside Terraform, where it is issued (the Databricks CLI or API)');
    for (const r of found.slice(4)) expect(r.message).toContain('Fix: set the secret outside Terraform (gh secret set');
    // A service account's token is named for what it holds (SEC-1.PlainCredential's), with the service connection's fix.
    const plain = failuresOf(report, 'SEC-1.PlainCredential');
    expect(plain.map((r) => `${r.address} ${r.setting}`)).toEqual(['azuredevops_serviceendpoint_kubernetes.sa service_account.token']);
    expect(plain[0].message).toContain(kubernetesFix);
    neverEchoed([...found, ...plain].map((r) => r.message!));
  });

  it('passes what names a secret kept elsewhere: a Helm chart\'s existingSecret and imagePullSecrets given a Secret\'s name in its values, an Azure Pipelines macro naming another variable as a variable\'s secret_value (review)', async () => {
    const hcl = [
      'resource "helm_release" "redis" {', '  name   = "redis"', '  chart  = "redis"',
      '  values = [yamlencode({ auth = { existingSecret = "redis-auth", existingSecretPasswordKey = "redis-password" }, global = { imagePullSecrets = ["acr-pull"] } })]', '}',
      'resource "azuredevops_variable_group" "vg" {', '  project_id = "p"', '  name       = "orders"',
      '  variable {', '    name         = "DbPassword"', '    secret_value = "$(DbPasswordFromKeyVault)"', '    is_secret    = true', '  }', '}', '',
    ].join('\n');
    const report = await lessonsOn({ 'main.tf': hcl });
    expect([...failuresOf(report, 'SEC-1.PlainCredential'), ...failuresOf(report, SENSITIVE)]).toEqual([]);
  });

  it('fails when a password stands under a Kubernetes Secret\'s name outside a chart\'s values or is no object\'s name, or a macro names a plain variable of the group, or stands where Azure DevOps resolves none (review)', async () => {
    const hcl = [
      'resource "helm_release" "leak" {', '  name   = "leak"', '  chart  = "redis"', `  values = [yamlencode({ auth = { password = "${PASSWORD}" } })]`, '}',
      'resource "helm_release" "odd" {', '  name   = "odd"', '  chart  = "redis"', '  values = [yamlencode({ auth = { existingSecret = "Tr0ub4dor-and-3-horses" } })]', '}',
      'resource "azurerm_linux_web_app" "app" {', '  name                = "app"', '  resource_group_name = "rg"', '  location            = "westeurope"', '  service_plan_id     = "/x"', '  site_config {}',
      '  app_settings = { EXISTING_SECRET = "correct-horse-battery" }', '}',
      'module "m" {', '  source          = "./m"', '  existing_secret = "correct-horse-battery"', '}',
      'resource "azuredevops_variable_group" "vg" {', '  project_id = "p"', '  name       = "orders"',
      '  variable {', '    name  = "DbSource"', `    value = "${PASSWORD}"`, '  }',
      '  variable {', '    name         = "DbPassword"', '    secret_value = "$(DbSource)"', '    is_secret    = true', '  }',
      '  variable {', '    name         = "PspKey"', `    secret_value = "$(x)${PASSWORD}"`, '    is_secret    = true', '  }', '}',
      'resource "azuredevops_serviceendpoint_azurerm" "se" {', '  project_id            = "p"', '  service_endpoint_name = "azure"', '  azurerm_spn_tenantid  = "t"',
      '  credentials {', '    serviceprincipalid  = "00000000-0000-4000-8000-000000000001"', '    serviceprincipalkey = "$(SpKey)"', '  }', '}',
      'resource "azurerm_key_vault_secret" "kv" {', '  name         = "psp"', '  key_vault_id = "/x"', '  value        = "$(PspKey)"', '}', '',
    ].join('\n');
    const report = await lessonsOn({ 'main.tf': hcl, 'm/main.tf': 'variable "existing_secret" {}\n' });
    expect(failuresOf(report, 'SEC-1.PlainCredential').map((r) => `${r.address} ${r.setting}`)).toEqual(['helm_release.leak values[0]', 'helm_release.odd values[0]', 'module.m existing_secret']);
    expect(failuresOf(report, 'SEC-1.AppSettingPlainSecret').map((r) => `${r.address} ${r.setting}`)).toEqual(['azurerm_linux_web_app.app app_settings.EXISTING_SECRET']);
    const sensitive = failuresOf(report, SENSITIVE);
    expect(sensitive.map((r) => `${r.address} ${r.setting}`)).toEqual([
      'azuredevops_serviceendpoint_azurerm.se credentials.serviceprincipalkey',
      'azuredevops_variable_group.vg variable.DbPassword.secret_value',
      'azuredevops_variable_group.vg variable.PspKey.secret_value',
      'azurerm_key_vault_secret.kv value',
    ]);
    expect(sensitive[1].message).toContain(`variable.DbPassword.secret_value = "…(${PASSWORD.length} chars)": azuredevops marks azuredevops_variable_group.variable.secret_value sensitive, and it is given $(DbSource), the variable DbSource of the same resource, whose value is written in the configuration and is no secret variable`);
    neverEchoed(sensitive.map((r) => r.message!));
  });

  it('fails when a Helm release\'s set_sensitive value is a literal, and passes its set naming an existing Kubernetes Secret', async () => {
    const hcl = [
      'resource "helm_release" "redis" {', '  name  = "redis"', '  chart = "redis"',
      '  set {', '    name  = "auth.existingSecret"', '    value = "redis-auth"', '  }',
      '  set_sensitive {', '    name  = "auth.password"', `    value = "${PASSWORD}"`, '  }', '}', '',
    ].join('\n');
    const report = await lessonsOn({ 'main.tf': hcl });
    const found = failuresOf(report, SENSITIVE);
    expect(found.map((r) => r.message!.split(' sensitive, ')[0])).toEqual([
      `[${SENSITIVE}] helm_release.redis: set_sensitive.auth.password.value = "…(${PASSWORD.length} chars)": helm marks helm_release.set_sensitive.value`,
    ]);
    expect(found[0].message).toContain('Fix: let the chart read the secret from a Kubernetes Secret it is given by name');
    expect(failuresOf(report, 'SEC-1.PlainCredential')).toEqual([]);
  });

  it('fails when an argument of another provider\'s resource is named for a secret and given a literal (its schema is not known here, so its name says what it holds)', async () => {
    const hcl = [
      'resource "kubernetes_secret" "db" {', '  metadata {', '    name = "db"', '  }', '  data = {', '    username = "orders"', `    password = "${PASSWORD}"`, '  }', '}',
      'resource "azuredevops_serviceendpoint_generic" "psp" {', '  project_id            = "p"', '  service_endpoint_name = "psp"', '  server_url            = "https://psp.example.com"',
      '  username              = "orders"', `  password              = "${PASSWORD}"`, '}',
      // A tag of an azurerm resource stays anyone's word: its format decides.
      'resource "azurerm_resource_group" "rg" {', '  name     = "rg"', '  location = "westeurope"', '  tags = {', `    password = "${PASSWORD}"`, '  }', '}', '',
    ].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': hcl }), 'SEC-1.PlainCredential');
    expect(found.map((r) => r.message!.split(', written in')[0])).toEqual([
      `[SEC-1.PlainCredential] azuredevops_serviceendpoint_generic.psp: password = "…(${PASSWORD.length} chars)": the name says the value is a secret (PASSWORD), and it is a literal`,
      `[SEC-1.PlainCredential] kubernetes_secret.db: data.password = "…(${PASSWORD.length} chars)": the name says the value is a secret (PASSWORD), and it is a literal`,
    ]);
    expect(found[0].message).toContain('the plan file and the Terraform state hold it in plain text. Fix:');
    neverEchoed(found.map((r) => r.message!));
  });

  it('passes the maps of another provider whose keys are anyone\'s word (annotations, a manifest, a Spark configuration), and placeholders another tool resolves', async () => {
    const hcl = [
      'resource "databricks_cluster" "c" {', '  cluster_name   = "c"',
      '  spark_conf     = { "fs.azure.account.oauth2.client.secret" = "{{secrets/kv/sp-secret}}" }',
      '  spark_env_vars = { DB_PASSWORD = "{{secrets/kv/db-password}}" }', '}',
      'resource "kubernetes_manifest" "es" {', '  manifest = {', '    kind = "ExternalSecret"', '    spec = {',
      '      target = { template = { data = { password = "{{ .dbpassword }}" } } }',
      '      data   = [{ secretKey = "dbpassword", remoteRef = { key = "db-password" } }]', '    }', '  }', '}',
      'resource "kubernetes_ingress_v1" "web" {', '  metadata {', '    name = "web"', '    annotations = {',
      '      "nginx.ingress.kubernetes.io/auth-secret" = "basic-auth"', '    }', '  }', '}',
      'resource "azuredevops_build_definition" "bd" {', '  project_id = "p"', '  variable {', '    name  = "ARM_CLIENT_SECRET"', '    value = "$(sp-client-secret)"', '  }', '}',
      'resource "github_actions_variable" "v" {', '  repository    = "orders"', '  variable_name = "DB_PASSWORD_REF"', '  value         = "$${{ secrets.DB_PASSWORD }}"', '}', '',
    ].join('\n');
    const report = await lessonsOn({ 'main.tf': hcl });
    expect(report.results.filter((r) => r.status === ReportStatus.NON_COMPLIANT && r.ruleId.startsWith('SEC-1.')).map((r) => r.message)).toEqual([]);
    // A credential's format is still judged inside such a map.
    const conf = ['resource "databricks_cluster" "c" {', '  cluster_name = "c"', `  spark_conf   = { "fs.azure.sas.orders" = "${GH_TOKEN}" }`, '}', ''].join('\n');
    expect(failuresOf(await lessonsOn({ 'main.tf': conf }), 'SEC-1.PlainCredential').map((r) => r.setting)).toEqual(['spark_conf.fs.azure.sas.orders']);
  });

  it('fails when another provider\'s map of environment variables, a Kubernetes Secret manifest or a Secret\'s data holds a literal under a secret\'s name', async () => {
    const hcl = [
      'resource "aws_lambda_function" "f" {', '  function_name = "f"', '  role          = "r"', '  environment {', `    variables = { DB_PASSWORD = "${PASSWORD}" }`, '  }', '}',
      'resource "databricks_cluster" "c" {', '  cluster_name   = "c"', `  spark_env_vars = { DB_PASSWORD = "${PASSWORD}" }`, '}',
      'resource "kubernetes_manifest" "s" {', '  manifest = {', '    apiVersion = "v1"', '    kind       = "Secret"', '    metadata   = { name = "db", namespace = "default" }',
      `    stringData = { password = "${PASSWORD}" }`, '  }', '}',
      'resource "kubernetes_secret_v1_data" "d" {', '  metadata {', '    name = "db"', '  }', `  data = { password = "${PASSWORD}" }`, '}', '',
    ].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': hcl }), 'SEC-1.PlainCredential');
    expect(found.map((r) => `${r.address} ${r.setting}`)).toEqual([
      'aws_lambda_function.f environment.variables.DB_PASSWORD',
      'databricks_cluster.c spark_env_vars.DB_PASSWORD',
      'kubernetes_manifest.s manifest.stringData.password',
      'kubernetes_secret_v1_data.d data.password',
    ]);
    neverEchoed(found.map((r) => r.message!));
  });

  it('fails when a placeholder only another tool resolves is given under a secret\'s name to an Azure resource or a module, where it is the value itself', async () => {
    const hcl = [
      'resource "azurerm_container_group" "cg" {', '  name                = "cg"', '  location            = "westeurope"', '  resource_group_name = "rg"', '  os_type             = "Linux"',
      '  container {', '    name   = "app"', '    image  = "nginx"', '    cpu    = 1', '    memory = 1',
      '    environment_variables = {', '      DB_PASSWORD = "$(abc)"', '      API_TOKEN   = "{{ .x }}"', '    }', '  }', '}',
      'module "m" {', '  source        = "./m"', '  client_secret = "{{secrets/a/b}}"', '}', '',
    ].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': hcl }), 'SEC-1.PlainCredential');
    expect(found.map((r) => `${r.address} ${r.setting}`)).toEqual([
      'azurerm_container_group.cg container.environment_variables.API_TOKEN',
      'azurerm_container_group.cg container.environment_variables.DB_PASSWORD',
      'module.m client_secret',
    ]);
  });

  it('fails when a dynamic block over a map written out gives its literal to a sensitive attribute beside a value known at apply only, and a literal beside a sensitive default', async () => {
    const hcl = [
      'variable "other" {', '  type      = string', '  sensitive = true', '}',
      'resource "azurerm_container_app" "app" {', '  name = "ca-orders"', '  dynamic "secret" {', `    for_each = { psp = "${STRIPE}", other = var.other }`,
      '    content {', '      name  = secret.key', '      value = secret.value', '    }', '  }', '}',
      'variable "db_password" {', '  type      = string', '  sensitive = true', `  default   = "${PASSWORD}"`, '}',
      'resource "azurerm_key_vault_secret" "s" {', `  for_each     = { sql = "${SQL}", other = var.db_password }`, '  name         = each.key', '  value        = each.value', `  key_vault_id = "${VAULT}"`, '}', '',
    ].join('\n');
    const report = await lessonsOn({ 'main.tf': hcl });
    const found = failuresOf(report, SENSITIVE);
    expect(found.map((r) => r.message!.split(': azurerm marks')[0])).toEqual([
      `[${SENSITIVE}] azurerm_container_app.app: secret.psp.value = "sk_l…(32 chars)"`,
      `[${SENSITIVE}] azurerm_key_vault_secret.s["sql"]: value = "Serv…(${SQL.length} chars)"`,
    ]);
    // The sensitive default itself is refused where it is written.
    expect(failuresOf(report, 'SEC-1.VariableDefaultSecret').map((r) => r.address)).toEqual(['var.db_password']);
    neverEchoed(found.map((r) => r.message!));
  });

  it('passes another provider\'s secret given from a variable without a default, or by reference', async () => {
    const hcl = [
      'variable "db_password" {', '  type      = string', '  sensitive = true', '}',
      'resource "azuredevops_variable_group" "vg" {', '  project_id = "p"', '  name       = "orders"',
      '  variable {', '    name         = "DbPassword"', '    secret_value = var.db_password', '    is_secret    = true', '  }', '}',
      'resource "github_actions_secret" "gh" {', '  repository      = "orders"', '  secret_name     = "DB"', '  plaintext_value = azurerm_key_vault_secret.db.value', '}',
      'resource "kubernetes_secret" "db" {', '  metadata {', '    name = "db"', '  }', '  data = {', '    password = var.db_password', '  }', '}', '',
    ].join('\n');
    const report = await lessonsOn({ 'main.tf': hcl });
    expect([...failuresOf(report, SENSITIVE), ...failuresOf(report, 'SEC-1.PlainCredential')]).toEqual([]);
  });

  it('fails the same on a raw resource of another provider in a cdktf stack', () => {
    const stack = rawStack();
    const group = new TerraformResource(stack, 'vg', { terraformResourceType: 'azuredevops_variable_group' });
    group.addOverride('project_id', 'p');
    group.addOverride('name', 'orders');
    group.addOverride('variable', [{ name: 'DbPassword', secret_value: PASSWORD, is_secret: true }]);
    expect(findings(stack, SENSITIVE).map((e) => e.split(' sensitive, ')[0])).toEqual([
      `[${SENSITIVE}] other-dev/vg: variable.DbPassword.secret_value = "…(${PASSWORD.length} chars)": azuredevops marks azuredevops_variable_group.variable.secret_value`,
    ]);
  });
});
