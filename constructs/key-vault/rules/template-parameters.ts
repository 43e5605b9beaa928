import { configuredSecretIn, literalCredentialIn } from '../../core/secret-detection';
import { TerraformVariables } from '../../core/terraform-expression';
import { RuleFinding, RuleResource } from '../../lessons-check/rule';
import { blockOf } from '../../lessons-check/rules/attributes';
import { armTypeOfBody, documentOf } from './arm-sensitive-values';

/** azurerm's ARM template deployments: their `parameters_content` and `template_content` are JSON text. */
export const TEMPLATE_DEPLOYMENTS: ReadonlySet<string> = new Set(['resource_group', 'subscription', 'management_group', 'tenant'].map((s) => `azurerm_${s}_template_deployment`));

/** The Resource Manager types whose body's `properties` hold a template and its parameters: a deployment, a deployment stack. */
const ARM_DEPLOYMENTS = new Set(['microsoft.resources/deployments', 'microsoft.resources/deploymentstacks']);

/** A deployment's parameters and template, as objects, with the settings a finding names. */
interface Deployment {
  readonly parameters?: Record<string, unknown>;
  readonly parametersAt: string;
  readonly template?: Record<string, unknown>;
  readonly templateAt: string;
}

/**
 * The deployment a resource makes: azurerm's template deployment, or an AzAPI
 * `Microsoft.Resources/deployments` (or `deploymentStacks`) body's properties. A template read
 * from a file (`file("template.json")`) is not read: only its parameters are then judged.
 */
function deploymentOf(resource: RuleResource, variables: TerraformVariables): Deployment | undefined {
  if (TEMPLATE_DEPLOYMENTS.has(resource.type)) {
    const { parameters_content: parameters, template_content: template } = resource.attributes;
    return { parameters: documentOf(parameters, variables), parametersAt: 'parameters_content', template: documentOf(template, variables), templateAt: 'template_content' };
  }
  if (resource.type !== 'azapi_resource' || !ARM_DEPLOYMENTS.has(armTypeOfBody(resource)?.toLowerCase() ?? '')) return undefined;
  const properties = blockOf(documentOf(resource.attributes.body, variables)?.properties) ?? {};
  return { parameters: documentOf(properties.parameters, variables), parametersAt: 'body.properties.parameters', template: documentOf(properties.template, variables), templateAt: 'body.properties.template' };
}

/** A template's secure parameters (`securestring`, `secureObject`), by name in lower case (ARM's names are case-insensitive). */
function secureParameters(template: Record<string, unknown> | undefined): Map<string, { readonly declared: string; readonly type: string; readonly default: unknown }> {
  const out = new Map<string, { declared: string; type: string; default: unknown }>();
  for (const [name, declaration] of Object.entries(blockOf(template?.parameters) ?? {})) {
    const type = blockOf(declaration)?.type;
    if (typeof type === 'string' && /^secure(?:string|object)$/i.test(type)) out.set(name.toLowerCase(), { declared: name, type, default: blockOf(declaration)?.defaultValue });
  }
  return out;
}

/** An ARM template expression (`[newGuid()]`, `[parameters('x')]`): Resource Manager evaluates it; `[[` escapes a literal bracket. */
const ARM_EXPRESSION = /^\[(?!\[)[\s\S]*\]$/;

const HELD = 'the configuration (cdk.tf.json or the .tf files), the plan file and the Terraform state hold it in plain text';
const WHERE = `given to an ARM template deployment as a parameter's value: ${HELD}`;
/** What Azure keeps besides: a parameter the template does not declare secure is shown in the deployment's history. */
const SHOWN = ', and Azure shows the deployment\'s parameters to every reader of the resource group unless the template declares it secure';

const REFERENCE = '"<name>": { "reference": { "keyVault": { "id": "<vault id>" }, "secretName": "<secret>" } } (the vault with enabled_for_template_deployment = true and the deploying identity allowed to read it)';
const FIX = `give it as a Key Vault reference in the parameters, ${REFERENCE}, declare it securestring in the template, and write no value here; a value Terraform must send comes from a sensitive variable without a default given at plan time from the pipeline's secret store.`;
const DEFAULT_FIX = `remove the defaultValue and give the value at deployment as a Key Vault reference in the parameters, ${REFERENCE}.`;

/** The strings of a parameter's value with their settings below it (`.host`, `.db.password`) and the names they are under. */
function stringsOf(value: unknown, setting: string, name: string): { setting: string; name: string; text: string }[] {
  if (typeof value === 'string') return value === '' ? [] : [{ setting, name, text: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringsOf(v, `${setting}.${i}`, name));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringsOf(v, `${setting}.${k}`, k));
  return [];
}

/**
 * SEC-1: a secret an ARM template deployment is given as a parameter's `value` (`parameters_content`
 * of azurerm's template deployments, an AzAPI `Microsoft.Resources/deployments` body's
 * `properties.parameters`): a known format (beside references too), a literal under a secret's
 * name (`adminPassword`, or an entry's of an object: `{ password = "..." }`), or any value the
 * configuration holds for a parameter the template declares `securestring` (a `secureObject`'s
 * entries are judged by name and format);
 * and a secure parameter's literal `defaultValue` in a template the configuration holds (an ARM
 * expression, `[newGuid()]`, passes). A Key Vault reference (`"reference": { "keyVault": ... }`)
 * and a reference pass. `read`: the argument judged here, which the argument-wide check leaves.
 */
export function templateParameterFindings(resource: RuleResource, variables: TerraformVariables): { readonly findings: RuleFinding[]; readonly read: readonly string[] } | undefined {
  const deployment = deploymentOf(resource, variables);
  if (deployment === undefined) return undefined;
  const secure = secureParameters(deployment.template);
  const findings: RuleFinding[] = [];
  for (const [parameter, given] of Object.entries(deployment.parameters ?? {})) {
    const declared = secure.get(parameter.toLowerCase());
    const value = blockOf(given)?.value;
    for (const { setting, name, text } of stringsOf(value, `${deployment.parametersAt}.${parameter}.value`, parameter)) {
      const found = literalCredentialIn(text, name, variables);
      if (found !== undefined) {
        findings.push({ setting, given: found.given, problem: `${found.problem}, ${WHERE}${declared === undefined ? SHOWN : ''}.`, fix: FIX });
        continue;
      }
      // Declared a secure string: whatever the configuration holds there is a secret (a secure object's entries, a host beside a password, are judged by name and format).
      const configured = declared !== undefined && typeof value === 'string' ? configuredSecretIn(text, variables) : undefined;
      if (configured !== undefined) {
        findings.push({ setting, given: configured.given, problem: `the template declares ${declared!.declared} ${declared!.type}, and the deployment is given ${configured.from} for it: ${HELD}.`, fix: FIX });
      }
    }
  }
  for (const { declared, default: fallback } of secure.values()) {
    if (typeof fallback !== 'string' || fallback === '' || fallback.includes('${') || ARM_EXPRESSION.test(fallback) || literalCredentialIn(fallback, '', variables) !== undefined) continue;
    // A format found in the template is the argument-wide check's finding: one finding per value.
    findings.push({
      setting: `${deployment.templateAt}.parameters.${declared}.defaultValue`, given: configuredSecretIn(fallback, variables)?.given ?? '…',
      problem: `the default of a parameter the template declares secure, written in the template: ${HELD.replace(' it ', ' the template ')}.`,
      fix: DEFAULT_FIX,
    });
  }
  return { findings, read: deployment.parameters !== undefined ? [deployment.parametersAt] : [] };
}
