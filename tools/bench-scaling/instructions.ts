/**
 * Instructions per extra app (issue 30), beside the CPU times of tools/bench-scaling/run.ts: the
 * same processes (tools/bench-scaling/synth-apps.cjs, the library against plain cdktf writing the
 * same JSON), each run once under Valgrind (cachegrind without its cache simulation, which counts
 * the instructions a process executes) and `node --single-threaded` (V8's compiler and garbage
 * collector then run on the main thread, in the same order every time), with fixed hash and
 * random seeds (each process would seed them anew).
 *
 * Why: on a shared machine the CPU time of one process varies by 20 % from run to run, more than
 * the difference the goal is about, so a change of a few percent cannot be seen in it. The count
 * varied by about 0.1 % between runs of one process, by 0.02 % or less with the seeds fixed. What it leaves out: time lost to memory and
 * caches (a larger heap, more code), which the CPU times hold. So it is printed beside them and
 * the goal is still read off the CPU times.
 *
 * Counted only when asked (`BENCH_INSTRUCTIONS=1`): Valgrind runs a process about 25 times slower
 * (about five minutes for both shapes), and it may not be installed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildForBench, SYNTH_APPS } from './run';

const root = resolve(__dirname, '..', '..');
/** Fewest and most apps: large enough apart that the count's spread is a small part of the slope. */
export const INSTRUCTION_SIZES = [50, 250] as const;
const SHAPES = ['app', 'realtime'] as const;

/** The instructions Valgrind's cachegrind reports (`==12== I   refs:      3,812,869,249`), or undefined when its report holds none. */
export function parseInstructionCount(valgrindOutput: string): number | undefined {
  const match = /^==\d+==\s+I\s+refs:\s+([\d,]+)\s*$/m.exec(valgrindOutput);
  return match ? Number(match[1].replace(/,/g, '')) : undefined;
}

/** Instructions of one process at each of `INSTRUCTION_SIZES`, for one variant. */
export interface InstructionCounts { readonly fewest: number; readonly most: number }

/** Instructions per extra app between the two sizes. */
export function instructionsPerApp(counts: InstructionCounts): number {
  return (counts.most - counts.fewest) / (INSTRUCTION_SIZES[1] - INSTRUCTION_SIZES[0]);
}

/** Whether Valgrind can be run here. */
function hasValgrind(): boolean {
  return spawnSync('valgrind', ['--version'], { stdio: 'ignore' }).status === 0;
}

function count(scratch: string, variant: string, shape: string, n: number): number {
  const result = spawnSync('valgrind', [
    '--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', '--smc-check=all-non-file',
    // Fixed hash and random seeds: V8 seeds its string hashes (and so the layout of every Map and
    // dictionary) anew for each process, which moved a count by about 0.1 %; seeded, repeats agreed within 0.02 %.
    process.execPath, '--single-threaded', '--hash-seed=1', '--random-seed=1', SYNTH_APPS, variant, shape, String(n), join(scratch, `${variant}-${shape}-${n}`),
  ], { cwd: root, env: { ...process.env, CHECKPOINT_DISABLE: '1' }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const instructions = parseInstructionCount(result.stderr ?? '');
  if (result.status !== 0 || instructions === undefined) throw new Error(`valgrind ${variant} ${shape} ${n} failed:\n${(result.stderr ?? '').slice(-2000)}`);
  return instructions;
}

/**
 * The report's lines: instructions per extra app with the library and plain, for both shapes, or
 * why they were not counted. A failed count is a line of the report, not an exception: the bench
 * prints everything it measured at its end.
 * @param asked count them (`npm run bench:instructions` always does) @default BENCH_INSTRUCTIONS=1
 */
export function instructionReport(asked = process.env.BENCH_INSTRUCTIONS === '1'): string {
  if (!asked) return 'instructions per extra app: not counted (BENCH_INSTRUCTIONS=1 counts them with Valgrind, about five minutes)';
  if (!hasValgrind()) return 'instructions per extra app: not counted, valgrind is not installed here';
  const scratch = mkdtempSync(join(tmpdir(), 'rtp-bench-instructions-'));
  const lines = [`instructions per extra app (Valgrind, node --single-threaded, one process each at N = ${INSTRUCTION_SIZES.join(' and ')}; work only, without memory stalls: the goal is read off the CPU times above)`];
  try {
    for (const shape of SHAPES) {
      const perApp = (variant: string) => instructionsPerApp({
        fewest: count(scratch, variant, shape, INSTRUCTION_SIZES[0]), most: count(scratch, variant, shape, INSTRUCTION_SIZES[1]),
      });
      const library = perApp('library');
      const plain = perApp('plain');
      lines.push(`  ${shape}: ${(library / 1e6).toFixed(2)} M with the library, ${(plain / 1e6).toFixed(2)} M plain (${(library / plain).toFixed(2)}x)`);
    }
  } catch (error) {
    lines.push(`  not counted further: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return lines.join('\n');
}

if (require.main === module) {
  buildForBench();
  process.stdout.write(`${instructionReport(true)}\n`);
}
