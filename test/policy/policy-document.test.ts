import { TerraformVariable } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ApiManagementApiPolicy } from '@cdktf/provider-azurerm/lib/api-management-api-policy';
import { PolicyDocument } from '../../constructs/policy/policy-document';
import { PolicyStatement, elementOf } from '../../constructs/policy/policy-statement';
import { ExistsAction } from '../../constructs/policy/statements';
import { escapeXml, renderXml } from '../../constructs/policy/xml';
import { policySchemaAvailable, policySchemaSkipReason } from '../support/apim-policy-schema';
import { validatePolicyDeep } from '../support/policy-xsd';
import { refusalOf } from '../support/refusal';
import { resourceOf, synth, testStack } from '../support/synth';

const sections = (xml: string) => Object.fromEntries(
  ['inbound', 'backend', 'outbound', 'on-error'].map((s) => [s, xml.match(new RegExp(`<${s}>([\\s\\S]*?)</${s}>`))?.[1].trim()]),
);
const render = (s: PolicyStatement) => renderXml(elementOf(s));

describe('PolicyDocument', () => {
  it('keeps <base /> first in every section by default', () => {
    const xml = new PolicyDocument({ inbound: [PolicyStatement.setHeader('X-Demo', ExistsAction.OVERRIDE, '1')] }).toXml();
    const s = sections(xml);
    expect(s.inbound).toMatch(/^<base \/>\n\s*<set-header name="X-Demo" exists-action="override">/);
    expect(s.backend).toBe('<base />');
    expect(s.outbound).toBe('<base />');
    expect(s['on-error']).toBe('<base />');
  });

  it('replaces the backend <base /> with an unbuffered forward-request for streams (EDGE-3)', () => {
    const xml = new PolicyDocument({ streamingForwardRequest: { timeoutSeconds: 240 } }).toXml();
    expect(sections(xml).backend).toBe('<forward-request timeout="240" buffer-response="false" />');
    expect(xml).not.toContain('buffer_response');
  });

  it('escapes attribute values and text', () => {
    const xml = new PolicyDocument({ inbound: [PolicyStatement.setHeader('X-Note', ExistsAction.OVERRIDE, 'a<b & "c" \'d\'>')] }).toXml();
    expect(xml).toContain('<value>a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;</value>');
  });

  it('embeds Terraform references that resolve at synth', () => {
    const stack = testStack();
    const fdid = new TerraformVariable(stack, 'fdid', { type: 'string' });
    new ApiManagementApiPolicy(stack, 'policy', {
      apiName: 'api', apiManagementName: 'apim', resourceGroupName: 'rg',
      xmlContent: new PolicyDocument({ inbound: [PolicyStatement.onlyFromFrontDoor(fdid.stringValue)] }).toXml(),
    });
    const xml = resourceOf(synth(stack), 'azurerm_api_management_api_policy').xml_content as string;
    expect(xml).toContain('<check-header name="X-Azure-FDID" failed-check-httpcode="403"');
    expect(xml).toContain('<value>${var.fdid}</value>');
  });

  it('adds Retry-After to 202, 429 and 503 without overriding the backend value (EDGE-6)', () => {
    const xml = new PolicyDocument({ outbound: [PolicyStatement.retryAfterOnRetryableStatuses(7)] }).toXml();
    expect(xml).toContain('condition="@(context.Response.StatusCode == 202 || context.Response.StatusCode == 429 || context.Response.StatusCode == 503)"');
    expect(xml).toMatch(/<set-header name="Retry-After" exists-action="skip">\s*<value>7<\/value>/);
  });

  it('deletes a header without a value, and appends several values', () => {
    expect(render(PolicyStatement.setHeader('X-Powered-By', ExistsAction.DELETE))).toBe('<set-header name="X-Powered-By" exists-action="delete" />');
    expect(render(PolicyStatement.setHeader('X-Tag', ExistsAction.APPEND, 'a', 'b')))
      .toBe('<set-header name="X-Tag" exists-action="append">\n  <value>a</value>\n  <value>b</value>\n</set-header>');
  });

  it('renders a choose with its branches and otherwise', () => {
    const xml = render(PolicyStatement.choose(
      [{ condition: '@(context.Response.StatusCode == 503)', statements: [PolicyStatement.setHeader('X-A', ExistsAction.OVERRIDE, '1')] }],
      [PolicyStatement.setHeader('X-B', ExistsAction.SKIP, '2')],
    ));
    expect(xml).toBe([
      '<choose>',
      '  <when condition="@(context.Response.StatusCode == 503)">',
      '    <set-header name="X-A" exists-action="override">',
      '      <value>1</value>',
      '    </set-header>',
      '  </when>',
      '  <otherwise>',
      '    <set-header name="X-B" exists-action="skip">',
      '      <value>2</value>',
      '    </set-header>',
      '  </otherwise>',
      '</choose>',
    ].join('\n'));
  });

  it('fails when a return-response or check-header status is not one APIM takes', () => {
    const response = refusalOf(() => PolicyStatement.returnResponse({ statusCode: 99, reason: 'x' }));
    expect(response).toMatchObject({ lesson: 'AZURE', path: 'return-response', setting: 'statusCode' });
    expect(response.message).toBe('[AZURE] return-response: statusCode = 99: APIM takes an HTTP status code here. Fix: use a status from 100 to 599.');
    const check = refusalOf(() => PolicyStatement.checkHeader({ name: 'X-A', values: ['a'], failedStatusCode: 302 }));
    expect(check).toMatchObject({ lesson: 'AZURE', path: 'check-header', setting: 'failedStatusCode' });
    expect(check.message).toMatch(/^\[AZURE\] check-header: failedStatusCode = 302: APIM takes a 4xx or 5xx status here\./);
  });

  it('fails when a forward-request timeout exceeds 240 s (EDGE-1)', () => {
    const r = refusalOf(() => PolicyStatement.forwardRequest({ timeoutSeconds: 300 }));
    expect(r).toMatchObject({ lesson: 'EDGE-1', path: 'forward-request', setting: 'timeoutSeconds' });
    expect(r.message).toBe('[EDGE-1] forward-request: timeoutSeconds = 300: Azure drops connections at 240 s, so a longer timeout is never reached. Fix: use 1-240 s.');
  });

  it.each<[number, string]>([[Number.NaN, 'NaN'], [Number.POSITIVE_INFINITY, 'Infinity'], [-0, '-0']])(
    'fails when a forward-request timeout is %s, shown as written (EDGE-1)', (timeoutSeconds, shown) => {
      expect(refusalOf(() => PolicyStatement.forwardRequest({ timeoutSeconds })).message)
        .toMatch(new RegExp(`^\\[EDGE-1\\] forward-request: timeoutSeconds = ${shown}: `));
    });

  it('fails when a choose condition is not a policy expression', () => {
    const r = refusalOf(() => PolicyStatement.choose([{ condition: 'context.Response.StatusCode == 429', statements: [] }]));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'choose', setting: 'branches[0].condition' });
    expect(r.message).toMatch(/^\[AZURE\] choose: branches\[0\]\.condition = "context\.Response\.StatusCode == 429": .*policy expression.* Fix: write it as @\(\.\.\.\) or @\{\.\.\.\}\.$/);
  });

  it('fails when a choose has no branch', () => {
    const r = refusalOf(() => PolicyStatement.choose([]));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'choose', setting: 'branches' });
    expect(r.message).toMatch(/^\[AZURE\] choose: branches = \[\]: .* Fix: give at least one branch\.$/);
  });

  it('fails when check-header has no accepted value', () => {
    const r = refusalOf(() => PolicyStatement.checkHeader({ name: 'X-Azure-FDID', values: [] }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'check-header', setting: 'values' });
    expect(r.message).toMatch(/^\[AZURE\] check-header: values = \[\]: .* Fix: give at least one accepted value\.$/);
  });

  it('fails when check-header or set-header names an invalid header', () => {
    const check = refusalOf(() => PolicyStatement.checkHeader({ name: 'X Azure FDID', values: ['a'] }));
    expect(check).toMatchObject({ lesson: 'AZURE', path: 'check-header', setting: 'name' });
    expect(check.message).toMatch(/^\[AZURE\] check-header: name = "X Azure FDID": an HTTP header name is .* Fix: /);
    const set = refusalOf(() => PolicyStatement.setHeader('X-Demo:', ExistsAction.OVERRIDE, '1'));
    expect(set).toMatchObject({ lesson: 'AZURE', path: 'set-header', setting: 'name' });
    expect(set.message).toMatch(/^\[AZURE\] set-header: name = "X-Demo:": an HTTP header name is .* Fix: /);
  });

  it.each([ExistsAction.OVERRIDE, ExistsAction.SKIP, ExistsAction.APPEND])('fails when set-header with %s has no value', (action) => {
    const r = refusalOf(() => PolicyStatement.setHeader('X-Demo', action));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'set-header', setting: 'values' });
    expect(r.message).toMatch(new RegExp(`^\\[AZURE\\] set-header: values = \\[\\]: a header set with ${action} needs a value\\. Fix: .*ExistsAction\\.DELETE`));
  });

  it('fails when set-header has an exists-action APIM does not know', () => {
    const r = refusalOf(() => PolicyStatement.setHeader('X-Demo', 'replace' as ExistsAction, '1'));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'set-header', setting: 'existsAction' });
    expect(r.message).toMatch(/^\[AZURE\] set-header: existsAction = "replace": .* Fix: use ExistsAction\.OVERRIDE/);
  });

  it('fails when Retry-After is not a positive whole number (EDGE-6)', () => {
    const r = refusalOf(() => PolicyStatement.retryAfterOnRetryableStatuses(0));
    expect(r).toMatchObject({ lesson: 'EDGE-6', path: 'retry-after', setting: 'seconds' });
    expect(r.message).toMatch(/^\[EDGE-6\] retry-after: seconds = 0: .* Fix: use a small interval such as 5\.$/);
  });

  it('fails when the backend id of set-backend-service is empty or has spaces (GW-7)', () => {
    for (const [backendId, shown] of [['', '""'], ['orders backend', '"orders backend"']]) {
      const r = refusalOf(() => PolicyStatement.useBackend(backendId));
      expect(r).toMatchObject({ lesson: 'GW-7', path: 'set-backend-service', setting: 'backendId' });
      const prefix = `[GW-7] set-backend-service: backendId = ${shown}: `;
      expect(r.message.slice(0, prefix.length)).toBe(prefix);
    }
  });
});

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

describe('policy XML rendering refusals', () => {
  it('escapes the five XML characters, and hands back a value without any as it is', () => {
    expect(escapeXml('a & b < c > d " e \' f &amp;')).toBe('a &amp; b &lt; c &gt; d &quot; e &apos; f &amp;amp;');
    for (const c of ['&', '<', '>', '"', "'"]) expect(escapeXml(`x${c}`)).not.toBe(`x${c}`);
    const plain = 'context.Request.Headers.GetValueOrDefault(Ocp-Apim-Subscription-Key) ${TfToken[TOKEN.1]}';
    expect(escapeXml(plain)).toBe(plain);
    expect(escapeXml('')).toBe('');
  });

  it('fails when a text holds a control character XML 1.0 does not allow', () => {
    const document = new PolicyDocument({ inbound: [PolicyStatement.setHeader('X-Note', ExistsAction.OVERRIDE, 'a\u0001b')] });
    const r = refusalOf(() => document.toXml());
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'policy XML', setting: '<value> text' });
    expect(r.message).toMatch(/^\[AZURE\] policy XML: <value> text = "a\\u0001b": XML 1\.0 does not allow this control character.* Fix: remove the character/);
  });

  it('fails when an attribute holds a control character', () => {
    const r = refusalOf(() => render(PolicyStatement.returnResponse({ statusCode: 503, reason: 'Down\u001b' })));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'policy XML', setting: '<set-status> reason' });
    expect(r.message).toMatch(/^\[AZURE\] policy XML: <set-status> reason = "Down\\u001b": XML 1\.0 does not allow/);
  });

  it('keeps tab, line feed and carriage return', () => {
    expect(render(PolicyStatement.returnResponse({ statusCode: 200, reason: 'OK', body: 'a\tb\nc\r\n' })))
      .toContain('<set-body>a\tb\nc\r\n</set-body>');
  });

  it.each([['${var.secret}'], ['%{ if true }x%{ endif }'], ['prefix ${x']])('fails when a value holds the Terraform template text %j', (value) => {
    const r = refusalOf(() => render(PolicyStatement.setHeader('X-Note', ExistsAction.OVERRIDE, value)));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'policy XML', setting: '<value> text' });
    const prefix = `[AZURE] policy XML: <value> text = ${JSON.stringify(value)}: Terraform reads \${ and %{ in a string as a template`;
    expect(r.message.slice(0, prefix.length)).toBe(prefix);
  });

  it('fails when an attribute holds Terraform template text outside a token', () => {
    const r = refusalOf(() => render(PolicyStatement.checkHeader({ name: 'X-A', values: ['a'], failedMessage: 'see ${docs}' })));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'policy XML', setting: '<check-header> failed-check-error-message' });
    expect(r.message).toMatch(/^\[AZURE\] policy XML: <check-header> failed-check-error-message = "see \$\{docs\}": Terraform reads/);
  });

  it('accepts a Terraform reference, but not template text next to it', () => {
    const stack = testStack();
    const fdid = new TerraformVariable(stack, 'fdid', { type: 'string' }).stringValue;
    expect(render(PolicyStatement.onlyFromFrontDoor(fdid))).toContain(`<value>${fdid}</value>`);
    const r = refusalOf(() => render(PolicyStatement.setHeader('X-Note', ExistsAction.OVERRIDE, `${fdid}-\${var.other}`)));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'policy XML', setting: '<value> text' });
    expect(r.message).toMatch(/^\[AZURE\] policy XML: <value> text = "\$\{TfToken\[TOKEN\.\d+\]\}-\$\{var\.other\}": Terraform reads/);
  });

  it('fails when an element name is not lower-case with hyphens (EDGE-3)', () => {
    const r = refusalOf(() => renderXml({ name: 'Set_Header' }));
    expect(r).toMatchObject({ lesson: 'EDGE-3', path: 'policy XML', setting: 'element' });
    expect(r.message).toMatch(/^\[EDGE-3\] policy XML: element = "Set_Header": .* Fix: build the statement with the typed PolicyStatement factories\.$/);
  });

  it('fails when an attribute name is spelt with an underscore (EDGE-3)', () => {
    const r = refusalOf(() => renderXml({ name: 'forward-request', attributes: { timeout: 60, buffer_response: false } }));
    expect(r).toMatchObject({ lesson: 'EDGE-3', path: 'policy XML', setting: '<forward-request> attribute' });
    expect(r.message).toMatch(/^\[EDGE-3\] policy XML: <forward-request> attribute = "buffer_response": API Management policy attributes are spelt with hyphens/);
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

describe.skipIf(!policySchemaAvailable())(`PolicyDocument against the APIM policy XSD${policySchemaSkipReason()}`, () => {
  it('validates a document using every statement builder, branches included', async () => {
    const xml = new PolicyDocument({
      inbound: [
        PolicyStatement.onlyFromFrontDoor('00000000-0000-0000-0000-000000000000'),
        PolicyStatement.setHeader('X-Demo', ExistsAction.APPEND, 'a', 'b'),
        PolicyStatement.setHeader('X-Powered-By', ExistsAction.DELETE),
        PolicyStatement.checkHeader({ name: 'X-Tenant', values: ['a', 'b'], failedStatusCode: 401, failedMessage: 'Unknown tenant', ignoreCase: false }),
      ],
      streamingForwardRequest: { timeoutSeconds: 120, bufferResponse: false },
      outbound: [PolicyStatement.retryAfterOnRetryableStatuses(5)],
      onError: [PolicyStatement.choose(
        [{
          condition: '@(context.Response.StatusCode == 503)',
          statements: [PolicyStatement.returnResponse({ statusCode: 503, reason: 'Service Unavailable', headers: { 'Retry-After': '5' }, body: '{}' })],
        }],
        [PolicyStatement.setHeader('X-Error', ExistsAction.OVERRIDE, 'yes')],
      )],
    }).toXml();
    expect(await validatePolicyDeep(xml)).toEqual({ valid: true, errors: [] });
  });

  it('fails when a branch body holds an attribute the XSD does not know', async () => {
    const xml = new PolicyDocument({ outbound: [PolicyStatement.retryAfterOnRetryableStatuses(5)] }).toXml()
      .replace('exists-action="skip"', 'exists_action="skip"');
    const result = await validatePolicyDeep(xml);
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toContain('exists_action');
  });
});

describe('a builder refusal in a document rendered outside a construct names its place (issue 28)', () => {
  it('fails when a forward-request timeout is above 240 s, naming PolicyDocument.backend[0].forward-request', () => {
    expect(() => new PolicyDocument({ backend: [PolicyStatement.forwardRequest({ timeoutSeconds: 300 })] }).toXml()).toThrow(
      '[EDGE-1] PolicyDocument.backend[0].forward-request: timeoutSeconds = 300: Azure drops connections at 240 s, so a longer timeout is never reached. Fix: use 1-240 s.');
    expect(() => new PolicyDocument({ streamingForwardRequest: { timeoutSeconds: 999 } }).toXml()).toThrow(/^\[EDGE-1\] PolicyDocument\.streamingForwardRequest\.forward-request: timeoutSeconds = 999/);
  });

  it('fails when a statement nested in limit-concurrency or choose is refused, naming the whole path', () => {
    const inner = PolicyStatement.forwardRequest({ timeoutSeconds: 241 });
    expect(() => new PolicyDocument({ inbound: [PolicyStatement.setHeader('X-A', ExistsAction.OVERRIDE, 'a'), PolicyStatement.choose([{ condition: '@(true)', statements: [inner] }])] }).toXml())
      .toThrow(/^\[EDGE-1\] PolicyDocument\.inbound\[1\]\.choose\.when\[0\]\[0\]\.forward-request: timeoutSeconds = 241/);
    expect(() => new PolicyDocument({ backend: [PolicyStatement.limitConcurrency({ maxCount: 5 }, [inner])] }).toXml())
      .toThrow(/PolicyDocument\.backend\[0\]\.limit-concurrency\[0\]\.forward-request: timeoutSeconds = 241/);
  });
});
