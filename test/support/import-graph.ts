import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Files (relative to the root, `/`-separated) and the files of the same root each one imports. */
export type ImportGraph = Map<string, string[]>;

/**
 * The relative imports between the `.ts` files under `root`: `import`, `import type`,
 * `export ... from` and dynamic `import()`, as the TypeScript compiler reads them. Imports that
 * leave `root` (packages, `.gen/`) are not edges.
 */
export function importGraph(root: string): ImportGraph {
  const base = resolve(root);
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) files.push(path);
    }
  };
  walk(base);
  const graph: ImportGraph = new Map();
  for (const file of files.sort()) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolve(dirname(file), fileName);
      const found = [`${target}.ts`, join(target, 'index.ts')].find((candidate) => existsSync(candidate));
      if (found && found.startsWith(`${base}/`)) targets.add(toKey(base, found));
    }
    graph.set(toKey(base, file), [...targets].sort());
  }
  return graph;
}

function toKey(base: string, file: string): string {
  return relative(base, file).split('\\').join('/');
}

/** The folder a file belongs to: its first path segment (`core/validation.ts` -> `core`). */
export function folderOf(file: string): string {
  return file.split('/')[0];
}

/** The strongly connected groups of more than one node (or a node importing itself): the cycles. */
export function cyclesOf(edges: Map<string, Iterable<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || [...(edges.get(node) ?? [])].includes(node)) cycles.push(group.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) connect(node);
  return cycles;
}

/** The layers of `constructs/`: a folder may import its own layer's folders (without a cycle) and lower layers only. */
export interface Layers {
  /** Folder -> layer number; higher layers build on lower ones. */
  readonly rank: Record<string, number>;
  /** Folders that may import only the folders listed (besides themselves), whatever their layer. */
  readonly only?: Record<string, string[]>;
  /**
   * The layer of a folder `rank` does not list that declares an Azure service (a file calling
   * `AzureService.describe(`), so a new service folder needs no line in the layer table.
   */
  readonly serviceRank?: number;
  /** The folders that declare a service (see {@link serviceFolders}). */
  readonly services?: readonly string[];
  /**
   * What a folder's rules (`<folder>/rules/`) may import besides their own rules folder: a rule is
   * read by `azure-lessons` on plain HCL and must not load the folder's constructs or their bindings.
   */
  readonly rulesOnly?: readonly string[];
}

/** The folders directly under `root` with a file that declares an Azure service (`AzureService.describe(`). */
export function serviceFolders(root: string): string[] {
  const found: string[] = [];
  for (const folder of readdirSync(root, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    const dir = join(root, folder.name);
    const declares = readdirSync(dir).some((f) => f.endsWith('.ts') && /\bAzureService\.describe\(/.test(readFileSync(join(dir, f), 'utf8')));
    if (declares) found.push(folder.name);
  }
  return found.sort();
}

/** The layer of `folder`: its own in `rank`, else the service layer if it declares a service. */
function rankOf(layers: Layers, folder: string): number | undefined {
  if (layers.rank[folder] !== undefined) return layers.rank[folder];
  return layers.services?.includes(folder) ? layers.serviceRank : undefined;
}

/**
 * Every break of the layering in `graph`, one message per importing file and imported file:
 * an import of a higher layer, an import a folder's `only` list does not allow, a folder
 * without a layer, a cycle between folders (with the imports that make it) and a cycle between
 * files.
 */
export function layerViolations(graph: ImportGraph, layers: Layers): string[] {
  const problems: string[] = [];
  const folders = new Map<string, Set<string>>();
  const folderEdges = new Map<string, string[]>();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (!folders.has(from)) folders.set(from, new Set());
    // (A folder with its own `only` list is held to that list, its rules too.)
    const rules = /^[^/]+\/rules\//.test(file) && !layers.only?.[from] ? `${from}/rules/` : undefined;
    for (const target of targets) {
      const to = folderOf(target);
      if (rules && layers.rulesOnly && !target.startsWith(rules) && !layers.rulesOnly.includes(to)) {
        problems.push(`${file} imports ${target}: a rule (${rules}) may depend on its own rules folder and ${layers.rulesOnly.map((f) => `${f}/`).join(', ')} only, so azure-lessons loads no construct; tell the rule what it needs through metadata or a helper in core/.`);
      }
      if (to === from) continue;
      folders.get(from)!.add(to);
      const key = `${from} -> ${to}`;
      folderEdges.set(key, [...(folderEdges.get(key) ?? []), `${file} imports ${target}`]);
      const rankFrom = rankOf(layers, from);
      const rankTo = rankOf(layers, to);
      const only = layers.only?.[from];
      if (rankFrom === undefined || rankTo === undefined) continue;
      if (rankTo > rankFrom) {
        problems.push(`${file} imports ${target}: ${from}/ (layer ${rankFrom}) may not depend on ${to}/ (layer ${rankTo}), which builds on it.`);
      } else if (only && !only.includes(to)) {
        problems.push(`${file} imports ${target}: ${from}/ may depend on ${only.map((f) => `${f}/`).join(', ')} only.`);
      }
    }
  }
  for (const folder of [...folders.keys()].sort()) {
    if (rankOf(layers, folder) === undefined) problems.push(`${folder}/ has no layer: give it one in test/repo/layers.test.ts (what may it import, what may import it?), or declare its service in a descriptor (AzureService.describe).`);
  }
  for (const cycle of cyclesOf(folders)) {
    const imports = cycle.flatMap((from) => cycle.flatMap((to) => folderEdges.get(`${from} -> ${to}`) ?? []));
    problems.push(`folder cycle ${cycle.map((f) => `${f}/`).join(' <-> ')}: ${imports.join('; ')}.`);
  }
  for (const cycle of cyclesOf(graph)) {
    const imports = cycle.flatMap((from) => (graph.get(from) ?? []).filter((to) => cycle.includes(to)).map((to) => `${from} imports ${to}`));
    problems.push(`file cycle ${cycle.join(' <-> ')}: ${imports.join('; ')}.`);
  }
  return problems;
}
