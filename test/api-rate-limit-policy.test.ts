import { TerraformVariable } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { IApiGatewayRef, rateLimitAlgorithmOf } from '../constructs/api-management/api-gateway';
import { ApiRateLimitPolicy, ApiRateLimitPolicyProps } from '../constructs/api-management/api-rate-limit-policy';
import { GatewayBackend } from '../constructs/api-management/gateway-backend';
import { CounterKey } from '../constructs/policy/counter-key';
import { onlyFromFrontDoor } from '../constructs/policy/fragments';
import { THROTTLE_RETRY_AFTER_VARIABLE } from '../constructs/policy/rate-limit';
import { policySchemaAvailable, policySchemaSkipReason } from './support/apim-policy-schema';
import { gateway } from './support/fixtures';
import { validatePolicyDeep } from './support/policy-xsd';
import { resourceOf, synth, testStack, warningsOf } from './support/synth';

const CLASSIC: IApiGatewayRef = { serviceName: 'apim-classic', resourceGroupName: 'rg-classic', skuName: 'Developer_1' };
const RATE = { calls: 100, renewalPeriodSeconds: 60 };

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
const infosOf = (limits: ApiRateLimitPolicy) => limits.node.metadata.filter((m) => m.type === '@cdktf/info').map((m) => String(m.data));

describe('ApiRateLimitPolicy defaults', () => {
  const { limits, tf } = build();
  const policy = resourceOf(tf, 'azurerm_api_management_api_policy', 'limits/policy');
  const xml = policy.xml_content as string;

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
      tokenLimit: { tokensPerMinute: 20_000, tokenQuota: 5_000_000, tokenQuotaPeriod: 'Monthly' },
      inbound: [onlyFromFrontDoor('fdid')],
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
    const { limits } = build({ rateLimit: { ...RATE, key: CounterKey.claim('sub'), countOnly: 'all' } });
    const inbound = unescape(section(limits.xml, 'inbound'));
    expect(inbound).toContain(`counter-key="${CounterKey.claim('sub').expression}" retry-after-variable-name`);
    expect(inbound).not.toContain('increment-condition');
    expect(inbound).toContain(`<value>${CounterKey.claim('sub').expression}</value>`);
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
    const limits = new ApiRateLimitPolicy(stack, 'limits', { gateway: CLASSIC, apiName: 'orders', rateLimit: { calls: 10, renewalPeriodSeconds: 30 } });
    expect(limits.algorithm).toBe('sliding window');
    expect(infosOf(limits)[0]).toMatch(/^\[GW-2\] test\/limits: rate-limit-by-key \(10 calls per 30 s per the APIM subscription\) on Developer_1 is a sliding window: at most 10 calls in any 30 s/);
    expect(resourceOf(synth(stack), 'azurerm_api_management_api_policy')).toMatchObject({ api_management_name: 'apim-classic', resource_group_name: 'rg-classic' });
  });

  it('accepts a SKU only known at apply time and says both algorithms (GW-2)', () => {
    const stack = testStack();
    const sku = new TerraformVariable(stack, 'sku', { type: 'string' });
    const limits = new ApiRateLimitPolicy(stack, 'limits', { gateway: { ...CLASSIC, skuName: sku.stringValue }, apiName: 'orders', rateLimit: RATE });
    expect(limits.algorithm).toBeUndefined();
    expect(infosOf(limits)[0]).toMatch(/not known at synth; v2 tiers count with a token bucket .* classic tiers with a sliding window/);
  });

  it('allows concurrency alone on Consumption (limit-concurrency runs there)', () => {
    const stack = testStack();
    const limits = new ApiRateLimitPolicy(stack, 'limits', { gateway: { ...CLASSIC, skuName: 'Consumption_0' }, apiName: 'orders', concurrency: { maxCount: 3 } });
    expect(limits.algorithm).toBeUndefined();
    expect(limits.xml).toContain('max-count="3"');
  });

  it('warns when a forward-request timeout is given without concurrency (EDGE-1)', () => {
    const { stack } = build({ forwardRequestTimeoutSeconds: 30 });
    expect(warningsOf(stack)).toEqual([expect.stringMatching(/^\[EDGE-1\] test\/limits: forwardRequestTimeoutSeconds = 30: without concurrency .* Fix: drop it/)]);
  });
});

describe('rateLimitAlgorithmOf and ApiGateway.skuName', () => {
  it.each([
    ['BasicV2_1', 'token bucket'], ['StandardV2_10', 'token bucket'], ['PremiumV2_3', 'token bucket'],
    ['Developer_1', 'sliding window'], ['Basic_2', 'sliding window'], ['Standard_1', 'sliding window'], ['Premium_4', 'sliding window'],
    ['Consumption_0', undefined], ['Free', undefined],
  ])('%s → %s (GW-2)', (sku, algorithm) => {
    expect(rateLimitAlgorithmOf(sku)).toBe(algorithm);
  });

  it('exposes the SKU on ApiGateway and keeps rateLimitAlgorithm', () => {
    const gw = gateway(testStack());
    const ref: IApiGatewayRef = gw;
    expect(ref.skuName).toBe('BasicV2_1');
    expect(gw.rateLimitAlgorithm).toBe('token bucket');
    expect(rateLimitAlgorithmOf('Standard_1')).toBe('sliding window');
  });
});

describe('ApiRateLimitPolicy refusals', () => {
  const refusal = (props: Partial<ApiRateLimitPolicyProps>) => () => build(props);

  it.each([0, 1.5])('fails when rateLimit.calls is %s (GW-1)', (calls) => {
    expect(refusal({ rateLimit: { calls, renewalPeriodSeconds: 60 } })).toThrow(
      new RegExp(`^\\[GW-1\\] test/limits: rateLimit\\.calls = ${String(calls).replace('.', '\\.')}: the calls each key may make per period are a whole number, at least 1\\. Fix: give e\\.g\\. 100 calls per 60 s\\.`));
  });

  it.each([0, 301, 3600])('fails when rateLimit.renewalPeriodSeconds is %s (GW-1)', (renewalPeriodSeconds) => {
    expect(refusal({ rateLimit: { calls: 10, renewalPeriodSeconds } })).toThrow(
      new RegExp(`^\\[GW-1\\] test/limits: rateLimit\\.renewalPeriodSeconds = ${renewalPeriodSeconds}: API Management accepts a renewal period of 1-300 whole seconds\\. Fix: use at most 300 s`));
  });

  it('fails when rateLimit.countOnly is not a known choice (GW-4)', () => {
    expect(refusal({ rateLimit: { ...RATE, countOnly: 'failed' as 'all' } })).toThrow(/^\[GW-4\] test\/limits: rateLimit\.countOnly = "failed": .* Fix: use 'successful'/);
  });

  it('fails when concurrency.maxCount is 0 (GW-6)', () => {
    expect(refusal({ concurrency: { maxCount: 0 } })).toThrow(
      /^\[GW-6\] test\/limits: concurrency\.maxCount = 0: .*0 would reject every call with 429\. Fix: give what the backend handles at once, e\.g\. 4/);
  });

  it('fails when a counter key is a raw request header the client controls, without saying so (GW-5)', () => {
    const key = CounterKey.requestHeader('X-Tenant');
    expect(refusal({ rateLimit: { ...RATE, key } })).toThrow(
      /^\[GW-5\] test\/limits: rateLimit\.key = "@\(context\.Request\.Headers\.GetValueOrDefault\(\\"X-Tenant\\", \\"anonymous\\"\)\)": the client picks this key, .*fresh budget.* Fix: key on CounterKey\.subscription\(\) .*\{ clientControlled: true \}/);
    expect(refusal({ rateLimit: undefined, concurrency: { maxCount: 1, key } })).toThrow(/^\[GW-5\] test\/limits: concurrency\.key = /);
  });

  it('fails when there is nothing to limit (GW-1)', () => {
    expect(refusal({ rateLimit: undefined })).toThrow(
      /^\[GW-1\] test\/limits: rateLimit = undefined: none of rateLimit, concurrency or tokenLimit is given, so the policy would limit nothing\. Fix: give rateLimit: /);
  });

  it('fails when the gateway is on the Consumption tier (GW-1)', () => {
    const stack = testStack();
    expect(() => new ApiRateLimitPolicy(stack, 'limits', { gateway: { ...CLASSIC, skuName: 'Consumption_0' }, apiName: 'orders', rateLimit: RATE })).toThrow(
      /^\[GW-1\] test\/limits: gateway\.skuName = "Consumption_0": rate-limit-by-key and llm-token-limit do not run on the Consumption tier.* Fix: put the API on a v2 tier/);
  });

  it('fails when a token limit is put on the Consumption tier (LIM-3)', () => {
    const stack = testStack();
    expect(() => new ApiRateLimitPolicy(stack, 'limits', { gateway: { ...CLASSIC, skuName: 'Consumption_0' }, apiName: 'ai', tokenLimit: { tokensPerMinute: 100 } })).toThrow(
      /^\[LIM-3\] test\/limits: gateway\.skuName = "Consumption_0": .*so tokenLimit would fail/);
  });

  it('fails when the SKU is not an API Management SKU', () => {
    const stack = testStack();
    expect(() => new ApiRateLimitPolicy(stack, 'limits', { gateway: { ...CLASSIC, skuName: 'Free' }, apiName: 'orders', rateLimit: RATE })).toThrow(
      /^\[AZURE\] test\/limits: gateway\.skuName = "Free": this is not an API Management SKU .* Fix: use e\.g\. 'BasicV2_1'/);
  });

  it('fails when tokenLimit has neither rate nor quota (LIM-3)', () => {
    expect(refusal({ tokenLimit: {} })).toThrow(/^\[LIM-3\] test\/limits: tokenLimit = \{\}: a token limit needs a rate .* Fix: give tokensPerMinute/);
  });

  it('fails when tokenLimit.tokenQuota has no period (LIM-3)', () => {
    expect(refusal({ tokenLimit: { tokenQuota: 1000 } })).toThrow(/^\[LIM-3\] test\/limits: tokenLimit\.tokenQuotaPeriod = undefined: a token quota needs the period it renews in\. Fix: give one of Hourly/);
  });

  it('fails when tokenLimit.tokensPerMinute is 0 (LIM-3)', () => {
    expect(refusal({ tokenLimit: { tokensPerMinute: 0 } })).toThrow(/^\[LIM-3\] test\/limits: tokenLimit\.tokensPerMinute = 0: /);
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

describe.skipIf(!policySchemaAvailable())(`ApiRateLimitPolicy against the APIM policy XSD${policySchemaSkipReason()}`, () => {
  it.each<[string, Partial<ApiRateLimitPolicyProps>]>([
    ['the defaults', {}],
    ['every option', {
      rateLimit: { ...RATE, key: CounterKey.claim('sub'), countOnly: 'all' }, concurrency: { maxCount: 4, key: CounterKey.shared('orders') },
      tokenLimit: { tokensPerMinute: 1000, tokenQuota: 10000, tokenQuotaPeriod: 'Weekly', estimatePromptTokens: false },
      backendId: 'orders-backend', forwardRequestTimeoutSeconds: 120, retryAfterSeconds: 9, inbound: [onlyFromFrontDoor('fdid')],
    }],
    ['concurrency only', { rateLimit: undefined, concurrency: { maxCount: 1 } }],
  ])('validates the document of %s', async (_name, props) => {
    expect(await validatePolicyDeep(build(props).limits.xml)).toEqual({ valid: true, errors: [] });
  });
});
