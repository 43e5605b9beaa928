import { literalize, TerraformVariables } from '../core/terraform-expression';

/**
 * How values read from HCL become what rules expect: references to other resources as
 * `${type.name.attr}` strings (hcl2json already writes them so), qualified with the module they
 * are in (`${module.a.type.name.attr}`), and whole-value `${var.x}`, `${local.x}` and `${module.m.output}`
 * replaced with what they resolve to where the input says it.
 */
export interface Scope {
  /** `module.a.module.b.` for a resource inside module b of module a; empty at the root. */
  readonly prefix: string;
  /** `type.name` of the resources declared in this module. */
  readonly declared: ReadonlySet<string>;
  /** Values of `var.<name>`: the module call's arguments, else the variable's default. */
  readonly variables: ReadonlyMap<string, unknown>;
  /** Values of `module.<name>.<output>` of the local modules this module calls. */
  readonly outputs: ReadonlyMap<string, unknown>;
  /** Values of `local.<name>`. */
  readonly locals: ReadonlyMap<string, unknown>;
  /**
   * The module's variables as the evaluator reads them (default or argument, sensitive): a
   * function of literals and variables is replaced by the literal it gives.
   * @default - none
   */
  readonly terraformVariables?: TerraformVariables;
}

const WHOLE = /^\$\{\s*((?:var|local|module)\.[A-Za-z0-9_.-]+)\s*\}$/;
const INTERPOLATION = /\$\{[^}]*\}/g;
const RESOURCE_REFERENCE = /(?<![\w.])([a-z][a-z0-9]*_[a-z0-9_]+)\.([A-Za-z_][A-Za-z0-9_-]*)/g;

/** `value` with its references resolved in `scope` (strings, lists and objects, deeply). */
export function resolveValue(value: unknown, scope: Scope): unknown {
  if (typeof value === 'string') return resolveString(value, scope);
  if (Array.isArray(value)) return value.map((v) => resolveValue(v, scope));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveValue(v, scope)]));
  return value;
}

function resolveString(value: string, scope: Scope): unknown {
  const whole = WHOLE.exec(value);
  if (whole) {
    const name = whole[1];
    const variable = scope.terraformVariables?.get(name.slice(4));
    // A sensitive variable stays named, so the secret check sees what it is.
    if (name.startsWith('var.') && scope.variables.has(name.slice(4)) && variable?.sensitive !== true) return scope.variables.get(name.slice(4));
    if (name.startsWith('local.') && scope.locals.has(name.slice(6))) return scope.locals.get(name.slice(6));
    if (name.startsWith('module.') && scope.outputs.has(name.slice(7))) return scope.outputs.get(name.slice(7));
  }
  // Functions of literals and variables: the literal Terraform gets.
  if (scope.terraformVariables && value.includes('${')) {
    const literal = literalize(value, scope.terraformVariables);
    if (literal !== value) return literal;
  }
  if (scope.prefix === '') return value;
  return value.replace(INTERPOLATION, (expr) => expr.replace(RESOURCE_REFERENCE, (ref, type: string, name: string) =>
    scope.declared.has(`${type}.${name}`) ? `${scope.prefix}${ref}` : ref));
}
