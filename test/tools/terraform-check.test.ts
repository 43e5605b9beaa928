import { describe, expect, it } from 'vitest';
// The real-provider check (npm run check:terraform): its offline set-up, tested without Terraform.
import { DATA_STAND_INS, offlineCopy, offlineEnvironment } from '../../tools/terraform-check/offline-config.mjs';
import { AZURE_RETURNS } from '../../tools/terraform-check/second-plan.mjs';
import { addDescribedIds, fillIdTemplate, standInId } from '../../tools/terraform-check/stand-in-ids.mjs';
import { OFFLINE_IDS, SECOND_IDENTITY, startTokenServer } from '../../tools/terraform-check/token-server.mjs';

const MSI = 'http://127.0.0.1:1/msi/token';
const stack = () => ({
  terraform: { required_providers: { azurerm: { source: 'azurerm', version: '4.55.0' }, azapi: { source: 'azure/azapi', version: '2.12.0' } } },
  provider: { azurerm: [{ features: [{}] }, { alias: 'hub', features: [{}] }], azapi: [{}] },
  data: {
    azurerm_container_registry: { registry: { name: 'crshared', resource_group_name: 'rg-shared' } },
    azapi_client_config: { config: {} },
  },
  resource: {
    azurerm_role_assignment: { pull: { scope: '${data.azurerm_container_registry.registry.id}', depends_on: ['data.azurerm_container_registry.registry', 'azurerm_x.y'] } },
  },
});

describe('the Terraform check\'s offline copy of a stack', () => {
  it('puts the provider settings into an override for every block of every required provider, aliases kept, the stack untouched', () => {
    const original = stack();
    const { config, override } = offlineCopy(original, MSI);
    expect(override.provider.azurerm).toEqual([
      expect.objectContaining({ use_msi: true, msi_endpoint: MSI, resource_provider_registrations: 'none', subscription_id: OFFLINE_IDS.subscriptionId, use_cli: false }),
      expect.objectContaining({ alias: 'hub', use_msi: true, msi_endpoint: MSI }),
    ]);
    expect(override.provider.azapi).toEqual([expect.objectContaining({ use_msi: true, skip_provider_registration: true, ignore_no_op_changes: false })]);
    expect(config.provider).toEqual(original.provider);
    expect(override.provider.azapi[0]).toMatchObject({ enable_preflight: false });
    expect(original.data.azurerm_container_registry).toBeDefined();
  });

  it('turns a data source that reads Resource Manager into a stand-in local, its references and depends_on rewritten; local data sources stay', () => {
    const { config, standIns } = offlineCopy(stack(), MSI);
    expect(standIns).toEqual(['data.azurerm_container_registry.registry']);
    expect(config.data).toEqual({ azapi_client_config: { config: {} } });
    expect(config.locals.offline_data_azurerm_container_registry_registry).toMatchObject({
      id: `/subscriptions/${OFFLINE_IDS.subscriptionId}/resourceGroups/rg-shared/providers/Microsoft.ContainerRegistry/registries/crshared`,
      login_server: 'crshared.azurecr.io',
    });
    expect(config.resource.azurerm_role_assignment.pull).toEqual({ scope: '${local.offline_data_azurerm_container_registry_registry.id}', depends_on: ['azurerm_x.y'] });
  });

  it('keeps the state in the copy: a remote backend becomes a local one (it would be reached with the caller\'s credentials)', () => {
    const remote = { ...stack(), terraform: { ...stack().terraform, backend: { azurerm: { storage_account_name: 'sttfstate', container_name: 'tfstate', key: 'x.tfstate', use_azuread_auth: true } } } };
    expect(offlineCopy(remote, MSI).config.terraform.backend).toEqual({ local: { path: 'terraform.tfstate' } });
    const local = { ...stack(), terraform: { ...stack().terraform, backend: { local: { path: 'terraform.payments-dev.tfstate' } } } };
    expect(offlineCopy(local, MSI).config.terraform.backend).toEqual({ local: { path: 'terraform.payments-dev.tfstate' } });
    // cdktf's default local backend of a plain TerraformStack is an absolute path, next to the caller's files.
    const absolute = { ...stack(), terraform: { ...stack().terraform, backend: { local: { path: '/work/app/terraform.orders.tfstate' } } } };
    expect(offlineCopy(absolute, MSI).config.terraform.backend).toEqual({ local: { path: 'terraform.orders.tfstate' } });
  });

  it('gives azurerm_subscription a stand-in: its Read calls Resource Manager', () => {
    const { config, standIns } = offlineCopy({ data: { azurerm_subscription: { current: {} } } }, MSI);
    expect(standIns).toEqual(['data.azurerm_subscription.current']);
    expect(config.locals.offline_data_azurerm_subscription_current).toMatchObject({ subscription_id: OFFLINE_IDS.subscriptionId });
  });

  it('gives azuread_service_principal a stand-in with a GUID object id: its Read calls Microsoft Graph', () => {
    const { config, standIns } = offlineCopy({
      data: { azuread_service_principal: { eg: { client_id: '4962773b-9cdb-44cf-a8bf-237846a00ab7' } } },
      resource: { azuread_app_role_assignment: { a: { principal_object_id: '${data.azuread_service_principal.eg.object_id}' } } },
    }, MSI);
    expect(standIns).toEqual(['data.azuread_service_principal.eg']);
    expect(config.locals.offline_data_azuread_service_principal_eg).toMatchObject({ client_id: '4962773b-9cdb-44cf-a8bf-237846a00ab7', object_id: '00000000-0000-4000-8000-000000000005' });
    expect(config.resource.azuread_app_role_assignment.a.principal_object_id).toBe('${local.offline_data_azuread_service_principal_eg.object_id}');
  });

  it('fails when a data source reads Resource Manager and has no stand-in, naming the type and where to add one', () => {
    expect(() => offlineCopy({ data: { azurerm_cosmosdb_account: { db: { name: 'x', resource_group_name: 'rg' } } } }, MSI))
      .toThrow('data.azurerm_cosmosdb_account.db reads Resource Manager at plan and the check has no stand-in for azurerm_cosmosdb_account: add one to DATA_STAND_INS in tools/terraform-check/offline-config.mjs');
    expect(Object.keys(DATA_STAND_INS)).toContain('azapi_resource');
    // A secret slot's existence check on a first plan: nothing exists yet.
    expect(DATA_STAND_INS.azapi_resource({ resource_id: '/x/secrets/s', type: 't' })).toMatchObject({ exists: false });
  });

  it('gives Terraform no Azure credential of the caller, and points azapi\'s identity at the loopback endpoint', () => {
    process.env.ARM_CLIENT_SECRET = 'not-for-the-check';
    const env = offlineEnvironment(MSI, '/tmp/cache');
    delete process.env.ARM_CLIENT_SECRET;
    expect(env).not.toHaveProperty('ARM_CLIENT_SECRET');
    expect(env).toMatchObject({ ARM_PROVIDER_ENHANCED_VALIDATION: 'false', IDENTITY_ENDPOINT: MSI, CHECKPOINT_DISABLE: '1', TF_PLUGIN_CACHE_DIR: '/tmp/cache' });
  });
});

describe('the Terraform check\'s token endpoint', () => {
  it('answers managed-identity requests on loopback with the claims the providers read, and refuses anything else', async () => {
    const server = await startTokenServer();
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      const refused = await fetch(`${server.url}?resource=https://management.azure.com/`);
      expect(refused.status).toBe(400);
      const answer = await fetch(`${server.url}?api-version=2018-02-01&resource=https://management.azure.com/`, { headers: { Metadata: 'true' } });
      const body = await answer.json() as { access_token: string; token_type: string; expires_on: string };
      expect(body.token_type).toBe('Bearer');
      const claims = JSON.parse(Buffer.from(body.access_token.split('.')[1], 'base64url').toString()) as Record<string, string>;
      expect(claims).toMatchObject({ oid: OFFLINE_IDS.objectId, tid: OFFLINE_IDS.tenantId, appid: OFFLINE_IDS.clientId, aud: 'https://management.azure.com/' });
      expect(server.served).toBe(1);
    } finally {
      await server.close();
    }
  });
});

describe('the Terraform check\'s second identity', () => {
  it('hands out tokens for another object id in the same tenant, for the plan as a second deployer (issue 27)', async () => {
    const server = await startTokenServer(SECOND_IDENTITY);
    try {
      const answer = await fetch(`${server.url}?api-version=2018-02-01&resource=https://graph.microsoft.com/`, { headers: { Metadata: 'true' } });
      const body = await answer.json() as { access_token: string };
      const claims = JSON.parse(Buffer.from(body.access_token.split('.')[1], 'base64url').toString()) as Record<string, string>;
      expect(claims).toMatchObject({ oid: SECOND_IDENTITY.objectId, appid: SECOND_IDENTITY.clientId, tid: OFFLINE_IDS.tenantId });
      expect(SECOND_IDENTITY.objectId).not.toBe(OFFLINE_IDS.objectId);
    } finally {
      await server.close();
    }
  });
});

describe('the second plan\'s state: what Azure returns', () => {
  it('gives a workload-profiles environment without a name Azure\'s generated infrastructure group, and leaves a named one', () => {
    const planned = { name: 'cae-x', resource_group_name: 'rg', location: 'westeurope', workload_profile: [{ name: 'Consumption' }], infrastructure_resource_group_name: null };
    expect(AZURE_RETURNS.azurerm_container_app_environment(planned).infrastructure_resource_group_name).toBe('ME_cae-x_rg_westeurope');
    expect(AZURE_RETURNS.azurerm_container_app_environment({ ...planned, infrastructure_resource_group_name: 'ME_cae-x_rg' }).infrastructure_resource_group_name).toBe('ME_cae-x_rg');
  });

  it('returns a site\'s serverFarmId as .../serverfarms/...', () => {
    const site = { type: 'Microsoft.Web/sites@2024-11-01', body: { kind: 'functionapp', properties: { serverFarmId: '/s/resourceGroups/rg/providers/Microsoft.Web/serverFarms/asp' } } };
    expect(AZURE_RETURNS.azapi_resource(site).body.properties.serverFarmId).toBe('/s/resourceGroups/rg/providers/Microsoft.Web/serverfarms/asp');
    expect(AZURE_RETURNS.azapi_resource(site).body.kind).toBe('functionapp');
  });

  it('shapes the id of a type its table lacks from a service descriptor\'s template (AzureServiceDescriptor.ids)', () => {
    expect(standInId('azurerm_example_test_namespace', { resource_group_name: 'rg', name: 'ns' })).toBeUndefined();
    addDescribedIds({ azurerm_example_test_namespace: '{group}/providers/Microsoft.ExampleTest/namespaces/{name}', azurerm_example_test_queue: '{namespace_id}/queues/{name}' });
    const namespace = standInId('azurerm_example_test_namespace', { resource_group_name: 'rg', name: 'ns' });
    expect(namespace).toMatch(/^\/subscriptions\/[0-9a-f-]{36}\/resourceGroups\/rg\/providers\/Microsoft\.ExampleTest\/namespaces\/ns$/);
    expect(standInId('azurerm_example_test_queue', { namespace_id: namespace, name: 'q' })).toBe(`${namespace}/queues/q`);
    // The table's own template wins over a descriptor's.
    addDescribedIds({ azurerm_key_vault: '{name}' });
    expect(standInId('azurerm_key_vault', { resource_group_name: 'rg', name: 'kv' })).toMatch(/\/providers\/Microsoft\.KeyVault\/vaults\/kv$/);
    expect(fillIdTemplate('{parent_id}/x/{name}', { parent_id: '/p', name: 'n' })).toBe('/p/x/n');
    expect(() => fillIdTemplate('{namespace_id}/queues/{name}', { name: 'q' })).toThrow('the id template "{namespace_id}/queues/{name}" names namespace_id, which the resource has not');
  });

  it('shapes stand-in ids as the providers parse them', () => {
    expect(standInId('azurerm_api_management_product', { resource_group_name: 'rg', api_management_name: 'apim', product_id: 'p' }))
      .toBe(`/subscriptions/${OFFLINE_IDS.subscriptionId}/resourceGroups/rg/providers/Microsoft.ApiManagement/service/apim/products/p`);
    expect(standInId('azurerm_api_management_api', { resource_group_name: 'rg', api_management_name: 'apim', name: 'orders', revision: '1' })).toMatch(/\/apis\/orders;rev=1$/);
    expect(standInId('azapi_resource', { type: 'Microsoft.Cache/redisEnterprise/databases/accessPolicyAssignments@2025-07-01', parent_id: '/r/databases/default', name: 'a' })).toBe('/r/databases/default/accessPolicyAssignments/a');
    expect(standInId('azapi_resource', { type: 'Microsoft.Web/sites@2024-11-01', parent_id: '/subscriptions/s/resourceGroups/rg', name: 'f' })).toBe('/subscriptions/s/resourceGroups/rg/providers/Microsoft.Web/sites/f');
    expect(standInId('azurerm_unknown_type', {})).toBeUndefined();
  });
});
