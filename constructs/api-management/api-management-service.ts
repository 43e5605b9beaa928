import { AzureService } from '../core/azure-service';
import { alnumHyphenName } from '../core/naming';

/** API Management as the shared code sees it: type, name rules, private link. */
export const API_MANAGEMENT_SERVICE = AzureService.describe({
  resourceType: 'Microsoft.ApiManagement/service',
  names: {
    resource: {
      kind: 'API Management service', min: 1, max: 50, pattern: /^[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/,
      shape: 'letters, digits and hyphens, starting with a letter and ending with a letter or digit',
      globallyUnique: true,
    },
    api: alnumHyphenName('API Management API', 1, 80),
    backend: alnumHyphenName('API Management backend', 1, 80),
    product: alnumHyphenName('API Management product or subscription', 1, 80),
    namedValue: {
      // azurerm 4.55 (ApiManagementChildName): the id; the display name has its own rule below.
      kind: 'API Management named value', min: 1, max: 80, pattern: /^[A-Za-z0-9](?:[A-Za-z0-9_-]*[A-Za-z0-9])?$/,
      shape: 'letters, digits, hyphens and underscores, starting and ending with a letter or digit',
    },
    namedValueDisplayName: {
      kind: 'API Management named value display name', min: 1, max: 256, pattern: /^[A-Za-z0-9_.-]+$/,
      shape: 'letters, digits, periods, hyphens and underscores',
    },
  },
  privateLink: { Gateway: 'privatelink.azure-api.net' },
  rawNames: {
    azurerm_api_management: 'resource',
  },
  ids: {
    azurerm_api_management: '{group}/providers/Microsoft.ApiManagement/service/{name}',
  },
});
