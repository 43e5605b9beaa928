import { TerraformResource, Token } from 'cdktf';
import { Construct } from 'constructs';
import { AppRoleAssignment } from '@cdktf/provider-azuread/lib/app-role-assignment';
import { Application } from '@cdktf/provider-azuread/lib/application';
import { DataAzureadClientConfig } from '@cdktf/provider-azuread/lib/data-azuread-client-config';
import { AzureadProvider } from '@cdktf/provider-azuread/lib/provider';
import { ServicePrincipal } from '@cdktf/provider-azuread/lib/service-principal';
import { waitFor } from '../core/dependencies';
import { ensureProvider } from '../core/stack-provider';
import { TagsAspect } from '../core/tags';
import { refuse } from '../core/validation';
import { Sleep } from '@cdktf/provider-time/lib/sleep';
import { RolePropagation } from './propagation';

/** An Entra application registration: what tokens are asked for (the audience) and checked against. */
export interface IAppRegistration {
  /** Application (client) id: the audience of the tokens. */
  readonly clientId: string;
  /** The tenant the registration lives in. */
  readonly tenantId: string;
}

/** Attributes of a registration created elsewhere (by hand, or by another stack). */
export interface ExistingAppRegistrationAttributes {
  /** Application (client) id. */
  readonly clientId: string;
  /** The tenant. */
  readonly tenantId: string;
}

/** An app role of a registration, given to applications (and users) by assignment. */
export interface AppRegistrationRole {
  /** The value tokens carry in `roles`, e.g. `AzureEventGridSecureWebhookSubscriber`. */
  readonly value: string;
  /** A fixed GUID: the role's id must not change between deploys. */
  readonly id: string;
  /** What the role allows. */
  readonly description: string;
}

export interface AppRegistrationProps {
  /** Display name in Entra ID, e.g. `func-rtp-dev-patterns`. */
  readonly displayName: string;
  /**
   * Object ids of the registration's and its service principal's owners: every identity that
   * deploys the stack (a pipeline's service principal, the people who run `cdktf deploy`). With
   * `Application.ReadWrite.OwnedBy` an identity can update only what it owns, so list them all;
   * azuread removes the deploying identity as owner after the create when it is not listed.
   * @default - the identity that runs the first deploy (`azuread_client_config`), held still
   * afterwards (`ignore_changes`), so a deploy by another identity changes no owner
   */
  readonly owners?: string[];
  /**
   * App roles (assignable to applications and users).
   * @default - none
   */
  readonly appRoles?: AppRegistrationRole[];
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Construct id of the wait between the service principal and the role assignments on it. */
const REPLICATION_WAIT = 'service-principal-replication';

/** Refuse an object id that is neither a GUID nor a Terraform reference, and an empty or repeated list. */
export function checkObjectIds(scope: Construct, setting: string, ids: string[] | undefined, list: boolean): void {
  if (ids === undefined) return;
  if (list && ids.length === 0) {
    refuse(scope, {
      lesson: 'ACCESS', setting, given: ids,
      problem: 'a registration without owners can be changed only by an administrator: no deploy could update it.',
      fix: 'list the object ids of the identities that deploy the stack, or leave the setting out (the deploying identity owns it).',
    });
  }
  ids.forEach((objectId, i) => {
    const where = list ? `${setting}[${i}]` : setting;
    if (typeof objectId !== 'string' || (!Token.isUnresolved(objectId) && !GUID.test(objectId))) {
      refuse(scope, {
        lesson: 'ACCESS', setting: where, given: objectId,
        problem: 'Entra ID names a principal by its object id, a GUID; anything else fails the apply after the registration exists.',
        fix: 'give the object id (az ad sp show --id <client id> --query id, az ad signed-in-user show --query id).',
      });
    }
    if (list && !Token.isUnresolved(objectId) && ids.findIndex((o) => o.toLowerCase() === objectId.toLowerCase()) !== i) {
      refuse(scope, {
        lesson: 'ACCESS', setting: where, given: objectId,
        problem: 'the object id is listed twice.', fix: 'list each identity once.',
      });
    }
  });
}

/** The azuread provider of the stack: the one it brings, or one created next to azurerm. */
function ensureAzuread(scope: Construct): void {
  // Credentials as for azurerm: ARM_TENANT_ID / ARM_CLIENT_ID, az login, or managed identity.
  ensureProvider(scope, 'azuread', (stack) => new AzureadProvider(stack, 'azuread', {}));
}

/**
 * An Entra application registration with its service principal, created by the stack so a
 * deploy needs no hand-made registration (ACCESS): the deploying identity owns both (Microsoft
 * Graph `Application.ReadWrite.OwnedBy`, see docs/deploy.md). Tokens for it name its client id
 * as audience. Bring one that exists with `AppRegistration.fromExisting`.
 */
export class AppRegistration extends Construct implements IAppRegistration {
  /** A registration that exists: nothing is created. */
  public static fromExisting(_scope: Construct, _id: string, attributes: ExistingAppRegistrationAttributes): IAppRegistration {
    return { clientId: attributes.clientId, tenantId: attributes.tenantId };
  }

  public readonly application: Application;
  public readonly servicePrincipal: ServicePrincipal;
  public readonly clientId: string;
  public readonly tenantId: string;
  /**
   * The object id of the identity running the deploy (`azuread_client_config`): changes with
   * who deploys, so a resource that takes it holds it still (`ignore_changes`).
   */
  public readonly deployerObjectId: string;
  /** The owners as configured: the `owners` given, or the deploying identity. */
  public readonly owners: string[];
  /** Role assignments made with `assignRole`: what must exist before a caller relies on them. */
  public readonly assignments: AppRoleAssignment[] = [];
  private readonly roles: Map<string, string>;

  constructor(scope: Construct, id: string, props: AppRegistrationProps) {
    super(scope, id);
    if (!Token.isUnresolved(props.displayName) && props.displayName.trim() === '') {
      refuse(this, { lesson: 'ACCESS', setting: 'displayName', given: props.displayName, problem: 'a registration needs a name people can find.', fix: 'give e.g. the name of the API.' });
    }
    const roles = props.appRoles ?? [];
    for (const role of roles) {
      if (!GUID.test(role.id)) {
        refuse(this, {
          lesson: 'ACCESS', setting: `appRoles.${role.value}.id`, given: role.id,
          problem: 'an app role id is a GUID, and a fixed one: a new id on every synth would replace the role and drop its assignments.', fix: 'give a GUID written once in the code.',
        });
      }
    }
    this.roles = new Map(roles.map((role) => [role.value, role.id]));
    checkObjectIds(this, 'owners', props.owners, true);
    ensureAzuread(this);
    const client = new DataAzureadClientConfig(this, 'client-config', {});
    this.deployerObjectId = client.objectId;
    this.owners = props.owners ? [...props.owners] : [client.objectId];
    // Without owners from the settings: whoever deploys first owns it, and a later deploy by
    // another identity must not make it the owner instead (owners is a plain set in azuread).
    const holdOwners = props.owners === undefined ? { lifecycle: { ignoreChanges: ['owners'] } } : {};
    this.application = new Application(this, 'application', {
      displayName: props.displayName,
      signInAudience: 'AzureADMyOrg',
      owners: this.owners,
      ...holdOwners,
      ...(roles.length > 0 ? {
        appRole: roles.map((role) => ({
          id: role.id, value: role.value, displayName: role.value, description: role.description,
          allowedMemberTypes: ['Application', 'User'], enabled: true,
        })),
      } : {}),
    });
    this.servicePrincipal = new ServicePrincipal(this, 'service-principal', {
      clientId: this.application.clientId,
      owners: this.owners,
      ...holdOwners,
    });
    // Entra objects take tags as a set of strings, not Azure's map: the stack's tags stay off them.
    TagsAspect.exclude(this.application);
    TagsAspect.exclude(this.servicePrincipal);
    this.clientId = this.application.clientId;
    this.tenantId = client.tenantId;
  }

  /**
   * Assign one of the registration's app roles to a principal (by object id). The assignment
   * waits for the registration's service principal to replicate (`replication`).
   */
  public assignRole(id: string, roleValue: string, principalObjectId: string): AppRoleAssignment {
    const roleId = this.roles.get(roleValue);
    if (roleId === undefined) {
      refuse(this, {
        lesson: 'ACCESS', setting: 'roleValue', given: roleValue,
        problem: 'the registration has no such app role.', fix: `use one of ${[...this.roles.keys()].join(', ') || '(none: give appRoles)'}.`,
      });
    }
    checkObjectIds(this, `${id}.principalObjectId`, [principalObjectId], false);
    const assignment = new AppRoleAssignment(this, id, {
      appRoleId: roleId, principalObjectId, resourceObjectId: this.servicePrincipal.objectId,
    });
    this.assignments.push(assignment);
    this.waitForReplication(assignment);
    return assignment;
  }

  /**
   * The wait between the new service principal and the role assignments on it (construct id
   * `service-principal-replication`), created with the first assignment. azuread v3.7.0 reads
   * the resource service principal before it creates an assignment, without a retry
   * (`internal/services/approleassignments/app_role_assignment_resource.go`,
   * `appRoleAssignmentResourceCreate`: `GetServicePrincipal` with the default options, no
   * `RetryFunc`; go-azure-sdk's client retries a 404 only with one), so a service principal not
   * yet on the replica that answers fails the apply with "Service principal not found for
   * resource". The provider offers no setting for it: a wait is the only fix (RolePropagation,
   * point 3).
   */
  public get replication(): Sleep | undefined {
    return this.node.tryFindChild(REPLICATION_WAIT) as Sleep | undefined;
  }

  private waitForReplication(assignment: AppRoleAssignment): void {
    const existing = this.replication;
    if (existing) {
      waitFor(existing, assignment);
      return;
    }
    RolePropagation.wait(this, REPLICATION_WAIT, { after: [this.servicePrincipal], dependents: [assignment], duration: RolePropagation.ENTRA_WAIT });
  }

  /** Make resources wait for the role assignments (a caller that is checked for the role on creation). */
  public applyBefore(...resources: TerraformResource[]): void {
    for (const assignment of this.assignments) waitFor(assignment, ...resources);
  }
}
