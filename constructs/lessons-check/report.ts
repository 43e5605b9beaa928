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

/**
 * The lessons report of one stack, as written to `lessons-report.json` beside the synthesized
 * stack: a row for each rule on each resource it concerns, and for each construct finding; the
 * pairs of a rule and a resource it does not concern are counted, per rule, not listed.
 */
export interface LessonsReport {
  readonly stack: string;
  readonly packs: string[];
  readonly summary: ReportSummary;
  /**
   * For each rule id, how many resources it does not concern (another type's, or a case the
   * rule does not cover): the rows the report leaves out. Their total is `summary.notApplicable`.
   */
  readonly notApplicable: { [ruleId: string]: number };
  /** Compliant, non-compliant and suppressed rows (not-applicable ones are counted in `notApplicable`). */
  readonly results: ReportRow[];
}

/** The counts of a run as the report writes them: an object by rule id, and their total. */
export function notApplicableOf(counts: ReadonlyMap<string, number>): { byRule: { [ruleId: string]: number }; total: number } {
  let total = 0;
  for (const n of counts.values()) total += n;
  return { byRule: Object.fromEntries(counts), total };
}

/** File name of the report in each stack's output folder (`cdktf.out/stacks/<stack>/`). */
export const REPORT_FILE = 'lessons-report.json';

/**
 * The counts of a report's rows, with `notApplicable` more pairs of a rule and a resource it does
 * not concern, counted by the run instead of written as rows.
 */
export function summarize(rows: readonly ReportRow[], notApplicableCounted = 0): ReportSummary {
  // One pass: a stack's report may have thousands of rows.
  let compliant = 0, errors = 0, warnings = 0, suppressed = 0, notApplicable = notApplicableCounted, notes = 0;
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
