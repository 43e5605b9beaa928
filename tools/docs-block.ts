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

/**
 * A docs generator's last step: write `content` into `block` of its file (under the repository's
 * `root`), or with `--check` on the command line set exit code 1 where the file holds another
 * (naming `command`, the script that writes it). `summary` is printed after a write.
 */
export function writeOrCheckBlock(root: string, block: GeneratedBlock, content: string, command: string, summary: string): void {
  const target = join(root, block.file);
  const before = readFileSync(target, 'utf8');
  const after = replaceGeneratedBlock(before, block, content);
  if (process.argv.includes('--check')) {
    if (after !== before) {
      console.error(`${block.file} is stale: run ${command}`);
      process.exitCode = 1;
    }
  } else {
    writeFileSync(target, after);
    console.log(`${block.file}: ${summary}`);
  }
}
