import { RuleLevel } from '../lessons-check/pack';
import { ServiceRules } from '../lessons-check/service-rules';
import { AppSettingPlainSecretRule } from './rules/app-setting-secret';

// The Functions (and App Service) rules of the platform lessons pack (loaded by the generated service index).
ServiceRules.register(() => new AppSettingPlainSecretRule(), RuleLevel.ERROR);
