import { AzureService } from '../core/azure-service';
import { alnumHyphenName } from '../core/naming';
import { BuiltInRole } from '../identity/roles';

/** Log Analytics workspaces as the shared code sees them: type, name rule, roles. */
export const LOG_ANALYTICS_SERVICE = AzureService.describe({
  resourceType: 'Microsoft.OperationalInsights/workspaces',
  names: {
    resource: alnumHyphenName('Log Analytics workspace', 4, 63),
  },
  roles: { reader: BuiltInRole.LOG_ANALYTICS_READER },
  rawNames: {
    azurerm_log_analytics_workspace: 'resource',
  },
  ids: {
    azurerm_log_analytics_workspace: '{group}/providers/Microsoft.OperationalInsights/workspaces/{name}',
    azurerm_log_analytics_query_pack: '{group}/providers/Microsoft.OperationalInsights/queryPacks/{name}',
    azurerm_monitor_action_group: '{group}/providers/Microsoft.Insights/actionGroups/{name}',
    azurerm_monitor_metric_alert: '{group}/providers/Microsoft.Insights/metricAlerts/{name}',
    azurerm_monitor_scheduled_query_rules_alert_v2: '{group}/providers/Microsoft.Insights/scheduledQueryRules/{name}',
  },
});
