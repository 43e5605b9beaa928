import { RuleLevel } from '../lessons-check/pack';
import { ServiceRule } from '../lessons-check/service-rules';
import { GatewayLogsDedicatedRule } from './rules/gateway-logs-dedicated';

/** The monitoring rules of the platform lessons pack, with their levels (the generated service index lists them for the pack). */
export const MONITORING_RULES: ServiceRule[] = [
  { create: () => new GatewayLogsDedicatedRule(), level: RuleLevel.WARNING },
];
