import { DefaultTokenResolver, Fn, Lazy, StringConcat, Token, Tokenization } from 'cdktf';
import { Construct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { claim, resolveIn, resolvesToItself } from '../../constructs/core/claims';
import { plainStack } from '../support/stacks';

// The claims registry; what each construct claims on a gateway is tested with the construct.

describe('claims', () => {
  it('lets the holder claim its own key again', () => {
    const stack = plainStack();
    const holder = new Construct(stack, 'holder');
    expect(claim(holder, 'registry', 'key')).toBeUndefined();
    expect(claim(holder, 'registry', 'key')).toBeUndefined();
    expect(claim(new Construct(stack, 'other'), 'registry', 'key')).toBe('plain/holder');
  });
});

describe('resolveIn', () => {
  it('resolves a string as cdktf does, and hands a plain one back without resolving it', () => {
    const stack = plainStack();
    const number = Token.asNumber(Lazy.numberValue({ produce: () => 42 }));
    const strings = [
      '', 'rg-team', 'https://example.com/a?b=c&d={e}', '${var.plain} and }', '1e5', 'v1e2', 'x2E+3', '-1.8881545897087626e289',
      `prefix-${Token.asString(Lazy.stringValue({ produce: () => 'lazy' }))}-suffix`, Fn.lower('ABC'), `n=${number}`, String(number),
      'TfToken[ but no token', Token.STRING_MAP_TOKEN_VALUE, Token.ANY_MAP_TOKEN_VALUE, Token.asList(Lazy.listValue({ produce: () => ['a'] }))[0],
    ];
    const cdktf = (s: string) => Tokenization.resolve(s, { scope: stack, preparing: false, resolver: new DefaultTokenResolver(new StringConcat()) });
    const outcome = (f: () => unknown) => { try { return { value: f() }; } catch (e) { return { error: (e as Error).message }; } };
    for (const s of strings) expect(outcome(() => resolveIn(stack, s)), s).toEqual(outcome(() => cdktf(s)));
    for (const s of strings.filter(resolvesToItself)) expect(cdktf(s), s).toBe(s);
    expect(strings.filter(resolvesToItself)).toEqual(['', 'rg-team', 'https://example.com/a?b=c&d={e}', '${var.plain} and }', 'x2E+3']);
    expect(() => resolveIn(new Construct(undefined as unknown as Construct, 'free'), 'plain')).toThrow();
  });

  it('resolves objects and lists as cdktf does: plain ones walked, tokens in them handed to cdktf, undefined dropped', () => {
    const stack = plainStack();
    const lazy = (v: unknown) => Lazy.anyValue({ produce: () => v });
    const number = Token.asNumber(Lazy.numberValue({ produce: () => 42 }));
    const list = Token.asList(Lazy.listValue({ produce: () => ['a', 'b'] }));
    const numbers = Token.asNumberList(Lazy.listValue({ produce: () => ['1'] }));
    const values: unknown[] = [
      { a: 'x', b: undefined, c: [1, undefined, 'y', null], d: { e: true, f: {} }, g: [] },
      { env: [{ name: 'A', value: Fn.lower('ABC') }, { name: 'B', value: number }], n: number, l: list, nl: numbers },
      [list[0]], ['a', ...list], [numbers[0]], { [Token.asString(lazy('key'))]: 'v' }, { map: Token.asStringMap(lazy({ k: 'v' })) },
      { resolve: () => 'an object that resolves itself' }, lazy({ nested: [lazy('deep'), undefined] }), Object.create(null) as object,
      { date: new Date(0) }, [Token.STRING_MAP_TOKEN_VALUE], { n: Token.NUMBER_MAP_TOKEN_VALUE }, { f: () => 1 },
    ];
    const cdktf = (v: unknown) => Tokenization.resolve(v, { scope: stack, preparing: false, resolver: new DefaultTokenResolver(new StringConcat()) });
    const outcome = (f: () => unknown) => { try { return { value: f() }; } catch (e) { return { error: (e as Error).message }; } };
    for (const v of values) expect(outcome(() => resolveIn(stack, v))).toEqual(outcome(() => cdktf(v)));
    expect(resolveIn(stack, values[0])).toEqual({ a: 'x', c: [1, 'y', null], d: { e: true, f: {} }, g: [] });
  });
});
