import { describe, expect, it } from 'vitest';
import { CounterKey } from '../constructs/policy/counter-key';
import { onlyFromFrontDoor } from '../constructs/policy/fragments';
import { PolicyDocument } from '../constructs/policy/policy-document';
import {
  SUCCESSFUL_RESPONSE_CONDITION, THROTTLE_RETRY_AFTER_VARIABLE, clientIdHeader, limitConcurrency, llmTokenLimit, rateLimitByKey, setBackendService,
} from '../constructs/policy/rate-limit';
import { PolicyStatement, PolicyValueError, forwardRequest, setHeader } from '../constructs/policy/statements';
import { THROTTLED_CONDITION, throttledAsProblemJson } from '../constructs/policy/throttling-response';
import { renderXml } from '../constructs/policy/xml';
import { policySchemaAvailable, policySchemaSkipReason } from './support/apim-policy-schema';
import { validatePolicyDeep } from './support/policy-xsd';

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Attributes of the first `<name ...>` element in the XML, unescaped. */
function attributesOf(xml: string, name: string): Record<string, string> {
  const tag = xml.match(new RegExp(`<${name}((?:\\s+[a-z-]+="[^"]*")*)\\s*/?>`));
  if (!tag) throw new Error(`no <${name}> in\n${xml}`);
  return Object.fromEntries([...tag[1].matchAll(/([a-z-]+)="([^"]*)"/g)].map((m) => [m[1], unescape(m[2])]));
}

const render = (s: PolicyStatement) => renderXml(s.element);
const SUBSCRIPTION = '@(context.Subscription?.Id ?? "anonymous")';

describe('CounterKey', () => {
  it('keys on the subscription, which the client cannot pick (GW-1, GW-5)', () => {
    const key = CounterKey.subscription();
    expect(key).toMatchObject({ expression: SUBSCRIPTION, clientControlled: false, kind: 'subscription' });
    expect(key.description).toBe('the APIM subscription');
  });

  it('keys on a claim of the bearer token', () => {
    const key = CounterKey.claim('oid');
    expect(key.expression).toBe('@(context.Request.Headers.GetValueOrDefault("Authorization", "").AsJwt()?.Claims.GetValueOrDefault("oid", "anonymous") ?? "anonymous")');
    expect(key.clientControlled).toBe(false);
  });

  it('keys on the caller IP and says it is the edge address behind Front Door (LIM-4)', () => {
    const key = CounterKey.ipAddress();
    expect(key.expression).toBe('@(context.Request.IpAddress)');
    expect(key.description).toContain('behind Front Door: the edge address');
  });

  it('keys on a request header only when told the client controls it (GW-5)', () => {
    const key = CounterKey.requestHeader('X-Tenant-Id', { clientControlled: true });
    expect(key).toMatchObject({ expression: '@(context.Request.Headers.GetValueOrDefault("X-Tenant-Id", "anonymous"))', clientControlled: true });
  });

  it('shares one counter between all callers', () => {
    expect(CounterKey.shared('orders-backend')).toMatchObject({ expression: 'orders-backend', identifiesCaller: false });
  });

  it('fails when a request-header key that is not acknowledged as client-controlled is used by a statement (GW-5)', () => {
    const key = CounterKey.requestHeader('X-Tenant-Id');
    expect(key).toMatchObject({ clientControlled: true, acknowledged: false });
    const header = /^\[GW-5\] counter key = "@\(context\.Request\.Headers\.GetValueOrDefault\(\\"X-Tenant-Id\\", \\"anonymous\\"\)\)": the client picks this key, .*fresh budget.* Fix: key on CounterKey\.subscription\(\)/;
    expect(() => rateLimitByKey({ calls: 10, renewalPeriodSeconds: 10, key })).toThrow(PolicyValueError);
    expect(() => rateLimitByKey({ calls: 10, renewalPeriodSeconds: 10, key })).toThrow(header);
    expect(() => limitConcurrency({ maxCount: 1, key }, [forwardRequest({ timeoutSeconds: 60 })])).toThrow(header);
    expect(() => llmTokenLimit({ tokensPerMinute: 100, key: CounterKey.requestHeader('X-Tenant-Id', { clientControlled: false }) })).toThrow(header);
  });

  it('fails when a claim or header name would break the expression', () => {
    expect(() => CounterKey.claim('a"b')).toThrow(/^\[LIM-4\] CounterKey\.claim name = "a\\"b": .* Fix: /);
    expect(() => CounterKey.requestHeader('X Tenant', { clientControlled: true })).toThrow(/^\[LIM-4\] CounterKey\.requestHeader name = "X Tenant"/);
  });
});

describe('rateLimitByKey', () => {
  it('keys on the subscription, counts only successful responses and exposes Retry-After (GW-1, GW-4, EDGE-6)', () => {
    expect(attributesOf(render(rateLimitByKey({ calls: 100, renewalPeriodSeconds: 60 })), 'rate-limit-by-key')).toEqual({
      calls: '100',
      'renewal-period': '60',
      'counter-key': SUBSCRIPTION,
      'increment-condition': '@(context.Response.StatusCode >= 200 && context.Response.StatusCode < 400)',
      'retry-after-variable-name': THROTTLE_RETRY_AFTER_VARIABLE,
    });
  });

  it('counts every call when countOnly is all', () => {
    const a = attributesOf(render(rateLimitByKey({ calls: 5, renewalPeriodSeconds: 300, countOnly: 'all' })), 'rate-limit-by-key');
    expect(a['increment-condition']).toBeUndefined();
    expect(a['renewal-period']).toBe('300');
  });

  it('uses the given key', () => {
    const a = attributesOf(render(rateLimitByKey({ calls: 1, renewalPeriodSeconds: 1, key: CounterKey.claim('sub') })), 'rate-limit-by-key');
    expect(a['counter-key']).toBe('@(context.Request.Headers.GetValueOrDefault("Authorization", "").AsJwt()?.Claims.GetValueOrDefault("sub", "anonymous") ?? "anonymous")');
    expect(SUCCESSFUL_RESPONSE_CONDITION).toContain('< 400');
  });

  it.each([0, -1, 1.5])('fails when calls is %s (GW-1)', (calls) => {
    expect(() => rateLimitByKey({ calls, renewalPeriodSeconds: 60 })).toThrow(
      new RegExp(`^\\[GW-1\\] rate-limit-by-key calls = ${String(calls).replace('.', '\\.')}: .* Fix: give the calls`));
  });

  it.each([0, 301])('fails when the renewal period is %s s (GW-1)', (renewalPeriodSeconds) => {
    expect(() => rateLimitByKey({ calls: 10, renewalPeriodSeconds })).toThrow(
      new RegExp(`^\\[GW-1\\] rate-limit-by-key renewal-period = ${renewalPeriodSeconds}: API Management accepts a renewal period of 1-300 .* Fix: use at most 300 s`));
  });
});

describe('limitConcurrency', () => {
  it('wraps the statements it limits, keyed on the subscription by default (GW-6)', () => {
    const xml = render(limitConcurrency({ maxCount: 4 }, [forwardRequest({ timeoutSeconds: 60 })]));
    expect(attributesOf(xml, 'limit-concurrency')).toEqual({ key: SUBSCRIPTION, 'max-count': '4' });
    expect(xml).toMatch(/<limit-concurrency [^>]*>\n\s+<forward-request timeout="60" buffer-response="false" \/>\n<\/limit-concurrency>/);
  });

  it('caps the whole backend with a shared key', () => {
    const xml = render(limitConcurrency({ maxCount: 10, key: CounterKey.shared('orders') }, [forwardRequest({ timeoutSeconds: 30 })]));
    expect(attributesOf(xml, 'limit-concurrency')).toEqual({ key: 'orders', 'max-count': '10' });
  });

  it.each([0, 2.5])('fails when maxCount is %s (GW-6)', (maxCount) => {
    expect(() => limitConcurrency({ maxCount }, [forwardRequest({ timeoutSeconds: 60 })])).toThrow(
      new RegExp(`^\\[GW-6\\] limit-concurrency max-count = ${String(maxCount).replace('.', '\\.')}: .*0 would reject every call\\. Fix: give the calls`));
  });

  it('fails when it wraps nothing (GW-6)', () => {
    expect(() => limitConcurrency({ maxCount: 1 }, [])).toThrow(/^\[GW-6\] limit-concurrency statements = \[\]: .* Fix: wrap the forward-request/);
  });
});

describe('llmTokenLimit', () => {
  it('renders a rate with prompt estimation on by default (LIM-3)', () => {
    expect(attributesOf(render(llmTokenLimit({ tokensPerMinute: 10_000 })), 'llm-token-limit')).toEqual({
      'counter-key': SUBSCRIPTION,
      'estimate-prompt-tokens': 'true',
      'tokens-per-minute': '10000',
      'retry-after-variable-name': THROTTLE_RETRY_AFTER_VARIABLE,
    });
  });

  it('renders a quota with its period, a custom key and no estimation', () => {
    const a = attributesOf(render(llmTokenLimit({ tokenQuota: 1_000_000, tokenQuotaPeriod: 'Monthly', key: CounterKey.claim('oid'), estimatePromptTokens: false })), 'llm-token-limit');
    expect(a).toMatchObject({ 'token-quota': '1000000', 'token-quota-period': 'Monthly', 'estimate-prompt-tokens': 'false', 'counter-key': '@(context.Request.Headers.GetValueOrDefault("Authorization", "").AsJwt()?.Claims.GetValueOrDefault("oid", "anonymous") ?? "anonymous")' });
    expect(a['tokens-per-minute']).toBeUndefined();
  });

  it('fails when neither a rate nor a quota is given (LIM-3)', () => {
    expect(() => llmTokenLimit({})).toThrow(/^\[LIM-3\] llm-token-limit = \{\}: it needs a rate .* Fix: give tokensPerMinute/);
  });

  it('fails when a quota has no period (LIM-3)', () => {
    expect(() => llmTokenLimit({ tokenQuota: 100 })).toThrow(/^\[LIM-3\] llm-token-limit token-quota-period = undefined: a token quota needs the period .* Fix: give tokenQuotaPeriod: one of Hourly, Daily/);
  });

  it('fails when a period has no quota (LIM-3)', () => {
    expect(() => llmTokenLimit({ tokensPerMinute: 5, tokenQuotaPeriod: 'Daily' })).toThrow(/^\[LIM-3\] llm-token-limit token-quota-period = "Daily": .* Fix: give tokenQuota as well/);
  });

  it('fails when tokens per minute is 0 (LIM-3)', () => {
    expect(() => llmTokenLimit({ tokensPerMinute: 0 })).toThrow(/^\[LIM-3\] llm-token-limit tokens-per-minute = 0: /);
  });
});

describe('clientIdHeader and setBackendService', () => {
  it('overrides X-Client-Id with the subscription by default (GW-5)', () => {
    const xml = render(clientIdHeader());
    expect(attributesOf(xml, 'set-header')).toEqual({ name: 'X-Client-Id', 'exists-action': 'override' });
    expect(unescape(xml)).toContain(`<value>${SUBSCRIPTION}</value>`);
  });

  it('sets X-Client-Id from a claim', () => {
    expect(unescape(render(clientIdHeader(CounterKey.claim('sub'))))).toContain('GetValueOrDefault("sub", "anonymous")');
  });

  it('fails when X-Client-Id would come from a client-controlled header (GW-5)', () => {
    expect(() => clientIdHeader(CounterKey.requestHeader('X-Tenant', { clientControlled: true }))).toThrow(
      /^\[GW-5\] X-Client-Id from the request header X-Tenant \(client-controlled\) = .*: the client picks this value.* Fix: set X-Client-Id from CounterKey\.subscription\(\)/);
  });

  it('fails when X-Client-Id would come from a shared counter (GW-5)', () => {
    expect(() => clientIdHeader(CounterKey.shared('all'))).toThrow(/^\[GW-5\] .*a shared counter names no caller/);
  });

  it('routes to a backend entity', () => {
    expect(attributesOf(render(setBackendService('orders-backend')), 'set-backend-service')).toEqual({ 'backend-id': 'orders-backend' });
  });

  it('fails when the backend id is empty (GW-7)', () => {
    expect(() => setBackendService('')).toThrow(/^\[GW-7\] set-backend-service backend-id = "": .* Fix: pass GatewayBackend\.backendId/);
  });
});

describe('throttledAsProblemJson', () => {
  const xml = render(throttledAsProblemJson({ retryAfterSeconds: 7 }));

  it('matches a gateway throttle by reason or by policy source', () => {
    expect(unescape(attributesOf(xml, 'when').condition)).toBe(THROTTLED_CONDITION);
    for (const part of ['context.LastError.Reason == "RateLimitExceeded"', 'context.LastError.Source == "rate-limit-by-key"',
      'context.LastError.Source == "limit-concurrency"', 'context.LastError.Source == "llm-token-limit"']) {
      expect(THROTTLED_CONDITION).toContain(part);
    }
  });

  it('leaves a used-up token quota and backend failures under a limit policy alone (not a 429)', () => {
    for (const reason of ['QuotaExceeded', 'Timeout', 'BackendConnectionFailure', 'ClientConnectionFailure']) {
      expect(THROTTLED_CONDITION).toContain(`&& context.LastError.Reason != "${reason}"`);
    }
    // The exclusions bind to the source branch only: a RateLimitExceeded reason always counts.
    expect(THROTTLED_CONDITION).toMatch(/^@\(context\.LastError != null && \(context\.LastError\.Reason == "RateLimitExceeded" \|\| \(context\.LastError\.Source == [^)]*\) && /);
  });

  it('answers 429 application/problem+json with Retry-After from the rate limit, else the fallback (GW-1, EDGE-6)', () => {
    expect(attributesOf(xml, 'set-status')).toEqual({ code: '429', reason: 'Too Many Requests' });
    const text = unescape(xml);
    expect(text).toMatch(/<set-header name="Content-Type" exists-action="override">\s*<value>application\/problem\+json<\/value>/);
    expect(text).toMatch(new RegExp(`<set-header name="Retry-After" exists-action="override">\\s*<value>@\\(context\\.Variables\\.ContainsKey\\("${THROTTLE_RETRY_AFTER_VARIABLE}"\\) \\? context\\.Variables\\["${THROTTLE_RETRY_AFTER_VARIABLE}"\\]\\.ToString\\(\\) : "7"\\)</value>`));
  });

  it('writes an RFC 9457 body', () => {
    const body = JSON.parse(unescape(xml.match(/<set-body>([\s\S]*)<\/set-body>/)![1])) as Record<string, unknown>;
    expect(body).toEqual({ type: 'about:blank', title: 'Too Many Requests', status: 429, detail: expect.stringContaining('Retry-After') });
    const custom = render(throttledAsProblemJson({ retryAfterSeconds: 1, type: 'https://errors.contoso.com/throttled', detail: 'Slow down.' }));
    expect(JSON.parse(unescape(custom.match(/<set-body>([\s\S]*)<\/set-body>/)![1]))).toMatchObject({ type: 'https://errors.contoso.com/throttled', detail: 'Slow down.' });
  });

  it('fails when the fallback Retry-After is 0 (EDGE-6)', () => {
    expect(() => throttledAsProblemJson({ retryAfterSeconds: 0 })).toThrow(/^\[EDGE-6\] Retry-After fallback = 0: .* Fix: use a small interval such as 5\./);
  });

  it('fails when the problem type is not a URI (GW-1)', () => {
    expect(() => throttledAsProblemJson({ retryAfterSeconds: 5, type: 'throttled' })).toThrow(/^\[GW-1\] problem type = "throttled": an RFC 9457 type is a URI\. Fix: /);
  });
});

describe('PolicyDocument backend', () => {
  const sections = (xml: string) => Object.fromEntries(
    ['inbound', 'backend', 'outbound', 'on-error'].map((s) => [s, xml.match(new RegExp(`<${s}>([\\s\\S]*?)</${s}>`))?.[1].trim()]),
  );

  it('replaces <base /> in the backend with the given statements (GW-6)', () => {
    const xml = new PolicyDocument({ backend: [limitConcurrency({ maxCount: 2 }, [forwardRequest({ timeoutSeconds: 60, bufferResponse: true })])] }).toXml();
    const backend = sections(xml).backend!;
    expect(backend).not.toContain('<base />');
    expect(backend).toMatch(/^<limit-concurrency key="[^"]+" max-count="2">\s*<forward-request timeout="60" buffer-response="true" \/>\s*<\/limit-concurrency>$/);
    expect(sections(xml).inbound).toBe('<base />');
  });

  it('renders byte-identical XML for the props it had before', () => {
    const props = { inbound: [setHeader('X-Demo', 'override', '1')], outbound: [setHeader('X-Out', 'skip', '2')] };
    expect(new PolicyDocument({ ...props, backend: undefined }).toXml()).toBe(new PolicyDocument(props).toXml());
    expect(new PolicyDocument().toXml()).toBe(
      '<policies>\n  <inbound>\n    <base />\n  </inbound>\n  <backend>\n    <base />\n  </backend>\n  <outbound>\n    <base />\n  </outbound>\n  <on-error>\n    <base />\n  </on-error>\n</policies>');
  });

  it('fails when both backend and streamingForwardRequest are given (EDGE-3)', () => {
    expect(() => new PolicyDocument({ backend: [forwardRequest({ timeoutSeconds: 60 })], streamingForwardRequest: { timeoutSeconds: 240 } })).toThrow(
      /^\[EDGE-3\] PolicyDocument backend = both backend and streamingForwardRequest: .* Fix: put forwardRequest/);
  });

  it('fails when backend is empty (EDGE-3)', () => {
    expect(() => new PolicyDocument({ backend: [] })).toThrow(/^\[EDGE-3\] PolicyDocument backend = \[\]: an empty backend section never calls the backend\. Fix: /);
  });
});

describe.skipIf(!policySchemaAvailable())(`Rate-limit policies against the APIM policy XSD${policySchemaSkipReason()}`, () => {
  it('validates a document with every rate-limit builder and key, nested content included', async () => {
    const xml = new PolicyDocument({
      inbound: [
        onlyFromFrontDoor('00000000-0000-0000-0000-000000000000'),
        rateLimitByKey({ calls: 100, renewalPeriodSeconds: 60 }),
        rateLimitByKey({ calls: 10, renewalPeriodSeconds: 10, key: CounterKey.ipAddress(), countOnly: 'all' }),
        rateLimitByKey({ calls: 10, renewalPeriodSeconds: 10, key: CounterKey.requestHeader('X-Tenant-Id', { clientControlled: true }) }),
        llmTokenLimit({ tokensPerMinute: 5000, tokenQuota: 100000, tokenQuotaPeriod: 'Daily', key: CounterKey.claim('oid') }),
        clientIdHeader(),
        setBackendService('orders-backend'),
      ],
      backend: [limitConcurrency({ maxCount: 4, key: CounterKey.shared('orders') }, [forwardRequest({ timeoutSeconds: 60 })])],
      onError: [throttledAsProblemJson({ retryAfterSeconds: 5 })],
    }).toXml();
    expect(await validatePolicyDeep(xml)).toEqual({ valid: true, errors: [] });
  });

  it('fails when a statement inside limit-concurrency has an attribute the XSD does not know', async () => {
    const xml = new PolicyDocument({ backend: [limitConcurrency({ maxCount: 4 }, [forwardRequest({ timeoutSeconds: 60 })])] }).toXml()
      .replace('buffer-response=', 'buffer_response=');
    const result = await validatePolicyDeep(xml);
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toContain('buffer_response');
  });

  it('fails when set-status inside return-response has an attribute the XSD does not know', async () => {
    const xml = new PolicyDocument({ onError: [throttledAsProblemJson({ retryAfterSeconds: 5 })] }).toXml().replace('<set-status code=', '<set-status status=');
    const result = await validatePolicyDeep(xml);
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toContain("'status'");
  });
});
