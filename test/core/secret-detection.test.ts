import { conditional, Fn, TerraformLocal, TerraformStack, TerraformVariable, Token } from 'cdktf';
import { ApplicationInsights as RawApplicationInsights } from '@cdktf/provider-azurerm/lib/application-insights';
import { DataAzurermStorageAccount } from '@cdktf/provider-azurerm/lib/data-azurerm-storage-account';
import { ServicebusNamespace } from '@cdktf/provider-azurerm/lib/servicebus-namespace';
import { StorageAccount as RawStorageAccount } from '@cdktf/provider-azurerm/lib/storage-account';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContainerService } from '../../constructs/container-apps/container-service';
import { credentialFormatOf, mayHoldCredential } from '../../constructs/core/credential-formats';
import { NotSecret, SecretDetector, SettingsHost, sensitiveReferenceIn } from '../../constructs/core/secret-detection';
import { PublicNetworkAccess } from '../../constructs/core/network';
import { FlexFunctionApp } from '../../constructs/functions/flex-function-app';
import { StorageAccount } from '../../constructs/storage/storage-account';
import { SENSITIVE_ATTRIBUTES, SENSITIVE_IN_SOURCE_ONLY } from '../../constructs/core/sensitive-attributes';
import { ARM_SENSITIVE_PROPERTIES } from '../../constructs/core/arm-sensitive-properties';
import { failuresOf, lessonsOn } from '../support/hcl';
import { ENVIRONMENT } from '../support/fixtures';
import { refusalOf } from '../support/refusal';
import { synth, testStack } from '../support/synth';

// Credentials are assembled at run time, so no scanner mistakes this file for a leak.
const STRIPE_LIVE = ['sk', 'live', '4eC39HqLyjWDarjtT1zdp7dc'].join('_');
const STRIPE_TEST = ['sk', 'test', '51HxYzAbCdEfGhIjKlMnOp'].join('_');
const GITHUB = ['ghp', 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'].join('_');
const SLACK = ['xoxb', '123456789012', '1234567890123', 'AbCdEfGhIjKlMnOpQrStUvWx'].join('-');
const AWS = ['AKIA', 'IOSFODNN7EXAMPLE'].join('');
const KEY = 'c2VjcmV0LWtleS1ub3QtcmVhbC0xMjM0NTY3ODkw';
const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const JWT = [b64url({ alg: 'HS256', typ: 'JWT' }), b64url({ sub: 'orders', exp: 4102444800 }), 'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c'].join('.');
const PEM = ['-----BEGIN', 'RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun\n-----END RSA PRIVATE KEY-----'].join(' ');

/** Every format the detector knows, with a value, the part that must never be shown, and what the refusal calls it. */
const FORMATS: readonly { format: string; value: string; secret: string; what: string }[] = [
  {
    format: 'a Storage connection string carries AccountKey=', secret: KEY, what: 'a connection string with an account key (Storage, Cosmos DB)',
    value: `DefaultEndpointsProtocol=https;AccountName=stother;AccountKey=${KEY};EndpointSuffix=core.windows.net`,
  },
  {
    format: 'a Cosmos DB connection string carries AccountKey=', secret: KEY, what: 'a connection string with an account key (Storage, Cosmos DB)',
    value: `AccountEndpoint=https://cosmos-orders.documents.azure.com:443/;AccountKey=${KEY};`,
  },
  {
    format: 'a Service Bus connection string carries SharedAccessKeyName=...;SharedAccessKey=', secret: KEY,
    what: 'a connection string with a shared access key (Service Bus, Event Hubs, IoT Hub, Relay, SignalR, Web PubSub)',
    value: `Endpoint=sb://sb-orders.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=${KEY}`,
  },
  {
    format: 'an Event Hubs connection string carries SharedAccessKey=', secret: KEY,
    what: 'a connection string with a shared access key (Service Bus, Event Hubs, IoT Hub, Relay, SignalR, Web PubSub)',
    value: `Endpoint=sb://evh-orders.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey=${KEY};EntityPath=orders`,
  },
  {
    format: 'a storage connection string carries SharedAccessSignature=', secret: 'sig=Zm9vYmFyYmF6cXV4', what: 'a shared access signature (SAS token)',
    value: 'BlobEndpoint=https://stother.blob.core.windows.net/;SharedAccessSignature=sv=2024-11-04&ss=b&sig=Zm9vYmFyYmF6cXV4',
  },
  {
    format: 'a URL carries a SAS token (sig=)', secret: 'Zm9vYmFyYmF6cXV4JTJCJTJG', what: 'a shared access signature (SAS token)',
    value: 'https://stother.blob.core.windows.net/exports?sv=2024-11-04&sr=c&sp=rl&sig=Zm9vYmFyYmF6cXV4JTJCJTJG',
  },
  {
    format: 'a SQL connection string carries Password=', secret: 'Tr0ub4dor&3xyz', what: 'a connection string with a password (SQL, PostgreSQL, MySQL, Redis)',
    value: 'Server=tcp:sql-orders.database.windows.net,1433;Database=orders;User ID=app;Password=Tr0ub4dor&3xyz;Encrypt=True',
  },
  {
    format: 'a SQL connection string carries Pwd=', secret: 'Tr0ub4dor&3xyz', what: 'a connection string with a password (SQL, PostgreSQL, MySQL, Redis)',
    value: 'Driver={ODBC Driver 18 for SQL Server};Server=sql-orders.database.windows.net;Uid=app;Pwd=Tr0ub4dor&3xyz',
  },
  {
    format: 'a Redis connection string carries password=', secret: KEY, what: 'a connection string with a password (SQL, PostgreSQL, MySQL, Redis)',
    value: `redis-orders.redis.cache.windows.net:6380,password=${KEY},ssl=True,abortConnect=False`,
  },
  {
    format: 'a Redis URL carries a password', secret: KEY, what: 'a URL with a password in it',
    value: `rediss://default:${KEY}@redis-orders.westeurope.redis.azure.net:10000`,
  },
  { format: 'the value is a PEM private key', secret: 'MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun', what: 'a private key (PEM)', value: PEM },
  { format: 'the value is a JWT', secret: JWT, what: 'a JSON Web Token', value: JWT },
  { format: 'the value carries a Bearer JWT', secret: JWT, what: 'a JSON Web Token', value: `Bearer ${JWT}` },
  ...[['a Stripe live key (sk_live_)', STRIPE_LIVE], ['a Stripe test key (sk_test_)', STRIPE_TEST], ['a GitHub token (ghp_)', GITHUB], ['a Slack bot token (xoxb-)', SLACK], ['an AWS access key id (AKIA)', AWS]]
    .map(([format, value]) => ({
      format: `the value is ${format}`, value, secret: value,
      what: 'an API key (its prefix is a well-known provider\'s: Stripe, GitHub, GitLab, Slack, AWS, Google, OpenAI, SendGrid, npm, HCP Terraform)',
    })),
];

const masked = (value: string) => `${value.length >= 16 ? value.slice(0, 4) : ''}…(${value.length} chars)`;

function service(environmentVariables: Record<string, string>, notSecrets?: NotSecret[], stack: TerraformStack = testStack()) {
  return new ContainerService(stack, 'svc', {
    name: 'ca-orders', environment: ENVIRONMENT, image: 'mcr.microsoft.com/dotnet/samples:aspnetapp', environmentVariables,
    ...(notSecrets ? { notSecrets } : {}),
  });
}

function functionApp(appSettings: Record<string, string>, notSecrets?: NotSecret[]) {
  const stack = testStack();
  const storage = new StorageAccount(stack, 'storage', {
    name: 'stfuncunit', resourceGroupName: 'rg-unit', location: 'westeurope', publicNetworkAccess: PublicNetworkAccess.ENABLED,
  });
  new FlexFunctionApp(stack, 'app', {
    name: 'func-unit', resourceGroupName: 'rg-unit', location: 'westeurope', storage, entraAuth: { applicationId: '6f1d2c3e-5a4b-4c3d-9e8f-7a6b5c4d3e2f' },
    appSettings, ...(notSecrets ? { notSecrets } : {}),
  });
  return stack;
}

describe('SecretDetector.mask', () => {
  it('shows the first four characters of a known key prefix, an ellipsis and the length, never the rest', () => {
    expect(SecretDetector.mask(STRIPE_LIVE)).toBe('sk_l…(32 chars)');
    expect(SecretDetector.mask(JWT)).toBe(`eyJh…(${JWT.length} chars)`);
  });

  it('shows no character of a value whose first characters are part of the secret (a password, a bare key)', () => {
    expect(SecretDetector.mask('Tr0ub4dor&3xyzCorrectHorse')).toBe('…(26 chars)');
    expect(SecretDetector.mask('c2VjcmV0S2V5c2VjcmV0S2V5')).toBe('…(24 chars)');
    // A connection string's first keyword says what it is and gives nothing away.
    expect(SecretDetector.mask('DefaultEndpointsProtocol=https;AccountName=x;AccountKey=c2VjcmV0')).toBe('Defa…(64 chars)');
  });

  it('shows no character of a value under 16 characters', () => {
    expect(SecretDetector.mask('hunter2')).toBe('…(7 chars)');
    expect(SecretDetector.mask('')).toBe('…(0 chars)');
  });
});

describe('secrets in Container App environment variables (SEC-1)', () => {
  for (const { format, value, secret, what } of FORMATS) {
    it(`fails when ${format}`, () => {
      const r = refusalOf(() => service({ ORDERS_SETTING: value }));
      expect(r).toMatchObject({ lesson: 'SEC-1', path: 'test/svc', setting: 'environmentVariables.ORDERS_SETTING' });
      expect(r.message.startsWith(`[SEC-1] test/svc: environmentVariables.ORDERS_SETTING = "${masked(value)}": ${what}: in plain text it lands in the Terraform state`)).toBe(true);
      expect(r.message).toMatch(/ Fix: .*If it is no secret, declare it: notSecrets: \[\{ name: 'ORDERS_SETTING', reason: '\.\.\.' \}\]\.$/);
      expect(r.message).not.toContain(secret);
      expect(r.message).not.toContain(value);
    });
  }

  it('fails when a Stripe key is given as PSP_API_KEY, with the whole message', () => {
    expect(refusalOf(() => service({ PSP_API_KEY: STRIPE_LIVE })).message).toBe(
      '[SEC-1] test/svc: environmentVariables.PSP_API_KEY = "sk_l…(32 chars)": an API key (its prefix is a well-known provider\'s: Stripe, GitHub, GitLab, Slack, AWS, Google, OpenAI, SendGrid, npm, HCP Terraform): '
      + 'in plain text it lands in the Terraform state, the plan output and the app\'s configuration, readable by whoever can read them. '
      + 'Fix: keep it in Key Vault and let the app read it with its identity (Key Vault Secrets User on the secret). '
      + 'If it is no secret, declare it: notSecrets: [{ name: \'PSP_API_KEY\', reason: \'...\' }].');
  });

  it('fails when a literal sits under a name that says it is a secret (DB_PASSWORD)', () => {
    const r = refusalOf(() => service({ DB_PASSWORD: 'hunter2' }));
    expect(r.message).toBe('[SEC-1] test/svc: environmentVariables.DB_PASSWORD = "…(7 chars)": the name says the value is a secret (PASSWORD), and it is a literal: '
      + 'in plain text it lands in the Terraform state, the plan output and the app\'s configuration, readable by whoever can read them. '
      + 'Fix: keep it in Key Vault and let the app read it with its identity (Key Vault Secrets User on the secret). '
      + 'If it is no secret, declare it: notSecrets: [{ name: \'DB_PASSWORD\', reason: \'...\' }].');
    expect(r.message).not.toContain('hunter2');
  });

  for (const name of ['Jwt__Secret', 'PSP_API_KEY', 'github-token', 'AZURE_CLIENT_SECRET']) {
    it(`fails when a literal sits under ${name}`, () => {
      expect(refusalOf(() => service({ [name]: 'plain-looking-value' })).setting).toBe(`environmentVariables.${name}`);
    });
  }

  it('fails when a Key Vault secret URI is a plain value (Container Apps passes the URI, not the secret)', () => {
    const value = 'https://kv-orders.vault.azure.net/secrets/psp-api-key';
    expect(refusalOf(() => service({ PSP_KEY_URI: value })).message).toBe(
      `[SEC-1] test/svc: environmentVariables.PSP_KEY_URI = "http…(${value.length} chars)": a Key Vault secret URI as a plain value: Container Apps passes the URI on, not the secret. `
      + 'Fix: if the app reads the secret itself with its identity (Key Vault Secrets User on the secret), declare it in notSecrets with that reason; '
      + 'for Container Apps to read it, declare it in secrets (KeyVaultSecretReference.fromSlot(slot) or .fromVault(vault, \'<name>\')) and take it in secretEnvironmentVariables.');
  });

  it('fails when App Service\'s @Microsoft.KeyVault(...) syntax is used, which Container Apps do not resolve', () => {
    const value = '@Microsoft.KeyVault(SecretUri=https://kv-orders.vault.azure.net/secrets/psp-api-key)';
    const r = refusalOf(() => service({ PSP_API: value }));
    expect(r.message).toBe(`[SEC-1] test/svc: environmentVariables.PSP_API = "@Mic…(${value.length} chars)": this is App Service's Key Vault reference syntax: `
      + 'Container Apps does not resolve it, so the app gets the text @Microsoft.KeyVault(...) instead of the secret. '
      + 'Fix: declare the Key Vault secret in secrets (KeyVaultSecretReference.fromSlot(slot) or .fromVault(vault, \'<name>\')) and take it by name in '
      + 'secretEnvironmentVariables ({ PSP_API: \'<secret name>\' }): Container Apps reads it with the app\'s identity, granted Key Vault Secrets User on that secret '
      + '(notSecrets would only pass the text on).');
    expect(r.message).not.toContain('psp-api-key');
  });

  it('fails when a connection string takes its key from a Terraform reference', () => {
    const r = refusalOf(() => service({ ORDERS_STORAGE: 'AccountName=st;AccountKey=${azurerm_storage_account.st.primary_access_key}' }));
    expect(r.setting).toBe('environmentVariables.ORDERS_STORAGE');
    expect(r.message).not.toContain('primary_access_key');
  });

  it('passes what is no secret: endpoints, names, ids, an Application Insights connection string, a keyless SQL connection string, a reference, an empty value, a switch', () => {
    const stack = testStack();
    const queue = new TerraformVariable(stack, 'queue-name', { type: 'string', default: 'orders' }).stringValue;
    service({
      STORAGE_QUEUE_ENDPOINT: 'https://stother.queue.core.windows.net', SERVICEBUS__fullyQualifiedNamespace: 'sb-orders.servicebus.windows.net',
      SECRET_NAME: 'psp-api-key', TOKEN_ENDPOINT: 'https://login.microsoftonline.com/x/oauth2/v2.0/token', REDIS_HOST: 'redis-orders.westeurope.redis.azure.net',
      APPLICATIONINSIGHTS_CONNECTION_STRING: 'InstrumentationKey=00000000-0000-0000-0000-000000000000;IngestionEndpoint=https://westeurope-5.in.applicationinsights.azure.com/',
      SQL: 'Server=tcp:sql-orders.database.windows.net;Database=orders;Authentication=Active Directory Managed Identity',
      QUEUE_NAME: queue, ORDERS_URL: Fn.join('', ['https://', Fn.lower('Orders.Contoso.com')]), EMPTY_SECRET: '', USE_ACCESS_TOKEN: 'true', CACHE_TOKEN: '300', FEATURE_TOKEN: 'Enabled',
    }, undefined, stack);
    expect(() => synth(stack)).not.toThrow();
  });

  it('passes a value declared not a secret, with its reason', () => {
    const stack = testStack();
    service({ PSP_KEY_URI: 'https://kv-orders.vault.azure.net/secrets/psp-api-key', PSP_SANDBOX_KEY: STRIPE_TEST }, [
      { name: 'PSP_KEY_URI', reason: 'the app reads this secret URI itself with its identity' },
      { name: 'PSP_SANDBOX_KEY', reason: 'the provider publishes this sandbox key in its docs' },
    ], stack);
    const env = (synth(stack).resource?.azurerm_container_app as Record<string, { template: { container: { env: { name: string }[] }[] } }>);
    expect(Object.values(env)[0].template.container[0].env.map((e) => e.name)).toEqual(['AZURE_CLIENT_ID', 'PSP_KEY_URI', 'PSP_SANDBOX_KEY']);
  });

  it('fails when a not-a-secret declaration has no reason', () => {
    expect(refusalOf(() => service({ PSP_SANDBOX_KEY: STRIPE_TEST }, [{ name: 'PSP_SANDBOX_KEY', reason: ' ' }])).message).toBe(
      '[SEC-1] test/svc: notSecrets[0].reason = " ": a value that looks like a credential is let through only with the reason it is none, for review. '
      + 'Fix: say why it is no secret, e.g. "the app reads this secret URI itself with its identity".');
  });

  it('fails when a not-a-secret declaration names no variable (it would exempt a later secret silently)', () => {
    expect(refusalOf(() => service({ PSP_URL: 'https://psp' }, [{ name: 'PSP_KEY', reason: 'sandbox' }])).message).toBe(
      '[SEC-1] test/svc: notSecrets[0].name = "PSP_KEY": environmentVariables has no such name, and the declaration would silently exempt a secret given under that name later. '
      + 'Fix: name one of environmentVariables (PSP_URL), or drop the declaration.');
  });
});

describe('secrets behind tokens: what Terraform will get is judged (SEC-1, issue 28)', () => {
  const refusal = (values: (stack: TerraformStack) => Record<string, string>) => {
    const stack = testStack();
    return refusalOf(() => service(values(stack), undefined, stack));
  };

  it.each([
    ['a TerraformVariable default', (stack: TerraformStack) => new TerraformVariable(stack, 'gh', { type: 'string', default: GITHUB }).stringValue],
    ['a sensitive TerraformVariable default', (stack: TerraformStack) => new TerraformVariable(stack, 'gh', { type: 'string', default: GITHUB, sensitive: true }).stringValue],
    ['Fn.join of literals', () => Fn.join('', [GITHUB.slice(0, 10), GITHUB.slice(10)])],
    ['Fn.lower', () => Fn.lower(GITHUB.replace('ghp_', 'GHP_').toUpperCase().replace('GHP_', 'ghp_')) as string],
    ['Fn.format', () => Fn.format('%s%s', [GITHUB.slice(0, 6), GITHUB.slice(6)])],
    ['Fn.base64decode', () => Fn.base64decode(Buffer.from(GITHUB).toString('base64'))],
    ['Fn.sensitive', () => Fn.sensitive(GITHUB) as string],
    ['Fn.upper of Fn.join with a variable default', (stack: TerraformStack) => Fn.join('', ['ghp', new TerraformVariable(stack, 'rest', { type: 'string', default: GITHUB.slice(3) }).stringValue])],
    // Review of issue 28: a local and a map or object variable's default hid the token.
    ['a TerraformLocal', (stack: TerraformStack) => new TerraformLocal(stack, 'gh', GITHUB).asString],
    ['a TerraformLocal of a function of another local', (stack: TerraformStack) => Fn.lower(new TerraformLocal(stack, 'gh', new TerraformLocal(stack, 'raw', GITHUB).asString).asString)],
    ['Fn.lookup of a map(string) variable default', (stack: TerraformStack) => Fn.lookup(new TerraformVariable(stack, 'tokens', { type: 'map(string)', default: { ci: GITHUB } }).value, 'ci')],
    ['Fn.lookup with a default of a map variable', (stack: TerraformStack) => Fn.lookup(new TerraformVariable(stack, 'tokens', { type: 'map(string)', default: { ci: GITHUB } }).value, 'ci', 'none')],
    ['an object variable\'s attribute (var.mm.a)', (stack: TerraformStack) => Fn.lookupNested(new TerraformVariable(stack, 'mm', { type: 'object({ a = string })', default: { a: GITHUB } }).value, ['a'])],
    ['a map local\'s key', (stack: TerraformStack) => Fn.lookupNested(new TerraformLocal(stack, 'tokens', { ci: GITHUB }).asAnyMap, ['ci'])],
  ])('fails when a GitHub token reaches an environment variable through %s, without echoing it', (_how, make) => {
    const error = refusal((stack) => ({ TOKEN_FOR_CI: make(stack) }));
    expect(error.message).toMatch(/^\[SEC-1\] test\/svc: environmentVariables\.TOKEN_FOR_CI = ".*": an API key \(its prefix is a well-known provider's/);
    expect(error.message).not.toContain(GITHUB);
    expect(error.message).not.toContain(GITHUB.slice(4, 20));
  });

  it('fails when a connection string with AccessKey= is a variable default, masked', () => {
    const conn = `Endpoint=https://sigr-orders.service.signalr.net;AccessKey=${KEY};Version=1.0;`;
    const error = refusal((stack) => ({ SIGNALR: new TerraformVariable(stack, 'signalr', { type: 'string', default: conn }).stringValue }));
    expect(error.message).toContain('environmentVariables.SIGNALR = "Endp…(');
    expect(error.message).not.toContain(KEY);
  });

  it('fails when a sensitive variable without a default is an environment variable: a secret that belongs in Key Vault', () => {
    const error = refusal((stack) => ({ PSP: new TerraformVariable(stack, 'psp-key', { type: 'string', sensitive: true }).stringValue }));
    expect(error.message).toBe('[SEC-1] test/svc: environmentVariables.PSP = "${var.psp-key}": a sensitive variable without a default (var.psp-key): a secret given at plan time, '
      + 'and in an environment variable it still lands in plain text in the Terraform state and the app\'s configuration, readable by whoever can read them (sensitive only hides it in the plan output). '
      + 'Fix: keep it in Key Vault and let the app read it with its identity (Key Vault Secrets User on the secret) (in a Container App: secrets (KeyVaultSecretReference.fromSlot(slot) or .fromVault(vault, \'<name>\')) and secretEnvironmentVariables); the variable goes away. '
      + 'If it is no secret, declare it: notSecrets: [{ name: \'PSP\', reason: \'...\' }].');
    // Inside a function or a longer text, too.
    expect(refusal((stack) => ({ AUTH: Fn.join(' ', ['Bearer', new TerraformVariable(stack, 'token', { type: 'string', sensitive: true }).stringValue]) })).message).toContain('a sensitive variable without a default (var.token)');
  });

  it('fails when a value under a secret\'s name comes from the configuration alone but cannot be evaluated: file(), a conditional of literals', () => {
    const prod = (stack: TerraformStack) => new TerraformVariable(stack, 'prod', { type: 'bool', default: true }).booleanValue;
    for (const make of [() => Fn.file('secrets/db.txt'), (stack: TerraformStack) => Token.asString(conditional(prod(stack), 'correct-horse-battery', 'staple-horse-battery'))]) {
      const error = refusal((stack) => ({ DB_PASSWORD: make(stack) }));
      expect(error.message).toMatch(/^\[SEC-1\] test\/svc: environmentVariables\.DB_PASSWORD = "…\(\d+ chars\)": the name says the value is a secret \(PASSWORD\), and it comes from the configuration alone/);
      expect(error.message).not.toContain('horse');
    }
  });

  it('passes what cannot be evaluated under a name that is no secret\'s, or that reads a resource under a secret\'s name', () => {
    const stack = testStack();
    const account = new RawStorageAccount(stack, 'raw', { name: 'stother', resourceGroupName: 'rg', location: 'westeurope', accountTier: 'Standard', accountReplicationType: 'LRS' });
    service({ QUEUE_NAMES: Fn.file('queues.txt'), DB_PASSWORD: Token.asString(conditional(true, account.name, 'none')) }, undefined, stack);
    expect(() => synth(stack)).not.toThrow();
  });

  it('passes a local, a map lookup and an object attribute that evaluate to no secret, and a local of a resource attribute', () => {
    const stack = testStack();
    const account = new RawStorageAccount(stack, 'raw', { name: 'stother', resourceGroupName: 'rg', location: 'westeurope', accountTier: 'Standard', accountReplicationType: 'LRS' });
    const settings = new TerraformVariable(stack, 'settings', { type: 'map(string)', default: { level: 'Information', region: 'westeurope' } });
    service({
      LOG_LEVEL: Fn.lookup(settings.value, 'level'),
      REGION: Fn.lookupNested(settings.value, ['region']),
      QUEUE: new TerraformLocal(stack, 'queue', 'orders').asString,
      QUEUE_HOST: new TerraformLocal(stack, 'host', Fn.join('', [account.name, '.queue.core.windows.net'])).asString,
    }, undefined, stack);
    expect(() => synth(stack)).not.toThrow();
  });

  it('passes what evaluates to no secret, and a value it cannot evaluate (a resource attribute), and a non-sensitive variable without a default', () => {
    const stack = testStack();
    const account = new RawStorageAccount(stack, 'raw', { name: 'stother', resourceGroupName: 'rg', location: 'westeurope', accountTier: 'Standard', accountReplicationType: 'LRS' });
    service({
      QUEUE: Fn.lower('ORDERS'), REGION: new TerraformVariable(stack, 'region', { type: 'string', default: 'westeurope' }).stringValue,
      HOST: Fn.join('', [account.name, '.queue.core.windows.net']), IMAGE_TAG: new TerraformVariable(stack, 'tag', { type: 'string' }).stringValue,
    }, undefined, stack);
    expect(() => synth(stack)).not.toThrow();
  });
});

describe('more credential formats, each beside a benign look-alike (SEC-1, issue 28)', () => {
  const WHSEC = ['whsec', 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'].join('_');
  const ATLAS = ['Xk3vQ9wLm2PzRt', 'atlasv1', 'a8F3kL9mQ2wE7rT5yU1iO4pA6sD0fG3hJ8kL2zX5cV7bN9mQ1wE4rT6yU8iO0pA2sD4fG6hJ'].join('.');
  const BASIC = `Basic ${Buffer.from('orders:Tr0ub4dor&3xyz').toString('base64')}`;
  const SLACK_HOOK = ['https://hooks.slack.com/services', 'T00000000', 'B00000000', 'XXXXXXXXXXXXXXXXXXXXXXXX'].join('/');
  const SIGNALR = `Endpoint=https://sigr-orders.service.signalr.net;AccessKey=${KEY};Version=1.0;`;
  const OPAQUE = ['pk', '8f3a9c2e71d04b6a', '9e5f0c1d2b3a4e5f'].join('');
  const ENTRA = ['kT38Q', 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z'].join('~');
  const cases: { format: string; value: string; secret: string; what: string; lookAlike: [string, string] }[] = [
    {
      format: 'a SignalR connection string carries AccessKey=', value: SIGNALR, secret: KEY, what: 'a connection string with a shared access key',
      lookAlike: ['SIGNALR', 'Endpoint=https://sigr-orders.service.signalr.net;AuthType=azure.msi;Version=1.0;'],
    },
    {
      format: 'a Service Bus style connection string carries AccessKey=', value: `Endpoint=sb://sb-orders.servicebus.windows.net/;AccessKeyName=send;AccessKey=${KEY}`, secret: KEY,
      what: 'a connection string with a shared access key', lookAlike: ['SERVICEBUS', 'Endpoint=sb://sb-orders.servicebus.windows.net/;Authentication=ManagedIdentity'],
    },
    { format: 'the value is a Stripe webhook signing secret (whsec_)', value: WHSEC, secret: WHSEC, what: 'an API key', lookAlike: ['STRIPE_WEBHOOK_HEADER', 'whsec_placeholder'] },
    // An HCP Terraform API token (a credentials block's, TF_TOKEN_app_terraform_io's); the host's name is none.
    { format: 'the value is an HCP Terraform API token (atlasv1)', value: ATLAS, secret: ATLAS.slice(24), what: 'an API key', lookAlike: ['TF_CLOUD_HOST', 'app.terraform.io'] },
    { format: 'the value is a Basic authorization value', value: BASIC, secret: BASIC.slice(6), what: 'a Basic authorization value', lookAlike: ['AUTH_CHALLENGE', 'Basic realm="orders"'] },
    // Review of issue 28, item 4: an opaque Bearer token and a key in a URL's query.
    { format: 'the value is a Bearer token (opaque, not a JWT)', value: `Bearer ${OPAQUE}`, secret: OPAQUE, what: 'a Bearer token', lookAlike: ['AUTH_CHALLENGE', 'Bearer realm="orders", error="invalid_token"'] },
    { format: 'the value is a URL with ?api_key=', value: `https://api.partner.example/v1/orders?api_key=${OPAQUE}&format=json`, secret: OPAQUE, what: 'a URL with a key or token in its query', lookAlike: ['PARTNER_URL', 'https://api.partner.example/v1/orders?api_key={apiKey}&keyword=orders-and-payments'] },
    // An app registration's client secret (the form Entra ID has issued since 2022); a secret's id (a GUID) is none.
    { format: 'the value is an Entra ID client secret', value: ENTRA, secret: ENTRA, what: 'an Entra ID client secret', lookAlike: ['AZURE_CLIENT_SECRET_ID', '6f2c5d1e-8b3a-4c9d-9e7f-0a1b2c3d4e5f'] },
    { format: 'the value is a Slack webhook URL', value: SLACK_HOOK, secret: 'XXXXXXXXXXXXXXXXXXXXXXXX', what: 'a Slack incoming-webhook URL', lookAlike: ['SLACK_DOCS', 'https://api.slack.com/messaging/webhooks'] },
    // A command line with a secret option's value (a provisioner's command, a container's args); a shell variable or --password-stdin is none.
    { format: 'the value is a command line with --account-key', value: `az storage blob upload --account-name orders --account-key ${KEY} -f a.zip`, secret: KEY, what: 'a secret on a command line', lookAlike: ['UPLOAD_COMMAND', 'az storage blob upload --account-key $ARM_ACCESS_KEY --auth-mode key; docker login --password-stdin'] },
  ];

  it('passes query text and command lines that only look like one: a KQL filter on sig=, a projection to Pwd=, docker\'s --secret spec, --token given an option or a URL', () => {
    expect([
      "StorageBlobLogs | where Uri contains '&sig=' | summarize count() by AccountName",
      'SigninLogs | project TimeGenerated, Pwd=tostring(AuthenticationDetails)',
      'docker buildx build --secret id=npmrc,src=/home/runner/.npmrc -t app .',
      'gh auth login --token --hostname github.contoso.com',
      'tool sync --token https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/token',
    ].map((v) => credentialFormatOf(v)?.what)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(credentialFormatOf(`az vm create -n vm --admin-password ${KEY}`)?.what).toMatch(/^a secret on a command line/);
    expect(credentialFormatOf(`az login --service-principal -u 00000000-0000-0000-0000-000000000001 -p ${KEY} --tenant contoso`)?.what).toMatch(/^a secret on a command line/);
    expect(credentialFormatOf(`AZ LOGIN -u deployer -p ${KEY}`)?.what).toMatch(/^a secret on a command line/);
    expect(credentialFormatOf(`tool --password -Sup3rS3cretPassw0rd`)?.what).toMatch(/^a secret on a command line/);
    expect([
      'az login --service-principal -u app -p $AZURE_CLIENT_SECRET --tenant contoso; ls -p /tmp/keyfile-dir',
      'az login --service-principal -u app -p /etc/ssl/private/deployer.pem --tenant contoso',
      'az login --service-principal -u app -p ~/certs/deployer.pem --tenant contoso',
      'az login --service-principal -u app -p deployer.pfx --tenant contoso',
    ].map((v) => credentialFormatOf(v)?.what)).toEqual([undefined, undefined, undefined, undefined]);
    // A password with a bracket in it is one; a function call in a query's projection is not.
    expect(credentialFormatOf('Server=tcp:sql-orders.database.windows.net;Database=orders;User ID=app;Password=P@ss(w0rd)42;')?.what).toMatch(/^a connection string with a password/);
    expect(credentialFormatOf('Driver={ODBC Driver 18};Pwd=Ab(12)cd!;')?.what).toMatch(/^a connection string with a password/);
    expect(mayHoldCredential('az login -u deployer -p Sup3rS3cretPassw0rd')).toBe(true);
    // Nested calls in a query's projection pass; a value after `=` that starts with a dash, a password starting with ~ or . does not.
    expect(['| project a, Pwd=tostring(parse_json(Properties).password)', '| project a, Pwd=extract("pwd=(\\w+)", 1, s)', '| project a, Pwd=tostring(x))', 'az login -p ./certs/deployer.pem']
      .map((v) => credentialFormatOf(v)?.what)).toEqual([undefined, undefined, undefined, undefined]);
    expect(['--password=-HunterHunter', 'az login -p ~Sup3rS3cr3t!', 'az login -p .Sup3rS3cr3t!', 'az login -u a-b -p Sup3rS3cr3t!']
      .map((v) => credentialFormatOf(v)?.what?.slice(0, 27))).toEqual(Array(4).fill('a secret on a command line '));
  });

  it('fails when a command gives a secret in a form of its own: a registry login\'s -p, sqlcmd -P, az keyvault secret set --value, kubectl --from-literal, helm --set <path>.password, a shell assignment to a credential\'s variable', () => {
    const commands = [
      `docker login contoso.azurecr.io -u 00000000-0000-0000-0000-000000000001 -p ${KEY}`,
      `helm registry login contoso.azurecr.io --username app -p ${KEY}`,
      `sqlcmd -S sql-orders.database.windows.net -d orders -U app -P ${KEY} -i seed.sql`,
      `az keyvault secret set --vault-name kv-orders --name psp --value ${KEY}`,
      `kubectl create secret generic psp --from-literal=api-key=${KEY}`,
      `helm upgrade --install redis bitnami/redis --set auth.password=${KEY}`,
      `export DB_PASSWORD=${KEY}`,
      `ARM_CLIENT_SECRET='${KEY}' terraform apply -auto-approve`,
      // Review: a bare name, a quoted value with spaces, Windows' set, systemd, PowerShell, upper-case options and sqlcmd.exe.
      `TOKEN=${KEY} ./sync.sh`,
      'export DB_PASSWORD="correct horse battery staple"',
      `set DB_PASSWORD=${KEY}`,
      `Environment="DB_PASSWORD=${KEY}"`,
      `$env:DB_PASSWORD = '${KEY}'`,
      `$pw = ConvertTo-SecureString -String '${KEY}' -AsPlainText -Force`,
      `DOCKER LOGIN contoso.azurecr.io -u app -P ${KEY}`,
      `sqlcmd.exe -S sql-orders -U app -P ${KEY}`,
    ];
    expect(commands.map((v) => [mayHoldCredential(v), credentialFormatOf(v)?.what.slice(0, 26)])).toEqual(Array(commands.length).fill([true, 'a secret on a command line']));
  });

  it('passes the same commands given the secret from the environment, a file, Key Vault or a command, and options that only look like one', () => {
    expect([
      'docker login contoso.azurecr.io -u app -p $ACR_PASSWORD',
      'echo $ACR_TOKEN | docker login contoso.azurecr.io -u app --password-stdin',
      'docker run -p 8080:8080 contoso.azurecr.io/orders:1.4.2',
      'sqlcmd -S sql-orders.database.windows.net -d orders --authentication-method ActiveDirectoryManagedIdentity -i seed.sql',
      'sqlcmd -S tcp:sql-orders.database.windows.net -p 1 -i seed.sql',
      'az keyvault secret set --vault-name kv-orders --name psp --file psp.txt',
      'az keyvault secret set --vault-name kv-orders --name psp --value "$(openssl rand -base64 32)"',
      'kubectl create secret generic psp --from-file=api-key=./psp.txt',
      'kubectl create secret generic psp --from-literal=api-key=$PSP_KEY',
      'helm upgrade --install redis bitnami/redis --set auth.existingSecret=redis-auth --set auth.existingSecretPasswordKey=redis-password',
      'export DB_PASSWORD_FILE=/run/secrets/db-password',
      'export DB_PASSWORD=$(az keyvault secret show --vault-name kv-orders --name db --query value -o tsv)',
      'export KEY_VAULT_URI=https://kv-orders.vault.azure.net/',
      'cd $PWD && PWD=/srv/app ./run.sh',
      // Review: a config map's literals, a port after a login in a list of commands, a file az reads.
      'kubectl create configmap app --from-literal=ENVIRONMENT=production',
      '["docker login contoso.azurecr.io -u app --password-stdin", "docker run -d -p 8080:8080 nginx"]',
      'az keyvault secret set --vault-name kv-orders --name tls --value @./tls.pem',
    ].map((v) => credentialFormatOf(v)?.what)).toEqual(Array(17).fill(undefined));
  });

  it('asks the formats only of values that may hold one: every format here and in the table above passes the quick test, the look-alikes of names and ids do not', () => {
    expect([...cases.map((c) => c.value), ...FORMATS.map((f) => f.value)].filter((v) => !mayHoldCredential(v))).toEqual([]);
    expect(['rg-orders-prod', '${azurerm_resource_group.rg.id}', '/subscriptions/0/resourceGroups/rg', 'westeurope', 'Standard_LRS', 'Basic', 'Bearer', 'https://orders.example/api/v1'].filter(mayHoldCredential)).toEqual([]);
  });

  for (const { format, value, secret, what, lookAlike } of cases) {
    it(`fails when ${format}, without echoing it`, () => {
      const r = refusalOf(() => service({ ORDERS_SETTING: value }));
      expect(r.message).toMatch(new RegExp(`^\\[SEC-1\\] test/svc: environmentVariables\\.ORDERS_SETTING = "[^"]*…\\(${value.length} chars\\)": ${what.replace(/[()]/g, '\\$&')}`));
      expect(r.message).not.toContain(secret);
    });

    it(`passes the look-alike of ${format}: ${lookAlike[1]}`, () => {
      const stack = testStack();
      service({ [lookAlike[0]]: lookAlike[1] }, undefined, stack);
      expect(() => synth(stack)).not.toThrow();
    });
  }

  it.each(['DbPassword', 'stripeApiKey', 'ClientSecret', 'accessToken', 'PspAPIKey', 'githubToken'])('fails when a literal sits under the PascalCase or camelCase secret name %s', (name) => {
    const r = refusalOf(() => service({ [name]: 'n0t-a-kn0wn-f0rmat-but-a-secret' }));
    expect(r.message).toMatch(new RegExp(`^\\[SEC-1\\] test/svc: environmentVariables\\.${name} = "…\\(31 chars\\)": the name says the value is a secret`));
    expect(r.message).not.toContain('n0t-a-kn0wn');
  });

  it.each(['Storage__AccountKey', 'Apim__SubscriptionKey', 'COSMOS_MASTER_KEY', 'CosmosPrimaryKey', 'ServiceBusSasKey', 'Search__AdminKey', 'EventGrid__TopicKey', 'Jwt__SigningKey', 'DataProtection__EncryptionKey', 'Webhook__HmacKey', 'Pfx__Passphrase', 'OpenAI__Key', 'FunctionKey'])('fails when a literal sits under Azure\'s or .NET\'s key name %s', (name) => {
    const r = refusalOf(() => service({ [name]: 'n0t-a-kn0wn-f0rmat-but-a-secret' }));
    expect(r.message).toMatch(new RegExp(`^\\[SEC-1\\] test/svc: environmentVariables\\.${name} = "…\\(31 chars\\)": the name says the value is a secret \\(`));
  });

  it('passes what a name that also names other things holds when it is no key (a cache key\'s prefix, a partition path, a topic\'s name) and a key\'s address under any key name (second review)', () => {
    const stack = testStack();
    service({
      Redis__Key: 'myapp:', Cache__Key: 'orders-v2', ServiceBus__TopicKey: 'orders-topic', Cosmos__PrimaryKey: '/id',
      Jwt__SigningKey: 'https://kv-orders.vault.azure.net/keys/jwt-signing', DataProtection__EncryptionKey: 'https://kv-orders.vault.azure.net/keys/dp',
    }, undefined, stack);
    expect(() => synth(stack)).not.toThrow();
  });

  it('passes keys that name a row, a request or a component, not a credential: PartitionKey, IdempotencyKey, Cache__KeyPrefix, APPINSIGHTS_INSTRUMENTATIONKEY, SortKey', () => {
    const stack = testStack();
    service({ PartitionKey: 'orderId', IdempotencyKey: 'Idempotency-Key', Cache__KeyPrefix: 'orders-v2', APPINSIGHTS_INSTRUMENTATIONKEY: '00000000-0000-0000-0000-000000000001', SortKey: 'createdAt' }, undefined, stack);
    expect(() => synth(stack)).not.toThrow();
  });

  it('passes PascalCase and camelCase names that only look like one: SecretName, TokenEndpoint, MaxTokens, PasswordPolicy, Monkey', () => {
    const stack = testStack();
    service({ SecretName: 'psp-api-key', TokenEndpoint: 'https://login.microsoftonline.com/x/oauth2/v2.0/token', MaxTokens: '4096', PasswordPolicy: 'strict', Monkey: 'banana-split-flavour' }, undefined, stack);
    expect(() => synth(stack)).not.toThrow();
  });
});

describe('secrets in Function app settings (SEC-1)', () => {
  for (const { format, value, secret, what } of FORMATS) {
    it(`fails when ${format}`, () => {
      const r = refusalOf(() => functionApp({ ORDERS_SETTING: value }));
      expect(r).toMatchObject({ lesson: 'SEC-1', path: 'test/app', setting: 'appSettings.ORDERS_SETTING' });
      expect(r.message.startsWith(`[SEC-1] test/app: appSettings.ORDERS_SETTING = "${masked(value)}": ${what}: in plain text it lands in the Terraform state`)).toBe(true);
      expect(r.message).not.toContain(secret);
      expect(r.message).not.toContain(value);
    });
  }

  it('fails when a Key Vault secret URI is a plain value, pointing at the reference syntax App Service resolves', () => {
    const value = 'https://kv-orders.vault.azure.net/secrets/psp-api-key';
    expect(refusalOf(() => functionApp({ PSP_KEY: value })).message).toBe(
      `[SEC-1] test/app: appSettings.PSP_KEY = "http…(${value.length} chars)": a Key Vault secret URI as a plain value: App Service passes the URI on, not the secret. `
      + 'Fix: if the app reads the secret itself with its identity (Key Vault Secrets User on the secret), declare it in notSecrets with that reason; '
      + 'for the platform to resolve it, write @Microsoft.KeyVault(SecretUri=<uri>).');
  });

  it('passes an App Service Key Vault reference, resolved with the app\'s identity, and a declared not-a-secret', () => {
    const stack = functionApp({
      PSP_KEY: '@Microsoft.KeyVault(SecretUri=https://kv-orders.vault.azure.net/secrets/psp-api-key)', PSP_SANDBOX_KEY: STRIPE_TEST,
    }, [{ name: 'PSP_SANDBOX_KEY', reason: 'the provider publishes this sandbox key in its docs' }]);
    const site = Object.values(synth(stack).resource?.azapi_resource ?? {}).find((r) => (r as { type: string }).type.startsWith('Microsoft.Web/sites@')) as
      { body: { properties: { keyVaultReferenceIdentity?: string } } };
    // Resolved with the app's own identity, not the system identity it does not have.
    expect(site.body.properties.keyVaultReferenceIdentity).toMatch(/^\$\{azurerm_user_assigned_identity\.app_identity_[0-9A-F]+\.id\}$/);
  });
});

describe('refusals about something else show a credential masked too', () => {
  it('fails when a deprecated Flex setting holds a storage connection string, without echoing the key', () => {
    const value = `DefaultEndpointsProtocol=https;AccountName=stother;AccountKey=${KEY}`;
    const r = refusalOf(() => functionApp({ WEBSITE_CONTENTAZUREFILECONNECTIONSTRING: value }));
    expect(r.message).toBe(`[AZURE] test/app: appSettings.WEBSITE_CONTENTAZUREFILECONNECTIONSTRING = "Defa…(${value.length} chars)": Flex Consumption sets WEBSITE_CONTENTAZUREFILECONNECTIONSTRING itself or has no such feature, and refuses or ignores it. `
      + 'Fix: drop it: the runtime and version are the runtime prop, the package goes to the deployment container.');
    expect(r.message).not.toContain(KEY);
  });

  it('fails when a construct-set variable is overridden with a credential, without echoing it', () => {
    const r = refusalOf(() => service({ AZURE_CLIENT_ID: JWT }));
    expect(r).toMatchObject({ lesson: 'SEC-1', setting: 'environmentVariables.AZURE_CLIENT_ID' });
    expect(r.message).toMatch(/^\[SEC-1\] test\/svc: environmentVariables\.AZURE_CLIENT_ID = "eyJh…\(\d+ chars\)": the construct sets it to the client id/);
    expect(r.message).not.toContain(JWT);
  });
});

describe('SecretDetector.problemOf', () => {
  it('knows every well-known API-key prefix, each on its own, and none of them cut short', () => {
    const keys = [
      'sk_live_abcd1234', 'rk_test_abcd1234', `ghp_${'a'.repeat(20)}`, `ghs_${'a'.repeat(20)}`, `github_pat_${'a_'.repeat(10)}`, `glpat-${'a-'.repeat(10)}`,
      'xoxb-0123456789', 'xapp-0123456789', 'AKIA0123456789ABCDEF', 'ASIA0123456789ABCDEF', `AIza${'a'.repeat(35)}`,
      `sk-proj-${'a'.repeat(20)}`, `sk-${'a'.repeat(32)}`, `SG.${'a'.repeat(16)}.${'b'.repeat(16)}`, `npm_${'a'.repeat(36)}`,
    ];
    const apiKey = (v: string) => SecretDetector.problemOf(v, SettingsHost.CONTAINER_APPS)?.problem.startsWith('an API key') ?? false;
    for (const key of keys) {
      expect(apiKey(key), key).toBe(true);
      expect(apiKey(`prefix ${key} suffix`), key).toBe(true);
      expect(apiKey(key.slice(0, -1)) && !key.startsWith('sk-proj-'), `${key} cut short`).toBe(false);
    }
    for (const plain of ['task_live_abcd1234', 'xoxb-short', `xAKIA0123456789ABCDEF`, 'sk-short', 'npm_short', 'https://api.example.com']) expect(apiKey(plain), plain).toBe(false);
  });

  it('is the same verdict for both hosts except for the Key Vault reference syntax', () => {
    for (const { value } of FORMATS) {
      expect(SecretDetector.problemOf(value, SettingsHost.CONTAINER_APPS)).toEqual(SecretDetector.problemOf(value, SettingsHost.APP_SERVICE));
    }
    const reference = '@Microsoft.KeyVault(VaultName=kv-orders;SecretName=psp)';
    expect(SecretDetector.problemOf(reference, SettingsHost.APP_SERVICE)).toBeUndefined();
    expect(SecretDetector.problemOf(reference, SettingsHost.CONTAINER_APPS)?.problem).toMatch(/^this is App Service's Key Vault reference syntax/);
  });

  it('checks the name only when it is given', () => {
    expect(SecretDetector.problemOf('hunter2', SettingsHost.CONTAINER_APPS)).toBeUndefined();
    expect(SecretDetector.problemOf('hunter2', SettingsHost.CONTAINER_APPS, 'DB_PASSWORD')?.problem).toMatch(/^the name says the value is a secret \(PASSWORD\)/);
  });
});

describe('references to attributes azurerm marks sensitive (SEC-1)', () => {
  const rawAccount = (stack: TerraformStack) => new RawStorageAccount(stack, 'st', {
    name: 'storders', resourceGroupName: 'rg', location: 'westeurope', accountTier: 'Standard', accountReplicationType: 'LRS',
  });

  it('fails when a variable is a storage account\'s connection string by reference, showing the reference, not a value', () => {
    const stack = testStack();
    const account = rawAccount(stack);
    const r = refusalOf(() => service({ ORDERS_STORAGE: account.primaryConnectionString }, undefined, stack));
    expect(r).toMatchObject({ lesson: 'SEC-1', path: 'test/svc', setting: 'environmentVariables.ORDERS_STORAGE' });
    expect(r.message).toBe('[SEC-1] test/svc: environmentVariables.ORDERS_STORAGE = "${azurerm_storage_account.st.primary_connection_string}": '
      + 'a reference to azurerm_storage_account.primary_connection_string, which azurerm marks sensitive: a credential, and in an environment variable its value lands in the Terraform state, '
      + 'the plan output and the app\'s configuration, readable by whoever can read them. Fix: connect with the app\'s identity instead (the resource\'s endpoint or name, and a data role granted to it); '
      + 'a credential the app cannot do without stays in Key Vault, read with the app\'s identity (secrets and secretEnvironmentVariables). '
      + 'If it is no secret, declare it: notSecrets: [{ name: \'ORDERS_STORAGE\', reason: \'...\' }].');
  });

  it('fails when the reference is a data source\'s key, inside a function, or part of a longer value', () => {
    const stack = testStack();
    const lookup = new DataAzurermStorageAccount(stack, 'lookup', { name: 'stother', resourceGroupName: 'rg' });
    const bus = new ServicebusNamespace(stack, 'sb', { name: 'sb-orders', resourceGroupName: 'rg', location: 'westeurope', sku: 'Standard' });
    for (const value of [lookup.primaryAccessKey, Fn.lower(bus.defaultPrimaryConnectionString), `key=${lookup.secondaryAccessKey};`]) {
      expect(refusalOf(() => service({ ORDERS: value }, undefined, stack))).toMatchObject({ lesson: 'SEC-1', path: 'test/svc', setting: 'environmentVariables.ORDERS' });
      stack.node.tryRemoveChild('svc');
    }
  });

  it('fails in a Function app\'s settings too, pointing at the Key Vault reference App Service resolves', () => {
    const stack = testStack();
    const account = rawAccount(stack);
    const storage = new StorageAccount(stack, 'storage', { name: 'stfuncunit', resourceGroupName: 'rg-unit', location: 'westeurope', publicNetworkAccess: PublicNetworkAccess.ENABLED });
    const r = refusalOf(() => new FlexFunctionApp(stack, 'app', {
      name: 'func-unit', resourceGroupName: 'rg-unit', location: 'westeurope', storage, entraAuth: { applicationId: '6f1d2c3e-5a4b-4c3d-9e8f-7a6b5c4d3e2f' },
      appSettings: { ORDERS_KEY: account.primaryAccessKey },
    }));
    expect(r).toMatchObject({ lesson: 'SEC-1', path: 'test/app', setting: 'appSettings.ORDERS_KEY' });
    expect(r.message).toContain('= "${azurerm_storage_account.st.primary_access_key}": a reference to azurerm_storage_account.primary_access_key, which azurerm marks sensitive: a credential, and in an app setting');
    expect(r.message).toContain('(@Microsoft.KeyVault(SecretUri=<versionless secret URI>))');
  });

  it('passes references to what is no credential: names, endpoints, an Application Insights connection string, and a declared not-a-secret', () => {
    const stack = testStack();
    const account = rawAccount(stack);
    const insights = new RawApplicationInsights(stack, 'appi', { name: 'appi-orders', resourceGroupName: 'rg', location: 'westeurope', applicationType: 'web' });
    service({
      STORAGE_NAME: account.name, STORAGE_BLOB: account.primaryBlobEndpoint, APPLICATIONINSIGHTS_CONNECTION_STRING: insights.connectionString,
      LEGACY: account.primaryConnectionString,
    }, [{ name: 'LEGACY', reason: 'read-only emulator account for the integration tests' }], stack);
    expect(() => synth(stack)).not.toThrow();
  });

  it('finds a nested block\'s sensitive attribute, a whole block that holds one, and a part of a sensitive attribute', () => {
    expect(sensitiveReferenceIn('${azurerm_kubernetes_cluster.aks.windows_profile[0].admin_password}')).toBe('azurerm_kubernetes_cluster.windows_profile.admin_password');
    expect(sensitiveReferenceIn('${jsonencode(azurerm_kubernetes_cluster.aks.service_principal[0])}')).toBe('azurerm_kubernetes_cluster.service_principal');
    // kube_config is one sensitive attribute: its host is part of it.
    expect(sensitiveReferenceIn('${azurerm_kubernetes_cluster.aks.kube_config[0].host}')).toBe('azurerm_kubernetes_cluster.kube_config.host');
    expect(sensitiveReferenceIn('${data.azurerm_storage_account.x.primary_connection_string}')).toBe('data.azurerm_storage_account.primary_connection_string');
    expect(sensitiveReferenceIn('${azurerm_kubernetes_cluster.aks.windows_profile[0].admin_username}')).toBeUndefined();
    expect(sensitiveReferenceIn('${azurerm_storage_account.x.primary_blob_endpoint}')).toBeUndefined();
    expect(sensitiveReferenceIn('azurerm_storage_account.x.primary_access_key')).toBeUndefined();
  });
});

describe('the sensitive-attributes table', () => {
  it('is what its generator writes from the provider schema extract', () => {
    const out = execFileSync(process.execPath, [join(__dirname, '../../tools/provider-secrets/generate.mjs'), '--check'], { encoding: 'utf8' });
    expect(out).toMatch(/constructs\/core\/sensitive-attributes\.ts is up to date \(\d+ types\)\./);
  });

  it('and the AzAPI table are what their generators write from the schema extracts', () => {
    const out = execFileSync(process.execPath, [join(__dirname, '../../tools/provider-secrets/generate-arm.mjs'), '--check'], { encoding: 'utf8' });
    expect(out).toMatch(/constructs\/core\/arm-sensitive-properties\.ts is up to date \(\d+ types\)\./);
  });

  it('holds the body properties Resource Manager marks secure, by type in lower case, and leaves out the identifiers and public values the types mark too', () => {
    expect(ARM_SENSITIVE_PROPERTIES['microsoft.app/containerapps']).toEqual(['properties.configuration.secrets[].value']);
    expect(ARM_SENSITIVE_PROPERTIES['microsoft.app/managedenvironments/daprcomponents']).toEqual(['properties.secrets[].value']);
    expect(ARM_SENSITIVE_PROPERTIES['microsoft.sql/servers']).toEqual(['properties.administratorLoginPassword']);
    expect(ARM_SENSITIVE_PROPERTIES['microsoft.web/sites']).toEqual(['properties.siteConfig.azureStorageAccounts.*.accessKey']);
    // Application Insights' connection string and the Dapr AI key identify a component; a client id and a workspace id are identifiers.
    expect(ARM_SENSITIVE_PROPERTIES['microsoft.app/managedenvironments']).not.toContain('properties.daprAIConnectionString');
    expect(ARM_SENSITIVE_PROPERTIES['microsoft.app/managedenvironments']).toContain('properties.appLogsConfiguration.logAnalyticsConfiguration.sharedKey');
    expect(ARM_SENSITIVE_PROPERTIES['microsoft.containerinstance/containergroups']).not.toContain('properties.diagnostics.logAnalytics.workspaceResourceId');
    expect(Object.values(ARM_SENSITIVE_PROPERTIES).flat().filter((p) => /(?:^|\.)(?:clientId|tenantId|thumbprint|customData|publicBlob)$/.test(p))).toEqual([]);
    // Public keys and certificates whose private key is a field of its own (review).
    expect(ARM_SENSITIVE_PROPERTIES['microsoft.azurestackhci/virtualmachines'] ?? []).not.toContain('properties.osProfile.linuxConfiguration.ssh.publicKeys[].keyData');
    expect(ARM_SENSITIVE_PROPERTIES['microsoft.kubernetesconfiguration/fluxconfigurations']).not.toContain('properties.ociRepository.tlsConfig.clientCertificate');
    expect(ARM_SENSITIVE_PROPERTIES['microsoft.kubernetesconfiguration/fluxconfigurations']).toContain('properties.ociRepository.tlsConfig.privateKey');
  });

  it('holds the fields azurerm 4.55.0\'s source marks sensitive in attribute-mode and computed blocks, which its schema leaves unmarked', () => {
    expect(SENSITIVE_ATTRIBUTES.azurerm_batch_pool).toContain('container_configuration.container_registries.password');
    expect(SENSITIVE_ATTRIBUTES.azurerm_iothub).toEqual(['endpoint.connection_string', 'file_upload.connection_string', 'shared_access_policy.primary_key', 'shared_access_policy.secondary_key']);
    expect(SENSITIVE_ATTRIBUTES.azurerm_app_configuration).toContain('primary_read_key.connection_string');
    expect(SENSITIVE_ATTRIBUTES['data.azurerm_managed_redis']).toEqual(expect.arrayContaining(['default_database.primary_access_key', 'default_database.secondary_access_key']));
    expect(SENSITIVE_IN_SOURCE_ONLY.has('azurerm_iothub.endpoint.connection_string')).toBe(true);
    expect(SENSITIVE_IN_SOURCE_ONLY.has('azurerm_iothub.file_upload.connection_string')).toBe(false);
  });

  it('fails when an app setting takes an App Configuration store\'s read key connection string, a reference azurerm\'s schema does not mark but its source does', async () => {
    const report = await lessonsOn({ 'main.tf': 'resource "azurerm_linux_web_app" "web" {\n  name = "app-web"\n  site_config {}\n  app_settings = { APPCONFIG = azurerm_app_configuration.cfg.primary_read_key[0].connection_string }\n}\n' });
    expect(failuresOf(report, 'SEC-1.AppSettingPlainSecret').map((r) => `${r.setting} ${r.message?.split(', which')[0].split('": ')[1]}`)).toEqual(['app_settings.APPCONFIG a reference to azurerm_app_configuration.primary_read_key.connection_string']);
  });
});
