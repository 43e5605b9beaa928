import { settingForCaller } from './caller-language';
import { credentialFormatOf, maskCredential } from './credential-formats';
import { LessonId } from './lessons';

/**
 * What a refusal or warning says: the parts every message carries,
 * `[LESSON] <path>: <setting> = <value>: <problem> Fix: <fix>`.
 */
export interface Finding {
  /** The lesson the check encodes (`EDGE-1`, `SEC-1`, ...), or `AZURE` for a rule Azure itself enforces. */
  readonly lesson: string;
  /** The property or setting, e.g. `ingress.transport`. */
  readonly setting: string;
  /**
   * The value given, rendered in the message (strings quoted, numbers as they are, NaN and
   * Infinity included).
   * @default - undefined
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- jsii has no `unknown`; `any` is how other languages see a free value
  readonly given?: any;
  /** Why Azure breaks with it. */
  readonly problem: string;
  /** What to do instead. */
  readonly fix: string;
  /**
   * The finding's id, `<lesson>.<Name>` like a rule's (e.g. `SEC-1.RedisAccessKeys`): what the
   * lessons report lists and a suppression names. Refusals do not need one.
   * @default - the lesson
   */
  readonly id?: string;
}

/** A finding of this library's own checks: the lesson is one of the catalogue's ids. */
export interface LessonFinding extends Finding {
  readonly lesson: LessonId;
}

/** How findings become text. */
export class FindingFormat {
  /** One line: `[LESSON] where: setting = value: problem Fix: fix`. */
  public static format(where: string, f: Finding): string {
    return `[${f.lesson}] ${where || '<app>'}: ${f.setting} = ${FindingFormat.render(f.given)}: ${f.problem} Fix: ${f.fix}`;
  }

  /**
   * A value as a message shows it: strings quoted (a credential masked: `sk_l…(32 chars)`),
   * numbers as JavaScript writes them (so NaN, Infinity and -0 stay visible, also inside arrays
   * and objects), undefined as `undefined`.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- jsii has no `unknown`; `any` is how other languages see a free value
  public static render(value: any): string {
    return renderValue(value, 0);
  }

  private constructor() {}
}

/**
 * A construct's own finding (a refusal, warning or note about its props), with the setting named
 * as the caller writes it: snake_case when the library runs under jsii's Python runtime. Rule
 * findings about Terraform attributes keep `FindingFormat.format`: those names are Terraform's.
 */
export function formatForCaller(where: string, f: Finding): string {
  return FindingFormat.format(where, { ...f, setting: settingForCaller(f.setting) });
}

function renderValue(value: unknown, depth: number): string {
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  // A credential is shown masked whichever check names it: no message repeats a secret (SEC-1).
  if (typeof value === 'string') return JSON.stringify(credentialFormatOf(value) ? maskCredential(value) : value);
  if (value === undefined) return 'undefined';
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value !== 'object' || depth > 4) return String(value);
  if (Array.isArray(value)) return `[${value.map((v) => renderValue(v, depth + 1)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${renderValue(v, depth + 1)}`).join(',')}}`;
}
