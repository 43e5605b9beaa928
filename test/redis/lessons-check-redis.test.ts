import { describe, expect, it } from 'vitest';
import { ManagedRedis } from '@cdktf/provider-azurerm/lib/managed-redis';
import { ReportStatus } from '../../constructs/lessons-check/report';
import { rawStack, rows } from '../support/lessons-rules';

// The rules of constructs/redis/rules on raw resources.

describe('SEC-1 rules on booleans written as strings', () => {
  it('fails when Managed Redis access keys are turned on with the string "true" (an override)', () => {
    const stack = rawStack();
    new ManagedRedis(stack, 'managed', { name: 'redis-other', location: 'westeurope', resourceGroupName: 'rg', skuName: 'Balanced_B1', defaultDatabase: {} })
      .addOverride('default_database.access_keys_authentication_enabled', 'true');
    expect(rows(stack, 'SEC-1.RedisAccessKeys', 'managed')).toEqual([expect.objectContaining({
      lesson: 'SEC-1', status: ReportStatus.NON_COMPLIANT, setting: 'default_database.access_keys_authentication_enabled',
      message: expect.stringContaining('default_database.access_keys_authentication_enabled = "true": '),
    })]);
  });
});
