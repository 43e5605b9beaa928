// What turns a synthesized stack into one Terraform can plan offline: provider settings in an override
// file (never in the stack), the environment the providers read, and stand-ins for the data sources that
// would read Resource Manager at plan.
import { basename } from 'node:path';
import { OFFLINE_IDS } from './token-server.mjs';

/** Data sources the providers answer from their own configuration: no request leaves the machine. */
const LOCAL_DATA_SOURCES = new Set(['azapi_client_config', 'azurerm_client_config', 'azuread_client_config']);

/** The object id the stand-in service principal answers with (a GUID, as azuread's assignments require). */
const SERVICE_PRINCIPAL_OBJECT_ID = '00000000-0000-4000-8000-000000000005';

const armId = (resourceGroup, provider, name) =>
  `/subscriptions/${OFFLINE_IDS.subscriptionId}/resourceGroups/${resourceGroup}/providers/${provider}/${name}`;

/**
 * Values for data sources that read Resource Manager at plan, keyed by type: what the lookup of an
 * existing resource would return, from the name and resource group it was given. A stack that looks
 * up another type fails the check with the type named, until a stand-in is added here.
 */
export const DATA_STAND_INS = {
  azurerm_container_registry: ({ name, resource_group_name: rg }) => ({
    id: armId(rg, 'Microsoft.ContainerRegistry/registries', name), name, resource_group_name: rg,
    login_server: `${name}.azurecr.io`, location: 'westeurope', sku: 'Premium', admin_enabled: false,
  }),
  azurerm_managed_redis: ({ name, resource_group_name: rg }) => ({
    id: armId(rg, 'Microsoft.Cache/redisEnterprise', name), name, resource_group_name: rg,
    hostname: `${name}.westeurope.redis.azure.net`, location: 'westeurope',
  }),
  azurerm_api_management: ({ name, resource_group_name: rg }) => ({
    id: armId(rg, 'Microsoft.ApiManagement/service', name), name, resource_group_name: rg, location: 'westeurope',
    gateway_url: `https://${name}.azure-api.net`, sku_name: 'StandardV2_1',
    identity: [{ type: 'SystemAssigned', principal_id: OFFLINE_IDS.objectId, tenant_id: OFFLINE_IDS.tenantId, identity_ids: [] }],
  }),
  azurerm_key_vault: ({ name, resource_group_name: rg }) => ({
    id: armId(rg, 'Microsoft.KeyVault/vaults', name), name, resource_group_name: rg, location: 'westeurope',
    vault_uri: `https://${name}.vault.azure.net/`, tenant_id: OFFLINE_IDS.tenantId,
  }),
  // A first plan: nothing the stack looks up by id exists yet (a KeyVaultSecretSlot's existence check).
  azapi_resource: ({ resource_id: id, type }) => ({ id, type, exists: false, output: {} }),
  azurerm_subscription: () => ({
    id: `/subscriptions/${OFFLINE_IDS.subscriptionId}`, subscription_id: OFFLINE_IDS.subscriptionId, tenant_id: OFFLINE_IDS.tenantId,
    display_name: 'offline', state: 'Enabled',
  }),
  azurerm_resource_group: ({ name }) => ({
    id: `/subscriptions/${OFFLINE_IDS.subscriptionId}/resourceGroups/${name}`, name, location: 'westeurope',
  }),
  // Microsoft Graph, looked up by client id (Event Grid's first-party service principal): a fixed object id.
  azuread_service_principal: ({ client_id: clientId, display_name: displayName }) => ({
    id: `/servicePrincipals/${SERVICE_PRINCIPAL_OBJECT_ID}`, object_id: SERVICE_PRINCIPAL_OBJECT_ID, client_id: clientId ?? OFFLINE_IDS.clientId,
    display_name: displayName ?? 'offline', app_role_ids: {}, oauth2_permission_scope_ids: {}, account_enabled: true,
  }),
};

const PROVIDER_SETTINGS = {
  azurerm: (msi) => ({
    subscription_id: OFFLINE_IDS.subscriptionId, tenant_id: OFFLINE_IDS.tenantId, use_msi: true, msi_endpoint: msi,
    use_cli: false, use_oidc: false, resource_provider_registrations: 'none',
  }),
  azapi: (msi) => ({
    subscription_id: OFFLINE_IDS.subscriptionId, tenant_id: OFFLINE_IDS.tenantId, use_msi: true, use_cli: false,
    use_oidc: false, skip_provider_registration: true, msi_endpoint: msi,
    // With a prior state (the second plan), a body that differs from it would be compared with a GET of the resource.
    ignore_no_op_changes: false,
    // Preflight validation asks Resource Manager at plan.
    enable_preflight: false,
  }),
  azuread: (msi) => ({ tenant_id: OFFLINE_IDS.tenantId, use_msi: true, msi_endpoint: msi, use_cli: false, use_oidc: false }),
};

/** The process environment for Terraform: the caller's, less every Azure credential, plus what keeps the providers on loopback. */
export function offlineEnvironment(msi, pluginCacheDir) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(ARM_|AZURE_|MSI_|IDENTITY_|IMDS_)/.test(key)));
  return {
    ...env,
    CHECKPOINT_DISABLE: '1',
    TF_IN_AUTOMATION: '1',
    TF_INPUT: '0',
    TF_PLUGIN_CACHE_DIR: pluginCacheDir,
    // azurerm would list the subscription's resource providers to validate locations.
    ARM_PROVIDER_ENHANCED_VALIDATION: 'false',
    // azapi's azidentity ignores msi_endpoint; as an App Service identity it asks this endpoint instead of IMDS.
    IDENTITY_ENDPOINT: msi,
    IDENTITY_HEADER: 'offline-check',
  };
}

function replaceInStrings(value, from, to) {
  if (typeof value === 'string') return value.split(from).join(to);
  if (Array.isArray(value)) return value.map((v) => replaceInStrings(v, from, to));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceInStrings(v, from, to)]));
  return value;
}

function dropDependsOn(value, address) {
  if (Array.isArray(value)) return value.map((v) => dropDependsOn(v, address));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'depends_on' && Array.isArray(v) ? v.filter((d) => d !== address) : dropDependsOn(v, address)]));
}

/**
 * The copy of a stack to plan, and its override file. Data sources that read Resource Manager become
 * locals with stand-in values (their references rewritten), since no request may leave the machine.
 * Returns `{ config, override, standIns }`, or throws naming a data source with no stand-in.
 */
export function offlineCopy(stackJson, msi) {
  let config = structuredClone(stackJson);
  const standIns = [];
  for (const [type, items] of Object.entries(config.data ?? {})) {
    if (LOCAL_DATA_SOURCES.has(type)) continue;
    const standIn = DATA_STAND_INS[type];
    for (const [name, args] of Object.entries(items)) {
      if (!standIn) throw new Error(`data.${type}.${name} reads Resource Manager at plan and the check has no stand-in for ${type}: add one to DATA_STAND_INS in tools/terraform-check/offline-config.mjs`);
      const local = `offline_data_${type}_${name}`.replace(/[^A-Za-z0-9_]/g, '_');
      delete config.data[type][name];
      config = dropDependsOn(replaceInStrings(config, `data.${type}.${name}.`, `local.${local}.`), `data.${type}.${name}`);
      config.locals = { ...(config.locals ?? {}), [local]: standIn(args) };
      standIns.push(`data.${type}.${name}`);
    }
    if (Object.keys(config.data[type]).length === 0) delete config.data[type];
  }
  if (config.data && Object.keys(config.data).length === 0) delete config.data;

  // The state stays in the copy: a remote backend would be initialized (and reached) with the caller's credentials.
  // A path outside the copy (cdktf's default local backend writes an absolute one) would put the
  // check's state next to the caller's: only its file name is kept.
  const statePath = basename(config.terraform?.backend?.local?.path ?? 'terraform.tfstate');
  config.terraform = { ...(config.terraform ?? {}), backend: { local: { path: statePath } } };
  const required = Object.keys(config.terraform?.required_providers ?? {});
  const override = { provider: {} };
  config.provider = config.provider ?? {};
  for (const name of required) {
    const settings = PROVIDER_SETTINGS[name];
    if (!settings) continue;
    const blocks = [config.provider[name] ?? [{}]].flat();
    config.provider[name] = blocks;
    override.provider[name] = blocks.map((block) => ({ ...(block.alias ? { alias: block.alias } : {}), ...settings(msi) }));
  }
  return { config, override, standIns };
}
