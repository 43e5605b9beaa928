import { RuleLevel } from '../lessons-check/pack';
import { ServiceRule } from '../lessons-check/service-rules';
import { ManagedRedisAccessKeysRule } from './rules/managed-redis-access-keys';
import { ManagedRedisPlaintextRule } from './rules/managed-redis-plaintext';
import { NoAzureCacheForRedisRule } from './rules/no-azure-cache-for-redis';
import { NoRedisEnterpriseRule } from './rules/no-redis-enterprise';

/** The Redis rules of the platform lessons pack, with their levels (the generated service index lists them for the pack). */
export const REDIS_RULES: ServiceRule[] = [
  { create: () => new NoAzureCacheForRedisRule(), level: RuleLevel.ERROR },
  { create: () => new NoRedisEnterpriseRule(), level: RuleLevel.ERROR },
  { create: () => new ManagedRedisAccessKeysRule(), level: RuleLevel.ERROR },
  { create: () => new ManagedRedisPlaintextRule(), level: RuleLevel.ERROR },
];
