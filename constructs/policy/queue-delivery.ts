import { MessageLifetime, secondsInWords } from '../core/queue-lifetimes';
import { wholeNumberIn } from '../core/validation';
import { ExistsAction, checkHeaderName, chooseElement, returnResponseElement, setHeaderElement } from './statements';
import { XmlElement } from './xml';

/** The header a client sends so a retried command runs once (PAY-1). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** A header of a queue's send request; `{ttl}` in the value stands for the message's time-to-live in seconds. */
export interface QueueDeliveryHeader {
  readonly name: string;
  readonly value: string;
}

/**
 * How the gateway puts a message on a queue over HTTPS with its managed identity: plain data a
 * queue gives (`IMessageQueue.delivery`), which `PolicyStatement.sendToQueue` renders. A queue
 * service describes its own REST call here; the policy knows none of them.
 */
export interface QueueDelivery {
  /** The queue's own URL (a reference is fine): where the request path draws the hop to. */
  readonly queueUrl: string;
  /** The URL a message is POSTed to; `{ttl}` stands for its time-to-live in seconds. */
  readonly sendUrl: string;
  /** The send's headers, in order (`{ttl}` as in `sendUrl`). */
  readonly headers: QueueDeliveryHeader[];
  /**
   * The last lines of the policy expression that builds the body: they read `message` (a
   * `JObject` with `partner`, `idempotencyKey`, `receivedAt` and `body`) and return the body text.
   */
  readonly bodyLines: string[];
  /** The Entra resource the gateway's token is for (`authentication-managed-identity`), e.g. `https://storage.azure.com/`. */
  readonly tokenResource: string;
  /** The status the queue answers a message it took (Storage: 201). */
  readonly acceptedStatus: number;
  /** The largest request body one message carries, in bytes: a larger one is answered 413. */
  readonly maxBodyBytes: number;
  /** How long the queue keeps a message: the bounds of `messageTtlSeconds`. */
  readonly lifetime: MessageLifetime;
  /** The hop's protocol on the request path, e.g. `HTTPS (Storage queue, put message)`. */
  readonly protocol: string;
}

/** What `PolicyStatement.sendToQueue` needs: the queue's delivery and the message's settings. */
export interface QueueMessageOptions {
  /** How to reach the queue: `queue.delivery` of an `IMessageQueue` (a Storage queue, or any other queue). */
  readonly delivery: QueueDelivery;
  /** Seconds a message may wait in the queue before the queue deletes it, within `delivery.lifetime`. */
  readonly messageTtlSeconds: number;
  /** The header whose value goes into the message as `idempotencyKey`. @default 'Idempotency-Key' */
  readonly idempotencyKeyHeader?: string;
  /** `Retry-After` of the 503 answered when the queue does not take the message. @default 10 */
  readonly retryAfterSeconds?: number;
}

/** An RFC 9457 problem as JSON text. */
export const problemJson = (status: number, title: string, detail: string) => JSON.stringify({ type: 'about:blank', title, status, detail });

/**
 * The request as a queue message, sent with the gateway's managed identity as `delivery` says,
 * then `202 Accepted` with the idempotency key, or `503` with `Retry-After` when the queue did not
 * take it. The message is JSON: `partner` (the subscription id), `idempotencyKey`, `receivedAt`,
 * `body` (the request body as text, at most `delivery.maxBodyBytes`: a larger one is answered 413
 * before it is sent). `builder` names the refusals.
 */
export function queueMessageElements(builder: string, options: QueueMessageOptions): XmlElement[] {
  const { delivery } = options;
  const { lifetime } = delivery;
  const longest = secondsInWords(lifetime.maxTtlSeconds);
  const ttl = wholeNumberIn(builder, options.messageTtlSeconds, {
    min: lifetime.minTtlSeconds, max: lifetime.maxTtlSeconds, lesson: 'LIM-5', setting: 'messageTtlSeconds',
    problem: `${lifetime.service} keeps a message ${lifetime.minTtlSeconds} s to ${longest} before deleting it unread.`,
    fix: `use ${lifetime.maxTtlSeconds} (${longest}) unless the work goes stale sooner.`,
  });
  const retryAfter = wholeNumberIn(builder, options.retryAfterSeconds ?? 10, {
    min: 1, max: 3600, lesson: 'EDGE-6', setting: 'retryAfterSeconds', problem: 'Retry-After is whole seconds, at least 1.', fix: 'use e.g. 10.',
  });
  const header = checkHeaderName(builder, options.idempotencyKeyHeader ?? IDEMPOTENCY_KEY_HEADER, 'idempotencyKeyHeader');
  const withTtl = (text: string) => text.split('{ttl}').join(String(ttl));
  const message = [
    '@{',
    'var message = new JObject(',
    '  new JProperty("partner", context.Subscription?.Id ?? "anonymous"),',
    `  new JProperty("idempotencyKey", context.Request.Headers.GetValueOrDefault("${header}", "")),`,
    '  new JProperty("receivedAt", DateTime.UtcNow.ToString("o")),',
    '  new JProperty("body", context.Request.Body?.As<string>(preserveContent: true) ?? ""));',
    ...delivery.bodyLines,
    '}',
  ].join('\n');
  return [
    // Too large for a queue message: a 413 the caller will not retry, instead of a 503 it would.
    chooseElement([{
      condition: `@(Encoding.UTF8.GetByteCount(context.Request.Body?.As<string>(preserveContent: true) ?? "") > ${delivery.maxBodyBytes})`,
      then: [returnResponseElement({
        statusCode: 413, reason: 'Content Too Large',
        headers: { 'Content-Type': 'application/problem+json' },
        body: problemJson(413, 'Request too large', `A request body above ${delivery.maxBodyBytes} bytes does not fit in a queued message.`),
      })],
    }]),
    {
      name: 'send-request',
      attributes: { mode: 'new', 'response-variable-name': 'queued', timeout: 20, 'ignore-error': true },
      children: [
        { name: 'set-url', text: withTtl(delivery.sendUrl) },
        { name: 'set-method', text: 'POST' },
        ...delivery.headers.map((h) => setHeaderElement(h.name, ExistsAction.OVERRIDE, [withTtl(h.value)])),
        { name: 'set-body', text: message },
        { name: 'authentication-managed-identity', attributes: { resource: delivery.tokenResource } },
      ],
    },
    chooseElement([{
      condition: `@(context.Variables.GetValueOrDefault<IResponse>("queued") is IResponse r && r.StatusCode == ${delivery.acceptedStatus})`,
      then: [returnResponseElement({
        statusCode: 202, reason: 'Accepted',
        headers: { 'Content-Type': 'application/json' },
        body: `@(new JObject(new JProperty("status", "accepted"), new JProperty("idempotencyKey", context.Request.Headers.GetValueOrDefault("${header}", ""))).ToString())`,
      })],
    }], [returnResponseElement({
      statusCode: 503, reason: 'Service Unavailable',
      headers: { 'Content-Type': 'application/problem+json', 'Retry-After': String(retryAfter) },
      body: problemJson(503, 'Not accepted', 'The request could not be queued. Retry with the same Idempotency-Key.'),
    })]),
  ];
}
