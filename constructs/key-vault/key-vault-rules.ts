import { RuleLevel } from '../lessons-check/pack';
import { ServiceRule } from '../lessons-check/service-rules';
import { KeyVaultAccessPoliciesRule } from './rules/key-vault-access-policies';

/** The Key Vault rules of the platform lessons pack, with their levels (the generated service index lists them for the pack). */
export const KEY_VAULT_RULES: ServiceRule[] = [
  { create: () => new KeyVaultAccessPoliciesRule(), level: RuleLevel.ERROR },
];
