import { Fn, Token } from 'cdktf';
import { Construct, IConstruct } from 'constructs';
import { Grant } from '../identity/grant';
import { grantOn } from '../identity/grant-on';
import { IPrincipal } from '../identity/principal';
import { BuiltInRole } from '../identity/roles';

/**
 * An Azure resource a construct creates or refers to: its resource id (the scope of its grants
 * and private endpoints), its name, and role grants on it.
 */
export interface IAzureResource extends IConstruct {
  /** Resource Manager id. */
  readonly resourceId: string;
  /** The resource's name in Azure. */
  readonly resourceName: string;
  /**
   * Give `principal` a built-in role on this resource (an `azurerm_role_assignment`, SEC-2: make
   * what needs the access wait for the returned grant).
   * @param id construct id of the grant, unique per resource; @default - the principal's grant key
   */
  grant(principal: IPrincipal, role: BuiltInRole, id?: string): Grant;
}

/**
 * The base of every resource construct and of its references (`Xxx.fromExisting` returns a
 * subclass of the construct's own base, which extends this one): grants go through the one
 * mechanism (`Grant.role`), so a construct's `grantXxx` methods only name the role.
 */
export abstract class AzureResource extends Construct implements IAzureResource {
  public abstract readonly resourceId: string;
  public abstract readonly resourceName: string;

  /** Any built-in role on this resource: construct id `role-<role name>-<key>` under this construct. */
  public grant(principal: IPrincipal, role: BuiltInRole, id?: string): Grant {
    const slug = role.roleName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    return this.grantRole(`role-${slug}`, role, principal, id);
  }

  /** A role on this resource with construct id `<prefix>-<key>`: what the named `grantXxx` methods call. */
  protected grantRole(prefix: string, role: BuiltInRole, principal: IPrincipal, id?: string): Grant {
    return grantOn(this, prefix, role, principal, this.resourceId, id);
  }
}

/** The name in a resource id (its last segment), for a reference that was given only the id. */
export function nameOfResourceId(resourceId: string): string {
  return Token.isUnresolved(resourceId) ? Fn.element(Fn.split('/', resourceId), 8) : resourceId.split('/').pop() ?? '';
}
