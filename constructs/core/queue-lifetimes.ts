import { IConstruct } from 'constructs';
import { refuse } from './validation';

// What the writers of a queue give each message to live (Put Message's `messagettl`) against how
// long its consumer needs a message to live through an outage and its retries (PAY-3). Each side
// declares itself by the queue object; whichever comes second is checked, so the construct that
// completes the pair names the mismatch.

/**
 * How long a queue service keeps and hides a message: what its writers and its consumer are
 * checked against (LIM-5, PAY-3). A queue gives its own (`IMessageQueue.lifetime`).
 */
export interface MessageLifetime {
  /** The service that keeps the messages, as a finding names it, e.g. `Storage`. */
  readonly service: string;
  /** The shortest time-to-live a writer may give a message, in seconds. */
  readonly minTtlSeconds: number;
  /** The longest time-to-live, in seconds (Storage: 604800, 7 days). */
  readonly maxTtlSeconds: number;
  /** The longest a failed message may stay hidden before its next attempt, in seconds. */
  readonly maxVisibilityTimeoutSeconds: number;
  /**
   * The deliveries after which the queue service moves a message to its dead-letter queue by
   * itself (Service Bus's `maxDeliveryCount`). A consumer's retries end at the fewer of this and
   * its own attempts: refused where that no longer spans the outage it was checked against, a
   * warning where it still does (PAY-3). The arithmetic takes deliveries one visibility timeout
   * apart: on Service Bus that holds when the app lets a failed message's lock run out (it does
   * not abandon it, which redelivers at once) and the queue's lock duration is that timeout.
   * @default - none: the consumer counts the attempts and moves the message itself (a Storage queue only counts dequeues)
   */
  readonly maxDeliveries?: number;
}

/** Whole days, hours or minutes in words (`7 days`, `1 hour`), else seconds (`90 s`), for a finding. */
export function secondsInWords(seconds: number): string {
  for (const [unit, size] of [['day', 86_400], ['hour', 3600], ['minute', 60]] as const) {
    if (seconds >= size && seconds % size === 0) return `${seconds / size} ${unit}${seconds === size ? '' : 's'}`;
  }
  return `${seconds} s`;
}

interface Writer { readonly scope: IConstruct; readonly ttlSeconds: number }
interface Consumer { readonly scope: IConstruct; readonly neededSeconds: number; readonly arithmetic: string }
interface Sides { writers: Writer[]; consumers: Consumer[] }
const QUEUES = new WeakMap<object, Sides>();

function sidesOf(queue: object): Sides {
  let sides = QUEUES.get(queue);
  if (!sides) {
    sides = { writers: [], consumers: [] };
    QUEUES.set(queue, sides);
  }
  return sides;
}

function refuseShort(at: IConstruct, setting: string, writer: Writer, consumer: Consumer, queueName: string, lifetime: MessageLifetime): never {
  return refuse(at, {
    lesson: 'PAY-3', setting, given: writer.ttlSeconds,
    problem: `${writer.scope.node.path} gives each message of ${queueName} ${writer.ttlSeconds} s to live, and ${consumer.scope.node.path} needs ${consumer.arithmetic}: ${lifetime.service} deletes a message that waits out the outage, unprocessed and without a trace.`,
    fix: `give the messages at least ${consumer.neededSeconds} s (messageTtlSeconds, e.g. ${lifetime.maxTtlSeconds}: ${secondsInWords(lifetime.maxTtlSeconds)}, the most ${lifetime.service} keeps), or ride out a shorter outage.`,
  });
}

/** A writer (`scope`) puts messages on `queue` with `ttlSeconds` to live. */
export function declareQueueWriter(scope: IConstruct, queue: object, queueName: string, ttlSeconds: number, lifetime: MessageLifetime): void {
  const sides = sidesOf(queue);
  const writer = { scope, ttlSeconds };
  const short = sides.consumers.find((c) => ttlSeconds < c.neededSeconds);
  if (short) refuseShort(scope, 'messageTtlSeconds', writer, short, queueName, lifetime);
  sides.writers.push(writer);
}

/** The consumer (`scope`) of `queue` needs a message to live `neededSeconds` (with the arithmetic, for the message). */
export function declareQueueConsumer(scope: IConstruct, queue: object, queueName: string, neededSeconds: number, arithmetic: string, lifetime: MessageLifetime): void {
  const sides = sidesOf(queue);
  const consumer = { scope, neededSeconds, arithmetic };
  const short = sides.writers.find((w) => w.ttlSeconds < neededSeconds);
  if (short) refuseShort(scope, 'queue', short, consumer, queueName, lifetime);
  sides.consumers.push(consumer);
}
