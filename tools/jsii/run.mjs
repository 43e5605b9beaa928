// jsii for other languages, installed into tools/jsii on first use so neither consumers nor the
// test job install it:
//   build    `jsii`: dist/ and the .jsii assembly (the library compiled under jsii's rules)
//   package  build, then `jsii-pacmak`: dist-jsii/{python,dotnet,java,go,js}; targets from
//            JSII_TARGETS (default: python; the others need their toolchains, see docs/languages.md)
//   docs     build, then `jsii-docgen`: docs/API.md; with --check, fail when docs/API.md is stale
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const [command, ...rest] = process.argv.slice(2);
const bin = (name) => join(here, 'node_modules', '.bin', name);
const env = { ...process.env, JSII_SILENCE_WARNING_DEPRECATED_NODE_VERSION: '1', JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION: process.versions.node.split('.')[0] };
// (the end-of-life banner is silenced per major version: it names the running one; see docs/languages.md)
const run = (file, args) => execFileSync(file, args, { cwd: root, stdio: 'inherit', env });

if (!existsSync(bin('jsii'))) execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: here, stdio: 'inherit' });

function build() {
  rmSync(join(root, 'dist'), { recursive: true, force: true });
  run(bin('jsii'), ['--silence-warnings=reserved-word', '--fail-on-warnings']);
}

switch (command) {
  case 'build':
    build();
    break;
  case 'package': {
    build();
    const targets = (process.env.JSII_TARGETS ?? 'python').split(',').map((t) => t.trim()).filter(Boolean);
    rmSync(join(root, 'dist-jsii'), { recursive: true, force: true });
    run(bin('jsii-pacmak'), ['--targets', ...targets, ...rest]);
    break;
  }
  case 'docs': {
    build();
    const target = join(root, 'docs', 'API.md');
    const before = existsSync(target) ? readFileSync(target, 'utf8') : '';
    // The root module only: the AzAPI bindings under `azapi` are generated and documented by the provider.
    run(bin('jsii-docgen'), ['--output', 'docs/API.md', '--readme', 'false', '--submodule', 'root']);
    if (rest.includes('--check') && readFileSync(target, 'utf8') !== before) {
      console.error('docs/API.md was stale: it is regenerated now; commit it (npm run docs:api).');
      process.exit(1);
    }
    break;
  }
  default:
    console.error('usage: node tools/jsii/run.mjs build | package | docs [--check]');
    process.exit(2);
}
