import { RuleExamples, azapi, raw } from '../../lessons-check/rule-examples';

const FUNCTION_TYPES = ['azurerm_function_app_flex_consumption', 'azurerm_linux_function_app', 'azurerm_windows_function_app'];

// SEC-1: a function app that answers plain HTTP (https_only unset: off).
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.FunctionHttpsOnly',
  finds: 'a function app that accepts plain HTTP (azurerm\'s `https_only` defaults to false)',
  failing: [
    ...FUNCTION_TYPES.map((type) => [raw(type, 'fn')]),
    [azapi('fn', 'Microsoft.Web/sites@2024-11-01', { kind: 'functionapp,linux', properties: {} })],
  ],
  passing: [
    [raw('azurerm_linux_function_app', 'fn', { https_only: true })],
    [azapi('fn', 'Microsoft.Web/sites@2024-11-01', { kind: 'functionapp,linux', properties: { httpsOnly: true } })],
  ],
};
