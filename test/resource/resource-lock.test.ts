import { Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ManagementLock } from '@cdktf/provider-azurerm/lib/management-lock';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import { StorageAccount as RawStorageAccount } from '@cdktf/provider-azurerm/lib/storage-account';
import { Resource as AzapiResource } from '../../.gen/providers/azapi/resource';
import { RequirementKind } from '../../constructs/core/deploy-requirements';
import { Suppressions } from '../../constructs/core/suppressions';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';
import { PublicNetworkAccess } from '../../constructs/core/network';
import { ManagedIdentity } from '../../constructs/identity/principal';
import { KeyVault } from '../../constructs/key-vault/key-vault';
import { StorageAccount } from '../../constructs/storage/storage-account';
import { LockLevel } from '../../constructs/resource/resource-lock';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { LessonsCheck } from '../../constructs/stack/lessons-check';
import { RuleLevel } from '../../constructs/lessons-check/pack';
import { ReportStatus } from '../../constructs/lessons-check/report';
import { PreflightManifests } from '../../constructs/stack/preflight-manifest';
import { renderTable } from '../../tools/preflight-docs/render';
import { refusalOf } from '../support/refusal';
import { resourceOf, resourcesOf, synth, testStack, warningsOf } from '../support/synth';

const stackOf = () => new AzureStack(Testing.app(), { stackName: 'locks', environmentName: 'prod', production: true });
const vaultIn = (stack: AzureStack, id = 'vault', name = 'kv-locks') =>
  new KeyVault(stack, id, { name, resourceGroupName: 'rg-locks', location: 'westeurope' });
const VAULT_ID = '/subscriptions/{subscriptionId}/resourceGroups/rg-locks/providers/Microsoft.KeyVault/vaults/kv-locks';
const locksOf = (stack: AzureStack) => PreflightManifests.of(stack).requirements.filter((r) => r.action === 'Microsoft.Authorization/locks/write');

describe('AzureResource.addLock: a management lock as AVM\'s `lock` sets one (issue 30)', () => {
  it('locks the resource against deletes: named for it, scoped to its id, with notes that stay the same when the construct moves', () => {
    const stack = stackOf();
    const vault = vaultIn(stack);
    vault.addLock(LockLevel.CAN_NOT_DELETE);
    const tf = synth(stack);
    // The name follows the vault's (a reference: the lock waits for the vault, and is replaced with it).
    expect(resourceOf(tf, 'azurerm_management_lock')).toEqual({
      name: expect.stringMatching(/^lock-\$\{azurerm_key_vault\.vault_[0-9A-F]{8}\.name\}$/),
      scope: expect.stringMatching(/^\$\{azurerm_key_vault\.vault_[0-9A-F]{8}\.id\}$/), lock_level: 'CanNotDelete',
      depends_on: [expect.stringMatching(/^azurerm_key_vault\.vault_[0-9A-F]{8}$/)],
      notes: 'Set by Terraform: remove it in the stack that sets it. Removed by hand, the next apply sets it again.',
    });
    expect(warningsOf(stack).filter((w) => w.includes('read-only lock'))).toEqual([]);
  });

  it('waits for everything under the resource, children added after it too, so a destroy removes the lock first', () => {
    const stack = stackOf();
    const storage = new StorageAccount(stack, 'storage', { name: 'stlocks', resourceGroupName: 'rg-locks', location: 'westeurope', publicNetworkAccess: PublicNetworkAccess.ENABLED });
    storage.addLock(LockLevel.CAN_NOT_DELETE);
    const queue = storage.addQueue('later');
    const identity = new UserAssignedIdentity(stack, 'worker', { name: 'id-worker', resourceGroupName: 'rg-locks', location: 'westeurope' });
    queue.grantSend(ManagedIdentity.fromUserAssigned(identity));
    const tf = synth(stack);
    const dependsOn = (resourceOf(tf, 'azurerm_management_lock') as { depends_on: string[] }).depends_on;
    const queueAddress = `azurerm_storage_queue.${Object.keys(resourcesOf(tf, 'azurerm_storage_queue'))[0]}`;
    expect(dependsOn).toContain(queueAddress);
    expect(dependsOn).toContain(`azurerm_storage_account.${Object.keys(resourcesOf(tf, 'azurerm_storage_account'))[0]}`);
    expect(dependsOn.filter((d) => d.startsWith('azurerm_role_assignment.'))).toHaveLength(Object.keys(resourcesOf(tf, 'azurerm_role_assignment')).length);
    expect(dependsOn.some((d) => d.startsWith('azurerm_management_lock.') || d.startsWith('azurerm_user_assigned_identity.'))).toBe(false);
  });

  it('takes a name and notes of its own', () => {
    const stack = stackOf();
    vaultIn(stack).addLock(LockLevel.CAN_NOT_DELETE, { name: 'keep secrets (ticket 42)', notes: 'Payments keeps its secrets here.' });
    expect(resourceOf(synth(stack), 'azurerm_management_lock')).toMatchObject({ name: 'keep secrets (ticket 42)', notes: 'Payments keeps its secrets here.' });
  });

  it('warns about a read-only lock, which stops Terraform\'s own changes too (AZURE.ReadOnlyLock)', () => {
    const stack = stackOf();
    vaultIn(stack).addLock(LockLevel.READ_ONLY);
    expect(resourceOf(synth(stack), 'azurerm_management_lock')).toMatchObject({ lock_level: 'ReadOnly' });
    expect(warningsOf(stack)).toContainEqual(expect.stringMatching(
      /^\[AZURE\] locks-prod\/vault\/lock: level = "ReadOnly": a read-only lock stops every change and delete on the locked resource and the Resource Manager children under it, Terraform's too: .* so even a plan can fail where azurerm reads a resource by POST .* Fix: use LockLevel\.CAN_NOT_DELETE/,
    ));
  });

  it('shows its read-only warning once: it stands for the rule\'s finding on the lock (AZURE.ReadOnlyLock)', () => {
    const stack = stackOf();
    vaultIn(stack).addLock(LockLevel.READ_ONLY);
    synth(stack);
    const shown = warningsOf(stack).filter((w) => w.includes('a read-only lock stops'));
    expect(shown).toEqual([expect.stringMatching(/^\[AZURE\] locks-prod\/vault\/lock: level = "ReadOnly": /)]);
    const row = LessonsCheck.of(stack)!.reportOf(stack).results.filter((r) => r.ruleId === 'AZURE.ReadOnlyLock');
    expect(row).toEqual([expect.objectContaining({ resourcePath: 'locks-prod/vault/lock', status: ReportStatus.NON_COMPLIANT, level: RuleLevel.WARNING, message: shown[0] })]);
  });

  it('stands only for its own lock: another read-only lock under the same construct, azurerm or AzAPI, is warned about on its own', () => {
    const stack = stackOf();
    const vault = vaultIn(stack);
    vault.addLock(LockLevel.READ_ONLY);
    new ManagementLock(vault, 'extra-lock', { name: 'extra', scope: vault.vaultId, lockLevel: 'ReadOnly' });
    new AzapiResource(vault, 'extra-azapi-lock', { type: 'Microsoft.Authorization/locks@2020-05-01', name: 'extra-azapi', parentId: vault.vaultId, body: { properties: { level: 'ReadOnly' } } });
    synth(stack);
    expect(warningsOf(stack).filter((w) => w.includes('a read-only lock stops')).map((w) => w.split(':')[0]).sort()).toEqual([
      '[AZURE.ReadOnlyLock] locks-prod/vault/extra-azapi-lock', '[AZURE.ReadOnlyLock] locks-prod/vault/extra-lock', '[AZURE] locks-prod/vault/lock',
    ]);
  });

  it('prints nothing for a read-only lock suppressed with a reason', () => {
    const stack = stackOf();
    Suppressions.add(stack, { id: 'AZURE.ReadOnlyLock', reason: 'frozen until the audit closes (ticket 42)' });
    vaultIn(stack).addLock(LockLevel.READ_ONLY);
    expect(warningsOf(stack).filter((w) => w.includes('read-only lock'))).toEqual([]);
  });

  it('fails when the lock name holds a character Resource Manager refuses, or is 260 characters long', () => {
    const stack = stackOf();
    const slash = refusalOf(() => vaultIn(stack, 'a', 'kv-a').addLock(LockLevel.CAN_NOT_DELETE, { name: 'keep/secrets' }));
    expect(slash.message).toBe('[AZURE] locks-prod/a: lock.name = "keep/secrets": Azure rejects this management lock name (12 characters). Fix: use 1-259 characters: at least one letter, digit, hyphen or underscore, and none of <, >, %, &, :, \\, ?, / or a control character.');
    expect(refusalOf(() => vaultIn(stack, 'b', 'kv-b').addLock(LockLevel.CAN_NOT_DELETE, { name: 'x'.repeat(260) })).setting).toBe('lock.name');
    expect(refusalOf(() => vaultIn(stack, 'c', 'kv-c').addLock(LockLevel.CAN_NOT_DELETE, { name: 'tab\there' })).setting).toBe('lock.name');
    vaultIn(stack, 'd', 'kv-d').addLock(LockLevel.CAN_NOT_DELETE, { name: 'x'.repeat(259) });
  });

  it('fails when the name has no letter, digit, hyphen or underscore, or is over 259 bytes in UTF-8 (azurerm\'s checks at plan)', () => {
    const stack = stackOf();
    expect(refusalOf(() => vaultIn(stack, 'a', 'kv-a').addLock(LockLevel.CAN_NOT_DELETE, { name: '()' })).setting).toBe('lock.name');
    const accented = refusalOf(() => vaultIn(stack, 'b', 'kv-b').addLock(LockLevel.CAN_NOT_DELETE, { name: `k${'é'.repeat(200)}` }));
    expect(accented.message).toContain('azurerm refuses a lock name of more than 259 bytes at plan (401 bytes in UTF-8). Fix: shorten the name to 259 bytes or fewer.');
    vaultIn(stack, 'c', 'kv-c').addLock(LockLevel.CAN_NOT_DELETE, { name: `keep ${'é'.repeat(127)}` });
  });

  it('fails when the notes are longer than the 512 bytes azurerm takes', () => {
    const refusal = refusalOf(() => vaultIn(stackOf()).addLock(LockLevel.CAN_NOT_DELETE, { notes: 'n'.repeat(513) }));
    expect(refusal.setting).toBe('lock.notes');
    expect(refusal.message).toContain('azurerm refuses lock notes of more than 512 bytes at plan (513 bytes in UTF-8). Fix: shorten the notes to 512 bytes or fewer.');
    expect(refusalOf(() => vaultIn(stackOf()).addLock(LockLevel.CAN_NOT_DELETE, { notes: 'ü'.repeat(300) })).message).toContain('(600 bytes in UTF-8)');
    vaultIn(stackOf()).addLock(LockLevel.CAN_NOT_DELETE, { notes: 'ü'.repeat(256) });
  });

  it('fails when the resource is locked twice, naming the lock it has', () => {
    const stack = stackOf();
    const vault = vaultIn(stack);
    vault.addLock(LockLevel.CAN_NOT_DELETE);
    expect(refusalOf(() => vault.addLock(LockLevel.READ_ONLY)).message).toBe('[AZURE] locks-prod/vault: lock = "ReadOnly": the resource has a lock already (CanNotDelete), and one construct sets one lock: Azure applies the most restrictive lock on a resource anyway. Fix: call addLock once, with the level the resource needs.');
  });

  it('tells the preflight the deployer needs Microsoft.Authorization/locks/write on the resource', () => {
    const stack = stackOf();
    vaultIn(stack).addLock(LockLevel.CAN_NOT_DELETE);
    expect(locksOf(stack)).toEqual([{
      kind: RequirementKind.AZURE_PERMISSION, action: 'Microsoft.Authorization/locks/write', scopeId: VAULT_ID,
      reason: 'the stack creates a management lock here: Owner, User Access Administrator or a custom role with Microsoft.Authorization/locks/* on the scope or above (Contributor and Role Based Access Control Administrator do not have it).',
      neededBy: [expect.stringMatching(/^azurerm_management_lock\.vault_lock_[0-9A-F]{8}$/)],
    }]);
    // docs/deploy.md's table names the action with its scope (a lock is no role assignment).
    expect(renderTable([PreflightManifests.of(stack)])).toContain('`Microsoft.Authorization/locks/write` on `rg-locks/Microsoft.KeyVault/vaults/kv-locks`');
  });

  it('tells the preflight the same of a raw azurerm_management_lock another team wrote', () => {
    const stack = testStack('raw-lock');
    const group = new ResourceGroup(stack, 'rg', { name: 'rg-raw', location: 'westeurope' });
    const account = new RawStorageAccount(stack, 'account', {
      name: 'straw', resourceGroupName: group.name, location: group.location, accountTier: 'Standard', accountReplicationType: 'LRS',
    });
    new ManagementLock(stack, 'keep', { name: 'keep', scope: account.id, lockLevel: 'CanNotDelete' });
    expect(PreflightManifests.of(stack).requirements.filter((r) => r.action === 'Microsoft.Authorization/locks/write').map((r) => [r.scopeId, r.neededBy]))
      .toEqual([['/subscriptions/{subscriptionId}/resourceGroups/rg-raw/providers/Microsoft.Storage/storageAccounts/straw', ['azurerm_management_lock.keep']]]);
  });

  it('tells the preflight the same of an AzAPI Microsoft.Authorization/locks, scoped by its parent_id', () => {
    const stack = testStack('azapi-lock');
    const group = new ResourceGroup(stack, 'rg', { name: 'rg-raw', location: 'westeurope' });
    const account = new RawStorageAccount(stack, 'account', {
      name: 'straw', resourceGroupName: group.name, location: group.location, accountTier: 'Standard', accountReplicationType: 'LRS',
    });
    new AzapiResource(stack, 'keep', { type: 'Microsoft.Authorization/locks@2020-05-01', name: 'keep', parentId: account.id, body: { properties: { level: 'CanNotDelete' } } });
    expect(PreflightManifests.of(stack).requirements.filter((r) => r.action === 'Microsoft.Authorization/locks/write').map((r) => [r.scopeId, r.neededBy]))
      .toEqual([['/subscriptions/{subscriptionId}/resourceGroups/rg-raw/providers/Microsoft.Storage/storageAccounts/straw', ['azapi_resource.keep']]]);
  });
});
