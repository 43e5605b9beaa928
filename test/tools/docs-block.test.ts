import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GeneratedBlock, reportBlock, writeOrCheckBlock } from '../../tools/docs-block';

const BLOCK: GeneratedBlock = { file: 'docs/x.md', begin: '<!-- x:begin -->', end: '<!-- x:end -->' };

describe('a generated block in a docs file (npm run docs:rules, docs:preflight)', () => {
  let dir = '';
  const file = () => join(dir, 'docs', 'x.md');
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'docs-block-'));
    mkdirSync(join(dir, 'docs'));
    writeFileSync(file(), `# X\n${BLOCK.begin}\nold\n${BLOCK.end}\nprose\n`);
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    vi.restoreAllMocks();
  });

  it('writes the content between the markers only, and with --check leaves a stale file alone and says so', () => {
    expect(writeOrCheckBlock(dir, BLOCK, 'new\n', true)).toBe('stale');
    expect(readFileSync(file(), 'utf8')).toBe(`# X\n${BLOCK.begin}\nold\n${BLOCK.end}\nprose\n`);
    expect(writeOrCheckBlock(dir, BLOCK, 'new\n', false)).toBe('written');
    expect(readFileSync(file(), 'utf8')).toBe(`# X\n${BLOCK.begin}\n\nnew\n\n${BLOCK.end}\nprose\n`);
    expect(writeOrCheckBlock(dir, BLOCK, 'new\n', true)).toBe('current');
  });

  it('fails (exit code 1) on a stale file, naming the command that writes it; 0 when current or written', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    expect(reportBlock(BLOCK, 'stale', 'npm run docs:x', '3 rows')).toBe(1);
    expect(error).toHaveBeenCalledWith('docs/x.md is stale: run npm run docs:x');
    expect(reportBlock(BLOCK, 'current', 'npm run docs:x', '3 rows')).toBe(0);
    expect(reportBlock(BLOCK, 'written', 'npm run docs:x', '3 rows')).toBe(0);
  });

  it('fails when the markers are missing, instead of writing the content elsewhere', () => {
    writeFileSync(file(), '# X\n');
    expect(() => writeOrCheckBlock(dir, BLOCK, 'new\n', false)).toThrow(`docs/x.md lacks the markers ${BLOCK.begin} ... ${BLOCK.end}`);
  });
});
