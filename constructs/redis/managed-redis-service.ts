import { AzureServices } from '../core/azure-service';
import { NAME_RULES } from '../core/naming';

/**
 * Azure Managed Redis as the shared code sees it: type, name rule, private link. Data access is
 * an access policy assignment, not an RBAC role.
 */
export const MANAGED_REDIS_SERVICE = AzureServices.define({
  resourceType: 'Microsoft.Cache/redisEnterprise',
  names: { resource: NAME_RULES.managedRedis },
  privateLink: { redisEnterprise: 'privatelink.redis.azure.net' },
});
