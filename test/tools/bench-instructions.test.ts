import { describe, expect, it } from 'vitest';
import { instructionReport, instructionsPerApp, parseInstructionCount } from '../../tools/bench-scaling/instructions';

// What cachegrind (Valgrind 3.x, --cache-sim=no) writes to standard error at a process's end.
const CACHEGRIND_END = `==25570== Cachegrind, a high-precision tracing profiler
==25570== Command: node --single-threaded tools/bench-scaling/synth-apps.cjs library realtime 50 /tmp/x
==25570==
==25570==
==25570== I   refs:      3,812,869,249
`;

describe('the bench\'s instruction count (tools/bench-scaling/instructions.ts)', () => {
  it('reads the instructions from cachegrind\'s report', () => {
    expect(parseInstructionCount(CACHEGRIND_END)).toBe(3_812_869_249);
  });

  it('reads nothing from output without the count (a crashed process, another tool)', () => {
    expect(parseInstructionCount('==25570== Memcheck, a memory error detector\n==25570== ERROR SUMMARY: 0 errors\n')).toBeUndefined();
    expect(parseInstructionCount('')).toBeUndefined();
  });

  it('counts nothing unless asked, and says how to ask', () => {
    expect(instructionReport(false)).toBe('instructions per extra app: not counted (BENCH_INSTRUCTIONS=1 counts them with Valgrind, about five minutes)');
  });

  it('gives the instructions of one more app: the difference over the 200 apps between the two sizes (50 and 250)', () => {
    expect(instructionsPerApp({ fewest: 3_800_000_000, most: 8_200_000_000 })).toBe(22_000_000);
  });
});
