import { RuleExamples, azapi, raw } from '../../lessons-check/rule-examples';

// LIM-1: Azure Cache for Redis takes no new caches; Managed Redis is where a cache goes now.
export const EXAMPLES: RuleExamples = {
  rule: 'LIM-1.NoAzureCacheForRedis',
  finds: 'any `azurerm_redis_cache` or AzAPI `Microsoft.Cache/redis` (closed to new caches; use Managed Redis)',
  failing: [
    [raw('azurerm_redis_cache', 'cache', { access_keys_authentication_enabled: false })],
    [azapi('cache', 'Microsoft.Cache/redis@2024-11-01', { properties: { disableAccessKeyAuthentication: true } })],
  ],
  passing: [[azapi('redis', 'Microsoft.Cache/redisEnterprise@2025-07-01', { sku: { name: 'Balanced_B1' } })]],
};
