import { Construct } from 'constructs';
import { ApiManagementBackend } from '@cdktf/provider-azurerm/lib/api-management-backend';
import { checkName } from '../core/naming';
import { refuse, requireRange } from '../core/validation';
import { ApiManagementSku } from './api-gateway';
import { checkBackendUrl } from './gateway-api';
import { IApiGateway, claimOnGateway } from './gateway-reference';
import { API_MANAGEMENT_SERVICE } from './api-management-service';

/** Circuit breaker rule names, as azurerm validates them. */
const RULE_NAME = /^[a-zA-Z0-9]([a-zA-Z0-9-]{0,78}[a-zA-Z0-9])?$/;

/**
 * Whole seconds as the ISO 8601 duration Azure returns (.NET `XmlConvert` form): 60 → `PT1M`,
 * 90 → `PT1M30S`, 3600 → `PT1H`, 86400 → `P1D`, so a plan does not show a diff for `PT60S`.
 */
export function isoDuration(seconds: number): string {
  if (!Number.isInteger(seconds) || seconds < 0) throw new Error(`isoDuration: ${seconds} is not a whole number of seconds.`);
  if (seconds === 0) return 'PT0S';
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const time = `${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${rest ? `${rest}S` : ''}`;
  return `P${days ? `${days}D` : ''}${time ? `T${time}` : ''}`;
}

/** An inclusive range of HTTP statuses, 200-599. */
export interface StatusCodeRange {
  readonly min: number;
  readonly max: number;
}

/** Statuses that count as failures by default: server errors only (see `CircuitBreakerOptions.statusCodeRanges`). */
export const DEFAULT_FAILURE_STATUS_RANGES: readonly StatusCodeRange[] = [{ min: 500, max: 599 }];

/** When a circuit breaker trips: give exactly one of the two. */
export interface CircuitBreakerFailures {
  /** Trip after this many failures (1-10000) within the interval. @default - none */
  readonly count?: number;
  /** Trip when this percentage (1-100) of the calls fail within the interval. @default - none */
  readonly percentage?: number;
}

export interface CircuitBreakerOptions {
  /**
   * When to trip: after `count` failures (1-10000) or when `percentage` (1-100) of the calls
   * fail, within `intervalSeconds`.
   */
  readonly failures: CircuitBreakerFailures;
  /** The window in which failures are counted, in whole seconds. */
  readonly intervalSeconds: number;
  /**
   * Backend statuses that count as failures.
   *
   * The default leaves 429 out on purpose: the breaker sees the whole backend and, once open,
   * fails every route behind it (GW-7). A service that limits per client (LIM-4) answers 429 to
   * one noisy client; counted here, that client would open the breaker for everyone. Add
   * `{ min: 429, max: 429 }` only where a 429 means the backend as a whole is out of budget
   * (e.g. a third-party provider's key, PAY-3); with `acceptRetryAfter` the breaker then stays
   * open for the provider's `Retry-After`.
   * @default [{ min: 500, max: 599 }]
   */
  readonly statusCodeRanges?: StatusCodeRange[];
  /** Error reasons that also count as failures (at most 10, as API Management names them). @default - none */
  readonly errorReasons?: string[];
  /**
   * How long the breaker stays open (the gateway answers 503 without calling the backend), in
   * whole seconds; at least `intervalSeconds` (GW-7). Size it to the expected outage (PAY-3).
   */
  readonly tripDurationSeconds: number;
  /**
   * Stay open for the backend's `Retry-After` when it sends one, instead of `tripDurationSeconds`.
   * @default true
   */
  readonly acceptRetryAfter?: boolean;
  /** Rule name. @default 'breaker' */
  readonly name?: string;
}

export interface GatewayBackendProps {
  /** The gateway the backend is defined on; not Consumption for a circuit breaker. */
  readonly gateway: IApiGateway;
  /** Backend id, used by `set-backend-service backend-id` (see `GatewayBackend.backendId`). */
  readonly name: string;
  /** `https://` base URL of the service, or a whole Terraform reference to one (SEC-1). */
  readonly url: string;
  /** @default - none */
  readonly description?: string;
  /**
   * The Azure resource behind the backend, as `https://management.azure.com/<resource id>` (a
   * function app, a Logic App), so the portal links it.
   * @default - none
   */
  readonly resourceId?: string;
  /**
   * A circuit breaker for the whole backend (GW-7): it trips for every route behind it, so keep
   * per-route or per-instance breaking in the application.
   * @default - none
   */
  readonly circuitBreaker?: CircuitBreakerOptions;
}

/**
 * An API Management backend entity (protocol http) with an optional circuit breaker (GW-7).
 * Route calls to it with `PolicyStatement.useBackend(backend.backendId)` (or `ApiRateLimitPolicy`'s
 * `backendId`); while the breaker is open the gateway answers 503 at once. Durations are written
 * in the ISO 8601 form Azure returns, so plans stay clean.
 */
export class GatewayBackend extends Construct {
  public readonly backend: ApiManagementBackend;
  /**
   * The backend's name, for `set-backend-service backend-id`: a reference to the backend
   * resource, so Terraform creates the backend before a policy that routes to it (API
   * Management refuses a policy naming a backend that does not exist yet).
   */
  public readonly backendId: string;

  constructor(scope: Construct, id: string, props: GatewayBackendProps) {
    super(scope, id);
    checkName(this, 'name', props.name, API_MANAGEMENT_SERVICE.names.backend);
    claimOnGateway(this, props.gateway, {
      kind: 'backend', value: props.name, setting: 'name', description: `a backend named ${JSON.stringify(props.name)}`,
      fix: 'give each backend its own name on the gateway.',
    });
    checkBackendUrl(this, props.url, 'https', 'SEC-1',
      'the gateway would call the backend in clear text.', 'use the https:// URL of the service (e.g. its Container Apps ingress).', 'url');
    const circuitBreakerRule = props.circuitBreaker ? this.circuitBreakerRule(props.gateway, props.circuitBreaker) : undefined;
    this.backend = new ApiManagementBackend(this, 'backend', {
      name: props.name,
      apiManagementName: props.gateway.serviceName,
      resourceGroupName: props.gateway.resourceGroupName,
      protocol: 'http',
      url: props.url,
      ...(props.description !== undefined ? { description: props.description } : {}),
      ...(props.resourceId !== undefined ? { resourceId: props.resourceId } : {}),
      ...(circuitBreakerRule ? { circuitBreakerRule } : {}),
    });
    this.backendId = this.backend.name;
  }

  private circuitBreakerRule(gateway: IApiGateway, cb: CircuitBreakerOptions) {
    if (ApiManagementSku.isConsumption(gateway.skuName)) {
      refuse(this, {
        lesson: 'GW-7', setting: 'gateway.skuName', given: gateway.skuName,
        problem: 'the Consumption tier has no backend circuit breaker.',
        fix: 'put the backend on a v2 (or classic) gateway, or drop circuitBreaker and break in the application.',
      });
    }
    const name = cb.name ?? 'breaker';
    if (!RULE_NAME.test(name)) {
      refuse(this, {
        lesson: 'AZURE', setting: 'circuitBreaker.name', given: name,
        problem: 'Azure rejects this circuit breaker rule name.', fix: 'use 1-80 letters, digits and hyphens, starting and ending with a letter or digit.',
      });
    }
    const failures = cb.failures;
    if ((failures.count === undefined) === (failures.percentage === undefined)) {
      refuse(this, {
        lesson: 'GW-7', setting: 'circuitBreaker.failures', given: cb.failures,
        problem: 'the breaker trips on a failure count or on a failure percentage, one of the two.',
        fix: 'give { count: 5 } or { percentage: 50 }.',
      });
    }
    if (failures.count !== undefined) {
      requireRange(this, failures.count, {
        min: 1, max: 10_000, setting: 'circuitBreaker.failures.count', lesson: 'GW-7',
        problem: 'Azure accepts a failure count of 1-10000.', fix: 'give the failures that mean "the backend is down", e.g. 5.',
      });
    }
    if (failures.percentage !== undefined) {
      requireRange(this, failures.percentage, {
        min: 1, max: 100, setting: 'circuitBreaker.failures.percentage', lesson: 'GW-7',
        problem: 'Azure accepts a whole failure percentage of 1-100.', fix: 'use e.g. 50.',
      });
    }
    const seconds = { min: 1, max: 31_536_000, lesson: 'GW-7' as const, fix: 'give whole seconds, at least 1 (at most a year).' };
    requireRange(this, cb.intervalSeconds, { ...seconds, setting: 'circuitBreaker.intervalSeconds', problem: 'the failure window is a whole number of seconds.' });
    requireRange(this, cb.tripDurationSeconds, { ...seconds, setting: 'circuitBreaker.tripDurationSeconds', problem: 'the trip duration is a whole number of seconds.' });
    if (cb.tripDurationSeconds < cb.intervalSeconds) {
      refuse(this, {
        lesson: 'GW-7', setting: 'circuitBreaker.tripDurationSeconds', given: cb.tripDurationSeconds,
        problem: `it is shorter than the ${cb.intervalSeconds} s failure window, so the breaker closes again before the window that tripped it is over and flaps open and shut on the same failures.`,
        fix: `use at least intervalSeconds (${cb.intervalSeconds}), sized to the expected outage (PAY-3).`,
      });
    }
    const ranges = cb.statusCodeRanges ?? DEFAULT_FAILURE_STATUS_RANGES;
    if (ranges.length === 0) {
      refuse(this, {
        lesson: 'GW-7', setting: 'circuitBreaker.statusCodeRanges', given: ranges,
        problem: 'with no failing statuses the breaker only trips on error reasons.', fix: 'leave it unset for 500-599, or give the ranges that mean failure.',
      });
    }
    ranges.forEach((range, i) => {
      const valid = [range.min, range.max].every((n) => Number.isInteger(n) && n >= 200 && n <= 599) && range.min <= range.max;
      if (!valid) {
        refuse(this, {
          lesson: 'GW-7', setting: `circuitBreaker.statusCodeRanges[${i}]`, given: range,
          problem: 'a status range is two HTTP statuses between 200 and 599 with min <= max.', fix: 'use e.g. { min: 500, max: 599 }.',
        });
      }
    });
    const errorReasons = cb.errorReasons ?? [];
    if (errorReasons.length > 10 || errorReasons.some((r) => r.trim().length === 0)) {
      refuse(this, {
        lesson: 'GW-7', setting: 'circuitBreaker.errorReasons', given: errorReasons,
        problem: 'Azure accepts at most 10 error reasons, none empty.', fix: 'keep at most 10 non-empty reasons that mean the backend is down.',
      });
    }
    return {
      name,
      failureCondition: {
        ...(failures.count !== undefined ? { count: failures.count } : { percentage: failures.percentage }),
        intervalDuration: isoDuration(cb.intervalSeconds),
        statusCodeRange: ranges.map((r) => ({ min: r.min, max: r.max })),
        ...(errorReasons.length > 0 ? { errorReasons } : {}),
      },
      tripDuration: isoDuration(cb.tripDurationSeconds),
      acceptRetryAfterEnabled: cb.acceptRetryAfter ?? true,
    };
  }
}
