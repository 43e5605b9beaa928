import { AzureService } from '../core/azure-service';

/** Virtual networks, their subnets and security groups, and private endpoints as the shared code sees them: type and name rules. */
export const NETWORK_SERVICE = AzureService.describe({
  resourceType: 'Microsoft.Network/virtualNetworks',
  names: {
    resource: {
      // azurerm 4.55 and Azure: 2-64 letters, digits, underscores, periods and hyphens, starting with
      // a letter or digit, ending with a letter, digit or underscore.
      kind: 'virtual network', min: 2, max: 64, pattern: /^[A-Za-z0-9](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?$/,
      shape: 'letters, digits, underscores, periods and hyphens, starting with a letter or digit and ending with a letter, digit or underscore',
    },
    privateEndpoint: {
      // Azure's naming rules: 2-64 (azurerm 4.55 checks only 1-80, so a longer name fails at apply).
      kind: 'private endpoint', min: 2, max: 64, pattern: /^[A-Za-z0-9](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?$/,
      shape: 'letters, digits, underscores, periods and hyphens, starting with a letter or digit and ending with a letter, digit or underscore',
    },
    child: {
      kind: 'subnet or network security group', min: 1, max: 80, pattern: /^[A-Za-z0-9](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?$/,
      shape: 'letters, digits, underscores, periods and hyphens, starting with a letter or digit and ending with a letter, digit or underscore',
    },
  },
  rawNames: {
    azurerm_virtual_network: 'resource',
    azurerm_private_endpoint: 'privateEndpoint',
    azurerm_subnet: 'child',
    azurerm_network_security_group: 'child',
    'Microsoft.Network/virtualNetworks': 'resource',
    'Microsoft.Network/privateEndpoints': 'privateEndpoint',
  },
  ids: {
    azurerm_virtual_network: '{group}/providers/Microsoft.Network/virtualNetworks/{name}',
    azurerm_network_security_group: '{group}/providers/Microsoft.Network/networkSecurityGroups/{name}',
    azurerm_private_endpoint: '{group}/providers/Microsoft.Network/privateEndpoints/{name}',
    azurerm_private_dns_zone: '{group}/providers/Microsoft.Network/privateDnsZones/{name}',
  },
});
