import { AzureRegion } from '../../core/azure-region';
import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { armTypeOf } from '../../lessons-check/rules/attributes';
import { LOCATION_TYPES } from '../../lessons-check/rules/naming/resource-location';

/**
 * AZURE (a warning): a raw resource's `location` that is an access-restricted region
 * (`germanynorth`, `uaecentral`, `norwaywest`, ...): legal, but a subscription deploys there only
 * after Microsoft grants it access, and terraform apply fails otherwise. The constructs warn the
 * same once per stack (`AZURE.RestrictedRegion`); `AzureRegion.allow('<name>')` for a subscription
 * that has access drops both. Canary and sovereign-cloud regions are `AZURE.ResourceLocation`'s
 * errors. Read on what Terraform gets (a variable's default, a function of literals); a reference
 * passes.
 */
export class RestrictedResourceLocationRule implements ILessonRule {
  public readonly id = 'AZURE.RestrictedResourceLocation';
  public readonly lesson = 'AZURE';
  public readonly description = 'A resource in an access-restricted region, which a subscription deploys to only once Microsoft grants it access.';
  public readonly resourceTypes = [...LOCATION_TYPES, 'azapi_resource'];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    const given = resource.attributes.location;
    if (resource.type === 'azapi_resource' && armTypeOf(resource) === undefined) return RuleOutcome.notApplicable();
    if (typeof given !== 'string' || given.includes('${')) return RuleOutcome.notApplicable();
    const limit = AzureRegion.limitOf(given);
    if (limit === undefined || limit.refused) return RuleOutcome.compliant();
    return RuleOutcome.nonCompliant({ setting: 'location', given, problem: limit.problem, fix: limit.fix });
  }
}
