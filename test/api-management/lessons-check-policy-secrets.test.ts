import { App, TerraformStack, Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ApiManagementApiPolicy } from '@cdktf/provider-azurerm/lib/api-management-api-policy';
import { ApiManagementProductPolicy } from '@cdktf/provider-azurerm/lib/api-management-product-policy';
import { ExistsAction } from '../../constructs/policy/statements';
import { PolicyDocument } from '../../constructs/policy/policy-document';
import { PolicyStatement } from '../../constructs/policy/policy-statement';
import { ReportStatus } from '../../constructs/lessons-check/report';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { LessonsCheck } from '../../constructs/stack/lessons-check';
import { failuresOf, lessonsOn, statusesAt } from '../support/hcl';
import { errorsOf } from '../support/synth';

// SEC-1.PolicyPlainSecret: a credential written into an API Management policy (the partner
// payments gateway's lesson: the provider's key lives in Key Vault behind a named value, never in
// the policy). Credentials are assembled at run time, so no scanner mistakes this file for a leak.
const RULE = 'SEC-1.PolicyPlainSecret';
const STRIPE = ['sk', 'live', '4eC39HqLyjWDarjtT1zdp7dc'].join('_');
const PARTNER_KEY = ['f3a9c2e7', '1d04b6a9e5f0c1d2b3a4e5f6'].join('');
const PASSWORD = ['Tr0ub4dor', '3xyzQ'].join('&');

function rawStack(): TerraformStack {
  return new AzureStack(new App({ outdir: '/tmp/policy-secrets-unused' }), { stackName: 'other', environmentName: 'dev', production: false });
}
const apiPolicy = (stack: TerraformStack, xmlContent: string, id = 'policy') =>
  new ApiManagementApiPolicy(stack, id, { apiName: 'orders', apiManagementName: 'apim-other', resourceGroupName: 'rg', xmlContent });
const policy = (inbound: string) => `<policies><inbound><base />${inbound}</inbound><backend><forward-request /></backend><outbound><base /></outbound><on-error><base /></on-error></policies>`;
const findings = (stack: TerraformStack) => {
  Testing.synth(stack);
  return errorsOf(stack).filter((e) => e.startsWith(`[${RULE}] `));
};
const neverEchoed = (messages: readonly string[]) => {
  for (const m of messages) for (const secret of [STRIPE, PARTNER_KEY, PASSWORD]) expect(m).not.toContain(secret.slice(4));
};

describe('SEC-1.PolicyPlainSecret on API Management policies in a stack', () => {
  it('fails when a policy built with PolicyDocument sets the partner\'s key as a literal header, masked, naming the header', () => {
    const stack = rawStack();
    const document = new PolicyDocument({ inbound: [PolicyStatement.setHeader('x-api-key', ExistsAction.OVERRIDE, PARTNER_KEY)] });
    apiPolicy(stack, document.toXml());
    expect(findings(stack)).toEqual([
      `[${RULE}] other-dev/policy: xml_content.set-header[x-api-key] = "…(32 chars)": a literal value for x-api-key, whose name says it is a credential, written in the policy: the XML is in cdk.tf.json, the plan and the Terraform state, and every reader of the API Management service sees it in the portal. Fix: keep the secret in Key Vault and give the policy a named value backed by it ({{name}}: KeyVaultNamedValue, the gateway reads it with its identity), or call with the gateway's identity (authentication-managed-identity) where the backend takes Entra ID.`,
    ]);
  });

  it('fails when a Bearer key, a Basic password and a validate-jwt symmetric key are written in policies, each once, masked', () => {
    const stack = rawStack();
    apiPolicy(stack, policy(`<set-header name="Authorization" exists-action="override"><value>Bearer ${STRIPE}</value></set-header>`), 'bearer');
    apiPolicy(stack, policy(`<authentication-basic username="gateway" password="${PASSWORD.replace('&', '&amp;')}" />`), 'basic');
    new ApiManagementProductPolicy(stack, 'product', {
      productId: 'partners', apiManagementName: 'apim-other', resourceGroupName: 'rg',
      xmlContent: policy('<validate-jwt header-name="Authorization"><issuer-signing-keys><key>c2VjcmV0LXNpZ25pbmcta2V5LWZvci10b2tlbnM=</key></issuer-signing-keys></validate-jwt>'),
    });
    const errors = findings(stack);
    expect(errors.map((e) => e.split(': ').slice(0, 3).join(': '))).toEqual([
      `[${RULE}] other-dev/bearer: xml_content.set-header[Authorization] = "Bear…(39 chars)": a literal value for Authorization, whose name says it is a credential, written in the policy`,
      `[${RULE}] other-dev/basic: xml_content.authentication-basic.password = "…(15 chars)": a literal password for authentication-basic, written in the policy`,
      `[${RULE}] other-dev/product: xml_content.validate-jwt.issuer-signing-keys = "…(40 chars)": a literal key of validate-jwt (a symmetric key signs or decrypts every token), written in the policy`,
    ]);
    neverEchoed(errors);
  });

  it('fails on a known format anywhere in the XML: a function key in a backend URL', () => {
    const stack = rawStack();
    apiPolicy(stack, policy(`<set-backend-service base-url="https://func-orders.azurewebsites.net/api?code=${PARTNER_KEY}" />`));
    expect(findings(stack).map((e) => e.split(': ').slice(0, 2).join(': '))).toEqual([`[${RULE}] other-dev/policy: xml_content = "http…(79 chars)"`]);
  });

  it('passes named values, policy expressions, managed identity, and header names that are no credential', () => {
    const stack = rawStack();
    apiPolicy(stack, policy('<set-header name="Authorization" exists-action="override"><value>Bearer {{psp-key}}</value></set-header><authentication-basic username="gateway" password="{{gateway-password}}" />'), 'named');
    apiPolicy(stack, policy('<set-header name="x-api-key" exists-action="override"><value>@((string)context.Variables["partner-key"])</value></set-header><authentication-managed-identity resource="https://management.azure.com/" />'), 'expression');
    apiPolicy(stack, policy('<set-header name="x-request-id" exists-action="skip"><value>@(context.RequestId.ToString())</value></set-header><set-header name="Cache-Control" exists-action="override"><value>no-store</value></set-header><set-header name="x-api-key" exists-action="delete" />'), 'plain');
    expect(findings(stack)).toEqual([]);
    expect(LessonsCheck.of(stack)!.reportOf(stack).results.filter((r) => r.ruleId === RULE).map((r) => [r.address.split('.')[1], r.status]))
      .toEqual([['named', ReportStatus.COMPLIANT], ['expression', ReportStatus.COMPLIANT], ['plain', ReportStatus.COMPLIANT]]);
  });

  it('can be suppressed on the policy with a reason', () => {
    const stack = rawStack();
    const sandbox = apiPolicy(stack, policy(`<set-header name="x-api-key" exists-action="override"><value>${PARTNER_KEY}</value></set-header>`));
    LessonsCheck.suppress(sandbox, RULE, 'the partner publishes this sandbox key in its documentation');
    expect(findings(stack)).toEqual([]);
    expect(LessonsCheck.of(stack)!.reportOf(stack).results.filter((r) => r.ruleId === RULE).map((r) => [r.status, r.suppressionReason]))
      .toEqual([[ReportStatus.SUPPRESSED, 'the partner publishes this sandbox key in its documentation']]);
  });
});

describe('SEC-1.PolicyPlainSecret in azure-lessons', () => {
  it('fails a literal key in an HCL policy and passes a named value, masked', async () => {
    const hcl = [
      `resource "azurerm_api_management_api_policy" "partner" {\n  api_name = "orders"\n  api_management_name = "apim-other"\n  resource_group_name = "rg"\n  xml_content = <<XML\n${policy(`<set-header name="x-api-key" exists-action="override"><value>${PARTNER_KEY}</value></set-header>`)}\nXML\n}\n`,
      `resource "azurerm_api_management_api_policy" "named" {\n  api_name = "orders"\n  api_management_name = "apim-other"\n  resource_group_name = "rg"\n  xml_content = <<XML\n${policy('<set-header name="x-api-key" exists-action="override"><value>{{partner-key}}</value></set-header>')}\nXML\n}\n`,
    ].join('\n');
    const report = await lessonsOn({ 'main.tf': hcl });
    expect(failuresOf(report, RULE).map((r) => `${r.address} ${r.setting}`)).toEqual(['azurerm_api_management_api_policy.partner xml_content.set-header[x-api-key]']);
    expect(statusesAt(report, RULE, 'azurerm_api_management_api_policy.named')).toEqual([ReportStatus.COMPLIANT]);
    expect(JSON.stringify(report)).not.toContain(PARTNER_KEY.slice(4));
  });
});
