import { Construct } from 'constructs';
import { ApiManagementApi } from '@cdktf/provider-azurerm/lib/api-management-api';
import { ApiManagementApiOperation } from '@cdktf/provider-azurerm/lib/api-management-api-operation';
import { ApiManagementApiOperationPolicy } from '@cdktf/provider-azurerm/lib/api-management-api-operation-policy';
import { ApiManagementApiPolicy } from '@cdktf/provider-azurerm/lib/api-management-api-policy';
import { checkName } from '../core/naming';
import { refuse, requireRange, within } from '../core/validation';
import { IDEMPOTENCY_KEY_HEADER } from '../policy/intake';
import { PolicyDocument } from '../policy/policy-document';
import { PolicyStatement } from '../policy/policy-statement';
import { ExistsAction } from '../policy/statements';
import { GatewayApiProps, checkBackendUrl, claimApiPolicy, createGatewayApi, declareApiPath } from './gateway-api';
import { GatewayBackend } from './gateway-backend';
import { HttpMethod } from './http-proxy-api';
import { KeyVaultNamedValue } from './key-vault-named-value';
import { TemplateParameter, templateParameterBlocks } from './url-template';
import { API_MANAGEMENT_SERVICE } from './api-management-service';

/** One operation of the provider's API. */
export interface ProviderOperation {
  readonly name: string;
  readonly method: HttpMethod;
  /** Template below the API path, e.g. `/v1/charges`. */
  readonly urlTemplate: string;
  /**
   * The parameters of the URL template (`{id}` in `/orders/{id}`), each declared once: azurerm refuses
   * an operation whose template uses a parameter it does not declare (refused here at synth).
   * @default - none (a template without parameters)
   */
  readonly templateParameters?: TemplateParameter[];
  /**
   * Require an `Idempotency-Key` (400 without one, PAY-1): what makes a POST safe to retry.
   * @default false
   */
  readonly requireIdempotencyKey?: boolean;
}

/** Retries of a provider call at the gateway (PAY-2): statuses 429, 503, 504 only. */
export interface ProviderRetry {
  /** Retries after the first call, 1-50, with (count + 1) x 30 s + the waits within 240 s (EDGE-1: up to 5 with the default waits); each counts against the provider's budget. */
  readonly count: number;
  /** Seconds before the first retry, 1-300. */
  readonly intervalSeconds: number;
  /** Growth of the wait. @default 2 */
  readonly deltaSeconds?: number;
  /** Longest wait. @default 30 */
  readonly maxIntervalSeconds?: number;
}

/** Who may call the provider through the gateway: managed identities with a token for an Entra application. */
export interface ProviderCallers {
  readonly tenantId: string;
  /** Client id or App ID URI of the Entra application the callers request tokens for. */
  readonly audience: string;
  /** Client ids of the callers' managed identities (the paced consumer's). */
  readonly clientIds: string[];
}

export interface ProviderApiProps extends GatewayApiProps {
  /** The provider's base URL (https). */
  readonly providerUrl: string;
  /** The provider's API key, from Key Vault. */
  readonly apiKey: KeyVaultNamedValue;
  /** Header the provider reads the key from. @default 'X-Api-Key' */
  readonly apiKeyHeader?: string;
  readonly callers: ProviderCallers;
  readonly operations: ProviderOperation[];
  /** Gateway retries. @default - 1 retry after 2 s */
  readonly retry?: ProviderRetry;
  /**
   * The provider's longest outage (maintenance window) in minutes: the breaker stays open that
   * long, failing fast instead of calling a provider that is down (PAY-3).
   */
  readonly declaredOutageMinutes: number;
  /** Failures (5xx) within a minute that open the breaker. @default 5 */
  readonly breakerFailures?: number;
  /**
   * The breaker's open time, at least the declared outage. A `Retry-After` on the provider's 5xx
   * replaces it (the provider knows when it is back).
   * @default - the declared outage
   */
  readonly tripDurationSeconds?: number;
}

/** The gateway's forward-request timeout towards the provider. */
const PROVIDER_TIMEOUT_SECONDS = 30;

/**
 * The wrapper in front of a third-party provider: only the named managed identities get in (a
 * token for the audience, checked by `validate-azure-ad-token`); their token and any
 * subscription key are removed before the call leaves; the provider's key is set from a Key
 * Vault-backed named value (SEC-1), so it is in neither the callers nor the configuration;
 * `Idempotency-Key` is required where an operation says so (PAY-1); calls go through a backend
 * whose circuit breaker opens on 5xx and 429 for the declared outage, honouring `Retry-After`
 * (GW-7, PAY-3), with a bounded retry on 429/503/504 inside it (PAY-2), refused for an
 * operation that is not idempotent.
 */
export class ProviderApi extends Construct {
  public readonly api: ApiManagementApi;
  public readonly apiName: string;
  public readonly operations: ApiManagementApiOperation[];
  public readonly backend: GatewayBackend;
  public readonly policy: ApiManagementApiPolicy;
  /** Retries per call the gateway may add (for the budget arithmetic). */
  public readonly retries: number;
  /** How long the breaker stays open without a `Retry-After`, in seconds (for the outage arithmetic). */
  public readonly tripDurationSeconds: number;

  constructor(scope: Construct, id: string, props: ProviderApiProps) {
    super(scope, id);
    checkBackendUrl(this, props.providerUrl, 'https', 'SEC-1',
      'the provider\'s key would cross the network in clear text.', 'use the provider\'s https:// URL.', 'providerUrl');
    requireRange(this, props.declaredOutageMinutes, {
      min: 1, max: 7 * 24 * 60, setting: 'declaredOutageMinutes', lesson: 'PAY-3',
      problem: 'the outage to ride out is 1 minute to 7 days.', fix: 'use the provider\'s longest maintenance window, e.g. 30.',
    });
    const outageSeconds = props.declaredOutageMinutes * 60;
    const trip = props.tripDurationSeconds ?? outageSeconds;
    if (trip < outageSeconds) {
      refuse(this, {
        lesson: 'PAY-3', setting: 'tripDurationSeconds', given: trip,
        problem: `the breaker closes after ${trip} s, inside the declared ${props.declaredOutageMinutes}-minute outage: it lets calls through to a provider that is still down, and every one of them fails and counts against the budget.`,
        fix: `use at least ${outageSeconds} s (the default is the declared outage).`,
      });
    }
    if (props.callers.clientIds.length === 0) {
      refuse(this, {
        lesson: 'ACCESS', setting: 'callers.clientIds', given: [],
        problem: 'without client ids every application of the tenant that gets a token for the audience could call the provider with the platform\'s key.',
        fix: 'give the client id of the paced consumer\'s managed identity (consumer.identityResource.clientId).',
      });
    }
    const retry = props.retry ?? { count: 1, intervalSeconds: 2 };
    const operations = this.checkOperations(props.operations);

    this.api = createGatewayApi(this, { ...props, subscriptionRequired: props.subscriptionRequired ?? false }, {
      protocols: ['https'], serviceUrl: props.providerUrl, subscriptionRequired: props.subscriptionRequired ?? false,
    });
    this.apiName = this.api.name;
    this.operations = operations.map((op) => new ApiManagementApiOperation(this, `operation-${op.name}`, {
      operationId: op.name,
      apiName: this.api.name,
      apiManagementName: props.gateway.serviceName,
      resourceGroupName: props.gateway.resourceGroupName,
      displayName: `${op.method} ${op.urlTemplate}`,
      method: op.method,
      urlTemplate: op.urlTemplate,
      templateParameter: templateParameterBlocks(this, `operations.${op.name}`, op.urlTemplate, op.templateParameters),
    }));
    for (const [i, op] of operations.entries()) {
      if (!op.requireIdempotencyKey) continue;
      new ApiManagementApiOperationPolicy(this, `operation-${op.name}-policy`, {
        apiName: this.api.name,
        operationId: this.operations[i].operationId,
        apiManagementName: props.gateway.serviceName,
        resourceGroupName: props.gateway.resourceGroupName,
        xmlContent: within(this, 'policy', () => new PolicyDocument({ inbound: [PolicyStatement.requireIdempotencyKey(IDEMPOTENCY_KEY_HEADER)] }).toXml()),
      });
    }

    this.backend = new GatewayBackend(this, 'backend', {
      gateway: props.gateway,
      name: `${props.name}-provider`,
      url: props.providerUrl,
      description: 'The third-party provider',
      circuitBreaker: {
        failures: { count: props.breakerFailures ?? 5 },
        intervalSeconds: 60,
        // 5xx only (PAY-3: maintenance, outage). A 429 is the budget: it carries Retry-After, which
        // the consumer honours; counted here, a short burst would stop payments for the whole trip.
        statusCodeRanges: [{ min: 500, max: 599 }],
        tripDurationSeconds: trip,
        acceptRetryAfter: true,
      },
    });

    const keyHeader = props.apiKeyHeader ?? 'X-Api-Key';
    const inbound = within(this, '', () => [
      PolicyStatement.validateEntraCaller({ tenantId: props.callers.tenantId, audience: props.callers.audience, clientApplicationIds: props.callers.clientIds }),
      // Nothing of the caller's credentials reaches the provider.
      PolicyStatement.setHeader('Authorization', ExistsAction.DELETE),
      PolicyStatement.setHeader('Ocp-Apim-Subscription-Key', ExistsAction.DELETE),
      PolicyStatement.setHeader(keyHeader, ExistsAction.OVERRIDE, props.apiKey.reference),
      PolicyStatement.useBackend(this.backend.backendId),
    ]);
    const backend = within(this, 'retry', () => [PolicyStatement.retry({
      count: retry.count, intervalSeconds: retry.intervalSeconds,
      deltaSeconds: retry.deltaSeconds ?? 2, maxIntervalSeconds: retry.maxIntervalSeconds ?? 30,
      // Every operation is idempotent: checked above.
      idempotent: true,
    }, [PolicyStatement.forwardRequest({ timeoutSeconds: PROVIDER_TIMEOUT_SECONDS, bufferResponse: true, bufferRequestBody: true })])]);
    this.retries = retry.count;
    this.tripDurationSeconds = trip;
    declareApiPath(this, props, {
      title: 'provider, for its callers only',
      callerCheck: `Entra ID token for its audience from ${props.callers.clientIds.length} client id(s)${(props.subscriptionRequired ?? false) ? '; subscription key' : ''}`,
      backend: props.providerUrl,
      backendLines: [`${keyHeader} from Key Vault (named value)`, `retry ${retry.count} on 429/503/504; breaker opens ${trip} s on 5xx`],
      outboundTimeouts: [{ layer: 'API Management forward-request timeout', timeoutSeconds: PROVIDER_TIMEOUT_SECONDS, constructPath: this.node.path }],
    });
    claimApiPolicy(this, props.gateway, this.api.name);
    this.policy = new ApiManagementApiPolicy(this, 'policy', {
      apiName: this.api.name,
      apiManagementName: props.gateway.serviceName,
      resourceGroupName: props.gateway.resourceGroupName,
      xmlContent: within(this, 'policy', () => new PolicyDocument({
        inbound,
        backend,
        outbound: [PolicyStatement.setHeader(keyHeader, ExistsAction.DELETE)],
      }).toXml()),
      // The named value must exist (and be readable) before a policy uses it.
      dependsOn: [props.apiKey.namedValue],
    });
  }

  private checkOperations(operations: readonly ProviderOperation[]): ProviderOperation[] {
    if (operations.length === 0) {
      refuse(this, {
        lesson: 'AZURE', setting: 'operations', given: [],
        problem: 'an API without operations answers 404 to every call.', fix: 'declare the provider operations the consumer calls.',
      });
    }
    const names = new Set<string>();
    for (const op of operations) {
      const at = `operations.${op.name}`;
      checkName(this, `${at}.name`, op.name, API_MANAGEMENT_SERVICE.names.api);
      if (names.has(op.name) || !op.urlTemplate.startsWith('/')) {
        refuse(this, {
          lesson: 'AZURE', setting: at, given: op.urlTemplate,
          problem: names.has(op.name) ? 'two operations share an operation id.' : 'an operation URL template starts with a slash.',
          fix: 'give every operation its own name and a template such as "/v1/charges".',
        });
      }
      names.add(op.name);
      const safe = [HttpMethod.GET, HttpMethod.HEAD, HttpMethod.PUT, HttpMethod.DELETE, HttpMethod.OPTIONS].includes(op.method);
      if (!safe && !op.requireIdempotencyKey) {
        refuse(this, {
          lesson: 'PAY-1', setting: `${at}.requireIdempotencyKey`, given: false,
          problem: `the gateway retries ${op.method} ${op.urlTemplate}, and a retried ${op.method} without an idempotency key charges twice when the first attempt reached the provider but its answer was lost.`,
          fix: 'set requireIdempotencyKey: true (the consumer sends the key derived from the order, and the provider deduplicates on it).',
        });
      }
    }
    return [...operations];
  }
}
