import { TerraformResource, TerraformStack, Token } from 'cdktf';
import { Construct, IConstruct } from 'constructs';
import { ApiManagementApi } from '@cdktf/provider-azurerm/lib/api-management-api';
import { resolveIn } from '../core/claims';
import { LessonId } from '../core/lessons';
import { checkName } from '../core/naming';
import { PathDeclaration, PathNodeKind } from '../core/path-declarations';
import { knownPartsOf, startsKnown } from '../core/stack-variables';
import { TimeoutLayer } from '../core/request-path';
import { refuse } from '../core/validation';
import { PolicyStatement } from '../policy/policy-statement';
import { IApiGateway, claimOnGateway } from './gateway-reference';
import { API_MANAGEMENT_SERVICE } from './api-management-service';

/** Shared props of the APIs this library puts on a gateway. */
export interface GatewayApiProps {
  /** The gateway: an `ApiGateway`, or one another team owns (`ApiGateway.fromExisting`). */
  readonly gateway: IApiGateway;
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
   * Require an APIM subscription key. The streaming APIs take `callerCheck` instead (a key for
   * server-side clients, or a token browsers' `EventSource` and `WebSocket` can send in the
   * query); `true` alone is a subscription-key check there. `HttpProxyApi` defaults to on, since
   * a limit keyed on the subscription needs every caller to have one (GW-1).
   * @default - the caller check's for StreamingApi and WebSocketApi, true for HttpProxyApi
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

/**
 * Refuse a backend URL whose scheme is not the given one. A token is judged by what is known of
 * it at synth (`Fn.join('', ['http://', app.fqdn])` is an http URL); one that starts with a
 * reference passes.
 */
export function checkBackendUrl(
  scope: Construct, url: string, scheme: 'https' | 'wss', lesson: LessonId, problem: string, fix: string, setting = 'backendUrl',
): void {
  const known = knownPartsOf(scope, url);
  if (startsKnown(known) && !known.toLowerCase().startsWith(`${scheme}://`)) {
    refuse(scope, { lesson, setting, given: Token.isUnresolved(url) ? String(resolveIn(scope, url)) : url, problem, fix });
  }
}

/** The inbound statements that keep out callers other than the API's Front Door. */
export function frontDoorGuard(scope: Construct, props: GatewayApiProps): PolicyStatement[] {
  if (props.frontDoorId) return [PolicyStatement.onlyFromFrontDoor(props.frontDoorId)];
  if (props.allowDirectCallers) return [];
  return refuse(scope, {
    lesson: 'ACCESS', setting: 'frontDoorId', given: undefined,
    problem: 'without it the API answers anyone who finds the gateway host, bypassing Front Door\'s WAF and timeouts.',
    fix: 'pass frontDoorId: frontDoor.frontDoorId, or allowDirectCallers: true when another edge guards the gateway.',
  });
}

/** Check an API's name and path, and claim both on the gateway (one API per name and per path). */
export function checkAndClaimApi(scope: Construct, props: GatewayApiProps): void {
  checkName(scope, 'name', props.name, API_MANAGEMENT_SERVICE.names.api);
  if (!Token.isUnresolved(props.path) && !API_PATH.test(props.path)) {
    refuse(scope, {
      lesson: 'AZURE', setting: 'path', given: props.path,
      problem: 'an API path is URL segments without a leading slash or spaces.', fix: 'use e.g. "realtime" or "orders/v1".',
    });
  }
  claimOnGateway(scope, props.gateway, {
    kind: 'api', value: props.name, setting: 'name', description: `an API named ${JSON.stringify(props.name)}`,
    fix: 'give each API its own name on the gateway.',
  });
  claimOnGateway(scope, props.gateway, {
    kind: 'path', value: props.path, setting: 'path', description: `an API on the path /${props.path}`,
    fix: 'give each API its own path (or make them versions of one API with an API version set).',
  });
}

/** Claim the API-scope policy of `apiName` for `owner` (API Management keeps one policy per API). */
export function claimApiPolicy(owner: Construct, gateway: IApiGateway, apiName: string, setting = 'apiName'): void {
  const name = literalApiName(owner, apiName);
  const shown = Token.isUnresolved(name) ? String(resolveIn(owner, name)) : name;
  claimOnGateway(owner, gateway, {
    kind: 'api-policy', value: name, setting, description: `the API-scope policy of API ${JSON.stringify(shown)}`,
    fix: 'put all statements of that API into one policy: give the limits to the API construct (e.g. HttpProxyApi limits) instead of adding a second policy.',
  });
}

/** The `azurerm_api_management_api` of an HTTP API, with name and path checked and claimed. */
export function createGatewayApi(scope: Construct, props: GatewayApiProps, kind: { protocols: string[]; serviceUrl: string; subscriptionRequired: boolean }): ApiManagementApi {
  checkAndClaimApi(scope, props);
  return rememberApi(new ApiManagementApi(scope, 'api', {
    name: props.name,
    displayName: props.displayName ?? props.name,
    apiManagementName: props.gateway.serviceName,
    resourceGroupName: props.gateway.resourceGroupName,
    revision: '1',
    path: props.path,
    protocols: kind.protocols,
    serviceUrl: kind.serviceUrl,
    subscriptionRequired: kind.subscriptionRequired,
  }));
}

/**
 * The literal name behind `apiName` when it is a reference to an API resource of the same stack
 * (`api.name`), so a policy given the reference and one given the name claim the same scope.
 */
export function literalApiName(owner: Construct, apiName: string, known?: IConstruct): string {
  if (!Token.isUnresolved(apiName)) return apiName;
  const stack = TerraformStack.of(owner);
  const match = /^\$\{(azurerm_api_management_api|azapi_resource)\.([^.}]+)\.name\}$/.exec(String(resolveIn(owner, apiName)));
  if (!match) return apiName;
  // The API resource the caller holds, when it is the one referenced: no lookup.
  const resource = known instanceof TerraformResource && known.terraformResourceType === match[1] && known.friendlyUniqueId === match[2]
    ? known : stackResource(stack, match[1], match[2]);
  const name = (resource as { nameInput?: unknown } | undefined)?.nameInput;
  return typeof name === 'string' && !Token.isUnresolved(name) ? name : apiName;
}

/** Each stack's resources by type and logical id, as last indexed (see `stackResource`). */
const RESOURCES_BY_ADDRESS = new WeakMap<TerraformStack, Map<string, TerraformResource>>();

/**
 * The resource of `stack` with this type and logical id. From the stack's index when it still has
 * that type and id; otherwise (created elsewhere, or renamed, since) the stack is indexed again,
 * the first in tree order winning as a search would. A product of N APIs, or N APIs each claiming
 * its policy, search the stack at most once, not N times (issue 30: synth linear in the resources).
 */
function stackResource(stack: TerraformStack, type: string, logicalId: string): TerraformResource | undefined {
  const address = `${type}.${logicalId}`;
  const known = RESOURCES_BY_ADDRESS.get(stack)?.get(address);
  if (known && known.terraformResourceType === type && known.friendlyUniqueId === logicalId) return known;
  const index = new Map<string, TerraformResource>();
  for (const c of stack.node.findAll()) {
    if (c instanceof TerraformResource) indexResource(index, c);
  }
  RESOURCES_BY_ADDRESS.set(stack, index);
  return index.get(address);
}

function indexResource(index: Map<string, TerraformResource>, resource: TerraformResource): void {
  const key = `${resource.terraformResourceType}.${resource.friendlyUniqueId}`;
  if (!index.has(key)) index.set(key, resource);
}

/** Index an API as it is created, so its own policy claim finds it without searching the stack. */
function rememberApi(api: ApiManagementApi): ApiManagementApi {
  const index = RESOURCES_BY_ADDRESS.get(api.cdktfStack);
  if (index) indexResource(index, api);
  return api;
}

/** What an API tells the request-path picture, besides what its shared props say. */
export interface ApiPathOptions {
  /** What kind of API, after its path, e.g. `streaming`. */
  readonly title: string;
  /** Who may call it, besides the Front Door check, e.g. `subscription key`. */
  readonly callerCheck: string;
  /** The URL (usually a Terraform reference) or construct path it forwards to. @default - no backend hop */
  readonly backend?: string;
  /** @default 'HTTPS' */
  readonly backendProtocol?: string;
  /** Facts on the hop to the backend. @default - none */
  readonly backendLines?: string[];
  /** Timeout layers the gateway applies to what it forwards (a forward-request timeout). @default - none */
  readonly outboundTimeouts?: TimeoutLayer[];
  /** Further lines in the API's box. @default - none */
  readonly lines?: string[];
  /**
   * Who calls it when no Front Door is in front (`allowDirectCallers`), e.g. `client`; none for
   * an API whose callers declare their own hop (Event Grid, a consumer).
   * @default - none
   */
  readonly directCaller?: string;
}

/** Declare an API on the request path: its box inside the gateway's and the hop to its backend. */
export function declareApiPath(api: Construct, props: GatewayApiProps, options: ApiPathOptions): void {
  const checks = [...(props.frontDoorId ? ['X-Azure-FDID: its Front Door only'] : []), options.callerCheck];
  PathDeclaration.node(api, {
    kind: PathNodeKind.API, title: `/${props.path} (${options.title})`, name: props.name,
    group: props.gateway.node.path, urlPath: props.path, callerCheck: checks.join('; '),
    ...(options.lines ? { lines: options.lines } : {}),
    ...(options.outboundTimeouts ? { outboundTimeouts: options.outboundTimeouts } : {}),
  });
  if (!props.frontDoorId && options.directCaller !== undefined) {
    PathDeclaration.hop(api, { from: PathDeclaration.external(options.directCaller), to: api.node.path, protocol: 'HTTPS' });
  }
  if (options.backend !== undefined) {
    PathDeclaration.hop(api, {
      from: api.node.path, to: options.backend, protocol: options.backendProtocol ?? 'HTTPS', ...(options.backendLines ? { lines: options.backendLines } : {}),
    });
  }
}
