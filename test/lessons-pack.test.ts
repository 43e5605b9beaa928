import { readFileSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PlatformLessonsPack } from '../constructs/stack/platform-lessons-pack';
import * as index from '../src/index';

const root = join(__dirname, '..');
const constructsDir = join(root, 'constructs');
/**
 * Every rule module file under constructs/lessons-check/rules and under a service folder's own
 * rules/ (constructs/<service>/rules, registered through ServiceRules), read from the folders: a
 * new file is found without a list.
 */
const ruleFiles = readdirSync(constructsDir, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.ts'))
  .map((e) => join(e.parentPath, e.name))
  .filter((f) => /^(?:lessons-check\/rules|[^/]+\/rules)\//.test(relative(constructsDir, f)));

interface FoundRule { file: string; name: string; id: string }

/** Every rule class of the files: an exported class with an id and evaluate(). */
async function ruleClasses(): Promise<FoundRule[]> {
  const found: FoundRule[] = [];
  for (const file of ruleFiles) {
    const exported = await import(file) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exported)) {
      if (typeof value !== 'function' || typeof (value as { prototype?: { evaluate?: unknown } }).prototype?.evaluate !== 'function') continue;
      found.push({ file: relative(root, file), name, id: new (value as new () => { id: string })().id });
    }
  }
  return found;
}

describe('the rule set: every rule packed, exported and documented', () => {
  const packed = PlatformLessonsPack.create().rules.map((r) => r.rule.id);
  const lessonsDoc = readFileSync(join(root, 'docs', 'lessons.md'), 'utf8');
  let rules: FoundRule[] = [];
  beforeAll(async () => { rules = await ruleClasses(); });

  it('packs exactly the rules of the rules folder, each id once', () => {
    expect(rules.map((r) => r.id).sort()).toEqual([...packed].sort());
    expect(new Set(packed).size).toBe(packed.length);
  });

  it('exports every rule class from src/index.ts', () => {
    expect(rules.filter((r) => !(r.name in index)).map((r) => `${r.name} (${r.file})`)).toEqual([]);
  });

  it('documents every rule with a row in docs/lessons.md', () => {
    expect(rules.filter((r) => !lessonsDoc.includes(`| \`${r.id}\` |`)).map((r) => r.id)).toEqual([]);
  });
});

describe('rules of the platform lessons pack', () => {
  it('name their lesson in their id (what a suppression by lesson id relies on) and say what they find', () => {
    const rules = PlatformLessonsPack.create().rules.map((r) => r.rule);
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) {
      expect(rule.lesson).toMatch(/^[A-Z]+(?:-\d+)?$/);
      expect(rule.id.startsWith(`${rule.lesson}.`)).toBe(true);
      expect(rule.description.length).toBeGreaterThan(0);
    }
  });
});

describe('rules a service folder registers (ServiceRules)', () => {
  it('adds a registered rule, with its level, to every pack made afterwards', async () => {
    const { ServiceRules } = await import('../constructs/lessons-check/service-rules');
    const { RuleLevel } = await import('../constructs/lessons-check/pack');
    const { RuleOutcome } = await import('../constructs/lessons-check/rule');
    const before = PlatformLessonsPack.create().rules.length;
    const unregister = ServiceRules.register(() => ({ id: 'TEST-1.Registered', lesson: 'TEST-1', description: 'test rule', resourceTypes: ['azurerm_x'], evaluate: () => RuleOutcome.compliant() }), RuleLevel.WARNING);
    try {
      const after = PlatformLessonsPack.create().rules;
      expect(after.length).toBe(before + 1);
      expect(after.find((r) => r.rule.id === 'TEST-1.Registered')?.level).toBe(RuleLevel.WARNING);
    } finally {
      // The suites share one process (isolate: false): a rule left registered would be in every later pack.
      unregister();
    }
    expect(PlatformLessonsPack.create().rules.map((r) => r.rule.id)).not.toContain('TEST-1.Registered');
  });
});

describe('the service index (constructs/stack/service-index.generated.ts)', () => {
  const root = join(__dirname, '..');
  /** The resource types the descriptors under constructs/<folder>/ declare, read as text. */
  function declaredTypes(): string[] {
    const types: string[] = [];
    for (const folder of readdirSync(join(root, 'constructs'), { withFileTypes: true })) {
      if (!folder.isDirectory()) continue;
      for (const file of readdirSync(join(root, 'constructs', folder.name))) {
        if (!file.endsWith('.ts')) continue;
        const text = readFileSync(join(root, 'constructs', folder.name, file), 'utf8');
        const m = /AzureServices\.define\(\{\s*resourceType: '([^']+)'/.exec(text);
        if (m) types.push(m[1]);
      }
    }
    return types.sort();
  }

  it('registers every service descriptor in a process that loads only the azure-lessons command', () => {
    const script = "require('./constructs/lessons-cli/command'); const { AzureServices } = require('./constructs/core/azure-service'); process.stdout.write(JSON.stringify(AzureServices.types()));";
    const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: root, encoding: 'utf8' });
    const expected = declaredTypes();
    expect(expected).toEqual(expect.arrayContaining(['Microsoft.KeyVault/vaults', 'Microsoft.Storage/storageAccounts']));
    expect(JSON.parse(out)).toEqual(expected);
  }, 60_000);

  it('loads every descriptor and service rule that loading the whole library registers', () => {
    // Ground truth without reading any text: load every module under constructs/, then compare
    // with a process that loads only the index (through the azure-lessons command's module).
    const registered = "const { AzureServices } = require('./constructs/core/azure-service'); const { ServiceRules } = require('./constructs/lessons-check/service-rules');"
      + ' process.stdout.write(JSON.stringify({ types: AzureServices.types(), rules: ServiceRules.all().map((r) => r.rule.id).sort() }));';
    const everything = "const fs = require('fs'); const path = require('path'); const walk = (d) => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => e.isDirectory() ? walk(path.join(d, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [path.join(d, e.name)] : []);"
      // Every module but the commands' entry points (azure-lessons, azure-preflight), which run the command when loaded.
      + " for (const f of walk('constructs')) if (![path.join('constructs', 'lessons-cli', 'main.ts'), path.join('constructs', 'preflight', 'main.ts')].includes(f)) require('./' + f);";
    const run = (script: string) => JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: root, encoding: 'utf8' })) as { types: string[]; rules: string[] };
    const all = run(everything + registered);
    const indexOnly = run("require('./constructs/lessons-cli/command');" + registered);
    expect(all.types.length).toBeGreaterThanOrEqual(11);
    expect(indexOnly).toEqual(all);
  }, 120_000);

  it('is current (`npm run gen:services`)', () => {
    const out = execFileSync(process.execPath, [join(root, 'tools', 'service-index', 'generate.mjs'), '--check'], { encoding: 'utf8' });
    expect(out).toContain('is current');
  });
});
