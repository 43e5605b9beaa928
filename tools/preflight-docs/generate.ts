// `npm run docs:preflight`: synthesize every stack of the embedded environments and write their
// requirements into docs/deploy.md (between the preflight-table markers). `--check`: exit 1 where
// docs/deploy.md is stale instead of writing it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { App } from 'cdktf';
import { PREFLIGHT_FILE, PreflightManifest } from '../../constructs/core/deploy-requirements';
import { buildApp } from '../../src/app';
import { loadEnvironments } from '../../src/environments';
import { renderTable, replaceBlock } from './render';

const root = resolve(__dirname, '..', '..');
const outdir = mkdtempSync(join(tmpdir(), 'rtp-preflight-docs-'));
try {
  const app = new App({ outdir });
  const stacks = buildApp(app, loadEnvironments({ env: {} }));
  app.synth();
  const manifests = stacks.map((s) => JSON.parse(readFileSync(join(outdir, 'stacks', s.node.id, PREFLIGHT_FILE), 'utf8')) as PreflightManifest);
  const target = join(root, 'docs', 'deploy.md');
  const before = readFileSync(target, 'utf8');
  const after = replaceBlock(before, renderTable(manifests));
  if (process.argv.includes('--check')) {
    if (after !== before) {
      console.error('docs/deploy.md is stale: run npm run docs:preflight');
      process.exitCode = 1;
    }
  } else {
    writeFileSync(target, after);
    console.log(`docs/deploy.md: ${manifests.length} stacks`);
  }
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
