/**
 * A small, local KQL checker: not a parser, but enough to catch at synth time what would
 * otherwise surface as a red banner in the portal the day someone needs the query.
 */

/**
 * The Log Analytics tables this platform's diagnostic settings create (resource-specific,
 * `Dedicated`, GW-10): API Management gateway and WebSocket logs, Container Apps console and
 * system logs.
 */
export const DIAGNOSTIC_TABLES: readonly string[] = [
  'ApiManagementGatewayLogs',
  'ApiManagementWebSocketConnectionLogs',
  'ContainerAppConsoleLogs',
  'ContainerAppSystemLogs',
];

/** One thing wrong with a query. */
export interface KqlProblem {
  /** `syntax`: Log Analytics cannot run it; `table`: it reads a table the platform does not fill. */
  readonly kind: 'syntax' | 'table';
  readonly message: string;
}

export interface KqlCheckResult {
  readonly ok: boolean;
  readonly problems: readonly KqlProblem[];
  /** Known tables the query reads, in order of first use. */
  readonly tables: readonly string[];
}

const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
const NON_TABULAR_STATEMENTS = new Set(['set', 'declare', 'alias', 'restrict', 'pattern']);

interface Lexed {
  /** The text with string literals and comments blanked out (same length, newlines kept). */
  readonly code: string;
  /** String literal values by the offset where the literal starts. */
  readonly strings: Map<number, string>;
  readonly problems: KqlProblem[];
}

/**
 * Check a query: balanced `()`, `[]`, `{}` and quotes (strings and comments are skipped, so a
 * bracket inside `"..."` does not count), a final statement that starts from a known table (or a
 * `let` name, or `union`), and every table it reads (`join`, `lookup`, `union`, `table("...")`,
 * `let x = Table | ...`, `(Table | ...)`) among `knownTables`.
 */
export function checkKql(text: string, knownTables: readonly string[] = DIAGNOSTIC_TABLES): KqlCheckResult {
  // The same query packs go into every stack: a query is checked once per set of tables.
  const key = `${knownTables.join('\n')}\u0000${text}`;
  let result = CHECKED.get(key);
  if (result === undefined) {
    result = check(text, knownTables);
    CHECKED.set(key, result);
  }
  return { ok: result.ok, problems: [...result.problems], tables: [...result.tables] };
}

/** Results of `checkKql` by tables and query: the check depends on nothing else. */
const CHECKED = new Map<string, KqlCheckResult>();

function check(text: string, knownTables: readonly string[]): KqlCheckResult {
  const lexed = lex(text);
  const problems: KqlProblem[] = [...lexed.problems];
  if (problems.length > 0) return { ok: false, problems, tables: [] };

  const known = new Set(knownTables);
  const statements = splitStatements(lexed.code);
  if (statements.length === 0) {
    return { ok: false, problems: [{ kind: 'syntax', message: 'the query is empty.' }], tables: [] };
  }
  const letNames = new Set<string>();
  const refs: { name: string; where: string }[] = [];
  const query = statements[statements.length - 1];

  for (const statement of statements.slice(0, -1)) {
    const trimmed = statement.text.trim();
    const letMatch = /^let\s+([A-Za-z_][\w]*)\s*=\s*([\s\S]*)$/.exec(trimmed);
    if (letMatch) {
      letNames.add(letMatch[1]);
      // `let x = Table | ...` or `let x = Table`: a tabular expression that reads a table.
      const start = /^([A-Za-z_][\w]*)\s*(\||$)/.exec(letMatch[2].trim());
      if (start) refs.push({ name: start[1], where: `let ${letMatch[1]}` });
      continue;
    }
    const keyword = /^([A-Za-z_][\w-]*)/.exec(trimmed)?.[1];
    if (!keyword || !NON_TABULAR_STATEMENTS.has(keyword)) {
      problems.push({ kind: 'syntax', message: `only the last statement may be a query; "${firstLine(trimmed)}" is followed by a ";".` });
    }
  }

  const first = /^\s*([A-Za-z_][\w]*)/.exec(query.text)?.[1];
  const knownList = [...known].join(', ');
  const reported = new Set<string>();
  if (first === 'let') {
    problems.push({ kind: 'syntax', message: 'the query has only let statements; end it with a tabular expression, e.g. ApiManagementGatewayLogs | take 10.' });
  } else if (!first) {
    problems.push({ kind: 'table', message: `the query starts from no table; start from one the diagnostic settings create (${knownList}).` });
  } else if (first !== 'union') {
    if (known.has(first) || letNames.has(first)) refs.push({ name: first, where: 'the query' });
    else {
      reported.add(first);
      problems.push({
        kind: 'table',
        message: `the query starts from "${first}", not from a table the diagnostic settings create (${knownList}).${tableHint(first)}`,
      });
    }
  }

  for (const statement of statements) refs.push(...tableReferences(statement.text, statement.offset, lexed.strings));

  const tables: string[] = [];
  for (const ref of refs) {
    if (letNames.has(ref.name) && !known.has(ref.name)) continue;
    if (known.has(ref.name)) {
      if (!tables.includes(ref.name)) tables.push(ref.name);
      continue;
    }
    if (reported.has(ref.name)) continue;
    reported.add(ref.name);
    problems.push({
      kind: 'table',
      message: `${ref.where} reads table "${ref.name}", which no diagnostic setting of this platform creates (known: ${knownList}).${tableHint(ref.name)}`,
    });
  }
  return { ok: problems.length === 0, problems, tables };
}

/** The characters the lexer acts on: comments, strings, brackets. Everything else it steps over. */
const LEXED_CHARS = /[/`"'@()[\]{}]/g;

/** Blank out strings and comments, check quotes and brackets. */
function lex(text: string): Lexed {
  // The code is the text with blanked runs: the pieces before each run, and each run as spaces.
  const pieces: string[] = [];
  let copied = 0;
  const code = () => pieces.join('') + text.slice(copied);
  const strings = new Map<number, string>();
  const problems: KqlProblem[] = [];
  const stack: { char: string; at: number }[] = [];
  const blank = (from: number, to: number) => {
    pieces.push(text.slice(copied, from), text.slice(from, to).replace(/[^\n]/g, ' '));
    copied = to;
  };
  let i = 0;
  while (i < text.length) {
    // Skip to the next character that matters (a regular expression scans faster than a loop).
    LEXED_CHARS.lastIndex = i;
    const next = LEXED_CHARS.exec(text);
    if (next === null) break;
    i = next.index;
    const c = text[i];
    if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      blank(i, stop);
      i = stop;
      continue;
    }
    if (text.startsWith('```', i)) {
      const end = text.indexOf('```', i + 3);
      if (end === -1) {
        problems.push({ kind: 'syntax', message: `the multi-line string opened with \`\`\` at ${position(text, i)} is never closed.` });
        return { code: code(), strings, problems };
      }
      strings.set(i, text.slice(i + 3, end));
      blank(i, end + 3);
      i = end + 3;
      continue;
    }
    const verbatim = c === '@' && (text[i + 1] === '"' || text[i + 1] === "'");
    if (c === '"' || c === "'" || verbatim) {
      const start = i;
      const quote = verbatim ? text[i + 1] : c;
      let j = verbatim ? i + 2 : i + 1;
      let value = '';
      let closed = false;
      while (j < text.length && text[j] !== '\n') {
        if (!verbatim && text[j] === '\\') { value += text[j + 1] ?? ''; j += 2; continue; }
        if (text[j] === quote) {
          if (verbatim && text[j + 1] === quote) { value += quote; j += 2; continue; }
          closed = true;
          break;
        }
        value += text[j];
        j += 1;
      }
      if (!closed) {
        problems.push({ kind: 'syntax', message: `the string opened with ${quote} at ${position(text, start)} is never closed on its line.` });
        return { code: code(), strings, problems };
      }
      strings.set(start, value);
      blank(start, j + 1);
      i = j + 1;
      continue;
    }
    if (OPENERS[c]) stack.push({ char: c, at: i });
    else if (CLOSERS[c]) {
      const open = stack.pop();
      if (!open) {
        problems.push({ kind: 'syntax', message: `"${c}" at ${position(text, i)} closes nothing.` });
        return { code: code(), strings, problems };
      }
      if (open.char !== CLOSERS[c]) {
        problems.push({ kind: 'syntax', message: `"${c}" at ${position(text, i)} does not match "${open.char}" opened at ${position(text, open.at)}.` });
        return { code: code(), strings, problems };
      }
    }
    i += 1;
  }
  for (const open of stack) {
    problems.push({ kind: 'syntax', message: `"${open.char}" opened at ${position(text, open.at)} is never closed.` });
  }
  return { code: code(), strings, problems };
}

/** Statements separated by `;` outside brackets (strings and comments are already blank). */
function splitStatements(code: string): { text: string; offset: number }[] {
  const statements: { text: string; offset: number }[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= code.length; i += 1) {
    const c = code[i];
    if (c && OPENERS[c]) depth += 1;
    else if (c && CLOSERS[c]) depth -= 1;
    else if (i === code.length || (c === ';' && depth === 0)) {
      const text = code.slice(start, i);
      if (text.trim().length > 0) statements.push({ text, offset: start });
      start = i + 1;
    }
  }
  return statements;
}

/** Tables read by `join`, `lookup`, `union`, `table("...")` and `(Table | ...)` in one statement. */
function tableReferences(code: string, offset: number, strings: Map<number, string>): { name: string; where: string }[] {
  const refs: { name: string; where: string }[] = [];
  const options = String.raw`(?:\s+[A-Za-z_][\w.]*\s*=\s*[\w.]+)*`;
  for (const m of code.matchAll(new RegExp(String.raw`\b(join|lookup)${options}\s*\(?\s*([A-Za-z_][\w]*)`, 'g'))) {
    refs.push({ name: m[2], where: m[1] });
  }
  for (const m of code.matchAll(new RegExp(String.raw`\bunion${options}\s+`, 'g'))) {
    // The operands run to the first | or ; outside parentheses: a subquery operand has pipes of its own.
    for (const operand of topLevelOperands(code, m.index + m[0].length)) {
      const name = /^\s*([A-Za-z_][\w*]*)\s*$/.exec(operand)?.[1];
      if (name) refs.push({ name, where: 'union' });
    }
  }
  for (const m of code.matchAll(/\btable\s*\(/g)) {
    // The string argument is blanked in `code`: find the literal that starts in the blank run.
    for (let p = m.index + m[0].length; p < code.length && /\s/.test(code[p]); p += 1) {
      const value = strings.get(offset + p);
      if (value !== undefined) {
        refs.push({ name: value, where: 'table()' });
        break;
      }
    }
  }
  for (const m of code.matchAll(/\(\s*([A-Za-z_][\w]*)\s*(?=\||\)|$)/g)) {
    const before = code.slice(0, m.index).trimEnd();
    // `count()`-style calls and `in (x)` lists are not subqueries; a subquery's name is followed by a pipe.
    if (/\|\s*$/.test(code.slice(m.index + m[0].length, m.index + m[0].length + 1)) || /\b(join|lookup|union|materialize|toscalar)\s*$/.test(before)) {
      refs.push({ name: m[1], where: 'a subquery' });
    }
  }
  return refs;
}

/** The comma-separated operands from `start` up to the first `|` or `;` at parenthesis depth 0. */
function topLevelOperands(code: string, start: number): string[] {
  const operands: string[] = [];
  let depth = 0;
  let from = start;
  for (let i = start; i <= code.length; i += 1) {
    const c = code[i];
    if (c === '(') depth += 1;
    else if (c === ')') depth -= 1;
    const end = i === code.length || (depth === 0 && (c === '|' || c === ';'));
    if (end || (depth === 0 && c === ',')) {
      operands.push(code.slice(from, i));
      from = i + 1;
      if (end) break;
    }
  }
  return operands;
}

function tableHint(table: string): string {
  return table === 'AzureDiagnostics'
    ? ' Gateway logs go to resource-specific tables (log_analytics_destination_type = Dedicated, GW-10), so AzureDiagnostics stays empty.'
    : '';
}

function position(text: string, index: number): string {
  const lines = text.slice(0, index).split('\n');
  return `line ${lines.length}, column ${lines[lines.length - 1].length + 1}`;
}

function firstLine(text: string): string {
  const line = text.split('\n')[0];
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
}
