// A Stryker ignorer for sample.mjs: with MUTATION_SAMPLE set to a sample file, it ignores every
// node that neither is nor contains a drawn mutant, so the mutants nested in a drawn one (a
// block's statements) are not tested. Without MUTATION_SAMPLE the config does not load it.
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

const root = resolve(import.meta.dirname, '..', '..');
const drawn = new Map(); // file -> locations (babel: 1-based lines, 0-based columns)
if (process.env.MUTATION_SAMPLE) {
  for (const { file, location: { start, end } } of JSON.parse(readFileSync(process.env.MUTATION_SAMPLE, 'utf8')).mutants) {
    const list = drawn.get(file) ?? drawn.set(file, []).get(file);
    list.push({ start: { line: start.line, column: start.column - 1 }, end: { line: end.line, column: end.column - 1 } });
  }
}
const before = (a, b) => a.line < b.line || (a.line === b.line && a.column <= b.column);
const contains = (outer, inner) => before(outer.start, inner.start) && before(inner.end, outer.end);

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'sample-only', {
    shouldIgnore(path) {
      const loc = path.node.loc;
      const file = relative(root, path.hub?.file?.opts?.filename ?? '').replaceAll('\\', '/');
      if (!loc || (drawn.get(file) ?? []).some((d) => contains(loc, d))) return undefined;
      return 'Not in the drawn sample (tools/mutation/sample.mjs).';
    },
  }),
];
