import { expect } from 'vitest';
import { ConstructValidationError, InvalidValueError } from '../../constructs/core/validation';

/** A refusal: its message and the parts every refusal carries. */
export interface Refusal {
  readonly message: string;
  readonly lesson: string;
  /** Construct path (constructs) or builder name (policy statements, counter keys, the environment loader). */
  readonly path: string;
  readonly setting: string;
}

/**
 * The refusal `fn` throws: a construct's (ConstructValidationError) or a builder's
 * (InvalidValueError). Fails the test when `fn` does not refuse, or throws anything else.
 */
export function refusalOf(fn: () => unknown): Refusal {
  try {
    fn();
  } catch (error) {
    if (error instanceof InvalidValueError) {
      return { message: error.message, lesson: error.finding.lesson, path: error.builder, setting: error.finding.setting };
    }
    expect(error).toBeInstanceOf(ConstructValidationError);
    const e = error as ConstructValidationError;
    return { message: e.message, lesson: e.lesson, path: e.constructPath, setting: e.setting };
  }
  throw new Error('expected a refusal, but nothing was refused');
}
