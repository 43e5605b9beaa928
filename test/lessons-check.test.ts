import { App, Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ApiManagementApiPolicy } from '@cdktf/provider-azurerm/lib/api-management-api-policy';
import { CdnFrontdoorProfile } from '@cdktf/provider-azurerm/lib/cdn-frontdoor-profile';
import { ContainerRegistry } from '@cdktf/provider-azurerm/lib/container-registry';
import { ManagedRedis } from '@cdktf/provider-azurerm/lib/managed-redis';
import { RedisCache } from '@cdktf/provider-azurerm/lib/redis-cache';
import { RedisEnterpriseCluster } from '@cdktf/provider-azurerm/lib/redis-enterprise-cluster';
import { RedisEnterpriseDatabase } from '@cdktf/provider-azurerm/lib/redis-enterprise-database';
import { AzureStack } from '../constructs/core/azure-stack';
import { LessonsCheck } from '../constructs/lessons-check/lessons-check';
import { warningsOf } from './support/synth';

/** A stack like another team's, with raw provider resources only. */
function rawStack() {
  const app: App = Testing.app();
  return { app, stack: new AzureStack(app, { stackName: 'other', environmentName: 'dev' }) };
}

const errorsOf = (stack: AzureStack) => {
  Testing.synth(stack);
  return stack.node.findAll().flatMap((c) => c.node.metadata.filter((m) => m.type === '@cdktf/error').map((m) => String(m.data)));
};

const profile = (stack: AzureStack, responseTimeoutSeconds?: number) => new CdnFrontdoorProfile(stack, 'profile', {
  name: 'afd-other', resourceGroupName: 'rg', skuName: 'Standard_AzureFrontDoor', ...(responseTimeoutSeconds ? { responseTimeoutSeconds } : {}),
});

describe('LessonsCheck on raw resources', () => {
  it('warns on a Front Door profile left at the provider default timeout (EDGE-1)', () => {
    const { stack } = rawStack();
    profile(stack);
    Testing.synth(stack);
    expect(warningsOf(stack)).toContain(
      '[EDGE-1] other-dev/profile: response_timeout_seconds = undefined: Front Door closes a request after 120 s without an origin response, so SSE streams and long polls end early. Fix: set 240 for origins that stream (the FrontDoor construct does).');
  });

  it('says nothing about a Front Door profile at 240 s', () => {
    const { stack } = rawStack();
    profile(stack, 240);
    Testing.synth(stack);
    expect(warningsOf(stack)).toEqual([]);
  });

  it('fails when hand-written policy XML spells buffer_response with an underscore (EDGE-3)', () => {
    const { stack } = rawStack();
    new ApiManagementApiPolicy(stack, 'policy', {
      apiName: 'api', apiManagementName: 'apim', resourceGroupName: 'rg',
      xmlContent: '<policies><inbound><base /></inbound><backend><forward-request buffer_response="false" timeout="240" /></backend><outbound><base /></outbound><on-error><base /></on-error></policies>',
    });
    expect(errorsOf(stack)).toEqual([expect.stringMatching(/^\[EDGE-3\] other-dev\/policy: xml_content = "<forward-request buffer_response=\\"false\\" timeout=\\"240\\" \/>": APIM rejects the policy/)]);
  });

  it('fails when a new Azure Cache for Redis is declared (LIM-1)', () => {
    const { stack } = rawStack();
    new RedisCache(stack, 'cache', { name: 'redis-other', location: 'westeurope', resourceGroupName: 'rg', capacity: 1, family: 'C', skuName: 'Standard' });
    expect(errorsOf(stack)).toEqual([expect.stringMatching(/^\[LIM-1\] other-dev\/cache: resource type = "azurerm_redis_cache redis-other": .* Fix: use Azure Managed Redis/)]);
  });

  it('fails when a deprecated Redis Enterprise cluster and database are declared (LIM-1)', () => {
    const { stack } = rawStack();
    const cluster = new RedisEnterpriseCluster(stack, 'enterprise', { name: 'redise-other', location: 'westeurope', resourceGroupName: 'rg', skuName: 'Enterprise_E10-2' });
    new RedisEnterpriseDatabase(stack, 'enterprise-db', { clusterId: cluster.id, clusteringPolicy: 'OSSCluster' });
    expect(errorsOf(stack).sort()).toEqual([
      expect.stringMatching(/^\[LIM-1\] other-dev\/enterprise-db: resource type = "azurerm_redis_enterprise_database": Azure Cache for Redis Enterprise is retired/),
      '[LIM-1] other-dev/enterprise: resource type = "azurerm_redis_enterprise_cluster redise-other": Azure Cache for Redis Enterprise is retired: Azure refuses new Redis Enterprise resources, and azurerm deprecates this resource type. Fix: use Azure Managed Redis (azurerm_managed_redis, or the ManagedRedis construct), clustered, reached with managed identity.',
    ]);
  });

  const managedRedis = (stack: AzureStack, defaultDatabase: Record<string, unknown>) => new ManagedRedis(stack, 'managed', {
    name: 'redis-other', location: 'westeurope', resourceGroupName: 'rg', skuName: 'Balanced_B1', defaultDatabase,
  });

  it('fails when a raw Managed Redis enables access keys (SEC-1)', () => {
    const { stack } = rawStack();
    managedRedis(stack, { accessKeysAuthenticationEnabled: true });
    expect(errorsOf(stack)).toEqual([
      '[SEC-1] other-dev/managed: default_database.access_keys_authentication_enabled = true: an access key is one shared secret for the whole database: whoever holds it bypasses Entra ID. Fix: set it to false (the default) and give each workload identity an access policy assignment (ManagedRedis.grantDataAccess does).',
    ]);
  });

  it('fails when a raw Managed Redis accepts plaintext connections (SEC-1)', () => {
    const { stack } = rawStack();
    managedRedis(stack, { clientProtocol: 'Plaintext' });
    expect(errorsOf(stack)).toEqual([
      '[SEC-1] other-dev/managed: default_database.client_protocol = "Plaintext": clients send their Entra ID token and every counter in clear text, readable by anyone on the path. Fix: set client_protocol = "Encrypted" (the default) and connect with TLS on port 10000.',
    ]);
  });

  it('reports both Managed Redis findings when keys and plaintext are on together', () => {
    const { stack } = rawStack();
    managedRedis(stack, { accessKeysAuthenticationEnabled: true, clientProtocol: 'Plaintext' });
    expect(errorsOf(stack).map((e) => e.split(':')[1].trim())).toEqual(['default_database.access_keys_authentication_enabled = true', 'default_database.client_protocol = "Plaintext"']);
  });

  it('says nothing about a raw Managed Redis on Entra ID and TLS, or without a default_database block', () => {
    const { stack } = rawStack();
    managedRedis(stack, { accessKeysAuthenticationEnabled: false, clientProtocol: 'Encrypted' });
    new ManagedRedis(stack, 'bare', { name: 'redis-bare', location: 'westeurope', resourceGroupName: 'rg', skuName: 'Balanced_B0' });
    expect(errorsOf(stack)).toEqual([]);
  });

  it('fails when a registry enables its admin user (SEC-1)', () => {
    const { stack } = rawStack();
    new ContainerRegistry(stack, 'registry', { name: 'crother', location: 'westeurope', resourceGroupName: 'rg', sku: 'Standard', adminEnabled: true });
    expect(errorsOf(stack)).toEqual([expect.stringMatching(/^\[SEC-1\] other-dev\/registry: admin_enabled = true/)]);
  });

  it('fails the whole synth on an error finding', () => {
    const { app, stack } = rawStack();
    new RedisCache(stack, 'cache', { name: 'redis-other', location: 'westeurope', resourceGroupName: 'rg', capacity: 1, family: 'C', skuName: 'Standard' });
    expect(() => app.synth()).toThrow(/LIM-1/);
  });

  it('skips a suppressed rule for the construct and everything below it', () => {
    const { stack } = rawStack();
    const legacy = new RedisCache(stack, 'cache', { name: 'redis-other', location: 'westeurope', resourceGroupName: 'rg', capacity: 1, family: 'C', skuName: 'Standard' });
    LessonsCheck.suppress(legacy, 'LIM-1', 'imported existing cache, migration to Managed Redis tracked in PLAT-42');
    expect(errorsOf(stack)).toEqual([]);
  });

  it('fails when a suppression gives no reason', () => {
    const { stack } = rawStack();
    expect(() => LessonsCheck.suppress(stack, 'LIM-1', ' ')).toThrow(
      'other-dev: suppressing LIM-1 needs a reason of at least 10 characters that says why the lesson does not apply here.');
  });
});
