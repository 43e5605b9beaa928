import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { factOf } from '../../lessons-check/rule-facts';

/**
 * What makes two role assignments the same to Azure: the principal, the role (by name, or by the
 * role definition's GUID) and the scope (Resource Manager ids compare without case). Undefined
 * when one of them is not a string (unknown until apply: no finding).
 */
function sameAssignmentKey(resource: RuleResource): string | undefined {
  const { principal_id: principal, scope, role_definition_name: roleName, role_definition_id: roleId } = resource.attributes;
  // A resource with `count` or `for_each` is several assignments, or none: `each.value` or `count.index`
  // means something else in each resource, so two of them are not compared.
  if (resource.attributes.count !== undefined || resource.attributes.for_each !== undefined) return undefined;
  if (typeof principal !== 'string' || typeof scope !== 'string') return undefined;
  if ([principal, scope, roleName, roleId].some((v) => typeof v === 'string' && /\$\{[^}]*\b(each|count|self)\./.test(v))) return undefined;
  // Resource Manager ids and role names compare without case; a Terraform expression as written.
  const literal = (s: string) => (s.includes('${') ? s : s.toLowerCase());
  const role = typeof roleName === 'string' ? `name:${literal(roleName)}`
    : typeof roleId === 'string' ? `id:${literal(roleId.split('/').pop()!)}` : undefined;
  if (role === undefined) return undefined;
  return `${literal(principal)}|${role}|${literal(scope)}`;
}

/**
 * AZURE: two `azurerm_role_assignment`s that give the same principal the same role on the same
 * scope. Azure keeps one assignment per principal, role and scope: the second create fails with
 * 409 RoleAssignmentExists, part-way through an apply (azurerm names each assignment with a new
 * GUID, so Terraform sees two resources where Azure sees one). Two callers that need the same
 * access (a queue and its dead-letter queue granted on the same queue, say) share one grant.
 */
export class DuplicateRoleAssignmentRule implements ILessonRule {
  public readonly id = 'AZURE.DuplicateRoleAssignment';
  public readonly lesson = 'AZURE';
  public readonly description = 'Two role assignments of the same role to the same principal on the same scope: Azure refuses the second.';
  public readonly resourceTypes = ['azurerm_role_assignment'];

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    const key = sameAssignmentKey(resource);
    if (key === undefined) return RuleOutcome.notApplicable();
    // Each key's first assignment in the run, found once per run.
    const first = factOf(context, 'role assignments by principal, role and scope', () => {
      const seen = new Map<string, RuleResource>();
      for (const r of context.resourcesOfType('azurerm_role_assignment')) {
        const k = sameAssignmentKey(r);
        if (k !== undefined && !seen.has(k)) seen.set(k, r);
      }
      return seen;
    }).get(key);
    if (first === undefined || first.address === resource.address) return RuleOutcome.compliant();
    const role = resource.attributes.role_definition_name ?? resource.attributes.role_definition_id;
    return RuleOutcome.nonCompliant({
      setting: 'principal_id', given: resource.attributes.principal_id,
      problem: `${first.address} already gives this principal ${String(role)} on ${String(resource.attributes.scope)}: Azure keeps one assignment per principal, role and scope, and refuses this one with 409 RoleAssignmentExists part-way through the apply.`,
      fix: 'grant the role once and let both callers use that grant (depend on it where order matters).',
    });
  }
}
