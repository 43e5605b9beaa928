// `npm run check:upgrade -- [--from <tag|commit>] [--only REGEX] [--jobs N] [--keep] [--json FILE]`:
// what upgrading a deployment from an earlier version of this repository to the work tree would
// replace, destroy and move, per stack, before anyone runs `cdktf deploy`.
//
//   1. The old version: `--from` (a tag or commit; default the newest release, by its v<version> tag
//      or, without tags, its "Release v<version>" commit: tools/release/newest.mjs), exported with
//      `git archive` into a scratch folder, with its own `npm ci` (or this repository's
//      node_modules when the two lock files are the same).
//   2. Both versions synthesize their app (`src/main.ts`, every stack of every environment: the 8
//      main stacks today; docs/examples are the consumers' and not deployed from here).
//   3. Per stack (tools/upgrade-check/plan-upgrade.mjs): the old configuration's planned values
//      become a state (tools/terraform-check/second-plan.mjs), and the new configuration is planned
//      against it with the real providers, offline (TF_CLI_CONFIG_FILE naming the mirror of
//      ../shared/terraform, as for `npm run check:terraform`).
//   4. The report: per stack, what is replaced or destroyed, stateful first (data stores, secrets,
//      identities, the grants on a principal), then address moves (`moved` blocks).
// Exit 1 when a stateful resource is replaced or destroyed and CHANGELOG.md's "## Unreleased"
// section does not announce it under "### Replaced or destroyed on upgrade" (classify.mjs says
// how), or when a stack cannot be planned; 2 on bad usage; 0 otherwise.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestRelease } from '../release/newest.mjs';
import { CATEGORY_ORDER, describeLoss, parseAnnouncements } from './classify.mjs';
import { checkUpgrade, cleanUp } from './plan-upgrade.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const USAGE = 'usage: npm run check:upgrade -- [--from <tag|commit>] [--only REGEX] [--jobs N] [--keep] [--json FILE]';
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

function parseArgs(argv) {
  const options = { from: undefined, only: undefined, jobs: 2, keep: false, json: undefined };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${arg} needs a value`);
      i += 1;
      return argv[i];
    };
    if (arg === '--from') options.from = value();
    else if (arg === '--only') options.only = new RegExp(value());
    else if (arg === '--jobs') options.jobs = Number.parseInt(value(), 10);
    else if (arg === '--keep') options.keep = true;
    else if (arg === '--json') options.json = resolve(value());
    else throw new Error(`unknown option ${arg}`);
  }
  if (!Number.isInteger(options.jobs) || options.jobs < 1) throw new Error('--jobs takes a whole number of 1 or more');
  return options;
}

/** The commit to upgrade from, and how it was found. */
function resolveFrom(from) {
  if (from === undefined) {
    const release = newestRelease(root);
    if (!release) throw new Error('no release to upgrade from: no v<version> tag and no "Release v<version>" commit; give --from <commit>');
    return { commit: release.commit, label: `v${release.version}`, how: `the newest release: ${release.how}` };
  }
  try {
    const commit = git('rev-parse', '--verify', '--quiet', `${from}^{commit}`);
    return { commit, label: from, how: `${from} is ${/^v\d/.test(from) ? 'a tag' : 'a commit'} (${commit.slice(0, 7)})` };
  } catch {
    // A release tag that did not travel with the branch: its "Release v<version>" commit.
    const version = /^v(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)$/.exec(from)?.[1];
    const line = version && git('log', '--fixed-strings', `--grep=Release v${version}`, '--format=%H %s').split('\n')
      .find((l) => l.slice(41) === `Release v${version}` || l.slice(41).startsWith(`Release v${version}:`));
    if (!line) throw new Error(`--from ${from}: no such tag or commit${version ? `, and no commit whose subject is "Release v${version}"` : ''}`);
    return { commit: line.slice(0, 40), label: from, how: `no tag ${from} here: commit ${line.slice(0, 7)} "Release v${version}", found by its subject` };
  }
}

/** The old version's tree, ready to synthesize: `git archive` of the commit, with node_modules. */
function oldTree(commit, dir) {
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive --format=tar ${commit} | tar -x -C "${dir}"`], { cwd: root });
  const same = readFileSync(join(dir, 'package-lock.json'), 'utf8') === readFileSync(join(root, 'package-lock.json'), 'utf8');
  if (same) {
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    return 'node_modules shared with the work tree (the two package-lock.json files are the same)';
  }
  const started = Date.now();
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  return `its own npm ci (${((Date.now() - started) / 1000).toFixed(0)} s; the lock files differ)`;
}

/** Synthesizes the app of the tree in `dir` into `outdir` (`src/main.ts`, as `cdktf synth` runs it); resolves to its stacks. */
function synthesize(dir, outdir) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(join(dir, 'node_modules', '.bin', 'tsx'), ['src/main.ts'], {
      cwd: dir, env: { ...process.env, CDKTF_OUTDIR: outdir, CHECKPOINT_DISABLE: '1' }, stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`synthesis in ${dir} failed (exit ${code}):\n${stderr.trim().split('\n').slice(-12).join('\n')}`));
      const manifest = JSON.parse(readFileSync(join(outdir, 'manifest.json'), 'utf8'));
      resolvePromise(Object.fromEntries(Object.values(manifest.stacks).map((s) => [s.name, join(outdir, s.workingDirectory)])));
    });
  });
}

function report(result) {
  const c = result.counts;
  const stateful = result.losses.filter((l) => l.category);
  const other = result.losses.filter((l) => !l.category);
  const status = result.errors.length || stateful.some((l) => !l.announcement && !l.preexisting) ? 'FAIL' : 'ok  ';
  const summary = result.errors.length && !result.losses.length && !result.moves.length
    ? 'not planned'
    : `${stateful.length} stateful replaced or destroyed, ${other.length} other replaced or destroyed, ${result.moves.length} moved, ${c.create ?? 0} created, ${c.update ?? 0} updated in place, ${c['no-op'] ?? 0} unchanged`;
  const lines = [`${status} ${result.stack}: ${summary} (${(result.seconds ?? 0).toFixed(0)} s)`];
  for (const loss of [...stateful, ...other]) lines.push(`       ${describeLoss(loss, loss.announcement)}`);
  for (const move of result.moves) lines.push(`       MOVED ${move.from} -> ${move.to}${move.actions !== 'no-op' ? ` (then ${move.actions})` : ''}`);
  if (result.preexistingChanges) lines.push(`       (the old version's own second plan already changes ${result.preexistingChanges} resources: not counted as the upgrade's)`);
  for (const e of result.errors) lines.push(`       ERROR ${e.address}: ${e.summary}${e.detail ? `: ${e.detail}` : ''}`);
  return lines.join('\n');
}

async function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error.message}\n${USAGE}\n`);
    return 2;
  }
  let from;
  try {
    from = resolveFrom(options.from);
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    return 2;
  }
  const started = Date.now();
  const workRoot = mkdtempSync(join(tmpdir(), 'rtp-upgrade-check-'));
  const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
  const announcements = parseAnnouncements(changelog);
  process.stdout.write(`Upgrade from ${from.label}: ${from.how}; to the work tree (${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? ', with uncommitted changes' : ''})\n`);
  const oldDir = join(workRoot, 'old-tree');
  process.stdout.write(`old version in ${oldDir}: ${oldTree(from.commit, oldDir)}\n`);
  let oldStacks;
  let newStacks;
  try {
    [oldStacks, newStacks] = await Promise.all([synthesize(oldDir, join(workRoot, 'old-out')), synthesize(root, join(workRoot, 'new-out'))]);
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
  const names = [...new Set([...Object.keys(oldStacks), ...Object.keys(newStacks)])].filter((n) => !options.only || options.only.test(n)).sort();
  const pairs = names.filter((n) => oldStacks[n] && newStacks[n]).map((stack) => ({ stack, oldDir: oldStacks[stack], newDir: newStacks[stack] }));
  const onlyOld = names.filter((n) => !newStacks[n]);
  const onlyNew = names.filter((n) => !oldStacks[n]);
  process.stdout.write(`${pairs.length} stacks in both versions, ${options.jobs} at a time; CHANGELOG.md's Unreleased section announces ${announcements.length} replacements or destroys\n`);
  if (onlyOld.length) process.stdout.write(`only in ${from.label}: ${onlyOld.join(', ')} (no longer deployed from here: \`cdktf deploy\` leaves what it created; destroy it first if it is to go)\n`);
  if (onlyNew.length) process.stdout.write(`new in the work tree: ${onlyNew.join(', ')} (everything in it is created)\n`);

  const { results, failing } = await checkUpgrade({
    pairs, announcements, workRoot, jobs: options.jobs, onResult: (r) => process.stdout.write(`${report(r)}\n`),
  });
  if (options.json) writeFileSync(options.json, JSON.stringify({ from, results, failing }, null, 2));
  cleanUp(workRoot, options.keep);
  const errors = results.filter((r) => r.errors.length);
  const stateful = results.flatMap((r) => r.losses.filter((l) => l.category && !l.preexisting));
  const byCategory = CATEGORY_ORDER.map((c) => `${stateful.filter((l) => l.category === c).length} ${c}`).join(', ');
  process.stdout.write(`\n${results.length} stacks checked in ${((Date.now() - started) / 1000).toFixed(0)} s: ${stateful.length} stateful replacements or destroys (${byCategory}), ${failing.length} not announced; ${results.reduce((n, r) => n + r.moves.length, 0)} moves; ${errors.length} stacks not planned${options.keep ? `; work kept in ${workRoot}` : ''}\n`);
  if (failing.length) {
    process.stdout.write('FAIL: keep these addresses (ConstructMoves for a renamed construct), or announce each in CHANGELOG.md\'s "## Unreleased" section under "### Replaced or destroyed on upgrade", one list item each: - `<stack>` `<address>`: why, and what to do\n');
    for (const f of failing) process.stdout.write(`  - \`${f.stack}\` \`${f.address}\`\n`);
  }
  return failing.length || errors.length ? 1 : 0;
}

if (!existsSync(join(root, 'node_modules', '.bin', 'tsx'))) {
  process.stderr.write('node_modules is missing: run npm ci first\n');
  process.exit(2);
}
process.exitCode = await main();
