// `npm run generate`: write every checked-in file a command writes, one after another, after a
// change to a construct, a rule or a stack: what docs/architecture.md ("Adding a construct") lists
// under "by a command". `--check`: exit 1 where one of them is stale instead of writing it, and 2
// where a check could not run here (the plan fixture without Terraform or the provider mirror).
// Snapshots are not written here: `-u` is a decision to take per test (vitest).
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/**
 * The generators, in the order they must run. `othersReadIt`: the later steps read what it
 * writes (the service index), so when it fails while writing, they do not run. `cannotRun`: the
 * exit code with which the step says it could not run on this machine (gen:fixtures: no
 * Terraform, or no provider mirror); any other step's non-zero exit is a failure.
 */
export const STEPS = [
  { script: 'gen:services', writes: 'the service index (constructs/stack/service-index.generated.ts)', othersReadIt: true },
  { script: 'docs:rules', writes: "docs/lessons.md's rule table and its map of lessons to constructs (from constructs/<folder>/lessons.md)" },
  { script: 'docs:preflight', writes: "docs/deploy.md's preflight table" },
  { script: 'paths', writes: 'the request-path pictures (docs/paths/)' },
  { script: 'gen:fixtures', writes: 'the azure-lessons plan fixture (test/fixtures/lessons-cli/payments-dev.plan.json; Terraform and the provider mirror)', cannotRun: 2 },
  { script: 'docs:api', writes: 'docs/API.md (jsii)' },
];

/** Generator scripts `generate` leaves out, and why. */
export const NOT_RUN = {
  'gen:azapi': 'writes the AzAPI bindings from ../shared/schemas: part of a provider upgrade, not of a construct or stack change',
};

/** What one step's exit status means: `done`, `not-run` (it said it cannot run here) or `failed`. */
export function outcomeOf(step, status) {
  if (status === 0) return 'done';
  return step.cannotRun !== undefined && status === step.cannotRun ? 'not-run' : 'failed';
}

/** The run's exit code: 1 when a step failed (or a check found a file stale); in --check mode 2 when a check did not run; else 0. */
export function exitCodeOf(outcomes, check) {
  if (outcomes.includes('failed') || outcomes.includes('skipped')) return 1;
  return check && outcomes.includes('not-run') ? 2 : 0;
}

/**
 * Run `steps` in order with `run(step)` (its exit status): each step's outcome, `skipped` for the
 * steps after one whose output the others read failed while writing.
 */
export function runSteps(steps, check, run) {
  const results = [];
  let stopped = undefined;
  for (const step of steps) {
    if (stopped) {
      results.push({ step, outcome: 'skipped' });
      continue;
    }
    const outcome = outcomeOf(step, run(step));
    results.push({ step, outcome });
    if (step.othersReadIt && outcome !== 'done' && !check) stopped = step;
  }
  return results;
}

const WORDS = {
  done: (check) => (check ? 'current' : 'written'),
  'not-run': () => 'NOT RUN here (its message above says why; CI runs it)',
  failed: (check) => (check ? 'STALE or failed' : 'FAILED'),
  skipped: () => 'NOT RUN: a step before it failed, and it reads what that step writes',
};

function main() {
  const check = process.argv.includes('--check');
  const results = runSteps(STEPS, check, (step) => {
    console.log(`\n== npm run ${step.script}${check ? ' -- --check' : ''}: ${step.writes}`);
    return spawnSync('npm', ['run', '--silent', step.script, ...(check ? ['--', '--check'] : [])], { stdio: 'inherit' }).status ?? 1;
  });
  console.log('');
  for (const { step, outcome } of results) console.log(`${step.script.padEnd(15)} ${WORDS[outcome](check)}: ${step.writes}`);
  return exitCodeOf(results.map((r) => r.outcome), check);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main();
