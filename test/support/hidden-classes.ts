import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');

/**
 * Runs `script` (CommonJS JavaScript; it may `require` the library's TypeScript) in a Node process
 * of its own with V8's natives syntax on, and returns the last line it prints, as JSON. The script
 * reads V8's view of objects there: `%HaveSameMap(a, b)` (one hidden class), `%HasFastProperties(o)`
 * (not a hash table). Its own process, so the flag never reaches the test runner's.
 */
export function probeHiddenClasses(script: string): unknown {
  const out = execFileSync(process.execPath, ['--allow-natives-syntax', '--require', 'tsx/cjs', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  // The last line: what the library or cdktf may print before it is not the answer.
  return JSON.parse(out.trimEnd().split('\n').pop()!) as unknown;
}
