import * as fs from 'fs';
import * as path from 'path';
import { FindingFormat } from '../core/validation';
import { localKey, TerraformVariables, TerraformVariableValue } from '../core/terraform-expression';
import { BACKEND_TYPE, CLOUD_ADDRESS, DATA_TYPE_PREFIX, LOCAL_TYPE, MODULE_TYPE, OUTPUT_TYPE, PROVIDER_TYPE, VARIABLE_TYPE } from '../lessons-check/rule-runner';
import { instancesOf } from '../core/terraform-iteration';
import { recordInstances } from '../lessons-check/resource-instances';
import { resolveValue, Scope } from './references';
import { LessonsInputError, readInputFile, Notice, SourceRead, SourceResource, SourceSuppression } from './source';
import { suppressionInComment } from './suppressions';
import { readSettingsFiles } from './tfvars-and-tfbackend';

type Blocks = Record<string, Record<string, unknown>>;
interface ParsedFile { readonly file: string; readonly lines: string[]; readonly json: Record<string, Blocks> }
/** What a module gives its caller besides its resources: its outputs. */
interface ModuleRead extends SourceRead { readonly outputs: Map<string, unknown> }

/**
 * A local module directory's variables and locals as the rules see them, with their suppression
 * comments, under the address of the call nearest the root (fewest `module.` steps; the first
 * read of those): its defaults are written once, whichever calls use it.
 */
interface ModuleValues { readonly depth: number; readonly blocks: SourceResource[]; readonly suppressions: SourceSuppression[] }

const HEADER = /^\s*(resource|data|module|output|provider|variable|backend)\s+"([^"]+)"(?:\s+"([^"]+)")?\s*\{/;
const META_ARGUMENTS = new Set(['source', 'version', 'providers', 'count', 'for_each', 'depends_on']);

/**
 * The resources of a directory of `.tf` (parsed with cdktf's hcl2json) and `.tf.json` files,
 * with the local modules it calls read in turn under their module address; remote modules are
 * reported as not read.
 */
export async function readHclDirectory(dir: string, display: string): Promise<SourceRead> {
  return readTerraformFiles(dir, display, undefined);
}

/** The resources of some files of a directory (all `.tf` and `.tf.json` files when `names` is undefined). */
export async function readTerraformFiles(dir: string, display: string, names: string[] | undefined): Promise<SourceRead> {
  const read = await readModule(dir, display, '', new Map(), names);
  if (read === undefined) {
    throw new LessonsInputError(display, {
      setting: 'path', given: display, problem: 'the directory holds no Terraform files (.tf, .tf.json), so there is nothing to check.',
      fix: 'give the directory of a Terraform module, a .tf.json file, or the JSON of a plan (terraform show -json plan > plan.json).',
    });
  }
  return read;
}

/**
 * @param valuesRead each local module directory's variables and locals (`ModuleValues`): a module
 * called twice holds its defaults once, and is judged once
 */
async function readModule(dir: string, display: string, prefix: string, args: ReadonlyMap<string, unknown>, only?: string[], valuesRead = new Map<string, ModuleValues>()): Promise<ModuleRead | undefined> {
  const names = only ?? fs.readdirSync(dir).filter((n) => (n.endsWith('.tf') || n.endsWith('.tf.json')) && fs.statSync(path.join(dir, n)).isFile()).sort();
  if (names.length === 0) return undefined;
  const files = await Promise.all(names.map((n) => parseFile(path.join(dir, n), only ? display : joinDisplay(display, n))));
  const all = (kind: string) => files.flatMap((f) => Object.entries(f.json[kind] ?? {}).map(([name, body]) => ({ f, name, body: first(body) })));
  const declared = new Set(all('resource').flatMap(({ name, body }) => Object.keys(body).map((n) => `${name}.${n}`)));
  const variables = new Map<string, unknown>(all('variable').filter(({ body }) => 'default' in body).map(({ name, body }) => [name, body.default]));
  for (const [k, v] of args) variables.set(k, v);
  // As the evaluator reads them: the argument or default, and whether the variable is sensitive.
  const sensitive = new Set(all('variable').filter(({ body }) => body.sensitive === true || body.sensitive === 'true').map(({ name }) => name));
  const terraformVariables: TerraformVariables = new Map<string, TerraformVariableValue>([
    ...all('variable').map(({ name }): [string, TerraformVariableValue] => [name, { hasDefault: false, sensitive: sensitive.has(name) }]),
    ...[...variables].map(([name, value]): [string, TerraformVariableValue] => [name, { hasDefault: value !== null && value !== undefined, default: value, sensitive: sensitive.has(name) }]),
  ]);
  const plain: Scope = { prefix, declared, variables, outputs: new Map(), locals: new Map(), terraformVariables };
  // Locals in terms of variables and resources (one that names another local is evaluated through withLocals).
  const locals = new Map(files.flatMap((f) => [f.json.locals ?? []].flat().flatMap((block) => Object.entries(first(block))))
    .map(([k, v]) => [k, resolveValue(v, plain)]));
  // The evaluator reads a local as it reads a variable (`local.<name>`): `lower(local.t)`, `local.m["k"]` too.
  const withLocals: TerraformVariables = new Map<string, TerraformVariableValue>([
    ...terraformVariables,
    ...[...locals].map(([name, value]): [string, TerraformVariableValue] => [localKey(name), { hasDefault: value !== null && value !== undefined, default: value, sensitive: false }]),
  ]);
  const callerScope: Scope = { ...plain, locals, terraformVariables: withLocals };
  const outputs = new Map<string, unknown>();
  const read: ModuleRead = { resources: [], suppressions: [], notRead: [], outputs: new Map(), variables: withLocals };
  // A child module's variables and locals: a default or a local is written in the configuration whatever the caller gives.
  const depth = (prefix.match(/(?:^|\.)module\./g) ?? []).length;
  const before = valuesRead.get(path.resolve(dir));
  if (prefix !== '' && (before === undefined || depth < before.depth)) {
    const values: ModuleValues = { depth, blocks: [], suppressions: [] };
    for (const f of files) {
      variableBlocks(f, prefix, values.blocks, values.suppressions);
      localBlocks(f, prefix, values.blocks);
    }
    valuesRead.set(path.resolve(dir), values);
  }
  for (const { f, name, body } of all('module')) {
    const address = `${prefix}module.${name}`;
    read.suppressions.push(...commentSuppressions(f, 'module', name, undefined, address));
    const child = await readCall(dir, only ? path.posix.dirname(display) : display, address, body, callerScope, valuesRead);
    if ('message' in child) {
      read.notRead.push({ ...child, location: { file: f.file, line: headerLine(f, 'module', name) } });
      continue;
    }
    read.resources.push(...child.resources);
    read.suppressions.push(...child.suppressions);
    read.notRead.push(...child.notRead);
    for (const [o, v] of child.outputs) outputs.set(`${name}.${o}`, v);
  }
  const scope: Scope = { ...callerScope, outputs };
  for (const { f, name: type, body } of all('resource')) {
    for (const [name, attributes] of Object.entries(body)) {
      const address = `${prefix}${type}.${name}`;
      const { '//': comment, ...body } = first(attributes);
      // cdk.tf.json keeps the construct path: findings then name the resource as the construct check does.
      const constructPath = constructPathOf(comment);
      // The "//" comment of cdk.tf.json stays, as the construct check sees it: it carries what constructs declare (a held interval).
      const carried = comment && typeof comment === 'object' && !Array.isArray(comment) ? { '//': comment } : {};
      const resource: SourceResource = {
        type, address, path: constructPath ?? address,
        attributes: { ...provisionersAsListed(resolveValue(body, scope) as Record<string, unknown>), ...carried },
        location: { file: f.file, line: headerLine(f, 'resource', type, name) ?? jsonLine(f, type, name) },
      };
      read.resources.push(resource);
      recordInstances(resource, () => instancesOf(resource.attributes, scope.terraformVariables ?? new Map()));
      read.suppressions.push(...commentSuppressions(f, 'resource', type, name, address));
    }
  }
  for (const { name, body } of all('output')) read.outputs.set(name, resolveValue(body.value, scope));
  // The root module's outputs are kept in the state: the rules that read outputs see them.
  if (prefix === '') {
    const rootOutputs: SourceResource[] = all('output').map(({ f, name, body }) => ({
      type: OUTPUT_TYPE, address: `output.${name}`, path: `output.${name}`,
      attributes: { value: read.outputs.get(name), ...(body.sensitive !== undefined ? { sensitive: body.sensitive } : {}) },
      location: { file: f.file, line: headerLine(f, 'output', name) ?? jsonLine(f, 'output', name) },
    }));
    for (const { f, name } of all('output')) read.suppressions.push(...commentSuppressions(f, 'output', name, undefined, `output.${name}`));
    const { blocks, suppressions } = rootBlocks(files, callerScope);
    // A directory's variable definitions and backend configuration files, each value judged where it is written.
    // Its backend's type, as rootBlocks read it (`terraform.backend.<type>`), for a .tfbackend file's address.
    const backendType = blocks.find((b) => b.type === BACKEND_TYPE && b.address !== CLOUD_ADDRESS)?.address.slice(`${BACKEND_TYPE}.`.length);
    const beside = only === undefined ? await readSettingsFiles(dir, display, parseFile, backendType) : undefined;
    read.suppressions.push(...suppressions, ...beside?.suppressions ?? []);
    read.notRead.push(...beside?.notRead ?? []);
    const moduleValues = [...valuesRead.values()];
    read.suppressions.push(...moduleValues.flatMap((v) => v.suppressions));
    return { ...read, rootConfiguration: [...rootOutputs, ...blocks, ...moduleValues.flatMap((v) => v.blocks), ...beside?.blocks ?? []] };
  }
  return read;
}

/**
 * The root module's providers, backend, variables, locals, module calls and data sources as the
 * rules see them (a credential written in one, SEC-1), as written: a provider's, a local's, a
 * module call's (its inputs, `source`, `version`) and a data source's (a `check` block's own too) values resolved as a resource's
 * (a variable's default seen through), a variable's default as given (Terraform takes no
 * expression there), the backend's as given (it takes none either); and the suppression comments
 * above or inside each provider, backend, variable and data block (a local has no block of its
 * own; a module's are read with its call).
 */
function rootBlocks(files: ParsedFile[], scope: Scope): { blocks: SourceResource[]; suppressions: SourceSuppression[] } {
  const blocks: SourceResource[] = [];
  const suppressions: SourceSuppression[] = [];
  for (const f of files) {
    const at = (kind: string, name: string) => ({ file: f.file, line: headerLine(f, kind, name) ?? jsonLine(f, kind, name) });
    for (const [name, configs] of Object.entries(f.json.provider ?? {})) {
      // hcl2json and .tf.json give a list of configurations, one per block (an alias each but the default), in the file's order.
      const list = [configs].flat() as Record<string, unknown>[];
      // Each block's own header, when the headers found are as many as the blocks (else none is paired: no comment is read for a block it may not be about).
      const found = providerHeaders(f, name);
      const headers = found.length === list.length ? found : [];
      list.forEach((config, i) => {
        const alias = typeof config?.alias === 'string' ? config.alias : undefined;
        const address = alias === undefined ? `provider.${name}` : `provider.${name}.${alias}`;
        const line = headers[i];
        blocks.push({ type: PROVIDER_TYPE, address, path: address, attributes: resolveValue(config ?? {}, scope) as Record<string, unknown>, location: line === undefined ? at('provider', name) : { file: f.file, line: line + 1 } });
        if (line !== undefined) suppressions.push(...commentSuppressionsAt(f, line, address));
        else if (f.file.endsWith('.json')) suppressions.push(...commentsOf(first(config), address, f.file));
      });
    }
    for (const terraform of [f.json.terraform ?? []].flat() as Record<string, unknown>[]) {
      for (const [type, config] of Object.entries(first(first(terraform).backend))) {
        const address = `${BACKEND_TYPE}.${type}`;
        blocks.push({ type: BACKEND_TYPE, address, path: address, attributes: first(config), location: at('backend', type) });
        suppressions.push(...commentSuppressions(f, 'backend', type, undefined, address));
      }
      // HCP Terraform's `cloud` block is the backend too, under its own address.
      const cloud = first(terraform).cloud;
      if (cloud !== undefined) {
        const line = cloudLine(f);
        blocks.push({ type: BACKEND_TYPE, address: CLOUD_ADDRESS, path: CLOUD_ADDRESS, attributes: first(cloud), location: { file: f.file, ...(line === -1 ? {} : { line: line + 1 }) } });
        if (line !== -1) suppressions.push(...commentSuppressionsAt(f, line, CLOUD_ADDRESS));
      }
    }
    variableBlocks(f, '', blocks, suppressions);
    for (const [name, body] of Object.entries(f.json.module ?? {})) {
      const { '//': comment, ...args } = first(body);
      const call: SourceResource = { type: MODULE_TYPE, address: `module.${name}`, path: constructPathOf(comment) ?? `module.${name}`, attributes: resolveValue(args, scope) as Record<string, unknown>, location: at('module', name) };
      blocks.push(call);
      recordInstances(call, () => instancesOf(call.attributes, scope.terraformVariables ?? new Map()));
    }
    // A check block's own data sources (scoped to it) are data sources of the module like any other: a plan lists them with
    // the rest (`configuration.root_module.resources`, the same address), and the configuration holds what they are given.
    const checks = Object.values(f.json.check ?? {}).map((body) => first(first(body).data));
    for (const [dataOf, scoped] of [[f.json.data ?? {}, false], ...checks.map((d) => [d, true] as const)] as const) {
      for (const [type, byName] of Object.entries(dataOf)) {
        for (const [name, body] of Object.entries(first(byName))) {
          const { '//': comment, ...args } = first(body);
          const address = `data.${type}.${name}`;
          const source: SourceResource = { type: `${DATA_TYPE_PREFIX}${type}`, address, path: constructPathOf(comment) ?? address, attributes: resolveValue(args, scope) as Record<string, unknown>, location: { file: f.file, line: headerLine(f, 'data', type, name) ?? jsonLine(f, type, name) } };
          blocks.push(source);
          recordInstances(source, () => instancesOf(source.attributes, scope.terraformVariables ?? new Map()));
          const header = scoped ? headerIndex(f, 'data', type, name) : -1;
          suppressions.push(...(!scoped ? commentSuppressions(f, 'data', type, name, address) : header !== -1 ? commentSuppressionsAt(f, header, address) : commentsOf(first(body), address, f.file)));
        }
      }
    }
    localBlocks(f, '', blocks);
  }
  return { blocks, suppressions };
}

/**
 * A module file's variables (`var.<name>`, under `prefix` in a child module: `module.db.var.<name>`)
 * as the rules see them: the default as given (Terraform takes no expression there), `sensitive`,
 * `type`, `description`; with the suppression comments above or inside each block.
 */
function variableBlocks(f: ParsedFile, prefix: string, blocks: SourceResource[], suppressions: SourceSuppression[]): void {
  for (const [name, body] of Object.entries(f.json.variable ?? {})) {
    const { default: given, sensitive, type, description } = first(body);
    const address = `${prefix}var.${name}`;
    blocks.push({
      type: VARIABLE_TYPE, address, path: address, location: { file: f.file, line: headerLine(f, 'variable', name) ?? jsonLine(f, 'variable', name) },
      attributes: { ...(given !== undefined ? { default: given } : {}), ...(sensitive !== undefined ? { sensitive: sensitive === true || sensitive === 'true' } : {}), ...(type !== undefined ? { type } : {}), ...(description !== undefined ? { description } : {}) },
    });
    suppressions.push(...commentSuppressions(f, 'variable', name, undefined, address));
  }
}

/** A module file's locals (`local.<name>`, under `prefix` in a child module), each as written (attribute `value`). */
function localBlocks(f: ParsedFile, prefix: string, blocks: SourceResource[]): void {
  for (const block of [f.json.locals ?? []].flat()) {
    for (const [name, value] of Object.entries(first(block))) {
      const address = `${prefix}local.${name}`;
      blocks.push({ type: LOCAL_TYPE, address, path: address, attributes: { value }, location: { file: f.file, line: localLine(f, name) } });
    }
  }
}

/** The line (from 0) of the `cloud {` block directly inside a `terraform {` block, or -1 (a .tf.json file, or none found). */
function cloudLine(f: ParsedFile): number {
  let depth = 0;
  let inTerraform = false;
  for (let i = 0; i < f.lines.length; i += 1) {
    const line = f.lines[i];
    if (depth === 0 && /^\s*terraform\s*\{/.test(line)) inTerraform = true;
    else if (inTerraform && depth === 1 && /^\s*cloud\s*\{/.test(line)) return i;
    depth += (line.match(/\{/g) ?? []).length - (line.match(/\}/g) ?? []).length;
    if (depth <= 0) {
      depth = 0;
      inTerraform = false;
    }
  }
  return -1;
}

/**
 * A resource's provisioner blocks as cdk.tf.json and a plan list them (`[ { "local-exec": {...} } ]`),
 * not as hcl2json gives them (`{ "local-exec": [ {...}, ... ] }`, by type), so a rule names a
 * provisioner alike on every input.
 */
function provisionersAsListed(attributes: Record<string, unknown>): Record<string, unknown> {
  const given = attributes.provisioner;
  if (given === null || typeof given !== 'object' || Array.isArray(given)) return attributes;
  const listed = Object.entries(given as Record<string, unknown>).flatMap(([type, bodies]) => [bodies].flat().map((body) => ({ [type]: body })));
  return { ...attributes, provisioner: listed };
}

/** The construct path cdktf writes in a block's `"//"` metadata in cdk.tf.json, if any. */
function constructPathOf(comment: unknown): string | undefined {
  const path = (first(comment).metadata as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? path : undefined;
}

/** The lines (from 0) of each `provider "<name>" {` header of a file, in order, none inside a block comment or a heredoc (a .tf.json file has none). */
function providerHeaders(f: ParsedFile, name: string): number[] {
  const header = new RegExp(`^\\s*provider\\s+"${name.replace(/[^A-Za-z0-9_-]/g, '')}"\\s*\\{`);
  const lines: number[] = [];
  let inComment = false;
  let heredoc: string | undefined;
  f.lines.forEach((line, i) => {
    if (heredoc !== undefined) {
      if (line.trim() === heredoc) heredoc = undefined;
      return;
    }
    if (inComment) {
      if (line.includes('*/')) inComment = false;
      return;
    }
    if (header.test(line)) lines.push(i);
    const opened = /<<-?([A-Za-z_][A-Za-z0-9_]*)\s*$/.exec(line);
    if (opened) heredoc = opened[1];
    else if (/\/\*(?![\s\S]*\*\/)/.test(line)) inComment = true;
  });
  return lines;
}

/** The line of local `name` in a `locals` block (`name = ...`, up to the block's `}` at column 0), or in a .tf.json file its key; undefined when not found. */
function localLine(f: ParsedFile, name: string): number | undefined {
  const key = name.replace(/[^A-Za-z0-9_-]/g, '');
  const assignment = new RegExp(`^\\s*${key}\\s*=`);
  // Only the block's own assignments (depth 1), not a key of a map inside it; a one-line block on its header line.
  let depth = 0;
  for (let i = 0; i < f.lines.length; i += 1) {
    const line = f.lines[i];
    if (depth === 0 && /^\s*locals\s*\{/.test(line)) {
      if (new RegExp(`^\\s*locals\\s*\\{\\s*${key}\\s*=`).test(line)) return i + 1;
      depth = 1 + (line.match(/\{/g) ?? []).length - 1 - (line.match(/\}/g) ?? []).length;
      continue;
    }
    if (depth === 1 && assignment.test(line)) return i + 1;
    if (depth > 0) depth += (line.match(/\{/g) ?? []).length - (line.match(/\}/g) ?? []).length;
  }
  return jsonLine(f, 'locals', name);
}

/** The module a `module` block calls: read when its source is a local path, else a notice. */
async function readCall(dir: string, display: string, address: string, body: Record<string, unknown>, scope: Scope, valuesRead: Map<string, ModuleValues>): Promise<ModuleRead | Notice> {
  const source = body.source;
  const notRead = (problem: string, fix: string): Notice => ({
    // An address's user info is left out (a token as the user name: `https://<PAT>@dev.azure.com/...`; SEC-1.PlainCredential judges it).
    id: 'AZURE.ModuleNotRead', address, message: FindingFormat.format(address, { lesson: 'AZURE', setting: 'source', given: typeof source === 'string' ? source.replace(/(:\/\/)(?!git@)[^/@\s]+@/, '$1…@') : source, problem, fix }),
  });
  if (typeof source !== 'string' || !/^\.\.?[\\/]/.test(source)) {
    return notRead('a remote module is not read, so the resources it creates are not checked.',
      'check the plan as well (terraform show -json plan > plan.json), which holds the resources of every module.');
  }
  const args = new Map(Object.entries(body).filter(([k]) => !META_ARGUMENTS.has(k)).map(([k, v]) => [k, resolveValue(v, scope)]));
  const childDir = path.join(dir, source);
  const child = fs.existsSync(childDir) && fs.statSync(childDir).isDirectory()
    ? await readModule(childDir, joinDisplay(display, source), `${address}.`, args, undefined, valuesRead) : undefined;
  return child ?? notRead('the local module has no Terraform files there, so it is not checked.', 'correct the source path (relative to the calling module).');
}

/** One file parsed as HCL (`.tf`, `.tfvars`, `.tfbackend`) or JSON (`.json`); `fix` says how to find a syntax error in it. */
export async function parseFile(file: string, display: string, fix = 'correct the syntax (terraform validate shows where), or leave the file out of the directory.'): Promise<ParsedFile> {
  const text = readInputFile(file, display);
  try {
    // hcl2json starts its WebAssembly parser when loaded: only runs that read HCL pay for it.
    const json = file.endsWith('.json') ? JSON.parse(text) : await (await import('@cdktf/hcl2json')).parse(file, text);
    return { file: display, lines: text.split('\n'), json: json as Record<string, Blocks> };
  } catch (error) {
    // V8 quotes the start of text that is not JSON (`"sk_live_ab"... is not valid JSON`): never a file's content in a message.
    const reason = String((error as Error).message ?? error).replace(/\s+/g, ' ').split(file).join(display).replace(/, (?:\.\.\.)?"[\s\S]*"(?:\.\.\.)? is not valid JSON/, ' is not valid JSON');
    throw new LessonsInputError(display, { setting: 'file', given: display, problem: `it does not parse as Terraform ${file.endsWith('.json') ? 'JSON' : 'HCL'} (${reason}).`, fix });
  }
}

/** Blocks come as a list of one body from hcl2json, as an object in `.tf.json`. */
function first(value: unknown): Record<string, unknown> {
  const v = Array.isArray(value) ? value[0] : value;
  return (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
}

/**
 * Where a file's block headers and quoted strings are, found in one pass over its lines when
 * first asked: a lookup per resource that scanned every line made reading a stack of N resources
 * cost N times its lines (issue 30; 800 apps took 23 s).
 */
interface LineIndex {
  /** First line of `kind "a" "b" {` by `kind\0a\0b`, and of `kind "a" ... {` whatever b by `kind\0a`. */
  readonly headers: Map<string, number>;
  /** The lines on which `"text"` appears, by text, ascending. */
  readonly quoted: Map<string, number[]>;
}

const LINE_INDEXES = new WeakMap<ParsedFile, LineIndex>();

function lineIndexOf(f: ParsedFile): LineIndex {
  let index = LINE_INDEXES.get(f);
  if (index !== undefined) return index;
  index = { headers: new Map(), quoted: new Map() };
  f.lines.forEach((line, i) => {
    const m = HEADER.exec(line);
    if (m !== null) {
      // A header without a third label answers only a lookup without one.
      for (const key of m[3] === undefined ? [`${m[1]}\0${m[2]}`] : [`${m[1]}\0${m[2]}\0${m[3]}`, `${m[1]}\0${m[2]}`]) if (!index!.headers.has(key)) index!.headers.set(key, i);
    }
    // `"text"` is on a line exactly when text lies between two neighbouring quotes of it.
    const parts = line.split('"');
    for (let k = 1; k < parts.length - 1; k += 1) {
      const at = index!.quoted.get(parts[k]);
      if (at === undefined) index!.quoted.set(parts[k], [i]);
      else if (at[at.length - 1] !== i) at.push(i);
    }
  });
  LINE_INDEXES.set(f, index);
  return index;
}

function headerIndex(f: ParsedFile, kind: string, a: string, b?: string): number {
  return lineIndexOf(f).headers.get(b === undefined ? `${kind}\0${a}` : `${kind}\0${a}\0${b}`) ?? -1;
}

/** The line of `"name": {` after `"type": {` in a `.tf.json` file. */
function jsonLine(f: ParsedFile, type: string, name: string): number | undefined {
  // A text with a quote of its own is not one piece between two quotes: looked for line by line.
  if (type.includes('"') || name.includes('"')) {
    const t = f.lines.findIndex((l) => l.includes(`"${type}"`));
    if (t === -1) return undefined;
    const n = f.lines.findIndex((l, i) => i >= t && l.includes(`"${name}"`));
    return n === -1 ? undefined : n + 1;
  }
  const { quoted } = lineIndexOf(f);
  const t = quoted.get(type)?.[0];
  if (t === undefined) return undefined;
  const n = quoted.get(name)?.find((i) => i >= t);
  return n === undefined ? undefined : n + 1;
}

function headerLine(f: ParsedFile, kind: string, a: string, b?: string): number | undefined {
  const i = headerIndex(f, kind, a, b);
  return i === -1 ? undefined : i + 1;
}

/** Suppression comments on the lines just above a block's header and inside the block (up to its closing `}` at column 0). */
function commentSuppressions(f: ParsedFile, kind: string, a: string, b: string | undefined, address: string): SourceSuppression[] {
  const at = headerIndex(f, kind, a, b);
  if (at === -1) return f.file.endsWith('.json') ? jsonComments(f, kind, a, b, address) : [];
  return commentSuppressionsAt(f, at, address);
}

/** Suppression comments on the lines just above the header at line `at` (from 0) and inside its block. */
function commentSuppressionsAt(f: ParsedFile, at: number, address: string): SourceSuppression[] {
  let start = at;
  while (start > 0 && /^\s*(#|\/\/|\/\*|\*)/.test(f.lines[start - 1])) start -= 1;
  let end = at;
  // A block on one line (`provider "azurerm" { ... }`) ends on it; another runs to its `}` at column 0.
  const oneLine = (f.lines[at].match(/\{/g) ?? []).length <= (f.lines[at].match(/\}/g) ?? []).length;
  while (!oneLine && end + 1 < f.lines.length && !/^\}/.test(f.lines[end])) end += 1;
  const found: SourceSuppression[] = [];
  for (let i = start; i <= end; i += 1) {
    const s = suppressionInComment(f.lines[i], address, { file: f.file, line: i + 1 });
    if (s) found.push(s);
  }
  return found;
}

/** In `.tf.json`, suppressions are `"//"` comments of the block: a string or a list of strings. */
function jsonComments(f: ParsedFile, kind: string, a: string, b: string | undefined, address: string): SourceSuppression[] {
  const of: Record<string, () => unknown> = {
    resource: () => first(f.json.resource?.[a])[b!],
    data: () => first(f.json.data?.[a])[b!],
    backend: () => first(first(first(f.json.terraform).backend)[a]),
  };
  // A module, an output, a variable or a provider: its own kind's block of that name (a provider: the default's).
  return commentsOf(first((of[kind] ?? (() => f.json[kind]?.[a]))()), address, f.file);
}

/** The suppressions a `.tf.json` block's `"//"` comment holds (a string or a list of strings). */
function commentsOf(block: Record<string, unknown>, address: string, file: string): SourceSuppression[] {
  const comment = block['//'];
  const texts = typeof comment === 'string' ? [comment] : Array.isArray(comment) ? comment.filter((c): c is string => typeof c === 'string') : [];
  return texts.flatMap((t) => suppressionInComment(`// ${t}`, address, { file }) ?? []);
}

function joinDisplay(display: string, name: string): string {
  return path.posix.normalize(display === '.' ? name : `${display}/${name}`);
}
