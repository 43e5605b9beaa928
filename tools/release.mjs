// `node tools/release.mjs <version>`: cut a release that `npm install git+https://...#v<version>`
// can follow. On a clean work tree it
//   1. sets the version in package.json and package-lock.json (a semver above the current one);
//   2. moves CHANGELOG.md's "## Unreleased" entries under "## <version> (<date>)", leaving an
//      empty "## Unreleased" on top (refused when there is nothing to release);
//   3. commits both, and tags the commit v<version> (annotated).
// Publishing goes where package.json's publishConfig.registry says (the organisation's registry).
// Each refusal is one line and exits 1; nothing is written before every check has passed.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = process.env.RELEASE_ROOT ? resolve(process.env.RELEASE_ROOT) : resolve(dirname(fileURLToPath(import.meta.url)), '..');
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$/;

function refuse(setting, given, problem, fix) {
  console.error(`[RELEASE] tools/release.mjs: ${setting} = ${JSON.stringify(given)}: ${problem} Fix: ${fix}`);
  process.exit(1);
}

/** -1, 0 or 1: the order of two versions (a pre-release sorts before its release). */
function compare(a, b) {
  const [pa, pb] = [SEMVER.exec(a), SEMVER.exec(b)];
  for (let i = 1; i <= 3; i++) if (Number(pa[i]) !== Number(pb[i])) return Number(pa[i]) < Number(pb[i]) ? -1 : 1;
  if (pa[4] === pb[4]) return 0;
  if (pa[4] === undefined) return 1;
  if (pb[4] === undefined) return -1;
  return pa[4] < pb[4] ? -1 : 1;
}

const version = process.argv[2];
const pkgFile = join(root, 'package.json');
const lockFile = join(root, 'package-lock.json');
const changelogFile = join(root, 'CHANGELOG.md');
const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));

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

const changelog = readFileSync(changelogFile, 'utf8');
const heading = /^## Unreleased[ \t]*$/m;
const found = heading.exec(changelog);
if (!found) refuse('CHANGELOG.md', '## Unreleased', 'there is no "## Unreleased" section to release.', 'write the changes under "## Unreleased" at the top.');
const start = found.index + found[0].length;
const next = changelog.slice(start).search(/^## /m);
const end = next < 0 ? changelog.length : start + next;
const entries = changelog.slice(start, end).trim();
if (!entries) refuse('CHANGELOG.md', '## Unreleased', 'the section is empty: a release would say nothing of what changed.', 'describe the changes under "## Unreleased" first.');

const date = new Date().toISOString().slice(0, 10);
writeFileSync(changelogFile, `${changelog.slice(0, found.index)}## Unreleased\n\n## ${version} (${date})\n\n${entries}\n\n${changelog.slice(end)}`);
pkg.version = version;
writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
lock.version = version;
if (lock.packages?.['']) lock.packages[''].version = version;
writeFileSync(lockFile, `${JSON.stringify(lock, null, 2)}\n`);

git('add', 'package.json', 'package-lock.json', 'CHANGELOG.md');
git('commit', '--quiet', '-m', `Release ${tag}`);
git('tag', '-a', tag, '-m', `Release ${tag}`);
console.log(`${tag}: ${git('rev-parse', '--short', 'HEAD')}, CHANGELOG "## ${version} (${date})"; install with npm install git+<repository url>#${tag}`);
