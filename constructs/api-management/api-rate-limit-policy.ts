import { Token } from 'cdktf';
import { PathDeclaration } from '../core/path-declarations';
import { Construct } from 'constructs';
import { ApiManagementApiPolicy } from '@cdktf/provider-azurerm/lib/api-management-api-policy';
import { CONNECTION_CEILING_SECONDS } from '../core/lessons';
import { checkName } from '../core/naming';
import { note, refuse, requireRange, warn, within } from '../core/validation';
import { CounterKey, CounterKeyKind } from '../policy/counter-key';
import { PolicyDocument } from '../policy/policy-document';
import { PolicyStatement } from '../policy/policy-statement';
import { LimitConcurrencyOptions, LlmTokenLimitOptions, RateLimitByKeyOptions } from '../policy/rate-limit';
import { ApiManagementSku, RateLimitAlgorithm } from './api-gateway';
import { claimApiPolicy } from './gateway-api';
import { IApiGateway } from './gateway-reference';
import { API_MANAGEMENT_SERVICE } from './api-management-service';

/** The limits of one API at the gateway. */
export interface ApiLimits {
  /** `rate-limit-by-key` (GW-1, GW-2, GW-4), keyed on the subscription by default. @default - none */
  readonly rateLimit?: RateLimitByKeyOptions;
  /**
   * `limit-concurrency` around the backend's `forward-request` (GW-6). The backend section then
   * holds that `forward-request` instead of `<base />`, so a global backend policy is not
   * inherited: on a gateway another team owns, check its global backend section first.
   * @default - none
   */
  readonly concurrency?: LimitConcurrencyOptions;
  /** `llm-token-limit` for an AI backend (LIM-3). @default - none */
  readonly tokenLimit?: LlmTokenLimitOptions;
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
}

export interface ApiRateLimitPolicyProps extends ApiLimits {
  /** The gateway holding the API: an `ApiGateway`, or one another team owns (`ApiGateway.fromExisting`). */
  readonly gateway: IApiGateway;
  /**
   * API name (id) on the gateway. The construct writes the API's one API-scope policy, so the API
   * must not have another (a second one is refused at synth).
   */
  readonly apiName: string;
  /**
   * Route calls to this API Management backend (`GatewayBackend.backendId`) with
   * `set-backend-service`, so its circuit breaker guards them (GW-7).
   * @default - the API's service URL
   */
  readonly backendId?: string;
  /** Inbound statements that run first, after `<base />` (e.g. `PolicyStatement.onlyFromFrontDoor(...)`, token validation). @default - none */
  readonly inbound?: PolicyStatement[];
  /** Inbound statements that run last, after the limits and `X-Client-Id` (e.g. the backend's authentication). @default - none */
  readonly inboundAfterLimits?: PolicyStatement[];
  /** Outbound statements after `<base />` (e.g. `Retry-After` on 202/429/503). @default - none */
  readonly outbound?: PolicyStatement[];
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
  public readonly algorithm?: RateLimitAlgorithm;
  public readonly apiPolicy: ApiManagementApiPolicy;

  constructor(scope: Construct, id: string, props: ApiRateLimitPolicyProps) {
    super(scope, id);
    checkName(this, 'apiName', props.apiName, API_MANAGEMENT_SERVICE.names.api);
    const { rateLimit, concurrency, tokenLimit } = props;
    if (!rateLimit && !concurrency && !tokenLimit) {
      refuse(this, {
        lesson: 'GW-1', setting: 'rateLimit', given: undefined,
        problem: 'none of rateLimit, concurrency or tokenLimit is given, so the policy would limit nothing.',
        fix: 'give rateLimit: { calls: 100, renewalPeriodSeconds: 60 } (per subscription), concurrency and/or tokenLimit.',
      });
    }
    const sku = props.gateway.skuName;
    this.algorithm = ApiManagementSku.rateLimitAlgorithmOf(sku);
    this.checkSku(sku, props);

    const timeoutSeconds = props.forwardRequestTimeoutSeconds ?? 60;
    requireRange(this, timeoutSeconds, {
      min: 1, max: CONNECTION_CEILING_SECONDS, setting: 'forwardRequestTimeoutSeconds', lesson: 'EDGE-1',
      problem: `API Management accepts more, but Azure drops connections at ${CONNECTION_CEILING_SECONDS} s, so a longer timeout is never reached.`,
      fix: `use ${CONNECTION_CEILING_SECONDS} or less.`,
    });
    if (props.forwardRequestTimeoutSeconds !== undefined && !concurrency) {
      warn(this, {
        id: 'EDGE-1.UnusedForwardTimeout', lesson: 'EDGE-1', setting: 'forwardRequestTimeoutSeconds', given: props.forwardRequestTimeoutSeconds,
        problem: 'without concurrency the backend section is <base />, so this timeout is not used.',
        fix: 'drop it, or set the timeout in the policy that owns the backend section.',
      });
    }
    const retryAfterSeconds = props.retryAfterSeconds ?? 5;
    requireRange(this, retryAfterSeconds, {
      min: 1, max: 3600, setting: 'retryAfterSeconds', lesson: 'EDGE-6',
      problem: 'Retry-After is a whole number of seconds, at least 1.', fix: 'use a small interval such as 5.',
    });
    if (props.backendId !== undefined) checkName(this, 'backendId', props.backendId, API_MANAGEMENT_SERVICE.names.backend);

    // The statement builders check every value; a refusal is re-raised here with this path.
    const inbound: PolicyStatement[] = [
      ...(within(this, 'inbound', () => props.inbound) ?? []),
      ...(rateLimit ? [within(this, 'rateLimit', () => PolicyStatement.rateLimitByKey(rateLimit))] : []),
      ...(tokenLimit ? [within(this, 'tokenLimit', () => PolicyStatement.llmTokenLimit(tokenLimit))] : []),
      PolicyStatement.clientIdHeader(clientIdKey(props)),
      ...(props.backendId !== undefined ? [within(this, '', () => PolicyStatement.useBackend(props.backendId!))] : []),
      ...(within(this, 'inboundAfterLimits', () => props.inboundAfterLimits) ?? []),
    ];
    const backend = concurrency
      ? [within(this, 'concurrency', () => PolicyStatement.limitConcurrency(concurrency,
        [PolicyStatement.forwardRequest({ timeoutSeconds, bufferResponse: props.bufferResponse ?? true })]))]
      : undefined;
    this.policy = new PolicyDocument({
      inbound, backend, ...(props.outbound ? { outbound: within(this, 'outbound', () => props.outbound) } : {}), onError: [PolicyStatement.throttledAsProblemJson({ retryAfterSeconds })],
    });
    this.xml = within(this, 'policy', () => this.policy.toXml());
    claimApiPolicy(this, props.gateway, props.apiName);
    this.apiPolicy = new ApiManagementApiPolicy(this, 'policy', {
      apiName: props.apiName,
      apiManagementName: props.gateway.serviceName,
      resourceGroupName: props.gateway.resourceGroupName,
      xmlContent: this.xml,
    });
    PathDeclaration.facts(this, {
      target: props.apiName,
      limiterKeys: [
        ...(rateLimit ? [`${rateLimit.calls} calls per ${rateLimit.renewalPeriodSeconds} s per ${(rateLimit.key ?? CounterKey.subscription()).description} (GW-1)`] : []),
        ...(concurrency ? [`${concurrency.maxCount} in flight per ${(concurrency.key ?? CounterKey.subscription()).description} (GW-6)`] : []),
        ...(tokenLimit ? [`LLM tokens per ${(tokenLimit.key ?? CounterKey.subscription()).description} (LIM-3)`] : []),
      ],
      lines: ['429 as problem+json with Retry-After'],
      ...(concurrency ? { outboundTimeouts: [{ layer: 'API Management forward-request timeout', timeoutSeconds, constructPath: this.node.path }] } : {}),
    });
    if (rateLimit) note(this, { id: 'GW-2.RateLimitAlgorithm', lesson: 'GW-2', text: this.describeAlgorithm(sku, rateLimit) });
  }

  private checkSku(sku: string, props: ApiRateLimitPolicyProps): void {
    if (Token.isUnresolved(sku)) return;
    if (ApiManagementSku.isConsumption(sku)) {
      if (props.rateLimit || props.tokenLimit) {
        const [setting, lesson] = props.rateLimit ? ['rateLimit', 'GW-1' as const] : ['tokenLimit', 'LIM-3' as const];
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

  private describeAlgorithm(sku: string, r: RateLimitByKeyOptions): string {
    const head = `rate-limit-by-key (${r.calls} calls per ${r.renewalPeriodSeconds} s per ${(r.key ?? CounterKey.subscription()).description})`;
    const gw3 = 'Counters are per gateway node and sync asynchronously (GW-3): capacity protection, not an exact quota.';
    switch (this.algorithm) {
      case RateLimitAlgorithm.TOKEN_BUCKET:
        return `${head} on ${sku} is a token bucket: bursts of up to ${r.calls} calls pass at once, then it refills at ${r.calls} calls per ${r.renewalPeriodSeconds} s. ${gw3}`;
      case RateLimitAlgorithm.SLIDING_WINDOW:
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
  return key && (key.kind === CounterKeyKind.SUBSCRIPTION || key.kind === CounterKeyKind.CLAIM) ? key : CounterKey.subscription();
}
