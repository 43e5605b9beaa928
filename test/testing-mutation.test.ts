import { TerraformStack, Testing } from 'cdktf';
import { Construct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { RedisCache } from '@cdktf/provider-azurerm/lib/redis-cache';
import { AzureStack } from '../constructs/stack/azure-stack';
import { Validation } from '../constructs/core/validation';
import { PlatformTesting } from '../constructs/testing/platform-testing';

// PlatformTesting, the helpers other teams' tests use, where the consumer suite leaves it open.

const redisCache = (scope: Construct, id: string) => new RedisCache(scope, id, {
  name: `redis-${id}`, location: 'westeurope', resourceGroupName: 'rg', capacity: 1, family: 'C', skuName: 'Standard',
});

describe('PlatformTesting', () => {
  it('fails a synth with one line per error', () => {
    const stack = new AzureStack(Testing.app(), { stackName: 'team', environmentName: 'dev' });
    redisCache(stack, 'one');
    redisCache(stack, 'two');
    expect(() => PlatformTesting.synth(stack)).toThrow(/^team-dev: 2 error\(s\) that fail `cdktf synth`:\n {2}\[LIM-1\.NoAzureCacheForRedis\] team-dev\/one: [^\n]*\n {2}\[LIM-1\.NoAzureCacheForRedis\] team-dev\/two: [^\n]*$/);
  });

  it('lists the warnings under a stack', () => {
    const stack = new AzureStack(Testing.app(), { stackName: 'team', environmentName: 'dev' });
    Validation.warn(new Construct(stack, 'x'), { lesson: 'TEAM-1', setting: 's', given: 1, problem: 'p.', fix: 'f.' });
    expect(PlatformTesting.warnings(stack)).toEqual(['[TEAM-1] team-dev/x: s = 1: p. Fix: f.']);
  });

  it('has no report for a stack without a lessons check', () => {
    expect(PlatformTesting.report(new TerraformStack(Testing.app(), 'plain'))).toBeUndefined();
  });
});
