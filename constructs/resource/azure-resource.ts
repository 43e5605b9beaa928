import { ManagementLock } from '@cdktf/provider-azurerm/lib/management-lock';
import { Fn, Token } from 'cdktf';
import { Construct, IConstruct } from 'constructs';
import { DiagnosticSettings } from '../core/diagnostic-settings';
import { PublicNetworkAccess } from '../core/network';
import { Grant } from '../identity/grant';
import { grantOn } from '../identity/grant-on';
import { IPrincipal } from '../identity/principal';
import { BuiltInRole } from '../identity/roles';
import { IPlatformNetwork } from '../network/platform-network';
import { PrivateAccess } from '../network/private-access';
import { PrivateEndpoint } from '../network/private-endpoint';
import { declareReach } from './reachability';
import { LockLevel, ResourceLockOptions, lockResource } from './resource-lock';

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

/** A resource nobody could reach: refused at synth (`PrivateLinkProps.unreachable`). */
export interface UnreachableCheck {
  /** Names the resource and who it leaves out: `the cache: every client would fail to connect`. */
  readonly what: string;
  /** A private endpoint this construct does not create reaches the resource. @default false */
  readonly managedElsewhere?: boolean;
  /** The public endpoint is off by the production default (the message says so). @default false */
  readonly defaulted?: boolean;
}

/** What a resource construct declares of its network access (`AzureResource.declarePrivateLink`). */
export interface PrivateLinkProps {
  /** The resource's name: its private endpoints are `pe-<name>[-<label>][-<n>]`. */
  readonly name: string;
  /** The Resource Manager type (its descriptor's `resourceType`). */
  readonly resourceType: string;
  /**
   * Its private-link sub-resources and the DNS zone each resolves through: its service
   * descriptor's `privateLink`, e.g. `{ vault: 'privatelink.vaultcore.azure.net' }`.
   * @default - looked up by `resourceType` in the services the stack knows
   */
  readonly dnsZones?: { [subresource: string]: string };
  /** The public endpoint, as resolved (`resolvePublicAccess`). */
  readonly publicNetworkAccess: PublicNetworkAccess;
  /** The public endpoint is on and admits only Azure's trusted services. @default false */
  readonly trustedServicesOnly?: boolean;
  /**
   * Refuse at synth a public endpoint turned off with no private endpoint here and none managed
   * elsewhere (SEC-1).
   * @default - no such check: the callers check (`refuseUnreachable`), as a storage account's do
   */
  readonly unreachable?: UnreachableCheck;
}

/** The logs and metrics a resource sends to Log Analytics (`AzureResource.sendDiagnostics`). */
export interface ResourceDiagnosticsOptions {
  /** The resource whose logs are sent. @default - this resource (`resourceId`) */
  readonly targetResourceId?: string;
  /** @default - the `allLogs` category group */
  readonly logCategories?: string[];
  /** @default ['allLogs'] when no categories are given */
  readonly logCategoryGroups?: string[];
  /** Metric categories instead of `AllMetrics`. @default - `AllMetrics` */
  readonly metricCategories?: string[];
  /** Resource-specific tables (`Dedicated`, GW-10). @default true */
  readonly dedicated?: boolean;
}

/**
 * The base of every resource construct and of its references (`Xxx.fromExisting` returns a
 * subclass of the construct's own base, which extends this one), as Azure Verified Modules share
 * their interfaces: grants go through the one mechanism (`Grant.role`), so a construct's
 * `grantXxx` methods only name the role; a construct declares its private link
 * (`declarePrivateLink`: private endpoints through `addPrivateEndpointFor`, and the reachability
 * its callers check) and its diagnostics (`sendDiagnostics`) instead of building them.
 */
export abstract class AzureResource extends Construct implements IAzureResource {
  public abstract readonly resourceId: string;
  public abstract readonly resourceName: string;
  private privateLink?: PrivateAccess;

  /** Any built-in role on this resource: construct id `role-<role name>-<key>` under this construct. */
  public grant(principal: IPrincipal, role: BuiltInRole, id?: string): Grant {
    const slug = role.roleName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    return this.grantRole(`role-${slug}`, role, principal, id);
  }

  /**
   * A management lock on this resource (an `azurerm_management_lock`, construct id `lock`), as
   * Azure Verified Modules' `lock` sets one: `CAN_NOT_DELETE` keeps the resource and its child
   * resources that Resource Manager manages (this library's queues and tables) from being
   * deleted, by hand or by another deploy, until the lock is removed; `READ_ONLY` also stops every
   * change, Terraform's included (a warning, `AZURE.ReadOnlyLock`). A lock does not reach the data
   * plane (a vault's secrets, an account's messages). Removing a child of a locked resource (a
   * queue the stack no longer declares) fails with `ScopeLocked` until the lock goes, in an apply
   * of its own. The lock waits for everything under the resource's construct (its children,
   * grants, private endpoints, diagnostics, including those added after the call), so a destroy of
   * the stack removes the lock before them. The deployer needs `Microsoft.Authorization/locks/write` on the resource (Owner,
   * User Access Administrator, or a custom role with `Microsoft.Authorization/locks/*`; the
   * preflight lists it); azurerm waits about two minutes after creating or deleting a lock for
   * Azure to replicate it. One lock per resource. `fromExisting` references do not offer it: a
   * stack would own a lock on another team's resource.
   */
  public addLock(level: LockLevel, options?: ResourceLockOptions): ManagementLock {
    return lockResource(this, this.resourceId, this.resourceName, level, options);
  }

  /** A role on this resource with construct id `<prefix>-<key>`: what the named `grantXxx` methods call. */
  protected grantRole(prefix: string, role: BuiltInRole, principal: IPrincipal, id?: string): Grant {
    return grantOn(this, prefix, role, principal, this.resourceId, id);
  }

  /**
   * Declare how callers reach this resource (call it once `resourceId` is set): its public
   * endpoint, and private endpoints for its sub-resources (`addPrivateEndpointFor`), which
   * callers' reachability checks read (`refuseUnreachable`); with `unreachable`, a public endpoint
   * turned off and nothing in its place is refused at synth (SEC-1).
   */
  protected declarePrivateLink(props: PrivateLinkProps): void {
    const access = new PrivateAccess(this, {
      name: props.name, targetResourceId: this.resourceId, targetResourceType: props.resourceType, dnsZones: props.dnsZones,
      publicNetworkAccess: props.publicNetworkAccess, unreachable: props.unreachable,
    });
    this.privateLink = access;
    declareReach(this, {
      publicNetworkAccess: props.publicNetworkAccess, trustedServicesOnly: props.trustedServicesOnly ?? false,
      hasPrivateEndpoint: (subresource, virtualNetworkId) => access.has(subresource, virtualNetworkId),
    });
  }

  /**
   * A private endpoint for `subresource` in `network`'s private-endpoint subnet, with the
   * sub-resource's private DNS zone from the service's descriptor (construct id
   * `private-endpoint[-<label>][-<n>]`): what a construct's `addPrivateEndpoint` calls.
   */
  protected addPrivateEndpointFor(network: IPlatformNetwork, subresource: string, label?: string): PrivateEndpoint {
    return this.declaredPrivateLink().add(network, subresource, label);
  }

  /** Whether a private endpoint for `subresource` is in the network `virtualNetworkId`. */
  protected hasPrivateEndpointFor(subresource: string, virtualNetworkId: string): boolean {
    return this.declaredPrivateLink().has(subresource, virtualNetworkId);
  }

  /**
   * Send the resource's logs and metrics to the workspace (construct id `id`), or nothing without
   * a workspace.
   */
  protected sendDiagnostics(workspaceId: string | undefined, options: ResourceDiagnosticsOptions = {}, id: string = 'diagnostics'): DiagnosticSettings | undefined {
    if (!workspaceId) return undefined;
    return new DiagnosticSettings(this, id, { ...options, targetResourceId: options.targetResourceId ?? this.resourceId, workspaceId });
  }

  private declaredPrivateLink(): PrivateAccess {
    if (!this.privateLink) throw new Error(`${this.node.path}: declarePrivateLink was not called: the resource has no private link`);
    return this.privateLink;
  }
}

/** The name in a resource id (its last segment), for a reference that was given only the id. */
export function nameOfResourceId(resourceId: string): string {
  return Token.isUnresolved(resourceId) ? Fn.element(Fn.split('/', resourceId), 8) : resourceId.split('/').pop() ?? '';
}
