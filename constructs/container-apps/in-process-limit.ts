import { Token } from 'cdktf';
import { IConstruct } from 'constructs';
import { MAX_REPLICAS } from './app-checks';
import { refuse, requireRange, warn } from '../core/validation';

/**
 * The algorithm of a limiter in the application (e.g. ASP.NET Core's `RateLimiter` policies).
 * Window kinds count permits per window; a token bucket holds `permitLimit` tokens refilled every
 * `windowSeconds`; a concurrency limiter caps calls in flight at once.
 */
export enum InProcessLimitKind {
  FIXED_WINDOW = 'fixed-window',
  SLIDING_WINDOW = 'sliding-window',
  TOKEN_BUCKET = 'token-bucket',
  CONCURRENCY = 'concurrency',
}

/** Where a limiter keeps its counter. */
export enum InProcessLimitStore {
  /** Each replica counts on its own: N replicas allow N times the limit (SCALE-3). */
  IN_PROCESS = 'in-process',
  /** One counter in Azure Managed Redis across replicas. */
  SHARED = 'shared',
}

/**
 * A limit the application enforces itself, declared so the infrastructure can say what it
 * really allows once the app runs on several replicas (SCALE-3).
 */
export interface InProcessLimit {
  /** Name of the limiter policy, unique per app, e.g. `per-client`. */
  readonly name: string;
  /** The algorithm. */
  readonly kind: InProcessLimitKind;
  /** Permits per window, tokens per bucket, or calls in flight (concurrency); a whole number of at least 1. */
  readonly permitLimit: number;
  /**
   * Window length, or the refill period of a token bucket, in seconds. Required for the window
   * kinds and `token-bucket`; a `concurrency` limit has none.
   * @default - none (only valid for `concurrency`)
   */
  readonly windowSeconds?: number;
  /**
   * `IN_PROCESS`: each replica keeps its own counter, so N replicas allow N times the limit.
   * `SHARED`: the counter lives in Redis (Azure Managed Redis), one counter across replicas.
   * @default InProcessLimitStore.IN_PROCESS
   */
  readonly store?: InProcessLimitStore;
}

/** A declared limit with what clients can actually get across replicas. */
export interface EffectiveLimit {
  readonly name: string;
  readonly kind: InProcessLimitKind;
  readonly store: InProcessLimitStore;
  /** The configured number. */
  readonly permitLimit: number;
  /** Window or refill period in seconds; undefined for `concurrency`. */
  readonly windowSeconds?: number;
  /** Replicas whose counters add up: maxReplicas for an in-process counter, 1 for a shared one. */
  readonly counters: number;
  /** What clients can get at most: `permitLimit` times `counters`. */
  readonly allowedAtMost: number;
  /** One line for reports, e.g. `per-client: token-bucket 30 per 60 s, in-process on up to 2 replicas: up to 60 per 60 s`. */
  readonly summary: string;
}

const KINDS: readonly string[] = Object.values(InProcessLimitKind);
const STORES: readonly string[] = Object.values(InProcessLimitStore);
/** One day: longer windows are quotas, which belong in a shared store anyway. */
const MAX_WINDOW_SECONDS = 86_400;

/**
 * Check the in-process limits an app declares (SCALE-3): refuse values a limiter cannot run with,
 * and warn for every in-process counter on an app that can run more than one replica, with the
 * limit clients actually get. Returns each limit with its effective value.
 */
export function checkInProcessLimits(scope: IConstruct, limits: readonly InProcessLimit[] | undefined, maxReplicasGiven: number): EffectiveLimit[] {
  requireRange(scope, maxReplicasGiven, {
    min: 1, max: Number.MAX_SAFE_INTEGER, setting: 'maxReplicas', lesson: 'AZURE',
    problem: 'the replica count is a whole number of at least 1.', fix: 'choose a value from 1 to 300.',
  });
  // A Terraform value is not known at synth: the worst case is the Container Apps maximum.
  const unresolved = Token.isUnresolved(maxReplicasGiven);
  const maxReplicas = unresolved ? MAX_REPLICAS : maxReplicasGiven;
  const replicasLabel = unresolved ? `maxReplicas unknown at synth (up to ${MAX_REPLICAS})` : `maxReplicas ${maxReplicas}`;
  const seen = new Set<string>();
  return (limits ?? []).map((limit, index) => {
    const name = limit.name;
    if (typeof name !== 'string' || name.trim() === '') {
      refuse(scope, {
        lesson: 'SCALE-3', setting: `inProcessLimits[${index}].name`, given: name,
        problem: 'every limit needs a name, so reports and warnings can say which limiter they mean.',
        fix: 'name it after the limiter policy in the application, e.g. "per-client".',
      });
    }
    const at = `inProcessLimits.${name}`;
    if (seen.has(name)) {
      refuse(scope, {
        lesson: 'SCALE-3', setting: `${at}.name`, given: name,
        problem: 'two limits share this name, so a report could not tell them apart.',
        fix: 'give each limit the unique name of its limiter policy.',
      });
    }
    seen.add(name);
    if (!KINDS.includes(limit.kind)) {
      refuse(scope, {
        lesson: 'SCALE-3', setting: `${at}.kind`, given: limit.kind,
        problem: 'this is not a limiter algorithm the library knows.',
        fix: `use one of ${KINDS.map((k) => `'${k}'`).join(', ')}.`,
      });
    }
    const store = limit.store ?? InProcessLimitStore.IN_PROCESS;
    if (!STORES.includes(store)) {
      refuse(scope, {
        lesson: 'SCALE-3', setting: `${at}.store`, given: store,
        problem: 'a counter lives either in the process or in a shared store.',
        fix: `use 'in-process' or 'shared' (Redis).`,
      });
    }
    requireRange(scope, limit.permitLimit, {
      min: 1, max: Number.MAX_SAFE_INTEGER, setting: `${at}.permitLimit`, lesson: 'SCALE-3',
      problem: 'a limiter needs a whole number of at least 1 permit; anything less rejects every call.',
      fix: 'give the number of calls allowed, e.g. 30.',
    });
    if (limit.kind === InProcessLimitKind.CONCURRENCY) {
      if (limit.windowSeconds !== undefined) {
        refuse(scope, {
          lesson: 'SCALE-3', setting: `${at}.windowSeconds`, given: limit.windowSeconds,
          problem: 'a concurrency limit counts calls in flight and has no window, so the value would be ignored.',
          fix: `drop windowSeconds, or use kind 'fixed-window', 'sliding-window' or 'token-bucket' for calls per period.`,
        });
      }
    } else {
      const window = {
        lesson: 'SCALE-3' as const, setting: `${at}.windowSeconds`,
        problem: `a ${limit.kind} limit needs its ${limit.kind === InProcessLimitKind.TOKEN_BUCKET ? 'refill period' : 'window'} as a whole number of seconds from 1 to ${MAX_WINDOW_SECONDS}.`,
        fix: 'set windowSeconds, e.g. 60.',
      };
      if (limit.windowSeconds === undefined) refuse(scope, { ...window, given: undefined });
      requireRange(scope, limit.windowSeconds, { ...window, min: 1, max: MAX_WINDOW_SECONDS });
    }

    const counters = store === InProcessLimitStore.IN_PROCESS ? maxReplicas : 1;
    const effectiveLimit = limit.permitLimit * counters;
    const unit = limit.kind === InProcessLimitKind.CONCURRENCY ? 'calls in flight' : `per ${limit.windowSeconds} s`;
    const configured = `${limit.kind} ${limit.permitLimit} ${unit}`;
    const summary = store === InProcessLimitStore.SHARED
      ? `${name}: ${configured}, shared counter: ${limit.permitLimit} ${unit}`
      : `${name}: ${configured}, in-process on up to ${maxReplicas} replica${maxReplicas === 1 ? '' : 's'}: up to ${effectiveLimit} ${unit}`;
    if (store === InProcessLimitStore.IN_PROCESS && maxReplicas > 1) {
      warn(scope, {
        id: 'SCALE-3.PerReplicaLimit', lesson: 'SCALE-3', setting: `${at}.permitLimit`, given: limit.permitLimit,
        problem: limit.kind === InProcessLimitKind.CONCURRENCY
          ? `every replica counts on its own, so with ${replicasLabel} up to ${effectiveLimit} calls are in flight at once, not ${limit.permitLimit}.`
          : `every replica counts on its own, so with ${replicasLabel} clients get up to ${effectiveLimit} per ${limit.windowSeconds} s${limit.kind === InProcessLimitKind.TOKEN_BUCKET ? ` (a bucket of ${limit.permitLimit} on each replica)` : ''}, not ${limit.permitLimit}.`,
        fix: `keep the counter in Azure Managed Redis (store: 'shared') or run one replica.`,
      });
    }
    return {
      name, kind: limit.kind, store, permitLimit: limit.permitLimit,
      ...(limit.windowSeconds !== undefined ? { windowSeconds: limit.windowSeconds } : {}),
      counters, allowedAtMost: effectiveLimit, summary,
    };
  });
}
