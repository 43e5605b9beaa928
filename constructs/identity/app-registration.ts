import { TerraformProvider, TerraformResource, TerraformStack, Token } from 'cdktf';
import { Construct } from 'constructs';
import { AppRoleAssignment } from '@cdktf/provider-azuread/lib/app-role-assignment';
import { Application } from '@cdktf/provider-azuread/lib/application';
import { DataAzureadClientConfig } from '@cdktf/provider-azuread/lib/data-azuread-client-config';
import { AzureadProvider } from '@cdktf/provider-azuread/lib/provider';
import { ServicePrincipal } from '@cdktf/provider-azuread/lib/service-principal';
import { waitFor } from '../core/dependencies';
import { TagsAspect } from '../core/tags';
import { refuse } from '../core/validation';

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
   * App roles (assignable to applications and users).
   * @default - none
   */
  readonly appRoles?: AppRegistrationRole[];
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The azuread provider of the stack: the one it brings, or one created next to azurerm. */
function ensureAzuread(scope: Construct): void {
  const stack = TerraformStack.of(scope);
  const present = stack.node.findAll().some((c) => c instanceof TerraformProvider && c.terraformResourceType === 'azuread');
  // Credentials as for azurerm: ARM_TENANT_ID / ARM_CLIENT_ID, az login, or managed identity.
  if (!present) new AzureadProvider(stack, 'azuread', {});
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
  /** The deploying identity's object id (the owner). */
  public readonly deployerObjectId: string;
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
    ensureAzuread(this);
    const client = new DataAzureadClientConfig(this, 'client-config', {});
    this.deployerObjectId = client.objectId;
    this.application = new Application(this, 'application', {
      displayName: props.displayName,
      signInAudience: 'AzureADMyOrg',
      owners: [client.objectId],
      ...(roles.length > 0 ? {
        appRole: roles.map((role) => ({
          id: role.id, value: role.value, displayName: role.value, description: role.description,
          allowedMemberTypes: ['Application', 'User'], enabled: true,
        })),
      } : {}),
    });
    this.servicePrincipal = new ServicePrincipal(this, 'service-principal', {
      clientId: this.application.clientId,
      owners: [client.objectId],
    });
    // Entra objects take tags as a set of strings, not Azure's map: the stack's tags stay off them.
    TagsAspect.exclude(this.application);
    TagsAspect.exclude(this.servicePrincipal);
    this.clientId = this.application.clientId;
    this.tenantId = client.tenantId;
  }

  /** Assign one of the registration's app roles to a principal (by object id). */
  public assignRole(id: string, roleValue: string, principalObjectId: string): AppRoleAssignment {
    const roleId = this.roles.get(roleValue);
    if (roleId === undefined) {
      refuse(this, {
        lesson: 'ACCESS', setting: 'roleValue', given: roleValue,
        problem: 'the registration has no such app role.', fix: `use one of ${[...this.roles.keys()].join(', ') || '(none: give appRoles)'}.`,
      });
    }
    const assignment = new AppRoleAssignment(this, id, {
      appRoleId: roleId, principalObjectId, resourceObjectId: this.servicePrincipal.objectId,
    });
    this.assignments.push(assignment);
    return assignment;
  }

  /** Make resources wait for the role assignments (a caller that is checked for the role on creation). */
  public applyBefore(...resources: TerraformResource[]): void {
    for (const assignment of this.assignments) waitFor(assignment, ...resources);
  }
}
