import { RuleExamples } from '../../lessons-check/rule-examples';

// Assembled at run time, so no scanner mistakes this file for a leak.
const CONNECTION = ['DefaultEndpointsProtocol=https;AccountName=orders;AccountKey', 'bXlLZXkxMjM0NTY3ODkwYWJjZGVmZ2hpamts=='].join('=');

// SEC-1: a variable's default or a local that is a credential (types `variable`, address
// `var.<name>`, and `local`, address `local.<name>`).
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.VariableDefaultSecret',
  finds: 'a variable of the root module (type `variable`, address `var.<name>`) whose `default` is a credential: a known format, a literal under a secret\'s name (`db_password`), or any text default of a variable declared `sensitive`; or a local (type `local`, address `local.<name>`) whose value holds a credential format or is a literal under a secret\'s name. A default or a local is written in cdk.tf.json and in every plan file whether or not anything reads it. A local that names a variable leaves the default to the variable\'s finding; a variable without a default passes',
  failing: [
    [{ type: 'variable', name: 'db_password', attributes: { type: 'string', default: 'correct-horse-battery' } }],
    [{ type: 'variable', name: 'storage', attributes: { type: 'string', default: CONNECTION } }],
    [{ type: 'variable', name: 'psp', attributes: { type: 'string', sensitive: true, default: 'not-so-hidden-value' } }],
  ],
  failingNotInAPlan: [[{ type: 'local', name: 'connection', attributes: { value: CONNECTION } }]],
  passing: [
    [{ type: 'variable', name: 'location', attributes: { type: 'string', default: 'westeurope' } }],
    [{ type: 'variable', name: 'db_password', attributes: { type: 'string', sensitive: true } }],
    [{ type: 'local', name: 'api_key_header', attributes: { value: 'Ocp-Apim-Subscription-Key' } }],
  ],
};
