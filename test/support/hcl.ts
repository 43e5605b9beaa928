import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { LessonsCommand } from '../../constructs/lessons-cli/command';
import { LessonsReport, ReportRow, ReportStatus } from '../../constructs/lessons-check/report';

// Plain Terraform for a rule's suite: the `azure-lessons` command on files written to a
// temporary directory, so a rule is tested on HCL (or cdk.tf.json) next to its construct tests.

/** The JSON report of `azure-lessons` on `files` (name -> text), run in a fresh directory. */
export async function lessonsOn(files: Record<string, string>, ...args: string[]): Promise<LessonsReport> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lessons-hcl-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      // A local module's files in its folder (`mod/main.tf`).
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    const input = Object.keys(files).length === 1 && !Object.keys(files)[0].endsWith('.tf') ? Object.keys(files)[0] : '.';
    const out = await LessonsCommand.execute([input, '--format', 'json', ...args], dir);
    if (out.exitCode === 2) throw new Error(out.stderr);
    return JSON.parse(out.stdout) as LessonsReport;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The non-compliant rows of one rule. */
export const failuresOf = (report: LessonsReport, ruleId: string): ReportRow[] =>
  report.results.filter((r) => r.ruleId === ruleId && r.status === ReportStatus.NON_COMPLIANT);

/** The statuses of one rule's rows on one address. */
export const statusesAt = (report: LessonsReport, ruleId: string, address: string): string[] =>
  report.results.filter((r) => r.ruleId === ruleId && r.address === address).map((r) => r.status);
