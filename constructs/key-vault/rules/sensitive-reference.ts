import { providerOf } from '../../core/other-provider-secrets';
import { SecretDetector, mayReferenceSensitive, sensitiveReferenceIn, sensitiveReferenceShown } from '../../core/secret-detection';
import { TerraformVariables, evaluateValue, localKey } from '../../core/terraform-expression';
import { ILessonRule, IRuleContext, RuleFinding, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { rawAttributesOf } from '../../lessons-check/raw-attributes';
import { variablesOf } from '../../lessons-check/rule-context';
import { armBodyOf } from '../../lessons-check/rules/attributes';
import { LeafFilter, holdsLeaf, leavesOf } from './argument-leaves';

const POLICIES = ['policy', 'api_policy', 'api_operation_policy', 'product_policy', 'workspace_policy', 'workspace_policy_fragment'];
const APP_COMMAND_LINES = ['template.container.args', 'template.container.command', 'template.init_container.args', 'template.init_container.command'];
const VIRTUAL_MACHINES = ['linux_virtual_machine', 'windows_virtual_machine', 'linux_virtual_machine_scale_set', 'windows_virtual_machine_scale_set'];
const SCALE_SETS = ['linux_virtual_machine_scale_set', 'windows_virtual_machine_scale_set', 'orchestrated_virtual_machine_scale_set'];
const SUBSCRIPTIONS = ['eventgrid_event_subscription', 'eventgrid_system_topic_event_subscription'];

/**
 * The arguments Azure keeps in plain text and shows to whoever may read the resource, by type
 * (paths without list positions; a path covers what is below it); every resource's `tags` besides.
 * Each is documented as no place for a secret, and has its secret counterpart or a way without a
 * key: a Container App's secrets (`secret_name`, a scale rule's `authentication`), a container
 * group's `secure_environment_variables`, a Dapr component's `secret_name`, a secret named value,
 * an extension's `protected_settings` (a cluster extension's `configuration_protected_settings`), a run command's `protected_parameter`, a VM's `custom_data`,
 * a delivery property with `secret = true`, an action group's secure webhook (Entra ID), an App
 * Configuration Key Vault reference, a Logic App action's managed identity. Elsewhere
 * an argument azurerm does not mark sensitive may still be one Azure keeps secret (a template
 * deployment's `securestring` parameter, an API connection's parameters), so it is not read; nor is a place with no way without the key (an
 * action group's Automation runbook receiver takes the webhook's URL).
 */
const PLAIN_DESTINATIONS: Readonly<Record<string, readonly string[]>> = {
  azurerm_container_app: [...APP_COMMAND_LINES, 'template.custom_scale_rule.metadata'],
  // A job's env is SEC-1.ContainerAppPlainSecret's, as an app's is (one finding per value).
  azurerm_container_app_job: [...APP_COMMAND_LINES, 'event_trigger_config.scale.rules.metadata'],
  azurerm_container_group: ['container.environment_variables', 'container.commands', 'init_container.environment_variables', 'init_container.commands'],
  azurerm_container_app_environment_dapr_component: ['metadata.value'],
  azurerm_api_management_backend: ['url', 'credentials.header', 'credentials.query', 'credentials.authorization'],
  ...Object.fromEntries(POLICIES.map((t) => [`azurerm_api_management_${t}`, ['xml_content']])),
  azurerm_api_management_policy_fragment: ['value'],
  azurerm_api_management_named_value: ['value'],
  ...Object.fromEntries(SUBSCRIPTIONS.map((t) => [`azurerm_${t}`, ['delivery_property.value']])),
  azurerm_monitor_action_group: ['webhook_receiver.service_uri', 'azure_function_receiver.http_trigger_url', 'logic_app_receiver.callback_url'],
  ...Object.fromEntries(VIRTUAL_MACHINES.map((t) => [`azurerm_${t}`, ['user_data']])),
  ...Object.fromEntries(['virtual_machine_extension', 'virtual_machine_scale_set_extension', 'arc_machine_extension', 'stack_hci_extension'].map((t) => [`azurerm_${t}`, ['settings']])),
  ...Object.fromEntries(SCALE_SETS.map((t) => [`azurerm_${t}`, [...VIRTUAL_MACHINES.includes(t) ? ['user_data'] : [], 'extension.settings']])),
  azurerm_virtual_machine_scale_set: ['extension.settings'],
  azurerm_batch_pool: ['extensions.settings_json'],
  // A cluster extension's configuration_settings are returned to every reader of the cluster; configuration_protected_settings are not.
  ...Object.fromEntries(['kubernetes_cluster_extension', 'arc_kubernetes_cluster_extension'].map((t) => [`azurerm_${t}`, ['configuration_settings']])),
  azurerm_virtual_machine_run_command: ['parameter', 'source.script'],
  azurerm_storage_container: ['metadata'],
  azurerm_storage_blob: ['metadata'],
  azurerm_storage_share: ['metadata'],
  // An App Configuration key-value is read by every App Configuration Data Reader and every holder of a store key;
  // a secret there is a Key Vault reference (`type = "vault"`, `vault_key_reference`), whose `value` is unused.
  azurerm_app_configuration_key: ['value'],
  // A Logic App's HTTP action is part of its workflow definition, shown to every reader of the workflow and in its run history.
  azurerm_logic_app_action_http: ['uri', 'headers', 'queries', 'body'],
};

/** The lists of blocks whose items with `secret = true` are kept secret (an Event Grid delivery property): those items are not read. */
const SECRET_FLAGGED = new Set(['delivery_property']);

/** `value` (a list of blocks) with its items whose `secret` is not false (true, or an expression) left out as null, so that the others keep their positions. */
function withoutSecretItems(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((item) => (item !== null && typeof item === 'object' && !isFalseOrUnset((item as { secret?: unknown }).secret) ? null : item));
}

/** The places of a resource the rule reads: its type's plain destinations and its tags (an AzAPI resource's `tags` and `body.tags`). */
function destinationsOf(resource: RuleResource): readonly string[] {
  if (resource.type === 'azapi_resource') return AZAPI_TAGS;
  // A secret named value keeps its value as a secret (azurerm marks it sensitive either way); one
  // whose `secret` is an expression (a variable) may be secret, and is given the benefit of the doubt.
  if (resource.type === 'azurerm_api_management_named_value' && !isFalseOrUnset(resource.attributes.secret)) return TAGS;
  return WITH_TAGS.get(resource.type) ?? TAGS;
}
/** Whether `value` is false as Terraform reads it, or unset (a named value's `secret` defaults to false). */
const isFalseOrUnset = (value: unknown) => value === undefined || value === null || value === false || value === 'false';
const TAGS: readonly string[] = ['tags'];
const WITH_TAGS: ReadonlyMap<string, readonly string[]> = new Map(Object.entries(PLAIN_DESTINATIONS).map(([type, paths]) => [type, [...TAGS, ...paths]]));
const AZAPI_TAGS: readonly string[] = ['tags', 'body.tags'];

/** Whether a leaf's setting (`template.container.args[1]`) is at or below one of `paths`. */
function isUnder(setting: string, paths: readonly string[]): boolean {
  const path = setting.replace(/\[\d+\]/g, '');
  return paths.some((p) => path === p || path.startsWith(`${p}.`));
}

/**
 * The strings that may hold something sensitive: a reference to an attribute azurerm marks
 * sensitive (the quick test), a variable or a local (judged with the stack's variables and locals),
 * or `sensitive(...)`. Most strings hold none.
 */
const MAY_BE_SENSITIVE: LeafFilter = {
  keeps: (text) => text.includes('${') && (mayReferenceSensitive(text) || text.includes('var.') || text.includes('local.') || text.includes('sensitive(')),
  joinsWords: false,
};

const LOCAL_REFERENCE = /(?<![\w.])local\.([A-Za-z0-9_-]+)/g;

/** What sensitive `text` holds, as a finding's given value and what it is, or undefined; a local is read into (`depth` deep at most). */
function sensitiveIn(text: string, variables: TerraformVariables, depth = 0): { readonly given: string; readonly what: string } | undefined {
  const attribute = sensitiveReferenceIn(text);
  if (attribute !== undefined) return { given: sensitiveReferenceShown(text, attribute), what: `a reference to ${attribute}, which ${providerOf(attribute)} marks sensitive: a credential` };
  if (text.includes('local.') && depth < 4) {
    for (const [, name] of text.matchAll(LOCAL_REFERENCE)) {
      const inner = firstSensitiveIn(variables.get(localKey(name))?.default, variables, depth + 1);
      if (inner !== undefined) return { given: `\${local.${name}}`, what: `${inner.what} (through local.${name})` };
    }
  }
  if (!text.includes('var.') && !text.includes('sensitive(')) return undefined;
  const evaluated = evaluateValue(text, variables);
  if (evaluated.sensitiveInputs.length > 0) {
    const inputs = evaluated.sensitiveInputs.map((v) => `var.${v}`).join(', ');
    return { given: evaluated.sensitiveInputs.map((v) => `\${var.${v}}`).join(', '), what: `a sensitive variable without a default (${inputs}): a secret given at plan time` };
  }
  // A value marked sensitive that is not written in the configuration (a literal is SEC-1.PlainCredential's and the variable's own rule's);
  // shown as written unless a string literal in it might be part of a secret.
  return evaluated.sensitive && !evaluated.known ? { given: text.includes('"') ? SecretDetector.mask(text) : text, what: 'a value marked sensitive (sensitive(...) or a sensitive variable)' } : undefined;
}

/** What sensitive the first string of `value` (a local's value: a string, a list or a map) that holds something sensitive holds. */
function firstSensitiveIn(value: unknown, variables: TerraformVariables, depth: number): ReturnType<typeof sensitiveIn> {
  if (typeof value === 'string') return value.includes('${') ? sensitiveIn(value, variables, depth) : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    const found = firstSensitiveIn(item, variables, depth);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Whether the value at `path` (from segment `at` on) below `value` may hold something sensitive; a list is read item by item. */
function mayHoldSensitiveAt(value: unknown, path: readonly string[], at: number): boolean {
  if (at === path.length) return holdsLeaf(value, MAY_BE_SENSITIVE);
  if (Array.isArray(value)) {
    for (const item of value) if (mayHoldSensitiveAt(item, path, at)) return true;
    return false;
  }
  return value !== null && typeof value === 'object' && mayHoldSensitiveAt((value as Record<string, unknown>)[path[at]], path, at + 1);
}

/** Each destination as its segments (`template.container.args`: three). */
const SEGMENTS = new Map<string, readonly string[]>();
const segmentsOf = (path: string) => {
  let segments = SEGMENTS.get(path);
  if (segments === undefined) SEGMENTS.set(path, segments = path.split('.'));
  return segments;
};

/**
 * The top-level arguments of `resource` that hold its destinations, read through the rules' view
 * only where the destination itself in the JSON (`rawAttributesOf`, or the view's value without
 * it) may hold something sensitive: undefined where none may (most resources: the rule does not
 * apply). Only the destinations are searched, not the rest of their arguments (a Container App's
 * `template` holds much more than its command lines).
 */
function argumentsToRead(resource: RuleResource, destinations: readonly string[]): Record<string, unknown> | undefined {
  const raw = rawAttributesOf(resource);
  let picked: Record<string, unknown> | undefined;
  for (const path of destinations) {
    const segments = segmentsOf(path);
    const root = segments[0];
    if (picked !== undefined && root in picked) continue;
    const given = root === 'body' ? armBodyOf(resource) : raw === undefined ? resource.attributes[root] : raw[root];
    const value = SECRET_FLAGGED.has(root) ? withoutSecretItems(given) : given;
    if (value !== undefined && mayHoldSensitiveAt(value, segments, 1)) {
      const read = root === 'body' || raw === undefined ? value : resource.attributes[root];
      (picked ??= {})[root] = SECRET_FLAGGED.has(root) ? withoutSecretItems(read) : read;
    }
  }
  return picked;
}

/** What to do instead, by where the reference was written. */
function fixFor(type: string, setting: string): string {
  if (/^(?:body\.)?tags(?:\.|$)/.test(setting)) {
    return 'leave the credential out of the tags: a tag says what a resource is, and every reader of the subscription sees it (Resource Graph lists it). If a tag must point at a secret, name the Key Vault secret that holds it.';
  }
  if (type === 'azurerm_monitor_action_group') {
    return 'send the alert to a secure webhook instead (webhook_receiver with aad_auth: the action group signs in with Entra ID, and the function or logic app checks the token), with no key in the URL: an action group has no secret place for one.';
  }
  if (type.startsWith('azurerm_eventgrid_')) return 'mark the delivery property secret (secret = true): Event Grid then keeps its value and does not show it.';
  if (type === 'azurerm_virtual_machine_run_command') return 'pass it in protected_parameter, which Azure does not show, or let the VM read it from Key Vault with its identity.';
  if (type.startsWith('azurerm_storage_')) return 'leave the credential out of the metadata: whoever may list the container or blob reads it. Name the Key Vault secret that holds it instead.';
  if (type === 'azurerm_container_app_environment_dapr_component') {
    return 'let the component sign in with the environment\'s managed identity where its type allows it; else take the value from a component secret (metadata.secret_name, the secret backed by Key Vault).';
  }
  if (type === 'azurerm_api_management_named_value') {
    return 'make the named value a secret (secret = true), better one backed by Key Vault (KeyVaultNamedValue: the gateway reads the secret with its identity).';
  }
  if (type.startsWith('azurerm_api_management_')) {
    return 'give the gateway its identity instead (authentication-managed-identity, a role on the backend), or keep the key in a Key Vault-backed secret named value (KeyVaultNamedValue) and write its {{name}} in the header, query or policy.';
  }
  if (type.startsWith('azurerm_container_app')) {
    return 'give the app its identity instead (a data role on the resource); a credential it cannot do without goes in a secret (Key Vault-backed) and reaches it as an environment variable\'s secret_name (a scale rule: its authentication), not in its command line, a plain variable or a scale rule\'s metadata.';
  }
  if (type === 'azurerm_container_group') {
    return 'give the container group a managed identity instead; a credential it cannot do without goes in secure_environment_variables, which Azure does not show.';
  }
  if (setting.startsWith('configuration_settings')) return 'pass it in configuration_protected_settings, which Azure does not show, or let the extension\'s workload sign in with a managed identity (workload identity).';
  if (type === 'azurerm_batch_pool') return 'pass it in the extension\'s protected_settings, which Azure encrypts and does not show, or let the pool\'s nodes read it from Key Vault with their identity.';
  if (type.endsWith('_extension') || setting.startsWith('extension')) return 'pass it in protected_settings, which Azure encrypts and does not show, or let the VM read it from Key Vault with its identity.';
  if (type === 'azurerm_app_configuration_key') {
    return 'make the key a Key Vault reference (type = "vault", vault_key_reference = the versionless secret id): the app reads the secret from Key Vault with its identity, and the store holds only where it is.';
  }
  if (type.startsWith('azurerm_logic_app_')) {
    return 'let the action sign in with the logic app\'s managed identity where the API allows it (an HTTP action with ManagedServiceIdentity authentication, written with azurerm_logic_app_action_custom); else read the key at run time with a Key Vault action, its inputs and outputs secured.';
  }
  if (VIRTUAL_MACHINES.some((t) => type === `azurerm_${t}`)) return 'let the VM read it from Key Vault with its identity; user_data is no place for a secret (custom_data is sensitive, but a VM identity is better).';
  return 'let the caller use its identity instead (Entra ID, a data role on the resource) where the service allows it; a credential it cannot do without stays in Key Vault, and its URL or name is what is written here.';
}

/**
 * SEC-1: a reference to an attribute azurerm marks sensitive (a storage account's
 * `primary_access_key` or connection string, a function's host key, a Service Bus namespace's
 * connection string, a Key Vault secret's `value`), directly or through a local, a sensitive
 * variable without a default (a secret given at plan time) or a value marked `sensitive(...)`,
 * written where Azure keeps it in plain text and shows it to whoever may read the resource: any
 * resource's tags, and the arguments `PLAIN_DESTINATIONS` lists (a container's command line, a
 * container group's environment, a Dapr component's metadata value, an API Management backend's
 * URL and headers, a policy's XML, a named value that is not secret, an action group's webhook
 * URL, a VM's `user_data`, an extension's public `settings`). None of them is a secret the
 * configuration holds (its value is unknown at synth), so the checks of what it holds pass it,
 * and Terraform hides it in the plan's output only. Other arguments are not read: azurerm does not
 * mark every argument Azure keeps secret as sensitive. Read on every azurerm resource and an AzAPI
 * resource's tags.
 */
export class SensitiveReferenceRule implements ILessonRule {
  public readonly id = 'SEC-1.SensitiveReference';
  public readonly lesson = 'SEC-1';
  public readonly description = 'A reference to a credential attribute (a key, a connection string) or a sensitive variable in an argument Azure keeps in plain text (a tag, a header, a container\'s args, a URL).';
  public readonly resourceTypes = ['azurerm_*', 'azapi_resource'];

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    const destinations = destinationsOf(resource);
    const given = argumentsToRead(resource, destinations);
    if (given === undefined) return RuleOutcome.notApplicable();
    const variables = variablesOf(context);
    const findings: RuleFinding[] = [];
    let read = false;
    for (const { setting, text } of leavesOf(given, [], false, MAY_BE_SENSITIVE)) {
      if (!isUnder(setting, destinations)) continue;
      read = true;
      const found = sensitiveIn(text, variables);
      if (found === undefined) continue;
      findings.push({
        setting,
        given: found.given,
        problem: `${found.what}, written into an argument Azure keeps in plain text and shows to whoever may read the resource; Terraform hides it in the plan's output only.`,
        fix: fixFor(resource.type, setting),
      });
    }
    if (findings.length > 0) return RuleOutcome.nonCompliant(...findings);
    // A row only where the rule read a reference, a variable or a local in a plain argument.
    return read ? RuleOutcome.compliant() : RuleOutcome.notApplicable();
  }
}
