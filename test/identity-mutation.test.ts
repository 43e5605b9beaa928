import { Lazy } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ContainerApp } from '@cdktf/provider-azurerm/lib/container-app';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';
import { Grant } from '../constructs/identity/grant';
import { BuiltInRole } from '../constructs/identity/roles';
import { refusalOf } from './support/refusal';
import { resourceOf, synth, testStack } from './support/synth';

// Behaviour of constructs/identity the other suites leave open.

describe('BuiltInRole.of', () => {
  it('names a role this class does not list by its name and definition id', () => {
    const role = BuiltInRole.of('Azure Service Bus Data Sender', '69a216fc-b8fb-44d8-bc22-1f3c2cd27a39');
    expect([role.roleName, role.roleDefinitionId]).toEqual(['Azure Service Bus Data Sender', '69a216fc-b8fb-44d8-bc22-1f3c2cd27a39']);
  });
});

describe('Grant edges', () => {
  it('fails when the principal id is not a string (a resolvable object from another language)', () => {
    const principalId = Lazy.anyValue({ produce: () => '11111111-1111-1111-1111-111111111111' }) as unknown as string;
    expect(refusalOf(() => Grant.role(testStack(), 'pull', { principal: { principalId }, role: BuiltInRole.ACR_PULL, resourceId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.ContainerRegistry/registries/crshared' })))
      .toMatchObject({ lesson: 'SEC-1', path: 'test', setting: 'principal.principalId' });
  });

  // Found by mutation testing: `dependable(this)` is a new token on every call, so the guard
  // against a second entry never fired before the fix.
  it('adds a grant to depends_on once when applyBefore is called twice', () => {
    const stack = testStack();
    const identity = new UserAssignedIdentity(stack, 'worker', { name: 'id-worker', resourceGroupName: 'rg', location: 'westeurope' });
    const grant = Grant.role(stack, 'pull', { principal: identity, role: BuiltInRole.ACR_PULL, resourceId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.ContainerRegistry/registries/crshared' });
    const app = new ContainerApp(stack, 'app', {
      name: 'ca-x', resourceGroupName: 'rg', containerAppEnvironmentId: 'cae', revisionMode: 'Single',
      template: { container: [{ name: 'app', image: 'x.azurecr.io/a:1', cpu: 0.5, memory: '1Gi' }] },
    });
    grant.applyBefore(app);
    grant.applyBefore(app);
    expect(resourceOf(synth(stack), 'azurerm_container_app').depends_on).toEqual(['azurerm_role_assignment.pull']);
  });
});
