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
const run = (file, args, extraEnv = {}) => execFileSync(file, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });

if (!existsSync(bin('jsii'))) execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: here, stdio: 'inherit' });

function build() {
  rmSync(join(root, 'dist'), { recursive: true, force: true });
  run(bin('jsii'), ['--silence-warnings=reserved-word', '--fail-on-warnings']);
  // As `npm run build`: the package index loads a module when one of its exports is first read.
  run(process.execPath, [join(root, 'tools', 'lazy-index', 'lazify.mjs')]);
}

/**
 * dist/ as jsii wrote it: every class carries jsii's runtime type information, which the other
 * languages need to hand back the right class. Plain tsc (`npm run build`) writes none.
 */
function assertJsiiOutput() {
  const probe = join(root, 'dist', 'constructs', 'storage', 'storage-account.js');
  if (!existsSync(probe) || !readFileSync(probe, 'utf8').includes('jsii.rtti')) {
    console.error(`${probe} has no jsii type information: dist/ was rebuilt by plain tsc after jsii (a \`prepare\` during \`npm pack\`?), so the packages would hand back bare Constructs.`);
    process.exit(1);
  }
}

switch (command) {
  case 'build':
    build();
    break;
  case 'package': {
    build();
    const targets = (process.env.JSII_TARGETS ?? 'python').split(',').map((t) => t.trim()).filter(Boolean);
    rmSync(join(root, 'dist-jsii'), { recursive: true, force: true });
    // pacmak runs `npm pack`, which would run `prepare` (plain tsc) and overwrite jsii's dist/: classes
    // without jsii's type information, so a method returning a construct returns a bare Construct in
    // Python (issue 29). Scripts off for that pack; the check below fails if dist/ was rebuilt anyway.
    run(bin('jsii-pacmak'), ['--targets', ...targets, ...rest], { npm_config_ignore_scripts: 'true' });
    assertJsiiOutput();
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
