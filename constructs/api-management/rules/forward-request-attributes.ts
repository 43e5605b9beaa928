import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';

/** APIM policy resources whose `xml_content` the policy rules read. */
export const POLICY_RESOURCE_TYPES = [
  'azurerm_api_management_policy', 'azurerm_api_management_api_policy',
  'azurerm_api_management_api_operation_policy', 'azurerm_api_management_product_policy',
];

/**
 * EDGE-3: `buffer_response` (underscore) fails APIM policy validation; the attribute is
 * `buffer-response`. Catches hand-written policy XML in any APIM policy resource.
 */
export class ForwardRequestAttributeSpellingRule implements ILessonRule {
  public readonly id = 'EDGE-3.ForwardRequestAttributeSpelling';
  public readonly lesson = 'EDGE-3';
  public readonly description = 'Hand-written policy XML that spells buffer-response with an underscore.';
  public readonly resourceTypes = POLICY_RESOURCE_TYPES;

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    const xml = resource.attributes.xml_content;
    if (typeof xml !== 'string') return RuleOutcome.notApplicable();
    if (/<forward-request\b[^>]*\bbuffer_response\s*=/.test(xml)) {
      return RuleOutcome.nonCompliant({
        setting: 'xml_content', given: xml.match(/<forward-request\b[^>]*>/)?.[0],
        problem: 'APIM rejects the policy: the attribute is spelt with a hyphen.',
        fix: 'write buffer-response="false", or build the policy with PolicyDocument.',
      });
    }
    return RuleOutcome.compliant();
  }
}
