import { ITerraformDependable, TerraformResource, TerraformStack, Token } from 'cdktf';
import { Construct } from 'constructs';
import { RoleAssignment } from '@cdktf/provider-azurerm/lib/role-assignment';
import { refuse } from '../core/validation';
import { note } from '../core/findings';
import { waitFor } from '../core/dependencies';
import { PathDeclaration } from '../core/path-declarations';
import { IPrincipal, PrincipalType } from './principal';
import { BuiltInRole } from './roles';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What `Grant.role` assigns. */
export interface RoleGrantOptions {
  /** Who gets the role. */
  readonly principal: IPrincipal;
  /** The built-in role. */
  readonly role: BuiltInRole;
  /** Resource id the role applies to (a registry, a storage account, a queue, a vault ...). */
  readonly resourceId: string;
}

/**
 * Access given to a principal: an Azure RBAC role assignment, or a data grant that is not RBAC
 * (a Managed Redis access policy assignment). Resources that need the access wait for it
 * (`Grant.applyBefore`, or `dependsOn: [grant]`), so Terraform creates the grant first
 * (SEC-2). A grant reaches the data plane some minutes after it is created: see
 * `docs/architecture.md` for how the library handles the wait.
 */
export class Grant implements ITerraformDependable {
  /**
   * Assign `role` on `resourceId` to `principal`, as an `azurerm_role_assignment` with construct
   * id `id` under `scope`. Asked again in the stack for the same principal, role and scope (the
   * same principal id and resource id text: one identity or resource object of the library, or
   * ids written out, the resource id in any case), it returns the first grant, with a note:
   * Azure keeps one assignment of each. Two reads of a raw binding's attribute are two texts, so
   * such grants stay two assignments, which AZURE.DuplicateRoleAssignment refuses at synth.
   */
  public static role(scope: Construct, id: string, options: RoleGrantOptions): Grant {
    checkPrincipal(scope, options.principal);
    if (!Token.isUnresolved(options.resourceId) && !options.resourceId.startsWith('/')) {
      refuse(scope, {
        lesson: 'SEC-2', setting: 'resourceId', given: options.resourceId,
        problem: 'a role assignment scope is an Azure resource id.',
        fix: 'pass the resource\'s id (e.g. registry.registryId), /subscriptions/<id>/resourceGroups/<name>/providers/...',
      });
    }
    // Azure keeps one assignment per principal, role and scope and refuses a second with 409
    // (AZURE.DuplicateRoleAssignment): a second grant of the same is the first one, shared by its
    // callers (two event subscriptions dead-lettering into one container with one topic's identity).
    const granted = ROLE_GRANTS.get(TerraformStack.of(scope)) ?? new Map<string, Grant>();
    ROLE_GRANTS.set(TerraformStack.of(scope), granted);
    const key = roleGrantKey(options);
    const existing = granted.get(key);
    const principalType = options.principal.principalType ?? PrincipalType.SERVICE_PRINCIPAL;
    if (existing !== undefined) {
      const first = existing.resource as RoleAssignment;
      if (first.principalTypeInput !== principalType) {
        refuse(scope, {
          lesson: 'SEC-1', setting: 'principal.principalType', given: principalType,
          problem: `${first.node.path} already grants this principal ${options.role.roleName} here as a ${first.principalTypeInput}: one principal is one kind, and Azure refuses an assignment whose type does not match it.`,
          fix: 'give the principal the same principalType everywhere (a managed identity or an application is ServicePrincipal).',
        });
      }
      if (first.node.scope !== scope || first.node.id !== id) {
        note(scope, {
          id: 'SEC-2.SharedRoleGrant', lesson: 'SEC-2', setting: 'grant id', given: id,
          problem: `this grant is the one ${first.node.path} made (Azure keeps one assignment per principal, role and scope), so its Terraform address is that caller's: removing that caller later moves the assignment, and the apply may create it again before deleting it (409).`,
          fix: 'keep the first caller, or when removing it add a moved block from its address to the one the next caller gets.',
        });
      }
      return existing;
    }
    refuseDuplicateGrant(scope, id);
    const assignment = new RoleAssignment(scope, id, {
      scope: options.resourceId,
      roleDefinitionName: options.role.roleName,
      principalId: options.principal.principalId,
      principalType,
    });
    const grant = new Grant(assignment, options.principal.principalId, options.resourceId, options.role);
    granted.set(key, grant);
    return grant;
  }

  /** A data grant that is not a role assignment (e.g. an access policy assignment created through AzAPI). */
  public static fromResource(resource: TerraformResource, principalId: string, resourceId: string): Grant {
    return new Grant(resource, principalId, resourceId, undefined);
  }

  private constructor(
    /** The resource that gives the access. */
    public readonly resource: TerraformResource,
    /** The principal that gets it. */
    public readonly principalId: string,
    /** What it is given on. */
    public readonly resourceId: string,
    /** The built-in role, for RBAC grants. */
    public readonly builtInRole: BuiltInRole | undefined,
  ) {
    // The request-path picture draws a grant between the boxes it connects.
    PathDeclaration.grant(resource, { principalId, resourceId, ...(builtInRole ? { role: builtInRole.roleName } : {}) });
  }

  /** Terraform address of the grant's resource (so `dependsOn: [grant]` works). */
  public get fqn(): string {
    return this.resource.fqn;
  }

  /** Make every dependent wait for this grant: the grant is added to their `depends_on`. */
  public applyBefore(...dependents: TerraformResource[]): void {
    waitFor(this.resource, ...dependents);
  }
}

/** Each stack's role grants by principal, role and scope. */
const ROLE_GRANTS = new WeakMap<TerraformStack, Map<string, Grant>>();

/**
 * What makes two role grants one assignment to Azure: the principal, the role and the scope, as
 * written (a reference is the same text when it comes from the same identity or resource object;
 * a scope written out compares without case, as Azure compares ids).
 */
function roleGrantKey(options: RoleGrantOptions): string {
  const scopeId = Token.isUnresolved(options.resourceId) ? options.resourceId : options.resourceId.toLowerCase();
  return `${options.principal.principalId}\u0000${options.role.roleName}\u0000${scopeId}`;
}

/** Refuse a principal id that is neither a Terraform reference nor a GUID. */
export function checkPrincipal(scope: Construct, principal: IPrincipal, setting = 'principal.principalId'): void {
  const id = principal.principalId;
  if (typeof id !== 'string' || (!Token.isUnresolved(id) && !GUID.test(id))) {
    refuse(scope, {
      lesson: 'SEC-1', setting, given: id,
      problem: 'Entra ID names a principal by its object id, a GUID.',
      fix: "pass the identity (its principalId is a Terraform reference), or an object id like '00000000-0000-0000-0000-000000000000'.",
    });
  }
}

/** Refuse a second grant with the same construct id under one scope (constructs would crash with an unrelated error). */
export function refuseDuplicateGrant(scope: Construct, id: string): void {
  if (scope.node.tryFindChild(id)) {
    refuse(scope, {
      lesson: 'SEC-2', setting: 'grant id', given: id,
      problem: 'a grant with this construct id already exists here: the same principal is granted twice, or two principals share a grant key.',
      fix: 'grant each principal once, or pass an id of its own to the grant method.',
    });
  }
}
