import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { conditional, DataTerraformRemoteStateAzurerm, Fn, TerraformHclModule, TerraformResource, TerraformStack, TerraformVariable, Testing, Token } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ApiManagementBackend } from '@cdktf/provider-azurerm/lib/api-management-backend';
import { ContainerApp } from '@cdktf/provider-azurerm/lib/container-app';
import { ContainerAppEnvironmentDaprComponent } from '@cdktf/provider-azurerm/lib/container-app-environment-dapr-component';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import { VirtualMachineRunCommand } from '@cdktf/provider-azurerm/lib/virtual-machine-run-command';
import { VirtualMachineExtension } from '@cdktf/provider-azurerm/lib/virtual-machine-extension';
import { LessonsCommand } from '../../constructs/lessons-cli/command';
import { ReportStatus } from '../../constructs/lessons-check/report';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { LessonsCheck } from '../../constructs/stack/lessons-check';
import { PlatformLessonsPack } from '../../constructs/stack/platform-lessons-pack';
import { failuresOf, lessonsOn, statusesAt } from '../support/hcl';
import { addResources } from '../support/lessons-cli';
import { RULE_EXAMPLES, failingSets, tableOf } from '../support/rule-examples';
import { errorsOf } from '../support/synth';
import { PlatformTesting } from '../../constructs/testing/platform-testing';

// SEC-1.PlainCredential: a credential written in an argument no other SEC-1 rule reads (a tag, a
// command, a header, an AzAPI body, a module's input, a remote state's config). Credentials are
// assembled at run time, so no scanner mistakes this file for a leak.
const ACCOUNT_KEY = ['bXlLZXkxMjM0NTY3ODkw', 'YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXo=='].join('');
const CONNECTION = `DefaultEndpointsProtocol=https;AccountName=orders;AccountKey=${ACCOUNT_KEY}`;
const PSP_KEY = ['sk', 'live', 'a1B2c3D4e5F6g7H8i9J0k1L2'].join('_');
const RULE = 'SEC-1.PlainCredential';
const PAT = ['pat', 'q3v9xk2m7w'].join('-');
/** A private key as go-getter's `sshkey` takes one: the PEM text in base64. */
const SSH_KEY = Buffer.from(['-----BEGIN OPENSSH PRIVATE KEY-----', 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmU=', '-----END OPENSSH PRIVATE KEY-----', ''].join('\n')).toString('base64');

const stack = () => new AzureStack(Testing.app(), { stackName: 'other', environmentName: 'dev', production: false });
const findings = (s: TerraformStack) => {
  Testing.synth(s);
  return errorsOf(s).filter((e) => e.startsWith(`[${RULE}] `));
};
const neverEchoed = (messages: readonly string[]) => {
  for (const m of messages) for (const secret of [ACCOUNT_KEY, PSP_KEY]) expect(m).not.toContain(secret.slice(8));
};

describe('SEC-1.PlainCredential on a stack\'s resources, data sources and module calls', () => {
  it('fails when a tag holds a storage connection string with its key, masked, with the whole message', () => {
    const s = stack();
    new ResourceGroup(s, 'rg', { name: 'rg-orders', location: 'westeurope', tags: { owner: 'orders', storage: CONNECTION } });
    const errors = findings(s);
    expect(errors).toEqual([
      `[${RULE}] other-dev/rg: tags.storage = "Defa…(${CONNECTION.length} chars)": a connection string with an account key (Storage, Cosmos DB), written in a resource's argument: the configuration (cdk.tf.json or the .tf files), the plan file and the Terraform state hold it in plain text, and what Azure keeps of it (a tag, a body, a header) every reader of the resource sees. Fix: connect with the app's identity instead (\`<Name>__accountName\` or the account endpoint, and a data role granted to it); a value Terraform must send comes by reference from where it lives (a Key Vault secret's value), or from a sensitive variable without a default given at plan time from the pipeline's secret store.`,
    ]);
    neverEchoed(errors);
  });

  it('fails when a container\'s args, an API Management backend\'s header, terraform_data\'s input or a provisioner\'s command hold one', () => {
    const s = stack();
    new ContainerApp(s, 'app', { name: 'ca', resourceGroupName: 'rg', containerAppEnvironmentId: 'x', revisionMode: 'Single', template: { container: [{ name: 'c', image: 'i', cpu: 0.5, memory: '1Gi', args: ['--storage', CONNECTION] }] } });
    new ApiManagementBackend(s, 'psp', { name: 'psp', resourceGroupName: 'rg', apiManagementName: 'apim', protocol: 'http', url: 'https://api.psp.example', credentials: { header: { Authorization: `Bearer ${PSP_KEY}` } } });
    new TerraformResource(s, 'seed', { terraformResourceType: 'terraform_data' }).addOverride('input', Fn.join('', ['sk_live_', PSP_KEY.slice(8)]));
    new ResourceGroup(s, 'rg', { name: 'rg', location: 'westeurope', provisioners: [{ type: 'local-exec', command: `az storage blob upload --account-name orders --account-key ${ACCOUNT_KEY} -f site.zip` }] });
    const errors = findings(s);
    expect(errors.map((e) => e.split(' = ')[0])).toEqual([
      `[${RULE}] other-dev/app: template.container.args[1]`, `[${RULE}] other-dev/psp: credentials.header.Authorization`,
      `[${RULE}] other-dev/seed: input`, `[${RULE}] other-dev/rg: provisioner.local-exec.command`,
    ]);
    expect(errors[2]).toContain('an API key (its prefix is a well-known provider\'s');
    expect(errors[3]).toContain('a secret on a command line');
    neverEchoed(errors);
  });

  it('fails when a run command\'s script holds a key: a resource\'s source is an argument like any other (a module\'s is where it comes from)', () => {
    const s = stack();
    new VirtualMachineRunCommand(s, 'run', { name: 'r', location: 'westeurope', virtualMachineId: 'x', source: { script: `az storage blob upload --account-key ${ACCOUNT_KEY} -f site.zip` } });
    const errors = findings(s);
    expect(errors.map((e) => e.split(' = ')[0])).toEqual([`[${RULE}] other-dev/run: source.script`]);
    neverEchoed(errors);
  });

  it('fails when a command line given as a list holds a secret option\'s value, its words read together', () => {
    const s = stack();
    new ContainerApp(s, 'job', { name: 'ca', resourceGroupName: 'rg', containerAppEnvironmentId: 'x', revisionMode: 'Single', template: { container: [{ name: 'c', image: 'i', cpu: 0.5, memory: '1Gi', command: ['az'], args: ['storage', 'blob', 'upload', '--account-key', ACCOUNT_KEY, '-f', 'site.zip'] }] } });
    const errors = findings(s);
    expect(errors.map((e) => e.split(': a secret on')[0])).toEqual([`[${RULE}] other-dev/job: template.container.args = "…(${'storage blob upload --account-key  -f site.zip'.length + ACCOUNT_KEY.length} chars)"`]);
    neverEchoed(errors);
  });

  it('fails when a module call is given a literal under a secret\'s name, or a remote state\'s config a storage key, each with its own fix', () => {
    const s = stack();
    new TerraformHclModule(s, 'payments', { source: 'Azure/avm-res-web-site/azurerm', version: '0.16.0', variables: { client_id: '00000000-0000-0000-0000-000000000001', client_secret: 'p4yments-s3cret-value' } });
    new DataTerraformRemoteStateAzurerm(s, 'network', { storageAccountName: 'sttfstate', containerName: 'tfstate', key: 'network.tfstate', accessKey: ACCOUNT_KEY });
    const errors = findings(s);
    expect(errors.map((e) => e.split(': the name says')[0])).toEqual([`[${RULE}] other-dev/payments: client_secret = "…(21 chars)"`, `[${RULE}] other-dev/network: config.access_key = "…(${ACCOUNT_KEY.length} chars)"`]);
    expect(errors[0]).toContain('given to a module: the configuration (cdk.tf.json or the .tf files) and the plan file hold it in plain text');
    expect(errors[0]).toContain('Fix: keep it in Key Vault and let the app read it with its identity (Key Vault Secrets User on the secret); give the module a reference');
    expect(errors[1]).toContain('Fix: leave the key out: read the state with Entra ID (config use_azuread_auth = true');
    neverEchoed(errors);
  });

  it('fails when a module call\'s source address holds a password (terraform init prints it), masked, with its own fix; an address without one passes', () => {
    const s = stack();
    new TerraformHclModule(s, 'network', { source: `git::https://build:${PAT}@dev.azure.com/contoso/infra/_git/network?ref=v1.4.0` });
    new TerraformHclModule(s, 'dns', { source: 'git::https://dev.azure.com/contoso/infra/_git/dns?ref=v1.4.0' });
    const errors = findings(s);
    expect(errors).toEqual([
      `[${RULE}] other-dev/network: source = "…(85 chars)": a URL with a password in it, in a module's source address: terraform init prints the address as it downloads the module (into the pipeline's log), and the configuration (cdk.tf.json or the .tf files) and the plan file hold it in plain text. Fix: leave the credential out of the address (it takes only a literal) and give it at init from the pipeline's secret store: for git, git config --global url."https://x-access-token:$TOKEN@github.com/".insteadOf "https://github.com/" in the job, a credential helper, Azure Pipelines' System.AccessToken as http.extraheader, or SSH with a deploy key the agent holds; for S3 or a blob, the getter's own credentials from the environment (AWS_*, a SAS given outside the address); then rotate the one written here.`,
    ]);
    expect(errors[0]).not.toContain(PAT);
  });

  it('fails when a conditional\'s branch holds a key: configuration text whichever way the expression goes', () => {
    const s = stack();
    const prod = new TerraformVariable(s, 'prod', { type: 'bool' });
    new ResourceGroup(s, 'rg', { name: 'rg', location: 'westeurope', tags: { psp: Token.asString(conditional(prod.booleanValue, PSP_KEY, 'none')) } });
    const errors = findings(s);
    expect(errors.map((e) => e.split(' = ')[0])).toEqual([`[${RULE}] other-dev/rg: tags.psp`]);
    expect(errors[0]).toContain('an API key (its prefix is a well-known provider\'s');
    neverEchoed(errors);
  });

  it('fails through a variable\'s default as the other rules do, beside the default\'s own finding', () => {
    const s = stack();
    const key = new TerraformVariable(s, 'psp_key', { type: 'string', default: PSP_KEY });
    new ResourceGroup(s, 'rg', { name: 'rg', location: 'westeurope', tags: { psp: key.stringValue } });
    Testing.synth(s);
    expect(errorsOf(s).map((e) => e.split(' = ')[0]).sort()).toEqual([`[${RULE}] other-dev/rg: tags.psp`, '[SEC-1.VariableDefaultSecret] other-dev/psp_key: default']);
  });

  it('finds the same on a full synth (cdktf synth\'s path: the stack\'s resolved JSON, only the arguments that may hold a credential read)', () => {
    const s = stack();
    const key = new TerraformVariable(s, 'psp_key', { type: 'string', default: PSP_KEY });
    new ResourceGroup(s, 'rg', { name: 'rg', location: 'westeurope', tags: { owner: 'orders', psp: key.stringValue, storage: CONNECTION } });
    new ContainerApp(s, 'job', { name: 'ca', resourceGroupName: 'rg', containerAppEnvironmentId: 'x', revisionMode: 'Single', template: { container: [{ name: 'c', image: 'i', cpu: 0.5, memory: '1Gi', args: ['storage', 'blob', 'upload', '--account-key', ACCOUNT_KEY] }] } });
    expect(() => Testing.fullSynth(s)).toThrow(/Encountered Annotations with level "ERROR"/);
    const rows = LessonsCheck.of(s)!.reportOf(s).results.filter((r) => r.ruleId === RULE && r.status === ReportStatus.NON_COMPLIANT);
    expect(rows.map((r) => `${r.resourcePath} ${r.setting}`)).toEqual(['other-dev/rg tags.psp', 'other-dev/rg tags.storage', 'other-dev/job template.container.args']);
    expect(rows[0].message).toContain('tags.psp = "sk_l…(32 chars)"');
    neverEchoed(rows.map((r) => r.message ?? ''));
  });

  it('finds on a full synth what it finds on the construct path: literals inside ${...} and an az login -p as a list, not only references to variables', () => {
    const build = () => {
      const s = stack();
      new TerraformResource(s, 'seed', { terraformResourceType: 'terraform_data' }).addOverride('input', `\${"${PSP_KEY}"}`);
      new TerraformResource(s, 'split', { terraformResourceType: 'terraform_data' }).addOverride('input', `s\${"k"}_live_${PSP_KEY.slice(8)}`);
      new ContainerApp(s, 'login', { name: 'ca', resourceGroupName: 'rg', containerAppEnvironmentId: 'x', revisionMode: 'Single', template: { container: [{ name: 'c', image: 'i', cpu: 0.5, memory: '1Gi', args: ['az', 'login', '-u', 'deployer', '-p', 'Sup3rS3cretPassw0rd'] }] } });
      return s;
    };
    const viaConstructs = build();
    const slow = findings(viaConstructs).map((e) => e.split(' = ')[0]);
    const viaJson = build();
    expect(() => Testing.fullSynth(viaJson)).toThrow(/Encountered Annotations with level "ERROR"/);
    const fast = LessonsCheck.of(viaJson)!.reportOf(viaJson).results.filter((r) => r.ruleId === RULE && r.status === ReportStatus.NON_COMPLIANT).map((r) => `[${RULE}] ${r.resourcePath}: ${r.setting}`);
    expect(slow).toEqual([`[${RULE}] other-dev/seed: input`, `[${RULE}] other-dev/split: input`, `[${RULE}] other-dev/login: template.container.args`]);
    expect(fast).toEqual(slow);
  });

  it('passes names, ids, addresses, references, an e-mail and a named value in a header, and a module given only a reference', () => {
    const s = stack();
    const key = new TerraformVariable(s, 'psp_key', { type: 'string', sensitive: true });
    new ResourceGroup(s, 'rg', { name: 'rg-orders', location: 'westeurope', tags: { owner: 'orders@contoso.com', cost: 'cc=1234', id: '${azurerm_resource_group.x.id}' } });
    new ApiManagementBackend(s, 'psp', { name: 'psp', resourceGroupName: 'rg', apiManagementName: 'apim', protocol: 'http', url: 'https://api.psp.example', credentials: { header: { Authorization: '{{psp-key}}' } } });
    new TerraformHclModule(s, 'payments', { source: 'Azure/avm-res-web-site/azurerm', version: '0.16.0', variables: { client_secret: key.stringValue, secret_name: 'psp-key' } });
    expect(findings(s)).toEqual([]);
    // Compliant where it read a value that may hold a credential (the tag with an e-mail and a `=`, the module's inputs); a header
    // of a named value holds nothing that may be one: not applicable, counted, no row (most resources of a stack are such).
    const report = LessonsCheck.of(s)!.reportOf(s);
    expect(report.results.filter((r) => r.ruleId === RULE).map((r) => [r.address.replace(/_[0-9A-F]{8}$/, ''), r.status])).toEqual([
      ['azurerm_resource_group.rg', ReportStatus.COMPLIANT], ['module.payments', ReportStatus.COMPLIANT],
    ]);
    expect(report.notApplicable[RULE]).toBeGreaterThanOrEqual(1);
  });

  it('fails when a module\'s input under a secret\'s name only looks like a reference: a named value with a secret\'s characters, a Key Vault reference with text after it', () => {
    const s = stack();
    new TerraformHclModule(s, 'web', {
      source: 'Azure/avm-res-web-site/azurerm', version: '0.16.0',
      variables: { backend_api_key: '{{Sup3rS3cret!Passw0rd}}', client_secret: '@Microsoft.KeyVault(SecretUri=https://kv-orders.vault.azure.net/secrets/x) p4ss-w0rd-literal' },
    });
    expect(findings(s).map((e) => e.split(' = ')[0])).toEqual([`[${RULE}] other-dev/web: backend_api_key`, `[${RULE}] other-dev/web: client_secret`]);
  });

  it('passes a module\'s input that names where the secret is (a Key Vault reference, a named value) and a tag of a module named like a secret', () => {
    const s = stack();
    new TerraformHclModule(s, 'web', {
      source: 'Azure/avm-res-web-site/azurerm', version: '0.16.0',
      variables: { app_settings: { STRIPE_API_KEY: '@Microsoft.KeyVault(SecretUri=https://kv-orders.vault.azure.net/secrets/stripe)' }, backend_api_key: '{{psp-key}}', tags: { access_token: 'none-required', ops_api_key: 'ops@contoso.com' } },
    });
    expect(findings(s)).toEqual([]);
  });

  it('reads an AzAPI body given as JSON text as the object it holds: one finding per value, the setting inside the body', () => {
    const s = stack();
    const env = [{ name: 'STORAGE', value: CONNECTION }];
    const app = new TerraformResource(s, 'ca', { terraformResourceType: 'azapi_resource' });
    app.addOverride('type', 'Microsoft.App/containerApps@2024-03-01');
    app.addOverride('body', JSON.stringify({ properties: { template: { containers: [{ name: 'c', image: 'i', env }] } } }));
    const dapr = new TerraformResource(s, 'dapr', { terraformResourceType: 'azapi_resource' });
    dapr.addOverride('type', 'Microsoft.App/managedEnvironments/daprComponents@2024-03-01');
    dapr.addOverride('body', JSON.stringify({ properties: { componentType: 'state.azure.blobstorage', metadata: [{ name: 'connectionString', value: CONNECTION }] } }));
    Testing.synth(s);
    expect(errorsOf(s).map((e) => e.split(' = ')[0]).sort()).toEqual([
      '[SEC-1.ContainerAppPlainSecret] other-dev/ca: body.properties.template.containers.env.STORAGE', `[${RULE}] other-dev/dapr: body.properties.metadata.value`,
    ]);
  });

  it('fails when an AzAPI API Management policy holds a Bearer token as an element\'s text', () => {
    const s = stack();
    const policy = new TerraformResource(s, 'policy', { terraformResourceType: 'azapi_resource' });
    policy.addOverride('type', 'Microsoft.ApiManagement/service/apis/policies@2024-05-01');
    policy.addOverride('body', { properties: { format: 'rawxml', value: `<policies><inbound><set-header name="Authorization" exists-action="override"><value>Bearer ${PSP_KEY}</value></set-header></inbound></policies>` } });
    expect(findings(s).map((e) => e.split(': a Bearer')[0])).toEqual([`[${RULE}] other-dev/policy: body.properties.value = "…(${PSP_KEY.length + 133} chars)"`]);
  });

  it('leaves to their own rules what they judge: one finding per value on every other SEC-1 rule\'s failing examples', () => {
    const others = RULE_EXAMPLES.filter((e) => e.rule.startsWith('SEC-1.') && e.rule !== RULE);
    expect(others.length).toBeGreaterThan(10);
    const s = new TerraformStack(Testing.app(), 'others');
    LessonsCheck.applyTo(s, { production: true, packs: [PlatformLessonsPack.create()] });
    addResources(s, tableOf(others.flatMap((e) => failingSets(e).map((resources, index) => ({ rule: e.rule, kind: 'failing' as const, index, resources, inAPlan: true })))));
    const mine = LessonsCheck.of(s)!.reportOf(s).results.filter((r) => r.ruleId === RULE && r.status === ReportStatus.NON_COMPLIANT);
    expect(mine.map((r) => `${r.address} ${r.setting}`)).toEqual([]);
  });
});

describe('SEC-1.PlainCredential on a pair of a name and a value (a Dapr component\'s metadata)', () => {
  const PASSWORD = ['Tr0ub4dor', '3xyzQ'].join('&');
  const ENVIRONMENT = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.App/managedEnvironments/cae';
  function component(s: TerraformStack, metadata: { name: string; value?: string; secretName?: string }[]) {
    return new ContainerAppEnvironmentDaprComponent(s, 'redis', { name: 'statestore', containerAppEnvironmentId: ENVIRONMENT, componentType: 'state.redis', version: 'v1', metadata });
  }
  const heads = (messages: string[]) => messages.map((m) => m.split(' = ')[0]);

  it('fails when a metadata value is a literal under a secret\'s name (any text: the name says it), masked, with the component secret\'s fix, read one attribute at a time and from the stack\'s JSON', () => {
    const metadata = [{ name: 'redisHost', value: 'redis-orders.redis.cache.windows.net:6380' }, { name: 'redisPassword', value: PASSWORD }];
    const s = stack();
    component(s, metadata);
    const found = findings(s);
    expect(heads(found)).toEqual([`[${RULE}] other-dev/redis: metadata[1].value`]);
    expect(found[0]).toContain('the name says the value is a secret (PASSWORD)');
    expect(found[0]).toContain('Fix: sign the component in with an identity where it takes one (the managed identity of the container apps it is scoped to, granted a data role; azureClientId metadata for a user-assigned one)');
    expect(found[0]).toContain('secret { name, key_vault_secret_id = <versionless secret id>, identity }) and name it in the metadata (secret_name)');
    expect(found[0]).not.toContain(PASSWORD.slice(2));
    // cdktf synth's path: the stack's JSON, where only arguments that may hold a credential are read.
    const json = stack();
    component(json, metadata);
    expect(() => PlatformTesting.synth(json)).toThrow(/1 error\(s\)/);
    expect(heads(PlatformTesting.errors(json).filter((e) => e.startsWith(`[${RULE}] `)))).toEqual([`[${RULE}] other-dev/redis: metadata[1].value`]);
  });

  it('fails when a pair\'s name is a credential header\'s (a probe\'s X-Api-Key), whatever the value\'s text; a plain header, a bare code (a word of query strings only) and a named value pass', async () => {
    const header = (name: string, value: string) => ['        header {', `          name  = "${name}"`, `          value = "${value}"`, '        }'];
    const hcl = ['resource "azurerm_container_app" "app" {', '  name = "ca-orders"', '  template {', '    container {', '      name   = "app"', '      image  = "contoso.azurecr.io/app:1.0.0"',
      '      liveness_probe {', '        transport = "HTTP"', '        port      = 8080',
      ...header('X-Api-Key', 'q3v9xk2m7wplz8rt'), ...header('X-Request-Source', 'probe'), ...header('code', 'probe-marker'), ...header('Ocp-Apim-Subscription-Key', '{{apim-key}}'),
      '      }', '    }', '  }', '}', ''].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': hcl }), RULE);
    expect(found.map((r) => r.message!.split(': written')[0].split(', written')[0])).toEqual([
      `[${RULE}] azurerm_container_app.app: template.container.liveness_probe.header[0].value = "…(16 chars)": the name says the value is a credential (X-Api-Key), and it is a literal`,
    ]);
  });

  it('passes a Helm release\'s set (its names name a chart\'s values: auth.existingSecret is a Kubernetes Secret\'s name) and a resource\'s own name and value, judged by format only', async () => {
    const hcl = ['resource "helm_release" "redis" {', '  name  = "redis"', '  chart = "redis"', '  set {', '    name  = "auth.existingSecret"', '    value = "redis-auth"', '  }', '}',
      'resource "azurerm_automation_variable_string" "v" {', '  name  = "ApiKey"', '  value = "some-api-key-value"', '}', ''].join('\n');
    expect(failuresOf(await lessonsOn({ 'main.tf': hcl }), RULE)).toEqual([]);
  });

  it('passes metadata that names a component secret, plain metadata, a pair whose value is a reference, and judges a pair under tags by format only', async () => {
    const s = stack();
    component(s, [{ name: 'redisHost', value: 'redis-orders:6380' }, { name: 'redisPassword', secretName: 'redis-password' }, { name: 'accessKey', value: '${azurerm_storage_account.sa.primary_access_key}' }]);
    expect(findings(s)).toEqual([]);
    const hcl = ['resource "azapi_resource" "dapr" {', '  type      = "Microsoft.App/managedEnvironments/daprComponents@2024-03-01"', '  name      = "pubsub"', `  parent_id = "${ENVIRONMENT}"`,
      '  body = {', '    properties = {', '      metadata = [{ name = "accessKey", value = "abcdef0123456789abcdef0123" }]', '    }', '    tags = [{ name = "apiKey", value = "not-a-secret-label" }]', '  }', '}', ''].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': hcl }), RULE);
    expect(found.map((r) => r.setting)).toEqual(['body.properties.metadata.value']);
    expect(found[0].message).toContain('(properties.secrets: { name, keyVaultUrl, identity }, no value) and name it in the metadata (secretRef)');
  });
});

describe('SEC-1.PlainCredential on an AzAPI body written with jsonencode and a reference (known at plan in part)', () => {
  it('fails when such a body gives app settings or a container\'s env a secret, which the rules that own them cannot read there (review)', async () => {
    const hcl = ['resource "azurerm_service_plan" "p" {', '  name = "asp"', '}',
      'resource "azapi_resource" "site" {', '  type      = "Microsoft.Web/sites@2024-04-01"', '  name      = "app-orders"', '  parent_id = "/subscriptions/0/resourceGroups/rg"',
      `  body = jsonencode({ properties = { serverFarmId = azurerm_service_plan.p.id, siteConfig = { appSettings = [{ name = "PSP_API_KEY", value = "${PSP_KEY}" }, { name = "DB_PASSWORD", value = "correct-horse-battery" }] } } })`, '}',
      'resource "azapi_resource" "app" {', '  type      = "Microsoft.App/containerApps@2024-03-01"', '  name      = "ca"', '  parent_id = "/subscriptions/0/resourceGroups/rg"',
      '  body = jsonencode({ properties = { environmentId = azurerm_service_plan.p.id, template = { containers = [{ name = "c", image = "contoso.azurecr.io/app:1.0.0", env = [{ name = "DB_PASSWORD", value = "correct-horse-battery" }] }] } } })', '}', ''].join('\n');
    const report = await lessonsOn({ 'main.tf': hcl });
    const secOne = report.results.filter((r) => r.status === ReportStatus.NON_COMPLIANT && r.ruleId.startsWith('SEC-1.'));
    expect(secOne.map((r) => `${r.ruleId} ${r.address} ${r.setting}`)).toEqual([
      `${RULE} azapi_resource.app body.properties.template.containers.env.value`,
      `${RULE} azapi_resource.site body.properties.siteConfig.appSettings[0].value`,
      `${RULE} azapi_resource.site body.properties.siteConfig.appSettings[1].value`,
    ]);
  });
});

describe('SEC-1.PlainCredential on what a run keeps: terraform_data\'s input and triggers_replace, null_resource\'s triggers', () => {
  it('fails when a key there names a secret and its value is a literal; other keys, references and variables without a default pass', async () => {
    const hcl = [
      'variable "token" {', '  sensitive = true', '}',
      'resource "terraform_data" "seed" {', '  input            = { db_password = "correct-horse-battery", region = "westeurope", api_key = var.token }', '  triggers_replace = { api_token = "Sup3rS3cretT0ken!", version = "1.2.3" }', '}',
      'resource "null_resource" "n" {', '  triggers = { admin_password = "hunter2-hunter2", image = "app:1", client_secret = azurerm_key_vault_secret.s.value }', '}', '',
    ].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': hcl }), RULE);
    expect(found.map((r) => `${r.address} ${r.setting}`)).toEqual(['null_resource.n triggers.admin_password', 'terraform_data.seed input.db_password', 'terraform_data.seed triggers_replace.api_token']);
    expect(found[1].message).toContain('input.db_password = "…(21 chars)": the name says the value is a secret (PASSWORD), and it is a literal');
    for (const m of found.map((r) => r.message!)) expect(m).not.toMatch(/correct-horse|hunter2|Sup3rS3cret/);
  });
});

describe('SEC-1.PlainCredential on an ARM template deployment\'s parameters', () => {
  const VAULT = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv';
  const hcl = (parameters: string, template: string) => ['resource "azurerm_resource_group_template_deployment" "vm" {', '  name                = "vm"', '  resource_group_name = "rg"',
    '  deployment_mode     = "Incremental"', `  template_content    = jsonencode(${template})`, `  parameters_content  = jsonencode(${parameters})`, '}',
    'variable "given" {', '  type      = string', '  sensitive = true', '}', ''].join('\n');

  it('fails when a parameter under a secret\'s name, one the template declares securestring, one holding a credential format, or a secure parameter\'s default is written in the configuration, masked, with the Key Vault reference fix', async () => {
    const found = failuresOf(await lessonsOn({ 'main.tf': hcl(
      `{ adminUsername = { value = "azureuser" }, adminPassword = { value = "correct-horse-battery" }, sqlLogin = { value = "hunter2hunter2" }, storage = { value = "${CONNECTION}" } }`,
      '{ parameters = { sqlLogin = { type = "securestring" }, apiKey = { type = "secureString", defaultValue = "let-me-in-please" } } }',
    ) }), RULE);
    expect(found.map((r) => /: (\S+ = "[^"]*")/.exec(r.message!)?.[1])).toEqual([
      'parameters_content.adminPassword.value = "…(21 chars)"',
      'parameters_content.sqlLogin.value = "…(14 chars)"',
      `parameters_content.storage.value = "Defa…(${CONNECTION.length} chars)"`,
      'template_content.parameters.apiKey.defaultValue = "…(16 chars)"',
    ]);
    expect(found[0].message).toContain('the name says the value is a secret (PASSWORD), and it is a literal, given to an ARM template deployment as a parameter\'s value');
    expect(found[0].message).toContain('Azure shows the deployment\'s parameters to every reader of the resource group unless the template declares it secure');
    expect(found[1].message).toContain('the template declares sqlLogin securestring, and the deployment is given a value written in the configuration');
    expect(found[1].message).not.toContain('unless the template declares it secure');
    expect(found[3].message).toContain('Fix: remove the defaultValue and give the value at deployment as a Key Vault reference in the parameters, "<name>": { "reference": { "keyVault": { "id": "<vault id>" }, "secretName": "<secret>" } }');
    // One finding per value: the connection string is not found again on the whole argument.
    expect(found.filter((r) => r.setting === 'parameters_content')).toEqual([]);
    for (const m of found.map((r) => r.message!)) expect(m).not.toMatch(/correct-horse|hunter2|let-me-in|bXlLZXkx/);
  });

  it('passes a Key Vault reference, a sensitive variable without a default (the parameters then known at apply only in part: the literals beside it are still judged), and names that say nothing', async () => {
    const report = await lessonsOn({ 'main.tf': hcl(
      `{ adminUsername = { value = "azureuser" }, adminPassword = { reference = { keyVault = { id = "${VAULT}" }, secretName = "vm-admin" } }, given = { value = var.given }, sqlLogin = { value = var.given }, dbPassword = { value = "correct-horse-battery" } }`,
      '{ parameters = { sqlLogin = { type = "securestring" } } }',
    ) });
    expect(failuresOf(report, RULE).map((r) => r.setting)).toEqual(['parameters_content.dbPassword.value']);
  });

  it('fails when a parameter known in part holds a key beside a reference, or an object\'s entry is a literal under a secret\'s name; an ARM expression as a secure default and a secure object\'s other entries pass', async () => {
    const found = failuresOf(await lessonsOn({ 'main.tf': `variable "acct" {}\n${hcl(
      `{ conn = { value = "DefaultEndpointsProtocol=https;AccountName=\${var.acct};AccountKey=${ACCOUNT_KEY}" }, cfg = { value = { host = var.acct, password = "correct-horse-battery" } }, s = { value = { host = "r.example", region = "westeurope" } } }`,
      '{ parameters = { b = { type = "securestring", defaultValue = "[newGuid()]" }, c = { type = "securestring", defaultValue = "[parameters(\'x\')]" }, s = { type = "secureObject" } } }',
    )}` }), RULE);
    expect(found.map((r) => r.setting)).toEqual(['parameters_content.conn.value', 'parameters_content.cfg.value.password']);
    expect(found[0].message).toContain('a connection string with an account key (Storage, Cosmos DB)');
  });

  it('fails the same on a stack (JSON.stringify, as a cdktf team writes it, a token beside the secret) and on an AzAPI Microsoft.Resources/deployments body', () => {
    const s = stack();
    const rg = new TerraformVariable(s, 'rg', { type: 'string' });
    new TerraformResource(s, 'vm', { terraformResourceType: 'azurerm_resource_group_template_deployment' }).addOverride('parameters_content', JSON.stringify({ rg: { value: rg.stringValue }, adminPassword: { value: 'correct-horse-battery' } }));
    const deployment = new TerraformResource(s, 'dep', { terraformResourceType: 'azapi_resource' });
    deployment.addOverride('type', 'Microsoft.Resources/deployments@2024-03-01');
    deployment.addOverride('body', { properties: { mode: 'Incremental', template: { parameters: { sqlLogin: { type: 'securestring' } }, resources: [] }, parameters: { sqlLogin: { value: 'hunter2hunter2' } } } });
    expect(findings(s).map((e) => e.split(' = ')[0])).toEqual([
      `[${RULE}] other-dev/vm: parameters_content.adminPassword.value`,
      `[${RULE}] other-dev/dep: body.properties.parameters.sqlLogin.value`,
    ]);
  });
});

describe('SEC-1.PlainCredential through azure-lessons', () => {
  it('fails on a tag, a module\'s input and a remote state\'s key in HCL, by address and line', async () => {
    const found = failuresOf(await lessonsOn({
      'main.tf': [
        'resource "azurerm_resource_group" "rg" {',
        '  name     = "rg-orders"',
        '  location = "westeurope"',
        `  tags     = { storage = "${CONNECTION}" }`,
        '}',
        'module "payments" {',
        '  source        = "Azure/avm-res-web-site/azurerm"',
        '  version       = "0.16.0"',
        '  client_secret = "p4yments-s3cret-value"',
        '}',
        'data "terraform_remote_state" "network" {',
        '  backend = "azurerm"',
        `  config  = { storage_account_name = "sttfstate", access_key = "${ACCOUNT_KEY}" }`,
        '}',
        'resource "terraform_data" "upload" {',
        '  provisioner "local-exec" {',
        `    command = "az storage blob upload --account-key ${ACCOUNT_KEY} -f site.zip"`,
        '  }',
        '}',
      ].join('\n'),
    }), RULE).map((r) => r.message!);
    expect(found.map((f) => f.split(' = ')[0])).toEqual([
      // The provisioner's setting as the stack names it (HCL lists provisioner blocks by type, cdk.tf.json by position).
      `[${RULE}] azurerm_resource_group.rg: tags.storage`, `[${RULE}] terraform_data.upload: provisioner.local-exec.command`,
      `[${RULE}] module.payments: client_secret`, `[${RULE}] data.terraform_remote_state.network: config.access_key`,
    ]);
    neverEchoed(found);
  });

  it('fails a plan\'s module call input and a provisioner\'s command (as terraform show -json of Terraform 1.11.4 writes them: both in the configuration only)', async () => {
    const command = `az storage blob upload --account-key ${ACCOUNT_KEY} -f site.zip`;
    const plan = {
      format_version: '1.2', terraform_version: '1.11.4', planned_values: { root_module: { resources: [{ address: 'terraform_data.upload', mode: 'managed', type: 'terraform_data', name: 'upload', provider_name: 'terraform.io/builtin/terraform', schema_version: 0, values: { input: 'site' } }] } },
      configuration: {
        root_module: {
          resources: [{ address: 'terraform_data.upload', mode: 'managed', type: 'terraform_data', name: 'upload', provider_config_key: 'terraform', provisioners: [{ type: 'local-exec', expressions: { command: { constant_value: command } } }], expressions: { input: { constant_value: 'site' } }, schema_version: 0 }],
          module_calls: { app: { source: './modules/app', expressions: { client_secret: { constant_value: 'p4yments-s3cret-value' }, region: { constant_value: 'westeurope' } }, module: {} } },
        },
      },
    };
    const report = await lessonsOn({ 'plan.json': JSON.stringify(plan) });
    expect(failuresOf(report, RULE).map((r) => `${r.address} ${r.setting}`)).toEqual(['terraform_data.upload provisioner.local-exec.command', 'module.app client_secret']);
    neverEchoed(failuresOf(report, RULE).map((r) => r.message!));
  });

  it('fails when a module\'s source holds a password or a private key (go-getter\'s sshkey), in HCL and in a plan; a registry address, a local path and a git URL without one pass', async () => {
    const hcl = [
      `module "network" {\n  source = "git::https://build:${PAT}@dev.azure.com/contoso/infra/_git/network?ref=v1.4.0"\n}`,
      `module "dns" {\n  source = "git::ssh://git@github.com/contoso/dns.git?ref=v2&sshkey=${SSH_KEY}"\n}`,
      'module "ok" {\n  source = "git::https://github.com/contoso/ok.git?ref=v1"\n}',
      'module "avm" {\n  source  = "Azure/avm-res-storage-storageaccount/azurerm"\n  version = "0.6.0"\n}', '',
    ].join('\n');
    const report = await lessonsOn({ 'main.tf': hcl });
    expect(failuresOf(report, RULE).map((r) => `${r.address} ${r.setting} ${r.message?.split('": ')[1].split(', in a module')[0]}`)).toEqual([
      'module.dns source a URL with a key or token in its query (`?api_key=`, `&access_token=`, `?code=`)',
      'module.network source a URL with a password in it',
    ]);
    for (const m of failuresOf(report, RULE).map((r) => r.message!)) for (const secret of [PAT, SSH_KEY.slice(20, 60)]) expect(m).not.toContain(secret);
    const plan = {
      format_version: '1.2', terraform_version: '1.11.4', planned_values: { root_module: {} },
      configuration: { root_module: { module_calls: { network: { source: `git::https://build:${PAT}@dev.azure.com/contoso/infra/_git/network?ref=v1.4.0`, module: {} } } } },
    };
    expect(failuresOf(await lessonsOn({ 'plan.json': JSON.stringify(plan) }), RULE).map((r) => `${r.address} ${r.setting}`)).toEqual(['module.network source']);
  });

  it('fails when a module\'s source holds a token as its user name, an API key or an S3 getter\'s secret, each described whole; the notice that a remote module is not read shows no user info', async () => {
    const token = 'q3v9xk2m7wplz8rt4yn6bc5dj1hs0fga3ke7mu2wq9xr4t';
    const ghp = ['ghp', 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'].join('_');
    const hcl = [
      `module "pat" {\n  source = "git::https://${token}@dev.azure.com/contoso/infra/_git/network?ref=v1"\n}`,
      `module "gh" {\n  source = "git::https://${ghp}@github.com/contoso/net.git?ref=v1"\n}`,
      `module "s3" {\n  source = "s3::https://s3-eu-west-1.amazonaws.com/bucket/net.zip?aws_access_key_id=AKIAEXAMPLE&aws_access_key_secret=${token}"\n}`,
      `module "session" {\n  source = "s3::https://s3-eu-west-1.amazonaws.com/bucket/net.zip?aws_access_token=${token}"\n}`, '',
    ].join('\n');
    const report = await lessonsOn({ 'main.tf': hcl });
    expect(failuresOf(report, RULE).map((r) => `${r.address} ${r.message?.split('": ')[1].split(', in a module')[0]}`)).toEqual([
      'module.gh an API key (its prefix is a well-known provider\'s: Stripe, GitHub, GitLab, Slack, AWS, Google, OpenAI, SendGrid, npm, HCP Terraform)',
      'module.pat a token as the URL\'s user name',
      'module.s3 a URL with a key or token in its query (`?api_key=`, `&access_token=`, `?code=`)',
      'module.session a URL with a key or token in its query (`?api_key=`, `&access_token=`, `?code=`)',
    ]);
    expect(JSON.stringify(report)).not.toContain(token);
    expect(failuresOf(report, RULE)[0].message).toContain('for S3 or a blob, the getter\'s own credentials from the environment');
  });

  it('passes a module source whose user name is an organisation\'s (Azure DevOps\' clone URL) or git (second review)', async () => {
    const hcl = [
      'module "net" {\n  source = "git::https://contoso-platform-engineering@dev.azure.com/contoso-platform-engineering/infra/_git/tf-modules//network?ref=v1.2.0"\n}',
      'module "dns" {\n  source = "git::ssh://git@github.com/contoso/dns.git?ref=v2"\n}', '',
    ].join('\n');
    expect(failuresOf(await lessonsOn({ 'main.tf': hcl }), RULE)).toEqual([]);
  });

  it('takes a suppression comment on a data block, with its reason', async () => {
    const found = await lessonsOn({
      'main.tf': [
        '# azure-lessons:suppress SEC-1.PlainCredential the sandbox state account of a public workshop, its key rotated daily',
        'data "terraform_remote_state" "network" {',
        '  backend = "azurerm"',
        `  config  = { storage_account_name = "sttfstate", access_key = "${ACCOUNT_KEY}" }`,
        '}',
      ].join('\n'),
    });
    expect(failuresOf(found, RULE)).toEqual([]);
    expect(statusesAt(found, RULE, 'data.terraform_remote_state.network')).toEqual([ReportStatus.SUPPRESSED]);
  });

  /** A check block whose own data source sends a Bearer token on every plan. */
  const check = (comment = '') => [
    'resource "azurerm_resource_group" "rg" {\n  name     = "rg-orders"\n  location = "westeurope"\n}',
    `check "psp_up" {\n${comment}  data "http" "psp" {\n    url             = "https://api.psp.example/health"\n    request_headers = { Authorization = "Bearer ${PSP_KEY}" }\n  }\n  assert {\n    condition     = data.http.psp.status_code == 200\n    error_message = "The PSP is down."\n  }\n}`, '',
  ].join('\n');

  it('fails when a check block\'s own data source is given a credential, in HCL (at its line) and .tf.json, as a plan lists it; a suppression above it is taken', async () => {
    const hcl = await lessonsOn({ 'checks.tf': check() });
    expect(failuresOf(hcl, RULE).map((r) => `${r.address} ${r.setting} ${r.message?.split('": ')[1].split(' (')[0]}`)).toEqual(['data.http.psp request_headers.Authorization a Bearer token']);
    neverEchoed(failuresOf(hcl, RULE).map((r) => r.message!));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lessons-check-block-'));
    try {
      fs.writeFileSync(path.join(dir, 'checks.tf'), check());
      const sarif = JSON.parse((await LessonsCommand.execute(['.', '--format', 'sarif'], dir)).stdout) as { runs: { results: { ruleId: string; locations: { physicalLocation: { region: { startLine: number } } }[] }[] }[] };
      expect(sarif.runs[0].results.filter((r) => r.ruleId === RULE).map((r) => r.locations[0].physicalLocation.region.startLine)).toEqual([6]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const json = { check: { psp_up: { data: { http: { psp: { url: 'https://api.psp.example/health', request_headers: { Authorization: `Bearer ${PSP_KEY}` } } } }, assert: [{ condition: '${data.http.psp.status_code == 200}', error_message: 'The PSP is down.' }] } } };
    expect(failuresOf(await lessonsOn({ 'checks.tf.json': JSON.stringify(json, null, 2) }), RULE).map((r) => r.address)).toEqual(['data.http.psp']);
    // A plan lists a check block's data source with the module's others (Terraform 1.11.4: configuration.root_module.resources).
    const plan = {
      format_version: '1.2', terraform_version: '1.11.4', planned_values: { root_module: {} },
      configuration: { root_module: { resources: [{ address: 'data.http.psp', mode: 'data', type: 'http', name: 'psp', provider_config_key: 'http', expressions: { url: { constant_value: 'https://api.psp.example/health' }, request_headers: { constant_value: { Authorization: `Bearer ${PSP_KEY}` } } }, schema_version: 0 }] } },
    };
    expect(failuresOf(await lessonsOn({ 'plan.json': JSON.stringify(plan) }), RULE).map((r) => r.address)).toEqual(['data.http.psp']);
    const suppressed = await lessonsOn({ 'checks.tf': check('  # azure-lessons:suppress SEC-1.PlainCredential the PSP\'s sandbox key, published in its docs\n') });
    expect(statusesAt(suppressed, RULE, 'data.http.psp')).toEqual([ReportStatus.SUPPRESSED]);
  });

  it('fails when an API Management backend\'s header, query or Authorization parameter, or an http data source\'s header, is a literal under a credential\'s name, whatever its format; a named value and a plain header pass', async () => {
    const hcl = [
      'resource "azurerm_api_management_backend" "fn" {',
      '  name                = "fn"',
      '  resource_group_name = "rg"',
      '  api_management_name = "apim"',
      '  protocol            = "http"',
      '  url                 = "https://fn-orders.azurewebsites.net/api"',
      '  credentials {',
      '    header = {',
      '      "x-functions-key"           = "q3v9xk2m7wplz8rt4yn6bc5dj1hs0fga"',
      '      "Ocp-Apim-Subscription-Key" = "{{partner-key}}"',
      '      "X-Region"                  = "westeurope"',
      '    }',
      '    query = { code = "abcdefghij0123456789" }',
      '    authorization {',
      '      scheme    = "Basic"',
      '      parameter = "c3ZjOmh1bnRlcjI="',
      '    }',
      '  }',
      '}',
      'data "http" "psp" {',
      '  url             = "https://api.psp.example/health"',
      '  request_headers = { "x-api-key" = "abcdefghij0123456789", Accept = "application/json" }',
      '}', '',
    ].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': hcl }), RULE);
    expect(found.map((r) => `${r.address} ${r.setting}`)).toEqual([
      'azurerm_api_management_backend.fn credentials.header.x-functions-key', 'azurerm_api_management_backend.fn credentials.query.code',
      'azurerm_api_management_backend.fn credentials.authorization.parameter', 'data.http.psp request_headers.x-api-key',
    ]);
    expect(found[0].message).toContain('the name says the value is a credential (x-functions-key), and it is a literal, written in a resource\'s argument');
    expect(found[0].message).toContain('Fix: call with an identity instead where the API takes one (a backend: the gateway\'s managed identity, authentication-managed-identity in its policy)');
    for (const m of found.map((r) => r.message!)) expect(m).not.toMatch(/q3v9xk|abcdefghij|c3ZjOm/);
  });

  it('fails when an AzAPI body gives a literal under a Resource Manager property\'s secret name, or an AzAPI request header one under a credential\'s name; the body\'s tags, switches and setting names pass; a property Resource Manager marks secure is SEC-1.SensitiveAttributePlainSecret\'s', async () => {
    const hcl = [
      'resource "azapi_resource" "user" {',
      '  type      = "Microsoft.ApiManagement/service/users@2024-05-01"',
      '  name      = "ops"',
      '  parent_id = "/subscriptions/0/resourceGroups/rg/providers/Microsoft.ApiManagement/service/apim"',
      '  body      = { properties = { email = "ops@contoso.com", firstName = "Ops", lastName = "Team", password = "correct-horse-battery" } }',
      '}',
      'resource "azapi_resource" "sql" {',
      '  type      = "Microsoft.Sql/servers@2023-08-01"',
      '  name      = "sql-orders"',
      '  parent_id = "/subscriptions/0/resourceGroups/rg"',
      '  body = {',
      '    properties = { administratorLogin = "sqladmin", administratorLoginPassword = "correct-horse-battery", publicNetworkAccess = "Disabled" }',
      '    tags       = { token = "cost-centre-4242" }',
      '  }',
      '}',
      'resource "azapi_resource_action" "settings" {',
      '  type        = "Microsoft.Web/sites@2024-04-01"',
      '  resource_id = "/subscriptions/0/resourceGroups/rg/providers/Microsoft.Web/sites/app"',
      '  action      = "config/authsettingsV2"',
      '  method      = "PUT"',
      '  headers     = { "x-api-key" = "plainvalue0123456789" }',
      '  body        = { properties = { passwordAuthentication = "Disabled", clientSecretSettingName = "MICROSOFT_PROVIDER_AUTHENTICATION_SECRET" } }',
      '}', '',
    ].join('\n');
    const report = await lessonsOn({ 'main.tf': hcl });
    const found = failuresOf(report, RULE);
    expect(found.map((r) => `${r.address} ${r.setting}`)).toEqual(['azapi_resource.user body.properties.password', 'azapi_resource_action.settings headers.x-api-key']);
    expect(found[0].message).toContain('the name says the value is a secret (PASSWORD), and it is a literal');
    // One finding per value: the SQL password is judged as the secure property it is.
    expect(failuresOf(report, 'SEC-1.SensitiveAttributePlainSecret').map((r) => `${r.address} ${r.setting}`)).toEqual(['azapi_resource.sql body.properties.administratorLoginPassword']);
    for (const m of [...found, ...failuresOf(report, 'SEC-1.SensitiveAttributePlainSecret')].map((r) => r.message!)) expect(m).not.toMatch(/correct-horse|plainvalue/);
  });

  it('fails when a container group\'s environment variable is a literal under a secret\'s name, with the fix that names secure_environment_variables; other variables and commands pass', async () => {
    const hcl = [
      'resource "azurerm_container_group" "aci" {',
      '  name                = "aci-orders"',
      '  location            = "westeurope"',
      '  resource_group_name = "rg"',
      '  os_type             = "Linux"',
      '  container {',
      '    name     = "app"',
      '    image    = "contoso.azurecr.io/app:1.0.0"',
      '    cpu      = 0.5',
      '    memory   = 1',
      '    commands = ["dotnet", "App.dll"]',
      '    environment_variables = { DB_PASSWORD = "correct-horse-battery", REGION = "westeurope" }',
      '  }',
      '}', '',
    ].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': hcl }), RULE);
    expect(found.map((r) => `${r.address} ${r.setting}`)).toEqual(['azurerm_container_group.aci container.environment_variables.DB_PASSWORD']);
    expect(found[0].message).toContain('Fix: give the container group a managed identity and no secret where the service takes Entra ID; else move the value to secure_environment_variables (Azure does not show those)');
    expect(found[0].message).not.toContain('correct-horse');
  });
});

describe('SEC-1.PlainCredential on an extension\'s public settings (settings, a Batch pool\'s settings_json, a Kubernetes extension\'s configuration_settings)', () => {
  const extension = (name: string, settings: string) => [
    `resource "azurerm_virtual_machine_extension" "${name}" {`, `  name                 = "${name}"`, '  virtual_machine_id   = "/subscriptions/0/resourceGroups/rg/providers/Microsoft.Compute/virtualMachines/vm"',
    '  publisher            = "Microsoft.Compute"', '  type                 = "CustomScriptExtension"', '  type_handler_version = "1.10"', `  settings             = ${settings}`, '}',
  ].join('\n');

  it('fails when a property under a secret\'s name is a literal (jsonencode, JSON text through a variable\'s default, a scale set\'s extension block, a Kubernetes extension\'s map), with the fix that names the protected counterpart', async () => {
    const hcl = [
      'variable "key" {', `  default = "${ACCOUNT_KEY}"`, '}',
      extension('encoded', 'jsonencode({ commandToExecute = "powershell -File setup.ps1", storageAccountName = "orders", storageAccountKey = "correct-horse-battery" })'),
      extension('text', '"{\\"fileUris\\":[\\"https://orders.blob.core.windows.net/c/setup.ps1\\"],\\"storageAccountKey\\":\\"${var.key}\\"}"'),
      'resource "azurerm_linux_virtual_machine_scale_set" "vmss" {', '  name = "vmss"', '  resource_group_name = "rg"', '  location = "westeurope"',
      '  extension {', '    name = "cse"', '    publisher = "Microsoft.Azure.Extensions"', '    type = "CustomScript"', '    type_handler_version = "2.1"',
      '    settings = jsonencode({ commandToExecute = "./run.sh", password = "correct-horse-battery" })', '  }', '}',
      'resource "azurerm_kubernetes_cluster_extension" "flux" {', '  name = "flux"', '  cluster_id = "/subscriptions/0/resourceGroups/rg/providers/Microsoft.ContainerService/managedClusters/aks"',
      '  extension_type = "microsoft.flux"', '  configuration_settings = { "auth.clientSecret" = "correct-horse-battery", "auth.jwtSecret" = "signing-words-here", "image.tag" = "1.2.3" }', '}', '',
    ].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': hcl }), RULE);
    expect(found.map((r) => `${r.address} ${r.setting}`)).toEqual([
      'azurerm_kubernetes_cluster_extension.flux configuration_settings.auth.clientSecret',
      // A chart's other name ending in "secret" holds one, an object's name or not (only a Secret's own names pass).
      'azurerm_kubernetes_cluster_extension.flux configuration_settings.auth.jwtSecret',
      'azurerm_linux_virtual_machine_scale_set.vmss extension.settings.password',
      'azurerm_virtual_machine_extension.encoded settings.storageAccountKey',
      'azurerm_virtual_machine_extension.text settings.storageAccountKey',
    ]);
    for (const r of found) {
      expect(r.message).toContain('in an extension\'s public settings: Azure keeps them unencrypted and returns them to every reader of the machine or cluster (the Reader role)');
      expect(r.message).not.toContain('correct-horse');
      expect(r.message).not.toContain(ACCOUNT_KEY.slice(8));
    }
    expect(found[0].message).toContain('Fix: move the value to configuration_protected_settings, which Azure encrypts and never returns');
    expect(found[0].message).toContain('workload identity');
    expect(found[2].message).toContain('Fix: move the value to extension.protected_settings (or extension.protected_settings_from_key_vault: a Key Vault secret the extension reads)');
    expect(found[3].message).toMatch(/^\[SEC-1\.PlainCredential\] azurerm_virtual_machine_extension\.encoded: settings\.storageAccountKey = "…\(21 chars\)": the name says the value is a secret \(ACCOUNT_KEY\), and it is a literal, in an extension's public settings/);
    expect(found[3].message).toContain('Fix: move the value to protected_settings (or protected_settings_from_key_vault: a Key Vault secret the extension reads), which Azure encrypts and never returns');
    expect(found[3].message).toContain('the Custom Script Extension\'s managedIdentity, to download fileUris');
  });

  it('fails when a name an agent takes in its protected settings only is a literal in the public ones (the Log Analytics agent\'s workspaceKey, the Azure Pipelines agent\'s PATToken, Container Insights\' amalogs.secret.key), and names each type\'s protected counterpart', async () => {
    const block = (type: string, name: string, body: string) => [`resource "${type}" "${name}" {`, `  name = "${name}"`, body, '}'].join('\n');
    const hcl = [
      extension('mma', 'jsonencode({ workspaceId = "00000000-0000-0000-0000-000000000000", workspaceKey = "correct-horse-battery" })'),
      block('azurerm_virtual_machine_scale_set_extension', 'agent', '  virtual_machine_scale_set_id = "/x"\n  publisher = "Microsoft.VisualStudio.Services"\n  type = "TeamServicesAgentLinux"\n  type_handler_version = "1.0"\n  settings = jsonencode({ VSTSAccountUrl = "https://dev.azure.com/contoso", PATToken = "correct-horse-battery" })'),
      block('azurerm_arc_kubernetes_cluster_extension', 'insights', '  cluster_id = "/x"\n  extension_type = "Microsoft.AzureMonitor.Containers"\n  configuration_settings = { "amalogs.secret.key" = "correct-horse-battery" }'),
      block('azurerm_arc_machine_extension', 'arc', '  arc_machine_id = "/x"\n  publisher = "p"\n  type = "t"\n  settings = jsonencode({ password = "correct-horse-battery" })'),
      block('azurerm_stack_hci_extension', 'hci', '  arc_setting_id = "/x"\n  publisher = "p"\n  type = "t"\n  settings = jsonencode({ password = "correct-horse-battery" })'),
      block('azurerm_batch_pool', 'pool', '  extensions {\n    name = "e"\n    publisher = "p"\n    type = "t"\n    settings_json = jsonencode({ password = "correct-horse-battery" })\n  }'),
      block('azurerm_orchestrated_virtual_machine_scale_set', 'flex', '  extension {\n    name = "e"\n    publisher = "p"\n    type = "t"\n    type_handler_version = "1.0"\n    settings = jsonencode({ password = "correct-horse-battery" })\n  }'),
      block('azurerm_virtual_machine_scale_set', 'legacy', '  extension {\n    name = "e"\n    publisher = "p"\n    type = "t"\n    type_handler_version = "1.0"\n    settings = jsonencode({ password = "correct-horse-battery" })\n  }'), '',
    ].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': hcl }), RULE);
    const fixOf = (m: string) => m.slice(m.indexOf(' Fix: ') + 6, m.indexOf(', which Azure encrypts'));
    expect(found.map((r) => `${r.address} ${r.setting}: ${fixOf(r.message!)}`)).toEqual([
      'azurerm_arc_kubernetes_cluster_extension.insights configuration_settings.amalogs.secret.key: move the value to configuration_protected_settings',
      'azurerm_arc_machine_extension.arc settings.password: move the value to protected_settings',
      'azurerm_batch_pool.pool extensions.settings_json.password: move the value to extensions.protected_settings',
      'azurerm_orchestrated_virtual_machine_scale_set.flex extension.settings.password: move the value to extension.protected_settings (or extension.protected_settings_from_key_vault: a Key Vault secret the extension reads)',
      'azurerm_stack_hci_extension.hci settings.password: move the value to protected_settings',
      'azurerm_virtual_machine_extension.mma settings.workspaceKey: move the value to protected_settings (or protected_settings_from_key_vault: a Key Vault secret the extension reads)',
      'azurerm_virtual_machine_scale_set.legacy extension.settings.password: move the value to extension.protected_settings',
      'azurerm_virtual_machine_scale_set_extension.agent settings.PATToken: move the value to protected_settings (or protected_settings_from_key_vault: a Key Vault secret the extension reads)',
    ]);
    expect(found.find((r) => r.setting === 'settings.workspaceKey')!.message).toContain('the extension takes workspaceKey in its protected settings only (it is the secret the agent signs in with), and it is a literal, in an extension\'s public settings');
    for (const r of found) expect(r.message).not.toContain('correct-horse');
  });

  it('passes settings that hold no secret (a Key Vault extension\'s certificate URLs and identity, a script\'s address and command), a reference under a secret\'s name, and leaves protected_settings to its own rule', async () => {
    const hcl = [
      'variable "key" {', '  type      = string', '  sensitive = true', '}',
      extension('vault', 'jsonencode({ secretsManagementSettings = { pollingIntervalInS = "3600", observedCertificates = ["https://kv-orders.vault.azure.net/secrets/tls"] }, authenticationSettings = { msiClientId = "00000000-0000-0000-0000-000000000000" } })'),
      extension('script', 'jsonencode({ fileUris = ["https://orders.blob.core.windows.net/c/setup.ps1"], commandToExecute = "powershell -File setup.ps1", managedIdentity = {} })'),
      extension('reference', 'jsonencode({ storageAccountKey = azurerm_storage_account.orders.primary_access_key })'),
      extension('protected', 'jsonencode({ commandToExecute = "setup.exe" })\n  protected_settings = jsonencode({ storageAccountKey = "correct-horse-battery" })'),
      'resource "azurerm_kubernetes_cluster_extension" "flux" {', '  name = "flux"', '  cluster_id = "/x"', '  extension_type = "microsoft.flux"',
      '  configuration_settings = { "image.tag" = "1.2.3", "auth.clientSecret" = var.key }', '}',
      // Helm values that name a Kubernetes Secret (review): Azure ML's sslSecret, a chart's existingSecret and image pull secret.
      'resource "azurerm_kubernetes_cluster_extension" "aml" {', '  name = "aml"', '  cluster_id = "/x"', '  extension_type = "Microsoft.AzureML.Kubernetes"',
      '  configuration_settings = { enableInference = "True", sslSecret = "azureml-tls", "auth.existingSecret" = "redis-auth", "global.imagePullSecret" = "acr-pull" }', '}', '',
    ].join('\n');
    const report = await lessonsOn({ 'main.tf': hcl });
    expect(failuresOf(report, RULE)).toEqual([]);
    // The sensitive reference in public settings and the literal in protected_settings are their own rules' (one finding per value).
    expect(failuresOf(report, 'SEC-1.SensitiveReference').map((r) => r.address)).toEqual(['azurerm_kubernetes_cluster_extension.flux', 'azurerm_virtual_machine_extension.reference']);
    expect(failuresOf(report, 'SEC-1.SensitiveAttributePlainSecret').map((r) => `${r.address} ${r.setting}`)).toEqual(['azurerm_virtual_machine_extension.protected protected_settings']);
  });

  it('fails the same on a stack, where settings are JSON text (JSON.stringify) with a token beside the secret', () => {
    const s = stack();
    const rg = new ResourceGroup(s, 'rg', { name: 'rg-orders', location: 'westeurope' });
    new VirtualMachineExtension(s, 'setup', {
      name: 'setup', virtualMachineId: `${rg.id}/providers/Microsoft.Compute/virtualMachines/vm`, publisher: 'Microsoft.Compute', type: 'CustomScriptExtension', typeHandlerVersion: '1.10',
      settings: JSON.stringify({ fileUris: [`https://${rg.name}.blob.core.windows.net/c/setup.ps1`], storageAccountKey: ACCOUNT_KEY }),
    });
    const found = findings(s);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^\[SEC-1\.PlainCredential\] other-dev\/setup: settings\.storageAccountKey = "…\(\d+ chars\)": the name says the value is a secret \(ACCOUNT_KEY\)/);
    expect(found[0]).toContain('Fix: move the value to protected_settings');
    neverEchoed(found);
  });
});
