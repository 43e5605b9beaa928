import { RuleLevel } from '../lessons-check/pack';
import { ServiceRules } from '../lessons-check/service-rules';
import { ContainerAppKeyVaultSecretAccessRule } from './rules/key-vault-secret-access';
import { ContainerAppPlainSecretRule } from './rules/plain-secret';
import { StreamingBackendTransportRule } from './rules/streaming-backend-transport';

// The Container Apps rules of the platform lessons pack (loaded by the generated service index).
ServiceRules.register(() => new ContainerAppPlainSecretRule(), RuleLevel.ERROR);
ServiceRules.register(() => new ContainerAppKeyVaultSecretAccessRule(), RuleLevel.ERROR);
ServiceRules.register(() => new StreamingBackendTransportRule(), RuleLevel.ERROR);
