import { Token } from 'cdktf';
import { Construct } from 'constructs';
import { ApiManagementApi } from '@cdktf/provider-azurerm/lib/api-management-api';
import { LessonId } from '../core/lessons';
import { NAME_RULES, checkName } from '../core/naming';
import { TimeoutLayer } from '../core/request-path';
import { refuse } from '../core/validation';
import { onlyFromFrontDoor } from '../policy/fragments';
import { PolicyStatement } from '../policy/statements';
import { ApiGateway } from './api-gateway';

/** Shared props of the APIs this library puts on a gateway. */
export interface GatewayApiProps {
  readonly gateway: ApiGateway;
  /** API name (id) on the gateway. */
  readonly name: string;
  /** Path below the gateway host, e.g. `realtime`: letters, digits, `-`, `_`, `.` and `/` between segments. */
  readonly path: string;
  /** @default - the name */
  readonly displayName?: string;
  /**
   * Front Door profile id (`FrontDoor.frontDoorId`). Requests without this `X-Azure-FDID`
   * header are refused, so only that Front Door can call the API. Give it, or say
   * `allowDirectCallers: true`.
   * @default - none: then `allowDirectCallers` must be true
   */
  readonly frontDoorId?: string;
  /**
   * Accept callers that do not come through Front Door (tests, internal APIs behind another
   * edge). Without it, an API without `frontDoorId` is refused.
   * @default false
   */
  readonly allowDirectCallers?: boolean;
  /**
   * Require an APIM subscription key. Off by default because browsers' `EventSource` and
   * `WebSocket` cannot send headers; the Front Door check and the app's own auth gate access.
   * @default false
   */
  readonly subscriptionRequired?: boolean;
  /**
   * Timeout layers on the request path besides the gateway's own (Front Door, Container Apps
   * ingress). Hold times, heartbeats and the forward-request timeout are checked against the
   * shortest of them (EDGE-1, EDGE-2).
   * @default - none: the platform's 240 s ceiling
   */
  readonly pathLayers?: TimeoutLayer[];
}

const API_PATH = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Refuse a backend URL whose scheme is not the given one (a whole Terraform reference passes). */
export function checkBackendUrl(
  scope: Construct, url: string, scheme: 'https' | 'wss', lesson: LessonId, problem: string, fix: string, setting = 'backendUrl',
): void {
  const wholeReference = Token.isUnresolved(url) && url.startsWith('${TfToken[');
  if (!url.startsWith(`${scheme}://`) && !wholeReference) {
    refuse(scope, { lesson, setting, given: url, problem, fix });
  }
}

/** The inbound statements that keep out callers other than the API's Front Door. */
export function frontDoorGuard(scope: Construct, props: GatewayApiProps): PolicyStatement[] {
  if (props.frontDoorId) return [onlyFromFrontDoor(props.frontDoorId)];
  if (props.allowDirectCallers) return [];
  return refuse(scope, {
    lesson: 'ACCESS', setting: 'frontDoorId', given: undefined,
    problem: 'without it the API answers anyone who finds the gateway host, bypassing Front Door\'s WAF and timeouts.',
    fix: 'pass frontDoorId: frontDoor.frontDoorId, or allowDirectCallers: true when another edge guards the gateway.',
  });
}

/** The `azurerm_api_management_api` both API constructs create, with name and path checked. */
export function createGatewayApi(
  scope: Construct,
  props: GatewayApiProps,
  kind: { apiType?: 'websocket'; protocols: string[]; serviceUrl: string },
): ApiManagementApi {
  checkName(scope, 'name', props.name, NAME_RULES.apiManagementApi);
  if (!Token.isUnresolved(props.path) && !API_PATH.test(props.path)) {
    refuse(scope, {
      lesson: 'AZURE', setting: 'path', given: props.path,
      problem: 'an API path is URL segments without a leading slash or spaces.', fix: 'use e.g. "realtime" or "orders/v1".',
    });
  }
  return new ApiManagementApi(scope, 'api', {
    name: props.name,
    displayName: props.displayName ?? props.name,
    apiManagementName: props.gateway.serviceName,
    resourceGroupName: props.gateway.resourceGroupName,
    revision: '1',
    path: props.path,
    ...(kind.apiType ? { apiType: kind.apiType } : {}),
    protocols: kind.protocols,
    serviceUrl: kind.serviceUrl,
    subscriptionRequired: props.subscriptionRequired ?? false,
  });
}
