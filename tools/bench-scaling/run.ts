/**
 * The scaling part of `npm run bench` (issue 30), also alone as `npm run bench:scaling`: what one
 * more app costs with the library against the same Terraform JSON written with plain cdktf, at
 * N = 100, 200, 400 and 800 apps, for two shapes (tools/bench-scaling/synth-apps.cjs): `app` (a
 * Container App with its identity) and `realtime` (the same, told a topic's endpoint and granted
 * EventGrid Data Sender on it, as the realtime stack's publisher).
 *
 * Each N is its own process, measured by CPU time (user + system; a loaded machine disturbs it
 * less than the wall time) and peak memory, BENCH_SCALING_RUNS times (default 3), median (and
 * the slope of the minima beside it: on a shared machine the fastest run is the least disturbed).
 * The runs go in rounds, each round every N with the library and plain in turn, so a machine that
 * slows down for a while slows both alike; the paired figure is the median over the rounds of
 * each round's own ratio. The
 * cost per extra app is the slope between neighbouring N: linear means the slope stays flat as N
 * doubles. Goal: the library's slope at most 1.2x plain cdktf's for both shapes up to N = 800.
 * The lessons report's size is set against the stack's JSON at N = 400 (goal: no larger).
 * Beside the process's figure, the main thread's alone (Linux): the process's CPU time also counts
 * V8's helper threads (garbage collection, optimizing compilation), which on a machine with more
 * than one core run beside the JavaScript rather than after it. With `BENCH_HELPERS=1`, what those
 * threads spend at the largest N is split, roughly, into compiling hot code and the rest (`helperSplit`);
 * with `BENCH_BEYOND=1`, the slope past the largest N, once that code is compiled (`beyondSlope`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..', '..');
/** The measured process: one stack of N apps of a shape, with the library or plain. */
export const SYNTH_APPS = join(__dirname, 'synth-apps.cjs');
const peakPreload = join(root, 'tools', 'bench-peak.cjs');
const SIZES = [100, 200, 400, 800];
const SHAPES = ['app', 'realtime'] as const;
const VARIANTS = ['library', 'plain'] as const;
const SLOPE_GOAL = 1.2;
/** azure-lessons per extra app (three resources) between N = 400 and 800: about 0.3 ms when linear; a scan per resource made it 28 ms. */
const CLI_SLOPE_BUDGET_MS = 1;

/** One measured process: its CPU time, its main thread's alone (NaN where unknown), its peak memory. */
interface Run { cpuMs: number; mainMs: number; peakMb: number }

function once(scratch: string, variant: string, shape: string, n: number, nodeFlags: string[] = []): Run {
  const outdir = join(scratch, `${variant}-${shape}-${n}`);
  const peakFile = join(scratch, 'peak');
  const result = spawnSync(process.execPath, [...nodeFlags, '--require', peakPreload, SYNTH_APPS, variant, shape, String(n), outdir], {
    cwd: root, env: { ...process.env, BENCH_PEAK_FILE: peakFile, CHECKPOINT_DISABLE: '1' }, stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (result.status !== 0) throw new Error(`${variant} ${shape} ${n} failed:\n${result.stderr.toString()}`);
  const [rssKb, cpuMicros, mainMicros] = readFileSync(peakFile, 'utf8').split(' ').map(Number);
  return { cpuMs: cpuMicros / 1000, mainMs: mainMicros >= 0 ? mainMicros / 1000 : NaN, peakMb: rssKb / 1024 };
}

/** azure-lessons on a synthesized stack's JSON, as CI runs it on cdk.tf.json or a plan: one process, CPU ms. */
function lessonsCli(scratch: string, json: string): number {
  const peakFile = join(scratch, 'peak');
  const result = spawnSync(process.execPath, ['--require', peakPreload, join(root, 'dist', 'constructs', 'lessons-cli', 'main.js'), '--non-production', '--output', join(scratch, 'cli-report.txt'), json], {
    cwd: root, env: { ...process.env, BENCH_PEAK_FILE: peakFile }, stdio: ['ignore', 'ignore', 'pipe'],
  });
  // 0: no error finding; 1: error findings (a shape may have some); anything else is a failed run.
  if (result.status !== 0 && result.status !== 1) throw new Error(`azure-lessons ${json} failed:\n${result.stderr.toString()}`);
  return Number(readFileSync(peakFile, 'utf8').split(' ')[1]) / 1000;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export function scalingReport(runs = Number(process.env.BENCH_SCALING_RUNS ?? 3)): string {
  const scratch = mkdtempSync(join(tmpdir(), 'rtp-bench-scaling-'));
  const lines: string[] = [`scaling (issue 30): CPU ms per process, median of ${runs}; per extra app = slope to the previous N (of the medians; of the minima in the last columns)`];
  let met = true;
  try {
    for (const shape of SHAPES) {
      const cpu: Record<string, number[]> = { library: [], plain: [] };
      const fastest: Record<string, number[]> = { library: [], plain: [] };
      const peak: Record<string, number[]> = { library: [], plain: [] };
      const cli: number[] = [];
      // Rounds of every N and variant in turn (see above): samples[variant][N's index][round].
      const samples: Record<string, Run[][]> = { library: SIZES.map(() => []), plain: SIZES.map(() => []) };
      for (let i = 0; i < runs; i += 1) {
        SIZES.forEach((n, k) => { for (const variant of VARIANTS) samples[variant][k].push(once(scratch, variant, shape, n)); });
      }
      for (const variant of VARIANTS) {
        for (const taken of samples[variant]) {
          cpu[variant].push(median(taken.map((s) => s.cpuMs)));
          fastest[variant].push(Math.min(...taken.map((s) => s.cpuMs)));
          peak[variant].push(Math.max(...taken.map((s) => s.peakMb)));
        }
      }
      for (const n of SIZES) {
        const stackDir = (variant: string) => join(scratch, `${variant}-${shape}-${n}`, 'stacks', 'bench-dev');
        const json = readFileSync(join(stackDir('library'), 'cdk.tf.json'), 'utf8');
        if (json !== readFileSync(join(stackDir('plain'), 'cdk.tf.json'), 'utf8')) {
          throw new Error(`the plain ${shape} stack at N = ${n} no longer writes the library's JSON: update tools/bench-scaling/synth-apps.cjs to what the library writes now`);
        }
        cli.push(median(Array.from({ length: runs }, () => lessonsCli(scratch, join(stackDir('library'), 'cdk.tf.json')))));
        if (n === 400) {
          const report = statSync(join(stackDir('library'), 'lessons-report.json')).size;
          const ratio = report / json.length;
          met &&= ratio <= 1;
          lines.push(`  ${shape}: at N = 400 the lessons report is ${(report / 1e6).toFixed(2)} MB, ${ratio.toFixed(2)}x the stack's JSON (${(json.length / 1e6).toFixed(2)} MB; goal <= 1x): ${ratio <= 1 ? 'ok' : 'OVER'}`);
        }
      }
      lines.push(`  ${shape.padEnd(8)} ${'N'.padStart(5)} ${'library'.padStart(9)} ${'plain'.padStart(9)} ${'lib/app'.padStart(9)} ${'plain/app'.padStart(9)} ${'ratio'.padStart(6)}  ${'MB lib'.padStart(7)} ${'MB plain'.padStart(8)}  ${'min: lib/app'.padStart(12)} ${'plain/app'.padStart(9)} ${'ratio'.padStart(6)}`);
      SIZES.forEach((n, i) => {
        const slopeOf = (series: Record<string, number[]>, variant: string) => (i === 0 ? NaN : (series[variant][i] - series[variant][i - 1]) / (n - SIZES[i - 1]));
        const slope = (variant: string) => slopeOf(cpu, variant);
        const ratio = slope('library') / slope('plain');
        const minRatio = slopeOf(fastest, 'library') / slopeOf(fastest, 'plain');
        if (i > 0) met &&= ratio <= SLOPE_GOAL;
        const fmt = (x: number, d = 2, width = 9) => (Number.isNaN(x) ? '-' : x.toFixed(d)).padStart(width);
        const times = (x: number) => (Number.isNaN(x) ? '-' : `${x.toFixed(2)}x`).padStart(6);
        lines.push(`  ${''.padEnd(8)} ${String(n).padStart(5)} ${fmt(cpu.library[i], 0)} ${fmt(cpu.plain[i], 0)} ${fmt(slope('library'))} ${fmt(slope('plain'))} ${times(ratio)}  ${peak.library[i].toFixed(0).padStart(7)} ${peak.plain[i].toFixed(0).padStart(8)}  ${fmt(slopeOf(fastest, 'library'), 2, 12)} ${fmt(slopeOf(fastest, 'plain'))} ${times(minRatio)}`);
      });
      // The slope over the whole range: what one app costs, least disturbed by one noisy run.
      const whole = (series: Record<string, number[]>, variant: string) => (series[variant][SIZES.length - 1] - series[variant][0]) / (SIZES[SIZES.length - 1] - SIZES[0]);
      // Paired: each round's own slope over the whole range, library against plain.
      const last = SIZES.length - 1;
      const roundSlope = (variant: string, i: number) => (samples[variant][last][i].cpuMs - samples[variant][0][i].cpuMs) / (SIZES[last] - SIZES[0]);
      const paired = median(Array.from({ length: runs }, (_, i) => roundSlope('library', i) / roundSlope('plain', i)));
      lines.push(`  ${shape}: per extra app over N = ${SIZES[0]}..${SIZES[last]}: median ${whole(cpu, 'library').toFixed(2)} ms with the library, ${whole(cpu, 'plain').toFixed(2)} ms plain (${(whole(cpu, 'library') / whole(cpu, 'plain')).toFixed(2)}x); minima ${whole(fastest, 'library').toFixed(2)} vs ${whole(fastest, 'plain').toFixed(2)} ms (${(whole(fastest, 'library') / whole(fastest, 'plain')).toFixed(2)}x); paired, the median of the ${runs} rounds' ratios: ${paired.toFixed(2)}x`);
      // Beside it, the main thread alone: the process's CPU time also counts V8's helper threads
      // (garbage collection, optimizing compilation), which run beside the JavaScript on a machine
      // with more than one core. The goal is read off the process's figure above.
      const mainSlope = (variant: string) => median(samples[variant][last].map((s) => s.mainMs)) - median(samples[variant][0].map((s) => s.mainMs));
      const mainLib = mainSlope('library') / (SIZES[last] - SIZES[0]);
      const mainPlain = mainSlope('plain') / (SIZES[last] - SIZES[0]);
      if (!Number.isNaN(mainLib)) {
        const pairedMain = median(Array.from({ length: runs }, (_, i) => (samples.library[last][i].mainMs - samples.library[0][i].mainMs) / (samples.plain[last][i].mainMs - samples.plain[0][i].mainMs)));
        lines.push(`  ${shape}: main thread alone (V8's helper threads left out), per extra app over N = ${SIZES[0]}..${SIZES[last]}: median ${mainLib.toFixed(2)} ms with the library, ${mainPlain.toFixed(2)} ms plain (${(mainLib / mainPlain).toFixed(2)}x); paired ${pairedMain.toFixed(2)}x; the helper threads: ${(whole(cpu, 'library') - mainLib).toFixed(2)} vs ${(whole(cpu, 'plain') - mainPlain).toFixed(2)} ms`);
        if (process.env.BENCH_HELPERS === '1') lines.push(helperSplit(scratch, shape, runs, samples));
        if (process.env.BENCH_BEYOND === '1') lines.push(beyondSlope(scratch, shape, runs, samples));
      }
      // Linear: one more app costs as much at N = 800 as at N = 200 (the CLI once looked each resource's line up by scanning the file: 23 s at N = 800).
      const cliSlope = (i: number) => (cli[i] - cli[i - 1]) / (SIZES[i] - SIZES[i - 1]);
      const cliLinear = cliSlope(SIZES.length - 1) <= CLI_SLOPE_BUDGET_MS;
      met &&= cliLinear;
      lines.push(`  ${shape}: azure-lessons on the library's cdk.tf.json: ${SIZES.map((n, i) => `N = ${n} ${cli[i].toFixed(0)} ms`).join(', ')}; per extra app ${cliSlope(1).toFixed(2)} ms (100..200) and ${cliSlope(SIZES.length - 1).toFixed(2)} ms (400..800; goal <= ${CLI_SLOPE_BUDGET_MS} ms): ${cliLinear ? 'ok' : 'OVER'}`);
      const memorySlope = (variant: string) => ((peak[variant][3] - peak[variant][0]) / (SIZES[3] - SIZES[0])) * 1024;
      lines.push(`  ${shape}: memory per extra app ${memorySlope('library').toFixed(0)} KB with the library, ${memorySlope('plain').toFixed(0)} KB plain (${(memorySlope('library') / memorySlope('plain')).toFixed(2)}x)`);
    }
    lines.push(`  per extra app at most ${SLOPE_GOAL}x plain cdktf at every N, report no larger than the JSON, azure-lessons linear: ${met ? 'ok' : 'OVER'}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return lines.join('\n');
}

/**
 * What V8's helper threads (every thread but the main one) spend at the largest N, roughly split:
 * the same processes once more, in rounds, with the optimizing compiler on the main thread
 * (`node --no-concurrent-recompilation`); what the helper threads no longer spend is about what
 * compiling hot code cost them. An estimate: the flag also moves when the garbage collector runs.
 * Asked for with `BENCH_HELPERS=1` (more runs of the largest processes).
 */
function helperSplit(scratch: string, shape: string, runs: number, samples: Record<string, Run[][]>): string {
  const n = SIZES[SIZES.length - 1];
  const compilerOnMain: Record<string, Run[]> = { library: [], plain: [] };
  for (let i = 0; i < runs; i += 1) {
    for (const variant of VARIANTS) compilerOnMain[variant].push(once(scratch, variant, shape, n, ['--no-concurrent-recompilation']));
  }
  const helpers = (taken: Run[]) => median(taken.map((s) => s.cpuMs - s.mainMs));
  const before = (variant: string) => helpers(samples[variant][SIZES.length - 1]);
  const after = (variant: string) => helpers(compilerOnMain[variant]);
  return `  ${shape}: V8's helper threads at N = ${n}: ${before('library').toFixed(0)} ms with the library, ${before('plain').toFixed(0)} ms plain; `
    + `with the optimizing compiler on the main thread (node --no-concurrent-recompilation) ${after('library').toFixed(0)} vs ${after('plain').toFixed(0)} ms: `
    + `about ${(before('library') - after('library')).toFixed(0)} vs ${(before('plain') - after('plain')).toFixed(0)} ms of compiling hot code (an estimate)`;
}

/**
 * What one more app costs past the largest N, from N = 800 to N = 1600 (`BENCH_BEYOND=1`; no
 * goal): by then V8 has compiled the library's hot code, work it does once per function, which
 * the slope from N = 100 reads as a cost per app. The process's CPU and the main thread's alone,
 * the medians of the runs, and the paired median of the rounds' ratios.
 */
function beyondSlope(scratch: string, shape: string, runs: number, samples: Record<string, Run[][]>): string {
  const from = SIZES[SIZES.length - 1];
  const to = from * 2;
  const far: Record<string, Run[]> = { library: [], plain: [] };
  for (let i = 0; i < runs; i += 1) for (const variant of VARIANTS) far[variant].push(once(scratch, variant, shape, to));
  const near = (variant: string) => samples[variant][SIZES.length - 1];
  const slope = (variant: string, key: 'cpuMs' | 'mainMs') => (median(far[variant].map((s) => s[key])) - median(near(variant).map((s) => s[key]))) / (to - from);
  const paired = (key: 'cpuMs' | 'mainMs') => median(Array.from({ length: runs }, (_, i) => (far.library[i][key] - near('library')[i][key]) / (far.plain[i][key] - near('plain')[i][key])));
  const part = (key: 'cpuMs' | 'mainMs') => `${slope('library', key).toFixed(2)} vs ${slope('plain', key).toFixed(2)} ms (${(slope('library', key) / slope('plain', key)).toFixed(2)}x, paired ${paired(key).toFixed(2)}x)`;
  return `  ${shape}: per extra app over N = ${from}..${to} (the library's hot code compiled by then; no goal): process ${part('cpuMs')}; main thread alone ${part('mainMs')}`;
}

/** Compile the library into dist/, which the measured processes load (as `npm run build`). */
export function buildForBench(): void {
  // `npm run build`, as consumers get the package: its index loads a construct at first use (tools/lazy-index).
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

if (require.main === module) {
  buildForBench();
  process.stdout.write(`${scalingReport()}\n`);
}
