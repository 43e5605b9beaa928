import { expect } from 'vitest';
import { ConstructValidationError, InvalidValueError, deferredRefusalOf } from '../../constructs/core/validation';

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
 * (InvalidValueError), thrown or carried by the builder value `fn` returns. Fails the test when
 * `fn` does not refuse, or throws anything else.
 */
export function refusalOf(fn: () => unknown): Refusal {
  try {
    // A builder value (statement, counter key, document) keeps its refusal for the construct
    // that uses it; used on its own, the refusal is the builder's.
    const deferred = deferredRefusalOf(fn());
    if (deferred) throw deferred;
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
