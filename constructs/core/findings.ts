import { Annotations, TerraformStack } from 'cdktf';
import { Construct, IConstruct } from 'constructs';
import { LessonFinding, formatForCaller } from './finding-format';
import { LessonId } from './lessons';
import { findSuppression } from './suppression-lookup';
import { addOwnSynthesis } from './own-synthesis';

/** Metadata type under which a construct's warning or note is recorded. */
export const CONSTRUCT_FINDING_METADATA = 'lessons-check:construct-finding';

/** A warning of this library's constructs: the message parts and an id like a rule's. */
export interface IdentifiedFinding extends LessonFinding {
  /** `<lesson>.<Name>`, e.g. `SEC-1.KeyVaultPublicEndpoint`: what the report lists and a suppression names. */
  readonly id: string;
  /**
   * When `id` is a rule's id: the rule's settings (Terraform attribute paths) this warning stands
   * for. The rule's findings on those settings, on the resources under the construct, are this
   * finding: reported once, at the construct's level.
   * @default - every finding of the rule with this id under the construct
   */
  readonly ruleSettings?: string[];
}

/** A note (information, not a problem) of this library's constructs: `[LESSON] <path>: <text>`. */
export interface NoteFinding {
  /** `<lesson>.<Name>`, e.g. `LIM-5.PartnerTotal`. */
  readonly id: string;
  readonly lesson: LessonId;
  /** What the note says after the construct path. */
  readonly text: string;
}

/** What is recorded on the construct (metadata), read by the publisher and the lessons report. */
export interface ConstructFinding {
  readonly id: string;
  readonly lesson: string;
  readonly level: 'warning' | 'info';
  /** The construct's setting the finding is about; notes have none. */
  readonly setting?: string;
  readonly message: string;
  readonly ruleSettings?: string[];
}

/** A recorded finding and the construct it is on. */
export interface PlacedFinding {
  readonly construct: IConstruct;
  readonly finding: ConstructFinding;
}

/** Findings already turned into an annotation (or found suppressed): each is published once. */
const PUBLISHED = new WeakSet<object>();
/** Findings that stand for rule findings all of which are suppressed where the rule found them. */
const SUPPRESSED_WHERE_FOUND = new WeakSet<object>();
/** Stacks that publish their construct findings at synth. */
const PUBLISHING = new WeakSet<IConstruct>();

/**
 * Record a construct's finding. It becomes a synth annotation (warning or info) when the stack is
 * synthesized, unless a suppression covers it by then (suppressions are added after the
 * construct that raised the finding, so the decision waits for the synth); the lessons check
 * lists it in `lessons-report.json`, suppressed or not.
 */
export function recordFinding(scope: IConstruct, level: 'warning' | 'info', id: string, parts: { lesson: string; setting?: string; ruleSettings?: string[] }, message: string): void {
  const finding: ConstructFinding = {
    id, lesson: parts.lesson, level, message,
    ...(parts.setting !== undefined ? { setting: parts.setting } : {}),
    ...(parts.ruleSettings ? { ruleSettings: [...parts.ruleSettings] } : {}),
  };
  scope.node.addMetadata(CONSTRUCT_FINDING_METADATA, finding);
  const stack = stackOf(scope);
  if (!stack) {
    // Outside a stack nothing synthesizes it: say it now.
    publish(scope, finding);
    return;
  }
  if (PUBLISHING.has(stack)) return;
  PUBLISHING.add(stack);
  addOwnSynthesis(new Construct(stack, 'ConstructFindings'), () => {
    for (const first of BEFORE_PUBLISHING.get(stack) ?? []) first();
    publishFindings(stack);
  });
}

const BEFORE_PUBLISHING = new WeakMap<IConstruct, (() => void)[]>();

/**
 * Run `first` at synth before the construct findings of `stack` become annotations: a check that
 * may suppress some of them (the lessons check, when it runs at that step rather than as an aspect).
 */
export function beforePublishing(stack: IConstruct, first: () => void): void {
  BEFORE_PUBLISHING.set(stack, [...BEFORE_PUBLISHING.get(stack) ?? [], first]);
}

/**
 * A construct's note (information, e.g. what a limit adds up to): `[LESSON] <path>: <text>`, or a
 * finding in the one format; in the report and suppressible like a warning.
 */
export function note(scope: IConstruct, finding: NoteFinding | IdentifiedFinding): void {
  const message = 'text' in finding ? `[${finding.lesson}] ${scope.node.path}: ${finding.text}` : formatForCaller(scope.node.path, finding);
  recordFinding(scope, 'info', finding.id, 'text' in finding ? { lesson: finding.lesson } : finding, message);
}

/**
 * Turn the findings recorded under `root` into annotations, except the suppressed ones. Runs at
 * synth; tests that read annotations without synthesizing call it first. Each finding is
 * published once.
 */
export function publishFindings(root: IConstruct): void {
  for (const { construct, finding } of findingsUnder(root)) publish(construct, finding);
}

/** Every finding recorded on `root` and below it, in tree order. */
export function findingsUnder(root: IConstruct): PlacedFinding[] {
  return root.node.findAll().flatMap((construct) => construct.node.metadata
    .filter((m) => m.type === CONSTRUCT_FINDING_METADATA)
    .map((m) => ({ construct, finding: m.data as ConstructFinding })));
}

/**
 * The construct finding that stands for a finding of rule `ruleId` on `setting` at `node` (the
 * resource or a construct above it recorded a finding with the rule's id), if any.
 */
export function findingCovering(node: IConstruct, ruleId: string, setting: string): ConstructFinding | undefined {
  for (const scope of [...node.node.scopes].reverse()) {
    for (const entry of scope.node.metadata) {
      if (entry.type !== CONSTRUCT_FINDING_METADATA) continue;
      const f = entry.data as ConstructFinding;
      if (f.id === ruleId && (!f.ruleSettings || f.ruleSettings.includes(setting))) return f;
    }
  }
  return undefined;
}

/**
 * Mark a construct finding that stands for a rule's findings (see `findingCovering`) as
 * suppressed: the lessons check calls it when every finding of the rule it stands for is
 * suppressed on the resource the rule found it on (a suppression on an inner resource), so the
 * construct's warning is not shown for findings its user accepted. Runs before the synth publishes.
 */
export function suppressWhereFound(finding: ConstructFinding): void {
  SUPPRESSED_WHERE_FOUND.add(finding);
}

function publish(construct: IConstruct, finding: ConstructFinding): void {
  if (PUBLISHED.has(finding)) return;
  PUBLISHED.add(finding);
  if (SUPPRESSED_WHERE_FOUND.has(finding)) return;
  if (findSuppression(construct, finding.id, finding.lesson, finding.setting)) return;
  if (finding.level === 'info') Annotations.of(construct).addInfo(finding.message);
  else Annotations.of(construct).addWarning(finding.message);
}

function stackOf(scope: IConstruct): TerraformStack | undefined {
  return scope.node.scopes.find((s): s is TerraformStack => TerraformStack.isStack(s));
}
