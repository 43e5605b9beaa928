import { RuleLevel } from '../lessons-check/pack';
import { ServiceRule } from '../lessons-check/service-rules';
import { ReadOnlyLockRule } from './rules/read-only-lock';
import { RestrictedResourceLocationRule } from './rules/restricted-resource-location';

/** The rules of the pack about any Azure resource, with their levels (the generated service index lists them for the pack). */
export const RESOURCE_RULES: ServiceRule[] = [
  { create: () => new RestrictedResourceLocationRule(), level: RuleLevel.WARNING },
  { create: () => new ReadOnlyLockRule(), level: RuleLevel.WARNING },
];
