import { describe, expect, it } from 'vitest';
import { RuleResource } from '../../constructs/lessons-check/rule';
import { RuleContext } from '../../constructs/lessons-check/rule-context';
import { factOf, ReferenceIndex, ValueIndex } from '../../constructs/lessons-check/rule-facts';

const resource = (type: string, name: string, attributes: Record<string, unknown> = {}): RuleResource => ({ type, address: `${type}.${name}`, path: `stack/${name}`, attributes });

describe('factOf', () => {
  it('finds a fact once per run, and again for another run', () => {
    let found = 0;
    const find = () => { found += 1; return found; };
    const one = new RuleContext([], true);
    expect([factOf(one, 'x', find), factOf(one, 'x', find)]).toEqual([1, 1]);
    expect(factOf(new RuleContext([], true), 'x', find)).toBe(2);
  });
});

describe('ReferenceIndex', () => {
  it('gives the resources of a type that reference an address or hold a text, each once, in the order of the run', () => {
    const api = resource('api', 'orders');
    const policies = [
      resource('policy', 'p0', { api_name: 'orders' }),
      resource('policy', 'p1', { api_name: '${api.orders.name}' }),
      resource('policy', 'p2', { api_name: 'other' }),
      resource('policy', 'p3', { api_name: ['${api.orders.name}', '${api.orders.id}'] }),
    ];
    const context = new RuleContext([policies[3], api, ...policies.slice(0, 3)], true);
    const index = ReferenceIndex.of(context, 'policy', 'api_name');
    expect(index.find(['api.orders'], ['orders']).map((r) => r.address)).toEqual(['policy.p3', 'policy.p0', 'policy.p1']);
    expect(index.find(['api.orders']).map((r) => r.address)).toEqual(['policy.p3', 'policy.p1']);
    expect(index.find(['api.else'], [undefined, 'none'])).toEqual([]);
    expect(ReferenceIndex.of(context, 'policy', 'api_name')).toBe(index);
  });
});

describe('ValueIndex', () => {
  it('gives the resources of a type by an attribute as written, or as a string but for case, in the order of the run', () => {
    const topics = [resource('topic', 'a', { name: 'EVGT-Orders' }), resource('topic', 'b', { name: 'evgt-billing' }), resource('topic', 'c', { name: 'evgt-orders' }), resource('topic', 'd')];
    const index = ValueIndex.of(new RuleContext(topics, true), 'topic', 'name');
    expect(index.caseless('evgt-orders').map((r) => r.address)).toEqual(['topic.a', 'topic.c']);
    expect(index.caseless('EVGT-BILLING', 'evgt-orders', 'evgt-orders').map((r) => r.address)).toEqual(['topic.a', 'topic.b', 'topic.c']);
    expect(index.exact('evgt-orders').map((r) => r.address)).toEqual(['topic.c']);
    expect(index.exact(undefined).map((r) => r.address)).toEqual(['topic.d']);
    expect(index.caseless('evgt-none')).toEqual([]);
  });
});
