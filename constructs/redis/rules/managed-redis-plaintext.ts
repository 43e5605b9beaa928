import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { armPropertiesOf, armTypeOf, blockOf, isTrue } from '../../lessons-check/rules/attributes';

const PROBLEM = 'clients send their Entra ID token and every counter in clear text, readable by anyone on the path.';

/**
 * SEC-1: Redis speaks TLS only. With `client_protocol = Plaintext` (Managed Redis) or the non-TLS
 * port open (Azure Cache for Redis) the Entra ID token that authenticates each connection crosses
 * the network in clear text. Checked on every form: azurerm and AzAPI, Managed Redis and Azure
 * Cache for Redis.
 */
export class ManagedRedisPlaintextRule implements ILessonRule {
  public readonly id = 'SEC-1.RedisPlaintext';
  public readonly lesson = 'SEC-1';
  public readonly description = 'A Redis cache or Managed Redis database that accepts plaintext connections.';
  public readonly resourceTypes = ['azurerm_managed_redis', 'azurerm_redis_cache', 'azapi_resource'];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    if (resource.type === 'azurerm_redis_cache') {
      const open = resource.attributes.non_ssl_port_enabled;
      if (!isTrue(open)) return RuleOutcome.compliant();
      return RuleOutcome.nonCompliant({
        setting: 'non_ssl_port_enabled', given: open,
        problem: PROBLEM, fix: 'set non_ssl_port_enabled = false (the default) and connect with TLS on port 6380.',
      });
    }
    const armType = armTypeOf(resource);
    if (armType === 'Microsoft.Cache/redis') {
      const open = armPropertiesOf(resource).enableNonSslPort;
      if (!isTrue(open)) return RuleOutcome.compliant();
      return RuleOutcome.nonCompliant({
        setting: 'body.properties.enableNonSslPort', given: open,
        problem: PROBLEM, fix: 'set enableNonSslPort = false (the default) and connect with TLS on port 6380.',
      });
    }
    const protocol = armType === 'Microsoft.Cache/redisEnterprise/databases'
      ? armPropertiesOf(resource).clientProtocol
      : resource.type === 'azurerm_managed_redis' ? blockOf(resource.attributes.default_database)?.client_protocol : undefined;
    if (armType !== 'Microsoft.Cache/redisEnterprise/databases' && resource.type !== 'azurerm_managed_redis') return RuleOutcome.notApplicable();
    if (typeof protocol === 'string' && protocol.toLowerCase() === 'plaintext') {
      return RuleOutcome.nonCompliant({
        setting: armType ? 'body.properties.clientProtocol' : 'default_database.client_protocol', given: protocol,
        problem: PROBLEM,
        fix: armType ? 'set clientProtocol = "Encrypted" (the default) and connect with TLS on port 10000.' : 'set client_protocol = "Encrypted" (the default) and connect with TLS on port 10000.',
      });
    }
    return RuleOutcome.compliant();
  }
}
