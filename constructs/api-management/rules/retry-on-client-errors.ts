import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { POLICY_RESOURCE_TYPES } from './forward-request-attributes';
import { unescapeXml } from '../../core/xml-text';

/** XML-escaped comparison operators as they appear inside an attribute. */

/** Why a retry condition retries a 4xx other than 429, or undefined when it does not. */
export function clientErrorRetried(condition: string): string | undefined {
  const c = unescapeXml(condition);
  // Reversed comparisons (`400 == StatusCode`) read as the same test the other way round.
  const flipped = c.replace(/(\d{3})\s*(==|!=|>=|<=|>|<)\s*((?:context\.Response\.|\(\(IResponse\)[^)]*\)\.)?StatusCode)/g,
    (_m, code: string, op: string, lhs: string) => `${lhs} ${({ '>=': '<=', '<=': '>=', '>': '<', '<': '>' } as Record<string, string>)[op] ?? op} ${code}`);
  if (/StatusCode\s*\/\s*100\s*==\s*4\b/.test(flipped)) return 'StatusCode / 100 == 4';
  // Each alternative retries on its own: a 5xx bound in one (`>= 500 || != 200`) does not narrow another.
  for (const alternative of flipped.split(/\|\||\bor\b/)) {
    const why = alternativeRetriesClientErrors(alternative);
    if (why) return why;
  }
  return undefined;
}

function alternativeRetriesClientErrors(alternative: string): string | undefined {
  const comparisons: { op: string; code: number }[] = [];
  for (const m of alternative.matchAll(/StatusCode\s*(?:is\s*)?(==|>=|>|!=|<=|<)\s*(\d{3})/g)) comparisons.push({ op: m[1], code: Number(m[2]) });
  // C# constant patterns: `StatusCode is 400`, and the code after `or` in `is 400 or 503`.
  for (const m of alternative.matchAll(/StatusCode\s+is\s+(\d{3})\b/g)) comparisons.push({ op: '==', code: Number(m[1]) });
  const bare = /^[\s()]*(\d{3})[\s()]*$/.exec(alternative);
  if (bare) comparisons.push({ op: '==', code: Number(bare[1]) });
  // C# patterns go on after `is ... and`: `is >= 400 and < 500`.
  for (const m of alternative.matchAll(/\band\s+(==|>=|>|!=|<=|<)\s*(\d{3})/g)) comparisons.push({ op: m[1], code: Number(m[2]) });
  // A lower bound in 5xx keeps every upper bound and exclusion of the same alternative inside 5xx (`>= 500 && < 504`).
  const serverErrorsOnly = comparisons.some(({ op, code }) => (op === '>=' && code >= 500) || (op === '>' && code >= 499));
  for (const { op, code } of comparisons) {
    if (op === '==' && code >= 400 && code < 500 && code !== 429) return `StatusCode == ${code}`;
    // A lower bound inside 4xx takes in client errors above it too (>= 429 includes 431 and 451).
    if ((op === '>=' && code <= 499) || (op === '>' && code < 499)) return `StatusCode ${op} ${code}`;
    if (serverErrorsOnly) continue;
    if (op === '!=') return `StatusCode != ${code} (every other status, 4xx included)`;
    if ((op === '<' && code > 400) || (op === '<=' && code >= 400)) return `StatusCode ${op} ${code}`;
  }
  return undefined;
}

/**
 * PAY-2: classify before retrying. A `retry` whose condition matches a 4xx other than 429 (or
 * every status above a bound below 500, or everything but success) repeats calls the provider
 * already answered: a declined card, a bad request, a conflict; charged twice or the key
 * suspended.
 */
export class RetryOnClientErrorsRule implements ILessonRule {
  public readonly id = 'PAY-2.RetryOnClientErrors';
  public readonly lesson = 'PAY-2';
  public readonly description = 'A retry policy in policy XML whose condition retries a 4xx other than 429.';
  public readonly resourceTypes = POLICY_RESOURCE_TYPES;

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    const xml = resource.attributes.xml_content;
    if (typeof xml !== 'string') return RuleOutcome.notApplicable();
    const retries = [...xml.matchAll(/<retry\b[^>]*\bcondition\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map((m) => [m[0], m[1] ?? m[2]]);
    if (retries.length === 0) return RuleOutcome.notApplicable();
    return RuleOutcome.nonCompliant(...retries.flatMap((m) => {
      const why = clientErrorRetried(m[1]);
      return why ? [{
        setting: 'xml_content', given: `<retry condition="${unescapeXml(m[1])}">`,
        problem: `the condition (${why}) retries client errors: 400, 401, 402 and 422 are the provider's answer, and repeating them charges twice or gets the key suspended.`,
        fix: 'retry 429, 503 and 504 only (PolicyStatement.retry builds that condition).',
      }] : [];
    }));
  }
}
