import { RuleExamples, raw } from '../../lessons-check/rule-examples';
import { POLICY_RESOURCE_TYPES } from './forward-request-attributes';

// EDGE-3: `buffer_response` (an underscore) is not an attribute of forward-request; APIM ignores it and buffers.
export const EXAMPLES: RuleExamples = {
  rule: 'EDGE-3.ForwardRequestAttributeSpelling',
  finds: 'APIM policy XML with `buffer_response` on `forward-request`',
  failing: POLICY_RESOURCE_TYPES.map((type) => [raw(type, 'policy', { xml_content: '<policies><backend><forward-request buffer_response="false" /></backend></policies>' })]),
  passing: [[raw('azurerm_api_management_api_policy', 'policy', { xml_content: '<policies><backend><forward-request buffer-response="false" /></backend></policies>' })]],
};
