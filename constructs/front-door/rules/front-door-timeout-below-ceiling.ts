import { CONNECTION_CEILING_SECONDS } from '../../core/lessons';
import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { frontDoorTimeoutOf, numberOf } from '../../lessons-check/rules/attributes';

/**
 * EDGE-1: a Front Door profile without `response_timeout_seconds` gets the provider's 120 s, and
 * one below 240 s cuts streams and long polls before the origin answers. Through AzAPI
 * (`Microsoft.Cdn/profiles`) an unset timeout is Azure's 60 s.
 */
export class FrontDoorTimeoutBelowCeilingRule implements ILessonRule {
  public readonly id = 'EDGE-1.FrontDoorTimeoutBelowCeiling';
  public readonly lesson = 'EDGE-1';
  public readonly description = 'A Front Door profile whose origin response timeout is unset (120 s) or below 240 s.';
  public readonly resourceTypes = ['azurerm_cdn_frontdoor_profile', 'azapi_resource'];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    const read = frontDoorTimeoutOf(resource);
    if (read === undefined) return RuleOutcome.notApplicable();
    const given = read.given;
    const timeout = numberOf(given);
    if (given !== undefined && timeout === undefined) return RuleOutcome.notApplicable();
    if (timeout === undefined || timeout < CONNECTION_CEILING_SECONDS) {
      return RuleOutcome.nonCompliant({
        setting: read.setting, given,
        problem: `Front Door closes a request after ${timeout ?? read.unsetDefault} s without an origin response, so SSE streams and long polls end early.`,
        fix: `set ${CONNECTION_CEILING_SECONDS} for origins that stream (the FrontDoor construct does).`,
      });
    }
    return RuleOutcome.compliant();
  }
}
