import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, TerraformResource, TerraformVariable, Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ContainerAppEnvironment } from '@cdktf/provider-azurerm/lib/container-app-environment';
import { DataAzurermContainerRegistry } from '@cdktf/provider-azurerm/lib/data-azurerm-container-registry';
import { KeyVault } from '@cdktf/provider-azurerm/lib/key-vault';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import { RoleAssignment } from '@cdktf/provider-azurerm/lib/role-assignment';
import { StorageAccount } from '@cdktf/provider-azurerm/lib/storage-account';
import { DeployRequirements, PREFLIGHT_FILE, Requirements, SkuFamily } from '../../constructs/core/deploy-requirements';
import { Preflight } from '../../constructs/preflight/preflight';
import { CheckStatus } from '../../constructs/preflight/types';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { PreflightManifests } from '../../constructs/stack/preflight-manifest';
import { testStack } from '../support/synth';

/** A plain stack of raw azurerm resources (another team's): what the manifest derives without any construct of this library. */
function rawStack() {
  const stack = testStack('raw');
  const group = new ResourceGroup(stack, 'rg', { name: 'rg-raw', location: 'westeurope' });
  const account = new StorageAccount(stack, 'account', {
    name: 'straw', resourceGroupName: group.name, location: group.location, accountTier: 'Standard', accountReplicationType: 'LRS',
  });
  new KeyVault(stack, 'vault', { name: 'kv-raw', resourceGroupName: group.name, location: group.location, tenantId: '00000000-0000-4000-8000-000000000001', skuName: 'standard' });
  new RoleAssignment(stack, 'reader', { scope: account.id, roleDefinitionName: 'Storage Blob Data Reader', principalId: '00000000-0000-4000-8000-000000000002' });
  const registry = new DataAzurermContainerRegistry(stack, 'registry', { name: 'crshared', resourceGroupName: 'rg-shared' });
  new RoleAssignment(stack, 'pull', { scope: registry.id, roleDefinitionName: 'AcrPull', principalId: '00000000-0000-4000-8000-000000000002' });
  return { stack, group, account };
}

const ofKind = (stack: Parameters<typeof PreflightManifests.of>[0], kind: string) => PreflightManifests.of(stack).requirements.filter((r) => r.kind === kind);

describe('the preflight manifest, derived from raw resources', () => {
  it('lists the resource providers and regions of the Resource Manager types the resources create', () => {
    const { stack } = rawStack();
    expect(ofKind(stack, 'resource-provider').map((r) => [r.namespace, r.neededBy])).toEqual([
      ['Microsoft.KeyVault', [expect.stringMatching(/^azurerm_key_vault\.vault$/)]],
      ['Microsoft.Storage', ['azurerm_storage_account.account']],
    ]);
    expect(ofKind(stack, 'region').map((r) => `${r.resourceType} ${r.location}`)).toEqual([
      'Microsoft.KeyVault/vaults westeurope', 'Microsoft.Storage/storageAccounts westeurope',
    ]);
  });

  it('follows references to literals: the role assignment\'s scope is the account\'s id, the group\'s name and location resolved', () => {
    const { stack } = rawStack();
    expect(ofKind(stack, 'azure-permission')).toEqual([
      {
        kind: 'azure-permission', action: 'Microsoft.Authorization/roleAssignments/write',
        scopeId: '/subscriptions/{subscriptionId}/resourceGroups/rg-raw/providers/Microsoft.Storage/storageAccounts/straw', roles: ['Storage Blob Data Reader'],
        reason: 'the stack creates role assignments here: Owner, User Access Administrator or Role Based Access Control Administrator on the scope or above.',
        neededBy: ['azurerm_role_assignment.reader'],
      },
      expect.objectContaining({ scopeId: '/subscriptions/{subscriptionId}/resourceGroups/rg-shared/providers/Microsoft.ContainerRegistry/registries/crshared', existing: true, roles: ['AcrPull'] }),
      expect.objectContaining({ action: 'Microsoft.Resources/subscriptions/resourceGroups/write', scopeId: '/subscriptions/{subscriptionId}', neededBy: ['azurerm_resource_group.rg'] }),
    ]);
  });

  it('merges the role assignments on one scope into one requirement: every role once, sorted, and every assignment that needs it', () => {
    const { stack, account } = rawStack();
    const principalId = '00000000-0000-4000-8000-000000000003';
    new RoleAssignment(stack, 'writer', { scope: account.id, roleDefinitionName: 'Storage Blob Data Contributor', principalId });
    new RoleAssignment(stack, 'again', { scope: account.id, roleDefinitionName: 'Storage Blob Data Reader', principalId });
    new RoleAssignment(stack, 'queue', { scope: account.id, roleDefinitionName: 'Storage Queue Data Message Sender', principalId });
    const onAccount = ofKind(stack, 'azure-permission').filter((r) => r.scopeId?.endsWith('/storageAccounts/straw'));
    expect(onAccount.map((r) => [r.roles, r.neededBy])).toEqual([[
      ['Storage Blob Data Contributor', 'Storage Blob Data Reader', 'Storage Queue Data Message Sender'],
      ['azurerm_role_assignment.again', 'azurerm_role_assignment.queue', 'azurerm_role_assignment.reader', 'azurerm_role_assignment.writer'],
    ]]);
  });

  it('lists the names that must be free across Azure, and the resources read but not created', () => {
    const { stack } = rawStack();
    expect(ofKind(stack, 'global-name').map((r) => `${r.resourceType} ${r.resourceGroupName}/${r.name}`)).toEqual([
      'Microsoft.KeyVault/vaults rg-raw/kv-raw', 'Microsoft.Storage/storageAccounts rg-raw/straw',
    ]);
    expect(ofKind(stack, 'existing-resource')).toEqual([expect.objectContaining({ resourceType: 'Microsoft.ContainerRegistry/registries', resourceGroupName: 'rg-shared', name: 'crshared', neededBy: ['data.azurerm_container_registry.registry'] })]);
  });

  it('compares an environment\'s infrastructure resource group with what Azure named it (item 7)', () => {
    const { stack, group } = rawStack();
    new ContainerAppEnvironment(stack, 'env', {
      name: 'cae-raw', resourceGroupName: group.name, location: group.location, infrastructureResourceGroupName: `ME_cae-raw_${group.name}`,
    });
    expect(ofKind(stack, 'existing-value')).toEqual([expect.objectContaining({
      resourceType: 'Microsoft.App/managedEnvironments', resourceGroupName: 'rg-raw', name: 'cae-raw',
      property: 'infrastructureResourceGroup', setting: 'infrastructure_resource_group_name', expected: 'ME_cae-raw_rg-raw',
    })]);
  });

  it('lists what only apply can tell as unresolved, with its Terraform expression, and the preflight reports it unknown', async () => {
    const { stack } = rawStack();
    const region = new TerraformVariable(stack, 'region', { type: 'string' });
    new StorageAccount(stack, 'elsewhere', { name: 'strawtwo', resourceGroupName: 'rg-raw', location: region.stringValue, accountTier: 'Standard', accountReplicationType: 'LRS' });
    const unresolved = PreflightManifests.of(stack).requirements.filter((r) => r.unresolved);
    expect(unresolved).toEqual([expect.objectContaining({ kind: 'region', location: '${var.region}', unresolved: ['location = ${var.region}'] })]);
    const credential = { getToken: async () => ({ token: 'x.e30.x', expiresOnTimestamp: 0 }) };
    const report = await Preflight.check({ version: 1, stack: 'raw', requirements: unresolved }, credential, { subscriptionId: '00000000-0000-4000-8000-000000000009' });
    expect(report.results).toEqual([expect.objectContaining({ status: CheckStatus.UNKNOWN, detail: 'known only at apply: location = ${var.region}.' })]);
  });

  it('lists a resource type no service descriptor describes with its namespace unresolved, instead of leaving it out', () => {
    const { stack, group } = rawStack();
    // A made-up azurerm type, so that no service the library adds later can describe it.
    const raw = new TerraformResource(stack, 'thing', { terraformResourceType: 'azurerm_undescribed_thing' });
    raw.addOverride('name', 'thing-raw');
    raw.addOverride('resource_group_name', group.name);
    raw.addOverride('location', group.location);
    expect(ofKind(stack, 'resource-provider').filter((r) => r.unresolved)).toEqual([expect.objectContaining({
      namespace: '', unresolved: ['namespace of azurerm_undescribed_thing (no service descriptor gives its id)'], neededBy: ['azurerm_undescribed_thing.thing'],
    })]);
  });
});

describe('the preflight manifest, declared by constructs', () => {
  it('resolves a declaration\'s tokens and merges it with what the resources tell, the declaration\'s reason first', () => {
    const { stack, group } = rawStack();
    DeployRequirements.of(stack).add(group, Requirements.sku(SkuFamily.API_MANAGEMENT, 'BasicV2_1', group.location, 'the team\'s gateway.'));
    DeployRequirements.of(stack).add(group, Requirements.resourceProvider('Microsoft.Storage', 'the team stores files.'));
    expect(ofKind(stack, 'sku')).toEqual([{ kind: 'sku', skuFamily: 'api-management', sku: 'BasicV2_1', location: 'westeurope', reason: 'the team\'s gateway.', neededBy: ['raw/rg'] }]);
    expect(ofKind(stack, 'resource-provider').find((r) => r.namespace === 'Microsoft.Storage')).toEqual({
      kind: 'resource-provider', namespace: 'Microsoft.Storage', reason: 'the team stores files.', neededBy: ['azurerm_storage_account.account', 'raw/rg'],
    });
  });

  it('fills what a declaration leaves out from what the resources tell (the roles of the assignments on the scope it names)', () => {
    const { stack, group, account } = rawStack();
    DeployRequirements.of(stack).add(group, Requirements.azurePermission('Microsoft.Authorization/roleAssignments/write', { scopeId: account.id }, 'the team grants its apps here.'));
    expect(ofKind(stack, 'azure-permission').find((r) => r.scopeId?.endsWith('/storageAccounts/straw'))).toEqual({
      kind: 'azure-permission', action: 'Microsoft.Authorization/roleAssignments/write',
      scopeId: '/subscriptions/{subscriptionId}/resourceGroups/rg-raw/providers/Microsoft.Storage/storageAccounts/straw',
      reason: 'the team grants its apps here.', roles: ['Storage Blob Data Reader'], neededBy: ['azurerm_role_assignment.reader', 'raw/rg'],
    });
  });

  it('is written as preflight.json beside cdk.tf.json at every synth of an AzureStack', () => {
    const app: App = Testing.app();
    const stack = new AzureStack(app, { stackName: 'orders', environmentName: 'dev', production: false });
    new ResourceGroup(stack, 'rg', { name: 'rg-orders-dev', location: 'westeurope' });
    app.synth();
    const dir = join(app.outdir, 'stacks', 'orders-dev');
    expect(existsSync(join(dir, 'cdk.tf.json'))).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, PREFLIGHT_FILE), 'utf8'))).toEqual({
      version: 1, stack: 'orders-dev', requirements: [{
        kind: 'azure-permission', action: 'Microsoft.Resources/subscriptions/resourceGroups/write', scopeId: '/subscriptions/{subscriptionId}',
        reason: 'the stack creates its resource group.', neededBy: ['azurerm_resource_group.rg'],
      }],
    });
  });
});
