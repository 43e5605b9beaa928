import { Token } from 'cdktf';
import { refuseValue, wholeNumberIn } from '../core/validation';
import { ExistsAction, checkHeaderName, chooseElement, returnResponseElement, setHeaderElement } from './statements';
import { checkEntraTokenTarget } from './caller-token';
import { XmlElement } from './xml';

/** The header a client sends so a retried command runs once (PAY-1). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

const problem = (status: number, title: string, detail: string) => JSON.stringify({ type: 'about:blank', title, status, detail });

/** `Idempotency-Key` (or another header) required: without it the gateway answers 400 as problem+json (PAY-1). */
export function requireIdempotencyKeyElement(headerName: string = IDEMPOTENCY_KEY_HEADER): XmlElement {
  checkHeaderName('require-idempotency-key', headerName, 'headerName');
  return chooseElement([{
    condition: `@(string.IsNullOrWhiteSpace(context.Request.Headers.GetValueOrDefault("${headerName}", "")))`,
    then: [returnResponseElement({
      statusCode: 400, reason: 'Bad Request',
      headers: { 'Content-Type': 'application/problem+json' },
      body: problem(400, `${headerName} required`, `Send an ${headerName} header derived from the order, the same on every retry: the charge then runs once.`),
    })],
  }]);
}

export interface StorageQueueMessageOptions {
  /** The queue's URL, `https://<account>.queue.core.windows.net/<queue>` (a reference is fine). */
  readonly queueUrl: string;
  /**
   * Seconds a message may wait in the queue before Azure deletes it (Put Message's
   * `messagettl`), 60 s to 7 days: it must outlast the provider's longest outage plus the
   * backlog's drain time.
   */
  readonly messageTtlSeconds: number;
  /** The header whose value goes into the message as `idempotencyKey`. @default 'Idempotency-Key' */
  readonly idempotencyKeyHeader?: string;
  /** `Retry-After` of the 503 answered when the queue does not take the message. @default 10 */
  readonly retryAfterSeconds?: number;
}

/**
 * The largest request body the message can carry: Storage takes 64 KiB per message, base64 makes
 * it 4/3 larger, and the envelope needs room.
 */
export const MAX_QUEUED_BODY_BYTES = 45 * 1024;

/** Storage's upper bound on a message's time-to-live (without -1, "never"). */
export const MAX_MESSAGE_TTL_SECONDS = 7 * 24 * 3600;

/**
 * The request as a queue message, put with the gateway's managed identity (Storage Queue Data
 * Message Sender on the queue; no key), then `202 Accepted` with the idempotency key, or `503`
 * with `Retry-After` when the queue did not take it. The message is JSON, base64-encoded as the
 * Functions queue trigger and the Azure SDK expect: `partner` (the subscription id),
 * `idempotencyKey`, `receivedAt`, `body` (the request body as text, at most 45 KiB: a larger one
 * is answered 413 before it is sent).
 */
export function storageQueueMessageElements(options: StorageQueueMessageOptions): XmlElement[] {
  const builder = 'send-to-storage-queue';
  if (!Token.isUnresolved(options.queueUrl) && !/^https:\/\/[a-z0-9]{3,24}\.queue\.core\.windows\.net\/[a-z0-9-]{3,63}$/.test(options.queueUrl)) {
    refuseValue(builder, {
      lesson: 'AZURE', setting: 'queueUrl', given: options.queueUrl,
      problem: 'a queue URL is https://<account>.queue.core.windows.net/<queue>.', fix: 'pass StorageQueue.url.',
    });
  }
  const ttl = wholeNumberIn(builder, options.messageTtlSeconds, {
    min: 60, max: MAX_MESSAGE_TTL_SECONDS, lesson: 'LIM-5', setting: 'messageTtlSeconds',
    problem: 'Storage keeps a message 60 s to 7 days before deleting it unread.', fix: 'use 604800 (7 days) unless the work goes stale sooner.',
  });
  const retryAfter = wholeNumberIn(builder, options.retryAfterSeconds ?? 10, {
    min: 1, max: 3600, lesson: 'EDGE-6', setting: 'retryAfterSeconds', problem: 'Retry-After is whole seconds, at least 1.', fix: 'use e.g. 10.',
  });
  const header = checkHeaderName(builder, options.idempotencyKeyHeader ?? IDEMPOTENCY_KEY_HEADER, 'idempotencyKeyHeader');
  const message = [
    '@{',
    'var message = new JObject(',
    '  new JProperty("partner", context.Subscription?.Id ?? "anonymous"),',
    `  new JProperty("idempotencyKey", context.Request.Headers.GetValueOrDefault("${header}", "")),`,
    '  new JProperty("receivedAt", DateTime.UtcNow.ToString("o")),',
    '  new JProperty("body", context.Request.Body?.As<string>(preserveContent: true) ?? ""));',
    'var text = Convert.ToBase64String(Encoding.UTF8.GetBytes(message.ToString(Newtonsoft.Json.Formatting.None)));',
    'return "<QueueMessage><MessageText>" + text + "</MessageText></QueueMessage>";',
    '}',
  ].join('\n');
  return [
    // Too large for a queue message: a 413 the caller will not retry, instead of a 503 it would.
    chooseElement([{
      condition: `@(Encoding.UTF8.GetByteCount(context.Request.Body?.As<string>(preserveContent: true) ?? "") > ${MAX_QUEUED_BODY_BYTES})`,
      then: [returnResponseElement({
        statusCode: 413, reason: 'Content Too Large',
        headers: { 'Content-Type': 'application/problem+json' },
        body: problem(413, 'Request too large', `A request body above ${MAX_QUEUED_BODY_BYTES} bytes does not fit in a queued message.`),
      })],
    }]),
    {
      name: 'send-request',
      attributes: { mode: 'new', 'response-variable-name': 'queued', timeout: 20, 'ignore-error': true },
      children: [
        { name: 'set-url', text: `${options.queueUrl}/messages?messagettl=${ttl}` },
        { name: 'set-method', text: 'POST' },
        setHeaderElement('x-ms-version', ExistsAction.OVERRIDE, ['2021-12-02']),
        setHeaderElement('Content-Type', ExistsAction.OVERRIDE, ['application/xml']),
        { name: 'set-body', text: message },
        { name: 'authentication-managed-identity', attributes: { resource: 'https://storage.azure.com/' } },
      ],
    },
    chooseElement([{
      condition: '@(context.Variables.GetValueOrDefault<IResponse>("queued") is IResponse r && r.StatusCode == 201)',
      then: [returnResponseElement({
        statusCode: 202, reason: 'Accepted',
        headers: { 'Content-Type': 'application/json' },
        body: `@(new JObject(new JProperty("status", "accepted"), new JProperty("idempotencyKey", context.Request.Headers.GetValueOrDefault("${header}", ""))).ToString())`,
      })],
    }], [returnResponseElement({
      statusCode: 503, reason: 'Service Unavailable',
      headers: { 'Content-Type': 'application/problem+json', 'Retry-After': String(retryAfter) },
      body: problem(503, 'Not accepted', 'The request could not be queued. Retry with the same Idempotency-Key.'),
    })]),
  ];
}

export interface EntraCallerOptions {
  /** Entra tenant the tokens come from (a reference is fine). */
  readonly tenantId: string;
  /** Application (client) id or App ID URI the tokens are for (not the tenant id). */
  readonly audience: string;
  /** Client ids allowed to call: the managed identities of the callers. @default - none: then `requiredRoles` must be given */
  readonly clientApplicationIds?: string[];
  /**
   * App roles the token must carry (`roles` claim), e.g. `AzureEventGridSecureWebhookSubscriber`
   * for Event Grid's deliveries: for callers whose client id is not yours to name.
   * @default - none
   */
  readonly requiredRoles?: string[];
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function audiencesOf(audience: string): string[] {
  return !Token.isUnresolved(audience) && GUID.test(audience) ? [audience, `api://${audience}`] : [audience];
}

/** `<validate-azure-ad-token>`: only tokens for `audience` from the given client ids; anyone else gets 401. */
export function validateEntraCallerElement(options: EntraCallerOptions): XmlElement {
  const builder = 'validate-azure-ad-token';
  const clientIds = options.clientApplicationIds ?? [];
  const roles = options.requiredRoles ?? [];
  if (clientIds.length === 0 && roles.length === 0) {
    refuseValue(builder, {
      lesson: 'ACCESS', setting: 'clientApplicationIds', given: [],
      problem: 'without client ids or a required role every application of the tenant that gets a token for the audience is let in.',
      fix: 'give the client id of each caller\'s managed identity, or the app role the callers are assigned.',
    });
  }
  for (const value of [options.tenantId, options.audience]) {
    if (value.trim() === '') {
      refuseValue(builder, {
        lesson: 'ACCESS', setting: value === options.tenantId ? 'tenantId' : 'audience', given: value,
        problem: 'the token check needs the tenant and the application the tokens are for.', fix: 'give both (GUIDs or references).',
      });
    }
  }
  // validate-azure-ad-token takes v1.0 and v2.0 tokens: an App ID URI is a valid audience here.
  if (!Token.isUnresolved(options.tenantId) && !Token.isUnresolved(options.audience)) {
    checkEntraTokenTarget(builder, { setting: 'tenantId', value: options.tenantId }, options.audience, false);
  }
  return {
    name: 'validate-azure-ad-token',
    attributes: { 'tenant-id': options.tenantId, 'header-name': 'Authorization', 'failed-validation-httpcode': 401 },
    children: [
      ...(clientIds.length > 0 ? [{ name: 'client-application-ids', children: clientIds.map((id) => ({ name: 'application-id', text: id })) }] : []),
      // A managed identity's token names the application as it was asked for: the bare client id, or its App ID URI.
      { name: 'audiences', children: audiencesOf(options.audience).map((text) => ({ name: 'audience', text })) },
      ...(roles.length > 0 ? [{
        name: 'required-claims',
        children: [{ name: 'claim', attributes: { name: 'roles', match: 'any' }, children: roles.map((text) => ({ name: 'value', text })) }],
      }] : []),
    ],
  };
}
