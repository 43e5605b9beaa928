/**
 * `npm run synth`: synthesize every stack of every environment (src/main.ts) and print what was
 * produced: stacks, resource counts by type, the lessons summary, and the warnings and notes (info)
 * the constructs and rules raised, each with its id from the lessons report (what a suppression names).
 * It also draws each stack's request path (`request-path.json`, written at synth) as
 * `request-path.svg` next to it: the layout engine loads here, not in every `app.synth()`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { LessonsReport, REPORT_FILE, summaryLine } from '../constructs/lessons-check/report';
import { PathModel, REQUEST_PATH_FILE } from '../constructs/stack/request-path-model';
import { renderRequestPath } from './request-paths/render';
import '../src/main';

interface Manifest {
  stacks: Record<string, {
    name: string;
    synthesizedStackPath: string;
    annotations: { constructPath: string; level: string; message: string }[];
  }>;
}

const outdir = resolve(process.env.CDKTF_OUTDIR ?? 'cdktf.out');
const manifest = JSON.parse(readFileSync(join(outdir, 'manifest.json'), 'utf8')) as Manifest;
const lines: string[] = [`Synthesized into ${outdir}`];
let warnings = 0;
let infos = 0;
const pictures: string[] = [];
for (const stack of Object.values(manifest.stacks)) {
  const tf = JSON.parse(readFileSync(join(outdir, stack.synthesizedStackPath), 'utf8')) as {
    resource?: Record<string, Record<string, unknown>>;
    data?: Record<string, Record<string, unknown>>;
    output?: Record<string, unknown>;
  };
  const counts = Object.entries(tf.resource ?? {}).map(([type, items]) => [type, Object.keys(items).length] as const);
  const total = counts.reduce((sum, [, n]) => sum + n, 0);
  lines.push('', `${stack.name}: ${total} resources, ${Object.keys(tf.data ?? {}).length} data sources, ${Object.keys(tf.output ?? {}).length} outputs`);
  const reportPath = join(outdir, dirname(stack.synthesizedStackPath), REPORT_FILE);
  // The id of each printed finding (what a suppression names), from the stack's lessons report.
  const ids = new Map<string, string>();
  if (existsSync(reportPath)) {
    const report = JSON.parse(readFileSync(reportPath, 'utf8')) as LessonsReport;
    lines.push(`  ${summaryLine(report.summary)} (${reportPath.slice(outdir.length + 1)})`);
    for (const row of report.results) if (row.message) ids.set(row.message, row.ruleId);
  }
  const modelPath = join(outdir, dirname(stack.synthesizedStackPath), REQUEST_PATH_FILE);
  if (existsSync(modelPath)) {
    pictures.push(modelPath);
    lines.push(`  request path: ${join(dirname(modelPath), 'request-path.svg').slice(outdir.length + 1)}`);
  }
  for (const [type, n] of counts.sort(([a], [b]) => a.localeCompare(b, 'en-US'))) lines.push(`  ${String(n).padStart(3)}  ${type}`);
  for (const a of stack.annotations) {
    const level = a.level.replace(/^@cdktf\//, '');
    if (level === 'info') infos += 1;
    else warnings += 1;
    const id = ids.get(a.message);
    lines.push(`  ${level.toUpperCase()}${id && !a.message.startsWith(`[${id}]`) ? ` ${id}` : ''}: ${a.message}`);
  }
}
lines.push('', `${Object.keys(manifest.stacks).length} stacks, ${warnings} warnings, ${infos} notes`);

async function drawPictures(): Promise<void> {
  for (const modelPath of pictures) {
    const model = JSON.parse(readFileSync(modelPath, 'utf8')) as PathModel;
    writeFileSync(join(dirname(modelPath), 'request-path.svg'), await renderRequestPath(model));
  }
}

drawPictures().then(() => process.stdout.write(`${lines.join('\n')}\n`), (error: unknown) => {
  process.stderr.write(`drawing the request paths failed: ${String(error)}\n`);
  process.exitCode = 1;
});
