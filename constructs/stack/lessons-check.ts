import * as fs from 'fs';
import * as path from 'path';
import { Annotations, Aspects, IAspect, TerraformOutput, TerraformResource, TerraformStack } from 'cdktf';
import { Construct, IConstruct } from 'constructs';
import { addressOf } from '../core/dependencies';
import { resolveIn } from '../core/claims';
import { stackVariables } from '../core/stack-variables';
import { SharedSynthesis, StackJson } from './shared-synthesis';
import { literalize, TerraformVariables } from '../core/terraform-expression';
import { beforePublishing, ConstructFinding, findingCovering, findingsUnder, suppressWhereFound } from '../core/findings';
import { addOwnSynthesis } from '../core/own-synthesis';
import { Production } from '../core/production';
import { Suppressions } from '../core/suppressions';
import { FindingFormat, refuse } from '../core/validation';
import { PackRule, RuleLevel, RulePack } from '../lessons-check/pack';
import { PlatformLessonsPack } from './platform-lessons-pack';
import { LessonsReport, notApplicableOf, REPORT_FILE, ReportRow, ReportStatus, summarize } from '../lessons-check/report';
import { RuleFinding, RuleResource } from '../lessons-check/rule';
import { RuleContext } from '../lessons-check/rule-context';
import { recordRawAttributes } from '../lessons-check/raw-attributes';
import { recordInstances } from '../lessons-check/resource-instances';
import { holdsDynamicBlock, instancesOf, withDynamicBlocks } from '../core/terraform-iteration';
import { OUTPUT_TYPE, RowBase, RuleRun, nonCompliantRow, runOnConfiguration, runRules, suppressedRow } from '../lessons-check/rule-runner';
import { configurationBlocks } from './configuration-blocks';

/** How a `LessonsCheck` runs. */
export interface LessonsCheckOptions {
  /**
   * The rule packs to run; a rule listed by several packs runs once, at the level of the last (the
   * first pack's instance of it runs).
   * @default [PlatformLessonsPack.create()]
   */
  readonly packs?: RulePack[];
}

/** Options of `LessonsCheck.applyTo`. */
export interface ApplyLessonsOptions extends LessonsCheckOptions {
  /**
   * Whether the stack deploys production (production-only rules, and the constructs' production
   * defaults). An `AzureStack` already knows.
   * @default - what the stack was marked with, else true (the stricter rules)
   */
  readonly production?: boolean;
}

const CHECKS = new WeakMap<TerraformStack, LessonsCheck>();

/**
 * Runs rule packs over every resource of the scope it is added to, raw provider resources
 * included, like cdk-nag: error findings fail the synth, warnings are reported, suppressions
 * (by rule id or lesson id, with a reason) are honoured, and every rule's result per resource it
 * concerns is written to `lessons-report.json` next to the synthesized stack (the others counted
 * per rule). A rule that throws is reported
 * as a finding of that rule, not a crash. `AzureStack` applies it to itself.
 */
export class LessonsCheck implements IAspect {
  /**
   * Apply the lessons check (and its report) to any `TerraformStack`, e.g. a plain stack another
   * team owns. Applying twice returns the check already there.
   */
  public static applyTo(stack: TerraformStack, options: ApplyLessonsOptions = {}): LessonsCheck {
    if (options.production !== undefined || !Production.isMarked(stack)) Production.mark(stack, options.production ?? true);
    const existing = CHECKS.get(stack);
    if (existing) {
      for (const pack of options.packs ?? []) existing.addPack(pack);
      return existing;
    }
    const check = new LessonsCheck(options);
    CHECKS.set(stack, check);
    Aspects.of(stack).add(check);
    // Run at synth before the construct findings are published, which may come before the report's turn.
    beforePublishing(stack, () => check._runAtSynth(stack));
    addOwnSynthesis(new Construct(stack, 'LessonsReport'), (session) => {
      check._runAtSynth(stack);
      const dir = path.join(session.outdir, session.manifest.forStack(stack).workingDirectory);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, REPORT_FILE), `${JSON.stringify(check.reportOf(stack), null, 2)}\n`);
    });
    return check;
  }

  /** The check applied to `scope`'s stack, if any. */
  public static of(scope: IConstruct): LessonsCheck | undefined {
    return CHECKS.get(TerraformStack.of(scope));
  }

  /**
   * Accept the findings of a rule (`SEC-1.RedisAccessKeys`) or of every rule of a lesson
   * (`SEC-1`) on `scope` and everything below it, for the reason given (at least 10
   * characters; it is kept in the metadata and the report). `appliesTo` narrows it to findings
   * on those settings.
   */
  public static suppress(scope: IConstruct, id: string, reason: string, appliesTo?: string[]): void {
    Suppressions.add(scope, { id, reason, ...(appliesTo ? { appliesTo } : {}) });
  }

  private readonly rules = new Map<string, PackRule>();
  private readonly packNames: string[] = [];
  private readonly results = new WeakMap<IConstruct, RuleRun>();
  /** Construct findings a rule's row stands for (the construct raised the rule's finding itself). */
  private readonly covered = new WeakSet<ConstructFinding>();
  /** The statuses of the rule rows each construct finding stands for, in the evaluation running now. */
  private readonly coveredRows = new Map<ConstructFinding, ReportStatus[]>();

  constructor(options: LessonsCheckOptions = {}) {
    for (const pack of options.packs ?? [PlatformLessonsPack.create()]) this.addPack(pack);
  }

  /**
   * Run another pack; where it lists a rule already present, its level wins. An instance of the
   * same class as the one present only changes the level (the platform's instance knows the
   * services' catalogue; one made with `new` to re-level it may not); an instance of another class
   * with the same id replaces the rule.
   */
  public addPack(pack: RulePack): void {
    this.packNames.push(pack.name);
    for (const entry of pack.rules) {
      const present = this.rules.get(entry.rule.id);
      const relevel = present !== undefined && Object.getPrototypeOf(present.rule) === Object.getPrototypeOf(entry.rule);
      this.rules.set(entry.rule.id, relevel ? { rule: present.rule, level: entry.level } : entry);
    }
  }

  public visit(node: IConstruct): void {
    if (node.node.scopes.some((scope) => this.results.has(scope))) return;
    // In a shared synthesis (AzureStack) the stack's own check waits for its report, which runs on
    // the JSON cdktf resolves once for cdk.tf.json: resolving each resource here too cost more
    // than the rules. Anything else (Testing.synth, a plain stack, a check added to part of one)
    // runs now, on the resources read one attribute at a time.
    const stack = TerraformStack.of(node);
    if (CHECKS.get(stack) === this && SharedSynthesis.inProgress(stack)) return;
    this.results.set(node, this.evaluate(node));
  }

  /**
   * The report of `stack` (the rules run now if the synth has not run them yet): every rule's
   * result per resource it concerns, then the warnings and notes the constructs raised that no
   * rule's row stands for, suppressed or not. The resources a rule does not concern are counted
   * per rule.
   */
  public reportOf(stack: TerraformStack): LessonsReport {
    const run = this.runOn(stack);
    const rows = [...run.rows, ...this.constructRows(stack)];
    const notApplicable = notApplicableOf(run.notApplicable);
    return { stack: stack.node.id, packs: [...this.packNames], summary: summarize(rows, notApplicable.total), notApplicable: notApplicable.byRule, results: rows };
  }

  /** The findings the constructs under `scope` recorded, as report rows (one output with the rules'). */
  private constructRows(scope: IConstruct): ReportRow[] {
    return findingsUnder(scope).filter(({ finding }) => !this.covered.has(finding)).map(({ construct, finding }): ReportRow => {
      const base = {
        ruleId: finding.id, lesson: finding.lesson, level: levelOf(finding),
        resourcePath: construct.node.path, resourceType: 'construct', address: '',
        ...(finding.setting !== undefined ? { setting: finding.setting } : {}), message: finding.message,
      };
      const suppression = Suppressions.find(construct, finding.id, finding.lesson, finding.setting);
      return suppression
        ? { ...base, status: ReportStatus.SUPPRESSED, suppressionReason: suppression.reason }
        : { ...base, status: ReportStatus.NON_COMPLIANT };
    });
  }

  /**
   * The stack's own check at its synth's custom synthesis step (after every aspect), on the JSON
   * the synth resolves once (`SharedSynthesis`); nothing outside a shared synthesis, where it ran
   * as an aspect.
   * @internal
   */
  public _runAtSynth(stack: TerraformStack): void {
    if (CHECKS.get(stack) === this && SharedSynthesis.inProgress(stack)) this.runOn(stack, SharedSynthesis.jsonOf(stack), true);
  }

  /**
   * The run on the whole stack: the synth's, or one now (a run is kept on the node it visited, and
   * none visits above a stack). `json`: the stack's resolved JSON, given only at the custom
   * synthesis step; otherwise each resource is read as it stands.
   */
  private runOn(stack: TerraformStack, json?: StackJson, atSynthesisStep = false): RuleRun {
    let run = this.results.get(stack);
    if (run === undefined) {
      // In a shared synthesis the stack's own run waits for every aspect: one started from an
      // aspect would be kept for the synth and miss what the aspects after it change.
      if (!atSynthesisStep && CHECKS.get(stack) === this && SharedSynthesis.inProgress(stack)) {
        refuse(stack, {
          lesson: 'AZURE', setting: 'reportOf', given: 'during the synth\'s aspects',
          problem: 'the lessons check of an AzureStack runs at the synth\'s custom synthesis step, after every aspect; a report read before it would miss what later aspects change.',
          fix: 'read the report after app.synth() (LessonsCheck.of(stack).reportOf(stack)), or in a test with PlatformTesting.report after PlatformTesting.synth.',
        });
      }
      run = this.evaluate(stack, json);
      this.results.set(stack, run);
    }
    return run;
  }

  private evaluate(scope: IConstruct, json?: StackJson): RuleRun {
    const stack = TerraformStack.of(scope);
    const variables = stackVariables(stack);
    // One walk of the tree for the resources and the outputs.
    const constructs = stack.node.findAll();
    const all = constructs.filter((c): c is TerraformResource => c instanceof TerraformResource).map((r) => asRuleResource(stack, r, variables, json));
    const context = new RuleContext(all, Production.isProduction(stack), variables);
    const scopePath = scope.node.path;
    const inScope = scope === stack ? all : all.filter((r) => r.path === scopePath || r.path.startsWith(`${scopePath}/`));
    this.coveredRows.clear();
    const sink = (resource: ConstructResource, base: RowBase, level: RuleLevel, finding: RuleFinding) => this.report(resource, base, level, finding);
    const resourceRun = runRules(this.rules.values(), inScope, context, sink);
    // The stack's outputs, providers, backend, variables and locals, for the rules that read them (a credential written in one).
    const outputs = constructs.filter((c): c is TerraformOutput => c instanceof TerraformOutput && (scope === stack || c.node.path.startsWith(`${scopePath}/`)))
      .map((o) => asRuleOutput(stack, o, variables, json));
    const blocks = [...outputs, ...configurationBlocks(stack, constructs, variables, json, scope === stack ? undefined : scopePath)];
    const run: RuleRun = { rows: [...resourceRun.rows, ...runOnConfiguration(this.rules.values(), blocks, context, sink)], notApplicable: resourceRun.notApplicable };
    // Only a whole stack's run sees every finding a construct's warning stands for: a check added
    // to part of the stack sees some of them, and must not hide the warning for the others.
    if (scope === stack) this.suppressAcceptedConstructFindings();
    this.coveredRows.clear();
    return run;
  }

  /**
   * A construct finding whose rule findings are all suppressed where the rule found them (on the
   * inner resource) is suppressed too: its warning stands for those findings and nothing else.
   */
  private suppressAcceptedConstructFindings(): void {
    for (const [raised, statuses] of this.coveredRows) {
      if (statuses.length > 0 && statuses.every((s) => s === ReportStatus.SUPPRESSED)) suppressWhereFound(raised);
    }
  }

  private report(resource: ConstructResource, base: RowBase, level: RuleLevel, finding: RuleFinding): ReportRow {
    // A construct above the resource may have raised this finding itself, under the rule's id, at
    // its own level (a warning outside production): then it is one finding, reported once at the
    // construct's level and shown once (the construct's warning).
    const raised = findingCovering(resource.construct, base.ruleId, finding.setting);
    if (raised) this.covered.add(raised);
    const message = raised ? raised.message : FindingFormat.format(resource.path, { lesson: base.ruleId, ...finding });
    const suppression = Suppressions.find(resource.construct, base.ruleId, base.lesson, finding.setting)
      ?? (raised ? Suppressions.find(resource.construct, raised.id, raised.lesson, raised.setting) : undefined);
    if (raised) this.coveredRows.set(raised, [...this.coveredRows.get(raised) ?? [], suppression ? ReportStatus.SUPPRESSED : ReportStatus.NON_COMPLIANT]);
    if (suppression) return suppressedRow(base, finding.setting, message, suppression.reason, raised ? levelOf(raised) : base.level);
    if (raised) return nonCompliantRow(base, finding.setting, message, levelOf(raised));
    if (level === RuleLevel.ERROR) Annotations.of(resource.construct).addError(message);
    else if (level === RuleLevel.INFO) Annotations.of(resource.construct).addInfo(message);
    else Annotations.of(resource.construct).addWarning(message);
    return nonCompliantRow(base, finding.setting, message);
  }

}

/** A resource of a stack: it always has its construct. */
interface ConstructResource extends RuleResource {
  readonly construct: IConstruct;
}

/**
 * A resource as the rules see it. Its attributes are resolved when a rule first reads them: most
 * resources have no rule for their type, and resolving every one was most of the check's time.
 * They are resolved one attribute at a time too: a rule reads two or three of a resource's
 * attributes (AZURE.ResourceName only its `name`), and resolving tokens is most of what reading
 * costs. Anything that looks at the whole object (its keys, `in`, a spread, JSON,
 * `Object.freeze`) resolves the rest, so what a rule sees is what resolving the whole resource
 * gives. Values are seen through (`literalize`): `${var.x}` with a default, or a function of
 * literals, is the literal Terraform gets. It is a Proxy: `structuredClone` refuses it, so a rule that needs a copy spreads it
 * (`{ ...resource.attributes }`). At the custom synthesis step of an `AzureStack` the attributes
 * come from the stack's resolved JSON (`seenThrough`): nothing is resolved again.
 */
function asRuleResource(stack: TerraformStack, resource: TerraformResource, variables: TerraformVariables, stackJson?: StackJson): ConstructResource {
  const lazilyResolved = (): { [name: string]: unknown } => {
    // The stack's JSON is resolved already (it is what cdk.tf.json holds): only seen through.
    if (stackJson !== undefined) return seenThrough(stackJson.resource?.[resource.terraformResourceType]?.[resource.friendlyUniqueId], variables);
    const plain = plainInputs(resource);
    const read = new Map<string, { value: unknown } | undefined>();
    const inputs = plain && ((key: string) => {
      if (!read.has(key)) read.set(key, plain(key));
      return read.get(key);
    });
    let json: { raw: unknown; keys: string[] | undefined } | undefined;
    /** The resource's Terraform JSON and its keys, built when first needed. */
    const terraform = () => {
      if (json === undefined) {
        const raw = Object.values(Object.values((resource.toTerraform() as StackJson).resource ?? {})[0] ?? {})[0];
        json = { raw, keys: raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? Object.keys(raw) : undefined };
      }
      return json;
    };
    // A generated binding without overrides holds no token for its attributes or keys: its JSON waits.
    if (inputs === undefined) {
      const { raw, keys } = terraform();
      // A token for the attributes, or for a key: resolved as a whole, as Terraform JSON is.
      if (keys === undefined || typeof (raw as { resolve?: unknown }).resolve === 'function' || keys.some((k) => resolveIn(stack, k) !== k)) {
        return (literalize(resolveIn(stack, { raw }), variables) as { raw?: { [name: string]: unknown } }).raw ?? {};
      }
    }
    const resolved = new Map<string, unknown>();
    const valueOf = (key: string): unknown => {
      if (!resolved.has(key)) {
        // An attribute of plain value reads the same from the binding's input as from its JSON, without building the JSON.
        const input = json === undefined ? inputs?.(key) : undefined;
        const given = input !== undefined ? input.value : (terraform().raw as Record<string, unknown>)[key];
        // Resolved, then seen through: a variable's default or a function of literals is the literal Terraform gets.
        resolved.set(key, literalize(resolveIn(stack, given), variables));
      }
      return resolved.get(key);
    };
    /** Whether the resource has the attribute (a binding's attribute is in its JSON, set or not). */
    const owns = (key: string): boolean => resolved.has(key) || (json === undefined && inputs?.(key) !== undefined) || terraform().keys!.includes(key);
    return lazyAttributes(() => terraform().keys!, owns, valueOf);
  };
  const ruleResource = lazyRuleResource(resource.terraformResourceType, addressOf(resource), resource.node.path, resource, lazilyResolved);
  // A rule that must look at every argument (SEC-1.PlainCredential) reads the JSON first, without making the attributes.
  const raw = stackJson?.resource?.[resource.terraformResourceType]?.[resource.friendlyUniqueId];
  if (raw !== undefined) recordRawAttributes(ruleResource, raw);
  // One that iterates (`for_each`, `count`, a dynamic block of its own) is judged instance by
  // instance. From the stack's JSON a nested block's dynamic blocks are made as a rule reads the
  // block (`seenThrough`); read one attribute at a time, they are asked for when a rule first judges it.
  const instances = () => instancesOf({ ...ruleResource.attributes }, variables);
  if (resource.forEach !== undefined || resource.count !== undefined || (raw !== undefined && raw.dynamic !== undefined)) recordInstances(ruleResource, instances);
  else if (stackJson === undefined) recordInstances(ruleResource, () => (holdsDynamicBlock(Object.values(Object.values((resource.toTerraform() as StackJson).resource ?? {})[0] ?? {})[0]) ? instances() : undefined));
  return ruleResource;
}

/** Where a resource as the rules see it keeps what makes its attributes, and them once made (not enumerable: a spread leaves it). */
const LAZY_ATTRIBUTES = Symbol('attributes made when first read');

/** The `attributes` of every resource as the rules see it: one getter, made when first read. */
function attributesWhenRead(this: { [LAZY_ATTRIBUTES]?: { make: () => { [name: string]: unknown }; made?: { [name: string]: unknown } } } | undefined): { [name: string]: unknown } {
  const lazy = this?.[LAZY_ATTRIBUTES];
  // Read as `resource.attributes`; the getter taken off its resource has no resource to read.
  if (lazy === undefined) throw new TypeError('a resource\'s attributes are read through the resource (resource.attributes), not through its getter taken off it.');
  return lazy.made ??= lazy.make();
}

/**
 * A resource or output as the rules see it, its attributes made when a rule first reads them:
 * own, enumerable keys in the order `type`, `address`, `path`, `attributes`, `construct`, so a
 * spread copies the attributes as before. Not an object literal with a getter: V8 keeps such a
 * literal in dictionary mode (a hash table for every resource, and slower reads in every rule).
 * Every resource defines the same getter in the same order, so all share one hidden class.
 */
function lazyRuleResource(type: string, address: string, path: string, construct: IConstruct, make: () => { [name: string]: unknown }): ConstructResource {
  const resource = { type, address, path } as { type: string; address: string; path: string; attributes: { [name: string]: unknown }; construct: IConstruct };
  Object.defineProperty(resource, 'attributes', { get: attributesWhenRead, enumerable: true, configurable: true });
  resource.construct = construct;
  Object.defineProperty(resource, LAZY_ATTRIBUTES, { value: { make, made: undefined } });
  return resource;
}

/** A root output as the rules see it (`OUTPUT_TYPE`): its value and `sensitive`, seen through as a resource's attributes are. */
function asRuleOutput(stack: TerraformStack, output: TerraformOutput, variables: TerraformVariables, stackJson?: StackJson): ConstructResource {
  return lazyRuleResource(OUTPUT_TYPE, `output.${output.friendlyUniqueId}`, output.node.path, output, () => {
    const body = (stackJson !== undefined
      ? stackJson.output?.[output.friendlyUniqueId]
      : Object.values((output.toTerraform() as { output?: Record<string, Record<string, unknown>> }).output ?? {})[0]) ?? {};
    const given = { value: body.value, ...(body.sensitive !== undefined ? { sensitive: body.sensitive } : {}) };
    // The stack's JSON is resolved already: only seen through.
    return (stackJson !== undefined ? copiedThrough(given, variables) : literalize(resolveIn(stack, given), variables)) as { [name: string]: unknown };
  });
}

/**
 * A resource's attributes from the stack's resolved JSON, each seen through (`literalize`) when a
 * rule first reads it: nothing to resolve, and most resources are read by no rule, or by one
 * rule for one or two attributes. Anything that looks at the whole object sees every attribute
 * seen through, as the resolving reader gives it. Each is a copy, as a resolved value is.
 */
function seenThrough(raw: unknown, variables: TerraformVariables): { [name: string]: unknown } {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const given = raw as Record<string, unknown>;
  const seen = new Map<string, unknown>();
  const valueOf = (key: string): unknown => {
    // A copy: the JSON is what cdktf writes, and a rule may change what it reads. A nested block's dynamic blocks made.
    if (!seen.has(key)) seen.set(key, copiedThrough(given[key], variables, true));
    return seen.get(key);
  };
  return lazyAttributes(() => Object.keys(given), (key) => Object.prototype.hasOwnProperty.call(given, key), valueOf);
}

/**
 * A resource's attributes, each made by `valueOf` when first read by name (`owns` says which
 * names it has): until something asks for the whole object (its keys, `in`, a spread, JSON,
 * `Object.freeze`), it is empty and only reads by name cost anything; then every one of `keys()`
 * is made, and an undefined value left out.
 */
function lazyAttributes(keys: () => readonly string[], owns: (key: string) => boolean, valueOf: (key: string) => unknown): { [name: string]: unknown } {
  const whole: { [name: string]: unknown } = {};
  let complete = false;
  const completed = () => {
    if (!complete) {
      for (const key of keys()) {
        const value = valueOf(key);
        if (value !== undefined) whole[key] = value;
      }
      complete = true;
    }
    return whole;
  };
  return new Proxy(whole, {
    // A name the resource does not have is the prototype's, resolved or not (`whole` has no own keys yet).
    get: (_target, key, receiver) => (!complete && typeof key === 'string' && owns(key) ? valueOf(key) : Reflect.get(whole, key, receiver)),
    has: (_target, key) => Reflect.has(completed(), key),
    ownKeys: () => Reflect.ownKeys(completed()),
    getOwnPropertyDescriptor: (_target, key) => Reflect.getOwnPropertyDescriptor(completed(), key),
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(completed(), key, descriptor),
    set: (_target, key, value) => Reflect.set(completed(), key, value),
    deleteProperty: (_target, key) => Reflect.deleteProperty(completed(), key),
    // Object.freeze and preventExtensions close the whole object, filled first.
    preventExtensions: () => Reflect.preventExtensions(completed()),
    isExtensible: () => Reflect.isExtensible(whole),
  });
}

/**
 * A copy of a value of Terraform JSON (objects, lists, strings, numbers, booleans, null), each
 * string seen through (`literalize`); an undefined value is left out of objects and lists, as
 * resolving leaves it out.
 */
function copiedThrough(value: unknown, variables: TerraformVariables, blocks = false): unknown {
  if (typeof value === 'string') return literalize(value, variables);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const list: unknown[] = [];
    for (const item of value) if (item !== undefined) list.push(copiedThrough(item, variables, blocks));
    return list;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) out[key] = copiedThrough(item, variables, blocks);
  }
  // `blocks`: a resource's attribute, whose nested blocks' dynamic blocks are made into blocks (`withDynamicBlocks`).
  return blocks && out.dynamic !== undefined ? withDynamicBlocks(out, variables) ?? out : out;
}

/**
 * How to read an attribute of plain value (a string, number or boolean, or unset) from a generated
 * binding's `<attribute>Input` getter, which holds what its Terraform JSON holds for it: building
 * the JSON of every resource (toTerraform) was a good part of the check's time, for the two or
 * three attributes a rule reads. Undefined for a resource whose JSON may differ from its inputs
 * (overrides, a move, a resource not generated from a provider).
 */
function plainInputs(resource: TerraformResource): ((key: string) => { value: unknown } | undefined) | undefined {
  const binding = resource as unknown as Record<string, unknown> & { rawOverrides?: object; _hasMoved?: boolean };
  if (resource.terraformGeneratorMetadata === undefined || Object.keys(binding.rawOverrides ?? {}).length > 0 || binding._hasMoved === true) return undefined;
  return (key) => {
    const camel = key.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
    const input = `${camel}Input`;
    if (!(input in resource)) return undefined;
    // A block or a list is held as an object (its output reference): its getter would build a value only to be put aside.
    const field = binding[`_${camel}`];
    if (field !== null && typeof field === 'object') return undefined;
    const value = binding[input];
    return value === undefined || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? { value } : undefined;
  };
}

/** A construct finding's level as a report row's. */
function levelOf(finding: ConstructFinding): RuleLevel {
  return finding.level === 'info' ? RuleLevel.INFO : RuleLevel.WARNING;
}
