import { RuleExamples, raw, ref } from '../../lessons-check/rule-examples';
import { SENSITIVE_INPUTS } from './sensitive-attribute-plain-secret';

/** `{ a: [{ b: value }] }` for the path `a.b`: a nested block's attribute, as Terraform JSON writes blocks. */
function nestedAt(path: readonly string[], value: string): { [name: string]: unknown } {
  const [head, ...rest] = path;
  return { [head]: rest.length === 0 ? value : [nestedAt(rest, value)] };
}

// SEC-1: a secret written in the configuration into an attribute azurerm marks sensitive (it lands in
// cdk.tf.json and in every plan): on every type with one, its first such attribute.
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.SensitiveAttributePlainSecret',
  failing: Object.entries(SENSITIVE_INPUTS).map(([type, paths]) => [raw(type, 'secret', nestedAt(paths[0].split('.'), 'a-literal-secret'))]),
  passing: [[
    raw('random_password', 'pw', { length: 32 }),
    raw('azurerm_key_vault_secret', 'psp', { key_vault_id: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv', value: ref('random_password', 'pw', 'result') }),
  ]],
};
