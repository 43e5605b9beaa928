/**
 * `npm run bench`: wall time and peak memory of synthesizing every stack of every environment
 * (the main job, `src/main.ts`), next to the floor `node -e "require('cdktf')"`, measured in
 * the same run. Targets: under 250 MB, and at most 1.8 ms per synthesized resource above the
 * floor (the cost per resource when the first target, at most 3x the floor, was last met: 4
 * stacks, 116 resources, 0.37 s against a 0.16 s floor on this machine). The ratio is printed too;
 * it grows with every stack added, since the floor stays the same (issue 7's note).
 *
 * The synthesis is measured on the compiled library (`npm run build`, as consumers run it);
 * the same job through tsx, which transpiles TypeScript on the fly (`npm run synth`,
 * `cdktf synth`), is printed beside it for reference.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const root = resolve(__dirname, '..');
const peakPreload = join(root, 'tools', 'bench-peak.cjs');
const scratch = mkdtempSync(join(tmpdir(), 'rtp-bench-'));

interface Sample { seconds: number; peakMb: number }

function measure(args: string[], extraEnv: Record<string, string> = {}): Sample {
  const peakFile = join(scratch, 'peak');
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, ['--require', peakPreload, ...args], {
    cwd: root,
    env: { ...process.env, ...extraEnv, BENCH_PEAK_FILE: peakFile, CHECKPOINT_DISABLE: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stderr.toString()}`);
  return { seconds, peakMb: Number(readFileSync(peakFile, 'utf8')) / 1024 };
}

function summarize(samples: Sample[]) {
  const times = samples.map((s) => s.seconds).sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], min: times[0], peakMb: Math.max(...samples.map((s) => s.peakMb)) };
}

const build = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) throw new Error('npm run build failed');

const floor: Sample[] = [];
const synth: Sample[] = [];
const viaTsx: Sample[] = [];
const out = { CDKTF_OUTDIR: join(scratch, 'out') };
for (let i = 0; i < RUNS; i += 1) {
  floor.push(measure(['-e', "require('cdktf')"]));
  synth.push(measure(['dist/src/main.js'], out));
  viaTsx.push(measure(['--require', 'tsx/cjs', 'src/main.ts'], out));
}
// The size of the job: stacks and resources synthesized (the floor stays the same as they grow).
const stacksDir = join(scratch, 'out', 'stacks');
const stackNames = readdirSync(stacksDir);
const resourceCount = stackNames.reduce((n, name) => {
  const tf = JSON.parse(readFileSync(join(stacksDir, name, 'cdk.tf.json'), 'utf8')) as { resource?: Record<string, Record<string, unknown>> };
  return n + Object.values(tf.resource ?? {}).reduce((m, byId) => m + Object.keys(byId).length, 0);
}, 0);
rmSync(scratch, { recursive: true, force: true });
const f = summarize(floor);
const s = summarize(synth);
const t = summarize(viaTsx);
const ratio = s.median / f.median;
const PER_RESOURCE_BUDGET_MS = 1.8;
const perResourceMs = ((s.median - f.median) / resourceCount) * 1000;
const row = (name: string, x: ReturnType<typeof summarize>) =>
  `${name.padEnd(34)} ${x.median.toFixed(2).padStart(6)} s  ${x.min.toFixed(2).padStart(6)} s  ${x.peakMb.toFixed(0).padStart(5)} MB`;
process.stdout.write([
  `${RUNS} runs each, node ${process.version}`,
  `${''.padEnd(34)} ${'median'.padStart(8)} ${'min'.padStart(8)}  ${'peak'.padStart(8)}`,
  row("floor: require('cdktf')", f),
  row('synth: every stack, every env', s),
  row('same, through tsx (npm run synth)', t),
  `${stackNames.length} stacks, ${resourceCount} resources: ${(((s.median - f.median) / stackNames.length) * 1000).toFixed(0)} ms per stack above the floor`,
  `per resource above the floor ${perResourceMs.toFixed(2)} ms (target <= ${PER_RESOURCE_BUDGET_MS} ms): ${perResourceMs <= PER_RESOURCE_BUDGET_MS ? 'ok' : 'OVER'}; peak ${s.peakMb.toFixed(0)} MB (target < 250 MB): ${s.peakMb < 250 ? 'ok' : 'OVER'}`,
  `ratio ${ratio.toFixed(2)}x the floor (the first target, <= 3x, held up to 4 stacks): ${ratio <= 3 ? 'within' : 'above'}`,
  '',
].join('\n'));
