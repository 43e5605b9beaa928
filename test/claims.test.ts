import { Construct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { claim } from '../constructs/core/claims';
import { plainStack } from './support/stacks';

// The claims registry; what each construct claims on a gateway is tested with the construct.

describe('claims', () => {
  it('lets the holder claim its own key again', () => {
    const stack = plainStack();
    const holder = new Construct(stack, 'holder');
    expect(claim(holder, 'registry', 'key')).toBeUndefined();
    expect(claim(holder, 'registry', 'key')).toBeUndefined();
    expect(claim(new Construct(stack, 'other'), 'registry', 'key')).toBe('plain/holder');
  });
});
