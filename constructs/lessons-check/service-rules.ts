import { AzureServices } from '../core/azure-service';
import { RuleLevel } from './pack';
import { ILessonRule } from './rule';

/**
 * One rule a service folder gives the platform lessons pack, with its level, as a plain value
 * (internal): the folder's `<service>-rules.ts` exports the list
 * (`export const STORAGE_RULES: ServiceRule[] = [...]`), the generated service index
 * (`constructs/stack/service-index.generated.ts`, `npm run gen:services`) joins every folder's list,
 * and `PlatformLessonsPack` makes the rules from it. Nothing is registered when a module loads.
 */
export interface ServiceRule {
  /**
   * A fresh instance of the rule; `services` is the catalogue of the pack's services, for a rule
   * that reads the descriptors (the zones of a private endpoint's sub-resource).
   */
  readonly create: (services: AzureServices) => ILessonRule;
  /** The level the lessons catalogue gives the rule. */
  readonly level: RuleLevel;
}
