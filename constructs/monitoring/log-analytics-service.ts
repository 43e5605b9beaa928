import { AzureServices } from '../core/azure-service';
import { alnumHyphenName } from '../core/naming';
import { BuiltInRole } from '../identity/roles';

/** Log Analytics workspaces as the shared code sees them: type, name rule, roles. */
export const LOG_ANALYTICS_SERVICE = AzureServices.define({
  resourceType: 'Microsoft.OperationalInsights/workspaces',
  names: {
    resource: alnumHyphenName('Log Analytics workspace', 4, 63),
  },
  roles: { reader: BuiltInRole.LOG_ANALYTICS_READER },
  rawNames: {
    azurerm_log_analytics_workspace: 'resource',
  },
});
