import { RuleExamples, raw } from '../../lessons-check/rule-examples';

const VAULT = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv';
const endpoint = (zone: string) => raw('azurerm_private_endpoint', 'pe', {
  private_service_connection: [{ name: 'c', is_manual_connection: false, private_connection_resource_id: VAULT, subresource_names: ['vault'] }],
  private_dns_zone_group: [{ name: 'zones', private_dns_zone_ids: [`/subscriptions/0/resourceGroups/rg/providers/Microsoft.Network/privateDnsZones/${zone}`] }],
});

// SEC-1: a private endpoint whose record goes to a zone its sub-resource does not resolve through.
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.PrivateEndpointDnsZone',
  finds: 'an `azurerm_private_endpoint` whose `private_dns_zone_group` names a zone its one sub-resource does not resolve through (the services\' descriptors\' `privateLink` zones, as `PrivateEndpoint` uses them; the target by reference or id): clients keep resolving the public address',
  failing: [[endpoint('privatelink.blob.core.windows.net')]],
  passing: [[endpoint('privatelink.vaultcore.azure.net')]],
};
