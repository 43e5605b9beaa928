import { describe, expect, it } from 'vitest';
import { PolicyDocument } from '../../constructs/policy/policy-document';
import { PolicyStatement, elementOf } from '../../constructs/policy/policy-statement';
import { renderXml } from '../../constructs/policy/xml';
import { RetryOptions, RetryableStatus } from '../../constructs/policy/retry';
import { policySchemaAvailable, policySchemaSkipReason } from '../support/apim-policy-schema';
import { refusalOf } from '../support/refusal';
import { validatePolicyDeep } from '../support/policy-xsd';

const FORWARD = PolicyStatement.forwardRequest({ timeoutSeconds: 30, bufferResponse: true, bufferRequestBody: true });
const RETRY: RetryOptions = { count: 2, intervalSeconds: 2, deltaSeconds: 2, maxIntervalSeconds: 30, idempotent: true };
const QUEUE_URL = 'https://stpayments.queue.core.windows.net/charges';
const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const APP_ID = '8c2e4f6a-1b3d-4e5f-a7b9-0c1d2e3f4a5b';
const CONSUMER = '5d1c0f3e-7a2b-4c9d-8e6f-1a2b3c4d5e6f';

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const section = (xml: string, name: string) => xml.match(new RegExp(`<${name}>([\\s\\S]*?)\\n  </${name}>`))![1];
const backendOf = (...statements: PolicyStatement[]) => section(new PolicyDocument({ backend: statements }).toXml(), 'backend');
const inboundOf = (...statements: PolicyStatement[]) => section(new PolicyDocument({ inbound: statements }).toXml(), 'inbound');
const retry = (options: Partial<RetryOptions> = {}) => PolicyStatement.retry({ ...RETRY, ...options }, [FORWARD]);

/** The condition PAY-2 allows, as written in the XML attribute. */
const CONDITION_ALL = '@(context.Response != null &amp;&amp; (context.Response.StatusCode == 429 || context.Response.StatusCode == 503 || context.Response.StatusCode == 504))';

describe('PolicyStatement.retry (PAY-2)', () => {
  it('fails when the retries and their waits outlast the 240 s path ceiling (EDGE-1), naming the count, the timeout and the waits', () => {
    // 4 attempts x 60 s + waits of 2, 4 and 8 s = 254 s.
    const r = refusalOf(() => PolicyStatement.retry({ ...RETRY, count: 3 }, [PolicyStatement.forwardRequest({ timeoutSeconds: 60, bufferResponse: true, bufferRequestBody: true })]));
    expect(r).toMatchObject({ lesson: 'EDGE-1', path: 'retry', setting: 'count' });
    expect(r.message).toBe('[EDGE-1] retry: count = 3: 4 attempts of up to 60 s each (forward-request timeout = 60) and 14 s of waits between them '
      + '(intervalSeconds = 2, deltaSeconds = 2, maxIntervalSeconds = 30) take up to 254 s, past the 240 s a connection lives on the request path: '
      + 'the caller is cut off while the gateway still retries, and its own retry sends a second call (PAY-2). '
      + 'Fix: keep (count + 1) x timeout + waits within 240 s: count 2 with this timeout and these waits, or a shorter forward-request timeout.');
  });

  it('fails when even one retry outlasts the ceiling, and says to shorten the timeout', () => {
    const r = refusalOf(() => PolicyStatement.retry({ ...RETRY, count: 1, intervalSeconds: 10 }, [PolicyStatement.forwardRequest({ timeoutSeconds: 120, bufferRequestBody: true })]));
    expect(r.message).toMatch(/^\[EDGE-1\] retry: count = 1: 2 attempts of up to 120 s each .* take up to 250 s, .* Fix: keep \(count \+ 1\) x timeout \+ waits within 240 s: shorten the forward-request timeout \(e\.g\. 115 s for one retry\)\.$/);
  });

  it('accepts retries that end exactly at the ceiling: 5 retries of 30 s with exponential waits up to 30 s (6 x 30 + 2 + 4 + 8 + 16 + 30 = 240)', () => {
    expect(backendOf(retry({ count: 5 }))).toContain('count="5" interval="2" max-interval="30" delta="2"');
    expect(refusalOf(() => retry({ count: 6 })).message).toContain('take up to 300 s');
  });

  it('retries 429, 503 and 504 only, with count, interval, max-interval and delta, never a fast first retry', () => {
    expect(backendOf(retry())).toBe([
      '',
      `    <retry condition="${CONDITION_ALL}" count="2" interval="2" max-interval="30" delta="2" first-fast-retry="false">`,
      '      <forward-request timeout="30" buffer-response="true" buffer-request-body="true" />',
      '    </retry>',
    ].join('\n'));
  });

  it('reads as the PAY-2 condition once unescaped: only a response, and only those three statuses', () => {
    const condition = unescape(backendOf(retry())).match(/condition="([^"]*)"/)![1];
    expect(condition).toBe('@(context.Response != null && (context.Response.StatusCode == 429 || context.Response.StatusCode == 503 || context.Response.StatusCode == 504))');
  });

  it('waits a fixed interval without delta and max-interval', () => {
    expect(backendOf(retry({ deltaSeconds: undefined, maxIntervalSeconds: undefined, count: 1, intervalSeconds: 5 }))).toContain(
      `<retry condition="${CONDITION_ALL}" count="1" interval="5" first-fast-retry="false">`,
    );
  });

  it('grows the wait linearly with a delta alone', () => {
    expect(backendOf(retry({ maxIntervalSeconds: undefined, deltaSeconds: 3 }))).toContain(
      `<retry condition="${CONDITION_ALL}" count="2" interval="2" delta="3" first-fast-retry="false">`,
    );
  });

  it('takes a subset of the statuses, sorted and once each', () => {
    const xml = backendOf(retry({ statuses: [RetryableStatus.SERVICE_UNAVAILABLE, RetryableStatus.TOO_MANY_REQUESTS, RetryableStatus.SERVICE_UNAVAILABLE] }));
    expect(xml).toContain('condition="@(context.Response != null &amp;&amp; (context.Response.StatusCode == 429 || context.Response.StatusCode == 503))"');
  });

  it('takes the bounds themselves: 1 and 50 retries, waits of 1 and 300 s', () => {
    // The upper bounds around a statement that is not a forward-request: around one, the path ceiling (EDGE-1, below) refuses them.
    expect(backendOf(PolicyStatement.retry({ ...RETRY, count: 50, intervalSeconds: 300, deltaSeconds: 300, maxIntervalSeconds: 300 }, [])))
      .toContain('count="50" interval="300" max-interval="300" delta="300"');
    expect(backendOf(retry({ count: 1, intervalSeconds: 1, deltaSeconds: 1, maxIntervalSeconds: 1 })))
      .toContain('count="1" interval="1" max-interval="1" delta="1"');
  });

  it('fails when the operation is not idempotent: a retried charge runs twice (PAY-1)', () => {
    const r = refusalOf(() => retry({ idempotent: false }));
    expect(r).toMatchObject({ lesson: 'PAY-1', path: 'retry', setting: 'idempotent' });
    expect(r.message).toBe('[PAY-1] retry: idempotent = false: a retried call that is not idempotent runs twice when the first attempt reached the provider '
      + 'but its answer did not come back: a second charge. Fix: retry only GET, PUT and DELETE, or require an Idempotency-Key on the operation '
      + '(PolicyStatement.requireIdempotencyKey) and set idempotent: true.');
  });

  for (const count of [0, 51, 2.5, -1]) {
    it(`fails when the retry count is ${count} (PAY-2: 1-50)`, () => {
      const r = refusalOf(() => retry({ count }));
      expect(r).toMatchObject({ lesson: 'PAY-2', path: 'retry', setting: 'count' });
      expect(r.message).toBe(`[PAY-2] retry: count = ${count}: API Management retries 1-50 times, and every retry is another call against the provider's budget. `
        + 'Fix: use 1-3: the queue behind the gateway is the long-term retry.');
    });
  }

  for (const interval of [0, 301]) {
    it(`fails when the first wait is ${interval} s (PAY-2)`, () => {
      expect(refusalOf(() => retry({ intervalSeconds: interval })).message).toBe(`[PAY-2] retry: intervalSeconds = ${interval}: `
        + 'a retry without a wait hits a throttled or restarting provider at once. Fix: use e.g. 2 s (1-300).');
    });
  }

  for (const delta of [0, 301]) {
    it(`fails when the delta is ${delta} s (PAY-2)`, () => {
      expect(refusalOf(() => retry({ deltaSeconds: delta })).message).toBe(`[PAY-2] retry: deltaSeconds = ${delta}: the growth of the wait is 1-300 whole seconds. Fix: use e.g. 2.`);
    });
  }

  for (const max of [0, 301]) {
    it(`fails when the longest wait is ${max} s (PAY-2)`, () => {
      expect(refusalOf(() => retry({ maxIntervalSeconds: max })).message).toBe(`[PAY-2] retry: maxIntervalSeconds = ${max}: the longest wait is 1-300 whole seconds. Fix: use e.g. 30.`);
    });
  }

  it('fails when max-interval comes without a delta (the wait never grows toward it)', () => {
    expect(refusalOf(() => retry({ deltaSeconds: undefined, maxIntervalSeconds: 30 })).message).toBe('[PAY-2] retry: maxIntervalSeconds = 30: '
      + 'API Management grows the wait exponentially only with a delta; alone, the longest wait is never reached. Fix: give deltaSeconds as well (e.g. 2), or drop maxIntervalSeconds.');
  });

  it('fails when the longest wait is shorter than the first', () => {
    expect(refusalOf(() => retry({ intervalSeconds: 10, maxIntervalSeconds: 5 })).message).toBe('[PAY-2] retry: maxIntervalSeconds = 5: '
      + 'the longest wait is shorter than the first (10 s). Fix: use at least 10 s.');
  });

  it('fails when no status is given (the retry would never run)', () => {
    expect(refusalOf(() => retry({ statuses: [] })).message).toBe('[PAY-2] retry: statuses = []: a retry without statuses never runs. '
      + 'Fix: give 429, 503 and/or 504, or leave the retry out.');
  });

  for (const status of [400, 401, 402, 409, 422]) {
    it(`fails when asked to retry ${status}: the provider's answer, retried charges twice (PAY-2)`, () => {
      const r = refusalOf(() => retry({ statuses: [RetryableStatus.TOO_MANY_REQUESTS, status as RetryableStatus] }));
      expect(r).toMatchObject({ lesson: 'PAY-2', path: 'retry', setting: 'statuses' });
      expect(r.message).toBe(`[PAY-2] retry: statuses = ${status}: a 4xx other than 429 is the provider's answer (a declined card, a bad request, a conflict): `
        + 'retrying it charges twice or gets the key suspended. Fix: retry 429, 503 and 504 only (RetryableStatus).');
    });
  }

  for (const status of [500, 502, 200]) {
    it(`fails when asked to retry ${status}, which does not say "try again later" (PAY-2)`, () => {
      expect(refusalOf(() => retry({ statuses: [status as RetryableStatus] })).message).toBe(`[PAY-2] retry: statuses = ${status}: `
        + 'only 429, 503 and 504 say "try again later". Fix: retry 429, 503 and 504 only (RetryableStatus).');
    });
  }
});

describe('PolicyStatement.quota', () => {
  it('counts calls per subscription over the period', () => {
    expect(inboundOf(PolicyStatement.quota({ calls: 100_000, renewalPeriodSeconds: 86_400 }))).toBe('\n    <base />\n    <quota calls="100000" renewal-period="86400" />');
  });

  it('fails when the quota is 0 calls (every call would get 403)', () => {
    const r = refusalOf(() => PolicyStatement.quota({ calls: 0, renewalPeriodSeconds: 86_400 }));
    expect(r).toMatchObject({ lesson: 'GW-1', path: 'quota', setting: 'calls' });
    expect(r.message).toBe('[GW-1] quota: calls = 0: a quota of 0 refuses every call with 403. Fix: give at least 1 call.');
  });

  for (const period of [0, 31_536_001]) {
    it(`fails when the period is ${period} s`, () => {
      expect(refusalOf(() => PolicyStatement.quota({ calls: 10, renewalPeriodSeconds: period })).message).toBe(`[GW-1] quota: renewalPeriodSeconds = ${period}: `
        + 'the quota period is 1 s to a year, in whole seconds. Fix: use 86400 for a day.');
    });
  }
});

describe('PolicyStatement.requireIdempotencyKey (PAY-1)', () => {
  it('answers 400 as problem+json when Idempotency-Key is missing or blank', () => {
    expect(inboundOf(PolicyStatement.requireIdempotencyKey())).toBe([
      '',
      '    <base />',
      '    <choose>',
      '      <when condition="@(string.IsNullOrWhiteSpace(context.Request.Headers.GetValueOrDefault(&quot;Idempotency-Key&quot;, &quot;&quot;)))">',
      '        <return-response>',
      '          <set-status code="400" reason="Bad Request" />',
      '          <set-header name="Content-Type" exists-action="override">',
      '            <value>application/problem+json</value>',
      '          </set-header>',
      '          <set-body>{&quot;type&quot;:&quot;about:blank&quot;,&quot;title&quot;:&quot;Idempotency-Key required&quot;,&quot;status&quot;:400,'
        + '&quot;detail&quot;:&quot;Send an Idempotency-Key header derived from the order, the same on every retry: the charge then runs once.&quot;}</set-body>',
      '        </return-response>',
      '      </when>',
      '    </choose>',
    ].join('\n'));
  });

  it('checks another header when told to', () => {
    const xml = unescape(inboundOf(PolicyStatement.requireIdempotencyKey('X-Request-Key')));
    expect(xml).toContain('<when condition="@(string.IsNullOrWhiteSpace(context.Request.Headers.GetValueOrDefault("X-Request-Key", "")))">');
    expect(xml).toContain('"title":"X-Request-Key required"');
  });

  it('fails when the header name is not an HTTP header name', () => {
    const r = refusalOf(() => PolicyStatement.requireIdempotencyKey('Idempotency Key'));
    expect(r.message).toBe('[AZURE] require-idempotency-key: headerName = "Idempotency Key": an HTTP header name is letters, digits and '
      + '!#$%&\'*+.^_`|~- without spaces or colons. Fix: use e.g. \'Retry-After\'.');
  });
});

describe('PolicyStatement.sendToStorageQueue (LIM-5)', () => {
  const queued = (options: Partial<Parameters<typeof PolicyStatement.sendToStorageQueue>[0]> = {}) =>
    unescape(inboundOf(...PolicyStatement.sendToStorageQueue({ queueUrl: QUEUE_URL, messageTtlSeconds: 604_800, ...options })));

  it('puts the message with the gateway\'s managed identity: POST .../messages?messagettl, x-ms-version, XML body, no key', () => {
    const xml = queued();
    expect(xml).toContain([
      '    <send-request mode="new" response-variable-name="queued" timeout="20" ignore-error="true">',
      '      <set-url>https://stpayments.queue.core.windows.net/charges/messages?messagettl=604800</set-url>',
      '      <set-method>POST</set-method>',
      '      <set-header name="x-ms-version" exists-action="override">',
      '        <value>2021-12-02</value>',
      '      </set-header>',
      '      <set-header name="Content-Type" exists-action="override">',
      '        <value>application/xml</value>',
      '      </set-header>',
    ].join('\n'));
    expect(xml).toContain('      <authentication-managed-identity resource="https://storage.azure.com/" />\n    </send-request>');
    expect(xml).not.toMatch(/SharedKey|sig=|AccountKey/);
  });

  it('writes partner, idempotency key, time and body as base64 JSON in a QueueMessage', () => {
    const xml = queued();
    expect(xml).toContain('new JProperty("partner", context.Subscription?.Id ?? "anonymous")');
    expect(xml).toContain('new JProperty("idempotencyKey", context.Request.Headers.GetValueOrDefault("Idempotency-Key", ""))');
    expect(xml).toContain('new JProperty("receivedAt", DateTime.UtcNow.ToString("o"))');
    expect(xml).toContain('new JProperty("body", context.Request.Body?.As<string>(preserveContent: true) ?? ""));');
    expect(xml).toContain('Convert.ToBase64String(Encoding.UTF8.GetBytes(message.ToString(Newtonsoft.Json.Formatting.None)))');
    expect(xml).toContain('return "<QueueMessage><MessageText>" + text + "</MessageText></QueueMessage>";');
  });

  it('answers 202 with the idempotency key when Storage created the message (201), else 503 with Retry-After 10', () => {
    const xml = queued();
    expect(xml).toContain('<when condition="@(context.Variables.GetValueOrDefault<IResponse>("queued") is IResponse r && r.StatusCode == 201)">');
    expect(xml).toContain('<set-status code="202" reason="Accepted" />');
    expect(xml).toContain('<set-body>@(new JObject(new JProperty("status", "accepted"), new JProperty("idempotencyKey", '
      + 'context.Request.Headers.GetValueOrDefault("Idempotency-Key", ""))).ToString())</set-body>');
    const otherwise = xml.match(/<otherwise>([\s\S]*)<\/otherwise>/)![1];
    expect(otherwise).toContain('<set-status code="503" reason="Service Unavailable" />');
    expect(otherwise).toMatch(/<set-header name="Retry-After" exists-action="override">\s*<value>10<\/value>/);
    expect(otherwise).toContain('{"type":"about:blank","title":"Not accepted","status":503,"detail":"The request could not be queued. Retry with the same Idempotency-Key."}');
  });

  it('takes the TTL, the Retry-After and the idempotency header', () => {
    const xml = queued({ messageTtlSeconds: 60, retryAfterSeconds: 30, idempotencyKeyHeader: 'X-Request-Key' });
    expect(xml).toContain('/charges/messages?messagettl=60</set-url>');
    expect(xml).toMatch(/<set-header name="Retry-After" exists-action="override">\s*<value>30<\/value>/);
    expect(xml).toContain('GetValueOrDefault("X-Request-Key", "")');
    expect(xml).not.toContain('"Idempotency-Key"');
  });

  const badUrls = [
    'https://stpayments.blob.core.windows.net/charges',
    'http://stpayments.queue.core.windows.net/charges',
    'https://stpayments.queue.core.windows.net',
    'https://stpayments.queue.core.windows.net/Charges',
  ];
  for (const queueUrl of badUrls) {
    it(`fails when the queue URL is not a queue URL (${queueUrl})`, () => {
      const r = refusalOf(() => PolicyStatement.sendToStorageQueue({ queueUrl, messageTtlSeconds: 3600 }));
      expect(r.message).toBe(`[AZURE] send-to-storage-queue: queueUrl = "${queueUrl}": a queue URL is https://<account>.queue.core.windows.net/<queue>. Fix: pass StorageQueue.url.`);
    });
  }

  for (const ttl of [59, 604_801]) {
    it(`fails when the message TTL is ${ttl} s (Storage keeps a message 60 s to 7 days)`, () => {
      const r = refusalOf(() => PolicyStatement.sendToStorageQueue({ queueUrl: QUEUE_URL, messageTtlSeconds: ttl }));
      expect(r).toMatchObject({ lesson: 'LIM-5', path: 'send-to-storage-queue', setting: 'messageTtlSeconds' });
      expect(r.message).toBe(`[LIM-5] send-to-storage-queue: messageTtlSeconds = ${ttl}: Storage keeps a message 60 s to 7 days before deleting it unread. `
        + 'Fix: use 604800 (7 days) unless the work goes stale sooner.');
    });
  }

  it('fails when Retry-After is 0', () => {
    expect(refusalOf(() => PolicyStatement.sendToStorageQueue({ queueUrl: QUEUE_URL, messageTtlSeconds: 3600, retryAfterSeconds: 0 })).message)
      .toBe('[EDGE-6] send-to-storage-queue: retryAfterSeconds = 0: Retry-After is whole seconds, at least 1. Fix: use e.g. 10.');
  });
});

describe('PolicyStatement.validateEntraCaller', () => {
  it('lets in only the given client ids with a token for the application (its id or its App ID URI); others get 401', () => {
    expect(inboundOf(PolicyStatement.validateEntraCaller({ tenantId: TENANT, audience: APP_ID, clientApplicationIds: [CONSUMER, APP_ID] }))).toBe([
      '',
      '    <base />',
      `    <validate-azure-ad-token tenant-id="${TENANT}" header-name="Authorization" failed-validation-httpcode="401">`,
      '      <client-application-ids>',
      `        <application-id>${CONSUMER}</application-id>`,
      `        <application-id>${APP_ID}</application-id>`,
      '      </client-application-ids>',
      '      <audiences>',
      `        <audience>${APP_ID}</audience>`,
      `        <audience>api://${APP_ID}</audience>`,
      '      </audiences>',
      '    </validate-azure-ad-token>',
    ].join('\n'));
  });

  it('takes an App ID URI as the one audience', () => {
    const xml = inboundOf(PolicyStatement.validateEntraCaller({ tenantId: TENANT, audience: 'api://psp-gateway', clientApplicationIds: [CONSUMER] }));
    // Against the common tenant, or with the tenant id as the audience, every token would fail.
    expect(() => inboundOf(PolicyStatement.validateEntraCaller({ tenantId: 'common', audience: 'api://psp-gateway', clientApplicationIds: [CONSUMER] })))
      .toThrow(/^\[ACCESS\] PolicyDocument\.inbound\[0\]\.validate-azure-ad-token: tenantId = "common": common is no tenant/);
    expect(() => inboundOf(PolicyStatement.validateEntraCaller({ tenantId: TENANT, audience: TENANT, clientApplicationIds: [CONSUMER] })))
      .toThrow(/^\[ACCESS\] PolicyDocument\.inbound\[0\]\.validate-azure-ad-token: audience = ".*": the audience is the tenant id/);
    expect(xml).toContain('<audiences>\n        <audience>api://psp-gateway</audience>\n      </audiences>');
  });

  it('takes app roles instead of client ids: the token must carry one of them in its roles claim', () => {
    expect(inboundOf(PolicyStatement.validateEntraCaller({ tenantId: TENANT, audience: APP_ID, requiredRoles: ['AzureEventGridSecureWebhookSubscriber'] }))).toBe([
      '',
      '    <base />',
      `    <validate-azure-ad-token tenant-id="${TENANT}" header-name="Authorization" failed-validation-httpcode="401">`,
      '      <audiences>',
      `        <audience>${APP_ID}</audience>`,
      `        <audience>api://${APP_ID}</audience>`,
      '      </audiences>',
      '      <required-claims>',
      '        <claim name="roles" match="any">',
      '          <value>AzureEventGridSecureWebhookSubscriber</value>',
      '        </claim>',
      '      </required-claims>',
      '    </validate-azure-ad-token>',
    ].join('\n'));
  });

  const noCallers: [string, { clientApplicationIds?: string[]; requiredRoles?: string[] }][] = [['empty', { clientApplicationIds: [], requiredRoles: [] }], ['left out', {}]];
  for (const [why, options] of noCallers) {
    it(`fails when neither client ids nor roles are given (${why}): every application of the tenant would get in`, () => {
      const r = refusalOf(() => PolicyStatement.validateEntraCaller({ tenantId: TENANT, audience: APP_ID, ...options }));
      expect(r.message).toBe('[ACCESS] validate-azure-ad-token: clientApplicationIds = []: without client ids or a required role every application of the tenant '
        + 'that gets a token for the audience is let in. Fix: give the client id of each caller\'s managed identity, or the app role the callers are assigned.');
    });
  }

  it('fails when the tenant or the audience is blank', () => {
    expect(refusalOf(() => PolicyStatement.validateEntraCaller({ tenantId: ' ', audience: APP_ID, clientApplicationIds: [CONSUMER] })).message)
      .toBe('[ACCESS] validate-azure-ad-token: tenantId = " ": the token check needs the tenant and the application the tokens are for. Fix: give both (GUIDs or references).');
    expect(refusalOf(() => PolicyStatement.validateEntraCaller({ tenantId: TENANT, audience: '', clientApplicationIds: [CONSUMER] })).message)
      .toBe('[ACCESS] validate-azure-ad-token: audience = "": the token check needs the tenant and the application the tokens are for. Fix: give both (GUIDs or references).');
  });
});

/** The XSD skips what is inside <retry>: validate its body again, as the backend section it stands for. */
async function validateWithRetryBodies(xml: string) {
  const bodies = [...xml.matchAll(/<retry\b[^>]*>([\s\S]*?)<\/retry>/g)].map((m) => m[1]);
  const documents = [xml, ...bodies.map((b) => `<policies><inbound><base /></inbound><backend>${b}</backend><outbound><base /></outbound><on-error><base /></on-error></policies>`)];
  const results = await Promise.all(documents.map((d) => validatePolicyDeep(d)));
  return { valid: results.every((r) => r.valid), errors: results.flatMap((r) => r.errors) };
}

describe.skipIf(!policySchemaAvailable())(`the payment policy statements against the APIM policy XSD${policySchemaSkipReason()}`, () => {
  it('validates a retry around forward-request, its body included', async () => {
    const xml = new PolicyDocument({ backend: [retry()] }).toXml();
    expect(await validateWithRetryBodies(xml)).toEqual({ valid: true, errors: [] });
  });

  it('finds a misspelt attribute inside a retry, so the check above can fail', async () => {
    const xml = new PolicyDocument({ backend: [retry()] }).toXml().replace('buffer-response=', 'buffer_response=');
    const result = await validateWithRetryBodies(xml);
    expect(result.valid).toBe(false);
    expect(result.errors.some((e) => e.includes('buffer_response'))).toBe(true);
  });

  it('validates the quota, the idempotency check, the queue intake and the token check', async () => {
    const xml = new PolicyDocument({
      inbound: [
        PolicyStatement.validateEntraCaller({ tenantId: TENANT, audience: APP_ID, clientApplicationIds: [CONSUMER], requiredRoles: ['Charges.Write', 'Charges.Admin'] }),
        PolicyStatement.quota({ calls: 1000, renewalPeriodSeconds: 86_400 }),
        PolicyStatement.requireIdempotencyKey(),
        ...PolicyStatement.sendToStorageQueue({ queueUrl: QUEUE_URL, messageTtlSeconds: 604_800 }),
      ],
    }).toXml();
    expect(await validatePolicyDeep(xml)).toEqual({ valid: true, errors: [] });
  });
});

describe('PolicyStatement.retry and the request body (PAY-2)', () => {
  it('fails when the retried forward-request does not buffer the request body: the retry would go out without it', () => {
    const r = refusalOf(() => PolicyStatement.retry(
      { count: 1, intervalSeconds: 2, idempotent: true },
      [PolicyStatement.forwardRequest({ timeoutSeconds: 30, bufferResponse: true })],
    ));
    expect(r).toMatchObject({ lesson: 'PAY-2', path: 'retry', setting: 'statements' });
    expect(r.message).toBe('[PAY-2] retry: statements = "forward-request without buffer-request-body": API Management streams the request body once: a retried forward-request would go out without it (a charge with no amount). Fix: forward with bufferRequestBody: true inside the retry.');
  });

  it('writes buffer-request-body only when asked', () => {
    expect(renderXml(elementOf(PolicyStatement.forwardRequest({ timeoutSeconds: 30, bufferRequestBody: true }))))
      .toBe('<forward-request timeout="30" buffer-response="false" buffer-request-body="true" />');
    expect(renderXml(elementOf(PolicyStatement.forwardRequest({ timeoutSeconds: 30 })))).toBe('<forward-request timeout="30" buffer-response="false" />');
  });
});

describe('a retry refused in a document rendered outside a construct names its place (issue 28)', () => {
  it('fails when the retry retries a 4xx, naming PolicyDocument.backend[0].retry, and a refused forward-request inside it by its index', () => {
    const forward = PolicyStatement.forwardRequest({ timeoutSeconds: 30, bufferRequestBody: true });
    expect(() => new PolicyDocument({ backend: [PolicyStatement.retry({ statuses: [400 as RetryableStatus], count: 3, intervalSeconds: 1, idempotent: true }, [forward])] }).toXml())
      .toThrow(/^\[PAY-2\] PolicyDocument\.backend\[0\]\.retry: /);
    expect(() => new PolicyDocument({ backend: [PolicyStatement.retry({ statuses: [RetryableStatus.TOO_MANY_REQUESTS], count: 3, intervalSeconds: 1, idempotent: true }, [PolicyStatement.forwardRequest({ timeoutSeconds: 500, bufferRequestBody: true })])] }).toXml())
      .toThrow(/^\[EDGE-1\] PolicyDocument\.backend\[0\]\.retry\[0\]\.forward-request: timeoutSeconds = 500/);
  });
});
