import { TerraformVariable } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { CounterKey } from '../constructs/policy/counter-key';
import { PolicyDocument } from '../constructs/policy/policy-document';
import { PolicyStatement, elementOf } from '../constructs/policy/policy-statement';
import { renderXml } from '../constructs/policy/xml';
import { refusalOf } from './support/refusal';
import { testStack } from './support/synth';

// Behaviour the other policy suites leave open: defaults of the builders, exact shapes of the
// elements they render, and the edges of their refusals.

const render = (s: PolicyStatement) => renderXml(elementOf(s));

describe('PolicyStatement builders, exact output', () => {
  it('renders check-header with 403, "Forbidden" and case-insensitive matching by default', () => {
    expect(render(PolicyStatement.checkHeader({ name: 'X-Tenant', values: ['a'] }))).toBe([
      '<check-header name="X-Tenant" failed-check-httpcode="403" failed-check-error-message="Forbidden" ignore-case="true">',
      '  <value>a</value>',
      '</check-header>',
    ].join('\n'));
  });

  it('renders check-header with case-sensitive matching when ignoreCase is false', () => {
    expect(render(PolicyStatement.checkHeader({ name: 'X-Tenant', values: ['a'], ignoreCase: false, failedStatusCode: 401, failedMessage: 'No' })))
      .toMatch(/^<check-header name="X-Tenant" failed-check-httpcode="401" failed-check-error-message="No" ignore-case="false">/);
  });

  it('tells a caller that bypassed Front Door why it got 403', () => {
    expect(render(PolicyStatement.onlyFromFrontDoor('fd-1'))).toMatch(
      /^<check-header name="X-Azure-FDID" failed-check-httpcode="403" failed-check-error-message="Requests must come through the Front Door profile[^"]*" ignore-case="true">\n {2}<value>fd-1<\/value>\n<\/check-header>$/);
  });

  it('renders a choose without otherwise as its when branches only', () => {
    expect(render(PolicyStatement.retryAfterOnRetryableStatuses(5))).toBe([
      '<choose>',
      '  <when condition="@(context.Response.StatusCode == 202 || context.Response.StatusCode == 429 || context.Response.StatusCode == 503)">',
      '    <set-header name="Retry-After" exists-action="skip">',
      '      <value>5</value>',
      '    </set-header>',
      '  </when>',
      '</choose>',
    ].join('\n'));
  });

  it('renders return-response without a body as its status and headers only', () => {
    expect(render(PolicyStatement.returnResponse({ statusCode: 204, reason: 'No Content', headers: { 'X-A': '1' } }))).toBe([
      '<return-response>',
      '  <set-status code="204" reason="No Content" />',
      '  <set-header name="X-A" exists-action="override">',
      '    <value>1</value>',
      '  </set-header>',
      '</return-response>',
    ].join('\n'));
    expect(render(PolicyStatement.returnResponse({ statusCode: 200, reason: 'OK', body: 'hi' })))
      .toBe('<return-response>\n  <set-status code="200" reason="OK" />\n  <set-body>hi</set-body>\n</return-response>');
  });

  it('fails when a return-response header name is invalid, naming the header', () => {
    const r = refusalOf(() => PolicyStatement.returnResponse({ statusCode: 429, reason: 'x', headers: { 'Retry After': '1' } }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'return-response', setting: 'headers.Retry After' });
    expect(r.message).toMatch(/^\[AZURE\] return-response: headers\.Retry After = "Retry After": /);
  });

  it('fails when a statement was not built with the PolicyStatement factories', () => {
    const forged = Object.create(PolicyStatement.prototype) as PolicyStatement;
    expect(() => elementOf(forged)).toThrow(/^not a PolicyStatement: /);
    expect(() => new PolicyDocument({ inbound: [forged] }).toXml()).toThrow(/^not a PolicyStatement: /);
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

describe('policy XML next to Terraform references', () => {
  it('fails when a literal $ before a reference and a { after it would form ${ once the reference is taken out', () => {
    const fdid = new TerraformVariable(testStack(), 'fdid', { type: 'string' }).stringValue;
    expect(refusalOf(() => render(PolicyStatement.onlyFromFrontDoor(`$${fdid}{`))))
      .toMatchObject({ lesson: 'AZURE', path: 'policy XML', setting: '<value> text' });
  });

  // Found by mutation testing: before the fix, the check stripped token markers first and so let
  // a `$` just before a reference through ("$${var.fdid}" in the JSON, which Terraform reads as text).
  it('fails when a literal $ sits just before a Terraform reference (Terraform reads $${ as an escape)', () => {
    const fdid = new TerraformVariable(testStack(), 'fdid', { type: 'string' }).stringValue;
    expect(refusalOf(() => render(PolicyStatement.onlyFromFrontDoor(`$${fdid}`))))
      .toMatchObject({ lesson: 'AZURE', path: 'policy XML', setting: '<value> text' });
  });

  // Terraform escapes only `$${` and `%%{`: a `%` just before a reference is a literal % and the
  // reference still resolves, so the check must not refuse it.
  it('takes a literal % just before a Terraform reference', () => {
    const fdid = new TerraformVariable(testStack(), 'fdid', { type: 'string' }).stringValue;
    expect(renderXml(elementOf(PolicyStatement.onlyFromFrontDoor(`%${fdid}`)))).toContain(`<value>%${fdid}</value>`);
  });
});
