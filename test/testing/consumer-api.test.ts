import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Aspects, TerraformStack, Testing } from 'cdktf';
import { Construct, IConstruct } from 'constructs';
import { CdnFrontdoorProfile } from '@cdktf/provider-azurerm/lib/cdn-frontdoor-profile';
import { describe, expect, it } from 'vitest';
import { AzurermProvider } from '@cdktf/provider-azurerm/lib/provider';
import { RedisCache } from '@cdktf/provider-azurerm/lib/redis-cache';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import { AzapiProvider, AzureStack, KeyVault, LogAnalytics, PlatformAspects, PlatformTesting, Production, PublicNetworkAccess, Validation } from '../../src/index';
import { plainStack } from '../support/stacks';
import { TerraformJson, resourceOf, synth } from '../support/synth';

const legacyCache = (stack: TerraformStack) => new RedisCache(stack, 'cache', {
  name: 'redis-legacy', location: 'westeurope', resourceGroupName: 'rg', capacity: 1, family: 'C', skuName: 'Standard',
  // Keyless, so the cache's one finding is LIM-1 (SEC-1.RedisAccessKeys checks an Azure Cache for Redis's keys too).
  accessKeysAuthenticationEnabled: false, redisConfiguration: { activeDirectoryAuthenticationEnabled: true },
});

describe('PlatformTesting, for consumers\' own tests', () => {
  it('fails a synth with every lessons-check error, in the usual format, where Testing.synth would pass', () => {
    const stack = new AzureStack(Testing.app(), { stackName: 'orders', environmentName: 'dev' });
    legacyCache(stack);
    expect(() => Testing.synth(stack)).not.toThrow();
    expect(() => PlatformTesting.synth(stack)).toThrow(
      /^orders-dev: 1 error\(s\) that fail `cdktf synth`:\n {2}\[LIM-1\.NoAzureCacheForRedis\] orders-dev\/cache: resource type = "azurerm_redis_cache redis-legacy": /);
  });

  it('judges an AzureStack as cdktf synth does: after every aspect, including one the team adds after building the stack (EDGE-1)', () => {
    const stack = new AzureStack(Testing.app(), { stackName: 'edge', environmentName: 'dev' });
    new CdnFrontdoorProfile(stack, 'profile', { name: 'afd-edge-dev', resourceGroupName: 'rg', skuName: 'Premium_AzureFrontDoor', responseTimeoutSeconds: 240 });
    Aspects.of(stack).add({ visit: (node: IConstruct) => { if (node instanceof CdnFrontdoorProfile) node.responseTimeoutSeconds = 300; } });
    expect(() => PlatformTesting.synth(stack)).toThrow(
      /^edge-dev: 1 error\(s\) that fail `cdktf synth`:\n {2}\[EDGE-1\.FrontDoorTimeoutAboveCeiling\] edge-dev\/profile: response_timeout_seconds = 300: /);
  });

  it('fails on a construct\'s validation, as cdktf synth does (a vault with its public endpoint off and no private endpoint, SEC-1)', () => {
    const stack = new AzureStack(Testing.app(), { stackName: 'kv', environmentName: 'dev' });
    new KeyVault(stack, 'vault', { name: 'kv-orders-dev', resourceGroupName: 'rg', location: 'westeurope', tenantId: '00000000-0000-0000-0000-000000000000', publicNetworkAccess: PublicNetworkAccess.DISABLED });
    expect(() => PlatformTesting.synth(stack)).toThrow(/^kv-dev: 1 error\(s\) that fail `cdktf synth`:\n {2}\[SEC-1\] kv-dev\/vault: /);
  });

  it('returns the synthesized JSON of a clean stack, and its lessons report', () => {
    const stack = new AzureStack(Testing.app(), { stackName: 'orders', environmentName: 'dev' });
    new LogAnalytics(stack, 'logs', { name: 'log-orders-dev', resourceGroupName: 'rg', location: 'westeurope' });
    const tf = JSON.parse(PlatformTesting.synth(stack)) as TerraformJson;
    expect(Object.keys(tf.resource ?? {})).toEqual(['azurerm_log_analytics_workspace']);
    expect(PlatformTesting.report(stack)?.summary).toMatchObject({ errors: 0, warnings: 0 });
    expect(PlatformTesting.warnings(stack)).toEqual([]);
  });
});

const redisCache = (scope: Construct, id: string) => new RedisCache(scope, id, {
  name: `redis-${id}`, location: 'westeurope', resourceGroupName: 'rg', capacity: 1, family: 'C', skuName: 'Standard',
  // Keyless, so the cache's one finding is LIM-1 (SEC-1.RedisAccessKeys checks an Azure Cache for Redis's keys too).
  accessKeysAuthenticationEnabled: false, redisConfiguration: { activeDirectoryAuthenticationEnabled: true },
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

describe('a stack with its own providers', () => {
  it('synthesizes an AzureStack whose team brings the azurerm and azapi providers', () => {
    class OwnProviders extends AzureStack {
      constructor(app: App) {
        super(app, { stackName: 'orders', environmentName: 'prod', production: true, providers: { create: false } });
        new AzurermProvider(this, 'azurerm', { features: [AzureStack.providerFeatures(true)], subscriptionId: '00000000-0000-0000-0000-000000000001' });
        new AzapiProvider(this, 'azapi', {});
        new ResourceGroup(this, 'rg', { name: 'rg-orders-prod', location: 'westeurope' });
      }
    }
    const stack = new OwnProviders(Testing.app());
    const tf = JSON.parse(PlatformTesting.synth(stack)) as TerraformJson;
    expect(tf.provider?.azurerm).toEqual([{
      features: [{ api_management: [{ purge_soft_delete_on_destroy: false, recover_soft_deleted: true }], resource_group: [{ prevent_deletion_if_contains_resources: true }], storage: [{ data_plane_available: false }] }],
      subscription_id: '00000000-0000-0000-0000-000000000001',
    }]);
    expect(stack.azurerm).toBeUndefined();
  });

  it('passes a subscription and tenant to the providers it creates', () => {
    const stack = new AzureStack(Testing.app(), {
      stackName: 'orders', environmentName: 'dev', providers: { subscriptionId: '00000000-0000-0000-0000-000000000001', tenantId: '00000000-0000-0000-0000-000000000002' },
    });
    const tf = JSON.parse(Testing.synth(stack)) as TerraformJson;
    expect(tf.provider?.azurerm?.[0]).toMatchObject({ subscription_id: '00000000-0000-0000-0000-000000000001', tenant_id: '00000000-0000-0000-0000-000000000002', storage_use_azuread: true });
    expect(tf.provider?.azapi?.[0]).toEqual({ subscription_id: '00000000-0000-0000-0000-000000000001', tenant_id: '00000000-0000-0000-0000-000000000002' });
  });

  it('applies the lessons check and tags to a plain TerraformStack that opts in', () => {
    const stack = new TerraformStack(Testing.app(), 'plain');
    new AzurermProvider(stack, 'azurerm', { features: [{}] });
    PlatformAspects.applyTo(stack, { production: false, tags: { owner: 'orders' } });
    new ResourceGroup(stack, 'rg', { name: 'rg-plain', location: 'westeurope' });
    legacyCache(stack);
    expect(() => PlatformTesting.synth(stack)).toThrow(/\[LIM-1\.NoAzureCacheForRedis\] plain\/cache/);
    const tf = JSON.parse(Testing.synth(stack)) as TerraformJson;
    expect(tf.resource?.azurerm_resource_group?.rg?.tags).toEqual({ owner: 'orders' });
  });
});

describe('PlatformAspects on a plain TerraformStack', () => {
  it('marks the stack as production by default, and adds no tags without tags', () => {
    const stack = plainStack();
    PlatformAspects.applyTo(stack);
    expect([Production.isMarked(stack), Production.isDeclaredProduction(stack), Production.isProduction(stack)]).toEqual([true, true, true]);
    new ResourceGroup(stack, 'rg', { name: 'rg-plain', location: 'westeurope' });
    expect(resourceOf(synth(stack), 'azurerm_resource_group')).not.toHaveProperty('tags');
  });

  it('marks the stack as not production when told, and tags its resources', () => {
    const stack = plainStack();
    PlatformAspects.applyTo(stack, { production: false, tags: { owner: 'orders' } });
    expect([Production.isMarked(stack), Production.isProduction(stack)]).toEqual([true, false]);
    new ResourceGroup(stack, 'rg', { name: 'rg-plain', location: 'westeurope' });
    expect(resourceOf(synth(stack), 'azurerm_resource_group').tags).toEqual({ owner: 'orders' });
  });
});

describe('the library\'s index (issue 30)', () => {
  it('exports the library only: no stack of the platform\'s own app, and no export from stacks/ or src/', async () => {
    const index = await import('../../src/index') as Record<string, unknown>;
    for (const name of ['RealtimeStack', 'RateLimitingStack', 'ApiPatternsStack', 'PaymentsStack']) expect(index).not.toHaveProperty(name);
    const source = readFileSync(join(__dirname, '..', '..', 'src', 'index.ts'), 'utf8');
    expect(source.match(/from '\.\.\/(?!constructs\/|\.gen\/)[^']*'/g) ?? []).toEqual([]);
    // The library's own constructs are still there.
    expect(index).toHaveProperty('PacedQueueConsumer');
    expect(index).toHaveProperty('StorageAccount');
  });
});
