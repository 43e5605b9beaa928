import * as fs from 'fs';
import * as path from 'path';
import { FindingFormat } from '../core/validation';
import { PackRule, RuleLevel } from '../lessons-check/pack';
import { PlatformLessonsPack } from '../stack/platform-lessons-pack';
import { LessonsReport, notApplicableOf, ReportRow, ReportStatus, summarize } from '../lessons-check/report';
import { RuleContext } from '../lessons-check/rule-context';
import { RuleFinding, RuleResource } from '../lessons-check/rule';
import { RowBase, nonCompliantRow, runOnConfiguration, runRules, suppressedRow } from '../lessons-check/rule-runner';
import { readPath } from './inputs';
import { LessonsInputError, Notice, SourceLocation, SourceResource, SourceSuppression } from './source';
import { findSuppression, suppressionInConfig } from './suppressions';
import { isBackendFile, isVariableFile } from './tfvars-and-tfbackend';

/** A row of the report with where its resource was written. */
export interface LocatedRow {
  readonly row: ReportRow;
  readonly location?: SourceLocation;
  /** Set on suppressed rows: in source (a comment) or external (the config file). */
  readonly suppressedInSource?: boolean;
}

/** What a run found: the lessons report, its rows located, and the notices about the input. */
export interface CheckResult {
  readonly report: LessonsReport;
  readonly rows: LocatedRow[];
  readonly notices: Notice[];
  readonly rules: PackRule[];
}

/** What the config file (`--config`) may say. */
interface Config { production?: boolean; suppressions?: SourceSuppression[] }
const CONFIG_KEYS = ['production', 'suppressions'];

/** Read every path, run the platform pack on each, and apply the suppressions written in the input and in the config file. */
export async function checkPaths(paths: string[], cwd: string, configFile: string | undefined, production: boolean | undefined): Promise<CheckResult> {
  const config = configFile === undefined ? {} : readConfig(configFile);
  const pack = PlatformLessonsPack.create();
  const isProduction = production ?? config.production ?? true;
  const rows: LocatedRow[] = [];
  const notices: Notice[] = [];
  const suppressions: SourceSuppression[] = [...config.suppressions ?? []];
  /** The resources each rule does not concern, over every path, in rule order. */
  const notApplicable = new Map(pack.rules.map(({ rule }) => [rule.id, 0]));
  for (const given of readOnce(paths, cwd)) {
    const read = await readPath(given, cwd);
    const own = [...read.suppressions, ...config.suppressions ?? []];
    suppressions.push(...read.suppressions);
    notices.push(...read.notRead);
    const context = new RuleContext(read.resources, isProduction, read.variables);
    const located = new Map([...read.resources, ...read.rootConfiguration ?? []].map((r) => [r.address, r]));
    const inSource = new Map<ReportRow, boolean>();
    const sink = (resource: RuleResource, base: RowBase, _level: RuleLevel, finding: RuleFinding): ReportRow => {
      const message = FindingFormat.format(resource.path, { lesson: base.ruleId, ...finding });
      // A finding of one instance of an iterated block: its key, as the message's path ends in it.
      const instance = resource.path !== base.resourcePath && resource.path.startsWith(base.resourcePath) ? resource.path.slice(base.resourcePath.length) : '';
      const s = findSuppression(own, base, finding, instance);
      if (!s) return nonCompliantRow(base, finding.setting, message);
      const row = suppressedRow(base, finding.setting, message, s.reason);
      inSource.set(row, !(config.suppressions ?? []).includes(s));
      return row;
    };
    const run = runRules(pack.rules, read.resources, context, sink);
    for (const [id, n] of run.notApplicable) notApplicable.set(id, (notApplicable.get(id) ?? 0) + n);
    // The root module's outputs, providers, backend, variables and locals, for the rules that read them (a credential written in one).
    for (const row of [...run.rows, ...runOnConfiguration(pack.rules, read.rootConfiguration ?? [], context, sink)]) {
      const source = inSource.get(row);
      rows.push({ row, location: locationOf(located.get(row.address), row.setting), ...(source !== undefined ? { suppressedInSource: source } : {}) });
    }
  }
  for (const s of suppressions.filter((x) => !x.used)) {
    const where = s.location.line === undefined ? s.location.file : `${s.location.file}:${s.location.line}`;
    notices.push({
      id: 'AZURE.UnusedSuppression', address: s.address, location: s.location,
      message: FindingFormat.format(where, {
        lesson: 'AZURE', setting: 'suppression', given: s.id,
        problem: `it suppresses no finding on ${s.address}, so it hides nothing today and would hide a new finding unnoticed.`,
        fix: 'remove it, or correct the rule id or the resource it names.',
      }),
    });
  }
  const counted = notApplicableOf(new Map([...notApplicable].filter(([, n]) => n > 0)));
  const report: LessonsReport = {
    stack: paths.join(', '), packs: [pack.name], summary: summarize(rows.map((r) => r.row), counted.total),
    notApplicable: counted.byRule, results: rows.map((r) => r.row),
  };
  return { report, rows, notices, rules: pack.rules };
}

/**
 * The paths to read, each once: a path given twice (`prod.tfvars ./prod.tfvars`), or a `.tfvars` or
 * `.tfbackend` file in a directory also given (read with it), is left out.
 */
function readOnce(paths: readonly string[], cwd: string): string[] {
  const absolute = (p: string) => path.resolve(cwd, p);
  const directories = new Set(paths.map(absolute).filter((p) => fs.existsSync(p) && fs.statSync(p).isDirectory()));
  const seen = new Set<string>();
  return paths.filter((p) => {
    const at = absolute(p);
    if (seen.has(at) || ((isVariableFile(at) || isBackendFile(at)) && directories.has(path.dirname(at)))) return false;
    seen.add(at);
    return true;
  });
}

/** Where a row of `resource` about `setting` was written: the setting's own line where the reader knows it, else the block's. */
function locationOf(resource: SourceResource | undefined, setting: string | undefined): SourceLocation | undefined {
  const line = setting === undefined ? undefined : resource?.settingLines?.[setting.split(/[.[]/)[0]];
  return line === undefined || resource?.location === undefined ? resource?.location : { file: resource.location.file, line };
}

function readConfig(file: string): Config {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new LessonsInputError(file, { setting: '--config', given: file, problem: `the config file cannot be read as JSON (${(error as Error).message}).`, fix: 'give a JSON file: { "production": true, "suppressions": [{ "id", "resource", "reason" }] }.' });
  }
  const c = (json ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(c).find((k) => !CONFIG_KEYS.includes(k));
  if (typeof json !== 'object' || Array.isArray(json) || unknown !== undefined) {
    throw new LessonsInputError(file, { setting: unknown ?? '(config)', given: unknown === undefined ? json : c[unknown], problem: 'the config file is an object of production and suppressions only.', fix: `remove it; the config file knows ${CONFIG_KEYS.join(', ')}.` });
  }
  if (c.production !== undefined && typeof c.production !== 'boolean') {
    throw new LessonsInputError(file, { setting: 'production', given: c.production, problem: 'production is true or false.', fix: 'set true (the stricter rules) or false.' });
  }
  if (c.suppressions !== undefined && !Array.isArray(c.suppressions)) {
    throw new LessonsInputError(file, { setting: 'suppressions', given: c.suppressions, problem: 'suppressions is a list.', fix: 'write [{ "id": "SEC-1.RedisAccessKeys", "resource": "azurerm_redis_cache.legacy", "reason": "..." }].' });
  }
  return {
    ...(c.production !== undefined ? { production: c.production as boolean } : {}),
    suppressions: ((c.suppressions ?? []) as unknown[]).map((e) => suppressionInConfig(e, { file })),
  };
}

/** Whether a run found errors (exit code 1): unsuppressed findings of error-level rules. */
export function hasErrors(result: CheckResult): boolean {
  return result.rows.some((r) => r.row.status === ReportStatus.NON_COMPLIANT && r.row.level === RuleLevel.ERROR);
}
