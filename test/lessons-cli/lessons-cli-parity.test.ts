import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { TerraformStack, Testing } from 'cdktf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LessonsCheck } from '../../constructs/stack/lessons-check';
import { LessonsCommand } from '../../constructs/lessons-cli/command';
import { PlatformLessonsPack } from '../../constructs/stack/platform-lessons-pack';
import { LessonsReport, ReportStatus } from '../../constructs/lessons-check/report';
import { CONFIGURATION_TYPES } from '../../constructs/lessons-check/rule-runner';
import { addResources, EVERY_RULE, toHcl, toPlan } from '../support/lessons-cli';

/** `ruleId address setting` of each finding (non-compliant or suppressed) of a report. */
const findingsOf = (report: LessonsReport) => report.results
  .filter((r) => r.status === ReportStatus.NON_COMPLIANT || r.status === ReportStatus.SUPPRESSED)
  .map((r) => `${r.ruleId} ${r.address} ${r.setting}`).sort();

describe('azure-lessons finds what the construct check finds on the same resources', () => {
  let dir: string;
  let constructReport: LessonsReport;
  let cdkTfJson: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lessons-cli-'));
    const stack = new TerraformStack(Testing.app(), 'every-rule');
    addResources(stack);
    const check = LessonsCheck.applyTo(stack, { production: true });
    constructReport = check.reportOf(stack);
    // The stack as `cdktf synth` writes cdk.tf.json, each resource's construct path kept in its "//" metadata.
    cdkTfJson = JSON.stringify(stack.toTerraform(), null, 2);
    fs.mkdirSync(path.join(dir, 'hcl'));
    fs.writeFileSync(path.join(dir, 'hcl', 'main.tf'), toHcl());
    fs.writeFileSync(path.join(dir, 'cdk.tf.json'), cdkTfJson);
    fs.writeFileSync(path.join(dir, 'plan.json'), JSON.stringify(toPlan(), null, 2));
  });

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const run = async (input: string) => {
    const out = await LessonsCommand.execute([input, '--format', 'json'], dir);
    return { exitCode: out.exitCode, report: JSON.parse(out.stdout) as LessonsReport };
  };

  it('has the resources break every rule of the platform pack (the construct check finds each)', () => {
    const ids = new Set(findingsOf(constructReport).map((f) => f.split(' ')[0]));
    expect([...ids].sort()).toEqual(PlatformLessonsPack.create().rules.map((r) => r.rule.id).sort());
    expect(Object.keys(EVERY_RULE).length).toBeGreaterThan(10);
  });

  it.each(['hcl', 'cdk.tf.json', 'plan.json'])('finds every finding of the construct check in %s, and no other', async (input) => {
    const { exitCode, report } = await run(input);
    expect(findingsOf(report)).toEqual(findingsOf(constructReport));
    expect(exitCode).toBe(1);
  });

  it('reports the same messages as the construct check on cdk.tf.json (construct paths from its metadata)', async () => {
    const { report } = await run('cdk.tf.json');
    // cdktf writes no construct path for an output, a provider, a variable or a local into cdk.tf.json: the command names it by its address.
    const messages = (r: LessonsReport) => r.results.filter((x) => x.message)
      .map((x) => (CONFIGURATION_TYPES.includes(x.resourceType) ? x.message!.replace(`] ${x.resourcePath}: `, `] ${x.address}: `) : x.message)).sort();
    expect(messages(report)).toEqual(messages(constructReport));
    expect(report.results.filter((x) => x.resourceType === 'output').map((x) => x.address).sort()).toEqual(Object.keys(EVERY_RULE.output ?? {}).map((name) => `output.${name}`).sort());
    expect(Object.keys(EVERY_RULE.output ?? {}).length).toBeGreaterThan(0);
  });
});
