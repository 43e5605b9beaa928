import { Token } from 'cdktf';
import { IConstruct } from 'constructs';
import { Finding, FindingFormat, LessonFinding, formatForCaller } from './finding-format';
import { IdentifiedFinding, recordFinding } from './findings';
import { LessonId } from './lessons';
import { literalOf } from './stack-variables';

export { Finding, FindingFormat, LessonFinding, formatForCaller } from './finding-format';
export { IdentifiedFinding, NoteFinding, note } from './findings';

/**
 * Thrown at synth when a construct refuses its input. The message is one line in the format
 * every refusal uses; the parts are kept as properties for tests and tools. (In other languages
 * a refusal arrives as the runtime's error with the same message: jsii cannot export a subclass
 * of `Error`.)
 * @jsii ignore
 */
export class ConstructValidationError extends Error {
  public readonly lesson: string;
  public readonly constructPath: string;
  public readonly setting: string;
  public readonly problem: string;
  public readonly fix: string;

  constructor(constructPath: string, finding: Finding) {
    super(formatForCaller(constructPath, finding));
    this.name = 'ConstructValidationError';
    this.lesson = finding.lesson;
    this.constructPath = constructPath;
    this.setting = finding.setting;
    this.problem = finding.problem;
    this.fix = finding.fix;
  }
}

/**
 * Thrown by a builder that has no construct path yet (a policy statement, a counter key). The
 * message names the builder where a refusal names the construct path; a construct that calls the
 * builder re-raises it with its own path and the setting it passed (see `within`).
 * @jsii ignore
 */
export class InvalidValueError extends Error {
  public readonly finding: Finding;
  /** The builder that refused, e.g. `rate-limit-by-key`. */
  public readonly builder: string;

  constructor(builder: string, finding: Finding) {
    super(formatForCaller(builder, finding));
    this.name = 'InvalidValueError';
    this.builder = builder;
    this.finding = finding;
  }
}

/** Refuse the input: throws a `ConstructValidationError` naming the construct path. */
export function refuse(scope: IConstruct, finding: LessonFinding): never {
  throw new ConstructValidationError(scope.node.path, finding);
}

/**
 * Legal but risky input: a synth warning in the same format (shown by `cdktf synth` and `npm run
 * synth`), with an id like a rule's (`SEC-1.KeyVaultPublicEndpoint`): it is in the lessons report
 * and suppressed the way a rule's finding is (`Suppressions.add`, with a reason).
 */
export function warn(scope: IConstruct, finding: IdentifiedFinding): void {
  recordFinding(scope, 'warning', finding.id, finding, formatForCaller(scope.node.path, finding));
}

/** A builder's refusal: throws an `InvalidValueError` naming the builder. */
export function refuseValue(builder: string, finding: LessonFinding): never {
  throw new InvalidValueError(builder, finding);
}

/** Bounds of a whole number, with the message parts of its refusal. */
export interface RangeCheck {
  readonly min: number;
  readonly max: number;
  readonly setting: string;
  readonly lesson: LessonId;
  readonly problem: string;
  readonly fix: string;
}

/** True when `value` is a whole number in [min, max]; an unresolved Terraform number passes (Azure checks it). */
export function isWholeNumberIn(value: number, min: number, max: number): boolean {
  // A whole number in range passes whether or not it is a token, so only another value is looked
  // up as one (the lookup decodes the double; most values are in range).
  if (Number.isInteger(value) && value >= min && value <= max) return true;
  return Token.isUnresolved(value);
}

/** Refuse a number that is not a whole number in [min, max]. Unresolved Terraform numbers pass. */
export function requireRange(scope: IConstruct, value: number, bounds: RangeCheck): void {
  if (!isWholeNumberIn(value, bounds.min, bounds.max)) {
    refuse(scope, { lesson: bounds.lesson, setting: bounds.setting, given: value, problem: bounds.problem, fix: bounds.fix });
  }
}

/** The builder's variant of `requireRange`: returns the value, or throws an `InvalidValueError`. */
export function wholeNumberIn(builder: string, value: number, bounds: RangeCheck): number {
  if (!isWholeNumberIn(value, bounds.min, bounds.max)) {
    refuseValue(builder, { lesson: bounds.lesson, setting: bounds.setting, given: value, problem: bounds.problem, fix: bounds.fix });
  }
  return value;
}

/** Refuse a choice outside a fixed list (an enum value from another language arrives as a string). */
export function requireOneOf<T extends string>(scope: IConstruct, value: T, allowed: readonly T[], finding: Omit<LessonFinding, 'given' | 'fix'> & { fix?: string }): T {
  if (!Token.isUnresolved(value) && !allowed.includes(value)) {
    refuse(scope, { ...finding, given: value, fix: finding.fix ?? `use one of ${allowed.join(', ')}.` });
  }
  return value;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** Refuse a string that is not an e-mail address (a Terraform reference passes). */
export function requireEmail(scope: IConstruct, setting: string, value: string, problem: string): void {
  if (!Token.isUnresolved(value) && !EMAIL.test(value)) {
    refuse(scope, { lesson: 'AZURE', setting, given: value, problem, fix: 'give the team mailbox, e.g. platform@contoso.com.' });
  }
}

/** What a required text must be, and what it is for (the message's problem and fix). */
export interface TextRule {
  /** Most characters Azure accepts. */
  readonly maxLength: number;
  /** What the text is for, e.g. `API Management shows the publisher name in the developer portal and its e-mails`. */
  readonly purpose: string;
  /** What to give instead. */
  readonly fix: string;
}

/**
 * Refuse a required text Azure refuses at apply: empty or blank (a blank text is empty where it is
 * shown), longer than `maxLength`, or over more than one line. A Terraform reference passes.
 */
export function requireText(scope: IConstruct, setting: string, given: string, rule: TextRule): void {
  const value = typeof given === 'string' ? literalOf(scope, given) : given;
  if (value === undefined) return;
  const problem = typeof value !== 'string' || value.trim() === '' ? 'it is required and may not be empty or blank'
    : value.length > rule.maxLength ? `Azure accepts at most ${rule.maxLength} characters, this has ${value.length}`
      : /[\r\n]/.test(value) ? 'Azure accepts one line only' : undefined;
  if (problem) refuse(scope, { lesson: 'AZURE', setting, given: value, problem: `${problem}: ${rule.purpose}.`, fix: rule.fix });
}

/**
 * Where a builder value (a policy statement, a counter key) keeps the refusal it met when it was
 * made: a builder called in a construct's props runs before the construct exists, so it does not
 * throw; the construct that takes the value raises the refusal with its own path (`within`).
 */
export const DEFERRED_REFUSAL: unique symbol = Symbol.for('realtime-platform.deferred-refusal');

/** A builder value that carries a refusal for the construct that uses it. */
export interface DeferredRefusalCarrier {
  readonly [DEFERRED_REFUSAL]?: InvalidValueError;
}

/** Make `value` carry `error` for the construct that uses it (not enumerable: nothing renders it). */
export function withDeferredRefusal<T extends object>(value: T, error: InvalidValueError): T {
  Object.defineProperty(value, DEFERRED_REFUSAL, { value: error, enumerable: false });
  return value;
}

/** The refusal `value` (or an element of it, for an array) carries, if any. */
export function deferredRefusalOf(value: unknown): InvalidValueError | undefined {
  if (Array.isArray(value)) {
    for (const element of value) {
      const found = deferredRefusalOf(element);
      if (found) return found;
    }
    return undefined;
  }
  return typeof value === 'object' && value !== null ? (value as DeferredRefusalCarrier)[DEFERRED_REFUSAL] : undefined;
}

/**
 * Run a builder for `scope`: an `InvalidValueError` it raises, or one the value it returns
 * carries (a statement built from a refused counter key, a statement given in props), is
 * re-raised as the construct's refusal, with the construct path and the setting prefixed by
 * `settingPrefix` (e.g. `rateLimit` turns `calls` into `rateLimit.calls`).
 */
export function within<T>(scope: IConstruct, settingPrefix: string, build: () => T): T {
  const reraise = (error: InvalidValueError): never => {
    const f = error.finding;
    const setting = settingPrefix ? `${settingPrefix}.${f.setting}` : f.setting;
    throw new ConstructValidationError(scope.node.path, { ...f, setting });
  };
  let result: T;
  try {
    result = build();
  } catch (error) {
    if (!(error instanceof InvalidValueError)) throw error;
    return reraise(error);
  }
  const deferred = deferredRefusalOf(result);
  return deferred ? reraise(deferred) : result;
}

/** Checks for constructs other teams write: the same refusal and warning format as the library's own. */
export class Validation {
  /** Refuse the input with a `ConstructValidationError` naming the construct path. */
  public static refuse(scope: IConstruct, finding: Finding): void {
    throw new ConstructValidationError(scope.node.path, finding);
  }

  /**
   * Warn about legal but risky input, in the same format. The warning is in the lessons report
   * under `finding.id` (or the lesson) and suppressed like a rule's finding.
   */
  public static warn(scope: IConstruct, finding: Finding): void {
    recordFinding(scope, 'warning', finding.id ?? finding.lesson, finding, FindingFormat.format(scope.node.path, finding));
  }

  private constructor() {}
}
