import { App, Fn, TerraformLocal, TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ApiManagementBackend } from '@cdktf/provider-azurerm/lib/api-management-backend';
import { CdnFrontdoorOrigin } from '@cdktf/provider-azurerm/lib/cdn-frontdoor-origin';
import { ContainerApp, ContainerAppTemplateHttpScaleRule } from '@cdktf/provider-azurerm/lib/container-app';
import { ContainerAppEnvironment, ContainerAppEnvironmentConfig } from '@cdktf/provider-azurerm/lib/container-app-environment';
import { KeyVault } from '@cdktf/provider-azurerm/lib/key-vault';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import { RoleAssignment } from '@cdktf/provider-azurerm/lib/role-assignment';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';
import { ContainerService } from '../../constructs/container-apps/container-service';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { LessonsCheck } from '../../constructs/stack/lessons-check';
import { ReportStatus } from '../../constructs/lessons-check/report';
import { azapiApi, gateway, rawStack, rows, statusOf as ruleStatusOf } from '../support/lessons-rules';
import { errorsOf } from '../support/synth';
import { ENVIRONMENT } from '../support/fixtures';
import { failuresOf, lessonsOn, statusesAt } from '../support/hcl';

const RULE = 'AZURE.ContainerAppsInfrastructureGroup';
const SUBNET = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/vnet/subnets/cae';

function rawEnvironment(config: Partial<ContainerAppEnvironmentConfig>): TerraformStack {
  const app: App = Testing.app();
  const stack = new AzureStack(app, { stackName: 'other', environmentName: 'prod', production: true });
  new ContainerAppEnvironment(stack, 'cae', { name: 'cae-other', resourceGroupName: 'rg', location: 'westeurope', ...config });
  return stack;
}

const findingsOf = (stack: TerraformStack) => {
  Testing.synth(stack);
  return errorsOf(stack).filter((e) => e.startsWith(`[${RULE}] `));
};
const statusOf = (stack: TerraformStack) => LessonsCheck.of(stack)!.reportOf(stack).results.find((r) => r.ruleId === RULE)?.status;
const CONSUMPTION = [{ name: 'Consumption', workloadProfileType: 'Consumption' }];

describe('AZURE.ContainerAppsInfrastructureGroup on raw Container Apps environments (replaced on the next plan, azurerm#27481)', () => {
  it('fails when a subnet-integrated, Consumption-only environment leaves its infrastructure resource group to Azure', () => {
    expect(findingsOf(rawEnvironment({ infrastructureSubnetId: SUBNET, workloadProfile: CONSUMPTION }))).toEqual([
      `[${RULE}] other-prod/cae: infrastructure_resource_group_name = undefined: Azure gives the infrastructure resource group a generated ME_... name, `
      + 'which azurerm 4.55 reads back as a change it can only make by replacing the environment and every app in it on the next plan. '
      + 'Fix: name the group (a new one: Azure creates it), e.g. infrastructure_resource_group_name = "ME_<environment>_<resource group>_<location>" (the name Azure gives it, so a deployed environment keeps it); ContainerAppsEnvironment does so by default.',
    ]);
  });

  it('passes with the group named, or with ignore_changes on it', () => {
    expect(statusOf(rawEnvironment({ infrastructureSubnetId: SUBNET, workloadProfile: CONSUMPTION, infrastructureResourceGroupName: 'ME_cae-other_rg' }))).toBe(ReportStatus.COMPLIANT);
    expect(statusOf(rawEnvironment({ infrastructureSubnetId: SUBNET, workloadProfile: CONSUMPTION, lifecycle: { ignoreChanges: ['infrastructure_resource_group_name'] } }))).toBe(ReportStatus.COMPLIANT);
  });

  it('does not apply beside a dedicated profile (azurerm suppresses the generated name) or without a subnet or profiles', () => {
    expect(statusOf(rawEnvironment({
      infrastructureSubnetId: SUBNET, workloadProfile: [...CONSUMPTION, { name: 'D4', workloadProfileType: 'D4', minimumCount: 1, maximumCount: 2 }],
    }))).toBeUndefined();
    expect(statusOf(rawEnvironment({ workloadProfile: CONSUMPTION }))).toBeUndefined();
    expect(statusOf(rawEnvironment({ infrastructureSubnetId: SUBNET }))).toBeUndefined();
  });
});

function containerApp(stack: TerraformStack, id: string, options: { transport?: string; ingress?: boolean; httpScaleRule?: ContainerAppTemplateHttpScaleRule[] } = {}) {
  return new ContainerApp(stack, id, {
    name: id, resourceGroupName: 'rg', containerAppEnvironmentId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.App/managedEnvironments/cae', revisionMode: 'Single',
    ...(options.ingress === false ? {} : { ingress: { targetPort: 8080, transport: options.transport ?? 'auto', trafficWeight: [{ latestRevision: true, percentage: 100 }] } }),
    template: {
      ...(options.httpScaleRule ? { httpScaleRule: options.httpScaleRule } : {}),
      container: [{ name: 'app', image: 'contoso.azurecr.io/orders/api:1.4.2', cpu: 0.5, memory: '1Gi' }],
    },
  });
}

describe('SCALE-1.ConnectionHoldingScaleRule edges', () => {
  it('takes a concurrency threshold of exactly 50 on an app that holds connections', () => {
    const stack = rawStack();
    containerApp(stack, 'grpc', { transport: 'http2', httpScaleRule: [{ name: 'c', concurrentRequests: '50' }] });
    expect(ruleStatusOf(stack, 'SCALE-1.ConnectionHoldingScaleRule', 'grpc')).toEqual([ReportStatus.COMPLIANT]);
  });

  it('leaves alone a worker app without ingress', () => {
    const stack = rawStack();
    containerApp(stack, 'worker', { ingress: false });
    expect(ruleStatusOf(stack, 'SCALE-1.ConnectionHoldingScaleRule', 'worker')).toEqual([]);
  });

  it('warns when an AzAPI WebSocket API forwards to an app without an HTTP scale rule', () => {
    const stack = rawStack();
    const apim = gateway(stack);
    const chat = containerApp(stack, 'chat');
    azapiApi(stack, 'ws', { parentId: apim.id, properties: { type: 'websocket', path: 'ws', serviceUrl: `wss://${chat.ingress.fqdn}` } });
    expect(rows(stack, 'SCALE-1.ConnectionHoldingScaleRule', 'chat')).toEqual([expect.objectContaining({
      lesson: 'SCALE-1', status: ReportStatus.NON_COMPLIANT, setting: 'template.http_scale_rule', message: expect.stringContaining('template.http_scale_rule = undefined: '),
    })]);
  });
});

describe('ING-4.GrpcBehindBrowserRoute edges', () => {
  it('leaves alone a Front Door origin that is not a container app', () => {
    const stack = rawStack();
    new CdnFrontdoorOrigin(stack, 'origin', { name: 'origin', cdnFrontdoorOriginGroupId: '/og', hostName: 'apim-x.azure-api.net', certificateNameCheckEnabled: true });
    expect(ruleStatusOf(stack, 'ING-4.GrpcBehindBrowserRoute', 'origin')).toEqual([]);
  });

  it('takes a backend on a container app without ingress (it is not http2)', () => {
    const stack = rawStack();
    const worker = containerApp(stack, 'worker', { ingress: false });
    new ApiManagementBackend(stack, 'worker-backend', { name: 'worker', apiManagementName: 'apim-other', resourceGroupName: 'rg', protocol: 'http', url: `https://${worker.latestRevisionFqdn}` });
    expect(ruleStatusOf(stack, 'ING-4.GrpcBehindBrowserRoute', 'worker-backend')).toEqual([ReportStatus.COMPLIANT]);
  });
});

// Credentials are assembled at run time, so no scanner mistakes this file for a leak.
const GH_TOKEN = ['ghp', 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'].join('_');
const SB_KEY = 'c2VjcmV0LWtleS1ub3QtcmVhbC0xMjM0NTY3ODkw';
const SB_CONNECTION = `Endpoint=sb://sb-orders.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey=${SB_KEY}`;

describe('SEC-1.ContainerAppPlainSecret on raw Container Apps (issue 28: one detector for constructs, raw resources and plain Terraform)', () => {
  const PLAIN = 'SEC-1.ContainerAppPlainSecret';
  function rawApp(env: { name: string; value?: string; secretName?: string }[], stack: TerraformStack = rawStack()): TerraformStack {
    new ContainerApp(stack, 'app', {
      name: 'ca-raw', resourceGroupName: 'rg', containerAppEnvironmentId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.App/managedEnvironments/cae', revisionMode: 'Single',
      template: { container: [{ name: 'app', image: 'contoso.azurecr.io/app:1.0.0', cpu: 0.5, memory: '1Gi', env }] },
    });
    return stack;
  }
  const plainFindings = (stack: TerraformStack) => {
    Testing.synth(stack);
    return errorsOf(stack).filter((e) => e.startsWith(`[${PLAIN}] `));
  };

  it('fails when a raw app holds a Service Bus connection string or a ghp_ token in its env, masked', () => {
    const errors = plainFindings(rawApp([{ name: 'ORDERS', value: SB_CONNECTION }, { name: 'CI', value: GH_TOKEN }]));
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^\[SEC-1\.ContainerAppPlainSecret\] other-dev\/app: template\.container\.env\.ORDERS = "Endp…\(\d+ chars\)": a connection string with a shared access key/);
    expect(errors[1]).toMatch(/^\[SEC-1\.ContainerAppPlainSecret\] other-dev\/app: template\.container\.env\.CI = "ghp_…\(40 chars\)": an API key/);
    for (const e of errors) {
      expect(e).not.toContain(SB_KEY);
      expect(e).not.toContain(GH_TOKEN);
    }
  });

  it('fails when the secret reaches the raw app through Fn.join, Fn.base64decode, a variable default, or a sensitive variable without a default', () => {
    const stack = rawStack();
    rawApp([
      { name: 'A', value: Fn.join('', [GH_TOKEN.slice(0, 8), GH_TOKEN.slice(8)]) },
      { name: 'B', value: Fn.base64decode(Buffer.from(SB_CONNECTION).toString('base64')) },
      { name: 'C', value: new TerraformVariable(stack, 'conn', { type: 'string', default: SB_CONNECTION }).stringValue },
      { name: 'D', value: new TerraformVariable(stack, 'psp', { type: 'string', sensitive: true }).stringValue },
    ], stack);
    const errors = plainFindings(stack);
    expect(errors.map((e) => e.split(' = ')[0])).toEqual(['A', 'B', 'C', 'D'].map((n) => `[${PLAIN}] other-dev/app: template.container.env.${n}`));
    expect(errors[3]).toContain('= "${var.psp}": a sensitive variable without a default (var.psp)');
    for (const e of errors) expect(e).not.toMatch(new RegExp(`${GH_TOKEN.slice(8, 20)}|${SB_KEY}`));
  });

  it('fails when the secret reaches the raw app through a TerraformLocal, a map variable\'s lookup or an object variable\'s attribute (review of issue 28)', () => {
    const stack = rawStack();
    const tokens = new TerraformVariable(stack, 'tokens', { type: 'map(string)', default: { ci: GH_TOKEN } });
    const conn = new TerraformVariable(stack, 'conn', { type: 'object({ orders = string })', default: { orders: SB_CONNECTION } });
    rawApp([
      { name: 'A', value: new TerraformLocal(stack, 'token', GH_TOKEN).asString },
      { name: 'B', value: Fn.lookup(tokens.value, 'ci') },
      { name: 'C', value: Fn.lookupNested(conn.value, ['orders']) },
      { name: 'D', value: Fn.lower(new TerraformLocal(stack, 'upper', GH_TOKEN).asString) },
    ], stack);
    const errors = plainFindings(stack);
    expect(errors.map((e) => e.split(' = ')[0])).toEqual(['A', 'B', 'C', 'D'].map((n) => `[${PLAIN}] other-dev/app: template.container.env.${n}`));
    for (const e of errors) expect(e).not.toMatch(new RegExp(`${GH_TOKEN.slice(8, 20)}|${SB_KEY}`));
  });

  it('passes endpoints, references, a variable default that is no secret and a secret taken by name', () => {
    const stack = rawStack();
    rawApp([
      { name: 'QUEUE_ENDPOINT', value: 'https://stother.queue.core.windows.net' },
      { name: 'REGION', value: new TerraformVariable(stack, 'region', { type: 'string', default: 'westeurope' }).stringValue },
      { name: 'HOST', value: Fn.lower('ORDERS.CONTOSO.COM') },
      { name: 'PSP_API_KEY', secretName: 'psp-api-key' },
    ], stack);
    expect(plainFindings(stack)).toEqual([]);
    expect(ruleStatusOf(stack, PLAIN, 'app')).toEqual([ReportStatus.COMPLIANT]);
  });

  it('honours a construct\'s notSecrets declaration with its reason (the construct check and the rule agree)', () => {
    const stack = rawStack();
    new ContainerService(stack, 'svc', {
      name: 'ca-orders', environment: ENVIRONMENT, image: 'contoso.azurecr.io/orders:1.0.0',
      environmentVariables: { PSP_KEY_URI: 'https://kv-orders.vault.azure.net/secrets/psp-api-key' },
      notSecrets: [{ name: 'PSP_KEY_URI', reason: 'the app reads this secret URI itself with its identity' }],
    });
    Testing.synth(stack);
    const rule = LessonsCheck.of(stack)!.reportOf(stack).results.filter((r) => r.ruleId === PLAIN && r.resourceType === 'azurerm_container_app');
    expect(rule.map((r) => [r.status, r.suppressionReason])).toEqual([[ReportStatus.SUPPRESSED, 'declared not a secret (notSecrets): the app reads this secret URI itself with its identity']]);
  });

  it('fails on plain HCL when the secret comes through a local, a function of a local, a map lookup or an object attribute; a local of a reference passes', async () => {
    const hcl = [
      `locals {\n  token = "${GH_TOKEN}"\n  host  = azurerm_servicebus_namespace.sb.endpoint\n}`,
      `variable "tokens" {\n  type    = map(string)\n  default = { ci = "${GH_TOKEN}" }\n}`,
      `variable "conn" {\n  type    = object({ orders = string })\n  default = { orders = "${SB_CONNECTION}" }\n}`,
      'resource "azurerm_container_app" "app" {', '  name = "ca-raw"', '  template {', '    container {', '      name  = "app"', '      image = "contoso.azurecr.io/app:1.0.0"',
      ...[['A', 'local.token'], ['B', 'lower(local.token)'], ['C', 'var.tokens["ci"]'], ['D', 'lookup(var.tokens, "ci")'], ['E', 'var.conn.orders'], ['HOST', 'local.host']]
        .map(([n, v]) => `      env {\n        name  = "${n}"\n        value = ${v}\n      }`),
      '    }', '  }', '}', '',
    ].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': hcl }), PLAIN);
    expect(found.map((r) => r.setting)).toEqual(['A', 'B', 'C', 'D', 'E'].map((n) => `template.container.env.${n}`));
    for (const r of found) expect(r.message).not.toMatch(new RegExp(`${GH_TOKEN.slice(8, 20)}|${SB_KEY}`));
    // The same through cdk.tf.json, as cdktf writes a TerraformLocal and a map lookup.
    const stack = rawStack();
    rawApp([
      { name: 'A', value: Fn.lower(new TerraformLocal(stack, 'token', GH_TOKEN).asString) },
      { name: 'B', value: Fn.lookup(new TerraformVariable(stack, 'tokens', { type: 'map(string)', default: { ci: GH_TOKEN } }).value, 'ci') },
    ], stack);
    const tfJson = await lessonsOn({ 'cdk.tf.json': JSON.stringify(stack.toTerraform()) });
    expect(failuresOf(tfJson, PLAIN).map((r) => r.setting)).toEqual(['template.container.env.A', 'template.container.env.B']);
  });

  it('fails on plain HCL when an env value is an opaque Bearer token or a URL with ?api_key=; a challenge and a placeholder pass (review of issue 28, item 4)', async () => {
    const opaque = ['pk', '8f3a9c2e71d04b6a', '9e5f0c1d2b3a4e5f'].join('');
    const env = [['AUTH', `Bearer ${opaque}`], ['PARTNER', `https://api.partner.example/v1?api_key=${opaque}`], ['CHALLENGE', 'Bearer realm=\\"orders\\"'], ['TEMPLATE', 'https://api.partner.example/v1?api_key={apiKey}']];
    const hcl = ['resource "azurerm_container_app" "app" {', '  name = "ca-raw"', '  template {', '    container {', '      name  = "app"',
      ...env.map(([n, v]) => `      env {\n        name  = "${n}"\n        value = "${v}"\n      }`), '    }', '  }', '}', ''].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': hcl }), PLAIN);
    expect(found.map((r) => r.setting)).toEqual(['template.container.env.AUTH', 'template.container.env.PARTNER']);
    for (const r of found) expect(r.message).not.toContain(opaque.slice(2));
  });

  it('fails on plain HCL and cdk.tf.json (azure-lessons): a literal, a function of literals, a variable default, a sensitive variable without a default', async () => {
    const hcl = [
      'variable "conn" {', `  default = "${SB_CONNECTION}"`, '}',
      'variable "psp" {', '  type      = string', '  sensitive = true', '}',
      'resource "azurerm_container_app" "app" {', '  name = "ca-raw"', '  template {', '    container {', '      name  = "app"', '      image = "contoso.azurecr.io/app:1.0.0"',
      `      env {\n        name  = "A"\n        value = "${GH_TOKEN}"\n      }`,
      `      env {\n        name  = "B"\n        value = join("", ["${GH_TOKEN.slice(0, 8)}", "${GH_TOKEN.slice(8)}"])\n      }`,
      '      env {\n        name  = "C"\n        value = var.conn\n      }',
      '      env {\n        name  = "D"\n        value = var.psp\n      }',
      '      env {\n        name  = "E"\n        value = lower("ORDERS.CONTOSO.COM")\n      }',
      '    }', '  }', '}', '',
    ].join('\n');
    const report = await lessonsOn({ 'main.tf': hcl });
    const found = failuresOf(report, PLAIN);
    expect(found.map((r) => r.setting)).toEqual(['A', 'B', 'C', 'D'].map((n) => `template.container.env.${n}`));
    expect(found[3].message).toContain('= "${var.psp}": a sensitive variable without a default (var.psp)');
    for (const r of found) expect(r.message).not.toMatch(new RegExp(`${GH_TOKEN.slice(8, 20)}|${SB_KEY}`));
    // The same app as cdktf writes cdk.tf.json.
    const stack = rawStack();
    rawApp([{ name: 'D', value: new TerraformVariable(stack, 'psp', { type: 'string', sensitive: true }).stringValue }], stack);
    const tfJson = await lessonsOn({ 'cdk.tf.json': JSON.stringify(stack.toTerraform()) });
    expect(failuresOf(tfJson, PLAIN).map((r) => r.message)).toEqual([expect.stringContaining('other-dev/app: template.container.env.D = "${var.psp}": a sensitive variable without a default')]);
  });
});

describe('SEC-1.ContainerAppPlainSecret on a plan (terraform show -json)', () => {
  it('fails when an env value comes from a sensitive root variable, naming the variable and not the value the plan holds', async () => {
    const value = 'n0t-a-kn0wn-f0rmat-but-the-secret';
    const plan = {
      format_version: '1.2', terraform_version: '1.11.4',
      planned_values: { root_module: { resources: [{ address: 'azurerm_container_app.app', mode: 'managed', type: 'azurerm_container_app', name: 'app', values: {
        name: 'ca-raw', template: [{ container: [{ name: 'app', image: 'contoso.azurecr.io/app:1.0.0', env: [{ name: 'PSP', value, secret_name: null }] }] }],
      } }] } },
      configuration: { root_module: {
        variables: { psp: { sensitive: true } },
        resources: [{ address: 'azurerm_container_app.app', mode: 'managed', type: 'azurerm_container_app', name: 'app', expressions: {
          name: { constant_value: 'ca-raw' },
          template: [{ container: [{ name: { constant_value: 'app' }, image: { constant_value: 'contoso.azurecr.io/app:1.0.0' }, env: [{ name: { constant_value: 'PSP' }, value: { references: ['var.psp'] } }] }] }],
        } }],
      } },
    };
    const report = await lessonsOn({ 'plan.json': JSON.stringify(plan) });
    const found = failuresOf(report, 'SEC-1.ContainerAppPlainSecret');
    expect(found.map((r) => r.message)).toEqual([expect.stringContaining('template.container.env.PSP = "${var.psp}": a sensitive variable without a default (var.psp)')]);
    expect(JSON.stringify(report)).not.toContain(value);
  });
});

describe('SEC-1.ContainerAppKeyVaultSecretAccess on raw Container Apps', () => {
  const ACCESS = 'SEC-1.ContainerAppKeyVaultSecretAccess';
  function appWithSecret(options: { identity?: 'none' | 'user'; grantScope?: (vault: KeyVault, group: ResourceGroup) => string; role?: string } = {}) {
    const stack = rawStack();
    const group = new ResourceGroup(stack, 'group', { name: 'rg-apps', location: 'westeurope' });
    const vault = new KeyVault(stack, 'vault', { name: 'kv-apps', resourceGroupName: group.name, location: 'westeurope', tenantId: '00000000-0000-0000-0000-000000000001', skuName: 'standard', rbacAuthorizationEnabled: true, purgeProtectionEnabled: true });
    const identity = new UserAssignedIdentity(stack, 'identity', { name: 'id-app', resourceGroupName: group.name, location: 'westeurope' });
    if (options.grantScope) new RoleAssignment(stack, 'reader', { scope: options.grantScope(vault, group), roleDefinitionName: options.role ?? 'Key Vault Secrets User', principalId: identity.principalId });
    new ContainerApp(stack, 'app', {
      name: 'ca-raw', resourceGroupName: group.name, containerAppEnvironmentId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.App/managedEnvironments/cae', revisionMode: 'Single',
      identity: { type: 'UserAssigned', identityIds: [identity.id] },
      secret: [{ name: 'psp-api-key', keyVaultSecretId: 'https://kv-apps.vault.azure.net/secrets/psp-api-key', ...(options.identity === 'none' ? {} : { identity: identity.id }) }],
      template: { container: [{ name: 'app', image: 'contoso.azurecr.io/app:1.0.0', cpu: 0.5, memory: '1Gi', env: [{ name: 'PSP_API_KEY', secretName: 'psp-api-key' }] }] },
    });
    return stack;
  }
  const accessFindings = (stack: TerraformStack) => {
    Testing.synth(stack);
    return errorsOf(stack).filter((e) => e.startsWith(`[${ACCESS}] `));
  };

  it('fails when the Key Vault secret has no identity to read it with', () => {
    expect(accessFindings(appWithSecret({ identity: 'none', grantScope: (v) => v.id }))).toEqual([expect.stringMatching(/^\[SEC-1\.ContainerAppKeyVaultSecretAccess\] other-dev\/app: secret\.psp-api-key\.identity = undefined: the secret psp-api-key refers to Key Vault/)]);
  });

  it('fails when the identity holds no secrets role on the secret, its vault or above (or only a role that does not read secrets)', () => {
    expect(accessFindings(appWithSecret())).toEqual([expect.stringContaining('holds no role that reads secrets (Key Vault Secrets User, Officer or Administrator) on the secret, azurerm_key_vault.vault')]);
    expect(accessFindings(appWithSecret({ grantScope: (v) => v.id, role: 'Key Vault Reader' }))).toHaveLength(1);
    expect(accessFindings(appWithSecret({ grantScope: (v) => `${v.id}/secrets/other-secret` }))).toHaveLength(1);
  });

  it('passes a secrets role on the secret, the vault, its resource group or its subscription', () => {
    const scopes: ((v: KeyVault, g: ResourceGroup) => string)[] = [(v) => `${v.id}/secrets/psp-api-key`, (v) => v.id, (_v, g) => g.id, () => '/subscriptions/00000000-0000-0000-0000-000000000001'];
    for (const grantScope of scopes) expect(ruleStatusOf(appWithSecret({ grantScope }), ACCESS, 'app')).toEqual([ReportStatus.COMPLIANT]);
  });

  it('fails on plain HCL when the identity has no role, and passes with one on the vault\'s resource group', async () => {
    const hcl = (grant: string) => [
      'resource "azurerm_resource_group" "rg" {\n  name = "rg-apps"\n  location = "westeurope"\n}',
      'resource "azurerm_key_vault" "kv" {\n  name = "kv-apps"\n  resource_group_name = azurerm_resource_group.rg.name\n  rbac_authorization_enabled = true\n}',
      'resource "azurerm_user_assigned_identity" "app" {\n  name = "id-app"\n}',
      grant,
      'resource "azurerm_container_app" "app" {\n  name = "ca-raw"\n  identity {\n    type = "UserAssigned"\n    identity_ids = [azurerm_user_assigned_identity.app.id]\n  }',
      '  secret {\n    name = "psp-api-key"\n    key_vault_secret_id = "https://kv-apps.vault.azure.net/secrets/psp-api-key"\n    identity = azurerm_user_assigned_identity.app.id\n  }\n}', '',
    ].join('\n');
    expect(failuresOf(await lessonsOn({ 'main.tf': hcl('') }), ACCESS).map((r) => r.setting)).toEqual(['secret.psp-api-key.identity']);
    const granted = await lessonsOn({ 'main.tf': hcl('resource "azurerm_role_assignment" "r" {\n  scope = azurerm_resource_group.rg.id\n  role_definition_name = "Key Vault Secrets User"\n  principal_id = azurerm_user_assigned_identity.app.principal_id\n}') });
    expect(statusesAt(granted, ACCESS, 'azurerm_container_app.app')).toEqual([ReportStatus.COMPLIANT]);
  });
});

