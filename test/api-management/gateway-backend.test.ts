import { TerraformStack, TerraformVariable, Testing, Token } from 'cdktf';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiGateway } from '../../constructs/api-management/api-gateway';
import { IApiGateway } from '../../constructs/api-management/gateway-reference';
import { CircuitBreakerOptions, GatewayBackend, GatewayBackendProps, isoDuration } from '../../constructs/api-management/gateway-backend';
import { gateway } from '../support/fixtures';
import { refusalOf } from '../support/refusal';
import { TerraformJson, resourceOf, resourcesOf, synth, testStack } from '../support/synth';

const BREAKER: CircuitBreakerOptions = { failures: { count: 5 }, intervalSeconds: 60, tripDurationSeconds: 300 };

function build(props: Partial<GatewayBackendProps> = {}) {
  const stack = testStack();
  const backend = new GatewayBackend(stack, 'orders', {
    gateway: gateway(stack), name: 'orders-backend', url: 'https://orders.example.com', circuitBreaker: BREAKER, ...props,
  });
  return { stack, backend, tf: synth(stack) };
}

const withBreaker = (cb: Partial<CircuitBreakerOptions>) => () => build({ circuitBreaker: { ...BREAKER, ...cb } });

describe('isoDuration', () => {
  it.each([[1, 'PT1S'], [30, 'PT30S'], [60, 'PT1M'], [90, 'PT1M30S'], [3600, 'PT1H'], [3661, 'PT1H1M1S'], [86_400, 'P1D'], [90_000, 'P1DT1H'], [0, 'PT0S']])(
    '%s s → %s, as Azure returns it', (seconds, iso) => {
      expect(isoDuration(seconds)).toBe(iso);
    });

  it.each([-1, 1.5, Number.NaN])('fails when given %s', (seconds) => {
    expect(() => isoDuration(seconds)).toThrow(/^isoDuration: .* is not a whole number of seconds\.$/);
  });
});

describe('GatewayBackend', () => {
  // Built for each test, not once for the block, so mutation testing sees which test covers what.
  let backend: ReturnType<typeof build>['backend'];
  let tf: TerraformJson;
  let resource: Record<string, unknown>;
  beforeEach(() => {
    ({ backend, tf } = build());
    resource = resourceOf(tf, 'azurerm_api_management_backend', 'orders/backend');
  });

  it('creates an http backend on the gateway', () => {
    expect(resource).toMatchObject({ name: 'orders-backend', protocol: 'http', url: 'https://orders.example.com', resource_group_name: 'rg-test' });
    expect(resource.api_management_name).toMatch(/^\$\{azurerm_api_management\.gateway_service_[0-9A-F]+\.name\}$/);
    expect(resource.description).toBeUndefined();
    // The name by reference: a policy that routes here then waits for the backend.
    expect(Token.isUnresolved(backend.backendId)).toBe(true);
  });

  it('writes the circuit breaker with ISO 8601 durations, 5xx failures and Retry-After accepted (GW-7)', () => {
    expect(resource.circuit_breaker_rule).toEqual({
      name: 'breaker',
      failure_condition: { count: 5, interval_duration: 'PT1M', status_code_range: [{ min: 500, max: 599 }] },
      trip_duration: 'PT5M',
      accept_retry_after_enabled: true,
    });
  });

  it('passes a percentage, ranges, error reasons, a rule name, the description and acceptRetryAfter through', () => {
    const { tf: other } = build({
      description: 'Orders service',
      circuitBreaker: {
        name: 'orders-breaker', failures: { percentage: 50 }, intervalSeconds: 90, tripDurationSeconds: 3600,
        statusCodeRanges: [{ min: 429, max: 429 }, { min: 500, max: 503 }], errorReasons: ['timeout'], acceptRetryAfter: false,
      },
    });
    const r = resourceOf(other, 'azurerm_api_management_backend');
    expect(r.description).toBe('Orders service');
    expect(r.circuit_breaker_rule).toEqual({
      name: 'orders-breaker',
      failure_condition: {
        percentage: 50, interval_duration: 'PT1M30S', error_reasons: ['timeout'],
        status_code_range: [{ min: 429, max: 429 }, { min: 500, max: 503 }],
      },
      trip_duration: 'PT1H',
      accept_retry_after_enabled: false,
    });
  });

  it('has no circuit breaker unless asked', () => {
    expect(resourceOf(build({ circuitBreaker: undefined }).tf, 'azurerm_api_management_backend').circuit_breaker_rule).toBeUndefined();
  });

  it('accepts a whole Terraform reference as URL and a gateway it did not create', () => {
    const stack = testStack();
    const url = new TerraformVariable(stack, 'url', { type: 'string' });
    const ref = ApiGateway.fromExisting(stack, 'gateway', { serviceName: 'apim', resourceGroupName: 'rg', skuName: 'Premium_1' });
    new GatewayBackend(stack, 'orders', { gateway: ref, name: 'orders', url: url.stringValue, circuitBreaker: BREAKER });
    expect(resourceOf(synth(stack), 'azurerm_api_management_backend')).toMatchObject({ url: '${var.url}', api_management_name: 'apim', resource_group_name: 'rg' });
  });
});

describe('GatewayBackend refusals', () => {
  it('fails when the URL is http (SEC-1)', () => {
    expect(() => build({ url: 'http://orders.example.com' })).toThrow(
      /^\[SEC-1\] test\/orders: url = "http:\/\/orders\.example\.com": the gateway would call the backend in clear text\. Fix: use the https:\/\/ URL/);
  });

  it('fails when the trip duration is shorter than the interval (GW-7)', () => {
    expect(withBreaker({ intervalSeconds: 300, tripDurationSeconds: 60 })).toThrow(
      /^\[GW-7\] test\/orders: circuitBreaker\.tripDurationSeconds = 60: it is shorter than the 300 s failure window, so the breaker closes again before the window that tripped it is over.* Fix: use at least intervalSeconds \(300\)/);
  });

  it.each([[{ min: 100, max: 199 }], [{ min: 500, max: 600 }], [{ min: 503, max: 500 }]])('fails when a status range is %j (GW-7)', (range) => {
    expect(withBreaker({ statusCodeRanges: [{ min: 500, max: 599 }, range] })).toThrow(
      new RegExp(`^\\[GW-7\\] test/orders: circuitBreaker\\.statusCodeRanges\\[1\\] = \\{"min":${range.min},"max":${range.max}\\}: a status range is two HTTP statuses between 200 and 599 with min <= max\\. Fix: `));
  });

  it('fails when there are no status ranges (GW-7)', () => {
    expect(withBreaker({ statusCodeRanges: [] })).toThrow(/^\[GW-7\] test\/orders: circuitBreaker\.statusCodeRanges = \[\]: /);
  });

  it.each([0, 10_001])('fails when the failure count is %s (GW-7)', (count) => {
    expect(withBreaker({ failures: { count } })).toThrow(
      new RegExp(`^\\[GW-7\\] test/orders: circuitBreaker\\.failures\\.count = ${count}: Azure accepts a failure count of 1-10000\\. Fix: `));
  });

  it.each([0, 101])('fails when the failure percentage is %s (GW-7)', (percentage) => {
    expect(withBreaker({ failures: { percentage } })).toThrow(
      new RegExp(`^\\[GW-7\\] test/orders: circuitBreaker\\.failures\\.percentage = ${percentage}: Azure accepts a whole failure percentage of 1-100\\. Fix: use e\\.g\\. 50\\.`));
  });

  it('fails when both a count and a percentage are given (GW-7)', () => {
    const r = refusalOf(withBreaker({ failures: { count: 5, percentage: 50 } }));
    expect(r).toMatchObject({ lesson: 'GW-7', path: 'test/orders', setting: 'circuitBreaker.failures' });
    expect(r.message).toMatch(/^\[GW-7\] test\/orders: circuitBreaker\.failures = \{"count":5,"percentage":50\}: .*one of the two\. Fix: give \{ count: 5 \} or \{ percentage: 50 \}\.$/);
  });

  it('fails when neither a count nor a percentage is given (GW-7)', () => {
    const r = refusalOf(withBreaker({ failures: {} }));
    expect(r).toMatchObject({ lesson: 'GW-7', path: 'test/orders', setting: 'circuitBreaker.failures' });
    expect(r.message).toMatch(/^\[GW-7\] test\/orders: circuitBreaker\.failures = \{\}: .*one of the two\. Fix: /);
  });

  it('fails when a failure count is NaN, shown as NaN (GW-7)', () => {
    const r = refusalOf(withBreaker({ failures: { count: Number.NaN } }));
    expect(r).toMatchObject({ lesson: 'GW-7', path: 'test/orders', setting: 'circuitBreaker.failures.count' });
    expect(r.message).toMatch(/^\[GW-7\] test\/orders: circuitBreaker\.failures\.count = NaN: /);
  });

  it('fails when a status range holds NaN or Infinity, shown as written inside the range (GW-7)', () => {
    const nan = refusalOf(withBreaker({ statusCodeRanges: [{ min: Number.NaN, max: 599 }] }));
    expect(nan).toMatchObject({ lesson: 'GW-7', path: 'test/orders', setting: 'circuitBreaker.statusCodeRanges[0]' });
    expect(nan.message).toMatch(/^\[GW-7\] test\/orders: circuitBreaker\.statusCodeRanges\[0\] = \{"min":NaN,"max":599\}: /);
    const infinity = refusalOf(withBreaker({ statusCodeRanges: [{ min: 500, max: Number.POSITIVE_INFINITY }] }));
    expect(infinity.message).toMatch(/^\[GW-7\] test\/orders: circuitBreaker\.statusCodeRanges\[0\] = \{"min":500,"max":Infinity\}: /);
  });

  it('fails when there are more than 10 error reasons (GW-7)', () => {
    expect(withBreaker({ errorReasons: Array.from({ length: 11 }, (_, i) => `r${i}`) })).toThrow(/^\[GW-7\] test\/orders: circuitBreaker\.errorReasons = \["r0",.*: Azure accepts at most 10 error reasons/);
  });

  it('fails when the interval is not whole seconds (GW-7)', () => {
    expect(withBreaker({ intervalSeconds: 0.5 })).toThrow(/^\[GW-7\] test\/orders: circuitBreaker\.intervalSeconds = 0\.5: /);
  });

  it('fails when the rule name is invalid', () => {
    expect(withBreaker({ name: 'bad_name' })).toThrow(/^\[AZURE\] test\/orders: circuitBreaker\.name = "bad_name": Azure rejects this circuit breaker rule name\./);
  });

  it('fails when the gateway is on the Consumption tier (GW-7)', () => {
    const stack = testStack();
    const consumption = ApiGateway.fromExisting(stack, 'gateway', { serviceName: 'apim', resourceGroupName: 'rg', skuName: 'Consumption_0' });
    const r = refusalOf(() => new GatewayBackend(stack, 'orders', {
      gateway: consumption, name: 'orders', url: 'https://orders.example.com', circuitBreaker: BREAKER,
    }));
    expect(r).toMatchObject({ lesson: 'GW-7', path: 'test/orders', setting: 'gateway.skuName' });
    expect(r.message).toMatch(/^\[GW-7\] test\/orders: gateway\.skuName = "Consumption_0": the Consumption tier has no backend circuit breaker\. Fix: /);
    // Without a circuit breaker the backend is fine on Consumption.
    new GatewayBackend(stack, 'plain', { gateway: consumption, name: 'plain', url: 'https://orders.example.com' });
    expect(resourceOf(synth(stack), 'azurerm_api_management_backend').circuit_breaker_rule).toBeUndefined();
  });

  it('fails when the name is not a backend name', () => {
    expect(() => build({ name: 'orders_backend' })).toThrow(/^\[AZURE\] test\/orders: name = "orders_backend": Azure rejects this API Management backend name/);
  });
});

describe('GatewayBackend options and edges', () => {
  function backend(props: Partial<GatewayBackendProps> = {}) {
    const stack = testStack();
    new GatewayBackend(stack, 'orders', { gateway: gateway(stack), name: 'orders-backend', url: 'https://orders.example.com', ...props });
    return resourceOf(synth(stack), 'azurerm_api_management_backend');
  }
  const breaker = (cb: Partial<CircuitBreakerOptions>) => backend({ circuitBreaker: { ...BREAKER, ...cb } }).circuit_breaker_rule as Record<string, unknown>;

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

describe('backend URLs', () => {
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
});

describe('GatewayBackend owns its name on the gateway', () => {
  it('fails when two backends on one gateway have one name', () => {
    const stack = testStack();
    const gw = gateway(stack);
    new GatewayBackend(stack, 'orders', { gateway: gw, name: 'orders-backend', url: 'https://orders.example.com' });
    const r = refusalOf(() => new GatewayBackend(stack, 'orders-2', { gateway: gw, name: 'orders-backend', url: 'https://orders-2.example.com' }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/orders-2', setting: 'name' });
    expect(r.message).toMatch(/^\[AZURE\] test\/orders-2: name = "orders-backend": test\/orders already has a backend named "orders-backend" on this gateway, and API Management keeps one: .* Fix: give each backend its own name on the gateway\.$/);
  });

  it('fails when two stacks of one app define one backend on a shared gateway, whatever its case', () => {
    const app = Testing.app();
    const attributes = { serviceName: 'apim-shared', resourceGroupName: 'rg-shared', skuName: 'StandardV2_1' };
    const backend = (stack: TerraformStack, name: string) =>
      new GatewayBackend(stack, 'orders', { gateway: ApiGateway.fromExisting(stack, 'gateway', attributes), name, url: 'https://orders.example.com' });
    backend(new TerraformStack(app, 'team-a'), 'orders');
    const r = refusalOf(() => backend(new TerraformStack(app, 'team-b'), 'Orders'));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'team-b/orders', setting: 'name' });
    expect(r.message).toMatch(/^\[AZURE\] team-b\/orders: name = "Orders": team-a\/orders already has a backend named "Orders" on this gateway/);
  });

  it('accepts one backend name on two gateways, and the same backend in two apps', () => {
    const stack = testStack();
    new GatewayBackend(stack, 'orders', { gateway: gateway(stack), name: 'orders', url: 'https://orders.example.com' });
    const other = ApiGateway.fromExisting(stack, 'other', { serviceName: 'apim-other', resourceGroupName: 'rg-other', skuName: 'StandardV2_1' });
    new GatewayBackend(stack, 'orders-elsewhere', { gateway: other, name: 'orders', url: 'https://orders.example.com' });
    expect(Object.keys(resourcesOf(synth(stack), 'azurerm_api_management_backend'))).toHaveLength(2);
    expect(() => build()).not.toThrow();
    expect(() => build()).not.toThrow();
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
});
