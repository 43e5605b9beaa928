import { TerraformStack, TerraformVariable } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ApiManagementApi } from '@cdktf/provider-azurerm/lib/api-management-api';
import { ApiRateLimitPolicy } from '../constructs/api-management/api-rate-limit-policy';
import { ApiGateway, ApiManagementSku, RateLimitAlgorithm } from '../constructs/api-management/api-gateway';
import { IApiGateway } from '../constructs/api-management/gateway-reference';
import { StreamingApi } from '../constructs/api-management/streaming-api';
import { WebSocketApi } from '../constructs/api-management/websocket-api';
import { CircuitBreakerOptions, GatewayBackend, GatewayBackendProps, isoDuration } from '../constructs/api-management/gateway-backend';
import { StreamingCallerCheck } from '../constructs/api-management/streaming-callers';
import { gateway } from './support/fixtures';
import { refusalOf } from './support/refusal';
import { resourceOf, synth, testStack } from './support/synth';

// Behaviour of constructs/api-management the other suites leave open.

const BREAKER: CircuitBreakerOptions = { failures: { count: 5 }, intervalSeconds: 60, tripDurationSeconds: 300 };

function backend(props: Partial<GatewayBackendProps> = {}) {
  const stack = testStack();
  new GatewayBackend(stack, 'orders', { gateway: gateway(stack), name: 'orders-backend', url: 'https://orders.example.com', ...props });
  return resourceOf(synth(stack), 'azurerm_api_management_backend');
}
const breaker = (cb: Partial<CircuitBreakerOptions>) => backend({ circuitBreaker: { ...BREAKER, ...cb } }).circuit_breaker_rule as Record<string, unknown>;

describe('isoDuration', () => {
  it.each([-1, 1.5, Number.NaN])('fails when given %s', (seconds) => {
    expect(() => isoDuration(seconds)).toThrow(/^isoDuration: .* is not a whole number of seconds\.$/);
  });
});

describe('GatewayBackend options and edges', () => {
  it('names the Azure resource of the backend when given, and none otherwise', () => {
    expect(backend({ resourceId: 'https://management.azure.com/subscriptions/0/resourceGroups/rg/providers/Microsoft.App/containerApps/orders' }).resource_id)
      .toBe('https://management.azure.com/subscriptions/0/resourceGroups/rg/providers/Microsoft.App/containerApps/orders');
    expect(backend()).not.toHaveProperty('resource_id');
  });

  it('accepts Retry-After by default, and lists no error reasons unless given', () => {
    expect(breaker({})).toEqual({
      name: 'breaker', accept_retry_after_enabled: true, trip_duration: 'PT5M',
      failure_condition: { count: 5, interval_duration: 'PT1M', status_code_range: [{ min: 500, max: 599 }] },
    });
    expect(breaker({ acceptRetryAfter: false }).accept_retry_after_enabled).toBe(false);
  });

  it('takes 10 error reasons and a status range of exactly 200', () => {
    const reasons = Array.from({ length: 10 }, (_, i) => `Reason${i}`);
    expect(breaker({ errorReasons: reasons, statusCodeRanges: [{ min: 200, max: 200 }] }).failure_condition).toMatchObject({
      error_reasons: reasons, status_code_range: [{ min: 200, max: 200 }],
    });
  });

  it.each([
    ['11 error reasons', Array.from({ length: 11 }, (_, i) => `Reason${i}`)],
    ['an empty error reason', ['Timeout', '']],
    ['a blank error reason', ['Timeout', '   ']],
  ])('fails when the breaker has %s (GW-7)', (_what, errorReasons) => {
    expect(refusalOf(() => breaker({ errorReasons }))).toMatchObject({ lesson: 'GW-7', path: 'test/orders', setting: 'circuitBreaker.errorReasons' });
  });

  it('fails when a status range starts at 199 (GW-7)', () => {
    expect(refusalOf(() => breaker({ statusCodeRanges: [{ min: 199, max: 599 }] })))
      .toMatchObject({ lesson: 'GW-7', path: 'test/orders', setting: 'circuitBreaker.statusCodeRanges[0]' });
  });

  it.each<[string, Partial<CircuitBreakerOptions>]>([
    ['0 s', { tripDurationSeconds: 0 }],
    ['shorter than the failure window', { intervalSeconds: 300, tripDurationSeconds: 60 }],
  ])('fails when the trip duration is %s (GW-7)', (_what, cb) => {
    expect(refusalOf(() => breaker(cb))).toMatchObject({ lesson: 'GW-7', path: 'test/orders', setting: 'circuitBreaker.tripDurationSeconds' });
  });
});

describe('one gateway, however it is referenced', () => {
  const imported = (stack: TerraformStack, id: string, serviceName: string) =>
    ApiGateway.fromExisting(stack, id, { serviceName, resourceGroupName: 'rg-shared', skuName: 'StandardV2_1' });
  const ordersBackend = (stack: TerraformStack, id: string, gw: IApiGateway) =>
    new GatewayBackend(stack, id, { gateway: gw, name: 'orders-backend', url: 'https://orders.example.com' });

  it('fails when a gateway built here and a reference to it by name both get a backend of one name', () => {
    const stack = testStack();
    ordersBackend(stack, 'one', gateway(stack, 'apim-shared'));
    expect(refusalOf(() => ordersBackend(stack, 'two', imported(stack, 'shared', 'apim-shared')))).toMatchObject({ lesson: 'AZURE', path: 'test/two', setting: 'name' });
  });

  it('keeps the backends of two gateways apart, named or given as Terraform values', () => {
    const stack = testStack();
    ordersBackend(stack, 'a', imported(stack, 'gw-a', 'apim-a'));
    ordersBackend(stack, 'b', imported(stack, 'gw-b', 'apim-b'));
    ordersBackend(stack, 'c', imported(stack, 'gw-c', new TerraformVariable(stack, 'name-c', { type: 'string' }).stringValue));
    ordersBackend(stack, 'd', imported(stack, 'gw-d', new TerraformVariable(stack, 'name-d', { type: 'string' }).stringValue));
    expect(Object.keys(synth(stack).resource?.azurerm_api_management_backend ?? {})).toHaveLength(4);
  });

  it('fails when one gateway given as a Terraform value gets two backends of one name', () => {
    const stack = testStack();
    const gw = imported(stack, 'gw', new TerraformVariable(stack, 'name', { type: 'string' }).stringValue);
    ordersBackend(stack, 'one', gw);
    expect(refusalOf(() => ordersBackend(stack, 'two', gw))).toMatchObject({ lesson: 'AZURE', path: 'test/two', setting: 'name' });
  });

  it.each(['FooBasicV2_1', 'BasicV2_1x', 'basicv2_1'])('fails when an existing gateway\'s SKU is %j', (skuName) => {
    expect(refusalOf(() => ApiGateway.fromExisting(testStack(), 'shared', { serviceName: 'apim-shared', resourceGroupName: 'rg', skuName })))
      .toMatchObject({ lesson: 'AZURE', path: 'test/shared', setting: 'skuName' });
  });

  it('takes an existing gateway of ten units', () => {
    expect(ApiGateway.fromExisting(testStack(), 'shared', { serviceName: 'apim-shared', resourceGroupName: 'rg', skuName: 'StandardV2_10' }).skuName).toBe('StandardV2_10');
  });
});

describe('ApiManagementSku edges', () => {
  it('recognises Consumption with or without units, and nothing around it', () => {
    expect(['Consumption', 'Consumption_0', 'Consumption_10'].map((s) => ApiManagementSku.isConsumption(s))).toEqual([true, true, true]);
    expect(['XConsumption', 'Consumption_0x', 'Consumption_'].map((s) => ApiManagementSku.isConsumption(s))).toEqual([false, false, false]);
  });

  it('knows the algorithm of multi-digit units, and none for names with anything around them', () => {
    expect([ApiManagementSku.rateLimitAlgorithmOf('StandardV2_10'), ApiManagementSku.rateLimitAlgorithmOf('Premium_12')])
      .toEqual([RateLimitAlgorithm.TOKEN_BUCKET, RateLimitAlgorithm.SLIDING_WINDOW]);
    for (const sku of ['XBasicV2_1', 'BasicV2_1x', 'XDeveloper_1', 'Developer_1x']) expect(ApiManagementSku.rateLimitAlgorithmOf(sku)).toBeUndefined();
  });
});

describe('backend URLs and API-scope policies', () => {
  it('fails when the backend URL is http:// followed by a Terraform reference (SEC-1)', () => {
    const stack = testStack();
    const host = new TerraformVariable(stack, 'host', { type: 'string' }).stringValue;
    expect(refusalOf(() => new GatewayBackend(stack, 'orders', { gateway: gateway(stack), name: 'orders-backend', url: `http://${host}` })))
      .toMatchObject({ lesson: 'SEC-1', path: 'test/orders', setting: 'url' });
  });

  it('takes a backend URL that is a whole Terraform reference', () => {
    const stack = testStack();
    const url = new TerraformVariable(stack, 'url', { type: 'string' }).stringValue;
    new GatewayBackend(stack, 'orders', { gateway: gateway(stack), name: 'orders-backend', url });
    expect(resourceOf(synth(stack), 'azurerm_api_management_backend').url).toBe('${var.url}');
  });

  it('keeps the policies of two APIs given by api.name apart, and takes an API name given as a Terraform value', () => {
    const stack = testStack();
    const gw = gateway(stack);
    const api = (id: string) => new ApiManagementApi(stack, id, {
      name: id, apiManagementName: gw.serviceName, resourceGroupName: gw.resourceGroupName, revision: '1', path: id, protocols: ['https'],
    });
    const rate = { calls: 100, renewalPeriodSeconds: 60 };
    new ApiRateLimitPolicy(stack, 'orders-limits', { gateway: gw, apiName: api('orders').name, rateLimit: rate });
    new ApiRateLimitPolicy(stack, 'billing-limits', { gateway: gw, apiName: api('billing').name, rateLimit: rate });
    new ApiRateLimitPolicy(stack, 'other-limits', { gateway: gw, apiName: new TerraformVariable(stack, 'api', { type: 'string' }).stringValue, rateLimit: rate });
    expect(Object.keys(synth(stack).resource?.azurerm_api_management_api_policy ?? {})).toHaveLength(3);
  });
});

describe('WebSocketApi and StreamingApi edges', () => {
  const ws = (stack: TerraformStack, gw: IApiGateway, name: string, extra: { heartbeatSeconds?: number; frontDoorId?: string } = {}) =>
    new WebSocketApi(stack, name, { callerCheck: StreamingCallerCheck.anonymous(), gateway: gw, name, path: name, backendUrl: 'wss://app.example.net/ws', heartbeatSeconds: 30, frontDoorId: 'fd-guid', ...extra });

  it('takes two WebSocket APIs on one gateway, each with its own handshake policy', () => {
    const stack = testStack();
    const gw = gateway(stack);
    ws(stack, gw, 'chat');
    ws(stack, gw, 'presence');
    expect(Object.keys(synth(stack).resource?.azurerm_api_management_api_operation_policy ?? {})).toHaveLength(2);
  });

  it('fails when the heartbeat is 240 s without declared layers: the platform ceiling cuts it (EDGE-2)', () => {
    const stack = testStack();
    expect(refusalOf(() => ws(stack, gateway(stack), 'chat', { heartbeatSeconds: 240 })))
      .toMatchObject({ lesson: 'EDGE-2', path: 'test/chat', setting: 'routes.chat.heartbeatSeconds' });
  });

  it('names the policy as the setting when the handshake policy cannot be written', () => {
    const stack = testStack();
    expect(refusalOf(() => ws(stack, gateway(stack), 'chat', { frontDoorId: 'fd-${guid}' })))
      .toMatchObject({ lesson: 'AZURE', path: 'test/chat', setting: 'policy.<value> text' });
  });

  it('names the policy as the setting when a streaming API policy cannot be written', () => {
    const stack = testStack();
    expect(refusalOf(() => new StreamingApi(stack, 'streaming', {
      callerCheck: StreamingCallerCheck.anonymous(), gateway: gateway(stack), name: 'realtime', path: 'realtime', backendUrl: 'https://app.example.net', frontDoorId: 'fd-${guid}',
    }))).toMatchObject({ lesson: 'AZURE', path: 'test/streaming', setting: 'policy.<value> text' });
  });
});
