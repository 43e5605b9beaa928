import { literalCredentialIn, SecretDetector } from '../../core/secret-detection';
import { ILessonRule, IRuleContext, RuleFinding, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { variablesOf } from '../../lessons-check/rule-context';
import { BACKEND_TYPE, PROVIDER_TYPE } from '../../lessons-check/rule-runner';

/** Arguments whose value is a credential whatever it looks like: a certificate's content (its private key with it). */
const CERTIFICATE_CONTENT = new Set(['client_certificate']);

/**
 * SEC-1: a provider configuration or the backend of the root module given a credential in the
 * configuration: a client secret, a certificate or its password, an OIDC token, a storage account
 * key or SAS token (a literal, or a variable's default or a function of literals that evaluates to
 * one), or any argument holding a known credential format. The synthesized JSON, the plan file and
 * `terraform show -json` of it hold provider arguments in plain text, and a backend's are kept in
 * `.terraform/terraform.tfstate` and the plan as well. The lessons check sees providers as type
 * `provider` (address `provider.<name>[.<alias>]`) and the backend as `terraform.backend` (address
 * `terraform.backend.<type>`). A reference passes (a sensitive variable without a default: the
 * pipeline gives it at plan time), and so does an argument left out (the provider reads
 * `ARM_CLIENT_SECRET`, `ARM_ACCESS_KEY` or an OIDC token from the environment).
 */
export class ProviderPlainSecretRule implements ILessonRule {
  public readonly id = 'SEC-1.ProviderPlainSecret';
  public readonly lesson = 'SEC-1';
  public readonly description = 'A provider or backend given a credential written in the configuration.';
  public readonly resourceTypes = [PROVIDER_TYPE, BACKEND_TYPE];

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    const variables = variablesOf(context);
    const backend = resource.type === BACKEND_TYPE;
    const where = backend
      ? `written in the backend's configuration: cdk.tf.json, .terraform/terraform.tfstate after init and every plan file hold it in plain text (a backend takes no variables), readable by whoever reads the build output or the pipeline's artifacts.`
      : `written in the provider's configuration: cdk.tf.json, the plan file and terraform show -json of it hold it in plain text, readable by whoever reads the build output or the pipeline's artifacts.`;
    const fix = backend
      ? 'leave it out: sign in with Entra ID (use_azuread_auth = true, with use_oidc or a managed identity), which AzureStack\'s state prop sets up; where a key cannot be avoided, the pipeline gives it as ARM_ACCESS_KEY from its secret store.'
      : 'leave it out: sign in without a secret in the configuration, with OIDC workload identity federation (use_oidc = true, or ARM_USE_OIDC in the pipeline) or a managed identity (use_msi); where a secret cannot be avoided, the pipeline gives it as ARM_CLIENT_SECRET (ARM_CLIENT_CERTIFICATE_PASSWORD, ...) from its secret store, or as a sensitive variable without a default.';
    const findings: RuleFinding[] = [];
    for (const [name, value] of Object.entries(resource.attributes)) {
      if (value === undefined || value === null || name === 'alias') continue;
      const found = literalCredentialIn(value, name, variables);
      if (found) {
        findings.push({ setting: name, given: found.given, problem: `${found.problem}, ${where}`, fix });
      } else if (CERTIFICATE_CONTENT.has(name) && typeof value === 'string' && value !== '' && !value.includes('${')) {
        findings.push({ setting: name, given: SecretDetector.mask(value), problem: `a certificate's content (with its private key), ${where}`, fix });
      }
    }
    return findings.length > 0 ? RuleOutcome.nonCompliant(...findings) : RuleOutcome.compliant();
  }
}
