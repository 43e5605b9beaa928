import { IRuleContext, RuleResource } from '../rule';
import { factOf, ValueIndex } from '../rule-facts';

// How the rules judge a role assignment's scope: Azure RBAC inherits down, so a role held on the
// resource's resource group, its subscription or a management group covers the resource as well
// as one on the resource itself does.

/** A `${...}` expression (no nested braces), in a scope written as a template. */
const EXPRESSION = /\$\{[^}]*\}/g;
/** `/subscriptions/<s>[/resourceGroups/<g>[/providers/<namespace>/<type>/<name>[/<child type>/<child name>...]]]`, case-insensitive as Azure reads ids. */
const SCOPE_ID = /^\/subscriptions\/([^/]+)(?:\/resourceGroups\/([^/]+)(?:\/providers\/([^/]+\/[^/]+)\/([^/]+)((?:\/[^/]+\/[^/]+)*))?)?\/?$/i;
const MANAGEMENT_GROUP = /^\/providers\/Microsoft\.Management\/managementGroups\/[^/]+\/?$/i;
/** A data source that stands for the subscription the provider deploys into. */
const SUBSCRIPTION_DATA = /^\$\{data\.azurerm_subscription\.[A-Za-z0-9_-]+\.id\}$/;

/** The resource to which a grant must reach, as the rules know it. */
export interface GrantTarget {
  /** The resource, in the run's resources. */
  readonly resource: RuleResource;
  /** Its Resource Manager provider type, e.g. `Microsoft.EventGrid/topics`. */
  readonly armType: string;
  /**
   * The child below the resource the grant is needed on (`secrets/<name>` of a vault), when a
   * grant on that child alone covers it too.
   * @default - only the resource and the scopes above it
   */
  readonly child?: string;
}

const same = (a: unknown, b: unknown) => typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
/** A literal segment equals `want`; a segment written with a reference (`*`) may be anything. */
const segmentMatches = (segment: string, want: unknown) => segment.includes('*') ? true : same(segment, want);

/**
 * The resource group of `resource` as text to compare with a scope: its literal
 * `resource_group_name`, or the literal name of the `azurerm_resource_group` it references.
 */
function groupNameOf(resource: RuleResource, context: IRuleContext): string | undefined {
  const given = resource.attributes.resource_group_name;
  if (typeof given === 'string' && !given.includes('${')) return given;
  const group = context.referencedBy(given, 'azurerm_resource_group')[0];
  const name = group?.attributes.name;
  return typeof name === 'string' && !name.includes('${') ? name : undefined;
}

/**
 * Whether a role assignment's `scope` reaches `target`: the resource itself (referenced, or its id
 * written out), the child it is needed on, or any scope above it: its resource group (referenced,
 * or by name), its subscription (written out, or `data.azurerm_subscription`), a management group.
 */
export function scopeCovers(context: IRuleContext, scope: unknown, target: GrantTarget): boolean {
  if (typeof scope !== 'string') return false;
  const text = scope.trim();
  const { resource } = target;
  const referenced = context.referencedBy(text);
  // The resource itself, by reference: its id, or its id with the child appended.
  if (referenced.some((r) => r.address === resource.address)) {
    const rest = text.replace(/^\$\{[^}]*\}/, '');
    return rest === '' || rest === '/' || (target.child !== undefined && same(rest.replace(/^\/|\/$/g, ''), target.child));
  }
  // Its resource group, by reference.
  const groups = referenced.filter((r) => r.type === 'azurerm_resource_group');
  if (groups.length > 0 && /^\$\{[^}]*\}$/.test(text)) {
    const group = groups[0];
    if (context.referencedBy(resource.attributes.resource_group_name, 'azurerm_resource_group').some((g) => g.address === group.address)) return true;
    return same(group.attributes.name, groupNameOf(resource, context));
  }
  // A data source's resource group or subscription.
  if (SUBSCRIPTION_DATA.test(text)) return true;
  const dataGroup = /^\$\{(data\.azurerm_resource_group\.[A-Za-z0-9_-]+)\.id\}$/.exec(text);
  if (dataGroup) {
    const given = resource.attributes.resource_group_name;
    return typeof given === 'string' && given.includes(`\${${dataGroup[1]}.name}`);
  }
  if (referenced.length > 0) return false;
  if (MANAGEMENT_GROUP.test(text)) return true;
  const id = SCOPE_ID.exec(text.replace(EXPRESSION, '*'));
  if (!id) return false;
  const [, , group, provider, name, children] = id;
  if (group === undefined) return true;
  if (!segmentMatches(group, groupNameOf(resource, context))) return false;
  if (provider === undefined) return true;
  if (!same(provider, target.armType.split('/').slice(0, 2).join('/')) || !segmentMatches(name, resource.attributes.name)) return false;
  const child = (children ?? '').replace(/^\//, '');
  return child === '' || (target.child !== undefined && same(child, target.child));
}

/** The built-in roles a rule accepts, by name and by definition id (the GUID at the end of `role_definition_id`). */
export interface AcceptedRoles {
  readonly names: readonly string[];
  readonly ids: readonly string[];
}

/** Whether a role assignment gives one of `roles`. */
export function givesRole(assignment: RuleResource, roles: AcceptedRoles): boolean {
  const name = assignment.attributes.role_definition_name;
  const id = assignment.attributes.role_definition_id;
  return (typeof name === 'string' && roles.names.some((n) => same(n, name)))
    || (typeof id === 'string' && roles.ids.some((r) => id.toLowerCase().endsWith(r)));
}

/** The principals an app runs as (given its `identity` block): its user-assigned identities' resources, and whether it has a system-assigned one. */
export function identitiesOf(context: IRuleContext, identity: Record<string, unknown> | undefined): { userAssigned: RuleResource[]; systemAssigned: boolean } {
  const type = String(identity?.type ?? '');
  return {
    userAssigned: context.referencedBy(identity?.identity_ids, 'azurerm_user_assigned_identity'),
    systemAssigned: type.includes('SystemAssigned'),
  };
}

/**
 * The run's role assignments, indexed once: by the principal each gives a role to (the resources
 * its `principal_id` references), and by where its `scope` points (the resources it references;
 * a scope written out or from a data source references none, and is asked about every target).
 */
class GrantIndex {
  public static of(context: IRuleContext): GrantIndex {
    return factOf(context, 'grants', () => new GrantIndex(context));
  }

  private readonly byPrincipal = new Map<string, RuleResource[]>();
  private readonly byScope = new Map<string, RuleResource[]>();
  /** Grants whose scope references no resource of the run (an id written out, a data source). */
  private readonly unreferencedScope: RuleResource[] = [];
  /** The resource groups that hold each target, by its address: the scopes above it, found once. */
  private readonly groupsAbove = new Map<string, string[]>();

  private constructor(private readonly context: IRuleContext) {
    for (const grant of context.resourcesOfType('azurerm_role_assignment')) {
      for (const principal of context.referencedBy(grant.attributes.principal_id)) add(this.byPrincipal, principal.address, grant);
      const scoped = context.referencedBy(typeof grant.attributes.scope === 'string' ? grant.attributes.scope.trim() : grant.attributes.scope);
      if (scoped.length === 0) this.unreferencedScope.push(grant);
      for (const r of scoped) add(this.byScope, r.address, grant);
    }
  }

  /**
   * The grants that may give `principals` a role on `target`: the smaller of those given to the
   * principals and those whose scope may reach the target (referencing it or a resource group
   * that may hold it, or referencing nothing). `holdsRole` judges each.
   */
  public candidates(principals: ReadonlySet<string>, target: GrantTarget): readonly RuleResource[] {
    const given = [...principals].flatMap((p) => this.byPrincipal.get(p) ?? []);
    if (given.length <= this.unreferencedScope.length) return given;
    // Counted before they are copied: a topic every app publishes to has a grant per app.
    const scoped = [target.resource.address, ...this.groupsOf(target.resource)].map((a) => this.byScope.get(a) ?? []);
    const count = scoped.reduce((n, grants) => n + grants.length, this.unreferencedScope.length);
    return given.length <= count ? given : [...scoped.flat(), ...this.unreferencedScope];
  }

  /** The groups `scopeCovers` may take for the resource's: referenced by its `resource_group_name`, or of its group's name. */
  private groupsOf(resource: RuleResource): string[] {
    let groups = this.groupsAbove.get(resource.address);
    if (groups === undefined) {
      const name = groupNameOf(resource, this.context);
      groups = [...new Set([
        ...this.context.referencedBy(resource.attributes.resource_group_name, 'azurerm_resource_group'),
        ...name === undefined ? [] : ValueIndex.of(this.context, 'azurerm_resource_group', 'name').caseless(name),
      ].map((g) => g.address))];
      this.groupsAbove.set(resource.address, groups);
    }
    return groups;
  }
}

function add(map: Map<string, RuleResource[]>, key: string, grant: RuleResource): void {
  const list = map.get(key);
  if (list) list.push(grant);
  else map.set(key, [grant]);
}

/**
 * Whether one of the run's `azurerm_role_assignment`s gives `roles` to a principal the app runs
 * as (`principals`: the user-assigned identities' addresses, and the app's own for a
 * system-assigned identity) on `target` or a scope above it. The grants are indexed once per run
 * (by principal and by scope), so asking for every app of a stack costs no scan of its grants.
 */
export function holdsRole(context: IRuleContext, principals: ReadonlySet<string>, roles: AcceptedRoles, target: GrantTarget): boolean {
  return GrantIndex.of(context).candidates(principals, target).some((grant) => givesRole(grant, roles)
    && context.referencedBy(grant.attributes.principal_id).some((h) => principals.has(h.address))
    && scopeCovers(context, grant.attributes.scope, target));
}
