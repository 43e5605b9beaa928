import { RuleExamples, raw } from '../../lessons-check/rule-examples';

// SEC-1: a secret named value whose value sits in the Terraform state.
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.NamedValuePlainSecret',
  finds: '`azurerm_api_management_named_value` marked secret with a literal `value` instead of `value_from_key_vault` (GW-8)',
  failing: [[raw('azurerm_api_management_named_value', 'nv', { secret: true, value: 'not-a-real-secret', display_name: 'nv' })]],
  passing: [[raw('azurerm_api_management_named_value', 'nv', { secret: true, display_name: 'nv', value_from_key_vault: [{ secret_id: 'https://kv.vault.azure.net/secrets/psp' }] })]],
};
