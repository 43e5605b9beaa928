import { RuleLevel } from '../lessons-check/pack';
import { ServiceRule } from '../lessons-check/service-rules';
import { ApiCallerCheckRule } from './rules/api-caller-check';
import { ForwardRequestAttributeSpellingRule } from './rules/forward-request-attributes';
import { NamedValuePlainSecretRule } from './rules/named-value-plain-secret';
import { OperationTemplateParametersRule } from './rules/operation-template-parameters';
import { PolicyPlainSecretRule } from './rules/policy-plain-secret';
import { RetryOnClientErrorsRule } from './rules/retry-on-client-errors';
import { StreamingApiBufferingRule } from './rules/streaming-api-buffering';
import { StreamingRouteHeartbeatRule } from './rules/streaming-route-heartbeat';

/** The API Management rules of the platform lessons pack, with their levels (the generated service index lists them for the pack). */
export const API_MANAGEMENT_RULES: ServiceRule[] = [
  { create: () => new ForwardRequestAttributeSpellingRule(), level: RuleLevel.ERROR },
  { create: () => new StreamingApiBufferingRule(), level: RuleLevel.ERROR },
  { create: () => new StreamingRouteHeartbeatRule(), level: RuleLevel.WARNING },
  { create: () => new NamedValuePlainSecretRule(), level: RuleLevel.ERROR },
  { create: () => new PolicyPlainSecretRule(), level: RuleLevel.ERROR },
  { create: () => new OperationTemplateParametersRule(), level: RuleLevel.ERROR },
  { create: () => new RetryOnClientErrorsRule(), level: RuleLevel.ERROR },
  { create: () => new ApiCallerCheckRule(), level: RuleLevel.ERROR },
];
