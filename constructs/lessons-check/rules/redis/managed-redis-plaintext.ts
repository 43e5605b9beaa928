import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../rule';
import { blockOf } from '../attributes';

/**
 * SEC-1: Managed Redis speaks TLS only. With `client_protocol = Plaintext` the Entra ID token that
 * authenticates each connection crosses the network in clear text.
 */
export class ManagedRedisPlaintextRule implements ILessonRule {
  public readonly id = 'SEC-1.RedisPlaintext';
  public readonly lesson = 'SEC-1';
  public readonly description = 'A Managed Redis database that accepts plaintext connections.';
  public readonly resourceTypes = ['azurerm_managed_redis'];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    const protocol = blockOf(resource.attributes.default_database)?.client_protocol;
    if (typeof protocol === 'string' && protocol.toLowerCase() === 'plaintext') {
      return RuleOutcome.nonCompliant({
        setting: 'default_database.client_protocol', given: protocol,
        problem: 'clients send their Entra ID token and every counter in clear text, readable by anyone on the path.',
        fix: 'set client_protocol = "Encrypted" (the default) and connect with TLS on port 10000.',
      });
    }
    return RuleOutcome.compliant();
  }
}
