import { describe, expect, it } from 'vitest';
import { DiagnosticSettings } from '../../constructs/core/diagnostic-settings';
import { resourceOf, synth, testStack } from '../support/synth';

// DiagnosticSettings on its own; what each construct sends to Log Analytics is tested with the construct.

describe('DiagnosticSettings', () => {
  const settingOf = (props: Partial<ConstructorParameters<typeof DiagnosticSettings>[2]> = {}) => {
    const stack = testStack();
    new DiagnosticSettings(stack, 'diag', { targetResourceId: '/r', workspaceId: '/w', ...props });
    return resourceOf(synth(stack), 'azurerm_monitor_diagnostic_setting');
  };

  it('sends all logs and all metrics to dedicated tables by default', () => {
    expect(settingOf()).toEqual({
      name: 'to-log-analytics', target_resource_id: '/r', log_analytics_workspace_id: '/w', log_analytics_destination_type: 'Dedicated',
      enabled_log: [{ category_group: 'allLogs' }], enabled_metric: [{ category: 'AllMetrics' }],
    });
  });

  it('sends the given categories only, under the given name, without metrics or dedicated tables when told', () => {
    expect(settingOf({ name: 'gateway', logCategories: ['GatewayLogs', 'WebSocketConnectionLogs'], metrics: false, dedicated: false })).toEqual({
      name: 'gateway', target_resource_id: '/r', log_analytics_workspace_id: '/w',
      enabled_log: [{ category: 'GatewayLogs' }, { category: 'WebSocketConnectionLogs' }],
    });
  });

  it('sends the given category groups', () => {
    expect(settingOf({ logCategoryGroups: ['audit'] }).enabled_log).toEqual([{ category_group: 'audit' }]);
  });
});
