import { credentialFormatOf, isCredentialParameter, maskCredential } from '../../core/credential-formats';
import { CONFIGURATION_ALONE, configuredSecretIn } from '../../core/secret-detection';
import { TerraformVariables } from '../../core/terraform-expression';
import { SENSITIVE_ATTRIBUTES, SENSITIVE_IN_SOURCE_ONLY } from '../../core/sensitive-attributes';
import { ILessonRule, IRuleContext, RuleFinding, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { variablesOf } from '../../lessons-check/rule-context';
import { blocksOf } from '../../lessons-check/rules/attributes';
import { armSensitivePathsOf, armTypeOfBody, armValuesAt, documentOf } from './arm-sensitive-values';
import { isMachineScript, scriptFinding } from './machine-script-findings';
import { SCRIPT_FIX } from '../../core/machine-scripts';
import { KUBERNETES_SERVICE_CONNECTION_FIX, OTHER_PROVIDER_SENSITIVE_INPUTS, UNMARKED_SECRET_INPUTS, providerOf } from '../../core/other-provider-secrets';

/**
 * Sensitive attributes another rule judges already, by type: a named value's `value` (secret or
 * not, SEC-1.NamedValuePlainSecret), a function app's host storage key (SEC-1.FunctionHostStorageKey).
 */
const JUDGED_ELSEWHERE: Readonly<Record<string, readonly string[]>> = {
  azurerm_api_management_named_value: ['value'],
  azurerm_function_app_flex_consumption: ['storage_access_key'],
  azurerm_linux_function_app: ['storage_account_access_key'],
  azurerm_windows_function_app: ['storage_account_access_key'],
};

/** A written-out http(s) address without a query string, fragment or user info. */
const PLAIN_ADDRESS = /^https?:\/\/[^\s?#@$]+$/i;

/**
 * A connection string that signs in with an identity, not a key or password: SQL's
 * `Authentication=Active Directory Managed Identity` (or Default, Workload Identity, Integrated,
 * Interactive), `Authentication=ManagedIdentity`, SignalR's and Web PubSub's `AuthType=azure.msi`.
 * It holds no credential (the form the fixes recommend), unless a credential format is in it too.
 */
const IDENTITY_CONNECTION = /(?:^|;)\s*(?:Authentication\s*=\s*"?(?:Active\s+Directory\s+(?:Managed\s+Identity|MSI|Default|Workload\s+Identity|Integrated|Interactive)|ManagedIdentity)"?|AuthType\s*=\s*azure\.msi)\s*(?:;|$)/i;

/** The sensitive attribute paths the rule reads, by resource type (data sources are read, never written). */
export const SENSITIVE_INPUTS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(Object.entries(SENSITIVE_ATTRIBUTES)
  .filter(([type]) => !type.startsWith('data.'))
  .map(([type, paths]) => [type, paths.filter((p) => !(JUDGED_ELSEWHERE[type] ?? []).includes(p))] as const)
  .filter(([, paths]) => paths.length > 0));

/** A string at a sensitive attribute's path, with the setting a finding names and the block it is in. */
interface GivenValue { readonly setting: string; readonly value: string; readonly block: Record<string, unknown> }

/** Each string at `path` (a nested block's attribute: `secret.value`) of `attributes`, with the setting a finding names. */
function valuesAt(attributes: Record<string, unknown>, path: string[], setting: string): GivenValue[] {
  const [head, ...rest] = path;
  const value = attributes[head];
  if (value === undefined || value === null) return [];
  if (rest.length > 0) {
    const blocks = blocksOf(value);
    return blocks.flatMap((b, i) => {
      const key = typeof b.name === 'string' && !b.name.includes('${') ? b.name : blocks.length > 1 ? String(i) : undefined;
      return valuesAt(b, rest, `${setting}${head}.${key !== undefined ? `${key}.` : ''}`);
    });
  }
  const block = attributes;
  if (typeof value === 'string') return [{ setting: `${setting}${head}`, value, block }];
  if (Array.isArray(value)) return value.flatMap((v, i) => (typeof v === 'string' ? [{ setting: `${setting}${head}.${i}`, value: v, block }] : []));
  if (typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => (typeof v === 'string' ? [{ setting: `${setting}${head}.${k}`, value: v, block }] : []));
  return [];
}

/** A header whose last word names a credential (`X-Api-Token`, `X-Webhook-Token`, `X-Shared-Key`, `aeg-sas-key`, `X-Signature`). */
const CREDENTIAL_HEADER_WORD = /(?:^|[-_])(?:token|key|signature|sas|secret|password|pwd|credentials?)$/i;

/**
 * An Event Grid delivery property Event Grid shows (`secret` false or unset) and that is no credential:
 * a static header such as `Source: orders-api` is what the attribute is for (azurerm marks every
 * value sensitive, secret or not). One whose header name or value says it is a credential is judged;
 * one marked secret is too (its author says it is one, and a literal is in the configuration).
 */
function isPlainDeliveryProperty(type: string, attribute: string, given: GivenValue): boolean {
  if (!type.startsWith('azurerm_eventgrid_') || attribute !== 'delivery_property.value') return false;
  const secret = given.block.secret;
  const shown = secret === undefined || secret === null || secret === false || secret === 'false';
  const header = typeof given.block.header_name === 'string' ? given.block.header_name : '';
  return shown && !isCredentialParameter(header) && !CREDENTIAL_HEADER_WORD.test(header) && credentialFormatOf(given.value) === undefined;
}

/**
 * SEC-1: an attribute the azurerm schema marks Sensitive (a Container App secret's `value`,
 * `azurerm_key_vault_secret.value`, a web app's connection string, a registry password: the
 * generated `SENSITIVE_ATTRIBUTES` table), one another provider a platform uses marks Sensitive
 * where its name does not say so (an Azure DevOps variable group's `secret_value`, a service
 * connection's `serviceprincipalkey`, a GitHub Actions secret's `plaintext_value`:
 * `OTHER_PROVIDER_SENSITIVE_INPUTS`), or a property of an `azapi_resource`'s `body` or
 * `sensitive_body` that the types azapi embeds mark secure (`ARM_SENSITIVE_PROPERTIES`: a Container
 * App secret's `properties.configuration.secrets[].value`, whatever the secret's name), given a
 * secret the configuration itself holds: a
 * literal, a variable's default, a local or a function of literals that evaluates to one, an
 * expression of the configuration alone (`file(...)`). It is then in the source, the Terraform
 * state and the plan. A reference to another resource's attribute, a variable without a default,
 * `@Microsoft.KeyVault(...)` and a connection string that signs in with an identity pass, and so
 * does an Event Grid delivery property Event Grid shows that is no credential (judged by its
 * header's name and format). The value is masked in the finding, never echoed.
 * A virtual machine's `custom_data` is a boot script, not a secret: it is read as its text
 * (decoded from base64) and judged by the credential formats it holds.
 */
export class SensitiveAttributePlainSecretRule implements ILessonRule {
  public readonly id = 'SEC-1.SensitiveAttributePlainSecret';
  public readonly lesson = 'SEC-1';
  public readonly description = 'An attribute azurerm (or another provider a platform uses: Azure DevOps, GitHub) marks sensitive (a secret\'s value, a password, a connection string) given a secret written in the configuration.';
  public readonly resourceTypes = [...Object.keys(SENSITIVE_INPUTS), ...Object.keys(OTHER_PROVIDER_SENSITIVE_INPUTS), 'azapi_resource', 'azapi_update_resource'];

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    if (resource.type === 'azapi_resource' || resource.type === 'azapi_update_resource') return armFindings(resource, context);
    const other = OTHER_PROVIDER_SENSITIVE_INPUTS[resource.type];
    const paths = SENSITIVE_INPUTS[resource.type] ?? other ?? [];
    const given = paths.flatMap((p) => valuesAt(resource.attributes, p.split('.'), '').map((v) => ({ ...v, attribute: p })));
    if (given.length === 0) return RuleOutcome.notApplicable();
    const variables = variablesOf(context);
    const keyVaultSecret = resource.type === 'azurerm_key_vault_secret';
    const findings: RuleFinding[] = given.flatMap(({ setting, value, attribute, block }) => {
      // A machine's boot script is no secret itself: what it holds is judged, read as its text.
      const script = isMachineScript(resource.type, attribute);
      if (script) {
        const judged = scriptFinding(setting, attribute, value, variables);
        if (judged !== undefined) return judged === null ? [] : [judged];
      }
      if (isPlainDeliveryProperty(resource.type, attribute, { setting, value, block })) return [];
      // Some sensitive attributes are addresses (a blob service endpoint, a vault URL): one without a
      // query string or user info carries no credential (a SAS URL does, and is judged).
      if (PLAIN_ADDRESS.test(value)) return [];
      // A connection string that signs in with an identity carries no credential (a password beside it is one, and is judged).
      if (IDENTITY_CONNECTION.test(value) && credentialFormatOf(value) === undefined) return [];
      // A variable's Azure Pipelines macro (`$(DbPassword)`) names another variable, which the pipeline resolves when it runs:
      // no secret is written here, unless it names a plain variable of the same resource given a literal (judged as what it names).
      if (other !== undefined && attribute === 'variable.secret_value' && PIPELINE_MACRO.test(value)) {
        const named = plainVariableNamed(resource, value.slice(2, -1), variables);
        return named === undefined ? [] : [{
          setting, given: maskCredential(named.value),
          problem: `${providerOf(resource.type)} marks ${resource.type}.${attribute} sensitive, and it is given ${value}, the variable ${named.name} of the same resource, whose value is written in the configuration and is no secret variable: the secret is in the configuration (source control), the Terraform state and the plan, readable by whoever can read any of them.`,
          fix: otherProviderFix(resource.type, resource.attributes.secret_name),
        }];
      }
      const found = configuredSecretIn(value, variables);
      // A script read from a file is the configuration's text, no secret by itself (a literal under a secret's name in its variables is one).
      if (!found || (script && found.from === CONFIGURATION_ALONE)) return [];
      // A write-only argument keeps the value out of the state and the plan: the configuration is where it is.
      if (attribute.endsWith('_wo')) {
        return [{
          setting, given: found.given,
          problem: `${resource.type}.${attribute} is write-only (Terraform keeps it out of the state and the plan), and it is given ${found.from}: the configuration (source control, cdk.tf.json) still holds the secret, readable by whoever reads it.`,
          fix: writeOnlyFix(attribute.replace(/_wo$/, '_wo_version')),
        }];
      }
      if (other !== undefined) {
        // A secret store's value its provider does not mark sensitive: terraform plan prints it besides.
        const marked = UNMARKED_SECRET_INPUTS.has(`${resource.type}.${attribute}`)
          ? `${resource.type}.${attribute} is the secret the resource stores (${providerOf(resource.type)} does not mark it sensitive, so terraform plan prints it)`
          : `${providerOf(resource.type)} marks ${resource.type}.${attribute} sensitive`;
        return [{
          setting, given: found.given,
          problem: `${marked}, and it is given ${found.from}: the secret is in the configuration (source control), the Terraform state and the plan, readable by whoever can read any of them.`,
          fix: otherProviderFix(resource.type, resource.attributes.secret_name),
        }];
      }
      return [{
        setting, given: found.given,
        problem: `${SENSITIVE_IN_SOURCE_ONLY.has(`${resource.type}.${attribute}`) ? `azurerm's source marks ${resource.type}.${attribute} sensitive (its schema does not, so terraform plan prints the value)` : `azurerm marks ${resource.type}.${attribute} sensitive`}, and it is given ${found.from}: the secret is in the configuration (source control), the Terraform state and the plan, readable by whoever can read any of them.`
          + (keyVaultSecret ? ' azurerm_key_vault_secret also reads the current value back into the state on every refresh, so a placeholder with ignore_changes does not keep it out.' : ''),
        // A boot script known at plan only in part (`base64encode("...${var.host}")`): the script's own fix.
        fix: script ? SCRIPT_FIX
          : resource.type === 'azurerm_iothub' && attribute === 'endpoint.connection_string'
          ? 'let the hub reach the endpoint with its identity (authentication_type = "identityBased", endpoint_uri and entity_path, the identity granted a data role on the queue, topic, event hub or container), with no connection string at all.'
          : keyVaultSecret
          ? 'create the secret without its value in Terraform (KeyVault.addSecretSlot: an azapi PUT of a placeholder, never read back) and set the value outside Terraform (az keyvault secret set); readers take it from Key Vault with their identity.'
          : 'take it from where it lives by reference (another resource\'s attribute), or from Key Vault at run time (a Container App secret: key_vault_secret_id with identity; an app setting or connection string: @Microsoft.KeyVault(SecretUri=<versionless secret URI>)); a value Terraform must send comes from a sensitive variable without a default, given at plan time.',
      }];
    });
    return findings.length ? RuleOutcome.nonCompliant(...findings) : RuleOutcome.compliant();
  }
}

/** A GitHub secret that holds an Azure credential, by its name (`AZURE_CLIENT_SECRET`, `ARM_CLIENT_SECRET`, `AZURE_CREDENTIALS`). */
const AZURE_CREDENTIAL_NAME = /^(?:AZURE|ARM)_/i;

/** A whole Azure Pipelines macro, `$(name)`: a reference to another variable, resolved when a pipeline runs. */
const PIPELINE_MACRO = /^\$\([A-Za-z0-9_.-]+\)$/;

/** The plain variable (`value`, no `secret_value`) named `name` among `resource`'s `variable` blocks, where its value is written in the configuration. */
function plainVariableNamed(resource: RuleResource, name: string, variables: TerraformVariables): { readonly name: string; readonly value: string } | undefined {
  for (const block of blocksOf(resource.attributes.variable)) {
    if (typeof block.name !== 'string' || block.name.toLowerCase() !== name.toLowerCase() || typeof block.value !== 'string' || block.value === '') continue;
    return configuredSecretIn(block.value, variables) === undefined ? undefined : { name: block.name, value: block.value };
  }
  return undefined;
}

/** The fix for a secret written into another provider's sensitive argument (`OTHER_PROVIDER_SENSITIVE_INPUTS`); a GitHub secret's by its name. */
function otherProviderFix(type: string, secretName: unknown): string {
  const given = 'else give it from a sensitive variable without a default, at plan time from the pipeline\'s secret store (never a literal or a default).';
  if (type === 'azuredevops_build_definition') return `keep the secret in a variable group linked to Key Vault (azuredevops_variable_group with a key_vault block) and name the group in variable_groups: the pipeline reads it from Key Vault and Terraform never holds it; ${given}`;
  if (type === 'azuredevops_variable_group') return `link the variable group to Key Vault (a key_vault block naming the vault and a service connection allowed to read it): pipelines read the secret from Key Vault and Terraform never holds it; ${given}`;
  if (type === 'azuredevops_serviceendpoint_kubernetes') return KUBERNETES_SERVICE_CONNECTION_FIX;
  if (type === 'databricks_secret_uc') return `set the secret's value outside Terraform, where it is issued (the Databricks CLI or API), and keep the secret's name and grants here; or keep it in Key Vault and read it through a Key Vault-backed secret scope (databricks_secret_scope with keyvault_metadata); ${given}`;
  if (type === 'databricks_secret') return `keep the secret in Key Vault and read it through a Key Vault-backed secret scope (databricks_secret_scope with keyvault_metadata; such a scope is read-only): remove the databricks_secret, set the value in the vault where it is issued (az keyvault secret set), and Databricks reads it from there; ${given}`;
  if (type.startsWith('azuredevops_serviceendpoint_')) return `let the service connection sign in without a secret: service_endpoint_authentication_scheme = "WorkloadIdentityFederation" (a federated credential on its service principal) or "ManagedServiceIdentity"; ${given}`;
  if (type === 'helm_release') return `let the chart read the secret from a Kubernetes Secret it is given by name (most charts take one: auth.existingSecret), synced from Key Vault by the Secrets Store CSI driver with the workload's identity; ${given}`;
  if (type.startsWith('github_') && typeof secretName === 'string' && AZURE_CREDENTIAL_NAME.test(secretName)) {
    return `let the workflow sign in to Azure with OpenID Connect (azure/login with a federated credential on the identity) so that no Azure secret is stored in GitHub; ${given}`;
  }
  if (type.startsWith('github_')) return 'set the secret outside Terraform (gh secret set, from where it is issued), or give it from a sensitive variable without a default at plan time from the pipeline\'s secret store (never a literal or a default).';
  return `take it from where it lives by reference; ${given}`;
}

/** The fix for a secret written into a write-only argument (`value_wo`, AzAPI's `sensitive_body`), rolled by changing `version`. */
const writeOnlyFix = (version: string): string => `give it a value that is not written down: an ephemeral resource (ephemeral "azurerm_key_vault_secret" reading the secret from Key Vault, or ephemeral "random_password"), or a variable marked ephemeral (or sensitive, without a default) given at apply time from the pipeline's secret store; change ${version} to roll it.`;

/** The Resource Manager types whose secrets Azure reads from Key Vault itself (`{ name, keyVaultUrl, identity }`, no value). */
const KEY_VAULT_SECRETS = new Set(['microsoft.app/containerapps', 'microsoft.app/jobs', 'microsoft.app/managedenvironments/daprcomponents', 'microsoft.app/connectedenvironments/daprcomponents']);

/**
 * An `azapi_resource` whose body, or `sensitive_body`, gives a property the types azapi embeds
 * mark sensitive (Resource Manager's secure strings: a Container App secret's `value`, a
 * database's `administratorLoginPassword`) a secret the configuration holds.
 */
function armFindings(resource: RuleResource, context: IRuleContext): RuleOutcome {
  const armType = armTypeOfBody(resource);
  const paths = armType === undefined ? [] : armSensitivePathsOf(armType);
  if (armType === undefined || paths.length === 0) return RuleOutcome.notApplicable();
  const variables = variablesOf(context);
  const given = (['body', 'sensitive_body'] as const).flatMap((root) => {
    const body = documentOf(resource.attributes[root], variables) ?? {};
    return paths.flatMap((p) => armValuesAt(body, p, root).map((v) => ({ ...v, root })));
  });
  if (given.length === 0) return RuleOutcome.notApplicable();
  const keyVault = KEY_VAULT_SECRETS.has(armType.toLowerCase());
  const findings: RuleFinding[] = given.flatMap(({ setting, value, property, root }) => {
    if (PLAIN_ADDRESS.test(value) || (IDENTITY_CONNECTION.test(value) && credentialFormatOf(value) === undefined)) return [];
    const found = configuredSecretIn(value, variables);
    if (!found) return [];
    const marked = `the types azapi embeds (Resource Manager's) mark ${armType} ${property} secure`;
    if (root === 'sensitive_body') {
      return [{
        setting, given: found.given,
        problem: `${marked}, and sensitive_body keeps it out of the state and the plan (write-only), but it is given ${found.from}: the configuration (source control, cdk.tf.json) still holds the secret, readable by whoever reads it.`,
        fix: writeOnlyFix('its sensitive_body_version entry'),
      }];
    }
    return [{
      setting, given: found.given,
      problem: `${marked}, and it is given ${found.from} in the body: the secret is in the configuration (source control, cdk.tf.json), the plan and the Terraform state (azapi keeps the body it sent), readable by whoever can read any of them.`,
      fix: `${keyVault ? 'let Azure read it from Key Vault with the app\'s identity: the secret as { name, keyVaultUrl = <versionless secret URI>, identity = <user-assigned identity id, or "system"> } with no value, the identity granted Key Vault Secrets User on the secret; else ' : ''}move it from body to sensitive_body (write-only: azapi keeps it out of the state and the plan), given by reference from an ephemeral resource (ephemeral "azurerm_key_vault_secret") or from a variable marked ephemeral (or sensitive, without a default) at apply time from the pipeline's secret store, with a sensitive_body_version entry to roll it.`,
    }];
  });
  return findings.length ? RuleOutcome.nonCompliant(...findings) : RuleOutcome.compliant();
}
