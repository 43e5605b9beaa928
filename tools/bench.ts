/**
 * `npm run bench`: wall time and peak memory of synthesizing every stack of every environment
 * (the main job, `src/main.ts`), next to the floor `node -e "require('cdktf')"`, measured in
 * the same run, and the same job for the `dev` environment alone (`RTP_ENVIRONMENTS=dev`), and what
 * a consumer pays to import the package and read one construct (`ContainerService`): its index
 * loads a construct's modules at first use (tools/lazy-index).
 *
 * Targets: under 250 MB, and at most 1.0 ms for each further synthesized resource: the slope
 * between the dev-only job and the whole one, which leaves out what every run pays once (Node,
 * cdktf, the provider bindings and this library's modules). 0.93 ms per resource was the slope
 * when the first target, at most 3x the floor, was last met (5e81a10: 4 stacks, measured again
 * on this machine for issue 7). The ratio to the floor and the fixed cost are printed too: the
 * ratio grows with every stack added, since the floor stays the same.
 *
 * The synthesis is measured on the compiled library (`npm run build`, as consumers run it);
 * the same job through tsx, which transpiles TypeScript on the fly (`npm run synth`,
 * `cdktf synth`), is printed beside it for reference.
 *
 * The library's share: one more run of the main job per round under `node --cpu-prof`, its
 * self time split by whose code it was (tools/bench-share.ts): this library and its lessons check
 * against cdktf and the provider bindings. Goal (issue 30): the library adds at most 20 % to cdktf's own
 * cost for the same resources. Beside it, with no goal, the share of a second synth of the same
 * app in one process (tools/bench-warm-share.cjs): most of the library's code runs once or twice in
 * the main job, so compiling it and V8's warm-up are a good part of its first-run share.
 *
 * `azure-lessons` (the lessons check over plain Terraform) is timed on a generated directory of
 * 200 resources in 10 .tf files (Container Apps, Front Door origins and API Management APIs that
 * reference them, policies, storage accounts), and on one of a single resource, for the cost of
 * each further resource beside what every run pays (Node, hcl2json's WebAssembly parser, the pack).
 *
 * Last, the scaling table (tools/bench-scaling/run.ts, alone: `npm run bench:scaling`): the cost of
 * one more app with the library against plain cdktf writing the same JSON, N = 100 to 800; and,
 * with `BENCH_INSTRUCTIONS=1`, the same counted in instructions under Valgrind, which a busy
 * machine does not disturb (tools/bench-scaling/instructions.ts, alone: `npm run bench:instructions`).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Owner, libraryShare, readProfile, timeByOwner } from './bench-share';
import { instructionReport } from './bench-scaling/instructions';
import { buildForBench, scalingReport } from './bench-scaling/run';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const root = resolve(__dirname, '..');
const peakPreload = join(root, 'tools', 'bench-peak.cjs');
const scratch = mkdtempSync(join(tmpdir(), 'rtp-bench-'));

interface Sample { seconds: number; peakMb: number }

function measure(args: string[], extraEnv: Record<string, string> = {}, expectedStatus = 0): Sample {
  const peakFile = join(scratch, 'peak');
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, ['--require', peakPreload, ...args], {
    cwd: root,
    env: { ...process.env, ...extraEnv, BENCH_PEAK_FILE: peakFile, CHECKPOINT_DISABLE: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== expectedStatus) throw new Error(`${args.join(' ')} failed:\n${result.stderr.toString()}`);
  return { seconds, peakMb: Number(readFileSync(peakFile, 'utf8').split(' ')[0]) / 1024 };
}

function summarize(samples: Sample[]) {
  const times = samples.map((s) => s.seconds).sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], min: times[0], peakMb: Math.max(...samples.map((s) => s.peakMb)) };
}

buildForBench();

/** A directory of `files` .tf files holding `resources` resources in all, five kinds that reference each other. */
function terraformDirectory(name: string, files: number, resources: number): string {
  const dir = join(scratch, name);
  mkdirSync(dir);
  const kinds = [
    (i: number) => `resource "azurerm_container_app" "app${i}" {\n  name = "app${i}"\n  revision_mode = "Single"\n  ingress {\n    transport = "${i % 2 ? 'http2' : 'auto'}"\n    target_port = 8080\n  }\n  template {\n    container {\n      name = "app"\n      image = "registry.example.com/app:1.${i}.0"\n    }\n    http_scale_rule {\n      name = "http"\n      concurrent_requests = "10"\n    }\n  }\n}\n`,
    (i: number) => `resource "azurerm_cdn_frontdoor_origin" "origin${i}" {\n  name = "origin${i}"\n  host_name = azurerm_container_app.app${i - 1}.ingress[0].fqdn\n}\n`,
    (i: number) => `resource "azurerm_api_management_api" "api${i}" {\n  name = "api${i}"\n  api_management_name = "apim"\n  service_url = "https://\${azurerm_container_app.app${i - 2}.ingress[0].fqdn}"\n}\n`,
    (i: number) => `resource "azurerm_api_management_api_policy" "policy${i}" {\n  api_name = azurerm_api_management_api.api${i - 1}.name\n  xml_content = "<policies><inbound><base /></inbound><backend><retry condition=\\"@(context.Response.StatusCode == 503)\\" count=\\"2\\" interval=\\"1\\"><forward-request /></retry></backend></policies>"\n}\n`,
    (i: number) => `resource "azurerm_storage_account" "sa${i}" {\n  name = "sa${i}"\n  shared_access_key_enabled = false\n}\n`,
  ];
  const blocks = Array.from({ length: resources }, (_, i) => kinds[i % kinds.length](i));
  for (let f = 0; f < files; f += 1) writeFileSync(join(dir, `main${f}.tf`), blocks.filter((_, i) => i % files === f).join('\n'));
  return dir;
}
const LESSONS_RESOURCES = 200;
const lessonsDir = terraformDirectory('lessons-200', 10, LESSONS_RESOURCES);
const lessonsOne = terraformDirectory('lessons-1', 1, 1);
const lessonsBin = join('dist', 'constructs', 'lessons-cli', 'main.js');
const lessons: Sample[] = [];
const lessonsSingle: Sample[] = [];
/** Self time per owner of each profiled run of the main job (a run of its own: the profiler slows it). */
const shares: Record<Owner, number>[] = [];
function profileMainJob(run: number): Record<Owner, number> {
  const dir = join(scratch, `profile-${run}`);
  measure(['--cpu-prof', '--cpu-prof-dir', dir, 'dist/src/main.js'], { ...out, CDKTF_OUTDIR: join(scratch, `profiled-${run}`) });
  const [file] = readdirSync(dir);
  return timeByOwner(readProfile(join(dir, file)));
}
/** Self time per owner of a second synth of the main job in one process (tools/bench-warm-share.cjs): once compiled and warmed up. */
const warmShares: Record<Owner, number>[] = [];
function profileSecondSynth(run: number): Record<Owner, number> {
  const dir = join(scratch, `warm-profile-${run}`);
  measure(['tools/bench-warm-share.cjs', dir, join(scratch, `warm-${run}`)], out);
  const [file] = readdirSync(dir);
  return timeByOwner(readProfile(join(dir, file)));
}

const floor: Sample[] = [];
const imported: Sample[] = [];
const synth: Sample[] = [];
const devOnly: Sample[] = [];
const viaTsx: Sample[] = [];
// The embedded environments, whatever the caller's shell selects or overrides.
const out = { CDKTF_OUTDIR: join(scratch, 'out'), RTP_ENVIRONMENTS: '', RTP_ENVIRONMENTS_FILE: '' };
const devOut = { ...out, CDKTF_OUTDIR: join(scratch, 'dev'), RTP_ENVIRONMENTS: 'dev' };
for (let i = 0; i < RUNS; i += 1) {
  floor.push(measure(['-e', "require('cdktf')"]));
  imported.push(measure(['-e', "require('./dist/src/index.js').ContainerService"]));
  synth.push(measure(['dist/src/main.js'], out));
  devOnly.push(measure(['dist/src/main.js'], devOut));
  viaTsx.push(measure(['--require', 'tsx/cjs', 'src/main.ts'], out));
  lessons.push(measure([lessonsBin, lessonsDir, '--format', 'json'], {}, 0));
  lessonsSingle.push(measure([lessonsBin, lessonsOne, '--format', 'json'], {}, 0));
  shares.push(profileMainJob(i));
  warmShares.push(profileSecondSynth(i));
}
/** The size of a job: the stacks and resources it synthesized. */
function sizeOf(outdir: string): { stacks: number; resources: number } {
  const stacksDir = join(outdir, 'stacks');
  const names = readdirSync(stacksDir);
  const resources = names.reduce((n, name) => {
    const tf = JSON.parse(readFileSync(join(stacksDir, name, 'cdk.tf.json'), 'utf8')) as { resource?: Record<string, Record<string, unknown>> };
    return n + Object.values(tf.resource ?? {}).reduce((m, byId) => m + Object.keys(byId).length, 0);
  }, 0);
  return { stacks: names.length, resources };
}
const all = sizeOf(out.CDKTF_OUTDIR);
const dev = sizeOf(devOut.CDKTF_OUTDIR);
rmSync(scratch, { recursive: true, force: true });
const f = summarize(floor);
const s = summarize(synth);
const d = summarize(devOnly);
const t = summarize(viaTsx);
const l = summarize(lessons);
const l1 = summarize(lessonsSingle);
const lessonsSlopeMs = ((l.median - l1.median) / (LESSONS_RESOURCES - 1)) * 1000;
const ratio = s.median / f.median;
const SLOPE_BUDGET_MS = 1.0;
const slopeMs = ((s.median - d.median) / (all.resources - dev.resources)) * 1000;
const fixedMs = (d.median - f.median) * 1000 - slopeMs * dev.resources;
const SHARE_GOAL = 0.2;
const byShare = [...shares].sort((a, b) => libraryShare(a) - libraryShare(b));
const p = byShare[Math.floor(byShare.length / 2)];
const share = libraryShare(p);
const ms = (owner: Owner) => `${p[owner].toFixed(0)} ms`;
const warm = [...warmShares].sort((a, b) => libraryShare(a) - libraryShare(b))[Math.floor(warmShares.length / 2)];
const row = (name: string, x: ReturnType<typeof summarize>) =>
  `${name.padEnd(34)} ${x.median.toFixed(2).padStart(6)} s  ${x.min.toFixed(2).padStart(6)} s  ${x.peakMb.toFixed(0).padStart(5)} MB`;
process.stdout.write([
  `${RUNS} runs each, node ${process.version}`,
  `${''.padEnd(34)} ${'median'.padStart(8)} ${'min'.padStart(8)}  ${'peak'.padStart(8)}`,
  row("floor: require('cdktf')", f),
  row('import package, read a construct', summarize(imported)),
  row('synth: every stack, every env', s),
  row('same, through tsx (npm run synth)', t),
  row('synth: dev only (RTP_ENVIRONMENTS)', d),
  `${all.stacks} stacks, ${all.resources} resources (dev: ${dev.stacks} stacks, ${dev.resources} resources)`,
  `each further resource ${slopeMs.toFixed(2)} ms (target <= ${SLOPE_BUDGET_MS} ms): ${slopeMs <= SLOPE_BUDGET_MS ? 'ok' : 'OVER'}; peak ${s.peakMb.toFixed(0)} MB (target < 250 MB): ${s.peakMb < 250 ? 'ok' : 'OVER'}`,
  `paid once per run above the floor: ${fixedMs.toFixed(0)} ms; ratio ${ratio.toFixed(2)}x the floor (the first target, <= 3x, held up to 4 stacks): ${ratio <= 3 ? 'within' : 'above'}`,
  `library's share of a full synth (CPU profile, self time, median run): ${(share * 100).toFixed(1)}% (goal <= ${SHARE_GOAL * 100}%): ${share <= SHARE_GOAL ? 'ok' : 'OVER'}`,
  `  this library ${ms('library')} + its lessons check ${ms('lessons-check')} against cdktf ${ms('cdktf')} + provider bindings ${ms('bindings')}; Node and V8 ${ms('node')}, other packages ${ms('other')}`,
  `  the same synth run a second time in one process (compiled and warmed up: what the first run pays once is left out; no goal): ${(libraryShare(warm) * 100).toFixed(1)}%, this library ${warm.library.toFixed(0)} ms + its lessons check ${warm['lessons-check'].toFixed(0)} ms against cdktf ${warm.cdktf.toFixed(0)} ms + provider bindings ${warm.bindings.toFixed(0)} ms`,
  row(`azure-lessons: ${LESSONS_RESOURCES} resources, 10 files`, l),
  row('azure-lessons: 1 resource, 1 file', l1),
  `azure-lessons: each further resource ${lessonsSlopeMs.toFixed(2)} ms; ${LESSONS_RESOURCES} resources in ${(l.median * 1000).toFixed(0)} ms`,
  scalingReport(),
  instructionReport(),
  '',
].join('\n'));
