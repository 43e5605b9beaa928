import { AzureService } from '../core/azure-service';

/**
 * Azure Managed Redis as the shared code sees it: type, name rule, private link. Data access is
 * an access policy assignment, not an RBAC role.
 */
export const MANAGED_REDIS_SERVICE = AzureService.describe({
  resourceType: 'Microsoft.Cache/redisEnterprise',
  names: {
    resource: {
      // Azure: 1-60 alphanumerics and hyphens, starting and ending with an alphanumeric, no
      // consecutive hyphens; this library also asks for a leading letter. The name becomes
      // `<name>.<region>.redis.azure.net`, so it is treated as unique across Azure.
      kind: 'Managed Redis', min: 1, max: 60, pattern: /^[A-Za-z](?:[A-Za-z0-9]|-(?=[A-Za-z0-9]))*$/,
      shape: 'letters, digits and single hyphens, starting with a letter and ending with a letter or digit',
      globallyUnique: true,
    },
  },
  privateLink: { redisEnterprise: 'privatelink.redis.azure.net' },
  ids: {
    azurerm_managed_redis: '{group}/providers/Microsoft.Cache/redisEnterprise/{name}',
  },
});
