// A generated block inside a hand-written Markdown file: everything between its two markers is
// written by a command (docs/deploy.md's preflight table, docs/lessons.md's rule table), the rest
// is prose kept by hand.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where a generated block sits: the file it is in (for the error) and its two markers. */
export interface GeneratedBlock {
  readonly file: string;
  readonly begin: string;
  readonly end: string;
}

/** `doc` with `block`'s content replaced by `content`; throws where the markers are missing. */
export function replaceGeneratedBlock(doc: string, block: GeneratedBlock, content: string): string {
  const begin = doc.indexOf(block.begin);
  const end = doc.indexOf(block.end);
  if (begin < 0 || end < begin) throw new Error(`${block.file} lacks the markers ${block.begin} ... ${block.end}`);
  return `${doc.slice(0, begin + block.begin.length)}\n\n${content}\n${doc.slice(end)}`;
}

/** What `writeOrCheckBlock` did: wrote the file, found it current, or (checking) found it stale. */
export type BlockResult = 'written' | 'current' | 'stale';

/**
 * A docs generator's last step: write `content` into `block` of its file (under the repository's
 * `root`), or when `check` is set leave the file alone and say whether it holds that content.
 */
export function writeOrCheckBlock(root: string, block: GeneratedBlock, content: string, check: boolean): BlockResult {
  const target = join(root, block.file);
  const before = readFileSync(target, 'utf8');
  const after = replaceGeneratedBlock(before, block, content);
  if (check) return after === before ? 'current' : 'stale';
  writeFileSync(target, after);
  return 'written';
}

/** A docs generator's command line for `result`: prints what it did, and returns the exit code (1 for a stale file). */
export function reportBlock(block: GeneratedBlock, result: BlockResult, command: string, summary: string): number {
  if (result === 'stale') {
    console.error(`${block.file} is stale: run ${command}`);
    return 1;
  }
  if (result === 'written') console.log(`${block.file}: ${summary}`);
  return 0;
}
