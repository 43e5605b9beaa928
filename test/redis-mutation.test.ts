import { describe, expect, it } from 'vitest';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';
import { ManagedRedisProps } from '../constructs/redis/managed-redis';
import { redisIn } from './support/fixtures';
import { refusalOf } from './support/refusal';
import { resourcesOf, synth } from './support/synth';

// Behaviour of constructs/redis the managed-redis suite leaves open.

const build = redisIn;

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
  const alertsOf = (props: Partial<ManagedRedisProps>) => Object.values(resourcesOf(synth(build(true, props).stack), 'azurerm_monitor_metric_alert')) as Alert[];

  it('resolves every alert on its own and sends it nowhere without an action group', () => {
    const alerts = alertsOf({});
    expect(alerts).toHaveLength(4);
    for (const alert of alerts) {
      expect(alert.auto_mitigate).toBe(true);
      expect(alert).not.toHaveProperty('action');
    }
  });

  it('alerts on the maximum of the failure errors', () => {
    expect(alertsOf({ alerts: { actionGroupId: '/ag' } }).find((a) => a.name === 'redis-rl-failures')?.criteria[0])
      .toMatchObject({ metric_name: 'errors', aggregation: 'Maximum' });
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
