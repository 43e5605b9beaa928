import { RuleExamples, raw } from '../../lessons-check/rule-examples';
import { POLICY_RESOURCE_TYPES } from './forward-request-attributes';

// Assembled at run time, so no scanner mistakes this file for a leak.
const STRIPE = ['sk', 'live', '4eC39HqLyjWDarjtT1zdp7dc'].join('_');
const PARTNER_KEY = ['f3a9c2e7', '1d04b6a9e5f0c1d2b3a4e5f6'].join('');
const policy = (inbound: string) => `<policies><inbound><base />${inbound}</inbound><backend><forward-request /></backend><outbound><base /></outbound><on-error><base /></on-error></policies>`;

// SEC-1: an API Management policy whose XML holds a credential (the provider's key belongs in a Key Vault-backed named value).
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.PolicyPlainSecret',
  finds: 'API Management policy XML (`xml_content` of a global, API, operation or product policy) that holds a credential: a known format in an attribute, a text, a CDATA section or a comment; a value written for a header or query parameter (`set-header`, `set-query-parameter`, `check-header`) named as a credential (`Authorization`, `x-api-key`, `Ocp-Apim-Subscription-Key`, `subscription-key`, `code`, `sig`, `*-password`, `*-secret`, `*-api-key`; a bare `key`, a switch or a small number is none); a `password` (or certificate `body`) of `authentication-basic` or `authentication-certificate`; a `key` of `validate-jwt`\'s signing or decryption keys. The XML is in cdk.tf.json, the plan, the state and the portal. What the gateway reads at run time is cut out first and passes: a named value (`{{psp-key}}`) and a policy expression (`@(...)`, `@{...}` as a whole value); a policy given as `file(...)` is not read',
  failing: [
    ...POLICY_RESOURCE_TYPES.map((type) => [raw(type, 'policy', { xml_content: policy(`<set-header name="Authorization" exists-action="override"><value>Bearer ${STRIPE}</value></set-header>`) })]),
    [raw('azurerm_api_management_api_policy', 'partner', { xml_content: policy(`<set-header name="x-api-key" exists-action="override"><value>${PARTNER_KEY}</value></set-header>`) })],
    [raw('azurerm_api_management_api_policy', 'basic', { xml_content: policy('<authentication-basic username="gateway" password="Tr0ub4dor&amp;3xyz" />') })],
  ],
  passing: [
    [raw('azurerm_api_management_api_policy', 'named', { xml_content: policy('<set-header name="Authorization" exists-action="override"><value>Bearer {{psp-key}}</value></set-header><authentication-basic username="gateway" password="{{gateway-password}}" />') })],
    [raw('azurerm_api_management_api_policy', 'expression', { xml_content: policy('<set-header name="x-api-key" exists-action="override"><value>@((string)context.Variables["partner-key"])</value></set-header><authentication-managed-identity resource="https://management.azure.com/" />') })],
    [raw('azurerm_api_management_api_policy', 'header', { xml_content: policy('<set-header name="x-request-id" exists-action="skip"><value>@(context.RequestId.ToString())</value></set-header><set-header name="Cache-Control" exists-action="override"><value>no-store</value></set-header>') })],
  ],
};
