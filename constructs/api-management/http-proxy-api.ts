import { Construct } from 'constructs';
import { ApiManagementApi } from '@cdktf/provider-azurerm/lib/api-management-api';
import { ApiManagementApiOperation } from '@cdktf/provider-azurerm/lib/api-management-api-operation';
import { ApiManagementApiPolicy } from '@cdktf/provider-azurerm/lib/api-management-api-policy';
import { CounterKeyKind } from '../policy/counter-key';
import { checkName } from '../core/naming';
import { refuse, warn, within } from '../core/validation';
import { PolicyDocument } from '../policy/policy-document';
import { PolicyStatement } from '../policy/policy-statement';
import { ApiLimits, ApiRateLimitPolicy } from './api-rate-limit-policy';
import { GatewayApiProps, checkBackendUrl, claimApiPolicy, createGatewayApi, frontDoorGuard, declareApiPath } from './gateway-api';
import { API_MANAGEMENT_SERVICE } from './api-management-service';

/** HTTP methods an `HttpProxyApi` passes through. */
export enum HttpMethod {
  GET = 'GET',
  POST = 'POST',
  PUT = 'PUT',
  PATCH = 'PATCH',
  DELETE = 'DELETE',
  HEAD = 'HEAD',
  OPTIONS = 'OPTIONS',
}

export interface HttpProxyApiProps extends GatewayApiProps {
  /**
   * HTTPS base URL of the backend, e.g. `service.url`. With `backendId`, the backend entity's
   * URL is used instead and this is only the API's display URL.
   */
  readonly backendUrl: string;
  /**
   * A `GatewayBackend` to route to (`backend.backendId`), for its circuit breaker (GW-7).
   * @default - the backend URL directly
   */
  readonly backendId?: string;
  /**
   * Methods passed through on every path (`/*`).
   * @default [GET, POST, PUT, PATCH, DELETE]
   */
  readonly methods?: HttpMethod[];
  /**
   * Gateway limits: a rate limit and a concurrency limit keyed on the subscription, a token
   * limit for AI backends, the 429 as problem+json with Retry-After (GW-1, GW-6, LIM-3).
   * @default - no limits; the API policy holds only the Front Door check (unless
   *   `allowDirectCallers`) and, with `backendId`, the `set-backend-service`
   */
  readonly limits?: ApiLimits;
}

const DEFAULT_METHODS: readonly HttpMethod[] = [HttpMethod.GET, HttpMethod.POST, HttpMethod.PUT, HttpMethod.PATCH, HttpMethod.DELETE];

/**
 * An HTTP API that passes the given methods on every path through to one backend, accepts only
 * its Front Door (or says it does not), requires a subscription by default and, with `limits`,
 * rate-limits and caps concurrency per subscription (`ApiRateLimitPolicy`).
 */
export class HttpProxyApi extends Construct {
  public readonly api: ApiManagementApi;
  /** The API's name on the gateway, for products (`GatewayProduct.addApi`). */
  public readonly apiName: string;
  public readonly operations: ApiManagementApiOperation[];
  /** The limits policy, when `limits` is given. */
  public readonly limits?: ApiRateLimitPolicy;

  constructor(scope: Construct, id: string, props: HttpProxyApiProps) {
    super(scope, id);
    checkBackendUrl(this, props.backendUrl, 'https', 'SEC-1',
      'the gateway would call the backend in clear text.', 'use the https:// URL of the service.');
    const methods = props.methods ?? DEFAULT_METHODS;
    const known = Object.values(HttpMethod) as string[];
    if (methods.length === 0 || new Set(methods).size !== methods.length || methods.some((m) => !known.includes(m))) {
      refuse(this, {
        lesson: 'AZURE', setting: 'methods', given: methods,
        problem: 'each method becomes one operation on /*, so the list must be non-empty, without repeats, and only HTTP methods.',
        fix: `list each method once, e.g. ${JSON.stringify(DEFAULT_METHODS)}.`,
      });
    }
    // Checked here for both policies: without limits no ApiRateLimitPolicy would check it.
    if (props.backendId !== undefined) checkName(this, 'backendId', props.backendId, API_MANAGEMENT_SERVICE.names.backend);
    const inbound = within(this, 'frontDoorId', () => frontDoorGuard(this, props));
    const gateway = props.gateway;
    this.api = createGatewayApi(this, props, {
      protocols: ['https'], serviceUrl: props.backendUrl, subscriptionRequired: props.subscriptionRequired ?? true,
    });
    this.apiName = this.api.name;
    this.operations = methods.map((method) => new ApiManagementApiOperation(this, `operation-${method.toLowerCase()}`, {
      operationId: `${method.toLowerCase()}-all`,
      apiName: this.api.name,
      apiManagementName: gateway.serviceName,
      resourceGroupName: gateway.resourceGroupName,
      displayName: `${method} /*`,
      method,
      urlTemplate: '/*',
    }));
    if (props.limits && props.subscriptionRequired === false) {
      const { rateLimit, concurrency, tokenLimit } = props.limits;
      const given = [rateLimit, concurrency, tokenLimit].filter((limit) => limit !== undefined);
      // A limit without a key is keyed on the subscription.
      if (given.some((limit) => limit.key === undefined || limit.key.kind === CounterKeyKind.SUBSCRIPTION)) {
        warn(this, {
          id: 'GW-1.AnonymousSharedBudget', lesson: 'GW-1', setting: 'subscriptionRequired', given: false,
          problem: 'the limits are keyed on the subscription, so every caller without a key shares one "anonymous" budget: one noisy caller throttles all of them.',
          fix: 'keep subscriptionRequired true, or key the limits on a validated claim (CounterKey.claim) for anonymous APIs.',
        });
      }
    }
    declareApiPath(this, props, {
      title: 'HTTP proxy', callerCheck: (props.subscriptionRequired ?? true) ? 'subscription key' : 'none: anonymous',
      backend: props.backendUrl, directCaller: 'client', ...(props.backendId !== undefined ? { backendLines: ['through its backend (circuit breaker)'] } : {}),
    });
    if (props.limits) {
      this.limits = new ApiRateLimitPolicy(this, 'limits', {
        ...props.limits,
        gateway,
        apiName: this.api.name,
        inbound,
        ...(props.backendId ? { backendId: props.backendId } : {}),
      });
    } else {
      claimApiPolicy(this, gateway, props.name, 'name');
      const document = new PolicyDocument({
        inbound: [...inbound, ...(props.backendId ? [within(this, '', () => PolicyStatement.useBackend(props.backendId!))] : [])],
      });
      new ApiManagementApiPolicy(this, 'policy', {
        apiName: this.api.name,
        apiManagementName: gateway.serviceName,
        resourceGroupName: gateway.resourceGroupName,
        xmlContent: within(this, 'policy', () => document.toXml()),
      });
    }
  }
}
