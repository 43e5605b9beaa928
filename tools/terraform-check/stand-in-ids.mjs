// Resource ids for the second plan's state: what Azure would assign on the first apply, shaped as each
// provider parses it (other resources' configurations reference these ids, and validators parse them
// at plan). Built from the resource's own planned values, parents by their (already filled) ids.
import { OFFLINE_IDS } from './token-server.mjs';

const SUB = `/subscriptions/${OFFLINE_IDS.subscriptionId}`;
const group = (v) => `${SUB}/resourceGroups/${v.resource_group_name}`;
const arm = (type) => (v) => `${group(v)}/providers/${type}/${v.name}`;
const apim = (v) => `${group(v)}/providers/Microsoft.ApiManagement/service/${v.api_management_name}`;
const GUID = '00000000-0000-4000-8000-0000000000aa';
/** A GUID for principal, tenant and client ids Azure assigns. */
export const GUID_STAND_IN = GUID;

/** Id templates per Terraform type (the types the stacks and examples synthesize). */
export const ID_TEMPLATES = {
  terraform_data: () => GUID,
  // hashicorp/time's time_sleep: its id is the time it was created, RFC 3339 (the provider parses it at plan).
  time_sleep: () => '2026-01-01T00:00:00Z',
  azurerm_resource_group: (v) => `${SUB}/resourceGroups/${v.name}`,
  azurerm_api_management: arm('Microsoft.ApiManagement/service'),
  azurerm_api_management_api: (v) => `${apim(v)}/apis/${v.name};rev=${v.revision}`,
  azurerm_api_management_api_operation: (v) => `${apim(v)}/apis/${v.api_name}/operations/${v.operation_id}`,
  azurerm_api_management_api_operation_policy: (v) => `${apim(v)}/apis/${v.api_name}/operations/${v.operation_id}/policies/xml`,
  azurerm_api_management_api_policy: (v) => `${apim(v)}/apis/${v.api_name}/policies/xml`,
  azurerm_api_management_api_version_set: (v) => `${apim(v)}/apiVersionSets/${v.name}`,
  azurerm_api_management_backend: (v) => `${apim(v)}/backends/${v.name}`,
  azurerm_api_management_diagnostic: (v) => `${apim(v)}/diagnostics/${v.identifier}`,
  azurerm_api_management_named_value: (v) => `${apim(v)}/namedValues/${v.name}`,
  azurerm_api_management_product: (v) => `${apim(v)}/products/${v.product_id}`,
  azurerm_api_management_product_api: (v) => `${apim(v)}/products/${v.product_id}/apis/${v.api_name}`,
  azurerm_api_management_product_policy: (v) => `${apim(v)}/products/${v.product_id}/policies/xml`,
  azurerm_api_management_subscription: (v) => `${apim(v)}/subscriptions/${v.subscription_id ?? 'offline'}`,
  azurerm_application_insights: arm('Microsoft.Insights/components'),
  azurerm_cdn_frontdoor_profile: arm('Microsoft.Cdn/profiles'),
  azurerm_cdn_frontdoor_endpoint: (v) => `${v.cdn_frontdoor_profile_id}/afdEndpoints/${v.name}`,
  azurerm_cdn_frontdoor_firewall_policy: arm('Microsoft.Network/frontDoorWebApplicationFirewallPolicies'),
  azurerm_cdn_frontdoor_origin_group: (v) => `${v.cdn_frontdoor_profile_id}/originGroups/${v.name}`,
  azurerm_cdn_frontdoor_origin: (v) => `${v.cdn_frontdoor_origin_group_id}/origins/${v.name}`,
  azurerm_cdn_frontdoor_route: (v) => `${v.cdn_frontdoor_endpoint_id}/routes/${v.name}`,
  azurerm_cdn_frontdoor_security_policy: (v) => `${v.cdn_frontdoor_profile_id}/securityPolicies/${v.name}`,
  azurerm_container_app: arm('Microsoft.App/containerApps'),
  azurerm_container_app_environment: arm('Microsoft.App/managedEnvironments'),
  azurerm_eventgrid_event_subscription: (v) => `${v.scope}/providers/Microsoft.EventGrid/eventSubscriptions/${v.name}`,
  azurerm_eventgrid_topic: arm('Microsoft.EventGrid/topics'),
  azurerm_key_vault: arm('Microsoft.KeyVault/vaults'),
  azurerm_log_analytics_query_pack: arm('Microsoft.OperationalInsights/queryPacks'),
  azurerm_log_analytics_query_pack_query: (v) => `${v.query_pack_id}/queries/${typeof v.name === 'string' && /^[0-9a-f-]{36}$/.test(v.name) ? v.name : GUID}`,
  azurerm_log_analytics_workspace: arm('Microsoft.OperationalInsights/workspaces'),
  azurerm_managed_redis: arm('Microsoft.Cache/redisEnterprise'),
  azurerm_monitor_action_group: arm('Microsoft.Insights/actionGroups'),
  azurerm_monitor_diagnostic_setting: (v) => `${v.target_resource_id}|${v.name}`,
  azurerm_monitor_metric_alert: arm('Microsoft.Insights/metricAlerts'),
  azurerm_monitor_scheduled_query_rules_alert_v2: arm('Microsoft.Insights/scheduledQueryRules'),
  azurerm_network_security_group: arm('Microsoft.Network/networkSecurityGroups'),
  azurerm_private_dns_a_record: (v) => `${group(v)}/providers/Microsoft.Network/privateDnsZones/${v.zone_name}/A/${v.name}`,
  azurerm_private_dns_zone: arm('Microsoft.Network/privateDnsZones'),
  azurerm_private_dns_zone_virtual_network_link: (v) => `${group(v)}/providers/Microsoft.Network/privateDnsZones/${v.private_dns_zone_name}/virtualNetworkLinks/${v.name}`,
  azurerm_private_endpoint: arm('Microsoft.Network/privateEndpoints'),
  azurerm_role_assignment: (v) => `${v.scope}/providers/Microsoft.Authorization/roleAssignments/${GUID}`,
  azurerm_service_plan: arm('Microsoft.Web/serverFarms'),
  azurerm_storage_account: arm('Microsoft.Storage/storageAccounts'),
  azurerm_storage_container: (v) => `${v.storage_account_id}/blobServices/default/containers/${v.name}`,
  azurerm_storage_queue: (v) => `${v.storage_account_id}/queueServices/default/queues/${v.name}`,
  azurerm_subnet: (v) => `${group(v)}/providers/Microsoft.Network/virtualNetworks/${v.virtual_network_name}/subnets/${v.name}`,
  azurerm_subnet_network_security_group_association: (v) => v.subnet_id,
  azurerm_user_assigned_identity: arm('Microsoft.ManagedIdentity/userAssignedIdentities'),
  azurerm_virtual_network: arm('Microsoft.Network/virtualNetworks'),
  azapi_resource: (v) => {
    const type = String(v.type).split('@')[0];
    const segments = type.split('/');
    // A child type (…/databases/accessPolicyAssignments) sits below its parent; a top-level one below /providers.
    return segments.length > 2 ? `${v.parent_id}/${segments[segments.length - 1]}/${v.name}` : `${v.parent_id}/providers/${type}/${v.name}`;
  },
  azapi_resource_action: (v) => v.resource_id,
};

/** Id templates the service descriptors give (`AzureServiceDescriptor.ids`), by Terraform type: for types this table lacks. */
const DESCRIBED = {};

/** Add the descriptors' templates (synth.ts writes them to service-ids.json). */
export function addDescribedIds(templates) {
  Object.assign(DESCRIBED, templates);
}

/** A descriptor's template filled in: `{group}` the resource group's id, `{<name>}` a planned attribute. */
export function fillIdTemplate(template, values) {
  return template.replace(/\{([a-z0-9_]+)\}/g, (_, name) => {
    const value = name === 'group' ? values.resource_group_name : values[name];
    if (value === undefined || value === null) throw new Error(`the id template ${JSON.stringify(template)} names ${name === 'group' ? 'resource_group_name' : name}, which the resource has not`);
    return name === 'group' ? group(values) : String(value);
  });
}

/** The id Azure would give a resource of `type` with these planned values, or undefined for a type without a template. */
export function standInId(type, values) {
  const template = ID_TEMPLATES[type];
  if (template) return template(values);
  return DESCRIBED[type] !== undefined ? fillIdTemplate(DESCRIBED[type], values) : undefined;
}
