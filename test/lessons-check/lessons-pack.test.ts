import { readFileSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PlatformLessonsPack, platformRules } from '../../constructs/stack/platform-lessons-pack';
import { PLATFORM_SERVICES } from '../../constructs/stack/platform-services';
import { SERVICE_DESCRIPTORS, SERVICE_RULES } from '../../constructs/stack/service-index.generated';
import { RuleLevel } from '../../constructs/lessons-check/pack';
import { RuleOutcome } from '../../constructs/lessons-check/rule';
import * as index from '../../src/index';

const root = join(__dirname, '..', '..');
const constructsDir = join(root, 'constructs');
/**
 * Every rule module file under constructs/lessons-check/rules and under a service folder's own
 * rules/ (constructs/<service>/rules, listed in its <service>-rules.ts), read from the folders: a
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

describe('another team\'s rules, given explicitly (PlatformLessonsPack.create({ rules }))', () => {
  const mine = { id: 'TEST-1.Mine', lesson: 'TEST-1', description: 'test rule', resourceTypes: ['azurerm_x'], evaluate: () => RuleOutcome.compliant() };

  it('adds them, with their level, after the platform\'s rules, to that pack only', () => {
    const platform = PlatformLessonsPack.create().rules;
    const withMine = PlatformLessonsPack.create({ rules: [{ rule: mine, level: RuleLevel.WARNING }] }).rules;
    expect(withMine.map((r) => r.rule.id)).toEqual([...platform.map((r) => r.rule.id), 'TEST-1.Mine']);
    expect(withMine.at(-1)?.level).toBe(RuleLevel.WARNING);
    // Nothing is registered: the next pack is the platform's alone.
    expect(PlatformLessonsPack.create().rules.map((r) => r.rule.id)).not.toContain('TEST-1.Mine');
  });

  it('fails when a rule has an id the platform has', () => {
    const twin = { ...mine, id: 'SEC-1.StorageSharedKey' };
    expect(() => PlatformLessonsPack.create({ rules: [{ rule: twin, level: RuleLevel.ERROR }] })).toThrow('[AZURE] rule pack platform-lessons: rules[].rule.id = "SEC-1.StorageSharedKey": the rule is listed twice in one pack');
  });
});

describe('the service index (constructs/stack/service-index.generated.ts)', () => {
  /** Every module under constructs/ but the commands' entry points (azure-lessons, azure-preflight), which run the command when loaded. */
  const modules = readdirSync(constructsDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name))
    .filter((f) => !['lessons-cli/main.ts', 'preflight/main.ts'].includes(relative(constructsDir, f)));

  it('lists every descriptor and every rule list a module of the library exports, and nothing else', async () => {
    // Ground truth without reading any text: what the modules export, by value.
    const descriptors = new Set<unknown>();
    const ruleLists = new Set<unknown>();
    for (const file of modules) {
      for (const value of Object.values(await import(file) as Record<string, unknown>)) {
        if (value && typeof value === 'object' && typeof (value as { resourceType?: unknown }).resourceType === 'string' && 'names' in value) descriptors.add(value);
        if (value !== SERVICE_RULES && Array.isArray(value) && value.length > 0 && value.every((e) => typeof e?.create === 'function' && typeof e?.level === 'string')) ruleLists.add(value);
      }
    }
    expect(descriptors.size).toBeGreaterThanOrEqual(12);
    expect(new Set(SERVICE_DESCRIPTORS)).toEqual(descriptors);
    // The generic rules are the pack's own list; every service's list is in the index, each once.
    const listed = [...ruleLists].filter((list) => (list as unknown[]).every((e) => SERVICE_RULES.includes(e as never)));
    expect(listed.flat()).toHaveLength(SERVICE_RULES.length);
    expect(new Set(listed.flat())).toEqual(new Set(SERVICE_RULES));
  }, 120_000);

  it('is current (`npm run gen:services`)', () => {
    const out = execFileSync(process.execPath, [join(root, 'tools', 'service-index', 'generate.mjs'), '--check'], { encoding: 'utf8' });
    expect(out).toMatch(/(is|are) current/);
  });
});

describe('the platform pack\'s order (the report\'s row order)', () => {
  it('keeps the order the reports had, a rule not listed after them', () => {
    const ids = PlatformLessonsPack.create().rules.map((r) => r.rule.id);
    expect(ids.slice(0, 3)).toEqual(['EDGE-1.FrontDoorTimeoutBelowCeiling', 'EDGE-1.FrontDoorTimeoutAboveCeiling', 'EDGE-3.ForwardRequestAttributeSpelling']);
    // The last rule the reports listed keeps its place (the 43rd), however many rules a service adds.
    expect(ids.indexOf('ING-1.WebSocketBackendTransport')).toBe(42);
    // A service's new rule, listed in the service index before others, is reported after them all.
    const added = { create: () => ({ id: 'NEW-1.Added', lesson: 'NEW-1', description: 'a new rule', resourceTypes: ['azurerm_x'], evaluate: () => RuleOutcome.compliant() }), level: RuleLevel.ERROR };
    const withAdded = platformRules(PLATFORM_SERVICES, [added, ...SERVICE_RULES]).map((r) => r.rule.id);
    expect(withAdded.filter((id) => id !== 'NEW-1.Added')).toEqual(ids);
    expect(withAdded.indexOf('NEW-1.Added')).toBe(43);
  });
});
