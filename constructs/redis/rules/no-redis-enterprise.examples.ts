import { RuleExamples, azapi, raw } from '../../lessons-check/rule-examples';

// LIM-1: the retired Enterprise tiers; a Managed Redis SKU (Balanced_, MemoryOptimized_...) shares the ARM type.
export const EXAMPLES: RuleExamples = {
  rule: 'LIM-1.NoRedisEnterprise',
  finds: '`azurerm_redis_enterprise_cluster` or `azurerm_redis_enterprise_database`, or an AzAPI `Microsoft.Cache/redisEnterprise` with an `Enterprise_*` / `EnterpriseFlash_*` SKU',
  failing: [
    [raw('azurerm_redis_enterprise_cluster', 'cluster', { sku_name: 'Enterprise_E10-2' })],
    [raw('azurerm_redis_enterprise_database', 'db')],
    [azapi('cluster', 'Microsoft.Cache/redisEnterprise@2025-07-01', { sku: { name: 'Enterprise_E10', capacity: 2 } })],
  ],
  passing: [[azapi('redis', 'Microsoft.Cache/redisEnterprise@2025-07-01', { sku: { name: 'Balanced_B1' } })]],
};
