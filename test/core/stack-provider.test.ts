import { TerraformProvider } from 'cdktf';
import { describe, expect, it, vi } from 'vitest';
import { TimeProvider } from '@cdktf/provider-time/lib/provider';
import { ensureProvider } from '../../constructs/core/stack-provider';
import { testStack } from '../support/synth';

const providersOf = (stack: ReturnType<typeof testStack>, type: string) => stack.node.findAll().filter((c) => c instanceof TerraformProvider && c.terraformResourceType === type);

describe('ensureProvider', () => {
  it('adds the provider once to a stack without one, however often it is asked, and searches the stack once per type', () => {
    const stack = testStack();
    const create = vi.fn((s: typeof stack) => new TimeProvider(s, 'time', {}));
    const findAll = vi.spyOn(stack.node, 'findAll');
    for (let i = 0; i < 5; i += 1) ensureProvider(stack, 'time', create);
    expect(create).toHaveBeenCalledTimes(1);
    expect(findAll).toHaveBeenCalledTimes(1);
    expect(providersOf(stack, 'time')).toHaveLength(1);
  });

  it('keeps the provider a stack brings and adds none', () => {
    const stack = testStack();
    const own = new TimeProvider(stack, 'teams-time', {});
    const create = vi.fn();
    ensureProvider(stack, 'time', create);
    ensureProvider(stack, 'time', create);
    expect(create).not.toHaveBeenCalled();
    expect(providersOf(stack, 'time')).toEqual([own]);
    // Another type is looked for on its own.
    ensureProvider(stack, 'azuread', create);
    expect(create).toHaveBeenCalledTimes(1);
  });
});
