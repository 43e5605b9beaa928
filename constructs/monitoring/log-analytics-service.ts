import { AzureServices } from '../core/azure-service';
import { NAME_RULES } from '../core/naming';
import { BuiltInRole } from '../identity/roles';

/** Log Analytics workspaces as the shared code sees them: type, name rule, roles. */
export const LOG_ANALYTICS_SERVICE = AzureServices.define({
  resourceType: 'Microsoft.OperationalInsights/workspaces',
  names: { resource: NAME_RULES.logAnalyticsWorkspace },
  roles: { reader: BuiltInRole.LOG_ANALYTICS_READER },
});
