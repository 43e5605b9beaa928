import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..', '..');
const BUILT = existsSync(resolve(ROOT, 'dist', 'src', 'index.js'));

/** The files `npm pack` would put in the package (built dist/ as it is now; no scripts run). */
function packed(): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
  return (JSON.parse(out) as { files: { path: string }[] }[])[0].files.map((f) => f.path);
}

// `npm ci` builds dist/ (the prepare script); a work tree without a build has nothing to pack.
describe.skipIf(!BUILT)('the npm package', () => {
  const files = BUILT ? packed() : [];

  it('holds the library and both commands (the jsii assembly too once `npm run package:jsii` made it)', () => {
    expect(files).toEqual(expect.arrayContaining([
      'dist/src/index.js', 'dist/src/index.d.ts', 'dist/constructs/lessons-cli/main.js', 'dist/constructs/preflight/main.js',
      'dist/constructs/lessons-check/rule-examples.js', 'README.md', 'CHANGELOG.md',
    ]));
  });

  it('leaves out the rules\' examples (test data), the application\'s stacks and its entry', () => {
    expect(files.filter((f) => /\.examples\.(js|d\.ts)$/.test(f))).toEqual([]);
    expect(files.filter((f) => f.startsWith('dist/stacks/') || /^dist\/src\/(main|app|environments|stacks)\./.test(f))).toEqual([]);
    expect(files.filter((f) => f.startsWith('test/') || f.endsWith('.tsbuildinfo'))).toEqual([]);
  });
});
