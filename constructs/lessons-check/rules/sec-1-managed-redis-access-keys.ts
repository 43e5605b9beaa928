import { LessonRule } from '../rule';

/** The `default_database` block of an `azurerm_managed_redis`, as one object or a one-item list. */
export function defaultDatabaseOf(attributes: Readonly<Record<string, unknown>>): Record<string, unknown> | undefined {
  const block = attributes.default_database;
  const first = Array.isArray(block) ? block[0] : block;
  return typeof first === 'object' && first !== null ? first as Record<string, unknown> : undefined;
}

/** SEC-1: no Redis access keys; workloads reach Managed Redis with Entra ID. */
export const managedRedisAccessKeysRule: LessonRule = {
  lesson: 'SEC-1',
  level: 'error',
  resourceTypes: ['azurerm_managed_redis'],
  check(attributes) {
    const enabled = defaultDatabaseOf(attributes)?.access_keys_authentication_enabled;
    if (enabled === true || enabled === 'true') {
      return {
        setting: 'default_database.access_keys_authentication_enabled', given: enabled,
        problem: 'an access key is one shared secret for the whole database: whoever holds it bypasses Entra ID.',
        fix: 'set it to false (the default) and give each workload identity an access policy assignment (ManagedRedis.grantDataAccess does).',
      };
    }
    return undefined;
  },
};
