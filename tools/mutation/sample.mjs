// Mutant counts and a sampled mutation score per folder of constructs/ (a full run takes hours).
//
//   node tools/mutation/sample.mjs                          counts per folder (no tests run)
//   node tools/mutation/sample.mjs --per-folder 30 --seed 1 draws up to 30 mutants per folder
//                                                           (all of a smaller folder), writes
//                                                           reports/mutation/sample.json, prints
//                                                           the `--mutate` ranges for Stryker
//   node tools/mutation/sample.mjs --per-folder 30 --seed 1 --run [stryker args]   ... and runs
//                                                           Stryker on them (a larger N with the
//                                                           same seed draws a superset)
//   node tools/mutation/sample.mjs --score                  scores the sample from
//                                                           reports/mutation/mutation.json
//
// Mutants are generated with Stryker's own instrumenter and the message-text ignorer, as a run
// does, over the files stryker.config.mjs mutates. With MUTATION_SAMPLE set, sample-ignorer.mjs
// keeps Stryker to the drawn mutants (and the others on the same node: an ignorer sees nodes).
// Static mutants (ignoreStatic) are only known after Stryker's dry run: a drawn one shows up as
// Ignored and is left out of the score, as Stryker leaves it out. Only drawn mutants count.
// Score = (killed + timeout) / (killed + timeout + survived + no coverage); 95 % interval: Wilson
// per folder, normal approximation of the stratified estimate for constructs/ as a whole.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const sampleFile = join(root, 'reports', 'mutation', 'sample.json');
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}
const folderOf = (file) => relative(root, file).split(/[\\/]/).slice(0, 2).join('/');
const key = (file, loc, mutatorName, replacement) =>
  `${file}:${loc.start.line}:${loc.start.column}-${loc.end.line}:${loc.end.column}:${mutatorName}:${replacement}`;

async function generate() {
  if (!existsSync(join(here, 'node_modules', '@stryker-mutator', 'core'))) {
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: here, stdio: 'inherit' });
  }
  const lib = join(here, 'node_modules', '@stryker-mutator', 'instrumenter', 'dist', 'src', 'index.js');
  const { Instrumenter } = await import(pathToFileURL(lib).href);
  const { strykerPlugins } = await import(pathToFileURL(join(here, 'message-ignorer.mjs')).href);
  const quiet = { debug() {}, info() {}, warn() {}, isDebugEnabled: () => false };
  const { GENERATED } = await import(pathToFileURL(join(here, 'stryker.config.mjs')).href);
  const files = walk(join(root, 'constructs')).filter((f) => !GENERATED.includes(relative(root, f).replaceAll('\\', '/'))).map((name) => ({ name, mutate: true, content: readFileSync(name, 'utf8') }));
  const { mutants } = await new Instrumenter(quiet).instrument(files, {
    plugins: null,
    excludedMutations: [],
    ignorers: [strykerPlugins[0].value],
  });
  // API positions are 0-based; the report's are 1-based.
  return mutants
    .filter((m) => m.status !== 'Ignored')
    .map((m) => ({
      file: relative(root, m.fileName).replaceAll('\\', '/'),
      folder: folderOf(m.fileName),
      mutatorName: m.mutatorName,
      replacement: m.replacement,
      location: {
        start: { line: m.location.start.line + 1, column: m.location.start.column + 1 },
        end: { line: m.location.end.line + 1, column: m.location.end.column + 1 },
      },
    }));
}

function mulberry32(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function wilson(k, n) {
  if (n === 0) return [NaN, NaN];
  const z = 1.96, p = k / n, d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d, h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, c - h), Math.min(1, c + h)];
}
const pct = (x) => (Number.isNaN(x) ? '-' : (100 * x).toFixed(1));

function score() {
  const sample = JSON.parse(readFileSync(sampleFile, 'utf8'));
  const report = JSON.parse(readFileSync(join(root, 'reports', 'mutation', 'mutation.json'), 'utf8'));
  const status = new Map();
  for (const [file, { mutants }] of Object.entries(report.files)) {
    for (const m of mutants) status.set(key(file.replaceAll('\\', '/'), m.location, m.mutatorName, m.replacement), m.status);
  }
  const rows = [];
  let est = 0, variance = 0, weightSeen = 0;
  for (const [folder, total] of Object.entries(sample.totals)) {
    const drawn = sample.mutants.filter((m) => m.folder === folder);
    const c = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, Ignored: 0, other: 0, missing: 0 };
    for (const m of drawn) {
      const s = status.get(key(m.file, m.location, m.mutatorName, m.replacement));
      if (s === undefined) c.missing++;
      else c[s in c ? s : 'other']++;
    }
    const detected = c.Killed + c.Timeout, n = detected + c.Survived + c.NoCoverage;
    const p = n ? detected / n : NaN;
    const full = drawn.length === total;
    const [lo, hi] = full ? [p, p] : wilson(detected, n);
    rows.push({ folder, total, drawn: drawn.length, n, ...c, score: pct(p), ci95: full ? 'full' : `${pct(lo)}-${pct(hi)}` });
    if (n) {
      const w = total / sample.total, fpc = full ? 0 : (total - drawn.length) / (total - 1 || 1);
      est += w * p;
      variance += (w * w * p * (1 - p) * fpc) / n;
      weightSeen += w;
    }
  }
  console.table(rows);
  const whole = est / weightSeen, half = (1.96 * Math.sqrt(variance)) / weightSeen;
  console.log(`constructs/ (stratified by folder): ${pct(whole)} % (95 %: ${pct(whole - half)}-${pct(Math.min(1, whole + half))})`);
}

if (args.includes('--score')) {
  score();
} else {
  const mutants = await generate();
  const totals = {};
  for (const m of mutants) totals[m.folder] = (totals[m.folder] ?? 0) + 1;
  const perFolder = Number(option('--per-folder'));
  if (!perFolder) {
    console.table(Object.entries(totals).map(([folder, n]) => ({ folder, mutants: n })));
    console.log(`constructs/: ${mutants.length} mutants`);
  } else {
    const random = mulberry32(Number(option('--seed') ?? 1));
    const drawn = Object.keys(totals).flatMap((folder) => {
      const pool = mutants.filter((m) => m.folder === folder);
      for (let i = pool.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [pool[i], pool[j]] = [pool[j], pool[i]];
      }
      return pool.slice(0, perFolder);
    });
    mkdirSync(dirname(sampleFile), { recursive: true });
    writeFileSync(sampleFile, JSON.stringify({ total: mutants.length, totals, mutants: drawn }, null, 1));
    // --mutate ranges: 1-based lines, 0-based columns, end column included.
    const ranges = [...new Set(drawn.map(({ file, location: { start, end } }) => `${file}:${start.line}:${start.column - 1}-${end.line}:${end.column - 1}`))];
    console.log(`${drawn.length} of ${mutants.length} mutants drawn; ${sampleFile}`);
    if (args.includes('--run')) {
      const env = { ...process.env, MUTATION_SAMPLE: sampleFile };
      execFileSync(process.execPath, [join(here, 'run.mjs'), '--mutate', ranges.join(','), ...args.slice(args.indexOf('--run') + 1)], { cwd: root, stdio: 'inherit', env });
    } else {
      console.log(`MUTATION_SAMPLE=${relative(root, sampleFile)} npm run test:mutation -- --mutate '${ranges.join(',')}'`);
    }
  }
}
