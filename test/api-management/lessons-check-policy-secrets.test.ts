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
      `[${RULE}] other-dev/policy: xml_content.set-header[x-api-key] = "…(32 chars)": a value for x-api-key, whose name says it is a credential, written in the policy: the XML is in cdk.tf.json, the plan and the Terraform state, and every reader of the API Management service sees it in the portal. Fix: keep the secret in Key Vault and give the policy a named value backed by it ({{name}}: KeyVaultNamedValue, the gateway reads it with its identity), or call with the gateway's identity (authentication-managed-identity) where the backend takes Entra ID.`,
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
      `[${RULE}] other-dev/bearer: xml_content.set-header[Authorization] = "…(39 chars)": a value for Authorization, whose name says it is a credential, written in the policy`,
      `[${RULE}] other-dev/basic: xml_content.authentication-basic.password = "…(15 chars)": a password for authentication-basic, written in the policy`,
      `[${RULE}] other-dev/product: xml_content.validate-jwt.issuer-signing-keys = "…(40 chars)": a key of validate-jwt (a symmetric key signs or decrypts every token), written in the policy`,
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

describe('SEC-1.PolicyPlainSecret: what it reads in a policy (review of the rule)', () => {
  /** `setting` of each finding of the rule on one API policy with `inbound`. */
  const settingsOn = (inbound: string) => {
    const stack = rawStack();
    apiPolicy(stack, policy(inbound));
    Testing.synth(stack);
    return LessonsCheck.of(stack)!.reportOf(stack).results.filter((r) => r.ruleId === RULE && r.status === ReportStatus.NON_COMPLIANT).map((r) => r.setting);
  };
  const ENTRA = ['kT38Q', 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z'].join('~');

  it.each([
    ['a function key as the code query parameter', `<set-query-parameter name="code" exists-action="override"><value>${PARTNER_KEY}</value></set-query-parameter>`, 'xml_content.set-query-parameter[code]'],
    ['an APIM subscription key as a query parameter', `<set-query-parameter name="subscription-key" exists-action="override"><value>${PARTNER_KEY}</value></set-query-parameter>`, 'xml_content.set-query-parameter[subscription-key]'],
    ['Ocp-Apim-Subscription-Key as a header', `<set-header name="Ocp-Apim-Subscription-Key" exists-action="override"><value>${PARTNER_KEY}</value></set-header>`, 'xml_content.set-header[Ocp-Apim-Subscription-Key]'],
    ['a shared secret a check-header compares', `<check-header name="x-shared-secret" failed-check-httpcode="401" failed-check-error-message="no" ignore-case="false"><value>${PARTNER_KEY}</value></check-header>`, 'xml_content.check-header[x-shared-secret]'],
    ['a header name in single quotes', `<set-header name='x-api-key' exists-action='override'><value>${PARTNER_KEY}</value></set-header>`, 'xml_content.set-header[x-api-key]'],
    ['a certificate body', `<authentication-certificate body="${PARTNER_KEY}${PARTNER_KEY}" password="" />`, 'xml_content.authentication-certificate.body'],
    ['a certificate password in single quotes', '<authentication-certificate certificate-id="partner" password=\'Tr0ub4dor3xyzQ\' />', 'xml_content.authentication-certificate.password'],
    ['a certificate password beside a body read by an expression with a generic', '<authentication-certificate body="@(context.Variables.GetValueOrDefault<byte[]>(&quot;byteCertificate&quot;))" password="Tr0ub4dor3xyzQ" />', 'xml_content.authentication-certificate.password'],
    ['a decryption key of validate-jwt', '<validate-jwt header-name="Authorization"><decryption-keys><key>c2VjcmV0LWRlY3J5cHRpb24ta2V5LWZvci10b2tlbnM=</key></decryption-keys></validate-jwt>', 'xml_content.validate-jwt.decryption-keys'],
    ['an Entra client secret in a CDATA body', `<set-body><![CDATA[client_id=orders&client_secret=${ENTRA}&grant_type=client_credentials]]></set-body>`, 'xml_content'],
    ['a key beside a named value', `<rewrite-uri template="/api/{id}?tenant={{tenant}}&amp;code=${PARTNER_KEY}" />`, 'xml_content'],
    ['a key beside a Liquid placeholder', `<set-body template="liquid">{"user":"{{body.user}}","key":"${STRIPE}"}</set-body>`, 'xml_content'],
    ['a key in an XML comment (it stays in the XML)', `<!-- the old key: ${STRIPE} -->`, 'xml_content'],
    // An expression's brackets inside its strings do not hide what follows it (second review).
    ['a key after an expression with "(" in a string', `<set-header name="x-request" exists-action="override"><value>@("(" + context.RequestId)</value></set-header><set-header name="x-api-key" exists-action="override"><value>${PARTNER_KEY}</value></set-header>`, 'xml_content.set-header[x-api-key]'],
    ['a key after an expression with "{" in a string', `<set-variable name="s" value="x" /><set-body>@{ var s = "{"; return s; }</set-body><set-header name="x-functions-key" exists-action="override"><value>${PARTNER_KEY}</value></set-header>`, 'xml_content.set-header[x-functions-key]'],
    ['a password with @( inside it (no expression: not the whole value)', '<authentication-basic username="gateway" password="P@(ssw0rd-literal" />', 'xml_content.authentication-basic.password'],
    ['a key after a text with @( in the middle', `<set-header name="x-contact" exists-action="override"><value>ops@(contoso</value></set-header><set-header name="x-api-key" exists-action="override"><value>${PARTNER_KEY}</value></set-header>`, 'xml_content.set-header[x-api-key]'],
  ])('fails on %s', (_name, inbound, setting) => {
    expect(settingsOn(inbound)).toEqual([setting]);
  });

  it.each([
    ['SAP\'s X-CSRF-Token fetch', '<set-header name="X-CSRF-Token" exists-action="override"><value>Fetch</value></set-header>'],
    ['a country code header and an error code', '<set-header name="X-Country-Code" exists-action="override"><value>NL</value></set-header><set-query-parameter name="country_code" exists-action="override"><value>US</value></set-query-parameter>'],
    ['a switch under a token name', '<set-header name="x-auth-token" exists-action="override"><value>true</value></set-header>'],
    ['a query parameter named key (a cache key, a search key: too common a name to say credential)', '<set-query-parameter name="key" exists-action="override"><value>orders</value></set-query-parameter>'],
    ['a SAS built in an expression with a generic (Microsoft\'s Cosmos DB sample)', '<set-body>@{ var b = context.Request.Body.As<JObject>(preserveContent: true); return $"type=master&amp;ver=1.0&amp;sig={b["s"]}"; }</set-body>'],
    ['a Bearer value from a named value or an expression in CDATA', '<set-header name="Authorization" exists-action="override"><value>Bearer {{psp-key}}</value></set-header><set-header name="Proxy-Authorization" exists-action="override"><value><![CDATA[@("Bearer " + (string)context.Variables["t"])]]></value></set-header>'],
    ['a certificate by id and a key by its modulus', '<authentication-certificate certificate-id="partner" /><validate-jwt header-name="Authorization"><issuer-signing-keys><key n="0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw" e="AQAB" /></issuer-signing-keys></validate-jwt>'],
  ])('passes %s', (_name, inbound) => {
    expect(settingsOn(inbound)).toEqual([]);
  });

  it('does not read a policy the configuration gives as a function (not applicable)', () => {
    const stack = rawStack();
    apiPolicy(stack, '${file("policies/orders.xml")}');
    Testing.synth(stack);
    expect(LessonsCheck.of(stack)!.reportOf(stack).results.filter((r) => r.ruleId === RULE)).toEqual([]);
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
