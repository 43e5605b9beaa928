import { RuleLevel } from './pack';

/** A row's status: the rule's outcome on one resource, after suppressions. */
export enum ReportStatus {
  COMPLIANT = 'compliant',
  NON_COMPLIANT = 'non-compliant',
  SUPPRESSED = 'suppressed',
  NOT_APPLICABLE = 'not-applicable',
}

/**
 * One rule's result on one resource (one finding when the rule found several), or one warning or
 * note a construct raised (resource type `construct`, no address).
 */
export interface ReportRow {
  /** The rule's id, or the id of a construct's finding (`SEC-1.KeyVaultPublicEndpoint`). */
  readonly ruleId: string;
  readonly lesson: string;
  readonly level: RuleLevel;
  readonly status: ReportStatus;
  /** Construct path of the resource (or of the construct that raised the finding). */
  readonly resourcePath: string;
  /** Terraform resource type (`construct` for a construct's own finding). */
  readonly resourceType: string;
  /** Terraform address (empty for a construct's own finding). */
  readonly address: string;
  /** The finding's attribute, for non-compliant and suppressed rows. @default - none */
  readonly setting?: string;
  /** The finding's message, for non-compliant and suppressed rows. @default - none */
  readonly message?: string;
  /** Why the finding was accepted, for suppressed rows. @default - none */
  readonly suppressionReason?: string;
}

/** Counts of a stack's report. */
export interface ReportSummary {
  readonly compliant: number;
  readonly errors: number;
  readonly warnings: number;
  readonly suppressed: number;
  readonly notApplicable: number;
  /**
   * Notes (information the constructs give, not failures), when there are any.
   * @default - none
   */
  readonly notes?: number;
}

/** The lessons report of one stack, as written to `lessons-report.json` beside the synthesized stack. */
export interface LessonsReport {
  readonly stack: string;
  readonly packs: string[];
  readonly summary: ReportSummary;
  readonly results: ReportRow[];
}

/** File name of the report in each stack's output folder (`cdktf.out/stacks/<stack>/`). */
export const REPORT_FILE = 'lessons-report.json';

export function summarize(rows: readonly ReportRow[]): ReportSummary {
  // One pass: a stack's report has a row per rule and resource, thousands of them.
  let compliant = 0, errors = 0, warnings = 0, suppressed = 0, notApplicable = 0, notes = 0;
  for (const { status, level } of rows) {
    if (status === ReportStatus.COMPLIANT) compliant += 1;
    else if (status === ReportStatus.SUPPRESSED) suppressed += 1;
    else if (status === ReportStatus.NOT_APPLICABLE) notApplicable += 1;
    else if (status === ReportStatus.NON_COMPLIANT) {
      if (level === RuleLevel.ERROR) errors += 1;
      else if (level === RuleLevel.WARNING) warnings += 1;
      else if (level === RuleLevel.INFO) notes += 1;
    }
  }
  return { compliant, errors, warnings, suppressed, notApplicable, ...(notes > 0 ? { notes } : {}) };
}

/** `lessons: 41 passed, 0 failed (0 errors, 1 warning), 1 suppressed`, for `npm run synth`. */
export function summaryLine(summary: ReportSummary): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `lessons: ${summary.compliant} passed, ${summary.errors + summary.warnings} failed (${plural(summary.errors, 'error')}, ${plural(summary.warnings, 'warning')}), ${summary.suppressed} suppressed`;
}
