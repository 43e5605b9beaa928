import { AzureServices } from '../core/azure-service';
import { ALNUM_HYPHEN_EDGES } from '../core/naming';
import { BuiltInRole } from '../identity/roles';

/** Log Analytics workspaces as the shared code sees them: type, name rule, roles. */
export const LOG_ANALYTICS_SERVICE = AzureServices.define({
  resourceType: 'Microsoft.OperationalInsights/workspaces',
  names: {
    resource: {
      kind: 'Log Analytics workspace', min: 4, max: 63, pattern: ALNUM_HYPHEN_EDGES,
      shape: 'letters, digits and hyphens, starting and ending with a letter or digit',
    },
  },
  roles: { reader: BuiltInRole.LOG_ANALYTICS_READER },
  rawNames: {
    azurerm_log_analytics_workspace: 'resource',
  },
});
