import { SecretDetector, mayReferenceSensitive, sensitiveReferenceIn, sensitiveReferenceShown } from '../../core/secret-detection';
import { TerraformVariables, evaluateValue } from '../../core/terraform-expression';
import { ILessonRule, IRuleContext, RuleFinding, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { rawAttributesOf } from '../../lessons-check/raw-attributes';
import { variablesOf } from '../../lessons-check/rule-context';
import { armBodyOf, armTypeOf } from '../../lessons-check/rules/attributes';
import { HOLDS_SENSITIVE_REFERENCE, JUDGED_ELSEWHERE, LeafFilter, META, argumentFactsOf, leavesOf } from './argument-leaves';

/** Arguments that do not reach Azure: a provisioner's (its command, its `environment`) and a connection's run where Terraform runs. */
const NOT_SENT = new Set(['provisioner', 'connection']);

/**
 * The strings that may hold something sensitive: a reference to an attribute azurerm marks
 * sensitive (the quick test), a variable (sensitive or not: judged with the stack's variables) or
 * `sensitive(...)`. Most strings hold none.
 */
const MAY_BE_SENSITIVE: LeafFilter = {
  keeps: (text) => text.includes('${') && (mayReferenceSensitive(text) || text.includes('var.') || text.includes('sensitive(')),
  joinsWords: false,
};

/** What sensitive `text` holds, as a finding's given value and problem, or undefined. */
function sensitiveIn(text: string, variables: TerraformVariables): { readonly given: string; readonly what: string } | undefined {
  const attribute = sensitiveReferenceIn(text);
  if (attribute !== undefined) return { given: sensitiveReferenceShown(text, attribute), what: `a reference to ${attribute}, which azurerm marks sensitive: a credential` };
  if (!text.includes('var.') && !text.includes('sensitive(')) return undefined;
  const evaluated = evaluateValue(text, variables);
  if (evaluated.sensitiveInputs.length > 0) {
    const inputs = evaluated.sensitiveInputs.map((v) => `var.${v}`).join(', ');
    return { given: `\${${inputs}}`, what: `a sensitive variable without a default (${inputs}): a secret given at plan time` };
  }
  // A value marked sensitive that is not written in the configuration (a literal is SEC-1.PlainCredential's and the variable's own rule's).
  // Shown as written unless a string literal in it might be part of a secret.
  return evaluated.sensitive && !evaluated.known ? { given: text.includes('"') ? SecretDetector.mask(text) : text, what: 'a value marked sensitive (sensitive(...) or a sensitive variable)' } : undefined;
}

/** Whether `value` holds a string that is sensitive by `sensitiveIn` (read where the stack's JSON is not at hand, and on the few arguments picked). */
function holdsSensitive(value: unknown, variables: TerraformVariables): boolean {
  if (typeof value === 'string') return MAY_BE_SENSITIVE.keeps(value, false) && sensitiveIn(value, variables) !== undefined;
  if (Array.isArray(value)) {
    for (const item of value) if (holdsSensitive(item, variables)) return true;
    return false;
  }
  if (value !== null && typeof value === 'object') {
    for (const key in value) if (holdsSensitive((value as Record<string, unknown>)[key], variables)) return true;
  }
  return false;
}

/**
 * The arguments to read, through the rules' view: where the check read the stack's JSON, only
 * those whose JSON may hold a reference to a sensitive attribute (`argumentFactsOf`: one pass over
 * the JSON shared with `SEC-1.PlainCredential`); without it (HCL, a plan), those whose values do.
 * Of an AzAPI resource, its tags (`tags`, `body.tags`) only: what else its body sends is a property
 * of the resource type, which may itself be a secret (a Key Vault secret's `value`). Undefined where
 * none may (most resources: the rule does not apply).
 */
function argumentsToRead(resource: RuleResource, variables: TerraformVariables): Record<string, unknown> | undefined {
  const raw = rawAttributesOf(resource);
  const facts = raw === undefined ? undefined : argumentFactsOf(raw);
  const mayHold = (key: string) => (facts === undefined ? holdsSensitive(resource.attributes[key], variables) : ((facts.get(key) ?? 0) & HOLDS_SENSITIVE_REFERENCE) !== 0);
  if (resource.type === 'azapi_resource') {
    if (!mayHold('tags') && !mayHold('body')) return undefined;
    const body = armBodyOf(resource) as { tags?: unknown };
    return { tags: resource.attributes.tags, body: { tags: body.tags } };
  }
  let picked: Record<string, unknown> | undefined;
  for (const key of facts?.keys() ?? Object.keys(resource.attributes)) {
    if (!META.has(key) && !NOT_SENT.has(key) && mayHold(key)) (picked ??= {})[key] = resource.attributes[key];
  }
  return picked;
}

/**
 * The settings of a resource another rule judges for references too, or where a credential may go:
 * what `JUDGED_ELSEWHERE` lists, but a policy's XML (`SEC-1.PolicyPlainSecret` reads its literals
 * only, and API Management shows a policy to every reader) and a named value that is not secret
 * (azurerm marks `value` sensitive, but API Management keeps it in plain text unless `secret = true`).
 */
function judgedFor(resource: RuleResource): readonly string[] {
  if (resource.type === 'azurerm_api_management_named_value') return resource.attributes.secret === true || resource.attributes.secret === 'true' ? ['value'] : [];
  const judged = JUDGED_ELSEWHERE[resource.type === 'azapi_resource' ? armTypeOf(resource) ?? '' : resource.type] ?? [];
  return judged.includes('xml_content') ? judged.filter((p) => p !== 'xml_content') : judged;
}

/** What to do instead, by where the reference was written. */
function fixFor(type: string, setting: string): string {
  if (/^(?:body\.)?tags(?:\.|$)/.test(setting)) {
    return 'leave the credential out of the tags: a tag says what a resource is, and every reader of the subscription sees it (Resource Graph lists it). If a tag must point at a secret, name the Key Vault secret that holds it.';
  }
  if (type === 'azurerm_api_management_named_value') {
    return 'make the named value a secret (secret = true), better one backed by Key Vault (KeyVaultNamedValue: the gateway reads the secret with its identity).';
  }
  if (type.startsWith('azurerm_api_management_')) {
    return 'give the gateway its identity instead (authentication-managed-identity, a role on the backend), or keep the key in a Key Vault-backed secret named value (KeyVaultNamedValue) and write its {{name}} in the header, query or policy.';
  }
  return 'let the caller use its identity instead (Entra ID, a data role on the resource) where the service allows it; a credential it cannot do without stays in Key Vault and reaches it where Azure keeps it secret (a Container App\'s secret, an app setting\'s Key Vault reference, a secret named value).';
}

/**
 * SEC-1: a reference to an attribute azurerm marks sensitive (a storage account's
 * `primary_access_key` or connection string, a function's host key, a Service Bus namespace's
 * connection string, a Key Vault secret's `value`), a sensitive variable without a default (a
 * secret given at plan time) or a value marked `sensitive(...)`, written into an argument that
 * Azure keeps in plain text: a tag, a container's `args`, an API Management backend's header, an
 * action group's webhook URL. None of them is a secret the configuration holds (its value is
 * unknown at synth), so the checks of what it holds pass it, and Terraform hides it in the plan's
 * output only: after the apply, Azure shows the credential to every reader of the resource. Read on every azurerm resource and an
 * AzAPI resource's tags, an API Management policy's XML and a named value that is not secret
 * included; an argument azurerm marks sensitive (a Key Vault secret's `value`, a Container App's
 * secret), and what another SEC-1 rule judges references in (app settings, an app's environment,
 * a webhook subscription's URL), are where a credential may go, or another rule's. A
 * provisioner's command and `connection` are left out: they run where Terraform runs, and reach
 * no resource.
 */
export class SensitiveReferenceRule implements ILessonRule {
  public readonly id = 'SEC-1.SensitiveReference';
  public readonly lesson = 'SEC-1';
  public readonly description = 'A reference to a credential attribute (a key, a connection string) or a sensitive variable in an argument Azure keeps in plain text (a tag, a header, a container\'s args, a URL).';
  public readonly resourceTypes = ['azurerm_*', 'azapi_resource'];

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    const variables = variablesOf(context);
    const given = argumentsToRead(resource, variables);
    if (given === undefined) return RuleOutcome.notApplicable();
    const findings: RuleFinding[] = [];
    for (const { setting, text } of leavesOf(given, judgedFor(resource), false, MAY_BE_SENSITIVE)) {
      const found = sensitiveIn(text, variables);
      if (found === undefined) continue;
      findings.push({
        setting,
        given: found.given,
        problem: `${found.what}, written into an argument Azure keeps in plain text. Terraform hides it in the plan's output only; after the apply every reader of the resource sees it.`,
        fix: fixFor(resource.type, setting),
      });
    }
    if (findings.length > 0) return RuleOutcome.nonCompliant(...findings);
    // Something sensitive held where a credential may go (a Key Vault secret's value), or where another rule judges it: compliant.
    // The quick test also passes references to other attributes (a block one of whose attributes is sensitive) and plain variables.
    return holdsSensitive(given, variables) ? RuleOutcome.compliant() : RuleOutcome.notApplicable();
  }
}
