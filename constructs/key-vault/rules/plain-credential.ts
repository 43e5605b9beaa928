import { credentialFormatOf, isCredentialParameter, maskCredential, mayHoldCredential } from '../../core/credential-formats';
import { literalCredentialIn, NAMED_VALUE } from '../../core/secret-detection';
import { isReferencesOnly, TerraformVariables } from '../../core/terraform-expression';
import { ILessonRule, IRuleContext, RuleFinding, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { rawAttributesOf } from '../../lessons-check/raw-attributes';
import { variablesOf } from '../../lessons-check/rule-context';
import { ANY_TYPE, DATA_TYPE_PREFIX, MODULE_TYPE } from '../../lessons-check/rule-runner';
import { armBodyOf, blockOf, blocksOf } from '../../lessons-check/rules/attributes';
import { armSkipPathsOf, armTypeOfBody, documentOf } from './arm-sensitive-values';
import { TEMPLATE_DEPLOYMENTS, templateParameterFindings } from './template-parameters';
import { isMachineScript, scriptFinding } from './machine-script-findings';
import { EXTENSION_NAMED_ROOTS, EXTENSION_SETTINGS, EXTENSION_SETTINGS_HELD, extensionSettingOf, extensionSettingsFix, protectedOnlyIn, withSettingsDocuments } from './extension-settings';
import { KUBERNETES_SERVICE_CONNECTION_FIX } from '../../core/other-provider-secrets';
import { AZAPI_NAMED_ROOTS, JUDGED_ELSEWHERE, LeafFilter, META, MODULE_META, NAMED_ROOTS, holdsLeaf, isCredentialPairName, leavesOf } from './argument-leaves';

/** Where a value written in a block of `type` ends up; in an extension's public settings (`extensionSettingOf`), who reads those. */
function whereHeld(type: string, setting = ''): string {
  if (extensionSettingOf(type, setting) !== undefined) return EXTENSION_SETTINGS_HELD;
  if (type === MODULE_TYPE) return 'given to a module: the configuration (cdk.tf.json or the .tf files) and the plan file hold it in plain text, and the state too wherever the module writes it into a resource.';
  if (type.startsWith(DATA_TYPE_PREFIX)) return 'written in a data source\'s arguments: the configuration (cdk.tf.json or the .tf files), the plan file and the state hold it in plain text.';
  if (judgedByName(type)) return 'written in a resource\'s argument: the configuration (cdk.tf.json or the .tf files), the plan file and the Terraform state hold it in plain text.';
  return 'written in a resource\'s argument: the configuration (cdk.tf.json or the .tf files), the plan file and the Terraform state hold it in plain text, and what Azure keeps of it (a tag, a body, a header) every reader of the resource sees.';
}

/**
 * Types whose `{ name, value }` blocks name something else than the value: a Helm release's `set`
 * names a chart's value, often a Kubernetes Secret's name (`auth.existingSecret = "redis-auth"`).
 */
const PAIRS_NAME_OTHER_THINGS = new Set(['helm_release', 'data.helm_template']);

/** A Dapr component of a Container Apps environment, azurerm's and Resource Manager's. */
const DAPR_COMPONENT = 'azurerm_container_app_environment_dapr_component';
const DAPR_COMPONENT_ARM = 'Microsoft.App/managedEnvironments/daprComponents';

/** The fix for a credential written in a block of `type` (an AzAPI resource's as `azapi:<Resource Manager type>`): the format's better way, then where a value Terraform must send comes from. */
function fixFor(type: string, instead: string, setting = ''): string {
  const settings = extensionSettingOf(type, setting);
  if (settings !== undefined) return extensionSettingsFix(type, settings);
  if (type === 'azurerm_container_group') {
    return 'give the container group a managed identity and no secret where the service takes Entra ID; else move the value to secure_environment_variables (Azure does not show those), given by reference (a Key Vault secret\'s value) or from a sensitive variable without a default, at plan time from the pipeline\'s secret store.';
  }
  if (type === DAPR_COMPONENT || type === `azapi:${DAPR_COMPONENT_ARM}`) {
    return type === DAPR_COMPONENT
      ? 'sign the component in with an identity where it takes one (the managed identity of the container apps it is scoped to, granted a data role; azureClientId metadata for a user-assigned one); else give the value through a component secret read from Key Vault (secret { name, key_vault_secret_id = <versionless secret id>, identity }) and name it in the metadata (secret_name), with no value written here.'
      : 'sign the component in with an identity where it takes one (the managed identity of the container apps it is scoped to, granted a data role; azureClientId metadata for a user-assigned one); else give the value through a component secret read from Key Vault (properties.secrets: { name, keyVaultUrl, identity }, no value) and name it in the metadata (secretRef), with no value written here.';
  }
  if (type === 'azuredevops_serviceendpoint_kubernetes') return KUBERNETES_SERVICE_CONNECTION_FIX;
  if (type === 'data.terraform_remote_state') return 'leave the key out: read the state with Entra ID (config use_azuread_auth = true, the reader granted Storage Blob Data Reader on the container), or let the backend take ARM_ACCESS_KEY from the pipeline\'s secret store.';
  const then = type === MODULE_TYPE
    ? 'give the module a reference (a Key Vault secret\'s value, another resource\'s attribute) or a sensitive variable without a default, given at plan time from the pipeline\'s secret store.'
    : 'a value Terraform must send comes by reference from where it lives (a Key Vault secret\'s value), or from a sensitive variable without a default given at plan time from the pipeline\'s secret store.';
  return `${instead.replace(/\.$/, '')}; ${then}`;
}

/**
 * A string that may be a credential, or a template the rules' view sees through to a value that
 * may be one (a variable's default, a local, a function of literals, a literal inside `${...}`):
 * anything but literal text and bare references; a list of strings read as a command line too.
 */
const CANDIDATE_BASE: LeafFilter = {
  keeps: (text) => mayHoldCredential(text) || ((text.includes('${') || text.includes('%{')) && !isReferencesOnly(text)),
  joinsWords: true,
};
/** The same, and a pair's value under a secret's name (a Dapr component's `metadata { name = "redisPassword" }`), whatever its text. */
const CANDIDATE: LeafFilter = { ...CANDIDATE_BASE, pairs: true };
/** The arguments' filter without pairs, for the types whose pairs name other things (`PAIRS_NAME_OTHER_THINGS`). */
const CANDIDATE_BY_FORMAT: LeafFilter = { ...CANDIDATE_BASE, pairs: false };

/**
 * The arguments worth reading: where the check read the stack's JSON, only those whose JSON holds
 * a value that may be a credential, read through the rules' view (most arguments of most
 * resources hold none, and the view makes and copies what it is asked for); else all of them.
 */
function argumentsToRead(resource: RuleResource, all: boolean): Record<string, unknown> {
  const raw = rawAttributesOf(resource);
  if (raw === undefined) return resource.attributes;
  // Another provider's arguments are all read: their own names say what they hold (`leavesOf`'s `ownNames`).
  const every = all || judgedByName(resource.type);
  const named = namedRootsOf(resource.type);
  const filter = PAIRS_NAME_OTHER_THINGS.has(resource.type) ? CANDIDATE_BY_FORMAT : CANDIDATE;
  let picked: Record<string, unknown> | undefined;
  for (const key of Object.keys(raw)) {
    if (!(all ? MODULE_META : META).has(key) && (every || named.has(key) || holdsLeaf(raw[key], filter))) (picked ??= {})[key] = resource.attributes[key];
  }
  return picked ?? NOTHING;
}

/** A container group's containers: an environment variable's name says what its value is. */
const CONTAINER_GROUP_NAMED_ROOTS = new Set([...NAMED_ROOTS, 'container', 'init_container']);

/**
 * The values Terraform keeps for a run and shows in every plan: `terraform_data`'s `input` and
 * `triggers_replace`, `null_resource`'s `triggers`; a key there names what it holds (`db_password`).
 */
const TRIGGER_NAMED_ROOTS: Readonly<Record<string, ReadonlySet<string>>> = {
  terraform_data: new Set([...NAMED_ROOTS, 'input', 'triggers_replace']),
  null_resource: new Set([...NAMED_ROOTS, 'triggers']),
};

/** The arguments under which a name says what a value is, for a block of `type`: an AzAPI resource's body, a container group's containers, a run's triggers besides. */
const namedRootsOf = (type: string): ReadonlySet<string> => (type.startsWith('azapi_') || type.startsWith('data.azapi_') ? AZAPI_NAMED_ROOTS
  : type === 'azurerm_container_group' ? CONTAINER_GROUP_NAMED_ROOTS : TRIGGER_NAMED_ROOTS[type] ?? EXTENSION_NAMED_ROOTS[type] ?? NAMED_ROOTS);


/**
 * A value that stands for a secret kept elsewhere, which the tool that reads it resolves:
 * Databricks' secret reference (`{{secrets/<scope>/<key>}}`), a template's placeholder (Helm's,
 * External Secrets': `{{ .password }}`), an Azure Pipelines macro (`$(db-password)`), a GitHub
 * Actions expression (`${{ secrets.DB_PASSWORD }}`). Under a secret's name in another provider's
 * resource it is no secret; its format is still judged. Azure resolves none of them: in an
 * azurerm or AzAPI resource, or a module's input, it is the value itself.
 */
const PLACEHOLDER = /^(?:\{\{secrets\/[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+\}\}|\{\{-?\s*\.[A-Za-z_][A-Za-z0-9_.]*\s*-?\}\}|\$\([A-Za-z0-9_.-]+\)|\$\{\{\s*(?:secrets|vars|env)\.[A-Za-z0-9_]+\s*\}\})$/;

/**
 * The providers whose arguments the checks know by their schema (azurerm's and azuread's sensitive
 * attributes, the properties Resource Manager marks secure): there an argument's name is the
 * schema's, and a key (a tag's) anyone's word.
 */
const KNOWN_BY_SCHEMA = /^(?:data\.)?(?:azurerm|azapi|azuread)_/;

/**
 * Whether every argument of a block of `type` is judged by its own name, as a module call's inputs
 * are: a resource or data source of another provider (`azuredevops_serviceendpoint_*`'s `password`,
 * `kubernetes_secret`'s `data = { password = ... }`, `datadog_*`'s `api_key`), whose schema the
 * checks do not hold.
 */
function judgedByName(type: string): boolean {
  return type !== MODULE_TYPE && !KNOWN_BY_SCHEMA.test(type);
}

/**
 * A credential in a module call's `source` (`git::https://user:<token>@github.com/...`, `?sshkey=`):
 * Terraform takes only a literal there, and prints it as it downloads the module (`terraform init`
 * of Terraform 1.11.4: "Downloading git::https://user:<token>@... for net...").
 */
function sourceFinding(source: unknown): RuleFinding | undefined {
  if (typeof source !== 'string') return undefined;
  const format = credentialFormatOf(source);
  // A token alone as the user name (`https://<PAT>@dev.azure.com/...`, as Azure DevOps gives a clone URL with a PAT).
  const what = format !== undefined ? whatOf(format.what) : TOKEN_AS_USER.test(source) ? 'a token as the URL\'s user name' : undefined;
  if (what === undefined) return undefined;
  return {
    setting: 'source',
    given: maskCredential(source),
    problem: `${what}, in a module's source address: terraform init prints the address as it downloads the module (into the pipeline's log), and the configuration (cdk.tf.json or the .tf files) and the plan file hold it in plain text.`,
    fix: 'leave the credential out of the address (it takes only a literal) and give it at init from the pipeline\'s secret store: for git, git config --global url."https://x-access-token:$TOKEN@github.com/".insteadOf "https://github.com/" in the job, a credential helper, Azure Pipelines\' System.AccessToken as http.extraheader, or SSH with a deploy key the agent holds; for S3 or a blob, the getter\'s own credentials from the environment (AWS_*, a SAS given outside the address); then rotate the one written here.',
  };
}

/**
 * A URL whose user info is one long token and no password: `https://<52 characters>@dev.azure.com/...`
 * (a personal access token: 40 or more letters and digits, both). An organisation's or a user's
 * name there (`https://contoso-platform@dev.azure.com/...`, Azure DevOps' clone URL) is none.
 */
const TOKEN_AS_USER = /^(?:[a-z0-9]+::)?[a-z][a-z0-9+.-]*:\/\/(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{40,}@/i;

/** A format's description without the explanation after its first colon outside parentheses (`a URL with a key ... (`?api_key=`, ...)`). */
function whatOf(what: string): string {
  let depth = 0;
  for (let i = 0; i < what.length; i += 1) {
    const c = what[i];
    if (c === '(') depth += 1;
    else if (c === ')') depth -= 1;
    else if (c === ':' && depth === 0 && what[i + 1] === ' ') return what.slice(0, i);
  }
  return what;
}

/**
 * Where a header's or query parameter's name says what its value is (`Ocp-Apim-Subscription-Key`,
 * `x-functions-key`, `code`), by type: the maps of names to values, as `<block>.<map>` paths.
 */
const PARAMETER_MAPS: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  azurerm_api_management_backend: [['credentials', 'header'], ['credentials', 'query']],
  'data.http': [['', 'request_headers']],
  // AzAPI's request headers: an action's, and a resource's per operation.
  ...Object.fromEntries(['azapi_resource_action', 'data.azapi_resource_action'].map((t) => [t, [['', 'headers']] as const])),
  ...Object.fromEntries(['azapi_resource', 'azapi_update_resource'].map((t) => [t, ['create_headers', 'update_headers', 'read_headers', 'delete_headers'].map((h) => ['', h] as const)])),
};

/** A value written out under a credential parameter's name: a non-empty literal, not a reference and not a named value (`{{psp-key}}`). */
const literal = (v: unknown): v is string => typeof v === 'string' && v !== '' && !v.includes('${') && !NAMED_VALUE.test(v);

/**
 * A literal under a credential parameter's name (an API Management backend's `credentials.header`,
 * `query` and `authorization.parameter`, an http data source's `request_headers`): the name says
 * what it is, whatever its format. A named value (`{{psp-key}}`) and a reference pass.
 */
function parameterFindings(resource: RuleResource): RuleFinding[] {
  const out: RuleFinding[] = [];
  for (const [block, map] of PARAMETER_MAPS[resource.type] ?? []) {
    const holders = block === '' ? [resource.attributes] : blocksOf(resource.attributes[block]);
    for (const holder of holders) {
      for (const [name, value] of Object.entries(blockOf(holder[map]) ?? {})) {
        const setting = `${block === '' ? '' : `${block}.`}${map}.${name}`;
        if (literal(value) && isCredentialParameter(name)) {
          out.push({ setting, given: maskCredential(value), problem: `the name says the value is a credential (${name}), and it is a literal, ${whereHeld(resource.type)}`, fix: fixFor(resource.type, PARAMETER_FIX) });
        }
      }
    }
  }
  // A backend's Authorization header: its parameter is the credential, whatever the scheme.
  const authorization = resource.type === 'azurerm_api_management_backend' ? blockOf(blockOf(resource.attributes.credentials)?.authorization) : undefined;
  if (authorization !== undefined && literal(authorization.parameter)) {
    out.push({ setting: 'credentials.authorization.parameter', given: maskCredential(authorization.parameter), problem: `an Authorization header's credential (scheme ${String(authorization.scheme ?? 'unset')}), a literal, ${whereHeld(resource.type)}`, fix: fixFor(resource.type, PARAMETER_FIX) });
  }
  return out;
}

const PARAMETER_FIX = 'call with an identity instead where the API takes one (a backend: the gateway\'s managed identity, authentication-managed-identity in its policy); else keep the key in Key Vault and give it by reference (an API Management backend: a Key Vault-backed named value, {{name}}, in the header)';

/** An AzAPI resource's arguments with its `body` and `sensitive_body` read as the objects they hold, where they are JSON text. */
function withDocuments(given: Record<string, unknown>, variables: TerraformVariables): Record<string, unknown> {
  let out = given;
  for (const root of ['body', 'sensitive_body']) {
    const document = typeof given[root] === 'string' ? documentOf(given[root], variables) : undefined;
    if (document !== undefined) out = { ...out, [root]: document };
  }
  return out;
}

/** No argument to read. */
const NOTHING: Record<string, unknown> = Object.freeze({});

/**
 * SEC-1: a credential written anywhere in the configuration no other SEC-1 rule reads: a known
 * credential format (a connection string with a key, a SAS, a private key, a token, a provider's
 * API key, an Entra ID client secret) in any argument of any resource, data source or module call
 * (a tag, a container's `args`, a provisioner's command, an AzAPI body, an API Management
 * backend's header, an action group's webhook URL, `terraform_data`'s input, a module call's
 * `source` address, which `terraform init` prints); and a literal under
 * a secret's name where the name is all there is to go by: a module call's input (a variable of
 * the module: `client_secret = "..."`), a container group's environment variable, a property of
 * an AzAPI body (an API Management user's `password`),
 * a header or query parameter of an AzAPI request, an API Management
 * backend's `credentials` or an http data source's `request_headers` (`x-functions-key`), a
 * property of an extension's public settings (a VM extension's `settings` JSON, a Kubernetes
 * extension's `configuration_settings`: Azure returns them to every reader), a
 * `terraform_remote_state`'s `config` (a backend's
 * `access_key`), an ARM template deployment's parameter (by its name, or declared `securestring`
 * in the template; a secure parameter's `defaultValue` too), a provisioner's `connection` (`password`) and the value of a pair whose `name`
 * says it is a secret (a Dapr component's `metadata { name = "redisPassword", value = "..." }`,
 * whose fix is a component secret read from Key Vault). Every such value is in
 * `cdk.tf.json` (or the `.tf` files) and the plan file; most are in the state and in Azure, where
 * a tag is shown to every reader. The settings another rule judges (app settings, an app's
 * environment, a policy, attributes azurerm marks sensitive, AzAPI body properties Resource Manager marks secure) are left to it: one finding per value.
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
    const fromSource = module ? sourceFinding(resource.attributes.source) : undefined;
    const given = argumentsToRead(resource, module);
    // Most resources have no such map: the quick answer first.
    const byName = resource.type in PARAMETER_MAPS ? parameterFindings(resource) : [];
    // An ARM template deployment's parameters, by name and by the template's secure types.
    const deployment = TEMPLATE_DEPLOYMENTS.has(resource.type) || resource.type === 'azapi_resource' ? templateParameterFindings(resource, variablesOf(context)) : undefined;
    if (deployment !== undefined) byName.push(...deployment.findings);
    // A machine's user_data (custom_data is sensitive: SEC-1.SensitiveAttributePlainSecret's), read as the script it is;
    // one Terraform cannot read at plan is left to the argument-wide check.
    // The type first: most resources have no script, and an attribute read through the rules' view costs more than a lookup.
    const userData = isMachineScript(resource.type, 'user_data') ? resource.attributes.user_data : undefined;
    const script = typeof userData === 'string' ? scriptFinding('user_data', 'user_data', userData, variablesOf(context)) : undefined;
    if (script) byName.push(script);
    const parameters = byName.length > 0;
    if (given === NOTHING && fromSource === undefined && !parameters) return RuleOutcome.notApplicable();
    const armType = armTypeOfBody(resource);
    // A property Resource Manager marks secure is SEC-1.SensitiveAttributePlainSecret's, in body and sensitive_body.
    // The rules that own a body's app settings or env read a body they can parse: one known at plan only in part is judged here.
    const ownersRead = armType !== undefined && (typeof given.body !== 'string' || Object.keys(armBodyOf(resource)).length > 0);
    const judged = [...(armType === undefined ? JUDGED_ELSEWHERE[resource.type] ?? []
      : [...ownersRead ? JUDGED_ELSEWHERE[armType] ?? [] : [], ...armSkipPathsOf(armType, 'body'), ...armSkipPathsOf(armType, 'sensitive_body')]), ...deployment?.read ?? [], ...script !== undefined ? ['user_data'] : []];
    const fixType = armType !== undefined && armType.toLowerCase() === DAPR_COMPONENT_ARM.toLowerCase() ? `azapi:${DAPR_COMPONENT_ARM}` : resource.type;
    // An AzAPI body given as JSON text (jsonencode, partly known too) is read as the object it holds, as the other rules read it.
    // So is an extension's public settings (`settings = jsonencode({ storageAccountKey = "..." })`), whose names say what a value is.
    const attributes = armType !== undefined ? withDocuments(given, variablesOf(context))
      : resource.type in EXTENSION_SETTINGS ? withSettingsDocuments(resource.type, given, variablesOf(context)) : given;
    // A Kubernetes manifest's body is another API's schema: by name only a Secret's (its data and stringData).
    const byOwnName = judgedByName(resource.type) && (resource.type !== 'kubernetes_manifest' || blockOf(given.manifest)?.kind === 'Secret');
    const leaves = leavesOf(attributes, judged, module, undefined, namedRootsOf(resource.type), !PAIRS_NAME_OTHER_THINGS.has(resource.type), byOwnName);
    // A placeholder another tool resolves, where one does (another provider's resource).
    const placeholder = (text: string) => byOwnName && PLACEHOLDER.test(text);
    // Nothing that may hold a credential (most resources: names, ids, references, switches): a case
    // the rule does not cover, counted, not a row each (the report stays smaller than the JSON).
    if (leaves.length === 0 && fromSource === undefined && !parameters) return RuleOutcome.notApplicable();
    const variables = variablesOf(context);
    const findings: RuleFinding[] = fromSource !== undefined ? [fromSource] : [];
    // A name says what a value is only where it names the value (a module's input, a backend's or a
    // connection's argument); elsewhere a key (a tag's) is anyone's word, and the format decides.
    const foundAt = new Set<number>();
    const extensions = resource.type in EXTENSION_SETTINGS;
    // A Helm release's values: a chart's names for a Kubernetes Secret (existingSecret) name the Secret.
    const helmValues = PAIRS_NAME_OTHER_THINGS.has(resource.type);
    for (const [at, { setting, name, text, named, words, pair }] of leaves.entries()) {
      // A list's words together: only where none of them was found alone (one finding per value).
      if (words !== undefined && [...foundAt].some((i) => i >= at - words)) continue;
      // A placeholder another tool resolves is no secret under a secret's name: its format alone is judged.
      // In a chart's values (a Helm release's, a cluster extension's settings) a chart's name for a Kubernetes Secret names the Secret.
      const settings = extensions ? extensionSettingOf(resource.type, setting) : undefined;
      const chartValues = helmValues || settings === 'configuration_settings';
      const found = literalCredentialIn(text, named && !placeholder(text) ? name : '', variables, true, chartValues) ?? (settings !== undefined ? protectedOnlyIn(name, text, variables) : undefined);
      if (found === undefined) {
        // A pair's header name (`X-Api-Key`): a literal there is a credential, whatever its format.
        if (pair === true && named && isCredentialPairName(name) && literal(text) && !placeholder(text) && !/^@Microsoft\.KeyVault\(/i.test(text)) {
          foundAt.add(at);
          findings.push({ setting, given: maskCredential(text), problem: `the name says the value is a credential (${name}), and it is a literal, ${whereHeld(resource.type, setting)}`, fix: fixFor(fixType, PARAMETER_FIX, setting) });
        }
        continue;
      }
      foundAt.add(at);
      findings.push({ setting, given: found.given, problem: `${found.problem}, ${whereHeld(resource.type, setting)}`, fix: fixFor(fixType, found.fix, setting) });
    }
    // One finding per value: a parameter whose value a format found already is not named again.
    const settings = new Set(findings.map((f) => f.setting));
    findings.push(...byName.filter((f) => !settings.has(f.setting)));
    return findings.length > 0 ? RuleOutcome.nonCompliant(...findings) : RuleOutcome.compliant();
  }
}
