import { TerraformStack, Testing, Token } from 'cdktf';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiGateway } from '../../constructs/api-management/api-gateway';
import { ApiRateLimitPolicy } from '../../constructs/api-management/api-rate-limit-policy';
import { GatewayBackend } from '../../constructs/api-management/gateway-backend';
import { HttpMethod, HttpProxyApi, HttpProxyApiProps } from '../../constructs/api-management/http-proxy-api';
import { StreamingApi } from '../../constructs/api-management/streaming-api';
import { StreamingCallerCheck } from '../../constructs/api-management/streaming-callers';
import { CounterKey } from '../../constructs/policy/counter-key';
import { policySchemaAvailable, policySchemaSkipReason } from '../support/apim-policy-schema';
import { gateway } from '../support/fixtures';
import { refusalOf } from '../support/refusal';
import { validatePolicyDeep } from '../support/policy-xsd';
import { TerraformJson, resourceOf, resourcesOf, synth, testStack, warningsOf } from '../support/synth';

const FRONT_DOOR_ID = '11111111-2222-3333-4444-555555555555';

function build(props: Partial<HttpProxyApiProps> = {}, withBackend = false) {
  const stack = testStack();
  const gw = gateway(stack);
  const backend = withBackend ? new GatewayBackend(stack, 'backend', { gateway: gw, name: 'orders-backend', url: 'https://orders.example.com' }) : undefined;
  const api = new HttpProxyApi(stack, 'orders', {
    gateway: gw, name: 'orders', path: 'orders', backendUrl: 'https://orders.example.com', frontDoorId: FRONT_DOOR_ID,
    ...(backend ? { backendId: backend.backendId } : {}), ...props,
  });
  return { stack, api, tf: synth(stack) };
}

const policyXml = (tf: TerraformJson) => {
  const policies = Object.values(resourcesOf(tf, 'azurerm_api_management_api_policy'));
  expect(policies).toHaveLength(1);
  return policies[0].xml_content as string;
};
/** Element names directly below a section, in order. */
const children = (xml: string, name: string) =>
  [...xml.match(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`))![1].matchAll(/^ {4}<([a-z-]+)/gm)].map((m) => m[1]);
const FRONT_DOOR_CHECK = new RegExp(`<check-header name="X-Azure-FDID" failed-check-httpcode="403"[^>]*>\\s*<value>${FRONT_DOOR_ID}</value>\\s*</check-header>`);
const API_NAME_REF = /^\$\{azurerm_api_management_api\.orders_api_[0-9A-F]+\.name\}$/;

describe('HttpProxyApi defaults', () => {
  // Built for each test, not once for the block, so mutation testing sees which test covers what.
  let api: ReturnType<typeof build>['api'];
  let tf: TerraformJson;
  let resource: Record<string, unknown>;
  beforeEach(() => {
    ({ api, tf } = build());
    resource = resourceOf(tf, 'azurerm_api_management_api');
  });

  it('creates an HTTPS API that requires a subscription (GW-1)', () => {
    expect(resource).toMatchObject({
      name: 'orders', path: 'orders', display_name: 'orders', protocols: ['https'], service_url: 'https://orders.example.com',
      subscription_required: true, revision: '1',
    });
    expect(resource).not.toHaveProperty('api_type');
    // A reference to the API resource, so whatever uses it (a product link) is created after the API.
    expect(Token.isUnresolved(api.apiName)).toBe(true);
  });

  it('passes GET, POST, PUT, PATCH and DELETE on /* through, one operation per method', () => {
    const operations = Object.values(resourcesOf(tf, 'azurerm_api_management_api_operation'));
    expect(operations.map((o) => [o.method, o.url_template, o.operation_id, o.display_name])).toEqual([
      ['DELETE', '/*', 'delete-all', 'DELETE /*'],
      ['GET', '/*', 'get-all', 'GET /*'],
      ['PATCH', '/*', 'patch-all', 'PATCH /*'],
      ['POST', '/*', 'post-all', 'POST /*'],
      ['PUT', '/*', 'put-all', 'PUT /*'],
    ]);
    for (const operation of operations) expect(operation.api_name).toMatch(API_NAME_REF);
    expect(api.operations).toHaveLength(5);
  });

  it('without limits, the API policy only checks the Front Door id: no limit, no backend entity', () => {
    const xml = policyXml(tf);
    expect(children(xml, 'inbound')).toEqual(['base', 'check-header']);
    expect(xml).toMatch(FRONT_DOOR_CHECK);
    expect(xml).not.toContain('rate-limit');
    expect(xml).not.toContain('set-backend-service');
    expect(resourceOf(tf, 'azurerm_api_management_api_policy').api_name).toMatch(API_NAME_REF);
    expect(api.limits).toBeUndefined();
  });
});

describe('HttpProxyApi options', () => {
  it('passes only the given methods', () => {
    const { tf } = build({ methods: [HttpMethod.GET, HttpMethod.OPTIONS] });
    expect(Object.values(resourcesOf(tf, 'azurerm_api_management_api_operation')).map((o) => o.method).sort()).toEqual(['GET', 'OPTIONS']);
  });

  it('can leave the subscription optional', () => {
    expect(resourceOf(build({ subscriptionRequired: false }).tf, 'azurerm_api_management_api').subscription_required).toBe(false);
  });

  it('without limits, routes to the backend entity after the Front Door check (GW-7)', () => {
    const xml = policyXml(build({}, true).tf);
    expect(children(xml, 'inbound')).toEqual(['base', 'check-header', 'set-backend-service']);
    expect(xml).toMatch(/<set-backend-service backend-id="\$\{azurerm_api_management_backend\.backend_[0-9A-F]+\.name\}" \/>/);
  });

  it('with allowDirectCallers and no Front Door, writes no Front Door check', () => {
    const xml = policyXml(build({ frontDoorId: undefined, allowDirectCallers: true }).tf);
    expect(children(xml, 'inbound')).toEqual(['base']);
    expect(xml).not.toContain('X-Azure-FDID');
  });

  it('with limits, writes its one API policy through ApiRateLimitPolicy, the Front Door check first inside it (GW-1, GW-6)', () => {
    const { api, tf } = build({ limits: { rateLimit: { calls: 50, renewalPeriodSeconds: 60 }, concurrency: { maxCount: 3 } } }, true);
    expect(api.limits).toBeInstanceOf(ApiRateLimitPolicy);
    const policy = resourceOf(tf, 'azurerm_api_management_api_policy', 'orders/limits/policy');
    expect(policy.api_name).toMatch(API_NAME_REF);
    const xml = policyXml(tf);
    expect(api.limits!.xml).toContain('<rate-limit-by-key calls="50" renewal-period="60" ');
    expect(children(xml, 'inbound')).toEqual(['base', 'check-header', 'rate-limit-by-key', 'set-header', 'set-backend-service']);
    expect(xml).toMatch(FRONT_DOOR_CHECK);
    expect(xml).toContain('<rate-limit-by-key calls="50" renewal-period="60" ');
    expect(xml).toMatch(/<set-backend-service backend-id="\$\{azurerm_api_management_backend\.backend_[0-9A-F]+\.name\}" \/>/);
    expect(children(xml, 'backend')).toEqual(['limit-concurrency']);
    expect(xml).toMatch(/<limit-concurrency key="[^"]+" max-count="3">\s*<forward-request timeout="60" buffer-response="true" \/>/);
    expect(xml).toContain('application/problem+json');
  });

  it('with limits and allowDirectCallers, writes no Front Door check', () => {
    const xml = policyXml(build({ frontDoorId: undefined, allowDirectCallers: true, limits: { concurrency: { maxCount: 2 } } }).tf);
    expect(children(xml, 'inbound')).toEqual(['base', 'set-header']);
  });
});

describe('HttpProxyApi refusals', () => {
  it('fails when methods is empty', () => {
    const r = refusalOf(() => build({ methods: [] }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/orders', setting: 'methods' });
    expect(r.message).toBe('[AZURE] test/orders: methods = []: each method becomes one operation on /*, so the list must be non-empty, without repeats, and only HTTP methods. '
      + 'Fix: list each method once, e.g. ["GET","POST","PUT","PATCH","DELETE"].');
  });

  it('fails when methods repeats a method', () => {
    const r = refusalOf(() => build({ methods: [HttpMethod.GET, HttpMethod.POST, HttpMethod.GET] }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/orders', setting: 'methods' });
    expect(r.message).toMatch(/^\[AZURE\] test\/orders: methods = \["GET","POST","GET"\]: each method becomes one operation on \/\*/);
  });

  it.each(['FETCH', 'get', 'TRACE'])('fails when a method is %s, not an HTTP method the API passes', (method) => {
    const r = refusalOf(() => build({ methods: [HttpMethod.GET, method as HttpMethod] }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/orders', setting: 'methods' });
    expect(r.message).toMatch(new RegExp(`^\\[AZURE\\] test/orders: methods = \\["GET","${method}"\\]: .*only HTTP methods\\. Fix: list each method once`));
  });

  it('fails when backendUrl is http:// (SEC-1)', () => {
    const r = refusalOf(() => build({ backendUrl: 'http://orders.example.com' }));
    expect(r).toMatchObject({ lesson: 'SEC-1', path: 'test/orders' });
    expect(r.message).toBe('[SEC-1] test/orders: backendUrl = "http://orders.example.com": the gateway would call the backend in clear text. '
      + 'Fix: use the https:// URL of the service.');
  });

  it('fails when frontDoorId is missing and allowDirectCallers is not set (ACCESS)', () => {
    const r = refusalOf(() => build({ frontDoorId: undefined }));
    expect(r).toMatchObject({ lesson: 'ACCESS', path: 'test/orders' });
    expect(r.message).toMatch(/^\[ACCESS\] test\/orders: frontDoorId = undefined: without it the API answers anyone who finds the gateway host, .* Fix: pass frontDoorId: frontDoor\.frontDoorId, or allowDirectCallers: true/);
  });

  it('fails when backendId is not a backend name, with or without limits (GW-7)', () => {
    for (const limits of [undefined, { concurrency: { maxCount: 2 } }]) {
      const r = refusalOf(() => build({ backendId: 'orders backend', ...(limits ? { limits } : {}) }));
      expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/orders' });
      expect(r.message).toMatch(/^\[AZURE\] test\/orders: backendId = "orders backend": Azure rejects this API Management backend name/);
    }
  });

  it('fails when limits limit nothing, naming the limits construct (GW-1)', () => {
    const r = refusalOf(() => build({ limits: {} }));
    expect(r).toMatchObject({ lesson: 'GW-1', path: 'test/orders/limits', setting: 'rateLimit' });
    expect(r.message).toMatch(/^\[GW-1\] test\/orders\/limits: rateLimit = undefined: none of rateLimit, concurrency or tokenLimit is given/);
  });

  it('fails when a limit is invalid, naming the limits construct and the setting under limits (GW-1, GW-6)', () => {
    const rate = refusalOf(() => build({ limits: { rateLimit: { calls: 0, renewalPeriodSeconds: 60 } } }));
    expect(rate).toMatchObject({ lesson: 'GW-1', path: 'test/orders/limits', setting: 'rateLimit.calls' });
    expect(rate.message).toMatch(/^\[GW-1\] test\/orders\/limits: rateLimit\.calls = 0: /);
    const concurrency = refusalOf(() => build({ limits: { concurrency: { maxCount: 1.5 } } }));
    expect(concurrency).toMatchObject({ lesson: 'GW-6', path: 'test/orders/limits', setting: 'concurrency.maxCount' });
    expect(concurrency.message).toMatch(/^\[GW-6\] test\/orders\/limits: concurrency\.maxCount = 1\.5: /);
  });

  it('fails when the Front Door id holds Terraform template text, naming the API', () => {
    const r = refusalOf(() => build({ frontDoorId: '${var.fdid}' }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/orders', setting: 'policy.<value> text' });
    expect(r.message).toMatch(/^\[AZURE\] test\/orders: policy\.<value> text = "\$\{var\.fdid\}": Terraform reads \$\{ and %\{ in a string as a template/);
  });

  it('fails when the API name is not an API Management name', () => {
    expect(() => build({ name: 'orders api' })).toThrow(/^\[AZURE\] test\/orders: name = "orders api": Azure rejects this API Management API name/);
  });
});

describe('HttpProxyApi owns its name, path and API policy on the gateway', () => {
  const proxy = (stack: TerraformStack, gw: ApiGateway, id: string, name: string, path = name) =>
    new HttpProxyApi(stack, id, { gateway: gw, name, path, backendUrl: 'https://orders.example.com', frontDoorId: FRONT_DOOR_ID });

  it('fails when two APIs on one gateway have one name', () => {
    const stack = testStack();
    const gw = gateway(stack);
    proxy(stack, gw, 'first', 'orders', 'orders-v1');
    const r = refusalOf(() => proxy(stack, gw, 'second', 'orders', 'orders-v2'));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/second', setting: 'name' });
    expect(r.message).toMatch(/^\[AZURE\] test\/second: name = "orders": test\/first already has an API named "orders" on this gateway, and API Management keeps one: .* Fix: give each API its own name on the gateway\.$/);
  });

  it('fails when two APIs on one gateway share a path', () => {
    const stack = testStack();
    const gw = gateway(stack);
    proxy(stack, gw, 'first', 'orders', 'shop');
    const r = refusalOf(() => proxy(stack, gw, 'second', 'billing', 'shop'));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/second', setting: 'path' });
    expect(r.message).toMatch(/^\[AZURE\] test\/second: path = "shop": test\/first already has an API on the path \/shop on this gateway, and API Management keeps one: .* Fix: give each API its own path/);
  });

  it('fails when an API of another kind already has the name or the path', () => {
    const stack = testStack();
    const gw = gateway(stack);
    new StreamingApi(stack, 'streaming', { callerCheck: StreamingCallerCheck.anonymous(), gateway: gw, name: 'realtime', path: 'realtime', backendUrl: 'https://app.example.net', frontDoorId: FRONT_DOOR_ID });
    const name = refusalOf(() => proxy(stack, gw, 'proxy', 'realtime', 'proxy'));
    expect(name).toMatchObject({ lesson: 'AZURE', path: 'test/proxy', setting: 'name' });
    expect(name.message).toMatch(/^\[AZURE\] test\/proxy: name = "realtime": test\/streaming already has an API named "realtime" on this gateway/);
    const path = refusalOf(() => proxy(stack, gw, 'proxy-2', 'proxy', 'realtime'));
    expect(path).toMatchObject({ lesson: 'AZURE', path: 'test/proxy-2', setting: 'path' });
    expect(path.message).toMatch(/^\[AZURE\] test\/proxy-2: path = "realtime": test\/streaming already has an API on the path \/realtime on this gateway/);
  });

  it('fails when a second policy is put on the API of an HttpProxyApi, with or without limits', () => {
    for (const limits of [undefined, { rateLimit: { calls: 10, renewalPeriodSeconds: 60 } }]) {
      const stack = testStack();
      const gw = gateway(stack);
      const api = new HttpProxyApi(stack, 'orders', {
        gateway: gw, name: 'orders', path: 'orders', backendUrl: 'https://orders.example.com', frontDoorId: FRONT_DOOR_ID, ...(limits ? { limits } : {}),
      });
      const holder = limits ? 'test/orders/limits' : 'test/orders';
      const r = refusalOf(() => new ApiRateLimitPolicy(stack, 'extra', { gateway: gw, apiName: api.apiName, concurrency: { maxCount: 2 } }));
      expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/extra', setting: 'apiName' });
      const prefix = `[AZURE] test/extra: apiName = "orders": ${holder} already has the API-scope policy of API "orders" on this gateway, and API Management keeps one: `;
      expect(r.message.slice(0, prefix.length)).toBe(prefix);
    }
  });

  it('fails when two stacks of one app put one API name on a shared gateway', () => {
    const app = Testing.app();
    const attributes = { serviceName: 'apim-shared', resourceGroupName: 'rg-shared', skuName: 'StandardV2_1' };
    const api = (stack: TerraformStack, path: string) => new HttpProxyApi(stack, 'orders', {
      gateway: ApiGateway.fromExisting(stack, 'gateway', attributes), name: 'orders', path, backendUrl: 'https://orders.example.com', allowDirectCallers: true,
    });
    api(new TerraformStack(app, 'team-a'), 'a');
    const r = refusalOf(() => api(new TerraformStack(app, 'team-b'), 'b'));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'team-b/orders', setting: 'name' });
    expect(r.message).toMatch(/^\[AZURE\] team-b\/orders: name = "orders": team-a\/orders already has an API named "orders" on this gateway/);
  });

  it('accepts one name on two gateways, and distinct names and paths on one', () => {
    const stack = testStack();
    const gw = gateway(stack);
    proxy(stack, gw, 'orders', 'orders');
    proxy(stack, gw, 'billing', 'billing');
    const other = ApiGateway.fromExisting(stack, 'other', { serviceName: 'apim-other', resourceGroupName: 'rg-other', skuName: 'StandardV2_1' });
    new HttpProxyApi(stack, 'orders-elsewhere', { gateway: other, name: 'orders', path: 'orders', backendUrl: 'https://orders.example.com', frontDoorId: FRONT_DOOR_ID });
    expect(Object.values(resourcesOf(synth(stack), 'azurerm_api_management_api')).map((a) => a.name).sort()).toEqual(['billing', 'orders', 'orders']);
  });

  it('accepts one API per app: the same API in two apps', () => {
    expect(() => build()).not.toThrow();
    expect(() => build()).not.toThrow();
  });
});

describe.skipIf(!policySchemaAvailable())(`HttpProxyApi policies against the APIM policy XSD${policySchemaSkipReason()}`, () => {
  const cases: [string, Partial<HttpProxyApiProps>, boolean][] = [
    ['Front Door check only', {}, false],
    ['Front Door check and backend', {}, true],
    ['limits with Front Door check and backend', { limits: { rateLimit: { calls: 10, renewalPeriodSeconds: 10 }, concurrency: { maxCount: 2 } } }, true],
  ];
  for (const [title, props, withBackend] of cases) {
    it(`validates the policy with ${title}`, async () => {
      expect(await validatePolicyDeep(policyXml(build(props, withBackend).tf))).toEqual({ valid: true, errors: [] });
    });
  }
});

describe('HttpProxyApi shared anonymous budget (GW-1)', () => {
  const warnings = (stack: ReturnType<typeof build>['stack']) => warningsOf(stack);

  it('warns when limits keyed on the subscription run without required subscriptions', () => {
    const { stack } = build({ subscriptionRequired: false, limits: { rateLimit: { calls: 10, renewalPeriodSeconds: 60 } } });
    expect(warnings(stack)).toEqual([expect.stringMatching(
      /^\[GW-1\] test\/orders: subscriptionRequired = false: the limits are keyed on the subscription, so every caller without a key shares one "anonymous" budget.* Fix: keep subscriptionRequired true/)]);
  });

  it('does not warn when subscriptions are required, or when the limits are keyed on a claim', () => {
    expect(warnings(build({ limits: { rateLimit: { calls: 10, renewalPeriodSeconds: 60 } } }).stack)).toEqual([]);
    expect(warnings(build({
      subscriptionRequired: false,
      limits: { rateLimit: { calls: 10, renewalPeriodSeconds: 60, key: CounterKey.claim('oid') } },
    }).stack)).toEqual([]);
  });
});
