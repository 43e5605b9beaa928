// The credential formats the library recognises in a value, and how a message may show one: the
// shared ground of the secret check (secret-detection.ts) and of every message (finding-format.ts
// masks a credential whatever check names it). No imports: both build on it.

/** A credential format: what it is, how it is recognised, and the better way. */
export interface CredentialPattern {
  /** What the value looks like: "a Storage or Cosmos DB connection string with an account key". */
  readonly what: string;
  readonly matches: (value: string) => boolean;
  /** The better way: "connect with the app's identity ...". */
  readonly instead: string;
}

export const IDENTITY = 'connect with the app\'s identity instead';
/** The typed way a Container App takes a Key Vault secret (constructs/container-apps/app-secrets.ts). */
export const TYPED_SECRET = 'KeyVaultSecretReference.fromSlot(slot) or .fromVault(vault, \'<name>\')';
export const KEY_VAULT = 'keep it in Key Vault and let the app read it with its identity (Key Vault Secrets User on the secret)';

/**
 * Well-known API-key prefixes (Stripe, GitHub, GitLab, Slack, AWS, Google, OpenAI, SendGrid, npm,
 * HCP Terraform),
 * as one expression: any of them matching is the one test passing. Built once, not per value.
 */
const API_KEY = new RegExp([
  /\b[rs]k_(?:live|test)_[A-Za-z0-9]{8,}/, /\bwhsec_[A-Za-z0-9+/=]{24,}/,
  /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}/, /\bgithub_pat_[A-Za-z0-9_]{20,}/, /\bglpat-[A-Za-z0-9_-]{20,}/,
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/, /\bxapp-[A-Za-z0-9-]{10,}/,
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/, /\bAIza[0-9A-Za-z_-]{35}\b/,
  /\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}/, /\bsk-[A-Za-z0-9]{32,}\b/, /\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/, /\bnpm_[A-Za-z0-9]{36}\b/,
  // An HCP Terraform (Terraform Cloud) or Terraform Enterprise API token, as a credentials block or TF_TOKEN_* takes it.
  /\b[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_-]{60,}/,
].map((re) => `(?:${re.source})`).join('|'));

/**
 * The credential formats, most specific first. Every test runs on the value as given, references
 * included: `AccountKey=${...primary_access_key}` is a key whatever the reference resolves to.
 */
export const PATTERNS: readonly CredentialPattern[] = [
  {
    what: 'a connection string with a shared access key (Service Bus, Event Hubs, IoT Hub, Relay, SignalR, Web PubSub)',
    matches: (v) => /(?:^|;)\s*(?:Shared)?AccessKey\s*=\s*[^;\s]/i.test(v),
    instead: `${IDENTITY} (\`<Name>__fullyQualifiedNamespace\` and an Azure Service Bus / Event Hubs Data role granted to it)`,
  },
  {
    what: 'a connection string with an account key (Storage, Cosmos DB)',
    matches: (v) => /(?:^|;)\s*AccountKey\s*=\s*[^;\s]/i.test(v),
    instead: `${IDENTITY} (\`<Name>__accountName\` or the account endpoint, and a data role granted to it)`,
  },
  {
    what: 'a shared access signature (SAS token)',
    // A signature is 16 or more characters of (URL-encoded) base64: `&sig='` in a query's text is none.
    matches: (v) => /(?:^|;)\s*SharedAccessSignature\s*=\s*[^;\s]/i.test(v) || /(?:^|[?&;])sig=[A-Za-z0-9%+/=_-]{16,}/i.test(v),
    instead: `${IDENTITY} (the account endpoint and a data role granted to it); a SAS is a bearer key until it expires`,
  },
  {
    what: 'a private key (PEM)',
    matches: (v) => /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----/.test(v),
    instead: 'keep the key or certificate in Key Vault and let the app read it with its identity',
  },
  {
    what: 'a URL with a password in it',
    // Bounded: unbounded runs made a long text of `a-a-a-...` take seconds (a policy body is such a text).
    matches: (v) => /\b[a-z][a-z0-9+.-]{0,30}:\/\/[^\s/:@]{0,256}:[^\s/@]{1,256}@/i.test(v),
    instead: `${IDENTITY} (Entra ID for Redis, PostgreSQL, SQL), or ${KEY_VAULT}`,
  },
  {
    what: 'a connection string with a password (SQL, PostgreSQL, MySQL, Redis)',
    // A value that is no function call: `Pwd=tostring(x)` in a query's projection is none, `Password=P@ss(w0rd)` is one
    // (a password shaped like a call, `Summer(2024)`, is taken for one: the price of reading queries).
    // Bounded runs and one level of nesting: `tostring(parse_json(p).password)` is a call, and a long text costs no more than its length.
    matches: (v) => /(?:^|[;,])\s*(?:Password|Pwd)\s*=\s*(?![A-Za-z_][\w.]{0,64}\((?:[^()]{0,256}|[^()]{0,256}\([^()]{0,256}\)[^()]{0,256})\)(?:$|[\s,;|).]))[^;,\s]/i.test(v),
    instead: `${IDENTITY} (SQL: Authentication=Active Directory Managed Identity; Redis: Entra ID), or ${KEY_VAULT}`,
  },
  {
    what: 'a Basic authorization value (a user name and password in base64, readable by anyone)',
    matches: (v) => isBasicCredential(v),
    instead: `${IDENTITY} (an Entra ID token), or ${KEY_VAULT}`,
  },
  {
    what: 'a Slack incoming-webhook URL (the URL is the credential: whoever has it posts to the channel)',
    matches: (v) => SLACK_WEBHOOK.test(v),
    instead: KEY_VAULT,
  },
  {
    what: 'a JSON Web Token',
    matches: (v) => /\beyJ[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]+/.test(v),
    instead: 'let the app get its own tokens with its identity (DefaultAzureCredential); a token grants access until it expires',
  },
  {
    what: 'a Bearer token (an Authorization value: whoever has it calls as its owner until it expires)',
    matches: (v) => isBearerToken(v),
    instead: 'let the app get its own tokens with its identity (DefaultAzureCredential); a token the app cannot get itself stays in Key Vault',
  },
  {
    what: 'a URL with a key or token in its query (`?api_key=`, `&access_token=`, `?code=`): the URL is the credential, and it lands in every log that records it',
    matches: (v) => QUERY_SECRET.test(v),
    instead: `${IDENTITY}; a key the app cannot do without stays in Key Vault and is sent in a header, not the URL`,
  },
  {
    what: 'an Entra ID client secret (an app registration\'s password: whoever has it signs in as the app)',
    matches: (v) => ENTRA_CLIENT_SECRET.test(v),
    instead: `${IDENTITY} (a managed identity, or workload identity federation for a pipeline: no secret at all), or ${KEY_VAULT}`,
  },
  {
    what: 'a secret on a command line (an option that takes one, `--password`, `--account-key`, `login -p`, `kubectl --from-literal`, or a shell variable named for one, `export DB_PASSWORD=`: whoever reads the command, its log or the state where it is kept reads the secret)',
    matches: (v) => COMMAND_LINE_SECRET.test(v) || AZ_LOGIN_PASSWORD.test(v) || COMMAND_FORM_SECRETS.some((r) => r.test(v)),
    instead: `${IDENTITY} (\`az login --identity\`, \`--auth-mode login\` for Storage), or read the secret where the command runs (\`az keyvault secret show\`, an environment variable the pipeline sets from its secret store)`,
  },
  {
    what: 'an API key (its prefix is a well-known provider\'s: Stripe, GitHub, GitLab, Slack, AWS, Google, OpenAI, SendGrid, npm, HCP Terraform)',
    matches: (v) => API_KEY.test(v),
    instead: KEY_VAULT,
  },
];


/**
 * `Bearer <opaque token>`: 20 or more token characters (RFC 6750 b64token) with a letter and a
 * digit, also as an XML element's text (`<value>Bearer ...</value>`). A challenge (`Bearer realm="orders"`), a placeholder (`Bearer {token}`, `Bearer <token>`)
 * or the word alone is none; a JWT after `Bearer ` is the JWT format's.
 */
function isBearerToken(v: string): boolean {
  const m = /(?:^|[\s:"'>])Bearer\s+([A-Za-z0-9\-._~+/]{20,}=*)(?=$|[\s"',;<])/.exec(v);
  return m !== null && /[A-Za-z]/.test(m[1]) && /\d/.test(m[1]);
}

/**
 * An Entra ID client secret as the portal and Graph have made them since 2022: three characters,
 * a digit and `Q~`, then 31 to 34 more of `[A-Za-z0-9_.~-]`, standing alone (not inside a longer
 * run of such characters).
 */
const ENTRA_CLIENT_SECRET = /(?<![A-Za-z0-9_.~-])[A-Za-z0-9_.~-]{3}\dQ~[A-Za-z0-9_.~-]{31,34}(?![A-Za-z0-9_.~-])/;

/** A query parameter that carries a key or token, with a value of 16 or more token characters (no placeholder such as `{apiKey}`). */
// `sshkey`: a module source's private key (go-getter's git), `aws_access_key_secret` and `aws_access_token`: its S3 getter's.
const QUERY_SECRET = /[?&](?:api[_-]?key|apikey|access[_-]?token|auth[_-]?token|token|client[_-]?secret|secret|password|pwd|key|code|sshkey|aws_access_key_secret|aws_access_token)=[A-Za-z0-9._~+/%=-]{16,}(?=$|[&#\s"'])/i;

/**
 * An option's value as the command-line formats take one: after `=`, anything but a shell variable,
 * a placeholder or a URL; after a space, not another option either (`--token --hostname x`,
 * lower case, as options are: `-Sup3r...` and `-Password` are values); 8 or more characters; a
 * certificate's file (`x.pem`) is none.
 */
const OPTION_VALUE = `(?:=(?!["']?(?:[$%{<]|https?://))|\\s+(?!["']?(?:[$%{<]|-{1,2}[a-z][a-z-]*(?:[\\s="']|$)|https?://)))(?!["']?[^\\s"']*\\.(?:pem|pfx|crt|p12)(?:[\\s"']|$))["']?[^\\s"'$]{8,}`;

/**
 * An option of a command line that takes a secret, given one of 8 or more characters: not a shell
 * variable (`$ARM_ACCESS_KEY`), a placeholder (`{key}`, `<key>`), `%VAR%`, another option
 * (`--token --hostname x`; `-Sup3r...` is a value) or a URL (`--password-stdin` and `--token-file` are other options;
 * `--secret` is left out: docker's takes a spec, `id=npmrc,src=...`).
 */
const COMMAND_LINE_SECRET = new RegExp(`(?:^|\\s)--(?:password|passwd|admin-password|account-key|client-secret|sas-token|api-key|access-key|token|connection-string)${OPTION_VALUE}`);

/**
 * `az login ... -p <password or client secret>` (the Azure CLI's short option, within 512 characters
 * of the command, so a long text costs no more than its length), given a value as
 * `COMMAND_LINE_SECRET` takes one; a certificate's file (`-p /etc/ssl/private/deployer.pem`, a
 * path or a `.pem`/`.pfx` name) is none.
 */
const AZ_LOGIN_PASSWORD = new RegExp(`\\b[aA][zZ]\\s+[lL][oO][gG][iI][nN]\\b(?:[^|;&\\n-]|-(?!p[=\\s])){0,512}?\\s-p(?!(?:=|\\s+)["']?(?:/|\\./|~/|[A-Za-z]:\\\\))${OPTION_VALUE}`);

/**
 * A value as a shell gives one after `=` or a space, quoted (spaces inside) or not: not a shell
 * variable, a placeholder, `%VAR%`, a command's output, a path, a file az reads (`@file`), a Key
 * Vault reference; 8 or more characters.
 */
const NOT_A_VALUE = `(?![$%{<\`(/~@]|\\./)`;
const SHELL_VALUE = `(?:"${NOT_A_VALUE}[^"$\`\\n]{8,}"|'${NOT_A_VALUE}[^'\\n]{8,}'|${NOT_A_VALUE}[^\\s"'$\`;|&]{8,})`;

/**
 * Commands that take a secret in a form of their own, each within 512 characters of its name (a
 * long text costs no more than its length), the value as `SHELL_VALUE`:
 * - `docker`, `podman`, `buildah`, `oras`, `helm registry` `login ... -p <password>`;
 * - `sqlcmd ... -P <password>` (SQL Server's tools; lower-case `-p` is another option there);
 * - `az keyvault secret set ... --value <secret>` (`--file` is another way, and passes);
 * - `kubectl create secret ... --from-literal=<key>=<secret>` (a config map's literals are no secret);
 * - `helm ... --set[-string] <path>.password=<secret>` (the path's last name a credential's:
 *   password, token, api key, access key, client secret; `existingSecret` names a Secret);
 * - a shell assignment to a variable named for a credential (`export DB_PASSWORD=...`,
 *   `ARM_CLIENT_SECRET=... terraform apply`, `PGPASSWORD=...`, `TOKEN=...`, `set DB_PASSWORD=...`,
 *   systemd's `Environment="DB_PASSWORD=..."`; `DB_PASSWORD_FILE=` is another), PowerShell's
 *   `$env:DB_PASSWORD = '...'` and `ConvertTo-SecureString '...' -AsPlainText`.
 */
const COMMAND_FORM_SECRETS: readonly RegExp[] = [
  new RegExp(`\\b(?:docker|podman|buildah|oras|helm\\s+registry)\\s+login\\b(?:[^|;&\\n",-]|-(?!p[=\\s])){0,512}?\\s-p(?:=|\\s+)${SHELL_VALUE}`, 'i'),
  new RegExp(`\\bsqlcmd\\b(?:[^|;&\\n",-]|-(?!P[=\\s])){0,512}?\\s-P(?:=|\\s+)${SHELL_VALUE}`),
  new RegExp(`\\baz\\s+keyvault\\s+secret\\s+set\\b[^|;&\\n",]{0,512}?\\s--value(?:=|\\s+)${SHELL_VALUE}`, 'i'),
  new RegExp(`\\bkubectl\\s+create\\s+secret\\b[^|;&\\n",]{0,512}?\\s--from-literal(?:=|\\s+)["']?[\\w.-]+=${SHELL_VALUE}`),
  new RegExp(`\\s--set(?:-string)?(?:=|\\s+)["']?(?:[\\w\\[\\]-]+\\.)*[\\w-]*(?:password|passwd|token|api[-_]?key|access[-_]?key|client[-_]?secret|secret[-_]?key)=${SHELL_VALUE}`, 'i'),
  new RegExp(`(?:^|[\\s&|("])(?:export\\s+|set\\s+)?[A-Za-z0-9_]*?(?:PASSWORD|PASSWD|SECRET|TOKEN|API_KEY|APIKEY|ACCESS_KEY|SAS|PWD)=${SHELL_VALUE}`),
  // PowerShell: an environment variable named for a credential, a secure string made from a literal.
  new RegExp(`\\$env:[A-Za-z0-9_]*?(?:PASSWORD|PASSWD|SECRET|TOKEN|API_KEY|APIKEY|ACCESS_KEY|PWD)\\s*=\\s*${SHELL_VALUE}`, 'i'),
  new RegExp(`ConvertTo-SecureString\\s+(?:-String\\s+)?${SHELL_VALUE}\\s+-AsPlainText`, 'i'),
];

/** A Slack webhook: `https://hooks.slack.com/services/T.../B.../<secret>` (also `workflows`, `triggers`). */
const SLACK_WEBHOOK = /\bhttps:\/\/hooks\.slack(?:-gov)?\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9]+\/[A-Za-z0-9]+\/[A-Za-z0-9_-]{8,}/;

/**
 * `Basic <base64 of user:password>` (an Authorization header value): the base64 decodes to text
 * with a colon. A challenge (`Basic realm="orders"`) or the word alone is none.
 */
function isBasicCredential(v: string): boolean {
  const m = /(?:^|[\s:"'>])Basic\s+([A-Za-z0-9+/]{6,}={0,2})(?=$|[\s"',;<])/.exec(v);
  if (!m || m[1].length % 4 !== 0) return false;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  return /^[\x20-\x7e]+:[\x20-\x7e]+$/.test(decoded);
}

/**
 * What every format above needs somewhere in a value (a `=` or `@`, a prefix, a marker): a value
 * without any of them matches none, so a check that reads every string of a configuration asks
 * this first and runs the formats on the few that pass (a `${...}` reference, an id or a name passes
 * only when it holds one of these).
 */
const CANDIDATE = /[=@]|--|[lL][oO][gG][iI][nN]\s[^\n]{0,512}?\s-[pP]|sqlcmd\b|ConvertTo-SecureString|PRIVATE KEY|Basic\s|Bearer\s|eyJ|Q~|[rs]k_|whsec_|gh[pousr]_|github_pat_|glpat-|xox[abposr]-|xapp-|AKIA|ASIA|AIza|sk-|SG\.|npm_|hooks\.slack|\.atlasv1\./;

/** Whether `value` may match a credential format (false: it matches none of `PATTERNS`). */
export function mayHoldCredential(value: string): boolean {
  return CANDIDATE.test(value);
}

/** The first credential format `value` matches, or undefined. */
export function credentialFormatOf(value: string): CredentialPattern | undefined {
  return PATTERNS.find((p) => p.matches(value));
}

/** Prefixes that say what a value is without giving any of the secret away. */
const PUBLIC_PREFIX = /^(?:[rs]k_(?:live|test)_|whsec_|gh[pousr]_|github_pat_|glpat-|xox[abposr]-|xapp-|AKIA|ASIA|AIza|sk-|SG\.|npm_|eyJ|Bearer |Basic |-----BEGIN|DefaultEndpointsProtocol=|[A-Za-z]*Endpoint=|AccountName=|Server=|Data Source=|Driver=|Host=|[a-z]+:\/\/|@Microsoft|SharedAccessSignature|\??sv=|[a-z0-9-]+\.[a-z0-9.-]+[:,;/])/i;

/**
 * A header or query parameter whose name says its value is a credential: the whole name (`code`,
 * `sig`, `key`, `token` are credentials only alone: `X-CSRF-Token`, `x-country-code` are not), or
 * a name that ends in an unambiguous credential word (`x-partner-api-key`, `db_password`).
 */
const SECRET_PARAMETER = /^(?:authorization|proxy-authorization|ocp-apim-subscription-key|subscription-key|x-functions-key|x-api-key|api-key|apikey|x-auth-token|x-access-token|access_token|auth_token|token|code|sig|(?:.*[-_])?(?:password|passwd|client[-_]?secret|shared[-_]?secret|api[-_]?key|access[-_]?key|secret[-_]?key|secret))$/i;

/** Whether a header's or query parameter's name says its value is a credential (`Authorization`, `Ocp-Apim-Subscription-Key`, `x-functions-key`, `code`). */
export function isCredentialParameter(name: string): boolean {
  return SECRET_PARAMETER.test(name);
}

/**
 * A value as a message may show it: `…` and its length, after its first four characters only
 * where they are a known, public prefix and the value has 16 characters or more.
 */
export function maskCredential(value: string): string {
  const telling = value.length >= 16 && PUBLIC_PREFIX.test(value);
  return `${telling ? value.slice(0, 4) : ''}…(${value.length} chars)`;
}
