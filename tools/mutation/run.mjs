// Installs Stryker into tools/mutation on first use (so nobody else installs it), then runs it
// from the project root with the arguments given.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
if (!existsSync(join(here, 'node_modules', '@stryker-mutator', 'core'))) {
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: here, stdio: 'inherit' });
}
const stryker = join(here, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js');
execFileSync(process.execPath, [stryker, 'run', join('tools', 'mutation', 'stryker.config.mjs'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
