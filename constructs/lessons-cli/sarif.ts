import { RuleLevel } from '../lessons-check/pack';
import { ReportStatus } from '../lessons-check/report';
import { CheckResult, LocatedRow } from './check';
import { Notice, NoticeId, SourceLocation } from './source';

/** Where the rules are documented (SARIF helpUri, code scanning's "learn more"). */
export const DOCS_URI = 'https://github.com/realtime-platform/azure-constructs/blob/main/docs/lessons.md';
export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/** Each kind of notice as a SARIF rule: every kind has one (a `Record`, so a new kind without one does not compile). */
const NOTICE_RULES: Readonly<Record<NoticeId, { readonly level: string; readonly description: string }>> = {
  'AZURE.ModuleNotRead': { level: 'note', description: 'A module the command did not read (a remote source, or a local path without Terraform files): its resources are not checked.' },
  'AZURE.UnusedSuppression': { level: 'warning', description: 'A suppression that suppressed no finding: stale, or it names the wrong rule or resource.' },
  'AZURE.FileNotRead': { level: 'warning', description: 'A variable definitions or backend configuration file kept for -var-file or -backend-config that does not parse: its values are not checked, and Terraform fails when given it.' },
};

/** The run as a SARIF 2.1.0 log: one rule per pack rule (and per notice kind), one result per finding and notice. */
export function toSarif(result: CheckResult, version: string): object {
  const rules = [
    ...result.rules.map(({ rule, level }) => ({
      id: rule.id,
      name: rule.id.split('.').pop(),
      shortDescription: { text: rule.description },
      fullDescription: { text: `${rule.description} (lesson ${rule.lesson})` },
      help: {
        text: `${rule.description} The finding says what to set and why. To accept a finding, comment on the resource: # azure-lessons:suppress ${rule.id} <reason of at least 10 characters>.`,
        markdown: `${rule.description}\n\nThe finding says what to set and why. To accept a finding, comment on the resource:\n\n\`\`\`hcl\n# azure-lessons:suppress ${rule.id} <reason of at least 10 characters>\n\`\`\``,
      },
      helpUri: DOCS_URI,
      defaultConfiguration: { level },
      properties: { lesson: rule.lesson, tags: ['azure', 'terraform', rule.lesson] },
    })),
    ...Object.entries(NOTICE_RULES).map(([id, n]) => ({ id, name: id.split('.').pop(), shortDescription: { text: n.description }, help: { text: n.description }, helpUri: DOCS_URI, defaultConfiguration: { level: n.level } })),
  ];
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const findings = result.rows.filter((r) => r.row.status === ReportStatus.NON_COMPLIANT || r.row.status === ReportStatus.SUPPRESSED);
  const results = [
    ...findings.map((r) => findingResult(r, index.get(r.row.ruleId)!)),
    ...result.notices.map((n) => noticeResult(n, index.get(n.id)!, NOTICE_RULES[n.id].level, result.report.stack)),
  ];
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [{ tool: { driver: { name: 'azure-lessons', version, informationUri: DOCS_URI, rules } }, results }],
  };
}

function findingResult(r: LocatedRow, ruleIndex: number): object {
  const { row } = r;
  return {
    ruleId: row.ruleId, ruleIndex,
    level: row.level === RuleLevel.ERROR ? 'error' : 'warning',
    message: { text: row.message },
    locations: [location(r.location, row.address)],
    ...(row.status === ReportStatus.SUPPRESSED
      ? { suppressions: [{ kind: r.suppressedInSource ? 'inSource' : 'external', justification: row.suppressionReason }] }
      : {}),
  };
}

function noticeResult(n: Notice, ruleIndex: number, level: string, input: string): object {
  return { ruleId: n.id, ruleIndex, level, message: { text: n.message }, locations: [location(n.location ?? { file: input.split(', ')[0] }, n.address)] };
}

function location(at: SourceLocation | undefined, address: string | undefined): object {
  return {
    ...(at ? { physicalLocation: { artifactLocation: { uri: encodeURI(at.file) }, ...(at.line ? { region: { startLine: at.line } } : {}) } } : {}),
    ...(address ? { logicalLocations: [{ fullyQualifiedName: address, kind: 'resource' }] } : {}),
  };
}
