import { InvalidValueError, deferredRefusalOf, withDeferredRefusal } from '../core/validation';
import { CallerTokenOptions, removeQueryParameterElement, validateCallerTokenElement } from './caller-token';
import { CounterKey } from './counter-key';
import { onlyFromFrontDoorElement, retryAfterOnRetryableStatusesElement } from './fragments';
import {
  LimitConcurrencyOptions, LlmTokenLimitOptions, RateLimitByKeyOptions, clientIdHeaderElement, limitConcurrencyElement,
  llmTokenLimitElement, rateLimitByKeyElement,
} from './rate-limit';
import {
  AcceptedResponseOptions, CheckHeaderOptions, ExistsAction, ForwardRequestOptions, ReturnResponseOptions, acceptedResponseElement,
  authenticationManagedIdentityElement, checkHeaderElement, chooseElement, forwardRequestElement, returnResponseElement,
  setBackendServiceElement, setHeaderElement,
} from './statements';
import { EntraCallerOptions, requireIdempotencyKeyElement, validateEntraCallerElement } from './intake';
import { StorageQueueMessageOptions, storageQueueMessageElements } from './storage-queue-delivery';
import { QueueMessageOptions, queueMessageElements } from './queue-delivery';
import { QuotaOptions, RetryOptions, quotaElement, retryElement } from './retry';
import { ThrottledAsProblemJsonOptions, throttledAsProblemJsonElement } from './throttling-response';
import { XmlElement } from './xml';

/** One branch of `PolicyStatement.choose`: an APIM policy expression and the statements it runs. */
export interface ChooseBranch {
  /** Policy expression, e.g. `@(context.Response.StatusCode == 429)`. */
  readonly condition: string;
  readonly statements: PolicyStatement[];
}

const ELEMENTS = new WeakMap<PolicyStatement, XmlElement>();

/**
 * One typed API Management policy statement. Statements come only from these factories, which
 * fix every element and attribute name (e.g. `buffer-response` with its hyphen, EDGE-3), check
 * every value at synth (a refusal names the builder, or the construct that used it), and offer
 * nothing a streaming API must never have (caching, `validate-content`, body logging: EDGE-4).
 */
export class PolicyStatement {
  /** `<forward-request>`: send the request to the backend, within 240 s (EDGE-1), unbuffered by default (EDGE-3). */
  public static forwardRequest(options: ForwardRequestOptions): PolicyStatement {
    return PolicyStatement.build(() => forwardRequestElement(options));
  }

  /** `<set-header>`: set, append, keep or delete a header. */
  public static setHeader(name: string, existsAction: ExistsAction, ...values: string[]): PolicyStatement {
    return PolicyStatement.build(() => setHeaderElement(name, existsAction, values));
  }

  /** `<check-header>`: reject the request unless a header has one of the given values. */
  public static checkHeader(options: CheckHeaderOptions): PolicyStatement {
    return PolicyStatement.build(() => checkHeaderElement(options));
  }

  /** `<choose>`: run the statements of the first branch whose condition holds, else `otherwise`. */
  public static choose(branches: ChooseBranch[], otherwise?: PolicyStatement[]): PolicyStatement {
    return PolicyStatement.build(() => chooseElement(
      branches.map((b, i) => ({ condition: b.condition, then: elementsAt(`choose.when[${i}]`, b.statements) })),
      otherwise === undefined ? undefined : elementsAt('choose.otherwise', otherwise),
    ));
  }

  /** `<return-response>`: answer from the gateway without calling the backend. */
  public static returnResponse(options: ReturnResponseOptions): PolicyStatement {
    return PolicyStatement.build(() => returnResponseElement(options));
  }

  /** `<set-backend-service backend-id>`: route to a `GatewayBackend`, whose circuit breaker then guards the call (GW-7). */
  public static useBackend(backendId: string): PolicyStatement {
    return PolicyStatement.build(() => setBackendServiceElement(backendId));
  }

  /**
   * `<rate-limit-by-key>` (GW-1): at most `calls` per `renewalPeriodSeconds` and key, the
   * subscription by default, counting only successful calls (GW-4). The tier decides the
   * algorithm (GW-2); counters are per gateway node (GW-3). Not on Consumption.
   */
  public static rateLimitByKey(options: RateLimitByKeyOptions): PolicyStatement {
    return PolicyStatement.build(() => rateLimitByKeyElement(options));
  }

  /**
   * `<limit-concurrency>` (GW-6, LIM-3) around `statements` (typically the backend's
   * `forward-request`): at most `maxCount` calls at once per key; more fail at once with 429.
   */
  public static limitConcurrency(options: LimitConcurrencyOptions, statements: PolicyStatement[]): PolicyStatement {
    return PolicyStatement.build(() => limitConcurrencyElement(options, elementsAt('limit-concurrency', statements)));
  }

  /** `<llm-token-limit>` (LIM-3): limit an AI backend by tokens (429 over the rate, 403 over the quota). */
  public static llmTokenLimit(options: LlmTokenLimitOptions): PolicyStatement {
    return PolicyStatement.build(() => llmTokenLimitElement(options));
  }

  /**
   * `X-Client-Id` set from the counter key with `exists-action="override"` (GW-5), so gateway
   * and service partition on one identity the client cannot pick.
   * @param key @default CounterKey.subscription()
   */
  public static clientIdHeader(key?: CounterKey): PolicyStatement {
    return PolicyStatement.build(() => clientIdHeaderElement(key));
  }

  /**
   * For on-error: a gateway throttle answered 429 as `application/problem+json` (RFC 9457) with
   * `Retry-After` from the limiter, else `retryAfterSeconds` (GW-1, EDGE-6).
   */
  public static throttledAsProblemJson(options: ThrottledAsProblemJsonOptions): PolicyStatement {
    return PolicyStatement.build(() => throttledAsProblemJsonElement(options));
  }

  /** `Retry-After` added to 202, 429 and 503 responses that lack one (EDGE-6); a backend's own value is kept. */
  public static retryAfterOnRetryableStatuses(seconds: number): PolicyStatement {
    return PolicyStatement.build(() => retryAfterOnRetryableStatusesElement(seconds));
  }

  /** Only the given Front Door profile may call: `X-Azure-FDID` must be its id (a reference such as `frontDoor.frontDoorId` is fine). */
  public static onlyFromFrontDoor(frontDoorId: string): PolicyStatement {
    return PolicyStatement.build(() => onlyFromFrontDoorElement(frontDoorId));
  }

  /**
   * `<authentication-managed-identity>`: the backend call carries a token of the gateway's
   * managed identity for `resource` (the backend's Entra application), instead of a key in
   * configuration.
   * @param clientId a user-assigned identity of the gateway; @default - its system-assigned identity
   */
  public static authenticateWithManagedIdentity(resource: string, clientId?: string): PolicyStatement {
    return PolicyStatement.build(() => authenticationManagedIdentityElement(resource, clientId));
  }

  /** A gateway-made `202 Accepted` with `Location` and `Retry-After` (async request-reply, EDGE-6). */
  public static accepted(options: AcceptedResponseOptions): PolicyStatement {
    return PolicyStatement.build(() => acceptedResponseElement(options));
  }

  /**
   * `<retry>` around `statements` (typically the backend's `forward-request`), on 429, 503 and
   * 504 only, with a bounded count and a growing wait (PAY-2); refused for an operation that is
   * not idempotent (PAY-1). Route through a `GatewayBackend` so the retries run inside its
   * circuit breaker (PAY-3).
   */
  public static retry(options: RetryOptions, statements: PolicyStatement[]): PolicyStatement {
    return PolicyStatement.build(() => retryElement(options, elementsAt('retry', statements)));
  }

  /** `<quota>`: calls per subscription over a long period (a day, a month); over it the gateway answers 403. */
  public static quota(options: QuotaOptions): PolicyStatement {
    return PolicyStatement.build(() => quotaElement(options));
  }

  /**
   * 400 as `application/problem+json` when the request has no `Idempotency-Key` (PAY-1); a
   * present key is forwarded unchanged.
   * @param headerName @default 'Idempotency-Key'
   */
  public static requireIdempotencyKey(headerName?: string): PolicyStatement {
    return PolicyStatement.build(() => requireIdempotencyKeyElement(headerName));
  }

  /**
   * Put the request into a Storage queue with the gateway's managed identity and answer 202
   * (or 503 with `Retry-After` when the queue refuses it): the front of a paced consumer (LIM-5).
   * @deprecated use `sendToQueue({ delivery: queue.delivery, ... })`, which takes any `IMessageQueue`
   */
  public static sendToStorageQueue(options: StorageQueueMessageOptions): PolicyStatement[] {
    return PolicyStatement.buildAll(() => storageQueueMessageElements(options));
  }

  /**
   * Put the request into a queue, as the queue's `delivery` says (`IMessageQueue.delivery`: a
   * Storage queue, or any queue that describes its send), with the gateway's managed identity, and
   * answer 202 (or 503 with `Retry-After` when the queue refuses it): the front of a paced
   * consumer (LIM-5). The time-to-live is checked against the queue's own bounds.
   */
  public static sendToQueue(options: QueueMessageOptions): PolicyStatement[] {
    return PolicyStatement.buildAll(() => queueMessageElements('send-to-queue', options));
  }

  /** `<validate-azure-ad-token>`: only the given managed identities, with a token for `audience`, get in. */
  public static validateEntraCaller(options: EntraCallerOptions): PolicyStatement {
    return PolicyStatement.build(() => validateEntraCallerElement(options));
  }

  /**
   * The statement `make` builds; a refusal is kept for the construct that uses the statement
   * (`within`), since a statement given in props is built before that construct exists.
   */
  private static build(make: () => XmlElement): PolicyStatement {
    let element: XmlElement;
    try {
      element = make();
    } catch (error) {
      return PolicyStatement.refused(error);
    }
    return PolicyStatement.of(element);
  }

  /** The statements `make` builds, or one that keeps its refusal (see `build`). */
  private static buildAll(make: () => XmlElement[]): PolicyStatement[] {
    let elements: XmlElement[];
    try {
      elements = make();
    } catch (error) {
      return [PolicyStatement.refused(error)];
    }
    return elements.map((element) => PolicyStatement.of(element));
  }

  private static refused(error: unknown): PolicyStatement {
    if (!(error instanceof InvalidValueError)) throw error;
    return withDeferredRefusal(new PolicyStatement(), error);
  }

  /**
   * `<validate-jwt>`: a token for `audience` from `issuer` (any OpenID Connect issuer), from the
   * `Authorization: Bearer` header or, for browsers' `EventSource` and `WebSocket`, from a query
   * parameter; anyone else gets 401. Remove the parameter before the backend with
   * `PolicyStatement.removeQueryParameter`.
   */
  public static validateCallerToken(options: CallerTokenOptions): PolicyStatement {
    return PolicyStatement.build(() => validateCallerTokenElement(options));
  }

  /** `<set-query-parameter exists-action="delete">`: remove a query parameter (a token) before the backend. */
  public static removeQueryParameter(name: string): PolicyStatement {
    return PolicyStatement.build(() => removeQueryParameterElement(name));
  }

  private static of(element: XmlElement): PolicyStatement {
    const statement = new PolicyStatement();
    ELEMENTS.set(statement, element);
    return statement;
  }

  private constructor() {}
}

/** The element of a statement (library-internal; not part of the public API). */
/**
 * The elements of `statements`, nested under `where` (`retry`, `PolicyDocument.backend`): a
 * refusal of one of them names its place, `<where>[<index>].<builder>`
 * (`PolicyDocument.backend[0].retry[0].forward-request`), so a document rendered outside a
 * construct says which statement it is.
 */
export function elementsAt(where: string, statements: readonly PolicyStatement[]): XmlElement[] {
  return statements.map((statement, i) => {
    try {
      return elementOf(statement);
    } catch (error) {
      if (!(error instanceof InvalidValueError)) throw error;
      throw new InvalidValueError(`${where}[${i}].${error.builder}`, error.finding);
    }
  });
}

export function elementOf(statement: PolicyStatement): XmlElement {
  const refused = deferredRefusalOf(statement);
  if (refused) throw refused;
  const element = ELEMENTS.get(statement);
  if (!element) throw new Error('not a PolicyStatement: build statements with the PolicyStatement factories');
  return element;
}
