import { RuleExamples } from '../../lessons-check/rule-examples';

// Assembled at run time, so no scanner mistakes this file for a leak.
const STRIPE = ['sk', 'live', '4eC39HqLyjWDarjtT1zdp7dc'].join('_');

// SEC-1: a root output that gives a secret written in the configuration (type `output`: a root output, attribute `value`).
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.OutputPlainSecret',
  finds: 'a root Terraform output (a stack\'s `TerraformOutput`, an HCL or `cdk.tf.json` `output`, a plan\'s root outputs; the rules see outputs as type `output`, address `output.<name>`) that gives a credential written in the configuration: a known format, or a literal under a secret\'s name (`db_password`, or an object\'s entry under one: setting `value.psp.client_secret`), directly or through a variable\'s default, a local or a function of literals; `sensitive = true` does not keep it out of the state. A reference passes',
  failing: [[{ type: 'output', name: 'leak', attributes: { value: STRIPE } }]],
  passing: [[{ type: 'output', name: 'endpoint', attributes: { value: 'https://orders.example.com' } }]],
};
