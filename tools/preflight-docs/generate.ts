// `npm run docs:preflight`: synthesize every stack of the embedded environments and write their
// requirements into docs/deploy.md (between the preflight-table markers). `--check`: exit 1 where
// docs/deploy.md is stale instead of writing it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { App } from 'cdktf';
import { PREFLIGHT_FILE, PreflightManifest } from '../../constructs/core/deploy-requirements';
import { buildApp } from '../../src/app';
import { loadEnvironments } from '../../src/environments';
import { reportBlock, writeOrCheckBlock } from '../docs-block';
import { PREFLIGHT_TABLE, renderTable } from './render';

const root = resolve(__dirname, '..', '..');
const outdir = mkdtempSync(join(tmpdir(), 'rtp-preflight-docs-'));
try {
  const app = new App({ outdir });
  const stacks = buildApp(app, loadEnvironments({ env: {} }));
  app.synth();
  const manifests = stacks.map((s) => JSON.parse(readFileSync(join(outdir, 'stacks', s.node.id, PREFLIGHT_FILE), 'utf8')) as PreflightManifest);
  process.exitCode = reportBlock(PREFLIGHT_TABLE, writeOrCheckBlock(root, PREFLIGHT_TABLE, renderTable(manifests), process.argv.includes('--check')), 'npm run docs:preflight', `${manifests.length} stacks`);
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
