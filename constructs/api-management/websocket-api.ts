import { Construct } from 'constructs';
import { ApiManagementApiOperationPolicy } from '@cdktf/provider-azurerm/lib/api-management-api-operation-policy';
import { Resource } from '../../.gen/providers/azapi/resource';
import { HoldKind, checkHeldInterval } from '../core/request-path';
import { TagsAspect } from '../core/tags';
import { refuse, within } from '../core/validation';
import { PolicyDocument } from '../policy/policy-document';
import { ApiManagementSku } from './api-gateway';
import { GatewayApiProps, checkAndClaimApi, checkBackendUrl, frontDoorGuard, declareApiPath } from './gateway-api';
import { claimOnGateway } from './gateway-reference';
import { StreamingCallerCheck, describeCallerCheck, resolveCallerCheck } from './streaming-callers';

/** ARM type and API version of the WebSocket API (AzAPI: azurerm's CustomizeDiff refuses it at plan, see below). */
export const WEBSOCKET_API_TYPE = 'Microsoft.ApiManagement/service/apis@2024-05-01';

export interface WebSocketApiProps extends GatewayApiProps {
  /** `wss://` URL of the backend's WebSocket endpoint, e.g. `wss://${app.httpFqdn}/ws`. */
  readonly backendUrl: string;
  /**
   * Interval of the application's ping frames; must stay below the path ceiling (EDGE-2) so
   * idle connections are not cut between messages.
   */
  readonly heartbeatSeconds: number;
  /**
   * Who may connect (ACCESS), checked on the handshake: a subscription key for server-side
   * clients, or a token in a query parameter (browsers' `WebSocket` cannot set headers), or
   * anonymous on purpose (warned).
   * @default - none: refused in production, a warning elsewhere (`subscriptionRequired: true` is a subscription key check)
   */
  readonly callerCheck?: StreamingCallerCheck;
}

/**
 * A WebSocket pass-through API. WebSocket APIs take no API-scope policy, so the Front Door check
 * and the caller check (`callerCheck`, ACCESS) sit on the built-in `onHandshake` operation. The backend must be the HTTP/1.1 (`auto`) app:
 * the handshake is an HTTP/1.1 Upgrade (ING-1).
 *
 * The API is created through AzAPI (`Microsoft.ApiManagement/service/apis`, type `websocket`):
 * azurerm 4.55's `azurerm_api_management_api` refuses `api_type = websocket` at plan whenever
 * `service_url` is not known yet, which is the case on the first deploy and after the Container
 * App is replaced (its FQDN is computed), so the plan of a new environment would always fail.
 */
export class WebSocketApi extends Construct {
  /** The API (an `azapi_resource`). */
  public readonly api: Resource;
  /** The API's name on the gateway. */
  public readonly apiName: string;
  public readonly handshakePolicy: PolicyDocument;

  constructor(scope: Construct, id: string, props: WebSocketApiProps) {
    super(scope, id);
    checkBackendUrl(this, props.backendUrl, 'wss', 'ING-1',
      'a WebSocket API forwards to a wss:// endpoint (TLS ends at the Container Apps ingress).',
      'use wss://<fqdn of the HTTP/1.1 app>/<path>.');
    if (ApiManagementSku.isConsumption(props.gateway.skuName)) {
      refuse(this, {
        lesson: 'ING-1', setting: 'gateway.skuName', given: props.gateway.skuName,
        problem: 'the Consumption tier has no WebSocket pass-through.', fix: 'put the API on a v2 tier (BasicV2_1 and up).',
      });
    }
    // No forward-request timeout applies to an upgraded connection: the other layers set the ceiling.
    checkHeldInterval(this, { route: props.name, kind: HoldKind.HEARTBEAT, seconds: props.heartbeatSeconds }, props.pathLayers ?? []);
    const inbound = within(this, 'frontDoorId', () => frontDoorGuard(this, props));
    const gateway = props.gateway;
    const callers = resolveCallerCheck(this, gateway, props.callerCheck, props.subscriptionRequired, props.frontDoorId);
    inbound.push(...callers.inbound);
    checkAndClaimApi(this, props);
    this.api = new Resource(this, 'api', {
      type: WEBSOCKET_API_TYPE,
      name: props.name,
      parentId: gateway.gatewayId,
      body: {
        properties: {
          displayName: props.displayName ?? props.name,
          path: props.path,
          protocols: ['wss'],
          type: 'websocket',
          serviceUrl: props.backendUrl,
          subscriptionRequired: callers.subscriptionRequired,
        },
      },
    });
    declareApiPath(this, props, {
      title: 'WebSocket', callerCheck: `${describeCallerCheck(props.callerCheck, props.subscriptionRequired)} on the handshake`,
      backend: props.backendUrl, backendProtocol: 'WebSocket (wss)', lines: [`heartbeat ${props.heartbeatSeconds} s`],
    });
    // An API is a proxy resource without tags; azapi's schema validation refuses a `tags` argument.
    TagsAspect.exclude(this.api);
    this.apiName = this.api.name;
    claimOnGateway(this, gateway, {
      kind: 'operation-policy', value: `${props.name}/onHandshake`, setting: 'name',
      description: `the onHandshake policy of API ${JSON.stringify(props.name)}`, fix: 'keep one WebSocketApi per API.',
    });
    this.handshakePolicy = new PolicyDocument({ inbound });
    new ApiManagementApiOperationPolicy(this, 'handshake-policy', {
      apiName: this.api.name,
      apiManagementName: gateway.serviceName,
      resourceGroupName: gateway.resourceGroupName,
      operationId: 'onHandshake',
      xmlContent: within(this, 'policy', () => this.handshakePolicy.toXml()),
    });
  }
}
