import { AzureServices } from '../core/azure-service';
import { NAME_RULES } from '../core/naming';

/** API Management as the shared code sees it: type, name rules, private link. */
export const API_MANAGEMENT_SERVICE = AzureServices.define({
  resourceType: 'Microsoft.ApiManagement/service',
  names: {
    resource: NAME_RULES.apiManagement, api: NAME_RULES.apiManagementApi, backend: NAME_RULES.apiManagementBackend,
    product: NAME_RULES.apiManagementProduct, namedValue: NAME_RULES.apiManagementNamedValue,
    namedValueDisplayName: NAME_RULES.apiManagementNamedValueDisplayName,
  },
  privateLink: { Gateway: 'privatelink.azure-api.net' },
});
