import { LessonRule } from '../rule';

/**
 * LIM-1: the Enterprise tiers of Azure Cache for Redis are retired (Azure refuses new Redis
 * Enterprise resources), and azurerm 4.x deprecates their resource types in favour of
 * `azurerm_managed_redis`. New work uses Azure Managed Redis.
 */
export const noRedisEnterpriseRule: LessonRule = {
  lesson: 'LIM-1',
  level: 'error',
  resourceTypes: ['azurerm_redis_enterprise_cluster', 'azurerm_redis_enterprise_database'],
  check(attributes) {
    const type = attributes.cluster_id !== undefined ? 'azurerm_redis_enterprise_database' : 'azurerm_redis_enterprise_cluster';
    return {
      setting: 'resource type', given: `${type} ${String(attributes.name ?? '')}`.trim(),
      problem: 'Azure Cache for Redis Enterprise is retired: Azure refuses new Redis Enterprise resources, and azurerm deprecates this resource type.',
      fix: 'use Azure Managed Redis (azurerm_managed_redis, or the ManagedRedis construct), clustered, reached with managed identity.',
    };
  },
};
