import { RuleExamples, azapi, raw } from '../../lessons-check/rule-examples';

// SEC-1: Redis that accepts plaintext connections (the Entra ID token crosses the network in clear).
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.RedisPlaintext',
  finds: '`azurerm_managed_redis` with `default_database.client_protocol = Plaintext`, `azurerm_redis_cache` with `non_ssl_port_enabled = true`, and the AzAPI forms (`clientProtocol = Plaintext`, `enableNonSslPort = true`)',
  failing: [
    [raw('azurerm_managed_redis', 'redis', { default_database: [{ client_protocol: 'Plaintext' }] })],
    [raw('azurerm_redis_cache', 'cache', { access_keys_authentication_enabled: false, non_ssl_port_enabled: true })],
    [azapi('cache', 'Microsoft.Cache/redis@2024-11-01', { properties: { disableAccessKeyAuthentication: true, enableNonSslPort: true } })],
    [azapi('default', 'Microsoft.Cache/redisEnterprise/databases@2025-07-01', { properties: { clientProtocol: 'Plaintext' } })],
  ],
  passing: [
    [raw('azurerm_managed_redis', 'redis', { default_database: [{ client_protocol: 'Encrypted' }] })],
    [azapi('default', 'Microsoft.Cache/redisEnterprise/databases@2025-07-01', { properties: { accessKeysAuthentication: 'Disabled', clientProtocol: 'Encrypted' } })],
  ],
};
