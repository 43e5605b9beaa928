import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../rule';

/** LIM-1: Azure Cache for Redis takes no new caches from 1 October 2026. */
export class NoAzureCacheForRedisRule implements ILessonRule {
  public readonly id = 'LIM-1.NoAzureCacheForRedis';
  public readonly lesson = 'LIM-1';
  public readonly description = 'An Azure Cache for Redis (azurerm_redis_cache), closed to new caches.';
  public readonly resourceTypes = ['azurerm_redis_cache'];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    return RuleOutcome.nonCompliant({
      setting: 'resource type', given: `azurerm_redis_cache ${String(resource.attributes.name ?? '')}`.trim(),
      problem: 'Azure Cache for Redis is closed to new caches since 1 October 2026.',
      fix: 'use Azure Managed Redis (azurerm_managed_redis / Microsoft.Cache/redisEnterprise), clustered, reached with managed identity.',
    });
  }
}
