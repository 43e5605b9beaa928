import { LessonRule } from '../rule';

/** LIM-1: Azure Cache for Redis takes no new caches from 1 October 2026. */
export const noAzureCacheForRedisRule: LessonRule = {
  lesson: 'LIM-1',
  level: 'error',
  resourceTypes: ['azurerm_redis_cache'],
  check(attributes) {
    return {
      setting: 'resource type', given: `azurerm_redis_cache ${String(attributes.name ?? '')}`.trim(),
      problem: 'Azure Cache for Redis is closed to new caches since 1 October 2026.',
      fix: 'use Azure Managed Redis (azurerm_managed_redis / Microsoft.Cache/redisEnterprise), clustered, reached with managed identity.',
    };
  },
};
