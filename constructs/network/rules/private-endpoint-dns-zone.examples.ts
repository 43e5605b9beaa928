import { RuleExamples, raw } from '../../lessons-check/rule-examples';

const VAULT = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv';
const endpoint = (zone: string) => raw('azurerm_private_endpoint', 'pe', {
  private_service_connection: [{ name: 'c', is_manual_connection: false, private_connection_resource_id: VAULT, subresource_names: ['vault'] }],
  private_dns_zone_group: [{ name: 'zones', private_dns_zone_ids: [`/subscriptions/0/resourceGroups/rg/providers/Microsoft.Network/privateDnsZones/${zone}`] }],
});

// SEC-1: a private endpoint whose record goes to a zone its sub-resource does not resolve through.
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.PrivateEndpointDnsZone',
  failing: [[endpoint('privatelink.blob.core.windows.net')]],
  passing: [[endpoint('privatelink.vaultcore.azure.net')]],
};
