import { App, TerraformResource, TerraformStack } from 'cdktf';
import { expect, it } from 'vitest';
import { ReportStatus } from '../../constructs/lessons-check/report';
import { addConfigurationBlock } from './configuration-blocks';
import { LessonsCheck } from '../../constructs/stack/lessons-check';
import { PlatformLessonsPack } from '../../constructs/stack/platform-lessons-pack';

// Rules stand alone (docs/lessons.md): a raw resource that violates a rule is checked with every
// other rule of the platform pack suppressed on it, and the rule's own finding must still be
// reported. The rows are each rule's failing examples (`<rule>.examples.ts` beside the rule),
// made into rows by test/lessons-check/rule-examples.test.ts.

/** A raw resource: its Terraform type, and its attributes as Terraform writes them (snake_case); type `output` is a root output (attribute `value`), and so on for the other `CONFIGURATION_TYPES`. */
export interface Raw { type: string; name: string; attributes: Record<string, unknown> }

/** One row: the rule, the type it is checked on (an ARM type for AzAPI), the violating resource (the last) and what it needs. */
export interface Row { rule: string; type: string; resources: readonly Raw[] }

export const ref = (type: string, name: string, attribute: string) => `\${${type}.${name}.${attribute}}`;
export const azapi = (name: string, type: string, body: Record<string, unknown>): Raw => ({ type: 'azapi_resource', name, attributes: { name, type, parent_id: '/subscriptions/0/resourceGroups/rg', body } });
export const raw = (type: string, name: string, attributes: Record<string, unknown> = {}): Raw => ({ type, name, attributes: { name, ...attributes } });

/** The report rows of the last resource of `row`, with every other rule of the pack suppressed on it. */
export function checkAlone(row: Row) {
  const pack = PlatformLessonsPack.create();
  const stack = new TerraformStack(new App({ outdir: '/tmp/standalone-unused' }), 'other');
  const check = LessonsCheck.applyTo(stack, { production: true });
  const made = row.resources.map((r) => {
    // A rule that reads outputs, providers, the backend, variables or locals: such a block of the stack.
    const block = addConfigurationBlock(stack, r.type, r.name, r.attributes);
    if (block !== undefined) return block;
    const resource = new TerraformResource(stack, r.name, { terraformResourceType: r.type });
    for (const [name, value] of Object.entries(r.attributes)) resource.addOverride(name, value);
    return resource;
  });
  const target = made[made.length - 1];
  for (const { rule } of pack.rules) {
    if (rule.id !== row.rule) LessonsCheck.suppress(target, rule.id, 'every other rule suppressed: the rule must stand alone');
  }
  return check.reportOf(stack).results.filter((r) => r.resourcePath === target.node.path);
}

/** One test per row: the rule reports the violation with every other rule suppressed, and nothing else is reported. */
export function itStandsAlone(rows: Row[]): void {
  it.each(rows.map((row, i) => [`${row.rule} on ${row.type}${rows.slice(0, i).some((r) => r.rule === row.rule && r.type === row.type) ? ` (${i})` : ''}`, row] as const))('fails when %s is violated, with every other rule suppressed', (_name, row) => {
    const rows = checkAlone(row);
    const own = rows.filter((r) => r.ruleId === row.rule);
    expect(own.map((r) => r.status)).toContain(ReportStatus.NON_COMPLIANT);
    expect(own.find((r) => r.status === ReportStatus.NON_COMPLIANT)?.message).toMatch(new RegExp(`^\\[${row.rule.replace('.', '\\.')}\\] other/${row.resources[row.resources.length - 1].name}: \\S.* = .*: .+ Fix: .+`));
    // Nothing else reported on it: every other finding is suppressed, not hidden by this row's rule.
    expect(rows.filter((r) => r.ruleId !== row.rule && r.status === ReportStatus.NON_COMPLIANT)).toEqual([]);
  });
}
