import { TerraformVariables, TerraformVariableValue } from '../core/terraform-expression';
import { baseAddress } from '../lessons-check/rule-context';
import { DATA_TYPE_PREFIX, MODULE_TYPE, OUTPUT_TYPE, PROVIDER_TYPE, VARIABLE_TYPE } from '../lessons-check/rule-runner';
import { LessonsInputError, SourceRead, SourceResource } from './source';

interface PlannedModule { resources?: PlannedResource[]; child_modules?: PlannedModule[] }
interface PlannedResource { address: string; mode?: string; type: string; values?: Record<string, unknown> }
interface ConfigModule { variables?: Record<string, { default?: unknown; sensitive?: boolean }>; resources?: ConfigResource[]; module_calls?: Record<string, { source?: string; version_constraint?: string; expressions?: Record<string, unknown>; module?: ConfigModule }>; outputs?: Record<string, { expression?: { references?: unknown; constant_value?: unknown }; sensitive?: boolean }> }
/** A module output as the plan's configuration gives it: what it references, inside the module at `prefix`. */
interface Output { readonly references: unknown; readonly prefix: string }
interface ConfigResource { address: string; mode?: string; type?: string; name?: string; expressions?: Record<string, unknown>; provisioners?: { type?: string; expressions?: Record<string, unknown> }[] }
/** A provider configuration as the plan gives it: its name, alias and the expressions of its arguments (a literal as `constant_value`). */
interface ProviderConfig { name?: string; alias?: string; module_address?: string; expressions?: Record<string, unknown> }
interface Plan { format_version?: unknown; planned_values?: { root_module?: PlannedModule; outputs?: Record<string, { value?: unknown }> }; variables?: Record<string, { value?: unknown }>; configuration?: { root_module?: ConfigModule; provider_config?: Record<string, ProviderConfig> } }

/** Whether parsed JSON is a plan (`terraform show -json`) rather than Terraform JSON configuration. */
export function isPlan(json: unknown): boolean {
  return typeof json === 'object' && json !== null && 'format_version' in json && ('planned_values' in json || 'resource_changes' in json || 'configuration' in json);
}

/**
 * The managed resources of a plan's JSON: planned values (what variables and modules resolve to),
 * with the attributes the configuration computes from other resources written as references
 * (`${azurerm_x.y.attr}`, module-qualified), as the rules read them in a synthesized stack.
 */
export function readPlan(plan: Plan, text: string, display: string): SourceRead {
  const version = typeof plan.format_version === 'string' ? plan.format_version : undefined;
  if (version === undefined || version.split('.')[0] !== '1') {
    throw new LessonsInputError(display, {
      setting: 'format_version', given: plan.format_version,
      problem: 'the plan JSON is of a format this command does not read (it reads format 1.x, written by Terraform 1.x and OpenTofu).',
      fix: 'write the plan again with Terraform 1.x: terraform show -json plan > plan.json.',
    });
  }
  const expressions = new Map<string, Record<string, unknown>>();
  const provisioners = new Map<string, Record<string, unknown>[]>();
  const outputs = new Map<string, Output>();
  const collect = (m: ConfigModule | undefined, prefix: string): void => {
    for (const r of m?.resources ?? []) {
      if (r.mode === 'data') continue;
      expressions.set(`${prefix}${r.address}`, r.expressions ?? {});
      // A provisioner's arguments are in the configuration only (a command is text the plan file holds), listed as cdk.tf.json lists them.
      if (r.provisioners?.length) provisioners.set(`${prefix}${r.address}`, r.provisioners.map((p) => ({ [String(p.type)]: configured(p.expressions ?? {}) })));
    }
    for (const [name, call] of Object.entries(m?.module_calls ?? {})) {
      const inner = `${prefix}module.${name}.`;
      for (const [o, out] of Object.entries(call.module?.outputs ?? {})) outputs.set(`${inner}${o}`, { references: out.expression?.references, prefix: inner });
      collect(call.module, inner);
    }
  };
  collect(plan.configuration?.root_module, '');
  // A value from a sensitive root variable is read as the variable (`${var.x}`), as in HCL: the
  // secret check then knows it for one, and no message repeats the value the plan holds.
  const variables: TerraformVariables = new Map(Object.entries(plan.configuration?.root_module?.variables ?? {})
    .filter(([, v]) => v.sensitive === true)
    .map(([name, v]): [string, TerraformVariableValue] => [name, { hasDefault: v.default !== undefined && v.default !== null, ...('default' in v ? { default: v.default } : {}), sensitive: true }]));
  const lineOf = lineFinder(text);
  const addressAt = addressOffsets(text);
  const resources: SourceResource[] = [];
  const walk = (m: PlannedModule | undefined): void => {
    for (const r of m?.resources ?? []) {
      if (r.mode === 'data') continue;
      const base = baseAddress(r.address);
      const prefix = base.slice(0, base.length - `${r.type}.`.length - base.split('.').pop()!.length);
      const overlaid = overlay(withoutNulls(r.values ?? {}), expressions.get(base) ?? {}, prefix, outputs, prefix === '' ? variables : new Map()) as Record<string, unknown>;
      const attributes = provisioners.has(base) ? { ...overlaid, provisioner: provisioners.get(base) } : overlaid;
      const at = addressAt.get(`"address": ${JSON.stringify(r.address)}`);
      const line = at === undefined ? undefined : lineOf(at);
      resources.push({ type: r.type, address: r.address, path: r.address, attributes, location: { file: display, ...(line ? { line } : {}) } });
    }
    for (const child of m?.child_modules ?? []) walk(child);
  };
  walk(plan.planned_values?.root_module);
  // The root outputs as configured: a literal as its constant value, a reference as the references
  // it names; one computed from root variables alone, each at its default, as the value the plan
  // gives it (text the configuration holds, as a variable's default is in HCL).
  const configVariables = plan.configuration?.root_module?.variables ?? {};
  const atDefault = (reference: unknown): boolean => {
    const name = /^var\.([A-Za-z0-9_-]+)$/.exec(String(reference))?.[1];
    const variable = name === undefined ? undefined : configVariables[name];
    return variable !== undefined && variable.default !== undefined && variable.default !== null
      && JSON.stringify(plan.variables?.[name!]?.value) === JSON.stringify(variable.default);
  };
  const rootOutputs: SourceResource[] = Object.entries(plan.configuration?.root_module?.outputs ?? {}).map(([name, o]) => {
    const e = o.expression ?? {};
    const refs = resourceReferences(e.references, '', outputs);
    const fromDefaults = Array.isArray(e.references) && e.references.length > 0 && e.references.every(atDefault);
    const planned = plan.planned_values?.outputs?.[name]?.value;
    const value = 'constant_value' in e ? e.constant_value : refs.length > 0 ? refs.join(' ') : fromDefaults && typeof planned === 'string' ? planned : undefined;
    const at = text.indexOf(`"${name}": {`);
    return {
      type: OUTPUT_TYPE, address: `output.${name}`, path: `output.${name}`,
      attributes: { ...(value !== undefined ? { value } : {}), ...(o.sensitive !== undefined ? { sensitive: o.sensitive } : {}) },
      location: { file: display, ...(at === -1 ? {} : { line: lineOf(at) }) },
    };
  });
  return { resources, suppressions: [], notRead: [], variables, rootConfiguration: [...rootOutputs, ...rootBlocks(plan, text, display, lineOf)] };
}

/**
 * The root module's providers, variables, module calls and data sources as the rules see them (a
 * credential written in one, SEC-1): a provider's, a module call's (its inputs, `source`,
 * `version`) and a data source's arguments as the configuration gives them (a literal as its
 * constant value, which is what the plan file and its JSON hold; a reference as the references it
 * names), and a variable's default and `sensitive`. A plan holds neither the backend nor the locals.
 */
function rootBlocks(plan: Plan, text: string, display: string, lineOf: (offset: number) => number): SourceResource[] {
  const located = (needle: string) => {
    const at = text.indexOf(needle);
    return { file: display, ...(at === -1 ? {} : { line: lineOf(at) }) };
  };
  // A provider argument that is a root variable at its default is that default (text the configuration holds), as in HCL.
  const configVariables = plan.configuration?.root_module?.variables ?? {};
  const atDefault = (value: unknown): unknown => {
    const name = typeof value === 'string' ? /^\$\{var\.([A-Za-z0-9_-]+)\}$/.exec(value)?.[1] : undefined;
    const variable = name === undefined ? undefined : configVariables[name];
    return variable !== undefined && variable.default !== undefined && variable.default !== null && variable.sensitive !== true
      && JSON.stringify(plan.variables?.[name!]?.value) === JSON.stringify(variable.default) ? variable.default : value;
  };
  const providers = Object.values(plan.configuration?.provider_config ?? {})
    // A child module's provider configuration (module_address) is the module's, not the root's.
    .filter((p) => p.module_address === undefined && typeof p.name === 'string')
    .map((p): SourceResource => {
      const address = p.alias === undefined ? `provider.${p.name}` : `provider.${p.name}.${p.alias}`;
      const args = Object.fromEntries(Object.entries(configured(p.expressions ?? {})).map(([k, v]) => [k, atDefault(v)]));
      return { type: PROVIDER_TYPE, address, path: address, attributes: { ...args, ...(p.alias !== undefined ? { alias: p.alias } : {}) }, location: located(`"name": ${JSON.stringify(p.name)}`) };
    });
  const variables = Object.entries(plan.configuration?.root_module?.variables ?? {}).map(([name, v]): SourceResource => ({
    type: VARIABLE_TYPE, address: `var.${name}`, path: `var.${name}`, location: located(`"${name}": {`),
    attributes: { ...('default' in v && v.default !== null ? { default: v.default } : {}), ...(v.sensitive !== undefined ? { sensitive: v.sensitive } : {}) },
  }));
  const root = plan.configuration?.root_module;
  const modules = Object.entries(root?.module_calls ?? {}).map(([name, call]): SourceResource => ({
    type: MODULE_TYPE, address: `module.${name}`, path: `module.${name}`, location: located(`"${name}": {`),
    attributes: {
      ...(call.source !== undefined ? { source: call.source } : {}), ...(call.version_constraint !== undefined ? { version: call.version_constraint } : {}),
      ...Object.fromEntries(Object.entries(configured(call.expressions ?? {})).map(([k, v]) => [k, atDefault(v)])),
    },
  }));
  const data = (root?.resources ?? []).filter((r) => r.mode === 'data' && typeof r.type === 'string').map((r): SourceResource => ({
    type: `${DATA_TYPE_PREFIX}${r.type}`, address: r.address, path: r.address, location: located(`"address": ${JSON.stringify(r.address)}`),
    attributes: Object.fromEntries(Object.entries(configured(r.expressions ?? {})).map(([k, v]) => [k, atDefault(v)])),
  }));
  return [...providers, ...variables, ...modules, ...data];
}

/** Expressions as values: a constant as itself, a reference as `${...}` of the first traversal it names, a block's expressions within. */
function configured(expressions: Record<string, unknown>): Record<string, unknown> {
  const valueOf = (e: unknown): unknown => {
    if (Array.isArray(e)) return e.map((b) => (b && typeof b === 'object' ? configured(b as Record<string, unknown>) : b));
    if (!e || typeof e !== 'object') return undefined;
    const { constant_value: constant, references } = e as { constant_value?: unknown; references?: unknown };
    if (constant !== undefined) return constant;
    return Array.isArray(references) && typeof references[0] === 'string' ? `\${${references[0]}}` : undefined;
  };
  return Object.fromEntries(Object.entries(expressions).map(([k, e]) => [k, valueOf(e)]).filter(([, v]) => v !== undefined));
}

/**
 * The line (from 1) of an offset in `text`, by a search over where its lines start, found once:
 * counting the newlines before each resource made a plan of N resources cost N times its size
 * (issue 30).
 */
function lineFinder(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
}

/**
 * Where each `"address": "<address>"` of a plan's text first appears, by that text, in one pass
 * (what `indexOf` of it gives: inside a JSON string every quote is escaped, so no occurrence
 * starts within another).
 */
function addressOffsets(text: string): Map<string, number> {
  const offsets = new Map<string, number>();
  for (const m of text.matchAll(/"address": "(?:[^"\\]|\\.)*"/g)) if (!offsets.has(m[0])) offsets.set(m[0], m.index!);
  return offsets;
}

/** A plan writes every unset attribute as null; the rules (like a synthesized stack) see it absent. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, withoutNulls(v)]));
}

/** Planned values, with each string or unknown value whose expression references resources written as those references. */
function overlay(value: unknown, expression: unknown, prefix: string, outputs: ReadonlyMap<string, Output>, sensitive: TerraformVariables): unknown {
  if (Array.isArray(expression)) {
    // A nested block: a list of objects of expressions, beside a list of objects of values.
    const values = Array.isArray(value) ? value : [];
    return expression.map((e, i) => overlay(values[i] ?? {}, e, prefix, outputs, sensitive));
  }
  if (!expression || typeof expression !== 'object') return value;
  const e = expression as Record<string, unknown>;
  const secret = (Array.isArray(e.references) ? e.references : []).find((r): r is string => typeof r === 'string' && r.startsWith('var.') && sensitive.has(r.slice(4)));
  if (secret !== undefined && (value === undefined || typeof value === 'string')) return `\${${secret}}`;
  if (Array.isArray(e.references) || 'constant_value' in e) {
    const refs = resourceReferences(e.references, prefix, outputs);
    if (refs.length === 0) return value;
    // Configuration in JSON syntax (cdk.tf.json) keeps the template beside its references: the form rules read.
    if (typeof e.constant_value === 'string' && e.constant_value.includes('${')) return qualified(e.constant_value, prefix);
    return value === undefined || typeof value === 'string' ? refs.join(' ') : value;
  }
  const object = (value && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {}) as Record<string, unknown>;
  for (const [k, sub] of Object.entries(e)) {
    const merged = overlay(object[k], sub, prefix, outputs, sensitive);
    if (merged !== undefined) object[k] = merged;
  }
  return object;
}

/** A template's references to resources, qualified with the module the resource is in. */
function qualified(template: string, prefix: string): string {
  if (prefix === '') return template;
  return template.replace(/\$\{[^}]*\}/g, (expr) => expr.replace(/(?<![\w.])([a-z][a-z0-9]*_[a-z0-9_]+\.[A-Za-z_][A-Za-z0-9_-]*)/g, `${prefix}$1`));
}

/**
 * `["azurerm_x.y.id", "azurerm_x.y", "var.z"]` -> `["${azurerm_x.y.id}"]`: one per resource, its most
 * specific form; a module's output (`module.app.fqdn`) stands for the resources it references.
 */
function resourceReferences(references: unknown, prefix: string, outputs: ReadonlyMap<string, Output>, seen = new Set<string>()): string[] {
  const out: string[] = [];
  for (const r of Array.isArray(references) ? references : []) {
    if (typeof r !== 'string') continue;
    const output = /^module\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/.exec(baseAddress(r))?.[0];
    const through = output === undefined ? undefined : outputs.get(`${prefix}${output}`);
    if (through) {
      out.push(...resourceReferences(through.references, through.prefix, outputs, seen));
      continue;
    }
    if (!/^[a-z][a-z0-9]*_[a-z0-9_]+\.[A-Za-z_]/.test(r)) continue;
    const resource = `${prefix}${baseAddress(r).split('.').slice(0, 2).join('.')}`;
    if (seen.has(resource)) continue;
    seen.add(resource);
    out.push(`\${${prefix}${r}}`);
  }
  return out;
}
