import { Token } from 'cdktf';
import { IConstruct } from 'constructs';
import { resolveIn } from './claims';
import { SENSITIVE_ATTRIBUTES } from './sensitive-attributes';
import { refuse } from './validation';

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

interface CredentialPattern {
  /** What the value looks like: "a Storage or Cosmos DB connection string with an account key". */
  readonly what: string;
  readonly matches: (value: string) => boolean;
  /** The better way: "connect with the app's identity ...". */
  readonly instead: string;
}

const IDENTITY = 'connect with the app\'s identity instead';
/** The typed way a Container App takes a Key Vault secret (constructs/container-apps/app-secrets.ts). */
const TYPED_SECRET = 'KeyVaultSecretReference.fromSlot(slot) or .fromVault(vault, \'<name>\')';
const KEY_VAULT = 'keep it in Key Vault and let the app read it with its identity (Key Vault Secrets User on the secret)';

/**
 * Well-known API-key prefixes (Stripe, GitHub, GitLab, Slack, AWS, Google, OpenAI, SendGrid, npm),
 * as one expression: any of them matching is the one test passing. Built once, not per value.
 */
const API_KEY = new RegExp([
  /\b[rs]k_(?:live|test)_[A-Za-z0-9]{8,}/,
  /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}/, /\bgithub_pat_[A-Za-z0-9_]{20,}/, /\bglpat-[A-Za-z0-9_-]{20,}/,
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/, /\bxapp-[A-Za-z0-9-]{10,}/,
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/, /\bAIza[0-9A-Za-z_-]{35}\b/,
  /\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}/, /\bsk-[A-Za-z0-9]{32,}\b/, /\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/, /\bnpm_[A-Za-z0-9]{36}\b/,
].map((re) => `(?:${re.source})`).join('|'));

/**
 * The credential formats, most specific first. Every test runs on the value as given, references
 * included: `AccountKey=${...primary_access_key}` is a key whatever the reference resolves to.
 */
const PATTERNS: readonly CredentialPattern[] = [
  {
    what: 'a connection string with a shared access key (Service Bus, Event Hubs, IoT Hub, Relay)',
    matches: (v) => /(?:^|;)\s*SharedAccessKey\s*=\s*[^;\s]/i.test(v),
    instead: `${IDENTITY} (\`<Name>__fullyQualifiedNamespace\` and an Azure Service Bus / Event Hubs Data role granted to it)`,
  },
  {
    what: 'a connection string with an account key (Storage, Cosmos DB)',
    matches: (v) => /(?:^|;)\s*AccountKey\s*=\s*[^;\s]/i.test(v),
    instead: `${IDENTITY} (\`<Name>__accountName\` or the account endpoint, and a data role granted to it)`,
  },
  {
    what: 'a shared access signature (SAS token)',
    matches: (v) => /(?:^|;)\s*SharedAccessSignature\s*=\s*[^;\s]/i.test(v) || /(?:^|[?&;])sig=[^&;\s]/i.test(v),
    instead: `${IDENTITY} (the account endpoint and a data role granted to it); a SAS is a bearer key until it expires`,
  },
  {
    what: 'a private key (PEM)',
    matches: (v) => /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----/.test(v),
    instead: 'keep the key or certificate in Key Vault and let the app read it with its identity',
  },
  {
    what: 'a URL with a password in it',
    matches: (v) => /\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@]*:[^\s/@]+@/i.test(v),
    instead: `${IDENTITY} (Entra ID for Redis, PostgreSQL, SQL), or ${KEY_VAULT}`,
  },
  {
    what: 'a connection string with a password (SQL, PostgreSQL, MySQL, Redis)',
    matches: (v) => /(?:^|[;,])\s*(?:Password|Pwd)\s*=\s*[^;,\s]/i.test(v),
    instead: `${IDENTITY} (SQL: Authentication=Active Directory Managed Identity; Redis: Entra ID), or ${KEY_VAULT}`,
  },
  {
    what: 'a JSON Web Token',
    matches: (v) => /\beyJ[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]+/.test(v),
    instead: 'let the app get its own tokens with its identity (DefaultAzureCredential); a token grants access until it expires',
  },
  {
    what: 'an API key (its prefix is a well-known provider\'s: Stripe, GitHub, GitLab, Slack, AWS, Google, OpenAI, SendGrid, npm)',
    matches: (v) => API_KEY.test(v),
    instead: KEY_VAULT,
  },
];

/** Prefixes that say what a value is without giving any of the secret away. */
const PUBLIC_PREFIX = /^(?:[rs]k_(?:live|test)_|gh[pousr]_|github_pat_|glpat-|xox[abposr]-|xapp-|AKIA|ASIA|AIza|sk-|SG\.|npm_|eyJ|Bearer |-----BEGIN|DefaultEndpointsProtocol=|[A-Za-z]*Endpoint=|AccountName=|Server=|Data Source=|Driver=|Host=|[a-z]+:\/\/|@Microsoft|SharedAccessSignature|\??sv=|[a-z0-9-]+\.[a-z0-9.-]+[:,;/])/i;
const KEY_VAULT_SECRET_URI = /^https:\/\/[a-z0-9-]+\.vault\.(?:azure\.net|azure\.cn|usgovcloudapi\.net)\/secrets\/[^/\s]+/i;
const KEY_VAULT_REFERENCE = /^@Microsoft\.KeyVault\s*\(/i;
/** A name whose last part says the value is a secret: `DB_PASSWORD`, `PSP_API_KEY`, `Jwt__Secret`. */
const SECRET_NAME = /(?:^|[_.-])(PASSWORD|PASSWD|PWD|SECRET|CLIENT_?SECRET|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|SECRET_?KEY|ACCESS_?TOKEN|AUTH_?TOKEN|TOKEN)$/i;
/** Literals no secret is made of, whatever the name says: switches and small numbers (`USE_ACCESS_TOKEN=true`). */
const PLAIN_LITERAL = /^(?:true|false|yes|no|on|off|none|null|\d{1,5})$/i;

/** A reference in Terraform expression text: `[data.]<type>.<name>.<attribute>[...]`. */
const RESOURCE_REFERENCE = /(?<![\w.])((?:data\.)?azurerm_[a-z0-9_]+)\.[A-Za-z0-9_-]+((?:\.[A-Za-z_][A-Za-z0-9_]*|\[[^\]]*\])+)/g;

/** The `${...}` expressions of a resolved value, braces inside them (object literals) included. */
function expressionsOf(text: string): string[] {
  const found: string[] = [];
  for (let start = text.indexOf('${'); start >= 0; start = text.indexOf('${', start + 2)) {
    let depth = 0;
    for (let i = start + 1; i < text.length; i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}' && --depth === 0) {
        found.push(text.slice(start + 2, i));
        break;
      }
    }
  }
  return found;
}

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
      const sensitive = SENSITIVE_ATTRIBUTES[type] ?? [];
      if (attributePath && sensitive.some((p) => p === attributePath || p.startsWith(`${attributePath}.`) || attributePath.startsWith(`${p}.`))) {
        return `${type}.${attributePath}`;
      }
    }
  }
  return undefined;
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
    const telling = value.length >= 16 && PUBLIC_PREFIX.test(value);
    return `${telling ? value.slice(0, 4) : ''}…(${value.length} chars)`;
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
    const pattern = PATTERNS.find((p) => p.matches(value));
    if (pattern) return { problem: `${pattern.what}: ${inPlainText}`, fix: `${pattern.instead}.` };
    const word = name !== undefined && value !== '' && !PLAIN_LITERAL.test(value) && !Token.isUnresolved(value) ? SECRET_NAME.exec(name)?.[1] : undefined;
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
    });
    for (const [name, value] of Object.entries(given)) {
      if (declared.has(name) || typeof value !== 'string') continue;
      const found: CredentialProblem & { reference?: string } | undefined = SecretDetector.problemOf(value, host, name) ?? SecretDetector.referenceProblemOf(scope, value, host);
      if (found) {
        refuse(scope, {
          // A reference names the attribute, not its value (unknown at synth): it is shown as the stack writes it.
          lesson: 'SEC-1', setting: `${setting}.${name}`, given: found.reference ?? SecretDetector.mask(value), problem: found.problem,
          fix: found.fix.includes('notSecrets') ? found.fix : `${found.fix} If it is no secret, declare it: notSecrets: [{ name: '${name}', reason: '...' }].`,
        });
      }
    }
  }

  /**
   * Why `value`, a Terraform reference, is a credential: it refers to an attribute the azurerm
   * schema marks Sensitive (a storage account's `primary_connection_string`, an access key, a
   * password), whose value lands in the state and the app's configuration in plain text.
   */
  private static referenceProblemOf(scope: IConstruct, value: string, host: SettingsHost): (CredentialProblem & { reference: string }) | undefined {
    if (!Token.isUnresolved(value)) return undefined;
    const text = String(resolveIn(scope, value));
    const attribute = sensitiveReferenceIn(text);
    if (attribute === undefined) return undefined;
    return {
      reference: text,
      problem: `a reference to ${attribute}, which azurerm marks sensitive: a credential, and in ${host === SettingsHost.APP_SERVICE ? 'an app setting' : 'an environment variable'} its value lands in the Terraform state, the plan output and the app's configuration, readable by whoever can read them.`,
      fix: `${IDENTITY} (the resource's endpoint or name, and a data role granted to it); a credential the app cannot do without stays in Key Vault, read with the app's identity (${host === SettingsHost.APP_SERVICE ? '@Microsoft.KeyVault(SecretUri=<versionless secret URI>)' : 'secrets and secretEnvironmentVariables'}).`,
    };
  }

  private constructor() {}
}
