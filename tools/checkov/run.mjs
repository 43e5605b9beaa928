// `npm run scan:checkov`: Checkov over every synthesized stack (cdktf.out/stacks, Terraform JSON),
// fully offline, with the skips and their reasons in .checkov.yaml and in the service folders'
// checkov.yaml files (config.mjs merges them). Fails on any other failed check. Installs the
// pinned Checkov into tools/checkov/.venv on first use. Run `npm run synth` first.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repositoryConfig } from './config.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const venv = join(here, '.venv');
const checkov = join(venv, 'bin', 'checkov');
if (!existsSync(checkov)) {
  execFileSync(process.env.PYTHON ?? 'python3', ['-m', 'venv', venv], { stdio: 'inherit' });
  execFileSync(join(venv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', '-r', join(here, 'requirements.txt')], { stdio: 'inherit' });
}
const stacks = join(root, 'cdktf.out', 'stacks');
if (!existsSync(stacks)) {
  console.error('cdktf.out/stacks is missing: run `npm run synth` first.');
  process.exit(2);
}
const config = join(mkdtempSync(join(tmpdir(), 'checkov-')), 'checkov.yaml');
writeFileSync(config, repositoryConfig(root));
const r = spawnSync(checkov, ['-d', stacks, '--config-file', config, '--compact', '--quiet'], {
  cwd: root, stdio: 'inherit',
  // No calls to the Prisma Cloud API or to PyPI for an update check: the scan runs offline.
  env: { ...process.env, BC_SKIP_MAPPING: 'TRUE', CKV_SKIP_PACKAGE_UPDATE_CHECK: 'true' },
});
process.exit(r.status ?? 1);
