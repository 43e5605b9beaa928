import { expect } from 'vitest';
import { ConstructValidationError } from '../../constructs/core/validation';

/** The refusal `fn` throws, with its message, lesson and construct path; fails the test when `fn` does not refuse. */
export function refusalOf(fn: () => unknown): { message: string; lesson: string; path: string } {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConstructValidationError);
    const e = error as ConstructValidationError;
    return { message: e.message, lesson: e.lesson, path: e.constructPath };
  }
  throw new Error('expected a refusal, but nothing was refused');
}
