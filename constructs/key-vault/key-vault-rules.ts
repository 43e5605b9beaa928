import { RuleLevel } from '../lessons-check/pack';
import { ServiceRule } from '../lessons-check/service-rules';
import { KeyVaultAccessPoliciesRule } from './rules/key-vault-access-policies';
import { OutputPlainSecretRule } from './rules/output-plain-secret';
import { PlainCredentialRule } from './rules/plain-credential';
import { ProviderPlainSecretRule } from './rules/provider-plain-secret';
import { SensitiveAttributePlainSecretRule } from './rules/sensitive-attribute-plain-secret';
import { SensitiveReferenceRule } from './rules/sensitive-reference';
import { VariableDefaultSecretRule } from './rules/variable-default-secret';

/**
 * The Key Vault rules of the platform lessons pack, with their levels (the generated service index
 * lists them for the pack): a vault on RBAC, and the secrets rules (a secret belongs in Key Vault).
 */
export const KEY_VAULT_RULES: ServiceRule[] = [
  { create: () => new KeyVaultAccessPoliciesRule(), level: RuleLevel.ERROR },
  { create: () => new SensitiveAttributePlainSecretRule(), level: RuleLevel.ERROR },
  { create: () => new OutputPlainSecretRule(), level: RuleLevel.ERROR },
  { create: () => new ProviderPlainSecretRule(), level: RuleLevel.ERROR },
  { create: () => new VariableDefaultSecretRule(), level: RuleLevel.ERROR },
  { create: () => new PlainCredentialRule(), level: RuleLevel.ERROR },
  { create: () => new SensitiveReferenceRule(), level: RuleLevel.ERROR },
];
