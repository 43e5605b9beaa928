import { TerraformVariable, Token } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';
import { ContainerAppsEnvironment, ContainerAppsEnvironmentBase, ContainerAppsEnvironmentProps } from '../../constructs/container-apps/container-apps-environment';
import { ManagedIdentity } from '../../constructs/identity/principal';
import { LogAnalytics, LogAnalyticsProps } from '../../constructs/monitoring/log-analytics';
import { WORKSPACE_ID } from '../support/fixtures';
import { refusalOf } from '../support/refusal';
import { resourceOf, resourcesOf, synth, testStack } from '../support/synth';

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

  it('fails when retention is NaN, and the message shows NaN', () => {
    expect(refusalOf(() => workspace({ retentionInDays: NaN }))).toEqual({
      message: '[AZURE] test/logs: retentionInDays = NaN: Log Analytics (PerGB2018) keeps data for 30 to 730 days. Fix: choose a value from 30 to 730.',
      lesson: 'AZURE', path: 'test/logs', setting: 'retentionInDays',
    });
  });

  it('fails when retention is Infinity or fractional', () => {
    expect(refusalOf(() => workspace({ retentionInDays: Infinity })).message).toMatch(/^\[AZURE\] test\/logs: retentionInDays = Infinity: /);
    expect(refusalOf(() => workspace({ retentionInDays: 30.5 })).message).toMatch(/^\[AZURE\] test\/logs: retentionInDays = 30\.5: /);
  });

  it('accepts a Terraform number reference for retentionInDays (Azure checks it at apply)', () => {
    const stack = testStack();
    const retention = new TerraformVariable(stack, 'retention', { type: 'number' });
    new LogAnalytics(stack, 'logs', { name: 'log-test', resourceGroupName: 'rg', location: 'westeurope', retentionInDays: Token.asNumber(retention.value) });
    expect(resourceOf(synth(stack), 'azurerm_log_analytics_workspace').retention_in_days).toBe('${var.retention}');
  });

  it('grants Log Analytics Reader on the workspace it creates', () => {
    const stack = testStack();
    const logs = new LogAnalytics(stack, 'logs', { name: 'log-test', resourceGroupName: 'rg', location: 'westeurope' });
    logs.grantRead({ principalId: '00000000-0000-0000-0000-000000000001' }, 'dashboards');
    expect(resourceOf(synth(stack), 'azurerm_role_assignment')).toMatchObject({
      scope: expect.stringMatching(/^\$\{azurerm_log_analytics_workspace\.logs_workspace_[0-9A-F]+\.id\}$/), role_definition_name: 'Log Analytics Reader',
    });
  });
});

describe('LogAnalytics daily cap', () => {
  const withDailyQuota = (dailyQuotaGb?: number) => {
    const stack = testStack();
    new LogAnalytics(stack, 'log', { name: 'log-test', resourceGroupName: 'rg', location: 'westeurope', ...(dailyQuotaGb === undefined ? {} : { dailyQuotaGb }) });
    return resourceOf(synth(stack), 'azurerm_log_analytics_workspace');
  };

  it('sets the cap when given, and none otherwise', () => {
    expect(withDailyQuota(0.5).daily_quota_gb).toBe(0.5);
    expect(withDailyQuota()).not.toHaveProperty('daily_quota_gb');
  });

  it.each([0, -1, Number.NaN])('fails when dailyQuotaGb is %s', (dailyQuotaGb) => {
    expect(refusalOf(() => withDailyQuota(dailyQuotaGb))).toMatchObject({ lesson: 'AZURE', path: 'test/log', setting: 'dailyQuotaGb' });
  });
});

describe('LogAnalytics.fromExisting', () => {
  it('references a workspace by id and grants an identity Log Analytics Reader on it, as read-<grant key>', () => {
    const stack = testStack();
    const shared = LogAnalytics.fromExisting(stack, 'shared', { workspaceId: WORKSPACE_ID });
    expect(shared.workspaceId).toBe(WORKSPACE_ID);
    const identity = new UserAssignedIdentity(stack, 'reporting', { name: 'id-reporting', resourceGroupName: 'rg', location: 'westeurope' });
    const grant = shared.grantRead(ManagedIdentity.fromUserAssigned(identity));
    expect(grant.builtInRole?.roleName).toBe('Log Analytics Reader');
    const tf = synth(stack);
    expect(Object.keys(resourcesOf(tf, 'azurerm_role_assignment'))).toEqual([expect.stringMatching(/^shared_read-reporting_[0-9A-F]+$/)]);
    expect(resourceOf(tf, 'azurerm_role_assignment')).toEqual({
      scope: WORKSPACE_ID,
      role_definition_name: 'Log Analytics Reader',
      principal_id: '${azurerm_user_assigned_identity.reporting.principal_id}',
      principal_type: 'ServicePrincipal',
    });
    expect(tf.resource?.azurerm_log_analytics_workspace).toBeUndefined();
  });

  it('takes a construct id for a principal without a grant key', () => {
    const stack = testStack();
    LogAnalytics.fromExisting(stack, 'shared', { workspaceId: WORKSPACE_ID }).grantRead({ principalId: '00000000-0000-0000-0000-000000000001' }, 'dashboards');
    expect(Object.keys(resourcesOf(synth(stack), 'azurerm_role_assignment'))).toEqual([expect.stringMatching(/^shared_read-dashboards_[0-9A-F]+$/)]);
  });

  it('fails when the principal has no grant key and no id is given (SEC-1)', () => {
    const shared = LogAnalytics.fromExisting(testStack(), 'shared', { workspaceId: WORKSPACE_ID });
    expect(refusalOf(() => shared.grantRead({ principalId: '00000000-0000-0000-0000-000000000001' }))).toMatchObject({
      lesson: 'SEC-1', path: 'test/shared', setting: 'read grant id',
      message: expect.stringMatching(/^\[SEC-1\] test\/shared: read grant id = undefined: the role assignment needs a stable construct id.* Fix: pass an id/),
    });
  });

  it('fails when a literal principal id is not a GUID (SEC-1)', () => {
    const shared = LogAnalytics.fromExisting(testStack(), 'shared', { workspaceId: WORKSPACE_ID });
    expect(refusalOf(() => shared.grantRead({ principalId: 'reporting' }, 'reporting'))).toMatchObject({
      lesson: 'SEC-1', path: 'test/shared', setting: 'principal.principalId',
      message: expect.stringMatching(/^\[SEC-1\] test\/shared: principal\.principalId = "reporting": Entra ID names a principal by its object id, a GUID\./),
    });
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

  it('references an existing environment by its attributes, creating nothing', () => {
    const stack = testStack();
    const attributes = { environmentId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.App/managedEnvironments/cae-shared', resourceGroupName: 'rg-apps', location: 'westeurope' };
    const shared = ContainerAppsEnvironment.fromExisting(stack, 'shared', attributes);
    expect(shared).toMatchObject(attributes);
    // A construct under its scope and id, like every other reference.
    expect(stack.node.tryFindChild('shared')).toBe(shared);
    expect((shared as ContainerAppsEnvironmentBase).resourceName).toBe('cae-shared');
    expect(synth(stack).resource).toBeUndefined();
  });
});

describe('ContainerAppsEnvironment options', () => {
  it('runs zone-redundant in the given subnet when asked', () => {
    expect(resourceOf(environment({ zoneRedundant: true, infrastructureSubnetId: '/subnets/cae' }), 'azurerm_container_app_environment'))
      .toMatchObject({ zone_redundancy_enabled: true, infrastructure_subnet_id: '/subnets/cae' });
    const plain = resourceOf(environment(), 'azurerm_container_app_environment');
    expect(plain).not.toHaveProperty('zone_redundancy_enabled');
    expect(plain).not.toHaveProperty('infrastructure_subnet_id');
  });

  it('sends console and system logs to dedicated tables', () => {
    expect(resourceOf(environment(), 'azurerm_monitor_diagnostic_setting')).toMatchObject({
      log_analytics_destination_type: 'Dedicated', enabled_log: [{ category: 'ContainerAppConsoleLogs' }, { category: 'ContainerAppSystemLogs' }],
    });
  });
});
