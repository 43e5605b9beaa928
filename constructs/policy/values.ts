import { LessonId } from '../core/lessons';

/** Thrown by a statement builder for a value APIM would reject. */
export class PolicyValueError extends Error {}

/** Largest value of an `xs:int` attribute (`calls`, `max-count`, `tokens-per-minute`). */
export const XS_INT_MAX = 2_147_483_647;

/**
 * Throw a {@link PolicyValueError} that reads like a construct refusal:
 * `[LESSON] what = value: problem Fix: fix`.
 */
export function policyValueError(lesson: LessonId, what: string, value: unknown, problem: string, fix: string): never {
  throw new PolicyValueError(`[${lesson}] ${what} = ${render(value)}: ${problem} Fix: ${fix}`);
}

/** A whole number in [min, max], or a {@link PolicyValueError}. */
export function wholeNumberIn(
  value: number,
  bounds: { min: number; max: number; lesson: LessonId; what: string; problem: string; fix: string },
): number {
  if (!Number.isInteger(value) || value < bounds.min || value > bounds.max) {
    policyValueError(bounds.lesson, bounds.what, value, bounds.problem, bounds.fix);
  }
  return value;
}

function render(value: unknown): string {
  if (typeof value === 'number' || value === undefined) return String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
