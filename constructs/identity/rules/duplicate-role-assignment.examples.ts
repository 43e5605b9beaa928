import { RuleExamples, raw, ref } from '../../lessons-check/rule-examples';

const QUEUE = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.ServiceBus/namespaces/sb/queues/orders';
const identity = raw('azurerm_user_assigned_identity', 'worker', { resource_group_name: 'rg', location: 'westeurope' });
const assignment = (name: string, attributes: { readonly [name: string]: unknown }) => raw('azurerm_role_assignment', name, {
  principal_id: ref('azurerm_user_assigned_identity', 'worker', 'principal_id'), principal_type: 'ServicePrincipal', ...attributes,
});

// AZURE: the same role for the same principal on the same scope twice (Azure refuses the second).
export const EXAMPLES: RuleExamples = {
  rule: 'AZURE.DuplicateRoleAssignment',
  finds: 'two `azurerm_role_assignment`s giving the same principal the same role (both by name, or both by the role definition\'s GUID: a name and a GUID for one role are not matched) on the same scope (ids compared without case): Azure keeps one per principal, role and scope and refuses the second create with 409 RoleAssignmentExists part-way through the apply (assignments with `count` or `for_each`, or whose values use `each.`, `count.` or `self.`, are not compared: each is several or none); grant once and share the grant (a queue and its dead-letter queue granted on the same queue, say)',
  failing: [
    [identity, assignment('send', { scope: QUEUE, role_definition_name: 'Azure Service Bus Data Sender' }),
      assignment('send_dead_letters', { scope: QUEUE, role_definition_name: 'Azure Service Bus Data Sender' })],
    // The role by its definition id, the scope in other case: still the same assignment to Azure.
    [identity, assignment('send', { scope: QUEUE, role_definition_id: '/providers/Microsoft.Authorization/roleDefinitions/69a216fc-b8fb-44d8-bc22-1f3c2cd27a39' }),
      assignment('send_again', { scope: QUEUE.toUpperCase(), role_definition_id: '/subscriptions/0/providers/Microsoft.Authorization/roleDefinitions/69A216FC-B8FB-44D8-BC22-1F3C2CD27A39' })],
  ],
  passing: [
    [identity, assignment('send', { scope: QUEUE, role_definition_name: 'Azure Service Bus Data Sender' }),
      assignment('receive', { scope: QUEUE, role_definition_name: 'Azure Service Bus Data Receiver' })],
    // Two sets of assignments by for_each: `each.value` is another principal in each.
    [raw('azurerm_role_assignment', 'readers', { for_each: { a: 'x' }, scope: QUEUE, role_definition_name: 'Azure Service Bus Data Receiver', principal_id: '${each.value}' }),
      raw('azurerm_role_assignment', 'writers', { for_each: { b: 'y' }, scope: QUEUE, role_definition_name: 'Azure Service Bus Data Receiver', principal_id: '${each.value}' })],
  ],
};
