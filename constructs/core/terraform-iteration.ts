// What Terraform makes of a block that iterates, where the configuration holds what it iterates
// over: `for_each = { sql = "..." }` with `value = each.value`, `count = 2` with `count.index`, and
// `dynamic "secret" { for_each = ...; content { value = secret.value } }`. A value check reads
// each instance's own values, so a secret cannot hide behind an iterator over a literal map.

import { bindIterators, evaluateValue, literalize, TerraformVariables } from './terraform-expression';

/**
 * At most this many instances of a block, and blocks of a dynamic block, are read: what is past
 * them is left unread (a value check needs one instance with a secret, not every one).
 */
export const MOST_INSTANCES = 32;

/** One instance of an iterated block: its key as Terraform writes it in the address (`["sql"]`, `[0]`), and its attributes. */
export interface BlockInstance {
  /** `["sql"]` for a `for_each` key, `[0]` for a `count` index; empty for a block that only holds dynamic blocks. */
  readonly key: string;
  readonly attributes: Record<string, unknown>;
}

/** The pairs a known `for_each` value iterates (a map's keys and values in key order; a set's strings as both), or undefined. */
function iterated(value: unknown): [string, unknown][] | undefined {
  if (Array.isArray(value)) return value.every((v) => typeof v === 'string') ? [...new Set(value as string[])].sort().map((v) => [v, v]) : undefined;
  if (value !== null && typeof value === 'object') return Object.keys(value).sort().map((k) => [k, (value as Record<string, unknown>)[k]]);
  return undefined;
}

/** Whether a string of `value` (deeply) reads `each.` or `count.index`. */
function readsInstance(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('${') && /(?<![\w.])(?:each\s*\.|count\s*\.\s*index)/.test(value);
  if (Array.isArray(value)) return value.some(readsInstance);
  if (value !== null && typeof value === 'object') return Object.values(value).some(readsInstance);
  return false;
}

/** The first item of a list (hcl2json lists every block), or the value. */
const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

/**
 * `value` (a block's attributes, seen through) with each `dynamic` block whose `for_each` is known
 * made into the blocks it makes (after the blocks written out under the same name), deeply; one
 * whose `for_each` is unknown stays.
 * @returns undefined when nothing changed
 */
export function withDynamicBlocks(value: unknown, variables: TerraformVariables): unknown {
  if (Array.isArray(value)) {
    const items = value.map((v) => withDynamicBlocks(v, variables));
    return items.some((v) => v !== undefined) ? items.map((v, i) => v ?? value[i]) : undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  const given = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const [name, inner] of Object.entries(given)) {
    if (name === 'dynamic') continue;
    const made = withDynamicBlocks(inner, variables);
    if (made !== undefined) (out ??= { ...given })[name] = made;
  }
  const dynamic = given.dynamic;
  if (dynamic === null || typeof dynamic !== 'object' || Array.isArray(dynamic)) return out;
  const left: Record<string, unknown[]> = {};
  for (const [block, specs] of Object.entries(dynamic as Record<string, unknown>)) {
    for (const spec of [specs].flat()) {
      const s = (spec ?? {}) as Record<string, unknown>;
      const forEach = evaluateValue(s.for_each, variables);
      const pairs = forEach.known ? iterated(forEach.value) : undefined;
      const iterator = typeof s.iterator === 'string' ? s.iterator : block;
      const content = first(s.content);
      if (pairs === undefined || content === null || typeof content !== 'object') {
        (left[block] ??= []).push(spec);
        continue;
      }
      out ??= { ...given };
      const made = pairs.slice(0, MOST_INSTANCES).map(([key, item]) => {
        const bound = bindIterators(variables, { [`${iterator}.key`]: key, [`${iterator}.value`]: item }, forEach.sensitive);
        const blockValue = literalize(content, bound);
        return withDynamicBlocks(blockValue, bound) ?? blockValue;
      });
      out[block] = [...[out[block] ?? []].flat(), ...made];
    }
  }
  if (out === undefined) return undefined;
  if (Object.keys(left).length > 0) out.dynamic = left;
  else delete out.dynamic;
  return out;
}

/**
 * The instances of a block (a resource, a module call, a data source) as Terraform makes them,
 * where the configuration holds what the block iterates and its values read the iterator:
 * `for_each` (a map, or a set of strings) with `each.key`/`each.value`, `count` with
 * `count.index`, each instance's values seen through with its iterator bound; and its dynamic
 * blocks whose `for_each` is known, made into blocks. Undefined when there is nothing of the kind
 * (most blocks): the attributes are the block's only instance as they are.
 * @param attributes the block's attributes, seen through (`literalize`) as the rules read them
 */
export function instancesOf(attributes: Readonly<Record<string, unknown>>, variables: TerraformVariables): BlockInstance[] | undefined {
  const { for_each: forEach, count, ...rest } = attributes;
  let instances: { key: string; bound: TerraformVariables }[] | undefined;
  if ((forEach !== undefined || count !== undefined) && readsInstance(rest)) {
    if (forEach !== undefined) {
      const e = evaluateValue(forEach, variables);
      const pairs = e.known ? iterated(e.value) : undefined;
      instances = pairs?.slice(0, MOST_INSTANCES).map(([key, value]) => ({ key: `[${JSON.stringify(key)}]`, bound: bindIterators(variables, { 'each.key': key, 'each.value': value }, e.sensitive) }));
    } else {
      const e = evaluateValue(count, variables);
      const n = e.known ? Number(e.value) : NaN;
      if (Number.isInteger(n) && n >= 0) instances = Array.from({ length: Math.min(n, MOST_INSTANCES) }, (_, i) => ({ key: `[${i}]`, bound: bindIterators(variables, { 'count.index': i }) }));
    }
  }
  if (instances !== undefined) {
    return instances.map(({ key, bound }) => {
      const seen = literalize(attributes, bound) as Record<string, unknown>;
      return { key, attributes: (withDynamicBlocks(seen, bound) ?? seen) as Record<string, unknown> };
    });
  }
  const expanded = withDynamicBlocks(attributes, variables);
  return expanded === undefined ? undefined : [{ key: '', attributes: expanded as Record<string, unknown> }];
}

/**
 * Whether `value` (a block's attributes as JSON, or as a binding gives them before they are
 * resolved) holds a `dynamic` block anywhere: the quick question before `instancesOf`. Only lists
 * and plain objects are walked (a token or another object of a binding is no block, and may be
 * cyclic).
 */
export function holdsDynamicBlock(value: unknown): boolean {
  if (Array.isArray(value)) {
    for (const item of value) if (item !== null && typeof item === 'object' && holdsDynamicBlock(item)) return true;
    return false;
  }
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i += 1) {
    const key = keys[i];
    if (key === 'dynamic') return true;
    // Attributes, never blocks: an AzAPI body, tags, cdktf's metadata (the largest objects of most resources).
    if (key === 'body' || key === 'tags' || key === '//') continue;
    const item = (value as Record<string, unknown>)[key];
    if (item !== null && typeof item === 'object' && holdsDynamicBlock(item)) return true;
  }
  return false;
}
