import { RuleExamples, raw } from '../../lessons-check/rule-examples';

const GATEWAY = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.ApiManagement/service/gw';

// GW-10: a gateway's logs sent to the shared AzureDiagnostics table instead of its own.
export const EXAMPLES: RuleExamples = {
  rule: 'GW-10.GatewayLogsDedicated',
  finds: 'a diagnostic setting of an API Management service into Log Analytics without `log_analytics_destination_type = Dedicated`',
  failing: [[raw('azurerm_monitor_diagnostic_setting', 'diag', { target_resource_id: GATEWAY, log_analytics_workspace_id: 'workspace' })]],
  passing: [[raw('azurerm_monitor_diagnostic_setting', 'diag', { target_resource_id: GATEWAY, log_analytics_workspace_id: 'workspace', log_analytics_destination_type: 'Dedicated' })]],
};
