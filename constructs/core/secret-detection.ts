import { Token } from 'cdktf';
import { IConstruct } from 'constructs';
import { resolveIn } from './claims';
import { OTHER_PROVIDER_SECRETS, providerOf } from './other-provider-secrets';
import { SENSITIVE_ATTRIBUTES } from './sensitive-attributes';
import { stackVariables } from './stack-variables';
import { evaluateValue, expressionsOf, knownParts, readsConfigurationOnly, TerraformVariables, UNKNOWN_PART } from './terraform-expression';
import { credentialFormatOf, IDENTITY, KEY_VAULT, maskCredential, TYPED_SECRET } from './credential-formats';
import { Suppressions } from './suppressions';
import { refuse } from './validation';

/**
 * The lessons-check rule that applies this detector to each host's raw resources, and the
 * settings its findings name (a `notSecrets` declaration suppresses those, with its reason).
 */
const RULE_SETTINGS = {
  'container-apps': { rule: 'SEC-1.ContainerAppPlainSecret', settings: ['template.container.env', 'body.properties.template.containers.env'] },
  'app-service': { rule: 'SEC-1.AppSettingPlainSecret', settings: ['app_settings', 'body.properties.siteConfig.appSettings'] },
} as const;

/** Who reads the settings: it decides which Key Vault reference syntax resolves. */
export enum SettingsHost {
  /** Container Apps environment variables: plain values, no `@Microsoft.KeyVault(...)` resolution. */
  CONTAINER_APPS = 'container-apps',
  /** App Service and Functions app settings: `@Microsoft.KeyVault(SecretUri=...)` is resolved by the platform. */
  APP_SERVICE = 'app-service',
}

/**
 * A variable or app setting declared not to be a secret although it looks like one, with the
 * reason (it is read in code review next to the value).
 */
export interface NotSecret {
  /** The variable or setting name, exactly as given. */
  readonly name: string;
  /** Why it is no secret, e.g. `the app reads this secret URI itself with its identity`. */
  readonly reason: string;
}

/** Why a value looks like a credential, and what to do instead. */
export interface CredentialProblem {
  /** What the value looks like, and why that breaks. */
  readonly problem: string;
  /** What to do instead. */
  readonly fix: string;
}

const KEY_VAULT_SECRET_URI = /^https:\/\/[a-z0-9-]+\.vault\.(?:azure\.net|azure\.cn|usgovcloudapi\.net)\/secrets\/[^/\s]+/i;
const KEY_VAULT_REFERENCE = /^@Microsoft\.KeyVault\s*\(/i;
/** An API Management named value's placeholder, the whole value (its name's characters only): `{{psp-key}}`. */
export const NAMED_VALUE = /^\{\{[A-Za-z0-9._-]+\}\}$/;
/** App Service's Key Vault reference, the whole value: `@Microsoft.KeyVault(SecretUri=https://...)` or `(VaultName=...;SecretName=...[;SecretVersion=...])`. */
const WHOLE_KEY_VAULT_REFERENCE = /^@Microsoft\.KeyVault\((?:SecretUri=https:\/\/[^)\s]+|VaultName=[^;)\s]+;\s*SecretName=[^;)\s]+(?:;\s*SecretVersion=[^;)\s]+)?)\)$/i;
/**
 * A name whose last part says the value is a secret: `DB_PASSWORD`, `PSP_API_KEY`, `Jwt__Secret`
 * (`DbPassword`, `apiKey` once in words); Azure's key names (`Storage__AccountKey`,
 * `Apim__SubscriptionKey`, `COSMOS_MASTER_KEY`, `ServiceBusSasKey`, `Search__AdminKey`), signing and
 * encryption keys, a passphrase, and a .NET section's own `Key` (`OpenAI__Key`, `Stripe:Key`). A
 * key that names a row or a request (`PartitionKey`, `IdempotencyKey`, `CacheKey`) is none.
 */
const SECRET_NAME = /(?:^|[_.-])(PASSWORDS?|PASSWD|PWD|PASSPHRASE|SECRET|CLIENT_?SECRET|API_?KEYS?|ACCESS_?KEY|ACCOUNT_?KEY|SUBSCRIPTION_?KEY|(?:MASTER|PRIMARY|SECONDARY|ADMIN|SAS|TOPIC|FUNCTION)_?KEY|(?:SIGNING|ENCRYPTION|HMAC)_?KEY|PRIVATE_?KEY|SECRET_?KEY|ACCESS_?TOKEN|AUTH_?TOKEN|TOKEN)$|(?:__|:)(KEY)$/i;
/** A PascalCase or camelCase name in words (`StripeApiKey` -> `Stripe_Api_Key`), as the secret-name check reads it. */
const wordsOf = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2');
/** The last part of `name` that says its value is a secret (`PASSWORD` of `DbPassword`), or undefined. */
function secretWordOf(name: string): string | undefined {
  const m = SECRET_NAME.exec(wordsOf(name));
  return m === null ? undefined : m[1] ?? m[2];
}

/** Whether `name` says its value is a secret (`redisPassword`, `DB_PASSWORD`, `Stripe__Key`): the quick question before a value is judged by its name. */
export function namesSecret(name: string): boolean {
  return secretWordOf(name) !== undefined;
}

/**
 * Names that also name what is no credential: a section's own `Key` (`Redis__Key = "myapp:"`, a
 * cache key's prefix), `PrimaryKey` (`/id`, a partition's path), `TopicKey` (a topic's name).
 * Under them only a value shaped like a key is one: 20 or more characters, letters and digits, no
 * space, not a path.
 */
const WEAK_KEY_WORDS = new Set(['KEY', 'PRIMARYKEY', 'SECONDARYKEY', 'TOPICKEY']);
const KEY_SHAPED = (value: string) => value.length >= 20 && !/\s/.test(value) && !value.startsWith('/') && /[A-Za-z]/.test(value) && /\d/.test(value);

/**
 * The word of `name` that says `value` is a secret, where the value may be one: not an http(s)
 * address without user info (`Jwt__SigningKey = "https://kv.vault.azure.net/keys/jwt"`: where the
 * key is), and under a name that also names other things, a value shaped like a key.
 */
function secretWordFor(name: string, value: string, kubernetesNames = false): string | undefined {
  const word = secretWordOf(name);
  if (word === undefined || PLAIN_HTTP_ADDRESS.test(value)) return undefined;
  // Where a chart's values are read (`kubernetesNames`), a name for a Kubernetes Secret given an object's name names the Secret.
  if (kubernetesNames && NAMES_A_SECRET_OBJECT.test(wordsOf(name)) && KUBERNETES_OBJECT_NAME.test(value)) return undefined;
  return WEAK_KEY_WORDS.has(word.toUpperCase().replace(/[_-]/g, '')) && !KEY_SHAPED(value) ? undefined : word;
}
/**
 * Names that, in a Helm chart's values, name a Kubernetes Secret rather than hold a secret: the
 * charts' convention (`auth.existingSecret = "redis-auth"`, Bitnami's and most others'), an image
 * pull secret (`imagePullSecrets`) and a TLS certificate's Secret (Azure ML's `sslSecret`,
 * `tlsSecret`). Elsewhere (an app setting `EXISTING_SECRET`) a name is whatever the app makes of
 * it, and is judged as any other; in a chart, another name that ends in "secret" (`jwtSecret`) may
 * hold one.
 */
const NAMES_A_SECRET_OBJECT = /(?:^|[_.-])(?:existing_?secret|image_?pull_?secrets?|(?:ssl|tls)_?secret)$/i;
/** A Kubernetes object's name (a Secret's: `redis-auth`, `azureml-tls`): lower-case letters, digits, `-` and `.`. */
export const KUBERNETES_OBJECT_NAME = /^[a-z0-9](?:[-a-z0-9.]{0,251}[a-z0-9])?$/;
/** Literals no secret is made of, whatever the name says: switches and small numbers (`USE_ACCESS_TOKEN=true`). */
const PLAIN_LITERAL = /^(?:true|false|yes|no|on|off|enabled|disabled|none|null|\d{1,5})$/i;

/** The secret word `name` holds when `value`, a literal, is one under it (`DB_PASSWORD`, `hunter22`), or undefined (no such word, a switch, an address). */
export function literalSecretWord(name: string, value: string): string | undefined {
  return value === '' || PLAIN_LITERAL.test(value) ? undefined : secretWordFor(name, value);
}

/** Whether `value` is a switch or a small number, which no secret is made of, whatever its name says (`USE_ACCESS_TOKEN=true`). */
export function isPlainLiteral(value: string): boolean {
  return PLAIN_LITERAL.test(value);
}

/** A reference in Terraform expression text: `[data.]<type>.<name>.<attribute>[...]`. */
const RESOURCE_REFERENCE = /(?<![\w.])((?:data\.)?(?:azurerm|azuread|azapi|random|tls)_[a-z0-9_]+)\.[A-Za-z0-9_-]+((?:\.[A-Za-z_][A-Za-z0-9_]*|\[[^\]]*\])+)/g;

/** The credential attributes of a type: azurerm's generated table, and other providers' (`OTHER_PROVIDER_SECRETS`). */
const sensitivePathsOf = (type: string): readonly string[] => SENSITIVE_ATTRIBUTES[type] ?? OTHER_PROVIDER_SECRETS[type] ?? [];

/** The type prefixes of the providers whose credential attributes the detector knows. */
const PROVIDER_PREFIXES = ['azurerm_', 'azuread_', 'azapi_', 'random_', 'tls_'];

/**
 * The first reference in `text` (a value resolved as the stack writes it) to an attribute azurerm
 * marks Sensitive, as `<type>.<attribute path>` (e.g. `azurerm_storage_account.primary_connection_string`),
 * or undefined. A reference to a whole block that holds one counts too.
 */
export function sensitiveReferenceIn(text: string): string | undefined {
  for (const expression of expressionsOf(text)) {
    for (const match of expression.matchAll(RESOURCE_REFERENCE)) {
      const [, type, rest] = match;
      const attributePath = rest.replace(/\[[^\]]*\]/g, '').slice(1);
      const sensitive = sensitivePathsOf(type);
      if (attributePath && sensitive.some((p) => p === attributePath || p.startsWith(`${attributePath}.`) || attributePath.startsWith(`${p}.`))) {
        return `${type}.${attributePath}`;
      }
    }
  }
  return undefined;
}

/** Of each type with sensitive attributes, the first segment of each (`kube_config` of `kube_config.client_key`); made on first use. */
let sensitiveHeads: ReadonlyMap<string, ReadonlySet<string>> | undefined;
const headsOf = (type: string) => (sensitiveHeads ??= new Map(
  [...Object.entries(OTHER_PROVIDER_SECRETS), ...Object.entries(SENSITIVE_ATTRIBUTES)].map(([t, paths]) => [t, new Set(paths.map((p) => p.split('.')[0]))]),
)).get(type);

const DOT = 46;
const DASH = 45;
const OPEN_BRACKET = 91;

/** Whether the character code `c` may be in a Terraform attribute's name. */
const isNameCode = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;

/**
 * Whether `text` may hold a reference to an attribute azurerm (or another provider of
 * `OTHER_PROVIDER_SECRETS`) marks sensitive (`azurerm_storage_account.st.primary_access_key`,
 * `azuread_application_password.web.value`): a type with such attributes, a name, and an
 * attribute one of them starts with. A quick test before `sensitiveReferenceIn` (which reads the
 * expressions), with no regular expression and no allocation but the names it looks up: it runs on
 * every string of every resource.
 */
export function mayReferenceSensitive(text: string): boolean {
  // Most strings (names, regions, ids) hold no `_`, which every type's prefix has: one scan answers them.
  if (text.indexOf('_') === -1) return false;
  for (const prefix of PROVIDER_PREFIXES) if (mayReferenceSensitiveOf(text, prefix)) return true;
  return false;
}

/** `mayReferenceSensitive` for the types whose names start with `prefix` (`azurerm_`). */
function mayReferenceSensitiveOf(text: string, prefix: string): boolean {
  let at = text.indexOf(prefix);
  while (at !== -1) {
    let end = at + prefix.length;
    while (end < text.length && isNameCode(text.charCodeAt(end))) end += 1;
    const heads = text.charCodeAt(end) === DOT ? headsOf(text.slice(at >= 5 && text.startsWith('data.', at - 5) ? at - 5 : at, end)) : undefined;
    if (heads !== undefined) {
      // The resource's name, then its index or key (`[0]`, `["a.b"]`), then the attribute.
      let name = end + 1;
      while (name < text.length && (isNameCode(text.charCodeAt(name)) || text.charCodeAt(name) === DASH)) name += 1;
      while (text.charCodeAt(name) === OPEN_BRACKET) {
        const close = text.indexOf(']', name);
        // An unclosed bracket: no reference here, perhaps one further on.
        name = close === -1 ? text.length : close + 1;
      }
      if (text.charCodeAt(name) === DOT) {
        let attribute = name + 1;
        while (attribute < text.length && isNameCode(text.charCodeAt(attribute))) attribute += 1;
        if (heads.has(text.slice(name + 1, attribute))) return true;
      }
    }
    at = text.indexOf(prefix, end);
  }
  return false;
}

/**
 * How a message shows a value holding a reference to a sensitive attribute (`attribute`, as
 * `sensitiveReferenceIn` gives it): the value as the stack writes it where it is that reference
 * alone (`${azurerm_storage_account.st.primary_access_key}`), else the reference with its name left
 * out (`${azurerm_storage_account.<name>.primary_access_key}`). A reference names the attribute, not
 * its value (unknown at synth), so it is never masked.
 */
export function sensitiveReferenceShown(text: string, attribute: string): string {
  return /^\$\{[^"}]*\}$/.test(text) ? text : `\${${attribute.replace(/^((?:data\.)?[a-z0-9_]+)\./, '$1.<name>.')}}`;
}

/**
 * The one place that decides whether an environment variable or app setting holds a credential:
 * connection strings with account, shared-access or password keys (Storage, Service Bus, Event
 * Hubs, Cosmos DB, SQL, Redis), SAS tokens, PEM private keys, JWTs, well-known API-key prefixes,
 * URLs with a password, Key Vault secret URIs given as plain values, App Service's
 * `@Microsoft.KeyVault(...)` syntax where Container Apps would pass it on unresolved, and a
 * literal under a name that says it is a secret (`DB_PASSWORD`). A refusal shows the value
 * masked (`SecretDetector.mask`), never the value.
 */
export class SecretDetector {
  /**
   * A value as a message may show it: `…` and its length, after its first four characters only
   * where they are a known, public prefix (a key's provider, a connection string's first keyword,
   * a URL's scheme) and the value has 16 characters or more, e.g. `sk_l…(32 chars)`; a password's
   * first characters are part of the secret, so `…(20 chars)`.
   */
  public static mask(value: string): string {
    return maskCredential(value);
  }

  /**
   * `value` as a message about something else may show it: masked when it looks like a
   * credential (a deprecated setting that holds a connection string), as given otherwise.
   */
  public static maskIfCredential(value: string, host: SettingsHost, name?: string): string {
    return typeof value === 'string' && SecretDetector.problemOf(value, host, name) ? SecretDetector.mask(value) : value;
  }

  /**
   * Why `value`, set as `name` for `host`, looks like a credential, or undefined when it does not.
   * @param name the variable or setting name @default - the name is not checked
   */
  public static problemOf(value: string, host: SettingsHost, name?: string): CredentialProblem | undefined {
    const inPlainText = 'in plain text it lands in the Terraform state, the plan output and the app\'s configuration, readable by whoever can read them.';
    if (KEY_VAULT_REFERENCE.test(value)) {
      if (host === SettingsHost.APP_SERVICE) return undefined;
      return {
        problem: 'this is App Service\'s Key Vault reference syntax: Container Apps does not resolve it, so the app gets the text @Microsoft.KeyVault(...) instead of the secret.',
        fix: `declare the Key Vault secret in secrets (${TYPED_SECRET}) and take it by name in secretEnvironmentVariables ({ ${name ?? '<VARIABLE>'}: '<secret name>' }): Container Apps reads it with the app's identity, granted Key Vault Secrets User on that secret (notSecrets would only pass the text on).`,
      };
    }
    if (KEY_VAULT_SECRET_URI.test(value)) {
      return {
        problem: `a Key Vault secret URI as a plain value: ${host === SettingsHost.APP_SERVICE ? 'App Service' : 'Container Apps'} passes the URI on, not the secret.`,
        fix: 'if the app reads the secret itself with its identity (Key Vault Secrets User on the secret), declare it in notSecrets with that reason'
          + (host === SettingsHost.APP_SERVICE ? '; for the platform to resolve it, write @Microsoft.KeyVault(SecretUri=<uri>).'
            : `; for Container Apps to read it, declare it in secrets (${TYPED_SECRET}) and take it in secretEnvironmentVariables.`),
      };
    }
    const pattern = credentialFormatOf(value);
    if (pattern) return { problem: `${pattern.what}: ${inPlainText}`, fix: `${pattern.instead}.` };
    const word = name !== undefined && value !== '' && !PLAIN_LITERAL.test(value) && !Token.isUnresolved(value) ? secretWordFor(name, value) : undefined;
    if (word !== undefined) {
      return { problem: `the name says the value is a secret (${word.toUpperCase()}), and it is a literal: ${inPlainText}`, fix: `${KEY_VAULT}.` };
    }
    return undefined;
  }

  /**
   * Refuse every value of `values` that looks like a credential (SEC-1), as
   * `[SEC-1] <path>: <setting>.<name> = <masked>: <problem> Fix: <fix>`, except the names
   * declared in `notSecrets`; a declaration without a reason, or for a name not in `values`
   * (it would exempt a later secret of that name silently), is refused too.
   * @param setting the prop the values come from, e.g. `environmentVariables`
   * @param values @default - none
   * @param notSecrets @default - none
   */
  public static check(
    scope: IConstruct, setting: string, host: SettingsHost, values?: { [name: string]: string }, notSecrets?: NotSecret[],
  ): void {
    const given = values ?? {};
    const declared = new Set<string>();
    (notSecrets ?? []).forEach((d, i) => {
      if (!(d.name in given)) {
        refuse(scope, {
          lesson: 'SEC-1', setting: `notSecrets[${i}].name`, given: d.name,
          problem: `${setting} has no such name, and the declaration would silently exempt a secret given under that name later.`,
          fix: `name one of ${setting} (${Object.keys(given).join(', ') || 'none given'}), or drop the declaration.`,
        });
      }
      if (Token.isUnresolved(d.reason) || d.reason.trim() === '') {
        refuse(scope, {
          lesson: 'SEC-1', setting: `notSecrets[${i}].reason`, given: d.reason,
          problem: 'a value that looks like a credential is let through only with the reason it is none, for review.',
          fix: 'say why it is no secret, e.g. "the app reads this secret URI itself with its identity".',
        });
      }
      declared.add(d.name);
      // The lessons check's rule on the app's resources honours the declaration, with its reason.
      const rule = RULE_SETTINGS[host];
      Suppressions.add(scope, { id: rule.rule, reason: `declared not a secret (notSecrets): ${d.reason}`, appliesTo: rule.settings.map((p) => `${p}.${d.name}`) });
    });
    const variables = Object.values(given).some((v) => typeof v === 'string' && Token.isUnresolved(v)) ? stackVariables(scope) : new Map();
    for (const [name, value] of Object.entries(given)) {
      if (declared.has(name) || typeof value !== 'string') continue;
      // A token is judged by what Terraform will get: a variable's default, a function of literals, a sensitive input.
      const found = Token.isUnresolved(value)
        ? credentialInTerraform(String(resolveIn(scope, value)), host, name, variables)
        : withGiven(SecretDetector.problemOf(value, host, name), value);
      if (found) {
        refuse(scope, {
          lesson: 'SEC-1', setting: `${setting}.${name}`, given: found.given, problem: found.problem,
          fix: found.fix.includes('notSecrets') ? found.fix : `${found.fix} If it is no secret, declare it: notSecrets: [{ name: '${name}', reason: '...' }].`,
        });
      }
    }
  }

  private constructor() {}
}

/** A credential found in a value, with what a message may show of it (never the secret). */
export interface FoundCredential extends CredentialProblem {
  /** The value masked, or the reference or variable it comes from. */
  readonly given: string;
  /** Where in an object or list the credential is (`.db.password`, `[0].password`: appended to the value's setting), when not the whole value. */
  readonly at?: string;
}

/** `problem` with `value` masked for its message; the mask is made only for a problem (most values have none). */
function withGiven(problem: CredentialProblem | undefined, value: string): FoundCredential | undefined {
  return problem ? { ...problem, given: SecretDetector.mask(value) } : undefined;
}

const where = (host: SettingsHost) => (host === SettingsHost.APP_SERVICE ? 'an app setting' : 'an environment variable');
const inKeyVault = (host: SettingsHost) => `${KEY_VAULT} (${host === SettingsHost.APP_SERVICE ? '@Microsoft.KeyVault(SecretUri=<versionless secret URI>)' : `in a Container App: secrets (${TYPED_SECRET}) and secretEnvironmentVariables`})`;

/** `${<type>.<name>.<attribute>...}` alone: a reference to a resource's or a data source's attribute, no variable or local, no text around it. */
const BARE_RESOURCE_REFERENCE = /^\$\{(?!var\.|local\.)[a-z][a-z0-9_]*\.[A-Za-z0-9_-]+(?:\.[A-Za-z_][A-Za-z0-9_-]*|\[\d+\])+\}$/;

/**
 * The one detector for a value as Terraform JSON (or HCL read by hcl2json) writes it, as the
 * constructs, the lessons check on raw resources and `azure-lessons` see it: the text as written
 * (`AccountKey=${...}`), the literal it evaluates to (a variable's default, a function of
 * literals: `${join("", ["ghp_", "..."])}`), a sensitive variable without a default (a secret
 * given at plan time), a value marked sensitive, and a reference to an attribute azurerm marks
 * sensitive. What it gives a message is masked, or the reference: never the secret.
 * @param name the variable or setting name, for the secret-name check
 */
export function credentialInTerraform(text: string, host: SettingsHost, name: string | undefined, variables: TerraformVariables): FoundCredential | undefined {
  // A resource's attribute alone (an identity's client id, a topic's endpoint: most values of an app's
  // environment) holds no credential unless the attribute is sensitive: no format, no variable, no literal.
  if (BARE_RESOURCE_REFERENCE.test(text) && !mayReferenceSensitive(text)) return undefined;
  const references = text.includes('${');
  const written = withGiven(SecretDetector.problemOf(text, host, references ? undefined : name), text);
  if (written || !references) return written;
  const evaluated = evaluateValue(text, variables);
  if (evaluated.known && typeof evaluated.value === 'string') {
    const literal = withGiven(SecretDetector.problemOf(evaluated.value, host, name), evaluated.value);
    if (literal) return literal;
  }
  const attribute = sensitiveReferenceIn(text);
  if (attribute !== undefined) {
    return {
      given: sensitiveReferenceShown(text, attribute),
      problem: `a reference to ${attribute}, which ${providerOf(attribute)} marks sensitive: a credential, and in ${where(host)} its value lands in the Terraform state, the plan output and the app's configuration, readable by whoever can read them.`,
      fix: `${IDENTITY} (the resource's endpoint or name, and a data role granted to it); a credential the app cannot do without stays in Key Vault, read with the app's identity (${host === SettingsHost.APP_SERVICE ? '@Microsoft.KeyVault(SecretUri=<versionless secret URI>)' : 'secrets and secretEnvironmentVariables'}).`,
    };
  }
  if (evaluated.sensitiveInputs.length > 0) {
    const inputs = evaluated.sensitiveInputs.map((v) => `var.${v}`).join(', ');
    return {
      given: `\${${inputs}}`,
      problem: `a sensitive variable without a default (${inputs}): a secret given at plan time, and in ${where(host)} it still lands in plain text in the Terraform state and the app's configuration, readable by whoever can read them (sensitive only hides it in the plan output).`,
      fix: `${inKeyVault(host)}; the variable goes away.`,
    };
  }
  if (evaluated.sensitive) {
    return {
      given: evaluated.known && typeof evaluated.value === 'string' ? SecretDetector.mask(evaluated.value) : SecretDetector.mask(text),
      problem: `the value is marked sensitive (a sensitive variable or sensitive(...)): a secret, and in ${where(host)} it lands in plain text in the Terraform state and the app's configuration, readable by whoever can read them (sensitive only hides it in the plan output).`,
      fix: `${inKeyVault(host)}.`,
    };
  }
  // A setting's value that is an object with a secret's entry (`jsonencode({ db_password = "...", host = var.h })`).
  const entry = namedEntryInExpression(text);
  if (entry !== undefined) {
    return {
      given: SecretDetector.mask(text),
      problem: `${entry}: in ${where(host)} it lands in plain text in the Terraform state, the plan output and the app's configuration, readable by whoever can read them.`,
      fix: `${inKeyVault(host)}.`,
    };
  }
  // What cannot be evaluated but reads nothing from outside the configuration (a conditional of
  // literals, file(...)) is text the configuration holds: under a secret's name it is refused as a literal is.
  const word = name !== undefined && !evaluated.known ? secretWordOf(name) : undefined;
  if (word !== undefined && readsConfigurationOnly(text, variables)) {
    return {
      given: SecretDetector.mask(text),
      problem: `the name says the value is a secret (${word.toUpperCase()}), and it comes from the configuration alone (an expression of literals the check cannot evaluate, such as a conditional or file(...)): in ${where(host)} it lands in plain text in the Terraform state, the plan output and the app's configuration, readable by whoever can read them.`,
      fix: `${inKeyVault(host)}.`,
    };
  }
  return undefined;
}

/** What `configuredSecretIn` calls a value read from the configuration by an expression it cannot evaluate (`file(...)`). */
export const CONFIGURATION_ALONE = 'an expression of the configuration alone (a conditional of literals, file(...))';

/** What a message calls a value the configuration holds (rules see a variable's default or a function of literals already evaluated). */
const WRITTEN = 'a value written in the configuration (a literal, or a variable\'s default, a local or a function of literals that evaluates to one)';

/**
 * The secret a value Terraform treats as one holds in the configuration itself, as Terraform JSON
 * (or HCL read by hcl2json) writes it: a value of an attribute azurerm marks sensitive (a
 * Container App secret's `value`, `azurerm_key_vault_secret.value`, a connection string) that
 * is a literal, evaluates to one (a variable's default, a local, a function of literals), comes
 * from the configuration alone (`file(...)`, a conditional of literals), or holds a credential
 * format beside references (`Server=${...};Password=...`). A reference (`${azurerm_x.y.primary_key}`),
 * a variable without a default and App Service's `@Microsoft.KeyVault(...)` pass: the secret
 * then comes from elsewhere. Masked for a message, never the secret.
 */
export function configuredSecretIn(text: string, variables: TerraformVariables): { readonly given: string; readonly from: string } | undefined {
  if (text === '' || KEY_VAULT_REFERENCE.test(text)) return undefined;
  if (!text.includes('${')) return { given: SecretDetector.mask(text), from: WRITTEN };
  const evaluated = evaluateValue(text, variables);
  if (evaluated.known) {
    if (typeof evaluated.value !== 'string' || evaluated.value === '' || KEY_VAULT_REFERENCE.test(evaluated.value)) return undefined;
    return { given: SecretDetector.mask(evaluated.value), from: WRITTEN };
  }
  const format = literalFormatIn(text, variables);
  if (format) return { given: SecretDetector.mask(text), from: `${format.what}, written beside references` };
  const entry = namedEntryInExpression(text);
  if (entry !== undefined) return { given: SecretDetector.mask(text), from: entry };
  if (readsConfigurationOnly(text, variables)) return { given: SecretDetector.mask(text), from: CONFIGURATION_ALONE };
  const fallback = fallbackLiteralIn(text);
  if (fallback !== undefined) return { given: SecretDetector.mask(fallback), from: FALLBACK };
  return undefined;
}

/** What `configuredSecretIn` calls a literal an expression falls back to. */
const FALLBACK = 'a fallback written in the configuration (a literal in coalesce() or try(), a lookup\'s default or a conditional\'s branch, which Terraform sends whenever the rest is empty or fails)';

/** A string literal starting at `at` of `expression` (after white space), with where it ends, or undefined. */
function stringLiteralAt(expression: string, at: number): { value: string; end: number } | undefined {
  let i = at;
  while (i < expression.length && /\s/.test(expression[i])) i += 1;
  const m = /^"((?:[^"\\$%]|\\.|[$%](?!\{)){0,4096})"/.exec(expression.slice(i, i + 4100));
  return m === null ? undefined : { value: m[1].replace(/\\(.)/g, '$1'), end: i + m[0].length };
}

/** The index just past the argument or branch that starts at `from`: the next `,` `:` `)` `]` `}` at depth 0 (strings skipped), or the end. */
function endOfPart(expression: string, from: number, stops: string): number {
  let depth = 0;
  for (let i = from; i < expression.length; i += 1) {
    const c = expression[i];
    if (c === '"') {
      for (i += 1; i < expression.length && expression[i] !== '"'; i += 1) if (expression[i] === '\\') i += 1;
    } else if (c === '(' || c === '[' || c === '{') depth += 1;
    else if ((c === ')' || c === ']' || c === '}') && depth > 0) depth -= 1;
    else if (depth === 0 && stops.includes(c)) return i;
  }
  return expression.length;
}

/**
 * A non-empty string literal an expression falls back to: an argument of `coalesce(...)` or
 * `try(...)`, a lookup's third argument (its default), a conditional's branch
 * (`var.pw != "" ? var.pw : "hunter2"`). In a sensitive attribute Terraform sends it whenever the
 * rest is empty or fails, so the configuration holds a secret.
 */
function fallbackLiteralIn(text: string): string | undefined {
  for (const expression of expressionsOf(text)) {
    for (const m of expression.matchAll(/\b(coalesce|try|lookup)\s*\(/g)) {
      let at = m.index + m[0].length;
      let found: string | undefined;
      for (let arg = 0; at <= expression.length && expression[at - 1] !== ')'; arg += 1) {
        const literal = stringLiteralAt(expression, at);
        const end = endOfPart(expression, at, ',)');
        if (found === undefined && literal !== undefined && literal.value !== '' && (m[1] !== 'lookup' || arg === 2) && /^\s*$/.test(expression.slice(literal.end, end))) found = literal.value;
        at = end + 1;
      }
      // A call whose value is compared (`coalesce(var.x, "a") == "b"`) gives no value.
      if (found !== undefined && !/^\s*[!=]=/.test(expression.slice(at))) return found;
    }
    for (let q = expression.indexOf('?'); q >= 0; q = expression.indexOf('?', q + 1)) {
      const colon = endOfPart(expression, q + 1, ':');
      for (const [from, stops] of [[q + 1, ':'], [colon + 1, ',)]}?']] as const) {
        const literal = stringLiteralAt(expression, from);
        if (literal !== undefined && literal.value !== '' && /^\s*$/.test(expression.slice(literal.end, endOfPart(expression, from, stops)))) return literal.value;
      }
    }
  }
  return undefined;
}

/** The credential format the known parts of an unknown value show (`Password=hunter2` beside `${...}`), the unknown parts left out, or a string literal inside its expressions holds. */
function literalFormatIn(text: string, variables: TerraformVariables) {
  const parts = knownParts(text, variables);
  return (parts === undefined ? undefined : credentialFormatOf(parts.split(UNKNOWN_PART).join(''))) ?? formatInExpressionLiteral(text);
}

/**
 * The credential format a string literal inside an expression holds: a conditional's branch
 * (`${var.prod ? "sk_live_..." : ""}`), a lookup's default, is configuration text whichever way the
 * expression goes.
 */
function formatInExpressionLiteral(text: string) {
  for (const expression of expressionsOf(text)) {
    for (const m of expression.matchAll(/"((?:[^"\\]|\\.){8,})"/g)) {
      const format = credentialFormatOf(m[1].replace(/\\(.)/g, '$1'));
      if (format) return format;
    }
  }
  return undefined;
}

/**
 * An object's entry under a secret's name inside an expression of `text` (a template's variables,
 * an encoded object: `templatefile("init.tpl", { db_password = "..." })`), as the problem a message
 * states. Read only where a name says what a value is (a sensitive attribute, an app setting, an
 * output, a module's input): in a tag's `merge(var.tags, { kv_secret = "..." })` a key is anyone's word.
 */
function namedEntryInExpression(text: string, kubernetesNames = false): string | undefined {
  for (const expression of expressionsOf(text)) {
    for (const m of expression.matchAll(OBJECT_ENTRY)) {
      const value = m[2].replace(/\\(.)/g, '$1');
      const word = secretWordFor(m[1], value, kubernetesNames);
      if (word === undefined || value.includes('${') || PLAIN_LITERAL.test(value) || WHOLE_KEY_VAULT_REFERENCE.test(value) || NAMED_VALUE.test(value)) continue;
      return `a literal under a secret's name (${word.toUpperCase()}) in an object inside an expression (a template's variables, an encoded object)`;
    }
  }
  return undefined;
}

/**
 * An entry of an object literal in an expression, `{ db_password = "..." }` or `{"db_password" = "..."}`
 * (cdktf's form) or `{ db_password: "..." }`: at the object's start, after a comma or a line
 * break, a name, `=` or `:`, and a string. Bounded runs: the text may be long.
 */
const OBJECT_ENTRY = /[{,\n]\s{0,64}"?([A-Za-z_][\w-]{0,127})"?\s{0,16}[=:]\s{0,16}"((?:[^"\\]|\\.){1,4096})"/g;

/**
 * A credential a Terraform output gives as literal text (or text that evaluates to one): a known
 * credential format, or a literal under a secret's name (`db_password`). A reference passes: the
 * output hands on what a resource holds, and Terraform asks for `sensitive` there.
 * @param name the output's name, for the secret-name check
 * @param placeholders whether a whole Key Vault reference or API Management named value under a
 *   secret's name passes (where something reads it as one: a module's input), not as a literal
 * @param kubernetesNames whether a Helm chart's name for a Kubernetes Secret (`existingSecret`,
 *   `imagePullSecrets`) given an object's name passes (a chart's values: a Helm release's, a
 *   cluster extension's settings)
 */
export function literalCredentialIn(value: unknown, name: string, variables: TerraformVariables, placeholders = false, kubernetesNames = false): FoundCredential | undefined {
  const strings: string[] = [];
  const collect = (v: unknown): void => {
    if (typeof v === 'string') strings.push(v);
    else if (Array.isArray(v)) v.forEach(collect);
    else if (v !== null && typeof v === 'object') Object.values(v).forEach(collect);
  };
  const evaluated = evaluateValue(value, variables);
  collect(evaluated.known ? evaluated.value : value);
  for (const text of strings) {
    const literal = !text.includes('${');
    const format = literal ? credentialFormatOf(text) : literalFormatIn(text, variables);
    if (format) return { given: SecretDetector.mask(text), problem: `${format.what}`, fix: `${format.instead}.` };
    // Where the value is read as one (`placeholders`: a module's input may become an app setting or a policy), a whole Key Vault
    // reference or API Management named value (`{{psp-key}}`) says where the secret is, not what it is; elsewhere it is sent as written.
    const placeholder = placeholders && (WHOLE_KEY_VAULT_REFERENCE.test(text) || NAMED_VALUE.test(text));
    const word = literal && typeof value === 'string' && text !== '' && !PLAIN_LITERAL.test(text) && !placeholder ? secretWordFor(name, text, kubernetesNames) : undefined;
    if (word !== undefined) return { given: SecretDetector.mask(text), problem: `the name says the value is a secret (${word.toUpperCase()}), and it is a literal`, fix: `${KEY_VAULT}.` };
  }
  // Where names count (a name is given: not a tag's or a command's text), an object's entry under a secret's name, at any depth
  // (`default = { login = "app", password = "..." }`), or inside an expression (`jsonencode({ password = "..." })`); a tags map's keys are anyone's word.
  if (name === '' || name === 'tags' || name === 'default_tags') return undefined;
  const entry = namedEntryIn(evaluated.known ? evaluated.value : value, '', kubernetesNames);
  if (entry !== undefined) return entry;
  for (const text of strings) {
    const problem = text.includes('${') ? namedEntryInExpression(text, kubernetesNames) : undefined;
    if (problem !== undefined) return { given: SecretDetector.mask(text), problem, fix: `${KEY_VAULT}.` };
  }
  return undefined;
}

/** The first string (or number) of an object or list that is a literal under a secret's name of its own, with where it is. */
function namedEntryIn(value: unknown, at: string, kubernetesNames = false): FoundCredential | undefined {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = value[i] !== null && typeof value[i] === 'object' ? namedEntryIn(value[i], `${at}[${i}]`, kubernetesNames) : undefined;
      if (found) return found;
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const here = `${at}.${key}`;
    if (key === 'tags' || key === 'default_tags') continue;
    if (item !== null && typeof item === 'object') {
      const found = namedEntryIn(item, here, kubernetesNames);
      if (found) return found;
      continue;
    }
    if (typeof item !== 'string' && typeof item !== 'number') continue;
    const text = String(item);
    if (text === '' || text.includes('${') || PLAIN_LITERAL.test(text) || PLAIN_HTTP_ADDRESS.test(text)) continue;
    // An entry is read as a setting (a local or a default of app settings): a whole Key Vault reference or named value says where the secret is.
    if (WHOLE_KEY_VAULT_REFERENCE.test(text) || NAMED_VALUE.test(text)) continue;
    const word = secretWordFor(key, text, kubernetesNames);
    if (word !== undefined) return { given: SecretDetector.mask(text), problem: `the name says the value is a secret (${word.toUpperCase()}), and it is a literal`, fix: `${KEY_VAULT}.`, at: here };
  }
  return undefined;
}

/** An http(s) address with no user info: under a secret's name, where the secret is, not what it is (a query key is a format of its own). */
const PLAIN_HTTP_ADDRESS = /^https?:\/\/[^\s@]+$/i;
