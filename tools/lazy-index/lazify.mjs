// The last step of `npm run build` and of the jsii build: rewrites the compiled package index
// (dist/src/index.js) so that a module it re-exports is loaded when one of its exports is first read,
// not when the package is imported (issue 30). The index names every construct, so loading it eagerly
// loaded every construct's module and, through them, 65 provider binding modules (11 MB of
// JavaScript): about 220 ms of CPU and 26 MB of heap before a stack of two services had made
// anything. aws-cdk-lib's index is lazy for the same reason.
//
// Only two shapes of tsc's CommonJS output are rewritten, and anything else that would keep a module
// eager or break is refused (exit 1, naming the line), so a change of compiler settings cannot ship a
// silently eager or broken index:
//   var m_1 = require("../x");                        + getters `return m_1.Name;`
//   exports.ns = __importStar(require("../x"));       (`export * as ns from '../x'`)
// tsc's `exports.A = exports.B = void 0;` line stays: Node reads the names an ES module may import
// from it (cjs-module-lexer), and reads every one when an ES module imports the package, which then
// loads everything, as before.
//
//   node tools/lazy-index/lazify.mjs [file]    default: dist/src/index.js
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MARK = '/* lazy-index */';
const HELPER = `${MARK} function __lazyModule(load, names) { var loaded; var lazy = {}; names.forEach(function (name) { `
  + 'Object.defineProperty(lazy, name, { get: function () { if (loaded === void 0) loaded = load(); return loaded[name]; } }); }); return lazy; }';
const EAGER = /^var (\w+) = require\(("[^"\\]+")\);$/;
const NAMESPACE = /^exports\.(\w+) = __importStar\(require\(("[^"\\]+")\)\);$/;
const GETTER = /^Object\.defineProperty\(exports, "\w+", \{ enumerable: true, get: function \(\) \{ return (\w+)\.(\w+); \} \}\);$/;

/** A line of the index this step does not know how to make lazy. */
export class LazifyError extends Error {}

/**
 * The index source with every re-exported module loaded on first use; `modules` counts them.
 * Throws LazifyError when the source holds a `require` or a module variable used in a shape it
 * does not rewrite, or was rewritten already.
 *
 * The getters tsc writes (`get: function () { return m_1.Name; }`) stay as they are: Node finds the
 * names an ES module may import only in getters of that shape. `m_1` becomes an object with a getter
 * for each name the index reads from it, which loads the module at the first read.
 */
export function lazifyIndex(source) {
  if (source.includes(MARK)) throw new LazifyError('the index is lazy already (run the build from a clean dist/).');
  const lines = source.split('\n');
  const names = new Map();
  for (const line of lines) {
    const eager = EAGER.exec(line);
    if (eager) names.set(eager[1], []);
  }
  for (const line of lines) {
    const read = GETTER.exec(line);
    if (read && names.has(read[1])) names.get(read[1]).push(read[2]);
  }
  const out = lines.map((line, i) => {
    const eager = EAGER.exec(line);
    if (eager) {
      return `var ${eager[1]} = __lazyModule(function () { return require(${eager[2]}); }, ${JSON.stringify(names.get(eager[1]))});`;
    }
    const namespace = NAMESPACE.exec(line);
    if (namespace) {
      const [, name, path] = namespace;
      return `var ${name}_namespace = __lazyModule(function () { return { ${name}: __importStar(require(${path})) }; }, ["${name}"]); `
        + `Object.defineProperty(exports, "${name}", { enumerable: true, get: function () { return ${name}_namespace.${name}; } });`;
    }
    if (/^\s*(\/\/|\/\*|\*)/.test(line)) return line; // a comment, which tsc keeps
    if (/\brequire\(/.test(line)) throw new LazifyError(`line ${i + 1}: a require in a shape this step does not rewrite: ${line.trim()}`);
    const read = GETTER.exec(line);
    for (const name of names.keys()) {
      if ((!read || read[1] !== name) && new RegExp(`\\b${name}\\b`).test(line)) {
        throw new LazifyError(`line ${i + 1}: ${name} is used in a shape this step does not rewrite: ${line.trim()}`);
      }
    }
    return line;
  });
  // A module no getter reads would never load: the index loaded it for its side effects, which must stay.
  for (const [name, read] of names) {
    if (read.length === 0) throw new LazifyError(`line ${lines.findIndex((l) => l.startsWith(`var ${name} = `)) + 1}: ${name} is loaded but no export reads it, so it would never load: ${lines.find((l) => l.startsWith(`var ${name} = `)).trim()}`);
  }
  const modules = out.filter((line) => line.includes('__lazyModule(function')).length;
  if (modules === 0) throw new LazifyError('no re-exported module found: is this tsc\'s CommonJS output of src/index.ts?');
  // Appended (before a source map's comment, which stays last), so every line keeps its number; a
  // function declaration is hoisted.
  let end = out.length;
  while (end > 0 && out[end - 1].trim() === '') end -= 1;
  if (end > 0 && out[end - 1].startsWith('//# sourceMappingURL=')) end -= 1;
  out.splice(end, 0, HELPER);
  return { source: out.join('\n'), modules };
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const file = process.argv[2] ?? join(root, 'dist', 'src', 'index.js');
  try {
    const { source, modules } = lazifyIndex(readFileSync(file, 'utf8'));
    writeFileSync(file, source);
    console.log(`lazy-index: ${file}: ${modules} re-exported modules load on first use`);
  } catch (error) {
    if (!(error instanceof LazifyError)) throw error;
    console.error(`lazy-index: ${file}: ${error.message}`);
    process.exitCode = 1;
  }
}

// Run as a command (node resolves a symlinked path for import.meta.url, not for argv[1]).
if (process.argv[1] && realpathSync(fileURLToPath(import.meta.url)) === realpathSync(process.argv[1])) main();
