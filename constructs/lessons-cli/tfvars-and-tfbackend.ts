import * as fs from 'fs';
import * as path from 'path';
import { BACKEND_TYPE, VARIABLE_FILE_TYPE } from '../lessons-check/rule-runner';
import { SourceResource, SourceSuppression } from './source';
import { suppressionInComment } from './suppressions';

// The files Terraform is given beside a directory's configuration: variable definitions files
// (`-var-file`, or loaded by themselves) and backend configuration files (`-backend-config`). Only
// `azure-lessons` on a directory reads them; a stack, cdk.tf.json or a plan holds neither.

/** A parsed file as the directory reader gives it: its display name, its lines, its JSON. */
export interface ParsedVariableFile {
  readonly file: string;
  readonly lines: string[];
  readonly json: Record<string, unknown>;
}

/** What the variable definitions and backend configuration files beside a root module give. */
export interface VariableFilesRead {
  /** One block per value (`VARIABLE_FILE_TYPE`), in the files' order, then one backend (`BACKEND_TYPE`) per `*.tfbackend` file. */
  readonly blocks: SourceResource[];
  /** The suppression comments just above each value. */
  readonly suppressions: SourceSuppression[];
  /** The values Terraform loads by itself (`terraform.tfvars`, `*.auto.tfvars` and their `.json` forms), the later file winning, as Terraform takes them. */
  readonly autoLoaded: Map<string, unknown>;
}

/** Whether Terraform loads the file `name` by itself (`terraform.tfvars[.json]`, `*.auto.tfvars[.json]`), not only when given `-var-file`. */
export function isAutoLoaded(name: string): boolean {
  return /^terraform\.tfvars(?:\.json)?$/.test(name) || /\.auto\.tfvars(?:\.json)?$/.test(name);
}

/**
 * Terraform's order of a directory's variable definitions files: `terraform.tfvars`, then
 * `terraform.tfvars.json`, then the `*.auto.tfvars[.json]` files by name (a later one overrides an
 * earlier one), then the files given only with `-var-file`, by name.
 */
function loadOrder(name: string): string {
  if (name === 'terraform.tfvars') return '0';
  if (name === 'terraform.tfvars.json') return '1';
  return `${isAutoLoaded(name) ? '2' : '3'}${name}`;
}

/**
 * The values of every variable definitions file in `dir` (`*.tfvars`, `*.tfvars.json`: those
 * Terraform loads by itself and those kept for `-var-file`), each as the rules see it: type
 * `VARIABLE_FILE_TYPE`, address `var.<name>`, path the file, attribute `value`; with its line and
 * the suppression comments written just above it.
 */
export async function readVariableFiles(dir: string, display: string, parse: (file: string, display: string) => Promise<ParsedVariableFile>, backendType: string | undefined): Promise<VariableFilesRead> {
  const names = fs.readdirSync(dir).filter((n) => /\.tfvars(?:\.json)?$/.test(n) && fs.statSync(path.join(dir, n)).isFile())
    .sort((a, b) => (loadOrder(a) < loadOrder(b) ? -1 : loadOrder(a) > loadOrder(b) ? 1 : 0));
  const read: VariableFilesRead = { blocks: [], suppressions: [], autoLoaded: new Map() };
  for (const name of names) {
    const f = await parse(path.join(dir, name), path.posix.normalize(display === '.' ? name : `${display}/${name}`));
    for (const [variable, value] of Object.entries(f.json)) {
      const address = `var.${variable}`;
      const line = assignmentLine(f, variable);
      read.blocks.push({ type: VARIABLE_FILE_TYPE, address, path: f.file, attributes: { value }, location: { file: f.file, ...(line === undefined ? {} : { line: line + 1 }) } });
      if (line !== undefined) read.suppressions.push(...commentsAbove(f, line, address));
      if (isAutoLoaded(name)) read.autoLoaded.set(variable, value);
    }
  }
  // A backend configuration file (`-backend-config=<file>`, named `*.tfbackend` by convention) completes the directory's backend block.
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.tfbackend') && fs.statSync(path.join(dir, n)).isFile()).sort()) {
    const f = await parse(path.join(dir, name), path.posix.normalize(display === '.' ? name : `${display}/${name}`));
    const address = `${BACKEND_TYPE}.${backendType ?? 'azurerm'}`;
    read.blocks.push({ type: BACKEND_TYPE, address, path: f.file, attributes: f.json, location: { file: f.file, line: 1 } });
    read.suppressions.push(...f.lines.flatMap((line, i) => suppressionInComment(line, address, { file: f.file, line: i + 1 }) ?? []));
  }
  return read;
}

/** The line (from 0) of `name = ...` outside any brace or bracket (a `.tfvars` file), or of the top-level key `"name":` (a `.json` one). */
function assignmentLine(f: ParsedVariableFile, name: string): number | undefined {
  const key = name.replace(/[^A-Za-z0-9_-]/g, '');
  const assignment = f.file.endsWith('.json') ? new RegExp(`^\\s*"${key}"\\s*:`) : new RegExp(`^\\s*${key}\\s*=`);
  // A .json file's values sit one level deep, in its object; a .tfvars file's at the top.
  const atDepth = f.file.endsWith('.json') ? 1 : 0;
  let depth = 0;
  for (let i = 0; i < f.lines.length; i += 1) {
    const line = f.lines[i];
    if (depth === atDepth && assignment.test(line)) return i;
    // Brackets inside strings and comments are rare in a variables file; a value spread over lines is skipped by its depth.
    depth += (line.match(/[{[]/g) ?? []).length - (line.match(/[}\]]/g) ?? []).length;
  }
  return undefined;
}

/** The suppressions in the comment lines just above line `at` (from 0). */
function commentsAbove(f: ParsedVariableFile, at: number, address: string): SourceSuppression[] {
  const found: SourceSuppression[] = [];
  for (let i = at - 1; i >= 0 && /^\s*(#|\/\/)/.test(f.lines[i]); i -= 1) {
    const s = suppressionInComment(f.lines[i], address, { file: f.file, line: i + 1 });
    if (s) found.push(s);
  }
  return found.reverse();
}
