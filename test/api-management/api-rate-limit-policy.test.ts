import { TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { Construct } from 'constructs';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiManagementApi } from '@cdktf/provider-azurerm/lib/api-management-api';
import { ApiGateway, ApiManagementSku } from '../../constructs/api-management/api-gateway';
import { ApiRateLimitPolicy, ApiRateLimitPolicyProps } from '../../constructs/api-management/api-rate-limit-policy';
import { GatewayBackend } from '../../constructs/api-management/gateway-backend';
import { IApiGateway } from '../../constructs/api-management/gateway-reference';
import { ManagedIdentity } from '../../constructs/identity/principal';
import { CounterKey } from '../../constructs/policy/counter-key';
import { PolicyStatement } from '../../constructs/policy/policy-statement';
import { CountOnly, THROTTLE_RETRY_AFTER_VARIABLE, TokenQuotaPeriod } from '../../constructs/policy/rate-limit';
import { ExistsAction } from '../../constructs/policy/statements';
import { policySchemaAvailable, policySchemaSkipReason } from '../support/apim-policy-schema';
import { gateway } from '../support/fixtures';
import { validatePolicyDeep } from '../support/policy-xsd';
import { refusalOf } from '../support/refusal';
import { TerraformJson, resourceOf, resourcesOf, notesOf, synth, testStack, warningsOf } from '../support/synth';

/** A classic-tier gateway another team owns. */
const classic = (stack: TerraformStack, skuName = 'Developer_1') =>
  ApiGateway.fromExisting(stack, 'classic', { serviceName: 'apim-classic', resourceGroupName: 'rg-classic', skuName });
const RATE = { calls: 100, renewalPeriodSeconds: 60 };

/** A gateway reference implemented outside this library, so no SKU check runs before the policy's own. */
class OtherGateway extends Construct implements IApiGateway {
  public readonly serviceName = 'apim-other';
  public readonly resourceGroupName = 'rg-other';
  public readonly gatewayId = '/subscriptions/0/resourceGroups/rg-other/providers/Microsoft.ApiManagement/service/apim-other';
  public readonly gatewayHostName = 'apim-other.azure-api.net';
  public readonly identity = ManagedIdentity.systemAssigned('00000000-0000-0000-0000-000000000001', 'other');

  constructor(scope: Construct, id: string, public readonly skuName: string) {
    super(scope, id);
  }
}

function build(props: Partial<ApiRateLimitPolicyProps> = {}) {
  const stack = testStack();
  const limits = new ApiRateLimitPolicy(stack, 'limits', { gateway: gateway(stack), apiName: 'orders', rateLimit: RATE, ...props });
  return { stack, limits, tf: synth(stack) };
}

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const section = (xml: string, name: string) => xml.match(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`))![1].trim();
/** Element names directly below a section, in order. */
const children = (xml: string, name: string) =>
  [...xml.match(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`))![1].matchAll(/^ {4}<([a-z-]+)/gm)].map((m) => m[1]);
const infosOf = (limits: ApiRateLimitPolicy) => notesOf(limits);

describe('ApiRateLimitPolicy defaults', () => {
  // Built for each test, not once for the block, so mutation testing sees which test covers what.
  let limits: ReturnType<typeof build>['limits'];
  let tf: TerraformJson;
  let policy: Record<string, unknown>;
  let xml: string;
  beforeEach(() => {
    ({ limits, tf } = build());
    policy = resourceOf(tf, 'azurerm_api_management_api_policy', 'limits/policy');
    xml = policy.xml_content as string;
  });

  it('writes one API policy on the gateway for the API', () => {
    expect(policy).toMatchObject({ api_name: 'orders', resource_group_name: 'rg-test' });
    expect(policy.api_management_name).toMatch(/^\$\{azurerm_api_management\.gateway_service_[0-9A-F]+\.name\}$/);
    expect(xml).toBe(limits.xml);
    expect(limits.policy.toXml()).toBe(xml);
  });

  it('keys rate-limit-by-key on the subscription and counts only successful calls (GW-1, GW-4)', () => {
    expect(unescape(xml)).toContain('<rate-limit-by-key calls="100" renewal-period="60" counter-key="@(context.Subscription?.Id ?? "anonymous")" '
      + `increment-condition="@(context.Response.StatusCode >= 200 && context.Response.StatusCode < 400)" retry-after-variable-name="${THROTTLE_RETRY_AFTER_VARIABLE}" />`);
  });

  it('orders inbound as base, rate limit, X-Client-Id from the subscription (GW-5)', () => {
    expect(children(xml, 'inbound')).toEqual(['base', 'rate-limit-by-key', 'set-header']);
    expect(unescape(section(xml, 'inbound'))).toMatch(/<set-header name="X-Client-Id" exists-action="override">\s*<value>@\(context\.Subscription\?\.Id \?\? "anonymous"\)<\/value>/);
  });

  it('keeps <base /> in the backend section without concurrency', () => {
    expect(section(xml, 'backend')).toBe('<base />');
  });

  it('answers throttled calls as problem+json 429 with Retry-After 5 s as fallback (GW-1, EDGE-6)', () => {
    const onError = unescape(section(xml, 'on-error'));
    expect(children(xml, 'on-error')).toEqual(['base', 'choose']);
    expect(onError).toContain('context.LastError.Reason == "RateLimitExceeded"');
    expect(onError).toContain('<set-status code="429" reason="Too Many Requests" />');
    expect(onError).toContain('<value>application/problem+json</value>');
    expect(onError).toContain(': "5")</value>');
  });

  it('states the token bucket of the v2 SKU in an info annotation (GW-2)', () => {
    expect(limits.algorithm).toBe('token bucket');
    expect(infosOf(limits)).toEqual([expect.stringMatching(
      /^\[GW-2\] test\/limits: rate-limit-by-key \(100 calls per 60 s per the APIM subscription\) on BasicV2_1 is a token bucket: bursts of up to 100 calls pass at once, then it refills at 100 calls per 60 s\. .*\(GW-3\)/)]);
  });
});

describe('ApiRateLimitPolicy options', () => {
  it('puts extra inbound statements first, then rate limit, token limit, X-Client-Id and the backend (LIM-3, GW-7)', () => {
    const stack = testStack();
    const gw = gateway(stack);
    const backend = new GatewayBackend(stack, 'backend', { gateway: gw, name: 'orders-backend', url: 'https://orders.example.com' });
    const limits = new ApiRateLimitPolicy(stack, 'limits', {
      gateway: gw, apiName: 'orders', rateLimit: RATE, backendId: backend.backendId,
      tokenLimit: { tokensPerMinute: 20_000, tokenQuota: 5_000_000, tokenQuotaPeriod: TokenQuotaPeriod.MONTHLY },
      inbound: [PolicyStatement.onlyFromFrontDoor('fdid')],
    });
    expect(children(limits.xml, 'inbound')).toEqual(['base', 'check-header', 'rate-limit-by-key', 'llm-token-limit', 'set-header', 'set-backend-service']);
    expect(unescape(limits.xml)).toContain('<llm-token-limit counter-key="@(context.Subscription?.Id ?? "anonymous")" estimate-prompt-tokens="true" '
      + `tokens-per-minute="20000" token-quota="5000000" token-quota-period="Monthly" retry-after-variable-name="${THROTTLE_RETRY_AFTER_VARIABLE}" />`);
    // A reference to the backend resource, so Terraform creates the backend before the policy.
    expect(limits.xml).toMatch(/<set-backend-service backend-id="\$\{TfToken\[TOKEN\.\d+\]\}" \/>/);
  });

  it('wraps forward-request in limit-concurrency with the default 60 s timeout (GW-6)', () => {
    const { limits } = build({ concurrency: { maxCount: 4 } });
    expect(unescape(section(limits.xml, 'backend'))).toMatch(
      /^<limit-concurrency key="@\(context\.Subscription\?\.Id \?\? "anonymous"\)" max-count="4">\s*<forward-request timeout="60" buffer-response="true" \/>\s*<\/limit-concurrency>$/);
  });

  it('passes a shared concurrency key, the timeout and buffering through', () => {
    const { limits } = build({ rateLimit: undefined, concurrency: { maxCount: 2, key: CounterKey.shared('orders') }, forwardRequestTimeoutSeconds: 240, bufferResponse: false });
    expect(section(limits.xml, 'backend')).toMatch(/^<limit-concurrency key="orders" max-count="2">\s*<forward-request timeout="240" buffer-response="false" \/>/);
    expect(children(limits.xml, 'inbound')).toEqual(['base', 'set-header']);
    expect(infosOf(limits)).toEqual([]);
  });

  it('uses a claim key for the limit and for X-Client-Id, and counts all calls when asked', () => {
    const { limits } = build({ rateLimit: { ...RATE, key: CounterKey.claim('sub'), countOnly: CountOnly.ALL } });
    const inbound = unescape(section(limits.xml, 'inbound'));
    const sub = '@(context.Request.Headers.GetValueOrDefault("Authorization", "").AsJwt()?.Claims.GetValueOrDefault("sub", "anonymous") ?? "anonymous")';
    expect(inbound).toContain(`counter-key="${sub}" retry-after-variable-name`);
    expect(inbound).not.toContain('increment-condition');
    expect(inbound).toContain(`<value>${sub}</value>`);
  });

  it('keeps X-Client-Id on the subscription when the limit keys on a client-controlled header (GW-5)', () => {
    const { limits } = build({ rateLimit: { ...RATE, key: CounterKey.requestHeader('X-Tenant-Id', { clientControlled: true }) } });
    const inbound = unescape(section(limits.xml, 'inbound'));
    expect(inbound).toContain('counter-key="@(context.Request.Headers.GetValueOrDefault("X-Tenant-Id", "anonymous"))"');
    expect(inbound).toContain('<value>@(context.Subscription?.Id ?? "anonymous")</value>');
  });

  it('uses the given fallback Retry-After (EDGE-6)', () => {
    expect(unescape(build({ retryAfterSeconds: 30 }).limits.xml)).toContain(': "30")</value>');
  });

  it('states the sliding window of a classic SKU on a gateway it did not create (GW-2)', () => {
    const stack = testStack();
    const limits = new ApiRateLimitPolicy(stack, 'limits', { gateway: classic(stack), apiName: 'orders', rateLimit: { calls: 10, renewalPeriodSeconds: 30 } });
    expect(limits.algorithm).toBe('sliding window');
    expect(infosOf(limits)[0]).toMatch(/^\[GW-2\] test\/limits: rate-limit-by-key \(10 calls per 30 s per the APIM subscription\) on Developer_1 is a sliding window: at most 10 calls in any 30 s/);
    expect(resourceOf(synth(stack), 'azurerm_api_management_api_policy')).toMatchObject({ api_management_name: 'apim-classic', resource_group_name: 'rg-classic' });
  });

  it('accepts a SKU only known at apply time and says both algorithms (GW-2)', () => {
    const stack = testStack();
    const sku = new TerraformVariable(stack, 'sku', { type: 'string' });
    const limits = new ApiRateLimitPolicy(stack, 'limits', { gateway: classic(stack, sku.stringValue), apiName: 'orders', rateLimit: RATE });
    expect(limits.algorithm).toBeUndefined();
    expect(infosOf(limits)[0]).toMatch(/not known at synth; v2 tiers count with a token bucket .* classic tiers with a sliding window/);
  });

  it('allows concurrency alone on Consumption (limit-concurrency runs there)', () => {
    const stack = testStack();
    const limits = new ApiRateLimitPolicy(stack, 'limits', { gateway: classic(stack, 'Consumption_0'), apiName: 'orders', concurrency: { maxCount: 3 } });
    expect(limits.algorithm).toBeUndefined();
    expect(limits.xml).toContain('max-count="3"');
  });

  it('warns when a forward-request timeout is given without concurrency (EDGE-1)', () => {
    const { stack } = build({ forwardRequestTimeoutSeconds: 30 });
    expect(warningsOf(stack)).toEqual([expect.stringMatching(/^\[EDGE-1\] test\/limits: forwardRequestTimeoutSeconds = 30: without concurrency .* Fix: drop it/)]);
  });
});

describe('ApiManagementSku.rateLimitAlgorithmOf and ApiGateway.skuName', () => {
  it.each([
    ['BasicV2_1', 'token bucket'], ['StandardV2_10', 'token bucket'], ['PremiumV2_3', 'token bucket'],
    ['Developer_1', 'sliding window'], ['Basic_2', 'sliding window'], ['Standard_1', 'sliding window'], ['Premium_4', 'sliding window'],
    ['Consumption_0', undefined], ['Free', undefined],
  ])('%s → %s (GW-2)', (sku, algorithm) => {
    expect(ApiManagementSku.rateLimitAlgorithmOf(sku)).toBe(algorithm);
  });

  it('exposes the SKU on ApiGateway and keeps rateLimitAlgorithm', () => {
    const gw = gateway(testStack());
    const ref: IApiGateway = gw;
    expect(ref.skuName).toBe('BasicV2_1');
    expect(gw.rateLimitAlgorithm).toBe('token bucket');
    expect(ApiManagementSku.rateLimitAlgorithmOf('Standard_1')).toBe('sliding window');
  });
});

describe('ApiRateLimitPolicy refusals', () => {
  const refusal = (props: Partial<ApiRateLimitPolicyProps>) => () => build(props);

  it.each<[number, string]>([[0, '0'], [1.5, '1\\.5'], [Number.NaN, 'NaN'], [-0, '-0']])('fails when rateLimit.calls is %s (GW-1)', (calls, shown) => {
    const r = refusalOf(refusal({ rateLimit: { calls, renewalPeriodSeconds: 60 } }));
    expect(r).toMatchObject({ lesson: 'GW-1', path: 'test/limits', setting: 'rateLimit.calls' });
    expect(r.message).toMatch(new RegExp(`^\\[GW-1\\] test/limits: rateLimit\\.calls = ${shown}: the calls each key may make per period are a whole number, at least 1\\. Fix: give the calls each client may make per period, e\\.g\\. 100\\.$`));
  });

  it.each([0, 301, 3600])('fails when rateLimit.renewalPeriodSeconds is %s (GW-1)', (renewalPeriodSeconds) => {
    const r = refusalOf(refusal({ rateLimit: { calls: 10, renewalPeriodSeconds } }));
    expect(r).toMatchObject({ lesson: 'GW-1', path: 'test/limits', setting: 'rateLimit.renewalPeriodSeconds' });
    expect(r.message).toMatch(new RegExp(`^\\[GW-1\\] test/limits: rateLimit\\.renewalPeriodSeconds = ${renewalPeriodSeconds}: API Management accepts a renewal period of 1-300 whole seconds\\. Fix: use at most 300 s`));
  });

  it('fails when rateLimit.countOnly is not a known choice (GW-4)', () => {
    const r = refusalOf(refusal({ rateLimit: { ...RATE, countOnly: 'failed' as CountOnly } }));
    expect(r).toMatchObject({ lesson: 'GW-4', path: 'test/limits', setting: 'rateLimit.countOnly' });
    expect(r.message).toMatch(/^\[GW-4\] test\/limits: rateLimit\.countOnly = "failed": .* Fix: use CountOnly\.SUCCESSFUL/);
  });

  it('fails when concurrency.maxCount is 0 (GW-6)', () => {
    const r = refusalOf(refusal({ concurrency: { maxCount: 0 } }));
    expect(r).toMatchObject({ lesson: 'GW-6', path: 'test/limits', setting: 'concurrency.maxCount' });
    expect(r.message).toMatch(/^\[GW-6\] test\/limits: concurrency\.maxCount = 0: .*0 would reject every call with 429\. Fix: give what the backend handles at once, e\.g\. 4/);
  });

  it('fails when a counter key is a raw request header the client controls, without saying so (GW-5)', () => {
    const key = CounterKey.requestHeader('X-Tenant');
    const rate = refusalOf(refusal({ rateLimit: { ...RATE, key } }));
    expect(rate).toMatchObject({ lesson: 'GW-5', path: 'test/limits', setting: 'rateLimit.key' });
    expect(rate.message).toMatch(
      /^\[GW-5\] test\/limits: rateLimit\.key = "@\(context\.Request\.Headers\.GetValueOrDefault\(\\"X-Tenant\\", \\"anonymous\\"\)\)": the client picks this key, .*fresh budget.* Fix: key on CounterKey\.subscription\(\) .*\{ clientControlled: true \}/);
    const concurrency = refusalOf(refusal({ rateLimit: undefined, concurrency: { maxCount: 1, key } }));
    expect(concurrency).toMatchObject({ lesson: 'GW-5', path: 'test/limits', setting: 'concurrency.key' });
    expect(concurrency.message).toMatch(/^\[GW-5\] test\/limits: concurrency\.key = "@\(context\.Request/);
    const token = refusalOf(refusal({ rateLimit: undefined, tokenLimit: { tokensPerMinute: 100, key } }));
    expect(token).toMatchObject({ lesson: 'GW-5', path: 'test/limits', setting: 'tokenLimit.key' });
  });

  it('fails when there is nothing to limit (GW-1)', () => {
    expect(refusal({ rateLimit: undefined })).toThrow(
      /^\[GW-1\] test\/limits: rateLimit = undefined: none of rateLimit, concurrency or tokenLimit is given, so the policy would limit nothing\. Fix: give rateLimit: /);
  });

  it('fails when the gateway is on the Consumption tier (GW-1)', () => {
    const stack = testStack();
    const r = refusalOf(() => new ApiRateLimitPolicy(stack, 'limits', { gateway: classic(stack, 'Consumption_0'), apiName: 'orders', rateLimit: RATE }));
    expect(r).toMatchObject({ lesson: 'GW-1', path: 'test/limits', setting: 'gateway.skuName' });
    expect(r.message).toMatch(
      /^\[GW-1\] test\/limits: gateway\.skuName = "Consumption_0": rate-limit-by-key and llm-token-limit do not run on the Consumption tier.* Fix: put the API on a v2 tier/);
  });

  it('fails when a token limit is put on the Consumption tier (LIM-3)', () => {
    const stack = testStack();
    const r = refusalOf(() => new ApiRateLimitPolicy(stack, 'limits', { gateway: classic(stack, 'Consumption_0'), apiName: 'ai', tokenLimit: { tokensPerMinute: 100 } }));
    expect(r).toMatchObject({ lesson: 'LIM-3', path: 'test/limits', setting: 'gateway.skuName' });
    expect(r.message).toMatch(/^\[LIM-3\] test\/limits: gateway\.skuName = "Consumption_0": .*so tokenLimit would fail/);
  });

  it('fails when the SKU is not an API Management SKU', () => {
    // ApiGateway.fromExisting refuses it first...
    const stack = testStack();
    const imported = refusalOf(() => classic(stack, 'Free'));
    expect(imported).toMatchObject({ lesson: 'AZURE', path: 'test/classic', setting: 'skuName' });
    expect(imported.message).toMatch(/^\[AZURE\] test\/classic: skuName = "Free": this is not an API Management SKU as azurerm spells it.* Fix: use e\.g\. 'BasicV2_1'/);
    // ...and the policy refuses it on any other IApiGateway.
    const other = new OtherGateway(testStack(), 'other', 'Free');
    const r = refusalOf(() => new ApiRateLimitPolicy(other, 'limits', { gateway: other, apiName: 'orders', rateLimit: RATE }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/other/limits', setting: 'gateway.skuName' });
    expect(r.message).toMatch(/^\[AZURE\] test\/other\/limits: gateway\.skuName = "Free": this is not an API Management SKU .* Fix: use e\.g\. 'BasicV2_1'/);
  });

  it('fails when tokenLimit has neither rate nor quota (LIM-3)', () => {
    const r = refusalOf(refusal({ tokenLimit: {} }));
    expect(r).toMatchObject({ lesson: 'LIM-3', path: 'test/limits', setting: 'tokenLimit.tokensPerMinute' });
    expect(r.message).toMatch(/^\[LIM-3\] test\/limits: tokenLimit\.tokensPerMinute = undefined: a token limit needs a rate .* Fix: give tokensPerMinute/);
  });

  it('fails when tokenLimit.tokenQuota has no period (LIM-3)', () => {
    const r = refusalOf(refusal({ tokenLimit: { tokenQuota: 1000 } }));
    expect(r).toMatchObject({ lesson: 'LIM-3', path: 'test/limits', setting: 'tokenLimit.tokenQuotaPeriod' });
    expect(r.message).toMatch(/^\[LIM-3\] test\/limits: tokenLimit\.tokenQuotaPeriod = undefined: a token quota needs the period it renews in\. Fix: give one of Hourly/);
  });

  it('fails when tokenLimit.tokensPerMinute is 0 (LIM-3)', () => {
    const r = refusalOf(refusal({ tokenLimit: { tokensPerMinute: 0 } }));
    expect(r).toMatchObject({ lesson: 'LIM-3', path: 'test/limits', setting: 'tokenLimit.tokensPerMinute' });
    expect(r.message).toMatch(/^\[LIM-3\] test\/limits: tokenLimit\.tokensPerMinute = 0: /);
  });

  it('fails when forwardRequestTimeoutSeconds is above 240 (EDGE-1)', () => {
    expect(refusal({ concurrency: { maxCount: 4 }, forwardRequestTimeoutSeconds: 300 })).toThrow(
      /^\[EDGE-1\] test\/limits: forwardRequestTimeoutSeconds = 300: .* Fix: use 240 or less\./);
  });

  it('fails when retryAfterSeconds is 0 (EDGE-6)', () => {
    expect(refusal({ retryAfterSeconds: 0 })).toThrow(/^\[EDGE-6\] test\/limits: retryAfterSeconds = 0: .* Fix: use a small interval such as 5\./);
  });

  it('fails when the backend id is not a backend name', () => {
    expect(refusal({ backendId: 'orders backend' })).toThrow(/^\[AZURE\] test\/limits: backendId = "orders backend": Azure rejects this API Management backend name/);
  });

  it('fails when the API name is invalid', () => {
    expect(refusal({ apiName: '-orders' })).toThrow(/^\[AZURE\] test\/limits: apiName = "-orders": /);
  });
});

describe('ApiRateLimitPolicy owns the API-scope policy', () => {
  /** An API of the stack named `orders`, for a policy given `api.name`. */
  const ordersApi = (stack: TerraformStack, gw: IApiGateway) => new ApiManagementApi(stack, 'orders-api', {
    name: 'orders', apiManagementName: gw.serviceName, resourceGroupName: gw.resourceGroupName, revision: '1', path: 'orders', protocols: ['https'],
  });
  const ONE_POLICY = /: test\/first already has the API-scope policy of API .* on this gateway, and API Management keeps one: .* Fix: put all statements of that API into one policy/;

  it('fails when two policies limit one API, given once by name and once by api.name', () => {
    const stack = testStack();
    const gw = gateway(stack);
    const api = ordersApi(stack, gw);
    new ApiRateLimitPolicy(stack, 'first', { gateway: gw, apiName: 'orders', rateLimit: RATE });
    const r = refusalOf(() => new ApiRateLimitPolicy(stack, 'second', { gateway: gw, apiName: api.name, concurrency: { maxCount: 2 } }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/second', setting: 'apiName' });
    // The message names the API, not the unresolved reference the policy was given.
    expect(r.message).toMatch(/^\[AZURE\] test\/second: apiName = "orders": test\/first already has the API-scope policy of API "orders" on this gateway/);
    expect(r.message).toMatch(ONE_POLICY);
  });

  it('fails when two policies limit one API, given once by api.name and once by name', () => {
    const stack = testStack();
    const gw = gateway(stack);
    const api = ordersApi(stack, gw);
    new ApiRateLimitPolicy(stack, 'first', { gateway: gw, apiName: api.name, rateLimit: RATE });
    const r = refusalOf(() => new ApiRateLimitPolicy(stack, 'second', { gateway: gw, apiName: 'orders', rateLimit: RATE }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/second', setting: 'apiName' });
    expect(r.message).toMatch(/^\[AZURE\] test\/second: apiName = "orders": test\/first already has the API-scope policy of API "orders" on this gateway/);
    expect(r.message).toMatch(ONE_POLICY);
  });

  it('fails when two policies limit one API by name, whatever its case', () => {
    const stack = testStack();
    const gw = gateway(stack);
    new ApiRateLimitPolicy(stack, 'first', { gateway: gw, apiName: 'orders', rateLimit: RATE });
    const r = refusalOf(() => new ApiRateLimitPolicy(stack, 'second', { gateway: gw, apiName: 'Orders', rateLimit: RATE }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/second', setting: 'apiName' });
    expect(r.message).toMatch(/^\[AZURE\] test\/second: apiName = "Orders": test\/first already has the API-scope policy of API "Orders" on this gateway/);
  });

  it('fails when two stacks of one app put a policy on one API of a shared gateway', () => {
    const app = Testing.app();
    const attributes = { serviceName: 'apim-shared', resourceGroupName: 'rg-shared', skuName: 'StandardV2_1' };
    const first = new TerraformStack(app, 'first');
    new ApiRateLimitPolicy(first, 'limits', { gateway: ApiGateway.fromExisting(first, 'gateway', attributes), apiName: 'orders', rateLimit: RATE });
    const second = new TerraformStack(app, 'second');
    const r = refusalOf(() => new ApiRateLimitPolicy(second, 'limits', { gateway: ApiGateway.fromExisting(second, 'gateway', attributes), apiName: 'orders', rateLimit: RATE }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'second/limits', setting: 'apiName' });
    expect(r.message).toMatch(/^\[AZURE\] second\/limits: apiName = "orders": first\/limits already has the API-scope policy of API "orders" on this gateway/);
  });

  it('accepts one policy per API, the same API name on two gateways, and one API in two apps', () => {
    const stack = testStack();
    const gw = gateway(stack);
    new ApiRateLimitPolicy(stack, 'orders', { gateway: gw, apiName: 'orders', rateLimit: RATE });
    new ApiRateLimitPolicy(stack, 'billing', { gateway: gw, apiName: 'billing', rateLimit: RATE });
    new ApiRateLimitPolicy(stack, 'classic-orders', { gateway: classic(stack), apiName: 'orders', rateLimit: RATE });
    expect(Object.keys(resourcesOf(synth(stack), 'azurerm_api_management_api_policy'))).toHaveLength(3);
    // testStack() makes a new app each time: each app owns its own gateways.
    expect(() => build()).not.toThrow();
    expect(() => build()).not.toThrow();
  });

  it('keeps the policies of two APIs given by api.name apart, and takes an API name given as a Terraform value', () => {
    const stack = testStack();
    const gw = gateway(stack);
    const api = (id: string) => new ApiManagementApi(stack, id, {
      name: id, apiManagementName: gw.serviceName, resourceGroupName: gw.resourceGroupName, revision: '1', path: id, protocols: ['https'],
    });
    const rate = { calls: 100, renewalPeriodSeconds: 60 };
    new ApiRateLimitPolicy(stack, 'orders-limits', { gateway: gw, apiName: api('orders').name, rateLimit: rate });
    new ApiRateLimitPolicy(stack, 'billing-limits', { gateway: gw, apiName: api('billing').name, rateLimit: rate });
    new ApiRateLimitPolicy(stack, 'other-limits', { gateway: gw, apiName: new TerraformVariable(stack, 'api', { type: 'string' }).stringValue, rateLimit: rate });
    expect(Object.keys(synth(stack).resource?.azurerm_api_management_api_policy ?? {})).toHaveLength(3);
  });
});

describe.skipIf(!policySchemaAvailable())(`ApiRateLimitPolicy against the APIM policy XSD${policySchemaSkipReason()}`, () => {
  it.each<[string, Partial<ApiRateLimitPolicyProps>]>([
    ['the defaults', {}],
    ['every option', {
      rateLimit: { ...RATE, key: CounterKey.claim('sub'), countOnly: CountOnly.ALL }, concurrency: { maxCount: 4, key: CounterKey.shared('orders') },
      tokenLimit: { tokensPerMinute: 1000, tokenQuota: 10000, tokenQuotaPeriod: TokenQuotaPeriod.WEEKLY, estimatePromptTokens: false },
      backendId: 'orders-backend', forwardRequestTimeoutSeconds: 120, retryAfterSeconds: 9, inbound: [PolicyStatement.onlyFromFrontDoor('fdid')],
    }],
    ['concurrency only', { rateLimit: undefined, concurrency: { maxCount: 1 } }],
  ])('validates the document of %s', async (_name, props) => {
    expect(await validatePolicyDeep(build(props).limits.xml)).toEqual({ valid: true, errors: [] });
  });
});

describe('ApiRateLimitPolicy: a builder\'s refusal names the construct that used it', () => {
  // Built in the props, so before the construct exists: the statement or key keeps its refusal,
  // and the construct raises it with its own path.
  it('fails when a statement given in inbound, inboundAfterLimits or outbound was refused when it was built, naming the construct', () => {
    for (const setting of ['inbound', 'inboundAfterLimits', 'outbound'] as const) {
      const r = refusalOf(() => build({ [setting]: [PolicyStatement.setHeader('X Tenant', ExistsAction.OVERRIDE, 'a')] }));
      expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/limits', setting: `${setting}.name` });
      expect(r.message).toBe(`[AZURE] test/limits: ${setting}.name = "X Tenant": an HTTP header name is letters, digits and !#$%&'*+.^_\`|~- without spaces or colons. Fix: use e.g. 'Retry-After'.`);
    }
  });

  it('fails when the rate limit\'s counter key was refused when it was built, naming the construct and the key', () => {
    const r = refusalOf(() => build({ rateLimit: { ...RATE, key: CounterKey.claim('given name') } }));
    expect(r.message).toBe('[LIM-4] test/limits: rateLimit.key.name = "given name": a claim name is letters, digits and . _ : / - (it is embedded in a policy expression). '
      + 'Fix: use the claim\'s name as it appears in the token, e.g. \'sub\' or \'oid\'.');
    expect(refusalOf(() => build({ rateLimit: undefined, concurrency: { maxCount: 4, key: CounterKey.shared('-orders') } })))
      .toMatchObject({ lesson: 'LIM-4', path: 'test/limits', setting: 'concurrency.key.name' });
  });
});
