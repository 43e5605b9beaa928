// A generated block inside a hand-written Markdown file: everything between its two markers is
// written by a command (docs/deploy.md's preflight table, docs/lessons.md's rule table), the rest
// is prose kept by hand.

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
