import { IConstruct } from 'constructs';
import { refuse } from './validation';
import { LessonId } from './lessons';
import { SUPPRESSION_METADATA, Suppression, findSuppression } from './suppression-lookup';

export { SUPPRESSION_METADATA, Suppression } from './suppression-lookup';

const ID = /^[A-Z]+(?:-\d+)?(?:\.[A-Za-z][A-Za-z0-9]*)?$/;

/**
 * Accepted findings of the lessons check (a rule's, or a construct's warning or note), recorded on
 * the construct they concern (and so on everything below it). Constructs that accept a finding on
 * purpose record it here without depending on the lessons check itself.
 */
export class Suppressions {
  /**
   * Accept the findings of rule (or lesson) `id` on `scope` and everything below it. A reason of
   * at least 10 characters is required: it stays in the synthesized metadata and the report.
   */
  public static add(scope: IConstruct, suppression: Suppression): void {
    if (!ID.test(suppression.id)) {
      refuse(scope, {
        lesson: 'AZURE', setting: 'suppression.id', given: suppression.id,
        problem: 'a suppression names a rule id (e.g. SEC-1.RedisAccessKeys) or a lesson id (e.g. SEC-1).',
        fix: 'copy the id from the finding or the lessons report.',
      });
    }
    if (typeof suppression.reason !== 'string' || suppression.reason.trim().length < 10) {
      refuse(scope, {
        lesson: lessonOf(suppression.id), setting: 'suppression.reason', given: suppression.reason,
        problem: `suppressing ${suppression.id} needs a reason reviewers can read.`,
        fix: 'say in at least 10 characters why the rule does not apply here.',
      });
    }
    scope.node.addMetadata(SUPPRESSION_METADATA, {
      id: suppression.id, reason: suppression.reason,
      ...(suppression.appliesTo ? { appliesTo: [...suppression.appliesTo] } : {}),
    });
  }

  /**
   * The suppression that covers a finding of `ruleId` (lesson `lesson`) on `setting` at `node`,
   * looking at the node and every scope above it; undefined when none does.
   */
  public static find(node: IConstruct, ruleId: string, lesson: string, setting?: string): Suppression | undefined {
    return findSuppression(node, ruleId, lesson, setting);
  }

  private constructor() {}
}

function lessonOf(id: string): LessonId {
  return id.split('.')[0] as LessonId;
}
