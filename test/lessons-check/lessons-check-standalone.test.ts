import { App, TerraformResource, TerraformStack } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { LessonsCheck } from '../../constructs/stack/lessons-check';
import { ReportStatus } from '../../constructs/lessons-check/report';
import { Raw, azapi } from '../support/standalone';

// Rules stand alone: each lesson is checked on every resource type where it applies, so
// suppressing one rule (LIM-1.NoAzureCacheForRedis for an imported cache, the example in
// docs/lessons.md) never hides another lesson (SEC-1: the same cache's access keys). The rows, one
// per failing example of every rule, are generated from the rules' examples in
// test/lessons-check/rule-examples.test.ts; here the cases across rules.

describe('rules stand alone: a suppressed rule hides no other lesson', () => {
  it('fails when a raw azurerm_redis_cache accepts access keys, even with LIM-1.NoAzureCacheForRedis suppressed as docs/lessons.md shows', () => {
    const stack = new TerraformStack(new App({ outdir: '/tmp/standalone-unused' }), 'other');
    const check = LessonsCheck.applyTo(stack, { production: true });
    const cache = new TerraformResource(stack, 'cache', { terraformResourceType: 'azurerm_redis_cache' });
    cache.addOverride('name', 'imported');
    LessonsCheck.suppress(cache, 'LIM-1.NoAzureCacheForRedis', 'imported cache, migration tracked in PLAT-42');
    const rows = check.reportOf(stack).results.filter((r) => r.status === ReportStatus.NON_COMPLIANT || r.status === ReportStatus.SUPPRESSED);
    expect(rows.map((r) => [r.ruleId, r.status])).toEqual(expect.arrayContaining([
      ['LIM-1.NoAzureCacheForRedis', ReportStatus.SUPPRESSED],
      ['SEC-1.RedisAccessKeys', ReportStatus.NON_COMPLIANT],
    ]));
    expect(rows.find((r) => r.ruleId === 'SEC-1.RedisAccessKeys')?.message).toBe(
      '[SEC-1.RedisAccessKeys] other/cache: access_keys_authentication_enabled = undefined: the cache accepts its access keys (unset: on): one shared secret for the whole cache, and whoever holds it bypasses Entra ID. Fix: set access_keys_authentication_enabled = false with redis_configuration.active_directory_authentication_enabled = true, and grant each workload identity an access policy assignment.',
    );
  });
});

describe('the AzAPI forms accept what is right', () => {
  /** Non-compliant rows of every rule on the one resource. */
  const findingsOn = (resource: Raw) => {
    const stack = new TerraformStack(new App({ outdir: '/tmp/standalone-unused' }), 'other');
    const check = LessonsCheck.applyTo(stack, { production: true });
    const made = new TerraformResource(stack, resource.name, { terraformResourceType: resource.type });
    for (const [name, value] of Object.entries(resource.attributes)) made.addOverride(name, value);
    return check.reportOf(stack).results.filter((r) => r.status === ReportStatus.NON_COMPLIANT).map((r) => r.ruleId);
  };

  it.each([
    ['a Managed Redis cluster (Balanced SKU)', azapi('redis', 'Microsoft.Cache/redisEnterprise@2025-07-01', { sku: { name: 'Balanced_B1' } })],
    ['a Managed Redis database with keys off and TLS', azapi('default', 'Microsoft.Cache/redisEnterprise/databases@2025-07-01', { properties: { accessKeysAuthentication: 'Disabled', clientProtocol: 'Encrypted' } })],
    ['a keyless storage account', azapi('stother', 'Microsoft.Storage/storageAccounts@2024-01-01', { properties: { allowSharedKeyAccess: false } })],
    ['a keyless topic given as JSON text (jsonencode in HCL)', azapi('topic', 'Microsoft.EventGrid/topics@2025-02-15', JSON.stringify({ properties: { disableLocalAuth: true } }) as unknown as Record<string, unknown>)],
    ['an RBAC vault', azapi('kv-other', 'Microsoft.KeyVault/vaults@2023-07-01', { properties: { enableRbacAuthorization: true } })],
    ['a registry without its admin user', azapi('acr', 'Microsoft.ContainerRegistry/registries@2023-07-01', { properties: { adminUserEnabled: false } })],
    ['a Front Door profile at 240 s', azapi('fd', 'Microsoft.Cdn/profiles@2024-02-01', { sku: { name: 'Standard_AzureFrontDoor' }, properties: { originResponseTimeoutSeconds: 240 } })],
    ['a classic CDN profile, which has no origin response timeout of Front Door', azapi('cdn', 'Microsoft.Cdn/profiles@2024-02-01', { sku: { name: 'Standard_Microsoft' }, properties: {} })],
  ])('accepts %s', (_name, resource) => {
    expect(findingsOn(resource)).toEqual([]);
  });
});
