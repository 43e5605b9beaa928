import { describe, expect, it } from 'vitest';
import { groupThousands } from '../../constructs/core/number-format';

describe('groupThousands', () => {
  it('writes what toLocaleString("en-US") writes', () => {
    const values = [
      0, -0, 1, 7, 12, 999, 1000, 1001, 9999, 12345, 100000, 999999, 1000000, 1234567, 2_000_000_000,
      -1, -999, -1000, -1234567, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 60,
      1.5, 1234.5678, -0.25, NaN, Infinity, -Infinity,
    ];
    for (const n of values) expect(groupThousands(n), String(n)).toBe(n.toLocaleString('en-US'));
  });
});
