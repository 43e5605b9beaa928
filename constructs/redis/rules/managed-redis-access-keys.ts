import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { armPropertiesOf, armTypeOf, blockOf, isFalse, isTrue } from '../../lessons-check/rules/attributes';

const FIX = 'set it to false (the default) and give each workload identity an access policy assignment (ManagedRedis.grantDataAccess does).';

/** What an Azure Cache for Redis key costs, in both forms. */
const CACHE_PROBLEM = 'the cache accepts its access keys (unset: on): one shared secret for the whole cache, and whoever holds it bypasses Entra ID.';

/** What a Managed Redis database key costs, in both forms. */
const DATABASE_PROBLEM = 'an access key is one shared secret for the whole database: whoever holds it bypasses Entra ID.';

/**
 * SEC-1: no Redis access keys; workloads reach Redis with Entra ID. The lesson stands on every form
 * of Redis, so suppressing `LIM-1.NoAzureCacheForRedis` for an imported cache still reports its keys:
 * Managed Redis (`azurerm_managed_redis`, AzAPI `Microsoft.Cache/redisEnterprise/databases`) and
 * Azure Cache for Redis (`azurerm_redis_cache`, AzAPI `Microsoft.Cache/redis`), whose keys are on
 * unless turned off.
 */
export class ManagedRedisAccessKeysRule implements ILessonRule {
  public readonly id = 'SEC-1.RedisAccessKeys';
  public readonly lesson = 'SEC-1';
  public readonly description = 'A Redis cache or Managed Redis database that accepts access keys.';
  public readonly resourceTypes = ['azurerm_managed_redis', 'azurerm_redis_cache', 'azapi_resource'];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    if (resource.type === 'azurerm_redis_cache') {
      const enabled = resource.attributes.access_keys_authentication_enabled;
      if (isFalse(enabled)) return RuleOutcome.compliant();
      return RuleOutcome.nonCompliant({
        setting: 'access_keys_authentication_enabled', given: enabled,
        problem: CACHE_PROBLEM,
        fix: 'set access_keys_authentication_enabled = false with redis_configuration.active_directory_authentication_enabled = true, and grant each workload identity an access policy assignment.',
      });
    }
    const armType = armTypeOf(resource);
    if (armType === 'Microsoft.Cache/redis') {
      const disabled = armPropertiesOf(resource).disableAccessKeyAuthentication;
      if (isTrue(disabled)) return RuleOutcome.compliant();
      return RuleOutcome.nonCompliant({
        setting: 'body.properties.disableAccessKeyAuthentication', given: disabled,
        problem: CACHE_PROBLEM,
        fix: 'set disableAccessKeyAuthentication = true with redisConfiguration."aad-enabled" = "true", and grant each workload identity an access policy assignment.',
      });
    }
    if (armType === 'Microsoft.Cache/redisEnterprise/databases') {
      const keys = armPropertiesOf(resource).accessKeysAuthentication;
      if (typeof keys === 'string' && keys.toLowerCase() === 'enabled') {
        return RuleOutcome.nonCompliant({
          setting: 'body.properties.accessKeysAuthentication', given: keys,
          problem: DATABASE_PROBLEM,
          fix: 'set accessKeysAuthentication = "Disabled" and give each workload identity an access policy assignment (ManagedRedis.grantDataAccess does).',
        });
      }
      return RuleOutcome.compliant();
    }
    if (resource.type !== 'azurerm_managed_redis') return RuleOutcome.notApplicable();
    const enabled = blockOf(resource.attributes.default_database)?.access_keys_authentication_enabled;
    if (isTrue(enabled)) {
      return RuleOutcome.nonCompliant({
        setting: 'default_database.access_keys_authentication_enabled', given: enabled,
        problem: DATABASE_PROBLEM,
        fix: FIX,
      });
    }
    return RuleOutcome.compliant();
  }
}
