import { TerraformStack, TerraformVariable, Token } from 'cdktf';
import { IConstruct } from 'constructs';
import { resolveIn } from './claims';
import { evaluateValue, knownParts, literalize, TerraformVariables, TerraformVariableValue, UNKNOWN_PART } from './terraform-expression';

/** The `TerraformVariable`s of the stack `scope` is in, by the name Terraform gives them, as the evaluator reads them. */
export function stackVariables(scope: IConstruct): TerraformVariables {
  const stack = TerraformStack.of(scope);
  const found = new Map<string, TerraformVariableValue>();
  for (const c of stack.node.findAll()) {
    if (!(c instanceof TerraformVariable)) continue;
    const given = c.default;
    found.set(c.friendlyUniqueId, {
      hasDefault: given !== undefined && given !== null,
      ...(given !== undefined ? { default: resolveIn(stack, given) } : {}),
      sensitive: c.sensitive === true,
    });
  }
  return found;
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
