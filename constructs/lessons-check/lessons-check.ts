import { Annotations, IAspect, TerraformResource } from 'cdktf';
import { IConstruct } from 'constructs';
import { LessonId } from '../core/lessons';
import { formatFinding } from '../core/validation';
import { LessonRule } from './rule';
import { LESSON_RULES } from './rules';

const SUPPRESSIONS = 'lessons-check:suppressions';

interface Suppression {
  readonly lesson: LessonId;
  readonly reason: string;
}

/**
 * Runs the lesson rules over every resource of the scope it is added to, including raw provider
 * resources: errors fail the synth, warnings are reported. `AzureStack` adds it to every stack.
 */
export class LessonsCheck implements IAspect {
  constructor(private readonly rules: readonly LessonRule[] = LESSON_RULES) {}

  /**
   * Turn a rule off for a construct and everything below it. A reason is required: it stays in
   * the synthesized metadata for reviewers.
   */
  static suppress(scope: IConstruct, lesson: LessonId, reason: string): void {
    if (reason.trim().length < 10) {
      throw new Error(`${scope.node.path}: suppressing ${lesson} needs a reason of at least 10 characters that says why the lesson does not apply here.`);
    }
    scope.node.addMetadata(SUPPRESSIONS, { lesson, reason } satisfies Suppression);
  }

  visit(node: IConstruct): void {
    if (!(node instanceof TerraformResource)) return;
    const rules = this.rules.filter((r) => r.resourceTypes.includes(node.terraformResourceType));
    if (rules.length === 0) return;
    const attributes = Object.values(Object.values(node.toTerraform().resource ?? {})[0] ?? {})[0] as Record<string, unknown> ?? {};
    for (const rule of rules) {
      if (isSuppressed(node, rule.lesson)) continue;
      const finding = rule.check(attributes);
      if (!finding) continue;
      const message = formatFinding(node, { lesson: rule.lesson, ...finding });
      if (rule.level === 'error') Annotations.of(node).addError(message);
      else Annotations.of(node).addWarning(message);
    }
  }
}

function isSuppressed(node: IConstruct, lesson: LessonId): boolean {
  return node.node.scopes.some((scope) => scope.node.metadata
    .some((m) => m.type === SUPPRESSIONS && (m.data as Suppression).lesson === lesson));
}
