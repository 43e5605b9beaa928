import { describe, expect, it } from 'vitest';
import { bindIterators, evaluateValue, localKey, readsConfigurationOnly, TerraformVariables } from '../../constructs/core/terraform-expression';
import { holdsDynamicBlock, instancesOf, MOST_INSTANCES } from '../../constructs/core/terraform-iteration';

const NONE: TerraformVariables = new Map();

describe('bindIterators', () => {
  it('binds each.key, each.value (with attribute access) and count.index for the evaluator, and only in a bound map', () => {
    const bound = bindIterators(NONE, { 'each.key': 'sql', 'each.value': { user: 'sa', pw: 'x-1' } });
    expect(evaluateValue('${each.key}', bound)).toMatchObject({ known: true, value: 'sql' });
    expect(evaluateValue('${each.value.pw}', bound)).toMatchObject({ known: true, value: 'x-1' });
    expect(evaluateValue('User=${each.value["user"]};Key=${upper(each.key)}', bound)).toMatchObject({ known: true, value: 'User=sa;Key=SQL' });
    expect(evaluateValue('${count.index}', bindIterators(NONE, { 'count.index': 2 }))).toMatchObject({ known: true, value: 2 });
    // Not bound: unknown, as at synth.
    expect(evaluateValue('${each.value}', NONE).known).toBe(false);
    expect(evaluateValue('${each.other}', bound).known).toBe(false);
  });

  it('reads a bound value as text, not as a template', () => {
    const bound = bindIterators(NONE, { 'each.value': 'a-${var.x}-%{if}' });
    expect(evaluateValue('${each.value}', bound)).toMatchObject({ known: true, value: 'a-${var.x}-%{if}' });
  });

  it('keeps a value bound from something sensitive sensitive', () => {
    expect(evaluateValue('${each.value}', bindIterators(NONE, { 'each.value': 'x' }, true)).sensitive).toBe(true);
  });

  it('counts a bound iterator as the configuration\'s own in an expression that does not evaluate', () => {
    expect(readsConfigurationOnly('${file(each.value)}', bindIterators(NONE, { 'each.value': 'pw.txt' }))).toBe(true);
    expect(readsConfigurationOnly('${file(each.value)}', NONE)).toBe(false);
  });

  it('evaluates toset and tomap, as for_each is written', () => {
    expect(evaluateValue('${toset(["b", "a", "b"])}', NONE)).toMatchObject({ known: true, value: ['a', 'b'] });
    expect(evaluateValue('${tomap({ a = "1" })}', NONE)).toMatchObject({ known: true, value: { a: '1' } });
  });
});

describe('instancesOf', () => {
  it('makes one instance per key of a literal for_each map, in key order, each with its own value', () => {
    const instances = instancesOf({ for_each: { sql: 'one', redis: 'two' }, name: '${each.key}', value: '${each.value}' }, NONE);
    expect(instances?.map((i) => [i.key, i.attributes.name, i.attributes.value])).toEqual([['["redis"]', 'redis', 'two'], ['["sql"]', 'sql', 'one']]);
  });

  it('iterates a set of strings, a local\'s map and count', () => {
    expect(instancesOf({ for_each: '${toset(["a", "b"])}', name: 'kv-${each.value}' }, NONE)?.map((i) => i.attributes.name)).toEqual(['kv-a', 'kv-b']);
    const locals: TerraformVariables = new Map([[localKey('pw'), { hasDefault: true, default: { a: 'x' }, sensitive: false }]]);
    expect(instancesOf({ for_each: '${local.pw}', value: '${each.value}' }, locals)?.map((i) => i.attributes.value)).toEqual(['x']);
    expect(instancesOf({ count: 2, name: 'n-${count.index}' }, NONE)?.map((i) => [i.key, i.attributes.name])).toEqual([['[0]', 'n-0'], ['[1]', 'n-1']]);
  });

  it('gives nothing for a block that does not iterate, iterates over what is known at apply only, or reads no iterator', () => {
    expect(instancesOf({ name: 'a', value: '${azurerm_x.y.id}' }, NONE)).toBeUndefined();
    expect(instancesOf({ for_each: '${azurerm_x.y.ids}', value: '${each.value}' }, NONE)).toBeUndefined();
    expect(instancesOf({ count: '${var.n}', name: 'n-${count.index}' }, NONE)).toBeUndefined();
    expect(instancesOf({ for_each: { a: 'x' }, name: 'fixed' }, NONE)).toBeUndefined();
  });

  it('reads no more than MOST_INSTANCES instances', () => {
    const many = Object.fromEntries(Array.from({ length: MOST_INSTANCES + 5 }, (_, i) => [`k${String(i).padStart(3, '0')}`, String(i)]));
    expect(instancesOf({ for_each: many, value: '${each.value}' }, NONE)).toHaveLength(MOST_INSTANCES);
  });

  it('makes the blocks of a dynamic block whose for_each is known, as hcl2json and cdk.tf.json write it, after the blocks written out', () => {
    const hcl = instancesOf({ secret: [{ name: 'fixed', value: 'v' }], dynamic: { secret: [{ for_each: { pw: 'one' }, content: [{ name: '${secret.key}', value: '${secret.value}' }] }] } }, NONE);
    expect(hcl).toEqual([{ key: '', attributes: { secret: [{ name: 'fixed', value: 'v' }, { name: 'pw', value: 'one' }] } }]);
    // cdktf writes one object, and an iterator may be named.
    const cdktf = instancesOf({ template: [{ dynamic: { env: { for_each: '${toset(["A"])}', iterator: 'e', content: { name: '${e.value}', value: 'x-${e.key}' } } } }] }, NONE);
    expect(cdktf?.[0].attributes).toEqual({ template: [{ env: [{ name: 'A', value: 'x-A' }] }] });
  });

  it('keeps a dynamic block whose for_each is known at apply only as it is', () => {
    const attributes = { dynamic: { secret: [{ for_each: '${azurerm_x.y.map}', content: [{ value: '${secret.value}' }] }] } };
    expect(instancesOf(attributes, NONE)).toBeUndefined();
  });

  it('binds a resource\'s each.value inside its dynamic blocks, and an outer dynamic block\'s iterator in a nested one', () => {
    const [one] = instancesOf({
      for_each: { app: { pw: 'p-1' } },
      dynamic: { secret: [{ for_each: { s: 'x' }, content: [{ value: '${each.value.pw}', dynamic: { tag: [{ for_each: ['t'], content: [{ v: '${secret.key}-${tag.value}' }] }] } }] }] },
    }, NONE)!;
    expect(one.attributes.secret).toEqual([{ value: 'p-1', tag: [{ v: 's-t' }] }]);
  });
});

describe('holdsDynamicBlock', () => {
  it('finds a dynamic block at any depth of objects and lists, and none in strings', () => {
    expect(holdsDynamicBlock({ template: [{ dynamic: {} }] })).toBe(true);
    expect(holdsDynamicBlock({ dynamic: {} })).toBe(true);
    expect(holdsDynamicBlock({ name: 'dynamic', tags: { a: 'dynamic' }, list: ['dynamic'] })).toBe(false);
  });
});
