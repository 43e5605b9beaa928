import { TerraformResource, Token } from 'cdktf';
import { Construct } from 'constructs';
import { DataAzureadServicePrincipal } from '@cdktf/provider-azuread/lib/data-azuread-service-principal';
import { Sleep } from '@cdktf/provider-time/lib/sleep';
import { ConstructMoves } from '../core/construct-moves';
import { addressOf, waitFor } from '../core/dependencies';
import { AppRegistration, checkObjectIds } from '../identity/app-registration';
import { RolePropagation } from '../identity/propagation';
import { WebhookEntraAuth } from './event-subscription';
import { DeployRequirements, Requirements } from '../core/deploy-requirements';

/** The app role Event Grid's deliveries carry when the webhook is protected with Entra ID. */
export const SECURE_WEBHOOK_ROLE = 'AzureEventGridSecureWebhookSubscriber';
/** The role's id on registrations this library creates (fixed: a new id would drop the assignments). */
export const SECURE_WEBHOOK_ROLE_ID = 'd31fce4d-6640-4c9a-a856-ee09892423fb';
/** Application id of Microsoft.EventGrid, the first-party app whose service principal delivers events. */
export const EVENT_GRID_APPLICATION_ID = '4962773b-9cdb-44cf-a8bf-237846a00ab7';

export interface WebhookRegistrationProps {
  /** Display name of the registration, e.g. `evgs-rtp-dev-realtime-webhooks`. */
  readonly displayName: string;
  /**
   * Object id of Event Grid's service principal in the tenant (`az ad sp show --id
   * 4962773b-9cdb-44cf-a8bf-237846a00ab7 --query id -o tsv`). Given, the stack does not look it
   * up: the plan needs no Microsoft Graph read right, and never fails on a tenant where the
   * lookup would find nothing.
   * @default - looked up by Event Grid's application id at plan (`data.azuread_service_principal`;
   * `Application.Read.All`, and the service principal must exist: `az ad sp create --id
   * 4962773b-9cdb-44cf-a8bf-237846a00ab7` creates it once)
   */
  readonly eventGridServicePrincipalObjectId?: string;
  /**
   * Object ids of every identity that creates or updates the event subscription (a pipeline's
   * service principal, the people who run `cdktf deploy`): Event Grid checks that the
   * subscription's writer holds the role, so each gets it. On a stack deployed without this
   * setting, list first the identity that ran that first deploy: its assignment moves to the first
   * listed address (a `moved` block), and another identity listed first would replace it while a
   * new assignment for the first deployer is created beside the old one, which Graph refuses.
   * @default - the identity that runs the first deploy (`azuread_client_config`), held still
   * afterwards (`ignore_changes`): another identity's deploy replaces nothing, but cannot change
   * the subscription either until it is listed here
   */
  readonly deployerObjectIds?: string[];
  /**
   * Owners of the registration and its service principal.
   * @default - `deployerObjectIds`, else the identity that runs the first deploy (held still)
   */
  readonly owners?: string[];
}

/**
 * The Entra registration Event Grid asks tokens for when it delivers to a protected webhook,
 * created by the stack: the `AzureEventGridSecureWebhookSubscriber` app role, assigned to Event
 * Grid's service principal (so its tokens carry the role) and to the deploying identity, which
 * also owns the registration (Event Grid checks the subscription's writer on creation). Make the
 * subscription wait for the assignments with `applyBefore`.
 *
 * Event Grid's service principal exists in a tenant once the Microsoft.EventGrid resource
 * provider has been used there; where it does not, `az ad sp create --id
 * 4962773b-9cdb-44cf-a8bf-237846a00ab7` creates it (the plan fails on the lookup otherwise).
 * Give its object id (`eventGridServicePrincipalObjectId`) and the plan does not look it up.
 */
export class WebhookRegistration extends Construct {
  public readonly registration: AppRegistration;
  /** What the subscription and the gateway's token check need. */
  public readonly entraAuth: WebhookEntraAuth;

  constructor(scope: Construct, id: string, props: WebhookRegistrationProps) {
    super(scope, id);
    checkObjectIds(this, 'deployerObjectIds', props.deployerObjectIds, true);
    if (props.eventGridServicePrincipalObjectId !== undefined) {
      checkObjectIds(this, 'eventGridServicePrincipalObjectId', [props.eventGridServicePrincipalObjectId], false);
    }
    const owners = props.owners ?? props.deployerObjectIds;
    this.registration = new AppRegistration(this, 'registration', {
      displayName: props.displayName,
      appRoles: [{ value: SECURE_WEBHOOK_ROLE, id: SECURE_WEBHOOK_ROLE_ID, description: 'Event Grid delivers events to this webhook.' }],
      ...(owners ? { owners } : {}),
    });
    // The service principal must exist whether it is looked up or given (the assignment names it).
    DeployRequirements.of(this).add(this, Requirements.servicePrincipal(EVENT_GRID_APPLICATION_ID, 'Microsoft.EventGrid',
      'Event Grid delivers to Entra-protected webhooks as this service principal, and the plan looks it up; it is not in every tenant.'));
    // Given, no Graph read at plan; otherwise looked up by Event Grid's application id.
    const eventGridObjectId = props.eventGridServicePrincipalObjectId
      ?? new DataAzureadServicePrincipal(this, 'event-grid', { clientId: EVENT_GRID_APPLICATION_ID }).objectId;
    this.registration.assignRole('event-grid-role', SECURE_WEBHOOK_ROLE, eventGridObjectId);
    if (props.deployerObjectIds) {
      // Keyed by object id: adding or removing one identity leaves the others' assignments alone.
      props.deployerObjectIds.forEach((objectId, i) => {
        const assignment = this.registration.assignRole(`deployer-role-${objectId.toLowerCase()}`, SECURE_WEBHOOK_ROLE, objectId);
        // A stack deployed without the setting holds the first deployer's assignment at `deployer-role`.
        // Moved to the first listed identity's address: the same principal plans no change, another one
        // a replacement (destroy, then create), never a second assignment of one principal and role
        // next to the first, which Graph refuses ("Permission being assigned already exists").
        if (i === 0) ConstructMoves.renamedFrom(assignment, 'deployer-role');
      });
    } else {
      // principal_object_id forces a new assignment: a deploy by another identity would replace
      // the first deployer's (and drop its role), so the first deployer's is held still.
      const deployer = this.registration.assignRole('deployer-role', SECURE_WEBHOOK_ROLE, this.registration.deployerObjectId);
      deployer.lifecycle = { ignoreChanges: ['principal_object_id'] };
    }
    this.entraAuth = { tenantId: this.registration.tenantId, applicationIdOrUri: this.registration.clientId };
  }

  /**
   * Make resources (the event subscription) wait for the role assignments, and then for Entra
   * ID to replicate them (`propagation`): Event Grid checks the subscription's writer
   * against the role, and asks a token for the registration for the handshake, when the
   * subscription is created, and azurerm creates it once (Azure/azure-sdk-for-net#51014: the
   * subscription fails right after the registration and its assignments are created). The wait
   * also starts after everything the resources already wait for (the gateway's webhook policy
   * that answers the handshake).
   */
  public applyBefore(...resources: TerraformResource[]): void {
    this.registration.applyBefore(...resources);
    const wait = this.propagation
      ?? RolePropagation.wait(this, 'propagation', { after: this.registration.assignments, dependents: [], duration: RolePropagation.ENTRA_WAIT });
    const own = addressOf(wait);
    // What the resources wait for by address (the webhook policy, the assignments), not itself.
    const already = resources.flatMap((r) => r.dependsOn ?? []).filter((a) => a !== own && !Token.isUnresolved(a));
    wait.dependsOn = [...new Set([...(wait.dependsOn ?? []), ...already])];
    for (const resource of resources) waitFor(wait, resource);
  }

  /** The wait between the role assignments and the resources given to `applyBefore`. */
  public get propagation(): Sleep | undefined {
    return this.node.tryFindChild('propagation') as Sleep | undefined;
  }
}
