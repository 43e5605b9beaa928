import { TerraformVariable } from 'cdktf';
import { Construct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { DualIngressContainerApp } from '../../constructs/container-apps/dual-ingress-container-app';
import {
  InProcessLimit, InProcessLimitKind, InProcessLimitStore, checkInProcessLimits,
} from '../../constructs/container-apps/in-process-limit';
import { ENVIRONMENT } from '../support/fixtures';
import { refusalOf } from '../support/refusal';
import { testStack, warningsOf } from '../support/synth';

const FIX = "Fix: keep the counter in Azure Managed Redis (store: 'shared') or run one replica.";

/** Run the check on a construct `test/app`; returns the result and the warnings it raised. */
function check(limits: InProcessLimit[], maxReplicas: number) {
  const stack = testStack();
  const scope = new Construct(stack, 'app');
  const effective = checkInProcessLimits(scope, limits, maxReplicas);
  return { effective, warnings: warningsOf(stack) };
}

describe('checkInProcessLimits warnings (SCALE-3)', () => {
  it('warns for a fixed window on two replicas with the doubled limit', () => {
    const { warnings, effective } = check([{ name: 'per-client', kind: InProcessLimitKind.FIXED_WINDOW, permitLimit: 30, windowSeconds: 60 }], 2);
    expect(warnings).toEqual([
      `[SCALE-3] test/app: inProcessLimits.per-client.permitLimit = 30: every replica counts on its own, so with maxReplicas 2 clients get up to 60 per 60 s, not 30. ${FIX}`,
    ]);
    expect(effective).toEqual([{
      name: 'per-client', kind: 'fixed-window', store: 'in-process', permitLimit: 30, windowSeconds: 60, counters: 2, allowedAtMost: 60,
      summary: 'per-client: fixed-window 30 per 60 s, in-process on up to 2 replicas: up to 60 per 60 s',
    }]);
  });

  it('warns for a sliding window on two replicas with the doubled limit', () => {
    const { warnings, effective } = check([{ name: 'search', kind: InProcessLimitKind.SLIDING_WINDOW, permitLimit: 100, windowSeconds: 10 }], 2);
    expect(warnings).toEqual([expect.stringMatching(
      /^\[SCALE-3\] test\/app: inProcessLimits\.search\.permitLimit = 100: every replica counts on its own, so with maxReplicas 2 clients get up to 200 per 10 s, not 100\. Fix: /)]);
    expect(effective[0].allowedAtMost).toBe(200);
  });

  it('warns for a token bucket on two replicas with the doubled limit and the per-replica bucket', () => {
    const { warnings } = check([{ name: 'burst', kind: InProcessLimitKind.TOKEN_BUCKET, permitLimit: 20, windowSeconds: 1 }], 2);
    expect(warnings).toEqual([expect.stringMatching(
      /^\[SCALE-3\] test\/app: inProcessLimits\.burst\.permitLimit = 20: .*maxReplicas 2 clients get up to 40 per 1 s \(a bucket of 20 on each replica\), not 20\. Fix: keep the counter in Azure Managed Redis/)]);
  });

  it('warns for a concurrency limit on two replicas in calls in flight', () => {
    const { warnings, effective } = check([{ name: 'payments', kind: InProcessLimitKind.CONCURRENCY, permitLimit: 4 }], 2);
    expect(warnings).toEqual([
      `[SCALE-3] test/app: inProcessLimits.payments.permitLimit = 4: every replica counts on its own, so with maxReplicas 2 up to 8 calls are in flight at once, not 4. ${FIX}`,
    ]);
    expect(effective[0]).toMatchObject({ allowedAtMost: 8, summary: 'payments: concurrency 4 calls in flight, in-process on up to 2 replicas: up to 8 calls in flight' });
    expect(effective[0]).not.toHaveProperty('windowSeconds');
  });

  it('multiplies by maxReplicas, one warning per in-process limit', () => {
    const { warnings, effective } = check([
      { name: 'a', kind: InProcessLimitKind.FIXED_WINDOW, permitLimit: 30, windowSeconds: 60 },
      { name: 'b', kind: InProcessLimitKind.CONCURRENCY, permitLimit: 5 },
    ], 10);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('with maxReplicas 10 clients get up to 300 per 60 s, not 30.');
    expect(warnings[1]).toContain('with maxReplicas 10 up to 50 calls are in flight at once, not 5.');
    expect(effective.map((l) => l.allowedAtMost)).toEqual([300, 50]);
  });

  it('does not warn for a shared counter, whose limit holds across replicas', () => {
    const { warnings, effective } = check([{ name: 'per-client', kind: InProcessLimitKind.TOKEN_BUCKET, permitLimit: 30, windowSeconds: 60, store: InProcessLimitStore.SHARED }], 5);
    expect(warnings).toEqual([]);
    expect(effective[0]).toMatchObject({ store: 'shared', counters: 1, allowedAtMost: 30, summary: 'per-client: token-bucket 30 per 60 s, shared counter: 30 per 60 s' });
  });

  it('does not warn on one replica', () => {
    const { warnings, effective } = check([
      { name: 'per-client', kind: InProcessLimitKind.FIXED_WINDOW, permitLimit: 30, windowSeconds: 60 },
      { name: 'inflight', kind: InProcessLimitKind.CONCURRENCY, permitLimit: 4, store: InProcessLimitStore.IN_PROCESS },
    ], 1);
    expect(warnings).toEqual([]);
    expect(effective.map((l) => [l.counters, l.allowedAtMost])).toEqual([[1, 30], [1, 4]]);
  });

  it('takes kinds and stores as their string values, as callers from other languages pass them', () => {
    const { warnings, effective } = check([
      { name: 'per-client', kind: 'token-bucket' as InProcessLimitKind, permitLimit: 30, windowSeconds: 60, store: 'shared' as InProcessLimitStore },
    ], 3);
    expect(warnings).toEqual([]);
    expect(effective).toEqual([{
      name: 'per-client', kind: 'token-bucket', store: 'shared', permitLimit: 30, windowSeconds: 60, counters: 1, allowedAtMost: 30,
      summary: 'per-client: token-bucket 30 per 60 s, shared counter: 30 per 60 s',
    }]);
  });

  it('returns nothing and warns about nothing without limits', () => {
    expect(check([], 10)).toEqual({ effective: [], warnings: [] });
  });
});

describe('checkInProcessLimits refusals (SCALE-3)', () => {
  const refusal = (limits: InProcessLimit[], maxReplicas = 2) => () => check(limits, maxReplicas);

  it('fails when permitLimit is below 1', () => {
    expect(refusal([{ name: 'per-client', kind: InProcessLimitKind.FIXED_WINDOW, permitLimit: 0, windowSeconds: 60 }])).toThrow(
      /^\[SCALE-3\] test\/app: inProcessLimits\.per-client\.permitLimit = 0: a limiter needs a whole number of at least 1 permit.* Fix: give the number of calls allowed/);
  });

  it('fails when permitLimit is not a whole number', () => {
    expect(refusal([{ name: 'per-client', kind: InProcessLimitKind.CONCURRENCY, permitLimit: 2.5 }])).toThrow(
      /^\[SCALE-3\] test\/app: inProcessLimits\.per-client\.permitLimit = 2\.5: .* Fix: /);
  });

  for (const kind of [InProcessLimitKind.FIXED_WINDOW, InProcessLimitKind.SLIDING_WINDOW, InProcessLimitKind.TOKEN_BUCKET]) {
    it(`fails when a ${kind} limit has no windowSeconds`, () => {
      expect(refusal([{ name: 'w', kind, permitLimit: 10 }])).toThrow(
        new RegExp(`^\\[SCALE-3\\] test/app: inProcessLimits\\.w\\.windowSeconds = undefined: a ${kind} limit needs its .* Fix: set windowSeconds, e\\.g\\. 60\\.$`));
    });
  }

  it('fails when windowSeconds is zero, fractional or longer than a day', () => {
    for (const windowSeconds of [0, 1.5, 86_401, -60]) {
      expect(refusal([{ name: 'w', kind: InProcessLimitKind.SLIDING_WINDOW, permitLimit: 10, windowSeconds }])).toThrow(
        `[SCALE-3] test/app: inProcessLimits.w.windowSeconds = ${windowSeconds}: a sliding-window limit needs its window as a whole number of seconds from 1 to 86400. Fix: set windowSeconds, e.g. 60.`);
    }
  });

  it('fails when a concurrency limit has a window, which it would ignore', () => {
    expect(refusal([{ name: 'inflight', kind: InProcessLimitKind.CONCURRENCY, permitLimit: 4, windowSeconds: 60 }])).toThrow(
      /^\[SCALE-3\] test\/app: inProcessLimits\.inflight\.windowSeconds = 60: a concurrency limit counts calls in flight and has no window.* Fix: drop windowSeconds/);
  });

  it('fails when two limits share a name', () => {
    expect(refusal([
      { name: 'per-client', kind: InProcessLimitKind.FIXED_WINDOW, permitLimit: 30, windowSeconds: 60 },
      { name: 'per-client', kind: InProcessLimitKind.CONCURRENCY, permitLimit: 4 },
    ])).toThrow(/^\[SCALE-3\] test\/app: inProcessLimits\.per-client\.name = "per-client": two limits share this name.* Fix: give each limit the unique name/);
  });

  it('fails when a limit has no name', () => {
    expect(refusal([{ name: ' ', kind: InProcessLimitKind.CONCURRENCY, permitLimit: 4 }])).toThrow(
      /^\[SCALE-3\] test\/app: inProcessLimits\[0\]\.name = " ": every limit needs a name.* Fix: name it after the limiter policy/);
  });

  it('fails when the kind or store is unknown (untyped callers)', () => {
    expect(refusal([{ name: 'x', kind: 'leaky-bucket' as never, permitLimit: 4 }])).toThrow(
      /^\[SCALE-3\] test\/app: inProcessLimits\.x\.kind = "leaky-bucket": .* Fix: use one of 'fixed-window', 'sliding-window', 'token-bucket', 'concurrency'\./);
    expect(refusal([{ name: 'x', kind: InProcessLimitKind.CONCURRENCY, permitLimit: 4, store: 'redis' as never }])).toThrow(
      /^\[SCALE-3\] test\/app: inProcessLimits\.x\.store = "redis": .* Fix: use 'in-process' or 'shared'/);
  });

  it('fails when maxReplicas is not a positive whole number', () => {
    expect(refusal([], 0)).toThrow(/^\[AZURE\] test\/app: maxReplicas = 0: .* Fix: /);
  });
});

describe('checkInProcessLimits edges', () => {
  it('sums up a limit on one replica in the singular', () => {
    expect(check([{ name: 'per-client', kind: InProcessLimitKind.FIXED_WINDOW, permitLimit: 30, windowSeconds: 60 }], 1).effective[0].summary)
      .toBe('per-client: fixed-window 30 per 60 s, in-process on up to 1 replica: up to 30 per 60 s');
  });

  it('fails when a limit has no name (a caller in another language left it out)', () => {
    expect(refusalOf(() => check([{ kind: InProcessLimitKind.CONCURRENCY, permitLimit: 5 } as unknown as InProcessLimit], 1)))
      .toMatchObject({ lesson: 'SCALE-3', path: 'test/app', setting: 'inProcessLimits[0].name' });
  });
});

describe('DualIngressContainerApp inProcessLimits', () => {
  it('warns with each app\'s maxReplicas and exposes the effective limits', () => {
    const stack = testStack();
    const app = new DualIngressContainerApp(stack, 'app', {
      name: 'ca-demo', environment: ENVIRONMENT, image: 'mcr.microsoft.com/dotnet/samples:aspnetapp', maxReplicas: 2,
      inProcessLimits: [{ name: 'per-client', kind: InProcessLimitKind.FIXED_WINDOW, permitLimit: 30, windowSeconds: 60 }],
    });
    expect(warningsOf(stack)).toEqual([
      `[SCALE-3] test/app: inProcessLimits.per-client.permitLimit = 30: every replica counts on its own, so with maxReplicas 2 clients get up to 60 per 60 s, not 30. ${FIX}`,
    ]);
    expect(app.effectiveLimits).toMatchObject([{ name: 'per-client', allowedAtMost: 60 }]);
  });

  it('declares no limits by default', () => {
    const stack = testStack();
    const app = new DualIngressContainerApp(stack, 'app', { name: 'ca-demo', environment: ENVIRONMENT, image: 'mcr.microsoft.com/dotnet/samples:aspnetapp' });
    expect(app.effectiveLimits).toEqual([]);
  });

  it('fails when a declared limit is invalid', () => {
    const stack = testStack();
    expect(() => new DualIngressContainerApp(stack, 'app', {
      name: 'ca-demo', environment: ENVIRONMENT, image: 'mcr.microsoft.com/dotnet/samples:aspnetapp',
      inProcessLimits: [{ name: 'per-client', kind: InProcessLimitKind.FIXED_WINDOW, permitLimit: -1, windowSeconds: 60 }],
    })).toThrow(/^\[SCALE-3\] test\/app: inProcessLimits\.per-client\.permitLimit = -1: .* Fix: give the number of calls allowed/);
  });
});

describe('checkInProcessLimits with maxReplicas from Terraform', () => {
  it('warns with the Container Apps maximum of 300 replicas when maxReplicas is not known at synth (SCALE-3)', () => {
    const stack = testStack();
    const max = new TerraformVariable(stack, 'max', { type: 'number' }).numberValue;
    const [limit] = checkInProcessLimits(stack, [{ name: 'per-client', kind: InProcessLimitKind.FIXED_WINDOW, permitLimit: 10, windowSeconds: 60 }], max);
    expect(limit).toMatchObject({ counters: 300, allowedAtMost: 3000 });
    expect(warningsOf(stack)).toEqual([expect.stringMatching(
      /^\[SCALE-3\] test: inProcessLimits\.per-client\.permitLimit = 10: every replica counts on its own, so with maxReplicas unknown at synth \(up to 300\) clients get up to 3000 per 60 s, not 10\./)]);
  });
});
