import { Construct } from 'constructs';
import { ApiManagementApi } from '@cdktf/provider-azurerm/lib/api-management-api';
import { ApiManagementApiOperation } from '@cdktf/provider-azurerm/lib/api-management-api-operation';
import { ApiManagementApiVersionSet } from '@cdktf/provider-azurerm/lib/api-management-api-version-set';
import { CONNECTION_CEILING_SECONDS } from '../core/lessons';
import { checkName } from '../core/naming';
import { TimeoutLayer, describeLayers, pathCeiling } from '../core/request-path';
import { IFunctionAppBackend } from '../functions/function-app-backend';
import { refuse, within } from '../core/validation';
import { PolicyStatement } from '../policy/policy-statement';
import { ApiLimits, ApiRateLimitPolicy } from './api-rate-limit-policy';
import { GatewayApiProps, checkAndClaimApi, frontDoorGuard, declareApiPath } from './gateway-api';
import { CircuitBreakerOptions, GatewayBackend } from './gateway-backend';
import { HttpMethod } from './http-proxy-api';
import { TemplateParameter, templateParameterBlocks } from './url-template';
import { API_MANAGEMENT_SERVICE } from './api-management-service';

/** One operation of a `FunctionApi`: a route of the function app. */
export interface FunctionOperation {
  /** Operation id, e.g. `get-order`. */
  readonly name: string;
  readonly method: HttpMethod;
  /** Route below the API (and below the app's `/api` prefix), e.g. `/orders/{id}`. */
  readonly urlTemplate: string;
  /**
   * The parameters of the URL template (`{id}` in `/orders/{id}`), each declared once: azurerm refuses
   * an operation whose template uses a parameter it does not declare (refused here at synth).
   * @default - none (a template without parameters)
   */
  readonly templateParameters?: TemplateParameter[];
  /** @default - method and template */
  readonly displayName?: string;
}

export interface FunctionApiProps extends GatewayApiProps {
  /** The function app behind the API. */
  readonly functionApp: IFunctionAppBackend;
  /** The operations; routes under `admin/` or `runtime/webhooks` are refused (SEC-3). */
  readonly operations: FunctionOperation[];
  /** Version in the path (`/<path>/<version>/...`): path versioning with an API version set. @default 'v1' */
  readonly version?: string;
  /** Gateway limits per subscription (GW-1, GW-6). @default - 100 calls per 60 s per subscription */
  readonly limits?: ApiLimits;
  /** The backend's circuit breaker (GW-7). @default - 5 failures (5xx) in 60 s open it for 60 s, Retry-After honoured */
  readonly circuitBreaker?: CircuitBreakerOptions;
  /** `Retry-After` added to 202, 429 and 503 answers without one (EDGE-6). @default 5 */
  readonly retryAfterSeconds?: number;
}

/** Function routes the Functions host keeps for itself: a function there answers an empty 404 (SEC-3). */
const RESERVED_ROUTES = [/^\/?admin(?:\/|$)/i, /^\/?runtime\/webhooks(?:\/|$)/i];

/**
 * An HTTP API for a function app, versioned in the path (`/<path>/v1/...`, an API version set),
 * with its operations declared (SEC-3: no `admin/` or `runtime/webhooks` routes), a backend with
 * a circuit breaker (GW-7), a rate limit per subscription answered as problem+json with
 * `Retry-After` (GW-1), `X-Client-Id` from the subscription (GW-5, the idempotency key's scope,
 * PAY-1), `Retry-After` on 202/429/503 without touching `Location` or the conditional-request
 * headers (`ETag`, `If-Match`, `If-None-Match`; no caching, EDGE-6), and the call to the function
 * signed with the gateway's managed identity when the app sits behind Entra ID (no key in
 * configuration). The function's 230 s request limit is a layer of the path (EDGE-1).
 */
export class FunctionApi extends Construct {
  public readonly versionSet: ApiManagementApiVersionSet;
  public readonly api: ApiManagementApi;
  /** The API's name on the gateway, for products. */
  public readonly apiName: string;
  public readonly operations: ApiManagementApiOperation[];
  public readonly backend: GatewayBackend;
  public readonly limits: ApiRateLimitPolicy;

  constructor(scope: Construct, id: string, props: FunctionApiProps) {
    super(scope, id);
    const version = props.version ?? 'v1';
    if (!/^[A-Za-z0-9][A-Za-z0-9.-]{0,31}$/.test(version)) {
      refuse(this, {
        lesson: 'AZURE', setting: 'version', given: version,
        problem: 'a path version is one URL segment of letters, digits, . and -.', fix: "use e.g. 'v1'.",
      });
    }
    const layers: TimeoutLayer[] = [...(props.pathLayers ?? []), props.functionApp.timeoutLayer];
    const timeout = props.limits?.forwardRequestTimeoutSeconds;
    const ceiling = pathCeiling(layers);
    if (timeout !== undefined && timeout > ceiling.timeoutSeconds && timeout <= CONNECTION_CEILING_SECONDS) {
      refuse(this, {
        lesson: 'EDGE-1', setting: 'limits.forwardRequestTimeoutSeconds', given: timeout,
        problem: `the path already closes requests at ${ceiling.timeoutSeconds} s (${describeLayers(ceiling.setBy)}), so the gateway's timeout never fires.`,
        fix: `use ${ceiling.timeoutSeconds} s or less; work that takes longer answers 202 with Location and Retry-After (async request-reply).`,
      });
    }
    this.checkOperations(props.operations);
    const inbound = within(this, 'frontDoorId', () => frontDoorGuard(this, props));
    const gateway = props.gateway;
    checkAndClaimApi(this, props);
    checkName(this, 'name', `${props.name}-${version}`, API_MANAGEMENT_SERVICE.names.api);

    this.versionSet = new ApiManagementApiVersionSet(this, 'version-set', {
      name: props.name,
      displayName: props.displayName ?? props.name,
      apiManagementName: gateway.serviceName,
      resourceGroupName: gateway.resourceGroupName,
      versioningScheme: 'Segment',
    });
    const backendUrl = `https://${props.functionApp.defaultHostName}/api`;
    this.api = new ApiManagementApi(this, 'api', {
      name: `${props.name}-${version}`,
      displayName: props.displayName ?? props.name,
      apiManagementName: gateway.serviceName,
      resourceGroupName: gateway.resourceGroupName,
      revision: '1',
      path: props.path,
      version,
      versionSetId: this.versionSet.id,
      protocols: ['https'],
      serviceUrl: backendUrl,
      subscriptionRequired: props.subscriptionRequired ?? true,
    });
    this.apiName = this.api.name;
    this.operations = props.operations.map((op) => new ApiManagementApiOperation(this, `operation-${op.name}`, {
      operationId: op.name,
      apiName: this.api.name,
      apiManagementName: gateway.serviceName,
      resourceGroupName: gateway.resourceGroupName,
      displayName: op.displayName ?? `${op.method} ${op.urlTemplate}`,
      method: op.method,
      urlTemplate: op.urlTemplate,
      templateParameter: templateParameterBlocks(this, `operations.${op.name}`, op.urlTemplate, op.templateParameters),
    }));

    this.backend = new GatewayBackend(this, 'backend', {
      gateway,
      name: `${props.name}-function`,
      url: backendUrl,
      description: 'The function app behind the API',
      resourceId: `https://management.azure.com${props.functionApp.siteId}`,
      circuitBreaker: props.circuitBreaker ?? { failures: { count: 5 }, intervalSeconds: 60, tripDurationSeconds: 60, acceptRetryAfter: true },
    });

    const applicationId = props.functionApp.entraApplicationId;
    if (applicationId) props.functionApp.allowCaller(gateway.identity);
    declareApiPath(this, props, {
      title: `functions, version ${version} in the path`, callerCheck: (props.subscriptionRequired ?? true) ? 'subscription key' : 'none: anonymous',
      backend: backendUrl, directCaller: 'client',
      backendLines: [
        ...(applicationId ? ['Entra ID token from the gateway\'s identity (no function keys)'] : []),
        'through its backend (circuit breaker)',
      ],
    });
    const limits = props.limits ?? { rateLimit: { calls: 100, renewalPeriodSeconds: 60 } };
    const retryAfter = within(this, 'retryAfterSeconds', () => PolicyStatement.retryAfterOnRetryableStatuses(props.retryAfterSeconds ?? 5));
    this.limits = new ApiRateLimitPolicy(this, 'limits', {
      ...limits,
      gateway,
      apiName: this.api.name,
      inbound,
      backendId: this.backend.backendId,
      // Last, so nothing after it can reveal the token; no key in configuration.
      inboundAfterLimits: applicationId ? [within(this, 'functionApp.entraApplicationId', () => PolicyStatement.authenticateWithManagedIdentity(applicationId))] : [],
      // Retry-After only where missing: Location, ETag and the status pass through unchanged (EDGE-6).
      outbound: [retryAfter],
      ...(props.retryAfterSeconds !== undefined ? { retryAfterSeconds: props.retryAfterSeconds } : {}),
    });
  }

  private checkOperations(operations: readonly FunctionOperation[]): void {
    if (operations.length === 0) {
      refuse(this, {
        lesson: 'AZURE', setting: 'operations', given: [],
        problem: 'an API without operations answers 404 to every call.', fix: 'declare each route of the function app.',
      });
    }
    const names = new Set<string>();
    const routes = new Map<string, string>();
    const methods = Object.values(HttpMethod) as string[];
    for (const op of operations) {
      const at = `operations.${op.name}`;
      checkName(this, `${at}.name`, op.name, API_MANAGEMENT_SERVICE.names.api);
      if (names.has(op.name)) {
        refuse(this, { lesson: 'AZURE', setting: 'operations', given: op.name, problem: 'two operations share an operation id.', fix: 'give every operation its own name.' });
      }
      names.add(op.name);
      if (!methods.includes(op.method)) {
        refuse(this, { lesson: 'AZURE', setting: `${at}.method`, given: op.method, problem: 'this is not an HTTP method.', fix: `use one of ${methods.join(', ')}.` });
      }
      if (!op.urlTemplate.startsWith('/')) {
        refuse(this, { lesson: 'AZURE', setting: `${at}.urlTemplate`, given: op.urlTemplate, problem: 'an operation URL template starts with a slash.', fix: `use "/${op.urlTemplate}".` });
      }
      if (RESERVED_ROUTES.some((r) => r.test(op.urlTemplate))) {
        refuse(this, {
          lesson: 'SEC-3', setting: `${at}.urlTemplate`, given: op.urlTemplate,
          problem: 'the Functions host keeps routes under admin/ and runtime/webhooks for itself: a function there is listed but every call answers an empty 404.',
          fix: 'move the route, e.g. from /admin/seed to /ops/seed.',
        });
      }
      const key = `${op.method} ${op.urlTemplate.toLowerCase()}`;
      if (routes.has(key)) {
        refuse(this, {
          lesson: 'AZURE', setting: `${at}.urlTemplate`, given: op.urlTemplate,
          problem: `operation ${routes.get(key)} already answers ${op.method} on this template.`, fix: 'give every method and template one operation.',
        });
      }
      routes.set(key, op.name);
    }
  }
}
