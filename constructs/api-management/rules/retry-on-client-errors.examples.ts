import { RuleExamples, raw } from '../../lessons-check/rule-examples';
import { POLICY_RESOURCE_TYPES } from './forward-request-attributes';

// PAY-2: a retry whose condition takes a 4xx (a client error answers the same the second time).
export const EXAMPLES: RuleExamples = {
  rule: 'PAY-2.RetryOnClientErrors',
  finds: 'a `<retry>` in any APIM policy XML whose condition retries a 4xx other than 429 (`== 400`, `>= 400`, `> 399`, `<= 499`, `/ 100 == 4`, `!= 200`, reversed operands, `is >= 400 and ...`); bounds and exclusions under a lower bound in 5xx pass',
  failing: POLICY_RESOURCE_TYPES.map((type) => [raw(type, 'policy', { xml_content: '<policies><backend><retry condition="@(context.Response.StatusCode == 400)" count="3" interval="1"><forward-request /></retry></backend></policies>' })]),
  passing: [[raw('azurerm_api_management_api_policy', 'policy', { xml_content: '<policies><backend><retry condition="@(context.Response.StatusCode == 503)" count="3" interval="1"><forward-request /></retry></backend></policies>' })]],
};
