import { refuseValue, wholeNumberIn } from '../core/validation';
import { CounterKey, CounterKeyKind, usableCounterKey } from './counter-key';
import { XS_INT_MAX } from './values';
import { XmlElement } from './xml';

// Element builders of the gateway limits; `PolicyStatement` (policy-statement.ts) wraps them.

/**
 * Name of the policy variable in which `rate-limit-by-key` and `llm-token-limit` leave the
 * recommended retry interval (seconds) when they reject a call; the on-error statement
 * `throttledAsProblemJson` turns it into `Retry-After` (EDGE-6).
 */
export const THROTTLE_RETRY_AFTER_VARIABLE = 'throttleRetryAfter';

/** Most seconds `rate-limit-by-key` accepts as `renewal-period` (documented maximum). */
export const MAX_RENEWAL_PERIOD_SECONDS = 300;

/** The statuses counted by default: what the gateway let through and the backend answered well (GW-4). */
export const SUCCESSFUL_RESPONSE_CONDITION = '@(context.Response.StatusCode >= 200 && context.Response.StatusCode < 400)';

/** Header in which the gateway tells the service who called (GW-5). */
export const CLIENT_ID_HEADER = 'X-Client-Id';

/** Which calls consume a rate limit's budget. */
export enum CountOnly {
  /**
   * Only 2xx/3xx responses (GW-4): a 429 or 5xx from the service does not eat the client's
   * gateway budget. APIM then counts at the end of the outbound section, so calls that arrive
   * together are all admitted before any is counted, which widens the burst (GW-3).
   */
  SUCCESSFUL = 'successful',
  /** Every call, counted on arrival. */
  ALL = 'all',
}

export interface RateLimitByKeyOptions {
  /** Calls allowed per renewal period and key (at least 1). */
  readonly calls: number;
  /** Length of the period, 1-300 seconds. */
  readonly renewalPeriodSeconds: number;
  /** Who is counted. @default CounterKey.subscription() */
  readonly key?: CounterKey;
  /** Which calls consume the budget. @default CountOnly.SUCCESSFUL */
  readonly countOnly?: CountOnly;
}

export function rateLimitByKeyElement(options: RateLimitByKeyOptions): XmlElement {
  const builder = 'rate-limit-by-key';
  const calls = wholeNumberIn(builder, options.calls, {
    min: 1, max: XS_INT_MAX, lesson: 'GW-1', setting: 'calls',
    problem: 'the calls each key may make per period are a whole number, at least 1.', fix: 'give the calls each client may make per period, e.g. 100.',
  });
  const renewal = wholeNumberIn(builder, options.renewalPeriodSeconds, {
    min: 1, max: MAX_RENEWAL_PERIOD_SECONDS, lesson: 'GW-1', setting: 'renewalPeriodSeconds',
    problem: `API Management accepts a renewal period of 1-${MAX_RENEWAL_PERIOD_SECONDS} whole seconds.`,
    fix: `use at most ${MAX_RENEWAL_PERIOD_SECONDS} s and scale calls with it (e.g. 500 per 300 s), or a quota for longer periods.`,
  });
  const countOnly = options.countOnly ?? CountOnly.SUCCESSFUL;
  if (countOnly !== CountOnly.SUCCESSFUL && countOnly !== CountOnly.ALL) {
    refuseValue(builder, {
      lesson: 'GW-4', setting: 'countOnly', given: countOnly,
      problem: 'the choices are successful and all.', fix: 'use CountOnly.SUCCESSFUL (the default): service-side 429s then do not eat the gateway budget.',
    });
  }
  const key = usableKey(builder, options.key);
  return {
    name: 'rate-limit-by-key',
    attributes: {
      calls,
      'renewal-period': renewal,
      'counter-key': key.expression,
      'increment-condition': countOnly === CountOnly.SUCCESSFUL ? SUCCESSFUL_RESPONSE_CONDITION : undefined,
      'retry-after-variable-name': THROTTLE_RETRY_AFTER_VARIABLE,
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

export function limitConcurrencyElement(options: LimitConcurrencyOptions, inner: readonly XmlElement[]): XmlElement {
  const builder = 'limit-concurrency';
  const maxCount = wholeNumberIn(builder, options.maxCount, {
    min: 1, max: XS_INT_MAX, lesson: 'GW-6', setting: 'maxCount',
    problem: 'the calls in flight at once are a whole number, at least 1; 0 would reject every call with 429.',
    fix: 'give what the backend handles at once, e.g. 4.',
  });
  if (inner.length === 0) {
    refuseValue(builder, {
      lesson: 'GW-6', setting: 'statements', given: [],
      problem: 'the limit wraps the statements it caps; with none it caps nothing.', fix: 'wrap the forward-request of the backend section.',
    });
  }
  const key = usableKey(builder, options.key);
  return { name: 'limit-concurrency', attributes: { key: key.expression, 'max-count': maxCount }, children: inner };
}

/** Periods of an `llm-token-limit` quota. */
export enum TokenQuotaPeriod {
  HOURLY = 'Hourly',
  DAILY = 'Daily',
  WEEKLY = 'Weekly',
  MONTHLY = 'Monthly',
  YEARLY = 'Yearly',
}

const TOKEN_QUOTA_PERIODS = Object.values(TokenQuotaPeriod) as string[];

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

export function llmTokenLimitElement(options: LlmTokenLimitOptions): XmlElement {
  const builder = 'llm-token-limit';
  const { tokensPerMinute, tokenQuota, tokenQuotaPeriod } = options;
  if (tokensPerMinute === undefined && tokenQuota === undefined) {
    refuseValue(builder, {
      lesson: 'LIM-3', setting: 'tokensPerMinute', given: undefined,
      problem: 'a token limit needs a rate (tokensPerMinute), a quota (tokenQuota with tokenQuotaPeriod) or both.',
      fix: 'give tokensPerMinute, e.g. 10000, and/or tokenQuota with tokenQuotaPeriod.',
    });
  }
  if (tokensPerMinute !== undefined) {
    wholeNumberIn(builder, tokensPerMinute, {
      min: 1, max: XS_INT_MAX, lesson: 'LIM-3', setting: 'tokensPerMinute',
      problem: 'the rate is a whole number of tokens, at least 1.', fix: 'give the tokens per minute each key may use, e.g. 10000.',
    });
  }
  if (tokenQuota !== undefined) {
    wholeNumberIn(builder, tokenQuota, {
      min: 1, max: Number.MAX_SAFE_INTEGER, lesson: 'LIM-3', setting: 'tokenQuota',
      problem: 'the quota is a whole number of tokens, at least 1.', fix: 'give the tokens each key may use per period, e.g. 1000000.',
    });
    if (tokenQuotaPeriod === undefined || !TOKEN_QUOTA_PERIODS.includes(tokenQuotaPeriod)) {
      refuseValue(builder, {
        lesson: 'LIM-3', setting: 'tokenQuotaPeriod', given: tokenQuotaPeriod,
        problem: 'a token quota needs the period it renews in.', fix: `give one of ${TOKEN_QUOTA_PERIODS.join(', ')}.`,
      });
    }
  } else if (tokenQuotaPeriod !== undefined) {
    refuseValue(builder, {
      lesson: 'LIM-3', setting: 'tokenQuotaPeriod', given: tokenQuotaPeriod,
      problem: 'a quota period without tokenQuota limits nothing.', fix: 'give tokenQuota as well, or drop tokenQuotaPeriod.',
    });
  }
  const key = usableKey(builder, options.key);
  return {
    name: 'llm-token-limit',
    attributes: {
      'counter-key': key.expression,
      'estimate-prompt-tokens': options.estimatePromptTokens ?? true,
      'tokens-per-minute': tokensPerMinute,
      'token-quota': tokenQuota,
      'token-quota-period': tokenQuota !== undefined ? tokenQuotaPeriod : undefined,
      'retry-after-variable-name': THROTTLE_RETRY_AFTER_VARIABLE,
    },
  };
}

/**
 * `<set-header name="X-Client-Id" exists-action="override">` from the counter key (GW-5). A
 * client-controlled key is refused (the service would trust an identity the client chose), and
 * so is a shared key (it names no caller).
 */
export function clientIdHeaderElement(given: CounterKey = CounterKey.subscription()): XmlElement {
  const key = usableCounterKey(given);
  if (key.clientControlled || !key.identifiesCaller) {
    refuseValue(CLIENT_ID_HEADER, {
      lesson: 'GW-5', setting: 'key', given: key.expression,
      problem: key.clientControlled
        ? 'the client picks this value, so the service would trust an identity the client chose.'
        : 'a shared counter names no caller, so the service could not partition on it.',
      fix: 'set X-Client-Id from CounterKey.subscription() (the default) or a validated claim.',
    });
  }
  return {
    name: 'set-header', attributes: { name: CLIENT_ID_HEADER, 'exists-action': 'override' },
    children: [{ name: 'value', text: key.expression }],
  };
}

/** The key a limit counts on (the subscription by default), refusing an unacknowledged client-controlled one (GW-5). */
function usableKey(builder: string, given: CounterKey | undefined): CounterKey {
  const key = given && usableCounterKey(given);
  if (key && key.kind === CounterKeyKind.REQUEST_HEADER && !key.acknowledged) {
    refuseValue(builder, {
      lesson: 'GW-5', setting: 'key', given: key.expression,
      problem: 'the client picks this key, so it can send a new value on every call and get a fresh budget each time.',
      fix: 'key on CounterKey.subscription() (the default) or a validated claim, or pass { clientControlled: true } to CounterKey.requestHeader if something in front of the gateway sets this header.',
    });
  }
  return key ?? CounterKey.subscription();
}
