import { Annotations, Token } from 'cdktf';
import { IConstruct } from 'constructs';
import { LessonId } from './lessons';

/** What a refusal or warning says: the four parts every message carries. */
export interface Finding {
  /** The lesson the rule encodes, or 'AZURE' for a rule Azure itself enforces. */
  readonly lesson: LessonId;
  /** The property or setting, e.g. `ingress.transport`. */
  readonly setting: string;
  /** The value given (rendered with JSON.stringify). */
  readonly given: unknown;
  /** Why Azure breaks with it. */
  readonly problem: string;
  /** What to do instead. */
  readonly fix: string;
}

/** Thrown at synth time when a construct refuses its input. */
export class ConstructValidationError extends Error {
  public readonly lesson: LessonId;
  public readonly constructPath: string;

  constructor(scope: IConstruct, finding: Finding) {
    super(formatFinding(scope, finding));
    this.name = 'ConstructValidationError';
    this.lesson = finding.lesson;
    this.constructPath = scope.node.path;
  }
}

/** One line: `[LESSON] path: setting = value: problem. Fix: what to do.` */
export function formatFinding(scope: IConstruct, f: Finding): string {
  const where = scope.node.path || '<app>';
  return `[${f.lesson}] ${where}: ${f.setting} = ${render(f.given)}: ${f.problem} Fix: ${f.fix}`;
}

/** Refuse the input: throws a {@link ConstructValidationError}. */
export function refuse(scope: IConstruct, finding: Finding): never {
  throw new ConstructValidationError(scope, finding);
}

/** Legal but risky input: a synth warning that names the lesson (shown by `cdktf synth` and the synth report). */
export function warn(scope: IConstruct, finding: Finding): void {
  Annotations.of(scope).addWarning(formatFinding(scope, finding));
}

/** Refuse a number outside [min, max] (inclusive). */
export function requireRange(
  scope: IConstruct,
  value: number,
  bounds: { min: number; max: number; setting: string; lesson: LessonId; problem: string; fix: string },
): void {
  if (!Number.isFinite(value) || !Number.isInteger(value) || value < bounds.min || value > bounds.max) {
    refuse(scope, { lesson: bounds.lesson, setting: bounds.setting, given: value, problem: bounds.problem, fix: bounds.fix });
  }
}

function render(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** Refuse a string that is not an e-mail address (a Terraform reference passes). */
export function requireEmail(scope: IConstruct, setting: string, value: string, problem: string): void {
  if (!Token.isUnresolved(value) && !EMAIL.test(value)) {
    refuse(scope, { lesson: 'AZURE', setting, given: value, problem, fix: 'give the team mailbox, e.g. platform@contoso.com.' });
  }
}
