import { PackRule, RuleLevel } from './pack';
import { ILessonRule } from './rule';

const REGISTERED: { readonly create: () => ILessonRule; readonly level: RuleLevel }[] = [];

/**
 * The rules a service folder adds to the platform lessons pack (internal): the folder's rule
 * index (`constructs/<service>/<service>-rules.ts`) registers each rule with its level when it is
 * loaded, so a new service's rule edits neither the pack nor its import list.
 */
export class ServiceRules {
  /** Add a rule, with the level the lessons catalogue gives it, to every platform lessons pack made from now on. */
  public static register(create: () => ILessonRule, level: RuleLevel): void {
    REGISTERED.push({ create, level });
  }

  /** A fresh instance of every registered rule, with its level. */
  public static all(): PackRule[] {
    return REGISTERED.map((r) => ({ rule: r.create(), level: r.level }));
  }

  private constructor() {}
}
