import { IConstruct } from 'constructs';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';

/** Kinds of Entra ID principal a role assignment can name. */
export enum PrincipalType {
  /** A managed identity or an application's service principal. */
  SERVICE_PRINCIPAL = 'ServicePrincipal',
  USER = 'User',
  GROUP = 'Group',
}

/** How a managed identity is attached to its resource. */
export enum ManagedIdentityType {
  /** Created with the resource and deleted with it; one per resource. */
  SYSTEM_ASSIGNED = 'SystemAssigned',
  /** A resource of its own (`azurerm_user_assigned_identity`), attachable to several resources. */
  USER_ASSIGNED = 'UserAssigned',
}

/**
 * Something that can be granted access: a managed identity, an application's service principal,
 * a user or a group. Any object with a `principalId` fits, including a raw
 * `UserAssignedIdentity` in TypeScript.
 */
export interface IPrincipal {
  /** Object (principal) id in Entra ID: what role and access policy assignments name. */
  readonly principalId: string;
  /** @default PrincipalType.SERVICE_PRINCIPAL */
  readonly principalType?: PrincipalType;
  /**
   * A stable, readable name for the grants made to this principal: it becomes part of their
   * construct ids (and so their Terraform addresses), which must not change between synths.
   * @default - the principal's construct id when it is a construct, otherwise grants ask for an id
   */
  readonly grantKey?: string;
}

/**
 * A managed identity a workload runs as, the same shape on every construct that has one (Azure
 * Verified Modules' `managed_identities`): its principal for grants, and for a user-assigned
 * identity its client id (what `AZURE_CLIENT_ID` carries) and resource id.
 */
export interface IManagedIdentity extends IPrincipal {
  readonly type: ManagedIdentityType;
  /**
   * Client (application) id, for `DefaultAzureCredential` / `ManagedIdentityCredential`.
   * @default - not exposed (system-assigned identities of some resources)
   */
  readonly clientId?: string;
  /**
   * Resource id of a user-assigned identity, for `identity_ids`.
   * @default - none (system-assigned)
   */
  readonly resourceId?: string;
}

/** Makes `IManagedIdentity` values from what Terraform knows about an identity. */
export class ManagedIdentity {
  /**
   * A user-assigned identity resource; grants to it are keyed on its construct id. Its ids are
   * read from the resource when first asked for, each once (a reference costs a token, and most
   * identities are asked for one or two of them).
   */
  public static fromUserAssigned(identity: UserAssignedIdentity): IManagedIdentity {
    let principalId: string | undefined;
    let clientId: string | undefined;
    let resourceId: string | undefined;
    return {
      type: ManagedIdentityType.USER_ASSIGNED,
      get principalId() { return principalId ??= identity.principalId; },
      get clientId() { return clientId ??= identity.clientId; },
      get resourceId() { return resourceId ??= identity.id; },
      principalType: PrincipalType.SERVICE_PRINCIPAL,
      grantKey: identity.node.id,
    };
  }

  /** A resource's system-assigned identity, by its principal id (e.g. `service.identity.principalId`). */
  public static systemAssigned(principalId: string, grantKey: string): IManagedIdentity {
    return { type: ManagedIdentityType.SYSTEM_ASSIGNED, principalId, principalType: PrincipalType.SERVICE_PRINCIPAL, grantKey };
  }

  /** An identity another team created, by its ids. */
  public static fromAttributes(attributes: ManagedIdentityAttributes): IManagedIdentity {
    return {
      type: attributes.resourceId ? ManagedIdentityType.USER_ASSIGNED : ManagedIdentityType.SYSTEM_ASSIGNED,
      principalType: PrincipalType.SERVICE_PRINCIPAL,
      ...attributes,
    };
  }

  private constructor() {}
}

/** The ids of an existing managed identity. */
export interface ManagedIdentityAttributes {
  /** Object (principal) id. */
  readonly principalId: string;
  /** Stable name for grants to it (part of their construct ids). */
  readonly grantKey: string;
  /** @default - none */
  readonly clientId?: string;
  /** Resource id of a user-assigned identity. @default - a system-assigned identity */
  readonly resourceId?: string;
}

/** The grant key of `principal`, or undefined when it has none and is not a construct. */
export function grantKeyOf(principal: IPrincipal): string | undefined {
  if (principal.grantKey) return principal.grantKey;
  const node = (principal as Partial<IConstruct>).node;
  return typeof node?.id === 'string' ? node.id : undefined;
}
