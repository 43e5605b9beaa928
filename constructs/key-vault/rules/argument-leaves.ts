import { mayHoldCredential } from '../../core/credential-formats';
import { mayReferenceSensitive } from '../../core/secret-detection';
import { SENSITIVE_ATTRIBUTES } from '../../core/sensitive-attributes';
import { isReferencesOnly } from '../../core/terraform-expression';

// What the SEC-1 rules that read every argument share: which settings another rule judges, which
// arguments hold no value, and the strings of a block with their settings.

const WEB_APPS = ['function_app_flex_consumption', 'linux_function_app', 'windows_function_app', 'linux_web_app', 'windows_web_app', 'linux_function_app_slot', 'windows_function_app_slot', 'linux_web_app_slot', 'windows_web_app_slot'];
const POLICIES = ['policy', 'api_policy', 'api_operation_policy', 'product_policy'];

/**
 * The settings another SEC-1 rule judges, by type (paths without list positions; a path covers
 * what is below it): an app's environment and app settings, a policy's XML, a named value, a
 * webhook's URL, and every attribute azurerm marks sensitive. One finding per value: this rule
 * reads the rest. An `azapi_resource` by the Resource Manager type it creates.
 */
export const JUDGED_ELSEWHERE: Readonly<Record<string, readonly string[]>> = {
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
export const META = new Set(['//', 'depends_on', 'lifecycle', 'count', 'for_each', 'provider', 'providers', 'source', 'version']);

/** The top-level arguments under which a written name says what a value is: a remote state's backend, a connection, a provisioner's (its `environment`, its `connection`). */
export const NAMED_ROOTS = new Set(['config', 'connection', 'provisioner']);


/** Which strings of a block `leavesOf` gives, and whether it reads a list of strings as one command line too. */
export interface LeafFilter {
  /** Whether to give `text`; `byName` is whether its name says what it is (a module's input, under `NAMED_ROOTS`, not a tag). */
  keeps(text: string, byName: boolean): boolean;
  /** Whether a list of strings is given once more as its words joined (`["az", "login", "-p", "..."]`). */
  readonly joinsWords: boolean;
}

/** The strings a credential may be: every one whose name says what it is, and those that may hold a credential format. */
const mayHoldCredentialOrNamed: LeafFilter = { keeps: (text, byName) => byName || mayHoldCredential(text), joinsWords: true };

/** A list's only block, in a path: left out of the setting. */
const ONE_BLOCK = Symbol('the only block of a list');

/** A string of a block: its setting (`tags.conn`, `provisioner[0].local-exec.command`), the key it is under, and its text. */
export interface Leaf {
  readonly setting: string;
  readonly name: string;
  readonly text: string;
  /** Whether its name says what it is (a module's input, under `NAMED_ROOTS`, not a tag): judged by name too. */
  readonly named: boolean;
  /** For a list's words read together: how many of the leaves just before it are its words. */
  readonly words?: number;
}

/**
 * The strings of `attributes` to judge, with their settings: by default every one where a name says
 * what it is (`all`, a module's inputs; `NAMED_ROOTS`), else those that may hold a credential format
 * (most strings of a stack hold none, and no setting is built for them); `wanted` picks others.
 * `skip` lists the paths another rule judges (without list positions; a path covers what is below it).
 */
export function leavesOf(attributes: Record<string, unknown>, skip: readonly string[], all: boolean, wanted: LeafFilter = mayHoldCredentialOrNamed): Leaf[] {
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
      if (wanted.keeps(value, byName)) {
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
      if (wanted.joinsWords && value.length > 1 && value.every((v) => typeof v === 'string')) {
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

/** An argument's JSON holds a value that may be a credential, or a template the rules' view sees through to one (`SEC-1.PlainCredential`). */
export const HOLDS_CANDIDATE = 1;
/** An argument's JSON may hold a reference to an attribute azurerm marks sensitive (the quick test), a variable, a local or `sensitive(...)` (`SEC-1.SensitiveReference`). */
export const HOLDS_SENSITIVE_REFERENCE = 2;
const EVERY_FACT = HOLDS_CANDIDATE | HOLDS_SENSITIVE_REFERENCE;

/**
 * What a string of an argument's JSON holds, as `HOLDS_*` flags: a value that may be a
 * credential, or a template the evaluator sees into (a variable, a local, a function, a literal
 * inside `${...}`: anything but literal text and bare references); a reference that may be to a
 * sensitive attribute, a variable, a local or `sensitive(...)`.
 */
function stringFacts(value: string): number {
  const template = value.includes('${');
  return (mayHoldCredential(value) || ((template || value.includes('%{')) && !isReferencesOnly(value)) ? HOLDS_CANDIDATE : 0)
    | (template && (mayReferenceSensitive(value) || value.includes('var.') || value.includes('local.') || value.includes('sensitive(')) ? HOLDS_SENSITIVE_REFERENCE : 0);
}

/** The `HOLDS_*` flags of a value of JSON: of its strings, and of a list of strings read as one command line (as `leavesOf` reads it). */
function factsOf(value: unknown): number {
  if (typeof value === 'string') return stringFacts(value);
  let facts = 0;
  if (Array.isArray(value)) {
    for (const item of value) {
      facts |= factsOf(item);
      if (facts === EVERY_FACT) return facts;
    }
    // A command line given as a list, its words read together.
    if ((facts & HOLDS_CANDIDATE) === 0 && value.length > 1 && value.every((v) => typeof v === 'string') && mayHoldCredential(value.join(' '))) facts |= HOLDS_CANDIDATE;
  } else if (value !== null && typeof value === 'object') {
    for (const key in value) {
      facts |= factsOf((value as Record<string, unknown>)[key]);
      if (facts === EVERY_FACT) return facts;
    }
  }
  return facts;
}

/** Each raw resource's arguments (not `META`) with the flags of what they hold; one with none left out. */
const FACTS = new WeakMap<object, ReadonlyMap<string, number>>();

/**
 * Of a resource's JSON (`rawAttributesOf`), each argument (not `META`) that holds something a SEC-1
 * rule that reads every argument looks for, with its `HOLDS_*` flags: made in one pass over the
 * JSON for all of them, without allocating (but a list of strings' words joined), as it runs on
 * every argument of every resource, and kept as long as the JSON.
 */
export function argumentFactsOf(raw: Readonly<Record<string, unknown>>): ReadonlyMap<string, number> {
  let facts = FACTS.get(raw);
  if (facts === undefined) {
    const found = new Map<string, number>();
    for (const key of Object.keys(raw)) {
      if (META.has(key)) continue;
      const flags = factsOf(raw[key]);
      if (flags !== 0) found.set(key, flags);
    }
    facts = found;
    FACTS.set(raw, facts);
  }
  return facts;
}

