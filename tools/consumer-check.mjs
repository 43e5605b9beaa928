// `npm run test:consumer`: install the library the way another team would, in scratch projects
// outside this repository, and check what happens:
//   1. the packed tarball of HEAD with matching peers: every README example (docs/examples)
//      compiles and synthesizes, and the `azure-lessons` bin runs on a Terraform directory;
//   2. that tarball next to a mismatched cdktf (0.20.12): the install fails with a peer dependency
//      error, instead of a silent second cdktf whose aspects never run;
//   3. tools/release.mjs in a clone of HEAD cuts v<next patch> (version, CHANGELOG section, tag)
//      and writes the tarball and its SHA-256 into release/<version>/ (`sha256sum -c` passes);
//   4. the newest release (tools/release/newest.mjs: its v<version> tag, or without tags the
//      newest "Release v<version>" commit) installed as a git dependency
//      (`git+file://<repo>#v<version>`, built by `prepare`), and 5. as the tarball `npm pack`
//      makes of that git spec: the release's own examples compile and synthesize with each.
// With the tarball, the `azure-lessons` bin runs on a Terraform directory too, and the `azure-preflight`
// bin starts with its optional dependencies (the Azure SDKs) installed beside it.
// Prints one line per check and exits non-zero if any fails.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestRelease } from './release/newest.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const scratch = mkdtempSync(join(tmpdir(), 'rtp-consumer-'));
const results = [];
const npmEnv = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
const peers = {
  cdktf: pkg.devDependencies.cdktf,
  constructs: pkg.devDependencies.constructs,
  '@cdktf/provider-azurerm': pkg.devDependencies['@cdktf/provider-azurerm'],
  '@cdktf/provider-azuread': pkg.devDependencies['@cdktf/provider-azuread'],
  '@cdktf/provider-time': pkg.devDependencies['@cdktf/provider-time'],
};

function npm(cwd, args) {
  const r = spawnSync('npm', args, { cwd, env: npmEnv, encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

function project(name, dependencies) {
  const dir = join(scratch, name);
  execFileSync('mkdir', ['-p', join(dir, 'src')]);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({
    name: `consumer-${name}`, private: true, version: '1.0.0',
    dependencies, devDependencies: { typescript: pkg.devDependencies.typescript, '@types/node': pkg.devDependencies['@types/node'] },
  }, null, 2));
  return dir;
}

/** The README examples (docs/examples) of the work tree, or of a commit: file name to source. */
function examplesAt(commit) {
  if (!commit) return Object.fromEntries(readdirSync(join(root, 'docs', 'examples')).filter((f) => f.endsWith('.ts')).map((f) => [f, readFileSync(join(root, 'docs', 'examples', f), 'utf8')]));
  const files = execFileSync('git', ['ls-tree', '--name-only', `${commit}:docs/examples`], { cwd: root, encoding: 'utf8' }).split('\n').filter((f) => f.endsWith('.ts'));
  return Object.fromEntries(files.map((f) => [f, execFileSync('git', ['show', `${commit}:docs/examples/${f}`], { cwd: root, encoding: 'utf8' })]));
}

/** Every README example (docs/examples, of the work tree or `commit`), a main that synthesizes each of them, compiled with tsc and run with node. */
function compileAndSynth(dir, commit) {
  const sources = examplesAt(commit);
  const examples = Object.keys(sources).sort().map((file) => {
    writeFileSync(join(dir, 'src', file), sources[file]);
    const stackClass = /export class (\w+) extends AzureStack/.exec(sources[file])?.[1];
    if (!stackClass) throw new Error(`docs/examples/${file} exports no AzureStack class`);
    return { module: `./${file.replace(/\.ts$/, '')}`, stackClass };
  });
  writeFileSync(join(dir, 'src', 'main.ts'), [
    "import { App } from 'cdktf';",
    "import { PlatformTesting } from '@realtime-platform/azure-constructs';",
    ...examples.map((e) => `import { ${e.stackClass} } from '${e.module}';`),
    'const app = new App({ outdir: "cdktf.out" });',
    `for (const stack of [${examples.map((e) => `new ${e.stackClass}(app, 'dev')`).join(', ')}]) {`,
    '  const tf = JSON.parse(PlatformTesting.synth(stack)) as { resource: Record<string, Record<string, unknown>> };',
    "  console.log(`${stack.node.id}: ${Object.values(tf.resource).reduce((n, r) => n + Object.keys(r).length, 0)} resources`);",
    '}',
    'app.synth();',
    '',
  ].join('\n'));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { target: 'ES2022', module: 'commonjs', strict: true, esModuleInterop: true, skipLibCheck: true, outDir: 'out', types: ['node'] },
    include: ['src/**/*.ts'],
  }));
  const tsc = spawnSync(join(dir, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], { cwd: dir, encoding: 'utf8' });
  if (tsc.status !== 0) throw new Error(`tsc failed:\n${tsc.stdout}${tsc.stderr}`);
  const out = execFileSync(process.execPath, ['out/main.js'], { cwd: dir, encoding: 'utf8', env: { ...process.env, CHECKPOINT_DISABLE: '1' } });
  const reports = existsSync(join(dir, 'cdktf.out', 'stacks'))
    ? readdirSync(join(dir, 'cdktf.out', 'stacks')).filter((s) => existsSync(join(dir, 'cdktf.out', 'stacks', s, 'lessons-report.json')))
    : [];
  return `${out.trim().split('\n').join(', ')}; lessons reports for ${reports.join(', ')}`;
}

/** The `azure-lessons` bin as installed: on the modules fixture it finds the same 3 findings (exit 1) and prints the summary (the passed count grows with every rule, so it is not pinned). */
function lessonsBin(dir) {
  cpSync(join(root, 'test', 'fixtures', 'lessons-cli', 'modules'), join(dir, 'infra'), { recursive: true });
  const r = spawnSync(join(dir, 'node_modules', '.bin', 'azure-lessons'), ['infra', '--format', 'sarif', '--output', 'lessons.sarif'], { cwd: dir, encoding: 'utf8' });
  const summary = r.stderr.trim();
  if (r.status !== 1 || !/^lessons: \d+ passed, 3 failed \(1 error, 2 warnings\), 1 suppressed$/.test(summary)) {
    throw new Error(`azure-lessons exited ${r.status}:\n${r.stdout}${r.stderr}`);
  }
  const results = JSON.parse(readFileSync(join(dir, 'lessons.sarif'), 'utf8')).runs[0].results.length;
  return `azure-lessons: exit 1, ${results} SARIF results`;
}

/**
 * The `azure-preflight` bin as installed: the examples' synth wrote preflight.json, the bin answers
 * --help (exit 0) and refuses a run without a subscription (exit 2), and every Azure SDK it loads
 * when it runs resolves from the installed package (optional dependencies, installed by default).
 */
function preflightBin(dir) {
  const bin = join(dir, 'node_modules', '.bin', 'azure-preflight');
  const stacks = readdirSync(join(dir, 'cdktf.out', 'stacks')).filter((s) => existsSync(join(dir, 'cdktf.out', 'stacks', s, 'preflight.json')));
  if (stacks.length === 0) throw new Error('no stack has a preflight.json');
  const help = spawnSync(bin, ['--help'], { cwd: dir, encoding: 'utf8' });
  if (help.status !== 0 || !help.stdout.includes('exit codes: 0 ready')) throw new Error(`azure-preflight --help exited ${help.status}:\n${help.stdout}${help.stderr}`);
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(ARM_|AZURE_)/.test(k)));
  const usage = spawnSync(bin, [join('cdktf.out', 'stacks', stacks[0])], { cwd: dir, encoding: 'utf8', env });
  if (usage.status !== 2 || !usage.stderr.includes('ARM_SUBSCRIPTION_ID')) throw new Error(`azure-preflight without a subscription exited ${usage.status}:\n${usage.stderr}`);
  const library = join(dir, 'node_modules', '@realtime-platform', 'azure-constructs');
  const sdks = Object.keys(pkg.optionalDependencies ?? {});
  const missing = sdks.filter((name) => spawnSync(process.execPath, ['-e', `require.resolve(${JSON.stringify(name)}, { paths: [${JSON.stringify(library)}] })`]).status !== 0);
  if (missing.length > 0) throw new Error(`the preflight's SDKs do not resolve from the package: ${missing.join(', ')}`);
  return `azure-preflight: preflight.json for ${stacks.length} stacks, --help exit 0, no subscription exit 2, ${sdks.length} SDKs resolve`;
}

function check(name, fn) {
  const started = Date.now();
  try {
    const detail = fn();
    results.push({ ok: true, line: `ok   ${name} (${((Date.now() - started) / 1000).toFixed(0)} s): ${detail}` });
  } catch (error) {
    results.push({ ok: false, line: `FAIL ${name}: ${error instanceof Error ? error.message.split('\n').slice(0, 12).join('\n     ') : error}` });
  }
}

let tarball = '';
check('npm pack', () => {
  // Build first, then pack without scripts, so the JSON on stdout is npm's alone.
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'pipe', env: npmEnv });
  const r = spawnSync('npm', ['pack', '--pack-destination', scratch, '--json', '--ignore-scripts'], { cwd: root, env: npmEnv, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${r.stdout}${r.stderr}`);
  const [info] = JSON.parse(r.stdout);
  tarball = join(scratch, info.filename);
  const shipped = info.files.map((f) => f.path);
  const unwanted = shipped.filter((p) => /^dist\/src\/(main|app|environments|stacks)\.|^test\/|^tools\//.test(p));
  if (unwanted.length > 0) throw new Error(`the package ships ${unwanted.join(', ')}`);
  return `${info.filename}, ${shipped.length} files, ${(info.size / 1024).toFixed(0)} kB`;
});

const needTarball = () => { if (!tarball) throw new Error('no tarball: npm pack failed'); };

check('tarball with matching peers: the README examples compile and synthesize', () => {
  needTarball();
  const dir = project('matching', { ...peers, '@realtime-platform/azure-constructs': `file:${tarball}` });
  const r = npm(dir, ['install']);
  if (r.status !== 0) throw new Error(r.output);
  const nested = execFileSync('find', ['node_modules/@realtime-platform', '-path', '*node_modules/cdktf/package.json'], { cwd: dir, encoding: 'utf8' }).trim();
  if (nested) throw new Error(`a second cdktf is nested in the library: ${nested}`);
  return `${compileAndSynth(dir)}; ${lessonsBin(dir)}; ${preflightBin(dir)}`;
});

check('tarball with a mismatched cdktf (0.20.12): the install fails with a peer dependency error', () => {
  needTarball();
  const dir = project('mismatched', { cdktf: '0.20.12', constructs: '10.8.1', '@realtime-platform/azure-constructs': `file:${tarball}` });
  const r = npm(dir, ['install']);
  if (r.status === 0) throw new Error('npm install succeeded, so a second cdktf could be installed silently');
  const line = r.output.split('\n').find((l) => /ERESOLVE|peer cdktf/.test(l));
  if (!/ERESOLVE/.test(r.output)) throw new Error(`npm failed, but not with a peer dependency error:\n${r.output}`);
  return `npm exits ${r.status}: ${line?.trim()}`;
});

check('tools/release.mjs in a clone of HEAD: version, CHANGELOG section and tag agree; the tarball and its SHA-256 in release/<version>/', () => {
  const clone = join(scratch, 'release-clone');
  execFileSync('git', ['clone', '--quiet', root, clone]);
  execFileSync('git', ['-C', clone, 'config', 'user.name', 'release check']);
  execFileSync('git', ['-C', clone, 'config', 'user.email', 'release-check@example.invalid']);
  // The clone builds with this repository's dependencies (the same lock file): no second install.
  symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'));
  const [major, minor, patch] = pkg.version.split(/[.-]/).map(Number);
  const version = `${major}.${minor}.${patch + 1}`;
  // An Unreleased entry to release (HEAD's section may be empty right after a release).
  const changelog = readFileSync(join(clone, 'CHANGELOG.md'), 'utf8').replace(/^## Unreleased[^\n]*\n/m, '## Unreleased\n\n- The consumer check\'s release.\n');
  writeFileSync(join(clone, 'CHANGELOG.md'), changelog);
  execFileSync('git', ['-C', clone, 'commit', '--quiet', '-am', 'consumer check: an entry to release']);
  const release = spawnSync(process.execPath, [join(clone, 'tools', 'release.mjs'), version, '--no-wheel'], { cwd: clone, encoding: 'utf8' });
  if (release.status !== 0) throw new Error(`tools/release.mjs ${version} --no-wheel exited ${release.status}: ${release.stdout}${release.stderr}`);
  const show = (file) => execFileSync('git', ['-C', clone, 'show', `v${version}:${file}`], { encoding: 'utf8' });
  if (JSON.parse(show('package.json')).version !== version) throw new Error(`the tag v${version} does not carry version ${version} in package.json`);
  if (JSON.parse(show('package-lock.json')).version !== version) throw new Error(`the tag v${version} does not carry version ${version} in package-lock.json`);
  if (!show('CHANGELOG.md').includes(`\n## ${version} (`)) throw new Error(`the tag's CHANGELOG has no "## ${version}" section`);
  const out = join(clone, 'release', version);
  const tarball = `realtime-platform-azure-constructs-${version}.tgz`;
  const verified = execFileSync('sha256sum', ['-c', `${tarball}.sha256`], { cwd: out, encoding: 'utf8' }).trim();
  const packed = JSON.parse(execFileSync('tar', ['-xOzf', tarball, 'package/package.json'], { cwd: out, encoding: 'utf8' })).version;
  if (packed !== version) throw new Error(`the tarball holds version ${packed}`);
  return `v${version}: ${readdirSync(out).sort().join(', ')}; ${verified}`;
});

const newest = newestRelease(root);

/** A consumer of the newest release: its peers as that release was tested with, the library from `spec`. */
function releaseConsumer(name, spec) {
  if (!newest) throw new Error('no release: no v<version> tag and no "Release v<version>" commit (tools/release/newest.mjs)');
  const released = JSON.parse(execFileSync('git', ['show', `${newest.commit}:package.json`], { cwd: root, encoding: 'utf8' }));
  const releasePeers = Object.fromEntries(Object.keys(released.peerDependencies).map((p) => [p, released.devDependencies[p]]));
  const dir = project(name, { ...releasePeers, '@realtime-platform/azure-constructs': spec });
  const r = npm(dir, ['install']);
  if (r.status !== 0) throw new Error(r.output);
  const installed = join(dir, 'node_modules', '@realtime-platform', 'azure-constructs');
  if (!existsSync(join(installed, 'dist', 'src', 'index.js'))) throw new Error('dist/ was not built');
  const got = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version;
  if (got !== newest.version) throw new Error(`installed version ${got}, expected ${newest.version}`);
  return `${newest.version} (${newest.how}): ${compileAndSynth(dir, newest.commit)}`;
}

check('the newest release as a git dependency (git+file://...#<tag or commit>): prepare builds it, its examples compile and synthesize', () => releaseConsumer('release-git', `git+file://${root}#${newest?.ref}`));

check('the newest release as a tarball (npm pack of its git spec): its examples compile and synthesize', () => {
  if (!newest) throw new Error('no release: no v<version> tag and no "Release v<version>" commit (tools/release/newest.mjs)');
  const r = spawnSync('npm', ['pack', `git+file://${root}#${newest.ref}`, '--pack-destination', scratch, '--json'], { cwd: scratch, env: npmEnv, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${r.stdout}${r.stderr}`);
  const [info] = JSON.parse(r.stdout.slice(r.stdout.indexOf('[')));
  return `${info.filename} (sha256 ${createHash('sha256').update(readFileSync(join(scratch, info.filename))).digest('hex').slice(0, 16)}...); ${releaseConsumer('release-tarball', `file:${join(scratch, info.filename)}`)}`;
});

rmSync(scratch, { recursive: true, force: true });
for (const r of results) console.log(r.line);
process.exit(results.every((r) => r.ok) ? 0 : 1);
