import { createHash } from 'crypto';
import { TerraformOutput, Testing } from 'cdktf';
import { beforeEach, describe, expect, it } from 'vitest';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { PublicNetworkAccess } from '../../constructs/core/network';
import { SUPPRESSION_METADATA, Suppressions } from '../../constructs/core/suppressions';
import { ManagedIdentity, IPrincipal } from '../../constructs/identity/principal';
import { LessonsCheck } from '../../constructs/stack/lessons-check';
import { RuleLevel } from '../../constructs/lessons-check/pack';
import { ReportStatus } from '../../constructs/lessons-check/report';
import { ManagedRedis, ManagedRedisProps, RedisEvictionPolicy } from '../../constructs/redis/managed-redis';
import {
  ACCESS_POLICY_ASSIGNMENT_TYPE, RedisClusteringPolicy, accessPolicyAssignmentName,
} from '../../constructs/redis/managed-redis-base';
import { REDIS_PROPS, redisIn } from '../support/fixtures';
import { refusalOf } from '../support/refusal';
import { TerraformJson, errorsOf, resourceOf, resourcesOf, synth, testStack, warningsOf } from '../support/synth';
import { PreflightManifests } from '../../constructs/stack/preflight-manifest';

const BASE = REDIS_PROPS;
const build = redisIn;

const cacheOf = (tf: TerraformJson) => resourceOf(tf, 'azurerm_managed_redis') as {
  sku_name: string; high_availability_enabled: boolean; public_network_access: string;
  default_database: Record<string, unknown>; lifecycle?: { prevent_destroy?: boolean; replace_triggered_by?: string[] };
};
/** The clustering guard: `terraform_data` resources by logical id. */
const guardsOf = (tf: TerraformJson) => resourcesOf(tf, 'terraform_data') as Record<string, { input?: unknown }>;
const GUARD_ADDRESS = /^terraform_data\.redis_clustering-guard_[0-9A-F]+$/;
const alertsOf = (tf: TerraformJson) => Object.values(resourcesOf(tf, 'azurerm_monitor_metric_alert')) as {
  name: string; severity: number; frequency: string; window_size: string; scopes: string[];
  criteria: { metric_namespace: string; metric_name: string; aggregation: string; operator: string; threshold: number; dimension?: { name: string; values: string[] }[] }[];
  action?: { action_group_id: string }[];
}[];
const CACHE_ID = expect.stringMatching(/^\$\{azurerm_managed_redis\.redis_cache_[0-9A-F]+\.id\}$/);

describe('ManagedRedis in production', () => {
  // Built for each test, not once for the block, so mutation testing sees which test covers what.
  let stack: ReturnType<typeof build>['stack'];
  let tf: TerraformJson;
  let cache: ReturnType<typeof cacheOf>;
  beforeEach(() => {
    ({ stack } = build(true));
    tf = synth(stack);
    cache = cacheOf(tf);
  });

  it('speaks TLS only, with access keys off, OSS clustering and NoEviction', () => {
    expect(cache.default_database).toEqual({
      client_protocol: 'Encrypted',
      access_keys_authentication_enabled: false,
      clustering_policy: 'OSSCluster',
      eviction_policy: 'NoEviction',
    });
  });

  it('is highly available, Balanced_B0 by default, with public network access disabled', () => {
    expect(cache).toMatchObject({ name: 'redis-rl', sku_name: 'Balanced_B0', high_availability_enabled: true, public_network_access: 'Disabled' });
  });

  it('sets prevent_destroy, so a replacing plan (SKU, HA, clustering) fails instead of dropping data', () => {
    expect(cache.lifecycle).toEqual({ prevent_destroy: true, replace_triggered_by: [expect.stringMatching(GUARD_ADDRESS)] });
  });

  it('guards the clustering policy: azurerm re-creates the database on a change, so the guard turns it into a replacement prevent_destroy refuses', () => {
    const guards = guardsOf(tf);
    expect(Object.keys(guards)).toEqual([expect.stringMatching(/^redis_clustering-guard_[0-9A-F]+$/)]);
    const [guardId] = Object.keys(guards);
    expect(guards[guardId]).toEqual({ input: { clusteringPolicy: 'OSSCluster' } });
    // The trigger names the guard itself, as the Terraform address `terraform_data.<id>` (not "${...}").
    expect(cache.lifecycle?.replace_triggered_by).toEqual([`terraform_data.${guardId}`]);
  });

  it('synthesizes with its validations on a machine without Terraform: the guard spawns no `terraform version`', () => {
    const { stack: s } = build(true, { privateEndpointManagedElsewhere: true });
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      // cdktf's DataResource ran `terraform version` in a validation and failed the synth here.
      expect(() => Testing.fullSynth(s)).not.toThrow();
    } finally {
      process.env.PATH = path;
    }
  });

  it('records the configured clustering policy in the guard', () => {
    const { stack: s } = build(true, { clusteringPolicy: RedisClusteringPolicy.ENTERPRISE_CLUSTER });
    const out = synth(s);
    expect(cacheOf(out).default_database.clustering_policy).toBe('EnterpriseCluster');
    expect(Object.values(guardsOf(out))).toEqual([{ input: { clusteringPolicy: 'EnterpriseCluster' } }]);
  });

  it('drops protection and guard when production turns protectFromReplacement off (to change the policy on purpose)', () => {
    const { stack: s } = build(true, { protectFromReplacement: false });
    const out = synth(s);
    expect(cacheOf(out).lifecycle).toBeUndefined();
    expect(guardsOf(out)).toEqual({});
  });

  it('creates CPU, memory, failure and no-clients alerts on the cache, every 5 minutes (LIM-2)', () => {
    const alerts = alertsOf(tf);
    expect(alerts.map((a) => a.name).sort()).toEqual(['redis-rl-cpu', 'redis-rl-failures', 'redis-rl-memory', 'redis-rl-no-clients']);
    for (const alert of alerts) {
      expect(alert).toMatchObject({ scopes: [CACHE_ID], frequency: 'PT5M', window_size: 'PT5M' });
      expect(alert.criteria[0].metric_namespace).toBe('Microsoft.Cache/redisEnterprise');
    }
    const byName = Object.fromEntries(alerts.map((a) => [a.name, a.criteria[0]]));
    expect(byName['redis-rl-cpu']).toMatchObject({ metric_name: 'percentProcessorTime', aggregation: 'Maximum', operator: 'GreaterThan', threshold: 80 });
    expect(byName['redis-rl-memory']).toMatchObject({ metric_name: 'usedmemorypercentage', aggregation: 'Maximum', operator: 'GreaterThan', threshold: 80 });
    expect(byName['redis-rl-failures']).toMatchObject({ metric_name: 'errors', operator: 'GreaterThan', threshold: 0 });
    expect(byName['redis-rl-failures'].dimension).toEqual([{
      name: 'ErrorType', operator: 'Include',
      values: ['Failover', 'Dataloss', 'UnresponsiveClients', 'MicrosoftEntraAuthenticationFailure', 'MicrosoftEntraTokenExpired'],
    }]);
    expect(byName['redis-rl-no-clients']).toMatchObject({ metric_name: 'connectedclients', aggregation: 'Maximum', operator: 'LessThan', threshold: 1 });
  });

  it('warns that alerts without an action group tell nobody (LIM-2)', () => {
    expect(warningsOf(stack)).toEqual([expect.stringMatching(/^\[LIM-2\] rl-prod\/redis: alerts\.actionGroupId = undefined: .* Fix: give alerts\.actionGroupId/)]);
  });

  it('passes the lessons check once a private endpoint reaches it (test/network/network.test.ts: without one, synth fails)', () => {
    const { stack: reached } = build(true, { privateEndpointManagedElsewhere: true });
    expect(() => Testing.fullSynth(reached)).not.toThrow();
  });
});

describe('ManagedRedis public endpoint in production', () => {
  it('warns when production opens the public endpoint, naming the private endpoint as the fix (SEC-1)', () => {
    const { stack } = build(true, { publicNetworkAccess: PublicNetworkAccess.ENABLED, alerts: { actionGroupId: '/ag' } });
    expect(cacheOf(synth(stack)).public_network_access).toBe('Enabled');
    expect(warningsOf(stack)).toEqual([expect.stringMatching(
      /^\[SEC-1\] rl-prod\/redis: publicNetworkAccess = "Enabled": the production cache answers on a public endpoint.* Fix: .*private endpoint for the cache/)]);
  });

  it('does not warn outside production or with the endpoint disabled', () => {
    expect(warningsOf(build(false, { publicNetworkAccess: PublicNetworkAccess.ENABLED, alerts: { actionGroupId: '/ag' } }).stack)).toEqual([]);
    expect(warningsOf(build(true, { publicNetworkAccess: PublicNetworkAccess.DISABLED, alerts: { actionGroupId: '/ag' } }).stack)).toEqual([]);
  });
});

describe('ManagedRedis outside production', () => {
  // Built for each test, not once for the block, so mutation testing sees which test covers what.
  let stack: ReturnType<typeof build>['stack'];
  let tf: TerraformJson;
  let cache: ReturnType<typeof cacheOf>;
  beforeEach(() => {
    ({ stack } = build(false));
    tf = synth(stack);
    cache = cacheOf(tf);
  });

  it('keeps public network access on and does not set prevent_destroy or the clustering guard', () => {
    expect(cache.public_network_access).toBe('Enabled');
    expect(cache.lifecycle).toBeUndefined();
    expect(guardsOf(tf)).toEqual({});
  });

  it('has no no-clients alert (an idle dev cache has no clients)', () => {
    expect(alertsOf(tf).map((a) => a.name).sort()).toEqual(['redis-rl-cpu', 'redis-rl-failures', 'redis-rl-memory']);
  });

  it('allows high availability off to save cost', () => {
    const { stack: s } = build(false, { highAvailability: false });
    expect(cacheOf(synth(s)).high_availability_enabled).toBe(false);
  });

  it('warns on access keys (SEC-1) but builds: the stack\'s lessons check (which app.synth() fails on) reports the construct\'s warning, not an error', () => {
    const { stack: s } = build(false, { accessKeysEnabled: true, alerts: { actionGroupId: '/ag' } });
    expect(cacheOf(synth(s)).default_database.access_keys_authentication_enabled).toBe(true);
    expect(errorsOf(s)).toEqual([]);
    expect(warningsOf(s)).toEqual([
      '[SEC-1] rl-dev/redis: accessKeysEnabled = true: an access key is one shared secret for the whole database: whoever holds it bypasses Entra ID, and rotating it breaks every client at once. Fix: leave accessKeysEnabled false and call grantDataAccess(identity) for each workload identity (Entra ID access policy assignment).',
    ]);
  });

  it('reports the access keys once, as the construct\'s warning under the rule\'s id (SEC-1.RedisAccessKeys), with no suppression', () => {
    const { stack: s, redis } = build(false, { accessKeysEnabled: true, alerts: { actionGroupId: '/ag' } });
    expect(redis.cache.node.metadata.filter((m) => m.type === SUPPRESSION_METADATA)).toEqual([]);
    const report = LessonsCheck.of(s)!.reportOf(s);
    const rows = report.results.filter((r) => r.ruleId === 'SEC-1.RedisAccessKeys' && r.status !== ReportStatus.NOT_APPLICABLE);
    expect(rows).toEqual([expect.objectContaining({
      resourcePath: 'rl-dev/redis/cache', resourceType: 'azurerm_managed_redis', status: ReportStatus.NON_COMPLIANT, level: RuleLevel.WARNING,
      setting: 'default_database.access_keys_authentication_enabled', message: expect.stringMatching(/^\[SEC-1\] rl-dev\/redis: accessKeysEnabled = true: /),
    })]);
    expect(warningsOf(s)).toEqual([rows[0].message]);
    expect(report.results.find((r) => r.ruleId === 'SEC-1.RedisPlaintext' && r.resourceType === 'azurerm_managed_redis')).toMatchObject({ status: ReportStatus.COMPLIANT });
  });

  it('suppresses the access keys, the construct\'s warning and the rule\'s row alike, when the stack says why', () => {
    const { stack: s, redis } = build(false, { accessKeysEnabled: true, alerts: { actionGroupId: '/ag' } });
    Suppressions.add(redis, { id: 'SEC-1.RedisAccessKeys', reason: 'a legacy client that cannot use Entra ID yet' });
    expect(LessonsCheck.of(s)!.reportOf(s).results.filter((r) => r.ruleId === 'SEC-1.RedisAccessKeys' && r.status !== ReportStatus.NOT_APPLICABLE)).toEqual([
      expect.objectContaining({ resourcePath: 'rl-dev/redis/cache', status: ReportStatus.SUPPRESSED, suppressionReason: 'a legacy client that cannot use Entra ID yet' }),
    ]);
    expect(warningsOf(s)).toEqual([]);
  });

  it('suppresses the construct\'s warning too when the suppression is on the inner resource the rule finds the keys on', () => {
    const { stack: s, redis } = build(false, { accessKeysEnabled: true, alerts: { actionGroupId: '/ag' } });
    LessonsCheck.suppress(redis.cache, 'SEC-1.RedisAccessKeys', 'a legacy client that cannot use Entra ID yet');
    synth(s);
    expect(warningsOf(s)).toEqual([]);
    expect(LessonsCheck.of(s)!.reportOf(s).results.filter((r) => r.ruleId === 'SEC-1.RedisAccessKeys' && r.status !== ReportStatus.NOT_APPLICABLE)).toEqual([
      expect.objectContaining({ resourcePath: 'rl-dev/redis/cache', status: ReportStatus.SUPPRESSED, suppressionReason: 'a legacy client that cannot use Entra ID yet' }),
    ]);
  });

  it('keeps the construct\'s warning when the suppression on the inner resource is for another rule', () => {
    const { stack: s, redis } = build(false, { accessKeysEnabled: true, alerts: { actionGroupId: '/ag' } });
    LessonsCheck.suppress(redis.cache, 'SEC-1.RedisPlaintext', 'plaintext is not on; this suppression must not hide the keys');
    synth(s);
    expect(warningsOf(s)).toEqual([expect.stringMatching(/^\[SEC-1\] rl-dev\/redis: accessKeysEnabled = true: /)]);
  });

  it('fails when a raw override turns on plaintext next to the suppressed access keys: the suppression does not hide SEC-1.RedisPlaintext', () => {
    const { stack: s, redis } = build(false, { accessKeysEnabled: true, alerts: { actionGroupId: '/ag' } });
    redis.cache.addOverride('default_database.client_protocol', 'Plaintext');
    synth(s);
    expect(errorsOf(s)).toEqual([
      '[SEC-1.RedisPlaintext] rl-dev/redis/cache: default_database.client_protocol = "Plaintext": clients send their Entra ID token and every counter in clear text, readable by anyone on the path. Fix: set client_protocol = "Encrypted" (the default) and connect with TLS on port 10000.',
    ]);
  });

  it('does not suppress anything without access keys', () => {
    const { redis } = build(false);
    expect(redis.cache.node.metadata.filter((m) => m.type === SUPPRESSION_METADATA)).toEqual([]);
  });

  it('protects from replacement when asked, outside production too, with the clustering guard', () => {
    const { stack: s } = build(false, { protectFromReplacement: true });
    const out = synth(s);
    expect(cacheOf(out).lifecycle).toEqual({ prevent_destroy: true, replace_triggered_by: [expect.stringMatching(GUARD_ADDRESS)] });
    expect(Object.values(guardsOf(out))).toEqual([{ input: { clusteringPolicy: 'OSSCluster' } }]);
  });
});

describe('ManagedRedis defaults outside an AzureStack', () => {
  it('applies the production rules (AzureStack.isProduction is true outside one)', () => {
    const stack = testStack();
    const redis = new ManagedRedis(stack, 'redis', BASE);
    expect(redis.production).toBe(true);
    expect(cacheOf(synth(stack))).toMatchObject({ public_network_access: 'Disabled', lifecycle: { prevent_destroy: true, replace_triggered_by: [expect.stringMatching(GUARD_ADDRESS)] } });
  });

  it('lets production be overridden per construct', () => {
    const stack = testStack();
    new ManagedRedis(stack, 'redis', { ...BASE, production: false });
    expect(cacheOf(synth(stack))).toMatchObject({ public_network_access: 'Enabled' });
  });
});

describe('ManagedRedis alerts options', () => {
  it('sends every alert to the action group and says nothing more', () => {
    const { stack } = build(true, { alerts: { actionGroupId: '/subscriptions/0/resourceGroups/rg/providers/microsoft.insights/actionGroups/oncall' } });
    const alerts = alertsOf(synth(stack));
    expect(alerts).toHaveLength(4);
    for (const alert of alerts) expect(alert.action).toEqual([{ action_group_id: '/subscriptions/0/resourceGroups/rg/providers/microsoft.insights/actionGroups/oncall' }]);
    expect(warningsOf(stack)).toEqual([]);
  });

  it('takes custom thresholds and can drop the no-clients alert', () => {
    const { stack } = build(true, { alerts: { actionGroupId: '/ag', cpuPercentThreshold: 70, memoryPercentThreshold: 90, minConnectedClients: 0 } });
    const alerts = alertsOf(synth(stack));
    expect(alerts.map((a) => [a.name, a.criteria[0].threshold]).sort()).toEqual([['redis-rl-cpu', 70], ['redis-rl-failures', 0], ['redis-rl-memory', 90]]);
  });

  it('removes the alerts on `alerts: { enabled: false }`, with a LIM-2 warning', () => {
    const { stack } = build(true, { alerts: { enabled: false } });
    expect(resourcesOf(synth(stack), 'azurerm_monitor_metric_alert')).toEqual({});
    expect(warningsOf(stack)).toEqual([expect.stringMatching(/^\[LIM-2\] rl-prod\/redis: alerts\.enabled = false: a Redis-backed limiter fails open/)]);
  });

  it('fails when a threshold is 100 or more (LIM-2)', () => {
    expect(() => build(true, { alerts: { cpuPercentThreshold: 100 } })).toThrow(
      /^\[LIM-2\] rl-prod\/redis: alerts\.cpuPercentThreshold = 100: the threshold is a whole percentage below 100.* Fix: use e\.g\. 80/);
  });
});

describe('ManagedRedis alerts edges', () => {
  it('exposes no alerts when they are disabled', () => {
    expect(build(true, { alerts: { enabled: false } }).redis.alertRules).toEqual([]);
  });

  it('takes 0 and 100000 connected clients as the no-clients threshold', () => {
    for (const minConnectedClients of [0, 100_000]) {
      expect(() => build(true, { alerts: { actionGroupId: '/ag', minConnectedClients } })).not.toThrow();
    }
  });

  it.each([-1, 100_001, 1.5])('fails when minConnectedClients is %s (LIM-2)', (minConnectedClients) => {
    const r = refusalOf(() => build(true, { alerts: { actionGroupId: '/ag', minConnectedClients } }));
    expect(r).toMatchObject({ lesson: 'LIM-2', path: 'rl-prod/redis', setting: 'alerts.minConnectedClients' });
    expect(r.message).toMatch(new RegExp(`^\\[LIM-2\\] rl-prod/redis: alerts\\.minConnectedClients = ${String(minConnectedClients).replace('.', '\\.')}: `));
  });
});

describe('ManagedRedis alert resources', () => {
  type Alert = { name: string; auto_mitigate: boolean; action?: unknown; criteria: { metric_name: string; aggregation: string }[] };
  const alertsWith = (props: Partial<ManagedRedisProps>) => Object.values(resourcesOf(synth(build(true, props).stack), 'azurerm_monitor_metric_alert')) as Alert[];

  it('resolves every alert on its own and sends it nowhere without an action group', () => {
    const alerts = alertsWith({});
    expect(alerts).toHaveLength(4);
    for (const alert of alerts) {
      expect(alert.auto_mitigate).toBe(true);
      expect(alert).not.toHaveProperty('action');
    }
  });

  it('alerts on the maximum of the failure errors', () => {
    expect(alertsWith({ alerts: { actionGroupId: '/ag' } }).find((a) => a.name === 'redis-rl-failures')?.criteria[0])
      .toMatchObject({ metric_name: 'errors', aggregation: 'Maximum' });
  });
});

describe('ManagedRedis refusals', () => {
  it('fails when access keys are enabled in production (SEC-1)', () => {
    expect(() => build(true, { accessKeysEnabled: true })).toThrow(
      '[SEC-1] rl-prod/redis: accessKeysEnabled = true: an access key is one shared secret for the whole database: whoever holds it bypasses Entra ID, and rotating it breaks every client at once. Fix: leave accessKeysEnabled false and call grantDataAccess(identity) for each workload identity (Entra ID access policy assignment).');
  });

  it('fails when high availability is off in production (LIM-2)', () => {
    expect(() => build(true, { highAvailability: false })).toThrow(
      /^\[LIM-2\] rl-prod\/redis: highAvailability = false: without high availability the cache is one node with no SLA: .*a Redis-backed limiter then fails open.* Fix: leave highAvailability true in production/);
  });

  it('fails when public network access is not spelt as Azure takes it (AZURE)', () => {
    expect(() => build(false, { publicNetworkAccess: 'enabled' as PublicNetworkAccess })).toThrow(
      /^\[AZURE\] rl-dev\/redis: publicNetworkAccess = "enabled": a cache's public endpoint is Enabled or Disabled \(capitalised\)\. Fix: use one of Enabled, Disabled\.$/);
  });

  it('fails when the SKU does not exist (AZURE)', () => {
    expect(() => build(false, { skuName: 'Enterprise_E10' })).toThrow(
      /^\[AZURE\] rl-dev\/redis: skuName = "Enterprise_E10": Azure Managed Redis has no such SKU\. Fix: use a Balanced_, ComputeOptimized_, FlashOptimized_ or MemoryOptimized_ SKU/);
  });

  it('fails when the clustering policy is unknown (LIM-1)', () => {
    expect(() => build(false, { clusteringPolicy: 'Cluster' as RedisClusteringPolicy })).toThrow(
      /^\[LIM-1\] rl-dev\/redis: clusteringPolicy = "Cluster": .* Fix: use 'OSSCluster'/);
  });

  it('fails when the eviction policy is unknown (AZURE)', () => {
    expect(() => build(false, { evictionPolicy: 'allkeys-lru' as RedisEvictionPolicy })).toThrow(
      /^\[AZURE\] rl-dev\/redis: evictionPolicy = "allkeys-lru": Azure Managed Redis has no such eviction policy\./);
  });

  it('fails when the name starts with a digit, ends with a hyphen, has "--" or is longer than 60 characters (AZURE)', () => {
    for (const name of ['1redis', 'redis-', 'redis--rl', `r${'x'.repeat(60)}`]) {
      expect(() => build(false, { name })).toThrow(
        new RegExp(`^\\[AZURE\\] rl-dev/redis: name = "${name}": Azure rejects this Managed Redis name \\(${name.length} characters\\)\\. Fix: use 1-60 characters: letters, digits and single hyphens, starting with a letter and ending with a letter or digit, unique across Azure\\.`));
    }
  });

  it('fails when two stacks of one app claim the same cache name (globally unique)', () => {
    const app = Testing.app();
    new ManagedRedis(new AzureStack(app, { stackName: 'rl', environmentName: 'dev' }), 'redis', BASE);
    expect(() => new ManagedRedis(new AzureStack(app, { stackName: 'rl', environmentName: 'prod', production: true }), 'redis', BASE))
      .toThrow(/^\[AZURE\] rl-prod\/redis: name = "redis-rl": Managed Redis names are unique across Azure, and rl-dev\/redis in this app already uses it/);
  });
});

describe('ManagedRedis data access for a workload identity', () => {
  function withIdentity() {
    const { stack, redis } = build(false, { alerts: { actionGroupId: '/ag' } });
    const identity = new UserAssignedIdentity(stack, 'limiter-identity', { name: 'id-limiter', resourceGroupName: 'rg-test', location: 'westeurope' });
    return { stack, redis, identity };
  }

  it('creates an Entra access policy assignment through AzAPI, with the principal id by reference', () => {
    const { stack, redis, identity } = withIdentity();
    const returned = redis.grantDataAccess(identity);
    expect(returned.resource.terraformResourceType).toBe('azapi_resource');
    const grant = resourceOf(synth(stack), 'azapi_resource') as Record<string, unknown> & { body: { properties: { user: { objectId: string } } } };
    expect(grant.type).toBe('Microsoft.Cache/redisEnterprise/databases/accessPolicyAssignments@2025-07-01');
    expect(grant.type).toBe(ACCESS_POLICY_ASSIGNMENT_TYPE);
    expect(grant.parent_id).toMatch(/^\$\{azurerm_managed_redis\.redis_cache_[0-9A-F]+\.id\}\/databases\/default$/);
    expect(grant.body).toEqual({ properties: { accessPolicyName: 'default', user: { objectId: '${azurerm_user_assigned_identity.limiter-identity.principal_id}' } } });
    expect(grant.body.properties.user.objectId).not.toMatch(/^[0-9a-f-]{36}$/);
  });

  it('names the assignment deterministically within ^[A-Za-z0-9]{1,60}$, from the construct id and a hash', () => {
    const { stack, redis, identity } = withIdentity();
    redis.grantDataAccess(identity);
    const name = String(resourceOf(synth(stack), 'azapi_resource').name);
    // The letters and digits of the id, then 10 hex characters of sha256("<cache path>\n<id>").
    const hash = createHash('sha256').update('rl-dev/redis\nlimiter-identity').digest('hex').slice(0, 10);
    expect(name).toBe(`limiteridentity${hash}`);
    const again = withIdentity();
    again.redis.grantDataAccess(again.identity);
    expect(resourceOf(synth(again.stack), 'azapi_resource').name).toBe(name);
    expect(accessPolicyAssignmentName('rl-dev/redis', 'x'.repeat(80))).toMatch(/^[A-Za-z0-9]{1,60}$/);
  });

  it('exports nothing from the response, sends no tags to the tag-less proxy resource, and outputs no key', () => {
    const { stack, redis, identity } = withIdentity();
    redis.grantDataAccess(identity);
    const tf = synth(stack);
    const grant = resourceOf(tf, 'azapi_resource');
    expect(grant.response_export_values).toBeUndefined();
    expect(grant.tags).toBeUndefined();
    expect(tf.output).toBeUndefined();
    expect(JSON.stringify(tf)).not.toMatch(/primary_access_key|secondary_access_key/);
  });

  it('serializes several grants (the database takes one update at a time)', () => {
    const { stack, redis, identity } = withIdentity();
    redis.grantDataAccess(identity);
    redis.grantDataAccess({ principalId: '00000000-0000-0000-0000-000000000002' }, 'worker');
    const grants = resourcesOf(synth(stack), 'azapi_resource');
    const firstId = Object.keys(grants).find((id) => id.includes('access-limiter-identity'))!;
    const worker = Object.entries(grants).find(([id]) => id.includes('access-worker'))![1];
    expect(firstId).toBeDefined();
    expect(worker.depends_on).toEqual([`azapi_resource.${firstId}`]);
    expect((worker.body as { properties: { user: { objectId: string } } }).properties.user.objectId).toBe('00000000-0000-0000-0000-000000000002');
  });

  it('gives the workload host, port and client id, by reference and without secrets', () => {
    const { stack, redis, identity } = withIdentity();
    const env = redis.environmentVariables(ManagedIdentity.fromUserAssigned(identity));
    expect(Object.keys(env)).toEqual(['REDIS_HOST', 'REDIS_PORT', 'AZURE_CLIENT_ID']);
    new TerraformOutput(stack, 'env', { value: env });
    expect(synth(stack).output?.env.value).toEqual({
      REDIS_HOST: expect.stringMatching(/^\$\{azurerm_managed_redis\.redis_cache_[0-9A-F]+\.hostname\}$/),
      REDIS_PORT: expect.stringMatching(/^\$\{azurerm_managed_redis\.redis_cache_[0-9A-F]+\.default_database\[0\]\.port\}$/),
      AZURE_CLIENT_ID: '${azurerm_user_assigned_identity.limiter-identity.client_id}',
    });
  });

  it('fails when the identity is not a construct and no id is given (SEC-1)', () => {
    const { redis } = withIdentity();
    const principal: IPrincipal = { principalId: '00000000-0000-0000-0000-000000000001' };
    expect(() => redis.grantDataAccess(principal)).toThrow(
      /^\[SEC-1\] rl-dev\/redis: grantDataAccess\.id = undefined: the access policy assignment needs a stable name.* Fix: pass an id with letters or digits/);
  });

  it('fails when a literal principal id is not a GUID (SEC-1)', () => {
    const { redis } = withIdentity();
    expect(() => redis.grantDataAccess({ principalId: 'limiter' }, 'limiter')).toThrow(
      /^\[SEC-1\] rl-dev\/redis: grantDataAccess\.identity\.principalId = "limiter": Entra ID names a principal by its object id, a GUID\./);
  });
});

describe('ManagedRedis data access grants', () => {
  it('fails when one grant id is used twice (SEC-2)', () => {
    const { redis } = build(false, { alerts: { actionGroupId: '/ag' } });
    redis.grantDataAccess({ principalId: '00000000-0000-0000-0000-000000000002' }, 'worker');
    expect(refusalOf(() => redis.grantDataAccess({ principalId: '00000000-0000-0000-0000-000000000003' }, 'worker')))
      .toMatchObject({ lesson: 'SEC-2', path: 'rl-dev/redis', setting: 'grant id' });
  });

  it('puts each access policy assignment under the construct id access-<grant id>', () => {
    const { stack, redis } = build(false, { alerts: { actionGroupId: '/ag' } });
    redis.grantDataAccess(new UserAssignedIdentity(stack, 'limiter-identity', { name: 'id-limiter', resourceGroupName: 'rg-test', location: 'westeurope' }));
    redis.grantDataAccess({ principalId: '00000000-0000-0000-0000-000000000002' }, 'worker');
    expect(Object.keys(resourcesOf(synth(stack), 'azapi_resource')).sort()).toEqual([
      expect.stringMatching(/^redis_access-limiter-identity_[0-9A-F]+$/),
      expect.stringMatching(/^redis_access-worker_[0-9A-F]+$/),
    ]);
  });
});

describe('ManagedRedis.fromExisting', () => {
  const CACHE = '/subscriptions/0/resourceGroups/rg-shared/providers/Microsoft.Cache/redisEnterprise/redis-shared';
  const devStack = () => new AzureStack(Testing.app(), { stackName: 'rl', environmentName: 'dev' });

  it('grants data access on the cache the data source finds: parent_id is the looked-up id', () => {
    const stack = devStack();
    const shared = ManagedRedis.fromExisting(stack, 'shared', { name: 'redis-shared', resourceGroupName: 'rg-shared' });
    shared.grantDataAccess({ principalId: '00000000-0000-0000-0000-000000000001' }, 'worker');
    const tf = synth(stack);
    expect(Object.values(tf.data?.azurerm_managed_redis ?? {})).toEqual([{ name: 'redis-shared', resource_group_name: 'rg-shared' }]);
    const grant = resourceOf(tf, 'azapi_resource');
    expect(grant).toMatchObject({
      type: 'Microsoft.Cache/redisEnterprise/databases/accessPolicyAssignments@2025-07-01',
      parent_id: expect.stringMatching(/^\$\{data\.azurerm_managed_redis\.shared_lookup_[0-9A-F]+\.id\}\/databases\/default$/),
      body: { properties: { accessPolicyName: 'default', user: { objectId: '00000000-0000-0000-0000-000000000001' } } },
    });
    expect(grant.tags).toBeUndefined();
    expect(errorsOf(stack)).toEqual([]);
  });

  it('grants on the given cacheId, and looks nothing up when the host name is given too', () => {
    const stack = devStack();
    const shared = ManagedRedis.fromExisting(stack, 'shared', {
      name: 'redis-shared', resourceGroupName: 'rg-shared', cacheId: CACHE, hostName: 'redis-shared.westeurope.redis.azure.net',
    });
    shared.grantDataAccess({ principalId: '00000000-0000-0000-0000-000000000001' }, 'worker');
    const env = shared.environmentVariables(ManagedIdentity.fromAttributes({ principalId: '00000000-0000-0000-0000-000000000001', grantKey: 'worker', clientId: 'c1' }));
    new TerraformOutput(stack, 'env', { value: env });
    const tf = synth(stack);
    expect(resourceOf(tf, 'azapi_resource').parent_id).toBe(`${CACHE}/databases/default`);
    expect(tf.data?.azurerm_managed_redis).toBeUndefined();
    expect(tf.output?.env.value).toEqual({ REDIS_HOST: 'redis-shared.westeurope.redis.azure.net', REDIS_PORT: 10000, AZURE_CLIENT_ID: 'c1' });
  });

  it('fails when a literal principal id is not a GUID (SEC-1)', () => {
    const shared = ManagedRedis.fromExisting(devStack(), 'shared', { name: 'redis-shared', resourceGroupName: 'rg-shared', cacheId: CACHE });
    expect(() => shared.grantDataAccess({ principalId: 'worker' }, 'worker')).toThrow(
      /^\[SEC-1\] rl-dev\/shared: grantDataAccess\.identity\.principalId = "worker": Entra ID names a principal by its object id, a GUID\./);
  });
});

describe('ManagedRedis deploy requirements', () => {
  it('declares its SKU in its region for the preflight (Azure Managed Redis is offered in some regions only)', () => {
    const { stack } = build(false, { skuName: 'Balanced_B1' });
    expect(PreflightManifests.of(stack).requirements.filter((r) => r.kind === 'sku')).toEqual([{
      kind: 'sku', skuFamily: 'managed-redis', sku: 'Balanced_B1', location: 'westeurope',
      reason: 'Azure Managed Redis is offered in some regions only.', neededBy: ['rl-dev/redis'],
    }]);
  });
});
