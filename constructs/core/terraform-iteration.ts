// What Terraform makes of a block that iterates, where the configuration holds what it iterates
// over: `for_each = { sql = "..." }` with `value = each.value`, `count = 2` with `count.index`, and
// `dynamic "secret" { for_each = ...; content { value = secret.value } }`. A value check reads
// each instance's own values, so a secret cannot hide behind an iterator over a literal map.

import { credentialFormatOf, maskCredential } from './credential-formats';
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

/**
 * The pairs a known `for_each` value iterates: a map's keys and values in key order; a set's
 * strings as both (`toset([...])`, which the evaluator gives as a list of strings). A list of
 * other values is a dynamic block's list (Terraform keys it by index); a block's own `for_each`
 * takes none (`lists`).
 */
function iterated(value: unknown, lists: boolean): [string | number, unknown][] | undefined {
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === 'string')) return [...new Set(value as string[])].sort().map((v) => [v, v]);
    return lists ? value.map((v, i) => [i, v]) : undefined;
  }
  if (value !== null && typeof value === 'object') return Object.keys(value).sort().map((k) => [k, (value as Record<string, unknown>)[k]]);
  return undefined;
}

/**
 * The pairs of a `for_each` map written out (an object in the JSON, not one expression), in key
 * order, each value as written; undefined when it is no such map or a key is an expression.
 */
function writtenMapPairs(value: unknown, variables: TerraformVariables): [string, unknown][] | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const pairs: [string, unknown][] = [];
  for (const [written, item] of Object.entries(value)) {
    // A key written as an expression (`(var.k) = ...`, `"${(var.k)}"` in the JSON) counts when it is
    // known and not sensitive; Terraform makes a number or a bool the text it writes.
    const key = written.includes('${') ? evaluateValue(written, variables) : undefined;
    const known = key === undefined ? written : key.known && !key.sensitive && ['string', 'number', 'boolean'].includes(typeof key.value) ? String(key.value) : undefined;
    if (known === undefined) return undefined;
    pairs.push([known, item]);
  }
  return pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** What is left of a for_each value (a map, or a list) once its first pairs are made into blocks: `rest`, in its form. */
function unmade(value: unknown, rest: [string | number, unknown][]): unknown {
  return Array.isArray(value) ? rest.map(([, v]) => v) : Object.fromEntries(rest);
}

/**
 * An instance's key as Terraform writes it in the address (`["sql"]`, `[0]`). A set's element is
 * its own key, and may be the secret itself (`for_each = toset([var.admin_password])`): it is
 * masked as a value is (`["…(14 chars)"]`). A map's key is a name, shown, unless it has a
 * credential's format.
 */
function keyOf(key: string | number, value: unknown): string {
  if (typeof key === 'number') return `[${key}]`;
  const shown = key !== value && credentialFormatOf(key) === undefined ? key : maskCredential(key);
  return `[${JSON.stringify(shown)}]`;
}

/** A dynamic block's `iterator`: a name (`.tf.json`, cdktf), or the bare reference hcl2json writes (`iterator = s` as `"${s}"`). */
function iteratorName(given: unknown, block: string): string {
  if (typeof given !== 'string') return block;
  const bare = /^\$\{\s*([A-Za-z_][A-Za-z0-9_-]*)\s*\}$/.exec(given);
  return bare ? bare[1] : /^[A-Za-z_][A-Za-z0-9_-]*$/.test(given) ? given : block;
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
      const known = forEach.known && !forEach.sensitive ? iterated(forEach.value, true) : undefined;
      // A map written out whose values are known in part, or hold a sensitive value: each value read as written.
      const written = known === undefined ? writtenMapPairs(s.for_each, variables) : undefined;
      const pairs = known ?? written;
      const iterator = iteratorName(s.iterator, block);
      const content = first(s.content);
      if (pairs === undefined || content === null || typeof content !== 'object') {
        (left[block] ??= []).push(spec);
        continue;
      }
      out ??= { ...given };
      // What it iterates and the blocks do not show stays, without its content, to be judged as written
      // (a literal in for_each's map): every value when the content reads none (`${secret.key}` only), else those past the cap.
      const readsValue = new RegExp(`(?<![\\w.])${iterator}\\s*\\.\\s*value\\b`).test(JSON.stringify(content));
      const unread = !readsValue ? s.for_each : pairs.length > MOST_INSTANCES ? unmade(written !== undefined ? s.for_each : forEach.value, pairs.slice(MOST_INSTANCES)) : undefined;
      if (unread !== undefined) {
        const iterating = Object.fromEntries(Object.entries(s).filter(([k]) => k !== 'content' && k !== 'for_each'));
        (left[block] ??= []).push({ ...iterating, for_each: unread });
      }
      const made = pairs.slice(0, MOST_INSTANCES).map(([key, item]) => {
        const bound = written !== undefined
          ? bindIterators(variables, { [`${iterator}.key`]: key }, false, { [`${iterator}.value`]: item })
          : bindIterators(variables, { [`${iterator}.key`]: key, [`${iterator}.value`]: item }, forEach.sensitive);
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
      // Terraform refuses a sensitive for_each; its values are left as written.
      const pairs = e.known && !e.sensitive ? iterated(e.value, false) : undefined;
      instances = pairs?.slice(0, MOST_INSTANCES).map(([key, value]) => ({ key: keyOf(key, value), bound: bindIterators(variables, { 'each.key': key, 'each.value': value }) }));
      // A map written out whose values are known in part (`{ db-password = "...", other = var.x }`),
      // or hold a sensitive value (Terraform refuses only sensitive keys): its keys are known, so are
      // its instances; each value is read as written (a literal is judged).
      if (instances === undefined && (!e.known || e.sensitive)) {
        instances = writtenMapPairs(forEach, variables)?.slice(0, MOST_INSTANCES).map(([key, value]) => ({
          key: keyOf(key, value), bound: bindIterators(variables, { 'each.key': key }, false, { 'each.value': value }),
        }));
      }
    } else {
      const e = evaluateValue(count, variables);
      const n = e.known ? Number(e.value) : NaN;
      if (Number.isInteger(n) && n >= 0) instances = Array.from({ length: Math.min(n, MOST_INSTANCES) }, (_, i) => ({ key: `[${i}]`, bound: bindIterators(variables, { 'count.index': i }) }));
    }
  }
  if (instances !== undefined) {
    // Dynamic blocks first: an iterator of theirs named `each` (cdktf's) is theirs in their content, not the block's.
    return instances.map(({ key, bound }) => ({ key, attributes: literalize(withDynamicBlocks(attributes, bound) ?? attributes, bound) as Record<string, unknown> }));
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
