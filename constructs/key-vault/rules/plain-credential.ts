import { mayHoldCredential } from '../../core/credential-formats';
import { literalCredentialIn } from '../../core/secret-detection';
import { isReferencesOnly } from '../../core/terraform-expression';
import { SENSITIVE_ATTRIBUTES } from '../../core/sensitive-attributes';
import { ILessonRule, IRuleContext, RuleFinding, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { rawAttributesOf } from '../../lessons-check/raw-attributes';
import { variablesOf } from '../../lessons-check/rule-context';
import { ANY_TYPE, DATA_TYPE_PREFIX, MODULE_TYPE } from '../../lessons-check/rule-runner';
import { armBodyOf, armTypeOf } from '../../lessons-check/rules/attributes';

const WEB_APPS = ['function_app_flex_consumption', 'linux_function_app', 'windows_function_app', 'linux_web_app', 'windows_web_app', 'linux_function_app_slot', 'windows_function_app_slot', 'linux_web_app_slot', 'windows_web_app_slot'];
const POLICIES = ['policy', 'api_policy', 'api_operation_policy', 'product_policy'];

/**
 * The settings another SEC-1 rule judges, by type (paths without list positions; a path covers
 * what is below it): an app's environment and app settings, a policy's XML, a named value, a
 * webhook's URL, and every attribute azurerm marks sensitive. One finding per value: this rule
 * reads the rest. An `azapi_resource` by the Resource Manager type it creates.
 */
const JUDGED_ELSEWHERE: Readonly<Record<string, readonly string[]>> = {
  ...SENSITIVE_ATTRIBUTES,
  azurerm_container_app: ['template.container.env', 'template.init_container.env', ...SENSITIVE_ATTRIBUTES.azurerm_container_app ?? []],
  ...Object.fromEntries(WEB_APPS.map((t) => [`azurerm_${t}`, ['app_settings', ...SENSITIVE_ATTRIBUTES[`azurerm_${t}`] ?? []]])),
  ...Object.fromEntries(POLICIES.map((t) => [`azurerm_api_management_${t}`, ['xml_content']])),
  azurerm_api_management_named_value: ['value'],
  azurerm_eventgrid_event_subscription: ['webhook_endpoint.url'],
  azurerm_eventgrid_system_topic_event_subscription: ['webhook_endpoint.url'],
  'Microsoft.App/containerApps': ['body.properties.template.containers.env', 'body.properties.template.initContainers.env'],
  'Microsoft.Web/sites': ['body.properties.siteConfig.appSettings'],
};

/** Arguments that hold no value of the infrastructure: cdktf's metadata and Terraform's meta-arguments. */
const META = new Set(['//', 'depends_on', 'lifecycle', 'count', 'for_each', 'provider', 'providers', 'source', 'version']);

/** The top-level arguments under which a written name says what a value is: a remote state's backend, a connection, a provisioner's (its `environment`, its `connection`). */
const NAMED_ROOTS = new Set(['config', 'connection', 'provisioner']);

/** Where a value written in a block of `type` ends up. */
function whereHeld(type: string): string {
  if (type === MODULE_TYPE) return 'given to a module: the configuration (cdk.tf.json or the .tf files) and the plan file hold it in plain text, and the state too wherever the module writes it into a resource.';
  if (type.startsWith(DATA_TYPE_PREFIX)) return 'written in a data source\'s arguments: the configuration (cdk.tf.json or the .tf files), the plan file and the state hold it in plain text.';
  return 'written in a resource\'s argument: the configuration (cdk.tf.json or the .tf files), the plan file and the Terraform state hold it in plain text, and what Azure keeps of it (a tag, a body, a header) every reader of the resource sees.';
}

/** The fix for a credential written in a block of `type`: the format's better way, then where a value Terraform must send comes from. */
function fixFor(type: string, instead: string): string {
  if (type === 'data.terraform_remote_state') return 'leave the key out: read the state with Entra ID (config use_azuread_auth = true, the reader granted Storage Blob Data Reader on the container), or let the backend take ARM_ACCESS_KEY from the pipeline\'s secret store.';
  const then = type === MODULE_TYPE
    ? 'give the module a reference (a Key Vault secret\'s value, another resource\'s attribute) or a sensitive variable without a default, given at plan time from the pipeline\'s secret store.'
    : 'a value Terraform must send comes by reference from where it lives (a Key Vault secret\'s value), or from a sensitive variable without a default given at plan time from the pipeline\'s secret store.';
  return `${instead.replace(/\.$/, '')}; ${then}`;
}

/**
 * Whether `value` holds a string that may be a credential, or a template the rules' view sees
 * through to a value that may be one (a variable's default, a local, a function of literals, a
 * literal inside `${...}`): anything but literal text and bare references. No allocation (but a
 * list of strings' words joined): it runs on every argument of every resource.
 */
function holdsCandidate(value: unknown): boolean {
  if (typeof value === 'string') {
    // A template the evaluator sees into (a variable, a local, a function, a literal inside `${...}`) may become one.
    return mayHoldCredential(value) || ((value.includes('${') || value.includes('%{')) && !isReferencesOnly(value));
  }
  if (Array.isArray(value)) {
    for (const item of value) if (holdsCandidate(item)) return true;
    // A command line given as a list, its words read together (as `leavesOf` reads them).
    return value.length > 1 && value.every((v) => typeof v === 'string') && mayHoldCredential(value.join(' '));
  }
  if (value !== null && typeof value === 'object') {
    for (const key in value) if (holdsCandidate((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/**
 * The arguments worth reading: where the check read the stack's JSON, only those whose JSON holds
 * a value that may be a credential, read through the rules' view (most arguments of most
 * resources hold none, and the view makes and copies what it is asked for); else all of them.
 */
function argumentsToRead(resource: RuleResource, all: boolean): Record<string, unknown> {
  const raw = rawAttributesOf(resource);
  if (raw === undefined) return resource.attributes;
  let picked: Record<string, unknown> | undefined;
  for (const key of Object.keys(raw)) {
    if (!META.has(key) && (all || NAMED_ROOTS.has(key) || holdsCandidate(raw[key]))) (picked ??= {})[key] = resource.attributes[key];
  }
  return picked ?? NOTHING;
}

/** No argument to read. */
const NOTHING: Record<string, unknown> = Object.freeze({});

/** A list's only block, in a path: left out of the setting. */
const ONE_BLOCK = Symbol('the only block of a list');

/** A string of a block: its setting (`tags.conn`, `provisioner[0].local-exec.command`), the key it is under, and its text. */
interface Leaf {
  readonly setting: string;
  readonly name: string;
  readonly text: string;
  /** Whether its name says what it is (a module's input, under `NAMED_ROOTS`, not a tag): judged by name too. */
  readonly named: boolean;
  /** For a list's words read together: how many of the leaves just before it are its words. */
  readonly words?: number;
}

/**
 * The strings of `attributes` to judge: every one where a name says what it is (`all`, a module's
 * inputs; `NAMED_ROOTS`), else those that may hold a credential format
 * (most strings of a stack hold none, and no setting is built for them). `skip` lists the paths
 * another rule judges (without list positions).
 */
function leavesOf(attributes: Record<string, unknown>, skip: readonly string[], all: boolean): Leaf[] {
  const out: Leaf[] = [];
  // A list of one block is written as the block (`template.container.args[1]`), as HCL and cdk.tf.json differ in which they list.
  const path: (string | number | typeof ONE_BLOCK)[] = [];
  const skipRoots = new Set(skip.map((p) => p.split('.')[0]));
  const settingOf = () => path.filter((k): k is string | number => k !== ONE_BLOCK).map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');
  const skipped = () => skipRoots.has(path[0] as string) && skip.includes(path.filter((k) => typeof k === 'string').join('.'));
  // A tag's name is anyone's word, in a module's input too.
  const named = () => (all || NAMED_ROOTS.has(path[0] as string)) && !path.includes('tags');
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      const byName = named();
      if (byName || mayHoldCredential(value)) {
        out.push({ setting: settingOf(), name: [...path].reverse().find((k): k is string => typeof k === 'string') ?? '', text: value, named: byName });
      }
    } else if (Array.isArray(value)) {
      const before = out.length;
      const oneBlock = value.length === 1 && value[0] !== null && typeof value[0] === 'object';
      for (let i = 0; i < value.length; i += 1) {
        path.push(oneBlock ? ONE_BLOCK : i);
        visit(value[i]);
        path.pop();
      }
      // A command line given as a list (a container's `args`, `["az", "login", "--password", "..."]`):
      // its words read together too (judged only when no word is found alone).
      if (value.length > 1 && value.every((v) => typeof v === 'string')) {
        const joined = value.join(' ');
        if (out.length > before || mayHoldCredential(joined)) out.push({ setting: settingOf(), name: '', text: joined, named: false, words: out.length - before });
      }
    } else if (value !== null && typeof value === 'object') {
      for (const k of Object.keys(value)) {
        if (path.length === 0 && META.has(k)) continue;
        path.push(k);
        if (!skipped()) visit((value as Record<string, unknown>)[k]);
        path.pop();
      }
    }
  };
  visit(attributes);
  return out;
}

/**
 * SEC-1: a credential written anywhere in the configuration no other SEC-1 rule reads: a known
 * credential format (a connection string with a key, a SAS, a private key, a token, a provider's
 * API key, an Entra ID client secret) in any argument of any resource, data source or module call
 * (a tag, a container's `args`, a provisioner's command, an AzAPI body, an API Management
 * backend's header, an action group's webhook URL, `terraform_data`'s input); and a literal under
 * a secret's name where the name is all there is to go by: a module call's input (a variable of
 * the module: `client_secret = "..."`), a `terraform_remote_state`'s `config` (a backend's
 * `access_key`) and a provisioner's `connection` (`password`). Every such value is in
 * `cdk.tf.json` (or the `.tf` files) and the plan file; most are in the state and in Azure, where
 * a tag is shown to every reader. The settings another rule judges (app settings, an app's
 * environment, a policy, attributes azurerm marks sensitive) are left to it: one finding per value.
 * A variable's default or a function of literals is seen through, as the other rules see it. A
 * reference passes (`${azurerm_key_vault_secret.x.value}`), and so does a variable without a default.
 */
export class PlainCredentialRule implements ILessonRule {
  public readonly id = 'SEC-1.PlainCredential';
  public readonly lesson = 'SEC-1';
  public readonly description = 'A credential written in any other argument of a resource, data source or module call (a tag, a command, an AzAPI body, a module\'s input).';
  public readonly resourceTypes = [ANY_TYPE];

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    const module = resource.type === MODULE_TYPE;
    const given = argumentsToRead(resource, module);
    if (given === NOTHING) return RuleOutcome.notApplicable();
    const judged = JUDGED_ELSEWHERE[resource.type === 'azapi_resource' ? armTypeOf(resource) ?? '' : resource.type] ?? [];
    // An AzAPI body given as JSON text (jsonencode) is read as the object it holds, as the other rules read it.
    const attributes = resource.type === 'azapi_resource' && typeof given.body === 'string' && Object.keys(armBodyOf(resource)).length > 0
      ? { ...given, body: armBodyOf(resource) } : given;
    const leaves = leavesOf(attributes, judged, module);
    // Nothing that may hold a credential (most resources: names, ids, references, switches): a case
    // the rule does not cover, counted, not a row each (the report stays smaller than the JSON).
    if (leaves.length === 0) return RuleOutcome.notApplicable();
    const variables = variablesOf(context);
    const findings: RuleFinding[] = [];
    // A name says what a value is only where it names the value (a module's input, a backend's or a
    // connection's argument); elsewhere a key (a tag's) is anyone's word, and the format decides.
    const foundAt = new Set<number>();
    for (const [at, { setting, name, text, named, words }] of leaves.entries()) {
      // A list's words together: only where none of them was found alone (one finding per value).
      if (words !== undefined && [...foundAt].some((i) => i >= at - words)) continue;
      const found = literalCredentialIn(text, named ? name : '', variables, true);
      if (found === undefined) continue;
      foundAt.add(at);
      findings.push({ setting, given: found.given, problem: `${found.problem}, ${whereHeld(resource.type)}`, fix: fixFor(resource.type, found.fix) });
    }
    return findings.length > 0 ? RuleOutcome.nonCompliant(...findings) : RuleOutcome.compliant();
  }
}
