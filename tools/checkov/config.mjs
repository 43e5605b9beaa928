// The Checkov configuration `npm run scan:checkov` runs with: .checkov.yaml, and the skips each
// service folder keeps beside its constructs (`constructs/<folder>/checkov.yaml`, a `skip-check:`
// list whose every entry has its reason in the comment above it), so adding a service edits no
// central list. Plain text: the files are lists of ids and comments, read without a YAML library.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The entries of a `skip-check:` list: each id with the comment lines above it. */
export function skipEntries(text, file) {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^skip-check:\s*$/.test(l));
  if (start < 0) throw new Error(`${file}: no "skip-check:" list`);
  const entries = [];
  // Ids listed one after another share the comment above the first (one reason for two checks).
  let comment = [];
  let afterId = false;
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break;
    if (/^\s*#/.test(line)) {
      if (afterId) comment = [];
      afterId = false;
      comment.push(line.trim());
    } else if (/^\s*-\s*\S+/.test(line)) {
      const id = line.replace(/^\s*-\s*/, '').trim();
      if (comment.length === 0) throw new Error(`${file}: ${id} has no reason: write why it does not apply in a comment above it`);
      entries.push({ id, comment: afterId ? [] : comment });
      afterId = true;
    } else if (line.trim() !== '') throw new Error(`${file}: cannot read ${JSON.stringify(line)} in skip-check`);
  }
  return entries;
}

/** The service folders' skip files under `constructs`, sorted. */
export function serviceSkipFiles(constructs) {
  return readdirSync(constructs, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(constructs, d.name, 'checkov.yaml')))
    .map((d) => join(constructs, d.name, 'checkov.yaml'))
    .sort();
}

/** `base` (.checkov.yaml's text) with every service file's skips added to its skip-check list. */
export function mergedConfig(base, services) {
  const added = services.flatMap(({ file, text }) => skipEntries(text, file).map((e) => ({ ...e, file })));
  const known = new Set(skipEntries(base, '.checkov.yaml').map((e) => e.id));
  for (const e of added) {
    if (known.has(e.id)) throw new Error(`${e.file}: ${e.id} is skipped twice (already in .checkov.yaml or another folder's checkov.yaml)`);
    known.add(e.id);
  }
  if (added.length === 0) return base;
  const lines = base.split('\n');
  const start = lines.findIndex((l) => /^skip-check:\s*$/.test(l));
  let end = lines.findIndex((l, i) => i > start && /^\S/.test(l) && !/^#/.test(l));
  if (end < 0) end = lines.length;
  // Keep trailing comments that follow the list (notes, not skips) after the added entries.
  while (end > start + 1 && /^(#|\s*$)/.test(lines[end - 1]) && !/^\s+#/.test(lines[end - 1])) end--;
  const inserted = added.flatMap((e) => [`  # (${e.file})`, ...e.comment.map((c) => `  ${c}`), `  - ${e.id}`]);
  return [...lines.slice(0, end), ...inserted, ...lines.slice(end)].join('\n');
}

/** The merged configuration of the repository at `root`. */
export function repositoryConfig(root) {
  const constructs = join(root, 'constructs');
  const services = serviceSkipFiles(constructs).map((file) => ({ file: file.slice(root.length + 1), text: readFileSync(file, 'utf8') }));
  return mergedConfig(readFileSync(join(root, '.checkov.yaml'), 'utf8'), services);
}
