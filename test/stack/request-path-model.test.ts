import { Testing } from 'cdktf';
import { Construct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { ApiGateway } from '../../constructs/api-management/api-gateway';
import { StreamingApi } from '../../constructs/api-management/streaming-api';
import { StreamingCallerCheck } from '../../constructs/api-management/streaming-callers';
import { DualIngressContainerApp } from '../../constructs/container-apps/dual-ingress-container-app';
import { PathDeclaration, PathNodeKind } from '../../constructs/core/path-declarations';
import { FrontDoor } from '../../constructs/front-door/front-door';
import { EventGridTopic } from '../../constructs/event-grid/event-grid-topic';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { PathModel, RequestPathModel } from '../../constructs/stack/request-path-model';
import { renderRequestPath } from '../../tools/request-paths/render';
import { ENVIRONMENT, FRONT_DOOR_PROPS, GATEWAY_PROPS } from '../support/fixtures';

/** Front Door -> gateway -> streaming API -> the dual app, and the app publishing to a topic. */
function realtimeLike(callerCheck = StreamingCallerCheck.subscriptionKey(), frontDoorTimeout = 200): { stack: AzureStack; model: PathModel } {
  const stack = new AzureStack(Testing.app(), { stackName: 'paths', environmentName: 'dev', production: false });
  const gateway = new ApiGateway(stack, 'gateway', GATEWAY_PROPS);
  const frontDoor = new FrontDoor(stack, 'front-door', { ...FRONT_DOOR_PROPS, originHostName: gateway.gatewayHostName, responseTimeoutSeconds: frontDoorTimeout });
  const app = new DualIngressContainerApp(stack, 'app', { name: 'ca-paths', environment: ENVIRONMENT, image: 'mcr.microsoft.com/dotnet/samples:aspnetapp' });
  new StreamingApi(stack, 'streaming', {
    gateway, name: 'realtime', path: 'realtime', backendUrl: `https://${app.httpFqdn}`, frontDoorId: frontDoor.frontDoorId,
    pathLayers: [frontDoor.timeoutLayer, app.timeoutLayer], callerCheck,
  });
  const topic = new EventGridTopic(stack, 'events', { name: 'evgt-paths', resourceGroupName: 'rg-test', location: 'westeurope' });
  topic.grantPublish(app.identity, 'app');
  Testing.synth(stack);
  return { stack, model: RequestPathModel.of(stack) };
}

const hop = (model: PathModel, from: string, to: string) => model.hops.find((h) => h.from === from && h.to === to);
const node = (model: PathModel, id: string) => model.nodes.find((n) => n.id === id);

describe('RequestPathModel', () => {
  it('follows references from the constructs\' declarations to the boxes that hold the resources', () => {
    const { model } = realtimeLike();
    // Front Door's origin is the gateway's host name; the API's backend URL is the http app's FQDN.
    expect(hop(model, 'paths-dev/front-door', 'paths-dev/gateway')?.timeouts).toEqual([
      { layer: 'Front Door origin response timeout', timeoutSeconds: 200, constructPath: 'paths-dev/front-door' },
    ]);
    const forward = hop(model, 'paths-dev/streaming', 'paths-dev/app/http-app');
    expect(forward?.timeouts.map((t) => `${t.layer} ${t.timeoutSeconds}`)).toEqual([
      'API Management forward-request timeout 200', 'Container Apps ingress request timeout 240',
    ]);
    expect(hop(model, 'external:client', 'paths-dev/app/grpc-app')?.protocol).toBe('gRPC (h2)');
    expect(node(model, 'paths-dev/streaming')).toMatchObject({ kind: PathNodeKind.API, group: 'paths-dev/gateway', callerChecks: ['X-Azure-FDID: its Front Door only; subscription key'] });
    expect(node(model, 'paths-dev/app/http-app')?.group).toBe('paths-dev/app');
  });

  it('draws a grant as a hop from the principal\'s box to the resource\'s, naming the role', () => {
    const { model } = realtimeLike();
    expect(hop(model, 'paths-dev/app', 'paths-dev/events')).toMatchObject({
      protocol: 'CloudEvents over HTTPS (publish)', lines: ['Entra ID: EventGrid Data Sender'],
    });
  });

  it('marks the box of a construct the lessons check warns about', () => {
    const { model } = realtimeLike(StreamingCallerCheck.anonymous(), 240);
    expect(node(model, 'paths-dev/streaming')?.marks.map((m) => `${m.level} ${m.id}`)).toEqual(['warning ACCESS.ApiCallerCheck']);
    expect(node(model, 'paths-dev/front-door')?.marks).toEqual([]);
  });

  it('marks the box of the construct that holds a resource a rule warns about', () => {
    // EDGE-1: the profile's origin timeout below 240 s is a rule finding on a resource under the Front Door.
    const { model } = realtimeLike(StreamingCallerCheck.subscriptionKey(), 200);
    expect(node(model, 'paths-dev/front-door')?.marks.map((m) => m.id)).toEqual(['EDGE-1.FrontDoorTimeoutBelowCeiling']);
  });

  it('shows a warning mark in the picture', async () => {
    const svg = await renderRequestPath(realtimeLike(StreamingCallerCheck.anonymous(), 240).model);
    expect(svg).toContain('WARNING ACCESS.ApiCallerCheck');
    expect(await renderRequestPath(realtimeLike(StreamingCallerCheck.subscriptionKey(), 240).model)).not.toContain('WARNING');
  });

  it('puts a gateway\'s grant on the first hop to the resource from one of its APIs, and on no other', () => {
    const stack = new AzureStack(Testing.app(), { stackName: 'grants', environmentName: 'dev', production: false });
    const gateway = new Construct(stack, 'gateway');
    PathDeclaration.node(gateway, { kind: PathNodeKind.GATEWAY, title: 'gateway' });
    const store = new Construct(stack, 'store');
    PathDeclaration.node(store, { kind: PathNodeKind.MESSAGING, title: 'queue' });
    for (const name of ['orders', 'refunds']) {
      const api = new Construct(gateway, name);
      PathDeclaration.node(api, { kind: PathNodeKind.API, title: name, urlPath: name });
      PathDeclaration.hop(api, { from: api.node.path, to: store.node.path, protocol: 'HTTPS' });
    }
    PathDeclaration.grant(gateway, { principalId: gateway.node.path, resourceId: store.node.path, role: 'Storage Queue Data Message Sender' });
    const model = RequestPathModel.of(stack);
    expect(model.hops.map((h) => [h.from, h.to, h.lines])).toEqual([
      ['grants-dev/gateway/orders', 'grants-dev/store', ['Entra ID: Storage Queue Data Message Sender']],
      ['grants-dev/gateway/refunds', 'grants-dev/store', []],
    ]);
  });

  it('leaves out a hop whose end names nothing it knows, and gives an outside URL its host', () => {
    const stack = new AzureStack(Testing.app(), { stackName: 'ends', environmentName: 'dev', production: false });
    const gateway = new ApiGateway(stack, 'gateway', GATEWAY_PROPS);
    PathDeclaration.hop(gateway, { from: gateway.node.path, to: 'ends-dev/nothing-here', protocol: 'HTTPS' });
    PathDeclaration.hop(gateway, { from: gateway.node.path, to: 'https://api.example.com/v1', protocol: 'HTTPS' });
    const model = RequestPathModel.of(stack);
    expect(model.hops.map((h) => `${h.from} -> ${h.to}`)).toEqual(['ends-dev/gateway -> external:api.example.com']);
  });
});
