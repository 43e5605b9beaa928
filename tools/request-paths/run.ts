/**
 * `npm run paths`: draw every stack's request path into docs/paths/<stack>.svg (the README and
 * docs show these files). `npm run paths -- --check`: write nothing; exit 1 naming every picture
 * that is missing, out of date or left over from a stack that is gone (CI runs it).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PICTURES_DIR, drawStacks } from './pictures';

async function main(): Promise<number> {
  const check = process.argv.includes('--check');
  const dir = resolve(__dirname, '..', '..', PICTURES_DIR);
  const pictures = await drawStacks();
  const expected = new Set(pictures.map((p) => `${p.stack}.svg`));
  const problems: string[] = [];
  if (!check) mkdirSync(dir, { recursive: true });
  for (const { stack, svg } of pictures) {
    const file = join(dir, `${stack}.svg`);
    const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    if (current === svg) continue;
    if (check) problems.push(`${join(PICTURES_DIR, `${stack}.svg`)} is ${current === undefined ? 'missing' : 'out of date'}`);
    else writeFileSync(file, svg);
  }
  for (const file of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.svg') && !expected.has(f)) : []) {
    if (check) problems.push(`${join(PICTURES_DIR, file)} belongs to no stack`);
    else rmSync(join(dir, file));
  }
  if (problems.length > 0) {
    process.stderr.write(`${problems.join('\n')}\nRun \`npm run paths\` and commit docs/paths.\n`);
    return 1;
  }
  process.stdout.write(`${pictures.length} request-path pictures in ${PICTURES_DIR} ${check ? 'are current' : 'written'}\n`);
  return 0;
}

main().then((code) => { process.exitCode = code; }, (error: unknown) => { process.stderr.write(`${String(error)}\n`); process.exitCode = 2; });
