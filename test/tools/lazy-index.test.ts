import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { LazifyError, lazifyIndex } from '../../tools/lazy-index/lazify.mjs';

const ROOT = resolve(__dirname, '..', '..');
const INDEX = join(ROOT, 'dist', 'src', 'index.js');
const BUILT = existsSync(INDEX);

/** What tsc writes for `source` with this repository's compiler options (CommonJS, esModuleInterop). */
function compiled(source: string): string {
  const options = ts.parseJsonConfigFileContent(ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile).config, ts.sys, ROOT).options;
  return ts.transpileModule(source, { compilerOptions: { ...options, sourceMap: false, declaration: false } }).outputText;
}

/** Runs `script` in a fresh Node process (its own module cache); returns its standard output. */
function node(args: string[], cwd: string): string {
  return execFileSync(process.execPath, args, { cwd, encoding: 'utf8' });
}

const scratch = mkdtempSync(join(tmpdir(), 'lazy-index-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the lazy package index (tools/lazy-index, issue 30)', () => {
  const index = compiled("export { A, B } from './a';\nexport { C } from './c';\nexport * as ns from './n';\n");

  it('rewrites each re-exported module into a loader of the names the index reads, and keeps tsc\'s getters and names', () => {
    const { source, modules } = lazifyIndex(index);
    expect(modules).toBe(3);
    expect(source).not.toMatch(/^var \w+ = require\(/m);
    expect(source).toContain('var a_1 = __lazyModule(function () { return require("./a"); }, ["A","B"]);');
    expect(source).toContain('var c_1 = __lazyModule(function () { return require("./c"); }, ["C"]);');
    expect(source).toContain('get: function () { return a_1.A; }');
    expect(source).toContain('get: function () { return ns_namespace.ns; }');
    expect(source).toContain('exports.ns = exports.C = exports.B = exports.A = void 0;');
    expect(source.split('\n')).toHaveLength(index.split('\n').length + 1);
  });

  it('loads a module at the first read of one of its exports, and an ES module can still import the names', () => {
    const dir = mkdtempSync(join(scratch, 'fixture-'));
    const module = (name: string, body: string) => writeFileSync(join(dir, `${name}.js`), `"use strict";\nglobalThis.loaded = [...(globalThis.loaded ?? []), '${name}'];\n${body}\n`);
    module('a', 'exports.A = class A {}; exports.B = 2;');
    module('c', 'exports.C = 3;');
    module('n', 'exports.inner = 4;');
    writeFileSync(join(dir, 'index.js'), lazifyIndex(index).source);
    const script = [
      "const lib = require('./index.js');",
      'const seen = [String(globalThis.loaded ?? [])];',
      'lib.B; seen.push(String(globalThis.loaded)); lib.A; lib.B; seen.push(String(globalThis.loaded));',
      'seen.push(String(lib.ns.inner), String(globalThis.loaded), Object.keys(lib).join(" "));',
      'console.log(JSON.stringify(seen));',
    ].join('\n');
    expect(JSON.parse(node(['-e', script], dir))).toEqual(['', 'a', 'a', '4', 'a,n', 'A B C ns']);
    writeFileSync(join(dir, 'esm.mjs'), "import { A, C, ns } from './index.js';\nconsole.log(typeof A, C, ns.inner);\n");
    expect(node(['esm.mjs'], dir).trim()).toBe('function 3 4');
  });

  it('fails when the index requires a module in another shape (it would stay eager or break)', () => {
    const star = compiled("export * from './a';\n");
    expect(() => lazifyIndex(star)).toThrow(LazifyError);
    expect(() => lazifyIndex(star)).toThrow(/^line \d+: a require in a shape this step does not rewrite: __exportStar\(require\("\.\/a"\), exports\);$/);
  });

  it('fails when an export is a module\'s default (its getter is in another shape), naming that line', () => {
    const source = compiled("export { default as D } from './d';\n");
    expect(() => lazifyIndex(source)).toThrow(/^line \d+: d_1 is used in a shape this step does not rewrite: Object\.defineProperty\(exports, "D", .*__importDefault\(d_1\)\.default/);
  });

  it('keeps a comment that mentions require, and puts its loader before a source map\'s comment', () => {
    const source = `${compiled("/**\n * Loads with require('./x').\n */\n// see require('./y')\nexport { A } from './a';\n")}//# sourceMappingURL=index.js.map\n`;
    const lines = lazifyIndex(source).source.split('\n');
    expect(lines).toContain(" * Loads with require('./x').");
    expect(lines).toContain("// see require('./y')");
    expect(lines.slice(-3)).toEqual([expect.stringContaining('function __lazyModule('), '//# sourceMappingURL=index.js.map', '']);
  });

  it('fails when a module is loaded and no export reads it (it would never load, and lose its side effects)', () => {
    const source = index.replace('var c_1 = require("./c");', 'var c_1 = require("./c");\nvar x_1 = require("./x");');
    expect(() => lazifyIndex(source)).toThrow(/^line \d+: x_1 is loaded but no export reads it, so it would never load: var x_1 = require\("\.\/x"\);$/);
  });

  it('fails when a module variable is read outside an export\'s getter', () => {
    const source = `${index}\nconsole.log(a_1.A);\n`;
    expect(() => lazifyIndex(source)).toThrow(/^line \d+: a_1 is used in a shape this step does not rewrite: console\.log\(a_1\.A\);$/);
  });

  it('fails when the index was made lazy already, or holds no re-export', () => {
    expect(() => lazifyIndex(lazifyIndex(index).source)).toThrow('the index is lazy already (run the build from a clean dist/).');
    expect(() => lazifyIndex(compiled('export const x = 1;\n'))).toThrow(/^no re-exported module found/);
  });
});

// `npm ci` builds dist/ (the prepare script, `npm run build`); a work tree without a build has nothing to load.
describe.skipIf(!BUILT)('the built package index (dist/src/index.js)', () => {
  it('was made lazy by the build (`npm run build` and the jsii build end with tools/lazy-index/lazify.mjs)', () => {
    expect(readFileSync(INDEX, 'utf8')).toContain('/* lazy-index */ function __lazyModule(');
  });

  it('loads no construct and no provider binding when imported, and only what a construct needs when it is read', () => {
    const script = [
      `const lib = require(${JSON.stringify(INDEX)});`,
      "const loaded = () => Object.keys(require.cache).filter((f) => f.includes('/@cdktf/provider-') || f.includes('/dist/constructs/')).map((f) => f.replace(/.*\\/(dist|lib)\\//, '')).sort();",
      'const atImport = loaded();',
      'lib.ContainerService;',
      'console.log(JSON.stringify({ atImport, after: loaded() }));',
    ].join('\n');
    const { atImport, after } = JSON.parse(node(['-e', script], ROOT)) as { atImport: string[]; after: string[] };
    expect(atImport).toEqual([]);
    expect(after).toContain('container-app/index.js');
    expect(after).toContain('constructs/container-apps/container-service.js');
    expect(after).not.toContain('api-management/index.js');
    expect(after).not.toContain('constructs/front-door/front-door.js');
  });

  it('gives every export a value, and an ES module the same names', () => {
    const script = [
      `const lib = require(${JSON.stringify(INDEX)});`,
      'const keys = Object.keys(lib);',
      'console.log(JSON.stringify({ keys: keys.length, missing: keys.filter((k) => lib[k] === undefined) }));',
    ].join('\n');
    const cjs = JSON.parse(node(['-e', script], ROOT)) as { keys: number; missing: string[] };
    expect(cjs.missing).toEqual([]);
    expect(cjs.keys).toBeGreaterThan(150);
    // Node's namespace of a CommonJS module adds names of its own (`default`, `__esModule`, on newer Node `module.exports`).
    const esm = node(['--input-type=module', '-e', `import * as lib from ${JSON.stringify(INDEX)}; import { createRequire } from 'node:module'; const cjs = createRequire(import.meta.url)(${JSON.stringify(INDEX)}); console.log(JSON.stringify(Object.keys(cjs).filter((k) => !(k in lib) || lib[k] !== cjs[k])));`], ROOT);
    expect(JSON.parse(esm)).toEqual([]);
  });
});
