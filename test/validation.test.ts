import { App, TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { Construct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import { AzureStack } from '../constructs/core/azure-stack';
import { Production } from '../constructs/core/production';
import { Suppressions } from '../constructs/core/suppressions';
import { ConstructValidationError, FindingFormat, InvalidValueError, Validation, deferredRefusalOf, requireRange, within } from '../constructs/core/validation';
import { PolicyStatement } from '../constructs/policy/policy-statement';
import { refusalOf } from './support/refusal';
import { azureStack, plainStack } from './support/stacks';
import { resourceOf, synth, testStack, warningsOf } from './support/synth';

const RANGE = { min: 1, max: 10, setting: 'count', lesson: 'AZURE' as const, problem: 'a count is 1-10.', fix: 'use 5.' };

describe('the one message format', () => {
  it('renders values as JavaScript writes them: NaN, Infinity and -0 stay visible, also nested', () => {
    expect(FindingFormat.render(Number.NaN)).toBe('NaN');
    expect(FindingFormat.render(Number.POSITIVE_INFINITY)).toBe('Infinity');
    expect(FindingFormat.render(-0)).toBe('-0');
    expect(FindingFormat.render([1, Number.NaN, 'a'])).toBe('[1,NaN,"a"]');
    expect(FindingFormat.render({ min: Number.NEGATIVE_INFINITY, skip: undefined, name: 'x' })).toBe('{"min":-Infinity,"name":"x"}');
    expect(FindingFormat.render(undefined)).toBe('undefined');
    expect(FindingFormat.render(null)).toBe('null');
  });

  it('is `[LESSON] <where>: <setting> = <value>: <problem> Fix: <fix>`', () => {
    expect(FindingFormat.format('stack/app', { lesson: 'SCALE-2', setting: 'minReplicas', given: -1, problem: 'too few.', fix: 'use 1.' }))
      .toBe('[SCALE-2] stack/app: minReplicas = -1: too few. Fix: use 1.');
  });

  it('fails with the construct path when a range check is given NaN, and names NaN', () => {
    const r = refusalOf(() => requireRange(testStack(), Number.NaN, RANGE));
    expect(r.message).toBe('[AZURE] test: count = NaN: a count is 1-10. Fix: use 5.');
  });

  it('lets an unresolved Terraform number through a range check (Azure checks it at apply)', () => {
    const stack = testStack();
    const count = new TerraformVariable(stack, 'count', { type: 'number' }).numberValue;
    expect(() => requireRange(stack, count, RANGE)).not.toThrow();
  });

  it('re-raises a builder\'s refusal with the construct path and the setting under the prefix', () => {
    const stack = testStack();
    const builder = refusalOf(() => PolicyStatement.rateLimitByKey({ calls: 0, renewalPeriodSeconds: 60 }));
    expect(builder).toMatchObject({ lesson: 'GW-1', path: 'rate-limit-by-key', setting: 'calls' });
    expect(builder.message).toMatch(/^\[GW-1\] rate-limit-by-key: calls = 0: /);
    const construct = refusalOf(() => within(stack, 'limits.rateLimit', () => PolicyStatement.rateLimitByKey({ calls: 0, renewalPeriodSeconds: 60 })));
    expect(construct).toMatchObject({ lesson: 'GW-1', path: 'test', setting: 'limits.rateLimit.calls' });
    expect(construct.message).toMatch(/^\[GW-1\] test: limits\.rateLimit\.calls = 0: /);
  });

  it('passes other errors through unchanged', () => {
    const error = new Error('boom');
    expect(() => within(testStack(), 'x', () => { throw error; })).toThrow(error);
  });

  it('keeps the parts of a refusal as properties', () => {
    try {
      requireRange(testStack(), 0, RANGE);
    } catch (e) {
      expect(e).toBeInstanceOf(ConstructValidationError);
      expect(e).toMatchObject({ lesson: 'AZURE', constructPath: 'test', setting: 'count', problem: 'a count is 1-10.', fix: 'use 5.' });
    }
    expect(new InvalidValueError('b', { lesson: 'GW-1', setting: 's', given: 1, problem: 'p.', fix: 'f.' }).message).toBe('[GW-1] b: s = 1: p. Fix: f.');
  });
});

describe('refusal errors and the message format', () => {
  it('names its error classes, so a consumer sees which refusal it is', () => {
    const finding = { lesson: 'AZURE', setting: 's', problem: 'p.', fix: 'f.' };
    expect(new ConstructValidationError('a/b', finding).name).toBe('ConstructValidationError');
    expect(new InvalidValueError('builder', finding).name).toBe('InvalidValueError');
  });

  it('writes <app> for a finding on the app itself (an empty construct path)', () => {
    expect(FindingFormat.format('', { lesson: 'AZURE', setting: 'stacks', given: 0, problem: 'p.', fix: 'f.' })).toBe('[AZURE] <app>: stacks = 0: p. Fix: f.');
  });

  it('renders booleans, bigints, symbols and functions as JavaScript writes them', () => {
    expect([true, false].map((v) => FindingFormat.render(v))).toEqual(['true', 'false']);
    expect(FindingFormat.render(BigInt(12))).toBe('12n');
    expect(FindingFormat.render(Symbol('key'))).toBe('Symbol(key)');
    expect(FindingFormat.render({ when: true, size: BigInt(3) })).toBe('{"when":true,"size":3n}');
  });

  it('renders a value that refers to itself five levels deep, then as String() does', () => {
    const node: Record<string, unknown> = { id: 'a' };
    node.next = node;
    expect(FindingFormat.render(node)).toBe('{"id":"a","next":{"id":"a","next":{"id":"a","next":{"id":"a","next":{"id":"a","next":[object Object]}}}}}');
    const list: unknown[] = [1];
    list.push(list);
    expect(FindingFormat.render(list)).toBe('[1,[1,[1,[1,[1,1,]]]]]');
  });
});

describe('Validation, for constructs other teams write', () => {
  it('fails with the construct path, the lesson, the setting and the value given', () => {
    const stack = testStack();
    const scope = new Construct(stack, 'team');
    const r = refusalOf(() => Validation.refuse(scope, { lesson: 'TEAM-1', setting: 'replicas', given: 0, problem: 'too few.', fix: 'use 2.' }));
    expect(r).toMatchObject({ lesson: 'TEAM-1', path: 'test/team', setting: 'replicas' });
    expect(r.message).toBe('[TEAM-1] test/team: replicas = 0: too few. Fix: use 2.');
  });

  it('warns in the same format', () => {
    const stack = testStack();
    Validation.warn(new Construct(stack, 'team'), { lesson: 'TEAM-2', setting: 'sku', given: 'Basic', problem: 'no SLA.', fix: 'use Standard.' });
    expect(warningsOf(stack)).toEqual(['[TEAM-2] test/team: sku = "Basic": no SLA. Fix: use Standard.']);
  });
});

describe('Production', () => {
  const stack = (production?: boolean) => {
    const app: App = Testing.app();
    return production === undefined ? new TerraformStack(app, 'plain') : new AzureStack(app, { stackName: 's', environmentName: production ? 'prod' : 'dev', production });
  };

  it('is what the stack was marked with, and strict in a stack nobody marked', () => {
    expect(Production.isProduction(stack(true))).toBe(true);
    expect(Production.isProduction(stack(false))).toBe(false);
    expect(Production.isProduction(stack())).toBe(true);
    expect([Production.isDeclaredProduction(stack()), Production.isDeclaredProduction(stack(true))]).toEqual([false, true]);
  });

  it('refuses in production and warns elsewhere, in the same format', () => {
    const finding = { lesson: 'SEC-1' as const, setting: 'keys', given: true, problem: 'keys.', fix: 'no keys.' };
    expect(refusalOf(() => Production.refuseOrWarn(stack(true), finding)).message).toBe('[SEC-1] s-prod: keys = true: keys. Fix: no keys.');
    const dev = stack(false);
    Production.refuseOrWarn(dev, finding);
    expect(warningsOf(dev as TerraformStack)).toEqual(['[SEC-1] s-dev: keys = true: keys. Fix: no keys.']);
  });

  it('knows whether a stack was marked at all', () => {
    expect(Production.isMarked(plainStack())).toBe(false);
    expect(Production.isMarked(azureStack())).toBe(true);
  });

  it('keeps the lifecycle settings a resource already has when it protects it from destroy', () => {
    const stack = plainStack();
    const rg = new ResourceGroup(stack, 'rg', { name: 'rg-keep', location: 'westeurope', lifecycle: { ignoreChanges: ['tags'] } });
    expect(Production.protectFromDestroy(rg, true)).toBe(true);
    expect(resourceOf(synth(stack), 'azurerm_resource_group').lifecycle).toEqual({ ignore_changes: ['tags'], prevent_destroy: true });
  });
});

describe('Suppressions', () => {
  it('fails when a suppression names no rule or lesson id', () => {
    expect(refusalOf(() => Suppressions.add(testStack(), { id: 'redis keys', reason: 'because we want to' })))
      .toMatchObject({ setting: 'suppression.id', lesson: 'AZURE', path: 'test' });
  });

  it('finds a suppression by rule id or lesson id on the node or above, and honours appliesTo', () => {
    const stack = testStack();
    Suppressions.add(stack, { id: 'SEC-1.RedisAccessKeys', reason: 'legacy cache until PLAT-42', appliesTo: ['default_database.access_keys_authentication_enabled'] });
    expect(Suppressions.find(stack, 'SEC-1.RedisAccessKeys', 'SEC-1', 'default_database.access_keys_authentication_enabled')?.reason).toBe('legacy cache until PLAT-42');
    expect(Suppressions.find(stack, 'SEC-1.RedisAccessKeys', 'SEC-1', 'other')).toBeUndefined();
    expect(Suppressions.find(stack, 'SEC-1.RedisPlaintext', 'SEC-1', 'default_database.client_protocol')).toBeUndefined();
    Suppressions.add(stack, { id: 'LIM-1', reason: 'migration tracked in PLAT-42' });
    expect(Suppressions.find(stack, 'LIM-1.NoAzureCacheForRedis', 'LIM-1')?.reason).toBe('migration tracked in PLAT-42');
  });
});

describe('Suppressions edges', () => {
  it('takes a reason of exactly 10 characters', () => {
    const stack = testStack();
    Suppressions.add(stack, { id: 'SEC-1', reason: '0123456789' });
    expect(Suppressions.find(stack, 'SEC-1.RedisAccessKeys', 'SEC-1')?.reason).toBe('0123456789');
  });

  it('fails when the reason is 9 characters, or 10 only with the spaces around it', () => {
    for (const reason of ['012345678', '  0123456  ']) {
      expect(refusalOf(() => Suppressions.add(testStack(), { id: 'SEC-1.RedisAccessKeys', reason })))
        .toMatchObject({ lesson: 'SEC-1', path: 'test', setting: 'suppression.reason' });
    }
  });

  it('fails when the reason is not a string (a caller in another language left it out)', () => {
    expect(refusalOf(() => Suppressions.add(testStack(), { id: 'LIM-1', reason: undefined as unknown as string })))
      .toMatchObject({ lesson: 'LIM-1', path: 'test', setting: 'suppression.reason' });
  });

  it('takes the suppression nearest the node when several scopes suppress the same rule', () => {
    const stack = testStack();
    const child = new Construct(stack, 'child');
    Suppressions.add(stack, { id: 'SEC-1', reason: 'stack-wide exception' });
    Suppressions.add(child, { id: 'SEC-1', reason: 'exception for this child' });
    expect(Suppressions.find(child, 'SEC-1.RedisAccessKeys', 'SEC-1')?.reason).toBe('exception for this child');
    expect(Suppressions.find(stack, 'SEC-1.RedisAccessKeys', 'SEC-1')?.reason).toBe('stack-wide exception');
  });

  it('ignores other metadata that happens to carry an id and a reason', () => {
    const stack = testStack();
    stack.node.addMetadata('team:ticket', { id: 'SEC-1', reason: 'tracked in PLAT-42' });
    expect(Suppressions.find(stack, 'SEC-1.RedisAccessKeys', 'SEC-1')).toBeUndefined();
  });
});

describe('a builder value made before its construct keeps its refusal for it', () => {
  it('fails inside within with the construct path when the value the builder returned carries a refusal, alone or in an array', () => {
    const stack = testStack();
    const refused = PolicyStatement.retryAfterOnRetryableStatuses(0);
    // Built outside any construct: nothing is thrown yet, the statement carries the builder's refusal.
    expect(deferredRefusalOf(refused)).toMatchObject({ builder: 'retry-after' });
    for (const value of [refused, [PolicyStatement.useBackend('orders'), refused]]) {
      const r = refusalOf(() => within(stack, 'outbound', () => value));
      expect(r).toMatchObject({ lesson: 'EDGE-6', path: 'test', setting: 'outbound.seconds' });
    }
    expect(within(stack, 'outbound', () => [PolicyStatement.useBackend('orders')])).toHaveLength(1);
  });
});
