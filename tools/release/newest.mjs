// The newest release of this repository, for the CI steps that install or upgrade from it. Tags
// (`v<version>`, annotated by tools/release.mjs) are the first place to look; where they did not
// travel with the branch (a merge that lands elsewhere), the newest commit whose subject is
// `Release v<version>` (what tools/release.mjs commits) is the release. The answer says which way
// it was found.
//
//   node tools/release/newest.mjs      prints `<version> <commit> <how it was found>`
import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$/;
/** A release commit's subject: `Release v0.2.0`, or with an explanation after a colon. */
const RELEASE_SUBJECT = /^Release v(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)(?::|$)/;

/** -1, 0 or 1: the order of two versions (a pre-release sorts before its release). */
export function compareVersions(a, b) {
  const [pa, pb] = [SEMVER.exec(a), SEMVER.exec(b)];
  for (let i = 1; i <= 3; i++) if (Number(pa[i]) !== Number(pb[i])) return Number(pa[i]) < Number(pb[i]) ? -1 : 1;
  if (pa[4] === pb[4]) return 0;
  if (pa[4] === undefined) return 1;
  if (pb[4] === undefined) return -1;
  return pa[4] < pb[4] ? -1 : 1;
}

/**
 * The newest release reachable from `head`: `{ version, commit, ref, how }`, where `ref` is what
 * git and npm take (`v0.2.0`, or the commit when there is no tag) and `how` says where it was
 * found. Undefined when there is none.
 */
export function newestRelease(root, head = 'HEAD') {
  const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  const tags = git('tag', '--merged', head, '--list', 'v*').split('\n').map((t) => t.trim())
    .filter((t) => SEMVER.test(t.slice(1))).sort((a, b) => compareVersions(b.slice(1), a.slice(1)));
  const fromTag = tags[0] && { version: tags[0].slice(1), commit: git('rev-list', '-n', '1', tags[0]), ref: tags[0] };
  // The commit way is always read, so a tag that is older than the newest release commit does not win.
  const line = git('log', head, '--extended-regexp', '--grep=^Release v[0-9]+\\.[0-9]+\\.[0-9]+', '--format=%H %s')
    .split('\n').find((l) => RELEASE_SUBJECT.test(l.slice(41)));
  const fromCommit = line && { version: RELEASE_SUBJECT.exec(line.slice(41))[1], commit: line.slice(0, 40), subject: line.slice(41) };
  if (fromTag && (!fromCommit || compareVersions(fromTag.version, fromCommit.version) >= 0)) {
    return { ...fromTag, how: `tag ${fromTag.ref} (commit ${fromTag.commit.slice(0, 7)})` };
  }
  if (fromCommit) {
    return {
      version: fromCommit.version, commit: fromCommit.commit, ref: fromCommit.commit,
      how: `commit ${fromCommit.commit.slice(0, 7)} "${fromCommit.subject.split(':')[0]}" (no tag v${fromCommit.version} here: found by its subject)`,
    };
  }
  return undefined;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const release = newestRelease(root);
  if (!release) {
    console.error('no release: no v<version> tag and no commit whose subject is "Release v<version>"');
    process.exit(1);
  }
  console.log(`${release.version} ${release.commit} ${release.how}`);
}
