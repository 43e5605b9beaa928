import { Token } from 'cdktf';
import { MessageLifetime } from '../core/queue-lifetimes';
import { refuseValue } from '../core/validation';
import { QueueDelivery, queueMessageElements } from './queue-delivery';
import { XmlElement } from './xml';

// A Storage queue's Put Message, as a queue delivery (what a StorageQueue gives as its
// `delivery`), and the Storage-only builder `PolicyStatement.sendToStorageQueue` kept for
// compatibility: the intake API sends through any queue's delivery (`PolicyStatement.sendToQueue`).

/**
 * The largest request body a Storage queue message can carry: Storage takes 64 KiB per message,
 * base64 makes it 4/3 larger, and the envelope needs room.
 */
export const MAX_QUEUED_BODY_BYTES = 45 * 1024;

/** Storage's upper bound on a message's time-to-live (without -1, "never"). */
export const MAX_MESSAGE_TTL_SECONDS = 7 * 24 * 3600;

/** How long a Storage queue keeps (60 s to 7 days) and hides (up to 7 days) a message. */
export const STORAGE_QUEUE_LIFETIME: MessageLifetime = {
  service: 'Storage', minTtlSeconds: 60, maxTtlSeconds: MAX_MESSAGE_TTL_SECONDS, maxVisibilityTimeoutSeconds: 7 * 24 * 3600,
};

/** A Storage queue's Put Message as a `QueueDelivery` (what a Storage queue gives as its `delivery`). */
export class StorageQueueDelivery {
  /**
   * Put Message on the queue at `queueUrl` (`https://<account>.queue.core.windows.net/<queue>`):
   * the JSON message base64-encoded, as the Functions queue trigger and the Azure SDK expect, in
   * `<QueueMessage>`, with a token for `https://storage.azure.com/`.
   */
  public static of(queueUrl: string): QueueDelivery {
    return {
      queueUrl,
      sendUrl: `${queueUrl}/messages?messagettl={ttl}`,
      headers: [{ name: 'x-ms-version', value: '2021-12-02' }, { name: 'Content-Type', value: 'application/xml' }],
      bodyLines: [
        'var text = Convert.ToBase64String(Encoding.UTF8.GetBytes(message.ToString(Newtonsoft.Json.Formatting.None)));',
        'return "<QueueMessage><MessageText>" + text + "</MessageText></QueueMessage>";',
      ],
      tokenResource: 'https://storage.azure.com/',
      acceptedStatus: 201,
      maxBodyBytes: MAX_QUEUED_BODY_BYTES,
      lifetime: STORAGE_QUEUE_LIFETIME,
      protocol: 'HTTPS (Storage queue, put message)',
    };
  }

  private constructor() {}
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
 * The request as a Storage queue message, put with the gateway's managed identity (Storage Queue
 * Data Message Sender on the queue; no key): `queueMessageElements` with `StorageQueueDelivery`,
 * after checking that `queueUrl` is a Storage queue's URL.
 */
export function storageQueueMessageElements(options: StorageQueueMessageOptions): XmlElement[] {
  const builder = 'send-to-storage-queue';
  if (!Token.isUnresolved(options.queueUrl) && !/^https:\/\/[a-z0-9]{3,24}\.queue\.core\.windows\.net\/[a-z0-9-]{3,63}$/.test(options.queueUrl)) {
    refuseValue(builder, {
      lesson: 'AZURE', setting: 'queueUrl', given: options.queueUrl,
      problem: 'a queue URL is https://<account>.queue.core.windows.net/<queue>.', fix: 'pass StorageQueue.url.',
    });
  }
  return queueMessageElements(builder, { ...options, delivery: StorageQueueDelivery.of(options.queueUrl) });
}
