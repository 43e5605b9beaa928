import { FoundCredential, literalCredentialIn } from '../../core/secret-detection';
import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { LOCAL_TYPE, VARIABLE_FILE_TYPE, VARIABLE_TYPE, blockNameOf } from '../../lessons-check/rule-runner';

/**
 * The credential `value` is under `name`, if any (a plain URL under a secret's name is an address,
 * not a secret: the core's name check passes it). With `placeholders` (a variables file's value,
 * which may become an app setting or a policy), a whole Key Vault reference or named value
 * placeholder says where the secret is.
 */
function credentialIn(value: unknown, name: string, placeholders = false): FoundCredential | undefined {
  return literalCredentialIn(value, name, new Map(), placeholders);
}

/** Every string (or number) of `value` with its setting (`db.password`) and the key it is under (`password`); `name` and `value` at the top. */
function stringsOf(value: unknown, setting: string, key: string, out: { setting: string; key: string; text: string }[] = []): { setting: string; key: string; text: string }[] {
  // A number is judged as its digits (`admin_password = 12345678`; up to five digits is no secret, `PLAIN_LITERAL`).
  if (typeof value === 'string' || typeof value === 'number') out.push({ setting, key, text: String(value) });
  else if (Array.isArray(value)) value.forEach((v, i) => stringsOf(v, `${setting}[${i}]`, key, out));
  // A tag's name is anyone's word: under tags only the format decides.
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) stringsOf(v, `${setting}.${k}`, key === 'tags' ? 'tags' : k, out);
  return out;
}

/**
 * A value a variable definitions file gives variable `name` (its path is the file; the setting,
 * the variable): each string judged under its own key, so `db = { password = "..." }` is read as
 * a password (`db.password`), as the variable's own name is.
 */
function valueInFile(name: string, value: unknown): RuleOutcome {
  if (value === undefined || value === null) return RuleOutcome.notApplicable();
  const findings = stringsOf(value, name, name).flatMap(({ setting, key, text }) => {
    const found = credentialIn(text, key === 'tags' ? '' : key, true);
    return found === undefined ? [] : [{
      setting, given: found.given,
      problem: `${found.problem}: a variable definitions file beside the configuration is easily committed, or copied with it into a pipeline's artifact, and whoever reads the file reads the secret (sensitive = true hides it from the plan's output only).`,
      fix: `take it out of the file (and rotate it if the file was ever committed): the pipeline gives it at plan time from its secret store (TF_VAR_${name}, the variable sensitive = true without a default), or the resource reads the secret from Key Vault with its identity.`,
    }];
  });
  return findings.length > 0 ? RuleOutcome.nonCompliant(...findings) : RuleOutcome.compliant();
}

/**
 * SEC-1: a variable whose default is a credential (a root module's, or a local child module's as
 * `azure-lessons` reads it: `module.<name>.var.<name>`) (a known format, or a literal
 * under a secret's name such as `db_password`, the variable's or an object entry's of its own:
 * setting `default.password`), or a local whose value is one (written, or a
 * function of literals). A default or a local is written in cdk.tf.json (or the .tf file) and in
 * the plan file, which carries the configuration, whether or not anything reads it; `sensitive =
 * true` hides a default from the plan's output only. The lessons check sees variables as type
 * `variable` (address `var.<name>`: `default`, `sensitive`) and locals as type `local` (address
 * `local.<name>`: `value`). The name is the one its author gave (cdktf's hash on a variable made
 * below the stack's root left out). A local is judged on what it holds itself: one that names a
 * variable leaves the variable's default to that variable's finding. A plain URL under a secret's
 * name (`jwt_issuer_token = "https://..."`) is an address, not a secret; a name that ends in
 * `_name`, `_id` or `_uri` says nothing (`kv_secret_name`). `azure-lessons` also gives it the
 * values of variable definitions files (type `tfvars`, address `<file>:var.<name>`, path the
 * file: `terraform.tfvars`, `*.auto.tfvars`, one kept for `-var-file`, and their `.json` forms),
 * judged as a default is, each string of a map under its own key (`db.password`).
 */
export class VariableDefaultSecretRule implements ILessonRule {
  public readonly id = 'SEC-1.VariableDefaultSecret';
  public readonly lesson = 'SEC-1';
  public readonly description = 'A variable\'s default, a local or a value in a variable definitions file (.tfvars) that is a credential written in the configuration.';
  public readonly resourceTypes = [VARIABLE_TYPE, LOCAL_TYPE, VARIABLE_FILE_TYPE];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    // A value of a variable definitions file is addressed `<file>:var.<name>`.
    if (resource.type === VARIABLE_FILE_TYPE) return valueInFile(resource.address.slice(resource.address.lastIndexOf(':var.') + ':var.'.length), resource.attributes.value);
    const local = resource.type === LOCAL_TYPE;
    const name = blockNameOf(resource.address);
    const setting = local ? 'value' : 'default';
    const value = resource.attributes[setting];
    if (value === undefined || value === null) return RuleOutcome.notApplicable();
    // A local is judged on its own text: through a variable, the variable's default is the place to fix.
    const found = credentialIn(value, name);
    if (!found) return RuleOutcome.compliant();
    const written = local
      ? 'a local is written in the configuration (cdk.tf.json or the .tf file) and the plan file whether or not anything reads it'
      : 'a default is written in the configuration (cdk.tf.json or the .tf file) and the plan file whether or not anything reads it, and sensitive = true hides it from the plan\'s output only';
    // A child module's variable is given by its caller: the root module's sensitive variable, not TF_VAR_, reaches it.
    const inModule = /^module\./.test(resource.address);
    const fix = local
      ? 'a local holds no secret: the resource reads it from Key Vault with its identity, or it comes in as a sensitive variable without a default, given at plan time from the pipeline\'s secret store (TF_VAR_<variable>).'
      : inModule
      ? `remove the default (a caller's value does not take it out of the module's source): the module's resource reads the secret from Key Vault with its identity, or its caller passes it (${resource.address.replace(/\.var\..*$/, '')} { ${name} = ... }) from a sensitive variable without a default, given down from the root at plan time from the pipeline's secret store; the module's variable sensitive = true.`
      : `no default: the resource reads the secret from Key Vault with its identity, or the pipeline gives it at plan time from its secret store (TF_VAR_${resource.address.replace(/^(?:.*\.)?var\./, '')}, the variable sensitive = true).`;
    return RuleOutcome.nonCompliant({ setting: `${setting}${found.at ?? ''}`, given: found.given, problem: `${found.problem}: ${written}.`, fix });
  }
}
