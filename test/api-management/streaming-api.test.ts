import { Aspects, TerraformStack, Testing, Token } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ApiGateway } from '../../constructs/api-management/api-gateway';
import { ApiRateLimitPolicy } from '../../constructs/api-management/api-rate-limit-policy';
import { IApiGateway } from '../../constructs/api-management/gateway-reference';
import { HttpProxyApi } from '../../constructs/api-management/http-proxy-api';
import { StreamingApi, StreamingApiProps } from '../../constructs/api-management/streaming-api';
import { StreamingRoute, StreamingRouteKind, StreamingRoutes } from '../../constructs/api-management/streaming-routes';
import { WebSocketApi, WebSocketApiProps } from '../../constructs/api-management/websocket-api';
import { StreamingCallerCheck } from '../../constructs/api-management/streaming-callers';
import { HoldKind, RequestPath, TimeoutLayer, pathCeiling } from '../../constructs/core/request-path';
import { Production } from '../../constructs/core/production';
import { TagsAspect } from '../../constructs/core/tags';
import { DualIngressContainerApp } from '../../constructs/container-apps/dual-ingress-container-app';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { ENVIRONMENT, gateway } from '../support/fixtures';
import { refusalOf } from '../support/refusal';
import { failuresOf, lessonsOn } from '../support/hcl';
import { ReportStatus } from '../../constructs/lessons-check/report';
import { errorsOf, resourceOf, resourcesOf, synth, testStack, warningsOf } from '../support/synth';

const FRONT_DOOR_60: TimeoutLayer = { layer: 'Front Door origin response timeout', timeoutSeconds: 60, constructPath: 'test/front-door' };

function streaming(props: Partial<StreamingApiProps> = {}) {
  const stack = testStack();
  const api = new StreamingApi(stack, 'streaming', {
    callerCheck: StreamingCallerCheck.anonymous(), gateway: gateway(stack), name: 'realtime', path: 'realtime', backendUrl: 'https://app.example.net', frontDoorId: 'fd-guid', ...props,
  });
  return { api, tf: synth(stack) };
}

function websocket(props: Partial<WebSocketApiProps> = {}, stack: TerraformStack = testStack()) {
  new WebSocketApi(stack, 'ws', {
    ...(props.subscriptionRequired === undefined ? { callerCheck: StreamingCallerCheck.anonymous() } : {}), gateway: gateway(stack), name: 'realtime-ws', path: 'ws', backendUrl: 'wss://app.example.net/ws', heartbeatSeconds: 30, frontDoorId: 'fd-guid', ...props,
  });
  return synth(stack);
}

/** A gateway another team owns on the given SKU. */
const existing = (stack: TerraformStack, skuName: string) =>
  ApiGateway.fromExisting(stack, 'gateway', { serviceName: 'apim-shared', resourceGroupName: 'rg-shared', skuName });

describe('StreamingApi', () => {
  it('creates the polling, long-polling and SSE operations by default', () => {
    const { tf } = streaming();
    const operations = Object.values(resourcesOf(tf, 'azurerm_api_management_api_operation'));
    expect(operations.map((o) => [o.operation_id, o.method, o.url_template]).sort()).toEqual([
      ['long-poll', 'GET', '/long-poll'], ['poll', 'GET', '/poll'], ['sse', 'GET', '/sse'],
    ]);
    expect(resourceOf(tf, 'azurerm_api_management_api')).toMatchObject({ protocols: ['https'], subscription_required: false });
  });

  it('declares the hold or heartbeat of each operation for the lessons check (EDGE-2, EDGE-5)', () => {
    const { api } = streaming();
    expect(api.operations.map((o) => RequestPath.declaredHold(o))).toEqual([
      { route: 'poll', kind: HoldKind.NONE, seconds: 0 },
      { route: 'long-poll', kind: HoldKind.HOLD, seconds: 25 },
      { route: 'sse', kind: HoldKind.HEARTBEAT, seconds: 15 },
    ]);
    const custom = streaming({ routes: [StreamingRoutes.longPolling('wait', '/wait', 50), StreamingRoutes.sse('feed', '/feed', 20)] }).api;
    expect(custom.operations.map((o) => RequestPath.declaredHold(o))).toEqual([
      { route: 'wait', kind: HoldKind.HOLD, seconds: 50 },
      { route: 'feed', kind: HoldKind.HEARTBEAT, seconds: 20 },
    ]);
  });

  it('exposes the API name as a reference to the API', () => {
    const { api } = streaming();
    expect(Token.isUnresolved(api.apiName)).toBe(true);
    expect(resourceOf(streaming().tf, 'azurerm_api_management_api')).toMatchObject({ name: 'realtime', path: 'realtime', service_url: 'https://app.example.net' });
  });

  it('builds routes as plain structs', () => {
    expect(StreamingRoutes.defaults()).toEqual([
      { kind: 'polling', name: 'poll', urlTemplate: '/poll' },
      { kind: 'long-polling', name: 'long-poll', urlTemplate: '/long-poll', holdSeconds: 25 },
      { kind: 'sse', name: 'sse', urlTemplate: '/sse', heartbeatSeconds: 15 },
    ]);
  });

  it('forwards without buffering at 240 s (EDGE-1, EDGE-3) and adds Retry-After (EDGE-6)', () => {
    const xml = resourceOf(streaming().tf, 'azurerm_api_management_api_policy').xml_content as string;
    expect(xml).toMatch(/<backend>\s*<forward-request timeout="240" buffer-response="false" \/>\s*<\/backend>/);
    expect(xml.match(/<set-header name="Retry-After" exists-action="skip">/g)).toHaveLength(2);
  });

  it('has no caching, validate-content or body logging in its policy (EDGE-4)', () => {
    const xml = resourceOf(streaming().tf, 'azurerm_api_management_api_policy').xml_content as string;
    for (const forbidden of ['cache-lookup', 'cache-store', 'validate-content', 'log-to-eventhub', 'trace']) {
      expect(xml).not.toContain(`<${forbidden}`);
    }
  });

  it('accepts only its Front Door', () => {
    const xml = resourceOf(streaming().tf, 'azurerm_api_management_api_policy').xml_content as string;
    expect(xml).toMatch(/<check-header name="X-Azure-FDID"[^>]*>\s*<value>fd-guid<\/value>/);
  });

  it('accepts any caller only when told so explicitly', () => {
    const xml = resourceOf(streaming({ frontDoorId: undefined, allowDirectCallers: true }).tf, 'azurerm_api_management_api_policy').xml_content as string;
    expect(xml).not.toContain('X-Azure-FDID');
  });

  it('fails when neither a Front Door id nor allowDirectCallers is given', () => {
    expect(() => streaming({ frontDoorId: undefined })).toThrow(
      /^\[ACCESS\] test\/streaming: frontDoorId = undefined: without it the API answers anyone .* Fix: pass frontDoorId: frontDoor\.frontDoorId, or allowDirectCallers: true/);
  });

  it('fails when a backend URL only looks like a Terraform reference', () => {
    expect(() => streaming({ backendUrl: '${http://evil.example}' })).toThrow(/^\[SEC-1\] test\/streaming: backendUrl = "\$\{http:\/\/evil\.example\}"/);
  });

  it('fails when the API path has a leading slash or a space', () => {
    expect(() => streaming({ path: '/real time' })).toThrow(/^\[AZURE\] test\/streaming: path = "\/real time": an API path is URL segments/);
  });

  it('fails when two routes share a URL template', () => {
    expect(() => streaming({ routes: [StreamingRoutes.polling('a', '/poll'), StreamingRoutes.polling('b', '/poll')] })).toThrow(/^\[AZURE\] test\/streaming: routes\.b\.urlTemplate = "\/poll": route a already answers GET on this URL template/);
  });

  it('fails when Retry-After is not a whole number of seconds (EDGE-6)', () => {
    expect(() => streaming({ retryAfterSeconds: 0 })).toThrow(/^\[EDGE-6\] test\/streaming: retryAfterSeconds = 0/);
  });

  it('tells SSE clients to reconnect with Last-Event-ID in the operation (EDGE-5)', () => {
    const sse = Object.values(resourcesOf(streaming().tf, 'azurerm_api_management_api_operation')).find((o) => o.operation_id === 'sse')!;
    expect(sse.display_name).toBe('Server-Sent Events /sse (heartbeat 15 s; reconnect with Last-Event-ID)');
  });

  it('uses the shorter forward-request timeout as its own layer', () => {
    const { api } = streaming({ forwardRequestTimeoutSeconds: 120 });
    expect(api.timeoutLayer).toEqual({ layer: 'API Management forward-request timeout', timeoutSeconds: 120, constructPath: 'test/streaming' });
  });

  it('fails when a long-poll hold reaches a 60 s Front Door timeout, naming that layer (EDGE-2)', () => {
    expect(() => streaming({
      pathLayers: [FRONT_DOOR_60],
      routes: [StreamingRoutes.longPolling('hold', '/hold', 90)],
    })).toThrow(/^\[EDGE-2\] test\/streaming: routes\.hold\.holdSeconds = 90: the shortest timeout on this route's path is 60 s, from Front Door origin response timeout \(60 s, set by test\/front-door\) and API Management forward-request timeout \(60 s, set by test\/streaming\); .* Fix: declare less than 60 s/);
  });

  it('fails when an SSE heartbeat reaches the forward-request timeout (EDGE-2)', () => {
    expect(() => streaming({
      forwardRequestTimeoutSeconds: 30,
      routes: [StreamingRoutes.sse('events', '/events', 30)],
    })).toThrow(/^\[EDGE-2\] test\/streaming: routes\.events\.heartbeatSeconds = 30: .*API Management forward-request timeout \(30 s, set by test\/streaming\)/);
  });

  it('follows the shortest timeout of the path by default', () => {
    const { api, tf } = streaming({ pathLayers: [FRONT_DOOR_60] });
    expect(api.timeoutLayer.timeoutSeconds).toBe(60);
    expect(resourceOf(tf, 'azurerm_api_management_api_policy').xml_content).toContain('<forward-request timeout="60" buffer-response="false" />');
  });

  it('fails when the forward-request timeout exceeds what the path allows (EDGE-1)', () => {
    expect(() => streaming({ pathLayers: [FRONT_DOOR_60], forwardRequestTimeoutSeconds: 120 })).toThrow(
      /^\[EDGE-1\] test\/streaming: forwardRequestTimeoutSeconds = 120: the path already closes requests at 60 s \(Front Door origin response timeout \(60 s, set by test\/front-door\)\)/);
  });

  it('fails when the forward-request timeout exceeds 240 s (EDGE-1)', () => {
    expect(() => streaming({ forwardRequestTimeoutSeconds: 300 })).toThrow(/^\[EDGE-1\] test\/streaming: forwardRequestTimeoutSeconds = 300/);
  });

  it('fails when the backend is plain HTTP', () => {
    expect(() => streaming({ backendUrl: 'http://app.example.net' })).toThrow(/^\[SEC-1\] test\/streaming: backendUrl = "http:\/\/app\.example\.net"/);
  });

  it('fails when two routes share a name', () => {
    expect(() => streaming({ routes: [StreamingRoutes.polling('poll', '/a'), StreamingRoutes.polling('poll', '/b')] })).toThrow(/^\[AZURE\] test\/streaming: routes = "poll": two routes share an operation id/);
  });

  it('fails when a URL template lacks its leading slash', () => {
    expect(() => streaming({ routes: [StreamingRoutes.polling('poll', 'poll')] })).toThrow(
      /^\[AZURE\] test\/streaming: routes\.poll\.urlTemplate = "poll": an operation URL template starts with a slash\. Fix: use "\/poll"\.$/);
  });

  it('fails when a hold time is not a whole number of seconds (EDGE-2)', () => {
    expect(() => streaming({ routes: [StreamingRoutes.longPolling('hold', '/hold', 2.5)] }))
      .toThrow(/^\[EDGE-2\] test\/streaming: routes\.hold\.holdSeconds = 2\.5/);
  });

  it.each<[string, StreamingRoute, string, RegExp]>([
    ['its kind is unknown', { kind: 'websocket' as StreamingRouteKind, name: 'r', urlTemplate: '/r' }, 'routes.r.kind', /= "websocket": this is not a streaming route kind\. Fix: use one of polling, long-polling, sse\.$/],
    ['a long poll has no hold time', { kind: StreamingRouteKind.LONG_POLLING, name: 'r', urlTemplate: '/r' }, 'routes.r.holdSeconds', /= undefined: a long-polling route declares its hold time/],
    ['an SSE route has no heartbeat', { kind: StreamingRouteKind.SSE, name: 'r', urlTemplate: '/r' }, 'routes.r.heartbeatSeconds', /= undefined: an? sse route declares its heartbeat interval/],
    ['a polling route has a hold time', { kind: StreamingRouteKind.POLLING, name: 'r', urlTemplate: '/r', holdSeconds: 10 }, 'routes.r.holdSeconds', /= 10: a polling route has no hold time/],
    ['an SSE route has a hold time', { kind: StreamingRouteKind.SSE, name: 'r', urlTemplate: '/r', heartbeatSeconds: 15, holdSeconds: 10 }, 'routes.r.holdSeconds', /= 10: /],
    ['a heartbeat is NaN', StreamingRoutes.sse('r', '/r', Number.NaN), 'routes.r.heartbeatSeconds', /= NaN: /],
  ])('fails when %s (EDGE-2)', (_title, route, setting, rest) => {
    const r = refusalOf(() => streaming({ routes: [route] }));
    expect(r).toMatchObject({ lesson: 'EDGE-2', path: 'test/streaming', setting });
    const prefix = `[EDGE-2] test/streaming: ${setting} = `;
    expect(r.message.slice(0, prefix.length)).toBe(prefix);
    expect(r.message).toMatch(rest);
  });

  it('fails when a route name is not an operation id Azure takes', () => {
    const r = refusalOf(() => streaming({ routes: [StreamingRoutes.polling('poll now', '/poll')] }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/streaming', setting: 'routes.poll now.name' });
    expect(r.message).toMatch(/^\[AZURE\] test\/streaming: routes\.poll now\.name = "poll now": Azure rejects/);
  });
});

describe('StreamingApi owns its name, path and API policy on the gateway', () => {
  it('fails when two APIs have one name', () => {
    const stack = testStack();
    const gw = gateway(stack);
    new StreamingApi(stack, 'first', { callerCheck: StreamingCallerCheck.anonymous(), gateway: gw, name: 'realtime', path: 'realtime-a', backendUrl: 'https://app.example.net', frontDoorId: 'fd-guid' });
    const r = refusalOf(() => new StreamingApi(stack, 'second', { callerCheck: StreamingCallerCheck.anonymous(), gateway: gw, name: 'realtime', path: 'realtime-b', backendUrl: 'https://app.example.net', frontDoorId: 'fd-guid' }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/second', setting: 'name' });
    expect(r.message).toMatch(/^\[AZURE\] test\/second: name = "realtime": test\/first already has an API named "realtime" on this gateway, and API Management keeps one: .* Fix: give each API its own name on the gateway\.$/);
  });

  it('fails when two APIs are on one path', () => {
    const stack = testStack();
    const gw = gateway(stack);
    new StreamingApi(stack, 'first', { callerCheck: StreamingCallerCheck.anonymous(), gateway: gw, name: 'realtime', path: 'live', backendUrl: 'https://app.example.net', frontDoorId: 'fd-guid' });
    const r = refusalOf(() => new StreamingApi(stack, 'second', { callerCheck: StreamingCallerCheck.anonymous(), gateway: gw, name: 'realtime-2', path: 'live', backendUrl: 'https://app.example.net', frontDoorId: 'fd-guid' }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/second', setting: 'path' });
    expect(r.message).toMatch(/^\[AZURE\] test\/second: path = "live": test\/first already has an API on the path \/live on this gateway, and API Management keeps one: .* Fix: give each API its own path/);
  });

  it('fails when an ApiRateLimitPolicy is put on the API of a StreamingApi', () => {
    const stack = testStack();
    const gw = gateway(stack);
    const api = new StreamingApi(stack, 'streaming', { callerCheck: StreamingCallerCheck.anonymous(), gateway: gw, name: 'realtime', path: 'realtime', backendUrl: 'https://app.example.net', frontDoorId: 'fd-guid' });
    const byName = refusalOf(() => new ApiRateLimitPolicy(stack, 'limits', { gateway: gw, apiName: 'realtime', rateLimit: { calls: 10, renewalPeriodSeconds: 60 } }));
    expect(byName).toMatchObject({ lesson: 'AZURE', path: 'test/limits', setting: 'apiName' });
    expect(byName.message).toMatch(/^\[AZURE\] test\/limits: apiName = "realtime": test\/streaming already has the API-scope policy of API "realtime" on this gateway, and API Management keeps one: .* Fix: put all statements of that API into one policy/);
    const byReference = refusalOf(() => new ApiRateLimitPolicy(stack, 'limits-2', { gateway: gw, apiName: api.apiName, rateLimit: { calls: 10, renewalPeriodSeconds: 60 } }));
    expect(byReference).toMatchObject({ lesson: 'AZURE', path: 'test/limits-2', setting: 'apiName' });
    expect(byReference.message).toMatch(/^\[AZURE\] test\/limits-2: apiName = "realtime": test\/streaming already has the API-scope policy of API "realtime" on this gateway/);
  });

  it('accepts the same API in two apps', () => {
    expect(() => streaming()).not.toThrow();
    expect(() => streaming()).not.toThrow();
  });
});

describe('WebSocketApi', () => {
  it('creates the API with AzAPI as a websocket API on the gateway, untagged (azurerm refuses an unknown service_url at plan)', () => {
    const stack = testStack();
    Aspects.of(stack).add(new TagsAspect({ environment: 'test' }));
    const tf = websocket({}, stack);
    expect(resourcesOf(tf, 'azurerm_api_management_api')).toEqual({});
    expect(resourceOf(tf, 'azapi_resource', 'ws/api')).toEqual({
      type: 'Microsoft.ApiManagement/service/apis@2024-05-01',
      name: 'realtime-ws',
      parent_id: expect.stringMatching(/^\$\{azurerm_api_management\.gateway_service_[0-9A-F]+\.id\}$/),
      body: {
        properties: {
          displayName: 'realtime-ws', path: 'ws', protocols: ['wss'], type: 'websocket', serviceUrl: 'wss://app.example.net/ws', subscriptionRequired: false,
        },
      },
    });
    // The gateway itself is tagged: the aspect ran.
    expect(resourceOf(tf, 'azurerm_api_management').tags).toEqual({ environment: 'test' });
  });

  it('passes display name and subscriptionRequired through', () => {
    const api = resourceOf(websocket({ displayName: 'Realtime (WebSocket)', subscriptionRequired: true }), 'azapi_resource', 'ws/api');
    expect(api.body).toEqual({ properties: expect.objectContaining({ displayName: 'Realtime (WebSocket)', subscriptionRequired: true }) });
  });

  it('puts the Front Door check on the onHandshake operation, not at API scope', () => {
    const tf = websocket();
    expect(resourcesOf(tf, 'azurerm_api_management_api_policy')).toEqual({});
    const policy = resourceOf(tf, 'azurerm_api_management_api_operation_policy');
    expect(policy).toMatchObject({ operation_id: 'onHandshake', resource_group_name: 'rg-test' });
    expect(policy.api_name).toMatch(/^\$\{azapi_resource\.ws_api_[0-9A-F]+\.name\}$/);
    expect(policy.api_management_name).toMatch(/^\$\{azurerm_api_management\.gateway_service_[0-9A-F]+\.name\}$/);
    expect(policy.xml_content).toMatch(/<check-header name="X-Azure-FDID"[^>]*>\s*<value>fd-guid<\/value>/);
  });

  it('exposes the API name as a reference to the API', () => {
    const stack = testStack();
    const api = new WebSocketApi(stack, 'ws', {
      callerCheck: StreamingCallerCheck.anonymous(), gateway: gateway(stack), name: 'realtime-ws', path: 'ws', backendUrl: 'wss://app.example.net/ws', heartbeatSeconds: 30, allowDirectCallers: true,
    });
    expect(Token.isUnresolved(api.apiName)).toBe(true);
    expect(api.handshakePolicy.toXml()).not.toContain('X-Azure-FDID');
  });

  it('creates the API on a gateway another team owns, by its resource id', () => {
    const stack = testStack();
    const gw = ApiGateway.fromExisting(stack, 'gateway', {
      serviceName: 'apim-shared', resourceGroupName: 'rg-shared', skuName: 'StandardV2_1',
      gatewayId: '/subscriptions/0/resourceGroups/rg-shared/providers/Microsoft.ApiManagement/service/apim-shared',
    });
    new WebSocketApi(stack, 'ws', { callerCheck: StreamingCallerCheck.anonymous(), gateway: gw, name: 'realtime-ws', path: 'ws', backendUrl: 'wss://app.example.net/ws', heartbeatSeconds: 30, frontDoorId: 'fd-guid' });
    const tf = synth(stack);
    expect(resourceOf(tf, 'azapi_resource').parent_id).toBe('/subscriptions/0/resourceGroups/rg-shared/providers/Microsoft.ApiManagement/service/apim-shared');
    expect(resourceOf(tf, 'azurerm_api_management_api_operation_policy')).toMatchObject({ api_management_name: 'apim-shared', resource_group_name: 'rg-shared' });
  });

  it('fails when the gateway is on the Consumption tier (ING-1)', () => {
    const stack = testStack();
    const r = refusalOf(() => new WebSocketApi(stack, 'ws', {
      callerCheck: StreamingCallerCheck.anonymous(), gateway: existing(stack, 'Consumption_0'), name: 'realtime-ws', path: 'ws', backendUrl: 'wss://app.example.net/ws', heartbeatSeconds: 30, frontDoorId: 'fd-guid',
    }));
    expect(r).toMatchObject({ lesson: 'ING-1', path: 'test/ws', setting: 'gateway.skuName' });
    expect(r.message).toMatch(/^\[ING-1\] test\/ws: gateway\.skuName = "Consumption_0": the Consumption tier has no WebSocket pass-through\. Fix: put the API on a v2 tier/);
  });

  it('fails when a WebSocket API takes the name or the path of another API', () => {
    const stack = testStack();
    const gw = gateway(stack);
    new HttpProxyApi(stack, 'proxy', { gateway: gw, name: 'realtime', path: 'realtime', backendUrl: 'https://app.example.net', frontDoorId: 'fd-guid' });
    const ws = (id: string, name: string, path: string) => new WebSocketApi(stack, id, {
      callerCheck: StreamingCallerCheck.anonymous(), gateway: gw, name, path, backendUrl: 'wss://app.example.net/ws', heartbeatSeconds: 30, frontDoorId: 'fd-guid',
    });
    const name = refusalOf(() => ws('ws', 'realtime', 'ws'));
    expect(name).toMatchObject({ lesson: 'AZURE', path: 'test/ws', setting: 'name' });
    expect(name.message).toMatch(/^\[AZURE\] test\/ws: name = "realtime": test\/proxy already has an API named "realtime" on this gateway/);
    const path = refusalOf(() => ws('ws-2', 'realtime-ws', 'realtime'));
    expect(path).toMatchObject({ lesson: 'AZURE', path: 'test/ws-2', setting: 'path' });
    expect(path.message).toMatch(/^\[AZURE\] test\/ws-2: path = "realtime": test\/proxy already has an API on the path \/realtime on this gateway/);
  });

  it('fails when the API name or path is invalid', () => {
    expect(refusalOf(() => websocket({ name: 'realtime ws' }))).toMatchObject({ lesson: 'AZURE', path: 'test/ws', setting: 'name' });
    expect(refusalOf(() => websocket({ path: '/ws' }))).toMatchObject({ lesson: 'AZURE', path: 'test/ws', setting: 'path' });
  });

  it('fails when neither a Front Door id nor allowDirectCallers is given', () => {
    expect(() => websocket({ frontDoorId: undefined })).toThrow(/^\[ACCESS\] test\/ws: frontDoorId = undefined/);
  });

  it('fails when the backend is not wss:// (ING-1)', () => {
    expect(() => websocket({ backendUrl: 'https://app.example.net/ws' })).toThrow(/^\[ING-1\] test\/ws: backendUrl = "https:\/\/app\.example\.net\/ws"/);
  });

  it('fails when the ping interval reaches the path ceiling (EDGE-2)', () => {
    expect(() => websocket({ heartbeatSeconds: 60, pathLayers: [FRONT_DOOR_60] })).toThrow(/^\[EDGE-2\] test\/ws: routes\.realtime-ws\.heartbeatSeconds = 60/);
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

describe('pathCeiling', () => {
  it('is the platform\'s 240 s without layers (EDGE-1)', () => {
    expect(pathCeiling([]).timeoutSeconds).toBe(240);
  });

  it('is the shortest layer, and names every layer at that value', () => {
    const layers = [FRONT_DOOR_60, { layer: 'B', timeoutSeconds: 60, constructPath: 'b' }, { layer: 'C', timeoutSeconds: 240, constructPath: 'c' }];
    expect(pathCeiling(layers)).toEqual({ timeoutSeconds: 60, setBy: layers.slice(0, 2) });
  });

  it('is the platform connection ceiling of 240 s without layers', () => {
    expect(pathCeiling([])).toEqual({
      timeoutSeconds: 240,
      setBy: [{ layer: 'Azure load balancer idle timeout', timeoutSeconds: 240, constructPath: '<platform>' }],
    });
  });
});

describe('streaming callers (ACCESS)', () => {
  const ISSUER = 'https://login.microsoftonline.com/11111111-2222-3333-4444-555555555555/v2.0';
  // The API's client id: a v2.0 issuer's tokens carry it in aud.
  const AUDIENCE = '3f2e1d0c-9b8a-4c7d-8e6f-5a4b3c2d1e0f';
  const props = { name: 'realtime', path: 'realtime', backendUrl: 'https://app.example.net', frontDoorId: 'fd-guid' };
  const wsProps = { name: 'realtime-ws', path: 'ws', backendUrl: 'wss://app.example.net/ws', heartbeatSeconds: 30, frontDoorId: 'fd-guid' };
  const policyXml = (tf: ReturnType<typeof synth>) => resourceOf(tf, 'azurerm_api_management_api_policy').xml_content as string;
  const hidden = (tf: ReturnType<typeof synth>) => (resourceOf(tf, 'azurerm_api_management_diagnostic').frontend_request as { data_masking?: unknown }).data_masking;

  it('fails when a production streaming API has no caller check (ACCESS)', () => {
    const stack = testStack();
    const r = refusalOf(() => new StreamingApi(stack, 'streaming', { gateway: gateway(stack), ...props }));
    expect(r).toMatchObject({ lesson: 'ACCESS', path: 'test/streaming', setting: 'callerCheck' });
    expect(r.message).toContain('proves the request came through Front Door, not who sent it');
  });

  it('fails when a production WebSocket API has no caller check (ACCESS)', () => {
    const stack = testStack();
    const r = refusalOf(() => new WebSocketApi(stack, 'ws', { gateway: gateway(stack), ...wsProps }));
    expect(r).toMatchObject({ lesson: 'ACCESS', path: 'test/ws', setting: 'callerCheck' });
  });

  it('warns when a development streaming API has no caller check, and when one is anonymous on purpose (ACCESS)', () => {
    const dev = testStack();
    Production.mark(dev, false);
    new StreamingApi(dev, 'streaming', { gateway: gateway(dev), ...props });
    expect(warningsOf(dev).filter((w) => w.startsWith('[ACCESS] test/streaming: callerCheck = undefined'))).toHaveLength(1);
    const prod = testStack();
    new StreamingApi(prod, 'streaming', { gateway: gateway(prod), ...props, callerCheck: StreamingCallerCheck.anonymous() });
    expect(warningsOf(prod).filter((w) => w.startsWith('[ACCESS] test/streaming: callerCheck = "anonymous"'))).toHaveLength(1);
    expect(resourceOf(synth(prod), 'azurerm_api_management_api')).toMatchObject({ subscription_required: false });
    // Chosen on purpose, so a warning: ACCESS.ApiCallerCheck reports the construct's warning instead of its error.
    expect(errorsOf(prod)).toEqual([]);
  });

  it('requires a subscription key for server-side clients and hides a key sent in the URL in the gateway logs', () => {
    const stack = testStack();
    new StreamingApi(stack, 'streaming', { gateway: gateway(stack), ...props, callerCheck: StreamingCallerCheck.subscriptionKey() });
    const tf = synth(stack);
    expect(resourceOf(tf, 'azurerm_api_management_api')).toMatchObject({ subscription_required: true });
    expect(hidden(tf)).toEqual({ query_params: [{ mode: 'Hide', value: 'subscription-key' }] });
    expect(warningsOf(stack).filter((w) => w.startsWith('[ACCESS]'))).toEqual([]);
  });

  it('takes subscriptionRequired: true alone as a subscription key check', () => {
    const stack = testStack();
    new StreamingApi(stack, 'streaming', { gateway: gateway(stack), ...props, subscriptionRequired: true });
    expect(resourceOf(synth(stack), 'azurerm_api_management_api')).toMatchObject({ subscription_required: true });
  });

  it('fails when subscriptionRequired contradicts the caller check (ACCESS)', () => {
    const a = testStack();
    expect(refusalOf(() => new StreamingApi(a, 'streaming', {
      gateway: gateway(a), ...props, callerCheck: StreamingCallerCheck.anonymous(), subscriptionRequired: true,
    }))).toMatchObject({ lesson: 'ACCESS', setting: 'subscriptionRequired' });
    const b = testStack();
    expect(refusalOf(() => new StreamingApi(b, 'streaming', {
      gateway: gateway(b), ...props, callerCheck: StreamingCallerCheck.subscriptionKey(), subscriptionRequired: false,
    }))).toMatchObject({ lesson: 'ACCESS', setting: 'subscriptionRequired' });
  });

  it('validates a browser token from the query parameter (or the header), strips it before the backend and hides it in the logs', () => {
    const stack = testStack();
    new StreamingApi(stack, 'streaming', { gateway: gateway(stack), ...props, callerCheck: StreamingCallerCheck.token({ issuer: ISSUER, audience: AUDIENCE }) });
    const tf = synth(stack);
    const xml = policyXml(tf);
    expect(resourceOf(tf, 'azurerm_api_management_api')).toMatchObject({ subscription_required: false });
    expect(xml).toContain('<validate-jwt token-value="@{ string auth = context.Request.Headers.GetValueOrDefault(&quot;Authorization&quot;, &quot;&quot;); '
      + 'return auth.StartsWith(&quot;Bearer &quot;) ? auth.Substring(7) : context.Request.Url.Query.GetValueOrDefault(&quot;access_token&quot;, &quot;&quot;); }" '
      + 'failed-validation-httpcode="401"');
    expect(xml).toContain(`<openid-config url="${ISSUER}/.well-known/openid-configuration" />`);
    expect(xml).toMatch(/<audiences>\s*<audience>3f2e1d0c-9b8a-4c7d-8e6f-5a4b3c2d1e0f<\/audience>\s*<\/audiences>\s*<issuers>\s*<issuer>https:\/\/login\.microsoftonline\.com\/11111111-2222-3333-4444-555555555555\/v2\.0<\/issuer>/);
    expect(xml).toContain('<set-query-parameter name="access_token" exists-action="delete" />');
    // The check comes after the Front Door check and before the backend.
    expect(xml.indexOf('X-Azure-FDID')).toBeLessThan(xml.indexOf('<validate-jwt'));
    expect(xml.indexOf('<set-query-parameter')).toBeLessThan(xml.indexOf('<backend>'));
    expect(hidden(tf)).toEqual({ query_params: [{ mode: 'Hide', value: 'access_token' }] });
  });

  it('checks a WebSocket handshake token from the query parameter named by the caller check, on onHandshake', () => {
    const stack = testStack();
    new WebSocketApi(stack, 'ws', { gateway: gateway(stack), ...wsProps, callerCheck: StreamingCallerCheck.entraToken('tenant-guid', AUDIENCE, 'token') });
    const tf = synth(stack);
    const xml = resourceOf(tf, 'azurerm_api_management_api_operation_policy').xml_content as string;
    expect(xml).toContain('context.Request.Url.Query.GetValueOrDefault(&quot;token&quot;, &quot;&quot;)');
    expect(xml).toContain('<issuer>https://login.microsoftonline.com/tenant-guid/v2.0</issuer>');
    expect(xml).toContain('<set-query-parameter name="token" exists-action="delete" />');
    expect(hidden(tf)).toEqual({ query_params: [{ mode: 'Hide', value: 'token' }] });
    expect(resourceOf(tf, 'azapi_resource', 'ws/api').body).toEqual({ properties: expect.objectContaining({ subscriptionRequired: false }) });
  });

  it('hides each query parameter once when two APIs use it', () => {
    const stack = testStack();
    const gw = gateway(stack);
    const check = StreamingCallerCheck.token({ issuer: ISSUER, audience: AUDIENCE });
    new StreamingApi(stack, 'streaming', { gateway: gw, ...props, callerCheck: check });
    new WebSocketApi(stack, 'ws', { gateway: gw, ...wsProps, callerCheck: check });
    expect(hidden(synth(stack))).toEqual({ query_params: [{ mode: 'Hide', value: 'access_token' }] });
  });

  it('fails when the token issuer is not https or the query parameter is not a plain name (ACCESS)', () => {
    const a = testStack();
    expect(refusalOf(() => new StreamingApi(a, 'streaming', {
      gateway: gateway(a), ...props, callerCheck: StreamingCallerCheck.token({ issuer: 'http://issuer.example.com', audience: AUDIENCE }),
    }))).toMatchObject({ lesson: 'ACCESS', path: 'test/streaming', setting: 'callerCheck.issuer' });
    const b = testStack();
    expect(refusalOf(() => new StreamingApi(b, 'streaming', {
      gateway: gateway(b), ...props, callerCheck: StreamingCallerCheck.token({ issuer: ISSUER, audience: AUDIENCE, queryParameter: 'a")+x' }),
    }))).toMatchObject({ lesson: 'ACCESS', setting: 'callerCheck.queryParameter' });
    const c = testStack();
    expect(refusalOf(() => new StreamingApi(c, 'streaming', {
      gateway: gateway(c), ...props, callerCheck: StreamingCallerCheck.token({ issuer: ISSUER, audience: ' ' }),
    }))).toMatchObject({ lesson: 'ACCESS', setting: 'callerCheck.audience' });
  });

  it('fails when an Entra token check names the common tenant, an audience equal to the tenant id, or an App ID URI with the v2.0 issuer (issue 28)', () => {
    const refusal = (check: StreamingCallerCheck) => {
      const s = testStack();
      return refusalOf(() => new StreamingApi(s, 'streaming', { gateway: gateway(s), ...props, callerCheck: check }));
    };
    expect(refusal(StreamingCallerCheck.entraToken('common', AUDIENCE)).message).toMatch(
      /^\[ACCESS\] test\/streaming: callerCheck\.issuer = "common": common is no tenant: Entra ID issues every token from the user's own tenant/);
    for (const tenant of ['organizations', 'consumers']) expect(refusal(StreamingCallerCheck.entraToken(tenant, AUDIENCE)).setting).toBe('callerCheck.issuer');
    expect(refusal(StreamingCallerCheck.entraToken('11111111-2222-3333-4444-555555555555', '11111111-2222-3333-4444-555555555555')).message).toMatch(
      /^\[ACCESS\] test\/streaming: callerCheck\.audience = "11111111-2222-3333-4444-555555555555": the audience is the tenant id/);
    expect(refusal(StreamingCallerCheck.entraToken('11111111-2222-3333-4444-555555555555', 'api://realtime-clients')).message).toBe(
      '[ACCESS] test/streaming: callerCheck.audience = "api://realtime-clients": a v2.0 issuer\'s tokens always carry the API\'s client id in aud, never its App ID URI, so every token is refused. '
      + 'Fix: give the application (client) id (a GUID); an App ID URI matches only v1.0 tokens (issuer https://sts.windows.net/<tenant>/).');
    // A v1.0 issuer may name the App ID URI; another OpenID issuer is not Entra's to judge.
    for (const check of [
      StreamingCallerCheck.token({ issuer: 'https://sts.windows.net/11111111-2222-3333-4444-555555555555/', audience: 'api://realtime-clients' }),
      StreamingCallerCheck.token({ issuer: 'https://issuer.example.com', audience: 'realtime-clients' }),
    ]) {
      const s = testStack();
      new StreamingApi(s, 'streaming', { gateway: gateway(s), ...props, callerCheck: check });
      expect(() => synth(s)).not.toThrow();
    }
  });

  it('warns when the token path is on a gateway another team owns, whose logs this stack cannot mask (ACCESS)', () => {
    const stack = testStack();
    new StreamingApi(stack, 'streaming', { gateway: existing(stack, 'StandardV2_1'), ...props, callerCheck: StreamingCallerCheck.token({ issuer: ISSUER, audience: AUDIENCE }) });
    expect(warningsOf(stack).filter((w) => w.startsWith('[ACCESS] test/streaming: gateway = "apim-shared"'))).toHaveLength(1);
  });
});

describe('WebSocketApi and its backend app, settings that must agree (ING-1.WebSocketBackendTransport)', () => {
  /** A WebSocket API in front of a dual-ingress app, its backend on the app's FQDN of `which` ingress. */
  function wsInFrontOf(which: 'httpFqdn' | 'grpcFqdn') {
    const stack = new AzureStack(Testing.app(), { stackName: 'rt', environmentName: 'dev', production: false });
    const app = new DualIngressContainerApp(stack, 'app', { name: 'ca-demo', environment: ENVIRONMENT, image: 'mcr.microsoft.com/dotnet/samples:aspnetapp' });
    new WebSocketApi(stack, 'ws', { gateway: gateway(stack), name: 'realtime-ws', path: 'ws', backendUrl: `wss://${app[which]}/ws`, heartbeatSeconds: 30, allowDirectCallers: true });
    Testing.synth(stack);
    return errorsOf(stack).filter((e) => e.startsWith('[ING-1.WebSocketBackendTransport]'));
  }

  it('fails when the WebSocket API forwards to the http2 (gRPC) app, naming the API\'s serviceUrl and the app\'s ingress.transport', () => {
    expect(wsInFrontOf('grpcFqdn')).toEqual([
      expect.stringMatching(/^\[ING-1\.WebSocketBackendTransport\] rt-dev\/ws\/api: body\.properties\.serviceUrl = "wss:\/\/\$\{azurerm_container_app\.app_grpc-app_[0-9A-F]+\.ingress\[0\]\.fqdn\}\/ws": it points at rt-dev\/app\/grpc-app, whose ingress\.transport = "http2": the WebSocket handshake is an HTTP\/1\.1 Upgrade, .* Fix: point the API at the HTTP\/1\.1 app \(transport auto: wss:\/\/<httpFqdn>\/<path>, DualIngressContainerApp\.httpFqdn\) and keep the http2 app for gRPC\.$/),
    ]);
  });

  it('accepts the WebSocket API on the auto (HTTP/1.1) app', () => {
    expect(wsInFrontOf('httpFqdn')).toEqual([]);
  });
});

describe('StreamingApi and its backend app in production (ING-1.StreamingBackendTransport)', () => {
  function sseInFrontOf(which: 'httpFqdn' | 'grpcFqdn', production: boolean) {
    const stack = new AzureStack(Testing.app(), { stackName: 'rt', environmentName: production ? 'prod' : 'dev', production });
    const app = new DualIngressContainerApp(stack, 'app', { name: 'ca-demo', environment: ENVIRONMENT, image: 'contoso.azurecr.io/demo/api:1.0.0' });
    new StreamingApi(stack, 'sse', {
      gateway: gateway(stack), name: 'realtime', path: 'realtime', backendUrl: `https://${app[which]}`, allowDirectCallers: true,
      callerCheck: StreamingCallerCheck.subscriptionKey(), routes: [StreamingRoutes.sse('events', '/events', 20)],
    });
    Testing.synth(stack);
    return { errors: errorsOf(stack).filter((e) => e.startsWith('[ING-1.StreamingBackendTransport]')), warnings: warningsOf(stack).filter((w) => w.startsWith('[ING-4.GrpcBehindBrowserRoute]')) };
  }

  it('fails in production when an SSE StreamingApi forwards to the http2 (gRPC) app, as the WebSocket case does', () => {
    expect(sseInFrontOf('grpcFqdn', true).errors).toEqual([
      expect.stringMatching(/^\[ING-1\.StreamingBackendTransport\] rt-prod\/sse\/api: service_url = "https:\/\/\$\{azurerm_container_app\.app_grpc-app_[0-9A-F]+\.ingress\[0\]\.fqdn\}": this API streams \(it forwards unbuffered\) to rt-prod\/app\/grpc-app, whose ingress\.transport = "http2"/),
    ]);
  });

  it('warns outside production (ING-4), and accepts the auto (HTTP/1.1) app', () => {
    expect(sseInFrontOf('grpcFqdn', false)).toEqual({ errors: [], warnings: [expect.stringContaining('whose ingress is http2 (gRPC)')] });
    expect(sseInFrontOf('httpFqdn', true).errors).toEqual([]);
  });
});

describe('EDGE-5.StreamingRouteHeartbeat on cdk.tf.json (azure-lessons, without the construct tree)', () => {
  it('reads the heartbeat an SSE route declares from the resource\'s "//" comment, and still warns on a raw operation that declares none', async () => {
    const stack = testStack();
    const gw = gateway(stack);
    new StreamingApi(stack, 'streaming', {
      callerCheck: StreamingCallerCheck.anonymous(), gateway: gw, name: 'realtime', path: 'realtime', backendUrl: 'https://app.example.net', frontDoorId: 'fd-guid',
      routes: [StreamingRoutes.sse('events', '/events', 20)],
    });
    const tfJson = stack.toTerraform() as { resource: Record<string, Record<string, { '//'?: { lessons?: unknown } }>> };
    const operations = Object.values(tfJson.resource.azurerm_api_management_api_operation);
    expect(operations.map((o) => o['//']?.lessons)).toEqual([{ heldInterval: { route: 'events', kind: 'heartbeatSeconds', seconds: 20 } }]);
    const report = await lessonsOn({ 'cdk.tf.json': JSON.stringify(tfJson) });
    expect(report.results.filter((r) => r.ruleId === 'EDGE-5.StreamingRouteHeartbeat' && r.status !== ReportStatus.NOT_APPLICABLE).map((r) => r.status)).toEqual([ReportStatus.COMPLIANT]);
    // The same operation written without the declaration (plain Terraform) warns.
    for (const o of operations) delete o['//'];
    const bare = await lessonsOn({ 'cdk.tf.json': JSON.stringify(tfJson) });
    expect(failuresOf(bare, 'EDGE-5.StreamingRouteHeartbeat')).toHaveLength(1);
  });
});
