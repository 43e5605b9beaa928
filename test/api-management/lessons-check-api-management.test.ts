import { App, TerraformStack, Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ApiManagement } from '@cdktf/provider-azurerm/lib/api-management';
import { ApiManagementApi } from '@cdktf/provider-azurerm/lib/api-management-api';
import { ApiManagementPolicy } from '@cdktf/provider-azurerm/lib/api-management-policy';
import { ApiManagementApiDiagnostic } from '@cdktf/provider-azurerm/lib/api-management-api-diagnostic';
import { ApiManagementApiOperation, ApiManagementApiOperationTemplateParameter } from '@cdktf/provider-azurerm/lib/api-management-api-operation';
import { ApiManagementApiPolicy } from '@cdktf/provider-azurerm/lib/api-management-api-policy';
import { ApiManagementDiagnostic } from '@cdktf/provider-azurerm/lib/api-management-diagnostic';
import { ApiManagementApiOperationPolicy } from '@cdktf/provider-azurerm/lib/api-management-api-operation-policy';
import { Resource } from '../../.gen/providers/azapi/resource';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { LessonsCheck } from '../../constructs/stack/lessons-check';
import { RuleLevel } from '../../constructs/lessons-check/pack';
import { ReportStatus } from '../../constructs/lessons-check/report';
import { azapiApi, gateway, rows, statusOf as ruleStatusOf } from '../support/lessons-rules';
import { errorsOf } from '../support/synth';

const RULE = 'AZURE.OperationTemplateParameters';

function rawStack(): TerraformStack {
  const app: App = Testing.app();
  return new AzureStack(app, { stackName: 'other', environmentName: 'dev', production: false });
}

function operation(stack: TerraformStack, urlTemplate: string, templateParameter?: ApiManagementApiOperationTemplateParameter[]) {
  return new ApiManagementApiOperation(stack, 'op', {
    operationId: 'get-order', apiName: 'orders', apiManagementName: 'apim-other', resourceGroupName: 'rg', displayName: 'Get order',
    method: 'GET', urlTemplate, ...(templateParameter ? { templateParameter } : {}),
  });
}

const findingsOf = (stack: TerraformStack) => {
  Testing.synth(stack);
  return errorsOf(stack).filter((e) => e.startsWith(`[${RULE}] `));
};
const statusOf = (stack: TerraformStack) => LessonsCheck.of(stack)!.reportOf(stack).results.find((r) => r.ruleId === RULE)?.status;

describe('AZURE.OperationTemplateParameters on raw API Management operations (azurerm refuses them at plan)', () => {
  it('fails when the URL template uses a parameter it does not declare', () => {
    const stack = rawStack();
    operation(stack, '/orders/{id}');
    expect(findingsOf(stack)).toEqual([
      `[${RULE}] other-dev/op: url_template = "/orders/{id}": {id} is not declared in template_parameter, and azurerm's plan refuses an operation whose URL template uses a parameter it does not declare. `
      + 'Fix: add template_parameter { name = "id", type = "string", required = true } (the type the backend expects).',
    ]);
  });

  it('fails when a wildcard or query parameter is not declared, each named', () => {
    const stack = rawStack();
    operation(stack, '/files/{*path}?version={version}', [{ name: 'path', type: 'string', required: true }]);
    expect(findingsOf(stack)).toEqual([expect.stringMatching(/^\[AZURE\.OperationTemplateParameters\] other-dev\/op: url_template = "\/files\/\{\*path\}\?version=\{version\}": \{version\} is not declared/)]);
  });

  it('fails when a declared parameter is not used (spelled otherwise)', () => {
    const stack = rawStack();
    operation(stack, '/orders/{orderId}', [{ name: 'orderId', type: 'string', required: true }, { name: 'OrderId', type: 'string', required: true }]);
    expect(findingsOf(stack)).toEqual([
      `[${RULE}] other-dev/op: template_parameter = "OrderId": the URL template /orders/{orderId} does not use {OrderId}, and azurerm's plan refuses a declared parameter the template does not use. `
      + 'Fix: remove it, or use {OrderId} in url_template with the same spelling.',
    ]);
  });

  it('passes when every parameter is declared once, and a template without parameters', () => {
    const declared = rawStack();
    operation(declared, '/orders/{id}', [{ name: 'id', type: 'string', required: true }]);
    expect(findingsOf(declared)).toEqual([]);
    expect(statusOf(declared)).toBe(ReportStatus.COMPLIANT);
    const plain = rawStack();
    operation(plain, '/orders');
    expect(statusOf(plain)).toBe(ReportStatus.COMPLIANT);
  });

  it('leaves a template given as a reference to Terraform', () => {
    const stack = rawStack();
    operation(stack, '${var.template}');
    expect(statusOf(stack)).toBeUndefined();
  });
});

const LOGGER = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.ApiManagement/service/apim-other/loggers/azuremonitor';
const POLICY_TAIL = '<outbound><base /></outbound><on-error><base /></on-error></policies>';
const policyXml = (inbound: string, backend = '<forward-request buffer-response="false" timeout="240" />') =>
  `<policies><inbound>${inbound}</inbound><backend>${backend}</backend>${POLICY_TAIL}`;

function api(stack: TerraformStack, apim: ApiManagement, id = 'api', extra: { apiType?: string; serviceUrl?: string } = {}): ApiManagementApi {
  return new ApiManagementApi(stack, id, {
    name: id, apiManagementName: apim.name, resourceGroupName: 'rg', revision: '1', path: id, protocols: ['https'], ...extra,
  });
}

/** An API that streams: its API-scope policy forwards unbuffered. */
function streamingApi(stack: TerraformStack, apim: ApiManagement, id = 'events'): ApiManagementApi {
  const streamed = api(stack, apim, id);
  new ApiManagementApiPolicy(stack, `${id}-policy`, { apiName: streamed.name, apiManagementName: apim.name, resourceGroupName: 'rg', xmlContent: policyXml('<base />') });
  return streamed;
}

function apiOperation(stack: TerraformStack, id: string, apiName: string, apimName: string): ApiManagementApiOperation {
  return new ApiManagementApiOperation(stack, id, {
    apiName, apiManagementName: apimName, resourceGroupName: 'rg', operationId: id, displayName: id, method: 'GET', urlTemplate: `/${id}`,
  });
}

function bodyLoggingServiceDiagnostic(stack: TerraformStack, id: string, apim: ApiManagement): ApiManagementDiagnostic {
  return new ApiManagementDiagnostic(stack, id, {
    apiManagementName: apim.name, resourceGroupName: 'rg', identifier: 'azuremonitor', apiManagementLoggerId: LOGGER, backendRequest: { bodyBytes: 512 },
  });
}

describe('which APIs stream (EDGE-4, EDGE-5)', () => {
  it('does not count an API whose policy buffers: caching there is fine', () => {
    const stack = rawStack();
    const apim = gateway(stack);
    const orders = api(stack, apim, 'orders');
    new ApiManagementApiPolicy(stack, 'orders-policy', {
      apiName: orders.name, apiManagementName: apim.name, resourceGroupName: 'rg',
      xmlContent: policyXml('<base /><cache-lookup vary-by-developer="false" vary-by-developer-groups="false" />', '<forward-request timeout="60" />'),
    });
    apiOperation(stack, 'list', orders.name, apim.name);
    expect(ruleStatusOf(stack, 'EDGE-4.StreamingApiBuffering', 'orders-policy')).toEqual([]);
    expect(ruleStatusOf(stack, 'EDGE-5.StreamingRouteHeartbeat', 'list')).toEqual([]);
  });

  it('counts a WebSocket API (azurerm) as streaming', () => {
    const stack = rawStack();
    const apim = gateway(stack);
    const ws = api(stack, apim, 'ws', { apiType: 'websocket', serviceUrl: 'wss://chat.contoso.com' });
    apiOperation(stack, 'onHandshake', ws.name, apim.name);
    expect(rows(stack, 'EDGE-5.StreamingRouteHeartbeat', 'onHandshake')).toEqual([
      expect.objectContaining({ lesson: 'EDGE-5', status: ReportStatus.NON_COMPLIANT, setting: 'url_template', message: expect.stringContaining('url_template = "/onHandshake"') }),
    ]);
  });

  it('counts a WebSocket API of an AzAPI service/apis resource as streaming, and no other AzAPI API', () => {
    const stack = rawStack();
    const apim = gateway(stack);
    const ws = azapiApi(stack, 'ws', { parentId: apim.id, properties: { type: 'websocket', path: 'ws', serviceUrl: 'wss://chat.contoso.com' } });
    const http = azapiApi(stack, 'http', { parentId: apim.id, properties: { type: 'http', path: 'http' } });
    const bare = azapiApi(stack, 'bare', { parentId: apim.id });
    apiOperation(stack, 'ws-op', ws.name, apim.name);
    apiOperation(stack, 'http-op', http.name, apim.name);
    apiOperation(stack, 'bare-op', bare.name, apim.name);
    expect(ruleStatusOf(stack, 'EDGE-5.StreamingRouteHeartbeat', 'ws-op')).toEqual([ReportStatus.NON_COMPLIANT]);
    expect(ruleStatusOf(stack, 'EDGE-5.StreamingRouteHeartbeat', 'http-op')).toEqual([]);
    expect(ruleStatusOf(stack, 'EDGE-5.StreamingRouteHeartbeat', 'bare-op')).toEqual([]);
  });
});

describe('EDGE-4.StreamingApiBuffering edges', () => {
  it('leaves alone a policy of a streaming API given by link rather than inline XML', () => {
    const stack = rawStack();
    const apim = gateway(stack);
    const events = streamingApi(stack, apim);
    new ApiManagementApiPolicy(stack, 'linked', { apiName: events.name, apiManagementName: apim.name, resourceGroupName: 'rg', xmlLink: 'https://contoso.blob.core.windows.net/policies/events.xml' });
    expect(ruleStatusOf(stack, 'EDGE-4.StreamingApiBuffering', 'linked')).toEqual([]);
    expect(ruleStatusOf(stack, 'EDGE-3.ForwardRequestAttributeSpelling', 'linked')).toEqual([]);
  });

  it('leaves alone an API diagnostic of an API that does not stream, on a gateway that has one that does', () => {
    const stack = rawStack();
    const apim = gateway(stack);
    streamingApi(stack, apim);
    const orders = api(stack, apim, 'orders');
    new ApiManagementApiDiagnostic(stack, 'orders-diagnostic', {
      apiName: orders.name, apiManagementName: apim.name, resourceGroupName: 'rg', identifier: 'azuremonitor', apiManagementLoggerId: LOGGER, frontendResponse: { bodyBytes: 1024 },
    });
    expect(ruleStatusOf(stack, 'EDGE-4.StreamingApiBuffering', 'orders-diagnostic')).toEqual([]);
  });

  it('finds body logging of a service-wide diagnostic on a gateway with a streaming API, whatever other gateways stream', () => {
    const stack = rawStack();
    const one = gateway(stack, 'apim', 'apim-one');
    const two = gateway(stack, 'apim-b', 'apim-two');
    streamingApi(stack, one);
    azapiApi(stack, 'ws', { parentId: two.id, properties: { type: 'websocket', path: 'ws' } });
    bodyLoggingServiceDiagnostic(stack, 'all-apis', one);
    expect(rows(stack, 'EDGE-4.StreamingApiBuffering', 'all-apis')).toEqual([expect.objectContaining({
      lesson: 'EDGE-4', status: ReportStatus.NON_COMPLIANT, setting: 'backend_request.body_bytes', message: expect.stringContaining('backend_request.body_bytes = 512: '),
    })]);
  });

  it('leaves alone a service-wide diagnostic on a gateway without streaming APIs, also when another gateway\'s name starts with its name', () => {
    const stack = rawStack();
    const one = gateway(stack, 'apim', 'apim-one');
    const two = gateway(stack, 'apim-b', 'apim-two');
    azapiApi(stack, 'ws', { parentId: two.id, properties: { type: 'websocket', path: 'ws' } });
    bodyLoggingServiceDiagnostic(stack, 'all-apis', one);
    expect(ruleStatusOf(stack, 'EDGE-4.StreamingApiBuffering', 'all-apis')).toEqual([]);
  });

  it('leaves alone a service-wide diagnostic when a streaming AzAPI API names no parent service', () => {
    const stack = rawStack();
    const apim = gateway(stack);
    azapiApi(stack, 'ws', { properties: { type: 'websocket', path: 'ws' } });
    bodyLoggingServiceDiagnostic(stack, 'all-apis', apim);
    expect(ruleStatusOf(stack, 'EDGE-4.StreamingApiBuffering', 'all-apis')).toEqual([]);
  });
});

describe('EDGE-3.ForwardRequestAttributeSpelling edges', () => {
  it.each([
    ['after another attribute', '<forward-request timeout="60" buffer_response="false" />'],
    ['with spaces around =', '<forward-request buffer_response = "false" />'],
  ])('fails when buffer_response is spelt with an underscore %s', (_where, forward) => {
    const stack = rawStack();
    new ApiManagementApiPolicy(stack, 'policy', { apiName: 'orders', apiManagementName: 'apim-other', resourceGroupName: 'rg', xmlContent: policyXml('<base />', forward) });
    expect(rows(stack, 'EDGE-3.ForwardRequestAttributeSpelling', 'policy')).toEqual([expect.objectContaining({
      lesson: 'EDGE-3', level: RuleLevel.ERROR, status: ReportStatus.NON_COMPLIANT, setting: 'xml_content', message: expect.stringContaining(`xml_content = ${JSON.stringify(forward)}`),
    })]);
  });
});

describe('ACCESS.ApiCallerCheck on raw API Management APIs (a production API with no caller check)', () => {
  const CALLER_RULE = 'ACCESS.ApiCallerCheck';
  const stackOf = (production: boolean) => new AzureStack(Testing.app(), { stackName: 'other', environmentName: production ? 'prod' : 'dev', production });
  const api = (stack: TerraformStack, subscriptionRequired?: boolean) => new ApiManagementApi(stack, 'api', {
    name: 'orders', apiManagementName: 'apim-other', resourceGroupName: 'rg', revision: '1', path: 'orders', protocols: ['https'],
    ...(subscriptionRequired !== undefined ? { subscriptionRequired } : {}),
  });
  const policy = (stack: TerraformStack, apiName: string, inbound: string) => new ApiManagementApiPolicy(stack, 'policy', {
    apiName, apiManagementName: 'apim-other', resourceGroupName: 'rg', xmlContent: `<policies><inbound>${inbound}</inbound><backend><forward-request /></backend><outbound /><on-error /></policies>`,
  });
  const FRONT_DOOR_ONLY = '<check-header name="X-Azure-FDID" failed-check-httpcode="403" failed-check-error-message="Forbidden" ignore-case="true"><value>fd-guid</value></check-header>';
  const callerFindings = (stack: TerraformStack) => {
    Testing.synth(stack);
    return errorsOf(stack).filter((e) => e.startsWith(`[${CALLER_RULE}] `));
  };
  const callerStatus = (stack: TerraformStack) => LessonsCheck.of(stack)!.reportOf(stack).results.find((r) => r.ruleId === CALLER_RULE)?.status;

  it('fails when a production API requires no subscription and its policy checks only Front Door', () => {
    const stack = stackOf(true);
    const orders = api(stack, false);
    policy(stack, orders.name, FRONT_DOOR_ONLY);
    expect(callerFindings(stack)).toEqual([
      `[${CALLER_RULE}] other-prod/api: subscription_required = false: the API serves anyone who reaches the gateway: no subscription key, and no token (validate-jwt, validate-azure-ad-token) `
      + 'or secret header (check-header against a {{named value}}) that every operation runs, in its policies or the service-wide policy; the Front Door check proves the route, not the caller. '
      + 'Fix: require a subscription, or check a token in the API\'s policy (PolicyStatement.validateCallerToken, validateEntraCaller); StreamingApi and WebSocketApi take callerCheck.',
    ]);
  });

  it('fails when a production WebSocket API (AzAPI) requires no subscription and its handshake checks no caller', () => {
    const stack = stackOf(true);
    const ws = new Resource(stack, 'ws', {
      type: 'Microsoft.ApiManagement/service/apis@2024-05-01', name: 'chat', parentId: '/subscriptions/x/resourceGroups/rg/providers/Microsoft.ApiManagement/service/apim-other',
      body: { properties: { path: 'chat', type: 'websocket', protocols: ['wss'], serviceUrl: 'wss://app.example.net', subscriptionRequired: false } },
    });
    new ApiManagementApiOperationPolicy(stack, 'handshake', {
      apiName: ws.name, apiManagementName: 'apim-other', resourceGroupName: 'rg', operationId: 'onHandshake', xmlContent: `<policies><inbound>${FRONT_DOOR_ONLY}</inbound><backend><base /></backend><outbound /><on-error /></policies>`,
    });
    expect(callerFindings(stack)).toEqual([expect.stringMatching(/^\[ACCESS\.ApiCallerCheck\] other-prod\/ws: body\.properties\.subscriptionRequired = false: /)]);
  });

  it('accepts a production API with a subscription (azurerm\'s default included)', () => {
    for (const required of [true, undefined]) {
      const stack = stackOf(true);
      api(stack, required);
      expect(callerFindings(stack)).toEqual([]);
      expect(callerStatus(stack)).toBe(ReportStatus.COMPLIANT);
    }
  });

  it('accepts a token check or a header compared with a secret named value, by reference or by name', () => {
    for (const [inbound, byName] of [
      ['<validate-jwt header-name="Authorization"><openid-config url="https://login.example.com/.well-known/openid-configuration" /></validate-jwt>', false],
      ['<validate-azure-ad-token tenant-id="t"><audiences><audience>a</audience></audiences></validate-azure-ad-token>', true],
      ['<check-header name="X-Webhook-Secret" failed-check-httpcode="401" failed-check-error-message="Unauthorized" ignore-case="false"><value>{{webhook-secret}}</value></check-header>', false],
    ] as const) {
      const stack = stackOf(true);
      const orders = api(stack, false);
      policy(stack, byName ? 'orders' : orders.name, inbound);
      expect(callerFindings(stack)).toEqual([]);
      expect(callerStatus(stack)).toBe(ReportStatus.COMPLIANT);
    }
  });

  const JWT = '<validate-jwt header-name="Authorization"><openid-config url="https://login.example.com/.well-known/openid-configuration" /></validate-jwt>';
  const globalPolicy = (stack: TerraformStack, apiManagementId: string, inbound: string) => new ApiManagementPolicy(stack, 'global', {
    apiManagementId, xmlContent: `<policies><inbound>${inbound}</inbound><backend><forward-request /></backend><outbound /><on-error /></policies>`,
  });

  it('accepts a token check in the service-wide policy of the API\'s service, by reference or by id', () => {
    const byReference = stackOf(true);
    const service = new ApiManagement(byReference, 'apim', { name: 'apim-other', resourceGroupName: 'rg', location: 'westeurope', publisherName: 'p', publisherEmail: 'p@example.com', skuName: 'StandardV2_1' });
    new ApiManagementApi(byReference, 'api', { name: 'orders', apiManagementName: service.name, resourceGroupName: 'rg', revision: '1', path: 'orders', protocols: ['https'], subscriptionRequired: false });
    globalPolicy(byReference, service.id, JWT);
    expect(callerFindings(byReference)).toEqual([]);
    const byId = stackOf(true);
    api(byId, false);
    globalPolicy(byId, '/subscriptions/x/resourceGroups/rg/providers/Microsoft.ApiManagement/service/apim-other', JWT);
    expect(callerFindings(byId)).toEqual([]);
    expect(callerStatus(byId)).toBe(ReportStatus.COMPLIANT);
  });

  it('fails when the token check is in the service-wide policy of another service', () => {
    const stack = stackOf(true);
    api(stack, false);
    globalPolicy(stack, '/subscriptions/x/resourceGroups/rg/providers/Microsoft.ApiManagement/service/apim-elsewhere', JWT);
    expect(callerFindings(stack)).toEqual([expect.stringMatching(/^\[ACCESS\.ApiCallerCheck\] other-prod\/api: subscription_required = false: /)]);
  });

  it('fails when the API\'s own policy drops <base /> from its inbound, so the service-wide token check never runs', () => {
    const stack = stackOf(true);
    const orders = api(stack, false);
    policy(stack, orders.name, FRONT_DOOR_ONLY);
    globalPolicy(stack, '/subscriptions/x/resourceGroups/rg/providers/Microsoft.ApiManagement/service/apim-other', JWT);
    expect(callerFindings(stack)).toHaveLength(1);
    const kept = stackOf(true);
    policy(kept, api(kept, false).name, `<base />${FRONT_DOOR_ONLY}`);
    globalPolicy(kept, '/subscriptions/x/resourceGroups/rg/providers/Microsoft.ApiManagement/service/apim-other', JWT);
    expect(callerFindings(kept)).toEqual([]);
  });

  const operationPolicy = (stack: TerraformStack, id: string, operationId: string, inbound: string) => new ApiManagementApiOperationPolicy(stack, id, {
    apiName: 'orders', apiManagementName: 'apim-other', resourceGroupName: 'rg', operationId, xmlContent: `<policies><inbound>${inbound}</inbound><backend><base /></backend><outbound /><on-error /></policies>`,
  });
  const operation = (stack: TerraformStack, operationId: string) => new ApiManagementApiOperation(stack, `op-${operationId}`, {
    apiName: 'orders', apiManagementName: 'apim-other', resourceGroupName: 'rg', operationId, displayName: operationId, method: 'GET', urlTemplate: `/${operationId}`,
  });

  it('fails when an operation policy without <base /> skips the token check of the service-wide policy or of the API policy', () => {
    const global = stackOf(true);
    api(global, false);
    globalPolicy(global, '/subscriptions/x/resourceGroups/rg/providers/Microsoft.ApiManagement/service/apim-other', JWT);
    operationPolicy(global, 'op-policy', 'list', '<set-header name="X-Op" exists-action="override"><value>list</value></set-header>');
    expect(callerFindings(global)).toHaveLength(1);
    const apiLevel = stackOf(true);
    policy(apiLevel, api(apiLevel, false).name, JWT);
    operationPolicy(apiLevel, 'op-policy', 'list', '<set-header name="X-Op" exists-action="override"><value>list</value></set-header>');
    expect(callerFindings(apiLevel)).toHaveLength(1);
    const keeps = stackOf(true);
    policy(keeps, api(keeps, false).name, JWT);
    operationPolicy(keeps, 'op-policy', 'list', '<base />');
    expect(callerFindings(keeps)).toEqual([]);
  });

  it('fails when the only token check is commented out', () => {
    const stack = stackOf(true);
    policy(stack, api(stack, false).name, `<!-- ${JWT} -->${FRONT_DOOR_ONLY}`);
    expect(callerFindings(stack)).toHaveLength(1);
  });

  it('accepts operations that each check their callers, and fails when one operation has no check', () => {
    const all = stackOf(true);
    api(all, false);
    for (const id of ['list', 'get']) { operation(all, id); operationPolicy(all, `policy-${id}`, id, JWT); }
    expect(callerFindings(all)).toEqual([]);
    const one = stackOf(true);
    api(one, false);
    operation(one, 'list'); operation(one, 'get');
    operationPolicy(one, 'policy-list', 'list', JWT);
    expect(callerFindings(one)).toHaveLength(1);
  });

  it('fails when the service-wide policy checks only Front Door', () => {
    const stack = stackOf(true);
    api(stack, false);
    globalPolicy(stack, '/subscriptions/x/resourceGroups/rg/providers/Microsoft.ApiManagement/service/apim-other', FRONT_DOOR_ONLY);
    expect(callerFindings(stack)).toHaveLength(1);
  });

  it('does not apply outside production, nor to AzAPI resources that are not APIs', () => {
    const dev = stackOf(false);
    api(dev, false);
    expect(callerFindings(dev)).toEqual([]);
    expect(callerStatus(dev)).toBeUndefined();
    const prod = stackOf(true);
    new Resource(prod, 'other', { type: 'Microsoft.Web/sites@2024-04-01', name: 'x', parentId: '/subscriptions/x/resourceGroups/rg', body: { properties: {} } });
    expect(callerFindings(prod)).toEqual([]);
    expect(callerStatus(prod)).toBeUndefined();
  });
});
