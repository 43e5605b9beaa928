import { PackRule, RuleLevel } from './pack';
import { ReportRow, ReportStatus } from './report';
import { instancesFor } from './resource-instances';
import { ILessonRule, IRuleContext, RuleFinding, RuleOutcome, RuleResource, RuleStatus } from './rule';

/**
 * The type under which the rules see a Terraform output of the root module (address
 * `output.<name>`, attributes `value` and `sensitive`): only rules that name it read outputs, and
 * outputs are no resources, so they are run apart (`runOnConfiguration`) and not counted as resources a
 * rule does not concern.
 */
export const OUTPUT_TYPE = 'output';

/**
 * The type under which the rules see a provider configuration of the root module (address
 * `provider.<name>`, or `provider.<name>.<alias>`; attributes the block's, `alias` among them).
 * Run apart as outputs are.
 */
export const PROVIDER_TYPE = 'provider';

/**
 * The type under which the rules see the root module's backend (address `terraform.backend.<type>`,
 * attributes the block's: `storage_account_name`, `access_key`, ...). Run apart as outputs are.
 */
export const BACKEND_TYPE = 'terraform.backend';

/** The address of HCP Terraform's `cloud` block (`terraform { cloud { ... } }`), seen as a backend (`BACKEND_TYPE`). */
export const CLOUD_ADDRESS = 'terraform.cloud';

/**
 * The type under which the rules see an input variable of the root module (address `var.<name>`,
 * attributes `default` when it has one, `sensitive`, `type`, `description`). Run apart as outputs are.
 */
export const VARIABLE_TYPE = 'variable';

/** The type under which the rules see a local value of the root module (address `local.<name>`, attribute `value`). Run apart as outputs are. */
export const LOCAL_TYPE = 'local';

/**
 * The type under which the rules see a value a variable definitions file gives a root variable
 * (`name = value` in `terraform.tfvars`, `*.auto.tfvars`, another `*.tfvars` given with
 * `-var-file`, or their `.json` forms): address `<file>:var.<name>` (a finding stays in its file),
 * path the file, attribute `value`. Only `azure-lessons` reads them, beside a directory's
 * configuration or named on its command line: no stack, `cdk.tf.json` or plan holds one
 * (`FILE_ONLY_TYPES`). Run apart as outputs are.
 */
export const VARIABLE_FILE_TYPE = 'tfvars';

/** The types only `azure-lessons` reads, from files beside a directory's configuration: a rule's examples need no stack form of them. */
export const FILE_ONLY_TYPES: readonly string[] = [VARIABLE_FILE_TYPE];

/**
 * The type under which the rules see a module call of the root module (address `module.<name>`,
 * attributes its arguments: the inputs it gives the module, `source`, `version`). Run apart as
 * outputs are; a rule that reads every type (`ANY_TYPE`) reads it too.
 */
export const MODULE_TYPE = 'module';

/**
 * The prefix of the type under which the rules see a data source of the root module: `data.` and
 * its Terraform type (`data.terraform_remote_state`, address `data.<type>.<name>`, attributes the
 * block's). Run apart as outputs are; a rule that reads every type (`ANY_TYPE`) reads them too.
 */
export const DATA_TYPE_PREFIX = 'data.';

/**
 * A rule that names this type reads every resource, data source and module call (not the root
 * module's outputs, providers, backend, variables and locals, which have rules of their own).
 */
export const ANY_TYPE = '*';

/**
 * The name of an output, variable or local as its author gave it, for a check of what the name
 * says (`db_password`): its address without the `output.`, `var.` or `local.` part and without the
 * hash cdktf appends to the logical id of one made below the stack's root
 * (`var.database_admin_password_5C54F29E` is `database_admin_password`).
 */
export function blockNameOf(address: string): string {
  return address.replace(/^(?:.*\.)?(?:output|var|local)\./, '').replace(/_[0-9A-F]{8}$/, '');
}

/** The blocks of a root module that are no resources, each under its own type: rules that name one read it. */
export const CONFIGURATION_TYPES: readonly string[] = [OUTPUT_TYPE, PROVIDER_TYPE, BACKEND_TYPE, VARIABLE_TYPE, LOCAL_TYPE, VARIABLE_FILE_TYPE];

/** Whether a block of `type` is run apart from the resources (`runOnConfiguration`): the `CONFIGURATION_TYPES`, module calls and data sources. */
export function isRunApart(type: string): boolean {
  return CONFIGURATION_TYPES.includes(type) || type === MODULE_TYPE || type.startsWith(DATA_TYPE_PREFIX);
}

/**
 * Whether a rule that names `types` reads blocks of `type`: a type named, `ANY_TYPE` (every type
 * but the `CONFIGURATION_TYPES`), or a prefix ending in `*` (`azurerm_*`: every resource of the
 * provider; `data.azurerm_*` its data sources).
 */
export function readsType(types: readonly string[], type: string): boolean {
  return types.includes(type) || (types.includes(ANY_TYPE) && !CONFIGURATION_TYPES.includes(type))
    || types.some((t) => t.length > 1 && t.endsWith('*') && type.startsWith(t.slice(0, -1)));
}

/** The parts of a report row every outcome of a rule on a resource shares. */
export type RowBase = Pick<ReportRow, 'ruleId' | 'lesson' | 'level' | 'resourcePath' | 'resourceType' | 'address'>;

/**
 * A finding's row, not suppressed, in the report's key order. One literal, not `{ ...base, ... }`:
 * on Node 20 a spread followed by more keys makes a new hidden class for every row, kept as long
 * as the report.
 * @param level the row's level when another than the rule's (a construct's finding it covers)
 */
export function nonCompliantRow(base: RowBase, setting: string | undefined, message: string, level: RuleLevel = base.level): ReportRow {
  return {
    ruleId: base.ruleId, lesson: base.lesson, level, resourcePath: base.resourcePath, resourceType: base.resourceType,
    address: base.address, status: ReportStatus.NON_COMPLIANT, setting, message,
  };
}

/** A finding's row, suppressed, with the suppression's reason (one literal, as `nonCompliantRow`). */
export function suppressedRow(base: RowBase, setting: string | undefined, message: string, suppressionReason: string, level: RuleLevel = base.level): ReportRow {
  return {
    ruleId: base.ruleId, lesson: base.lesson, level, resourcePath: base.resourcePath, resourceType: base.resourceType,
    address: base.address, status: ReportStatus.SUPPRESSED, setting, message, suppressionReason,
  };
}

/** Turns a finding into its row: suppressed or not, and reported where the caller reports. */
export type FindingSink<R extends RuleResource> = (resource: R, base: RowBase, level: RuleLevel, finding: RuleFinding) => ReportRow;

/**
 * For each resource type, the positions in `rules` of the rules that read it: the rules are
 * matched against each type once per run instead of once per resource.
 */
export class RulesByType {
  private readonly applicable = new Map<string, boolean[]>();
  private readonly positions = new Map<string, number[]>();

  constructor(private readonly rules: readonly PackRule[]) {}

  /** Whether each rule, in order, reads resources of `type`. */
  public of(type: string): readonly boolean[] {
    let flags = this.applicable.get(type);
    if (flags === undefined) {
      flags = this.rules.map(({ rule }) => readsType(rule.resourceTypes, type));
      this.applicable.set(type, flags);
    }
    return flags;
  }

  /** The positions, in order, of the rules that read resources of `type`. */
  public positionsOf(type: string): readonly number[] {
    let found = this.positions.get(type);
    if (found === undefined) {
      found = [];
      this.of(type).forEach((reads, i) => { if (reads) found!.push(i); });
      this.positions.set(type, found);
    }
    return found;
  }
}

/** What a run of the rules gives: the rows of the rules that concern a resource, and how many pairs of a rule and a resource did not. */
export interface RuleRun {
  /** One row per rule and resource the rule concerns (one per finding when it found several), in resource then rule order. */
  readonly rows: ReportRow[];
  /**
   * For each rule id (in rule order), the resources it does not concern: another type's, or a
   * case the rule does not cover. Only rules with one or more.
   */
  readonly notApplicable: Map<string, number>;
}

/**
 * Run `rules` on each of `resources`: one row per rule and resource the rule concerns (one per
 * finding when a rule finds several); the pairs where it does not (most of them: every other
 * type's rule) are counted per rule, not written (a row each made the report several times the
 * size of the stack's JSON). A rule that throws is reported as a finding of that rule, not a
 * crash. Shared by the construct check and the `azure-lessons` command, so both report the same.
 */
export function runRules<R extends RuleResource>(rules: Iterable<PackRule>, resources: readonly R[], context: IRuleContext, sink: FindingSink<R>): RuleRun {
  const rows: ReportRow[] = [];
  const ruleList = [...rules];
  const byType = new RulesByType(ruleList);
  const notApplicable = new Array<number>(ruleList.length).fill(0);
  // How many resources of each type: the rules that do not read a type are counted once per type, not visited per resource.
  const ofType = new Map<string, number>();
  for (const resource of resources) {
    const { path: resourcePath, type: resourceType, address } = resource;
    ofType.set(resourceType, (ofType.get(resourceType) ?? 0) + 1);
    const positions = byType.positionsOf(resourceType);
    // A resource that iterates over what the configuration holds is judged instance by instance (rare: most have none).
    const instances = positions.length > 0 ? instancesFor(resource) : undefined;
    for (const i of positions) {
      const { rule, level } = ruleList[i];
      if (instances !== undefined) {
        const judged = judgedByInstance(rule, resource, instances, context);
        if (judged === undefined) {
          notApplicable[i] += 1;
          continue;
        }
        const base: RowBase = { ruleId: rule.id, lesson: rule.lesson, level, resourcePath, resourceType, address };
        if (judged.length === 0) rows.push({ ruleId: rule.id, lesson: rule.lesson, level, resourcePath, resourceType, address, status: ReportStatus.COMPLIANT });
        for (const [where, finding] of judged) rows.push(sink(where, base, level, finding));
        continue;
      }
      const outcome = evaluated(rule, resource, context);
      if (outcome.status === RuleStatus.NOT_APPLICABLE) {
        notApplicable[i] += 1;
        continue;
      }
      // Literal rows, in the key order of the report. The compliant row (most of the rows) is not
      // a spread of `base`: on Node 20 (V8 11) a spread followed by one more key makes a new hidden
      // class for every object, kept as long as the report (a map and its descriptors, about 260
      // bytes a row), and every reader of the rows then meets a new shape each time.
      if (outcome.status === RuleStatus.COMPLIANT) {
        rows.push({ ruleId: rule.id, lesson: rule.lesson, level, resourcePath, resourceType, address, status: ReportStatus.COMPLIANT });
        continue;
      }
      const base: RowBase = { ruleId: rule.id, lesson: rule.lesson, level, resourcePath, resourceType, address };
      for (const finding of outcome.findings) rows.push(sink(resource, base, level, finding));
    }
  }
  // Most pairs are another type's rule: counted, no row.
  for (const [type, count] of ofType) {
    byType.of(type).forEach((reads, i) => { if (!reads) notApplicable[i] += count; });
  }
  const counts = new Map<string, number>();
  ruleList.forEach(({ rule }, i) => {
    if (notApplicable[i] > 0) counts.set(rule.id, (counts.get(rule.id) ?? 0) + notApplicable[i]);
  });
  return { rows, notApplicable: counts };
}

/** What `rule` makes of `resource`: a rule that throws is reported as a finding of that rule, not a crash. */
function evaluated(rule: ILessonRule, resource: RuleResource, context: IRuleContext): RuleOutcome {
  try {
    return rule.evaluate(resource, context);
  } catch (error) {
    return RuleOutcome.nonCompliant({
      setting: '(rule)', given: rule.id,
      problem: `the rule could not evaluate this resource (${error instanceof Error ? error.message : String(error)}), so it is not known to comply.`,
      fix: `report it with the resource's attributes; meanwhile suppress ${rule.id} here with a reason if the resource is known to be fine.`,
    });
  }
}

/**
 * What `rule` makes of each instance of `resource`: undefined when it concerns none, else its
 * findings with the instance each is about: a finding every instance of several gives (the same
 * setting, value, problem and fix) once, on the resource itself (a finding of the block as
 * written); any other on each instance that gives it (an only instance names itself).
 */
function judgedByInstance<R extends RuleResource>(rule: ILessonRule, resource: R, instances: readonly R[], context: IRuleContext): [R, RuleFinding][] | undefined {
  const found = new Map<string, { finding: RuleFinding; where: R[]; times: number }>();
  let applicable = false;
  for (const instance of instances) {
    const outcome = evaluated(rule, instance, context);
    if (outcome.status === RuleStatus.NOT_APPLICABLE) continue;
    applicable = true;
    for (const finding of outcome.findings) {
      const key = JSON.stringify([finding.setting, finding.given, finding.problem, finding.fix]);
      const seen = found.get(key);
      // Instances whose masked keys read the same (a set's elements of one length) are one row.
      if (seen) {
        if (!seen.where.some((w) => w.path === instance.path)) seen.where.push(instance);
        seen.times += 1;
      } else found.set(key, { finding, where: [instance], times: 1 });
    }
  }
  if (!applicable) return undefined;
  return [...found.values()].flatMap(({ finding, where, times }) => (instances.length > 1 && times === instances.length ? [[resource, finding] as [R, RuleFinding]] : where.map((w) => [w, finding] as [R, RuleFinding])));
}

/**
 * Run the rules that read the root module's blocks that are no resources (`isRunApart`: outputs,
 * providers, the backend, variables, locals, module calls, data sources) on those blocks: their
 * rows, in the order of `runRules`; the other rules do not see them, and nothing is counted for them.
 */
export function runOnConfiguration<R extends RuleResource>(rules: Iterable<PackRule>, blocks: readonly R[], context: IRuleContext, sink: FindingSink<R>): ReportRow[] {
  const readers = [...rules].filter(({ rule }) => rule.resourceTypes.some((t) => t === ANY_TYPE || isRunApart(t)));
  return blocks.length === 0 || readers.length === 0 ? [] : runRules(readers, blocks, context, sink).rows;
}
