import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { armBodyOf, armTypeOf, blockOf } from '../../lessons-check/rules/attributes';

/** The SKUs of the retired Enterprise tiers; Managed Redis shares the ARM type with Balanced_, MemoryOptimized_, ComputeOptimized_ and FlashOptimized_. */
const ENTERPRISE_SKU = /^enterprise(flash)?_/i;

/**
 * LIM-1: the Enterprise tiers of Azure Cache for Redis are retired (Azure refuses new Redis
 * Enterprise resources), and azurerm 4.x deprecates their resource types in favour of
 * `azurerm_managed_redis`. Through AzAPI the same tiers are a `Microsoft.Cache/redisEnterprise`
 * with an `Enterprise_*` or `EnterpriseFlash_*` SKU.
 */
export class NoRedisEnterpriseRule implements ILessonRule {
  public readonly id = 'LIM-1.NoRedisEnterprise';
  public readonly lesson = 'LIM-1';
  public readonly description = 'A retired Redis Enterprise cluster or database.';
  public readonly resourceTypes = ['azurerm_redis_enterprise_cluster', 'azurerm_redis_enterprise_database', 'azapi_resource'];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    if (resource.type === 'azapi_resource') {
      if (armTypeOf(resource) !== 'Microsoft.Cache/redisEnterprise') return RuleOutcome.notApplicable();
      const sku = blockOf(armBodyOf(resource).sku)?.name;
      if (typeof sku !== 'string' || !ENTERPRISE_SKU.test(sku)) return RuleOutcome.compliant();
      return RuleOutcome.nonCompliant({
        setting: 'body.sku.name', given: sku,
        problem: 'the Enterprise tiers of Azure Cache for Redis are retired: Azure refuses new Redis Enterprise resources.',
        fix: 'use an Azure Managed Redis SKU (Balanced_B*, MemoryOptimized_M*, ComputeOptimized_X*), or the ManagedRedis construct.',
      });
    }
    return RuleOutcome.nonCompliant({
      setting: 'resource type', given: `${resource.type} ${String(resource.attributes.name ?? '')}`.trim(),
      problem: 'Azure Cache for Redis Enterprise is retired: Azure refuses new Redis Enterprise resources, and azurerm deprecates this resource type.',
      fix: 'use Azure Managed Redis (azurerm_managed_redis, or the ManagedRedis construct), clustered, reached with managed identity.',
    });
  }
}
