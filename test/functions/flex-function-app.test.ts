import { TerraformStack, Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { resolveIn } from '../../constructs/core/claims';
import { PublicNetworkAccess } from '../../constructs/core/network';
import { ApplicationInsights } from '../../constructs/functions/application-insights';
import { FlexFunctionApp, FlexFunctionAppProps } from '../../constructs/functions/flex-function-app';
import { FunctionAlerts, FunctionAlertsProps } from '../../constructs/functions/function-alerts';
import { FunctionRuntime } from '../../constructs/functions/function-settings';
import { StorageAccount, StorageAccountProps, StorageReplication } from '../../constructs/storage/storage-account';
import { refusalOf } from '../support/refusal';
import { idOf, ref, resourceOf, resourcesOf, synth, TerraformJson, testStack, warningsOf } from '../support/synth';
import { PreflightManifests } from '../../constructs/stack/preflight-manifest';

const APP_ID = '6f1d2c3e-5a4b-4c3d-9e8f-7a6b5c4d3e2f';
const WORKSPACE = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.OperationalInsights/workspaces/log-unit';
const ACTION_GROUP = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.Insights/actionGroups/ag-unit';
const CALLER = '11111111-2222-3333-4444-555555555555';

/** A dev stack (production false): a missing entraAuth is a warning there. */
const devStack = () => new AzureStack(Testing.app(), { stackName: 'fn', environmentName: 'dev', production: false });

function build(props: Partial<FlexFunctionAppProps> = {}, options: { stack?: TerraformStack; insights?: boolean; storage?: Partial<StorageAccountProps> } = {}) {
  const stack = options.stack ?? testStack();
  // The host reaches its storage over the public endpoint (no VNet integration yet).
  const storage = new StorageAccount(stack, 'storage', {
    name: 'stfuncunit', resourceGroupName: 'rg-unit', location: 'westeurope', publicNetworkAccess: PublicNetworkAccess.ENABLED, ...options.storage,
  });
  const insights = options.insights === false ? undefined : new ApplicationInsights(stack, 'insights', {
    name: 'appi-unit', resourceGroupName: 'rg-unit', location: 'westeurope', logAnalyticsWorkspaceId: WORKSPACE,
  });
  const app = new FlexFunctionApp(stack, 'app', {
    name: 'func-unit', resourceGroupName: 'rg-unit', location: 'westeurope', storage, entraAuth: { applicationId: APP_ID },
    ...(insights ? { applicationInsights: insights } : {}), ...props,
  });
  return { stack, storage, insights, app };
}

const dataRef = (tf: TerraformJson, type: string, attribute: string) => {
  const ids = Object.keys(tf.data?.[type] ?? {});
  if (ids.length !== 1) throw new Error(`expected one data.${type}, found ${ids.length}`);
  return `\${data.${type}.${ids[0]}.${attribute}}`;
};

interface Site {
  type: string; name: string; location: string; parent_id: string;
  identity: { type: string; identity_ids: string[] }[];
  body: { kind: string; properties: Record<string, unknown> & {
    siteConfig: { appSettings: { name: string; value: string }[]; minTlsVersion: string };
    functionAppConfig: { deployment: unknown; runtime: unknown; scaleAndConcurrency: Record<string, unknown> };
  } };
  depends_on: string[];
  retry: unknown;
  response_export_values: unknown;
}
const siteOf = (tf: TerraformJson) => resourceOf(tf, 'azapi_resource', 'app/site') as unknown as Site;
const actionOf = (tf: TerraformJson, path: string) => resourceOf(tf, 'azapi_resource_action', path) as { type: string; resource_id: string; method: string; body: unknown };
const settingsOf = (tf: TerraformJson) => Object.fromEntries(siteOf(tf).body.properties.siteConfig.appSettings.map((s) => [s.name, s.value]));

describe('FlexFunctionApp defaults', () => {
  const { stack, app } = build();
  const tf = synth(stack);
  const site = siteOf(tf);
  const clientId = ref(tf, 'azurerm_user_assigned_identity', 'client_id');

  it('creates the app through AzAPI as a Linux function app on an FC1 plan, HTTPS only, with its user-assigned identity', () => {
    expect(site).toMatchObject({
      type: 'Microsoft.Web/sites@2024-11-01', name: 'func-unit', location: 'westeurope',
      identity: [{ type: 'UserAssigned', identity_ids: [ref(tf, 'azurerm_user_assigned_identity', 'id')] }],
      response_export_values: { defaultHostName: 'properties.defaultHostName' },
    });
    expect(site.body.kind).toBe('functionapp,linux');
    expect(site.body.properties).toMatchObject({
      // In the casing Azure returns: azapi compares bodies case-sensitively (AZURE.AzapiIdCasing).
      serverFarmId: `\${replace(azurerm_service_plan.${idOf(tf, 'azurerm_service_plan')}.id, "/serverFarms/", "/serverfarms/")}`, httpsOnly: true, publicNetworkAccess: 'Enabled',
    });
    expect(site.body.properties.siteConfig.minTlsVersion).toBe('1.2');
    expect(resourceOf(tf, 'azurerm_service_plan')).toEqual({
      name: 'asp-func-unit', resource_group_name: 'rg-unit', location: 'westeurope', os_type: 'Linux', sku_name: 'FC1', zone_balancing_enabled: true,
    });
    expect(resourceOf(tf, 'azurerm_user_assigned_identity')).toEqual({ name: 'id-func-unit', resource_group_name: 'rg-unit', location: 'westeurope' });
  });

  it('puts the app into the resource group of the azapi provider\'s subscription', () => {
    expect(site.parent_id).toBe(`/subscriptions/${dataRef(tf, 'azapi_client_config', 'subscription_id')}/resourceGroups/rg-unit`);
  });

  it('reaches host storage with the identity: account name, managedidentity and the client id (not the resource id), no connection string (SEC-1)', () => {
    expect(site.body.properties.siteConfig.appSettings).toEqual([
      { name: 'AzureWebJobsStorage__accountName', value: ref(tf, 'azurerm_storage_account', 'name') },
      { name: 'AzureWebJobsStorage__credential', value: 'managedidentity' },
      { name: 'AzureWebJobsStorage__clientId', value: clientId },
      { name: 'AZURE_CLIENT_ID', value: clientId },
      { name: 'APPLICATIONINSIGHTS_CONNECTION_STRING', value: ref(tf, 'azurerm_application_insights', 'connection_string') },
      { name: 'APPLICATIONINSIGHTS_AUTHENTICATION_STRING', value: `Authorization=AAD;ClientId=${clientId}` },
    ]);
    expect(clientId).toMatch(/^\$\{azurerm_user_assigned_identity\.app_identity_[0-9A-F]+\.client_id\}$/);
    expect(settingsOf(tf)).not.toHaveProperty('AzureWebJobsStorage');
  });

  it('creates the deployment container and deploys from it with the user-assigned identity', () => {
    expect(resourceOf(tf, 'azurerm_storage_container')).toEqual({
      name: 'app-package-func-unit', storage_account_id: ref(tf, 'azurerm_storage_account', 'id'), container_access_type: 'private',
    });
    expect(site.body.properties.functionAppConfig.deployment).toEqual({
      storage: {
        type: 'blobContainer',
        value: `${ref(tf, 'azurerm_storage_account', 'primary_blob_endpoint')}${ref(tf, 'azurerm_storage_container', 'name')}`,
        authentication: { type: 'UserAssignedIdentity', userAssignedIdentityResourceId: ref(tf, 'azurerm_user_assigned_identity', 'id') },
      },
    });
    expect(app.deploymentContainer.containerName).toBe('app-package-func-unit');
  });

  it('runs .NET 8 isolated on 2048 MB instances, up to 100 of them, without always-ready instances or an HTTP concurrency', () => {
    expect(site.body.properties.functionAppConfig.runtime).toEqual({ name: 'dotnet-isolated', version: '8.0' });
    expect(site.body.properties.functionAppConfig.scaleAndConcurrency).toEqual({ maximumInstanceCount: 100, instanceMemoryMB: 2048 });
  });

  it('grants the host Storage Blob Data Owner, Queue and Table Data Contributor on the account and Monitoring Metrics Publisher on App Insights', () => {
    const principal = ref(tf, 'azurerm_user_assigned_identity', 'principal_id');
    const grants = Object.values(resourcesOf(tf, 'azurerm_role_assignment')).map((r) => [r.role_definition_name, r.scope, r.principal_id]).sort();
    expect(grants).toEqual([
      ['Monitoring Metrics Publisher', ref(tf, 'azurerm_application_insights', 'id'), principal],
      ['Storage Blob Data Owner', ref(tf, 'azurerm_storage_account', 'id'), principal],
      ['Storage Queue Data Contributor', ref(tf, 'azurerm_storage_account', 'id'), principal],
      ['Storage Table Data Contributor', ref(tf, 'azurerm_storage_account', 'id'), principal],
    ]);
    expect(app.hostGrants).toHaveLength(4);
  });

  it('creates the site only after every host grant, and retries while the grants reach the data plane', () => {
    expect([...site.depends_on].sort()).toEqual(Object.keys(resourcesOf(tf, 'azurerm_role_assignment')).map((id) => `azurerm_role_assignment.${id}`).sort());
    expect(site.depends_on).toHaveLength(4);
    expect(site.retry).toEqual({
      error_message_regex: [
        'AuthorizationFailed', 'Forbidden', 'ForbiddenByRbac', 'AuthorizationPermissionMismatch',
        'does not have (secrets get|authorization|permission)', 'Caller is not authorized',
      ],
      interval_seconds: 15,
      max_interval_seconds: 60,
    });
  });

  it('turns basic publishing authentication off for SCM and FTP', () => {
    // Built in the test, not once for the block, so mutation testing sees the test cover it.
    const own = synth(build().stack);
    for (const policy of ['scm', 'ftp']) {
      expect(actionOf(own, `app/basic-auth-${policy}`)).toEqual({
        type: 'Microsoft.Web/sites/basicPublishingCredentialsPolicies@2024-11-01',
        resource_id: `${ref(own, 'azapi_resource', 'id', 'app/site')}/basicPublishingCredentialsPolicies/${policy}`,
        method: 'PUT',
        body: { properties: { allow: false } },
      });
    }
  });

  it('puts App Service Authentication in front: 401 without a token for the application, v1 issuer of the tenant, no token store', () => {
    expect(actionOf(tf, 'app/entra-auth')).toEqual({
      type: 'Microsoft.Web/sites/config@2024-11-01',
      resource_id: `${ref(tf, 'azapi_resource', 'id', 'app/site')}/config/authsettingsV2`,
      method: 'PUT',
      body: {
        properties: {
          platform: { enabled: true },
          globalValidation: { requireAuthentication: true, unauthenticatedClientAction: 'Return401' },
          login: { tokenStore: { enabled: false } },
          identityProviders: {
            azureActiveDirectory: {
              enabled: true,
              registration: { clientId: APP_ID, openIdIssuer: `https://sts.windows.net/${dataRef(tf, 'azapi_client_config', 'tenant_id')}/` },
              validation: {
                allowedAudiences: [APP_ID, `api://${APP_ID}`],
                defaultAuthorizationPolicy: { allowedPrincipals: { identities: [] } },
              },
            },
          },
        },
      },
    });
    expect(app.entraApplicationId).toBe(APP_ID);
    expect(Object.keys(tf.data?.azapi_client_config ?? {})).toHaveLength(1);
  });

  it('states the Functions request limit of 230 s as a timeout layer (EDGE-1)', () => {
    expect(app.timeoutLayer).toEqual({ layer: 'Functions HTTP request timeout', timeoutSeconds: 230, constructPath: 'test/app' });
  });

  it('reads the host name back from the site\'s output, and the site id as a reference', () => {
    expect(resolveIn(stack, app.defaultHostName)).toBe(ref(tf, 'azapi_resource', 'output.defaultHostName', 'app/site'));
    expect(resolveIn(stack, app.siteId)).toBe(ref(tf, 'azapi_resource', 'id', 'app/site'));
  });
});

describe('FlexFunctionApp options', () => {
  it('lets only the principals given to allowCaller through App Service Authentication', () => {
    const { stack, app } = build();
    app.allowCaller({ principalId: CALLER });
    app.allowCaller({ principalId: '${azurerm_api_management.apim.identity[0].principal_id}' });
    const body = actionOf(synth(stack), 'app/entra-auth').body as { properties: { identityProviders: { azureActiveDirectory: { validation: { defaultAuthorizationPolicy: unknown } } } } };
    expect(body.properties.identityProviders.azureActiveDirectory.validation.defaultAuthorizationPolicy).toEqual({
      allowedPrincipals: { identities: [CALLER, '${azurerm_api_management.apim.identity[0].principal_id}'] },
    });
  });

  it('takes the runtime, its version, memory, scale cap, HTTP concurrency and always-ready instances', () => {
    const { stack } = build({
      runtime: FunctionRuntime.NODE, runtimeVersion: '22', instanceMemoryMb: 4096, maximumInstanceCount: 50, httpConcurrency: 16,
      alwaysReady: [{ name: 'http', instanceCount: 2 }, { name: 'function:orders', instanceCount: 1 }],
    });
    const config = siteOf(synth(stack)).body.properties.functionAppConfig;
    expect(config.runtime).toEqual({ name: 'node', version: '22' });
    expect(config.scaleAndConcurrency).toEqual({
      maximumInstanceCount: 50, instanceMemoryMB: 4096,
      alwaysReady: [{ name: 'http', instanceCount: 2 }, { name: 'function:orders', instanceCount: 1 }],
      triggers: { http: { perInstanceConcurrency: 16 } },
    });
  });

  it('defaults the version per runtime (python 3.10, the first listed)', () => {
    const { stack } = build({ runtime: FunctionRuntime.PYTHON });
    expect(siteOf(synth(stack)).body.properties.functionAppConfig.runtime).toEqual({ name: 'python', version: '3.10' });
  });

  it('accepts the edges: 512 MB, 1 and 1000 instances, concurrency 1 and 1000, always-ready up to the cap', () => {
    expect(() => build({ instanceMemoryMb: 512, maximumInstanceCount: 1, httpConcurrency: 1, alwaysReady: [{ name: 'http', instanceCount: 1 }] })).not.toThrow();
    expect(() => build({ maximumInstanceCount: 1000, httpConcurrency: 1000, alwaysReady: [{ name: 'blob', instanceCount: 0 }, { name: 'durable', instanceCount: 1000 }] })).not.toThrow();
  });

  it('adds the code\'s own settings after the ones it writes', () => {
    const { stack } = build({ appSettings: { ORDERS_QUEUE: 'outbox', 'Feature.Flag_1': 'on' } });
    const names = siteOf(synth(stack)).body.properties.siteConfig.appSettings.map((s) => s.name);
    expect(names.slice(-2)).toEqual(['ORDERS_QUEUE', 'Feature.Flag_1']);
    expect(names).toHaveLength(8);
  });

  it('without Application Insights: no telemetry settings, three host grants, all before the site', () => {
    const { stack, app } = build({}, { insights: false });
    const tf = synth(stack);
    expect(Object.keys(settingsOf(tf))).toEqual(['AzureWebJobsStorage__accountName', 'AzureWebJobsStorage__credential', 'AzureWebJobsStorage__clientId', 'AZURE_CLIENT_ID']);
    expect(Object.values(resourcesOf(tf, 'azurerm_role_assignment')).map((r) => r.role_definition_name).sort()).toEqual([
      'Storage Blob Data Owner', 'Storage Queue Data Contributor', 'Storage Table Data Contributor',
    ]);
    expect(siteOf(tf).depends_on).toHaveLength(3);
    expect(app.hostGrants).toHaveLength(3);
  });

  it('takes a deployment container name, a resource group id and a disabled public endpoint', () => {
    const rg = '/subscriptions/0/resourceGroups/rg-unit';
    const { stack } = build({ deploymentContainerName: 'packages', resourceGroupId: rg, entraAuth: undefined, publicNetworkAccess: PublicNetworkAccess.DISABLED }, { stack: devStack() });
    const tf = synth(stack);
    expect(siteOf(tf).body.properties.publicNetworkAccess).toBe('Disabled');
    expect(resourceOf(tf, 'azurerm_storage_container').name).toBe('packages');
    expect(siteOf(tf).parent_id).toBe(rg);
    expect(tf.data).toBeUndefined();
    expect((siteOf(tf).body.properties.functionAppConfig.deployment as { storage: { value: string } }).storage.value).toBe(`${ref(tf, 'azurerm_storage_account', 'primary_blob_endpoint')}${ref(tf, 'azurerm_storage_container', 'name')}`);
  });

  it('shortens the default deployment container name to 63 characters without a trailing hyphen', () => {
    const name = `${'f'.repeat(50)}-${'b'.repeat(9)}`;
    const { stack } = build({ name });
    expect(resourceOf(synth(stack), 'azurerm_storage_container').name).toBe(`app-package-${'f'.repeat(50)}`);
  });

  it('spreads over zones in production only, unless told otherwise', () => {
    const plan = (stack: TerraformStack) => resourceOf(synth(stack), 'azurerm_service_plan').zone_balancing_enabled;
    expect(plan(build().stack)).toBe(true);
    expect(plan(build({}, { stack: devStack() }).stack)).toBe(false);
    expect(plan(build({ zoneRedundant: false }).stack)).toBe(false);
    expect(plan(build({ zoneRedundant: true }, { stack: devStack() }).stack)).toBe(true);
  });

  it('warns when a zone-redundant app keeps its host storage in one zone (LRS)', () => {
    const { stack } = build({}, { storage: { replication: StorageReplication.LRS } });
    expect(warningsOf(stack).filter((w) => w.includes('test/app:'))).toEqual([
      '[AZURE] test/app: storage.replication = "LRS": the app spreads over zones, but its host storage lives in one: a zone outage stops every instance. '
      + 'Fix: give the storage account replication ZRS or GZRS, or set zoneRedundant: false.',
    ]);
    expect(warningsOf(build({ zoneRedundant: false }, { storage: { replication: StorageReplication.LRS } }).stack).filter((w) => w.includes('test/app:'))).toEqual([]);
  });

  it('follows the production prop over the stack: no Entra ID is then a warning', () => {
    const { stack } = build({ entraAuth: undefined, production: false });
    expect(warningsOf(stack).filter((w) => w.includes('test/app:'))).toEqual([expect.stringMatching(/^\[ACCESS\] test\/app: entraAuth = undefined: /)]);
    expect(resourceOf(synth(stack), 'azurerm_service_plan').zone_balancing_enabled).toBe(false);
  });

  it('warns outside production when no Entra ID is in front, and writes no authsettingsV2', () => {
    const { stack, app } = build({ entraAuth: undefined }, { stack: devStack() });
    expect(warningsOf(stack)).toEqual([
      '[ACCESS] fn-dev/app: entraAuth = undefined: without Entra ID in front, the functions answer anyone who learns the host name, around the gateway and its limits. '
      + 'Fix: give entraAuth: { applicationId } and allow the gateway\'s identity with allowCaller(gateway.identity).',
    ]);
    const tf = synth(stack);
    expect(Object.keys(resourcesOf(tf, 'azapi_resource_action')).filter((id) => id.includes('entra-auth'))).toEqual([]);
    expect(app.entraApplicationId).toBeUndefined();
  });

  it('passes the lessons check of its stack: no errors, no warnings from the rules', () => {
    const { stack } = build({}, { stack: devStack() });
    const report = (stack as AzureStack).lessonsCheck.reportOf(stack);
    expect(report.summary).toMatchObject({ errors: 0, warnings: 0 });
    expect(report.results.filter((r) => r.status === 'compliant').map((r) => r.ruleId).sort()).toEqual(expect.arrayContaining([
      'SEC-1.FunctionHostStorageKey', 'SEC-1.FunctionHttpsOnly', 'SEC-1.StorageSharedKey',
    ]));
  });
});

describe('FlexFunctionApp refusals', () => {
  it('fails when production has no Entra ID in front (ACCESS)', () => {
    const r = refusalOf(() => build({ entraAuth: undefined }));
    expect(r).toMatchObject({ lesson: 'ACCESS', setting: 'entraAuth', path: 'test/app' });
    expect(r.message).toMatch(/^\[ACCESS\] test\/app: entraAuth = undefined: without Entra ID in front, the functions answer anyone who learns the host name/);
  });

  it('fails when its host storage has no public endpoint (the app has no VNet integration)', () => {
    const r = refusalOf(() => build({}, { storage: { publicNetworkAccess: PublicNetworkAccess.DISABLED } }));
    expect(r).toMatchObject({ lesson: 'SEC-1', setting: 'storage.publicNetworkAccess', path: 'test/app' });
    expect(r.message).toMatch(/^\[SEC-1\] test\/app: storage\.publicNetworkAccess = "Disabled": the app has no VNet integration, so its host cannot reach storage/);
  });

  it('fails when a caller is allowed without entraAuth', () => {
    const { app } = build({ entraAuth: undefined }, { stack: devStack() });
    const r = refusalOf(() => app.allowCaller({ principalId: CALLER }));
    expect(r).toMatchObject({ lesson: 'ACCESS', setting: 'entraAuth', path: 'fn-dev/app' });
    expect(r.message).toBe('[ACCESS] fn-dev/app: entraAuth = undefined: callers are allowed through App Service Authentication, which needs the Entra application their tokens are for. '
      + 'Fix: give entraAuth: { applicationId } to the app.');
  });

  it('fails when the application id is not a GUID', () => {
    const r = refusalOf(() => build({ entraAuth: { applicationId: 'orders-api' } }));
    expect(r).toMatchObject({ lesson: 'ACCESS', setting: 'entraAuth.applicationId', path: 'test/app' });
    expect(r.message).toBe('[ACCESS] test/app: entraAuth.applicationId = "orders-api": an Entra application is named by its client id, a GUID. Fix: give the app registration\'s Application (client) ID.');
  });

  it('fails when the app name is not a function app name', () => {
    const r = refusalOf(() => build({ name: '-func' }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'name', path: 'test/app' });
    expect(r.message).toBe('[AZURE] test/app: name = "-func": Azure rejects this function app name (5 characters). '
      + 'Fix: use 2-60 characters: letters, digits and single hyphens, starting and ending with a letter or digit, unique across Azure.');
  });

  it('fails when the deployment container name is not a container name', () => {
    const r = refusalOf(() => build({ deploymentContainerName: 'Packages' }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'name', path: 'test/app/deployment-container' });
    expect(r.message).toContain('name = "Packages": Azure rejects this blob container name (8 characters).');
  });

  it('fails when the runtime is not a Flex Consumption runtime', () => {
    const r = refusalOf(() => build({ runtime: 'dotnet' as FunctionRuntime }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'runtime', path: 'test/app' });
    expect(r.message).toBe('[AZURE] test/app: runtime = "dotnet": Flex Consumption has no such runtime. Fix: use one of dotnet-isolated, node, java, powershell, python, custom.');
  });

  it('fails when the runtime version is not one Flex Consumption runs (dotnet-isolated 6.0)', () => {
    const r = refusalOf(() => build({ runtimeVersion: '6.0' }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'runtimeVersion', path: 'test/app' });
    expect(r.message).toBe('[AZURE] test/app: runtimeVersion = "6.0": Flex Consumption runs dotnet-isolated 8.0, 9.0, 10.0. Fix: use one of 8.0, 9.0, 10.0.');
  });

  it('fails when the runtime version belongs to another runtime (node 8.0)', () => {
    const r = refusalOf(() => build({ runtime: FunctionRuntime.NODE, runtimeVersion: '8.0' }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'runtimeVersion' });
    expect(r.message).toContain('runtimeVersion = "8.0": Flex Consumption runs node 20, 22.');
  });

  for (const memory of [1024, 0, 8192]) {
    it(`fails when the instance memory is ${memory} MB`, () => {
      const r = refusalOf(() => build({ instanceMemoryMb: memory }));
      expect(r).toMatchObject({ lesson: 'AZURE', setting: 'instanceMemoryMb', path: 'test/app' });
      expect(r.message).toBe(`[AZURE] test/app: instanceMemoryMb = ${memory}: Flex Consumption instances have 512, 2048 or 4096 MB. Fix: use 2048 (the default), 512 or 4096.`);
    });
  }

  for (const count of [0, 1001, 2.5]) {
    it(`fails when the maximum instance count is ${count}`, () => {
      const r = refusalOf(() => build({ maximumInstanceCount: count }));
      expect(r).toMatchObject({ lesson: 'AZURE', setting: 'maximumInstanceCount', path: 'test/app' });
      expect(r.message).toMatch(new RegExp(`^\\[AZURE\\] test/app: maximumInstanceCount = ${count.toString().replace('.', '\\.')}: Flex Consumption scales to 1-1000 instances\\.`));
    });
  }

  for (const concurrency of [0, 1001]) {
    it(`fails when the HTTP concurrency is ${concurrency}`, () => {
      const r = refusalOf(() => build({ httpConcurrency: concurrency }));
      expect(r).toMatchObject({ lesson: 'AZURE', setting: 'httpConcurrency', path: 'test/app' });
      expect(r.message).toBe(`[AZURE] test/app: httpConcurrency = ${concurrency}: an instance takes 1-1000 HTTP requests at once. Fix: leave it unset for the platform default, or give e.g. 16.`);
    });
  }

  it('fails when an always-ready group is not http, blob, durable or function:<name>', () => {
    const r = refusalOf(() => build({ alwaysReady: [{ name: 'queue', instanceCount: 1 }] }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'alwaysReady[0].name', path: 'test/app' });
    expect(r.message).toBe('[AZURE] test/app: alwaysReady[0].name = "queue": always-ready instances are kept for http, blob, durable or function:<name>. '
      + "Fix: use e.g. { name: 'http', instanceCount: 1 }, each group once.");
  });

  it('fails when an always-ready group is listed twice', () => {
    const r = refusalOf(() => build({ alwaysReady: [{ name: 'http', instanceCount: 1 }, { name: 'http', instanceCount: 1 }] }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'alwaysReady[1].name' });
    expect(r.message).toContain('alwaysReady[1].name = "http": this group is listed twice.');
  });

  it('fails when an always-ready count is negative', () => {
    const r = refusalOf(() => build({ alwaysReady: [{ name: 'http', instanceCount: -1 }] }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'alwaysReady[0].instanceCount' });
    expect(r.message).toContain('alwaysReady[0].instanceCount = -1: an always-ready count is a whole number of 0-1000.');
  });

  it('fails when the always-ready instances add up to more than the maximum instance count', () => {
    const r = refusalOf(() => build({ maximumInstanceCount: 2, alwaysReady: [{ name: 'http', instanceCount: 2 }, { name: 'blob', instanceCount: 1 }] }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'alwaysReady', path: 'test/app' });
    expect(r.message).toBe('[AZURE] test/app: alwaysReady = 3: the always-ready instances add up to 3, above the app\'s maximum of 2. Fix: lower the always-ready counts or raise maximumInstanceCount.');
  });
});

describe('FlexFunctionApp app setting refusals', () => {
  const deprecated = [
    'ENABLE_ORYX_BUILD', 'FUNCTIONS_EXTENSION_VERSION', 'FUNCTIONS_WORKER_RUNTIME', 'FUNCTIONS_WORKER_RUNTIME_VERSION',
    'FUNCTIONS_MAX_HTTP_CONCURRENCY', 'FUNCTIONS_WORKER_PROCESS_COUNT', 'FUNCTIONS_WORKER_DYNAMIC_CONCURRENCY_ENABLED',
    'SCM_DO_BUILD_DURING_DEPLOYMENT', 'WEBSITE_CONTENTAZUREFILECONNECTIONSTRING', 'WEBSITE_CONTENTOVERVNET', 'WEBSITE_CONTENTSHARE',
    'WEBSITE_DNS_SERVER', 'WEBSITE_MAX_DYNAMIC_APPLICATION_SCALE_OUT', 'WEBSITE_NODE_DEFAULT_VERSION', 'WEBSITE_RUN_FROM_PACKAGE',
    'WEBSITE_SKIP_CONTENTSHARE_VALIDATION', 'WEBSITE_VNET_ROUTE_ALL', 'WEBSITE_TIME_ZONE', 'TZ',
  ];
  for (const name of deprecated) {
    it(`fails when the deprecated Flex setting ${name} is given`, () => {
      const r = refusalOf(() => build({ appSettings: { [name]: '1' } }));
      expect(r).toMatchObject({ lesson: 'AZURE', setting: `appSettings.${name}`, path: 'test/app' });
      expect(r.message).toBe(`[AZURE] test/app: appSettings.${name} = "1": Flex Consumption sets ${name} itself or has no such feature, and refuses or ignores it. `
        + 'Fix: drop it: the runtime and version are the runtime prop, the package goes to the deployment container.');
    });
  }

  it('fails when a deprecated setting is given in another case (functions_worker_runtime)', () => {
    const r = refusalOf(() => build({ appSettings: { functions_worker_runtime: 'dotnet-isolated' } }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'appSettings.functions_worker_runtime' });
    expect(r.message).toContain('appSettings.functions_worker_runtime = "dotnet-isolated": Flex Consumption sets FUNCTIONS_WORKER_RUNTIME itself');
  });

  it('fails when a setting name has a colon (Linux reads settings as environment variables)', () => {
    const r = refusalOf(() => build({ appSettings: { 'Orders:Endpoint': 'https://orders' } }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'appSettings.Orders:Endpoint', path: 'test/app' });
    expect(r.message).toBe('[AZURE] test/app: appSettings.Orders:Endpoint = "Orders:Endpoint": Linux function apps read app settings as environment variables, and a name with : cannot be one. '
      + 'Fix: use __ for nesting: "Orders__Endpoint".');
  });

  it('fails when a setting name starts with a digit', () => {
    const r = refusalOf(() => build({ appSettings: { '1FLAG': 'on' } }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'appSettings.1FLAG' });
    expect(r.message).toContain('app setting names are letters, digits, _ . -, not starting with a digit.');
  });

  it('fails when AzureWebJobsStorage is given (a connection string is a key, SEC-1)', () => {
    const r = refusalOf(() => build({ appSettings: { AzureWebJobsStorage: 'UseDevelopmentStorage=true' } }));
    expect(r).toMatchObject({ lesson: 'SEC-1', setting: 'appSettings.AzureWebJobsStorage', path: 'test/app' });
    expect(r.message).toBe('[SEC-1] test/app: appSettings.AzureWebJobsStorage = "AzureWebJobsStorage": a storage connection string carries the account key, which a keyless account refuses anyway. '
      + 'Fix: leave host storage to the construct (AzureWebJobsStorage__accountName with the app\'s identity) and grant other storage to the identity.');
  });

  it('fails when any setting carries an account key, without echoing the key', () => {
    const value = 'DefaultEndpointsProtocol=https;AccountName=stother;AccountKey=c2VjcmV0;EndpointSuffix=core.windows.net';
    const r = refusalOf(() => build({ appSettings: { ORDERS_STORAGE: value } }));
    expect(r).toMatchObject({ lesson: 'SEC-1', setting: 'appSettings.ORDERS_STORAGE' });
    expect(r.message).toMatch(/^\[SEC-1\] test\/app: appSettings\.ORDERS_STORAGE = "Defa…\(102 chars\)": a connection string with an account key \(Storage, Cosmos DB\)/);
    expect(r.message).not.toContain('c2VjcmV0');
  });

  it('fails when a setting carries a shared access signature', () => {
    const r = refusalOf(() => build({ appSettings: { EXPORT_URL: 'BlobEndpoint=https://stother.blob.core.windows.net/;SharedAccessSignature=sv=2024&sig=abc' } }));
    expect(r).toMatchObject({ lesson: 'SEC-1', setting: 'appSettings.EXPORT_URL' });
  });

  for (const [name, value] of [
    ['AzureWebJobsStorage__accountName', 'stother'],
    ['azurewebjobsstorage__credential', 'connectionstring'],
    ['AzureWebJobsStorage__clientId', '00000000-0000-0000-0000-000000000000'],
    ['azure_client_id', '00000000-0000-0000-0000-000000000000'],
    ['APPLICATIONINSIGHTS_CONNECTION_STRING', 'InstrumentationKey=abc'],
    ['ApplicationInsights_Authentication_String', 'Authorization=AAD'],
  ]) {
    it(`fails when a setting the construct writes is overridden: ${name}`, () => {
      const r = refusalOf(() => build({ appSettings: { [name]: value } }));
      expect(r).toMatchObject({ lesson: 'SEC-1', setting: `appSettings.${name}`, path: 'test/app' });
      expect(r.message).toBe(`[SEC-1] test/app: appSettings.${name} = ${JSON.stringify(value)}: the construct sets this (host storage through the app's identity, its client id, `
        + 'Application Insights with Entra ID); another value breaks how the host signs in. Fix: drop it.');
    });
  }
});

describe('FlexFunctionApp deployment container on a shared account', () => {
  // Two azurerm_storage_container resources with one name in one account: the second create fails at apply.
  it('fails when the account gets a container with the name of a function app\'s deployment container', () => {
    const { storage } = build();
    const r = refusalOf(() => storage.addContainer('app-package-func-unit'));
    expect(r.lesson).toBe('AZURE');
    expect(r.message).toContain('"app-package-func-unit"');
  });

  it('fails when two function apps on one account deploy from the same container name', () => {
    const { stack, storage } = build({ deploymentContainerName: 'packages' });
    const r = refusalOf(() => new FlexFunctionApp(stack, 'other', {
      name: 'func-other', resourceGroupName: 'rg-unit', location: 'westeurope', storage, entraAuth: { applicationId: APP_ID }, deploymentContainerName: 'packages',
    }));
    expect(r.lesson).toBe('AZURE');
    expect(r.message).toContain('"packages"');
  });
});

describe('ApplicationInsights', () => {
  it('is workspace-based and accepts Entra ID telemetry only (local authentication off)', () => {
    const stack = testStack();
    const insights = new ApplicationInsights(stack, 'insights', { name: 'appi-unit', resourceGroupName: 'rg-unit', location: 'westeurope', logAnalyticsWorkspaceId: WORKSPACE });
    insights.grantPublish({ principalId: CALLER }, 'sender');
    const tf = synth(stack);
    expect(resourceOf(tf, 'azurerm_application_insights')).toEqual({
      name: 'appi-unit', resource_group_name: 'rg-unit', location: 'westeurope', application_type: 'web',
      workspace_id: WORKSPACE, local_authentication_disabled: true,
    });
    expect(resourceOf(tf, 'azurerm_role_assignment')).toMatchObject({
      role_definition_name: 'Monitoring Metrics Publisher', scope: ref(tf, 'azurerm_application_insights', 'id'), principal_id: CALLER,
    });
    expect(resolveIn(stack, insights.connectionString)).toBe(ref(tf, 'azurerm_application_insights', 'connection_string'));
  });

  it('fails when the name ends with a period', () => {
    const r = refusalOf(() => new ApplicationInsights(testStack(), 'insights', { name: 'appi.', resourceGroupName: 'rg', location: 'westeurope', logAnalyticsWorkspaceId: WORKSPACE }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'name', path: 'test/insights' });
    expect(r.message).toContain('name = "appi.": Azure rejects this Application Insights component name (5 characters).');
  });
});

describe('FunctionAlerts', () => {
  function alerts(props: Partial<FunctionAlertsProps> = {}) {
    const stack = testStack();
    const storage = new StorageAccount(stack, 'storage', { name: 'stfuncunit', resourceGroupName: 'rg-unit', location: 'westeurope' });
    const insights = new ApplicationInsights(stack, 'insights', { name: 'appi-unit', resourceGroupName: 'rg-unit', location: 'westeurope', logAnalyticsWorkspaceId: WORKSPACE });
    new FunctionAlerts(stack, 'alerts', {
      applicationInsights: insights, storage, resourceGroupName: 'rg-unit', location: 'westeurope', namePrefix: 'func-unit', actionGroupId: ACTION_GROUP, ...props,
    });
    return { stack, tf: synth(stack) };
  }
  interface LogAlert { criteria: { query: string; time_aggregation_method: string; metric_measure_column?: string; operator: string; threshold: number }[] }
  const logAlert = (tf: TerraformJson, path: string) => resourceOf(tf, 'azurerm_monitor_scheduled_query_rules_alert_v2', path) as unknown as LogAlert & Record<string, unknown>;

  it('alerts on failed executions from Application Insights every 5 minutes, to the action group', () => {
    const { tf } = alerts();
    const alert = logAlert(tf, 'alerts/failed-executions');
    expect(alert).toMatchObject({
      name: 'func-unit-failed-executions', resource_group_name: 'rg-unit', location: 'westeurope',
      description: 'Function executions failed (at least 1 in 5 minutes).',
      scopes: [ref(tf, 'azurerm_application_insights', 'id')], severity: 2,
      evaluation_frequency: 'PT5M', window_duration: 'PT5M', auto_mitigation_enabled: true,
      action: { action_groups: [ACTION_GROUP] },
    });
    expect(alert.criteria).toHaveLength(1);
    expect(alert.criteria[0]).toMatchObject({ operator: 'GreaterThanOrEqual', threshold: 1 });
    expect(alert.criteria[0].query).toMatch(/^requests\n\| where success == false\n/);
  });

  it('alerts on messages the host moved to a poison queue (PAY-3), every 5 minutes', () => {
    const { tf } = alerts();
    const alert = logAlert(tf, 'alerts/poisoned-messages');
    expect(alert).toMatchObject({
      name: 'func-unit-poisoned-messages', scopes: [ref(tf, 'azurerm_application_insights', 'id')], severity: 1,
      evaluation_frequency: 'PT5M', window_duration: 'PT5M', action: { action_groups: [ACTION_GROUP] },
    });
    expect(alert.description).toMatch(/^PAY-3: /);
    expect(alert.criteria[0]).toMatchObject({ operator: 'GreaterThanOrEqual', threshold: 1 });
    expect(alert.criteria[0].query).toMatch(/^traces\n\| where message has "MaxDequeueCount"\n/);
  });

  // With time_aggregation_method Count (and no measure column) Azure counts the rows the query returns;
  // `summarize X = count()` returns exactly one row, also when nothing failed, so the alert fires every 5 minutes.
  it('counts the failed executions and poisoned messages, not the one row a summarize count() returns', () => {
    const { tf } = alerts({ failedExecutionsThreshold: 3 });
    for (const path of ['alerts/failed-executions', 'alerts/poisoned-messages']) {
      const [criterion] = logAlert(tf, path).criteria;
      const summarized = /\|\s*summarize\s+(\w+)\s*=\s*count\(\)\s*$/.exec(criterion.query);
      const countsRecords = criterion.time_aggregation_method === 'Count'
        ? !/\|\s*summarize\b/.test(criterion.query)
        : summarized !== null && criterion.metric_measure_column === summarized[1] && ['Total', 'Maximum'].includes(criterion.time_aggregation_method);
      expect(countsRecords, `${path}: time_aggregation_method ${criterion.time_aggregation_method} over ${JSON.stringify(criterion.query)}`).toBe(true);
    }
    expect(logAlert(tf, 'alerts/failed-executions').criteria[0].threshold).toBe(3);
  });

  it('alerts on the account\'s queue backlog (QueueMessageCount on <account>/queueServices/default)', () => {
    const { tf } = alerts();
    expect(resourceOf(tf, 'azurerm_monitor_metric_alert')).toEqual({
      name: 'func-unit-queue-backlog', resource_group_name: 'rg-unit',
      scopes: [`${ref(tf, 'azurerm_storage_account', 'id')}/queueServices/default`],
      description: 'More than 1000 messages wait in the account\'s queues (QueueMessageCount, refreshed about daily).',
      severity: 3, frequency: 'PT1H', window_size: 'P1D', auto_mitigate: true,
      criteria: [{
        metric_namespace: 'Microsoft.Storage/storageAccounts/queueServices', metric_name: 'QueueMessageCount',
        aggregation: 'Average', operator: 'GreaterThan', threshold: 1000,
      }],
      action: [{ action_group_id: ACTION_GROUP }],
    });
  });

  it('takes the thresholds', () => {
    const { tf } = alerts({ failedExecutionsThreshold: 5, queuedMessagesThreshold: 50 });
    expect(logAlert(tf, 'alerts/failed-executions').description).toBe('Function executions failed (at least 5 in 5 minutes).');
    expect((resourceOf(tf, 'azurerm_monitor_metric_alert').criteria as { threshold: number }[])[0].threshold).toBe(50);
  });

  it('warns without an action group (parked work nobody looks at is lost work) and sends nowhere', () => {
    const { stack, tf } = alerts({ actionGroupId: undefined });
    expect(warningsOf(stack)).toEqual([
      '[PAY-3] test/alerts: actionGroupId = undefined: poisoned messages and failed executions would only show in the portal: parked work nobody looks at is lost work. '
      + 'Fix: give an action group that mails or pages the team.',
    ]);
    for (const alert of Object.values(resourcesOf(tf, 'azurerm_monitor_scheduled_query_rules_alert_v2'))) expect(alert).not.toHaveProperty('action');
    expect(resourceOf(tf, 'azurerm_monitor_metric_alert')).not.toHaveProperty('action');
  });

  it('watches an existing account\'s queues', () => {
    const stack = testStack();
    const storage = StorageAccount.fromExisting(stack, 'shared', { name: 'stshared', resourceGroupName: 'rg-shared' });
    const insights = new ApplicationInsights(stack, 'insights', { name: 'appi-unit', resourceGroupName: 'rg-unit', location: 'westeurope', logAnalyticsWorkspaceId: WORKSPACE });
    new FunctionAlerts(stack, 'alerts', { applicationInsights: insights, storage, resourceGroupName: 'rg-unit', location: 'westeurope', namePrefix: 'func-unit', actionGroupId: ACTION_GROUP });
    const tf = synth(stack);
    expect(resourceOf(tf, 'azurerm_monitor_metric_alert').scopes).toEqual([`${dataRef(tf, 'azurerm_storage_account', 'id')}/queueServices/default`]);
  });

  it('fails when the failure threshold is 0', () => {
    const r = refusalOf(() => alerts({ failedExecutionsThreshold: 0 }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'failedExecutionsThreshold', path: 'test/alerts' });
    expect(r.message).toBe('[AZURE] test/alerts: failedExecutionsThreshold = 0: the threshold is a whole number of failures, at least 1. Fix: use 1 to hear about every failure.');
  });

  it('fails when the backlog threshold is 0', () => {
    const r = refusalOf(() => alerts({ queuedMessagesThreshold: 0 }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'queuedMessagesThreshold', path: 'test/alerts' });
    expect(r.message).toBe('[AZURE] test/alerts: queuedMessagesThreshold = 0: the threshold is a whole number of messages, at least 1. Fix: use e.g. 1000.');
  });
});

describe('FlexFunctionApp deploy requirements', () => {
  it('declares the Flex Consumption plan in its region, and the app name to check across Azure', () => {
    const { stack } = build({ location: 'northeurope' });
    const requirements = PreflightManifests.of(stack).requirements;
    expect(requirements.filter((r) => r.kind === 'sku')).toEqual([{
      kind: 'sku', skuFamily: 'flex-consumption', sku: 'FC1', location: 'northeurope',
      reason: 'the Flex Consumption plan is offered in some regions only.', neededBy: ['test/app'],
    }]);
    expect(requirements.filter((r) => r.kind === 'global-name').map((r) => `${r.resourceType} ${r.name}`)).toEqual([
      'Microsoft.Storage/storageAccounts stfuncunit', 'Microsoft.Web/sites func-unit',
    ]);
  });
});
