import { literalCredentialIn } from '../../core/secret-detection';
import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { variablesOf } from '../../lessons-check/rule-context';
import { OUTPUT_TYPE, blockNameOf } from '../../lessons-check/rule-runner';

/**
 * SEC-1: a Terraform output of the root module that gives a credential as literal text (or text
 * that evaluates to one: a variable's default, a local, a function of literals): a known format
 * (`sk_live_...`, a connection string with a key or password) or a literal under a secret's name
 * (`db_password`). Root outputs are kept in the state and printed by `terraform output`, `sensitive`
 * or not. The lessons check sees outputs as resources of type `output` (address
 * `output.<name>`): a stack's `TerraformOutput`s, the `output` blocks of HCL and `cdk.tf.json`,
 * and a plan's root outputs. A reference passes (it hands on what a resource holds).
 */
export class OutputPlainSecretRule implements ILessonRule {
  public readonly id = 'SEC-1.OutputPlainSecret';
  public readonly lesson = 'SEC-1';
  public readonly description = 'A Terraform output that gives a credential written in the configuration.';
  public readonly resourceTypes = [OUTPUT_TYPE];

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    const value = resource.attributes.value;
    if (value === undefined || value === null) return RuleOutcome.notApplicable();
    const name = blockNameOf(resource.address);
    const found = literalCredentialIn(value, name, variablesOf(context));
    if (!found) return RuleOutcome.compliant();
    return RuleOutcome.nonCompliant({
      setting: `value${found.at ?? ''}`, given: found.given,
      problem: `${found.problem}, written in the configuration: a root output is kept in the Terraform state and shown by terraform output (sensitive = true hides it from the plan output only), so the secret is in the source, the state and every pipeline that reads outputs.`,
      fix: `${found.fix.replace(/\.$/, '')}; output where the secret lives instead (the Key Vault secret's versionless URI, a resource's endpoint or name), never the secret itself.`,
    });
  }
}
