import { IConstruct } from 'constructs';

/** Metadata type under which suppressions are recorded on a construct. */
export const SUPPRESSION_METADATA = 'lessons-check:suppression';

/** One recorded acceptance of a lessons-check finding. */
export interface Suppression {
  /** A rule id (`SEC-1.RedisAccessKeys`) or a lesson id (`SEC-1`: every rule of the lesson). */
  readonly id: string;
  /** Why the finding does not apply here; kept in the synthesized metadata and the lessons report. */
  readonly reason: string;
  /**
   * Narrow the suppression to findings on these settings (Terraform attribute paths, e.g.
   * `default_database.access_keys_authentication_enabled`).
   * @default - every finding of the rule
   */
  readonly appliesTo?: string[];
}

/**
 * The suppression that covers a finding `id` (lesson `lesson`) on `setting` at `node`, looking at
 * the node and every scope above it; undefined when none does. The one lookup for rule findings
 * and construct findings alike (it reads metadata only, so the findings in core can use it).
 */
export function findSuppression(node: IConstruct, id: string, lesson: string, setting?: string): Suppression | undefined {
  for (const scope of [...node.node.scopes].reverse()) {
    for (const entry of scope.node.metadata) {
      if (entry.type !== SUPPRESSION_METADATA) continue;
      const s = entry.data as Suppression;
      if (s.id !== id && s.id !== lesson) continue;
      if (s.appliesTo && (setting === undefined || !s.appliesTo.includes(setting))) continue;
      return s;
    }
  }
  return undefined;
}
