import { refuseValue } from '../core/validation';
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
 * where two packs list the same rule id, the one added later decides its level (the first pack's
 * instance of the rule keeps running).
 */
export class RulePack {
  private readonly entries: PackRule[];

  constructor(public readonly name: string, rules: PackRule[]) {
    const seen = new Set<string>();
    for (const { rule } of rules) {
      if (seen.has(rule.id)) {
        refuseValue(`rule pack ${name}`, {
          lesson: 'AZURE', setting: 'rules[].rule.id', given: rule.id,
          problem: 'the rule is listed twice in one pack, so which level it runs at would depend on the order.',
          fix: 'list each rule once; to change a rule\'s level, add a pack of your own after the one that lists it.',
        });
      }
      seen.add(rule.id);
    }
    this.entries = [...rules];
  }

  /** The pack's rules and levels. */
  public get rules(): PackRule[] {
    return [...this.entries];
  }
}
