import { CONNECTION_CEILING_SECONDS } from '../../../core/lessons';
import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../rule';
import { numberOf } from '../attributes';

/**
 * EDGE-1: a Front Door profile without `response_timeout_seconds` gets the provider's 120 s, and
 * one below 240 s cuts streams and long polls before the origin answers.
 */
export class FrontDoorTimeoutBelowCeilingRule implements ILessonRule {
  public readonly id = 'EDGE-1.FrontDoorTimeoutBelowCeiling';
  public readonly lesson = 'EDGE-1';
  public readonly description = 'A Front Door profile whose origin response timeout is unset (120 s) or below 240 s.';
  public readonly resourceTypes = ['azurerm_cdn_frontdoor_profile'];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    const given = resource.attributes.response_timeout_seconds;
    const timeout = numberOf(given);
    if (given !== undefined && timeout === undefined) return RuleOutcome.notApplicable();
    if (timeout === undefined || timeout < CONNECTION_CEILING_SECONDS) {
      return RuleOutcome.nonCompliant({
        setting: 'response_timeout_seconds', given,
        problem: `Front Door closes a request after ${timeout ?? 120} s without an origin response, so SSE streams and long polls end early.`,
        fix: `set ${CONNECTION_CEILING_SECONDS} for origins that stream (the FrontDoor construct does).`,
      });
    }
    return RuleOutcome.compliant();
  }
}
