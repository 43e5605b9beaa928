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
import { RULE_TABLE, renderRuleTable, replaceRuleTable } from '../../tools/rules-docs/render';
import { RULE_EXAMPLES } from '../support/rule-examples';

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

describe('the rule set: every rule packed and exported (documented: below)', () => {
  const packed = PlatformLessonsPack.create().rules.map((r) => r.rule.id);
  let rules: FoundRule[] = [];
  beforeAll(async () => { rules = await ruleClasses(); });

  it('packs exactly the rules of the rules folder, each id once', () => {
    expect(rules.map((r) => r.id).sort()).toEqual([...packed].sort());
    expect(new Set(packed).size).toBe(packed.length);
  });

  it('exports every rule class from src/index.ts', () => {
    expect(rules.filter((r) => !(r.name in index)).map((r) => `${r.name} (${r.file})`)).toEqual([]);
  });
});

/**
 * docs/lessons.md's rule table is written by `npm run docs:rules` from the pack (ids, levels, the
 * reports' order) and each rule's `finds` in its examples module: a new rule adds no row by hand.
 */
describe('docs/lessons.md: the rule table', () => {
  const lessonsDoc = readFileSync(join(root, 'docs', 'lessons.md'), 'utf8');
  const packed = PlatformLessonsPack.create().rules;
  const tableRows = lessonsDoc.slice(lessonsDoc.indexOf(RULE_TABLE.begin), lessonsDoc.indexOf(RULE_TABLE.end)).split('\n').filter((l) => l.startsWith('| `'));

  it('holds the table the pack and the rules\' examples give (run npm run docs:rules when this fails)', () => {
    expect(lessonsDoc).toBe(replaceRuleTable(lessonsDoc, renderRuleTable(packed, RULE_EXAMPLES)));
  });

  it('lists each packed rule once, in the reports\' order, with its level and what its examples module says it finds', () => {
    expect(tableRows.map((l) => l.split(' | ')[0].slice(3, -1))).toEqual(packed.map((r) => r.rule.id));
    expect(tableRows).toContain('| `SEC-1.StorageDataPlaneSettings` | error | `azurerm_storage_account` with `queue_properties` or `static_website`, which azurerm refuses at plan with the data plane off (`AzureStack`\'s provider) |');
    expect(tableRows).toContain('| `EDGE-1.FrontDoorTimeoutBelowCeiling` | warning | `azurerm_cdn_frontdoor_profile` without `response_timeout_seconds`, or below 240; an AzAPI `Microsoft.Cdn/profiles` of a `*_AzureFrontDoor` SKU without `originResponseTimeoutSeconds` (Azure\'s 60 s), or below 240 |');
  });

  const mine = { id: 'TEST-1.Mine', lesson: 'TEST-1', description: 'test rule', resourceTypes: ['azurerm_x'], evaluate: () => RuleOutcome.compliant() };
  const examples = (finds: string) => [{ rule: 'TEST-1.Mine', finds, failing: [], passing: [] }];

  it('writes a rule\'s row from its level and finds', () => {
    expect(renderRuleTable([{ rule: mine, level: RuleLevel.WARNING }], examples('`azurerm_x` without `y`'))).toBe('| Rule id | Level | Finds |\n|---|---|---|\n| `TEST-1.Mine` | warning | `azurerm_x` without `y` |\n');
  });

  it('fails when a packed rule has no examples module, naming the rule and the file to write', () => {
    expect(() => renderRuleTable([{ rule: mine, level: RuleLevel.ERROR }], [])).toThrow('TEST-1.Mine has no examples module: write <rule>.examples.ts beside the rule, exporting EXAMPLES = { rule, finds, failing, passing }');
  });

  it.each([['empty', ' '], ['a "|"', '`a | b`'], ['a line break', 'one\ntwo']])('fails when finds is %s (it would break the table)', (_what, finds) => {
    expect(() => renderRuleTable([{ rule: mine, level: RuleLevel.ERROR }], examples(finds))).toThrow(`TEST-1.Mine: finds = ${JSON.stringify(finds)}: a table row needs one line of Markdown without "|". Fix:`);
  });

  it('fails when the markers of the generated block are missing, instead of writing the table elsewhere', () => {
    expect(() => replaceRuleTable('# Lessons\n', 'table')).toThrow(`docs/lessons.md lacks the markers ${RULE_TABLE.begin} ... ${RULE_TABLE.end}`);
  });

  it('fails when two examples modules name one rule, instead of keeping either', () => {
    expect(() => renderRuleTable([{ rule: mine, level: RuleLevel.ERROR }], [...examples('a'), ...examples('b')])).toThrow('TEST-1.Mine has two examples modules: keep one <rule>.examples.ts per rule');
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
