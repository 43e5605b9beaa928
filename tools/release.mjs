// `npm run release -- [<version>] [--no-wheel] [--no-artifacts]`: cut a release that
// `npm install git+https://...#v<version>` and a tarball can follow. On a clean work tree it
//   1. takes the version given, else the one CHANGELOG.md's "## Unreleased" section implies
//      (`## Unreleased (0.3.0)` names it; otherwise semver from the section: a 0.x minor, or a
//      major from 1.0, when it has "### Behaviour changes for consumers", "### Breaking changes"
//      or "### Replaced or destroyed on upgrade"; else a patch);
//   2. sets it in package.json and package-lock.json, and moves the section's entries under
//      "## <version> (<date>)", leaving an empty "## Unreleased" on top (refused when empty);
//   3. builds the artifacts into release/<version>/ (ignored by git): the npm tarball packed from
//      jsii's build (`npm run package:jsii`, which also writes the Python wheel), its SHA-256
//      (`<tarball>.sha256`, for `sha256sum -c`), the wheel, and SHA256SUMS over all of them;
//      `--no-wheel` packs a plain `npm run build` instead, `--no-artifacts` builds nothing;
//   4. commits package.json, package-lock.json and CHANGELOG.md as "Release v<version>", and tags
//      the commit v<version> (annotated).
// A build that fails restores the three files: no commit, no tag. Publishing goes where
// package.json's publishConfig.registry says (the organisation's registry).
// Each refusal is one line and exits 1; nothing is written before every check has passed.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEMVER, compareVersions as compare } from './release/newest.mjs';

const root = process.env.RELEASE_ROOT ? resolve(process.env.RELEASE_ROOT) : resolve(dirname(fileURLToPath(import.meta.url)), '..');
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

function refuse(setting, given, problem, fix) {
  console.error(`[RELEASE] tools/release.mjs: ${setting} = ${JSON.stringify(given)}: ${problem} Fix: ${fix}`);
  process.exit(1);
}

const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('--')));
for (const flag of flags) if (!['--no-wheel', '--no-artifacts'].includes(flag)) refuse('option', flag, 'unknown option.', 'use --no-wheel or --no-artifacts, or none.');
const given = args.find((a) => !a.startsWith('--'));
const pkgFile = join(root, 'package.json');
const lockFile = join(root, 'package-lock.json');
const changelogFile = join(root, 'CHANGELOG.md');
const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));

const changelog = readFileSync(changelogFile, 'utf8');
const heading = /^## Unreleased(?:[ \t]+\(([^)]*)\))?[ \t]*$/m;
const found = heading.exec(changelog);
if (!found) refuse('CHANGELOG.md', '## Unreleased', 'there is no "## Unreleased" section to release.', 'write the changes under "## Unreleased" at the top.');
const start = found.index + found[0].length;
const next = changelog.slice(start).search(/^## /m);
const end = next < 0 ? changelog.length : start + next;
const entries = changelog.slice(start, end).trim();

/** The version the section implies: named in its heading, else the semver step its sub-headings call for. */
function impliedVersion() {
  if (found[1] !== undefined) return { version: found[1].trim(), why: `named in CHANGELOG.md's "${found[0].trim()}"` };
  if (!SEMVER.test(pkg.version)) refuse('version', pkg.version, 'package.json holds no semantic version to step from.', 'give the version: npm run release -- 0.3.0.');
  const [, major, minor, patch] = SEMVER.exec(pkg.version).map(Number);
  const breaking = /^### (Behaviour changes for consumers|Breaking changes|Replaced or destroyed on upgrade)\b/m.exec(entries);
  if (breaking && major === 0) return { version: `0.${minor + 1}.0`, why: `a minor step (0.x): CHANGELOG.md's Unreleased section has "${breaking[0].slice(4)}"` };
  if (breaking) return { version: `${major + 1}.0.0`, why: `a major step: CHANGELOG.md's Unreleased section has "${breaking[0].slice(4)}"` };
  return { version: `${major}.${minor}.${patch + 1}`, why: 'a patch step: CHANGELOG.md\'s Unreleased section has no behaviour change, breaking change or replacement' };
}

const { version, why } = given !== undefined ? { version: given, why: 'given' } : impliedVersion();
if (!version || !SEMVER.test(version)) refuse('version', version, 'a release needs a semantic version.', 'give one, e.g. node tools/release.mjs 0.3.0.');
// The version in package.json may be the one being prepared (0.2.0 before its first tag): equal is
// allowed, and the tag check below refuses a version already released.
if (SEMVER.test(pkg.version) && compare(version, pkg.version) < 0) {
  refuse('version', version, `the package is at ${pkg.version}, and a release cannot go back.`, `give ${pkg.version} or above.`);
}
const dirty = git('status', '--porcelain', '--untracked-files=no');
if (dirty) refuse('work tree', dirty.split('\n')[0], 'there are uncommitted changes, which the release commit would not contain.', 'commit or stash them first.');
const tag = `v${version}`;
if (git('tag', '--list', tag)) refuse('tag', tag, 'the tag exists, and moving it would change what installs from it.', 'give the next version.');
if (!entries) refuse('CHANGELOG.md', '## Unreleased', 'the section is empty: a release would say nothing of what changed.', 'describe the changes under "## Unreleased" first.');

const date = new Date().toISOString().slice(0, 10);
writeFileSync(changelogFile, `${changelog.slice(0, found.index)}## Unreleased\n\n## ${version} (${date})\n\n${entries}\n\n${changelog.slice(end)}`);
pkg.version = version;
writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
lock.version = version;
if (lock.packages?.['']) lock.packages[''].version = version;
writeFileSync(lockFile, `${JSON.stringify(lock, null, 2)}\n`);

const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The tarball, its checksum and (unless --no-wheel) the Python wheel in release/<version>/; the files written. */
function buildArtifacts() {
  const out = join(root, 'release', version);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const npm = (...npmArgs) => {
    const r = spawnSync('npm', npmArgs, { cwd: root, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
    if (r.status !== 0) throw new Error(`npm ${npmArgs.join(' ')} exited ${r.status}:\n${`${r.stdout}${r.stderr}`.trim().split('\n').slice(-15).join('\n')}`);
    return r.stdout;
  };
  // jsii's build serves TypeScript and the wheel alike; --no-wheel packs plain tsc output.
  npm('run', flags.has('--no-wheel') ? 'build' : 'package:jsii');
  const [info] = JSON.parse(npm('pack', '--ignore-scripts', '--json', '--pack-destination', out));
  const files = [info.filename];
  writeFileSync(join(out, `${info.filename}.sha256`), `${sha256(join(out, info.filename))}  ${info.filename}\n`);
  if (!flags.has('--no-wheel')) {
    const wheels = join(root, 'dist-jsii', 'python');
    for (const file of readdirSync(wheels).filter((f) => f.endsWith('.whl') || f.endsWith('.tar.gz'))) {
      copyFileSync(join(wheels, file), join(out, file));
      files.push(file);
    }
    if (!files.some((f) => f.endsWith('.whl'))) throw new Error(`npm run package:jsii wrote no wheel into ${wheels}`);
  }
  writeFileSync(join(out, 'SHA256SUMS'), files.map((f) => `${sha256(join(out, f))}  ${f}\n`).join(''));
  return { out, files };
}

let artifacts;
if (!flags.has('--no-artifacts')) {
  try {
    artifacts = buildArtifacts();
  } catch (error) {
    git('checkout', '--', 'package.json', 'package-lock.json', 'CHANGELOG.md');
    console.error(`[RELEASE] tools/release.mjs: artifacts = "release/${version}": the build failed, so nothing is committed or tagged: ${error.message} Fix: make the build pass, then run the release again.`);
    process.exit(1);
  }
}

git('add', 'package.json', 'package-lock.json', 'CHANGELOG.md');
git('commit', '--quiet', '-m', `Release ${tag}`);
git('tag', '-a', tag, '-m', `Release ${tag}`);
console.log(`${tag} (version ${why}): ${git('rev-parse', '--short', 'HEAD')}, CHANGELOG "## ${version} (${date})"; install with npm install git+<repository url>#${tag}`);
if (artifacts) console.log(`artifacts in ${artifacts.out}: ${artifacts.files.join(', ')}, SHA256SUMS`);
