// `node tools/release-check.mjs` (a CI step): a release tag is something a consumer can install.
// Clones this repository (its HEAD) into a scratch directory, cuts a release there with
// tools/release.mjs (version bump, CHANGELOG entry, tag v<version>), then installs
// `git+file://<clone>#v<version>` into a scratch consumer (npm runs `prepare`, which builds the
// package) and synthesizes a small stack with it. Prints one line and exits non-zero on failure.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const scratch = mkdtempSync(join(tmpdir(), 'rtp-release-'));
const env = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', CHECKPOINT_DISABLE: '1' };
const started = Date.now();

function fail(message) {
  console.log(`FAIL release tag install: ${message.split('\n').slice(0, 12).join('\n     ')}`);
  rmSync(scratch, { recursive: true, force: true });
  process.exit(1);
}

try {
  const clone = join(scratch, 'clone');
  execFileSync('git', ['clone', '--quiet', root, clone], { env });
  execFileSync('git', ['-C', clone, 'config', 'user.name', 'release check']);
  execFileSync('git', ['-C', clone, 'config', 'user.email', 'release-check@example.invalid']);
  // The next patch version, so the tag is new in the clone whatever the repository holds.
  const [major, minor, patch] = pkg.version.split(/[.-]/).map(Number);
  const version = `${major}.${minor}.${patch + 1}`;
  const release = spawnSync(process.execPath, [join(clone, 'tools', 'release.mjs'), version], { cwd: clone, env, encoding: 'utf8' });
  if (release.status !== 0) fail(`tools/release.mjs ${version} exited ${release.status}: ${release.stdout}${release.stderr}`);
  const tagged = execFileSync('git', ['-C', clone, 'show', `v${version}:package.json`], { encoding: 'utf8' });
  if (JSON.parse(tagged).version !== version) fail(`the tag v${version} does not carry version ${version} in package.json`);
  if (!execFileSync('git', ['-C', clone, 'show', `v${version}:CHANGELOG.md`], { encoding: 'utf8' }).includes(`\n## ${version} (`)) fail(`the tag's CHANGELOG has no "## ${version}" section`);

  const consumer = join(scratch, 'consumer');
  mkdirSync(join(consumer, 'src'), { recursive: true });
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({
    name: 'consumer-release-tag', private: true, version: '1.0.0',
    dependencies: {
      cdktf: pkg.devDependencies.cdktf, constructs: pkg.devDependencies.constructs,
      '@cdktf/provider-azurerm': pkg.devDependencies['@cdktf/provider-azurerm'],
      '@realtime-platform/azure-constructs': `git+file://${clone}#v${version}`,
    },
  }, null, 2));
  const install = spawnSync('npm', ['install'], { cwd: consumer, env, encoding: 'utf8' });
  if (install.status !== 0) fail(`npm install git+file://<clone>#v${version} exited ${install.status}:\n${install.stdout}${install.stderr}`);
  const installed = JSON.parse(readFileSync(join(consumer, 'node_modules', '@realtime-platform', 'azure-constructs', 'package.json'), 'utf8'));
  if (installed.version !== version) fail(`installed version ${installed.version}, expected ${version}`);
  // A small stack, in plain JavaScript: a Log Analytics workspace, through the lessons check.
  writeFileSync(join(consumer, 'src', 'main.js'), [
    "const { App } = require('cdktf');",
    "const { AzureStack, LogAnalytics, PlatformTesting } = require('@realtime-platform/azure-constructs');",
    "const app = new App({ outdir: 'cdktf.out' });",
    "const stack = new AzureStack(app, { stackName: 'orders', environmentName: 'dev', production: false });",
    "new LogAnalytics(stack, 'logs', { name: 'log-orders-dev', resourceGroupName: 'rg-orders', location: 'westeurope' });",
    'const tf = JSON.parse(PlatformTesting.synth(stack));',
    "console.log(Object.keys(tf.resource).join(','));",
    '',
  ].join('\n'));
  const synth = spawnSync(process.execPath, ['src/main.js'], { cwd: consumer, env, encoding: 'utf8' });
  if (synth.status !== 0 || !synth.stdout.includes('azurerm_log_analytics_workspace')) fail(`the stack did not synthesize:\n${synth.stdout}${synth.stderr}`);
  console.log(`ok   release tag install (${((Date.now() - started) / 1000).toFixed(0)} s): v${version} cut in a clone, installed from git+file://<clone>#v${version}, synthesized ${synth.stdout.trim()}`);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
rmSync(scratch, { recursive: true, force: true });
