import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { armTypeOf } from '../../lessons-check/rules/attributes';

/** LIM-1: Azure Cache for Redis takes no new caches from 1 October 2026 (azurerm or AzAPI `Microsoft.Cache/redis`). */
export class NoAzureCacheForRedisRule implements ILessonRule {
  public readonly id = 'LIM-1.NoAzureCacheForRedis';
  public readonly lesson = 'LIM-1';
  public readonly description = 'An Azure Cache for Redis (azurerm_redis_cache, or AzAPI Microsoft.Cache/redis), closed to new caches.';
  public readonly resourceTypes = ['azurerm_redis_cache', 'azapi_resource'];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    const armType = armTypeOf(resource);
    if (resource.type !== 'azurerm_redis_cache' && armType !== 'Microsoft.Cache/redis') return RuleOutcome.notApplicable();
    const kind = armType ? String(resource.attributes.type) : 'azurerm_redis_cache';
    return RuleOutcome.nonCompliant({
      setting: armType ? 'type' : 'resource type', given: `${kind} ${String(resource.attributes.name ?? '')}`.trim(),
      problem: 'Azure Cache for Redis is closed to new caches since 1 October 2026.',
      fix: 'use Azure Managed Redis (azurerm_managed_redis / Microsoft.Cache/redisEnterprise), clustered, reached with managed identity.',
    });
  }
}
