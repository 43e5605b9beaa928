import { TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiManagementApi } from '@cdktf/provider-azurerm/lib/api-management-api';
import { ApiGateway } from '../../constructs/api-management/api-gateway';
import { GatewayProduct, GatewayProductProps, IGatewayApi } from '../../constructs/api-management/gateway-product';
import { IApiGateway } from '../../constructs/api-management/gateway-reference';
import { HttpProxyApi } from '../../constructs/api-management/http-proxy-api';
import { StreamingApi } from '../../constructs/api-management/streaming-api';
import { WebSocketApi } from '../../constructs/api-management/websocket-api';
import { StreamingCallerCheck } from '../../constructs/api-management/streaming-callers';
import { refusalOf } from '../support/refusal';
import { gateway } from '../support/fixtures';
import { TerraformJson, resourceOf, resourcesOf, synth, testStack } from '../support/synth';

const GATEWAY_NAME = /^\$\{azurerm_api_management\.gateway_service_[0-9A-F]+\.name\}$/;

function proxyApi(stack: TerraformStack, gw: IApiGateway, id = 'orders-api', name = 'orders') {
  return new HttpProxyApi(stack, id, { gateway: gw, name, path: name, backendUrl: 'https://orders.example.com', allowDirectCallers: true });
}

function build(props: Partial<GatewayProductProps> = {}, withApi = true) {
  const stack = testStack();
  const gw = gateway(stack);
  const api = withApi ? proxyApi(stack, gw) : undefined;
  const product = new GatewayProduct(stack, 'product', {
    gateway: gw, productId: 'partners', ...(api ? { apis: [api] } : {}), clients: ['contoso', 'fabrikam'], ...props,
  });
  return { stack, gw, api, product, tf: synth(stack) };
}

describe('GatewayProduct defaults', () => {
  // Built for each test, not once for the block, so mutation testing sees which test covers what.
  let product: ReturnType<typeof build>['product'];
  let tf: TerraformJson;
  let resource: Record<string, unknown>;
  let productId: string;
  beforeEach(() => {
    ({ product, tf } = build());
    resource = resourceOf(tf, 'azurerm_api_management_product');
    productId = Object.keys(resourcesOf(tf, 'azurerm_api_management_product'))[0];
  });

  it('publishes a product that requires subscriptions without approval, on the gateway', () => {
    expect(resource).toMatchObject({
      product_id: 'partners', display_name: 'partners', published: true, subscription_required: true, approval_required: false,
      resource_group_name: 'rg-test',
    });
    expect(resource.api_management_name).toMatch(GATEWAY_NAME);
    expect(resource).not.toHaveProperty('description');
    expect(product.productId).toBe('partners');
  });

  it('gives each client its own active subscription <product>-<client>, without tracing (GW-8)', () => {
    const subscriptions = resourcesOf(tf, 'azurerm_api_management_subscription');
    expect(Object.values(subscriptions).map((s) => s.subscription_id).sort()).toEqual(['partners-contoso', 'partners-fabrikam']);
    for (const [client, subscription] of Object.entries(product.subscriptions)) {
      const json = resourceOf(tf, 'azurerm_api_management_subscription', `product/subscription-${client}`);
      expect(json).toMatchObject({
        subscription_id: `partners-${client}`, display_name: client, state: 'active', allow_tracing: false,
        product_id: `\${azurerm_api_management_product.${productId}.id}`,
      });
      expect(json.api_management_name).toMatch(GATEWAY_NAME);
      expect(subscription.terraformResourceType).toBe('azurerm_api_management_subscription');
    }
    expect(Object.keys(product.subscriptions)).toEqual(['contoso', 'fabrikam']);
  });

  it('links the API construct by reference, so Terraform creates API and product first', () => {
    const apiId = Object.keys(resourcesOf(tf, 'azurerm_api_management_api'))[0];
    const link = resourceOf(tf, 'azurerm_api_management_product_api', 'product/api-orders-api-api');
    expect(link).toMatchObject({
      api_name: `\${azurerm_api_management_api.${apiId}.name}`,
      product_id: `\${azurerm_api_management_product.${productId}.product_id}`,
    });
    expect(link.api_management_name).toMatch(GATEWAY_NAME);
  });
});

describe('GatewayProduct options', () => {
  it('takes display name, description and approval', () => {
    const { tf } = build({ displayName: 'Partners', description: 'Partner APIs', approvalRequired: true, subscriptionsLimit: 2 });
    expect(resourceOf(tf, 'azurerm_api_management_product')).toMatchObject({
      display_name: 'Partners', description: 'Partner APIs', approval_required: true, subscription_required: true,
    });
  });

  it('links a raw ApiManagementApi by reference and a literal API name as given', () => {
    const stack = testStack();
    const gw = gateway(stack);
    const raw = new ApiManagementApi(stack, 'raw-api', {
      name: 'raw', apiManagementName: gw.serviceName, resourceGroupName: gw.resourceGroupName, revision: '1', path: 'raw', protocols: ['https'],
    });
    new GatewayProduct(stack, 'product', { gateway: gw, productId: 'partners', apis: [raw, 'legacy-api'] });
    const tf = synth(stack);
    const links = resourcesOf(tf, 'azurerm_api_management_product_api');
    expect(Object.keys(links).length).toBe(2);
    expect(resourceOf(tf, 'azurerm_api_management_product_api', 'product/api-raw-api').api_name).toBe('${azurerm_api_management_api.raw-api.name}');
    expect(resourceOf(tf, 'azurerm_api_management_product_api', 'product/api-legacy-api').api_name).toBe('legacy-api');
    // The product by reference too, so Terraform creates the product before its links.
    for (const link of Object.values(links)) expect(link.product_id).toMatch(/^\$\{azurerm_api_management_product\.product(_product)?_[0-9A-F]+\.product_id\}$/);
  });

  it('links the API constructs of this library by reference: StreamingApi, WebSocketApi and HttpProxyApi', () => {
    const stack = testStack();
    const gw = gateway(stack);
    const streaming = new StreamingApi(stack, 'streaming', { callerCheck: StreamingCallerCheck.anonymous(), gateway: gw, name: 'realtime', path: 'realtime', backendUrl: 'https://app.example.net', allowDirectCallers: true });
    const ws = new WebSocketApi(stack, 'ws', {
      callerCheck: StreamingCallerCheck.anonymous(), gateway: gw, name: 'realtime-ws', path: 'ws', backendUrl: 'wss://app.example.net/ws', heartbeatSeconds: 30, allowDirectCallers: true,
    });
    const apis: IGatewayApi[] = [streaming, ws];
    const product = new GatewayProduct(stack, 'product', { gateway: gw, productId: 'realtime', apis });
    product.addApi(proxyApi(stack, gw));
    const tf = synth(stack);
    expect(Object.keys(resourcesOf(tf, 'azurerm_api_management_product_api'))).toHaveLength(3);
    expect(resourceOf(tf, 'azurerm_api_management_product_api', 'product/api-streaming-api').api_name)
      .toMatch(/^\$\{azurerm_api_management_api\.streaming_api_[0-9A-F]+\.name\}$/);
    expect(resourceOf(tf, 'azurerm_api_management_product_api', 'product/api-ws-api').api_name)
      .toMatch(/^\$\{azapi_resource\.ws_api_[0-9A-F]+\.name\}$/);
    expect(resourceOf(tf, 'azurerm_api_management_product_api', 'product/api-orders-api-api').api_name)
      .toMatch(/^\$\{azurerm_api_management_api\.orders-api_[0-9A-F]+\.name\}$/);
  });

  it('links APIs on a gateway another team owns', () => {
    const stack = testStack();
    const gw = ApiGateway.fromExisting(stack, 'gateway', { serviceName: 'apim-shared', resourceGroupName: 'rg-shared', skuName: 'StandardV2_1' });
    new GatewayProduct(stack, 'product', { gateway: gw, productId: 'partners', apis: [proxyApi(stack, gw)], clients: ['contoso'] });
    const tf = synth(stack);
    expect(resourceOf(tf, 'azurerm_api_management_product')).toMatchObject({ api_management_name: 'apim-shared', resource_group_name: 'rg-shared' });
    expect(resourceOf(tf, 'azurerm_api_management_product_api')).toMatchObject({ api_management_name: 'apim-shared', resource_group_name: 'rg-shared' });
    expect(resourceOf(tf, 'azurerm_api_management_subscription')).toMatchObject({ api_management_name: 'apim-shared', subscription_id: 'partners-contoso' });
  });

  it('adds APIs and subscriptions after construction', () => {
    const stack = testStack();
    const gw = gateway(stack);
    const product = new GatewayProduct(stack, 'product', { gateway: gw, productId: 'partners' });
    expect(product.subscriptions).toEqual({});
    product.addApi(proxyApi(stack, gw));
    const subscription = product.addSubscription('late-client');
    const tf = synth(stack);
    expect(Object.keys(resourcesOf(tf, 'azurerm_api_management_product_api'))).toHaveLength(1);
    expect(resourceOf(tf, 'azurerm_api_management_subscription').subscription_id).toBe('partners-late-client');
    expect(product.subscriptions['late-client']).toBe(subscription);
  });

  it('accepts clients whose names are also Object.prototype members', () => {
    const { tf } = build({ clients: ['constructor', 'toString'] }, false);
    expect(Object.values(resourcesOf(tf, 'azurerm_api_management_subscription')).map((s) => s.subscription_id).sort())
      .toEqual(['partners-constructor', 'partners-toString']);
  });

  it('accepts a product without APIs or clients', () => {
    const { tf } = build({ clients: [] }, false);
    expect(resourcesOf(tf, 'azurerm_api_management_product_api')).toEqual({});
    expect(resourcesOf(tf, 'azurerm_api_management_subscription')).toEqual({});
  });
});

describe('GatewayProduct refusals', () => {
  it('fails when a client is listed twice (GW-8)', () => {
    const r = refusalOf(() => build({ clients: ['contoso', 'fabrikam', 'contoso'] }));
    expect(r).toMatchObject({ lesson: 'GW-8', path: 'test/product' });
    expect(r.message).toBe('[GW-8] test/product: clients = "contoso": two subscriptions for one client would share the client\'s name '
      + 'but count separately under a per-subscription limit. Fix: list each client once.');
  });

  for (const limit of [0, -1, 1.5]) {
    it(`fails when the subscriptions limit is ${limit}: 0 blocks every request, azurerm drops a negative one (GW-8)`, () => {
      const r = refusalOf(() => build({ subscriptionsLimit: limit }));
      expect(r).toMatchObject({ lesson: 'GW-8', path: 'test/product', setting: 'subscriptionsLimit' });
    });
  }

  it('fails when approval is required without a subscriptions limit, which azurerm refuses only at apply (GW-8)', () => {
    const r = refusalOf(() => build({ approvalRequired: true }));
    expect(r).toMatchObject({ lesson: 'GW-8', path: 'test/product', setting: 'approvalRequired' });
    expect(r.message).toContain('Fix: give subscriptionsLimit as well, e.g. 1.');
  });

  it('takes approval with a limit', () => {
    const { stack } = build({ approvalRequired: true, subscriptionsLimit: 1 });
    expect(resourceOf(synth(stack), 'azurerm_api_management_product')).toMatchObject({ approval_required: true, subscriptions_limit: 1 });
  });

  it('fails when addSubscription repeats a client given in props (GW-8)', () => {
    const { product } = build({}, false);
    expect(() => product.addSubscription('fabrikam')).toThrow(/^\[GW-8\] test\/product: clients = "fabrikam": .* Fix: list each client once\.$/);
  });

  it('fails when an API is added twice, as a construct or by name', () => {
    const { product, api } = build();
    expect(() => product.addApi(api!)).toThrow(/^\[AZURE\] test\/product: apis = "api-orders-api-api": the API is already part of this product\. Fix: add each API once\.$/);
    product.addApi('billing');
    expect(() => product.addApi('billing')).toThrow(/^\[AZURE\] test\/product: apis = "billing": the API is already part of this product\./);
  });

  it('fails when an API is added as a construct and again by its name', () => {
    // Two product-API links for one API and product: the second apply fails with "already exists".
    const { product } = build();
    const r = refusalOf(() => product.addApi('orders'));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/product', setting: 'apis' });
    expect(r.message).toMatch(/^\[AZURE\] test\/product: apis = "orders": the API is already part of this product\. Fix: add each API once\.$/);
  });

  it('fails when an API name is an unresolved token', () => {
    const stack = testStack();
    const name = new TerraformVariable(stack, 'api-name', { type: 'string' }).stringValue;
    const r = refusalOf(() => new GatewayProduct(stack, 'product', { gateway: gateway(stack), productId: 'partners', apis: [name] }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/product' });
    expect(r.message).toMatch(/^\[AZURE\] test\/product: apis = "\$\{TfToken\[TOKEN\.\d+\]\}": a reference cannot name the link's construct id, .* Fix: pass the API construct \(or its ApiManagementApi\) instead of its name\.$/);
  });

  it('fails when the product id is not an API Management name', () => {
    const r = refusalOf(() => build({ productId: 'partners!' }, false));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/product' });
    expect(r.message).toBe('[AZURE] test/product: productId = "partners!": Azure rejects this API Management product or subscription name (9 characters). '
      + 'Fix: use 1-80 characters: letters, digits and hyphens, starting and ending with a letter or digit.');
  });

  it('fails when the product id ends with a hyphen', () => {
    expect(() => build({ productId: 'partners-' }, false)).toThrow(/^\[AZURE\] test\/product: productId = "partners-": Azure rejects/);
  });

  it('fails when two products on one gateway have one id', () => {
    const { stack, gw } = build({}, false);
    const r = refusalOf(() => new GatewayProduct(stack, 'product-2', { gateway: gw, productId: 'partners' }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/product-2', setting: 'productId' });
    expect(r.message).toMatch(/^\[AZURE\] test\/product-2: productId = "partners": test\/product already has a product named "partners" on this gateway, and API Management keeps one: .* Fix: give each product its own id on the gateway, or add the APIs to the existing product\.$/);
  });

  it('fails when two stacks of one app define one product on a shared gateway', () => {
    const app = Testing.app();
    const attributes = { serviceName: 'apim-shared', resourceGroupName: 'rg-shared', skuName: 'StandardV2_1' };
    const product = (stack: TerraformStack) =>
      new GatewayProduct(stack, 'product', { gateway: ApiGateway.fromExisting(stack, 'gateway', attributes), productId: 'partners' });
    product(new TerraformStack(app, 'team-a'));
    const r = refusalOf(() => product(new TerraformStack(app, 'team-b')));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'team-b/product', setting: 'productId' });
    expect(r.message).toMatch(/^\[AZURE\] team-b\/product: productId = "partners": team-a\/product already has a product named "partners" on this gateway/);
  });

  it('accepts one product id on two gateways, and the same product in two apps', () => {
    const { stack } = build({}, false);
    const other = ApiGateway.fromExisting(stack, 'other', { serviceName: 'apim-other', resourceGroupName: 'rg-other', skuName: 'StandardV2_1' });
    expect(() => new GatewayProduct(stack, 'product-elsewhere', { gateway: other, productId: 'partners' })).not.toThrow();
    expect(() => build()).not.toThrow();
  });

  it('fails when a client name makes an invalid subscription id, naming the client', () => {
    const r = refusalOf(() => build({ clients: ['big client'] }, false));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/product' });
    expect(r.message).toMatch(/^\[AZURE\] test\/product: clients\.big client = "partners-big client": Azure rejects this API Management product or subscription name/);
  });
});
