import { RuleLevel } from '../lessons-check/pack';
import { ServiceRule } from '../lessons-check/service-rules';
import { StorageDataPlaneSettingsRule } from './rules/storage-data-plane-settings';
import { StorageSharedKeyRule } from './rules/storage-shared-key';

/** The Storage rules of the platform lessons pack, with their levels (the generated service index lists them for the pack). */
export const STORAGE_RULES: ServiceRule[] = [
  { create: () => new StorageSharedKeyRule(), level: RuleLevel.ERROR },
  { create: () => new StorageDataPlaneSettingsRule(), level: RuleLevel.ERROR },
];
