import { describe, expect, it } from 'vitest';
import { bindIterators, evaluateValue, localKey, readsConfigurationOnly, TerraformVariables } from '../../constructs/core/terraform-expression';
import { holdsDynamicBlock, instancesOf } from '../../constructs/core/terraform-iteration';

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

  it('makes an instance per key of a map written out whose values are known in part, each value read as written', () => {
    const variables: TerraformVariables = new Map([
      ['x', { hasDefault: false, sensitive: true }],
      [localKey('pw'), { hasDefault: true, default: 'from-a-local', sensitive: false }],
    ]);
    const attributes = { for_each: { 'db-password': 'literal-1', other: '${var.x}', local: '${local.pw}', app: '${azurerm_x.y.id}' }, name: '${each.key}', value: '${each.value}' };
    const instances = instancesOf(attributes, variables)!;
    expect(instances.map((i) => [i.key, i.attributes.name, i.attributes.value])).toEqual([
      // Known at apply only: kept as written, as an unknown value is.
      ['["app"]', 'app', '${each.value}'],
      ['["db-password"]', 'db-password', 'literal-1'],
      ['["local"]', 'local', 'from-a-local'],
      ['["other"]', 'other', '${each.value}'],
    ]);
    // A key that is an expression: the instances are not known.
    expect(instancesOf({ for_each: { '${var.k}': 'a', b: '${var.x}' }, value: '${each.value}' }, variables)).toBeUndefined();
  });

  it('makes the instances of a map written out that holds a sensitive value (Terraform refuses only sensitive keys), and of one whose key is a known expression', () => {
    const variables: TerraformVariables = new Map([
      ['pw', { hasDefault: true, default: 'from-a-default', sensitive: true }],
      ['k', { hasDefault: true, default: 'orders', sensitive: false }],
      ['x', { hasDefault: false, sensitive: false }],
    ]);
    const sensitive = instancesOf({ for_each: { sql: 'literal-1', other: '${var.pw}' }, value: '${each.value}' }, variables)!;
    expect(sensitive.map((i) => [i.key, i.attributes.value])).toEqual([['["other"]', '${each.value}'], ['["sql"]', 'literal-1']]);
    const keyed = instancesOf({ for_each: { '${(var.k)}': 'literal-2', other: '${var.x}' }, name: '${each.key}', value: '${each.value}' }, variables)!;
    expect(keyed.map((i) => [i.key, i.attributes.name, i.attributes.value])).toEqual([['["orders"]', 'orders', 'literal-2'], ['["other"]', 'other', '${each.value}']]);
    // A number or a bool as the key is the text Terraform makes of it.
    const numbered = instancesOf({ for_each: { '${var.n}': 'literal-3', other: '${var.x}' }, value: '${each.value}' }, new Map([...variables, ['n', { hasDefault: true, default: 5, sensitive: false }]]))!;
    expect(numbered.map((i) => [i.key, i.attributes.value])).toEqual([['["5"]', 'literal-3'], ['["other"]', '${each.value}']]);
  });

  it('makes the blocks of a dynamic block over a map written out whose values are known in part, each value read as written', () => {
    const variables: TerraformVariables = new Map([['x', { hasDefault: false, sensitive: true }]]);
    const [one] = instancesOf({ dynamic: { secret: [{ for_each: { sql: 'literal-1', other: '${var.x}' }, content: [{ name: '${secret.key}', value: '${secret.value}' }] }] } }, variables)!;
    expect(one.attributes.secret).toEqual([{ name: 'other', value: '${secret.value}' }, { name: 'sql', value: 'literal-1' }]);
  });

  it('reads no more than 32 instances', () => {
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${String(i).padStart(3, '0')}`, String(i)]));
    expect(instancesOf({ for_each: many, value: '${each.value}' }, NONE)).toHaveLength(32);
  });

  it('masks a set\'s element in the key (it is its own key, and may be the secret), and shows a map\'s key unless it has a credential\'s format', () => {
    const pw: TerraformVariables = new Map([['admin_password', { hasDefault: true, default: 'hunter2hunter2', sensitive: false }]]);
    expect(instancesOf({ for_each: '${toset([var.admin_password, "orders-api"])}', value: '${each.value}' }, pw)!.map((i) => i.key)).toEqual(['["…(14 chars)"]', '["…(10 chars)"]']);
    const map = { '00000000-0000-0000-0000-000000000001': 'a', 'Orders API': 'b', 'ops@contoso.com': 'c', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc': 'd' };
    expect(instancesOf({ for_each: map, value: '${each.value}' }, NONE)!.map((i) => i.key)).toEqual([
      '["00000000-0000-0000-0000-000000000001"]', '["Orders API"]', '["ops@contoso.com"]', '["sk_l…(32 chars)"]',
    ]);
  });

  it('keeps what a dynamic block iterates and its blocks do not show, to be judged as written: every value when the content reads none, else those past the cap', () => {
    const [one] = instancesOf({ dynamic: { secret: [{ for_each: { psp: 'sk-value' }, content: [{ name: '${secret.key}' }] }] } }, NONE)!;
    expect(one.attributes).toEqual({ secret: [{ name: 'psp' }], dynamic: { secret: [{ for_each: { psp: 'sk-value' } }] } });
    const many = Object.fromEntries(Array.from({ length: 34 }, (_, i) => [`k${String(i).padStart(2, '0')}`, `v${i}`]));
    const [capped] = instancesOf({ dynamic: { secret: [{ for_each: many, content: [{ value: '${secret.value}' }] }] } }, NONE)!;
    expect([(capped.attributes.secret as unknown[]).length, capped.attributes.dynamic]).toEqual([32, { secret: [{ for_each: { k32: 'v32', k33: 'v33' } }] }]);
  });

  it('reads HCL\'s `iterator = s` (hcl2json writes "${s}"), and keys a dynamic block\'s list of objects by index', () => {
    const [one] = instancesOf({ dynamic: { secret: [{ for_each: [{ n: 'a' }, { n: 'b' }], iterator: '${s}', content: [{ name: '${s.value.n}-${s.key}' }] }] } }, NONE)!;
    expect(one.attributes.secret).toEqual([{ name: 'a-0' }, { name: 'b-1' }]);
  });

  it('binds a dynamic block\'s iterator named each (cdktf\'s) in its content over the resource\'s own each', () => {
    const [one] = instancesOf({ for_each: { orders: 'orders-name' }, name: '${each.value}', dynamic: { secret: { for_each: { psp: 'inner' }, iterator: 'each', content: { name: '${each.key}', value: '${each.value}' } } } }, NONE)!;
    expect([one.key, one.attributes.name, one.attributes.secret]).toEqual(['["orders"]', 'orders-name', [{ name: 'psp', value: 'inner' }]]);
  });

  it('leaves a for_each over a sensitive value as written (Terraform refuses one)', () => {
    const secret: TerraformVariables = new Map([['pw', { hasDefault: true, default: { a: 'x' }, sensitive: true }]]);
    expect(instancesOf({ for_each: '${var.pw}', value: '${each.value}' }, secret)).toBeUndefined();
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
