import { beforeEach, describe, expect, it } from 'vitest';
import { InvalidValueError, deferredRefusalOf } from '../../constructs/core/validation';
import { CounterKey, CounterKeyKind } from '../../constructs/policy/counter-key';
import { PolicyDocument } from '../../constructs/policy/policy-document';
import { PolicyStatement, elementOf } from '../../constructs/policy/policy-statement';
import { CountOnly, SUCCESSFUL_RESPONSE_CONDITION, THROTTLE_RETRY_AFTER_VARIABLE, TokenQuotaPeriod } from '../../constructs/policy/rate-limit';
import { ExistsAction } from '../../constructs/policy/statements';
import { THROTTLED_CONDITION } from '../../constructs/policy/throttling-response';
import { renderXml } from '../../constructs/policy/xml';
import { policySchemaAvailable, policySchemaSkipReason } from '../support/apim-policy-schema';
import { validatePolicyDeep } from '../support/policy-xsd';
import { refusalOf } from '../support/refusal';

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Attributes of the first `<name ...>` element in the XML, unescaped. */
function attributesOf(xml: string, name: string): Record<string, string> {
  const tag = xml.match(new RegExp(`<${name}((?:\\s+[a-z-]+="[^"]*")*)\\s*/?>`));
  if (!tag) throw new Error(`no <${name}> in\n${xml}`);
  return Object.fromEntries([...tag[1].matchAll(/([a-z-]+)="([^"]*)"/g)].map((m) => [m[1], unescape(m[2])]));
}

const render = (s: PolicyStatement) => renderXml(elementOf(s));
const SUBSCRIPTION = '@(context.Subscription?.Id ?? "anonymous")';

describe('CounterKey', () => {
  it('keys on the subscription, which the client cannot pick (GW-1, GW-5)', () => {
    const key = CounterKey.subscription();
    expect(key).toMatchObject({ expression: SUBSCRIPTION, clientControlled: false, kind: CounterKeyKind.SUBSCRIPTION, identifiesCaller: true });
    expect(key.description).toBe('the APIM subscription');
  });

  it('keys on a claim of the bearer token', () => {
    const key = CounterKey.claim('oid');
    expect(key.expression).toBe('@(context.Request.Headers.GetValueOrDefault("Authorization", "").AsJwt()?.Claims.GetValueOrDefault("oid", "anonymous") ?? "anonymous")');
    expect(key).toMatchObject({ kind: CounterKeyKind.CLAIM, clientControlled: false, description: 'the token claim oid' });
  });

  it('keys on the caller IP and says it is the edge address behind Front Door (LIM-4)', () => {
    const key = CounterKey.ipAddress();
    expect(key.expression).toBe('@(context.Request.IpAddress)');
    expect(key.description).toContain('behind Front Door: the edge address');
  });

  it('keys on a request header only when told the client controls it (GW-5)', () => {
    const key = CounterKey.requestHeader('X-Tenant-Id', { clientControlled: true });
    expect(key).toMatchObject({
      expression: '@(context.Request.Headers.GetValueOrDefault("X-Tenant-Id", "anonymous"))', clientControlled: true, acknowledged: true,
      kind: CounterKeyKind.REQUEST_HEADER,
    });
  });

  it('shares one counter between all callers', () => {
    expect(CounterKey.shared('orders-backend')).toMatchObject({ expression: 'orders-backend', identifiesCaller: false, kind: CounterKeyKind.SHARED });
  });

  it('fails when a request-header key that is not acknowledged as client-controlled is used by a statement (GW-5)', () => {
    const key = CounterKey.requestHeader('X-Tenant-Id');
    expect(key).toMatchObject({ clientControlled: true, acknowledged: false });
    const header = (builder: string) => new RegExp(`^\\[GW-5\\] ${builder}: key = "@\\(context\\.Request\\.Headers\\.GetValueOrDefault\\(\\\\"X-Tenant-Id\\\\", \\\\"anonymous\\\\"\\)\\)": `
      + 'the client picks this key, .*fresh budget.* Fix: key on CounterKey\\.subscription\\(\\)');
    // The statement keeps the refusal for the construct that uses it (within), and raises it when rendered.
    const refused = PolicyStatement.rateLimitByKey({ calls: 10, renewalPeriodSeconds: 10, key });
    expect(deferredRefusalOf(refused)).toBeInstanceOf(InvalidValueError);
    expect(() => new PolicyDocument({ inbound: [refused] }).toXml()).toThrow(InvalidValueError);
    const cases: [string, () => unknown][] = [
      ['rate-limit-by-key', () => PolicyStatement.rateLimitByKey({ calls: 10, renewalPeriodSeconds: 10, key })],
      ['limit-concurrency', () => PolicyStatement.limitConcurrency({ maxCount: 1, key }, [PolicyStatement.forwardRequest({ timeoutSeconds: 60 })])],
      ['llm-token-limit', () => PolicyStatement.llmTokenLimit({ tokensPerMinute: 100, key: CounterKey.requestHeader('X-Tenant-Id', { clientControlled: false }) })],
    ];
    for (const [builder, fn] of cases) {
      const r = refusalOf(fn);
      expect(r).toMatchObject({ lesson: 'GW-5', path: builder, setting: 'key' });
      expect(r.message).toMatch(header(builder));
    }
  });

  it('fails when a claim or header name would break the expression', () => {
    const claim = refusalOf(() => CounterKey.claim('a"b'));
    expect(claim).toMatchObject({ lesson: 'LIM-4', path: 'CounterKey.claim', setting: 'name' });
    expect(claim.message).toMatch(/^\[LIM-4\] CounterKey\.claim: name = "a\\"b": .* Fix: /);
    const header = refusalOf(() => CounterKey.requestHeader('X Tenant', { clientControlled: true }));
    expect(header).toMatchObject({ lesson: 'LIM-4', path: 'CounterKey.requestHeader', setting: 'name' });
    expect(header.message).toMatch(/^\[LIM-4\] CounterKey\.requestHeader: name = "X Tenant": .* Fix: /);
  });

  it('fails when the expression of a refused key is read, with the factory\'s refusal (not an empty expression)', () => {
    const key = CounterKey.claim('a"b');
    expect(() => key.expression).toThrow(/^\[LIM-4\] CounterKey\.claim: name = "a\\"b": /);
    expect(CounterKey.claim('sub').expression).toMatch(/^@\(/);
  });

  it('fails when a shared counter name is not letters, digits and . _ -', () => {
    const r = refusalOf(() => CounterKey.shared('orders backend'));
    expect(r).toMatchObject({ lesson: 'LIM-4', path: 'CounterKey.shared', setting: 'name' });
    expect(r.message).toMatch(/^\[LIM-4\] CounterKey\.shared: name = "orders backend": .* Fix: use e\.g\. 'orders-backend'\.$/);
  });
});

describe('CounterKey, the parts every key carries', () => {
  it('counts every kind but an unacknowledged request header as acknowledged', () => {
    expect([CounterKey.subscription(), CounterKey.claim('sub'), CounterKey.ipAddress(), CounterKey.shared('orders')].map((k) => k.acknowledged))
      .toEqual([true, true, true, true]);
    expect(CounterKey.requestHeader('X-Tenant-Id').acknowledged).toBe(false);
  });

  it('names the header and the shared counter in its description', () => {
    expect(CounterKey.requestHeader('X-Tenant-Id', { clientControlled: true }).description).toContain('X-Tenant-Id');
    expect(CounterKey.shared('orders-backend').description).toContain('orders-backend');
  });
});

describe('rateLimitByKey', () => {
  it('keys on the subscription, counts only successful responses and exposes Retry-After (GW-1, GW-4, EDGE-6)', () => {
    expect(attributesOf(render(PolicyStatement.rateLimitByKey({ calls: 100, renewalPeriodSeconds: 60 })), 'rate-limit-by-key')).toEqual({
      calls: '100',
      'renewal-period': '60',
      'counter-key': SUBSCRIPTION,
      'increment-condition': '@(context.Response.StatusCode >= 200 && context.Response.StatusCode < 400)',
      'retry-after-variable-name': THROTTLE_RETRY_AFTER_VARIABLE,
    });
  });

  it('counts every call when countOnly is all', () => {
    const a = attributesOf(render(PolicyStatement.rateLimitByKey({ calls: 5, renewalPeriodSeconds: 300, countOnly: CountOnly.ALL })), 'rate-limit-by-key');
    expect(a['increment-condition']).toBeUndefined();
    expect(a['renewal-period']).toBe('300');
  });

  it('uses the given key', () => {
    const a = attributesOf(render(PolicyStatement.rateLimitByKey({ calls: 1, renewalPeriodSeconds: 1, key: CounterKey.claim('sub') })), 'rate-limit-by-key');
    expect(a['counter-key']).toBe('@(context.Request.Headers.GetValueOrDefault("Authorization", "").AsJwt()?.Claims.GetValueOrDefault("sub", "anonymous") ?? "anonymous")');
    expect(SUCCESSFUL_RESPONSE_CONDITION).toContain('< 400');
  });

  it.each<[number, string]>([[0, '0'], [-1, '-1'], [1.5, '1\\.5'], [Number.NaN, 'NaN'], [Number.POSITIVE_INFINITY, 'Infinity'], [-0, '-0'], [2_147_483_648, '2147483648']])(
    'fails when calls is %s (GW-1)', (calls, shown) => {
      const r = refusalOf(() => PolicyStatement.rateLimitByKey({ calls, renewalPeriodSeconds: 60 }));
      expect(r).toMatchObject({ lesson: 'GW-1', path: 'rate-limit-by-key', setting: 'calls' });
      expect(r.message).toMatch(new RegExp(`^\\[GW-1\\] rate-limit-by-key: calls = ${shown}: the calls each key may make per period are a whole number, at least 1\\. Fix: give the calls`));
    });

  it.each([0, 301, 2.5])('fails when the renewal period is %s s (GW-1)', (renewalPeriodSeconds) => {
    const r = refusalOf(() => PolicyStatement.rateLimitByKey({ calls: 10, renewalPeriodSeconds }));
    expect(r).toMatchObject({ lesson: 'GW-1', path: 'rate-limit-by-key', setting: 'renewalPeriodSeconds' });
    expect(r.message).toMatch(new RegExp(`^\\[GW-1\\] rate-limit-by-key: renewalPeriodSeconds = ${String(renewalPeriodSeconds).replace('.', '\\.')}: API Management accepts a renewal period of 1-300 .* Fix: use at most 300 s`));
  });

  it('fails when countOnly is not a known choice (GW-4)', () => {
    const r = refusalOf(() => PolicyStatement.rateLimitByKey({ calls: 10, renewalPeriodSeconds: 10, countOnly: 'failed' as CountOnly }));
    expect(r).toMatchObject({ lesson: 'GW-4', path: 'rate-limit-by-key', setting: 'countOnly' });
    expect(r.message).toMatch(/^\[GW-4\] rate-limit-by-key: countOnly = "failed": .* Fix: use CountOnly\.SUCCESSFUL/);
  });
});

describe('limitConcurrency', () => {
  it('wraps the statements it limits, keyed on the subscription by default (GW-6)', () => {
    const xml = render(PolicyStatement.limitConcurrency({ maxCount: 4 }, [PolicyStatement.forwardRequest({ timeoutSeconds: 60 })]));
    expect(attributesOf(xml, 'limit-concurrency')).toEqual({ key: SUBSCRIPTION, 'max-count': '4' });
    expect(xml).toMatch(/<limit-concurrency [^>]*>\n\s+<forward-request timeout="60" buffer-response="false" \/>\n<\/limit-concurrency>/);
  });

  it('caps the whole backend with a shared key', () => {
    const xml = render(PolicyStatement.limitConcurrency({ maxCount: 10, key: CounterKey.shared('orders') }, [PolicyStatement.forwardRequest({ timeoutSeconds: 30 })]));
    expect(attributesOf(xml, 'limit-concurrency')).toEqual({ key: 'orders', 'max-count': '10' });
  });

  it.each<[number, string]>([[0, '0'], [2.5, '2\\.5'], [Number.NaN, 'NaN']])('fails when maxCount is %s (GW-6)', (maxCount, shown) => {
    const r = refusalOf(() => PolicyStatement.limitConcurrency({ maxCount }, [PolicyStatement.forwardRequest({ timeoutSeconds: 60 })]));
    expect(r).toMatchObject({ lesson: 'GW-6', path: 'limit-concurrency', setting: 'maxCount' });
    expect(r.message).toMatch(new RegExp(`^\\[GW-6\\] limit-concurrency: maxCount = ${shown}: .*0 would reject every call with 429\\. Fix: give what the backend handles at once`));
  });

  it('fails when it wraps nothing (GW-6)', () => {
    const r = refusalOf(() => PolicyStatement.limitConcurrency({ maxCount: 1 }, []));
    expect(r).toMatchObject({ lesson: 'GW-6', path: 'limit-concurrency', setting: 'statements' });
    expect(r.message).toMatch(/^\[GW-6\] limit-concurrency: statements = \[\]: .* Fix: wrap the forward-request/);
  });
});

describe('llmTokenLimit', () => {
  it('renders a rate with prompt estimation on by default (LIM-3)', () => {
    expect(attributesOf(render(PolicyStatement.llmTokenLimit({ tokensPerMinute: 10_000 })), 'llm-token-limit')).toEqual({
      'counter-key': SUBSCRIPTION,
      'estimate-prompt-tokens': 'true',
      'tokens-per-minute': '10000',
      'retry-after-variable-name': THROTTLE_RETRY_AFTER_VARIABLE,
    });
  });

  it('renders a quota with its period, a custom key and no estimation', () => {
    const a = attributesOf(render(PolicyStatement.llmTokenLimit({ tokenQuota: 1_000_000, tokenQuotaPeriod: TokenQuotaPeriod.MONTHLY, key: CounterKey.claim('oid'), estimatePromptTokens: false })), 'llm-token-limit');
    expect(a).toMatchObject({ 'token-quota': '1000000', 'token-quota-period': 'Monthly', 'estimate-prompt-tokens': 'false', 'counter-key': '@(context.Request.Headers.GetValueOrDefault("Authorization", "").AsJwt()?.Claims.GetValueOrDefault("oid", "anonymous") ?? "anonymous")' });
    expect(a['tokens-per-minute']).toBeUndefined();
  });

  it('fails when neither a rate nor a quota is given (LIM-3)', () => {
    const r = refusalOf(() => PolicyStatement.llmTokenLimit({}));
    expect(r).toMatchObject({ lesson: 'LIM-3', path: 'llm-token-limit', setting: 'tokensPerMinute' });
    expect(r.message).toMatch(/^\[LIM-3\] llm-token-limit: tokensPerMinute = undefined: a token limit needs a rate .* Fix: give tokensPerMinute/);
  });

  it('fails when a quota has no period (LIM-3)', () => {
    const r = refusalOf(() => PolicyStatement.llmTokenLimit({ tokenQuota: 100 }));
    expect(r).toMatchObject({ lesson: 'LIM-3', path: 'llm-token-limit', setting: 'tokenQuotaPeriod' });
    expect(r.message).toMatch(/^\[LIM-3\] llm-token-limit: tokenQuotaPeriod = undefined: a token quota needs the period .* Fix: give one of Hourly, Daily, Weekly, Monthly, Yearly\.$/);
  });

  it('fails when a quota period is not one APIM knows (LIM-3)', () => {
    const r = refusalOf(() => PolicyStatement.llmTokenLimit({ tokenQuota: 100, tokenQuotaPeriod: 'Fortnightly' as TokenQuotaPeriod }));
    expect(r).toMatchObject({ lesson: 'LIM-3', path: 'llm-token-limit', setting: 'tokenQuotaPeriod' });
    expect(r.message).toMatch(/^\[LIM-3\] llm-token-limit: tokenQuotaPeriod = "Fortnightly": /);
  });

  it('fails when a period has no quota (LIM-3)', () => {
    const r = refusalOf(() => PolicyStatement.llmTokenLimit({ tokensPerMinute: 5, tokenQuotaPeriod: TokenQuotaPeriod.DAILY }));
    expect(r).toMatchObject({ lesson: 'LIM-3', path: 'llm-token-limit', setting: 'tokenQuotaPeriod' });
    expect(r.message).toMatch(/^\[LIM-3\] llm-token-limit: tokenQuotaPeriod = "Daily": .* Fix: give tokenQuota as well/);
  });

  it('fails when tokens per minute is 0 (LIM-3)', () => {
    const r = refusalOf(() => PolicyStatement.llmTokenLimit({ tokensPerMinute: 0 }));
    expect(r).toMatchObject({ lesson: 'LIM-3', path: 'llm-token-limit', setting: 'tokensPerMinute' });
    expect(r.message).toMatch(/^\[LIM-3\] llm-token-limit: tokensPerMinute = 0: /);
  });

  it('fails when the token quota is not a whole number of tokens (LIM-3)', () => {
    const r = refusalOf(() => PolicyStatement.llmTokenLimit({ tokenQuota: 0.5, tokenQuotaPeriod: TokenQuotaPeriod.HOURLY }));
    expect(r).toMatchObject({ lesson: 'LIM-3', path: 'llm-token-limit', setting: 'tokenQuota' });
    expect(r.message).toMatch(/^\[LIM-3\] llm-token-limit: tokenQuota = 0\.5: /);
  });
});

describe('clientIdHeader and setBackendService', () => {
  it('overrides X-Client-Id with the subscription by default (GW-5)', () => {
    const xml = render(PolicyStatement.clientIdHeader());
    expect(attributesOf(xml, 'set-header')).toEqual({ name: 'X-Client-Id', 'exists-action': 'override' });
    expect(unescape(xml)).toContain(`<value>${SUBSCRIPTION}</value>`);
  });

  it('sets X-Client-Id from a claim', () => {
    expect(unescape(render(PolicyStatement.clientIdHeader(CounterKey.claim('sub'))))).toContain('GetValueOrDefault("sub", "anonymous")');
  });

  it('fails when X-Client-Id would come from a client-controlled header (GW-5)', () => {
    const r = refusalOf(() => PolicyStatement.clientIdHeader(CounterKey.requestHeader('X-Tenant', { clientControlled: true })));
    expect(r).toMatchObject({ lesson: 'GW-5', path: 'X-Client-Id', setting: 'key' });
    expect(r.message).toMatch(
      /^\[GW-5\] X-Client-Id: key = "@\(context\.Request\.Headers\.GetValueOrDefault\(\\"X-Tenant\\", \\"anonymous\\"\)\)": the client picks this value.* Fix: set X-Client-Id from CounterKey\.subscription\(\)/);
  });

  it('fails when X-Client-Id would come from a shared counter (GW-5)', () => {
    const r = refusalOf(() => PolicyStatement.clientIdHeader(CounterKey.shared('all')));
    expect(r).toMatchObject({ lesson: 'GW-5', path: 'X-Client-Id', setting: 'key' });
    expect(r.message).toMatch(/^\[GW-5\] X-Client-Id: key = "all": a shared counter names no caller/);
  });

  it('routes to a backend entity', () => {
    expect(attributesOf(render(PolicyStatement.useBackend('orders-backend')), 'set-backend-service')).toEqual({ 'backend-id': 'orders-backend' });
  });

  it('fails when the backend id is empty (GW-7)', () => {
    const r = refusalOf(() => PolicyStatement.useBackend(''));
    expect(r).toMatchObject({ lesson: 'GW-7', path: 'set-backend-service', setting: 'backendId' });
    expect(r.message).toMatch(/^\[GW-7\] set-backend-service: backendId = "": .* Fix: pass GatewayBackend\.backendId/);
  });
});

describe('throttledAsProblemJson', () => {
  // Rendered in each test (not once for the describe block), so mutation testing sees which test covers what.
  let xml = '';
  beforeEach(() => {
    xml = render(PolicyStatement.throttledAsProblemJson({ retryAfterSeconds: 7 }));
  });

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
    const custom = render(PolicyStatement.throttledAsProblemJson({ retryAfterSeconds: 1, type: 'https://errors.contoso.com/throttled', detail: 'Slow down.' }));
    expect(JSON.parse(unescape(custom.match(/<set-body>([\s\S]*)<\/set-body>/)![1]))).toMatchObject({ type: 'https://errors.contoso.com/throttled', detail: 'Slow down.' });
  });

  it('fails when the fallback Retry-After is 0 (EDGE-6)', () => {
    const r = refusalOf(() => PolicyStatement.throttledAsProblemJson({ retryAfterSeconds: 0 }));
    expect(r).toMatchObject({ lesson: 'EDGE-6', path: 'throttled-as-problem-json', setting: 'retryAfterSeconds' });
    expect(r.message).toMatch(/^\[EDGE-6\] throttled-as-problem-json: retryAfterSeconds = 0: .* Fix: use a small interval such as 5\./);
  });

  it('fails when the problem type is not a URI (GW-1)', () => {
    const r = refusalOf(() => PolicyStatement.throttledAsProblemJson({ retryAfterSeconds: 5, type: 'throttled' }));
    expect(r).toMatchObject({ lesson: 'GW-1', path: 'throttled-as-problem-json', setting: 'type' });
    expect(r.message).toMatch(/^\[GW-1\] throttled-as-problem-json: type = "throttled": an RFC 9457 type is a URI\. Fix: /);
  });
});

describe('throttledAsProblemJson problem type', () => {
  it('accepts a URN and an https URI as the type', () => {
    for (const type of ['urn:contoso:throttled', 'https://errors.contoso.com/throttled']) {
      expect(render(PolicyStatement.throttledAsProblemJson({ retryAfterSeconds: 5, type }))).toContain(`&quot;type&quot;:&quot;${type}&quot;`);
    }
  });

  it.each(['1urn:throttled', ' https://errors.contoso.com/x', 'https://errors.contoso.com/too many'])(
    'fails when the type is %j (not a URI from start to end) (GW-1)', (type) => {
      expect(refusalOf(() => PolicyStatement.throttledAsProblemJson({ retryAfterSeconds: 5, type })))
        .toMatchObject({ lesson: 'GW-1', path: 'throttled-as-problem-json', setting: 'type' });
    });
});

describe('PolicyDocument backend', () => {
  const sections = (xml: string) => Object.fromEntries(
    ['inbound', 'backend', 'outbound', 'on-error'].map((s) => [s, xml.match(new RegExp(`<${s}>([\\s\\S]*?)</${s}>`))?.[1].trim()]),
  );

  it('replaces <base /> in the backend with the given statements (GW-6)', () => {
    const xml = new PolicyDocument({ backend: [PolicyStatement.limitConcurrency({ maxCount: 2 }, [PolicyStatement.forwardRequest({ timeoutSeconds: 60, bufferResponse: true })])] }).toXml();
    const backend = sections(xml).backend!;
    expect(backend).not.toContain('<base />');
    expect(backend).toMatch(/^<limit-concurrency key="[^"]+" max-count="2">\s*<forward-request timeout="60" buffer-response="true" \/>\s*<\/limit-concurrency>$/);
    expect(sections(xml).inbound).toBe('<base />');
  });

  it('renders byte-identical XML for the props it had before', () => {
    const props = { inbound: [PolicyStatement.setHeader('X-Demo', ExistsAction.OVERRIDE, '1')], outbound: [PolicyStatement.setHeader('X-Out', ExistsAction.SKIP, '2')] };
    expect(new PolicyDocument({ ...props, backend: undefined }).toXml()).toBe(new PolicyDocument(props).toXml());
    expect(new PolicyDocument().toXml()).toBe(
      '<policies>\n  <inbound>\n    <base />\n  </inbound>\n  <backend>\n    <base />\n  </backend>\n  <outbound>\n    <base />\n  </outbound>\n  <on-error>\n    <base />\n  </on-error>\n</policies>');
  });

  it('fails when both backend and streamingForwardRequest are given (EDGE-3)', () => {
    const r = refusalOf(() => new PolicyDocument({ backend: [PolicyStatement.forwardRequest({ timeoutSeconds: 60 })], streamingForwardRequest: { timeoutSeconds: 240 } }));
    expect(r).toMatchObject({ lesson: 'EDGE-3', path: 'PolicyDocument', setting: 'backend' });
    expect(r.message).toMatch(/^\[EDGE-3\] PolicyDocument: backend = "both backend and streamingForwardRequest": .* Fix: put PolicyStatement\.forwardRequest/);
  });

  it('fails when backend is empty (EDGE-3)', () => {
    const r = refusalOf(() => new PolicyDocument({ backend: [] }));
    expect(r).toMatchObject({ lesson: 'EDGE-3', path: 'PolicyDocument', setting: 'backend' });
    expect(r.message).toMatch(/^\[EDGE-3\] PolicyDocument: backend = \[\]: an empty backend section never calls the backend\. Fix: /);
  });
});

describe.skipIf(!policySchemaAvailable())(`Rate-limit policies against the APIM policy XSD${policySchemaSkipReason()}`, () => {
  it('validates a document with every rate-limit builder and key, nested content included', async () => {
    const xml = new PolicyDocument({
      inbound: [
        PolicyStatement.onlyFromFrontDoor('00000000-0000-0000-0000-000000000000'),
        PolicyStatement.rateLimitByKey({ calls: 100, renewalPeriodSeconds: 60 }),
        PolicyStatement.rateLimitByKey({ calls: 10, renewalPeriodSeconds: 10, key: CounterKey.ipAddress(), countOnly: CountOnly.ALL }),
        PolicyStatement.rateLimitByKey({ calls: 10, renewalPeriodSeconds: 10, key: CounterKey.requestHeader('X-Tenant-Id', { clientControlled: true }) }),
        PolicyStatement.llmTokenLimit({ tokensPerMinute: 5000, tokenQuota: 100000, tokenQuotaPeriod: TokenQuotaPeriod.DAILY, key: CounterKey.claim('oid') }),
        PolicyStatement.clientIdHeader(),
        PolicyStatement.useBackend('orders-backend'),
      ],
      backend: [PolicyStatement.limitConcurrency({ maxCount: 4, key: CounterKey.shared('orders') }, [PolicyStatement.forwardRequest({ timeoutSeconds: 60 })])],
      onError: [PolicyStatement.throttledAsProblemJson({ retryAfterSeconds: 5 })],
    }).toXml();
    expect(await validatePolicyDeep(xml)).toEqual({ valid: true, errors: [] });
  });

  it('fails when a statement inside limit-concurrency has an attribute the XSD does not know', async () => {
    const xml = new PolicyDocument({ backend: [PolicyStatement.limitConcurrency({ maxCount: 4 }, [PolicyStatement.forwardRequest({ timeoutSeconds: 60 })])] }).toXml()
      .replace('buffer-response=', 'buffer_response=');
    const result = await validatePolicyDeep(xml);
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toContain('buffer_response');
  });

  it('fails when set-status inside return-response has an attribute the XSD does not know', async () => {
    const xml = new PolicyDocument({ onError: [PolicyStatement.throttledAsProblemJson({ retryAfterSeconds: 5 })] }).toXml().replace('<set-status code=', '<set-status status=');
    const result = await validatePolicyDeep(xml);
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toContain("'status'");
  });
});
