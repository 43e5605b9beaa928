import { TerraformVariable } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ApiManagementApiPolicy } from '@cdktf/provider-azurerm/lib/api-management-api-policy';
import { onlyFromFrontDoor, retryAfterOnRetryableStatuses } from '../constructs/policy/fragments';
import { PolicyDocument } from '../constructs/policy/policy-document';
import { checkHeader, choose, forwardRequest, returnResponse, setHeader } from '../constructs/policy/statements';
import { policySchemaAvailable, policySchemaSkipReason } from './support/apim-policy-schema';
import { validatePolicyDeep } from './support/policy-xsd';
import { resourceOf, synth, testStack } from './support/synth';

const sections = (xml: string) => Object.fromEntries(
  ['inbound', 'backend', 'outbound', 'on-error'].map((s) => [s, xml.match(new RegExp(`<${s}>([\\s\\S]*?)</${s}>`))?.[1].trim()]),
);

describe('PolicyDocument', () => {
  it('keeps <base /> first in every section by default', () => {
    const xml = new PolicyDocument({ inbound: [setHeader('X-Demo', 'override', '1')] }).toXml();
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
    const xml = new PolicyDocument({ inbound: [setHeader('X-Note', 'override', 'a<b & "c" \'d\'>')] }).toXml();
    expect(xml).toContain('<value>a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;</value>');
  });

  it('embeds Terraform references that resolve at synth', () => {
    const stack = testStack();
    const fdid = new TerraformVariable(stack, 'fdid', { type: 'string' });
    new ApiManagementApiPolicy(stack, 'policy', {
      apiName: 'api', apiManagementName: 'apim', resourceGroupName: 'rg',
      xmlContent: new PolicyDocument({ inbound: [onlyFromFrontDoor(fdid.stringValue)] }).toXml(),
    });
    const xml = resourceOf(synth(stack), 'azurerm_api_management_api_policy').xml_content as string;
    expect(xml).toContain('<check-header name="X-Azure-FDID" failed-check-httpcode="403"');
    expect(xml).toContain('<value>${var.fdid}</value>');
  });

  it('adds Retry-After to 202, 429 and 503 without overriding the backend value (EDGE-6)', () => {
    const xml = new PolicyDocument({ outbound: [retryAfterOnRetryableStatuses(7)] }).toXml();
    expect(xml).toContain('condition="@(context.Response.StatusCode == 202 || context.Response.StatusCode == 429 || context.Response.StatusCode == 503)"');
    expect(xml).toMatch(/<set-header name="Retry-After" exists-action="skip">\s*<value>7<\/value>/);
  });

  it('fails when a return-response or check-header status is not one APIM takes', () => {
    expect(() => returnResponse({ statusCode: 99, reason: 'x' })).toThrow(/^\[AZURE\] return-response status = 99: APIM takes an HTTP status code here\. Fix: use a status from 100 to 599\.$/);
    expect(() => checkHeader({ name: 'X-A', values: ['a'], failedStatusCode: 302 })).toThrow(/^\[AZURE\] check-header failed status = 302: APIM takes a 4xx or 5xx status here\./);
  });

  it('fails when a forward-request timeout exceeds 240 s (EDGE-1)', () => {
    expect(() => forwardRequest({ timeoutSeconds: 300 })).toThrow(/^\[EDGE-1\] forward-request timeout = 300: Azure drops connections at 240 s, so a longer timeout is never reached\. Fix: use 1-240 s\.$/);
  });

  it('fails when a choose condition is not a policy expression', () => {
    expect(() => choose([{ condition: 'context.Response.StatusCode == 429', then: [] }])).toThrow(/write it as a policy expression/);
  });

  it('fails when check-header has no accepted value', () => {
    expect(() => checkHeader({ name: 'X-Azure-FDID', values: [] })).toThrow(/give at least one accepted value/);
  });

  it('fails when Retry-After is not a positive whole number (EDGE-6)', () => {
    expect(() => retryAfterOnRetryableStatuses(0)).toThrow(/^\[EDGE-6\] Retry-After = 0/);
  });
});

describe.skipIf(!policySchemaAvailable())(`PolicyDocument against the APIM policy XSD${policySchemaSkipReason()}`, () => {
  it('validates a document using every statement builder, branches included', async () => {
    const xml = new PolicyDocument({
      inbound: [onlyFromFrontDoor('00000000-0000-0000-0000-000000000000'), setHeader('X-Demo', 'append', 'a', 'b')],
      streamingForwardRequest: { timeoutSeconds: 120, bufferResponse: false },
      outbound: [retryAfterOnRetryableStatuses(5)],
      onError: [choose(
        [{ condition: '@(context.Response.StatusCode == 503)', then: [returnResponse({ statusCode: 503, reason: 'Service Unavailable', headers: { 'Retry-After': '5' }, body: '{}' })] }],
        [setHeader('X-Error', 'override', 'yes')],
      )],
    }).toXml();
    expect(await validatePolicyDeep(xml)).toEqual({ valid: true, errors: [] });
  });

  it('fails when a branch body holds an attribute the XSD does not know', async () => {
    const xml = new PolicyDocument({ outbound: [retryAfterOnRetryableStatuses(5)] }).toXml()
      .replace('exists-action="skip"', 'exists_action="skip"');
    const result = await validatePolicyDeep(xml);
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toContain('exists_action');
  });
});
