import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// tools/release.mjs on a scratch repository: version, CHANGELOG entry, tag (the CI step installs such a tag).

const script = path.join(__dirname, '..', 'tools', 'release.mjs');
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

const release = (dir: string, version?: string) => spawnSync(process.execPath, [script, ...(version ? [version] : [])], { env: { ...process.env, RELEASE_ROOT: dir }, encoding: 'utf8' });

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
    expect(release(dir).status).toBe(1);
    expect(release(dir, '0.3.0').status).toBe(0);
    expect(release(dir, '0.3.0').stderr).toBe('[RELEASE] tools/release.mjs: tag = "v0.3.0": the tag exists, and moving it would change what installs from it. Fix: give the next version.\n');
  });

  it('fails when the work tree has uncommitted changes', () => {
    const { dir } = repo();
    fs.appendFileSync(path.join(dir, 'package.json'), '\n');
    expect(release(dir, '0.3.0').stderr).toMatch(/^\[RELEASE\] tools\/release\.mjs: work tree = "M package\.json": there are uncommitted changes/);
  });
});
