import { RuleExamples, raw } from '../../lessons-check/rule-examples';

// AZURE: a URL template parameter the operation does not declare (azurerm refuses it at plan).
export const EXAMPLES: RuleExamples = {
  rule: 'AZURE.OperationTemplateParameters',
  finds: 'an `azurerm_api_management_api_operation` whose `url_template` uses a `{parameter}` it does not declare in `template_parameter`, or declares one it does not use (azurerm\'s plan refuses both)',
  failing: [[raw('azurerm_api_management_api_operation', 'op', { api_name: 'api', url_template: '/items/{id}', method: 'GET' })]],
  passing: [[raw('azurerm_api_management_api_operation', 'op', { api_name: 'api', url_template: '/items/{id}', method: 'GET', template_parameter: [{ name: 'id', type: 'string', required: true }] })]],
};
