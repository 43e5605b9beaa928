import { AzureServices } from '../../core/azure-service';
import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { blockOf } from '../../lessons-check/rules/attributes';

/** Terraform types whose resource is a service's main resource, where no descriptor's `rawNames` says so. */
const MAIN_TYPES: Readonly<Record<string, string>> = {
  azurerm_container_registry: 'Microsoft.ContainerRegistry/registries',
  azurerm_managed_redis: 'Microsoft.Cache/redisEnterprise',
};

/** The Resource Manager type of the resource a private endpoint connects to: by reference, or from its id written out. */
function targetTypeOf(id: unknown, context: IRuleContext, services: AzureServices): string | undefined {
  const target = context.referencedBy(id).find((r) => r.type !== 'azurerm_resource_group');
  if (target) {
    if (MAIN_TYPES[target.type]) return MAIN_TYPES[target.type];
    return services.types().find((t) => services.of(t)?.rawNames?.[target.type] === 'resource');
  }
  const literal = typeof id === 'string' ? /\/providers\/([^/]+\/[^/]+)\/[^/]+$/i.exec(id) : null;
  return literal ? services.types().find((t) => t.toLowerCase() === literal[1].toLowerCase()) : undefined;
}

/** The zone names of a private DNS zone group: by reference to an `azurerm_private_dns_zone`, or from the id written out. */
function zoneNamesOf(ids: unknown, context: IRuleContext): (string | undefined)[] {
  return (Array.isArray(ids) ? ids : [ids]).map((id) => {
    const zone = context.referencedBy(id, 'azurerm_private_dns_zone')[0];
    if (zone) return typeof zone.attributes.name === 'string' && !zone.attributes.name.includes('${') ? zone.attributes.name : undefined;
    return typeof id === 'string' ? /\/privateDnsZones\/([^/]+)$/i.exec(id)?.[1] : undefined;
  });
}

/**
 * SEC-1 (the private network): a raw `azurerm_private_endpoint` whose private DNS zone group puts
 * its record into a zone that is not the one its sub-resource resolves through (a Key Vault
 * `vault` endpoint in `privatelink.blob.core.windows.net`): clients keep resolving the public
 * address, and with the public endpoint off every call fails. The zones are the services'
 * descriptors' (`privateLink`), as `PrivateEndpoint` uses them.
 */
export class PrivateEndpointDnsZoneRule implements ILessonRule {
  public readonly id = 'SEC-1.PrivateEndpointDnsZone';
  public readonly lesson = 'SEC-1';
  public readonly description = 'A private endpoint whose DNS zone group names a zone its sub-resource does not resolve through.';
  public readonly resourceTypes = ['azurerm_private_endpoint'];

  /**
   * The rule with the zones of `services`' descriptors: what `PlatformLessonsPack` makes, with
   * every service of the generated service index.
   * @internal
   */
  public static _of(services: AzureServices): PrivateEndpointDnsZoneRule {
    const rule = new PrivateEndpointDnsZoneRule();
    rule.services = services;
    return rule;
  }

  /**
   * Made with `new`: no service's zones (every endpoint not applicable); the platform pack's knows
   * every service's. To change the rule's level, list `new PrivateEndpointDnsZoneRule()` in a pack
   * after the platform's: the platform's instance keeps running at that level. In a pack without
   * the platform's, take its instance from `PlatformLessonsPack.create().rules`.
   */
  private services = new AzureServices([]);

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    const connection = blockOf(resource.attributes.private_service_connection);
    const group = blockOf(resource.attributes.private_dns_zone_group);
    const subresources = connection?.subresource_names;
    if (!connection || !group || !Array.isArray(subresources) || subresources.length !== 1) return RuleOutcome.notApplicable();
    const type = targetTypeOf(connection.private_connection_resource_id, context, this.services);
    const zones = type ? this.services.of(type)?.privateLink : undefined;
    const sub = String(subresources[0]);
    const expected = zones ? Object.entries(zones).find(([s]) => s.toLowerCase() === sub.toLowerCase())?.[1] : undefined;
    if (!expected) return RuleOutcome.notApplicable();
    const names = zoneNamesOf(group.private_dns_zone_ids, context);
    if (names.some((n) => n === undefined) || names.some((n) => n!.toLowerCase() === expected)) return RuleOutcome.compliant();
    return RuleOutcome.nonCompliant({
      setting: 'private_dns_zone_group.private_dns_zone_ids', given: names,
      problem: `the ${sub} sub-resource of ${type} resolves through ${expected}, and the endpoint's record goes to ${names.join(', ')}: clients keep resolving the public address, and with the public endpoint off every call fails.`,
      fix: `put the endpoint in the ${expected} zone (linked to the network), as PrivateEndpoint does.`,
    });
  }
}
