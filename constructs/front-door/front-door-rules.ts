import { RuleLevel } from '../lessons-check/pack';
import { ServiceRule } from '../lessons-check/service-rules';
import { FrontDoorTimeoutAboveCeilingRule } from './rules/front-door-timeout-above-ceiling';
import { FrontDoorTimeoutBelowCeilingRule } from './rules/front-door-timeout-below-ceiling';

/** The Front Door rules of the platform lessons pack, with their levels (the generated service index lists them for the pack). */
export const FRONT_DOOR_RULES: ServiceRule[] = [
  { create: () => new FrontDoorTimeoutBelowCeilingRule(), level: RuleLevel.WARNING },
  { create: () => new FrontDoorTimeoutAboveCeilingRule(), level: RuleLevel.ERROR },
];
