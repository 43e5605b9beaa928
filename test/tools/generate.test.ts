import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOT_RUN, STEPS, exitCodeOf, outcomeOf, runSteps } from '../../tools/generate.mjs';

const scripts = Object.keys((JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);

describe('npm run generate: every checked-in file a command writes', () => {
  it('runs every generator script of package.json (gen:*, docs:*, paths), or says why not', () => {
    const generators = scripts.filter((s) => /^(?:gen|docs):|^paths$/.test(s));
    expect(generators.filter((s) => !STEPS.some((step) => step.script === s) && !(s in NOT_RUN))).toEqual([]);
    expect(STEPS.filter((step) => !scripts.includes(step.script))).toEqual([]);
  });

  it('writes the service index first: the other generators build the stacks from it', () => {
    expect(STEPS[0].script).toBe('gen:services');
    expect(STEPS.map((s) => s.script)).toEqual(['gen:services', 'docs:rules', 'docs:preflight', 'paths', 'gen:fixtures', 'docs:api']);
  });
});

describe('npm run generate: what a step\'s exit status means', () => {
  const paths = STEPS.find((s) => s.script === 'paths')!;
  const fixtures = STEPS.find((s) => s.script === 'gen:fixtures')!;

  it('fails when a step other than the plan fixture exits 2: only gen:fixtures may say it cannot run here', () => {
    expect(outcomeOf(paths, 2)).toBe('failed');
    expect(outcomeOf(fixtures, 2)).toBe('not-run');
    expect(outcomeOf(fixtures, 1)).toBe('failed');
    expect(outcomeOf(paths, 0)).toBe('done');
    expect(STEPS.filter((s) => s.cannotRun !== undefined).map((s) => s.script)).toEqual(['gen:fixtures']);
  });

  it('exits 1 when a step failed, and in --check mode 2 when a check did not run (not "all current")', () => {
    expect(exitCodeOf(['done', 'failed', 'not-run'], false)).toBe(1);
    expect(exitCodeOf(['done', 'not-run'], true)).toBe(2);
    expect(exitCodeOf(['done', 'not-run'], false)).toBe(0);
    expect(exitCodeOf(['done', 'done'], true)).toBe(0);
  });
});

describe('npm run generate: the order of the run', () => {
  const statuses = (failing: string, status = 1) => (step: { script: string }) => (step.script === failing ? status : 0);

  it('fails when the service index cannot be written, and runs none of the steps that read it', () => {
    const results = runSteps(STEPS, false, statuses('gen:services'));
    expect(results.map((r) => r.outcome)).toEqual(['failed', 'skipped', 'skipped', 'skipped', 'skipped', 'skipped']);
    expect(exitCodeOf(results.map((r) => r.outcome), false)).toBe(1);
  });

  it('checks every step in --check mode even after a stale service index, and goes on after any other failure', () => {
    expect(runSteps(STEPS, true, statuses('gen:services')).map((r) => r.outcome)).toEqual(['failed', 'done', 'done', 'done', 'done', 'done']);
    expect(runSteps(STEPS, false, statuses('paths')).map((r) => r.outcome)).toEqual(['done', 'done', 'done', 'failed', 'done', 'done']);
  });
});
