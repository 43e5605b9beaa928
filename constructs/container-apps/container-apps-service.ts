import { AzureServices } from '../core/azure-service';
import { NAME_RULES } from '../core/naming';

/** Container Apps environments as the shared code sees them: type and name rules (no private link here). */
export const CONTAINER_APPS_SERVICE = AzureServices.define({
  resourceType: 'Microsoft.App/managedEnvironments',
  names: { resource: NAME_RULES.containerAppEnvironment, app: NAME_RULES.containerApp },
});
