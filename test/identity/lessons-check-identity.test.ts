import { TerraformVariable, Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { RoleAssignment } from '@cdktf/provider-azurerm/lib/role-assignment';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';
import { ReportStatus } from '../../constructs/lessons-check/report';
import { ManagedIdentity, PrincipalType } from '../../constructs/identity/principal';
import { refusalOf } from '../support/refusal';
import { Grant } from '../../constructs/identity/grant';
import { BuiltInRole } from '../../constructs/identity/roles';
import { failuresOf, lessonsOn } from '../support/hcl';
import { rawStack, statusOf } from '../support/lessons-rules';
import { errorsOf } from '../support/synth';

// AZURE: Azure keeps one role assignment per principal, role and scope; a second create is refused
// (409 RoleAssignmentExists) part-way through an apply.
const RULE = 'AZURE.DuplicateRoleAssignment';
const QUEUE = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.ServiceBus/namespaces/sb/queues/orders';
const SENDER = BuiltInRole.of('Azure Service Bus Data Sender', '69a216fc-b8fb-44d8-bc22-1f3c2cd27a39');

function withIdentity() {
  const stack = rawStack();
  const worker = new UserAssignedIdentity(stack, 'worker', { name: 'id-worker', resourceGroupName: 'rg', location: 'westeurope' });
  return { stack, worker };
}

describe('AZURE.DuplicateRoleAssignment in a stack', () => {
  it('shares one assignment when the library is asked twice for one identity, role and queue (the queue and its dead letters): nothing for the rule to find', () => {
    const { stack, worker } = withIdentity();
    const principal = ManagedIdentity.fromUserAssigned(worker);
    const send = Grant.role(stack, 'send', { principal, role: SENDER, resourceId: QUEUE });
    expect(Grant.role(stack, 'send-dead-letters', { principal, role: SENDER, resourceId: QUEUE.toUpperCase() })).toBe(send);
    expect(Grant.role(stack, 'other-role', { principal, role: BuiltInRole.of('Azure Service Bus Data Receiver', '4f6d3b9b-027b-4f4c-9142-0e5a2a2247e0'), resourceId: QUEUE })).not.toBe(send);
    Testing.synth(stack);
    expect(errorsOf(stack)).toEqual([]);
    expect(statusOf(stack, RULE, 'send')).toEqual([ReportStatus.COMPLIANT]);
    expect(stack.node.tryFindChild('send-dead-letters')).toBeUndefined();
  });

  it('fails when one principal is granted a role it already holds on the scope as another kind of principal', () => {
    const { stack } = withIdentity();
    const principalId = '22222222-3333-4444-5555-666666666666';
    Grant.role(stack, 'as-app', { principal: { principalId }, role: SENDER, resourceId: QUEUE });
    const r = refusalOf(() => Grant.role(stack, 'as-user', { principal: { principalId, principalType: PrincipalType.USER }, role: SENDER, resourceId: QUEUE }));
    expect(r.message).toBe('[SEC-1] other-dev: principal.principalType = "User": other-dev/as-app already grants this principal Azure Service Bus Data Sender here as a ServicePrincipal: '
      + 'one principal is one kind, and Azure refuses an assignment whose type does not match it. Fix: give the principal the same principalType everywhere (a managed identity or an application is ServicePrincipal).');
  });

  it('fails when raw assignments give the same role by definition id, the GUID and the scope in other case; a role by name and the same role by id are not compared (no name-to-id table)', () => {
    const { stack, worker } = withIdentity();
    new RoleAssignment(stack, 'by-name', { principalId: worker.principalId, scope: QUEUE, roleDefinitionName: 'Azure Service Bus Data Sender' });
    new RoleAssignment(stack, 'by-id', { principalId: worker.principalId, scope: QUEUE, roleDefinitionId: '/providers/Microsoft.Authorization/roleDefinitions/69a216fc-b8fb-44d8-bc22-1f3c2cd27a39' });
    new RoleAssignment(stack, 'by-id-again', { principalId: worker.principalId, scope: QUEUE.toUpperCase(), roleDefinitionId: '/subscriptions/0/providers/Microsoft.Authorization/roleDefinitions/69A216FC-B8FB-44D8-BC22-1F3C2CD27A39' });
    expect(statusOf(stack, RULE, 'by-name')).toEqual([ReportStatus.COMPLIANT]);
    expect(statusOf(stack, RULE, 'by-id')).toEqual([ReportStatus.COMPLIANT]);
    expect(statusOf(stack, RULE, 'by-id-again')).toEqual([ReportStatus.NON_COMPLIANT]);
  });

  it('passes another role, another scope or another principal', () => {
    const { stack, worker } = withIdentity();
    const other = new UserAssignedIdentity(stack, 'other-identity', { name: 'id-other', resourceGroupName: 'rg', location: 'westeurope' });
    new RoleAssignment(stack, 'send', { principalId: worker.principalId, scope: QUEUE, roleDefinitionName: 'Azure Service Bus Data Sender' });
    new RoleAssignment(stack, 'receive', { principalId: worker.principalId, scope: QUEUE, roleDefinitionName: 'Azure Service Bus Data Receiver' });
    new RoleAssignment(stack, 'elsewhere', { principalId: worker.principalId, scope: `${QUEUE}-2`, roleDefinitionName: 'Azure Service Bus Data Sender' });
    new RoleAssignment(stack, 'other', { principalId: other.principalId, scope: QUEUE, roleDefinitionName: 'Azure Service Bus Data Sender' });
    Testing.synth(stack);
    expect(errorsOf(stack)).toEqual([]);
    for (const id of ['send', 'receive', 'elsewhere', 'other']) expect(statusOf(stack, RULE, id)).toEqual([ReportStatus.COMPLIANT]);
  });
});

describe('AZURE.DuplicateRoleAssignment and count, for_each and expressions (review: they are not one assignment each)', () => {
  it('passes two for_each sets granting each.value the same role on the same scope, and two alternatives by count', async () => {
    const report = await lessonsOn({
      'main.tf': `
variable "readers" { type = set(string) }
variable "writers" { type = set(string) }
variable "on" { type = bool }
resource "azurerm_role_assignment" "readers" {
  for_each             = var.readers
  scope                = "${QUEUE}"
  role_definition_name = "Azure Service Bus Data Receiver"
  principal_id         = each.value
}
resource "azurerm_role_assignment" "writers" {
  for_each             = var.writers
  scope                = "${QUEUE}"
  role_definition_name = "Azure Service Bus Data Receiver"
  principal_id         = each.value
}
resource "azurerm_role_assignment" "when_on" {
  count                = var.on ? 1 : 0
  scope                = "${QUEUE}"
  role_definition_name = "Azure Service Bus Data Sender"
  principal_id         = "00000000-0000-0000-0000-000000000001"
}
resource "azurerm_role_assignment" "when_off" {
  count                = var.on ? 0 : 1
  scope                = "${QUEUE}"
  role_definition_name = "Azure Service Bus Data Sender"
  principal_id         = "00000000-0000-0000-0000-000000000001"
}
`,
    });
    expect(failuresOf(report, RULE)).toEqual([]);
  });

  it('compares a role definition id written as an expression as written (Terraform names are case-sensitive)', () => {
    const { stack, worker } = withIdentity();
    const lower = new TerraformVariable(stack, 'role', { type: 'string' });
    const upper = new TerraformVariable(stack, 'ROLE', { type: 'string' });
    new RoleAssignment(stack, 'one', { principalId: worker.principalId, scope: QUEUE, roleDefinitionId: lower.stringValue });
    new RoleAssignment(stack, 'two', { principalId: worker.principalId, scope: QUEUE, roleDefinitionId: upper.stringValue });
    expect(statusOf(stack, RULE, 'two')).toEqual([ReportStatus.COMPLIANT]);
  });
});

describe('AZURE.DuplicateRoleAssignment on plain HCL (azure-lessons)', () => {
  it('fails on the second of two identical assignments, references compared as written', async () => {
    const report = await lessonsOn({
      'main.tf': `
resource "azurerm_user_assigned_identity" "worker" {
  name                = "id-worker"
  resource_group_name = "rg"
  location            = "westeurope"
}
resource "azurerm_role_assignment" "send" {
  scope                = "${QUEUE}"
  role_definition_name = "Azure Service Bus Data Sender"
  principal_id         = azurerm_user_assigned_identity.worker.principal_id
}
resource "azurerm_role_assignment" "send_again" {
  scope                = "${QUEUE}"
  role_definition_name = "Azure Service Bus Data Sender"
  principal_id         = azurerm_user_assigned_identity.worker.principal_id
}
`,
    });
    expect(failuresOf(report, RULE).map((r) => r.address)).toEqual(['azurerm_role_assignment.send_again']);
  });
});
