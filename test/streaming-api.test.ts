import { describe, expect, it } from 'vitest';
import { StreamingApi, StreamingApiProps } from '../constructs/api-management/streaming-api';
import { WebSocketApi, WebSocketApiProps } from '../constructs/api-management/websocket-api';
import { TimeoutLayer, pathCeiling } from '../constructs/core/request-path';
import { gateway } from './support/fixtures';
import { resourceOf, resourcesOf, synth, testStack } from './support/synth';

const FRONT_DOOR_60: TimeoutLayer = { layer: 'Front Door origin response timeout', timeoutSeconds: 60, constructPath: 'test/front-door' };

function streaming(props: Partial<StreamingApiProps> = {}) {
  const stack = testStack();
  const api = new StreamingApi(stack, 'streaming', {
    gateway: gateway(stack), name: 'realtime', path: 'realtime', backendUrl: 'https://app.example.net', frontDoorId: 'fd-guid', ...props,
  });
  return { api, tf: synth(stack) };
}

function websocket(props: Partial<WebSocketApiProps> = {}) {
  const stack = testStack();
  new WebSocketApi(stack, 'ws', {
    gateway: gateway(stack), name: 'realtime-ws', path: 'ws', backendUrl: 'wss://app.example.net/ws', heartbeatSeconds: 30, frontDoorId: 'fd-guid', ...props,
  });
  return synth(stack);
}

describe('StreamingApi', () => {
  it('creates the polling, long-polling and SSE operations by default', () => {
    const { tf } = streaming();
    const operations = Object.values(resourcesOf(tf, 'azurerm_api_management_api_operation'));
    expect(operations.map((o) => [o.operation_id, o.method, o.url_template]).sort()).toEqual([
      ['long-poll', 'GET', '/long-poll'], ['poll', 'GET', '/poll'], ['sse', 'GET', '/sse'],
    ]);
    expect(resourceOf(tf, 'azurerm_api_management_api')).toMatchObject({ protocols: ['https'], subscription_required: false });
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
    expect(() => streaming({ routes: [
      { kind: 'polling', name: 'a', urlTemplate: '/poll' }, { kind: 'polling', name: 'b', urlTemplate: '/poll' },
    ] })).toThrow(/^\[AZURE\] test\/streaming: routes\.b\.urlTemplate = "\/poll": route a already answers GET on this URL template/);
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
      routes: [{ kind: 'long-polling', name: 'hold', urlTemplate: '/hold', holdSeconds: 90 }],
    })).toThrow(/^\[EDGE-2\] test\/streaming: routes\.hold\.holdSeconds = 90: the shortest timeout on this route's path is 60 s, from Front Door origin response timeout \(60 s, set by test\/front-door\) and API Management forward-request timeout \(60 s, set by test\/streaming\); .* Fix: declare less than 60 s/);
  });

  it('fails when an SSE heartbeat reaches the forward-request timeout (EDGE-2)', () => {
    expect(() => streaming({
      forwardRequestTimeoutSeconds: 30,
      routes: [{ kind: 'sse', name: 'events', urlTemplate: '/events', heartbeatSeconds: 30 }],
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
    expect(() => streaming({ routes: [
      { kind: 'polling', name: 'poll', urlTemplate: '/a' }, { kind: 'polling', name: 'poll', urlTemplate: '/b' },
    ] })).toThrow(/^\[AZURE\] test\/streaming: routes = "poll": two routes share an operation id/);
  });

  it('fails when a URL template lacks its leading slash', () => {
    expect(() => streaming({ routes: [{ kind: 'polling', name: 'poll', urlTemplate: 'poll' }] })).toThrow(/routes\.poll\.urlTemplate = "poll"/);
  });

  it('fails when a hold time is not a whole number of seconds (EDGE-2)', () => {
    expect(() => streaming({ routes: [{ kind: 'long-polling', name: 'hold', urlTemplate: '/hold', holdSeconds: 2.5 }] }))
      .toThrow(/^\[EDGE-2\] test\/streaming: routes\.hold\.holdSeconds = 2\.5/);
  });
});

describe('WebSocketApi', () => {
  it('puts the Front Door check on the onHandshake operation, not at API scope', () => {
    const tf = websocket();
    expect(resourceOf(tf, 'azurerm_api_management_api')).toMatchObject({ api_type: 'websocket', protocols: ['wss'], service_url: 'wss://app.example.net/ws' });
    expect(resourcesOf(tf, 'azurerm_api_management_api_policy')).toEqual({});
    const policy = resourceOf(tf, 'azurerm_api_management_api_operation_policy');
    expect(policy.operation_id).toBe('onHandshake');
    expect(policy.xml_content).toContain('<value>fd-guid</value>');
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

describe('pathCeiling', () => {
  it('is the platform\'s 240 s without layers (EDGE-1)', () => {
    expect(pathCeiling([]).timeoutSeconds).toBe(240);
  });

  it('is the shortest layer, and names every layer at that value', () => {
    const layers = [FRONT_DOOR_60, { layer: 'B', timeoutSeconds: 60, constructPath: 'b' }, { layer: 'C', timeoutSeconds: 240, constructPath: 'c' }];
    expect(pathCeiling(layers)).toEqual({ timeoutSeconds: 60, setBy: layers.slice(0, 2) });
  });
});
