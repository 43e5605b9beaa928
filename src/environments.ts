import { readFileSync } from 'node:fs';
import { AzureRegion } from '../constructs/core/azure-region';
import { NAME_RULES, NameRule } from '../constructs/core/naming';
import { InvalidValueError } from '../constructs/core/validation';
import { SettingsSchema, SharedSettings } from '../stacks/stack-definition';
import { STACKS } from './stacks';
import { STORAGE_SERVICE } from '../constructs/storage/storage-service';

/**
 * Everything that differs between environments: the fields every stack shares, and one section
 * per stack of the registry (`realtime`, `rateLimiting`, ...) under `stacks`. In an override
 * file the sections sit next to the shared fields: `{"prod": {"location": "...", "realtime": {...}}}`.
 */
export interface EnvironmentDefinition extends SharedSettings {
  /** Environment name: `dev`, `prod`, ... Stacks are named `<stack>-<name>`. */
  readonly name: string;
  /** Each stack's section, by section name. */
  readonly stacks: Readonly<Record<string, unknown>>;
}

const publisher = { publisherName: 'Platform team', publisherEmail: 'platform@example.com' };

/** The shared fields of the embedded environments. */
const EMBEDDED_SHARED: readonly (SharedSettings & { readonly name: string })[] = [
  {
    name: 'dev',
    location: 'westeurope',
    namePrefix: 'rtp-dev',
    production: false,
    tags: { 'cost-center': 'platform', owner: 'platform-team' },
    apiManagement: { skuName: 'BasicV2_1', ...publisher },
    logRetentionDays: 30,
  },
  {
    name: 'prod',
    location: 'westeurope',
    namePrefix: 'rtp-prod',
    production: true,
    tags: { 'cost-center': 'platform', owner: 'platform-team' },
    apiManagement: { skuName: 'StandardV2_1', ...publisher },
    logRetentionDays: 90,
    // Private by default: each stack takes a /20 of it (see docs/network.md).
    network: { addressSpace: '10.40.0.0/16', private: true },
  },
];

/** The embedded environments: the shared fields above and each stack's embedded section. */
export const DEFAULT_ENVIRONMENTS: readonly EnvironmentDefinition[] = EMBEDDED_SHARED.map((shared) => ({
  ...shared,
  stacks: Object.fromEntries(STACKS.map((s) => [s.section, s.embedded[shared.name]])),
}));

/** Known shared fields, at every depth. */
const SHARED_FIELDS: SettingsSchema = {
  name: true, location: true, namePrefix: true, production: 'boolean', tags: 'map',
  state: { storageAccountName: true, containerName: true, resourceGroupName: true },
  apiManagement: { skuName: true, publisherName: true, publisherEmail: true },
  logRetentionDays: true,
  network: { addressSpace: true, private: 'boolean' },
  deployerObjectIds: true,
};

/** Shared `RTP_<ENV>_<NAME>` variables and the field each sets. */
const SHARED_VARIABLES: Readonly<Record<string, string>> = {
  LOCATION: 'location', NAME_PREFIX: 'namePrefix', STATE_STORAGE_ACCOUNT: 'state.storageAccountName',
};

/** Where `loadEnvironments` reads overrides from. */
export interface EnvironmentSources {
  /** Process environment (for `RTP_*` variables). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Reads an override file. @default fs.readFileSync */
  readonly readFile?: (path: string) => string;
}

/**
 * The environments to synthesize:
 * 1. the embedded `DEFAULT_ENVIRONMENTS`;
 * 2. merged with the JSON file named by `RTP_ENVIRONMENTS_FILE`: an object keyed by environment
 *    name whose values override fields (objects merge at every depth, lists replace); a new
 *    name adds an environment, starting from `dev`'s values, production unless it says
 *    `"production": false`;
 * 3. then the variables `RTP_<ENV>_LOCATION`, `RTP_<ENV>_NAME_PREFIX`,
 *    `RTP_<ENV>_STATE_STORAGE_ACCOUNT` and each stack's own (`RTP_<ENV>_IMAGE` for the real-time
 *    image, `RTP_<ENV>_LIMITER_IMAGE` for the rate limiter), ENV upper-cased;
 * 4. restricted to the names in `RTP_ENVIRONMENTS` (comma-separated), if set.
 * Every refusal reads `[ENV] <source>: <setting> = <value>: <problem> Fix: <fix>`.
 */
export function loadEnvironments(sources: EnvironmentSources = { env: process.env }): EnvironmentDefinition[] {
  const env = sources.env;
  let environments = DEFAULT_ENVIRONMENTS.map((e) => clone(e));
  const file = env.RTP_ENVIRONMENTS_FILE;
  if (file) {
    const read = sources.readFile ?? ((p: string) => readFileSync(p, 'utf8'));
    let overrides: unknown;
    try {
      overrides = JSON.parse(read(file));
    } catch (error) {
      refuse('RTP_ENVIRONMENTS_FILE', file, `cannot read it as JSON (${(error as Error).message}).`, 'give a JSON object keyed by environment name.');
    }
    if (!isPlainObject(overrides)) {
      refuse('RTP_ENVIRONMENTS_FILE', file, 'expected a JSON object keyed by environment name.', 'write e.g. {"dev": {"location": "northeurope"}}.');
    }
    environments = applyOverrides(environments, overrides);
  }
  environments = environments.map((e) => checkEnvironment(applyVariables(e, env)));
  const only = env.RTP_ENVIRONMENTS?.split(',').map((s) => s.trim()).filter(Boolean);
  if (only && only.length > 0) {
    const unknown = only.filter((n) => !environments.some((e) => e.name === n));
    if (unknown.length > 0) {
      refuse('RTP_ENVIRONMENTS', env.RTP_ENVIRONMENTS, `there is no environment named ${unknown.join(', ')}.`,
        `choose from ${environments.map((e) => e.name).join(', ')}.`);
    }
    environments = environments.filter((e) => only.includes(e.name));
  }
  return environments;
}

function refuse(setting: string, given: unknown, problem: string, fix: string, where = 'environments'): never {
  throw new InvalidValueError(where, { lesson: 'ENV', setting, given, problem, fix });
}

/** Fields that were top-level before each stack had its own section, and where they live now. */
const MOVED_FIELDS: Readonly<Record<string, string>> = {
  image: 'realtime', registry: 'realtime', frontDoor: 'realtime', replicas: 'realtime', routes: 'realtime', webSocketHeartbeatSeconds: 'realtime',
};

function applyOverrides(environments: EnvironmentDefinition[], overrides: Record<string, unknown>): EnvironmentDefinition[] {
  const result = [...environments];
  const sections = new Map(STACKS.map((s) => [s.section, s.fields]));
  for (const [name, override] of Object.entries(overrides)) {
    const where = 'RTP_ENVIRONMENTS_FILE';
    if (!isPlainObject(override)) refuse(name, override, 'each environment is an object of fields to override.', 'write e.g. {"location": "northeurope"}.', where);
    const shared: Record<string, unknown> = {};
    const stacks: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(override)) {
      const schema = sections.get(key);
      if (schema) {
        checkFields(`${name}.${key}`, value, schema);
        stacks[key] = value;
      } else if (key in SHARED_FIELDS) {
        checkFields(`${name}.${key}`, value, SHARED_FIELDS[key]);
        shared[key] = key === 'location' ? checkLocation(`${name}.location`, value, where) : value;
      } else if (key in MOVED_FIELDS) {
        refuse(`${name}.${key}`, value, `${key} belongs to the ${MOVED_FIELDS[key]} stack's section now.`, `move it to "${name}": {"${MOVED_FIELDS[key]}": {"${key}": ...}}.`, where);
      } else {
        refuse(`${name}.${key}`, value, 'unknown field.', `use ${[...Object.keys(SHARED_FIELDS), ...sections.keys()].join(', ')}.`, where);
      }
    }
    const index = result.findIndex((e) => e.name === name);
    // A new environment starts from dev's values but not from its production: false: unless the
    // file says so, it is production (an environment named prod-eu must not get dev's behaviour).
    const base = index >= 0 ? result[index] : { ...clone(result.find((e) => e.name === 'dev')!), namePrefix: `rtp-${name}`, production: true };
    const merged = mergeDeep(base, { ...shared, name, stacks }) as unknown as EnvironmentDefinition;
    if (index >= 0) result[index] = merged;
    else result.push(merged);
  }
  return result;
}

/** Refuse fields the schema does not know, at every depth: a misspelt field would be silently ignored. */
function checkFields(path: string, value: unknown, schema: true | 'map' | 'boolean' | SettingsSchema): void {
  if (schema === true) return;
  if (schema === 'boolean') {
    // "false" in JSON is a string, and a string is truthy: it would turn the setting on.
    if (typeof value !== 'boolean') refuse(path, value, 'expected true or false.', `write ${path.split('.').pop()}: ${value === 'false' ? 'false' : 'true'} without quotes.`, 'RTP_ENVIRONMENTS_FILE');
    return;
  }
  if (!isPlainObject(value)) {
    refuse(path, value, 'expected an object.', 'write it as {"field": value}.', 'RTP_ENVIRONMENTS_FILE');
  }
  if (schema === 'map') return;
  for (const [key, child] of Object.entries(value)) {
    if (!(key in schema)) refuse(`${path}.${key}`, child, 'unknown field.', `use ${Object.keys(schema).join(', ')}.`, 'RTP_ENVIRONMENTS_FILE');
    checkFields(`${path}.${key}`, child, schema[key]);
  }
}

/**
 * Refuse what would only fail at `terraform init` or `apply`: a misspelt region, and a state
 * backend Azure cannot name (the storage account, container and resource group of `state`).
 * The constructs check the rest.
 */
function checkEnvironment(e: EnvironmentDefinition): EnvironmentDefinition {
  const where = `environment ${e.name}`;
  checkState(e.state, where);
  return { ...e, location: checkLocation('location', e.location, where) };
}

/**
 * The Terraform state backend: `terraform init` is where a bad name shows up, after the synth, so
 * the loader checks the names by the rules the constructs use (`NAME_RULES`): the storage account
 * 3-24 lower-case letters and digits, the container 3-63 lower-case letters, digits and single
 * hyphens, starting and ending with a letter or digit.
 */
function checkState(state: SharedSettings['state'], where: string): void {
  if (state === undefined) return;
  if (state.storageAccountName === undefined) {
    refuse('state.storageAccountName', undefined, 'the state section names no storage account, so the backend has nowhere to keep the state.', 'set state.storageAccountName (or RTP_<ENV>_STATE_STORAGE_ACCOUNT), or leave state out for a local state file.', where);
  }
  checkStateName('state.storageAccountName', state.storageAccountName, STORAGE_SERVICE.names.resource, where);
  if (state.containerName !== undefined) checkStateName('state.containerName', state.containerName, STORAGE_SERVICE.names.container, where);
  if (state.resourceGroupName !== undefined) checkStateName('state.resourceGroupName', state.resourceGroupName, NAME_RULES.resourceGroup, where);
}

function checkStateName(setting: string, value: unknown, rule: NameRule, where: string): void {
  const fix = `use ${rule.min}-${rule.max} characters: ${rule.shape}.`;
  if (typeof value !== 'string') refuse(setting, value, `expected the ${rule.kind} name as a string.`, fix, where);
  if (value.length < rule.min || value.length > rule.max || !rule.pattern.test(value)) {
    refuse(setting, value, `Azure rejects this ${rule.kind} name (${value.length} characters), so terraform init fails.`, fix, where);
  }
}

/**
 * An Azure region, as its programmatic name: a display name the providers accept (`West Europe`)
 * becomes `westeurope`; anything else is refused with a "did you mean" (AzureRegion's table).
 */
function checkLocation(setting: string, value: unknown, where: string): string {
  if (typeof value !== 'string') refuse(setting, value, 'expected the name of an Azure region.', 'write e.g. "westeurope".', where);
  const found = AzureRegion.problemOf(value);
  if (found) refuse(setting, value, found.problem, found.fix, where);
  // A canary or sovereign-cloud region fails every apply of a public-cloud subscription; an
  // access-restricted one is the constructs' warning (access can be granted).
  const limit = AzureRegion.limitOf(value);
  if (limit?.refused) refuse(setting, value, limit.problem, limit.fix, where);
  return AzureRegion.normalize(value);
}

function applyVariables(e: EnvironmentDefinition, env: Readonly<Record<string, string | undefined>>): EnvironmentDefinition {
  const key = (suffix: string) => env[`RTP_${e.name.toUpperCase().replace(/-/g, '_')}_${suffix}`];
  let result: Record<string, unknown> = clone(e) as unknown as Record<string, unknown>;
  for (const [suffix, field] of Object.entries(SHARED_VARIABLES)) {
    const value = key(suffix);
    const variable = `RTP_${e.name.toUpperCase().replace(/-/g, '_')}_${suffix}`;
    if (value) result = setPath(result, field.split('.'), field === 'location' ? checkLocation(variable, value, 'environments') : value);
  }
  for (const definition of STACKS) {
    for (const [suffix, field] of Object.entries(definition.variables)) {
      const value = key(suffix);
      if (value) result = setPath(result, ['stacks', definition.section, ...field.split('.')], value);
    }
  }
  return result as unknown as EnvironmentDefinition;
}

function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path;
  const current = target[head];
  return { ...target, [head]: rest.length === 0 ? value : setPath(isPlainObject(current) ? current : {}, rest, value) };
}

/** Objects merge at every depth; lists and other values replace. */
function mergeDeep(base: object, override: object): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = out[key];
    out[key] = isPlainObject(current) && isPlainObject(value) ? mergeDeep(current, value) : value;
  }
  return out;
}

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
