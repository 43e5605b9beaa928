import { LessonRule } from '../rule';

/**
 * EDGE-3: `buffer_response` (underscore) fails APIM policy validation; the attribute is
 * `buffer-response`. Catches hand-written policy XML in any APIM policy resource.
 */
export const forwardRequestAttributeRule: LessonRule = {
  lesson: 'EDGE-3',
  level: 'error',
  resourceTypes: [
    'azurerm_api_management_policy', 'azurerm_api_management_api_policy',
    'azurerm_api_management_api_operation_policy', 'azurerm_api_management_product_policy',
  ],
  check(attributes) {
    const xml = attributes.xml_content;
    if (typeof xml === 'string' && /<forward-request\b[^>]*\bbuffer_response\s*=/.test(xml)) {
      return {
        setting: 'xml_content', given: xml.match(/<forward-request\b[^>]*>/)?.[0],
        problem: 'APIM rejects the policy: the attribute is spelt with a hyphen.',
        fix: 'write buffer-response="false", or build the policy with PolicyDocument.',
      };
    }
    return undefined;
  },
};
