// `npm run test:cdktn`: the whole suite on cdktn, the community fork cdktf continues as, in a
// scratch clone of this repository's HEAD: `cdktf` is aliased to `npm:cdktn@<version>` through
// npm `overrides` (so the provider bindings, which import `cdktf`, get the fork too), with the
// constructs version cdktn asks for. Nothing in the sources changes.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const CDKTN = process.env.CDKTN_VERSION ?? '0.24.0';
const CONSTRUCTS = process.env.CDKTN_CONSTRUCTS_VERSION ?? '10.7.0';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const scratch = mkdtempSync(join(tmpdir(), 'rtp-cdktn-'));
const repo = join(scratch, 'repo');
const run = (file, args, cwd = repo) => execFileSync(file, args, { cwd, stdio: 'inherit', env: { ...process.env, CHECKPOINT_DISABLE: '1' } });
try {
  run('git', ['clone', '--quiet', root, repo], root);
  const pkgPath = join(repo, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
  pkg.devDependencies.cdktf = `npm:cdktn@${CDKTN}`;
  pkg.devDependencies.constructs = CONSTRUCTS;
  pkg.overrides = { cdktf: '$cdktf', constructs: '$constructs' };
  writeFileSync(pkgPath, `${JSON.stringify(pkg, null, 2)}\n`);
  rmSync(join(repo, 'package-lock.json'));
  run('npm', ['install', '--no-audit', '--no-fund']);
  const installed = JSON.parse(readFileSync(join(repo, 'node_modules', 'cdktf', 'package.json'), 'utf8'));
  console.log(`node_modules/cdktf is ${installed.name}@${installed.version}`);
  if (installed.name !== 'cdktn') throw new Error('cdktf was not aliased to cdktn');
  run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
  // The APIM policy XSD lives beside this repository, not beside the scratch clone.
  const xsd = resolve(root, '..', 'shared', 'schemas', 'apim-policy');
  execFileSync('npx', ['vitest', 'run'], { cwd: repo, stdio: 'inherit', env: { ...process.env, CHECKPOINT_DISABLE: '1', ...(existsSync(xsd) ? { APIM_POLICY_XSD_DIR: xsd } : {}) } });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
