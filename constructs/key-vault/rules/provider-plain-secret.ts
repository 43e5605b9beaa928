import { literalCredentialIn, SecretDetector } from '../../core/secret-detection';
import { ILessonRule, IRuleContext, RuleFinding, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { variablesOf } from '../../lessons-check/rule-context';
import { BACKEND_TYPE, CLOUD_ADDRESS, PROVIDER_TYPE } from '../../lessons-check/rule-runner';

/**
 * The providers whose `client_certificate` is a certificate's content with its private key (a
 * base64 PFX); Kubernetes' and Helm's is the public certificate (their key is `client_key`).
 */
const PFX_CERTIFICATE = /^provider\.(?:azurerm|azuread|azapi)(?:\.|$)|(?:^|:)terraform\.backend\.azurerm$/;

/** The arguments of a provider that are tags. */
const TAG_MAPS = new Set(['tags', 'default_tags']);

/** Each argument of a block, nested blocks' included: its path (`kubernetes.token`), its own name (none under tags) and its value. */
function argumentsOf(value: unknown, path: string, name: string, out: Map<string, { name: string; value: unknown }>, inTags = false): Map<string, { name: string; value: unknown }> {
  const isBlock = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (Array.isArray(value) && value.some(isBlock)) value.forEach((v) => argumentsOf(v, path, name, out, inTags));
  // A tag's name is anyone's word (azapi's `default_tags = { api_key = "cost-centre-42" }`): under tags, only the format decides.
  else if (isBlock(value)) for (const [k, v] of Object.entries(value as Record<string, unknown>)) argumentsOf(v, path === '' ? k : `${path}.${k}`, inTags ? '' : k, out, inTags || TAG_MAPS.has(k));
  else if (path !== '' && !out.has(path)) out.set(path, { name, value });
  return out;
}

/**
 * SEC-1: a provider configuration or the backend of the root module given a credential in the
 * configuration: a client secret, a certificate or its password, an OIDC token, a storage account
 * key or SAS token, a token or password in a nested block (`kubernetes { token = ... }`), as a
 * literal, or a variable's default or a function of literals that evaluates to one, or any
 * argument holding a known credential format. The configuration (cdk.tf.json or the .tf files),
 * the plan file and `terraform show -json` of it hold provider arguments in plain text, and a
 * backend's are kept in `.terraform/terraform.tfstate` as well. The lessons check sees providers
 * as type `provider` (address `provider.<name>[.<alias>]`) and the backend as `terraform.backend`
 * (address `terraform.backend.<type>`); `azure-lessons` reads each backend configuration file
 * (`*.tfbackend`, given with `-backend-config`: beside a directory's configuration, or named) as
 * the backend too, the file as its path (address `<file>:terraform.backend.<type>`). A reference passes (a sensitive variable without a
 * default: the pipeline gives it at plan time), and so does an argument left out (the provider
 * reads `ARM_CLIENT_SECRET`, `ARM_ACCESS_KEY` or an OIDC token from the environment).
 */
export class ProviderPlainSecretRule implements ILessonRule {
  public readonly id = 'SEC-1.ProviderPlainSecret';
  public readonly lesson = 'SEC-1';
  public readonly description = 'A provider or backend given a credential written in the configuration.';
  public readonly resourceTypes = [PROVIDER_TYPE, BACKEND_TYPE];

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    const variables = variablesOf(context);
    const backend = resource.type === BACKEND_TYPE;
    // A backend configuration file's block is addressed `<file>:terraform.backend.<type>`.
    const where = backend && resource.address.includes(':')
      ? 'written in a backend configuration file (-backend-config): the file, .terraform/terraform.tfstate after init and every plan file hold it in plain text, readable by whoever reads the repository it is committed to, the build output or the pipeline\'s artifacts.'
      : backend
      ? 'written in the backend\'s configuration: the configuration (cdk.tf.json or the .tf files), .terraform/terraform.tfstate after init and every plan file hold it in plain text (a backend takes no variables), readable by whoever reads the build output or the pipeline\'s artifacts.'
      : 'written in the provider\'s configuration: the configuration (cdk.tf.json or the .tf files), the plan file and terraform show -json of it hold it in plain text, readable by whoever reads the build output or the pipeline\'s artifacts.';
    const fix = resource.address === CLOUD_ADDRESS
      ? 'leave it out: the pipeline gives HCP Terraform\'s token as TF_TOKEN_app_terraform_io (a team or workload identity token from its secret store), and a person signs in with terraform login.'
      : backend
      ? 'leave it out: sign in with Entra ID (use_azuread_auth = true, with use_oidc or a managed identity), which AzureStack\'s state prop sets up; where a key cannot be avoided, the pipeline gives it as ARM_ACCESS_KEY from its secret store.'
      : 'leave it out: sign in without a secret in the configuration, with OIDC workload identity federation (use_oidc = true, or ARM_USE_OIDC in the pipeline) or a managed identity (use_msi); where a secret cannot be avoided, the pipeline gives it as ARM_CLIENT_SECRET (ARM_CLIENT_CERTIFICATE_PASSWORD, ...) from its secret store, or as a sensitive variable without a default.';
    const findings: RuleFinding[] = [];
    for (const [setting, { name, value }] of argumentsOf(resource.attributes, '', '', new Map())) {
      if (value === undefined || value === null || setting === 'alias') continue;
      const found = literalCredentialIn(value, name, variables);
      if (found) {
        findings.push({ setting: `${setting}${found.at ?? ''}`, given: found.given, problem: `${found.problem}, ${where}`, fix });
      } else if (setting === 'client_certificate' && PFX_CERTIFICATE.test(resource.address) && typeof value === 'string' && value !== '' && !value.includes('${') && !value.includes('-----BEGIN CERTIFICATE')) {
        findings.push({ setting, given: SecretDetector.mask(value), problem: `a certificate's content with its private key (a base64 PFX), ${where}`, fix });
      }
    }
    return findings.length > 0 ? RuleOutcome.nonCompliant(...findings) : RuleOutcome.compliant();
  }
}
