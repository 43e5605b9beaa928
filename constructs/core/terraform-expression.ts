// What Terraform will make of a value written as the synthesized stack (or HCL, read by hcl2json)
// writes it: `${join("", ["ghp_", "abc"])}`, `${var.key}`, `https://${lower("X")}`. The common
// string functions of literal arguments, variables with a default and locals (each evaluated as
// its expression), with attribute and index access (`var.m.k`, `local.l["k"]`), are evaluated;
// anything else (a resource attribute, an operator, a function not listed) is unknown, never
// taken for safe text. Value checks read the literal this gives, so a secret or a typo cannot
// hide behind a function call, a variable or a local.

/** A Terraform variable as the evaluator sees it. */
export interface TerraformVariableValue {
  /** Whether the variable has a default (a value the configuration itself holds). */
  readonly hasDefault: boolean;
  /** The default, as Terraform JSON writes it (itself a template when it holds expressions). */
  readonly default?: unknown;
  /** Declared `sensitive = true`. */
  readonly sensitive: boolean;
}

/**
 * The variables of a module, by name, and its locals under `local.<name>` (a variable's name has
 * no dot): a local as a variable whose default is its expression (`hasDefault` true).
 */
export type TerraformVariables = ReadonlyMap<string, TerraformVariableValue>;

/** The key of local `name` in `TerraformVariables`. */
export const localKey = (name: string): string => `local.${name}`;

/**
 * Variables with the iterators of one instance bound: `each.key` and `each.value` of a block with
 * `for_each`, `count.index` of one with `count`, `<iterator>.key` and `<iterator>.value` in a
 * dynamic block's `content` (`bindIterators`). Only a map of this class binds them: elsewhere
 * `each.value` is unknown, as it is at synth.
 */
class BoundVariables extends Map<string, TerraformVariableValue> {}

/** `$${` and `%%{` for a literal `${` and `%{` in the strings of `value` (deeply): a value bound is text, not a template. */
function asLiteral(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/([$%])\{/g, '$1$1{');
  if (Array.isArray(value)) return value.map(asLiteral);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asLiteral(v)]));
  return value;
}

/**
 * `variables` with `bindings` bound (`{ "each.key": "sql", "each.value": "..." }`, values as
 * evaluated, never read as templates): what one instance of an iterated block sees.
 * @param sensitive whether the values came through something sensitive (the iterated value was)
 * @param written iterators bound to a value as written, read as a template (an entry of a map
 * whose other entries are known at apply only)
 */
export function bindIterators(variables: TerraformVariables, bindings: Readonly<Record<string, unknown>>, sensitive = false, written: Readonly<Record<string, unknown>> = {}): TerraformVariables {
  const bound = new BoundVariables(variables);
  for (const [name, value] of Object.entries(bindings)) bound.set(name, { hasDefault: true, default: asLiteral(value), sensitive });
  // Bound to an expression as written (`${var.x}`, or a literal): evaluated where it is read, as Terraform does.
  for (const [name, value] of Object.entries(written)) bound.set(name, { hasDefault: true, default: value, sensitive: false });
  return bound;
}

/** What a value evaluates to. */
export interface EvaluatedValue {
  /** True when every part is known: `value` is what Terraform gets. */
  readonly known: boolean;
  /** The value (a string, number, boolean, list or object), when known. */
  readonly value?: unknown;
  /** The value passed through a sensitive variable or `sensitive(...)`. */
  readonly sensitive: boolean;
  /** The sensitive variables without a default it reads (their value comes from outside the configuration). */
  readonly sensitiveInputs: readonly string[];
}

/**
 * Thrown where a value is known at apply only. Without a stack trace: it is an answer, not a
 * failure, and the evaluator meets one in most values it reads (every reference to a resource).
 */
class Unknown extends Error {
  constructor() {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super('known at apply only');
    Error.stackTraceLimit = limit;
  }
}

/** What an unknown part of a partly known string reads as (`knownParts`). */
export const UNKNOWN_PART = '\u0000';

interface Value { readonly v: unknown; readonly sensitive: boolean }

const known = (v: unknown, sensitive = false): Value => ({ v, sensitive });

/** A tiny reader of Terraform expressions: literals, lists, objects, `var.x` and function calls. */
class Parser {
  private i = 0;

  /**
   * @param partial an unknown part (a resource's attribute, a variable without a default, a
   * function that cannot run on it) reads as `UNKNOWN_PART` instead of making the whole unknown
   */
  constructor(private readonly text: string, private readonly variables: TerraformVariables, private readonly depth: number, private readonly partial = false) {}

  public whole(): Value {
    const value = this.expression();
    this.space();
    if (this.i !== this.text.length) throw new Unknown();
    return value;
  }

  private space(): void {
    while (this.i < this.text.length && /\s/.test(this.text[this.i])) this.i += 1;
  }

  private expression(): Value {
    return this.traversed(this.primary());
  }

  /** `value` followed by attribute and index access: `.k`, `["k"]`, `[0]` (a map's or an object's key, a list's item). */
  private traversed(value: Value): Value {
    let v = value;
    for (;;) {
      const attribute = /^\.([A-Za-z_][A-Za-z0-9_-]*|\d+)/.exec(this.text.slice(this.i));
      if (attribute) {
        this.i += attribute[0].length;
        v = known(this.member(v.v, /^\d+$/.test(attribute[1]) ? Number(attribute[1]) : attribute[1]), v.sensitive);
        continue;
      }
      if (this.text[this.i] === '[') {
        this.i += 1;
        const key = this.expression();
        this.expect(']');
        v = known(this.member(v.v, key.v), v.sensitive || key.sensitive);
        continue;
      }
      return v;
    }
  }

  /** `of[key]`: a list's item by number, a map's or object's value by key; unknown otherwise. */
  private member(of: unknown, key: unknown): unknown {
    if (of === UNKNOWN_PART && this.partial) return UNKNOWN_PART;
    const found = memberOf(of, key);
    if (found !== undefined) return found;
    if (this.partial) return UNKNOWN_PART;
    throw new Unknown();
  }

  private primary(): Value {
    this.space();
    const c = this.text[this.i];
    if (c === '"') return this.string();
    if (c === '[') return this.list(']');
    if (c === '{') return this.object();
    if (c === '(') {
      this.i += 1;
      const inner = this.expression();
      this.expect(')');
      return inner;
    }
    const number = /^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/.exec(this.text.slice(this.i));
    if (number) {
      this.i += number[0].length;
      return known(Number(number[0]));
    }
    const name = /^[A-Za-z_][A-Za-z0-9_-]*/.exec(this.text.slice(this.i));
    if (!name) throw new Unknown();
    this.i += name[0].length;
    if (name[0] === 'true' || name[0] === 'false') return known(name[0] === 'true');
    if (name[0] === 'null') return known(null);
    this.space();
    if (this.text[this.i] === '(') return this.call(name[0]);
    // An iterator of the instance being read (`each.value`, `count.index`, a dynamic block's `secret.value`).
    if (this.variables instanceof BoundVariables && this.text[this.i] === '.') {
      const attribute = /^\.([A-Za-z_][A-Za-z0-9_-]*)/.exec(this.text.slice(this.i));
      if (attribute && this.variables.has(`${name[0]}.${attribute[1]}`)) {
        this.i += attribute[0].length;
        return this.variable(`${name[0]}.${attribute[1]}`);
      }
    }
    if ((name[0] === 'var' || name[0] === 'local') && this.text[this.i] === '.') {
      const variable = /^\.([A-Za-z_][A-Za-z0-9_-]*)/.exec(this.text.slice(this.i));
      if (!variable) throw new Unknown();
      this.i += variable[0].length;
      // A local is read as a variable whose default is its expression.
      return this.variable(name[0] === 'local' ? localKey(variable[1]) : variable[1]);
    }
    // A resource, data source, module or path: known at apply only.
    if (!this.partial) throw new Unknown();
    const traversal = /^(?:\.[A-Za-z_][A-Za-z0-9_-]*|\[[^\]]*\]|\.\*)*/.exec(this.text.slice(this.i));
    this.i += traversal![0].length;
    return known(UNKNOWN_PART);
  }

  private variable(name: string): Value {
    const declared = this.variables.get(name);
    if (declared === undefined || !declared.hasDefault) {
      if (this.partial) return known(UNKNOWN_PART, declared?.sensitive === true);
      throw new Unknown();
    }
    const value = evaluateValue(declared.default, this.variables, this.depth + 1);
    if (!value.known) {
      if (this.partial) return known(UNKNOWN_PART, declared.sensitive);
      throw new Unknown();
    }
    return known(value.value, value.sensitive || declared.sensitive);
  }

  private expect(c: string): void {
    this.space();
    if (this.text[this.i] !== c) throw new Unknown();
    this.i += 1;
  }

  /** A quoted string, with escapes and `${...}` interpolations. */
  private string(): Value {
    this.i += 1;
    return this.templateBody(true);
  }

  /**
   * Template text up to the closing quote (`quoted`), or to the end: in a quoted string `\`
   * escapes; in a whole Terraform JSON string the text is already unescaped.
   */
  public templateBody(quoted: boolean): Value {
    let out = '';
    let sensitive = false;
    while (this.i < this.text.length) {
      const c = this.text[this.i];
      if (quoted && c === '"') {
        this.i += 1;
        return known(out, sensitive);
      }
      if (quoted && c === '\\') {
        const e = this.text[this.i + 1];
        const map: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\' };
        if (e === 'u') {
          out += String.fromCharCode(parseInt(this.text.slice(this.i + 2, this.i + 6), 16));
          this.i += 6;
          continue;
        }
        if (map[e] === undefined) throw new Unknown();
        out += map[e];
        this.i += 2;
        continue;
      }
      if (this.text.startsWith('$${', this.i) || this.text.startsWith('%%{', this.i)) {
        out += `${c}{`;
        this.i += 3;
        continue;
      }
      if (this.text.startsWith('%{', this.i)) throw new Unknown();
      if (this.text.startsWith('${', this.i)) {
        this.i += 2;
        const inner = this.expression();
        this.expect('}');
        out += stringOf(inner.v);
        sensitive ||= inner.sensitive;
        continue;
      }
      out += c;
      this.i += 1;
    }
    if (quoted) throw new Unknown();
    return known(out, sensitive);
  }

  private list(close: string): Value {
    this.i += 1;
    const items: unknown[] = [];
    let sensitive = false;
    for (;;) {
      this.space();
      if (this.text[this.i] === close) {
        this.i += 1;
        return known(items, sensitive);
      }
      const item = this.expression();
      items.push(item.v);
      sensitive ||= item.sensitive;
      this.space();
      if (this.text[this.i] === ',') this.i += 1;
      else if (this.text[this.i] !== close) throw new Unknown();
    }
  }

  private object(): Value {
    this.i += 1;
    const out: Record<string, unknown> = {};
    let sensitive = false;
    for (;;) {
      this.space();
      if (this.text[this.i] === '}') {
        this.i += 1;
        return known(out, sensitive);
      }
      let key: unknown;
      if (this.text[this.i] === '"') key = this.string().v;
      else {
        const bare = /^[A-Za-z_][A-Za-z0-9_-]*/.exec(this.text.slice(this.i));
        if (!bare) throw new Unknown();
        key = bare[0];
        this.i += bare[0].length;
      }
      if (typeof key !== 'string') throw new Unknown();
      this.space();
      if (this.text[this.i] !== '=' && this.text[this.i] !== ':') throw new Unknown();
      this.i += 1;
      const value = this.expression();
      out[key] = value.v;
      sensitive ||= value.sensitive;
      this.space();
      if (this.text[this.i] === ',') this.i += 1;
    }
  }

  private call(name: string): Value {
    this.i += 1;
    const args: Value[] = [];
    for (;;) {
      this.space();
      if (this.text[this.i] === ')') {
        this.i += 1;
        break;
      }
      args.push(this.expression());
      this.space();
      if (this.text.startsWith('...', this.i)) throw new Unknown();
      if (this.text[this.i] === ',') this.i += 1;
      else if (this.text[this.i] !== ')') throw new Unknown();
    }
    const fn = FUNCTIONS[name];
    const sensitive = args.some((a) => a.sensitive) || name === 'sensitive';
    try {
      if (fn === undefined) throw new Unknown();
      return known(fn(args.map((a) => a.v)), name === 'nonsensitive' ? false : sensitive);
    } catch (error) {
      if (!this.partial || !(error instanceof Unknown)) throw error;
      return known(UNKNOWN_PART, sensitive);
    }
  }
}

/** A value as Terraform converts it to a string; lists and objects do not convert. */
function stringOf(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw new Unknown();
}

const str = (v: unknown) => stringOf(v);
const mapOf = (v: unknown): Record<string, unknown> => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new Unknown();
  return v as Record<string, unknown>;
};

/** A list's item (a whole number in range) or a map's or object's value (an own key), else undefined. */
function memberOf(of: unknown, key: unknown): unknown {
  if (Array.isArray(of)) {
    const at = typeof key === 'string' && /^\d+$/.test(key) ? Number(key) : key;
    return typeof at === 'number' && Number.isInteger(at) && at >= 0 && at < of.length ? of[at] : undefined;
  }
  if (of !== null && typeof of === 'object' && (typeof key === 'string' || typeof key === 'number') && Object.prototype.hasOwnProperty.call(of, String(key))) {
    return (of as Record<string, unknown>)[String(key)];
  }
  return undefined;
}
const list = (v: unknown): unknown[] => {
  if (!Array.isArray(v)) throw new Unknown();
  return v;
};

/** Terraform's `format` verbs that take one argument: `%s`, `%d`, `%v`, `%q`, `%%`. */
function format(spec: string, args: unknown[]): string {
  let n = 0;
  return spec.replace(/%(?:%|[-+# 0]*\d*(?:\.\d+)?([sdvqft]))/g, (all, verb: string | undefined) => {
    if (all === '%%') return '%';
    if (n >= args.length) throw new Unknown();
    const a = args[n++];
    if (verb === 'q') return JSON.stringify(str(a));
    if (verb === 'd') {
      if (typeof a !== 'number' || !Number.isInteger(a)) throw new Unknown();
      return String(a);
    }
    if (verb === 'f' || verb === 't' || all.length > 2) throw new Unknown();
    return str(a);
  });
}

function base64decode(s: string): string {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(s) || s.length % 4 !== 0) throw new Unknown();
  return Buffer.from(s, 'base64').toString('utf8');
}

/** The functions evaluated on literal arguments: Terraform's common string functions. */
const FUNCTIONS: Record<string, (a: unknown[]) => unknown> = {
  join: ([sep, ...lists]) => lists.flatMap(list).map(str).join(str(sep)),
  lower: ([s]) => str(s).toLowerCase(),
  upper: ([s]) => str(s).toUpperCase(),
  title: ([s]) => str(s).replace(/\b\w/g, (c) => c.toUpperCase()),
  trimspace: ([s]) => str(s).trim(),
  chomp: ([s]) => str(s).replace(/[\r\n]+$/, ''),
  trimprefix: ([s, p]) => (str(s).startsWith(str(p)) ? str(s).slice(str(p).length) : str(s)),
  trimsuffix: ([s, p]) => (str(s).endsWith(str(p)) && str(p) !== '' ? str(s).slice(0, -str(p).length) : str(s)),
  trim: ([s, chars]) => {
    const set = new Set([...str(chars)]);
    const a = [...str(s)];
    while (a.length && set.has(a[0])) a.shift();
    while (a.length && set.has(a[a.length - 1])) a.pop();
    return a.join('');
  },
  replace: ([s, sub, rep]) => {
    if (/^\/.*\/$/.test(str(sub))) throw new Unknown();
    return str(s).split(str(sub)).join(str(rep));
  },
  format: ([spec, ...args]) => format(str(spec), args),
  base64decode: ([s]) => base64decode(str(s)),
  base64encode: ([s]) => Buffer.from(str(s), 'utf8').toString('base64'),
  urlencode: ([s]) => encodeURIComponent(str(s)),
  sensitive: ([v]) => v,
  nonsensitive: ([v]) => v,
  tostring: ([v]) => (v === null ? null : str(v)),
  tolist: ([v]) => list(v),
  // A set of strings, in Terraform's order (lexical): what `for_each = toset([...])` iterates.
  toset: ([v]) => [...new Set(list(v).map(str))].sort(),
  tomap: ([v]) => mapOf(v),
  concat: (lists) => lists.flatMap(list),
  element: ([l, i]) => {
    const items = list(l);
    if (typeof i !== 'number' || items.length === 0) throw new Unknown();
    return items[((Math.floor(i) % items.length) + items.length) % items.length];
  },
  split: ([sep, s]) => str(s).split(str(sep)),
  substr: ([s, offset, length]) => {
    if (typeof offset !== 'number' || typeof length !== 'number') throw new Unknown();
    const chars = [...str(s)];
    const start = offset < 0 ? chars.length + offset : offset;
    return chars.slice(start, length < 0 ? undefined : start + length).join('');
  },
  coalesce: (args) => {
    const found = args.find((a) => a !== null && a !== '');
    if (found === undefined) throw new Unknown();
    return found;
  },
  lookup: ([m, key, ...fallback]) => {
    const found = memberOf(m, str(key));
    if (found !== undefined) return found;
    if (fallback.length === 1 && m !== null && typeof m === 'object' && !Array.isArray(m)) return fallback[0];
    throw new Unknown();
  },
  keys: ([m]) => Object.keys(mapOf(m)).sort(),
  values: ([m]) => Object.keys(mapOf(m)).sort().map((k) => mapOf(m)[k]),
  merge: (maps) => Object.assign({}, ...maps.map(mapOf)),
  jsonencode: ([v]) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026'),
};

/** The names of the functions evaluated on literal arguments. */
export const EVALUATED_FUNCTIONS: readonly string[] = Object.keys(FUNCTIONS).sort();

/**
 * A template string (`pre-${lower("X")}`), as Terraform JSON writes strings, evaluated: literal
 * text with `$${` for a literal `${`, each `${...}` an expression.
 */
function evaluateTemplate(text: string, variables: TerraformVariables, depth: number): EvaluatedValue {
  if (!text.includes('${') && !text.includes('%{')) return { known: true, value: text, sensitive: false, sensitiveInputs: [] };
  // Only references to resources (no variable, no function): what the parser would find unknown, and nothing sensitive.
  if (!(variables instanceof BoundVariables) && REFERENCES_ONLY.test(text)) return { known: false, sensitive: false, sensitiveInputs: [] };
  // `${x}` alone keeps x's type (a list, a number); anything else is a string.
  const only = /^\$\{([\s\S]*)\}$/.exec(text);
  const parser = new Parser(only ? only[1] : text, variables, depth);
  try {
    const value = only ? wholeOrTemplate(parser, text, variables, depth) : parser.templateBody(false);
    return { known: true, value: value.v, sensitive: value.sensitive, sensitiveInputs: [] };
  } catch (error) {
    if (!(error instanceof Unknown) && !(error instanceof RangeError)) throw error;
    // Unknown: what it reads still says whether it is sensitive.
    const read = [...text.matchAll(VARIABLE_REFERENCE)].map((m) => m[1]);
    const inputs = [...new Set(read.filter((n) => variables.get(n)?.sensitive === true && variables.get(n)?.hasDefault === false))];
    const sensitive = read.some((n) => variables.get(n)?.sensitive === true) || /(?<![\w.])sensitive\s*\(/.test(text);
    return { known: false, sensitive, sensitiveInputs: inputs };
  }
}

/**
 * A template whose every `${...}` is a bare reference to a resource, data source or module
 * (`${azurerm_x.y.ingress[0].fqdn}`, no variable, no local, no function, no space) between literal text
 * without `$${`, `%{` or `%%{`: unknown at synth, as the parser would find it, without parsing
 * it (most strings the rules read are such references).
 */
const REFERENCES_ONLY = /^(?:[^$%]|\$(?![{$])|%(?![{%]))*(?:\$\{(?!var\.|local\.)[A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_][A-Za-z0-9_-]*|\[\d+\])+\}(?:[^$%]|\$(?![{$])|%(?![{%]))*)+$/;

/** Whether `text` is literal text and bare references to resources alone (`REFERENCES_ONLY`): nothing in it the evaluator sees through. */
export function isReferencesOnly(text: string): boolean {
  return REFERENCES_ONLY.test(text);
}

/** `var.<name>` in expression text. */
const VARIABLE_REFERENCE = /(?<![\w.])var\.([A-Za-z_][A-Za-z0-9_-]*)/g;

/** `${a}-${b}` also matches `^\$\{.*\}$`: read it as one expression, else as a template. */
function wholeOrTemplate(parser: Parser, text: string, variables: TerraformVariables, depth: number): Value {
  try {
    return parser.whole();
  } catch (error) {
    if (!(error instanceof Unknown)) throw error;
    return new Parser(text, variables, depth).templateBody(false);
  }
}

/**
 * What Terraform will get for `value` (a string, or a list or object of them), as written in
 * Terraform JSON: known when every expression in it is a literal, a function of literals
 * (`EVALUATED_FUNCTIONS`) or a variable with a default; unknown otherwise, with the
 * sensitive variables without a default it reads.
 */
export function evaluateValue(value: unknown, variables: TerraformVariables, depth = 0): EvaluatedValue {
  if (depth > 8) return { known: false, sensitive: false, sensitiveInputs: [] };
  if (typeof value === 'string') return evaluateTemplate(value, variables, depth);
  if (Array.isArray(value) || (value !== null && typeof value === 'object')) {
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, evaluateValue(v, variables, depth + 1)] as const);
    const inputs = [...new Set(entries.flatMap(([, e]) => e.sensitiveInputs))];
    const sensitive = entries.some(([, e]) => e.sensitive);
    if (entries.some(([, e]) => !e.known)) return { known: false, sensitive, sensitiveInputs: inputs };
    const out = Array.isArray(value) ? entries.map(([, e]) => e.value) : Object.fromEntries(entries.map(([k, e]) => [k, e.value]));
    return { known: true, value: out, sensitive, sensitiveInputs: inputs };
  }
  return { known: true, value, sensitive: false, sensitiveInputs: [] };
}

/** `value` as literal text when it evaluates to a string, else undefined (unknown, or not a string). */
export function literalText(value: unknown, variables: TerraformVariables): string | undefined {
  const e = evaluateValue(value, variables);
  return e.known && typeof e.value === 'string' ? e.value : undefined;
}

/**
 * `value` with every string that evaluates to a literal replaced by it (deeply), as the rules
 * read values: `${lower("WestEurope")}` becomes `westeurope`. A value that is unknown, or passes
 * through something sensitive (a sensitive variable, `sensitive(...)`), stays as written, so the
 * secret check still sees what marks it.
 */
export function literalize(value: unknown, variables: TerraformVariables): unknown {
  if (typeof value === 'string') {
    if (!value.includes('${')) return value;
    const e = evaluateTemplate(value, variables, 0);
    return e.known && !e.sensitive ? e.value : value;
  }
  // A list or object comes back as it is when nothing in it changes (most blocks hold only
  // references and literals): copied from the first value that does.
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((v, i) => {
      const seen = literalize(v, variables);
      if (copy === undefined && seen !== v) copy = value.slice(0, i);
      copy?.push(seen);
    });
    return copy ?? value;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    let copy: [string, unknown][] | undefined;
    entries.forEach(([k, v], i) => {
      const seen = literalize(v, variables);
      if (copy === undefined && seen !== v) copy = entries.slice(0, i);
      copy?.push([k, seen]);
    });
    return copy !== undefined || Object.getPrototypeOf(value) !== Object.prototype ? Object.fromEntries(copy ?? entries) : value;
  }
  return value;
}

/**
 * A string value with what is known of it, each unknown part (a resource's attribute, a variable
 * without a default) as `UNKNOWN_PART`: `${join("", ["http://", azurerm_x.y.fqdn])}` gives
 * `http://\u0000`, so a URL's scheme or query is judged though its host is known at apply only.
 * Undefined when the text cannot be read (an operator, a template directive) or is no string.
 */
export function knownParts(text: string, variables: TerraformVariables): string | undefined {
  if (!text.includes('${')) return text;
  const only = /^\$\{([\s\S]*)\}$/.exec(text);
  for (const [source, whole] of only ? [[only[1], true], [text, false]] as const : [[text, false]] as const) {
    try {
      const parser = new Parser(source, variables, 0, true);
      const value = whole ? parser.whole() : parser.templateBody(false);
      if (typeof value.v === 'string') return value.v;
    } catch (error) {
      if (!(error instanceof Unknown) && !(error instanceof RangeError)) throw error;
    }
  }
  return undefined;
}

/** The `${...}` expressions of a resolved value, braces inside them (object literals) included. */
export function expressionsOf(text: string): string[] {
  const found: string[] = [];
  for (let start = text.indexOf('${'); start >= 0; start = text.indexOf('${', start + 2)) {
    let depth = 0;
    for (let i = start + 1; i < text.length; i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}' && --depth === 0) {
        found.push(text.slice(start + 2, i));
        break;
      }
    }
  }
  return found;
}

/** A traversal's root in expression text: `var.x`, `local.y`, `azurerm_x.y`, `data.z`, `module.m`, `path.module`. */
const TRAVERSAL_ROOT = /(?<![\w.])([A-Za-z_][A-Za-z0-9_-]*)\s*\.\s*([A-Za-z_][A-Za-z0-9_-]*)/g;

/** Functions whose value Terraform makes at plan or apply, not from the configuration's text. */
const GENERATED_AT_RUN = /\b(uuid|timestamp|plantimestamp|bcrypt)\s*\(/;

/**
 * Whether `text`, which does not evaluate (an operator, a conditional, a `for`, a function not
 * evaluated such as `file(...)`), reads nothing from outside the configuration: no resource, data
 * source, module, path or variable without a default, only literals, variables with a default
 * and locals that evaluate. Its value is then text the configuration holds, whatever the
 * expression does with it (`file("pw.txt")`, `var.prod ? "a" : "b"`).
 */
export function readsConfigurationOnly(text: string, variables: TerraformVariables): boolean {
  const expressions = expressionsOf(text);
  if (expressions.length === 0) return false;
  for (const expression of expressions) {
    // Quoted text is no reference: `"a.b"` reads nothing.
    const bare = expression.replace(/"(?:[^"\\]|\\.)*"/g, '""');
    // A value made at plan or apply (a random id, the clock, a salted hash) is not text the configuration holds.
    if (GENERATED_AT_RUN.test(bare)) return false;
    for (const [, root, name] of bare.matchAll(TRAVERSAL_ROOT)) {
      if (root === 'var' && variables.get(name)?.hasDefault === true) continue;
      if (root === 'local' && variables.has(localKey(name)) && evaluateValue(`\${local.${name}}`, variables).known) continue;
      // An iterator bound to a value of the configuration (`each.value` of a literal map).
      if (variables instanceof BoundVariables && variables.has(`${root}.${name}`)) continue;
      return false;
    }
    // A `for` expression's or splat's own names are no reference either, but they iterate over one: `[for x in var.l : x]` names var.l, checked above.
  }
  return true;
}
