// `npm run test:python`: the library's Python package (built by `npm run package:jsii`) in a fresh
// virtual environment with the pinned Python peers, running check.py.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const wheels = join(root, 'dist-jsii', 'python');
const wheel = existsSync(wheels) ? readdirSync(wheels).find((f) => f.endsWith('.whl')) : undefined;
if (!wheel) {
  console.error('No wheel in dist-jsii/python: run `npm run package:jsii` first.');
  process.exit(2);
}
const venv = join(here, '.venv');
rmSync(venv, { recursive: true, force: true });
const python = process.env.PYTHON ?? 'python3';
const env = { ...process.env, JSII_SILENCE_WARNING_DEPRECATED_NODE_VERSION: '1', JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION: process.versions.node.split('.')[0] };
// (the end-of-life banner is silenced per major version: it names the running one; see docs/languages.md)
const run = (file, args) => execFileSync(file, args, { cwd: here, stdio: 'inherit', env });
run(python, ['-m', 'venv', venv]);
const pip = join(venv, 'bin', 'pip');
run(pip, ['install', '--quiet', '--disable-pip-version-check', '-r', 'requirements.txt', join(wheels, wheel)]);
// check.py's own stdout as it comes; its stderr kept to look for Node output that jsii's Python
// runtime printed as raw bytes (b'...': it prints the Node process's non-protocol lines that way,
// aws/jsii#4065), e.g. jsii's Node end-of-life banner when it is not silenced for this Node.
const check = spawnSync(join(venv, 'bin', 'python'), ['check.py'], { cwd: here, env, stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
process.stderr.write(check.stderr);
const rawBytes = check.stderr.split('\n').filter((line) => /^b['"]/.test(line));
if (rawBytes.length > 0) {
  console.error(`FAIL the Python process printed ${rawBytes.length} lines of Node output as raw bytes, first: ${rawBytes[0]}`);
  process.exit(1);
}
process.exit(check.status ?? 1);
