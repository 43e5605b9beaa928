import { Construct } from 'constructs';
import { ApiManagementApi } from '@cdktf/provider-azurerm/lib/api-management-api';
import { ApiManagementApiOperationPolicy } from '@cdktf/provider-azurerm/lib/api-management-api-operation-policy';
import { checkHeldInterval } from '../core/request-path';
import { PolicyDocument } from '../policy/policy-document';
import { GatewayApiProps, checkBackendUrl, createGatewayApi, frontDoorGuard } from './gateway-api';

export interface WebSocketApiProps extends GatewayApiProps {
  /** `wss://` URL of the backend's WebSocket endpoint, e.g. `wss://${app.httpFqdn}/ws`. */
  readonly backendUrl: string;
  /**
   * Interval of the application's ping frames; must stay below the path ceiling (EDGE-2) so
   * idle connections are not cut between messages.
   */
  readonly heartbeatSeconds: number;
}

/**
 * A WebSocket pass-through API (v2 tiers). WebSocket APIs take no API-scope policy, so the
 * Front Door check sits on the built-in `onHandshake` operation. The backend must be the
 * HTTP/1.1 (`auto`) app: the handshake is an HTTP/1.1 Upgrade (ING-1).
 */
export class WebSocketApi extends Construct {
  public readonly api: ApiManagementApi;
  public readonly handshakePolicy: PolicyDocument;

  constructor(scope: Construct, id: string, props: WebSocketApiProps) {
    super(scope, id);
    checkBackendUrl(this, props.backendUrl, 'wss', 'ING-1',
      'a WebSocket API forwards to a wss:// endpoint (TLS ends at the Container Apps ingress).',
      'use wss://<fqdn of the HTTP/1.1 app>/<path>.');
    // No forward-request timeout applies to an upgraded connection: the other layers set the ceiling.
    checkHeldInterval(this, { route: props.name, setting: 'heartbeatSeconds', seconds: props.heartbeatSeconds }, props.pathLayers ?? []);
    const inbound = frontDoorGuard(this, props);
    const gateway = props.gateway;
    this.api = createGatewayApi(this, props, { apiType: 'websocket', protocols: ['wss'], serviceUrl: props.backendUrl });
    this.handshakePolicy = new PolicyDocument({ inbound });
    new ApiManagementApiOperationPolicy(this, 'handshake-policy', {
      apiName: this.api.name,
      apiManagementName: gateway.serviceName,
      resourceGroupName: gateway.resourceGroupName,
      operationId: 'onHandshake',
      xmlContent: this.handshakePolicy.toXml(),
    });
  }
}
