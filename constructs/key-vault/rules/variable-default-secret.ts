import { literalCredentialIn, SecretDetector } from '../../core/secret-detection';
import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { LOCAL_TYPE, VARIABLE_TYPE } from '../../lessons-check/rule-runner';

/** Literals no secret is made of: switches and small numbers. */
const PLAIN_LITERAL = /^(?:true|false|yes|no|on|off|none|null|\d{1,5})$/i;

/**
 * SEC-1: a root module's variable whose default is a credential (a known format, a literal under a
 * secret's name such as `db_password`, or any text default of a variable declared `sensitive`),
 * or a local whose value is one (written, or a function of literals). A default or a local is
 * written in cdk.tf.json (or the .tf file) and in every plan file whether or not anything reads it,
 * and `sensitive = true` hides it from the plan's output only. The lessons check sees variables as
 * type `variable` (address `var.<name>`: `default`, `sensitive`) and locals as type `local`
 * (address `local.<name>`: `value`). A local is judged on what it holds itself: one that names a
 * variable leaves the variable's default to that variable's finding.
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
    const name = resource.address.replace(/^(?:var|local)\./, '');
    const written = local
      ? 'a local is written in cdk.tf.json (or the .tf file) whether or not anything reads it'
      : 'a default is written in cdk.tf.json (or the .tf file) and in every plan file whether or not anything reads it, and sensitive = true hides it from the plan\'s output only';
    const fix = local
      ? 'a local holds no secret: the resource reads it from Key Vault with its identity, or it comes in as a sensitive variable without a default that the pipeline gives at plan time from its secret store (TF_VAR_<name>).'
      : `no default: the resource reads the secret from Key Vault with its identity, or the pipeline gives it at plan time from its secret store (TF_VAR_${name}, the variable sensitive = true).`;
    // A local is judged on its own text: through a variable, the variable's default is the place to fix.
    const found = literalCredentialIn(value, name, new Map());
    if (found) return RuleOutcome.nonCompliant({ setting, given: found.given, problem: `${found.problem}: ${written}.`, fix });
    if (!local && resource.attributes.sensitive === true) {
      const texts = stringsIn(value).filter((t) => t !== '' && !PLAIN_LITERAL.test(t));
      if (texts.length > 0) {
        return RuleOutcome.nonCompliant({
          setting, given: SecretDetector.mask(texts[0]),
          problem: `the variable is declared sensitive, so its value is a secret, yet its default gives one: ${written}.`, fix,
        });
      }
    }
    return RuleOutcome.compliant();
  }
}

function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}
