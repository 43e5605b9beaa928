import { TerraformLocal, TerraformStack, TerraformVariable, Token } from 'cdktf';
import { IConstruct } from 'constructs';
import { resolveIn } from './claims';
import { evaluateValue, knownParts, literalize, localKey, TerraformVariables, TerraformVariableValue, UNKNOWN_PART } from './terraform-expression';

/**
 * The `TerraformVariable`s of the stack `scope` is in, by the name Terraform gives them, and its
 * `TerraformLocal`s (as `local.<name>`, their expression as the default), as the evaluator reads
 * them: a secret behind a local is judged as the literal it gives, as in HCL. They are looked up when first read, not when asked for: most values hold
 * no `var.` reference, and a walk of the whole stack for each value checked made a construct's
 * checks cost more as the stack grew (issue 30). Read it while the tree is as it was asked for
 * (the checks read it at once).
 */
export function stackVariables(scope: IConstruct): TerraformVariables {
  return new StackVariables(TerraformStack.of(scope));
}

/** A stack's variables, found on the first read. */
class StackVariables implements TerraformVariables {
  private found: Map<string, TerraformVariableValue> | undefined;

  constructor(private readonly stack: TerraformStack) {}

  public get size(): number { return this.all().size; }
  public get(name: string): TerraformVariableValue | undefined { return this.all().get(name); }
  public has(name: string): boolean { return this.all().has(name); }
  public forEach(each: (value: TerraformVariableValue, key: string, map: ReadonlyMap<string, TerraformVariableValue>) => void, thisArg?: unknown): void {
    this.all().forEach((value, key) => each.call(thisArg, value, key, this));
  }
  public entries(): MapIterator<[string, TerraformVariableValue]> { return this.all().entries(); }
  public keys(): MapIterator<string> { return this.all().keys(); }
  public values(): MapIterator<TerraformVariableValue> { return this.all().values(); }
  public [Symbol.iterator](): MapIterator<[string, TerraformVariableValue]> { return this.all()[Symbol.iterator](); }

  private all(): Map<string, TerraformVariableValue> {
    if (this.found === undefined) {
      const found = new Map<string, TerraformVariableValue>();
      for (const c of this.stack.node.findAll()) {
        if (c instanceof TerraformLocal) {
          const locals = (c.toTerraform() as { locals?: Record<string, unknown> }).locals ?? {};
          for (const [name, expression] of Object.entries(locals)) {
            found.set(localKey(name), { hasDefault: expression !== undefined && expression !== null, default: resolveIn(this.stack, expression), sensitive: false });
          }
          continue;
        }
        if (!(c instanceof TerraformVariable)) continue;
        const given = c.default;
        found.set(c.friendlyUniqueId, {
          hasDefault: given !== undefined && given !== null,
          ...(given !== undefined ? { default: resolveIn(this.stack, given) } : {}),
          sensitive: c.sensitive === true,
        });
      }
      this.found = found;
    }
    return this.found;
  }
}

/**
 * The literal Terraform will give `value` in the stack of `scope`: the value itself when it is no
 * token; for a token (a variable, a function of literals), what it evaluates to; undefined when
 * that is not known at synth (a resource's attribute) or not a string.
 */
export function literalOf(scope: IConstruct, value: string): string | undefined {
  if (!Token.isUnresolved(value)) return value;
  const e = evaluateValue(resolveIn(scope, value), stackVariables(scope));
  return e.known && typeof e.value === 'string' ? e.value : undefined;
}

/** `literalOf` for a number: the number Terraform will get, or undefined when that is not known at synth. */
export function literalNumberOf(scope: IConstruct, value: number): number | undefined {
  if (!Token.isUnresolved(value)) return value;
  const e = evaluateValue(resolveIn(scope, value), stackVariables(scope));
  return e.known && typeof e.value === 'number' ? e.value : undefined;
}

/** `value` resolved in the stack of `scope`, with what evaluates to a literal replaced by it (see `literalize`). */
export function resolvedLiterally(scope: IConstruct, value: unknown, variables: TerraformVariables = stackVariables(scope)): unknown {
  return literalize(resolveIn(scope, value), variables);
}

/**
 * What is known at synth of a string value in the stack of `scope`, each part known at apply only
 * as `UNKNOWN_PART` (`http://\u0000` for `Fn.join('', ['http://', app.fqdn])`); undefined
 * when it cannot be read. A value without tokens is itself.
 */
export function knownPartsOf(scope: IConstruct, value: string): string | undefined {
  if (!Token.isUnresolved(value)) return value;
  return knownParts(String(resolveIn(scope, value)), stackVariables(scope));
}

/** Whether `text` (from `knownPartsOf`) starts with a known part, e.g. a URL's scheme. */
export function startsKnown(text: string | undefined): text is string {
  return text !== undefined && text !== '' && !text.startsWith(UNKNOWN_PART);
}
