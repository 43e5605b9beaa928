import { Construct } from 'constructs';
import { ApiManagementApi } from '@cdktf/provider-azurerm/lib/api-management-api';
import { ApiManagementApiOperation } from '@cdktf/provider-azurerm/lib/api-management-api-operation';
import { ApiManagementApiPolicy } from '@cdktf/provider-azurerm/lib/api-management-api-policy';
import { CONNECTION_CEILING_SECONDS } from '../core/lessons';
import { checkName } from '../core/naming';
import {
  HeldInterval, HoldKind, ITimeoutLayer, RequestPath, TimeoutLayer, checkHeldInterval, describeLayers, pathCeiling,
} from '../core/request-path';
import { refuse, requireRange, within } from '../core/validation';
import { PolicyDocument } from '../policy/policy-document';
import { PolicyStatement } from '../policy/policy-statement';
import { GatewayApiProps, checkBackendUrl, claimApiPolicy, createGatewayApi, frontDoorGuard, declareApiPath } from './gateway-api';
import { StreamingCallerCheck, describeCallerCheck, resolveCallerCheck } from './streaming-callers';
import { StreamingRoute, StreamingRouteKind, StreamingRoutes } from './streaming-routes';
import { templateParameterBlocks } from './url-template';
import { API_MANAGEMENT_SERVICE } from './api-management-service';

export interface StreamingApiProps extends GatewayApiProps {
  /** HTTPS base URL of the backend, e.g. `https://${app.httpFqdn}`. */
  readonly backendUrl: string;
  /**
   * The operations.
   * @default StreamingRoutes.defaults(): `/poll`, `/long-poll` (25 s hold), `/sse` (15 s heartbeat)
   */
  readonly routes?: StreamingRoute[];
  /**
   * `forward-request` timeout, in seconds: at most 240 (EDGE-1) and no higher than the shortest
   * of `pathLayers`, which would close the request first.
   * @default - the shortest timeout of `pathLayers`, or 240 without them
   */
  readonly forwardRequestTimeoutSeconds?: number;
  /**
   * `Retry-After` added to 202, 429 and 503 answers that have none (EDGE-6).
   * @default 5
   */
  readonly retryAfterSeconds?: number;
  /**
   * Who may call (ACCESS): a subscription key for server-side clients, or a token (header, or
   * a query parameter for browsers' `EventSource`), or anonymous on purpose (warned).
   * @default - none: refused in production, a warning elsewhere (`subscriptionRequired: true` is a subscription key check)
   */
  readonly callerCheck?: StreamingCallerCheck;
}

/**
 * An HTTP API for polling, long polling and SSE whose backend section forwards without
 * buffering (EDGE-3) and within the connection ceiling (EDGE-1), that adds `Retry-After` to
 * 202/429/503 (EDGE-6), accepts only its Front Door, and whose routes' hold times and
 * heartbeats are checked against the shortest timeout on the path (EDGE-2), and that checks its
 * callers (a subscription key or a token: `callerCheck`, ACCESS). Its policy has no
 * caching, body logging or `validate-content`: the policy builder offers none of them (EDGE-4).
 */
export class StreamingApi extends Construct implements ITimeoutLayer {
  public readonly api: ApiManagementApi;
  /** The API's name on the gateway, for products (`GatewayProduct.addApi`). */
  public readonly apiName: string;
  public readonly policy: PolicyDocument;
  public readonly operations: ApiManagementApiOperation[];
  public readonly timeoutLayer: TimeoutLayer;

  constructor(scope: Construct, id: string, props: StreamingApiProps) {
    super(scope, id);
    const others = pathCeiling(props.pathLayers ?? []);
    const timeoutSeconds = props.forwardRequestTimeoutSeconds ?? others.timeoutSeconds;
    requireRange(this, timeoutSeconds, {
      min: 1, max: CONNECTION_CEILING_SECONDS, setting: 'forwardRequestTimeoutSeconds', lesson: 'EDGE-1',
      problem: `API Management accepts more, but Azure drops connections at ${CONNECTION_CEILING_SECONDS} s, so a longer timeout is never reached.`,
      fix: `use ${CONNECTION_CEILING_SECONDS} or less.`,
    });
    if (timeoutSeconds > others.timeoutSeconds) {
      const by = describeLayers(others.setBy);
      refuse(this, {
        lesson: 'EDGE-1', setting: 'forwardRequestTimeoutSeconds', given: timeoutSeconds,
        problem: `the path already closes requests at ${others.timeoutSeconds} s (${by}), so the gateway's timeout never fires and callers see that layer's error instead.`,
        fix: `use ${others.timeoutSeconds} s or less, or leave it unset to follow the path.`,
      });
    }
    const retryAfterSeconds = props.retryAfterSeconds ?? 5;
    requireRange(this, retryAfterSeconds, {
      min: 1, max: 3600, setting: 'retryAfterSeconds', lesson: 'EDGE-6',
      problem: 'Retry-After is a whole number of seconds.', fix: 'use a small interval such as 5.',
    });
    checkBackendUrl(this, props.backendUrl, 'https', 'SEC-1',
      'the gateway would call the backend in clear text.', 'use the https:// URL of the Container Apps ingress.');
    this.timeoutLayer = { layer: 'API Management forward-request timeout', timeoutSeconds, constructPath: this.node.path };
    const routes = props.routes ?? StreamingRoutes.defaults();
    checkRoutes(this, routes, [...(props.pathLayers ?? []), this.timeoutLayer]);

    const inbound = within(this, 'frontDoorId', () => frontDoorGuard(this, props));
    const gateway = props.gateway;
    const callers = resolveCallerCheck(this, gateway, props.callerCheck, props.subscriptionRequired, props.frontDoorId);
    inbound.push(...callers.inbound);
    this.api = createGatewayApi(this, props, {
      protocols: ['https'], serviceUrl: props.backendUrl, subscriptionRequired: callers.subscriptionRequired,
    });
    this.apiName = this.api.name;
    claimApiPolicy(this, gateway, props.name, 'name');
    declareApiPath(this, props, {
      title: 'polling, long polling, SSE', callerCheck: describeCallerCheck(props.callerCheck, props.subscriptionRequired),
      backend: props.backendUrl, backendProtocol: 'HTTPS, response unbuffered', outboundTimeouts: [this.timeoutLayer],
      lines: routes.map(shortRoute),
    });
    this.operations = routes.map((route) => {
      const operation = new ApiManagementApiOperation(this, `operation-${route.name}`, {
        operationId: route.name,
        apiName: this.api.name,
        apiManagementName: gateway.serviceName,
        resourceGroupName: gateway.resourceGroupName,
        displayName: describeRoute(route),
        method: 'GET',
        urlTemplate: route.urlTemplate,
        templateParameter: templateParameterBlocks(this, `routes.${route.name}`, route.urlTemplate, route.templateParameters),
      });
      RequestPath.declareHold(operation, heldInterval(route));
      return operation;
    });

    const retryAfter = within(this, 'retryAfterSeconds', () => PolicyStatement.retryAfterOnRetryableStatuses(retryAfterSeconds));
    this.policy = new PolicyDocument({
      inbound,
      streamingForwardRequest: { timeoutSeconds, bufferResponse: false },
      outbound: [retryAfter],
      onError: [retryAfter],
    });
    new ApiManagementApiPolicy(this, 'policy', {
      apiName: this.api.name,
      apiManagementName: gateway.serviceName,
      resourceGroupName: gateway.resourceGroupName,
      xmlContent: within(this, 'policy', () => this.policy.toXml()),
    });
  }
}

/** One line per route in the request-path picture. */
function shortRoute(route: StreamingRoute): string {
  switch (route.kind) {
    case StreamingRouteKind.LONG_POLLING: return `long poll ${route.urlTemplate}: hold ${route.holdSeconds} s`;
    case StreamingRouteKind.SSE: return `SSE ${route.urlTemplate}: heartbeat ${route.heartbeatSeconds} s`;
    default: return `poll ${route.urlTemplate}`;
  }
}

function describeRoute(route: StreamingRoute): string {
  switch (route.kind) {
    case StreamingRouteKind.LONG_POLLING: return `Long polling ${route.urlTemplate} (hold ${route.holdSeconds} s)`;
    case StreamingRouteKind.SSE: return `Server-Sent Events ${route.urlTemplate} (heartbeat ${route.heartbeatSeconds} s; reconnect with Last-Event-ID)`;
    default: return `Polling ${route.urlTemplate}`;
  }
}

function heldInterval(route: StreamingRoute): HeldInterval {
  switch (route.kind) {
    case StreamingRouteKind.LONG_POLLING: return { route: route.name, kind: HoldKind.HOLD, seconds: route.holdSeconds ?? Number.NaN };
    case StreamingRouteKind.SSE: return { route: route.name, kind: HoldKind.HEARTBEAT, seconds: route.heartbeatSeconds ?? Number.NaN };
    default: return { route: route.name, kind: HoldKind.NONE, seconds: 0 };
  }
}

function checkRoutes(scope: Construct, routes: readonly StreamingRoute[], layers: TimeoutLayer[]): void {
  const seen = new Set<string>();
  const templates = new Map<string, string>();
  for (const route of routes) {
    StreamingRoutes.check(scope, route);
    checkName(scope, `routes.${route.name}.name`, route.name, API_MANAGEMENT_SERVICE.names.api);
    if (seen.has(route.name)) {
      refuse(scope, {
        lesson: 'AZURE', setting: 'routes', given: route.name,
        problem: 'two routes share an operation id.', fix: 'give every route its own name.',
      });
    }
    seen.add(route.name);
    if (templates.has(route.urlTemplate)) {
      refuse(scope, {
        lesson: 'AZURE', setting: `routes.${route.name}.urlTemplate`, given: route.urlTemplate,
        problem: `route ${templates.get(route.urlTemplate)} already answers GET on this URL template.`, fix: 'give every route its own URL template.',
      });
    }
    templates.set(route.urlTemplate, route.name);
    if (!route.urlTemplate.startsWith('/')) {
      refuse(scope, {
        lesson: 'AZURE', setting: `routes.${route.name}.urlTemplate`, given: route.urlTemplate,
        problem: 'an operation URL template starts with a slash.', fix: `use "/${route.urlTemplate}".`,
      });
    }
    checkHeldInterval(scope, heldInterval(route), layers);
  }
}
