import { Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { StorageAccount as RawStorageAccount, StorageAccountConfig } from '@cdktf/provider-azurerm/lib/storage-account';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { LessonsCheck } from '../../constructs/stack/lessons-check';
import { errorsOf as errorsOfConstructs, synth } from '../support/synth';

/** Errors after a synth: the lessons check runs as an aspect at synth. */
const errorsOf = (stack: AzureStack) => {
  Testing.synth(stack);
  return errorsOfConstructs(stack);
};

/** Another team's stack with a raw, keyless storage account. */
function rawAccount(extra: Partial<StorageAccountConfig> = {}) {
  const stack = new AzureStack(Testing.app(), { stackName: 'other', environmentName: 'dev', production: false });
  const account = new RawStorageAccount(stack, 'account', {
    name: 'stother', resourceGroupName: 'rg', location: 'westeurope', accountTier: 'Standard', accountReplicationType: 'LRS',
    sharedAccessKeyEnabled: false, ...extra,
  });
  return { stack, account };
}

describe('LessonsCheck on storage data-plane settings (SEC-1.StorageDataPlaneSettings)', () => {
  it('turns the data plane off in the provider of every AzureStack, which is why the rule exists', () => {
    const { stack } = rawAccount();
    expect(synth(stack).provider?.azurerm?.[0]).toMatchObject({ features: [{ storage: [{ data_plane_available: false }] }] });
  });

  it('fails when a storage account sets queue_properties, which azurerm refuses at plan without the data plane', () => {
    const { stack } = rawAccount({ queueProperties: { logging: { delete: true, read: true, write: true, version: '1.0' } } });
    expect(errorsOf(stack)).toEqual([
      '[SEC-1.StorageDataPlaneSettings] other-dev/account: queue_properties = "set": azurerm writes this through the storage data plane, which the platform\'s provider turns off (data_plane_available = false): the plan fails with "cannot configure \'queue_properties\'". Fix: drop it: queue logs and metrics go to Log Analytics through a diagnostic setting on <account id>/queueServices/default (StorageAccount does this).',
    ]);
  });

  it('fails when a storage account serves a static website, and names the ways out', () => {
    const { stack } = rawAccount({ staticWebsite: { indexDocument: 'index.html' } });
    expect(errorsOf(stack)).toEqual([
      expect.stringMatching(/^\[SEC-1\.StorageDataPlaneSettings\] other-dev\/account: static_website = "set": .*"cannot configure 'static_website'"\. Fix: serve the site from Static Web Apps or Front Door, or give the stack its own azurerm provider with the data plane on and suppress this rule with the reason\.$/),
    ]);
  });

  it('accepts a keyless account with blob properties, which azurerm sets through Resource Manager', () => {
    const { stack } = rawAccount({ blobProperties: { deleteRetentionPolicy: { days: 7 } } });
    expect(errorsOf(stack)).toEqual([]);
  });

  it('stays quiet when the team suppresses it with a reason', () => {
    const { stack, account } = rawAccount({ staticWebsite: { indexDocument: 'index.html' } });
    LessonsCheck.suppress(account, 'SEC-1.StorageDataPlaneSettings', 'own provider with the data plane on, docs site only');
    expect(errorsOf(stack)).toEqual([]);
    expect(JSON.stringify(account.node.metadata)).toContain('own provider with the data plane on, docs site only');
  });
});
