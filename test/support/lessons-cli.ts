import { TerraformOutput, TerraformResource, TerraformStack } from 'cdktf';
import { Construct } from 'constructs';

/**
 * Raw resources that break every rule of the platform pack at least once, written once and used
 * three ways by test/lessons-cli.test.ts: as a cdktf stack (the construct check), as plain HCL
 * (written out by `toHcl`) and as a plan's JSON (`toPlan`), so the command's findings can be
 * compared with the construct check's on the same resources.
 */
// Credentials are assembled at run time, so no scanner mistakes this file for a leak.
const GITHUB_TOKEN = ['ghp', 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'].join('_');
const SLACK_HOOK = ['https://hooks.slack.com/services', 'T00000000', 'B00000000', 'XXXXXXXXXXXXXXXXXXXXXXXX'].join('/');
const STRIPE_KEY = ['sk', 'live', '4eC39HqLyjWDarjtT1zdp7dc'].join('_');

export const EVERY_RULE: Record<string, Record<string, Record<string, unknown>>> = {
  azurerm_cdn_frontdoor_profile: {
    slow: { name: 'slow', resource_group_name: 'rg', sku_name: 'Standard_AzureFrontDoor', response_timeout_seconds: 300 },
    default: { name: 'default', resource_group_name: 'rg', sku_name: 'Standard_AzureFrontDoor' },
  },
  azurerm_cdn_frontdoor_origin: {
    grpc: { name: 'grpc', cdn_frontdoor_origin_group_id: 'og', host_name: '${azurerm_container_app.grpc.ingress[0].fqdn}', certificate_name_check_enabled: true },
  },
  azurerm_api_management: { gw: { name: 'gw', location: 'westeurope', resource_group_name: 'rg', publisher_name: 'p', publisher_email: 'p@example.com', sku_name: 'Developer_1' } },
  azurerm_api_management_api: {
    stream: { name: 'stream', api_management_name: '${azurerm_api_management.gw.name}', resource_group_name: 'rg', revision: '1', service_url: 'https://${azurerm_container_app.grpc.ingress[0].fqdn}', subscription_required: false },
    functions: { name: 'functions', api_management_name: '${azurerm_api_management.gw.name}', resource_group_name: 'rg', revision: '1', service_url: 'https://${azurerm_linux_function_app.fn.default_hostname}/api' },
    // A WebSocket API on the http2 (gRPC) app: the handshake needs HTTP/1.1.
    hooks: { name: 'hooks', api_management_name: '${azurerm_api_management.gw.name}', resource_group_name: 'rg', revision: '1', path: 'webhooks', protocols: ['https'], service_url: 'https://receiver.example.com' },
    ws: { name: 'ws', api_management_name: '${azurerm_api_management.gw.name}', resource_group_name: 'rg', revision: '1', path: 'ws', protocols: ['wss'], api_type: 'websocket', service_url: 'wss://${azurerm_container_app.grpc.ingress[0].fqdn}/ws' },
  },
  azurerm_api_management_api_policy: {
    // A webhook API that checks Event Grid's token; the subscription "protected" below sends none.
    hooks: { api_name: '${azurerm_api_management_api.hooks.name}', api_management_name: '${azurerm_api_management.gw.name}', resource_group_name: 'rg', xml_content: '<policies><inbound><base /><validate-azure-ad-token tenant-id="72f988bf-86f1-41af-91ab-2d7cd011db47"><audiences><audience>6f1d2c3e-5a4b-4c3d-9e8f-7a6b5c4d3e2f</audience></audiences></validate-azure-ad-token></inbound><backend><base /></backend><outbound><base /></outbound><on-error><base /></on-error></policies>' },
    stream: { api_name: '${azurerm_api_management_api.stream.name}', api_management_name: '${azurerm_api_management.gw.name}', resource_group_name: 'rg', xml_content: '<policies><inbound><cache-lookup vary-by-developer="false" vary-by-developer-groups="false" /></inbound><backend><forward-request buffer-response="false" /></backend><outbound /></policies>' },
  },
  azurerm_api_management_policy: {
    global: { api_management_id: '${azurerm_api_management.gw.id}', xml_content: '<policies><inbound><retry condition="@(context.Response.StatusCode == 400)" count="3" interval="1"><forward-request buffer_response="false" /></retry></inbound></policies>' },
  },
  azurerm_api_management_api_operation: {
    events: { operation_id: 'events', api_name: '${azurerm_api_management_api.stream.name}', api_management_name: '${azurerm_api_management.gw.name}', resource_group_name: 'rg', display_name: 'events', method: 'GET', url_template: '/events/{id}' },
    admin: { operation_id: 'admin', api_name: '${azurerm_api_management_api.functions.name}', api_management_name: '${azurerm_api_management.gw.name}', resource_group_name: 'rg', display_name: 'admin', method: 'GET', url_template: '/admin/host/status' },
  },
  azurerm_api_management_api_diagnostic: {
    stream: { identifier: 'applicationinsights', api_name: '${azurerm_api_management_api.stream.name}', api_management_name: '${azurerm_api_management.gw.name}', resource_group_name: 'rg', api_management_logger_id: 'logger', frontend_response: [{ body_bytes: 1024 }] },
  },
  azurerm_api_management_named_value: {
    secret: { name: 'secret', api_management_name: '${azurerm_api_management.gw.name}', resource_group_name: 'rg', display_name: 'secret', secret: true, value: 'not-a-real-value' },
  },
  azurerm_linux_function_app: {
    fn: { name: 'fn', location: 'westeurope', resource_group_name: 'rg', service_plan_id: 'plan', https_only: false, storage_account_name: '${azurerm_storage_account.sa.name}', storage_account_access_key: '${azurerm_storage_account.sa.primary_access_key}', site_config: [{}], app_settings: { ALERTS_HOOK: SLACK_HOOK } },
  },
  azurerm_storage_account: {
    sa: { name: 'sa', location: 'westeurope', resource_group_name: 'rg', account_tier: 'Standard', account_replication_type: 'LRS', shared_access_key_enabled: true, queue_properties: [{ logging: [{ delete: true, read: true, write: true, version: '1.0' }] }] },
  },
  azurerm_container_app: {
    grpc: {
      name: 'grpc', container_app_environment_id: '${azurerm_container_app_environment.env.id}', resource_group_name: 'rg', revision_mode: 'Single',
      ingress: [{ transport: 'http2', target_port: 50051, external_enabled: true, traffic_weight: [{ percentage: 100, latest_revision: true }] }],
      template: [{ min_replicas: 0, container: [{ name: 'app', image: 'registry.example.com/app:latest', cpu: 0.5, memory: '1Gi' }] }],
    },
    // A token in its env, and a Key Vault secret with no identity to read it.
    secrets: {
      name: 'secrets', container_app_environment_id: '${azurerm_container_app_environment.env.id}', resource_group_name: 'rg', revision_mode: 'Single',
      secret: [{ name: 'psp', key_vault_secret_id: 'https://kv.vault.azure.net/secrets/psp' }],
      template: [{ min_replicas: 1, container: [{ name: 'app', image: 'registry.example.com/secrets:1.0.0', cpu: 0.5, memory: '1Gi', env: [{ name: 'CI_TOKEN', value: GITHUB_TOKEN }, { name: 'PSP', secret_name: 'psp' }] }] }],
    },
    // Told a keyless topic's endpoint, with no identity holding EventGrid Data Sender on it.
    publisher: {
      name: 'publisher', container_app_environment_id: '${azurerm_container_app_environment.env.id}', resource_group_name: 'rg', revision_mode: 'Single',
      template: [{ min_replicas: 1, container: [{ name: 'app', image: 'registry.example.com/publisher:1.0.0', cpu: 0.5, memory: '1Gi', env: [{ name: 'TOPIC', value: '${azurerm_eventgrid_topic.keyless.endpoint}' }] }] }],
    },
  },
  azurerm_container_app_environment: {
    env: { name: 'env', location: 'westeurope', resource_group_name: 'rg', infrastructure_subnet_id: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/v/subnets/apps', workload_profile: [{ name: 'Consumption', workload_profile_type: 'Consumption' }] },
  },
  azapi_resource: {
    site: { type: 'Microsoft.Web/sites@2024-04-01', name: 'site', parent_id: '/subscriptions/0/resourceGroups/rg', body: { kind: 'functionapp,linux', properties: { httpsOnly: true, serverFarmId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.Web/serverFarms/plan' } } },
  },
  azurerm_monitor_diagnostic_setting: {
    gw: { name: 'gw', target_resource_id: '${azurerm_api_management.gw.id}', log_analytics_workspace_id: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.OperationalInsights/workspaces/logs', enabled_log: [{ category: 'GatewayLogs' }] },
  },
  azurerm_redis_cache: { legacy: { name: 'legacy', location: 'westeurope', resource_group_name: 'rg', capacity: 1, family: 'C', sku_name: 'Standard' } },
  azurerm_redis_enterprise_cluster: { old: { name: 'old', location: 'westeurope', resource_group_name: 'rg', sku_name: 'Enterprise_E10-2' } },
  azurerm_managed_redis: { cache: { name: 'cache', location: 'westeurope', resource_group_name: 'rg', sku_name: 'Balanced_B0', default_database: [{ access_keys_authentication_enabled: true, client_protocol: 'Plaintext' }] } },
  azurerm_container_registry: { acr: { name: 'acr', location: 'westeurope', resource_group_name: 'rg', sku: 'Basic', admin_enabled: true } },
  azurerm_key_vault: { kv: { name: 'kv', location: 'westeurope', resource_group_name: 'rg', sku_name: 'standard', tenant_id: 't', access_policy: [{ tenant_id: 't', object_id: 'o', secret_permissions: ['Get'] }] } },
  azurerm_eventgrid_topic: {
    topic: { name: 'topic', location: 'westeurope', resource_group_name: 'rg' },
    keyless: { name: 'keyless', location: 'westeurope', resource_group_name: 'rg', local_auth_enabled: false },
  },
  // A region typo, regions a public-cloud subscription cannot (simply) deploy to, and a private endpoint in another region than its subnet's network.
  azurerm_resource_group: {
    typo: { name: 'rg-typo', location: 'westeurpoe' },
    // A canary region (an error) and an access-restricted one (a warning).
    canary: { name: 'rg-canary', location: 'centraluseuap' },
    restricted: { name: 'rg-restricted', location: 'germanynorth' },
  },
  azurerm_virtual_network: { vnet: { name: 'vnet', location: 'westeurope', resource_group_name: 'rg', address_space: ['10.0.0.0/16'] } },
  azurerm_subnet: { pe: { name: 'pe', resource_group_name: 'rg', virtual_network_name: '${azurerm_virtual_network.vnet.name}', address_prefixes: ['10.0.1.0/24'] } },
  azurerm_private_endpoint: {
    far: { name: 'pe-far', location: 'northeurope', resource_group_name: 'rg', subnet_id: '${azurerm_subnet.pe.id}', private_service_connection: [{ name: 'c', is_manual_connection: false, private_connection_resource_id: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv', subresource_names: ['vault'] }],
      // A vault's endpoint in the blob zone.
      private_dns_zone_group: [{ name: 'zones', private_dns_zone_ids: ['/subscriptions/0/resourceGroups/rg/providers/Microsoft.Network/privateDnsZones/privatelink.blob.core.windows.net'] }] },
  },
  // A secret's value written in the configuration, and a root output that gives it (type `output`: a root output, not a resource).
  azurerm_key_vault_secret: { psp: { name: 'psp', key_vault_id: '${azurerm_key_vault.kv.id}', value: STRIPE_KEY } },
  output: { psp_key: { value: STRIPE_KEY } },
  azurerm_eventgrid_event_subscription: {
    hook: { name: 'hook', scope: '${azurerm_eventgrid_topic.topic.id}', webhook_endpoint: [{ url: 'https://${azurerm_container_app.grpc.ingress[0].fqdn}/events' }] },
    // Written out: a first plan keeps no template of an HCL string, only its references.
    protected: { name: 'protected', scope: '${azurerm_eventgrid_topic.topic.id}', webhook_endpoint: [{ url: 'https://gw.azure-api.net/webhooks/events' }] },
    // A function key in the URL.
    keyed: { name: 'keyed', scope: '${azurerm_eventgrid_topic.topic.id}', webhook_endpoint: [{ url: 'https://func-orders.azurewebsites.net/api/events?code=Zk9vYmFyYmF6cXV4MTIzNDU2Nzg5MA==' }] },
  },
};

/** Attributes written as a map (`name = { ... }`) rather than as nested blocks. */
const MAP_ATTRIBUTES = new Set(['body', 'tags', 'app_settings', 'headers']);

/** A raw resource with the attributes given, as another team's cdktf code might write it. */
class RawResource extends TerraformResource {
  constructor(scope: Construct, id: string, type: string, private readonly attributes: Record<string, unknown>) {
    super(scope, `${type}-${id}`, { terraformResourceType: type });
    this.overrideLogicalId(id);
  }

  protected synthesizeAttributes(): Record<string, unknown> {
    return this.attributes;
  }
}

/** The resources of `table` in a stack (each named by its Terraform name, so the addresses are the same as in HCL). */
export function addResources(stack: TerraformStack, table = EVERY_RULE): void {
  for (const [type, byName] of Object.entries(table)) {
    for (const [name, attributes] of Object.entries(byName)) {
      if (type === 'output') new TerraformOutput(stack, name, { value: attributes.value });
      else new RawResource(stack, name, type, attributes);
    }
  }
}

/** The resources of `table` as HCL: references as expressions, lists of objects as nested blocks. */
export function toHcl(table = EVERY_RULE): string {
  const out: string[] = [];
  for (const [type, byName] of Object.entries(table)) {
    for (const [name, attributes] of Object.entries(byName)) out.push(`${type === 'output' ? 'output' : `resource "${type}"`} "${name}" {\n${body(attributes, '  ')}}\n`);
  }
  return out.join('\n');
}

function body(attributes: Record<string, unknown>, indent: string): string {
  return Object.entries(attributes).map(([k, v]) => {
    const blocks = Array.isArray(v) && v.length > 0 && v.every((x) => x && typeof x === 'object') ? v : undefined;
    if (blocks && !MAP_ATTRIBUTES.has(k)) return blocks.map((b) => `${indent}${k} {\n${body(b as Record<string, unknown>, `${indent}  `)}${indent}}\n`).join('');
    return `${indent}${k} = ${expression(v, indent)}\n`;
  }).join('');
}

function expression(v: unknown, indent: string): string {
  if (typeof v === 'string') {
    const whole = /^\$\{([^}]*)\}$/.exec(v);
    return whole ? whole[1] : JSON.stringify(v);
  }
  if (Array.isArray(v)) return `[${v.map((x) => expression(x, indent)).join(', ')}]`;
  if (v && typeof v === 'object') return `{\n${Object.entries(v).map(([k, x]) => `${indent}  ${k} = ${expression(x, `${indent}  `)}\n`).join('')}${indent}}`;
  return JSON.stringify(v);
}

/**
 * The resources of `table` as `terraform show -json` writes a first plan: values that reference
 * other resources are unknown (left out of planned_values) and the configuration's expressions
 * name what they reference, in Terraform's form (the full traversal, then each shorter one).
 */
export function toPlan(table = EVERY_RULE): object {
  const planned: object[] = [];
  const configured: object[] = [];
  const outputs: Record<string, object> = {};
  for (const [type, byName] of Object.entries(table)) {
    for (const [name, attributes] of Object.entries(byName)) {
      if (type === 'output') {
        outputs[name] = { expression: expressionsOf(attributes).value };
        continue;
      }
      planned.push({ address: `${type}.${name}`, mode: 'managed', type, name, provider_name: 'registry.terraform.io/hashicorp/azurerm', schema_version: 0, values: known(attributes) });
      configured.push({ address: `${type}.${name}`, mode: 'managed', type, name, provider_config_key: 'azurerm', expressions: expressionsOf(attributes), schema_version: 0 });
    }
  }
  return {
    format_version: '1.2', terraform_version: '1.11.4',
    planned_values: { root_module: { resources: planned } },
    configuration: { root_module: { resources: configured, outputs } },
  };
}

const hasReference = (v: unknown): boolean => typeof v === 'string' ? v.includes('${') : Array.isArray(v) ? v.some(hasReference) : v && typeof v === 'object' ? Object.values(v).some(hasReference) : false;

function known(attributes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(attributes).filter(([, v]) => !hasReference(v) || Array.isArray(v)).map(([k, v]) => [k,
    Array.isArray(v) && v.every((x) => x && typeof x === 'object') ? v.map((b) => known(b as Record<string, unknown>)) : v]));
}

function expressionsOf(attributes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(attributes).map(([k, v]) => {
    if (Array.isArray(v) && v.length > 0 && v.every((x) => x && typeof x === 'object') && !MAP_ATTRIBUTES.has(k)) return [k, v.map((b) => expressionsOf(b as Record<string, unknown>))];
    if (!hasReference(v)) return [k, { constant_value: v }];
    const refs = [...JSON.stringify(v).matchAll(/\$\{([^}]*)\}/g)].flatMap((m) => traversals(m[1]));
    return [k, { references: refs }];
  }));
}

/** `a.b.c[0].d` -> `a.b.c[0].d`, `a.b.c[0]`, `a.b.c`, `a.b` (as Terraform lists a reference's traversals). */
function traversals(ref: string): string[] {
  const out = [ref];
  let r = ref;
  while (/[.[]/.test(r.slice(r.indexOf('.') + 1))) {
    r = r.replace(/(\[[^\]]*\]|\.[^.[]+)$/, '');
    out.push(r);
  }
  return out;
}
