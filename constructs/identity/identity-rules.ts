import { RuleLevel } from '../lessons-check/pack';
import { ServiceRule } from '../lessons-check/service-rules';
import { DuplicateRoleAssignmentRule } from './rules/duplicate-role-assignment';

/** The identity and grant rules of the platform lessons pack, with their levels (the generated service index lists them for the pack). */
export const IDENTITY_RULES: ServiceRule[] = [
  { create: () => new DuplicateRoleAssignmentRule(), level: RuleLevel.ERROR },
];
