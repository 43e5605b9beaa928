import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../rule';

/**
 * LIM-1: the Enterprise tiers of Azure Cache for Redis are retired (Azure refuses new Redis
 * Enterprise resources), and azurerm 4.x deprecates their resource types in favour of
 * `azurerm_managed_redis`.
 */
export class NoRedisEnterpriseRule implements ILessonRule {
  public readonly id = 'LIM-1.NoRedisEnterprise';
  public readonly lesson = 'LIM-1';
  public readonly description = 'A retired Redis Enterprise cluster or database.';
  public readonly resourceTypes = ['azurerm_redis_enterprise_cluster', 'azurerm_redis_enterprise_database'];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    return RuleOutcome.nonCompliant({
      setting: 'resource type', given: `${resource.type} ${String(resource.attributes.name ?? '')}`.trim(),
      problem: 'Azure Cache for Redis Enterprise is retired: Azure refuses new Redis Enterprise resources, and azurerm deprecates this resource type.',
      fix: 'use Azure Managed Redis (azurerm_managed_redis, or the ManagedRedis construct), clustered, reached with managed identity.',
    });
  }
}
