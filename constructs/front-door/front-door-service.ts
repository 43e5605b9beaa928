import { AzureService } from '../core/azure-service';
import { alnumHyphenName } from '../core/naming';

/** Azure Front Door (Standard/Premium) as the shared code sees it: type and name rules (no private link here). */
export const FRONT_DOOR_SERVICE = AzureService.describe({
  resourceType: 'Microsoft.Cdn/profiles',
  names: {
    resource: alnumHyphenName('Front Door profile', 2, 90),
    // Not globally unique: Azure appends a hash to the endpoint host name.
    endpoint: alnumHyphenName('Front Door endpoint', 2, 46),
    child: alnumHyphenName('Front Door origin group, origin or route', 2, 90),
    firewallPolicy: {
      kind: 'Front Door WAF policy', min: 1, max: 128, pattern: /^[A-Za-z][A-Za-z0-9]*$/,
      shape: 'letters and digits only, starting with a letter',
    },
  },
  rawNames: {
    azurerm_cdn_frontdoor_profile: 'resource',
    azurerm_cdn_frontdoor_endpoint: 'endpoint',
    azurerm_cdn_frontdoor_origin_group: 'child',
    azurerm_cdn_frontdoor_origin: 'child',
    azurerm_cdn_frontdoor_route: 'child',
    azurerm_cdn_frontdoor_firewall_policy: 'firewallPolicy',
  },
  ids: {
    azurerm_cdn_frontdoor_profile: '{group}/providers/Microsoft.Cdn/profiles/{name}',
    azurerm_cdn_frontdoor_endpoint: '{cdn_frontdoor_profile_id}/afdEndpoints/{name}',
    azurerm_cdn_frontdoor_firewall_policy: '{group}/providers/Microsoft.Network/frontDoorWebApplicationFirewallPolicies/{name}',
  },
});
