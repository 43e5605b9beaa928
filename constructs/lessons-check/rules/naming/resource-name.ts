import { AzureServices } from '../../../core/azure-service';
import { NAME_RULES, NameRule } from '../../../core/naming';
import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../rule';
import { armTypeOf } from '../attributes';

/**
 * The name rules of the resources every service names (resource groups, user-assigned
 * identities), by Terraform and Resource Manager type. A service's own types are in its descriptor
 * (`rawNames`), read through `AzureServices`, so a new service's raw resources are checked without
 * a line here. Only types whose rule is Azure's own are listed: where the library is stricter than
 * Azure (Managed Redis asks for a leading letter, function apps for single hyphens), a raw resource
 * is left to Azure.
 */
const SHARED_NAMES: Readonly<Record<string, NameRule>> = {
  azurerm_resource_group: NAME_RULES.resourceGroup,
  'Microsoft.Resources/resourceGroups': NAME_RULES.resourceGroup,
  azurerm_user_assigned_identity: NAME_RULES.userAssignedIdentity,
};

/** The name rule of a Terraform or Resource Manager type, or undefined when none is checked. */
function nameRuleFor(type: string): NameRule | undefined {
  return SHARED_NAMES[type] ?? AzureServices.nameRuleOf(type);
}

/** The name rule of a resource, or undefined when the rule names no rule for its type. */
function nameRuleOf(resource: RuleResource): NameRule | undefined {
  return nameRuleFor(armTypeOf(resource) ?? resource.type);
}

/** The types the rule checks, Terraform or Resource Manager (an `azapi_resource`'s `type`), sorted. */
export function resourceNameTypes(): { terraform: string[]; arm: string[] } {
  const all = [...new Set([...Object.keys(SHARED_NAMES), ...AzureServices.nameCheckedTypes()])].sort();
  return { terraform: all.filter((t) => !t.startsWith('Microsoft.')), arm: all.filter((t) => t.startsWith('Microsoft.')) };
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
  /** The types of the descriptors loaded when the rule is made (the platform pack loads them all). */
  public readonly resourceTypes = [...resourceNameTypes().terraform, 'azapi_resource'];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    const rule = nameRuleOf(resource);
    const name = resource.attributes.name;
    if (rule === undefined || typeof name !== 'string' || name.includes('${')) return RuleOutcome.notApplicable();
    if (rule.systemNames?.includes(name)) return RuleOutcome.compliant();
    if (name.length >= rule.min && name.length <= rule.max && rule.pattern.test(name)) return RuleOutcome.compliant();
    return RuleOutcome.nonCompliant({
      setting: 'name', given: name,
      problem: `Azure rejects this ${rule.kind} name (${name.length} characters) at apply.`,
      fix: `use ${rule.min}-${rule.max} characters: ${rule.shape}${rule.globallyUnique ? ', unique across Azure' : ''}.`,
    });
  }
}
