import { XmlElement } from './xml';
import { CounterKey } from './counter-key';
import { PolicyStatement } from './statements';
import { XS_INT_MAX, policyValueError, wholeNumberIn } from './values';

/**
 * Name of the policy variable in which `rate-limit-by-key` and `llm-token-limit` leave the
 * recommended retry interval (seconds) when they reject a call; the on-error fragment
 * {@link throttledAsProblemJson} turns it into `Retry-After` (EDGE-6).
 */
export const THROTTLE_RETRY_AFTER_VARIABLE = 'throttleRetryAfter';

/** Most seconds `rate-limit-by-key` accepts as `renewal-period` (documented maximum). */
export const MAX_RENEWAL_PERIOD_SECONDS = 300;

/** The statuses counted by default: what the gateway let through and the backend answered well (GW-4). */
export const SUCCESSFUL_RESPONSE_CONDITION = '@(context.Response.StatusCode >= 200 && context.Response.StatusCode < 400)';

export interface RateLimitByKeyOptions {
  /** Calls allowed per renewal period and key (at least 1). */
  readonly calls: number;
  /** Length of the period, 1-300 seconds. */
  readonly renewalPeriodSeconds: number;
  /** Who is counted. @default CounterKey.subscription() */
  readonly key?: CounterKey;
  /**
   * Which calls consume the budget. `successful` counts only 2xx/3xx responses (GW-4): a 429 or
   * 5xx from the service does not eat the client's gateway budget. Because that condition is an
   * expression on the response, APIM counts the call at the end of the outbound section, not on
   * arrival: calls that arrive together are all admitted before any of them is counted, which
   * widens the burst (GW-3). `all` counts every call on arrival.
   * @default 'successful'
   */
  readonly countOnly?: 'successful' | 'all';
}

/**
 * `<rate-limit-by-key>` (GW-1): at most `calls` calls per `renewalPeriodSeconds` and key. The
 * gateway tier decides the algorithm: a sliding window on classic tiers, a token bucket on v2
 * (GW-2); counters are per gateway node and sync asynchronously, so this is capacity protection,
 * not an exact quota (GW-3). Not available on the Consumption tier. A rejected call raises a
 * policy error (on-error runs) with the retry interval in {@link THROTTLE_RETRY_AFTER_VARIABLE}.
 */
export function rateLimitByKey(options: RateLimitByKeyOptions): PolicyStatement {
  const calls = wholeNumberIn(options.calls, {
    min: 1, max: XS_INT_MAX, lesson: 'GW-1', what: 'rate-limit-by-key calls',
    problem: 'the number of calls per period is a whole number of at least 1.', fix: 'give the calls each client may make per period, e.g. 100.',
  });
  const renewal = wholeNumberIn(options.renewalPeriodSeconds, {
    min: 1, max: MAX_RENEWAL_PERIOD_SECONDS, lesson: 'GW-1', what: 'rate-limit-by-key renewal-period',
    problem: `API Management accepts a renewal period of 1-${MAX_RENEWAL_PERIOD_SECONDS} whole seconds.`,
    fix: `use at most ${MAX_RENEWAL_PERIOD_SECONDS} s (scale calls down with it), or a quota-by-key for longer periods.`,
  });
  const countOnly = options.countOnly ?? 'successful';
  if (countOnly !== 'successful' && countOnly !== 'all') {
    policyValueError('GW-4', 'rate-limit-by-key countOnly', countOnly, 'the choices are successful and all.', "use 'successful' (the default).");
  }
  const key = usableKey(options.key);
  return {
    element: {
      name: 'rate-limit-by-key',
      attributes: {
        calls,
        'renewal-period': renewal,
        'counter-key': key.expression,
        'increment-condition': countOnly === 'successful' ? SUCCESSFUL_RESPONSE_CONDITION : undefined,
        'retry-after-variable-name': THROTTLE_RETRY_AFTER_VARIABLE,
      },
    },
  };
}

export interface LimitConcurrencyOptions {
  /** Calls in flight at once per key (at least 1). Calls beyond it fail at once with 429. */
  readonly maxCount: number;
  /**
   * Whose calls are counted together. The subscription caps each client; `CounterKey.shared()`
   * caps the backend as a whole.
   * @default CounterKey.subscription()
   */
  readonly key?: CounterKey;
}

/**
 * `<limit-concurrency>` (GW-6, LIM-3): run `inner` (typically the `forward-request` of the
 * backend section) for at most `maxCount` calls at once per key; further calls fail at once
 * with 429 instead of queueing on a slow backend. Works in every section and on every tier.
 */
export function limitConcurrency(options: LimitConcurrencyOptions, inner: PolicyStatement[]): PolicyStatement {
  const maxCount = wholeNumberIn(options.maxCount, {
    min: 1, max: XS_INT_MAX, lesson: 'GW-6', what: 'limit-concurrency max-count',
    problem: 'the number of calls in flight is a whole number of at least 1; 0 would reject every call.',
    fix: 'give the calls the backend handles at once, e.g. 4.',
  });
  if (inner.length === 0) {
    policyValueError('GW-6', 'limit-concurrency statements', [], 'the limit applies to the statements inside it; with none it limits nothing.',
      'wrap the forward-request, e.g. limitConcurrency({ maxCount: 4 }, [forwardRequest({ timeoutSeconds: 60 })]).');
  }
  const key = usableKey(options.key);
  return {
    element: {
      name: 'limit-concurrency',
      attributes: { key: key.expression, 'max-count': maxCount },
      children: inner.map((s) => s.element),
    },
  };
}

/** Periods of an `llm-token-limit` quota. */
export type TokenQuotaPeriod = 'Hourly' | 'Daily' | 'Weekly' | 'Monthly' | 'Yearly';
const TOKEN_QUOTA_PERIODS: readonly TokenQuotaPeriod[] = ['Hourly', 'Daily', 'Weekly', 'Monthly', 'Yearly'];

export interface LlmTokenLimitOptions {
  /** Tokens per minute and key; over it the gateway answers 429. @default - no rate */
  readonly tokensPerMinute?: number;
  /** Tokens per `tokenQuotaPeriod` and key; over it the gateway answers 403. @default - no quota */
  readonly tokenQuota?: number;
  /** Period of `tokenQuota`; required with it. @default - none (no quota) */
  readonly tokenQuotaPeriod?: TokenQuotaPeriod;
  /** Who is counted. @default CounterKey.subscription() */
  readonly key?: CounterKey;
  /**
   * Estimate the prompt's tokens on arrival, so an oversized prompt is refused before it reaches
   * the model (costs gateway CPU). `false` counts the prompt from the model's response.
   * @default true
   */
  readonly estimatePromptTokens?: boolean;
}

/**
 * `<llm-token-limit>` (LIM-3): limit an AI backend by tokens, its bottleneck unit, not by calls.
 * Give a rate (`tokensPerMinute`, 429 when exceeded), a quota (`tokenQuota` + `tokenQuotaPeriod`,
 * 403 when exhausted), or both. Inbound section only; not on the Consumption tier.
 */
export function llmTokenLimit(options: LlmTokenLimitOptions): PolicyStatement {
  const { tokensPerMinute, tokenQuota, tokenQuotaPeriod } = options;
  if (tokensPerMinute === undefined && tokenQuota === undefined) {
    policyValueError('LIM-3', 'llm-token-limit', options, 'it needs a rate (tokensPerMinute), a quota (tokenQuota with tokenQuotaPeriod) or both.',
      'give tokensPerMinute, e.g. 10000, and/or tokenQuota with tokenQuotaPeriod.');
  }
  if (tokensPerMinute !== undefined) {
    wholeNumberIn(tokensPerMinute, {
      min: 1, max: XS_INT_MAX, lesson: 'LIM-3', what: 'llm-token-limit tokens-per-minute',
      problem: 'the rate is a whole number of tokens, at least 1.', fix: 'give the tokens per minute each key may use, e.g. 10000.',
    });
  }
  if (tokenQuota !== undefined) {
    wholeNumberIn(tokenQuota, {
      min: 1, max: Number.MAX_SAFE_INTEGER, lesson: 'LIM-3', what: 'llm-token-limit token-quota',
      problem: 'the quota is a whole number of tokens, at least 1.', fix: 'give the tokens each key may use per period, e.g. 1000000.',
    });
    if (tokenQuotaPeriod === undefined || !TOKEN_QUOTA_PERIODS.includes(tokenQuotaPeriod)) {
      policyValueError('LIM-3', 'llm-token-limit token-quota-period', tokenQuotaPeriod, 'a token quota needs the period it renews in.',
        `give tokenQuotaPeriod: one of ${TOKEN_QUOTA_PERIODS.join(', ')}.`);
    }
  } else if (tokenQuotaPeriod !== undefined) {
    policyValueError('LIM-3', 'llm-token-limit token-quota-period', tokenQuotaPeriod, 'a quota period without tokenQuota limits nothing.',
      'give tokenQuota as well, or drop tokenQuotaPeriod.');
  }
  const key = usableKey(options.key);
  return {
    element: {
      name: 'llm-token-limit',
      attributes: {
        'counter-key': key.expression,
        'estimate-prompt-tokens': options.estimatePromptTokens ?? true,
        'tokens-per-minute': tokensPerMinute,
        'token-quota': tokenQuota,
        'token-quota-period': tokenQuota !== undefined ? tokenQuotaPeriod : undefined,
        'retry-after-variable-name': THROTTLE_RETRY_AFTER_VARIABLE,
      },
    },
  };
}

/** Header in which the gateway tells the service who called (GW-5). */
export const CLIENT_ID_HEADER = 'X-Client-Id';

/**
 * `<set-header name="X-Client-Id" exists-action="override">` from the counter key (GW-5), so
 * the gateway and the service partition on the same identity. `override` replaces whatever the
 * client sent: the client cannot pick its identity. A client-controlled key is refused here for
 * that reason, and so is a shared key (it names no caller).
 * @param key @default CounterKey.subscription()
 */
export function clientIdHeader(key: CounterKey = CounterKey.subscription()): PolicyStatement {
  if (key.clientControlled || !key.identifiesCaller) {
    policyValueError('GW-5', `${CLIENT_ID_HEADER} from ${key.description}`, key.expression,
      key.clientControlled
        ? 'the client picks this value, so the service would trust an identity the client chose.'
        : 'a shared counter names no caller, so the service could not partition on it.',
      'set X-Client-Id from CounterKey.subscription() (the default) or a validated claim.');
  }
  const value: XmlElement = { name: 'value', text: key.expression };
  return { element: { name: 'set-header', attributes: { name: CLIENT_ID_HEADER, 'exists-action': 'override' }, children: [value] } };
}

/**
 * `<set-backend-service backend-id="...">`: send the call to an API Management backend entity
 * (e.g. a `GatewayBackend`, whose circuit breaker then guards the call, GW-7).
 */
export function setBackendService(backendId: string): PolicyStatement {
  if (backendId.length === 0 || /["<>&\s]/.test(backendId)) {
    policyValueError('GW-7', 'set-backend-service backend-id', backendId, 'a backend id is the name of an API Management backend.',
      'pass GatewayBackend.backendId.');
  }
  return { element: { name: 'set-backend-service', attributes: { 'backend-id': backendId } } };
}

/** The key a limit counts on (the subscription by default), refusing an unacknowledged client-controlled one (GW-5). */
function usableKey(key: CounterKey | undefined): CounterKey {
  if (key && key.clientControlled && !key.acknowledged) {
    policyValueError('GW-5', 'counter key', key.expression,
      'the client picks this key, so it can send a new value on every call and get a fresh budget each time.',
      'key on CounterKey.subscription() (the default) or a validated claim, or pass { clientControlled: true } to CounterKey.requestHeader if something in front of the gateway sets this header.');
  }
  return key ?? CounterKey.subscription();
}
