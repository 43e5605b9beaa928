import { App, Fn, TerraformLocal, TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ApiManagement } from '@cdktf/provider-azurerm/lib/api-management';
import { ApiManagementApi } from '@cdktf/provider-azurerm/lib/api-management-api';
import { ApiManagementApiOperation } from '@cdktf/provider-azurerm/lib/api-management-api-operation';
import { FunctionAppFlexConsumption, FunctionAppFlexConsumptionConfig } from '@cdktf/provider-azurerm/lib/function-app-flex-consumption';
import { LinuxFunctionApp } from '@cdktf/provider-azurerm/lib/linux-function-app';
import { LinuxWebAppSlot } from '@cdktf/provider-azurerm/lib/linux-web-app-slot';
import { ServicePlan } from '@cdktf/provider-azurerm/lib/service-plan';
import { StorageAccount as StorageAccountResource } from '@cdktf/provider-azurerm/lib/storage-account';
import { WindowsFunctionApp } from '@cdktf/provider-azurerm/lib/windows-function-app';
import { Resource } from '../../.gen/providers/azapi/resource';
import { FunctionApi } from '../../constructs/api-management/function-api';
import { HttpMethod } from '../../constructs/api-management/http-proxy-api';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { PublicNetworkAccess } from '../../constructs/core/network';
import { FlexFunctionApp } from '../../constructs/functions/flex-function-app';
import { LessonsCheck } from '../../constructs/stack/lessons-check';
import { RuleLevel } from '../../constructs/lessons-check/pack';
import { LessonsReport, ReportStatus } from '../../constructs/lessons-check/report';
import { RuleStatus } from '../../constructs/lessons-check/rule';
import { AppSettingPlainSecretRule } from '../../constructs/functions/rules/app-setting-secret';
import { FunctionHostStorageKeyRule } from '../../constructs/functions/rules/function-host-storage-key';
import { StorageAccount } from '../../constructs/storage/storage-account';
import { gateway } from '../support/fixtures';
import { errorsOf } from '../support/synth';
import { failuresOf, lessonsOn } from '../support/hcl';

const PLAN = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.Web/serverFarms/asp-raw';
const KEY = 'c2VjcmV0S2V5';
const CONNECTION_STRING = `DefaultEndpointsProtocol=https;AccountName=straw;AccountKey=${KEY};EndpointSuffix=core.windows.net`;
const HOST_KEY_FIX = 'Fix: use identity-based host storage: AzureWebJobsStorage__accountName, __credential = managedidentity, __clientId (FlexFunctionApp does), '
  + 'and grant the identity Storage Blob Data Owner.';
const HTTPS_PROBLEM = 'the app answers plain HTTP (the default when unset), so bearer tokens and data cross the network in clear text. Fix: set https_only = true (FlexFunctionApp does).';
const SEC3_TAIL = 'the Functions host keeps routes under admin/ and runtime/webhooks for itself: the function is listed, but every call answers an empty 404. '
  + 'Fix: move the function\'s route, e.g. from admin/seed to ops/seed.';

/** A stack like another team's, with raw provider resources only (the lessons check runs at synth). */
function rawStack() {
  const app: App = Testing.app();
  const stack = new AzureStack(app, { stackName: 'other', environmentName: 'dev', production: false });
  return { app, stack };
}

/** Error findings after a synth, of the given rule only. */
const findingsOf = (stack: TerraformStack, ruleId: string) => {
  Testing.synth(stack);
  return errorsOf(stack).filter((e) => e.startsWith(`[${ruleId}] `));
};
const reportOf = (stack: TerraformStack): LessonsReport => LessonsCheck.of(stack)!.reportOf(stack);
/** The report rows of one rule that are not "not applicable". */
const rowsOf = (stack: TerraformStack, ruleId: string) => reportOf(stack).results.filter((r) => r.ruleId === ruleId && r.status !== ReportStatus.NOT_APPLICABLE);

const rawAccount = (stack: TerraformStack, sharedAccessKeyEnabled?: boolean) => new StorageAccountResource(stack, 'raw', {
  name: 'straw', resourceGroupName: 'rg', location: 'westeurope', accountTier: 'Standard', accountReplicationType: 'ZRS',
  ...(sharedAccessKeyEnabled !== undefined ? { sharedAccessKeyEnabled } : {}),
});

const flex = (stack: TerraformStack, props: Partial<FunctionAppFlexConsumptionConfig> = {}) => new FunctionAppFlexConsumption(stack, 'flex', {
  name: 'func-raw', resourceGroupName: 'rg', location: 'westeurope', servicePlanId: PLAN,
  storageContainerType: 'blobContainer', storageContainerEndpoint: 'https://straw.blob.core.windows.net/packages',
  storageAuthenticationType: 'SystemAssignedIdentity', runtimeName: 'dotnet-isolated', runtimeVersion: '8.0', siteConfig: {}, ...props,
});

const linux = (stack: TerraformStack, appSettings: Record<string, string>, extra: Record<string, unknown> = {}) => new LinuxFunctionApp(stack, 'linux', {
  name: 'func-linux', resourceGroupName: 'rg', location: 'westeurope', servicePlanId: PLAN, siteConfig: {}, httpsOnly: true, appSettings, ...extra,
});

const azapiSite = (stack: TerraformStack, kind: string, properties: Record<string, unknown>) => new Resource(stack, 'site', {
  type: 'Microsoft.Web/sites@2024-11-01', name: 'func-azapi', location: 'westeurope', parentId: '/subscriptions/0/resourceGroups/rg',
  body: { kind, properties },
});

describe('SEC-1.StorageSharedKey on raw storage accounts', () => {
  it('fails when shared_access_key_enabled is left unset (the keys are on)', () => {
    const { stack } = rawStack();
    rawAccount(stack);
    expect(findingsOf(stack, 'SEC-1.StorageSharedKey')).toEqual([
      '[SEC-1.StorageSharedKey] other-dev/raw: shared_access_key_enabled = undefined: the account keys (unset: on) are two shared secrets for every blob, queue and table: '
      + 'whoever holds one bypasses Entra ID, and every SAS signed with it stays valid until the key is rotated. '
      + 'Fix: set shared_access_key_enabled = false and grant each identity a data role (the StorageAccount construct does both).',
    ]);
    expect(rowsOf(stack, 'SEC-1.StorageSharedKey')).toEqual([expect.objectContaining({
      level: RuleLevel.ERROR, status: ReportStatus.NON_COMPLIANT, setting: 'shared_access_key_enabled', resourceType: 'azurerm_storage_account',
    })]);
  });

  it('fails when shared_access_key_enabled is true', () => {
    const { stack } = rawStack();
    rawAccount(stack, true);
    expect(findingsOf(stack, 'SEC-1.StorageSharedKey')).toEqual([
      expect.stringMatching(/^\[SEC-1\.StorageSharedKey\] other-dev\/raw: shared_access_key_enabled = true: the account keys/),
    ]);
  });

  it('finds a keyless raw account compliant', () => {
    const { stack } = rawStack();
    rawAccount(stack, false);
    expect(findingsOf(stack, 'SEC-1.StorageSharedKey')).toEqual([]);
    expect(rowsOf(stack, 'SEC-1.StorageSharedKey')).toEqual([expect.objectContaining({ status: ReportStatus.COMPLIANT })]);
  });

  it('fails the whole synth on the finding', () => {
    const { app, stack } = rawStack();
    rawAccount(stack);
    expect(() => app.synth()).toThrow(/SEC-1\.StorageSharedKey/);
  });

  it('honours a suppression with a reason', () => {
    const { stack } = rawStack();
    const account = rawAccount(stack);
    LessonsCheck.suppress(account, 'SEC-1.StorageSharedKey', 'legacy SFTP partner needs the key until Q3');
    expect(findingsOf(stack, 'SEC-1.StorageSharedKey')).toEqual([]);
    expect(rowsOf(stack, 'SEC-1.StorageSharedKey')).toEqual([expect.objectContaining({
      status: ReportStatus.SUPPRESSED, suppressionReason: 'legacy SFTP partner needs the key until Q3',
    })]);
  });
});

describe('SEC-1.FunctionHostStorageKey and SEC-1.FunctionHttpsOnly on raw function apps', () => {
  it('fails twice on a Flex app with connection-string storage and https_only unset', () => {
    const { stack } = rawStack();
    flex(stack, { storageAuthenticationType: 'StorageAccountConnectionString' });
    expect(findingsOf(stack, 'SEC-1.FunctionHostStorageKey')).toEqual([
      `[SEC-1.FunctionHostStorageKey] other-dev/flex: storage_authentication_type = "StorageAccountConnectionString": the host and the deployment read storage with the account key. ${HOST_KEY_FIX}`,
    ]);
    expect(findingsOf(stack, 'SEC-1.FunctionHttpsOnly')).toEqual([`[SEC-1.FunctionHttpsOnly] other-dev/flex: https_only = undefined: ${HTTPS_PROBLEM}`]);
    expect([...rowsOf(stack, 'SEC-1.FunctionHostStorageKey'), ...rowsOf(stack, 'SEC-1.FunctionHttpsOnly')].map((r) => [r.level, r.status, r.setting])).toEqual([
      [RuleLevel.ERROR, ReportStatus.NON_COMPLIANT, 'storage_authentication_type'],
      [RuleLevel.ERROR, ReportStatus.NON_COMPLIANT, 'https_only'],
    ]);
  });

  it('fails on a Flex app\'s storage access key, without showing the key', () => {
    const { stack } = rawStack();
    flex(stack, { storageAuthenticationType: 'StorageAccountConnectionString', storageAccessKey: KEY, httpsOnly: true });
    const findings = findingsOf(stack, 'SEC-1.FunctionHostStorageKey');
    expect(findings.map((f) => f.split(': ')[1])).toEqual(['storage_authentication_type = "StorageAccountConnectionString"', 'storage_access_key = "(a key)"']);
    expect(findings.join('\n')).not.toContain(KEY);
    expect(findingsOf(stack, 'SEC-1.FunctionHttpsOnly')).toEqual([]);
  });

  it('finds a Flex app on identity-based storage and HTTPS only compliant', () => {
    const { stack } = rawStack();
    flex(stack, { httpsOnly: true });
    expect(findingsOf(stack, 'SEC-1.FunctionHostStorageKey')).toEqual([]);
    expect(findingsOf(stack, 'SEC-1.FunctionHttpsOnly')).toEqual([]);
    expect(rowsOf(stack, 'SEC-1.FunctionHostStorageKey').map((r) => r.status)).toEqual([ReportStatus.COMPLIANT]);
    expect(rowsOf(stack, 'SEC-1.FunctionHttpsOnly').map((r) => r.status)).toEqual([ReportStatus.COMPLIANT]);
  });

  it('fails on a Linux function app whose AzureWebJobsStorage carries AccountKey=, without showing the key', () => {
    const { stack } = rawStack();
    linux(stack, { AzureWebJobsStorage: CONNECTION_STRING });
    const findings = findingsOf(stack, 'SEC-1.FunctionHostStorageKey');
    expect(findings).toEqual([
      `[SEC-1.FunctionHostStorageKey] other-dev/linux: app_settings.AzureWebJobsStorage = "(a connection string with a key)": the host reaches its storage with the account key. ${HOST_KEY_FIX}`,
    ]);
    expect(findings[0]).not.toContain(KEY);
  });

  it('fails on a Linux function app whose AzureWebJobsStorage is an account\'s primary connection string reference', () => {
    const { stack } = rawStack();
    const account = rawAccount(stack, false);
    linux(stack, { AzureWebJobsStorage: account.primaryConnectionString });
    expect(findingsOf(stack, 'SEC-1.FunctionHostStorageKey')).toEqual([expect.stringMatching(/^\[SEC-1\.FunctionHostStorageKey\] other-dev\/linux: app_settings\.AzureWebJobsStorage = /)]);
  });

  // The rule matches only `.primary_access_key` and `.primary_connection_string` references.
  it('fails on a Linux function app whose AzureWebJobsStorage is a secondary or blob connection string reference', () => {
    const flagged = (['secondaryConnectionString', 'primaryBlobConnectionString', 'secondaryBlobConnectionString'] as const).map((attribute) => {
      const { stack } = rawStack();
      linux(stack, { AzureWebJobsStorage: rawAccount(stack, false)[attribute] });
      return [attribute, findingsOf(stack, 'SEC-1.FunctionHostStorageKey').length];
    });
    expect(flagged).toEqual([['secondaryConnectionString', 1], ['primaryBlobConnectionString', 1], ['secondaryBlobConnectionString', 1]]);
  });

  it('fails on a Linux function app with storage_account_access_key', () => {
    const { stack } = rawStack();
    linux(stack, {}, { storageAccountName: 'straw', storageAccountAccessKey: KEY });
    const findings = findingsOf(stack, 'SEC-1.FunctionHostStorageKey');
    expect(findings.map((f) => f.split(': ')[1])).toEqual(['storage_account_access_key = "(a key)"']);
    expect(findings[0]).not.toContain(KEY);
  });

  it('finds a Linux function app on identity-based host storage compliant', () => {
    const { stack } = rawStack();
    linux(stack, { AzureWebJobsStorage__accountName: 'straw', AzureWebJobsStorage__credential: 'managedidentity' });
    expect(findingsOf(stack, 'SEC-1.FunctionHostStorageKey')).toEqual([]);
    expect(findingsOf(stack, 'SEC-1.FunctionHttpsOnly')).toEqual([]);
  });

  it('fails on a Windows function app with https_only false', () => {
    const { stack } = rawStack();
    new WindowsFunctionApp(stack, 'windows', { name: 'func-win', resourceGroupName: 'rg', location: 'westeurope', servicePlanId: PLAN, siteConfig: {}, httpsOnly: false });
    expect(findingsOf(stack, 'SEC-1.FunctionHttpsOnly')).toEqual([`[SEC-1.FunctionHttpsOnly] other-dev/windows: https_only = false: ${HTTPS_PROBLEM}`]);
  });

  it('fails on an AzAPI function app (Microsoft.Web/sites, kind functionapp) with httpsOnly false', () => {
    const { stack } = rawStack();
    azapiSite(stack, 'functionapp,linux', { httpsOnly: false });
    expect(findingsOf(stack, 'SEC-1.FunctionHttpsOnly')).toEqual([`[SEC-1.FunctionHttpsOnly] other-dev/site: body.properties.httpsOnly = false: ${HTTPS_PROBLEM}`]);
  });

  it('fails on an AzAPI function app whose app settings carry an account key', () => {
    const { stack } = rawStack();
    azapiSite(stack, 'functionapp,linux', { httpsOnly: true, siteConfig: { appSettings: [{ name: 'AzureWebJobsStorage', value: CONNECTION_STRING }] } });
    expect(findingsOf(stack, 'SEC-1.FunctionHostStorageKey')).toEqual([
      expect.stringMatching(/^\[SEC-1\.FunctionHostStorageKey\] other-dev\/site: app_settings\.AzureWebJobsStorage = "\(a connection string with a key\)"/),
    ]);
    expect(findingsOf(stack, 'SEC-1.FunctionHttpsOnly')).toEqual([]);
  });

  it('leaves an AzAPI web app (kind app) and other AzAPI resources alone', () => {
    const { stack } = rawStack();
    azapiSite(stack, 'app,linux', { httpsOnly: false, siteConfig: { appSettings: [{ name: 'AzureWebJobsStorage', value: CONNECTION_STRING }] } });
    expect(findingsOf(stack, 'SEC-1.FunctionHttpsOnly')).toEqual([]);
    expect(findingsOf(stack, 'SEC-1.FunctionHostStorageKey')).toEqual([]);
    expect(rowsOf(stack, 'SEC-1.FunctionHttpsOnly')).toEqual([]);
    expect(rowsOf(stack, 'SEC-1.FunctionHostStorageKey')).toEqual([]);
  });
});

describe('SEC-1.FunctionHostStorageKey on an AzAPI site', () => {
  it('fails when the Flex deployment storage authenticates with the account key', () => {
    const outcome = new FunctionHostStorageKeyRule().evaluate({
      type: 'azapi_resource', address: 'azapi_resource.site', path: 'x/site', construct: undefined as never,
      attributes: {
        type: 'Microsoft.Web/sites@2024-11-01',
        body: { kind: 'functionapp,linux', properties: { functionAppConfig: { deployment: { storage: { authentication: { type: 'StorageAccountConnectionString' } } } } } },
      },
    }, undefined as never);
    expect(outcome.status).toBe(RuleStatus.NON_COMPLIANT);
    expect(outcome.findings).toEqual([{
      setting: 'body.properties.functionAppConfig.deployment.storage.authentication.type', given: 'StorageAccountConnectionString',
      problem: 'the deployment reads its package with the account key.',
      fix: 'use identity-based host storage: AzureWebJobsStorage__accountName, __credential = managedidentity, __clientId (FlexFunctionApp does), and grant the identity Storage Blob Data Owner.',
    }]);
  });
});

describe('SEC-1.AppSettingPlainSecret on an AzAPI site whose body is JSON text', () => {
  it('fails when an app setting of a body given as jsonencode text holds a key, read as the object it holds', () => {
    const key = ['ghp', 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'].join('_');
    const outcome = new AppSettingPlainSecretRule().evaluate({
      type: 'azapi_resource', address: 'azapi_resource.site', path: 'x/site', construct: undefined as never,
      attributes: { type: 'Microsoft.Web/sites@2024-11-01', body: JSON.stringify({ kind: 'functionapp,linux', properties: { siteConfig: { appSettings: [{ name: 'GH_TOKEN', value: key }] } } }) },
    }, { production: true, resources: [], referencedBy: () => [], resourcesOfType: () => [] });
    expect(outcome.status).toBe(RuleStatus.NON_COMPLIANT);
    expect(outcome.findings.map((f) => f.setting)).toEqual(['body.properties.siteConfig.appSettings.GH_TOKEN']);
  });
});

describe('SEC-3.FunctionsReservedRoute on raw API Management operations', () => {
  function apiTo(stack: TerraformStack, serviceUrl: string | ((s: TerraformStack) => string), urlTemplate: string) {
    const apim = new ApiManagement(stack, 'apim', {
      name: 'apim-other', location: 'westeurope', resourceGroupName: 'rg', publisherName: 'Other', publisherEmail: 'other@contoso.com', skuName: 'BasicV2_1',
    });
    const api = new ApiManagementApi(stack, 'api', {
      name: 'orders', apiManagementName: apim.name, resourceGroupName: 'rg', revision: '1', path: 'orders', protocols: ['https'],
      serviceUrl: typeof serviceUrl === 'string' ? serviceUrl : serviceUrl(stack),
    });
    return new ApiManagementApiOperation(stack, 'seed', {
      operationId: 'seed', apiName: api.name, apiManagementName: apim.name, resourceGroupName: 'rg', displayName: 'Seed', method: 'POST', urlTemplate,
    });
  }
  const toLinuxApp = (stack: TerraformStack) => `https://${linux(stack, { AzureWebJobsStorage__accountName: 'straw' }).defaultHostname}/api`;

  it('fails on /admin/seed on an API whose service_url references a function app', () => {
    const { stack } = rawStack();
    apiTo(stack, toLinuxApp, '/admin/seed');
    expect(findingsOf(stack, 'SEC-3.FunctionsReservedRoute')).toEqual([`[SEC-3.FunctionsReservedRoute] other-dev/seed: url_template = "/admin/seed": ${SEC3_TAIL}`]);
    expect(rowsOf(stack, 'SEC-3.FunctionsReservedRoute')).toEqual([expect.objectContaining({ level: RuleLevel.ERROR, status: ReportStatus.NON_COMPLIANT, setting: 'url_template' })]);
  });

  it('fails on runtime/webhooks routes, also to an AzAPI function app\'s host name', () => {
    const { stack } = rawStack();
    apiTo(stack, (s) => `https://\${${azapiSite(s, 'functionapp,linux', { httpsOnly: true }).fqn}.output.defaultHostName}/api`, '/runtime/webhooks/eventgrid');
    expect(findingsOf(stack, 'SEC-3.FunctionsReservedRoute')).toEqual([`[SEC-3.FunctionsReservedRoute] other-dev/seed: url_template = "/runtime/webhooks/eventgrid": ${SEC3_TAIL}`]);
  });

  it('fails on /Admin (any case) on an API to a literal *.azurewebsites.net/api URL', () => {
    const { stack } = rawStack();
    apiTo(stack, 'https://func-raw.azurewebsites.net/api', '/Admin');
    expect(findingsOf(stack, 'SEC-3.FunctionsReservedRoute')).toEqual([expect.stringMatching(/^\[SEC-3\.FunctionsReservedRoute\] other-dev\/seed: url_template = "\/Admin": /)]);
  });

  it('finds /ops/seed on a function API compliant', () => {
    const { stack } = rawStack();
    apiTo(stack, toLinuxApp, '/ops/seed');
    expect(findingsOf(stack, 'SEC-3.FunctionsReservedRoute')).toEqual([]);
    expect(rowsOf(stack, 'SEC-3.FunctionsReservedRoute').map((r) => r.status)).toEqual([ReportStatus.COMPLIANT]);
  });

  it('does not apply to /admin/seed on an API to a backend that is not a function app', () => {
    const { stack } = rawStack();
    apiTo(stack, 'https://orders.example.com', '/admin/seed');
    expect(findingsOf(stack, 'SEC-3.FunctionsReservedRoute')).toEqual([]);
    expect(rowsOf(stack, 'SEC-3.FunctionsReservedRoute')).toEqual([]);
  });
});

describe('AZURE.AzapiIdCasing on raw AzAPI sites (azapi compares bodies case-sensitively)', () => {
  const CASING_RULE = 'AZURE.AzapiIdCasing';
  const CASING_TAIL = 'Azure returns this id with /serverfarms/ and azapi compares the body case-sensitively, so every plan updates the resource (a full PUT) and turns its outputs unknown. '
    + 'Fix: write it as Azure returns it, e.g. replace(<plan>.id, "/serverFarms/", "/serverfarms/") (FlexFunctionApp does), or set ignore_casing = true on the resource.';

  it('fails when serverFarmId is a literal id spelled serverFarms', () => {
    const { stack } = rawStack();
    azapiSite(stack, 'functionapp,linux', { httpsOnly: true, serverFarmId: PLAN });
    expect(findingsOf(stack, CASING_RULE)).toEqual([`[${CASING_RULE}] other-dev/site: body.properties.serverFarmId = "${PLAN}": ${CASING_TAIL}`]);
  });

  it('fails when serverFarmId is a bare azurerm_service_plan id', () => {
    const { stack } = rawStack();
    const plan = new ServicePlan(stack, 'plan', { name: 'asp-raw', resourceGroupName: 'rg', location: 'westeurope', osType: 'Linux', skuName: 'FC1' });
    azapiSite(stack, 'functionapp,linux', { httpsOnly: true, serverFarmId: plan.id });
    expect(findingsOf(stack, CASING_RULE)).toEqual([expect.stringMatching(/^\[AZURE\.AzapiIdCasing\] other-dev\/site: body\.properties\.serverFarmId = "\$\{azurerm_service_plan\.plan\.id\}": Azure returns/)]);
  });

  it('passes with the id in the casing Azure returns, a replace() of it, or ignore_casing', () => {
    for (const serverFarmId of [PLAN.replace('/serverFarms/', '/serverfarms/'), '${replace(azurerm_service_plan.plan.id, "/serverFarms/", "/serverfarms/")}']) {
      const { stack } = rawStack();
      azapiSite(stack, 'functionapp,linux', { httpsOnly: true, serverFarmId });
      expect(findingsOf(stack, CASING_RULE)).toEqual([]);
    }
    const { stack } = rawStack();
    azapiSite(stack, 'functionapp,linux', { httpsOnly: true, serverFarmId: PLAN }).addOverride('ignore_casing', true);
    expect(findingsOf(stack, CASING_RULE)).toEqual([]);
  });
});

describe('the constructs against the new rules', () => {
  it('finds StorageAccount, FlexFunctionApp and FunctionApi compliant with all four rules', () => {
    const { stack } = rawStack();
    const storage = new StorageAccount(stack, 'storage', { name: 'stlessons', resourceGroupName: 'rg', location: 'westeurope', publicNetworkAccess: PublicNetworkAccess.ENABLED });
    const app = new FlexFunctionApp(stack, 'app', {
      name: 'func-lessons', resourceGroupName: 'rg', location: 'westeurope', storage, entraAuth: { applicationId: '6f1d2c3e-5a4b-4c3d-9e8f-7a6b5c4d3e2f' },
    });
    new FunctionApi(stack, 'api', {
      gateway: gateway(stack), name: 'orders', path: 'orders', functionApp: app, allowDirectCallers: true,
      operations: [{ name: 'seed', method: HttpMethod.POST, urlTemplate: '/ops/seed' }, { name: 'list', method: HttpMethod.GET, urlTemplate: '/orders' }],
    });
    Testing.synth(stack);
    expect(errorsOf(stack)).toEqual([]);
    const statuses = (ruleId: string) => rowsOf(stack, ruleId).map((r) => r.status);
    expect(statuses('SEC-1.StorageSharedKey')).toEqual([ReportStatus.COMPLIANT]);
    expect(statuses('SEC-1.FunctionHostStorageKey')).toEqual([ReportStatus.COMPLIANT]);
    expect(statuses('SEC-1.FunctionHttpsOnly')).toEqual([ReportStatus.COMPLIANT]);
    expect(statuses('SEC-3.FunctionsReservedRoute')).toEqual([ReportStatus.COMPLIANT, ReportStatus.COMPLIANT]);
  });
});

describe('SEC-1.AppSettingPlainSecret on raw function and web apps (issue 28: one detector)', () => {
  const RULE = 'SEC-1.AppSettingPlainSecret';
  const SLACK_HOOK = ['https://hooks.slack.com/services', 'T00000000', 'B00000000', 'XXXXXXXXXXXXXXXXXXXXXXXX'].join('/');
  const WHSEC = ['whsec', 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'].join('_');

  it('fails when a raw function app\'s settings hold a Slack webhook URL or a Stripe whsec_ secret (literal, or Fn.join of literals), masked', () => {
    const { stack } = rawStack();
    linux(stack, { ALERTS_HOOK: SLACK_HOOK, StripeWebhookSecret: Fn.join('', ['whsec_', WHSEC.slice(6)]) });
    const findings = findingsOf(stack, RULE);
    expect(findings.map((f) => f.split(' = ')[0])).toEqual([`[${RULE}] other-dev/linux: app_settings.ALERTS_HOOK`, `[${RULE}] other-dev/linux: app_settings.StripeWebhookSecret`]);
    expect(findings.join('\n')).not.toMatch(/XXXXXXXXXXXX|MfKQ9r8GKYqrTwjU/);
  });

  it('fails when a sensitive variable without a default is an app setting', () => {
    const { stack } = rawStack();
    linux(stack, { PSP: new TerraformVariable(stack, 'psp', { type: 'string', sensitive: true }).stringValue });
    expect(findingsOf(stack, RULE)).toEqual([expect.stringContaining('app_settings.PSP = "${var.psp}": a sensitive variable without a default (var.psp)')]);
  });

  it('passes a Key Vault reference, endpoints, and leaves AzureWebJobsStorage to SEC-1.FunctionHostStorageKey', () => {
    const { stack } = rawStack();
    linux(stack, { PSP: '@Microsoft.KeyVault(SecretUri=https://kv-orders.vault.azure.net/secrets/psp)', QUEUE: 'https://straw.queue.core.windows.net', AzureWebJobsStorage: CONNECTION_STRING });
    expect(findingsOf(stack, RULE)).toEqual([]);
    expect(findingsOf(stack, 'SEC-1.FunctionHostStorageKey')).toHaveLength(1);
  });

  it('fails when a web app\'s deployment slot holds a GitHub token in its settings, or an app setting comes from a TerraformLocal (review of issue 28)', () => {
    const { stack } = rawStack();
    const GH = ['ghp', 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'].join('_');
    new LinuxWebAppSlot(stack, 'slot', { name: 'staging', appServiceId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.Web/sites/app-web', siteConfig: {}, appSettings: { GH, REGION: 'westeurope' } });
    linux(stack, { CI: new TerraformLocal(stack, 'ci', GH).asString });
    const findings = findingsOf(stack, RULE);
    expect(findings.map((f) => f.split(' = ')[0]).sort()).toEqual([`[${RULE}] other-dev/linux: app_settings.CI`, `[${RULE}] other-dev/slot: app_settings.GH`]);
    expect(findings.join('\n')).not.toContain(GH.slice(4));
  });

  it('fails on plain HCL when a web app slot\'s setting holds a token; its Key Vault reference passes', async () => {
    const GH = ['ghp', 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'].join('_');
    const report = await lessonsOn({ 'main.tf': `resource "azurerm_windows_web_app_slot" "staging" {\n  name = "staging"\n  app_settings = {\n    GH  = "${GH}"\n    PSP = "@Microsoft.KeyVault(SecretUri=https://kv-orders.vault.azure.net/secrets/psp)"\n  }\n}\n` });
    expect(failuresOf(report, RULE).map((r) => r.setting)).toEqual(['app_settings.GH']);
  });

  it('fails on plain HCL: a web app\'s setting built with format() from literals', async () => {
    const report = await lessonsOn({ 'main.tf': `resource "azurerm_linux_web_app" "web" {\n  name = "app-web"\n  app_settings = {\n    ALERTS = format("%s/%s", "https://hooks.slack.com/services/T00000000", "B00000000/XXXXXXXXXXXXXXXXXXXXXXXX")\n    REGION = "westeurope"\n  }\n}\n` });
    expect(failuresOf(report, RULE).map((r) => r.setting)).toEqual(['app_settings.ALERTS']);
  });
});

describe('SEC-1.AppSettingPlainSecret on a static web app', () => {
  it('fails when a static web app\'s settings (its managed functions\' environment) hold a literal under a secret\'s name or a storage key, and passes a Key Vault reference', async () => {
    const hcl = [
      'resource "azurerm_static_web_app" "web" {',
      '  name                = "stapp-orders"',
      '  resource_group_name = "rg-orders"',
      '  location            = "westeurope"',
      '  sku_tier            = "Standard"',
      '  app_settings = {',
      '    DB_PASSWORD = "correct-horse-battery"',
      '    STORAGE     = azurerm_storage_account.sa.primary_connection_string',
      '    PSP_KEY     = "@Microsoft.KeyVault(SecretUri=https://kv-orders.vault.azure.net/secrets/psp)"',
      '    REGION      = "westeurope"',
      '  }',
      '}', '',
    ].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': hcl }), 'SEC-1.AppSettingPlainSecret');
    expect(found.map((r) => `${r.address} ${r.setting}`)).toEqual(['azurerm_static_web_app.web app_settings.DB_PASSWORD', 'azurerm_static_web_app.web app_settings.STORAGE']);
    expect(found[0].message).toContain('the name says the value is a secret (PASSWORD), and it is a literal');
    expect(found[0].message).toContain('Fix: keep it out of the static web app\'s settings: its managed functions have no Key Vault integration. Link a Function App as its API');
    expect(found[0].message).not.toContain('correct-horse');
  });
});
