import { AzureService } from '../core/azure-service';

/** Container Apps environments as the shared code sees them: type and name rules (no private link here). */
export const CONTAINER_APPS_SERVICE = AzureService.describe({
  resourceType: 'Microsoft.App/managedEnvironments',
  names: {
    resource: {
      kind: 'Container Apps environment', min: 2, max: 60, pattern: /^[a-z][a-z0-9-]*[a-z0-9]$/,
      shape: 'lower-case letters, digits and hyphens, starting with a letter and ending with a letter or digit',
    },
    app: {
      kind: 'container app', min: 2, max: 32, pattern: /^[a-z](?!.*--)[a-z0-9-]*[a-z0-9]$/,
      shape: 'lower-case letters, digits and single hyphens, starting with a letter and ending with a letter or digit',
    },
  },
  rawNames: {
    azurerm_container_app_environment: 'resource',
    azurerm_container_app: 'app',
    'Microsoft.App/managedEnvironments': 'resource',
    'Microsoft.App/containerApps': 'app',
  },
  ids: {
    azurerm_container_app_environment: '{group}/providers/Microsoft.App/managedEnvironments/{name}',
    azurerm_container_app: '{group}/providers/Microsoft.App/containerApps/{name}',
  },
  // Azure names an environment's infrastructure resource group itself when none is given
  // (`ME_<name>_<group>_<region>` today, other names before): an explicit name that differs
  // replaces an environment that exists (issue 27, item 7). The preflight compares them.
  givenByAzure: {
    azurerm_container_app_environment: { infrastructure_resource_group_name: 'infrastructureResourceGroup' },
  },
});
