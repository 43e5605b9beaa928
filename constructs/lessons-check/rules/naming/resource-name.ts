import { AzureServices } from '../../../core/azure-service';
import { NAME_RULES, NameRule } from '../../../core/naming';
import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../rule';
import { armTypeOf } from '../attributes';

/**
 * The name rules of the resources every service names (resource groups, user-assigned
 * identities), by Terraform and Resource Manager type. A service's own types are in its descriptor
 * (`rawNames`), read from the catalogue the pack gives the rule (`AzureServices`), so a new service's raw resources are checked without
 * a line here. Only types whose rule is Azure's own are listed: where the library is stricter than
 * Azure (Managed Redis asks for a leading letter, function apps for single hyphens), a raw resource
 * is left to Azure.
 */
const SHARED_NAMES: Readonly<Record<string, NameRule>> = {
  azurerm_resource_group: NAME_RULES.resourceGroup,
  'Microsoft.Resources/resourceGroups': NAME_RULES.resourceGroup,
  azurerm_user_assigned_identity: NAME_RULES.userAssignedIdentity,
};

/** A catalogue of no service: what a rule made with `new` reads (the shared names only). */
const NO_SERVICES = new AzureServices([]);

/** The types the rule checks with `services`' descriptors, Terraform or Resource Manager (an `azapi_resource`'s `type`), sorted. */
export function resourceNameTypes(services: AzureServices): { terraform: string[]; arm: string[] } {
  const all = [...new Set([...Object.keys(SHARED_NAMES), ...services.nameCheckedTypes()])].sort();
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
  /**
   * The rule with the name rules of `services`' descriptors besides the shared ones: what
   * `PlatformLessonsPack` makes, with every service of the generated service index.
   * @internal
   */
  public static _of(services: AzureServices): ResourceNameRule {
    const rule = new ResourceNameRule();
    rule.services = services;
    rule.types = [...resourceNameTypes(services).terraform, 'azapi_resource'];
    return rule;
  }

  private services = NO_SERVICES;
  private types = [...resourceNameTypes(NO_SERVICES).terraform, 'azapi_resource'];

  /**
   * The types whose names it checks: made with `new`, the names every service shares (resource
   * groups, user-assigned identities); the platform pack's (`PlatformLessonsPack`) also every
   * service's own raw types (their descriptors' `rawNames`). A pack after the platform's that
   * lists `new ResourceNameRule()` changes the level of the platform's instance, which keeps
   * checking every type.
   */
  public get resourceTypes(): string[] {
    return this.types;
  }

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    const type = armTypeOf(resource) ?? resource.type;
    const rule: NameRule | undefined = SHARED_NAMES[type] ?? this.services.nameRuleOf(type);
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
