import { AzureRegion } from '../../../core/azure-region';
import { ILessonRule, IRuleContext, RuleFinding, RuleOutcome, RuleResource } from '../../rule';
import { armTypeOf, blockOf } from '../attributes';
import { ValueIndex } from '../../rule-facts';

/** The raw types with a `location` the rule checks (every type the library's services create or read). */
export const LOCATION_TYPES = [
  'azurerm_resource_group', 'azurerm_log_analytics_workspace', 'azurerm_application_insights', 'azurerm_user_assigned_identity',
  'azurerm_container_app_environment', 'azurerm_container_registry', 'azurerm_api_management', 'azurerm_storage_account',
  'azurerm_key_vault', 'azurerm_eventgrid_topic', 'azurerm_eventgrid_system_topic', 'azurerm_virtual_network',
  'azurerm_network_security_group', 'azurerm_private_endpoint', 'azurerm_managed_redis', 'azurerm_redis_cache',
  'azurerm_service_plan', 'azurerm_linux_function_app', 'azurerm_windows_function_app', 'azurerm_function_app_flex_consumption',
  'azurerm_linux_web_app', 'azurerm_windows_web_app',
];

/** Where a resource names the subnet it sits in, by type. */
const SUBNET_OF: Readonly<Record<string, (r: RuleResource) => unknown>> = {
  azurerm_container_app_environment: (r) => r.attributes.infrastructure_subnet_id,
  azurerm_private_endpoint: (r) => r.attributes.subnet_id,
  azurerm_api_management: (r) => blockOf(r.attributes.virtual_network_configuration)?.subnet_id,
};

/** A location as written, or the literal location of the resource group it references. */
function locationOf(value: unknown, context: IRuleContext): string | undefined {
  if (typeof value === 'string' && !value.includes('${')) return value;
  const group = context.referencedBy(value, 'azurerm_resource_group')[0];
  const location = group?.attributes.location;
  return typeof location === 'string' && !location.includes('${') ? location : undefined;
}

/** The virtual network (in the run) of a subnet id: by reference to the subnet, or written out. */
function networkOf(subnetId: unknown, context: IRuleContext): RuleResource | undefined {
  // The run's networks by name, indexed once: every resource in a subnet asks.
  const networks = ValueIndex.of(context, 'azurerm_virtual_network', 'name');
  const subnet = context.referencedBy(subnetId, 'azurerm_subnet')[0];
  if (subnet) return context.referencedBy(subnet.attributes.virtual_network_name, 'azurerm_virtual_network')[0]
    ?? networks.exact(subnet.attributes.virtual_network_name)[0];
  const literal = typeof subnetId === 'string' ? /\/virtualNetworks\/([^/]+)\/subnets\//i.exec(subnetId) : null;
  return literal ? networks.caseless(literal[1])[0] : undefined;
}

/**
 * AZURE: a raw resource's `location` that is no Azure region (a typo: `westeurpoe`), with a "did
 * you mean", or a canary (`centraluseuap`) or sovereign-cloud region (`usgovvirginia`,
 * `chinanorth3`) the public cloud's providers cannot deploy to, as the constructs check theirs; and a resource in a subnet (a Container Apps
 * environment, a private endpoint, an API Management service) in another region than the
 * subnet's virtual network, which Azure refuses. Checked on what Terraform gets: a variable's
 * default or a function of literals is read as its literal; a reference passes.
 */
export class ResourceLocationRule implements ILessonRule {
  public readonly id = 'AZURE.ResourceLocation';
  public readonly lesson = 'AZURE';
  public readonly description = 'A resource whose location is no Azure region, or that sits in a subnet of a network in another region.';
  public readonly resourceTypes = [...LOCATION_TYPES, 'azapi_resource'];

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    const given = resource.attributes.location;
    if (resource.type === 'azapi_resource' && (armTypeOf(resource) === undefined || given === undefined)) return RuleOutcome.notApplicable();
    const findings: RuleFinding[] = [];
    if (typeof given === 'string' && !given.includes('${') && given.toLowerCase() !== 'global') {
      const found = AzureRegion.problemOf(given);
      if (found) findings.push({ setting: 'location', given, ...found });
      // A canary or sovereign-cloud region: the public cloud's providers find no such region (access-restricted ones warn: AZURE.RestrictedResourceLocation).
      const limit = AzureRegion.limitOf(given);
      if (limit?.refused) findings.push({ setting: 'location', given, problem: limit.problem, fix: limit.fix });
    }
    const subnetOf = SUBNET_OF[resource.type];
    const network = subnetOf ? networkOf(subnetOf(resource), context) : undefined;
    const mine = locationOf(given, context);
    const theirs = network ? locationOf(network.attributes.location, context) : undefined;
    if (mine !== undefined && theirs !== undefined && AzureRegion.normalize(mine) !== AzureRegion.normalize(theirs)) {
      findings.push({
        setting: 'location', given: mine,
        problem: `it sits in a subnet of ${network!.address}, which is in ${theirs}: Azure places a resource in a subnet only in the network's region, so the apply fails.`,
        fix: `set location to ${theirs} (or the network's location by reference), or use a network in ${mine}.`,
      });
    }
    if (findings.length > 0) return RuleOutcome.nonCompliant(...findings);
    return given === undefined ? RuleOutcome.notApplicable() : RuleOutcome.compliant();
  }
}
