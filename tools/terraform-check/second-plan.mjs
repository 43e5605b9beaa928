// The second plan: what `terraform plan` says after the first apply. The planned values of the first plan
// become a state (values Azure fills in, unknown at plan, get stand-ins), adjusted by what Azure is known to
// return differently from what was sent (AZURE_RETURNS), and the stack is planned again against it with
// `-refresh=false`. A stand-in that a reference makes known in the next plan is taken from that plan (at
// most MAX_ROUNDS times, as an apply would resolve it); any change left is one every later apply would
// make again: an error of the check. This simulates Read only where AZURE_RETURNS says what Azure returns.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GUID_STAND_IN, standInId } from './stand-in-ids.mjs';
import { terraform } from './terraform.mjs';

const MAX_ROUNDS = 8;

/**
 * What Azure returns that differs from what the configuration sent, per resource type: the state after the
 * first apply, as Read would store it. Each entry is (values as planned, resource) => values as stored.
 */
export const AZURE_RETURNS = {
  // Azure names the infrastructure group of a workload-profiles environment itself when none is given (azurerm#27481).
  azurerm_container_app_environment: (v) => (v.workload_profile?.length && !v.infrastructure_resource_group_name
    ? { ...v, infrastructure_resource_group_name: `ME_${v.name}_${v.resource_group_name}_${v.location}` } : v),
  // Microsoft.Web returns a site's plan id as .../serverfarms/... (Azure/terraform-azurerm-avm-res-web-site#281).
  azapi_resource: (v) => {
    const farm = v.body?.properties?.serverFarmId;
    if (typeof farm !== 'string' || !String(v.type).startsWith('Microsoft.Web/sites@')) return v;
    return { ...v, body: { ...v.body, properties: { ...v.body.properties, serverFarmId: farm.replace(/\/serverFarms\//i, '/serverfarms/') } } };
  },
};

function asAzureReturns(values, resource) {
  const returns = AZURE_RETURNS[resource.type];
  return returns ? returns(values, resource) : values;
}

/** Terraform's built-in provider is not in `providers schema`: the one resource of it the stacks use. */
const BUILTIN = {
  'terraform.io/builtin/terraform': { resource_schemas: { terraform_data: { version: 0, block: { attributes: {
    id: { type: 'string', computed: true }, input: { type: 'dynamic', optional: true }, output: { type: 'dynamic', computed: true },
    triggers_replace: { type: 'dynamic', optional: true },
  } } } } },
};

async function schemas(dir, env) {
  const out = await terraform(['providers', 'schema', '-json'], dir, env);
  return { ...BUILTIN, ...JSON.parse(out.stdout).provider_schemas };
}

/** Whether a schema type is a map (`["map", "string"]`). */
const isMap = (type) => Array.isArray(type) && type[0] === 'map';

function standIn(type, resource, attribute) {
  const t = Array.isArray(type) ? type[0] : type;
  if (t === 'string') return `offline-${resource.type}-${attribute}`;
  if (t === 'number') return 1;
  if (t === 'bool') return false;
  if (t === 'list' || t === 'set') return [];
  if (t === 'map') return {};
  return null;
}

/** The value at a reference such as `azurerm_x.y.identity[0].principal_id`, from filled resources; undefined when not known. */
function referenced(reference, filledByAddress) {
  const match = /^((?:data\.)?[a-z0-9_]+\.[^.[]+)\.(.+)$/.exec(reference);
  if (!match) return undefined;
  const entry = filledByAddress.get(match[1]);
  if (!entry) return undefined;
  return match[2].replace(/\[(\d+)\]/g, '.$1').split('.').reduce((o, k) => (o === null || o === undefined ? undefined : o[k]), entry.values);
}

/** The one reference of an expression that is nothing but that reference (`"${x.y.attr}"`), else undefined. */
function bareReference(expression) {
  const refs = expression?.references ?? [];
  if (refs.length !== 2 || !refs[0].startsWith(`${refs[1]}.`)) return undefined;
  return expression.constant_value === `\${${refs[0]}}` ? refs[0] : undefined;
}

/** A template of references (`"${x.y.id}/secrets/name"`) with every reference filled before: its value, as an apply would compute it. */
function evaluateTemplate(expression, filledByAddress) {
  const template = expression?.constant_value;
  if (typeof template !== 'string' || !template.includes('${')) return undefined;
  let unresolved = false;
  const value = template.replace(/\$\{([^}]+)\}/g, (whole, reference) => {
    const known = /^[a-z0-9_.[\]-]+$/i.test(reference) ? referenced(reference, filledByAddress) : undefined;
    if (typeof known !== 'string') unresolved = true;
    return typeof known === 'string' ? known : whole;
  });
  return unresolved ? undefined : value;
}

/** A stand-in for a value Azure fills in: shaped as validators expect it (ids, GUIDs), empty where the configuration could set it. */
function standInFor(attr, resource, name) {
  const t = Array.isArray(attr.type) ? attr.type[0] : attr.type;
  if (t === 'string') {
    if (/(^|_)(principal|tenant|client|object|application|customer|app)_id$|^(principal|tenant|client|object)_id$|(^|_)guid$/.test(name)) return GUID_STAND_IN;
    if (/_id$/.test(name)) return `/subscriptions/${GUID_STAND_IN}/resourceGroups/rg-offline/providers/Offline.Check/${resource.type}/${name}`;
    return attr.optional ? '' : `offline-${resource.type}-${name}`;
  }
  return standIn(attr.type, resource, name);
}

/** Unknown leaves of a dynamic value (an azapi body) get stand-ins. */
function fillDynamic(value, unknown, resource, path, filled) {
  if (unknown === true) {
    filled.add(path);
    return `offline-${resource.type}-${path}`;
  }
  if (!unknown || typeof unknown !== 'object') return value;
  const out = Array.isArray(unknown) ? [...(value ?? [])] : { ...(value ?? {}) };
  for (const [k, u] of Object.entries(unknown)) out[k] = fillDynamic(out[k], u, resource, `${path}.${k}`, filled);
  return out;
}

/**
 * Fills what the plan left unknown, per the schema block: a bare reference to a resource filled before
 * takes its value (as an apply would), an id its stand-in, anything else a stand-in of its type. Records
 * the filled paths: the next plans may still correct them, nothing else.
 */
function fill(value, unknown, expressions, block, resource, path, filled, filledByAddress, isRoot) {
  const out = { ...(value ?? {}) };
  const later = [];
  for (const [name, attr] of Object.entries(block.attributes ?? {})) {
    if (attr.type === 'dynamic' && unknown?.[name] && unknown[name] !== true) {
      out[name] = fillDynamic(out[name], unknown[name], resource, `${path}${name}`, filled);
    } else if (Array.isArray(unknown?.[name]) && Array.isArray(out[name])) {
      // Unknown elements of a list (identity_ids = [<an identity's id>]): stand-ins the next plan corrects.
      const element = { ...attr, type: Array.isArray(attr.type) ? attr.type[1] : attr.type };
      const refs = (expressions?.[name]?.references ?? []).filter((r, i, all) => !all.some((o) => o !== r && o.startsWith(`${r}.`)));
      const unknownCount = unknown[name].filter((u) => u === true).length;
      let next = 0;
      out[name] = out[name].map((v, i) => {
        if (unknown[name][i] !== true) return v;
        const known = refs.length === unknownCount ? referenced(refs[next], filledByAddress) : undefined;
        next += 1;
        return known ?? standInFor(element, resource, name);
      });
      filled.add(`${path}${name}`);
    } else if (isMap(attr.type) && unknown?.[name] && typeof unknown[name] === 'object' && !Array.isArray(unknown[name])) {
      // Unknown values of a map (a time_sleep's triggers = { <grant>: <its id> }): stand-ins the next plan corrects.
      out[name] = fillDynamic(out[name], unknown[name], resource, `${path}${name}`, filled);
    } else if (unknown?.[name] === true) {
      const reference = bareReference(expressions?.[name]);
      const known = reference === undefined ? evaluateTemplate(expressions?.[name], filledByAddress) : referenced(reference, filledByAddress);
      if (known !== undefined) out[name] = known;
      else if (isRoot && name === 'id') later.push(name);
      else out[name] = attr.type === 'dynamic' ? {} : standInFor(attr, resource, name);
      filled.add(`${path}${name}`);
    } else if (!(name in out)) out[name] = null;
  }
  for (const [name, nested] of Object.entries(block.block_types ?? {})) {
    const items = out[name];
    if (Array.isArray(items)) {
      out[name] = items.map((item, i) => fill(item, Array.isArray(unknown?.[name]) ? unknown[name][i] : undefined,
        Array.isArray(expressions?.[name]) ? expressions[name][i] : undefined, nested.block, resource, `${path}${name}.${i}.`, filled, filledByAddress, false));
    } else if (items === undefined || items === null) {
      out[name] = nested.nesting_mode === 'single' ? null : [];
    }
  }
  // azapi's exported response values: the keys the configuration reads (`output.defaultHostName`).
  if (isRoot && resource.type.startsWith('azapi_') && unknown?.output === true) {
    const exports = out.response_export_values;
    if (exports && !Array.isArray(exports) && typeof exports === 'object') {
      out.output = Object.fromEntries(Object.keys(exports).map((k) => [k, `offline-${resource.type}-${k}`]));
    }
  }
  // The id last: its template reads the resource's other values, parents' ids resolved above.
  for (const name of later) out[name] = standInId(resource.type, out) ?? standIn('string', resource, name);
  return out;
}

/** Resources in an order where each comes after the resources its configuration references. */
function ordered(changes, configuration) {
  const config = new Map((configuration?.root_module?.resources ?? []).map((r) => [r.address, r]));
  const referencesIn = (value) => {
    if (Array.isArray(value)) return value.flatMap(referencesIn);
    if (!value || typeof value !== 'object') return [];
    return Object.entries(value).flatMap(([k, v]) => (k === 'references' && Array.isArray(v) ? v : referencesIn(v)));
  };
  const deps = (address) => referencesIn(config.get(address)?.expressions ?? {})
    .map((r) => /^((?:data\.)?[a-z0-9_]+\.[^.[]+)/.exec(r)?.[1]).filter(Boolean);
  const byAddress = new Map(changes.map((c) => [c.address, c]));
  const out = [];
  const seen = new Set();
  const visit = (address) => {
    if (seen.has(address) || !byAddress.has(address)) return;
    seen.add(address);
    for (const d of deps(address)) visit(d);
    out.push(byAddress.get(address));
  };
  for (const c of changes) visit(c.address);
  return out.map((c) => ({ change: c, expressions: config.get(c.address)?.expressions }));
}

/** Terraform's JSON encoding of a value's type, for a dynamic attribute in the state. */
function typeOf(value) {
  if (value === null || value === undefined) return 'dynamic';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'bool';
  if (Array.isArray(value)) return ['tuple', value.map(typeOf)];
  return ['object', Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeOf(v)]))];
}

function encodeDynamic(values, block) {
  const out = { ...values };
  for (const [name, attr] of Object.entries(block.attributes ?? {})) {
    if (attr.type === 'dynamic' && out[name] !== null && out[name] !== undefined) out[name] = { value: out[name], type: typeOf(out[name]) };
  }
  return out;
}


/** The state's list of sensitive paths, from a plan's `after_sensitive` tree (else every plan would update them to sensitive). */
function sensitivePaths(tree, path = []) {
  if (tree === true) return [path];
  if (!tree || typeof tree !== 'object') return [];
  return Object.entries(tree).flatMap(([k, v]) => sensitivePaths(v, [...path, Array.isArray(tree)
    ? { type: 'index', value: { value: Number(k), type: 'number' } } : { type: 'get_attr', value: k }]));
}

function stateOf(resources, schema, lineage) {
  return {
    version: 4, terraform_version: '1.11.4', serial: 1, lineage, outputs: {},
    resources: resources.map(({ resource, values }) => {
      const sensitive = sensitivePaths(resource.change.after_sensitive);
      const rs = schema[resource.provider_name].resource_schemas[resource.type];
      return {
        mode: 'managed', type: resource.type, name: resource.name,
        provider: `provider["${resource.provider_name}"]`,
        instances: [{ schema_version: rs.version ?? 0, attributes: encodeDynamic(values, rs.block), sensitive_attributes: sensitive }],
      };
    }),
  };
}

function get(obj, path) {
  return path.split('.').reduce((o, k) => (o === null || o === undefined ? undefined : o[k]), obj);
}
function set(obj, path, value) {
  const keys = path.split('.');
  const last = keys.pop();
  const parent = keys.reduce((o, k) => o[k], obj);
  parent[last] = value;
}

export async function secondPlan(dir, env, stackName) {
  const started = Date.now();
  const diagnostics = [];
  const adjustments = [];
  const schema = await schemas(dir, env);
  const first = JSON.parse((await terraform(['show', '-json', 'first.tfplan'], dir, env)).stdout);
  const filledByAddress = new Map();
  const creates = (first.resource_changes ?? []).filter((r) => r.mode === 'managed' && r.change.actions.includes('create'));
  const resources = ordered(creates, first.configuration).map(({ change: resource, expressions }) => {
    const rs = schema[resource.provider_name].resource_schemas[resource.type];
    const filled = new Set();
    let values = fill(resource.change.after, resource.change.after_unknown, expressions, rs.block, resource, '', filled, filledByAddress, true);
    const stored = asAzureReturns(values, resource);
    if (JSON.stringify(stored) !== JSON.stringify(values)) adjustments.push(resource.address);
    values = stored;
    const entry = { resource, values, filled };
    filledByAddress.set(resource.address, entry);
    return entry;
  });
  const byAddress = new Map(resources.map((r) => [r.resource.address, r]));
  const backend = JSON.parse(readFileSync(join(dir, 'cdk.tf.json'), 'utf8')).terraform?.backend?.local?.path ?? 'terraform.tfstate';
  let changes = [];
  for (let round = 1; round <= MAX_ROUNDS; round += 1) {
    writeFileSync(join(dir, backend), JSON.stringify(stateOf(resources, schema, `offline-${stackName}`), null, 2));
    const plan = await terraform(['plan', '-json', '-refresh=false', '-lock=false', '-input=false', '-out=second.tfplan'], dir, env);
    if (plan.code !== 0) {
      const errors = plan.stdout.split('\n').filter((l) => l.includes('"type":"diagnostic"')).map((l) => JSON.parse(l).diagnostic).filter((d) => d.severity === 'error');
      for (const d of errors.length ? errors : [{ summary: 'terraform plan failed', detail: plan.stderr.slice(0, 500) }]) {
        diagnostics.push({ severity: 'error', address: d.address ?? '(second plan)', summary: `second plan: ${d.summary}`, detail: (d.detail ?? '').replace(/\s+/g, ' ').trim() });
      }
      break;
    }
    const second = JSON.parse((await terraform(['show', '-json', 'second.tfplan'], dir, env)).stdout);
    changes = (second.resource_changes ?? []).filter((r) => !r.change.actions.every((a) => a === 'no-op' || a === 'read'));
    let adopted = 0;
    for (const change of changes) {
      const entry = byAddress.get(change.address);
      if (!entry) continue;
      // What the apply would store: the values the plan now knows for the stand-ins, as Azure returns them.
      const candidate = structuredClone(entry.values);
      for (const path of entry.filled) {
        const after = get(change.change.after, path);
        if (after !== undefined && get(change.change.after_unknown, path) !== true) set(candidate, path, after);
      }
      const stored = asAzureReturns(candidate, entry.resource);
      if (JSON.stringify(stored) !== JSON.stringify(entry.values)) {
        entry.values = stored;
        adopted += 1;
      }
    }
    if (adopted === 0) break;
  }
  for (const change of changes) {
    const before = change.change.before ?? {};
    const after = change.change.after ?? {};
    const differing = Object.keys({ ...before, ...after }).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]) || change.change.after_unknown?.[k] === true);
    diagnostics.push({
      severity: 'error', address: change.address,
      summary: `second plan: ${change.change.actions.join('+')} after the first apply`,
      detail: `${differing.slice(0, 6).join(', ') || '(no attribute)'}${change.action_reason ? ` (${change.action_reason})` : ''}${change.change.replace_paths ? `; replaced for ${JSON.stringify(change.change.replace_paths)}` : ''}`,
    });
  }
  return { seconds: (Date.now() - started) / 1000, changes: changes.map((c) => ({ address: c.address, actions: c.change.actions })), adjustments, diagnostics };
}

/**
 * The plan as a second deploying identity: the same stack, against the state the second plan left (what
 * the first identity's apply stored), with the providers signed in as another object id (`env` and
 * `override` point them at a token endpoint that answers for it). Every change it plans is one a deploy
 * by another identity (a laptop after CI) would make: an error of the check.
 */
export async function secondIdentityPlan(dir, env, override) {
  const started = Date.now();
  const diagnostics = [];
  const overridePath = join(dir, 'offline_override.tf.json');
  const first = readFileSync(overridePath, 'utf8');
  writeFileSync(overridePath, JSON.stringify(override, null, 2));
  let changes = [];
  try {
    const plan = await terraform(['plan', '-json', '-refresh=false', '-lock=false', '-input=false', '-out=identity.tfplan'], dir, env);
    if (plan.code !== 0) {
      const errors = plan.stdout.split('\n').filter((l) => l.includes('"type":"diagnostic"')).map((l) => JSON.parse(l).diagnostic).filter((d) => d.severity === 'error');
      for (const d of errors.length ? errors : [{ summary: 'terraform plan failed', detail: plan.stderr.slice(0, 500) }]) {
        diagnostics.push({ severity: 'error', address: d.address ?? '(second identity)', summary: `second identity: ${d.summary}`, detail: (d.detail ?? '').replace(/\s+/g, ' ').trim() });
      }
    } else {
      const shown = JSON.parse((await terraform(['show', '-json', 'identity.tfplan'], dir, env)).stdout);
      changes = (shown.resource_changes ?? []).filter((r) => !r.change.actions.every((a) => a === 'no-op' || a === 'read'));
      for (const change of changes) {
        const before = change.change.before ?? {};
        const after = change.change.after ?? {};
        const differing = Object.keys({ ...before, ...after }).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]) || change.change.after_unknown?.[k] === true);
        diagnostics.push({
          severity: 'error', address: change.address,
          summary: `second identity: ${change.change.actions.join('+')} when another identity deploys`,
          detail: `${differing.slice(0, 6).join(', ') || '(no attribute)'}${change.change.replace_paths ? `; replaced for ${JSON.stringify(change.change.replace_paths)}` : ''}`,
        });
      }
    }
  } finally {
    writeFileSync(overridePath, first);
  }
  return { seconds: (Date.now() - started) / 1000, changes: changes.map((c) => ({ address: c.address, actions: c.change.actions })), diagnostics };
}
