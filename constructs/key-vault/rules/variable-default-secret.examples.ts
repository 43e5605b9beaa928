import { RuleExamples } from '../../lessons-check/rule-examples';

// Assembled at run time, so no scanner mistakes this file for a leak.
const CONNECTION = ['DefaultEndpointsProtocol=https;AccountName=orders;AccountKey', 'bXlLZXkxMjM0NTY3ODkwYWJjZGVmZ2hpamts=='].join('=');

// SEC-1: a variable's default or a local that is a credential (types `variable`, address
// `var.<name>`, and `local`, address `local.<name>`).
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.VariableDefaultSecret',
  finds: 'a variable of the root module (type `variable`, address `var.<name>`; `azure-lessons` reads a local child module\'s too, as `module.<call>.var.<name>`, once however many calls, the fix naming the caller) whose `default` is a credential: a known format, or a literal under a secret\'s name (`db_password`, or an object\'s or list\'s entry under one: `default = { password = "..." }`, setting `default.password`; cdktf\'s hash on a nested construct\'s variable left out; a plain URL is none); or a local (type `local`, address `local.<name>`) whose value holds a credential format or is a literal under a secret\'s name. A default or a local is written in the configuration and the plan file whether or not anything reads it (`sensitive` hides a default from the plan\'s output only). A local that names a variable leaves the default to the variable\'s finding; a variable without a default passes. `azure-lessons` also reads variable definitions files (`terraform.tfvars`, `*.auto.tfvars`, one kept for `-var-file`, their `.json` forms; beside a directory\'s configuration, or named): type `tfvars`, address `<file>:var.<name>`, the file as the path, each string or number of a map under its own key (`db.password`), judged as a default; the fix gives the value at plan time (`TF_VAR_<name>`)',
  failing: [
    [{ type: 'variable', name: 'db_password', attributes: { type: 'string', default: 'correct-horse-battery' } }],
    [{ type: 'variable', name: 'storage', attributes: { type: 'string', default: CONNECTION } }],
  ],
  failingNotInAPlan: [[{ type: 'local', name: 'connection', attributes: { value: CONNECTION } }]],
  passing: [
    [{ type: 'variable', name: 'location', attributes: { type: 'string', default: 'westeurope' } }],
    [{ type: 'variable', name: 'db_password', attributes: { type: 'string', sensitive: true } }],
    [{ type: 'local', name: 'api_key_header', attributes: { value: 'Ocp-Apim-Subscription-Key' } }],
    // Sensitive, but neither its name nor its value says credential; a secret's name, not the secret; a URL under a secret's name.
    [{ type: 'variable', name: 'admin_username', attributes: { type: 'string', sensitive: true, default: 'azureuser' } }],
    [{ type: 'variable', name: 'kv_secret_name', attributes: { type: 'string', default: 'db-connection-string' } }],
    [{ type: 'variable', name: 'jwt_issuer_token', attributes: { type: 'string', default: 'https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0' } }],
  ],
};
