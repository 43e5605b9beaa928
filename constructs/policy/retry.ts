import { CONNECTION_CEILING_SECONDS } from '../core/lessons';
import { refuseValue, wholeNumberIn } from '../core/validation';
import { XmlElement } from './xml';

/** API Management's bounds on `retry@count`. */
export const MAX_RETRY_COUNT = 50;

/** A status a payment provider may answer that is worth another try (PAY-2). */
export enum RetryableStatus {
  /** Too Many Requests: the provider's budget; honour its `Retry-After`. */
  TOO_MANY_REQUESTS = 429,
  /** Service Unavailable: maintenance or overload. */
  SERVICE_UNAVAILABLE = 503,
  /** Gateway Timeout: the provider's own front end gave up on its backend. */
  GATEWAY_TIMEOUT = 504,
}

const RETRYABLE = Object.values(RetryableStatus).filter((v): v is number => typeof v === 'number');

export interface RetryOptions {
  /**
   * Retries after the first call, 1-50 (API Management's range). Every retry is another call
   * against the provider's budget.
   */
  readonly count: number;
  /** Seconds before the first retry, 1-300. */
  readonly intervalSeconds: number;
  /**
   * Longest wait, 1-300 s: with `deltaSeconds`, the waits grow exponentially up to it.
   * @default - no exponential growth (fixed, or linear with `deltaSeconds` alone)
   */
  readonly maxIntervalSeconds?: number;
  /**
   * Growth of the wait, 1-300 s: linear alone, exponential with `maxIntervalSeconds`. API
   * Management adds no jitter of its own: its waits are the same for every caller, so spread
   * the callers (the paced consumer) rather than the retries.
   * @default - none
   */
  readonly deltaSeconds?: number;
  /**
   * Statuses that are retried: 429, 503, 504 and no others; 400, 401, 402, 409 and 422 are
   * answers, and retrying them charges twice or locks the key (PAY-2).
   * @default [429, 503, 504]
   */
  readonly statuses?: RetryableStatus[];
  /**
   * The operation repeats safely: GET, PUT, DELETE, or a POST whose API requires an
   * `Idempotency-Key` (PAY-1). A retry of anything else is refused.
   */
  readonly idempotent: boolean;
}

const WAIT_BOUND = { min: 1, max: 300 };

/** `<retry>` around `children`, on 429/503/504 only (PAY-2), after checking every bound. */
export function retryElement(options: RetryOptions, children: readonly XmlElement[]): XmlElement {
  const builder = 'retry';
  if (options.idempotent !== true) {
    refuseValue(builder, {
      lesson: 'PAY-1', setting: 'idempotent', given: options.idempotent,
      problem: 'a retried call that is not idempotent runs twice when the first attempt reached the provider but its answer did not come back: a second charge.',
      fix: 'retry only GET, PUT and DELETE, or require an Idempotency-Key on the operation (PolicyStatement.requireIdempotencyKey) and set idempotent: true.',
    });
  }
  const count = wholeNumberIn(builder, options.count, {
    min: 1, max: MAX_RETRY_COUNT, lesson: 'PAY-2', setting: 'count',
    problem: `API Management retries 1-${MAX_RETRY_COUNT} times, and every retry is another call against the provider's budget.`,
    fix: 'use 1-3: the queue behind the gateway is the long-term retry.',
  });
  const interval = wholeNumberIn(builder, options.intervalSeconds, {
    ...WAIT_BOUND, lesson: 'PAY-2', setting: 'intervalSeconds',
    problem: 'a retry without a wait hits a throttled or restarting provider at once.', fix: 'use e.g. 2 s (1-300).',
  });
  const delta = options.deltaSeconds === undefined ? undefined : wholeNumberIn(builder, options.deltaSeconds, {
    ...WAIT_BOUND, lesson: 'PAY-2', setting: 'deltaSeconds', problem: 'the growth of the wait is 1-300 whole seconds.', fix: 'use e.g. 2.',
  });
  const maxInterval = options.maxIntervalSeconds === undefined ? undefined : wholeNumberIn(builder, options.maxIntervalSeconds, {
    ...WAIT_BOUND, lesson: 'PAY-2', setting: 'maxIntervalSeconds', problem: 'the longest wait is 1-300 whole seconds.', fix: 'use e.g. 30.',
  });
  if (maxInterval !== undefined && delta === undefined) {
    refuseValue(builder, {
      lesson: 'PAY-2', setting: 'maxIntervalSeconds', given: maxInterval,
      problem: 'API Management grows the wait exponentially only with a delta; alone, the longest wait is never reached.',
      fix: 'give deltaSeconds as well (e.g. 2), or drop maxIntervalSeconds.',
    });
  }
  if (maxInterval !== undefined && maxInterval < interval) {
    refuseValue(builder, {
      lesson: 'PAY-2', setting: 'maxIntervalSeconds', given: maxInterval,
      problem: `the longest wait is shorter than the first (${interval} s).`, fix: `use at least ${interval} s.`,
    });
  }
  for (const child of children) {
    if (child.name === 'forward-request' && child.attributes?.['buffer-request-body'] !== true) {
      refuseValue(builder, {
        lesson: 'PAY-2', setting: 'statements', given: 'forward-request without buffer-request-body',
        problem: 'API Management streams the request body once: a retried forward-request would go out without it (a charge with no amount).',
        fix: 'forward with bufferRequestBody: true inside the retry.',
      });
    }
  }
  const statuses = options.statuses ?? [RetryableStatus.TOO_MANY_REQUESTS, RetryableStatus.SERVICE_UNAVAILABLE, RetryableStatus.GATEWAY_TIMEOUT];
  if (statuses.length === 0) {
    refuseValue(builder, {
      lesson: 'PAY-2', setting: 'statuses', given: [],
      problem: 'a retry without statuses never runs.', fix: 'give 429, 503 and/or 504, or leave the retry out.',
    });
  }
  for (const status of statuses) {
    if (!RETRYABLE.includes(status)) {
      refuseValue(builder, {
        lesson: 'PAY-2', setting: 'statuses', given: status,
        problem: status >= 400 && status < 500
          ? 'a 4xx other than 429 is the provider\'s answer (a declined card, a bad request, a conflict): retrying it charges twice or gets the key suspended.'
          : 'only 429, 503 and 504 say "try again later".',
        fix: 'retry 429, 503 and 504 only (RetryableStatus).',
      });
    }
  }
  checkRetriesWithinCeiling(builder, { count, interval, delta, maxInterval }, children);
  const unique = [...new Set(statuses)].sort((a, b) => a - b);
  // `context.Response` is the backend's answer; a call that got none (a gateway timeout) goes to
  // on-error, and the queue retries it.
  const condition = `@(context.Response != null && (${unique.map((s) => `context.Response.StatusCode == ${s}`).join(' || ')}))`;
  return {
    name: 'retry',
    attributes: {
      condition,
      count,
      interval,
      ...(maxInterval !== undefined ? { 'max-interval': maxInterval } : {}),
      ...(delta !== undefined ? { delta } : {}),
      'first-fast-retry': false,
    },
    children: [...children],
  };
}

/**
 * The waits API Management makes between attempts: fixed (`interval`), linear (`interval + (k-1) x
 * delta`) or, with `max-interval`, exponential (`interval + (2^(k-1) - 1) x delta`, at most
 * `max-interval`).
 */
function waitsOf(count: number, interval: number, delta: number | undefined, maxInterval: number | undefined): number[] {
  return Array.from({ length: count }, (_, k) => {
    if (delta === undefined) return interval;
    if (maxInterval === undefined) return interval + k * delta;
    return Math.min(maxInterval, interval + (2 ** k - 1) * delta);
  });
}

/**
 * EDGE-1 with PAY-2, two settings that must agree: the retry's attempts and waits
 * (`(count + 1) x forward-request timeout + the waits`) against the 240 s a connection lives on
 * the request path. Past it the caller's connection is cut while the gateway still retries, and
 * the caller's own retry sends a second call.
 */
function checkRetriesWithinCeiling(builder: string, retry: { count: number; interval: number; delta?: number; maxInterval?: number }, children: readonly XmlElement[]): void {
  const forward = children.find((c) => c.name === 'forward-request');
  const timeout = forward?.attributes?.timeout;
  if (typeof timeout !== 'number') return;
  const waits = waitsOf(retry.count, retry.interval, retry.delta, retry.maxInterval);
  const waited = waits.reduce((a, b) => a + b, 0);
  const worst = (retry.count + 1) * timeout + waited;
  if (worst <= CONNECTION_CEILING_SECONDS) return;
  let fits = 0;
  while (fits < retry.count && (fits + 2) * timeout + waits.slice(0, fits + 1).reduce((a, b) => a + b, 0) <= CONNECTION_CEILING_SECONDS) fits += 1;
  refuseValue(builder, {
    lesson: 'EDGE-1', setting: 'count', given: retry.count,
    problem: `${retry.count + 1} attempts of up to ${timeout} s each (forward-request timeout = ${timeout}) and ${waited} s of waits between them (intervalSeconds = ${retry.interval}${retry.delta !== undefined ? `, deltaSeconds = ${retry.delta}` : ''}${retry.maxInterval !== undefined ? `, maxIntervalSeconds = ${retry.maxInterval}` : ''}) take up to ${worst} s, past the ${CONNECTION_CEILING_SECONDS} s a connection lives on the request path: the caller is cut off while the gateway still retries, and its own retry sends a second call (PAY-2).`,
    fix: fits > 0
      ? `keep (count + 1) x timeout + waits within ${CONNECTION_CEILING_SECONDS} s: count ${fits} with this timeout and these waits, or a shorter forward-request timeout.`
      : `keep (count + 1) x timeout + waits within ${CONNECTION_CEILING_SECONDS} s: shorten the forward-request timeout (e.g. ${Math.floor((CONNECTION_CEILING_SECONDS - waits[0]) / 2)} s for one retry).`,
  });
}

/** What `quota` counts per subscription. */
export interface QuotaOptions {
  /** Calls per period, at least 1. */
  readonly calls: number;
  /** The period in whole seconds, 1 s to a year. */
  readonly renewalPeriodSeconds: number;
}

/** `<quota>` (per subscription; every tier runs it, unlike `quota-by-key`, which the v2 tiers lack). Over it: 403. */
export function quotaElement(options: QuotaOptions): XmlElement {
  const calls = wholeNumberIn('quota', options.calls, {
    min: 1, max: 2_147_483_647, lesson: 'GW-1', setting: 'calls', problem: 'a quota of 0 refuses every call with 403.', fix: 'give at least 1 call.',
  });
  const period = wholeNumberIn('quota', options.renewalPeriodSeconds, {
    min: 1, max: 31_536_000, lesson: 'GW-1', setting: 'renewalPeriodSeconds', problem: 'the quota period is 1 s to a year, in whole seconds.', fix: 'use 86400 for a day.',
  });
  return { name: 'quota', attributes: { calls, 'renewal-period': period } };
}
