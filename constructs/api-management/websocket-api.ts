import { Construct } from 'constructs';
import { ApiManagementApi } from '@cdktf/provider-azurerm/lib/api-management-api';
import { ApiManagementApiOperationPolicy } from '@cdktf/provider-azurerm/lib/api-management-api-operation-policy';
import { NAME_RULES, checkName } from '../core/naming';
import { checkHeldInterval } from '../core/request-path';
import { refuse } from '../core/validation';
import { onlyFromFrontDoor } from '../policy/fragments';
import { PolicyDocument } from '../policy/policy-document';
import { GatewayApiProps } from './streaming-api';

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
    checkName(this, 'name', props.name, NAME_RULES.apiManagementApi);
    if (!props.backendUrl.startsWith('wss://') && !props.backendUrl.startsWith('${')) {
      refuse(this, {
        lesson: 'ING-1', setting: 'backendUrl', given: props.backendUrl,
        problem: 'a WebSocket API forwards to a wss:// endpoint (TLS ends at the Container Apps ingress).',
        fix: 'use wss://<fqdn of the HTTP/1.1 app>/<path>.',
      });
    }
    // No forward-request timeout applies to an upgraded connection: the other layers set the ceiling.
    checkHeldInterval(this, { route: props.name, setting: 'heartbeatSeconds', seconds: props.heartbeatSeconds }, props.pathLayers ?? []);
    const gateway = props.gateway;
    this.api = new ApiManagementApi(this, 'api', {
      name: props.name,
      displayName: props.displayName ?? props.name,
      apiManagementName: gateway.serviceName,
      resourceGroupName: gateway.resourceGroupName,
      revision: '1',
      apiType: 'websocket',
      path: props.path,
      protocols: ['wss'],
      serviceUrl: props.backendUrl,
      subscriptionRequired: props.subscriptionRequired ?? false,
    });
    this.handshakePolicy = new PolicyDocument({
      inbound: props.frontDoorId ? [onlyFromFrontDoor(props.frontDoorId)] : [],
    });
    new ApiManagementApiOperationPolicy(this, 'handshake-policy', {
      apiName: this.api.name,
      apiManagementName: gateway.serviceName,
      resourceGroupName: gateway.resourceGroupName,
      operationId: 'onHandshake',
      xmlContent: this.handshakePolicy.toXml(),
    });
  }
}
