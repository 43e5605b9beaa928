import { describe, expect, it } from 'vitest';
import { ContainerRegistry } from '@cdktf/provider-azurerm/lib/container-registry';
import { ReportStatus } from '../../constructs/lessons-check/report';
import { rawStack, rows, statusOf } from '../support/lessons-rules';

// The rules of constructs/container-apps/rules (the registry's) on raw resources.

describe('SEC-1 rules on booleans written as strings', () => {
  it('takes a registry with its admin user off or unset', () => {
    const stack = rawStack();
    new ContainerRegistry(stack, 'off', { name: 'croff', location: 'westeurope', resourceGroupName: 'rg', sku: 'Standard', adminEnabled: false });
    new ContainerRegistry(stack, 'unset', { name: 'crunset', location: 'westeurope', resourceGroupName: 'rg', sku: 'Standard' });
    expect([...statusOf(stack, 'SEC-1.RegistryAdminUser', 'off'), ...statusOf(stack, 'SEC-1.RegistryAdminUser', 'unset')]).toEqual([ReportStatus.COMPLIANT, ReportStatus.COMPLIANT]);
  });

  it('fails when a registry\'s admin user is turned on with the string "true" (an override)', () => {
    const stack = rawStack();
    new ContainerRegistry(stack, 'registry', { name: 'crother', location: 'westeurope', resourceGroupName: 'rg', sku: 'Standard' }).addOverride('admin_enabled', 'true');
    expect(rows(stack, 'SEC-1.RegistryAdminUser', 'registry')).toEqual([expect.objectContaining({
      lesson: 'SEC-1', status: ReportStatus.NON_COMPLIANT, setting: 'admin_enabled', message: expect.stringContaining('admin_enabled = "true": '),
    })]);
  });

  it('fails when an override turns on the admin user a registry\'s own setting turns off: the check reads what the JSON holds', () => {
    const stack = rawStack();
    new ContainerRegistry(stack, 'registry', { name: 'crother', location: 'westeurope', resourceGroupName: 'rg', sku: 'Standard', adminEnabled: false }).addOverride('admin_enabled', true);
    expect(statusOf(stack, 'SEC-1.RegistryAdminUser', 'registry')).toEqual([ReportStatus.NON_COMPLIANT]);
  });
});
