import { ILessonRule } from './rule';

/** What a finding of a rule does to the synth. */
export enum RuleLevel {
  /** Fails the synth (`cdktf synth`, `cdktf deploy`). */
  ERROR = 'error',
  /** Reported; the synth goes on. */
  WARNING = 'warning',
  /** Information (a construct's note, e.g. what limits add up to); reported, not a failure. */
  INFO = 'info',
}

/** A rule and the level a pack gives it. */
export interface PackRule {
  readonly rule: ILessonRule;
  readonly level: RuleLevel;
}

/**
 * A named set of rules with their levels, like a cdk-nag pack. A stack runs one or more packs;
 * where two packs list the same rule id, the one added later decides its level.
 */
export class RulePack {
  private readonly entries: PackRule[];

  constructor(public readonly name: string, rules: PackRule[]) {
    const seen = new Set<string>();
    for (const { rule } of rules) {
      if (seen.has(rule.id)) throw new Error(`Rule pack ${name}: rule ${rule.id} is listed twice.`);
      seen.add(rule.id);
    }
    this.entries = [...rules];
  }

  /** The pack's rules and levels. */
  public get rules(): PackRule[] {
    return [...this.entries];
  }
}
