import { NAME_RULES, NameRule } from '../../../core/naming';
import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../rule';
import { armTypeOf } from '../attributes';

type NameRuleKey = keyof typeof NAME_RULES;

/**
 * The name rule of each Terraform resource type, read from the library's `NAME_RULES` (the rules
 * the constructs check). Only types whose rule is Azure's own are listed: where the library is
 * stricter than Azure (Managed Redis asks for a leading letter, function apps for single hyphens),
 * a raw resource is left to Azure.
 */
const BY_TERRAFORM_TYPE: Readonly<Record<string, NameRuleKey>> = {
  azurerm_resource_group: 'resourceGroup',
  azurerm_log_analytics_workspace: 'logAnalyticsWorkspace',
  azurerm_container_app_environment: 'containerAppEnvironment',
  azurerm_container_app: 'containerApp',
  azurerm_user_assigned_identity: 'userAssignedIdentity',
  azurerm_api_management: 'apiManagement',
  azurerm_cdn_frontdoor_profile: 'frontDoorProfile',
  azurerm_cdn_frontdoor_endpoint: 'frontDoorEndpoint',
  azurerm_cdn_frontdoor_origin_group: 'frontDoorChild',
  azurerm_cdn_frontdoor_origin: 'frontDoorChild',
  azurerm_cdn_frontdoor_route: 'frontDoorChild',
  azurerm_cdn_frontdoor_firewall_policy: 'frontDoorFirewallPolicy',
  azurerm_storage_account: 'storageAccount',
  azurerm_storage_container: 'storageContainer',
  azurerm_storage_queue: 'storageQueue',
  azurerm_storage_table: 'storageTable',
  azurerm_key_vault: 'keyVault',
  azurerm_key_vault_secret: 'keyVaultSecret',
  azurerm_eventgrid_topic: 'eventGridTopic',
  azurerm_eventgrid_system_topic: 'eventGridSystemTopic',
  azurerm_eventgrid_event_subscription: 'eventGridSubscription',
  azurerm_eventgrid_system_topic_event_subscription: 'eventGridSubscription',
  azurerm_application_insights: 'applicationInsights',
  azurerm_virtual_network: 'virtualNetwork',
  azurerm_private_endpoint: 'privateEndpoint',
  azurerm_subnet: 'networkChild',
  azurerm_network_security_group: 'networkChild',
};

/** The same rules for the ARM types an `azapi_resource` creates. */
const BY_ARM_TYPE: Readonly<Record<string, NameRuleKey>> = {
  'Microsoft.Resources/resourceGroups': 'resourceGroup',
  'Microsoft.App/managedEnvironments': 'containerAppEnvironment',
  'Microsoft.App/containerApps': 'containerApp',
  'Microsoft.Storage/storageAccounts': 'storageAccount',
  'Microsoft.Storage/storageAccounts/blobServices/containers': 'storageContainer',
  'Microsoft.Storage/storageAccounts/queueServices/queues': 'storageQueue',
  'Microsoft.Storage/storageAccounts/tableServices/tables': 'storageTable',
  'Microsoft.KeyVault/vaults': 'keyVault',
  'Microsoft.KeyVault/vaults/secrets': 'keyVaultSecret',
  'Microsoft.EventGrid/topics': 'eventGridTopic',
  'Microsoft.EventGrid/systemTopics': 'eventGridSystemTopic',
  'Microsoft.Network/virtualNetworks': 'virtualNetwork',
  'Microsoft.Network/privateEndpoints': 'privateEndpoint',
};

/** Containers Azure creates itself (static website, logs, the root container): their `$` is allowed. */
const SYSTEM_CONTAINERS = ['$root', '$web', '$logs'];

/** The name rule of a resource, or undefined when the rule names no rule for its type. */
function nameRuleOf(resource: RuleResource): NameRule | undefined {
  const armType = armTypeOf(resource);
  const key = armType !== undefined ? BY_ARM_TYPE[armType] : BY_TERRAFORM_TYPE[resource.type];
  return key === undefined ? undefined : NAME_RULES[key];
}

/**
 * AZURE: a raw resource's `name` that Azure refuses at apply (too short or long, a character it
 * does not take, a trailing period or hyphen), checked with the rules the constructs use, so a
 * stack of raw resources hears it at synth instead of half-way through an apply.
 */
export class ResourceNameRule implements ILessonRule {
  public readonly id = 'AZURE.ResourceName';
  public readonly lesson = 'AZURE';
  public readonly description = 'A resource whose name Azure refuses (length, characters, a trailing period or hyphen).';
  public readonly resourceTypes = [...Object.keys(BY_TERRAFORM_TYPE), 'azapi_resource'];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    const rule = nameRuleOf(resource);
    const name = resource.attributes.name;
    if (rule === undefined || typeof name !== 'string' || name.includes('${')) return RuleOutcome.notApplicable();
    if (rule === NAME_RULES.storageContainer && SYSTEM_CONTAINERS.includes(name)) return RuleOutcome.compliant();
    if (name.length >= rule.min && name.length <= rule.max && rule.pattern.test(name)) return RuleOutcome.compliant();
    return RuleOutcome.nonCompliant({
      setting: 'name', given: name,
      problem: `Azure rejects this ${rule.kind} name (${name.length} characters) at apply.`,
      fix: `use ${rule.min}-${rule.max} characters: ${rule.shape}${rule.globallyUnique ? ', unique across Azure' : ''}.`,
    });
  }
}

/** The Terraform and ARM types the rule checks, for docs and tests. */
export const RESOURCE_NAME_TYPES = { terraform: Object.keys(BY_TERRAFORM_TYPE), arm: Object.keys(BY_ARM_TYPE) };
