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
  const count = (p: (r: ReportRow) => boolean) => rows.filter(p).length;
  const notes = count((r) => r.status === ReportStatus.NON_COMPLIANT && r.level === RuleLevel.INFO);
  return {
    compliant: count((r) => r.status === ReportStatus.COMPLIANT),
    errors: count((r) => r.status === ReportStatus.NON_COMPLIANT && r.level === RuleLevel.ERROR),
    warnings: count((r) => r.status === ReportStatus.NON_COMPLIANT && r.level === RuleLevel.WARNING),
    suppressed: count((r) => r.status === ReportStatus.SUPPRESSED),
    notApplicable: count((r) => r.status === ReportStatus.NOT_APPLICABLE),
    ...(notes > 0 ? { notes } : {}),
  };
}

/** `lessons: 41 passed, 0 failed (0 errors, 1 warning), 1 suppressed`, for `npm run synth`. */
export function summaryLine(summary: ReportSummary): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `lessons: ${summary.compliant} passed, ${summary.errors + summary.warnings} failed (${plural(summary.errors, 'error')}, ${plural(summary.warnings, 'warning')}), ${summary.suppressed} suppressed`;
}
