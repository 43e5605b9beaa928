import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, TerraformResource, TerraformStack } from 'cdktf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LessonsCommand } from '../../constructs/lessons-cli/command';
import { LessonsReport, ReportStatus } from '../../constructs/lessons-check/report';
import { ANY_TYPE, DATA_TYPE_PREFIX, FILE_ONLY_TYPES, MODULE_TYPE, readsType } from '../../constructs/lessons-check/rule-runner';
import { LessonsCheck } from '../../constructs/stack/lessons-check';
import { PlatformLessonsPack } from '../../constructs/stack/platform-lessons-pack';
import { addConfigurationBlock } from '../support/configuration-blocks';
import { addResources, toHcl, toPlan } from '../support/lessons-cli';
import { EXAMPLE_MODULES, Example, RULE_EXAMPLES, addressesOf, allExamples, examplesByRule, failingSets, judgedType, tableOf } from '../support/rule-examples';
import { Row, itStandsAlone } from '../support/standalone';

// Every rule of the platform pack is checked on its own examples (`<rule>.examples.ts` beside the
// rule): the failing ones fail it, on the stack path with every other rule suppressed (it stands
// alone) and through azure-lessons on HCL, cdk.tf.json and a plan; the passing ones pass it on both
// paths. A new rule needs its examples, nothing in this file. Rule-specific cases (messages, edge
// cases) are in the service's own test file.

const pack = PlatformLessonsPack.create();
const byRule = examplesByRule();
const examples = allExamples();

describe('every rule has examples beside it', () => {
  it('has examples for every rule of the platform pack, a failing and a passing set at least, and none for a rule the pack lacks', () => {
    const ids = pack.rules.map((r) => r.rule.id);
    expect(ids.filter((id) => !byRule.has(id))).toEqual([]);
    expect([...byRule.keys()].filter((id) => !ids.includes(id))).toEqual([]);
    for (const id of ids) {
      const own = byRule.get(id)!;
      expect(failingSets(own).length, `${id}: failing examples`).toBeGreaterThan(0);
      expect(own.passing.length, `${id}: passing examples`).toBeGreaterThan(0);
    }
  });

  it('fails each rule on every resource type it reads, and in an AzAPI form where it reads azapi_resource', () => {
    const missing = pack.rules.flatMap(({ rule }) => {
      const failing = failingSets(byRule.get(rule.id) ?? { rule: rule.id, finds: '', failing: [], passing: [] });
      const types = new Set(failing.map((set) => set[set.length - 1].type));
      // A rule of every type (`*`): a resource, an AzAPI body, a module call and a data source at least.
      const kinds = (type: string) => (type !== ANY_TYPE ? [type] : [
        [...types].some((t) => t !== MODULE_TYPE && !t.startsWith(DATA_TYPE_PREFIX) && t !== 'azapi_resource') ? undefined : '* (a resource)',
        types.has('azapi_resource') ? undefined : '* (azapi_resource)', types.has(MODULE_TYPE) ? undefined : '* (module)',
        [...types].some((t) => t.startsWith(DATA_TYPE_PREFIX)) ? undefined : '* (data.<type>)',
      ].filter((k): k is string => k !== undefined));
      // A prefix (`azurerm_*`): a type it starts at least.
      const missed = (type: string) => (type.length > 1 && type.endsWith('*') ? ![...types].some((t) => t.startsWith(type.slice(0, -1))) : type.startsWith('*') || !types.has(type));
      // A type only azure-lessons reads from files beside the configuration has no stack form: the rule's own tests cover it.
      return rule.resourceTypes.filter((type) => !FILE_ONLY_TYPES.includes(type)).flatMap(kinds).filter(missed).map((type) => `${rule.id} ${type}`);
    });
    expect(missing).toEqual([]);
  });

  it('judges, in each passing example, a resource of a type the rule reads (an example of nothing proves nothing)', () => {
    const readers = new Map(pack.rules.map(({ rule }) => [rule.id, rule.resourceTypes]));
    expect(examples.filter((e) => e.kind === 'passing' && !readsType(readers.get(e.rule) ?? [], e.resources[e.resources.length - 1].type))
      .map((e) => `${e.rule} passing ${e.index}`)).toEqual([]);
  });

  it('loads every examples module under constructs/ once (the glob misses no folder)', () => {
    const constructs = path.resolve(__dirname, '..', '..', 'constructs');
    const onDisk = (fs.readdirSync(constructs, { recursive: true }) as string[]).map((f) => f.split(path.sep).join('/'))
      .filter((f) => f.endsWith('.examples.ts')).map((f) => `../../constructs/${f}`).sort();
    expect(onDisk.length).toBeGreaterThanOrEqual(43);
    expect(Object.keys(EXAMPLE_MODULES).sort()).toEqual(onDisk);
    expect(RULE_EXAMPLES.length).toBe(byRule.size);
  });
});

describe('rules stand alone: each failing example fails its rule with every other rule suppressed', () => {
  const rows: Row[] = examples.filter((e) => e.kind === 'failing').map((e) => ({ rule: e.rule, type: judgedType(e.resources), resources: e.resources }));
  itStandsAlone(rows);
});

/** The rows of `rule` on the resources of one example, checked in a production stack of its own. */
function rowsOnStack(example: Example) {
  const stack = new TerraformStack(new App({ outdir: '/tmp/rule-examples-unused' }), 'examples');
  const check = LessonsCheck.applyTo(stack, { production: true });
  const paths = example.resources.map((r) => {
    // A rule that reads outputs, providers, the backend, variables or locals: such a block of the stack.
    const block = addConfigurationBlock(stack, r.type, r.name, r.attributes);
    if (block !== undefined) return block.node.path;
    const made = new TerraformResource(stack, r.name, { terraformResourceType: r.type });
    for (const [name, value] of Object.entries(r.attributes)) made.addOverride(name, value);
    return made.node.path;
  });
  return check.reportOf(stack).results.filter((r) => r.ruleId === example.rule && paths.includes(r.resourcePath));
}

const title = (e: Example) => `${e.rule} (${e.kind} ${e.index}, ${judgedType(e.resources)})`;

describe('each passing example passes its rule (the stack path)', () => {
  it.each(examples.filter((e) => e.kind === 'passing').map((e) => [title(e), e] as const))('passes %s', (_name, example) => {
    expect(rowsOnStack(example).filter((r) => r.status === ReportStatus.NON_COMPLIANT).map((r) => r.message)).toEqual([]);
  });
});

describe('azure-lessons judges every example as the rule does (HCL, cdk.tf.json, a plan: those a plan can show)', () => {
  // Every example of every rule in one directory, each namespaced, checked once per input form.
  const table = tableOf(examples);
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rule-examples-'));
    const stack = new TerraformStack(new App({ outdir: path.join(dir, 'out') }), 'examples');
    addResources(stack, table);
    fs.mkdirSync(path.join(dir, 'hcl'));
    fs.writeFileSync(path.join(dir, 'hcl', 'main.tf'), toHcl(table));
    fs.writeFileSync(path.join(dir, 'cdk.tf.json'), JSON.stringify(stack.toTerraform(), null, 2));
    fs.writeFileSync(path.join(dir, 'plan.json'), JSON.stringify(toPlan(table), null, 2));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.each(['hcl', 'cdk.tf.json', 'plan.json'])('fails every failing example and passes every passing one in %s', async (input) => {
    const out = await LessonsCommand.execute([input, '--format', 'json'], dir);
    const report = JSON.parse(out.stdout) as LessonsReport;
    const failed = new Set(report.results.filter((r) => r.status === ReportStatus.NON_COMPLIANT).map((r) => `${r.ruleId} ${r.address}`));
    const wrong = examples.filter((e) => input !== 'plan.json' || e.inAPlan).flatMap((e) => {
      const addresses = addressesOf(e);
      if (e.kind === 'failing') return failed.has(`${e.rule} ${addresses[addresses.length - 1]}`) ? [] : [`${title(e)}: not failed`];
      return addresses.some((a) => failed.has(`${e.rule} ${a}`)) ? [`${title(e)}: failed`] : [];
    });
    expect(wrong).toEqual([]);
  });
});
