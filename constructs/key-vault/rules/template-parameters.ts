import { configuredSecretIn, literalCredentialIn } from '../../core/secret-detection';
import { knownParts, TerraformVariables, UNKNOWN_PART } from '../../core/terraform-expression';
import { RuleFinding, RuleResource } from '../../lessons-check/rule';
import { armPropertiesOf, armTypeOf, blockOf } from '../../lessons-check/rules/attributes';

/** azurerm's ARM template deployments: their `parameters_content` and `template_content` are JSON text. */
export const TEMPLATE_DEPLOYMENTS: ReadonlySet<string> = new Set(['resource_group', 'subscription', 'management_group', 'tenant'].map((s) => `azurerm_${s}_template_deployment`));

/** A deployment's parameters and template, as objects, with the settings a finding names. */
interface Deployment {
  readonly parameters?: Record<string, unknown>;
  readonly parametersAt: string;
  readonly template?: Record<string, unknown>;
  readonly templateAt: string;
}

/**
 * JSON text as an object, or undefined. An expression partly known at plan
 * (`jsonencode({ login = { value = "app" }, password = { value = var.pw } })`) is read with each
 * unknown value as `UNKNOWN_PART`, which no finding judges.
 */
function objectIn(value: unknown, variables: TerraformVariables): Record<string, unknown> | undefined {
  if (typeof value !== 'string') return blockOf(value);
  const text = value.includes('${') ? knownParts(value, variables) : value;
  if (text === undefined) return undefined;
  try {
    return blockOf(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** Whether a value (a string, or an object's strings) holds a part known at apply only. */
const holdsUnknown = (value: unknown): boolean => (typeof value === 'string' ? value.includes(UNKNOWN_PART)
  : value !== null && typeof value === 'object' ? Object.values(value).some(holdsUnknown) : false);

/** The deployment a resource makes: azurerm's template deployment, or an AzAPI `Microsoft.Resources/deployments` (its body's properties). */
function deploymentOf(resource: RuleResource, variables: TerraformVariables): Deployment | undefined {
  if (TEMPLATE_DEPLOYMENTS.has(resource.type)) {
    const { parameters_content: parameters, template_content: template } = resource.attributes;
    return { parameters: objectIn(parameters, variables), parametersAt: 'parameters_content', template: objectIn(template, variables), templateAt: 'template_content' };
  }
  if (armTypeOf(resource)?.toLowerCase() !== 'microsoft.resources/deployments') return undefined;
  const properties = armPropertiesOf(resource);
  return { parameters: objectIn(properties.parameters, variables), parametersAt: 'body.properties.parameters', template: objectIn(properties.template, variables), templateAt: 'body.properties.template' };
}

/** A template's parameter types (`securestring`, `secureObject`), by name in lower case (ARM's names are case-insensitive). */
function secureParameters(template: Record<string, unknown> | undefined): Map<string, { readonly declared: string; readonly type: string; readonly default: unknown }> {
  const out = new Map<string, { declared: string; type: string; default: unknown }>();
  for (const [name, declaration] of Object.entries(blockOf(template?.parameters) ?? {})) {
    const type = blockOf(declaration)?.type;
    if (typeof type === 'string' && /^secure(?:string|object)$/i.test(type)) out.set(name.toLowerCase(), { declared: name, type, default: blockOf(declaration)?.defaultValue });
  }
  return out;
}

const HELD = 'the configuration (cdk.tf.json or the .tf files), the plan file and the Terraform state hold it in plain text';
const WHERE = `given to an ARM template deployment as a parameter's value: ${HELD}`;
/** What Azure keeps besides: a parameter the template does not declare secure is shown in the deployment's history. */
const SHOWN = ', and Azure shows the deployment\'s parameters to every reader of the resource group unless the template declares it secure';

const FIX = 'give it as a Key Vault reference in the parameters ("<name>": { "reference": { "keyVault": { "id": "<vault id>" }, "secretName": "<secret>" } }, the vault with enabled_for_template_deployment = true and the deploying identity allowed to read it), declare it securestring in the template, and write no value here; a value Terraform must send comes from a sensitive variable without a default given at plan time from the pipeline\'s secret store.';

/**
 * SEC-1: a secret an ARM template deployment is given as a parameter's `value` (`parameters_content`
 * of azurerm's template deployments, an AzAPI `Microsoft.Resources/deployments` body's
 * `properties.parameters`): a known format, a literal under a secret's name (`adminPassword`),
 * or any value the configuration holds for a parameter the template declares `securestring` or
 * `secureObject`; and a secure parameter's literal `defaultValue` in a template the configuration
 * holds. A Key Vault reference (`"reference": { "keyVault": ... }`) and a reference pass.
 * `judged` is told the settings read, so the argument-wide format check does not find them again.
 */
export function templateParameterFindings(resource: RuleResource, variables: TerraformVariables): { readonly findings: RuleFinding[]; readonly read: readonly string[] } | undefined {
  const deployment = deploymentOf(resource, variables);
  if (deployment === undefined) return undefined;
  const secure = secureParameters(deployment.template);
  const findings: RuleFinding[] = [];
  for (const [name, given] of Object.entries(deployment.parameters ?? {})) {
    const value = blockOf(given)?.value;
    if (value === undefined || value === null || value === '' || holdsUnknown(value)) continue;
    const setting = `${deployment.parametersAt}.${name}.value`;
    const declared = secure.get(name.toLowerCase());
    // A string, or an object's entries (a secureObject's `{ password = "..." }`).
    const found = literalCredentialIn(value, name, variables);
    if (found !== undefined) {
      findings.push({ setting, given: found.given, problem: `${found.problem}, ${WHERE}${declared === undefined ? SHOWN : ''}.`, fix: FIX });
      continue;
    }
    // Declared secure: whatever the configuration holds there is a secret.
    const configured = declared !== undefined && typeof value === 'string' ? configuredSecretIn(value, variables) : undefined;
    if (configured !== undefined) {
      findings.push({ setting, given: configured.given, problem: `the template declares ${declared!.declared} ${declared!.type}, and the deployment is given ${configured.from} for it: ${HELD}.`, fix: FIX });
    }
  }
  for (const { declared, default: fallback } of secure.values()) {
    if (typeof fallback !== 'string' || fallback === '' || fallback.includes('${') || holdsUnknown(fallback) || literalCredentialIn(fallback, '', variables) !== undefined) continue;
    // A format found in the template is the argument-wide check's finding: one finding per value.
    findings.push({
      setting: `${deployment.templateAt}.parameters.${declared}.defaultValue`, given: configuredSecretIn(fallback, variables)?.given ?? '…',
      problem: 'the default of a parameter the template declares secure, written in the template: the configuration (cdk.tf.json or the .tf files), the plan file and the Terraform state hold the template in plain text.',
      fix: `remove the defaultValue: ${FIX}`,
    });
  }
  return { findings, read: deployment.parameters !== undefined ? [deployment.parametersAt] : [] };
}
