import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../rule';
import { blockOf } from '../attributes';

/** SEC-1: no Redis access keys; workloads reach Managed Redis with Entra ID. */
export class ManagedRedisAccessKeysRule implements ILessonRule {
  public readonly id = 'SEC-1.RedisAccessKeys';
  public readonly lesson = 'SEC-1';
  public readonly description = 'A Managed Redis database that accepts access keys.';
  public readonly resourceTypes = ['azurerm_managed_redis'];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    const enabled = blockOf(resource.attributes.default_database)?.access_keys_authentication_enabled;
    if (enabled === true || enabled === 'true') {
      return RuleOutcome.nonCompliant({
        setting: 'default_database.access_keys_authentication_enabled', given: enabled,
        problem: 'an access key is one shared secret for the whole database: whoever holds it bypasses Entra ID.',
        fix: 'set it to false (the default) and give each workload identity an access policy assignment (ManagedRedis.grantDataAccess does).',
      });
    }
    return RuleOutcome.compliant();
  }
}
