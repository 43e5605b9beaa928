import { LessonRule } from '../rule';
import { defaultDatabaseOf } from './sec-1-managed-redis-access-keys';

/**
 * SEC-1: Managed Redis speaks TLS only. With `client_protocol = Plaintext` the Entra ID token (or
 * access key) that authenticates each connection crosses the network in clear text, so the
 * identity-based access SEC-1 asks for is only as safe as the network.
 */
export const managedRedisPlaintextRule: LessonRule = {
  lesson: 'SEC-1',
  level: 'error',
  resourceTypes: ['azurerm_managed_redis'],
  check(attributes) {
    const protocol = defaultDatabaseOf(attributes)?.client_protocol;
    if (typeof protocol === 'string' && protocol.toLowerCase() === 'plaintext') {
      return {
        setting: 'default_database.client_protocol', given: protocol,
        problem: 'clients send their Entra ID token and every counter in clear text, readable by anyone on the path.',
        fix: "set client_protocol = \"Encrypted\" (the default) and connect with TLS on port 10000.",
      };
    }
    return undefined;
  },
};
