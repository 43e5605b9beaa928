import { describe, expect, it } from 'vitest';
import { MonitorDiagnosticSetting } from '@cdktf/provider-azurerm/lib/monitor-diagnostic-setting';
import { gateway, rawStack, statusOf } from '../support/lessons-rules';

// The rules of constructs/monitoring/rules on raw resources.

const WORKSPACE = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.OperationalInsights/workspaces/log';

describe('GW-10.GatewayLogsDedicated edges', () => {
  it('leaves alone a gateway diagnostic setting that sends to storage only', () => {
    const stack = rawStack();
    const apim = gateway(stack);
    new MonitorDiagnosticSetting(stack, 'archive', {
      name: 'to-storage', targetResourceId: apim.id, storageAccountId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.Storage/storageAccounts/starchive',
      enabledLog: [{ categoryGroup: 'allLogs' }],
    });
    expect(statusOf(stack, 'GW-10.GatewayLogsDedicated', 'archive')).toEqual([]);
  });

  it('leaves alone a diagnostic setting of a resource below an API Management service', () => {
    const stack = rawStack();
    new MonitorDiagnosticSetting(stack, 'workspace-logs', {
      name: 'to-log-analytics', targetResourceId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.ApiManagement/service/apim-shared/workspaces/orders',
      logAnalyticsWorkspaceId: WORKSPACE, enabledLog: [{ categoryGroup: 'allLogs' }],
    });
    expect(statusOf(stack, 'GW-10.GatewayLogsDedicated', 'workspace-logs')).toEqual([]);
  });
});
