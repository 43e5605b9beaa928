import { CONNECTION_CEILING_SECONDS } from '../../core/lessons';
import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { frontDoorTimeoutOf, numberOf } from '../../lessons-check/rules/attributes';

/** EDGE-1: Front Door's origin response timeout stops at 240 s; a higher value fails at plan (16-240). azurerm, or AzAPI `Microsoft.Cdn/profiles`. */
export class FrontDoorTimeoutAboveCeilingRule implements ILessonRule {
  public readonly id = 'EDGE-1.FrontDoorTimeoutAboveCeiling';
  public readonly lesson = 'EDGE-1';
  public readonly description = 'A Front Door profile whose origin response timeout is above the 240 s ceiling.';
  public readonly resourceTypes = ['azurerm_cdn_frontdoor_profile', 'azapi_resource'];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    const read = frontDoorTimeoutOf(resource);
    if (read === undefined) return RuleOutcome.notApplicable();
    const given = read.given;
    const timeout = numberOf(given);
    if (timeout === undefined) return RuleOutcome.notApplicable();
    if (timeout > CONNECTION_CEILING_SECONDS) {
      return RuleOutcome.nonCompliant({
        setting: read.setting, given,
        problem: `Front Door accepts 16-${CONNECTION_CEILING_SECONDS} s, and Azure drops connections at ${CONNECTION_CEILING_SECONDS} s anyway, so the plan fails.`,
        fix: `set ${CONNECTION_CEILING_SECONDS}.`,
      });
    }
    return RuleOutcome.compliant();
  }
}
