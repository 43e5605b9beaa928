import { literalCredentialIn } from '../../core/secret-detection';
import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { LOCAL_TYPE, VARIABLE_TYPE, blockNameOf } from '../../lessons-check/rule-runner';

/** A URL with no credential in it (one with a password or a key in its query is a format of its own). */
const PLAIN_URL = /^https?:\/\/[^\s@]+$/i;

/**
 * SEC-1: a root module's variable whose default is a credential (a known format, or a literal
 * under a secret's name such as `db_password`), or a local whose value is one (written, or a
 * function of literals). A default or a local is written in cdk.tf.json (or the .tf file) and in
 * the plan file, which carries the configuration, whether or not anything reads it; `sensitive =
 * true` hides a default from the plan's output only. The lessons check sees variables as type
 * `variable` (address `var.<name>`: `default`, `sensitive`) and locals as type `local` (address
 * `local.<name>`: `value`). The name is the one its author gave (cdktf's hash on a variable made
 * below the stack's root left out). A local is judged on what it holds itself: one that names a
 * variable leaves the variable's default to that variable's finding. A plain URL under a secret's
 * name (`jwt_issuer_token = "https://..."`) is an address, not a secret; a name that ends in
 * `_name`, `_id` or `_uri` says nothing (`kv_secret_name`).
 */
export class VariableDefaultSecretRule implements ILessonRule {
  public readonly id = 'SEC-1.VariableDefaultSecret';
  public readonly lesson = 'SEC-1';
  public readonly description = 'A variable\'s default or a local that is a credential written in the configuration.';
  public readonly resourceTypes = [VARIABLE_TYPE, LOCAL_TYPE];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    const local = resource.type === LOCAL_TYPE;
    const setting = local ? 'value' : 'default';
    const value = resource.attributes[setting];
    if (value === undefined || value === null) return RuleOutcome.notApplicable();
    const name = blockNameOf(resource.address);
    // A local is judged on its own text: through a variable, the variable's default is the place to fix.
    const found = literalCredentialIn(value, name, new Map());
    if (!found || (found.problem.startsWith('the name says') && typeof value === 'string' && PLAIN_URL.test(value))) return RuleOutcome.compliant();
    const written = local
      ? 'a local is written in the configuration (cdk.tf.json or the .tf file) and the plan file whether or not anything reads it'
      : 'a default is written in the configuration (cdk.tf.json or the .tf file) and the plan file whether or not anything reads it, and sensitive = true hides it from the plan\'s output only';
    const fix = local
      ? 'a local holds no secret: the resource reads it from Key Vault with its identity, or it comes in as a sensitive variable without a default, given at plan time from the pipeline\'s secret store (TF_VAR_<variable>).'
      : `no default: the resource reads the secret from Key Vault with its identity, or the pipeline gives it at plan time from its secret store (TF_VAR_${resource.address.replace(/^(?:.*\.)?var\./, '')}, the variable sensitive = true).`;
    return RuleOutcome.nonCompliant({ setting, given: found.given, problem: `${found.problem}: ${written}.`, fix });
  }
}
