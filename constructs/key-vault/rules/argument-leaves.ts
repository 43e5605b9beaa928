import { isCredentialParameter, mayHoldCredential } from '../../core/credential-formats';
import { namesSecret } from '../../core/secret-detection';
import { SENSITIVE_ATTRIBUTES } from '../../core/sensitive-attributes';
import { OTHER_PROVIDER_SENSITIVE_INPUTS } from '../../core/other-provider-secrets';

// What the SEC-1 rules that read every argument share: which settings another rule judges, which
// arguments hold no value, and the strings of a block with their settings.

const WEB_APPS = ['function_app_flex_consumption', 'linux_function_app', 'windows_function_app', 'linux_web_app', 'windows_web_app', 'linux_function_app_slot', 'windows_function_app_slot', 'linux_web_app_slot', 'windows_web_app_slot'];
const POLICIES = ['policy', 'api_policy', 'api_operation_policy', 'product_policy'];

/**
 * The settings another SEC-1 rule judges, by type (paths without list positions; a path covers
 * what is below it): an app's environment and app settings, a policy's XML, a named value, a
 * webhook's URL, every attribute azurerm marks sensitive and another provider's in
 * `OTHER_PROVIDER_SENSITIVE_INPUTS`. One finding per value: this rule
 * reads the rest. An `azapi_resource` by the Resource Manager type it creates.
 */
export const JUDGED_ELSEWHERE: Readonly<Record<string, readonly string[]>> = {
  ...SENSITIVE_ATTRIBUTES,
  ...OTHER_PROVIDER_SENSITIVE_INPUTS,
  azurerm_container_app: ['template.container.env', 'template.init_container.env', ...SENSITIVE_ATTRIBUTES.azurerm_container_app ?? []],
  azurerm_container_app_job: ['template.container.env', 'template.init_container.env', ...SENSITIVE_ATTRIBUTES.azurerm_container_app_job ?? []],
  ...Object.fromEntries([...WEB_APPS, 'static_web_app'].map((t) => [`azurerm_${t}`, ['app_settings', ...SENSITIVE_ATTRIBUTES[`azurerm_${t}`] ?? []]])),
  ...Object.fromEntries(POLICIES.map((t) => [`azurerm_api_management_${t}`, ['xml_content']])),
  azurerm_api_management_named_value: ['value'],
  azurerm_eventgrid_event_subscription: ['webhook_endpoint.url', ...SENSITIVE_ATTRIBUTES.azurerm_eventgrid_event_subscription ?? []],
  azurerm_eventgrid_system_topic_event_subscription: ['webhook_endpoint.url', ...SENSITIVE_ATTRIBUTES.azurerm_eventgrid_system_topic_event_subscription ?? []],
  'Microsoft.App/containerApps': ['body.properties.template.containers.env', 'body.properties.template.initContainers.env'],
  'Microsoft.App/jobs': ['body.properties.template.containers.env', 'body.properties.template.initContainers.env'],
  'Microsoft.Web/sites': ['body.properties.siteConfig.appSettings'],
};

/** Arguments that hold no value of the infrastructure: cdktf's metadata and Terraform's meta-arguments of every block. */
export const META = new Set(['//', 'depends_on', 'lifecycle', 'count', 'for_each', 'provider', 'providers']);
/** A module call's meta-arguments besides: its `source` and `version` (of a resource, arguments like any other: a run command's `source.script`). */
export const MODULE_META = new Set([...META, 'source', 'version']);

/** The top-level arguments under which a written name says what a value is: a remote state's backend, a connection, a provisioner's (its `environment`, its `connection`). */
export const NAMED_ROOTS = new Set(['config', 'connection', 'provisioner']);

/**
 * An AzAPI resource's too: its `body`, whose property names are Resource Manager's
 * (`administratorLoginPassword`, an app's settings by name; its `tags` left to the format).
 */
export const AZAPI_NAMED_ROOTS = new Set([...NAMED_ROOTS, 'body']);


/** Which strings of a block `leavesOf` gives, and whether it reads a list of strings as one command line too. */
export interface LeafFilter {
  /** Whether to give `text`; `byName` is whether its name says what it is (a module's input, under `NAMED_ROOTS`, not a tag). */
  keeps(text: string, byName: boolean): boolean;
  /** Whether a list of strings is given once more as its words joined (`["az", "login", "-p", "..."]`). */
  readonly joinsWords: boolean;
  /**
   * Whether `holdsLeaf` counts a pair's value whose sibling `name` says it is a secret
   * (`{ name = "redisPassword", value = "..." }`, `namedPairOf`), whatever its text.
   * @default false
   */
  readonly pairs?: boolean;
}

/**
 * The name a block of a name and a value gives its value (`metadata { name = "redisPassword"
 * value = "..." }`, a Dapr component's; `{ name = "accessKey", value = "..." }` in an AzAPI body):
 * the literal `name` of an object that holds a `value`, or undefined.
 */
function namedPairOf(block: Record<string, unknown>): string | undefined {
  const name = block.name;
  return typeof name === 'string' && name !== '' && !name.includes('${') && block.value !== undefined ? name : undefined;
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
  /** Whether `name` is a pair's (`namedPairOf`): a header's name there (`X-Api-Key`) says what the value is too (`isCredentialPairName`). */
  readonly pair?: boolean;
}

/**
 * A pair's name that says its value is a credential as a header's or parameter's does
 * (`X-Api-Key`, `Ocp-Apim-Subscription-Key`, `Authorization`: a probe's or a rule's header), not
 * as a secret's name (`namesSecret`). A bare `token`, `code` or `sig` names a value only in a
 * query string.
 */
export function isCredentialPairName(name: string): boolean {
  return isCredentialParameter(name) && !/^(?:token|code|sig)$/i.test(name);
}

/**
 * The strings of `attributes` to judge, with their settings: by default every one where a name says
 * what it is (`all`, a module's inputs; `NAMED_ROOTS`), else those that may hold a credential format
 * (most strings of a stack hold none, and no setting is built for them); `wanted` picks others.
 * `skip` lists the paths another rule judges (without list positions, a map's key as `*`; a path covers what is below it).
 * `pairs`: whether a block's pair names its value (`namedPairOf`; a Helm release's `set` names a
 * chart's value, often a Kubernetes Secret's name: `auth.existingSecret`).
 * `ownNames`: whether every name says what its value holds, an argument's and a map's key (an
 * environment's variables) alike, as a module's inputs do (a resource of a provider whose schema
 * the checks do not hold); but for the keys of annotations and labels, which are identifiers.
 */
export function leavesOf(attributes: Record<string, unknown>, skip: readonly string[], all: boolean, wanted: LeafFilter = mayHoldCredentialOrNamed, namedRoots: ReadonlySet<string> = NAMED_ROOTS, pairs = true, ownNames = false): Leaf[] {
  const out: Leaf[] = [];
  // A list of one block is written as the block (`template.container.args[1]`), as HCL and cdk.tf.json differ in which they list.
  const path: (string | number | typeof ONE_BLOCK)[] = [];
  const skipRoots = new Set(skip.map((p) => p.split('.')[0]));
  const settingOf = () => path.filter((k): k is string | number => k !== ONE_BLOCK).map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');
  // A map's key in a skipped path is `*` (`body.properties.siteConfig.azureStorageAccounts.*.accessKey`).
  const wild = skip.filter((p) => p.includes('*')).map((p) => p.split('.'));
  const skipped = () => {
    if (!skipRoots.has(path[0] as string)) return false;
    const names = path.filter((k): k is string => typeof k === 'string');
    return skip.includes(names.join('.')) || wild.some((w) => w.length === names.length && w.every((n, i) => n === '*' || n === names[i]));
  };
  // A tag's name is anyone's word, in a module's input too.
  const named = () => (all || namedRoots.has(path[0] as string) || (ownNames && !path.some((k) => k === 'annotations' || k === 'labels'))) && !path.includes('tags');
  /** The name of the pair whose value is being visited (`namedPairOf`): it names the value wherever the pair is. */
  let pairName: string | undefined;
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      const byName = pairName !== undefined ? !path.includes('tags') : named();
      if (wanted.keeps(value, byName)) {
        out.push({ setting: settingOf(), name: pairName ?? [...path].reverse().find((k): k is string => typeof k === 'string') ?? '', text: value, named: byName, ...(pairName !== undefined ? { pair: true } : {}) });
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
      // A block's pair, not the resource's own name and value (an Automation variable's).
      const pair = path.length > 0 && pairs ? namedPairOf(value as Record<string, unknown>) : undefined;
      for (const k of Object.keys(value)) {
        if (path.length === 0 && (all ? MODULE_META : META).has(k)) continue;
        path.push(k);
        const outer = pairName;
        pairName = pair !== undefined && k === 'value' ? pair : undefined;
        if (!skipped()) visit((value as Record<string, unknown>)[k]);
        pairName = outer;
        path.pop();
      }
    }
  };
  visit(attributes);
  return out;
}

/**
 * Whether `value` (a value of JSON) holds a string `filter` keeps (its name not told), or, where
 * the filter reads lists of strings as command lines, a list whose words together it keeps: the
 * quick question before `leavesOf` builds any setting. No allocation but those words: it runs on
 * arguments of every resource.
 */
export function holdsLeaf(value: unknown, filter: LeafFilter): boolean {
  if (typeof value === 'string') return filter.keeps(value, false);
  if (Array.isArray(value)) {
    for (const item of value) if (holdsLeaf(item, filter)) return true;
    return filter.joinsWords && value.length > 1 && value.every((v) => typeof v === 'string') && filter.keeps(value.join(' '), false);
  }
  if (value !== null && typeof value === 'object') {
    if (filter.pairs === true && typeof (value as Record<string, unknown>).name === 'string') {
      const pair = namedPairOf(value as Record<string, unknown>);
      if (pair !== undefined && (namesSecret(pair) || isCredentialPairName(pair))) return true;
    }
    for (const key in value) if (holdsLeaf((value as Record<string, unknown>)[key], filter)) return true;
  }
  return false;
}
