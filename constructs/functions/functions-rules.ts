import { RuleLevel } from '../lessons-check/pack';
import { ServiceRule } from '../lessons-check/service-rules';
import { AppSettingPlainSecretRule } from './rules/app-setting-secret';
import { FunctionHostStorageKeyRule } from './rules/function-host-storage-key';
import { FunctionHttpsOnlyRule } from './rules/function-https-only';
import { FunctionsReservedRouteRule } from './rules/functions-reserved-route';

/** The Functions (and App Service) rules of the platform lessons pack, with their levels (the generated service index lists them for the pack). */
export const FUNCTIONS_RULES: ServiceRule[] = [
  { create: () => new FunctionHostStorageKeyRule(), level: RuleLevel.ERROR },
  { create: () => new FunctionHttpsOnlyRule(), level: RuleLevel.ERROR },
  { create: () => new FunctionsReservedRouteRule(), level: RuleLevel.ERROR },
  { create: () => new AppSettingPlainSecretRule(), level: RuleLevel.ERROR },
];
