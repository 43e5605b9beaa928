import { refuseValue, wholeNumberIn } from '../core/validation';
import { THROTTLE_RETRY_AFTER_VARIABLE } from './rate-limit';
import { chooseElement, returnResponseElement } from './statements';
import { XmlElement } from './xml';

/** Policies whose rejections `throttledAsProblemJson` answers. */
export const THROTTLING_POLICIES = ['rate-limit-by-key', 'limit-concurrency', 'llm-token-limit'] as const;

/** Error reasons that are not a throttle even when a limit policy is the source. */
export const NOT_THROTTLING_REASONS = ['QuotaExceeded', 'Timeout', 'BackendConnectionFailure', 'ClientConnectionFailure'] as const;

/**
 * The on-error condition that recognises a gateway throttle.
 *
 * Assumption (documented for `rate-limit`, not confirmed for the policies used here): a
 * rejected call raises a policy error, so on-error runs with `context.LastError` set. The
 * predefined error of the rate-limit policies has `Reason == "RateLimitExceeded"`; for
 * `rate-limit-by-key`, `limit-concurrency` and `llm-token-limit` we also accept
 * `LastError.Source` equal to the policy name, which is how APIM names the source of other
 * policy errors (unconfirmed). An `llm-token-limit` quota that is used up is answered 403 by
 * APIM and is not a "retry in a few seconds" case, so a `QuotaExceeded` reason is left alone,
 * and so are the documented backend failures (`Timeout`, `BackendConnectionFailure`,
 * `ClientConnectionFailure`), in case APIM names the enclosing `limit-concurrency` as the
 * source of a failed `forward-request`: a 429 would send the client the wrong signal.
 */
export const THROTTLED_CONDITION = '@(context.LastError != null && (context.LastError.Reason == "RateLimitExceeded" || ('
  + THROTTLING_POLICIES.map((p) => `context.LastError.Source == "${p}"`).join(' || ')
  + ')' + NOT_THROTTLING_REASONS.map((r) => ` && context.LastError.Reason != "${r}"`).join('') + '))';

export interface ThrottledAsProblemJsonOptions {
  /**
   * `Retry-After` when the rejecting policy left no interval (limit-concurrency never does):
   * whole seconds, at least 1 (EDGE-6).
   */
  readonly retryAfterSeconds: number;
  /** RFC 9457 `type`. @default 'about:blank' (the problem is just the HTTP status) */
  readonly type?: string;
  /** RFC 9457 `detail`. @default - a sentence telling the client to wait for Retry-After */
  readonly detail?: string;
}

/** The RFC 9457 body of a throttled call, as JSON text. */
export function throttledProblemBody(options: { readonly type?: string; readonly detail?: string } = {}): string {
  return JSON.stringify({
    type: options.type ?? 'about:blank',
    title: 'Too Many Requests',
    status: 429,
    detail: options.detail ?? 'This client has sent too many requests. Retry after the number of seconds in the Retry-After header.',
  });
}

export function throttledAsProblemJsonElement(options: ThrottledAsProblemJsonOptions): XmlElement {
  const builder = 'throttled-as-problem-json';
  const fallback = wholeNumberIn(builder, options.retryAfterSeconds, {
    min: 1, max: 86_400, lesson: 'EDGE-6', setting: 'retryAfterSeconds',
    problem: 'Retry-After is a whole number of seconds, at least 1.', fix: 'use a small interval such as 5.',
  });
  if (options.type !== undefined && !/^[a-z][a-z0-9+.-]*:\S+$/i.test(options.type)) {
    refuseValue(builder, {
      lesson: 'GW-1', setting: 'type', given: options.type,
      problem: 'an RFC 9457 type is a URI.', fix: "use 'about:blank' (the default) or an https:// URI documenting the problem.",
    });
  }
  const variable = THROTTLE_RETRY_AFTER_VARIABLE;
  const retryAfter = `@(context.Variables.ContainsKey("${variable}") ? context.Variables["${variable}"].ToString() : "${fallback}")`;
  return chooseElement([{
    condition: THROTTLED_CONDITION,
    then: [returnResponseElement({
      statusCode: 429,
      reason: 'Too Many Requests',
      headers: { 'Content-Type': 'application/problem+json', 'Retry-After': retryAfter },
      body: throttledProblemBody(options),
    })],
  }]);
}
