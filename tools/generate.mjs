// `npm run generate`: write every checked-in file a command writes, one after another, after a
// change to a construct, a rule or a stack: what docs/architecture.md ("Adding a construct") lists
// under "by a command". `--check`: exit 1 where one of them is stale instead of writing it.
// Snapshots are not written here: `-u` is a decision to take per test (vitest).
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/** The generators, in the order they must run (the others read the service index). */
export const STEPS = [
  { script: 'gen:services', writes: 'the service index (constructs/stack/service-index.generated.ts)' },
  { script: 'docs:rules', writes: "docs/lessons.md's rule table" },
  { script: 'docs:preflight', writes: "docs/deploy.md's preflight table" },
  { script: 'paths', writes: 'the request-path pictures (docs/paths/)' },
  { script: 'gen:fixtures', writes: 'the azure-lessons plan fixture (test/fixtures/lessons-cli/payments-dev.plan.json; Terraform and the provider mirror)' },
  { script: 'docs:api', writes: 'docs/API.md (jsii)' },
];

/** Generator scripts `generate` leaves out, and why. */
export const NOT_RUN = {
  'gen:azapi': 'writes the AzAPI bindings from ../shared/schemas: part of a provider upgrade, not of a construct or stack change',
};

/** Exit code of a generator that could not run here (a tool or the provider mirror missing): gen:fixtures' 2. */
const CANNOT_RUN = 2;

function main() {
  const check = process.argv.includes('--check');
  const results = STEPS.map(({ script, writes }) => {
    console.log(`\n== npm run ${script}${check ? ' -- --check' : ''}: ${writes}`);
    const run = spawnSync('npm', ['run', '--silent', script, ...(check ? ['--', '--check'] : [])], { stdio: 'inherit' });
    return { script, writes, status: run.status ?? 1 };
  });
  console.log('');
  for (const { script, writes, status } of results) {
    const outcome = status === 0 ? (check ? 'current' : 'written') : status === CANNOT_RUN ? 'NOT RUN here (see its message above; CI runs it)' : check ? 'STALE or failed' : 'FAILED';
    console.log(`${script.padEnd(15)} ${outcome}: ${writes}`);
  }
  return results.some((r) => r.status !== 0 && r.status !== CANNOT_RUN) ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main();
