import { PackRule, RuleLevel } from './pack';
import { ILessonRule } from './rule';

const REGISTERED: { readonly create: () => ILessonRule; readonly level: RuleLevel }[] = [];

/**
 * The rules a service folder adds to the platform lessons pack (internal): the folder's rule
 * index (`constructs/<service>/<service>-rules.ts`) registers each rule with its level when it is
 * loaded, so a new service's rule edits neither the pack nor its import list. The pack loads every
 * such index through `constructs/stack/service-index.generated.ts` (`npm run gen:services`), so
 * registration does not depend on which module a stack imported first.
 */
export class ServiceRules {
  /**
   * Add a rule, with the level the lessons catalogue gives it, to every platform lessons pack made
   * from now on. Returns what takes it out again (for a test: the registry is the module's, shared
   * by every suite that runs in the same process).
   */
  public static register(create: () => ILessonRule, level: RuleLevel): () => void {
    const entry = { create, level };
    REGISTERED.push(entry);
    return () => {
      const at = REGISTERED.indexOf(entry);
      if (at >= 0) REGISTERED.splice(at, 1);
    };
  }

  /** A fresh instance of every registered rule, with its level. */
  public static all(): PackRule[] {
    return REGISTERED.map((r) => ({ rule: r.create(), level: r.level }));
  }

  private constructor() {}
}
