import { LessonRule } from '../rule';
import { frontDoorTimeoutRule } from './edge-1-front-door-timeout';
import { forwardRequestAttributeRule } from './edge-3-forward-request-attributes';
import { noAzureCacheForRedisRule } from './lim-1-no-azure-cache-for-redis';
import { noRedisEnterpriseRule } from './lim-1-no-redis-enterprise';
import { managedRedisAccessKeysRule } from './sec-1-managed-redis-access-keys';
import { managedRedisPlaintextRule } from './sec-1-managed-redis-plaintext';
import { registryAdminUserRule } from './sec-1-registry-admin-user';

/** Every rule of the lessons check. */
export const LESSON_RULES: readonly LessonRule[] = [
  frontDoorTimeoutRule,
  forwardRequestAttributeRule,
  noAzureCacheForRedisRule,
  noRedisEnterpriseRule,
  registryAdminUserRule,
  managedRedisAccessKeysRule,
  managedRedisPlaintextRule,
];
