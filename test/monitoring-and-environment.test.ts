import { describe, expect, it } from 'vitest';
import { ContainerAppsEnvironment, ContainerAppsEnvironmentProps } from '../constructs/container-apps/container-apps-environment';
import { LogAnalytics, LogAnalyticsProps } from '../constructs/monitoring/log-analytics';
import { WORKSPACE_ID } from './support/fixtures';
import { resourceOf, synth, testStack } from './support/synth';

function workspace(props: Partial<LogAnalyticsProps> = {}) {
  const stack = testStack();
  new LogAnalytics(stack, 'logs', { name: 'log-test', resourceGroupName: 'rg', location: 'westeurope', ...props });
  return synth(stack);
}

function environment(props: Partial<ContainerAppsEnvironmentProps> = {}) {
  const stack = testStack();
  new ContainerAppsEnvironment(stack, 'cae', {
    name: 'cae-test', resourceGroupName: 'rg', location: 'westeurope', logAnalyticsWorkspaceId: WORKSPACE_ID, ...props,
  });
  return synth(stack);
}

describe('LogAnalytics', () => {
  it('keeps 30 days and accepts Entra ID only (SEC-1)', () => {
    expect(resourceOf(workspace(), 'azurerm_log_analytics_workspace')).toMatchObject({
      sku: 'PerGB2018', retention_in_days: 30, local_authentication_enabled: false,
    });
  });

  it('fails when retention is below 30 days', () => {
    expect(() => workspace({ retentionInDays: 7 })).toThrow(/^\[AZURE\] test\/logs: retentionInDays = 7/);
  });

  it('fails when the daily cap is not positive', () => {
    expect(() => workspace({ dailyQuotaGb: -1 })).toThrow(/^\[AZURE\] test\/logs: dailyQuotaGb = -1/);
  });

  it('fails when the name is 3 characters', () => {
    expect(() => workspace({ name: 'log' })).toThrow(/^\[AZURE\] test\/logs: name = "log": Azure rejects this Log Analytics workspace name/);
  });
});

describe('ContainerAppsEnvironment', () => {
  it('sends console and system logs through Azure Monitor into dedicated tables (ING-3)', () => {
    const tf = environment();
    expect(resourceOf(tf, 'azurerm_container_app_environment').logs_destination).toBe('azure-monitor');
    expect(resourceOf(tf, 'azurerm_monitor_diagnostic_setting')).toMatchObject({
      log_analytics_workspace_id: WORKSPACE_ID, log_analytics_destination_type: 'Dedicated',
    });
  });

  it('fails when zone redundancy is asked without an infrastructure subnet', () => {
    expect(() => environment({ zoneRedundant: true })).toThrow(/^\[AZURE\] test\/cae: zoneRedundant = true: zone redundancy needs a VNet-integrated environment/);
  });

  it('fails when the name has upper-case letters', () => {
    expect(() => environment({ name: 'CAE-test' })).toThrow(/^\[AZURE\] test\/cae: name = "CAE-test"/);
  });
});
