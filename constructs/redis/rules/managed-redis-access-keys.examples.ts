import { RuleExamples, azapi, raw } from '../../lessons-check/rule-examples';

// SEC-1: a Redis cache or Managed Redis database that accepts access keys.
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.RedisAccessKeys',
  finds: '`azurerm_managed_redis` with `default_database.access_keys_authentication_enabled = true`; `azurerm_redis_cache` without `access_keys_authentication_enabled = false` (the provider\'s default is true); AzAPI `Microsoft.Cache/redis` without `disableAccessKeyAuthentication = true`, and `Microsoft.Cache/redisEnterprise/databases` with `accessKeysAuthentication = Enabled`',
  failing: [
    [raw('azurerm_managed_redis', 'redis', { default_database: [{ access_keys_authentication_enabled: true }] })],
    [raw('azurerm_redis_cache', 'cache')],
    [azapi('cache', 'Microsoft.Cache/redis@2024-11-01', { properties: {} })],
    [azapi('default', 'Microsoft.Cache/redisEnterprise/databases@2025-07-01', { properties: { accessKeysAuthentication: 'Enabled' } })],
  ],
  passing: [
    [raw('azurerm_managed_redis', 'redis', { default_database: [{ access_keys_authentication_enabled: false }] })],
    [azapi('default', 'Microsoft.Cache/redisEnterprise/databases@2025-07-01', { properties: { accessKeysAuthentication: 'Disabled', clientProtocol: 'Encrypted' } })],
  ],
};
