import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, TerraformResource, TerraformStack } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { LessonsCheck } from '../constructs/stack/lessons-check';
import { PlatformLessonsPack } from '../constructs/stack/platform-lessons-pack';
import { ReportStatus } from '../constructs/lessons-check/report';
import { resourceNameTypes } from '../constructs/lessons-check/rules/naming/resource-name';
import { LOCATION_TYPES } from '../constructs/lessons-check/rules/naming/resource-location';
import { SENSITIVE_INPUTS } from '../constructs/key-vault/rules/sensitive-attribute-plain-secret';
import { Raw, Row, azapi, itStandsAlone, raw, ref, standaloneCasesIn } from './support/standalone';

// Rules stand alone: each lesson is checked on every resource type where it applies, so
// suppressing one rule (LIM-1.NoAzureCacheForRedis for an imported cache, the example in
// docs/lessons.md) never hides another lesson (SEC-1: the same cache's access keys). For every
// resource type any rule names, and every AzAPI (ARM) type a rule reads, a raw resource that
// violates the rule is checked with every other rule of the pack suppressed on it: the rule's
// own finding must still be reported.

const streamingPolicy = '<policies><inbound><base /></inbound><backend><forward-request buffer-response="false" timeout="240" /></backend><outbound><cache-store duration="60" /></outbound><on-error><base /></on-error></policies>';
const misspeltPolicy = '<policies><backend><forward-request buffer_response="false" /></backend></policies>';
const retry400Policy = '<policies><backend><retry condition="@(context.Response.StatusCode == 400)" count="3" interval="1"><forward-request /></retry></backend></policies>';
const POLICY_TYPES = ['azurerm_api_management_policy', 'azurerm_api_management_api_policy', 'azurerm_api_management_api_operation_policy', 'azurerm_api_management_product_policy'];
const FUNCTION_TYPES = ['azurerm_function_app_flex_consumption', 'azurerm_linux_function_app', 'azurerm_windows_function_app'];
const SUBSCRIPTION_TYPES = ['azurerm_eventgrid_event_subscription', 'azurerm_eventgrid_system_topic_event_subscription'];
/** `{ a: [{ b: value }] }` for the path `a.b`: a nested block's attribute, as Terraform JSON writes blocks. */
function nestedAt(path: string[], value: string): Record<string, unknown> {
  const [head, ...rest] = path;
  return { [head]: rest.length === 0 ? value : [nestedAt(rest, value)] };
}
const wsApi = raw('azurerm_api_management_api', 'ws', { api_management_name: 'gw', api_type: 'websocket', service_url: 'wss://app.example.net' });
const grpcApp = raw('azurerm_container_app', 'grpc', { ingress: [{ transport: 'http2', target_port: 8081 }] });
const coldApp = raw('azurerm_container_app', 'cold', { ingress: [{ transport: 'auto', target_port: 8080 }], template: [{ min_replicas: 0, container: [{ name: 'c', image: 'example.azurecr.io/app:1.0.0' }] }] });
const functionsApi = raw('azurerm_api_management_api', 'fn', { api_management_name: 'gw', service_url: 'https://fn.azurewebsites.net/api' });
const keylessTopic = raw('azurerm_eventgrid_topic', 'topic', { local_auth_enabled: false });

const ROWS: Row[] = [
  { rule: 'EDGE-1.FrontDoorTimeoutBelowCeiling', type: 'azurerm_cdn_frontdoor_profile', resources: [raw('azurerm_cdn_frontdoor_profile', 'fd', { sku_name: 'Standard_AzureFrontDoor' })] },
  { rule: 'EDGE-1.FrontDoorTimeoutBelowCeiling', type: 'Microsoft.Cdn/profiles', resources: [azapi('fd', 'Microsoft.Cdn/profiles@2024-02-01', { sku: { name: 'Standard_AzureFrontDoor' }, properties: {} })] },
  { rule: 'EDGE-1.FrontDoorTimeoutAboveCeiling', type: 'azurerm_cdn_frontdoor_profile', resources: [raw('azurerm_cdn_frontdoor_profile', 'fd', { sku_name: 'Standard_AzureFrontDoor', response_timeout_seconds: 300 })] },
  { rule: 'EDGE-1.FrontDoorTimeoutAboveCeiling', type: 'Microsoft.Cdn/profiles', resources: [azapi('fd', 'Microsoft.Cdn/profiles@2024-02-01', { sku: { name: 'Premium_AzureFrontDoor' }, properties: { originResponseTimeoutSeconds: 300 } })] },
  ...POLICY_TYPES.map((type) => ({ rule: 'EDGE-3.ForwardRequestAttributeSpelling', type, resources: [raw(type, 'policy', { xml_content: misspeltPolicy })] })),
  ...POLICY_TYPES.map((type) => ({ rule: 'EDGE-4.StreamingApiBuffering', type, resources: [raw(type, 'policy', { xml_content: streamingPolicy })] })),
  { rule: 'EDGE-4.StreamingApiBuffering', type: 'azurerm_api_management_api_diagnostic', resources: [wsApi, raw('azurerm_api_management_api_diagnostic', 'diag', { api_name: ref('azurerm_api_management_api', 'ws', 'name'), api_management_name: 'gw', frontend_response: [{ body_bytes: 1024 }] })] },
  { rule: 'EDGE-4.StreamingApiBuffering', type: 'azurerm_api_management_diagnostic', resources: [wsApi, raw('azurerm_api_management_diagnostic', 'diag', { api_management_name: 'gw', backend_response: [{ body_bytes: 1024 }] })] },
  { rule: 'EDGE-5.StreamingRouteHeartbeat', type: 'azurerm_api_management_api_operation', resources: [wsApi, raw('azurerm_api_management_api_operation', 'op', { api_name: ref('azurerm_api_management_api', 'ws', 'name'), url_template: '/', method: 'GET' })] },
  { rule: 'ING-4.GrpcBehindBrowserRoute', type: 'azurerm_cdn_frontdoor_origin', resources: [grpcApp, raw('azurerm_cdn_frontdoor_origin', 'origin', { host_name: ref('azurerm_container_app', 'grpc', 'ingress[0].fqdn') })] },
  { rule: 'ING-4.GrpcBehindBrowserRoute', type: 'azurerm_api_management_api', resources: [grpcApp, raw('azurerm_api_management_api', 'api', { service_url: `https://${ref('azurerm_container_app', 'grpc', 'ingress[0].fqdn')}` })] },
  { rule: 'ING-4.GrpcBehindBrowserRoute', type: 'azurerm_api_management_backend', resources: [grpcApp, raw('azurerm_api_management_backend', 'backend', { url: `https://${ref('azurerm_container_app', 'grpc', 'ingress[0].fqdn')}` })] },
  { rule: 'SCALE-1.ConnectionHoldingScaleRule', type: 'azurerm_container_app', resources: [grpcApp] },
  { rule: 'AZURE.ContainerAppsInfrastructureGroup', type: 'azurerm_container_app_environment', resources: [raw('azurerm_container_app_environment', 'env', { infrastructure_subnet_id: '/subscriptions/0/x/subnets/apps', workload_profile: [{ name: 'Consumption', workload_profile_type: 'Consumption' }] })] },
  { rule: 'AZURE.AzapiIdCasing', type: 'Microsoft.Web/sites', resources: [azapi('site', 'Microsoft.Web/sites@2024-11-01', { kind: 'functionapp,linux', properties: { httpsOnly: true, serverFarmId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.Web/serverFarms/plan' } })] },
  { rule: 'GW-10.GatewayLogsDedicated', type: 'azurerm_monitor_diagnostic_setting', resources: [raw('azurerm_monitor_diagnostic_setting', 'diag', { target_resource_id: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.ApiManagement/service/gw', log_analytics_workspace_id: 'workspace' })] },
  { rule: 'LIM-1.NoAzureCacheForRedis', type: 'azurerm_redis_cache', resources: [raw('azurerm_redis_cache', 'cache', { access_keys_authentication_enabled: false })] },
  { rule: 'LIM-1.NoAzureCacheForRedis', type: 'Microsoft.Cache/redis', resources: [azapi('cache', 'Microsoft.Cache/redis@2024-11-01', { properties: { disableAccessKeyAuthentication: true } })] },
  { rule: 'LIM-1.NoRedisEnterprise', type: 'azurerm_redis_enterprise_cluster', resources: [raw('azurerm_redis_enterprise_cluster', 'cluster', { sku_name: 'Enterprise_E10-2' })] },
  { rule: 'LIM-1.NoRedisEnterprise', type: 'azurerm_redis_enterprise_database', resources: [raw('azurerm_redis_enterprise_database', 'db')] },
  { rule: 'LIM-1.NoRedisEnterprise', type: 'Microsoft.Cache/redisEnterprise', resources: [azapi('cluster', 'Microsoft.Cache/redisEnterprise@2025-07-01', { sku: { name: 'Enterprise_E10', capacity: 2 } })] },
  { rule: 'SEC-1.RedisAccessKeys', type: 'azurerm_managed_redis', resources: [raw('azurerm_managed_redis', 'redis', { default_database: [{ access_keys_authentication_enabled: true }] })] },
  { rule: 'SEC-1.RedisAccessKeys', type: 'azurerm_redis_cache', resources: [raw('azurerm_redis_cache', 'cache')] },
  { rule: 'SEC-1.RedisAccessKeys', type: 'Microsoft.Cache/redis', resources: [azapi('cache', 'Microsoft.Cache/redis@2024-11-01', { properties: {} })] },
  { rule: 'SEC-1.RedisAccessKeys', type: 'Microsoft.Cache/redisEnterprise/databases', resources: [azapi('default', 'Microsoft.Cache/redisEnterprise/databases@2025-07-01', { properties: { accessKeysAuthentication: 'Enabled' } })] },
  { rule: 'SEC-1.RedisPlaintext', type: 'azurerm_managed_redis', resources: [raw('azurerm_managed_redis', 'redis', { default_database: [{ client_protocol: 'Plaintext' }] })] },
  { rule: 'SEC-1.RedisPlaintext', type: 'azurerm_redis_cache', resources: [raw('azurerm_redis_cache', 'cache', { access_keys_authentication_enabled: false, non_ssl_port_enabled: true })] },
  { rule: 'SEC-1.RedisPlaintext', type: 'Microsoft.Cache/redis', resources: [azapi('cache', 'Microsoft.Cache/redis@2024-11-01', { properties: { disableAccessKeyAuthentication: true, enableNonSslPort: true } })] },
  { rule: 'SEC-1.RedisPlaintext', type: 'Microsoft.Cache/redisEnterprise/databases', resources: [azapi('default', 'Microsoft.Cache/redisEnterprise/databases@2025-07-01', { properties: { clientProtocol: 'Plaintext' } })] },
  { rule: 'SEC-1.RegistryAdminUser', type: 'azurerm_container_registry', resources: [raw('azurerm_container_registry', 'acr', { admin_enabled: true })] },
  { rule: 'SEC-1.RegistryAdminUser', type: 'Microsoft.ContainerRegistry/registries', resources: [azapi('acr', 'Microsoft.ContainerRegistry/registries@2023-07-01', { properties: { adminUserEnabled: true } })] },
  { rule: 'RELEASE.ProductionImage', type: 'azurerm_container_app', resources: [raw('azurerm_container_app', 'app', { template: [{ min_replicas: 1, container: [{ name: 'c', image: 'mcr.microsoft.com/k8se/quickstart:latest' }] }] })] },
  { rule: 'SEC-1.StorageSharedKey', type: 'azurerm_storage_account', resources: [raw('azurerm_storage_account', 'st')] },
  { rule: 'SEC-1.StorageSharedKey', type: 'Microsoft.Storage/storageAccounts', resources: [azapi('st', 'Microsoft.Storage/storageAccounts@2024-01-01', { kind: 'StorageV2', properties: {} })] },
  { rule: 'SEC-1.StorageDataPlaneSettings', type: 'azurerm_storage_account', resources: [raw('azurerm_storage_account', 'st', { shared_access_key_enabled: false, static_website: [{ index_document: 'index.html' }] })] },
  ...FUNCTION_TYPES.map((type) => ({ rule: 'SEC-1.FunctionHostStorageKey', type, resources: [raw(type, 'fn', { https_only: true, storage_account_access_key: 'key', storage_access_key: 'key' })] })),
  { rule: 'SEC-1.FunctionHostStorageKey', type: 'Microsoft.Web/sites', resources: [azapi('fn', 'Microsoft.Web/sites@2024-11-01', { kind: 'functionapp,linux', properties: { httpsOnly: true, siteConfig: { appSettings: [{ name: 'AzureWebJobsStorage', value: 'DefaultEndpointsProtocol=https;AccountName=st;AccountKey=abc' }] } } })] },
  ...FUNCTION_TYPES.map((type) => ({ rule: 'SEC-1.FunctionHttpsOnly', type, resources: [raw(type, 'fn')] })),
  { rule: 'SEC-1.FunctionHttpsOnly', type: 'Microsoft.Web/sites', resources: [azapi('fn', 'Microsoft.Web/sites@2024-11-01', { kind: 'functionapp,linux', properties: {} })] },
  { rule: 'SEC-3.FunctionsReservedRoute', type: 'azurerm_api_management_api_operation', resources: [functionsApi, raw('azurerm_api_management_api_operation', 'op', { api_name: ref('azurerm_api_management_api', 'fn', 'name'), url_template: '/admin/seed', method: 'POST' })] },
  { rule: 'SEC-1.KeyVaultAccessPolicies', type: 'azurerm_key_vault', resources: [raw('azurerm_key_vault', 'kv')] },
  { rule: 'SEC-1.KeyVaultAccessPolicies', type: 'azurerm_key_vault_access_policy', resources: [raw('azurerm_key_vault_access_policy', 'policy', { object_id: '0' })] },
  { rule: 'SEC-1.KeyVaultAccessPolicies', type: 'Microsoft.KeyVault/vaults', resources: [azapi('kv', 'Microsoft.KeyVault/vaults@2023-07-01', { properties: { enableRbacAuthorization: true, accessPolicies: [{ objectId: '0', permissions: { secrets: ['get'] } }] } })] },
  { rule: 'SEC-1.KeyVaultAccessPolicies', type: 'Microsoft.KeyVault/vaults/accessPolicies', resources: [azapi('add', 'Microsoft.KeyVault/vaults/accessPolicies@2023-07-01', { properties: { accessPolicies: [] } })] },
  { rule: 'SEC-1.NamedValuePlainSecret', type: 'azurerm_api_management_named_value', resources: [raw('azurerm_api_management_named_value', 'nv', { secret: true, value: 'not-a-real-secret', display_name: 'nv' })] },
  { rule: 'AZURE.OperationTemplateParameters', type: 'azurerm_api_management_api_operation', resources: [raw('azurerm_api_management_api_operation', 'op', { api_name: 'api', url_template: '/items/{id}', method: 'GET' })] },
  ...POLICY_TYPES.map((type) => ({ rule: 'PAY-2.RetryOnClientErrors', type, resources: [raw(type, 'policy', { xml_content: retry400Policy })] })),
  ...SUBSCRIPTION_TYPES.map((type) => ({ rule: 'HOOK-3.SubscriptionDeadLetter', type, resources: [raw(type, 'sub', { azure_function_endpoint: [{ function_id: 'f' }] })] })),
  { rule: 'SEC-1.EventGridLocalAuth', type: 'azurerm_eventgrid_topic', resources: [raw('azurerm_eventgrid_topic', 'topic')] },
  { rule: 'SEC-1.EventGridLocalAuth', type: 'azurerm_eventgrid_domain', resources: [raw('azurerm_eventgrid_domain', 'domain')] },
  { rule: 'SEC-1.EventGridLocalAuth', type: 'Microsoft.EventGrid/topics', resources: [azapi('topic', 'Microsoft.EventGrid/topics@2025-02-15', { properties: {} })] },
  { rule: 'SEC-1.EventGridLocalAuth', type: 'Microsoft.EventGrid/domains', resources: [azapi('domain', 'Microsoft.EventGrid/domains@2025-02-15', { properties: { disableLocalAuth: false } })] },
  { rule: 'SEC-1.KeylessTopicPublisher', type: 'azurerm_container_app', resources: [keylessTopic, raw('azurerm_container_app', 'publisher', { template: [{ min_replicas: 1, container: [{ name: 'c', image: 'example.azurecr.io/app:1.0.0', env: [{ name: 'TOPIC', value: ref('azurerm_eventgrid_topic', 'topic', 'endpoint') }] }] }] })] },
  ...SUBSCRIPTION_TYPES.map((type) => ({ rule: 'HOOK-1.ColdWebhookReceiver', type, resources: [coldApp, raw(type, 'sub', { webhook_endpoint: [{ url: `https://${ref('azurerm_container_app', 'cold', 'ingress[0].fqdn')}/events` }] })] })),
  { rule: 'ING-1.WebSocketBackendTransport', type: 'azurerm_api_management_api', resources: [grpcApp, raw('azurerm_api_management_api', 'ws', { api_type: 'websocket', service_url: `wss://${ref('azurerm_container_app', 'grpc', 'ingress[0].fqdn')}/ws` })] },
  { rule: 'ING-1.WebSocketBackendTransport', type: 'Microsoft.ApiManagement/service/apis', resources: [grpcApp, azapi('ws', 'Microsoft.ApiManagement/service/apis@2024-05-01', { properties: { type: 'websocket', path: 'ws', protocols: ['wss'], serviceUrl: `wss://${ref('azurerm_container_app', 'grpc', 'ingress[0].fqdn')}/ws` } })] },
  // A space and a trailing period: no name rule of Azure takes both.
  { rule: 'ACCESS.ApiCallerCheck', type: 'azurerm_api_management_api', resources: [raw('azurerm_api_management_api', 'open', { api_management_name: 'gw', path: 'open', subscription_required: false })] },
  { rule: 'ACCESS.ApiCallerCheck', type: 'Microsoft.ApiManagement/service/apis', resources: [azapi('open', 'Microsoft.ApiManagement/service/apis@2024-05-01', { properties: { path: 'open', protocols: ['https'], subscriptionRequired: false } })] },
  ...LOCATION_TYPES.map((type) => ({ rule: 'AZURE.ResourceLocation', type, resources: [raw(type, 'located', { location: 'westeurpoe' })] })),
  ...LOCATION_TYPES.map((type) => ({ rule: 'AZURE.RestrictedResourceLocation', type, resources: [raw(type, 'located', { location: 'germanynorth' })] })),
  { rule: 'AZURE.RestrictedResourceLocation', type: 'Microsoft.App/managedEnvironments', resources: [{ ...azapi('located', 'Microsoft.App/managedEnvironments@2024-03-01', { properties: {} }), attributes: { name: 'located', type: 'Microsoft.App/managedEnvironments@2024-03-01', location: 'germanynorth', parent_id: '/subscriptions/0/resourceGroups/rg', body: { properties: {} } } }] },
  { rule: 'AZURE.ResourceLocation', type: 'Microsoft.App/managedEnvironments', resources: [{ ...azapi('located', 'Microsoft.App/managedEnvironments@2024-03-01', { properties: {} }), attributes: { name: 'located', type: 'Microsoft.App/managedEnvironments@2024-03-01', location: 'westeurpoe', parent_id: '/subscriptions/0/resourceGroups/rg', body: { properties: {} } } }] },
  // Every type with an attribute azurerm marks sensitive: its first such attribute (a nested block's too) given a literal.
  ...Object.entries(SENSITIVE_INPUTS).map(([type, paths]) => ({ rule: 'SEC-1.SensitiveAttributePlainSecret', type, resources: [raw(type, 'secret', nestedAt(paths[0].split('.'), 'a-literal-secret'))] })),
  ...resourceNameTypes().terraform.map((type) => ({ rule: 'AZURE.ResourceName', type, resources: [{ type, name: 'named', attributes: { name: 'bad name.' } }] })),
  ...resourceNameTypes().arm.map((type) => ({ rule: 'AZURE.ResourceName', type, resources: [{ ...azapi('named', `${type}@2024-01-01`, { properties: {} }), attributes: { name: 'bad name.', type: `${type}@2024-01-01`, parent_id: '/subscriptions/0', body: { properties: {} } } }] })),
];

const pack = PlatformLessonsPack.create();

describe('rules stand alone: each lesson is checked on every resource type it names', () => {
  it('covers every resource type any rule names, and an AzAPI form for every rule that reads azapi_resource', () => {
    // The library's rows, and the rows a service folder's rule has in its own test file.
    const covered = new Set([...ROWS.map((r) => `${r.rule} ${r.type}`), ...standaloneCasesIn(__dirname)]);
    const azapiCovered = new Set([...covered].filter((c) => c.split(' ')[1].startsWith('Microsoft.')).map((c) => c.split(' ')[0]));
    const missing = pack.rules.flatMap(({ rule }) => rule.resourceTypes
      .filter((type) => (type === 'azapi_resource' ? !azapiCovered.has(rule.id) : !covered.has(`${rule.id} ${type}`)))
      .map((type) => `${rule.id} ${type}`));
    expect(missing).toEqual([]);
  });

  itStandsAlone(ROWS);

  it('fails when a raw azurerm_redis_cache accepts access keys, even with LIM-1.NoAzureCacheForRedis suppressed as docs/lessons.md shows', () => {
    const stack = new TerraformStack(new App({ outdir: '/tmp/standalone-unused' }), 'other');
    const check = LessonsCheck.applyTo(stack, { production: true });
    const cache = new TerraformResource(stack, 'cache', { terraformResourceType: 'azurerm_redis_cache' });
    cache.addOverride('name', 'imported');
    LessonsCheck.suppress(cache, 'LIM-1.NoAzureCacheForRedis', 'imported cache, migration tracked in PLAT-42');
    const rows = check.reportOf(stack).results.filter((r) => r.status === ReportStatus.NON_COMPLIANT || r.status === ReportStatus.SUPPRESSED);
    expect(rows.map((r) => [r.ruleId, r.status])).toEqual(expect.arrayContaining([
      ['LIM-1.NoAzureCacheForRedis', ReportStatus.SUPPRESSED],
      ['SEC-1.RedisAccessKeys', ReportStatus.NON_COMPLIANT],
    ]));
    expect(rows.find((r) => r.ruleId === 'SEC-1.RedisAccessKeys')?.message).toBe(
      '[SEC-1.RedisAccessKeys] other/cache: access_keys_authentication_enabled = undefined: the cache accepts its access keys (unset: on): one shared secret for the whole cache, and whoever holds it bypasses Entra ID. Fix: set access_keys_authentication_enabled = false with redis_configuration.active_directory_authentication_enabled = true, and grant each workload identity an access policy assignment.',
    );
  });
});

describe('the rows a service folder keeps in its own test (standaloneCasesIn)', () => {
  it('counts rows its files run, and not rows in comments, in files that run none, or in skipped suites', () => {
    const dir = mkdtempSync(join(tmpdir(), 'standalone-'));
    try {
      const row = (rule: string) => `standaloneCase('${rule}', 'azurerm_thing', [raw('azurerm_thing', 't')])`;
      writeFileSync(join(dir, 'runs.test.ts'), `describe('x', () => { itStandsAlone([${row('A-1.Runs')}]); });\n// ${row('A-1.Commented')}\n/* ${row('A-1.Block')} */\n`);
      writeFileSync(join(dir, 'never-run.test.ts'), `const rows = [${row('A-1.NeverRun')}];\n`);
      writeFileSync(join(dir, 'skipped.test.ts'), `describe.skip('x', () => { itStandsAlone([${row('A-1.Skipped')}]); });\n`);
      writeFileSync(join(dir, 'helper.ts'), `itStandsAlone([${row('A-1.NotATest')}]);\n`);
      expect(standaloneCasesIn(dir)).toEqual(['A-1.Runs azurerm_thing']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the AzAPI forms accept what is right', () => {
  /** Non-compliant rows of every rule on the one resource. */
  const findingsOn = (resource: Raw) => {
    const stack = new TerraformStack(new App({ outdir: '/tmp/standalone-unused' }), 'other');
    const check = LessonsCheck.applyTo(stack, { production: true });
    const made = new TerraformResource(stack, resource.name, { terraformResourceType: resource.type });
    for (const [name, value] of Object.entries(resource.attributes)) made.addOverride(name, value);
    return check.reportOf(stack).results.filter((r) => r.status === ReportStatus.NON_COMPLIANT).map((r) => r.ruleId);
  };

  it.each([
    ['a Managed Redis cluster (Balanced SKU)', azapi('redis', 'Microsoft.Cache/redisEnterprise@2025-07-01', { sku: { name: 'Balanced_B1' } })],
    ['a Managed Redis database with keys off and TLS', azapi('default', 'Microsoft.Cache/redisEnterprise/databases@2025-07-01', { properties: { accessKeysAuthentication: 'Disabled', clientProtocol: 'Encrypted' } })],
    ['a keyless storage account', azapi('stother', 'Microsoft.Storage/storageAccounts@2024-01-01', { properties: { allowSharedKeyAccess: false } })],
    ['a keyless topic given as JSON text (jsonencode in HCL)', azapi('topic', 'Microsoft.EventGrid/topics@2025-02-15', JSON.stringify({ properties: { disableLocalAuth: true } }) as unknown as Record<string, unknown>)],
    ['an RBAC vault', azapi('kv-other', 'Microsoft.KeyVault/vaults@2023-07-01', { properties: { enableRbacAuthorization: true } })],
    ['a registry without its admin user', azapi('acr', 'Microsoft.ContainerRegistry/registries@2023-07-01', { properties: { adminUserEnabled: false } })],
    ['a Front Door profile at 240 s', azapi('fd', 'Microsoft.Cdn/profiles@2024-02-01', { sku: { name: 'Standard_AzureFrontDoor' }, properties: { originResponseTimeoutSeconds: 240 } })],
    ['a classic CDN profile, which has no origin response timeout of Front Door', azapi('cdn', 'Microsoft.Cdn/profiles@2024-02-01', { sku: { name: 'Standard_Microsoft' }, properties: {} })],
  ])('accepts %s', (_name, resource) => {
    expect(findingsOn(resource)).toEqual([]);
  });
});
