import { TerraformResource } from 'cdktf';
import { Construct } from 'constructs';
import { DataAzureadServicePrincipal } from '@cdktf/provider-azuread/lib/data-azuread-service-principal';
import { AppRegistration } from '../identity/app-registration';
import { WebhookEntraAuth } from './event-subscription';

/** The app role Event Grid's deliveries carry when the webhook is protected with Entra ID. */
export const SECURE_WEBHOOK_ROLE = 'AzureEventGridSecureWebhookSubscriber';
/** The role's id on registrations this library creates (fixed: a new id would drop the assignments). */
export const SECURE_WEBHOOK_ROLE_ID = 'd31fce4d-6640-4c9a-a856-ee09892423fb';
/** Application id of Microsoft.EventGrid, the first-party app whose service principal delivers events. */
export const EVENT_GRID_APPLICATION_ID = '4962773b-9cdb-44cf-a8bf-237846a00ab7';

export interface WebhookRegistrationProps {
  /** Display name of the registration, e.g. `evgs-rtp-dev-realtime-webhooks`. */
  readonly displayName: string;
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
 */
export class WebhookRegistration extends Construct {
  public readonly registration: AppRegistration;
  /** What the subscription and the gateway's token check need. */
  public readonly entraAuth: WebhookEntraAuth;

  constructor(scope: Construct, id: string, props: WebhookRegistrationProps) {
    super(scope, id);
    this.registration = new AppRegistration(this, 'registration', {
      displayName: props.displayName,
      appRoles: [{ value: SECURE_WEBHOOK_ROLE, id: SECURE_WEBHOOK_ROLE_ID, description: 'Event Grid delivers events to this webhook.' }],
    });
    const eventGrid = new DataAzureadServicePrincipal(this, 'event-grid', { clientId: EVENT_GRID_APPLICATION_ID });
    this.registration.assignRole('event-grid-role', SECURE_WEBHOOK_ROLE, eventGrid.objectId);
    this.registration.assignRole('deployer-role', SECURE_WEBHOOK_ROLE, this.registration.deployerObjectId);
    this.entraAuth = { tenantId: this.registration.tenantId, applicationIdOrUri: this.registration.clientId };
  }

  /** Make resources (the event subscription) wait for the role assignments. */
  public applyBefore(...resources: TerraformResource[]): void {
    this.registration.applyBefore(...resources);
  }
}
