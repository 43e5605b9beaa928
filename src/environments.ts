import { readFileSync } from 'node:fs';
import { RateLimitingSettings } from '../stacks/rate-limiting-stack';
import { RealtimeStackProps } from '../stacks/realtime-stack';

/**
 * Everything that differs between environments. Embedded defaults make `npm run synth` work
 * without Azure credentials; override them with a JSON file or environment variables
 * (see {@link loadEnvironments}).
 */
export type EnvironmentDefinition = Omit<RealtimeStackProps, 'environmentName'> & {
  /** Environment name: `dev`, `prod`, ... Stacks are named `<stack>-<name>`. */
  readonly name: string;
  /**
   * What only the rate-limiting stack needs. The shared fields (location, name prefix,
   * production, tags, state, API Management tier, log retention) come from the environment.
   */
  readonly rateLimiting: RateLimitingSettings;
};

/** The sample ASP.NET Core image: it honours the Kestrel endpoint settings, so it listens on 8080 and 8081. */
export const SAMPLE_IMAGE = 'mcr.microsoft.com/dotnet/samples:aspnetapp';

const publisher = { publisherName: 'Platform team', publisherEmail: 'platform@example.com' };

/** The embedded environments. */
export const DEFAULT_ENVIRONMENTS: readonly EnvironmentDefinition[] = [
  {
    name: 'dev',
    location: 'westeurope',
    namePrefix: 'rtp-dev',
    production: false,
    tags: { 'cost-center': 'platform', owner: 'platform-team' },
    image: SAMPLE_IMAGE,
    apiManagement: { skuName: 'BasicV2_1', ...publisher },
    frontDoor: { sku: 'Standard_AzureFrontDoor', waf: false },
    replicas: { min: 1, max: 5 },
    logRetentionDays: 30,
    rateLimiting: {
      image: SAMPLE_IMAGE,
      redis: { skuName: 'Balanced_B0', highAvailability: false },
    },
  },
  {
    name: 'prod',
    location: 'westeurope',
    namePrefix: 'rtp-prod',
    production: true,
    tags: { 'cost-center': 'platform', owner: 'platform-team' },
    image: 'crrtpshared.azurecr.io/realtime/patterns:1.0.0',
    registry: { name: 'crrtpshared', resourceGroupName: 'rg-rtp-shared' },
    apiManagement: { skuName: 'StandardV2_1', ...publisher },
    frontDoor: { sku: 'Premium_AzureFrontDoor', waf: true },
    replicas: { min: 2, max: 20 },
    logRetentionDays: 90,
    rateLimiting: {
      image: 'crrtpshared.azurecr.io/ratelimiting/limiter:1.0.0',
      registry: { name: 'crrtpshared', resourceGroupName: 'rg-rtp-shared' },
      redis: { skuName: 'Balanced_B1', highAvailability: true },
    },
  },
];

/** Where {@link loadEnvironments} reads overrides from. */
export interface EnvironmentSources {
  /** Process environment (for `RTP_*` variables). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Reads an override file. @default fs.readFileSync */
  readonly readFile?: (path: string) => string;
}

type Overrides = Record<string, Partial<EnvironmentDefinition>>;

/**
 * The environments to synthesize:
 * 1. the embedded {@link DEFAULT_ENVIRONMENTS};
 * 2. merged with the JSON file named by `RTP_ENVIRONMENTS_FILE`: an object keyed by environment
 *    name whose values override fields (objects merge at every depth, arrays replace); a new
 *    name adds an environment, starting from `dev`'s values;
 * 3. then `RTP_<ENV>_IMAGE` (real-time image), `RTP_<ENV>_LIMITER_IMAGE` (rate-limiter
 *    image), `RTP_<ENV>_LOCATION`, `RTP_<ENV>_NAME_PREFIX` and `RTP_<ENV>_STATE_STORAGE_ACCOUNT`
 *    (ENV upper-cased, e.g. `RTP_PROD_IMAGE`);
 * 4. restricted to the names in `RTP_ENVIRONMENTS` (comma-separated), if set.
 */
export function loadEnvironments(sources: EnvironmentSources = { env: process.env }): EnvironmentDefinition[] {
  const env = sources.env;
  let environments = DEFAULT_ENVIRONMENTS.map((e) => ({ ...e }));
  const file = env.RTP_ENVIRONMENTS_FILE;
  if (file) {
    const read = sources.readFile ?? ((p: string) => readFileSync(p, 'utf8'));
    let overrides: unknown;
    try {
      overrides = JSON.parse(read(file));
    } catch (error) {
      throw new Error(`RTP_ENVIRONMENTS_FILE=${file}: cannot read it as JSON (${(error as Error).message}). Fix: give a JSON object keyed by environment name.`);
    }
    if (typeof overrides !== 'object' || overrides === null || Array.isArray(overrides)) {
      throw new Error(`RTP_ENVIRONMENTS_FILE=${file}: expected a JSON object keyed by environment name, e.g. {"dev": {"location": "northeurope"}}.`);
    }
    environments = applyOverrides(environments, overrides as Overrides);
  }
  environments = environments.map((e) => checkEnvironment(applyVariables(e, env)));
  const only = env.RTP_ENVIRONMENTS?.split(',').map((s) => s.trim()).filter(Boolean);
  if (only && only.length > 0) {
    const unknown = only.filter((n) => !environments.some((e) => e.name === n));
    if (unknown.length > 0) {
      throw new Error(`RTP_ENVIRONMENTS=${env.RTP_ENVIRONMENTS}: no environment named ${unknown.join(', ')}. Fix: choose from ${environments.map((e) => e.name).join(', ')}.`);
    }
    environments = environments.filter((e) => only.includes(e.name));
  }
  return environments;
}

const KNOWN_FIELDS: ReadonlySet<string> = new Set<keyof EnvironmentDefinition>([
  'name', 'location', 'namePrefix', 'production', 'tags', 'state', 'image', 'registry', 'apiManagement',
  'frontDoor', 'replicas', 'logRetentionDays', 'routes', 'webSocketHeartbeatSeconds', 'rateLimiting',
]);

/** Known fields of the objects inside an environment, by path: a misspelt field would be silently ignored. */
const KNOWN_NESTED_FIELDS: Readonly<Record<string, readonly string[]>> = {
  apiManagement: ['skuName', 'publisherName', 'publisherEmail'],
  frontDoor: ['sku', 'waf'],
  replicas: ['min', 'max'],
  state: ['storageAccountName', 'containerName', 'resourceGroupName'],
  registry: ['name', 'resourceGroupName', 'loginServer'],
  rateLimiting: ['image', 'registry', 'redis', 'limits', 'replicas', 'alertEmail', 'clients'],
  'rateLimiting.registry': ['name', 'resourceGroupName', 'loginServer'],
  'rateLimiting.redis': ['skuName', 'highAvailability', 'publicNetworkAccess', 'protectFromReplacement'],
  'rateLimiting.limits': ['calls', 'renewalPeriodSeconds', 'concurrency'],
};

function checkNestedFields(environment: string, path: string, value: unknown): void {
  const known = KNOWN_NESTED_FIELDS[path];
  if (!known || !isPlainObject(value)) return;
  const unknown = Object.keys(value).filter((key) => !known.includes(key));
  if (unknown.length > 0) {
    throw new Error(`RTP_ENVIRONMENTS_FILE: "${environment}".${path} has unknown field(s) ${unknown.join(', ')}. Fix: use ${known.join(', ')}.`);
  }
  for (const [key, child] of Object.entries(value)) checkNestedFields(environment, `${path}.${key}`, child);
}

/** Refuse what would only fail at `terraform apply`: a misspelt region. The constructs check the rest. */
function checkEnvironment(e: EnvironmentDefinition): EnvironmentDefinition {
  if (!/^[a-z][a-z0-9]*$/.test(e.location)) {
    throw new Error(`Environment ${e.name}: location = ${JSON.stringify(e.location)}: Azure region names are lower-case letters and digits without spaces. Fix: use e.g. "westeurope" (az account list-locations -o table).`);
  }
  return e;
}

function applyOverrides(environments: EnvironmentDefinition[], overrides: Overrides): EnvironmentDefinition[] {
  const result = [...environments];
  for (const [name, override] of Object.entries(overrides)) {
    if (typeof override !== 'object' || override === null || Array.isArray(override)) {
      throw new Error(`RTP_ENVIRONMENTS_FILE: "${name}" must be an object of fields to override.`);
    }
    const unknown = Object.keys(override).filter((key) => !KNOWN_FIELDS.has(key));
    if (unknown.length > 0) {
      throw new Error(`RTP_ENVIRONMENTS_FILE: "${name}" has unknown field(s) ${unknown.join(', ')}. Fix: use ${[...KNOWN_FIELDS].join(', ')}.`);
    }
    for (const [key, value] of Object.entries(override)) checkNestedFields(name, key, value);
    const index = result.findIndex((e) => e.name === name);
    const base = index >= 0 ? result[index] : { ...result.find((e) => e.name === 'dev')!, namePrefix: `rtp-${name}` };
    const merged = mergeDeep(base, { ...override, name }) as EnvironmentDefinition;
    if (index >= 0) result[index] = merged;
    else result.push(merged);
  }
  return result;
}

/** Objects merge at every depth; arrays and other values replace. */
function mergeDeep(base: object, override: object): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = out[key];
    out[key] = isPlainObject(current) && isPlainObject(value) ? mergeDeep(current, value) : value;
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function applyVariables(e: EnvironmentDefinition, env: Readonly<Record<string, string | undefined>>): EnvironmentDefinition {
  const key = (suffix: string) => env[`RTP_${e.name.toUpperCase().replace(/-/g, '_')}_${suffix}`];
  const image = key('IMAGE');
  const limiterImage = key('LIMITER_IMAGE');
  const location = key('LOCATION');
  const namePrefix = key('NAME_PREFIX');
  const storage = key('STATE_STORAGE_ACCOUNT');
  return {
    ...e,
    ...(image ? { image } : {}),
    ...(limiterImage ? { rateLimiting: { ...e.rateLimiting, image: limiterImage } } : {}),
    ...(location ? { location } : {}),
    ...(namePrefix ? { namePrefix } : {}),
    ...(storage ? { state: { ...e.state, storageAccountName: storage } } : {}),
  };
}
