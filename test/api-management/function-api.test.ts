import { Construct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { FunctionApi, FunctionApiProps, FunctionOperation } from '../../constructs/api-management/function-api';
import { HttpMethod } from '../../constructs/api-management/http-proxy-api';
import { TemplateParameterType } from '../../constructs/api-management/url-template';
import { PublicNetworkAccess } from '../../constructs/core/network';
import { TimeoutLayer } from '../../constructs/core/request-path';
import { FlexFunctionApp } from '../../constructs/functions/flex-function-app';
import { IFunctionAppBackend } from '../../constructs/functions/function-app-backend';
import { IPrincipal } from '../../constructs/identity/principal';
import { PolicyDocument } from '../../constructs/policy/policy-document';
import { PolicyStatement } from '../../constructs/policy/policy-statement';
import { StorageAccount } from '../../constructs/storage/storage-account';
import { policySchemaAvailable, policySchemaSkipReason } from '../support/apim-policy-schema';
import { gateway } from '../support/fixtures';
import { refusalOf } from '../support/refusal';
import { validatePolicyDeep } from '../support/policy-xsd';
import { idOf, ref, resourceOf, resourcesOf, synth, TerraformJson, testStack, warningsOf } from '../support/synth';

const APP_ID = '6f1d2c3e-5a4b-4c3d-9e8f-7a6b5c4d3e2f';
const SITE_ID = '/subscriptions/0/resourceGroups/rg-unit/providers/Microsoft.Web/sites/func-orders';
const FRONT_DOOR_ID = '11111111-2222-3333-4444-555555555555';

/** A function app the gateway can route to, without the resources of a FlexFunctionApp. */
class FakeFunctionApp extends Construct implements IFunctionAppBackend {
  public readonly defaultHostName = 'func-orders.azurewebsites.net';
  public readonly siteId = SITE_ID;
  public readonly timeoutLayer: TimeoutLayer;
  public readonly entraApplicationId?: string;
  public readonly callers: IPrincipal[] = [];

  constructor(scope: Construct, id: string, entraApplicationId?: string) {
    super(scope, id);
    this.entraApplicationId = entraApplicationId;
    this.timeoutLayer = { layer: 'Functions HTTP request timeout', timeoutSeconds: 230, constructPath: this.node.path };
  }

  public allowCaller(principal: IPrincipal): void {
    this.callers.push(principal);
  }
}

const OPERATIONS: FunctionOperation[] = [
  { name: 'list-orders', method: HttpMethod.GET, urlTemplate: '/orders' },
  { name: 'get-order', method: HttpMethod.GET, urlTemplate: '/orders/{id}', templateParameters: [{ name: 'id' }], displayName: 'Conditional GET' },
  { name: 'update-order', method: HttpMethod.PATCH, urlTemplate: '/orders/{id}', templateParameters: [{ name: 'id' }] },
  { name: 'seed', method: HttpMethod.POST, urlTemplate: '/ops/seed' },
];

/** `applicationId` null: a function app without Entra ID in front. */
function build(props: Partial<FunctionApiProps> = {}, applicationId: string | null = APP_ID) {
  const stack = testStack();
  const gw = gateway(stack);
  const fn = new FakeFunctionApp(stack, 'fn', applicationId ?? undefined);
  const api = new FunctionApi(stack, 'orders', {
    gateway: gw, name: 'orders', path: 'orders', functionApp: fn, operations: OPERATIONS, allowDirectCallers: true, ...props,
  });
  return { stack, gw, fn, api, tf: synth(stack) };
}

const policyXml = (tf: TerraformJson) => resourceOf(tf, 'azurerm_api_management_api_policy').xml_content as string;
const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const section = (xml: string, name: string) => xml.match(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`))![1].trim();
/** Element names directly below a section, in order. */
const children = (xml: string, name: string) =>
  [...xml.match(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`))![1].matchAll(/^ {4}<([a-z-]+)/gm)].map((m) => m[1]);
const SUBSCRIPTION_KEY = '@(context.Subscription?.Id ?? "anonymous")';

describe('FunctionApi resources', () => {
  const { tf } = build();

  it('creates a version set with path-segment versioning', () => {
    expect(resourceOf(tf, 'azurerm_api_management_api_version_set')).toEqual({
      name: 'orders', display_name: 'orders', versioning_scheme: 'Segment',
      api_management_name: ref(tf, 'azurerm_api_management', 'name'), resource_group_name: 'rg-test',
    });
  });

  it('creates the API <name>-<version> in the version set, HTTPS only, subscription required, to https://<host>/api', () => {
    expect(resourceOf(tf, 'azurerm_api_management_api')).toEqual({
      name: 'orders-v1', display_name: 'orders', api_management_name: ref(tf, 'azurerm_api_management', 'name'), resource_group_name: 'rg-test',
      revision: '1', path: 'orders', version: 'v1', version_set_id: ref(tf, 'azurerm_api_management_api_version_set', 'id'),
      protocols: ['https'], service_url: 'https://func-orders.azurewebsites.net/api', subscription_required: true,
    });
  });

  it('declares each operation on the API, named by method and template unless given a display name', () => {
    const operations = Object.values(resourcesOf(tf, 'azurerm_api_management_api_operation'))
      .map((o) => [o.operation_id, o.method, o.url_template, o.display_name, o.api_name]).sort();
    const apiName = ref(tf, 'azurerm_api_management_api', 'name');
    expect(operations).toEqual([
      ['get-order', 'GET', '/orders/{id}', 'Conditional GET', apiName],
      ['list-orders', 'GET', '/orders', 'GET /orders', apiName],
      ['seed', 'POST', '/ops/seed', 'POST /ops/seed', apiName],
      ['update-order', 'PATCH', '/orders/{id}', 'PATCH /orders/{id}', apiName],
    ]);
  });

  it('routes through the backend <name>-function, linked to the site, with the default breaker on 5xx (GW-7)', () => {
    expect(resourceOf(tf, 'azurerm_api_management_backend')).toMatchObject({
      name: 'orders-function', protocol: 'http', url: 'https://func-orders.azurewebsites.net/api', description: 'The function app behind the API',
      resource_id: `https://management.azure.com${SITE_ID}`,
      circuit_breaker_rule: {
        accept_retry_after_enabled: true, trip_duration: 'PT1M',
        failure_condition: { count: 5, interval_duration: 'PT1M', status_code_range: [{ min: 500, max: 599 }] },
      },
    });
  });

  it('takes another version', () => {
    const other = build({ version: 'v2' }).tf;
    expect(resourceOf(other, 'azurerm_api_management_api')).toMatchObject({ name: 'orders-v2', version: 'v2', path: 'orders' });
    expect(resourceOf(other, 'azurerm_api_management_api_version_set').name).toBe('orders');
  });

  it('takes a circuit breaker and a subscription-free API', () => {
    const other = build({
      subscriptionRequired: false,
      circuitBreaker: { failures: { count: 3 }, intervalSeconds: 30, tripDurationSeconds: 120, acceptRetryAfter: false },
    }).tf;
    expect(resourceOf(other, 'azurerm_api_management_api').subscription_required).toBe(false);
    expect(resourceOf(other, 'azurerm_api_management_backend').circuit_breaker_rule).toMatchObject({
      accept_retry_after_enabled: false, trip_duration: 'PT2M', failure_condition: { count: 3, interval_duration: 'PT30S' },
    });
  });
});

describe('FunctionApi policy', () => {
  const { tf, fn, gw } = build();
  const xml = policyXml(tf);

  it('is the API\'s one policy, on the API by reference', () => {
    expect(resourceOf(tf, 'azurerm_api_management_api_policy').api_name).toBe(ref(tf, 'azurerm_api_management_api', 'name'));
  });

  it('limits 100 calls per 60 s per subscription, sets X-Client-Id from it, routes to the backend and signs the call with the gateway\'s identity last', () => {
    expect(children(xml, 'inbound')).toEqual(['base', 'rate-limit-by-key', 'set-header', 'set-backend-service', 'authentication-managed-identity']);
    const inbound = unescape(section(xml, 'inbound'));
    expect(inbound).toContain(`<rate-limit-by-key calls="100" renewal-period="60" counter-key="${SUBSCRIPTION_KEY}"`);
    expect(inbound).toContain(`<set-header name="X-Client-Id" exists-action="override">\n      <value>${SUBSCRIPTION_KEY}</value>`);
    expect(inbound).toContain(`<set-backend-service backend-id="${ref(tf, 'azurerm_api_management_backend', 'name')}" />`);
    expect(inbound).toContain(`<authentication-managed-identity resource="${APP_ID}" />`);
  });

  it('lets the gateway\'s identity through the function app\'s App Service Authentication', () => {
    expect(fn.callers).toEqual([gw.identity]);
  });

  it('keeps the backend section <base />', () => {
    expect(section(xml, 'backend')).toBe('<base />');
  });

  it('adds Retry-After to 202, 429 and 503 answers without one (exists-action skip), and nothing else outbound (EDGE-6)', () => {
    expect(children(xml, 'outbound')).toEqual(['base', 'choose']);
    expect(unescape(section(xml, 'outbound'))).toBe([
      '<base />',
      '    <choose>',
      '      <when condition="@(context.Response.StatusCode == 202 || context.Response.StatusCode == 429 || context.Response.StatusCode == 503)">',
      '        <set-header name="Retry-After" exists-action="skip">',
      '          <value>5</value>',
      '        </set-header>',
      '      </when>',
      '    </choose>',
    ].join('\n'));
  });

  it('never deletes or rewrites ETag, If-Match, If-None-Match or Location, and caches nothing (EDGE-6)', () => {
    for (const header of ['ETag', 'If-Match', 'If-None-Match', 'Location']) {
      expect(xml).not.toMatch(new RegExp(`<set-header name="${header}"`, 'i'));
    }
    expect(xml).not.toMatch(/<cache-(lookup|store)/);
    expect(xml).not.toMatch(/<(set-status|set-body|rewrite-uri)\b[\s\S]*<\/outbound>/);
  });

  it('answers throttled calls with a problem+json 429 and Retry-After in on-error (GW-1)', () => {
    expect(children(xml, 'on-error')).toEqual(['base', 'choose']);
    const onError = unescape(section(xml, 'on-error'));
    expect(onError).toContain('<set-status code="429" reason="Too Many Requests" />');
    expect(onError).toMatch(/<set-header name="Content-Type" exists-action="override">\s*<value>application\/problem\+json<\/value>/);
    expect(onError).toContain('context.Variables["throttleRetryAfter"].ToString() : "5"');
  });

  it('without Entra ID on the function app: no managed identity token, and no caller allowed', () => {
    const other = build({}, null);
    expect(children(policyXml(other.tf), 'inbound')).toEqual(['base', 'rate-limit-by-key', 'set-header', 'set-backend-service']);
    expect(policyXml(other.tf)).not.toContain('authentication-managed-identity');
    expect(other.fn.callers).toEqual([]);
  });

  it('takes the limits and the Retry-After interval', () => {
    const other = build({ limits: { rateLimit: { calls: 10, renewalPeriodSeconds: 1 } }, retryAfterSeconds: 7 });
    const otherXml = unescape(policyXml(other.tf));
    expect(otherXml).toContain(`<rate-limit-by-key calls="10" renewal-period="1" counter-key="${SUBSCRIPTION_KEY}"`);
    expect(section(otherXml, 'outbound')).toContain('<value>7</value>');
    expect(section(otherXml, 'on-error')).toContain('context.Variables["throttleRetryAfter"].ToString() : "7"');
  });

  it('checks the Front Door id first when given', () => {
    const other = build({ frontDoorId: FRONT_DOOR_ID, allowDirectCallers: undefined });
    expect(children(policyXml(other.tf), 'inbound')).toEqual(['base', 'check-header', 'rate-limit-by-key', 'set-header', 'set-backend-service', 'authentication-managed-identity']);
    expect(policyXml(other.tf)).toMatch(new RegExp(`<check-header name="X-Azure-FDID"[^>]*>\\s*<value>${FRONT_DOOR_ID}</value>`));
  });

  it('forwards within the concurrency limit at the Functions timeout of 230 s', () => {
    const other = build({ limits: { rateLimit: { calls: 100, renewalPeriodSeconds: 60 }, concurrency: { maxCount: 8 }, forwardRequestTimeoutSeconds: 230 } });
    expect(unescape(section(policyXml(other.tf), 'backend'))).toBe([
      `<limit-concurrency key="${SUBSCRIPTION_KEY}" max-count="8">`,
      '      <forward-request timeout="230" buffer-response="true" />',
      '    </limit-concurrency>',
    ].join('\n'));
  });
});

describe('FunctionApi on a FlexFunctionApp', () => {
  const stack = testStack();
  const storage = new StorageAccount(stack, 'storage', {
    name: 'stfuncapi', resourceGroupName: 'rg-unit', location: 'westeurope', publicNetworkAccess: PublicNetworkAccess.ENABLED,
  });
  const app = new FlexFunctionApp(stack, 'app', { name: 'func-orders', resourceGroupName: 'rg-unit', location: 'westeurope', storage, entraAuth: { applicationId: APP_ID } });
  const gw = gateway(stack);
  new FunctionApi(stack, 'orders', { gateway: gw, name: 'orders', path: 'orders', functionApp: app, operations: OPERATIONS, allowDirectCallers: true });
  const tf = synth(stack);
  const site = idOf(tf, 'azapi_resource', 'app/site');

  it('calls the site\'s host name read back from Azure, and links the backend to the site id', () => {
    expect(resourceOf(tf, 'azurerm_api_management_api').service_url).toBe(`https://\${azapi_resource.${site}.output.defaultHostName}/api`);
    expect(resourceOf(tf, 'azurerm_api_management_backend')).toMatchObject({
      url: `https://\${azapi_resource.${site}.output.defaultHostName}/api`, resource_id: `https://management.azure.com\${azapi_resource.${site}.id}`,
    });
  });

  it('allows exactly the gateway\'s identity in the app\'s authsettingsV2', () => {
    const auth = resourceOf(tf, 'azapi_resource_action', 'app/entra-auth') as { body: { properties: { identityProviders: { azureActiveDirectory: { validation: { defaultAuthorizationPolicy: unknown } } } } } };
    expect(auth.body.properties.identityProviders.azureActiveDirectory.validation.defaultAuthorizationPolicy).toEqual({
      allowedPrincipals: { identities: [ref(tf, 'azurerm_api_management', 'identity[0].principal_id')] },
    });
    expect(policyXml(tf)).toContain(`<authentication-managed-identity resource="${APP_ID}" />`);
  });
});

describe('FunctionApi refusals', () => {
  const withOperations = (operations: FunctionOperation[]) => () => build({ operations });

  for (const urlTemplate of ['/admin/seed', '/admin', '/Admin/Seed', '/runtime/webhooks/eventgrid', '/runtime/webhooks']) {
    it(`fails when a route is under a Functions host route: ${urlTemplate} (SEC-3)`, () => {
      const r = refusalOf(withOperations([...OPERATIONS, { name: 'hidden', method: HttpMethod.POST, urlTemplate }]));
      expect(r).toMatchObject({ lesson: 'SEC-3', setting: 'operations.hidden.urlTemplate', path: 'test/orders' });
      expect(r.message).toBe(`[SEC-3] test/orders: operations.hidden.urlTemplate = ${JSON.stringify(urlTemplate)}: the Functions host keeps routes under admin/ and runtime/webhooks for itself: `
        + 'a function there is listed but every call answers an empty 404. Fix: move the route, e.g. from /admin/seed to /ops/seed.');
    });
  }

  it('accepts routes that only look like the reserved ones', () => {
    const { tf } = build({ operations: [
      { name: 'administrators', method: HttpMethod.GET, urlTemplate: '/administrators' },
      { name: 'runtime-status', method: HttpMethod.GET, urlTemplate: '/runtime/status' },
      { name: 'ops-admin', method: HttpMethod.POST, urlTemplate: '/ops/admin' },
    ] });
    expect(Object.keys(resourcesOf(tf, 'azurerm_api_management_api_operation'))).toHaveLength(3);
  });

  it('declares each URL template parameter, typed and required, as azurerm\'s plan requires', () => {
    const { tf } = build({ operations: [{ name: 'get-line', method: HttpMethod.GET, urlTemplate: '/orders/{id}/lines/{line}', templateParameters: [
      { name: 'id', description: 'The order id' }, { name: 'line', type: TemplateParameterType.INTEGER },
    ] }] });
    expect(resourceOf(tf, 'azurerm_api_management_api_operation').template_parameter).toEqual([
      { name: 'id', type: 'string', required: true, description: 'The order id' },
      { name: 'line', type: 'integer', required: true },
    ]);
  });

  it('fails when the URL template uses a parameter it does not declare (azurerm refuses it at plan)', () => {
    const r = refusalOf(withOperations([{ name: 'get-order', method: HttpMethod.GET, urlTemplate: '/orders/{id}' }]));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'operations.get-order.urlTemplate', path: 'test/orders' });
    expect(r.message).toBe('[AZURE] test/orders: operations.get-order.urlTemplate = "/orders/{id}": {id} is not declared, and azurerm\'s plan refuses an operation whose URL template uses a parameter it does not declare. '
      + 'Fix: declare it in the operation\'s templateParameters, e.g. [{ name: \'id\', type: TemplateParameterType.STRING }] (the type the backend expects), or take it out of the template.');
  });

  it('fails when a declared parameter is not in the URL template (spelled otherwise)', () => {
    const r = refusalOf(withOperations([{ name: 'get-order', method: HttpMethod.GET, urlTemplate: '/orders/{id}', templateParameters: [{ name: 'id' }, { name: 'Id' }] }]));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'operations.get-order.templateParameters', path: 'test/orders' });
    expect(r.message).toBe('[AZURE] test/orders: operations.get-order.templateParameters = "Id": the URL template /orders/{id} does not use {Id}, and azurerm refuses a declared template parameter the template does not use at plan. '
      + 'Fix: declare only {id}, with the same spelling.');
  });

  it('fails when a parameter is declared twice', () => {
    const r = refusalOf(withOperations([{ name: 'get-order', method: HttpMethod.GET, urlTemplate: '/orders/{id}', templateParameters: [{ name: 'id' }, { name: 'id' }] }]));
    expect(r.message).toBe('[AZURE] test/orders: operations.get-order.templateParameters = "id": the parameter is declared twice. Fix: declare each template parameter once.');
  });

  it('fails when a path parameter is declared optional', () => {
    const r = refusalOf(withOperations([{ name: 'get-order', method: HttpMethod.GET, urlTemplate: '/orders/{id}', templateParameters: [{ name: 'id', required: false }] }]));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'operations.get-order.templateParameters.id.required' });
    expect(r.message).toContain('{id} is in the path of /orders/{id}: a call without it does not match the operation, so it cannot be optional.');
  });

  it('lets a query parameter of the template be optional', () => {
    const { tf } = build({ operations: [{ name: 'list-orders', method: HttpMethod.GET, urlTemplate: '/orders?status={status}', templateParameters: [{ name: 'status', required: false }] }] });
    expect(resourceOf(tf, 'azurerm_api_management_api_operation').template_parameter).toEqual([{ name: 'status', type: 'string', required: false }]);
  });

  it('fails when two operations share a name', () => {
    const r = refusalOf(withOperations([...OPERATIONS, { name: 'get-order', method: HttpMethod.DELETE, urlTemplate: '/orders/{id}', templateParameters: [{ name: 'id' }] }]));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'operations', path: 'test/orders' });
    expect(r.message).toBe('[AZURE] test/orders: operations = "get-order": two operations share an operation id. Fix: give every operation its own name.');
  });

  it('fails when two operations answer the same method on the same template (case-insensitive)', () => {
    const r = refusalOf(withOperations([...OPERATIONS, { name: 'read-order', method: HttpMethod.GET, urlTemplate: '/Orders/{id}', templateParameters: [{ name: 'id' }] }]));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'operations.read-order.urlTemplate', path: 'test/orders' });
    expect(r.message).toBe('[AZURE] test/orders: operations.read-order.urlTemplate = "/Orders/{id}": operation get-order already answers GET on this template. '
      + 'Fix: give every method and template one operation.');
  });

  it('fails without operations', () => {
    const r = refusalOf(withOperations([]));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'operations', path: 'test/orders' });
    expect(r.message).toBe('[AZURE] test/orders: operations = []: an API without operations answers 404 to every call. Fix: declare each route of the function app.');
  });

  it('fails when a template does not start with a slash', () => {
    const r = refusalOf(withOperations([{ name: 'list', method: HttpMethod.GET, urlTemplate: 'orders' }]));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'operations.list.urlTemplate' });
    expect(r.message).toContain('operations.list.urlTemplate = "orders": an operation URL template starts with a slash. Fix: use "/orders".');
  });

  it('fails when a method is not an HTTP method', () => {
    const r = refusalOf(withOperations([{ name: 'fetch', method: 'FETCH' as HttpMethod, urlTemplate: '/orders' }]));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'operations.fetch.method' });
    expect(r.message).toContain('operations.fetch.method = "FETCH": this is not an HTTP method.');
  });

  it('fails when the version is not one URL segment', () => {
    const r = refusalOf(() => build({ version: 'v 1' }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'version', path: 'test/orders' });
    expect(r.message).toBe('[AZURE] test/orders: version = "v 1": a path version is one URL segment of letters, digits, . and -. Fix: use e.g. \'v1\'.');
  });

  it('fails when the gateway timeout is above the function\'s 230 s, naming the Functions layer (EDGE-1)', () => {
    const r = refusalOf(() => build({ limits: { rateLimit: { calls: 100, renewalPeriodSeconds: 60 }, concurrency: { maxCount: 8 }, forwardRequestTimeoutSeconds: 235 } }));
    expect(r).toMatchObject({ lesson: 'EDGE-1', setting: 'limits.forwardRequestTimeoutSeconds', path: 'test/orders' });
    expect(r.message).toBe('[EDGE-1] test/orders: limits.forwardRequestTimeoutSeconds = 235: the path already closes requests at 230 s '
      + '(Functions HTTP request timeout (230 s, set by test/fn)), so the gateway\'s timeout never fires. '
      + 'Fix: use 230 s or less; work that takes longer answers 202 with Location and Retry-After (async request-reply).');
  });

  it('fails at the edge of the Functions limit: 231 s', () => {
    const r = refusalOf(() => build({ limits: { rateLimit: { calls: 100, renewalPeriodSeconds: 60 }, concurrency: { maxCount: 8 }, forwardRequestTimeoutSeconds: 231 } }));
    expect(r).toMatchObject({ lesson: 'EDGE-1', setting: 'limits.forwardRequestTimeoutSeconds' });
  });

  it('fails when the gateway timeout is above the platform\'s 240 s ceiling (EDGE-1)', () => {
    const r = refusalOf(() => build({ limits: { rateLimit: { calls: 100, renewalPeriodSeconds: 60 }, concurrency: { maxCount: 8 }, forwardRequestTimeoutSeconds: 300 } }));
    expect(r.lesson).toBe('EDGE-1');
    expect(r.setting).toMatch(/forwardRequestTimeoutSeconds$/);
    expect(r.message).toContain('forwardRequestTimeoutSeconds = 300:');
  });

  it('warns that a timeout without concurrency is not used', () => {
    const { stack } = build({ limits: { rateLimit: { calls: 100, renewalPeriodSeconds: 60 }, forwardRequestTimeoutSeconds: 120 } });
    expect(warningsOf(stack)).toEqual([expect.stringMatching(/^\[EDGE-1\] test\/orders\/limits: forwardRequestTimeoutSeconds = 120: without concurrency the backend section is <base \/>/)]);
  });

  it('fails when neither a Front Door id nor direct callers are given (ACCESS)', () => {
    const r = refusalOf(() => build({ allowDirectCallers: undefined }));
    expect(r).toMatchObject({ lesson: 'ACCESS', setting: 'frontDoorId', path: 'test/orders' });
  });
});

describe('PolicyStatement.authenticateWithManagedIdentity and accepted', () => {
  const render = (...inbound: PolicyStatement[]) => new PolicyDocument({ inbound }).toXml();

  it('signs the backend call for the resource, with a user-assigned identity\'s client id when given', () => {
    expect(render(PolicyStatement.authenticateWithManagedIdentity(APP_ID))).toContain(`<authentication-managed-identity resource="${APP_ID}" />`);
    expect(render(PolicyStatement.authenticateWithManagedIdentity(`api://${APP_ID}`, FRONT_DOOR_ID)))
      .toContain(`<authentication-managed-identity resource="api://${APP_ID}" client-id="${FRONT_DOOR_ID}" />`);
  });

  it('fails when the resource is empty (ACCESS)', () => {
    const r = refusalOf(() => PolicyStatement.authenticateWithManagedIdentity(' '));
    expect(r).toMatchObject({ lesson: 'ACCESS', setting: 'resource', path: 'authentication-managed-identity' });
    expect(r.message).toBe('[ACCESS] authentication-managed-identity: resource = " ": the token is requested for an application: its client id or App ID URI. Fix: give the backend\'s Entra application id.');
  });

  it('answers 202 Accepted from the gateway with Location and Retry-After (EDGE-6)', () => {
    const xml = render(PolicyStatement.accepted({ location: '@("/v1/jobs/" + context.RequestId)', retryAfterSeconds: 5 }));
    expect(unescape(section(xml, 'inbound'))).toBe([
      '<base />',
      '    <return-response>',
      '      <set-status code="202" reason="Accepted" />',
      '      <set-header name="Location" exists-action="override">',
      '        <value>@("/v1/jobs/" + context.RequestId)</value>',
      '      </set-header>',
      '      <set-header name="Retry-After" exists-action="override">',
      '        <value>5</value>',
      '      </set-header>',
      '    </return-response>',
    ].join('\n'));
  });

  for (const location of ['', '   ']) {
    it(`fails when the 202 has no Location to poll (${JSON.stringify(location)}, EDGE-6)`, () => {
      const r = refusalOf(() => PolicyStatement.accepted({ location, retryAfterSeconds: 5 }));
      expect(r).toMatchObject({ lesson: 'EDGE-6', setting: 'location', path: 'accepted' });
      expect(r.message).toBe(`[EDGE-6] accepted: location = ${JSON.stringify(location)}: a 202 without Location leaves the client nowhere to poll. `
        + 'Fix: give the status URL, e.g. @("/v1/jobs/" + context.RequestId).');
    });
  }

  for (const seconds of [0, 1.5, 86_401]) {
    it(`fails when Retry-After is ${seconds} (EDGE-6)`, () => {
      const r = refusalOf(() => PolicyStatement.accepted({ location: '/v1/jobs/1', retryAfterSeconds: seconds }));
      expect(r).toMatchObject({ lesson: 'EDGE-6', setting: 'retryAfterSeconds', path: 'accepted' });
      expect(r.message).toContain(`retryAfterSeconds = ${seconds}: Retry-After is a whole number of seconds, at least 1.`);
    });
  }
});

describe.skipIf(!policySchemaAvailable())(`FunctionApi policies and the new statements against the APIM policy XSD${policySchemaSkipReason()}`, () => {
  const documents: [string, string][] = [
    ['the FunctionApi policy with Entra ID', policyXml(build().tf)],
    ['the FunctionApi policy without Entra ID', policyXml(build({}, null).tf)],
    ['the FunctionApi policy behind Front Door with a concurrency limit',
      policyXml(build({ frontDoorId: FRONT_DOOR_ID, allowDirectCallers: undefined, limits: { rateLimit: { calls: 10, renewalPeriodSeconds: 1 }, concurrency: { maxCount: 4 }, forwardRequestTimeoutSeconds: 200 } }).tf)],
    ['a document with accepted(...) in a choose and a user-assigned managed identity', new PolicyDocument({
      inbound: [
        PolicyStatement.authenticateWithManagedIdentity(`api://${APP_ID}`, FRONT_DOOR_ID),
        PolicyStatement.choose([{
          condition: '@(context.Request.Method == "POST")',
          statements: [PolicyStatement.accepted({ location: '@("/v1/jobs/" + context.RequestId)', retryAfterSeconds: 5 })],
        }]),
      ],
      outbound: [PolicyStatement.retryAfterOnRetryableStatuses(5)],
    }).toXml()],
  ];

  for (const [what, xml] of documents) {
    it(`validates ${what}`, async () => {
      expect(await validatePolicyDeep(xml)).toEqual({ valid: true, errors: [] });
    });
  }
});

describe('FunctionApi: a builder\'s refusal names the construct that used it', () => {
  it('fails when retryAfterSeconds is refused by the Retry-After statement, naming the API, not the builder (EDGE-6)', () => {
    const r = refusalOf(() => build({ retryAfterSeconds: 0.5 }));
    expect(r).toMatchObject({ lesson: 'EDGE-6', path: 'test/orders', setting: 'retryAfterSeconds.seconds' });
    expect(r.message).toBe('[EDGE-6] test/orders: retryAfterSeconds.seconds = 0.5: Retry-After is a whole number of seconds, at least 1. Fix: use a small interval such as 5.');
  });
});
