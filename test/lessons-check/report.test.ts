import { describe, expect, it } from 'vitest';
import { RuleLevel } from '../../constructs/lessons-check/pack';
import { notApplicableOf, ReportRow, ReportStatus, summarize } from '../../constructs/lessons-check/report';

const row = (status: ReportStatus, level: RuleLevel): ReportRow => ({ ruleId: 'T-1.A', lesson: 'T-1', level, status, resourcePath: 'p', resourceType: 't', address: 't.a' });

describe('summarize', () => {
  it('counts each status, failures by level, and notes only when there are some', () => {
    const rows = [
      row(ReportStatus.COMPLIANT, RuleLevel.ERROR), row(ReportStatus.COMPLIANT, RuleLevel.INFO),
      row(ReportStatus.NON_COMPLIANT, RuleLevel.ERROR), row(ReportStatus.NON_COMPLIANT, RuleLevel.WARNING), row(ReportStatus.NON_COMPLIANT, RuleLevel.WARNING),
      row(ReportStatus.NON_COMPLIANT, RuleLevel.INFO), row(ReportStatus.SUPPRESSED, RuleLevel.ERROR),
      row(ReportStatus.NOT_APPLICABLE, RuleLevel.WARNING), row(ReportStatus.NOT_APPLICABLE, RuleLevel.ERROR),
    ];
    const summary = summarize(rows);
    expect(summary).toEqual({ compliant: 2, errors: 1, warnings: 2, suppressed: 1, notApplicable: 2, notes: 1 });
    expect(Object.keys(summary)).toEqual(['compliant', 'errors', 'warnings', 'suppressed', 'notApplicable', 'notes']);
    expect(summarize(rows.filter((r) => r.level !== RuleLevel.INFO))).toEqual({ compliant: 1, errors: 1, warnings: 2, suppressed: 1, notApplicable: 2 });
  });

  it('adds the not-applicable pairs a run counted instead of writing rows', () => {
    expect(summarize([row(ReportStatus.COMPLIANT, RuleLevel.ERROR), row(ReportStatus.NOT_APPLICABLE, RuleLevel.ERROR)], 40))
      .toEqual({ compliant: 1, errors: 0, warnings: 0, suppressed: 0, notApplicable: 41 });
  });
});

describe('notApplicableOf', () => {
  it('writes a run\'s counts by rule id, in the run\'s order, with their total', () => {
    const counted = notApplicableOf(new Map([['T-2.B', 3], ['T-1.A', 4]]));
    expect(counted).toEqual({ byRule: { 'T-2.B': 3, 'T-1.A': 4 }, total: 7 });
    expect(Object.keys(counted.byRule)).toEqual(['T-2.B', 'T-1.A']);
  });
});
