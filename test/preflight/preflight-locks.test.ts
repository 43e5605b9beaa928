import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreflightManifest, Requirements } from '../../constructs/core/deploy-requirements';
import { CheckStatus, PreflightReport } from '../../constructs/preflight/types';
import { FakeAzure, FakeTenant, startFakeAzure } from '../support/fake-azure';
import { checkAgainstFake, readyTenant } from '../support/preflight-fixtures';

/**
 * The deployer's right to create a management lock (`AzureResource.addLock`), checked against a
 * fake of Resource Manager on 127.0.0.1: the ready tenant's deployer has Contributor and Role Based
 * Access Control Administrator on the subscription, which create resources and role assignments
 * but no lock; only User Access Administrator (or Owner) has `Microsoft.Authorization/locks/write`.
 */
const LOCK_WRITE = 'Microsoft.Authorization/locks/write';
const VAULT = '/subscriptions/{subscriptionId}/resourceGroups/rg-orders/providers/Microsoft.KeyVault/vaults/kv-orders';
const REGISTRY = '/subscriptions/{subscriptionId}/resourceGroups/rg-shared/providers/Microsoft.ContainerRegistry/registries/crshared';
const USER_ACCESS_ADMIN = '18d7d88d-d35e-4fb5-a5c3-7773c20a72d9';
const sub = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;

const MANIFEST: PreflightManifest = {
  version: 1,
  stack: 'orders-prod',
  requirements: [
    Requirements.azurePermission(LOCK_WRITE, { scopeId: VAULT }, 'the stack creates a management lock here.'),
    Requirements.azurePermission(LOCK_WRITE, { scopeId: REGISTRY, existing: true }, 'the stack locks a registry it reads.'),
  ],
};

/** The ready tenant, with User Access Administrator on the resource group of the vault, or without. */
function tenant(subscriptionId: string, userAccessAdmin: boolean): FakeTenant {
  const t = readyTenant(subscriptionId);
  const definition = `/subscriptions/${subscriptionId}/providers/Microsoft.Authorization/roleDefinitions/${USER_ACCESS_ADMIN}`;
  return {
    ...t,
    roleAssignments: [
      ...t.roleAssignments,
      ...(userAccessAdmin ? [{ scope: `/subscriptions/${subscriptionId}/resourceGroups/rg-orders`, roleDefinitionId: definition }] : []),
    ],
    roleDefinitions: { ...t.roleDefinitions, [definition]: { roleName: 'User Access Administrator', actions: ['*/read', 'Microsoft.Authorization/*', 'Microsoft.Support/*'], notActions: [] } },
  };
}

const SCENARIOS = { userAccessAdmin: true, contributorAndRbacAdmin: false };
const NAMES = Object.keys(SCENARIOS) as (keyof typeof SCENARIOS)[];
let fake: FakeAzure;
const reports = new Map<string, PreflightReport>();

beforeAll(async () => {
  const tenants = new Map(NAMES.map((name, i) => [sub(i + 1), tenant(sub(i + 1), SCENARIOS[name])]));
  fake = await startFakeAzure(tenants);
  const runs = NAMES.map((_, i) => ({ subscriptionId: sub(i + 1), tenant: tenants.get(sub(i + 1))! }));
  (await checkAgainstFake(fake, MANIFEST, runs)).forEach((report, i) => reports.set(NAMES[i], report));
}, 120_000);

afterAll(async () => {
  await fake?.close();
});

describe('Preflight.check: the deployer\'s right to lock (AzureResource.addLock)', () => {
  it('passes with User Access Administrator at or above the locked scope, and fails for the scope outside it', () => {
    const results = reports.get('userAccessAdmin')!.results;
    expect(results.map((r) => r.status)).toEqual([CheckStatus.OK, CheckStatus.MISSING]);
    expect(results[0].detail).toBe(`User Access Administrator at /subscriptions/${sub(1)}/resourceGroups/rg-orders allows ${LOCK_WRITE}.`);
  });

  it('fails when the deployer may create resources and assign roles but not lock, and the fix names User Access Administrator', () => {
    const [vault, registry] = reports.get('contributorAndRbacAdmin')!.results;
    expect([vault.status, registry.status]).toEqual([CheckStatus.MISSING, CheckStatus.MISSING]);
    expect(vault.detail).toBe(`no role of the deployer (Contributor, Role Based Access Control Administrator at or above the scope) allows ${LOCK_WRITE} on ${VAULT.replace('{subscriptionId}', sub(2))}.`);
    // The stack's own vault does not exist before the deploy: the grant goes on the subscription; the registry exists: on itself.
    const who = '--assignee-object-id 33333333-0000-4000-8000-000000000001 --assignee-principal-type ServicePrincipal';
    expect(vault.fix).toBe(`az role assignment create ${who} --role "User Access Administrator" --scope /subscriptions/${sub(2)} (or Owner, or a custom role with Microsoft.Authorization/locks/*, which assigns no roles)`);
    expect(registry.fix).toBe(`az role assignment create ${who} --role "User Access Administrator" --scope ${REGISTRY.replace('{subscriptionId}', sub(2))} (or Owner, or a custom role with Microsoft.Authorization/locks/*, which assigns no roles)`);
  });
});
