import * as fs from 'fs';
import * as path from 'path';
import { FindingFormat } from '../core/validation';
import { BACKEND_TYPE, VARIABLE_FILE_TYPE } from '../lessons-check/rule-runner';
import { LessonsInputError, Notice, SourceResource, SourceSuppression } from './source';
import { suppressionInComment } from './suppressions';

// The files Terraform is given beside a directory's configuration: variable definitions files
// (`-var-file`, or loaded by themselves) and backend configuration files (`-backend-config`).
// Only `azure-lessons` reads them, from a directory or named one by one; a stack, cdk.tf.json or
// a plan holds neither. Each block's address starts with its file (`prod.tfvars:var.db_password`),
// so a finding is placed in its own file and a comment in one file suppresses nothing in another.

/** A parsed file as the directory reader gives it: its display name, its lines, its JSON. */
export interface ParsedSettingsFile {
  readonly file: string;
  readonly lines: string[];
  readonly json: Record<string, unknown>;
}

/** Parses one file (HCL or JSON), or throws the input error naming it; `fix` says how to find the syntax error. */
export type SettingsFileParser = (file: string, display: string, fix?: string) => Promise<ParsedSettingsFile>;

/** What the variable definitions and backend configuration files give. */
export interface SettingsFilesRead {
  /** One block per value (`VARIABLE_FILE_TYPE`), then one backend (`BACKEND_TYPE`) per `*.tfbackend` file. */
  readonly blocks: SourceResource[];
  /** The suppression comments: just above a value, or anywhere in a backend configuration file. */
  readonly suppressions: SourceSuppression[];
  /** A file given only with `-var-file` that does not parse: not read, and said so. */
  readonly notRead: Notice[];
}

/** Whether `name` is a variable definitions file (`*.tfvars`, `*.tfvars.json`). */
export function isVariableFile(name: string): boolean {
  return /\.tfvars(?:\.json)?$/.test(name);
}

/** Whether `name` is a backend configuration file (`*.tfbackend`). */
export function isBackendFile(name: string): boolean {
  return name.endsWith('.tfbackend');
}

/** Whether Terraform loads the file `name` by itself (`terraform.tfvars[.json]`, `*.auto.tfvars[.json]`), not only when given `-var-file`. */
function isAutoLoaded(name: string): boolean {
  return /^terraform\.tfvars(?:\.json)?$/.test(name) || /\.auto\.tfvars(?:\.json)?$/.test(name);
}

/** How a syntax error in a variable definitions file is found: `terraform validate` does not read them. */
const VARIABLE_FILE_FIX = 'correct the syntax: terraform plan reads the file and shows where (terraform validate does not read .tfvars files).';

/**
 * The variable definitions and backend configuration files directly in `dir` (not in its
 * subdirectories, as Terraform loads them), each as the rules see it (`readSettingsFile`).
 */
export async function readSettingsFiles(dir: string, display: string, parse: SettingsFileParser, backendType: string | undefined): Promise<SettingsFilesRead> {
  const names = fs.readdirSync(dir).filter((n) => (isVariableFile(n) || isBackendFile(n)) && fs.statSync(path.join(dir, n)).isFile()).sort();
  const read: SettingsFilesRead = { blocks: [], suppressions: [], notRead: [] };
  for (const name of names) {
    const one = await readSettingsFile(path.join(dir, name), path.posix.normalize(display === '.' ? name : `${display}/${name}`), parse, backendType);
    read.blocks.push(...one.blocks);
    read.suppressions.push(...one.suppressions);
    read.notRead.push(...one.notRead);
  }
  return read;
}

/**
 * One variable definitions file (each value: type `VARIABLE_FILE_TYPE`, address
 * `<file>:var.<name>`, path the file, attribute `value`, at its line, with the suppression comments
 * just above it) or backend configuration file (type `BACKEND_TYPE`, address
 * `<file>:terraform.backend.<type>`, `backendType` or `azurerm` where the configuration names none).
 * A file Terraform loads by itself, or one named on the command line (`mustParse`), that does not
 * parse fails the run, as it fails Terraform's; one found beside the configuration and kept for
 * `-var-file` is left out with a notice.
 */
export async function readSettingsFile(file: string, display: string, parse: SettingsFileParser, backendType: string | undefined, mustParse = false): Promise<SettingsFilesRead> {
  const name = path.basename(file);
  const read: SettingsFilesRead = { blocks: [], suppressions: [], notRead: [] };
  let f: ParsedSettingsFile;
  try {
    f = await parse(file, display, isVariableFile(name) ? VARIABLE_FILE_FIX : undefined);
  } catch (error) {
    if (!(error instanceof LessonsInputError) || mustParse || isAutoLoaded(name)) throw error;
    read.notRead.push({
      id: 'AZURE.FileNotRead', address: display, location: { file: display },
      message: FindingFormat.format(display, {
        lesson: 'AZURE', setting: 'file', given: display,
        problem: `it does not parse (${/does not parse as Terraform \w+ \((.*)\)\. Fix:/s.exec(error.message)?.[1] ?? 'a syntax error'}), so its values are not checked; Terraform reads it only when given it (-var-file, -backend-config), and then fails.`,
        fix: isVariableFile(name) ? VARIABLE_FILE_FIX : 'correct the syntax: terraform init -backend-config=<file> reads it and shows where.',
      }),
    });
    return read;
  }
  const lines = topLevelKeyLines(f.lines.join('\n'), display.endsWith('.json'));
  if (isBackendFile(name)) {
    const address = `${display}:${BACKEND_TYPE}.${backendType ?? 'azurerm'}`;
    const first = Math.min(...[...lines.values()]);
    read.blocks.push({
      type: BACKEND_TYPE, address, path: display, attributes: f.json, location: { file: display, line: Number.isFinite(first) ? first + 1 : 1 },
      settingLines: Object.fromEntries([...lines].map(([key, at]) => [key, at + 1])),
    });
    // The file is the backend's block: a comment anywhere in it is about it.
    read.suppressions.push(...f.lines.flatMap((line, i) => suppressionInComment(line, address, { file: display, line: i + 1 }) ?? []));
    return read;
  }
  for (const [variable, value] of Object.entries(f.json)) {
    const address = `${display}:var.${variable}`;
    const line = lines.get(variable);
    read.blocks.push({ type: VARIABLE_FILE_TYPE, address, path: display, attributes: { value }, location: { file: display, ...(line === undefined ? {} : { line: line + 1 }) } });
    if (line !== undefined) read.suppressions.push(...commentsAbove(f.lines, line, address, display));
  }
  return read;
}

/**
 * The line (from 0) of each top-level key of a variables or backend file: `name =` at the top of a
 * `.tfvars` file, `"name":` one level into a `.json` one. Strings, comments (`#`, `//`, `/* *\/`)
 * and heredocs are skipped, so a key inside them, or a bracket, is not taken for one.
 */
export function topLevelKeyLines(text: string, json: boolean): Map<string, number> {
  const found = new Map<string, number>();
  const keyDepth = json ? 1 : 0;
  let depth = 0;
  let line = 0;
  /** Where the current line starts, and whether anything but spaces came before `i` on it. */
  let lineStart = 0;
  let i = 0;
  const newline = (at: number): void => {
    line += 1;
    lineStart = at + 1;
  };
  // A string, and in HCL the templates inside it (`"${"}"}"`: a quote or brace in one does not end the string).
  const skipString = (): void => {
    for (i += 1; i < text.length && text[i] !== '"'; i += 1) {
      if (text[i] === '\\') i += 1;
      else if (text[i] === '\n') newline(i);
      else if (!json && (text[i] === '$' || text[i] === '%') && text[i + 1] === '{' && text[i - 1] !== text[i]) skipTemplate();
    }
    i += 1;
  };
  /** From `${` (at `i`) to its closing `}`, past strings and braces inside; leaves `i` on the `}`. */
  const skipTemplate = (): void => {
    let braces = 0;
    for (i += 1; i < text.length; i += 1) {
      if (text[i] === '"') {
        skipString();
        i -= 1;
      } else if (text[i] === '\n') newline(i);
      else if (text[i] === '{') braces += 1;
      else if (text[i] === '}' && --braces === 0) return;
    }
  };
  while (i < text.length) {
    const c = text[i];
    if (c === '\n') {
      newline(i);
      i += 1;
    } else if (c === '"') {
      const start = i;
      skipString();
      // A JSON key: a string at the keys' depth followed by `:`.
      if (json && depth === keyDepth && /^\s*:/.test(text.slice(i, i + 16))) {
        const key = JSON.parse(text.slice(start, i)) as string;
        if (!found.has(key)) found.set(key, line);
      }
    } else if (!json && (c === '#' || (c === '/' && text[i + 1] === '/'))) {
      while (i < text.length && text[i] !== '\n') i += 1;
    } else if (!json && c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      for (let k = i; k < stop; k += 1) if (text[k] === '\n') newline(k);
      i = stop;
    } else if (!json && c === '<' && text[i + 1] === '<') {
      const marker = /^<<-?([A-Za-z_][A-Za-z0-9_]*)[ \t]*\r?\n/.exec(text.slice(i, i + 256));
      if (marker === null) {
        i += 2;
        continue;
      }
      // Up to the line that holds the marker alone.
      let at = i + marker[0].length;
      newline(at - 1);
      while (at < text.length) {
        const next = text.indexOf('\n', at);
        const body = text.slice(at, next === -1 ? text.length : next);
        at = next === -1 ? text.length : next + 1;
        if (next !== -1) newline(next);
        if (body.trim() === marker[1]) break;
      }
      i = at;
    } else if (c === '{' || c === '[' || c === '(') {
      depth += 1;
      i += 1;
    } else if (c === '}' || c === ']' || c === ')') {
      depth -= 1;
      i += 1;
    } else if (!json && depth === 0 && KEY_START.test(c) && /^[ \t\uFEFF]*$/.test(text.slice(lineStart, i))) {
      const m = ASSIGNMENT.exec(text.slice(i, i + 256));
      if (m !== null && !found.has(m[1])) found.set(m[1], line);
      i += m === null ? 1 : m[0].length;
    } else {
      i += 1;
    }
  }
  return found;
}

/** What an HCL identifier starts with (a letter of any script, `_`). */
const KEY_START = /[\p{ID_Start}_]/u;
/** `name =` (not `==`) at the start of a line: an HCL identifier (letters of any script, digits, `_`, `-`). */
const ASSIGNMENT = /^([\p{ID_Start}_][\p{ID_Continue}-]*)[ \t]*=(?!=)/u;

/** The suppressions in the comment lines just above line `at` (from 0). */
function commentsAbove(lines: readonly string[], at: number, address: string, file: string): SourceSuppression[] {
  const found: SourceSuppression[] = [];
  for (let i = at - 1; i >= 0 && /^\s*(#|\/\/|\/\*|\*)/.test(lines[i]); i -= 1) {
    const s = suppressionInComment(lines[i], address, { file, line: i + 1 });
    if (s) found.push(s);
  }
  return found.reverse();
}
