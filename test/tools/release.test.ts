import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newestRelease } from '../../tools/release/newest.mjs';

// tools/release.mjs on a scratch repository: version, CHANGELOG entry, tag (the CI step installs such a tag).

const script = path.join(__dirname, '..', '..', 'tools', 'release.mjs');
const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true }); });

function repo(changelog = '# Changelog\n\n## Unreleased\n\n- Rules stand alone.\n\n## 0.1.0 (2026-01-01)\n\n- First.\n', version = '0.2.0') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-test-'));
  dirs.push(dir);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
  git('init', '--quiet');
  git('config', 'user.name', 'test');
  git('config', 'user.email', 'test@example.invalid');
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ name: '@realtime-platform/azure-constructs', version }, null, 2)}\n`);
  fs.writeFileSync(path.join(dir, 'package-lock.json'), `${JSON.stringify({ name: '@realtime-platform/azure-constructs', version, packages: { '': { version } } }, null, 2)}\n`);
  fs.writeFileSync(path.join(dir, 'CHANGELOG.md'), changelog);
  git('add', '.');
  git('commit', '--quiet', '-m', 'start');
  return { dir, git };
}

const release = (dir: string, version?: string, options: string[] = ['--no-artifacts']) =>
  spawnSync(process.execPath, [script, ...(version ? [version] : []), ...options], { env: { ...process.env, RELEASE_ROOT: dir }, encoding: 'utf8' });

describe('tools/release.mjs', () => {
  it('sets the version, moves the Unreleased entries under it, commits and tags v<version>', () => {
    const { dir, git } = repo();
    const r = release(dir, '0.3.0');
    expect(r.status).toBe(0);
    const date = new Date().toISOString().slice(0, 10);
    expect(git('tag', '--list')).toBe('v0.3.0');
    expect(JSON.parse(git('show', 'v0.3.0:package.json')).version).toBe('0.3.0');
    expect(JSON.parse(git('show', 'v0.3.0:package-lock.json'))).toMatchObject({ version: '0.3.0', packages: { '': { version: '0.3.0' } } });
    expect(git('show', 'v0.3.0:CHANGELOG.md')).toBe(`# Changelog\n\n## Unreleased\n\n## 0.3.0 (${date})\n\n- Rules stand alone.\n\n## 0.1.0 (2026-01-01)\n\n- First.`);
    expect(git('status', '--porcelain')).toBe('');
  });

  it('releases the version package.json is preparing when it has no tag yet', () => {
    const { dir, git } = repo();
    expect(release(dir, '0.2.0').status).toBe(0);
    expect(git('tag', '--list')).toBe('v0.2.0');
  });

  it('fails when the Unreleased section is empty, and writes nothing', () => {
    const { dir, git } = repo('# Changelog\n\n## Unreleased\n\n## 0.1.0\n\n- First.\n');
    const r = release(dir, '0.3.0');
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('[RELEASE] tools/release.mjs: CHANGELOG.md = "## Unreleased": the section is empty: a release would say nothing of what changed. Fix: describe the changes under "## Unreleased" first.\n');
    expect(git('status', '--porcelain')).toBe('');
    expect(git('tag', '--list')).toBe('');
  });

  it('fails when the version goes back, is not a semantic version, or is already tagged', () => {
    const { dir } = repo();
    expect(release(dir, '0.1.9').stderr).toBe('[RELEASE] tools/release.mjs: version = "0.1.9": the package is at 0.2.0, and a release cannot go back. Fix: give 0.2.0 or above.\n');
    expect(release(dir, 'v1').stderr).toMatch(/^\[RELEASE\] tools\/release\.mjs: version = "v1": a release needs a semantic version\./);
    expect(release(dir, '0.3.0').status).toBe(0);
    expect(release(dir, '0.3.0').stderr).toBe('[RELEASE] tools/release.mjs: tag = "v0.3.0": the tag exists, and moving it would change what installs from it. Fix: give the next version.\n');
  });

  it('takes the version from the Unreleased section when none is given: a patch, a 0.x minor for behaviour changes, or the one its heading names', () => {
    const date = new Date().toISOString().slice(0, 10);
    const patch = repo();
    expect(release(patch.dir).stdout).toMatch(/^v0\.2\.1 \(version a patch step/);
    expect(patch.git('tag', '--list')).toBe('v0.2.1');
    const minor = repo('# Changelog\n\n## Unreleased\n\n### Behaviour changes for consumers\n- Renamed.\n\n## 0.1.0 (2026-01-01)\n');
    expect(release(minor.dir).stdout).toMatch(/^v0\.3\.0 \(version a minor step \(0\.x\): CHANGELOG\.md's Unreleased section has "Behaviour changes for consumers"\)/);
    const named = repo('# Changelog\n\n## Unreleased (1.0.0)\n\n- Stable.\n');
    expect(release(named.dir).status).toBe(0);
    expect(named.git('tag', '--list')).toBe('v1.0.0');
    expect(named.git('show', 'v1.0.0:CHANGELOG.md')).toBe(`# Changelog\n\n## Unreleased\n\n## 1.0.0 (${date})\n\n- Stable.`);
  });

  it('writes the packed tarball, its SHA-256 and SHA256SUMS into release/<version>/, ignored by git, from the built package', () => {
    const { dir, git } = repo();
    const pkg = { name: '@realtime-platform/azure-constructs', version: '0.2.0', files: ['dist/'], scripts: { build: 'node -e "require(\'fs\').mkdirSync(\'dist\',{recursive:true});require(\'fs\').writeFileSync(\'dist/index.js\',\'built\')"' } };
    fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
    fs.writeFileSync(path.join(dir, '.gitignore'), 'release/\ndist/\n');
    git('add', '.');
    git('commit', '--quiet', '-m', 'buildable');
    const r = release(dir, '0.3.0', ['--no-wheel']);
    expect(r.stderr).toBe('');
    const out = path.join(dir, 'release', '0.3.0');
    const tarball = 'realtime-platform-azure-constructs-0.3.0.tgz';
    expect(fs.readdirSync(out).sort()).toEqual(['SHA256SUMS', tarball, `${tarball}.sha256`]);
    expect(execFileSync('sha256sum', ['-c', `${tarball}.sha256`], { cwd: out, encoding: 'utf8' })).toBe(`${tarball}: OK\n`);
    expect(execFileSync('tar', ['-xOzf', tarball, 'package/dist/index.js'], { cwd: out, encoding: 'utf8' })).toBe('built');
    expect(JSON.parse(execFileSync('tar', ['-xOzf', tarball, 'package/package.json'], { cwd: out, encoding: 'utf8' })).version).toBe('0.3.0');
    expect(git('tag', '--list')).toBe('v0.3.0');
    expect(git('status', '--porcelain')).toBe('');
  });

  it('fails when the build fails, and leaves no commit, no tag and the files as they were', () => {
    const { dir, git } = repo();
    const pkg = { name: '@realtime-platform/azure-constructs', version: '0.2.0', scripts: { build: 'node -e "process.exit(3)"' } };
    fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
    git('add', '.');
    git('commit', '--quiet', '-m', 'broken build');
    const head = git('rev-parse', 'HEAD');
    const r = release(dir, '0.3.0', ['--no-wheel']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^\[RELEASE\] tools\/release\.mjs: artifacts = "release\/0\.3\.0": the build failed, so nothing is committed or tagged: npm run build exited 3/);
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(git('tag', '--list')).toBe('');
    expect(git('status', '--porcelain')).toBe('');
  });

  it('fails when the work tree has uncommitted changes', () => {
    const { dir } = repo();
    fs.appendFileSync(path.join(dir, 'package.json'), '\n');
    expect(release(dir, '0.3.0').stderr).toMatch(/^\[RELEASE\] tools\/release\.mjs: work tree = "M package\.json": there are uncommitted changes/);
  });
});

describe('tools/release/newest.mjs: the newest release, by tag or, without tags, by its commit', () => {
  it('finds the newest v<version> tag, and says so', () => {
    const { dir, git } = repo();
    expect(release(dir, '0.2.0').status).toBe(0);
    git('commit', '--quiet', '--allow-empty', '-m', 'later work');
    expect(newestRelease(dir)).toEqual({ version: '0.2.0', ref: 'v0.2.0', commit: git('rev-parse', 'v0.2.0^{commit}'), how: `tag v0.2.0 (commit ${git('rev-parse', '--short=7', 'v0.2.0^{commit}')})` });
  });

  it('finds the newest commit whose subject is "Release v<version>" when the tags did not travel, and says so', () => {
    const { dir, git } = repo();
    expect(release(dir, '0.2.0').status).toBe(0);
    git('commit', '--quiet', '--allow-empty', '-m', 'Release v0.3.0: a release commit with its reason');
    git('commit', '--quiet', '--allow-empty', '-m', 'Mention Release v9.9.9 in passing');
    git('tag', '-d', 'v0.2.0');
    const commit = git('rev-parse', 'HEAD~1');
    expect(newestRelease(dir)).toEqual({ version: '0.3.0', ref: commit, commit, how: `commit ${commit.slice(0, 7)} "Release v0.3.0" (no tag v0.3.0 here: found by its subject)` });
  });

  it('finds nothing in a repository without releases', () => {
    expect(newestRelease(repo().dir)).toBeUndefined();
  });
});
