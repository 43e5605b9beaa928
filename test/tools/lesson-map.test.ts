import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replaceGeneratedBlock } from '../../tools/docs-block';
import { LESSON_MAP, LESSON_MAP_HEADER, readFolderLessons, renderLessonMap, rowsOf } from '../../tools/rules-docs/lesson-map';

// docs/lessons.md's map of lessons to constructs is gathered from each folder's
// constructs/<folder>/lessons.md by `npm run docs:rules`: a new construct's row goes in its own folder.

const root = join(__dirname, '..', '..');
const doc = readFileSync(join(root, 'docs', 'lessons.md'), 'utf8');
const folders = readFolderLessons(root);
const TABLE = `${LESSON_MAP_HEADER}\n|---|---|---|---|\n`;

describe('docs/lessons.md: the map of lessons to constructs', () => {
  it('holds the rows every folder keeps, folder by folder (run npm run docs:rules when this fails)', () => {
    expect(doc).toBe(replaceGeneratedBlock(doc, LESSON_MAP, renderLessonMap(folders)));
  });

  it('gathers the folders in name order, each folder\'s rows in its own order', () => {
    expect(folders.map((f) => f.file)).toEqual([...folders.map((f) => f.file)].sort());
    expect(folders.length).toBeGreaterThanOrEqual(14);
    const storage = folders.find((f) => f.file === 'constructs/storage/lessons.md')!;
    expect(storage.rows[0]).toMatch(/^\| SEC-1 \| `StorageAccount` \| default: shared keys off/);
  });

  it('names a test in each row, and every test it names exists (test/**/<name>.test.ts)', () => {
    const tests = new Set((readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' }) as string[])
      .filter((f) => f.endsWith('.test.ts')).map((f) => f.split('/').pop()!.slice(0, -'.test.ts'.length)));
    const missing = folders.flatMap((f) => f.rows.flatMap((row) => {
      const named = [...row.slice(row.lastIndexOf(' | ') + 3).matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1]);
      return named.filter((t) => !tests.has(t)).map((t) => `${f.file}: ${t}`);
    }));
    expect(missing).toEqual([]);
  });

  it('writes the header, then every folder\'s rows', () => {
    expect(renderLessonMap([{ file: 'a', rows: ['| X-1 | `A` | a | `a` |'] }, { file: 'b', rows: ['| X-2 | `B` | b | - |'] }]))
      .toBe(`${TABLE}| X-1 | \`A\` | a | \`a\` |\n| X-2 | \`B\` | b | - |\n`);
  });

  it('reads the rows after the header up to the first line that is none', () => {
    expect(rowsOf('f.md', `# Lessons\n\n${TABLE}| X-1 | \`A\` | a | \`a\` |\n\nProse after.\n| not | a | row | here |\n`)).toEqual(['| X-1 | `A` | a | `a` |']);
  });

  it('fails when a folder\'s file has no table of the map, naming the header to write', () => {
    expect(() => rowsOf('constructs/x/lessons.md', '# Lessons\n')).toThrow(`constructs/x/lessons.md: header = none: the file holds no table of the map. Fix: start its table with the line ${LESSON_MAP_HEADER}`);
  });

  it.each([['three cells', '| X-1 | `A` | a |'], ['an empty cell', '| X-1 |  | a | `a` |'], ['five cells', '| X-1 | `A` | a | b | `a` |']])('fails when a row has %s, naming the file and line', (_what, row) => {
    expect(() => rowsOf('constructs/x/lessons.md', `${TABLE}${row}\n`)).toThrow(/^constructs\/x\/lessons\.md:3: row = .*: a row of the map has four cells \(lesson, construct, how, test\)\. Fix:/);
  });

  it('fails when the table has no row', () => {
    expect(() => rowsOf('constructs/x/lessons.md', TABLE)).toThrow('constructs/x/lessons.md: rows = 0: the table has no row.');
  });
});
