import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOT_RUN, STEPS } from '../../tools/generate.mjs';

const scripts = Object.keys((JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);

describe('npm run generate: every checked-in file a command writes', () => {
  it('runs every generator script of package.json (gen:*, docs:*, paths), or says why not', () => {
    const generators = scripts.filter((s) => /^(?:gen|docs):|^paths$/.test(s));
    expect(generators.filter((s) => !STEPS.some((step) => step.script === s) && !(s in NOT_RUN))).toEqual([]);
    expect(STEPS.filter((step) => !scripts.includes(step.script))).toEqual([]);
  });

  it('writes the service index first: the other generators build the stacks from it', () => {
    expect(STEPS[0].script).toBe('gen:services');
    expect(STEPS.map((s) => s.script)).toEqual(['gen:services', 'docs:rules', 'docs:preflight', 'paths', 'gen:fixtures', 'docs:api']);
  });
});
