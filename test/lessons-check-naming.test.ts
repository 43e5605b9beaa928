import { App, TerraformResource, TerraformStack } from 'cdktf';
import { Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import { StorageAccount } from '@cdktf/provider-azurerm/lib/storage-account';
import { StorageContainer } from '@cdktf/provider-azurerm/lib/storage-container';
import { AzureStack } from '../constructs/stack/azure-stack';
import { LessonsCheck } from '../constructs/stack/lessons-check';
import { ReportStatus } from '../constructs/lessons-check/report';
import { errorsOf } from './support/synth';

// AZURE.ResourceName: a raw resource's name that Azure refuses at apply, found at synth.

const rawStack = () => new AzureStack(Testing.app(), { stackName: 'other', environmentName: 'dev', production: false });
const errorsAfterSynth = (stack: TerraformStack) => {
  Testing.synth(stack);
  return errorsOf(stack);
};

describe('LessonsCheck on raw resource names (AZURE.ResourceName)', () => {
  it('fails when a raw resource group name ends with a period, which Azure refuses at apply', () => {
    const stack = rawStack();
    new ResourceGroup(stack, 'group', { name: 'rg-orders.', location: 'westeurope' });
    expect(errorsAfterSynth(stack)).toEqual([
      '[AZURE.ResourceName] other-dev/group: name = "rg-orders.": Azure rejects this resource group name (10 characters) at apply. Fix: use 1-90 characters: letters, digits, underscores, hyphens, periods and parentheses, not ending with a period.',
    ]);
  });

  it('fails when a raw storage account name is too long and has capitals, and says it is unique across Azure', () => {
    const stack = rawStack();
    new StorageAccount(stack, 'account', {
      name: 'StOrdersDevWestEurope0001', resourceGroupName: 'rg', location: 'westeurope', accountTier: 'Standard', accountReplicationType: 'LRS', sharedAccessKeyEnabled: false,
    });
    expect(errorsAfterSynth(stack)).toEqual([
      '[AZURE.ResourceName] other-dev/account: name = "StOrdersDevWestEurope0001": Azure rejects this storage account name (25 characters) at apply. Fix: use 3-24 characters: lower-case letters and digits only, unique across Azure.',
    ]);
  });

  it('fails when a raw AzAPI Key Vault name has a double hyphen', () => {
    const stack = rawStack();
    const vault = new TerraformResource(stack, 'vault', { terraformResourceType: 'azapi_resource' });
    vault.addOverride('type', 'Microsoft.KeyVault/vaults@2023-07-01');
    vault.addOverride('name', 'kv--orders');
    vault.addOverride('body', { properties: { enableRbacAuthorization: true } });
    expect(errorsAfterSynth(stack)).toEqual([
      expect.stringMatching(/^\[AZURE\.ResourceName\] other-dev\/vault: name = "kv--orders": Azure rejects this Key Vault name \(10 characters\) at apply\. Fix: use 3-24 characters: letters, digits and single hyphens/),
    ]);
  });

  it('accepts the containers Azure names itself ($web, $logs, $root) and names given as references', () => {
    const stack = rawStack();
    const group = new ResourceGroup(stack, 'group', { name: 'rg-orders', location: 'westeurope' });
    new StorageContainer(stack, 'web', { name: '$web', storageAccountId: 'id' });
    new StorageContainer(stack, 'logs', { name: `${group.name}-logs`, storageAccountId: 'id' });
    expect(errorsAfterSynth(stack)).toEqual([]);
  });

  it('leaves a Managed Redis name to Azure, where the library is stricter than Azure (a leading digit)', () => {
    const stack = new TerraformStack(new App({ outdir: '/tmp/naming-unused' }), 'plain');
    const check = LessonsCheck.applyTo(stack, { production: false });
    const redis = new TerraformResource(stack, 'redis', { terraformResourceType: 'azurerm_managed_redis' });
    redis.addOverride('name', '1redis');
    expect(check.reportOf(stack).results.filter((r) => r.ruleId === 'AZURE.ResourceName').map((r) => r.status)).toEqual([ReportStatus.NOT_APPLICABLE]);
  });
});
