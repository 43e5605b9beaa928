import { App, TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { AzureStack } from '../constructs/stack/azure-stack';
import { Production } from '../constructs/core/production';
import { Suppressions } from '../constructs/core/suppressions';
import { ConstructValidationError, FindingFormat, InvalidValueError, requireRange, within } from '../constructs/core/validation';
import { PolicyStatement } from '../constructs/policy/policy-statement';
import { refusalOf } from './support/refusal';
import { testStack, warningsOf } from './support/synth';

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
