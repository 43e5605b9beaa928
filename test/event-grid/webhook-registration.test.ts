import { describe, expect, it } from 'vitest';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';
import { EVENT_GRID_APPLICATION_ID, WebhookRegistration } from '../../constructs/event-grid/webhook-registration';
import { RolePropagation } from '../../constructs/identity/propagation';
import { refusalOf } from '../support/refusal';
import { TerraformJson, resourceOf, resourcesOf, synth, testStack } from '../support/synth';

const EVENT_GRID_OBJECT_ID = '33333333-3333-4333-8333-333333333333';
const CI = '11111111-1111-4111-8111-111111111111';
const LAPTOP = '22222222-2222-4222-8222-222222222222';

function registration(props: Partial<ConstructorParameters<typeof WebhookRegistration>[2]> = {}) {
  const stack = testStack();
  const webhook = new WebhookRegistration(stack, 'webhook', { displayName: 'evgs-test-webhooks', ...props });
  return { stack, webhook, tf: synth(stack) };
}

const assignments = (tf: TerraformJson) => resourcesOf(tf, 'azuread_app_role_assignment') as Record<string, Record<string, unknown>>;
const assignmentAt = (tf: TerraformJson, path: string) => resourceOf(tf, 'azuread_app_role_assignment', path);

describe('WebhookRegistration: Event Grid\'s service principal (ACCESS, issue 27 item 1)', () => {
  it('looks Event Grid\'s service principal up by its application id when no object id is given', () => {
    const { tf } = registration();
    expect(Object.values(tf.data?.azuread_service_principal ?? {})).toEqual([{ client_id: EVENT_GRID_APPLICATION_ID }]);
    const lookup = Object.keys(tf.data?.azuread_service_principal ?? {})[0];
    expect(assignmentAt(tf, 'webhook/registration/event-grid-role').principal_object_id).toBe(`\${data.azuread_service_principal.${lookup}.object_id}`);
  });

  it('skips the lookup when the object id is given: no Graph read at plan, no failure in a tenant without it', () => {
    const { tf } = registration({ eventGridServicePrincipalObjectId: EVENT_GRID_OBJECT_ID });
    expect(tf.data?.azuread_service_principal).toBeUndefined();
    expect(assignmentAt(tf, 'webhook/registration/event-grid-role').principal_object_id).toBe(EVENT_GRID_OBJECT_ID);
  });

  it('fails when the given object id is Event Grid\'s application id\'s shape but not a GUID (ACCESS)', () => {
    const r = refusalOf(() => registration({ eventGridServicePrincipalObjectId: 'Microsoft.EventGrid' }));
    expect(r).toMatchObject({ lesson: 'ACCESS', path: 'test/webhook', setting: 'eventGridServicePrincipalObjectId' });
    expect(r.message).toContain('Fix: give the object id (az ad sp show --id <client id> --query id');
  });
});

describe('WebhookRegistration: who holds the role and owns the registration (ACCESS, issue 27 item 3)', () => {
  it('gives the deploying identity the role and holds it still: principal_object_id forces a new assignment', () => {
    const { tf } = registration();
    const deployer = assignmentAt(tf, 'webhook/registration/deployer-role');
    const client = Object.keys(tf.data?.azuread_client_config ?? {})[0];
    expect(deployer).toMatchObject({ principal_object_id: `\${data.azuread_client_config.${client}.object_id}`, lifecycle: { ignore_changes: ['principal_object_id'] } });
    expect(assignmentAt(tf, 'webhook/registration/event-grid-role')).not.toHaveProperty('lifecycle');
    expect(resourceOf(tf, 'azuread_application').lifecycle).toEqual({ ignore_changes: ['owners'] });
  });

  it('gives each listed deployer its own assignment, keyed by object id, and makes them the owners', () => {
    const { tf } = registration({ deployerObjectIds: [CI, LAPTOP] });
    const byPrincipal = Object.entries(assignments(tf)).map(([id, a]) => [id.replace(/_[0-9A-F]+$/, ''), a.principal_object_id, a.lifecycle]);
    expect(byPrincipal).toEqual(expect.arrayContaining([
      [`webhook_registration_deployer-role-${CI}`, CI, undefined],
      [`webhook_registration_deployer-role-${LAPTOP}`, LAPTOP, undefined],
    ]));
    expect(Object.keys(assignments(tf))).toHaveLength(3);
    expect(resourceOf(tf, 'azuread_application').owners).toEqual([CI, LAPTOP]);
    expect(resourceOf(tf, 'azuread_service_principal').owners).toEqual([CI, LAPTOP]);
    expect(resourceOf(tf, 'azuread_application')).not.toHaveProperty('lifecycle');
  });

  it('moves the assignment a stack deployed without the setting holds to the first listed deployer (no second assignment of one principal, which Graph refuses)', () => {
    const before = registration().tf;
    const held = Object.keys(assignments(before)).find((id) => id.startsWith('webhook_registration_deployer-role_'));
    const { tf } = registration({ deployerObjectIds: [CI, LAPTOP] });
    const first = Object.keys(assignments(tf)).find((id) => id.startsWith(`webhook_registration_deployer-role-${CI}_`));
    expect((tf as { moved?: unknown }).moved).toEqual([{ from: `azuread_app_role_assignment.${held}`, to: `azuread_app_role_assignment.${first}` }]);
  });

  it('takes owners apart from the deployers when given', () => {
    const { tf } = registration({ deployerObjectIds: [CI], owners: [CI, LAPTOP] });
    expect(resourceOf(tf, 'azuread_application').owners).toEqual([CI, LAPTOP]);
    expect(Object.keys(assignments(tf))).toHaveLength(2);
  });

  it.each([
    [[], 'deployerObjectIds'],
    [['ci'], 'deployerObjectIds[0]'],
    [[CI, CI], 'deployerObjectIds[1]'],
  ])('fails when the deployers are %j (ACCESS)', (deployerObjectIds, setting) => {
    const r = refusalOf(() => registration({ deployerObjectIds }));
    expect(r).toMatchObject({ lesson: 'ACCESS', path: 'test/webhook', setting });
  });
});

describe('WebhookRegistration.applyBefore: the subscription waits for Entra ID (issue 27 item 4)', () => {
  it('makes the resources wait for the assignments, then for a wait that starts after them and what the resources waited for already', () => {
    const stack = testStack();
    const webhook = new WebhookRegistration(stack, 'webhook', { displayName: 'evgs-test-webhooks', eventGridServicePrincipalObjectId: EVENT_GRID_OBJECT_ID });
    // Any resource stands in for the subscription.
    const subscriber = new UserAssignedIdentity(stack, 'subscriber', { name: 'id-subscriber', resourceGroupName: 'rg', location: 'westeurope' });
    subscriber.dependsOn = ['azurerm_api_management_api_policy.policy'];
    webhook.applyBefore(subscriber);
    webhook.applyBefore(subscriber);
    const tf = synth(stack);
    const roles = Object.keys(assignments(tf)).map((id) => `azuread_app_role_assignment.${id}`);
    const wait = resourceOf(tf, 'time_sleep', 'webhook/propagation');
    expect(wait.create_duration).toBe(RolePropagation.ENTRA_WAIT);
    expect([...(wait.depends_on as string[])].sort()).toEqual([...roles, 'azurerm_api_management_api_policy.policy'].sort());
    const waitAddress = `time_sleep.${Object.keys(resourcesOf(tf, 'time_sleep')).find((k) => k.includes('webhook_propagation'))}`;
    // Called twice: each address once, and the wait never waits for itself.
    const dependsOn = resourceOf(tf, 'azurerm_user_assigned_identity').depends_on as string[];
    expect(dependsOn[0]).toBe('azurerm_api_management_api_policy.policy');
    expect(dependsOn.slice(1, 3).sort()).toEqual([...roles].sort());
    expect(dependsOn.slice(3)).toEqual([waitAddress]);
    expect(wait.depends_on).not.toContain(waitAddress);
  });
});
