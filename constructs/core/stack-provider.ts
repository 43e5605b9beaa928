import { TerraformProvider, TerraformStack } from 'cdktf';
import { IConstruct } from 'constructs';

/** The provider types each stack is known to hold (found, or created here). */
const HELD = new WeakMap<TerraformStack, Set<string>>();

/**
 * Make sure the stack of `scope` has a provider of `type` (`time`, `azuread`): the one it brings,
 * or the one `create` adds. The stack is searched once per type, not once per construct that
 * needs it (issue 30: synth linear in the resources).
 */
export function ensureProvider(scope: IConstruct, type: string, create: (stack: TerraformStack) => void): void {
  const stack = TerraformStack.of(scope);
  const held = HELD.get(stack) ?? new Set<string>();
  HELD.set(stack, held);
  if (held.has(type)) return;
  if (!stack.node.findAll().some((c) => c instanceof TerraformProvider && c.terraformResourceType === type)) create(stack);
  held.add(type);
}
