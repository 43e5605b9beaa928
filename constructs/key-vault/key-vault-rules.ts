import { RuleLevel } from '../lessons-check/pack';
import { ServiceRules } from '../lessons-check/service-rules';
import { OutputPlainSecretRule } from './rules/output-plain-secret';
import { SensitiveAttributePlainSecretRule } from './rules/sensitive-attribute-plain-secret';

// The secrets rules of the platform lessons pack (a secret belongs in Key Vault; loaded by the generated service index).
ServiceRules.register(() => new SensitiveAttributePlainSecretRule(), RuleLevel.ERROR);
ServiceRules.register(() => new OutputPlainSecretRule(), RuleLevel.ERROR);
