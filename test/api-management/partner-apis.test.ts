import { TerraformStack, Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ApiGateway } from '../../constructs/api-management/api-gateway';
import { IApiGateway } from '../../constructs/api-management/gateway-reference';
import { HttpMethod } from '../../constructs/api-management/http-proxy-api';
import { KeyVaultNamedValue } from '../../constructs/api-management/key-vault-named-value';
import { PartnerLimit, PartnerProducts, PartnerProductsProps } from '../../constructs/api-management/partner-products';
import { ProviderApi, ProviderApiProps, ProviderOperation } from '../../constructs/api-management/provider-api';
import { QueueIntakeApi, QueueIntakeApiProps } from '../../constructs/api-management/queue-intake-api';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { StorageAccount } from '../../constructs/storage/storage-account';
import { StorageQueue } from '../../constructs/storage/storage-children';
import { policySchemaAvailable, policySchemaSkipReason } from '../support/apim-policy-schema';
import { gateway, gatewayIn } from '../support/fixtures';
import { refusalOf } from '../support/refusal';
import { fixStack } from '../support/stacks';
import { validatePolicyDeep } from '../support/policy-xsd';
import { idOf, notesOf, ref, resourceOf, resourcesOf, synth, TerraformJson } from '../support/synth';

const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const APP_ID = '8c2e4f6a-1b3d-4e5f-a7b9-0c1d2e3f4a5b';
const CONSUMER = '5d1c0f3e-7a2b-4c9d-8e6f-1a2b3c4d5e6f';
const FRONT_DOOR_ID = '11111111-2222-3333-4444-555555555555';
const PSP_KEY_URI = 'https://kv-pay.vault.azure.net/secrets/psp-api-key';

const stackOf = () => new AzureStack(Testing.app(), { stackName: 'pay', environmentName: 'dev', production: false });

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const section = (xml: string, name: string) => xml.match(new RegExp(`<${name}>([\\s\\S]*?)\\n  </${name}>`))![1];
/** Element names directly below a section, in order. */
const children = (xml: string, name: string) => [...section(xml, name).matchAll(/^ {4}<([a-z-]+)/gm)].map((m) => m[1]);
const infosOf = (stack: TerraformStack) => notesOf(stack);

/** A queue and a gateway, the common ground of the APIs below. */
function ground() {
  const stack = stackOf();
  const gw = gateway(stack);
  const storage = new StorageAccount(stack, 'storage', { name: 'stpay', resourceGroupName: 'rg-pay', location: 'westeurope' });
  const queue = storage.addQueue('charges', { poisonQueue: true });
  return { stack, gw, queue };
}

function intakeIn(stack: AzureStack, gw: IApiGateway, queue: StorageQueue, props: Partial<QueueIntakeApiProps> = {}) {
  return new QueueIntakeApi(stack, 'intake', {
    gateway: gw, name: 'payments', path: 'payments/v1', queue, allowDirectCallers: true,
    operations: [{ name: 'create-charge', urlTemplate: '/charges' }, { name: 'create-refund', urlTemplate: '/refunds', displayName: 'Refund' }],
    ...props,
  });
}

describe('PartnerProducts (GW-8, GW-1)', () => {
  const PARTNERS: PartnerLimit[] = [
    { name: 'acme', callsPerMinute: 100 },
    { name: 'globex', callsPerMinute: 50, quota: { calls: 100_000, renewalPeriodSeconds: 86_400 } },
  ];

  function build(props: Partial<PartnerProductsProps> = {}) {
    const { stack, gw, queue } = ground();
    const intake = intakeIn(stack, gw, queue);
    const partners = new PartnerProducts(stack, 'partners', { gateway: gw, productPrefix: 'payments', apis: [intake], partners: PARTNERS, ...props });
    return { stack, gw, partners, tf: synth(stack) };
  }
  const productPolicy = (tf: TerraformJson, partner: string) => resourceOf(tf, 'azurerm_api_management_product_policy', `partners/${partner}/`).xml_content as string;

  it('publishes one product per partner that requires a subscription, and approval for any other request (GW-8)', () => {
    const { tf } = build();
    const products = Object.values(resourcesOf(tf, 'azurerm_api_management_product'))
      .map((p) => [p.product_id, p.display_name, p.description, p.published, p.subscription_required, p.approval_required]).sort();
    expect(products).toEqual([
      ['payments-acme', 'payments acme', 'Partner acme: 100 calls per minute.', true, true, true],
      ['payments-globex', 'payments globex', 'Partner globex: 50 calls per minute, 100000 per 86400 s.', true, true, true],
    ]);
  });

  it('gives each partner one active subscription on its own product, tracing off', () => {
    const { tf } = build();
    const subscriptions = Object.values(resourcesOf(tf, 'azurerm_api_management_subscription'));
    expect(subscriptions).toHaveLength(2);
    for (const partner of ['acme', 'globex']) {
      expect(resourceOf(tf, 'azurerm_api_management_subscription', `partners/${partner}/`)).toMatchObject({
        display_name: partner, state: 'active', allow_tracing: false,
        product_id: ref(tf, 'azurerm_api_management_product', 'id', `partners/${partner}/`),
        api_management_name: ref(tf, 'azurerm_api_management', 'name'),
      });
    }
  });

  it('names each subscription <prefix>-<partner>, as PartnerLimit.name documents', () => {
    const { tf } = build();
    const ids = Object.values(resourcesOf(tf, 'azurerm_api_management_subscription')).map((s) => s.subscription_id).sort();
    expect(ids).toEqual(['payments-acme', 'payments-globex']);
  });

  it('links every given API to every product', () => {
    const { tf } = build();
    const links = Object.values(resourcesOf(tf, 'azurerm_api_management_product_api')).map((l) => [l.product_id, l.api_name]).sort();
    expect(links).toEqual(['acme', 'globex'].map((p) => [
      ref(tf, 'azurerm_api_management_product', 'product_id', `partners/${p}/`), ref(tf, 'azurerm_api_management_api', 'name'),
    ]));
  });

  it('caps each partner per minute on its subscription, counting successful calls only (GW-1, GW-4)', () => {
    const { tf } = build();
    expect(section(productPolicy(tf, 'acme'), 'inbound')).toBe('\n    <base />\n    <rate-limit-by-key calls="100" renewal-period="60" '
      + 'counter-key="@(context.Subscription?.Id ?? &quot;anonymous&quot;)" '
      + 'increment-condition="@(context.Response.StatusCode &gt;= 200 &amp;&amp; context.Response.StatusCode &lt; 400)" retry-after-variable-name="throttleRetryAfter" />');
  });

  it('adds the partner\'s long-period quota after the per-minute cap', () => {
    const { tf } = build();
    const inbound = section(productPolicy(tf, 'globex'), 'inbound');
    expect(children(productPolicy(tf, 'globex'), 'inbound')).toEqual(['base', 'rate-limit-by-key', 'quota']);
    expect(inbound).toContain('<rate-limit-by-key calls="50" renewal-period="60" ');
    expect(inbound).toContain('<quota calls="100000" renewal-period="86400" />');
    expect(productPolicy(tf, 'acme')).not.toContain('<quota');
  });

  it('answers a throttled partner 429 as problem+json with Retry-After, 60 s unless given', () => {
    const onError = unescape(section(productPolicy(build().tf, 'acme'), 'on-error'));
    expect(onError).toContain('<set-status code="429" reason="Too Many Requests" />');
    expect(onError).toMatch(/<set-header name="Content-Type" exists-action="override">\s*<value>application\/problem\+json<\/value>/);
    expect(onError).toContain('context.Variables["throttleRetryAfter"].ToString() : "60")');
    const other = unescape(section(productPolicy(build({ retryAfterSeconds: 15 }).tf, 'acme'), 'on-error'));
    expect(other).toContain('context.Variables["throttleRetryAfter"].ToString() : "15")');
  });

  it('adds up what the partners may send together, and says it is not the provider\'s budget (LIM-5)', () => {
    const { partners, stack } = build();
    expect(partners.totalCallsPerMinute).toBe(150);
    expect(Object.keys(partners.products)).toEqual(['acme', 'globex']);
    expect(infosOf(stack)).toContain('[LIM-5] pay-dev/partners: 2 partner(s) may send 150 calls per minute together; gateway counters are per node (GW-3), '
      + 'so each cap is approximate, and none of them is the provider\'s budget.');
  });

  it('works on a v2 gateway another team owns', () => {
    const stack = stackOf();
    const gw = ApiGateway.fromExisting(stack, 'platform', { serviceName: 'apim-platform', resourceGroupName: 'rg-platform', skuName: 'StandardV2_1' });
    new PartnerProducts(stack, 'partners', { gateway: gw, productPrefix: 'payments', apis: [], partners: [{ name: 'acme', callsPerMinute: 100 }] });
    expect(resourceOf(synth(stack), 'azurerm_api_management_product')).toMatchObject({ api_management_name: 'apim-platform', resource_group_name: 'rg-platform' });
  });

  const refusal = (partners: PartnerLimit[], gw?: (stack: AzureStack) => IApiGateway) => {
    const stack = stackOf();
    return refusalOf(() => new PartnerProducts(stack, 'partners', { gateway: gw ? gw(stack) : gateway(stack), productPrefix: 'payments', apis: [], partners }));
  };

  it('fails when retryAfterSeconds is refused by the throttling statement, naming the construct, not the builder (EDGE-6)', () => {
    const stack = stackOf();
    const r = refusalOf(() => new PartnerProducts(stack, 'partners', {
      gateway: gateway(stack), productPrefix: 'payments', apis: [], partners: [{ name: 'acme', callsPerMinute: 100 }], retryAfterSeconds: 0,
    }));
    expect(r).toMatchObject({ lesson: 'EDGE-6', path: 'pay-dev/partners', setting: 'policy.retryAfterSeconds' });
  });

  it('fails when no partner is listed (GW-8)', () => {
    expect(refusal([]).message).toBe('[GW-8] pay-dev/partners: partners = []: without partners nobody can call the API: every call needs a partner\'s subscription. '
      + 'Fix: list the partners with their caps.');
  });

  it('fails when a partner is listed twice (GW-8)', () => {
    const r = refusal([{ name: 'acme', callsPerMinute: 100 }, { name: 'acme', callsPerMinute: 50 }]);
    expect(r).toMatchObject({ lesson: 'GW-8', path: 'pay-dev/partners', setting: 'partners[1].name' });
    expect(r.message).toBe('[GW-8] pay-dev/partners: partners[1].name = "acme": this partner is listed twice: two subscriptions would split its cap in two. '
      + 'Fix: list each partner once (names are case-insensitive).');
  });

  it('fails when a partner is listed twice in different case (GW-8)', () => {
    const r = refusal([{ name: 'acme', callsPerMinute: 100 }, { name: 'globex', callsPerMinute: 100 }, { name: 'ACME', callsPerMinute: 10 }]);
    expect(r.message).toBe('[GW-8] pay-dev/partners: partners[2].name = "ACME": this partner is listed twice: two subscriptions would split its cap in two. '
      + 'Fix: list each partner once (names are case-insensitive).');
  });

  for (const cap of [0, 2.5]) {
    it(`fails when a partner's cap is ${cap} calls per minute (GW-1)`, () => {
      const r = refusal([{ name: 'acme', callsPerMinute: 100 }, { name: 'globex', callsPerMinute: cap }]);
      expect(r).toMatchObject({ lesson: 'GW-1', setting: 'partners[1].callsPerMinute' });
      expect(r.message).toBe(`[GW-1] pay-dev/partners: partners[1].callsPerMinute = ${cap}: a cap of 0 refuses every call of the partner with 429. `
        + 'Fix: give the calls per minute agreed with the partner, e.g. 100.');
    });
  }

  it('fails when a partner\'s quota is 0 calls (GW-1)', () => {
    expect(refusal([{ name: 'acme', callsPerMinute: 100, quota: { calls: 0, renewalPeriodSeconds: 86_400 } }]).message)
      .toBe('[GW-1] pay-dev/partners: partners[0].quota.calls = 0: a quota of 0 refuses every call with 403. Fix: give the calls per period, e.g. 100000.');
  });

  for (const period of [60, 3599, 31_536_001]) {
    it(`fails when a partner's quota period is ${period} s (an hour to a year)`, () => {
      expect(refusal([{ name: 'acme', callsPerMinute: 100, quota: { calls: 1000, renewalPeriodSeconds: period } }]).message)
        .toBe(`[GW-1] pay-dev/partners: partners[0].quota.renewalPeriodSeconds = ${period}: a quota is for long periods: an hour to a year `
          + '(the per-minute cap is rate-limit-by-key). Fix: use 86400 for a day or 2592000 for 30 days.');
    });
  }

  it('fails when a partner name makes a product id Azure rejects', () => {
    expect(refusal([{ name: 'acme corp', callsPerMinute: 100 }]).message).toBe('[AZURE] pay-dev/partners: partners[0].name = "payments-acme corp": '
      + 'Azure rejects this API Management product or subscription name (18 characters). Fix: use 1-80 characters: letters, digits and hyphens, starting and ending with a letter or digit.');
  });

  it('fails on a Consumption gateway, which has no rate-limit-by-key (GW-1)', () => {
    const r = refusal([{ name: 'acme', callsPerMinute: 100 }],
      (stack) => ApiGateway.fromExisting(stack, 'platform', { serviceName: 'apim-platform', resourceGroupName: 'rg-platform', skuName: 'Consumption_0' }));
    expect(r.message).toBe('[GW-1] pay-dev/partners: gateway.skuName = "Consumption_0": the Consumption tier has no rate-limit-by-key, so per-partner caps cannot be enforced. '
      + 'Fix: use a v2 tier (BasicV2, StandardV2).');
  });
});

describe('partner products', () => {
  it('limit each product to one subscription per user and make every other request wait for approval, so no partner doubles its cap (GW-8)', async () => {
    const { PartnerProducts } = await import('../../constructs/api-management/partner-products');
    const stack = fixStack(false);
    const gateway = gatewayIn(stack);
    new PartnerProducts(stack, 'partners', { gateway, productPrefix: 'payments', apis: [], partners: [{ name: 'acme', callsPerMinute: 100 }] });
    expect(resourceOf(synth(stack), 'azurerm_api_management_product')).toMatchObject({ product_id: 'payments-acme', subscriptions_limit: 1, subscription_required: true, approval_required: true });
    // The partner's own subscription is active: approval applies to requests, not to this stack's subscriptions.
    expect(resourceOf(synth(stack), 'azurerm_api_management_subscription')).toMatchObject({ state: 'active' });
  });
});

describe('QueueIntakeApi (LIM-5, PAY-1)', () => {
  function build(props: Partial<QueueIntakeApiProps> = {}) {
    const { stack, gw, queue } = ground();
    const intake = intakeIn(stack, gw, queue, props);
    return { stack, intake, tf: synth(stack) };
  }
  const policyOf = (tf: TerraformJson) => resourceOf(tf, 'azurerm_api_management_api_policy');

  it('is an HTTPS API on the queue service, subscription required, with one POST per command', () => {
    const { tf } = build();
    expect(resourceOf(tf, 'azurerm_api_management_api')).toMatchObject({
      name: 'payments', path: 'payments/v1', protocols: ['https'], subscription_required: true,
      service_url: `https://${ref(tf, 'azurerm_storage_account', 'name')}.queue.core.windows.net`,
    });
    const operations = Object.values(resourcesOf(tf, 'azurerm_api_management_api_operation')).map((o) => [o.operation_id, o.method, o.url_template, o.display_name]).sort();
    expect(operations).toEqual([['create-charge', 'POST', '/charges', 'POST /charges'], ['create-refund', 'POST', '/refunds', 'Refund']]);
  });

  it('grants the gateway\'s identity Storage Queue Data Message Sender on the queue, before the policy', () => {
    const { tf } = build();
    expect(resourceOf(tf, 'azurerm_role_assignment')).toEqual({
      scope: ref(tf, 'azurerm_storage_queue', 'id', 'queue-charges/'), role_definition_name: 'Storage Queue Data Message Sender',
      principal_id: ref(tf, 'azurerm_api_management', 'identity[0].principal_id'), principal_type: 'ServicePrincipal',
    });
    expect(policyOf(tf).depends_on).toEqual([`azurerm_role_assignment.${idOf(tf, 'azurerm_role_assignment')}`]);
  });

  it('requires the Idempotency-Key first, sets X-Client-Id, refuses a body too large for a message with 413, then queues the request and answers 202 or 503', () => {
    const { tf } = build();
    const xml = policyOf(tf).xml_content as string;
    expect(children(xml, 'inbound')).toEqual(['base', 'choose', 'set-header', 'choose', 'send-request', 'choose']);
    const inbound = unescape(section(xml, 'inbound'));
    expect(inbound).toContain('<when condition="@(string.IsNullOrWhiteSpace(context.Request.Headers.GetValueOrDefault("Idempotency-Key", "")))">');
    expect(inbound).toContain('<set-status code="400" reason="Bad Request" />');
    expect(inbound).toMatch(/<set-header name="X-Client-Id" exists-action="override">\s*<value>@\(context\.Subscription\?\.Id \?\? "anonymous"\)<\/value>/);
    expect(inbound).toContain(`<set-url>https://${ref(tf, 'azurerm_storage_account', 'name')}.queue.core.windows.net/${ref(tf, 'azurerm_storage_queue', 'name', 'queue-charges/')}/messages?messagettl=604800</set-url>`);
    expect(inbound).toContain('<authentication-managed-identity resource="https://storage.azure.com/" />');
    expect(inbound).toContain('<when condition="@(Encoding.UTF8.GetByteCount(context.Request.Body?.As<string>(preserveContent: true) ?? "") > 46080)">');
    expect(inbound).toContain('<set-status code="413" reason="Content Too Large" />');
    expect(inbound).toContain('<set-status code="202" reason="Accepted" />');
    expect(inbound).toContain('<set-status code="503" reason="Service Unavailable" />');
    expect(section(xml, 'backend')).toBe('\n    <base />');
  });

  it('takes the TTL and the idempotency header', () => {
    const { tf, intake } = build({ messageTtlSeconds: 86_400, idempotencyKeyHeader: 'X-Request-Key' });
    expect(intake.messageTtlSeconds).toBe(86_400);
    const inbound = unescape(section(policyOf(tf).xml_content as string, 'inbound'));
    expect(inbound).toContain('/messages?messagettl=86400</set-url>');
    expect(inbound).toContain('GetValueOrDefault("X-Request-Key", "")');
    expect(inbound).not.toContain('"Idempotency-Key"');
  });

  it('keeps out callers that skip Front Door when given its id', () => {
    const { tf } = build({ allowDirectCallers: undefined, frontDoorId: FRONT_DOOR_ID });
    const xml = policyOf(tf).xml_content as string;
    expect(children(xml, 'inbound')).toEqual(['base', 'check-header', 'choose', 'set-header', 'choose', 'send-request', 'choose']);
    expect(xml).toContain(`<value>${FRONT_DOOR_ID}</value>`);
  });

  const refusal = (props: Partial<QueueIntakeApiProps>) => {
    const { stack, gw, queue } = ground();
    return refusalOf(() => intakeIn(stack, gw, queue, props));
  };

  it('fails when neither a Front Door id nor direct callers are given (ACCESS)', () => {
    expect(refusal({ allowDirectCallers: undefined }).message).toBe('[ACCESS] pay-dev/intake: frontDoorId = undefined: without it the API answers anyone who finds '
      + 'the gateway host, bypassing Front Door\'s WAF and timeouts. Fix: pass frontDoorId: frontDoor.frontDoorId, or allowDirectCallers: true when another edge guards the gateway.');
  });

  it('fails when there is no operation', () => {
    expect(refusal({ operations: [] }).message).toBe('[AZURE] pay-dev/intake: operations = []: an API without operations answers 404 to every call. '
      + 'Fix: declare each command, e.g. { name: \'create-charge\', urlTemplate: \'/charges\' }.');
  });

  it('fails when two operations share a name, or a template has no leading slash', () => {
    expect(refusal({ operations: [{ name: 'create-charge', urlTemplate: '/charges' }, { name: 'create-charge', urlTemplate: '/charges2' }] }).message)
      .toBe('[AZURE] pay-dev/intake: operations.create-charge = "/charges2": two operations share an operation id. '
        + 'Fix: give every operation its own name and a template such as "/charges".');
    expect(refusal({ operations: [{ name: 'create-charge', urlTemplate: 'charges' }] }).message)
      .toBe('[AZURE] pay-dev/intake: operations.create-charge = "charges": an operation URL template starts with a slash. '
        + 'Fix: give every operation its own name and a template such as "/charges".');
  });

  it('fails when the message TTL is too short for Storage (LIM-5)', () => {
    const r = refusal({ messageTtlSeconds: 30 });
    expect(r).toMatchObject({ lesson: 'LIM-5', path: 'pay-dev/intake', setting: 'messageTtlSeconds' });
    expect(r.message).toBe('[LIM-5] pay-dev/intake: messageTtlSeconds = 30: Storage keeps a message 60 s to 7 days before deleting it unread. '
      + 'Fix: use 604800 (7 days) unless the work goes stale sooner.');
  });
});

describe('ProviderApi (GW-7, GW-8, PAY-1..3, SEC-1)', () => {
  const OPERATIONS: ProviderOperation[] = [
    { name: 'create-charge', method: HttpMethod.POST, urlTemplate: '/v1/charges', requireIdempotencyKey: true },
    { name: 'get-charge', method: HttpMethod.GET, urlTemplate: '/v1/charges/{id}', templateParameters: [{ name: 'id' }] },
  ];

  function providerIn(stack: AzureStack, gw: IApiGateway, props: Partial<ProviderApiProps> = {}) {
    const apiKey = new KeyVaultNamedValue(stack, 'psp-key', { gateway: gw, name: 'psp-api-key', secret: PSP_KEY_URI });
    return new ProviderApi(stack, 'psp', {
      gateway: gw, name: 'psp', path: 'psp', providerUrl: 'https://api.psp.example.com', apiKey, allowDirectCallers: true,
      callers: { tenantId: TENANT, audience: APP_ID, clientIds: [CONSUMER] },
      operations: OPERATIONS, declaredOutageMinutes: 30, ...props,
    });
  }
  function build(props: Partial<ProviderApiProps> = {}) {
    const stack = stackOf();
    const provider = providerIn(stack, gateway(stack), props);
    return { stack, provider, tf: synth(stack) };
  }
  const policyXml = (tf: TerraformJson) => resourceOf(tf, 'azurerm_api_management_api_policy').xml_content as string;
  const refusal = (props: Partial<ProviderApiProps>) => {
    const stack = stackOf();
    const gw = gateway(stack);
    return refusalOf(() => providerIn(stack, gw, props));
  };

  it('is an HTTPS API to the provider without subscription keys: only the callers\' tokens get in', () => {
    const { tf } = build();
    expect(resourceOf(tf, 'azurerm_api_management_api')).toMatchObject({
      name: 'psp', path: 'psp', protocols: ['https'], service_url: 'https://api.psp.example.com', subscription_required: false,
    });
    const operations = Object.values(resourcesOf(tf, 'azurerm_api_management_api_operation')).map((o) => [o.operation_id, o.method, o.url_template, o.display_name]).sort();
    expect(operations).toEqual([['create-charge', 'POST', '/v1/charges', 'POST /v1/charges'], ['get-charge', 'GET', '/v1/charges/{id}', 'GET /v1/charges/{id}']]);
  });

  it('checks the callers\' Entra token, removes their credentials and sets the provider key from the named value', () => {
    const { tf } = build();
    const xml = policyXml(tf);
    expect(children(xml, 'inbound')).toEqual(['base', 'validate-azure-ad-token', 'set-header', 'set-header', 'set-header', 'set-backend-service']);
    const inbound = section(xml, 'inbound');
    expect(inbound).toContain(`<validate-azure-ad-token tenant-id="${TENANT}" header-name="Authorization" failed-validation-httpcode="401">`);
    expect(inbound).toContain(`<client-application-ids>\n        <application-id>${CONSUMER}</application-id>\n      </client-application-ids>`);
    expect(inbound).toContain(`<audience>${APP_ID}</audience>\n        <audience>api://${APP_ID}</audience>`);
    expect(inbound).toContain('<set-header name="Authorization" exists-action="delete" />\n    <set-header name="Ocp-Apim-Subscription-Key" exists-action="delete" />');
    expect(inbound).toContain('<set-header name="X-Api-Key" exists-action="override">\n      <value>{{psp-api-key}}</value>\n    </set-header>');
    expect(inbound).toContain(`<set-backend-service backend-id="${ref(tf, 'azurerm_api_management_backend', 'name')}" />`);
  });

  it('retries 429/503/504 once after 2 s inside the breaker\'s backend, and takes the key off the response', () => {
    const { tf, provider } = build();
    const xml = policyXml(tf);
    expect(section(xml, 'backend')).toBe([
      '',
      '    <retry condition="@(context.Response != null &amp;&amp; (context.Response.StatusCode == 429 || context.Response.StatusCode == 503 || '
        + 'context.Response.StatusCode == 504))" count="1" interval="2" max-interval="30" delta="2" first-fast-retry="false">',
      '      <forward-request timeout="30" buffer-response="true" buffer-request-body="true" />',
      '    </retry>',
    ].join('\n'));
    expect(section(xml, 'outbound')).toBe('\n    <base />\n    <set-header name="X-Api-Key" exists-action="delete" />');
    expect(provider.retries).toBe(1);
  });

  it('takes the retry count, waits and the key header', () => {
    const { tf, provider } = build({ retry: { count: 3, intervalSeconds: 1, deltaSeconds: 4, maxIntervalSeconds: 20 }, apiKeyHeader: 'X-PSP-Key' });
    const xml = policyXml(tf);
    expect(section(xml, 'backend')).toContain('count="3" interval="1" max-interval="20" delta="4" first-fast-retry="false"');
    expect(section(xml, 'inbound')).toContain('<set-header name="X-PSP-Key" exists-action="override">\n      <value>{{psp-api-key}}</value>');
    expect(section(xml, 'outbound')).toContain('<set-header name="X-PSP-Key" exists-action="delete" />');
    expect(xml).not.toContain('X-Api-Key');
    expect(provider.retries).toBe(3);
  });

  it('creates the policy after the named value', () => {
    const { tf } = build();
    expect(resourceOf(tf, 'azurerm_api_management_api_policy').depends_on).toEqual([`azurerm_api_management_named_value.${idOf(tf, 'azurerm_api_management_named_value')}`]);
  });

  it('routes through a breaker that opens on 5xx, not 429, for the declared outage (PT30M), honouring Retry-After (GW-7, PAY-3)', () => {
    const { tf } = build();
    expect(resourceOf(tf, 'azurerm_api_management_backend')).toMatchObject({
      name: 'psp-provider', protocol: 'http', url: 'https://api.psp.example.com', description: 'The third-party provider',
      circuit_breaker_rule: {
        name: 'breaker', trip_duration: 'PT30M', accept_retry_after_enabled: true,
        failure_condition: { count: 5, interval_duration: 'PT1M', status_code_range: [{ min: 500, max: 599 }] },
      },
    });
  });

  it('keeps the breaker open longer than the outage when asked, and opens it after other failure counts', () => {
    const { tf } = build({ tripDurationSeconds: 3600, breakerFailures: 3, declaredOutageMinutes: 45 });
    expect(resourceOf(tf, 'azurerm_api_management_backend').circuit_breaker_rule).toMatchObject({ trip_duration: 'PT1H', failure_condition: { count: 3 } });
    expect(resourceOf(build({ declaredOutageMinutes: 45 }).tf, 'azurerm_api_management_backend').circuit_breaker_rule).toMatchObject({ trip_duration: 'PT45M' });
  });

  it('requires an Idempotency-Key on the operations that say so: 400 as problem+json without one (PAY-1)', () => {
    const { tf } = build();
    const policy = resourceOf(tf, 'azurerm_api_management_api_operation_policy');
    expect(policy.operation_id).toBe(ref(tf, 'azurerm_api_management_api_operation', 'operation_id', 'operation-create-charge'));
    const inbound = unescape(section(policy.xml_content as string, 'inbound'));
    expect(inbound).toContain('<when condition="@(string.IsNullOrWhiteSpace(context.Request.Headers.GetValueOrDefault("Idempotency-Key", "")))">');
    expect(inbound).toContain('<set-status code="400" reason="Bad Request" />');
    expect(inbound).toContain('"title":"Idempotency-Key required","status":400');
    expect(section(policy.xml_content as string, 'backend')).toBe('\n    <base />');
  });

  it('fails when the breaker closes before the declared outage is over (PAY-3)', () => {
    const r = refusal({ tripDurationSeconds: 600 });
    expect(r).toMatchObject({ lesson: 'PAY-3', path: 'pay-dev/psp', setting: 'tripDurationSeconds' });
    expect(r.message).toBe('[PAY-3] pay-dev/psp: tripDurationSeconds = 600: the breaker closes after 600 s, inside the declared 30-minute outage: '
      + 'it lets calls through to a provider that is still down, and every one of them fails and counts against the budget. '
      + 'Fix: use at least 1800 s (the default is the declared outage).');
  });

  it('fails when the trip duration is one second short of the outage (PAY-3)', () => {
    expect(refusal({ tripDurationSeconds: 1799 }).message).toContain('tripDurationSeconds = 1799: the breaker closes after 1799 s, inside the declared 30-minute outage');
  });

  for (const minutes of [0, 10_081]) {
    it(`fails when the declared outage is ${minutes} minutes (PAY-3)`, () => {
      expect(refusal({ declaredOutageMinutes: minutes }).message).toBe(`[PAY-3] pay-dev/psp: declaredOutageMinutes = ${minutes}: the outage to ride out is 1 minute to 7 days. `
        + 'Fix: use the provider\'s longest maintenance window, e.g. 30.');
    });
  }

  for (const method of [HttpMethod.POST, HttpMethod.PATCH]) {
    it(`fails when a ${method} operation is retried without requiring an Idempotency-Key (PAY-1)`, () => {
      const r = refusal({ operations: [{ name: 'create-charge', method, urlTemplate: '/v1/charges' }] });
      expect(r).toMatchObject({ lesson: 'PAY-1', setting: 'operations.create-charge.requireIdempotencyKey' });
      expect(r.message).toBe(`[PAY-1] pay-dev/psp: operations.create-charge.requireIdempotencyKey = false: the gateway retries ${method} /v1/charges, `
        + `and a retried ${method} without an idempotency key charges twice when the first attempt reached the provider but its answer was lost. `
        + 'Fix: set requireIdempotencyKey: true (the consumer sends the key derived from the order, and the provider deduplicates on it).');
    });
  }

  for (const count of [0, 51]) {
    it(`fails when the gateway would retry ${count} times (PAY-2)`, () => {
      const r = refusal({ retry: { count, intervalSeconds: 2 } });
      expect(r).toMatchObject({ lesson: 'PAY-2', path: 'pay-dev/psp', setting: 'retry.count' });
      expect(r.message).toBe(`[PAY-2] pay-dev/psp: retry.count = ${count}: API Management retries 1-50 times, and every retry is another call against the provider's budget. `
        + 'Fix: use 1-3: the queue behind the gateway is the long-term retry.');
    });
  }

  it('fails when the retry waits less than its first interval at most (PAY-2)', () => {
    expect(refusal({ retry: { count: 1, intervalSeconds: 40 } }).message).toBe('[PAY-2] pay-dev/psp: retry.maxIntervalSeconds = 30: '
      + 'the longest wait is shorter than the first (40 s). Fix: use at least 40 s.');
  });

  it('fails when the provider URL is not https: the key would travel in clear text (SEC-1)', () => {
    expect(refusal({ providerUrl: 'http://api.psp.example.com' }).message).toBe('[SEC-1] pay-dev/psp: providerUrl = "http://api.psp.example.com": '
      + 'the provider\'s key would cross the network in clear text. Fix: use the provider\'s https:// URL.');
  });

  it('fails when no caller is named (every application of the tenant would get in)', () => {
    expect(refusal({ callers: { tenantId: TENANT, audience: APP_ID, clientIds: [] } }).message).toBe('[ACCESS] pay-dev/psp: callers.clientIds = []: '
      + 'without client ids every application of the tenant that gets a token for the audience could call the provider with the platform\'s key. '
      + 'Fix: give the client id of the paced consumer\'s managed identity (consumer.identityResource.clientId).');
  });

  it('fails when there is no operation', () => {
    expect(refusal({ operations: [] }).message).toBe('[AZURE] pay-dev/psp: operations = []: an API without operations answers 404 to every call. '
      + 'Fix: declare the provider operations the consumer calls.');
  });
});

describe.skipIf(!policySchemaAvailable())(`the partner API policies against the APIM policy XSD${policySchemaSkipReason()}`, () => {
  it('validates the product, intake and provider policies', async () => {
    const { stack, gw, queue } = ground();
    const intake = intakeIn(stack, gw, queue);
    new PartnerProducts(stack, 'partners', {
      gateway: gw, productPrefix: 'payments', apis: [intake], partners: [{ name: 'acme', callsPerMinute: 100, quota: { calls: 1000, renewalPeriodSeconds: 86_400 } }],
    });
    const apiKey = new KeyVaultNamedValue(stack, 'psp-key', { gateway: gw, name: 'psp-api-key', secret: PSP_KEY_URI });
    new ProviderApi(stack, 'psp', {
      gateway: gw, name: 'psp', path: 'psp', providerUrl: 'https://api.psp.example.com', apiKey, allowDirectCallers: true,
      callers: { tenantId: TENANT, audience: APP_ID, clientIds: [CONSUMER] }, declaredOutageMinutes: 30,
      operations: [{ name: 'create-charge', method: HttpMethod.POST, urlTemplate: '/v1/charges', requireIdempotencyKey: true }],
    });
    const tf = synth(stack);
    const documents = ['azurerm_api_management_product_policy', 'azurerm_api_management_api_policy', 'azurerm_api_management_api_operation_policy']
      .flatMap((type) => Object.values(resourcesOf(tf, type)).map((r) => r.xml_content as string));
    expect(documents).toHaveLength(4);
    for (const xml of documents) expect(await validatePolicyDeep(xml)).toEqual({ valid: true, errors: [] });
  });
});
