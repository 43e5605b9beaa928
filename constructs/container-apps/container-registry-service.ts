import { AzureService } from '../core/azure-service';
import { BuiltInRole } from '../identity/roles';

/** Azure Container Registry as the shared code sees it: type, name rule, private link, roles. */
export const CONTAINER_REGISTRY_SERVICE = AzureService.describe({
  resourceType: 'Microsoft.ContainerRegistry/registries',
  names: {
    resource: { kind: 'container registry', min: 5, max: 50, pattern: /^[A-Za-z0-9]+$/, shape: 'letters and digits only', globallyUnique: true },
  },
  privateLink: { registry: 'privatelink.azurecr.io' },
  roles: { acrPull: BuiltInRole.ACR_PULL },
  ids: {
    azurerm_container_registry: '{group}/providers/Microsoft.ContainerRegistry/registries/{name}',
  },
});
