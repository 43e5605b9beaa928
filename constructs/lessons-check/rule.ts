import { LessonId } from '../core/lessons';

/** What a rule found on one resource: the parts of a refusal message. */
export interface RuleFinding {
  /** Terraform attribute, e.g. `response_timeout_seconds`. */
  readonly setting: string;
  readonly given: unknown;
  readonly problem: string;
  readonly fix: string;
}

/**
 * One lessons-check rule: a small function over the synthesized attributes of one resource
 * type, so it sees raw provider resources other teams wrote as well as this library's.
 */
export interface LessonRule {
  /** The lesson the rule encodes; also the id used to suppress it. */
  readonly lesson: LessonId;
  /** `error` fails the synth; `warning` is reported. */
  readonly level: 'error' | 'warning';
  /** Terraform resource types the rule reads. */
  readonly resourceTypes: readonly string[];
  /** Attributes as Terraform sees them (snake_case); unresolved references are strings. */
  check(attributes: Readonly<Record<string, unknown>>): RuleFinding | undefined;
}
