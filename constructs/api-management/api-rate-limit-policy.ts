import { Annotations, Token } from 'cdktf';
import { Construct } from 'constructs';
import { ApiManagementApiPolicy } from '@cdktf/provider-azurerm/lib/api-management-api-policy';
import { CONNECTION_CEILING_SECONDS, LessonId } from '../core/lessons';
import { NAME_RULES, checkName } from '../core/naming';
import { refuse, requireRange, warn } from '../core/validation';
import { CounterKey } from '../policy/counter-key';
import { PolicyDocument } from '../policy/policy-document';
import {
  LlmTokenLimitOptions, MAX_RENEWAL_PERIOD_SECONDS, clientIdHeader, limitConcurrency, llmTokenLimit, rateLimitByKey, setBackendService,
} from '../policy/rate-limit';
import { PolicyStatement, forwardRequest } from '../policy/statements';
import { throttledAsProblemJson } from '../policy/throttling-response';
import { XS_INT_MAX } from '../policy/values';
import { IApiGatewayRef, RateLimitAlgorithm, rateLimitAlgorithmOf } from './api-gateway';
import { isConsumptionSku } from './gateway-backend';

export interface ApiRateLimitOptions {
  /** Calls per renewal period and key, at least 1. */
  readonly calls: number;
  /** 1-300 seconds. */
  readonly renewalPeriodSeconds: number;
  /** @default CounterKey.subscription() */
  readonly key?: CounterKey;
  /** @default 'successful': only 2xx/3xx responses consume the budget (GW-4) */
  readonly countOnly?: 'successful' | 'all';
}

export interface ApiConcurrencyOptions {
  /** Calls in flight at once per key, at least 1; more fail at once with 429 (GW-6). */
  readonly maxCount: number;
  /**
   * `CounterKey.shared(name)` caps the backend as a whole.
   * @default CounterKey.subscription(): each client on its own
   */
  readonly key?: CounterKey;
}

export interface ApiRateLimitPolicyProps {
  /** The gateway holding the API: an `ApiGateway` or any service by name, resource group and SKU. */
  readonly gateway: IApiGatewayRef;
  /**
   * API name (id) on the gateway. The construct writes the API's one API-scope policy, so the API
   * must not have another (e.g. a `StreamingApi` writes its own).
   */
  readonly apiName: string;
  /** `rate-limit-by-key` (GW-1, GW-2, GW-4). @default - none */
  readonly rateLimit?: ApiRateLimitOptions;
  /**
   * `limit-concurrency` around the backend's `forward-request` (GW-6). The backend section then
   * holds that `forward-request` instead of `<base />`, so a global backend policy is not
   * inherited: on a gateway another team owns, check its global backend section first.
   * @default - none
   */
  readonly concurrency?: ApiConcurrencyOptions;
  /** `llm-token-limit` for an AI backend (LIM-3). @default - none */
  readonly tokenLimit?: LlmTokenLimitOptions;
  /**
   * Route calls to this API Management backend (`GatewayBackend.backendId`) with
   * `set-backend-service`, so its circuit breaker guards them (GW-7).
   * @default - the API's service URL
   */
  readonly backendId?: string;
  /**
   * `forward-request` timeout inside the concurrency limit, at most 240 s (EDGE-1). Only used
   * with `concurrency` (without it the backend section is `<base />`).
   * @default 60
   */
  readonly forwardRequestTimeoutSeconds?: number;
  /**
   * Buffer the backend response inside the concurrency limit; `false` for streams (EDGE-3).
   * @default true (API Management's own default)
   */
  readonly bufferResponse?: boolean;
  /**
   * `Retry-After` of a throttled call when the rejecting policy gave no interval (EDGE-6).
   * @default 5
   */
  readonly retryAfterSeconds?: number;
  /** Inbound statements that run first, after `<base />` (e.g. `onlyFromFrontDoor(...)`, token validation). @default - none */
  readonly inbound?: PolicyStatement[];
}

/**
 * The API-scope policy that limits one API at the gateway: `rate-limit-by-key` on the
 * subscription by default, counting only successful calls (GW-1, GW-4), `llm-token-limit` for
 * AI backends (LIM-3), `limit-concurrency` around `forward-request` (GW-6), `X-Client-Id` set
 * from the subscription so the service partitions on the same identity (GW-5), optional
 * routing to a `GatewayBackend` with a circuit breaker (GW-7), and throttled calls answered as
 * `application/problem+json` 429 with `Retry-After` (GW-1, EDGE-6). An info annotation states
 * the algorithm the gateway's tier gives (GW-2). Gateway counters are per node and sync
 * asynchronously: capacity protection, not exact quotas (GW-3).
 */
export class ApiRateLimitPolicy extends Construct {
  public readonly policy: PolicyDocument;
  /** The rendered policy document. */
  public readonly xml: string;
  /** How `rate-limit-by-key` counts on this gateway, `undefined` when the SKU is unknown at synth (GW-2). */
  public readonly algorithm: RateLimitAlgorithm | undefined;
  public readonly apiPolicy: ApiManagementApiPolicy;

  constructor(scope: Construct, id: string, props: ApiRateLimitPolicyProps) {
    super(scope, id);
    checkName(this, 'apiName', props.apiName, NAME_RULES.apiManagementApi);
    const { rateLimit, concurrency, tokenLimit } = props;
    if (!rateLimit && !concurrency && !tokenLimit) {
      refuse(this, {
        lesson: 'GW-1', setting: 'rateLimit', given: undefined,
        problem: 'none of rateLimit, concurrency or tokenLimit is given, so the policy would limit nothing.',
        fix: 'give rateLimit: { calls: 100, renewalPeriodSeconds: 60 } (per subscription), concurrency and/or tokenLimit.',
      });
    }
    const sku = props.gateway.skuName;
    this.algorithm = rateLimitAlgorithmOf(sku);
    this.checkSku(sku, props);
    if (rateLimit) this.checkRateLimit(rateLimit);
    if (concurrency) this.checkConcurrency(concurrency);
    if (tokenLimit) this.checkTokenLimit(tokenLimit);

    const timeoutSeconds = props.forwardRequestTimeoutSeconds ?? 60;
    requireRange(this, timeoutSeconds, {
      min: 1, max: CONNECTION_CEILING_SECONDS, setting: 'forwardRequestTimeoutSeconds', lesson: 'EDGE-1',
      problem: `API Management accepts more, but Azure drops connections at ${CONNECTION_CEILING_SECONDS} s, so a longer timeout is never reached.`,
      fix: `use ${CONNECTION_CEILING_SECONDS} or less.`,
    });
    if (props.forwardRequestTimeoutSeconds !== undefined && !concurrency) {
      warn(this, {
        lesson: 'EDGE-1', setting: 'forwardRequestTimeoutSeconds', given: props.forwardRequestTimeoutSeconds,
        problem: 'without concurrency the backend section is <base />, so this timeout is not used.',
        fix: 'drop it, or set the timeout in the policy that owns the backend section.',
      });
    }
    const retryAfterSeconds = props.retryAfterSeconds ?? 5;
    requireRange(this, retryAfterSeconds, {
      min: 1, max: 3600, setting: 'retryAfterSeconds', lesson: 'EDGE-6',
      problem: 'Retry-After is a whole number of seconds, at least 1.', fix: 'use a small interval such as 5.',
    });
    if (props.backendId !== undefined) checkName(this, 'backendId', props.backendId, NAME_RULES.apiManagementBackend);

    const inbound: PolicyStatement[] = [
      ...(props.inbound ?? []),
      ...(rateLimit ? [rateLimitByKey(rateLimit)] : []),
      ...(tokenLimit ? [llmTokenLimit(tokenLimit)] : []),
      clientIdHeader(clientIdKey(props)),
      ...(props.backendId !== undefined ? [setBackendService(props.backendId)] : []),
    ];
    const backend = concurrency
      ? [limitConcurrency(concurrency, [forwardRequest({ timeoutSeconds, bufferResponse: props.bufferResponse ?? true })])]
      : undefined;
    this.policy = new PolicyDocument({ inbound, backend, onError: [throttledAsProblemJson({ retryAfterSeconds })] });
    this.xml = this.policy.toXml();
    this.apiPolicy = new ApiManagementApiPolicy(this, 'policy', {
      apiName: props.apiName,
      apiManagementName: props.gateway.serviceName,
      resourceGroupName: props.gateway.resourceGroupName,
      xmlContent: this.xml,
    });
    if (rateLimit) Annotations.of(this).addInfo(this.describeAlgorithm(sku, rateLimit));
  }

  private checkSku(sku: string, props: ApiRateLimitPolicyProps): void {
    if (Token.isUnresolved(sku)) return;
    if (isConsumptionSku(sku)) {
      if (props.rateLimit || props.tokenLimit) {
        const [setting, lesson]: [string, LessonId] = props.rateLimit ? ['rateLimit', 'GW-1'] : ['tokenLimit', 'LIM-3'];
        refuse(this, {
          lesson, setting: 'gateway.skuName', given: sku,
          problem: `rate-limit-by-key and llm-token-limit do not run on the Consumption tier, so ${setting} would fail when the policy is saved.`,
          fix: 'put the API on a v2 tier (BasicV2_1 and up), or keep only concurrency (limit-concurrency runs on Consumption).',
        });
      }
      return;
    }
    if (this.algorithm === undefined) {
      refuse(this, {
        lesson: 'AZURE', setting: 'gateway.skuName', given: sku,
        problem: 'this is not an API Management SKU as azurerm spells it, so the rate-limit algorithm is unknown (GW-2).',
        fix: "use e.g. 'BasicV2_1', 'StandardV2_2', 'Developer_1', 'Premium_1' or 'Consumption_0'.",
      });
    }
  }

  private checkRateLimit(r: ApiRateLimitOptions): void {
    requireRange(this, r.calls, {
      min: 1, max: XS_INT_MAX, setting: 'rateLimit.calls', lesson: 'GW-1',
      problem: 'the calls each key may make per period are a whole number, at least 1.', fix: 'give e.g. 100 calls per 60 s.',
    });
    requireRange(this, r.renewalPeriodSeconds, {
      min: 1, max: MAX_RENEWAL_PERIOD_SECONDS, setting: 'rateLimit.renewalPeriodSeconds', lesson: 'GW-1',
      problem: `API Management accepts a renewal period of 1-${MAX_RENEWAL_PERIOD_SECONDS} whole seconds.`,
      fix: `use at most ${MAX_RENEWAL_PERIOD_SECONDS} s and scale calls with it (e.g. 500 per 300 s), or a quota for longer periods.`,
    });
    if (r.countOnly !== undefined && r.countOnly !== 'successful' && r.countOnly !== 'all') {
      refuse(this, {
        lesson: 'GW-4', setting: 'rateLimit.countOnly', given: r.countOnly,
        problem: 'the choices are successful and all.', fix: "use 'successful' (the default): service-side 429s then do not eat the gateway budget.",
      });
    }
    this.checkKey('rateLimit.key', r.key);
  }

  private checkConcurrency(c: ApiConcurrencyOptions): void {
    requireRange(this, c.maxCount, {
      min: 1, max: XS_INT_MAX, setting: 'concurrency.maxCount', lesson: 'GW-6',
      problem: 'the calls in flight at once are a whole number, at least 1; 0 would reject every call with 429.',
      fix: 'give what the backend handles at once, e.g. 4, or drop concurrency.',
    });
    this.checkKey('concurrency.key', c.key);
  }

  private checkTokenLimit(t: LlmTokenLimitOptions): void {
    if (t.tokensPerMinute === undefined && t.tokenQuota === undefined) {
      refuse(this, {
        lesson: 'LIM-3', setting: 'tokenLimit', given: t,
        problem: 'a token limit needs a rate (tokensPerMinute), a quota (tokenQuota with tokenQuotaPeriod) or both.',
        fix: 'give tokensPerMinute, e.g. 10000, and/or tokenQuota with tokenQuotaPeriod.',
      });
    }
    if (t.tokensPerMinute !== undefined) {
      requireRange(this, t.tokensPerMinute, {
        min: 1, max: XS_INT_MAX, setting: 'tokenLimit.tokensPerMinute', lesson: 'LIM-3',
        problem: 'the rate is a whole number of tokens, at least 1.', fix: 'give the tokens per minute each key may use, e.g. 10000.',
      });
    }
    if (t.tokenQuota !== undefined) {
      requireRange(this, t.tokenQuota, {
        min: 1, max: Number.MAX_SAFE_INTEGER, setting: 'tokenLimit.tokenQuota', lesson: 'LIM-3',
        problem: 'the quota is a whole number of tokens, at least 1.', fix: 'give the tokens each key may use per period, e.g. 1000000.',
      });
    }
    const periods = ['Hourly', 'Daily', 'Weekly', 'Monthly', 'Yearly'];
    if (t.tokenQuota !== undefined && (t.tokenQuotaPeriod === undefined || !periods.includes(t.tokenQuotaPeriod))) {
      refuse(this, {
        lesson: 'LIM-3', setting: 'tokenLimit.tokenQuotaPeriod', given: t.tokenQuotaPeriod,
        problem: 'a token quota needs the period it renews in.', fix: `give one of ${periods.join(', ')}.`,
      });
    }
    if (t.tokenQuota === undefined && t.tokenQuotaPeriod !== undefined) {
      refuse(this, {
        lesson: 'LIM-3', setting: 'tokenLimit.tokenQuotaPeriod', given: t.tokenQuotaPeriod,
        problem: 'a quota period without tokenQuota limits nothing.', fix: 'give tokenQuota as well, or drop tokenQuotaPeriod.',
      });
    }
    this.checkKey('tokenLimit.key', t.key);
  }

  /** A client-controlled key must be acknowledged (`CounterKey.requestHeader(name, { clientControlled: true })`). */
  private checkKey(setting: string, key: CounterKey | undefined): void {
    if (key && key.clientControlled && key.acknowledged !== true) {
      refuse(this, {
        lesson: 'GW-5', setting, given: key.expression,
        problem: 'the client picks this key, so it can send a new value on every call and get a fresh budget each time.',
        fix: "key on CounterKey.subscription() (the default) or a validated claim, or pass { clientControlled: true } to CounterKey.requestHeader if something in front of the gateway sets this header.",
      });
    }
  }

  private describeAlgorithm(sku: string, r: ApiRateLimitOptions): string {
    const head = `[GW-2] ${this.node.path}: rate-limit-by-key (${r.calls} calls per ${r.renewalPeriodSeconds} s per ${(r.key ?? CounterKey.subscription()).description})`;
    const gw3 = 'Counters are per gateway node and sync asynchronously (GW-3): capacity protection, not an exact quota.';
    switch (this.algorithm) {
      case 'token bucket':
        return `${head} on ${sku} is a token bucket: bursts of up to ${r.calls} calls pass at once, then it refills at ${r.calls} calls per ${r.renewalPeriodSeconds} s. ${gw3}`;
      case 'sliding window':
        return `${head} on ${sku} is a sliding window: at most ${r.calls} calls in any ${r.renewalPeriodSeconds} s, and a burst that uses them up blocks the key until those calls age out of the window. ${gw3}`;
      default:
        return `${head}: the gateway's SKU is not known at synth; v2 tiers count with a token bucket (bursts up to ${r.calls} at once), classic tiers with a sliding window. ${gw3}`;
    }
  }
}

/**
 * The identity for `X-Client-Id` (GW-5): the rate limit's (else the token limit's) key when it
 * is the subscription or a claim, otherwise the subscription: a client-controlled header, a
 * shared counter or the IP address (the edge's, behind Front Door) is no identity to hand on.
 */
function clientIdKey(props: ApiRateLimitPolicyProps): CounterKey {
  const key = props.rateLimit?.key ?? props.tokenLimit?.key;
  return key && (key.kind === 'subscription' || key.kind === 'claim') ? key : CounterKey.subscription();
}
