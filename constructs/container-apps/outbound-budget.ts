import { IConstruct } from 'constructs';
import { groupThousands } from '../core/number-format';
import { MessageLifetime, secondsInWords } from '../core/queue-lifetimes';
import { literalNumberOf } from '../core/stack-variables';
import { refuse, requireRange, warn } from '../core/validation';

/** One budget a third party allows across every caller, e.g. 100 requests per 60 s per API key (LIM-5). */
export interface OutboundBudget {
  /** Calls allowed per period, at least 1. */
  readonly calls: number;
  /** The period, 1-86400 s. @default 60 */
  readonly periodSeconds?: number;
}

/** How the paced consumer calls the provider: each factor of its worst case. */
export interface ConsumerPace {
  /** Replicas of the consumer, always running (no scale rule: the ceiling is fixed). */
  readonly replicas: number;
  /** Calls one replica has in flight at once (`OUTBOUND_MAX_CONCURRENCY` for the app). */
  readonly concurrencyPerReplica: number;
  /**
   * The least time one call holds its slot, in milliseconds: the provider's fastest answer, or
   * the interval the app waits between calls on a slot (`OUTBOUND_MIN_CALL_INTERVAL_MS`),
   * whichever is longer. A 429 comes back fast: pace on the interval, not on the latency.
   */
  readonly minCallMilliseconds: number;
  /** Retries the gateway adds to each call (the retry policy's count): each one is a call too. @default 0 */
  readonly gatewayRetries?: number;
}

/** How the queue holds work through an outage of the provider. */
export interface OutageTolerance {
  /** The longest outage to ride out without parking work in the poison queue, in minutes (the case study: 30). */
  readonly declaredOutageMinutes: number;
  /**
   * Seconds a failed message stays invisible before the next attempt (a Storage queue's
   * `visibilitytimeout` of Get Messages), 1 s up to the queue's limit (Storage: 7 days).
   */
  readonly visibilityTimeoutSeconds: number;
  /** Attempts before a message goes to the poison queue, at least 1. */
  readonly maxDequeueCount: number;
  /** Seconds a message may wait in the queue before the queue deletes it. */
  readonly messageTtlSeconds: number;
  /**
   * How long the provider's breaker stays open, in seconds: the retries must outlast it too,
   * or messages are poisoned while the gateway still fails them fast.
   * @default - the declared outage
   */
  readonly breakerTripSeconds?: number;
}

/** What the arithmetic found, for notes and outputs. */
export interface PaceFigures {
  /** The consumer's worst case per budget period. */
  readonly worstCaseCallsPerPeriod: number;
  /** How long a message keeps being retried before it is poisoned, in seconds: (maxDequeueCount - 1) x visibility timeout. */
  readonly retryWindowSeconds: number;
}

const fmt = (n: number) => (Number.isInteger(n) ? groupThousands(n) : n.toFixed(1));

/**
 * Refuse a consumer whose worst case exceeds the budget (LIM-5), naming every factor:
 * replicas x concurrency x calls per slot per period x (1 + gateway retries).
 */
export function checkPace(scope: IConstruct, budget: OutboundBudget, pace: ConsumerPace): number {
  const period = budget.periodSeconds ?? 60;
  requireRange(scope, budget.calls, {
    min: 1, max: 1_000_000, setting: 'budget.calls', lesson: 'LIM-5',
    problem: 'a budget of 0 calls lets nothing through: every charge waits in the queue until its time-to-live ends.', fix: 'give what the provider allows, e.g. 100.',
  });
  requireRange(scope, period, {
    min: 1, max: 86_400, setting: 'budget.periodSeconds', lesson: 'LIM-5', problem: 'the budget period is 1-86400 whole seconds.', fix: 'use 60 for a per-minute budget.',
  });
  requireRange(scope, pace.replicas, {
    min: 1, max: 300, setting: 'pace.replicas', lesson: 'LIM-5', problem: 'the consumer runs 1-300 replicas (Container Apps\' limit); 0 drains nothing.', fix: 'use 1.',
  });
  requireRange(scope, pace.concurrencyPerReplica, {
    min: 1, max: 1000, setting: 'pace.concurrencyPerReplica', lesson: 'LIM-5', problem: 'a replica has 1-1000 calls in flight.', fix: 'use 1 or 2.',
  });
  requireRange(scope, pace.minCallMilliseconds, {
    min: 1, max: 3_600_000, setting: 'pace.minCallMilliseconds', lesson: 'LIM-5', problem: 'a call holds its slot at least 1 ms.', fix: 'give the interval the app keeps between calls, e.g. 1000.',
  });
  const retries = pace.gatewayRetries ?? 0;
  const slotsCalls = (period * 1000) / pace.minCallMilliseconds;
  const worst = pace.replicas * pace.concurrencyPerReplica * slotsCalls * (1 + retries);
  // Compared in whole numbers: replicas x slots x period ms x (1 + retries) against calls x call ms.
  const over = pace.replicas * pace.concurrencyPerReplica * period * 1000 * (1 + retries) > budget.calls * pace.minCallMilliseconds;
  if (over) {
    refuse(scope, {
      lesson: 'LIM-5', setting: 'pace', given: `${fmt(worst)} calls per ${period} s`,
      problem: `${pace.replicas} replica(s) x ${pace.concurrencyPerReplica} call(s) in flight x ${fmt(slotsCalls)} calls per slot per ${period} s (one per ${pace.minCallMilliseconds} ms)`
        + ` x ${1 + retries} (1 call + ${retries} gateway retries) = ${fmt(worst)}, above the provider's budget of ${budget.calls} per ${period} s: the provider answers 429 and may suspend the key.`,
      fix: `lower a factor until the product is at most ${budget.calls}, e.g. a minimum call interval of ${Math.ceil((pace.replicas * pace.concurrencyPerReplica * period * 1000 * (1 + retries)) / budget.calls)} ms.`,
    });
  }
  return worst;
}

/** How long a message must live to ride out the outage (or the longer breaker trip) and its retries, in seconds. */
export function outageLifetimeSeconds(outage: OutageTolerance): number {
  const outageSeconds = Math.max(outage.declaredOutageMinutes * 60, outage.breakerTripSeconds ?? 0);
  return outageSeconds + (outage.maxDequeueCount - 1) * outage.visibilityTimeoutSeconds;
}

/**
 * The deliveries after which the queue dead-letters a message itself, as Terraform will get it (a
 * variable's default read as its literal); undefined where the queue has no such limit or it is
 * known only at apply. Refuses one that is not a whole number of at least 1.
 */
function deliveryLimitOf(scope: IConstruct, lifetime: MessageLifetime): number | undefined {
  const limit = lifetime.maxDeliveries === undefined ? undefined : literalNumberOf(scope, lifetime.maxDeliveries);
  if (limit === undefined) return undefined;
  requireRange(scope, limit, {
    min: 1, max: Number.MAX_SAFE_INTEGER, setting: 'queue.lifetime.maxDeliveries', lesson: 'PAY-3',
    problem: `${lifetime.service} delivers a message at least once before dead-lettering it: the limit is a whole number from 1.`,
    fix: 'give the queue service\'s own delivery limit (Service Bus: maxDeliveryCount, 1-2000).',
  });
  return limit;
}

/**
 * Refuse a queue set-up that poisons messages, or lets them expire, during the declared outage
 * (LIM-5, PAY-3), with the arithmetic in the message. Returns the retry window in seconds.
 */
export function checkOutage(scope: IConstruct, outage: OutageTolerance, lifetime: MessageLifetime): number {
  requireRange(scope, outage.declaredOutageMinutes, {
    min: 1, max: 7 * 24 * 60, setting: 'outage.declaredOutageMinutes', lesson: 'PAY-3',
    problem: 'the outage to ride out is 1 minute to 7 days.', fix: 'use the provider\'s longest maintenance window, e.g. 30.',
  });
  requireRange(scope, outage.visibilityTimeoutSeconds, {
    min: 1, max: lifetime.maxVisibilityTimeoutSeconds, setting: 'outage.visibilityTimeoutSeconds', lesson: 'AZURE',
    problem: `${lifetime.service} hides a message for 1 s to ${secondsInWords(lifetime.maxVisibilityTimeoutSeconds)}.`, fix: 'use e.g. 300.',
  });
  requireRange(scope, outage.maxDequeueCount, {
    min: 1, max: 1000, setting: 'outage.maxDequeueCount', lesson: 'PAY-3', problem: 'a message gets 1-1000 attempts.', fix: 'use e.g. 8.',
  });
  const declaredSeconds = outage.declaredOutageMinutes * 60;
  // The longer of the outage and the breaker's open time: both fail every attempt.
  const outageSeconds = Math.max(declaredSeconds, outage.breakerTripSeconds ?? 0);
  // A queue that dead-letters by itself (Service Bus) ends the retries at its own count when that
  // comes first: the attempts that happen are the fewer of the two.
  const limit = deliveryLimitOf(scope, lifetime);
  const queueStopsFirst = limit !== undefined && limit < outage.maxDequeueCount;
  const attempts = queueStopsFirst ? limit : outage.maxDequeueCount;
  const window = (attempts - 1) * outage.visibilityTimeoutSeconds;
  const shorter = outageSeconds > declaredSeconds
    ? ` shorter than the breaker's ${fmt(outageSeconds)} s open time (longer than the declared ${outage.declaredOutageMinutes}-minute outage)`
    : ` shorter than the declared ${outage.declaredOutageMinutes}-minute outage (${fmt(outageSeconds)} s)`;
  const attemptsNeeded = Math.ceil(outageSeconds / outage.visibilityTimeoutSeconds) + 1;
  if (window < outageSeconds && queueStopsFirst) {
    const deliveries = limit === 1 ? '1 delivery' : `${limit} deliveries`;
    const timeout = limit > 1 ? Math.ceil(outageSeconds / (limit - 1)) : undefined;
    refuse(scope, {
      lesson: 'PAY-3', setting: 'queue', given: `${deliveries} before ${lifetime.service} dead-letters a message`,
      problem: `the queue dead-letters a message after ${deliveries}, before the consumer's ${outage.maxDequeueCount} attempts: one that first fails when the outage starts is retried for (${limit} - 1) x ${outage.visibilityTimeoutSeconds} s = ${fmt(window)} s,${shorter}: it is dead-lettered while the provider is still down.`,
      fix: `raise the queue's delivery limit to at least ${attemptsNeeded}`
        + (timeout === undefined
          ? ': with one delivery there is no retry for any visibility timeout to space out.'
          : timeout <= lifetime.maxVisibilityTimeoutSeconds
            ? `, or use a visibility timeout of at least ${timeout} s.`
            : ` (a longer visibility timeout cannot do it: ${lifetime.service} hides a message for at most ${secondsInWords(lifetime.maxVisibilityTimeoutSeconds)}).`),
    });
  }
  if (window < outageSeconds) {
    refuse(scope, {
      lesson: 'PAY-3', setting: 'outage', given: `${outage.maxDequeueCount} attempts, ${outage.visibilityTimeoutSeconds} s apart`,
      problem: `a message that first fails when the outage starts is retried for (${outage.maxDequeueCount} - 1) x ${outage.visibilityTimeoutSeconds} s = ${fmt(window)} s,${shorter}: `
        + (outageSeconds > declaredSeconds ? 'it goes to the poison queue while the gateway still fails it fast.' : 'it goes to the poison queue while the provider is still down.'),
      fix: outage.maxDequeueCount === 1
        ? `allow at least ${attemptsNeeded} attempts at ${outage.visibilityTimeoutSeconds} s: with one attempt there is no retry for any visibility timeout to space out.`
        : `allow at least ${attemptsNeeded} attempts at ${outage.visibilityTimeoutSeconds} s, or a visibility timeout of at least ${Math.ceil(outageSeconds / (outage.maxDequeueCount - 1))} s.`,
    });
  }
  if (queueStopsFirst) {
    warn(scope, {
      id: 'PAY-3.QueueDeliveryLimit', lesson: 'PAY-3', setting: 'outage.maxDequeueCount', given: outage.maxDequeueCount,
      problem: `the queue dead-letters a message after ${limit} deliveries, so the consumer's last ${outage.maxDequeueCount - limit} of ${outage.maxDequeueCount} attempts never happen (the outage is still covered: (${limit} - 1) x ${outage.visibilityTimeoutSeconds} s = ${fmt(window)} s).`,
      fix: `plan ${limit} attempts, or raise the queue's delivery limit to ${outage.maxDequeueCount}.`,
    });
  }
  const needed = outageLifetimeSeconds(outage);
  if (outage.messageTtlSeconds < needed) {
    refuse(scope, {
      lesson: 'PAY-3', setting: 'outage.messageTtlSeconds', given: outage.messageTtlSeconds,
      problem: `a message must live through the outage (outage.declaredOutageMinutes${outageSeconds > declaredSeconds ? ', or the breaker\'s longer open time' : ''}) and its retries ((outage.maxDequeueCount - 1) x outage.visibilityTimeoutSeconds): ${fmt(outageSeconds)} s + ${fmt(window)} s = ${fmt(needed)} s; ${lifetime.service} deletes it sooner, unprocessed and without a trace.`,
      fix: `use at least ${needed} s, e.g. ${lifetime.maxTtlSeconds} (${secondsInWords(lifetime.maxTtlSeconds)}, the most ${lifetime.service} keeps).`,
    });
  }
  return window;
}
