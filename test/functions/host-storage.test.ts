import { Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { PublicNetworkAccess } from '../../constructs/core/network';
import { FlexFunctionApp, FlexFunctionAppProps } from '../../constructs/functions/flex-function-app';
import { StorageAccount, StorageAccountProps, StorageReplication } from '../../constructs/storage/storage-account';
import { synthAll } from '../support/app';
import { refusalOf } from '../support/refusal';
import { resourceOf, synth, warningsOf } from '../support/synth';

const APP_ID = '6f1d2c3e-5a4b-4c3d-9e8f-7a6b5c4d3e2f';

function stackOf(production: boolean) {
  return new AzureStack(Testing.app(), { stackName: 'fn', environmentName: production ? 'prod' : 'dev', production });
}

function build(production: boolean, storage: Partial<StorageAccountProps> = {}, app: Partial<FlexFunctionAppProps> = {}) {
  const stack = stackOf(production);
  const account = new StorageAccount(stack, 'storage', { name: 'stfn', resourceGroupName: 'rg-fn', location: 'westeurope', ...storage });
  const fn = new FlexFunctionApp(stack, 'app', {
    name: 'func-unit', resourceGroupName: 'rg-fn', location: 'westeurope', storage: account,
    entraAuth: { applicationId: APP_ID }, resourceGroupId: '/subscriptions/0/resourceGroups/rg-fn', ...app,
  });
  return { stack, account, fn };
}

describe('StorageAccount network and recovery defaults', () => {
  it('keeps deleted blobs and containers for 7 days, set through Resource Manager', () => {
    const stack = stackOf(false);
    new StorageAccount(stack, 'storage', { name: 'stfn', resourceGroupName: 'rg-fn', location: 'westeurope' });
    expect(resourceOf(synth(stack), 'azurerm_storage_account').blob_properties).toEqual({
      delete_retention_policy: { days: 7 },
      container_delete_retention_policy: { days: 7 },
    });
  });

  it('takes another soft-delete period and writes it to both policies', () => {
    const stack = stackOf(false);
    new StorageAccount(stack, 'storage', { name: 'stfn', resourceGroupName: 'rg-fn', location: 'westeurope', softDeleteRetentionDays: 365 });
    expect(resourceOf(synth(stack), 'azurerm_storage_account').blob_properties).toEqual({
      delete_retention_policy: { days: 365 },
      container_delete_retention_policy: { days: 365 },
    });
  });

  for (const days of [0, 366, 1.5]) {
    it(`fails when the soft-delete period is ${days} days`, () => {
      const r = refusalOf(() => new StorageAccount(stackOf(false), 'storage', {
        name: 'stfn', resourceGroupName: 'rg-fn', location: 'westeurope', softDeleteRetentionDays: days,
      }));
      expect(r).toMatchObject({ lesson: 'AZURE', path: 'fn-dev/storage', setting: 'softDeleteRetentionDays' });
      expect(r.message).toBe(`[AZURE] fn-dev/storage: softDeleteRetentionDays = ${days}: Azure keeps deleted blobs and containers for 1-365 days. Fix: use e.g. 7 (the default).`);
    });
  }

  it('closes the public endpoint in production by default, keeps it open in development', () => {
    for (const [production, expected] of [[true, false], [false, true]] as const) {
      const stack = stackOf(production);
      const account = new StorageAccount(stack, 'storage', { name: 'stfn', resourceGroupName: 'rg-fn', location: 'westeurope' });
      expect(account.publicNetworkAccess).toBe(expected ? PublicNetworkAccess.ENABLED : PublicNetworkAccess.DISABLED);
      expect(resourceOf(synth(stack), 'azurerm_storage_account').public_network_access_enabled).toBe(expected);
      expect(warningsOf(stack)).toEqual([]);
    }
  });

  it('warns when a production account opens its public endpoint (SEC-1)', () => {
    const stack = stackOf(true);
    new StorageAccount(stack, 'storage', { name: 'stfn', resourceGroupName: 'rg-fn', location: 'westeurope', publicNetworkAccess: PublicNetworkAccess.ENABLED });
    expect(warningsOf(stack)).toEqual([
      '[SEC-1] fn-prod/storage: publicNetworkAccess = "Enabled": the production account answers on a public endpoint: only TLS and Entra ID stand between its data and the internet. Fix: integrate the workloads with a VNet, add private endpoints for blob, queue and table, then set publicNetworkAccess to \'Disabled\' (the production default); for an account only Event Grid reaches, trustedServicesOnly: true.',
    ]);
  });

  it('fails when publicNetworkAccess is not Enabled or Disabled (a lower-case value from JSON)', () => {
    const r = refusalOf(() => new StorageAccount(stackOf(false), 'storage', {
      name: 'stfn', resourceGroupName: 'rg-fn', location: 'westeurope', publicNetworkAccess: 'enabled' as PublicNetworkAccess,
    }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'publicNetworkAccess' });
    expect(r.message).toBe('[AZURE] fn-dev/storage: publicNetworkAccess = "enabled": a storage account\'s public endpoint is Enabled or Disabled (capitalised). Fix: use one of Enabled, Disabled.');
  });
});

describe('FlexFunctionApp host storage and zones', () => {
  it('makes the production plan zone-redundant and the development plan not', () => {
    const prod = build(true, { publicNetworkAccess: PublicNetworkAccess.ENABLED });
    expect(resourceOf(synth(prod.stack), 'azurerm_service_plan')).toMatchObject({ sku_name: 'FC1', zone_balancing_enabled: true });
    const dev = build(false);
    expect(resourceOf(synth(dev.stack), 'azurerm_service_plan')).toMatchObject({ sku_name: 'FC1', zone_balancing_enabled: false });
  });

  it('takes zoneRedundant against the environment default', () => {
    const dev = build(false, { replication: StorageReplication.ZRS }, { zoneRedundant: true });
    expect(resourceOf(synth(dev.stack), 'azurerm_service_plan').zone_balancing_enabled).toBe(true);
    expect(warningsOf(dev.stack)).toEqual([]);
  });

  it('fails when the host storage has no public endpoint: without VNet integration the host never starts (SEC-1)', () => {
    const r = refusalOf(() => build(true));
    expect(r).toMatchObject({ lesson: 'SEC-1', path: 'fn-prod/app', setting: 'storage.publicNetworkAccess' });
    expect(r.message).toBe('[SEC-1] fn-prod/app: storage.publicNetworkAccess = "Disabled": the app has no VNet integration, so its host cannot reach storage without a public endpoint: it would never start. Fix: give the app a subnet (SubnetPurpose.FUNCTIONS) and the account blob, queue and table private endpoints in its network, or give the account publicNetworkAccess: PublicNetworkAccess.ENABLED (a warning in production).');
  });

  it('fails when the host storage admits only trusted services: the host is not one, and without VNet integration never starts (SEC-1)', () => {
    const { stack } = build(true, { publicNetworkAccess: PublicNetworkAccess.ENABLED, trustedServicesOnly: true });
    expect(() => Testing.fullSynth(stack)).toThrow('[SEC-1] fn-prod/app: storage.publicNetworkAccess = "Enabled (trustedServicesOnly)": the app\'s host (its storage) reaches the account from outside any virtual network, and the public endpoint admits only Azure\'s trusted services: every call would fail.');
  });

  it('warns when a zone-redundant app keeps its host storage in one zone', () => {
    const { stack } = build(false, { replication: StorageReplication.LRS }, { zoneRedundant: true });
    expect(warningsOf(stack)).toEqual([
      '[AZURE] fn-dev/app: storage.replication = "LRS": the app spreads over zones, but its host storage lives in one: a zone outage stops every instance. Fix: give the storage account replication ZRS or GZRS, or set zoneRedundant: false.',
    ]);
  });

  it('says nothing of an account it only references: its network and replication are not known here', () => {
    const stack = stackOf(true);
    const storage = StorageAccount.fromExisting(stack, 'storage', { name: 'stshared', resourceGroupName: 'rg-shared', accountId: '/subscriptions/0/resourceGroups/rg-shared/providers/Microsoft.Storage/storageAccounts/stshared' });
    new FlexFunctionApp(stack, 'app', {
      name: 'func-unit', resourceGroupName: 'rg-fn', location: 'westeurope', storage,
      entraAuth: { applicationId: APP_ID }, resourceGroupId: '/subscriptions/0/resourceGroups/rg-fn',
    });
    expect(warningsOf(stack)).toEqual([]);
    expect(resourceOf(synth(stack), 'azurerm_service_plan').zone_balancing_enabled).toBe(true);
  });
});

describe('the API-patterns stacks', () => {
  const stacks = synthAll().filter((s) => s.name.startsWith('api-patterns-'));

  it('run prod zone-redundant on ZRS storage with its public endpoint off, dev in one zone on LRS with it on', () => {
    const byName = Object.fromEntries(stacks.map((s) => [s.name, s]));
    const prod = byName['api-patterns-prod'];
    const dev = byName['api-patterns-dev'];
    expect(resourceOf(prod.tf, 'azurerm_service_plan').zone_balancing_enabled).toBe(true);
    expect(resourceOf(prod.tf, 'azurerm_storage_account')).toMatchObject({ account_replication_type: 'ZRS', public_network_access_enabled: false });
    expect(warningsOf(prod.stack)).toEqual([]);
    expect(resourceOf(dev.tf, 'azurerm_service_plan').zone_balancing_enabled).toBe(false);
    expect(resourceOf(dev.tf, 'azurerm_storage_account')).toMatchObject({ account_replication_type: 'LRS', public_network_access_enabled: true });
  });
});

describe('FlexFunctionApp callers', () => {
  it('fails at synth when Entra ID guards the app but no caller is allowed: an empty list lets the whole tenant in', () => {
    const { stack } = build(false);
    expect(() => Testing.synth(stack, true)).toThrow(
      '[ACCESS] fn-dev/app: allowCaller = []: App Service Authentication with no allowed caller lets in any principal of the tenant that asks Entra ID for a token for the application. Fix: allow the callers, e.g. app.allowCaller(gateway.identity) (FunctionApi does it for its gateway).',
    );
  });

  it('synthesizes once a caller is allowed, and names it in the authentication settings', () => {
    const { stack, fn } = build(false);
    fn.allowCaller({ principalId: '11111111-2222-3333-4444-555555555555' });
    const tf = JSON.parse(Testing.synth(stack, true)) as { resource: Record<string, Record<string, { body?: { properties?: { identityProviders?: unknown } } }>> };
    const auth = Object.values(tf.resource.azapi_resource_action).find((a) => JSON.stringify(a).includes('authsettingsV2'))!;
    expect(JSON.stringify(auth)).toContain('"identities":["11111111-2222-3333-4444-555555555555"]');
  });

  it('makes the site wait for its deployment container (the package URL names the container by reference)', () => {
    const { stack } = build(false);
    const site = resourceOf(synth(stack), 'azapi_resource', 'app/site') as { body: { properties: { functionAppConfig: { deployment: { storage: { value: string } } } } } };
    expect(site.body.properties.functionAppConfig.deployment.storage.value).toMatch(/^\$\{azurerm_storage_account\.storage_account_[0-9A-F]+\.primary_blob_endpoint\}\$\{azurerm_storage_container\.app_deployment-container_[0-9A-F]+\.name\}$/);
  });
});
