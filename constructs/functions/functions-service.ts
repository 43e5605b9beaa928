import { AzureService } from '../core/azure-service';

/**
 * Azure Functions (function apps and their Application Insights) as the shared code sees them:
 * type and name rules. A raw function app is left to Azure: the construct asks for single hyphens.
 */
export const FUNCTIONS_SERVICE = AzureService.describe({
  resourceType: 'Microsoft.Web/sites',
  names: {
    resource: {
      // Part of <name>.azurewebsites.net.
      kind: 'function app', min: 2, max: 60, pattern: /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9]))*$/,
      shape: 'letters, digits and single hyphens, starting and ending with a letter or digit', globallyUnique: true,
    },
    applicationInsights: {
      kind: 'Application Insights component', min: 1, max: 260, pattern: /^[^%&\\?/]*[^%&\\?/. ]$/,
      shape: 'any characters but % & \\ ? /, not ending with a period or space',
    },
  },
  rawNames: {
    azurerm_application_insights: 'applicationInsights',
  },
  ids: {
    azurerm_function_app_flex_consumption: '{group}/providers/Microsoft.Web/sites/{name}',
    azurerm_service_plan: '{group}/providers/Microsoft.Web/serverFarms/{name}',
    azurerm_application_insights: '{group}/providers/Microsoft.Insights/components/{name}',
  },
});
