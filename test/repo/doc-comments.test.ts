import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// jsii passes doc comments through to the other languages as they are: a `{@link X}` reaches a
// Python docstring raw. The library's sources and the generated AzAPI bindings write `X` or a
// Markdown link instead (issue 29). The Python consumer check reads the docstrings themselves.

const ROOT = resolve(__dirname, '..', '..');
const FOLDERS = ['constructs', 'stacks', 'src', '.gen/providers/azapi'];

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

describe('doc comments other languages read', () => {
  it('hold no {@link ...}: jsii would put it raw into Python docstrings', () => {
    const raw = FOLDERS.flatMap((folder) => tsFiles(join(ROOT, folder)))
      .flatMap((file) => readFileSync(file, 'utf8').split('\n').map((line, i) => ({ line, at: `${relative(ROOT, file)}:${i + 1}` })))
      .filter(({ line }) => line.includes('{@link'))
      .map(({ at }) => at);
    expect(raw).toEqual([]);
  });
});
