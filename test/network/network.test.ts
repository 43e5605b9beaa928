import { TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ApiGateway } from '../../constructs/api-management/api-gateway';
import { QueueIntakeApi } from '../../constructs/api-management/queue-intake-api';
import { ContainerAppsEnvironment } from '../../constructs/container-apps/container-apps-environment';
import { ContainerRegistry, ContainerRegistrySku } from '../../constructs/container-apps/container-registry';
import { ContainerService } from '../../constructs/container-apps/container-service';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { resolveIn } from '../../constructs/core/claims';
import { PublicNetworkAccess } from '../../constructs/core/network';
import { EventGridTopic } from '../../constructs/event-grid/event-grid-topic';
import { FlexFunctionApp } from '../../constructs/functions/flex-function-app';
import { KeyVault } from '../../constructs/key-vault/key-vault';
import { ManagedIdentity } from '../../constructs/identity/principal';
import { Ipv4Range } from '../../constructs/network/cidr';
import { PlatformNetwork, SubnetSpec } from '../../constructs/network/platform-network';
import { PrivateEndpoint } from '../../constructs/network/private-endpoint';
import { AzureServices } from '../../constructs/core/azure-service';
import { PLATFORM_SERVICES } from '../../constructs/stack/platform-services';
import { SubnetPurpose } from '../../constructs/network/subnet-purpose';
import { ManagedRedis } from '../../constructs/redis/managed-redis';
import { RedisClusteringPolicy } from '../../constructs/redis/managed-redis-base';
import { StorageAccount, StorageReplication, StorageService } from '../../constructs/storage/storage-account';
import { GATEWAY_PROPS, WORKSPACE_ID } from '../support/fixtures';
import { refusalOf } from '../support/refusal';
import { failuresOf, lessonsOn } from '../support/hcl';
import { errorsOf as errorsOfStack } from '../support/synth';
import { KeyVault as RawKeyVault } from '@cdktf/provider-azurerm/lib/key-vault';
import { PrivateDnsZone } from '@cdktf/provider-azurerm/lib/private-dns-zone';
import { PrivateEndpoint as RawPrivateEndpoint } from '@cdktf/provider-azurerm/lib/private-endpoint';
import { ref, resourceOf, resourcesOf, synth, testStack, warningsOf } from '../support/synth';

const LAYOUT: SubnetSpec[] = [
  { purpose: SubnetPurpose.CONTAINER_APPS_ENVIRONMENT, addressPrefix: '10.40.16.0/23' },
  { purpose: SubnetPurpose.API_MANAGEMENT_OUTBOUND, addressPrefix: '10.40.18.0/26' },
  { purpose: SubnetPurpose.PRIVATE_ENDPOINTS, addressPrefix: '10.40.18.128/26' },
];

function network(stack: TerraformStack, subnets: SubnetSpec[] = LAYOUT, addressSpace = '10.40.16.0/20'): PlatformNetwork {
  return new PlatformNetwork(stack, 'network', {
    name: 'vnet-test', resourceGroupName: 'rg-test', location: 'westeurope', addressSpace, subnets, logAnalyticsWorkspaceId: WORKSPACE_ID,
  });
}

const productionStack = () => new AzureStack(Testing.app(), { stackName: 'net', environmentName: 'prod', production: true });

describe('Ipv4Range', () => {
  it('reads a CIDR range and refuses host bits, bad octets and bad prefixes', () => {
    expect(Ipv4Range.parse('10.40.16.0/20')?.toString()).toBe('10.40.16.0/20');
    expect(Ipv4Range.parse('10.40.16.1/20')).toBeUndefined();
    expect(Ipv4Range.parse('10.256.0.0/16')).toBeUndefined();
    expect(Ipv4Range.parse('10.0.0.0/33')).toBeUndefined();
    expect(Ipv4Range.parse('10.0.0.0')).toBeUndefined();
    expect(Ipv4Range.aligned('10.40.17.5/20')).toBe('10.40.16.0/20');
  });

  it('carves sixteenths, contains and overlaps by address, not by text', () => {
    const space = Ipv4Range.parse('10.40.0.0/16')!;
    expect(space.subrange(20, 1)?.toString()).toBe('10.40.16.0/20');
    expect(space.subrange(20, 15)?.toString()).toBe('10.40.240.0/20');
    expect(space.subrange(20, 16)).toBeUndefined();
    expect(space.contains(Ipv4Range.parse('10.40.255.0/24')!)).toBe(true);
    expect(space.contains(Ipv4Range.parse('10.41.0.0/24')!)).toBe(false);
    expect(Ipv4Range.parse('10.40.18.0/23')!.overlaps(Ipv4Range.parse('10.40.19.128/26')!)).toBe(true);
    expect(Ipv4Range.parse('10.40.18.0/24')!.overlaps(Ipv4Range.parse('10.40.19.0/24')!)).toBe(false);
    expect(Ipv4Range.parse('200.1.0.0/16')!.subrange(24, 3)?.toString()).toBe('200.1.3.0/24');
  });

  it('takes its own prefix as a subrange of one (itself), and no shorter prefix', () => {
    const space = Ipv4Range.parse('10.40.0.0/16')!;
    expect(space.subrange(16, 0)?.toString()).toBe('10.40.0.0/16');
    expect(space.subrange(16, 1)).toBeUndefined();
    expect(space.subrange(12, 0)).toBeUndefined();
  });
});

describe('PlatformNetwork', () => {
  it('creates the network and one delegated subnet per purpose, each with its own NSG and NSG logs', () => {
    const stack = testStack();
    network(stack);
    const tf = synth(stack);
    expect(resourceOf(tf, 'azurerm_virtual_network')).toMatchObject({ name: 'vnet-test', address_space: ['10.40.16.0/20'] });
    expect(resourceOf(tf, 'azurerm_subnet', 'network/subnet-container-apps')).toMatchObject({
      name: 'snet-container-apps', address_prefixes: ['10.40.16.0/23'],
      delegation: [{ name: 'container-apps', service_delegation: { name: 'Microsoft.App/environments', actions: ['Microsoft.Network/virtualNetworks/subnets/join/action'] } }],
    });
    expect(resourceOf(tf, 'azurerm_subnet', 'network/subnet-apim-outbound')).toMatchObject({
      address_prefixes: ['10.40.18.0/26'],
      delegation: [{ service_delegation: { name: 'Microsoft.Web/serverFarms', actions: ['Microsoft.Network/virtualNetworks/subnets/action'] } }],
    });
    expect(resourceOf(tf, 'azurerm_subnet', 'network/subnet-private-endpoints').delegation).toBeUndefined();
    expect(Object.values(resourcesOf(tf, 'azurerm_network_security_group')).map((n) => n.name).sort())
      .toEqual(['nsg-test-apim-outbound', 'nsg-test-container-apps', 'nsg-test-private-endpoints']);
    expect(resourceOf(tf, 'azurerm_subnet_network_security_group_association', 'network/nsg-association-container-apps')).toEqual({
      subnet_id: ref(tf, 'azurerm_subnet', 'id', 'network/subnet-container-apps'),
      network_security_group_id: ref(tf, 'azurerm_network_security_group', 'id', 'network/nsg-container-apps'),
    });
    const logs = resourceOf(tf, 'azurerm_monitor_diagnostic_setting', 'network/nsg-diagnostics-private-endpoints');
    expect(logs).toMatchObject({ enabled_log: [{ category_group: 'allLogs' }], log_analytics_workspace_id: WORKSPACE_ID });
    expect(logs.enabled_metric).toBeUndefined();
  });

  it('hands out each subnet\'s id through its NSG association, so what is placed in it waits for the NSG (API Management\'s integration needs one)', () => {
    const stack = testStack();
    const net = network(stack);
    new ApiGateway(stack, 'gateway', { ...GATEWAY_PROPS, skuName: 'StandardV2_1', outboundSubnet: net.subnetFor(SubnetPurpose.API_MANAGEMENT_OUTBOUND)! });
    const tf = synth(stack);
    expect(resourceOf(tf, 'azurerm_api_management').virtual_network_configuration)
      .toEqual({ subnet_id: expect.stringMatching(/^\$\{azurerm_subnet_network_security_group_association\.network_nsg-association-apim-outbound_[0-9A-F]+\.subnet_id\}$/) });
  });

  it('places the default layout in a /22 or larger: a /23 for the environment, a /26 for each other purpose', () => {
    const stack = testStack();
    expect(PlatformNetwork.defaultLayout(stack, '10.40.16.0/20', SubnetPurpose.all())).toEqual([
      { purpose: SubnetPurpose.CONTAINER_APPS_ENVIRONMENT, addressPrefix: '10.40.16.0/23' },
      { purpose: SubnetPurpose.API_MANAGEMENT_OUTBOUND, addressPrefix: '10.40.18.0/26' },
      { purpose: SubnetPurpose.FUNCTIONS, addressPrefix: '10.40.18.64/26' },
      { purpose: SubnetPurpose.PRIVATE_ENDPOINTS, addressPrefix: '10.40.18.128/26' },
    ]);
    expect(PlatformNetwork.defaultLayout(stack, '10.1.4.0/22', [SubnetPurpose.PRIVATE_ENDPOINTS])).toEqual([
      { purpose: SubnetPurpose.PRIVATE_ENDPOINTS, addressPrefix: '10.1.6.128/26' },
    ]);
  });

  it('links each private DNS zone to the network once, however many endpoints use it', () => {
    const stack = testStack();
    const net = network(stack);
    net.privateDnsZoneId('privatelink.vaultcore.azure.net');
    net.privateDnsZoneId('privatelink.vaultcore.azure.net');
    const tf = synth(stack);
    // resourceOf finds exactly one.
    expect(resourceOf(tf, 'azurerm_private_dns_zone')).toMatchObject({ name: 'privatelink.vaultcore.azure.net' });
    expect(resourceOf(tf, 'azurerm_private_dns_zone_virtual_network_link')).toMatchObject({
      registration_enabled: false, virtual_network_id: ref(tf, 'azurerm_virtual_network', 'id'),
    });
  });

  it('fails when a subnet overlaps another, naming both ranges', () => {
    const r = refusalOf(() => network(testStack(), [LAYOUT[0], { purpose: SubnetPurpose.PRIVATE_ENDPOINTS, addressPrefix: '10.40.17.0/26' }]));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/network', setting: 'subnets[private-endpoints].addressPrefix' });
    expect(r.message).toMatch(/= "10\.40\.17\.0\/26": it overlaps 10\.40\.16\.0\/23, the subnet of the Container Apps environment.* Fix: /);
  });

  it('fails when a subnet is outside the address space', () => {
    const r = refusalOf(() => network(testStack(), [{ purpose: SubnetPurpose.PRIVATE_ENDPOINTS, addressPrefix: '10.41.0.0/26' }]));
    expect(r.message).toMatch(/subnets\[private-endpoints\]\.addressPrefix = "10\.41\.0\.0\/26": the subnet is not inside the network's address space 10\.40\.16\.0\/20.* Fix: choose a range inside 10\.40\.16\.0\/20\./);
  });

  it('fails when a subnet is too small for what it hosts (the environment needs a /27)', () => {
    const r = refusalOf(() => network(testStack(), [{ purpose: SubnetPurpose.CONTAINER_APPS_ENVIRONMENT, addressPrefix: '10.40.16.0/28' }]));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'subnets[container-apps].addressPrefix' });
    expect(r.message).toMatch(/needs at least a \/27; a \/28 leaves it too few addresses.* Fix: give it a \/27 or larger\./);
  });

  it('fails when the outbound subnet is smaller than a /27 or the private-endpoint subnet smaller than a /28', () => {
    expect(refusalOf(() => network(testStack(), [{ purpose: SubnetPurpose.API_MANAGEMENT_OUTBOUND, addressPrefix: '10.40.18.0/28' }])).message)
      .toMatch(/API Management outbound integration needs at least a \/27/);
    expect(refusalOf(() => network(testStack(), [{ purpose: SubnetPurpose.PRIVATE_ENDPOINTS, addressPrefix: '10.40.18.0/29' }])).message)
      .toMatch(/private endpoints needs at least a \/28/);
  });

  it('fails when a range has host bits set, naming the aligned range', () => {
    expect(refusalOf(() => network(testStack(), LAYOUT, '10.40.17.0/20')).message)
      .toMatch(/addressSpace = "10\.40\.17\.0\/20": the address has host bits set.* Fix: write 10\.40\.16\.0\/20\./);
    expect(refusalOf(() => network(testStack(), LAYOUT, '10.40.16/20')).message).toMatch(/not an IPv4 range in CIDR notation/);
  });

  it('fails when a purpose gets two subnets', () => {
    const r = refusalOf(() => network(testStack(), [LAYOUT[2], { purpose: SubnetPurpose.PRIVATE_ENDPOINTS, addressPrefix: '10.40.19.0/26' }]));
    expect(r).toMatchObject({ setting: 'subnets[private-endpoints]' });
    expect(r.message).toMatch(/private endpoints already has the subnet 10\.40\.18\.128\/26/);
  });

  it('fails when the default layout is asked for a space smaller than a /22', () => {
    expect(refusalOf(() => PlatformNetwork.defaultLayout(testStack(), '10.40.16.0/23', SubnetPurpose.all())))
      .toMatchObject({ lesson: 'AZURE', setting: 'addressSpace' });
  });
});

describe('PrivateEndpoint', () => {
  /** A plain stack that knows the platform's services, as an AzureStack does (PlatformAspects.applyTo gives them). */
  const knowing = <T extends TerraformStack>(stack: T): T => {
    AzureServices.attach(stack, PLATFORM_SERVICES);
    return stack;
  };

  it('puts the endpoint in the private-endpoint subnet with the service\'s DNS zone', () => {
    const stack = knowing(testStack());
    const net = network(stack);
    new PrivateEndpoint(stack, 'pe', {
      network: net, name: 'pe-kv', targetResourceId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv',
      targetResourceType: 'Microsoft.KeyVault/vaults', subresource: 'vault',
    });
    const tf = synth(stack);
    expect(resourceOf(tf, 'azurerm_private_endpoint')).toMatchObject({
      name: 'pe-kv',
      subnet_id: ref(tf, 'azurerm_subnet_network_security_group_association', 'subnet_id', 'network/nsg-association-private-endpoints'),
      private_service_connection: {
        name: 'vault', is_manual_connection: false, subresource_names: ['vault'],
        private_connection_resource_id: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv',
      },
      private_dns_zone_group: { name: 'default', private_dns_zone_ids: [ref(tf, 'azurerm_private_dns_zone', 'id')] },
    });
    expect(resourceOf(tf, 'azurerm_private_dns_zone').name).toBe('privatelink.vaultcore.azure.net');
  });

  it('waits for the zone\'s link to the network, so what waits for the endpoint resolves its private address', () => {
    const stack = knowing(testStack());
    new PrivateEndpoint(stack, 'pe', {
      network: network(stack), name: 'pe-kv', targetResourceId: '/kv', targetResourceType: 'Microsoft.KeyVault/vaults', subresource: 'vault',
    });
    const tf = synth(stack);
    const [linkId] = Object.keys(resourcesOf(tf, 'azurerm_private_dns_zone_virtual_network_link'));
    expect(resourceOf(tf, 'azurerm_private_endpoint').depends_on).toEqual([`azurerm_private_dns_zone_virtual_network_link.${linkId}`]);
  });

  it('waits for no link of a network in another stack, which its stack does not declare', () => {
    const app = Testing.app();
    const netStack = new AzureStack(app, { stackName: 'net', environmentName: 'dev', production: false });
    const other = new AzureStack(app, { stackName: 'data', environmentName: 'dev', production: false });
    new PrivateEndpoint(other, 'pe', {
      network: network(netStack), name: 'pe-kv', targetResourceId: '/kv', targetResourceType: 'Microsoft.KeyVault/vaults', subresource: 'vault',
    });
    expect(resourceOf(synth(other), 'azurerm_private_endpoint')).not.toHaveProperty('depends_on');
  });

  it('gives a shared Premium registry an endpoint in the network, on its registry sub-resource and privatelink.azurecr.io', () => {
    const stack = testStack();
    const registryId = '/subscriptions/0/resourceGroups/rg-shared/providers/Microsoft.ContainerRegistry/registries/crShared';
    const registry = ContainerRegistry.fromExisting(stack, 'registry', { name: 'crShared', resourceGroupName: 'rg-shared', registryId, sku: ContainerRegistrySku.PREMIUM });
    registry.addPrivateEndpoint(network(stack));
    const tf = synth(stack);
    expect(resourceOf(tf, 'azurerm_private_endpoint')).toMatchObject({
      name: 'pe-crshared', private_service_connection: { subresource_names: ['registry'], private_connection_resource_id: registryId },
    });
    expect(resourceOf(tf, 'azurerm_private_dns_zone').name).toBe('privatelink.azurecr.io');
  });

  it('keeps a registry name given as a token intact in the endpoint name and login server (lowered by Terraform)', () => {
    const stack = testStack();
    const name = new TerraformVariable(stack, 'registry-name', { type: 'string' }).stringValue;
    const registry = ContainerRegistry.fromExisting(stack, 'registry', { name, resourceGroupName: 'rg-shared', registryId: '/acr', sku: ContainerRegistrySku.PREMIUM });
    registry.addPrivateEndpoint(network(stack));
    const tf = synth(stack);
    expect(resourceOf(tf, 'azurerm_private_endpoint').name).toBe('pe-${lower(var.registry-name)}');
    expect(String(resolveIn(stack, registry.loginServer))).toBe('${lower(var.registry-name)}.azurecr.io');
  });

  for (const sku of [undefined, ContainerRegistrySku.BASIC, ContainerRegistrySku.STANDARD]) {
    it(`fails when a registry not declared Premium gets a private endpoint (${sku ?? 'tier not given'})`, () => {
      const stack = testStack();
      const registry = ContainerRegistry.fromExisting(stack, 'registry', { name: 'crshared', resourceGroupName: 'rg-shared', registryId: '/acr', ...(sku ? { sku } : {}) });
      const r = refusalOf(() => registry.addPrivateEndpoint(network(stack)));
      expect(r).toMatchObject({ lesson: 'AZURE', setting: 'sku', path: 'test/registry' });
      expect(r.message).toContain('only a Premium registry takes private endpoints');
      expect(r.message).toContain('Fix: check the registry\'s tier with its owner');
    });
  }

  it('reads each service\'s private-link zones from its descriptor, in the services an AzureStack knows (PrivateEndpoint.dnsZoneOf)', () => {
    const stack = new AzureStack(Testing.app(), { stackName: 'zones', environmentName: 'dev', production: false });
    const zoneOf = (type: string, subresource: string) => PrivateEndpoint.dnsZoneOf(stack, type, subresource);
    expect([
      zoneOf('Microsoft.KeyVault/vaults', 'vault'),
      zoneOf('Microsoft.ContainerRegistry/registries', 'registry'),
      zoneOf('Microsoft.Storage/storageAccounts', 'queue'),
      zoneOf('Microsoft.KeyVault/vaults', 'blob'),
    ]).toEqual(['privatelink.vaultcore.azure.net', 'privatelink.azurecr.io', 'privatelink.queue.core.windows.net', undefined]);
  });

  it('takes the zones it is given, in a stack that knows no service (a plain TerraformStack)', () => {
    const stack = new TerraformStack(Testing.app(), 'plain');
    expect(PrivateEndpoint.dnsZoneOf(stack, 'Microsoft.KeyVault/vaults', 'vault')).toBeUndefined();
    new PrivateEndpoint(stack, 'pe', {
      network: network(stack), name: 'pe-kv', targetResourceId: '/kv', targetResourceType: 'Microsoft.KeyVault/vaults', subresource: 'vault',
      dnsZones: { vault: 'privatelink.vaultcore.azure.net' },
    });
    expect(resourceOf(synth(stack), 'azurerm_private_dns_zone').name).toBe('privatelink.vaultcore.azure.net');
  });

  it('fails when a stack that knows no service is given no zones', () => {
    const stack = new TerraformStack(Testing.app(), 'plain');
    const r = refusalOf(() => new PrivateEndpoint(stack, 'pe', {
      network: network(stack), name: 'pe-kv', targetResourceId: '/kv', targetResourceType: 'Microsoft.KeyVault/vaults', subresource: 'vault',
    }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'targetResourceType' });
    expect(r.message).toContain('PlatformAspects.applyTo, which has not run on it yet');
    expect(r.message).toContain('Fix: call PlatformAspects.applyTo(stack, ...) before building the endpoint, give dnsZones (each sub-resource and its privatelink zone), or build it in an AzureStack.');
  });

  it('fails when the service has no sub-resource by that name', () => {
    const stack = knowing(testStack());
    const r = refusalOf(() => new PrivateEndpoint(stack, 'pe', {
      network: network(stack), name: 'pe-st', targetResourceId: '/st', targetResourceType: 'Microsoft.Storage/storageAccounts', subresource: 'vault',
    }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/pe', setting: 'subresource' });
    expect(r.message).toMatch(/Microsoft\.Storage\/storageAccounts has no private-link sub-resource by this name.* Fix: use blob, queue, table, file\./);
  });

  it('fails when the library does not know the service\'s private link', () => {
    const stack = knowing(testStack());
    const r = refusalOf(() => new PrivateEndpoint(stack, 'pe', {
      network: network(stack), name: 'pe-sql', targetResourceId: '/sql', targetResourceType: 'Microsoft.Sql/servers', subresource: 'sqlServer',
    }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'targetResourceType' });
    expect(r.message).toMatch(/Fix: use one of Microsoft\.ApiManagement\/service, Microsoft\.Cache\/redisEnterprise, .*Microsoft\.Storage\/storageAccounts, give dnsZones, or build the endpoint with azurerm_private_endpoint directly\./);
  });

  it('fails when the network has no private-endpoint subnet', () => {
    const stack = knowing(testStack());
    const r = refusalOf(() => new PrivateEndpoint(stack, 'pe', {
      network: network(stack, [LAYOUT[0]]), name: 'pe-kv', targetResourceId: '/kv', targetResourceType: 'Microsoft.KeyVault/vaults', subresource: 'vault',
    }));
    expect(r.message).toMatch(/the network has no subnet for private endpoints.* Fix: add a SubnetPurpose\.PRIVATE_ENDPOINTS subnet/);
  });
});

describe('ManagedRedis on a private network (SEC-1)', () => {
  const redisProps = { name: 'redis-net', resourceGroupName: 'rg-test', location: 'westeurope', clusteringPolicy: RedisClusteringPolicy.OSS_CLUSTER, alerts: { actionGroupId: '/ag' } };

  it('answers on a private endpoint only in production, without the public-endpoint warning', () => {
    const stack = productionStack();
    const redis = new ManagedRedis(stack, 'redis', redisProps);
    redis.addPrivateEndpoint(network(stack));
    expect(() => Testing.fullSynth(stack)).not.toThrow();
    const tf = synth(stack);
    expect(resourceOf(tf, 'azurerm_managed_redis').public_network_access).toBe('Disabled');
    expect(resourceOf(tf, 'azurerm_private_endpoint')).toMatchObject({
      name: 'pe-redis-net',
      private_service_connection: { subresource_names: ['redisEnterprise'], private_connection_resource_id: ref(tf, 'azurerm_managed_redis', 'id') },
    });
    expect(resourceOf(tf, 'azurerm_private_dns_zone').name).toBe('privatelink.redis.azure.net');
    expect(warningsOf(stack).filter((w) => w.includes('publicNetworkAccess'))).toEqual([]);
  });

  it('names a second endpoint (another network) apart from the first, so both can exist in one resource group', () => {
    const stack = productionStack();
    const redis = new ManagedRedis(stack, 'redis', redisProps);
    redis.addPrivateEndpoint(network(stack));
    redis.addPrivateEndpoint(new PlatformNetwork(stack, 'other', {
      name: 'vnet-other', resourceGroupName: 'rg-test', location: 'westeurope', addressSpace: '10.41.16.0/20', logAnalyticsWorkspaceId: WORKSPACE_ID,
      subnets: PlatformNetwork.defaultLayout(stack, '10.41.16.0/20', [SubnetPurpose.PRIVATE_ENDPOINTS]),
    }));
    expect(Object.values(resourcesOf(synth(stack), 'azurerm_private_endpoint')).map((e) => e.name)).toEqual(['pe-redis-net', 'pe-redis-net-1']);
  });

  it('fails at synth when the public endpoint is off (the production default) and no private endpoint reaches the cache', () => {
    const stack = productionStack();
    new ManagedRedis(stack, 'redis', redisProps);
    expect(() => Testing.fullSynth(stack)).toThrow(
      /\[SEC-1\] net-prod\/redis: publicNetworkAccess = "Disabled": the public endpoint is off \(the production default\) and no private endpoint reaches the cache.* Fix: call addPrivateEndpoint\(network\)/);
  });

  it('accepts the public endpoint off when another team\'s private endpoint reaches the cache', () => {
    const stack = productionStack();
    new ManagedRedis(stack, 'redis', { ...redisProps, publicNetworkAccess: PublicNetworkAccess.DISABLED, privateEndpointManagedElsewhere: true });
    expect(() => Testing.fullSynth(stack)).not.toThrow();
  });
});

describe('ContainerAppsEnvironment in a network', () => {
  function environment(stack: TerraformStack, props: { internal?: boolean; zoneRedundant?: boolean; subnet?: boolean } = {}) {
    const net = network(stack);
    return new ContainerAppsEnvironment(stack, 'cae', {
      name: 'cae-test', resourceGroupName: 'rg-test', location: 'westeurope', logAnalyticsWorkspaceId: WORKSPACE_ID,
      ...(props.subnet === false ? {} : { subnet: net.subnetFor(SubnetPurpose.CONTAINER_APPS_ENVIRONMENT)! }),
      ...(props.internal ? { internal: true } : {}),
      ...(props.zoneRedundant ? { zoneRedundant: true } : {}),
    });
  }

  it('is a workload-profiles environment in its subnet, zone-redundant and internal when asked', () => {
    const stack = testStack();
    environment(stack, { internal: true, zoneRedundant: true });
    const tf = synth(stack);
    expect(resourceOf(tf, 'azurerm_container_app_environment')).toMatchObject({
      infrastructure_subnet_id: ref(tf, 'azurerm_subnet_network_security_group_association', 'subnet_id', 'network/nsg-association-container-apps'),
      workload_profile: [{ name: 'Consumption', workload_profile_type: 'Consumption' }],
      internal_load_balancer_enabled: true,
      zone_redundancy_enabled: true,
    });
  });

  it('names its infrastructure resource group as Azure would (ME_<name>_<group>_<location>), so the next plan does not replace it (AZURE.ContainerAppsInfrastructureGroup)', () => {
    const stack = testStack();
    environment(stack);
    expect(resourceOf(synth(stack), 'azurerm_container_app_environment').infrastructure_resource_group_name).toBe('ME_cae-test_rg-test_westeurope');
  });

  it('lets Terraform normalize a location given as a reference in the default group name', () => {
    const stack = testStack();
    const net = network(stack);
    const location = new TerraformVariable(stack, 'location', { type: 'string' });
    new ContainerAppsEnvironment(stack, 'cae', {
      name: 'cae-test', resourceGroupName: 'rg-test', location: location.stringValue, logAnalyticsWorkspaceId: WORKSPACE_ID,
      subnet: net.subnetFor(SubnetPurpose.CONTAINER_APPS_ENVIRONMENT)!,
    });
    expect(resourceOf(synth(stack), 'azurerm_container_app_environment').infrastructure_resource_group_name).toBe('ME_cae-test_rg-test_${replace(lower(var.location), " ", "")}');
  });

  it('fails when the environment is in another region than its subnet\'s network (also as a display name, or a variable default)', () => {
    const stack = testStack();
    const net = network(stack);
    const r = refusalOf(() => new ContainerAppsEnvironment(stack, 'cae', {
      name: 'cae-test', resourceGroupName: 'rg-test', location: 'northeurope', logAnalyticsWorkspaceId: WORKSPACE_ID, subnet: net.subnetFor(SubnetPurpose.CONTAINER_APPS_ENVIRONMENT)!,
    }));
    expect(r.message).toBe('[AZURE] test/cae: subnet = "westeurope": the subnet\'s network is in westeurope, and this resource is in northeurope: Azure places a resource in a subnet only in the network\'s region, so the deployment fails. Fix: put the resource in westeurope, or use a network in northeurope.');
    const same = testStack();
    const sameNet = network(same);
    new ContainerAppsEnvironment(same, 'cae', {
      name: 'cae-test', resourceGroupName: 'rg-test', location: new TerraformVariable(same, 'region', { type: 'string', default: 'West Europe' }).stringValue,
      logAnalyticsWorkspaceId: WORKSPACE_ID, subnet: sameNet.subnetFor(SubnetPurpose.CONTAINER_APPS_ENVIRONMENT)!,
    });
    expect(() => synth(same)).not.toThrow();
  });

  it('fails when a gateway\'s outbound subnet is in another region', () => {
    const stack = testStack();
    const net = network(stack);
    const r = refusalOf(() => new ApiGateway(stack, 'gw', { ...GATEWAY_PROPS, location: 'swedencentral', skuName: 'StandardV2_1', outboundSubnet: net.subnetFor(SubnetPurpose.API_MANAGEMENT_OUTBOUND)! }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'outboundSubnet' });
  });

  it('takes the infrastructure resource group\'s name when given', () => {
    const stack = testStack();
    const net = network(stack);
    new ContainerAppsEnvironment(stack, 'cae', {
      name: 'cae-test', resourceGroupName: 'rg-test', location: 'westeurope', logAnalyticsWorkspaceId: WORKSPACE_ID,
      subnet: net.subnetFor(SubnetPurpose.CONTAINER_APPS_ENVIRONMENT)!, infrastructureResourceGroupName: 'rg-test-cae-infra',
    });
    expect(resourceOf(synth(stack), 'azurerm_container_app_environment').infrastructure_resource_group_name).toBe('rg-test-cae-infra');
  });

  it('fails when the infrastructure resource group name is one Azure rejects', () => {
    const stack = testStack();
    const net = network(stack);
    const r = refusalOf(() => new ContainerAppsEnvironment(stack, 'cae', {
      name: 'cae-test', resourceGroupName: 'rg-test', location: 'westeurope', logAnalyticsWorkspaceId: WORKSPACE_ID,
      subnet: net.subnetFor(SubnetPurpose.CONTAINER_APPS_ENVIRONMENT)!, infrastructureResourceGroupName: 'infra.',
    }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/cae', setting: 'infrastructureResourceGroupName' });
    expect(r.message).toBe('[AZURE] test/cae: infrastructureResourceGroupName = "infra.": Azure rejects this resource group name (6 characters). '
      + 'Fix: use 1-90 characters: letters, digits, underscores, hyphens, periods and parentheses, not ending with a period.');
  });

  it('fails when the default infrastructure resource group name would be longer than Azure allows', () => {
    const stack = testStack();
    const net = network(stack);
    const r = refusalOf(() => new ContainerAppsEnvironment(stack, 'cae', {
      name: 'cae-test', resourceGroupName: `rg-${'x'.repeat(80)}`, location: 'westeurope', logAnalyticsWorkspaceId: WORKSPACE_ID,
      subnet: net.subnetFor(SubnetPurpose.CONTAINER_APPS_ENVIRONMENT)!,
    }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'infrastructureResourceGroupName' });
    expect(r.message).toContain('Fix: pass infrastructureResourceGroupName: a new resource group name of 90 characters or fewer.');
  });

  it('fails when the infrastructure resource group is the environment\'s own (Azure creates it, and refuses one that exists)', () => {
    const stack = testStack();
    const net = network(stack);
    const r = refusalOf(() => new ContainerAppsEnvironment(stack, 'cae', {
      name: 'cae-test', resourceGroupName: 'rg-test', location: 'westeurope', logAnalyticsWorkspaceId: WORKSPACE_ID,
      subnet: net.subnetFor(SubnetPurpose.CONTAINER_APPS_ENVIRONMENT)!, infrastructureResourceGroupName: 'rg-test',
    }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'infrastructureResourceGroupName', path: 'test/cae' });
    expect(r.message).toContain('infrastructureResourceGroupName = "rg-test": Azure creates the infrastructure resource group itself and refuses one that exists');
  });

  it('fails when an infrastructure resource group is named without a subnet (azurerm takes it with a workload profile only)', () => {
    const stack = testStack();
    const r = refusalOf(() => new ContainerAppsEnvironment(stack, 'cae', {
      name: 'cae-test', resourceGroupName: 'rg-test', location: 'westeurope', logAnalyticsWorkspaceId: WORKSPACE_ID, infrastructureResourceGroupName: 'rg-infra',
    }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/cae', setting: 'infrastructureResourceGroupName' });
    expect(r.message).toContain('Fix: pass subnet as well, or drop infrastructureResourceGroupName.');
  });

  it('writes no infrastructure resource group without a subnet (Azure names none a plan could see)', () => {
    const stack = testStack();
    environment(stack, { subnet: false });
    expect(resourceOf(synth(stack), 'azurerm_container_app_environment')).not.toHaveProperty('infrastructure_resource_group_name');
  });

  it('resolves <app>.<default domain> to the internal environment\'s address inside the network', () => {
    const stack = testStack();
    environment(stack, { internal: true });
    const tf = synth(stack);
    const zone = Object.entries(resourcesOf(tf, 'azurerm_private_dns_zone')).find(([id]) => id.startsWith('cae_'))!;
    expect(zone[1].name).toBe(ref(tf, 'azurerm_container_app_environment', 'default_domain'));
    expect(resourceOf(tf, 'azurerm_private_dns_a_record')).toMatchObject({
      name: '*', records: [ref(tf, 'azurerm_container_app_environment', 'static_ip_address')], zone_name: `\${azurerm_private_dns_zone.${zone[0]}.name}`,
    });
    expect(resourceOf(tf, 'azurerm_private_dns_zone_virtual_network_link', 'cae/private-dns-link').virtual_network_id).toBe(ref(tf, 'azurerm_virtual_network', 'id'));
  });

  it('fails when the subnet is for another service', () => {
    const stack = testStack();
    const net = network(stack);
    const r = refusalOf(() => new ContainerAppsEnvironment(stack, 'cae', {
      name: 'cae-test', resourceGroupName: 'rg-test', location: 'westeurope', logAnalyticsWorkspaceId: WORKSPACE_ID,
      subnet: net.subnetFor(SubnetPurpose.API_MANAGEMENT_OUTBOUND)!,
    }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/cae', setting: 'subnet' });
    expect(r.message).toMatch(/the Container Apps environment needs a subnet delegated to Microsoft\.App\/environments, and this one is for API Management outbound integration \(delegated to Microsoft\.Web\/serverFarms\).* Fix: pass the network's subnetFor\(SubnetPurpose\.CONTAINER_APPS_ENVIRONMENT\)\./);
  });

  it('fails when internal has no subnet', () => {
    expect(refusalOf(() => environment(testStack(), { internal: true, subnet: false }))).toMatchObject({ lesson: 'AZURE', setting: 'internal' });
  });

  it('warns when a zone-redundant environment runs an app on fewer than three replicas', () => {
    const stack = testStack();
    const env = environment(stack, { zoneRedundant: true });
    new ContainerService(stack, 'svc', { name: 'ca-svc', environment: env, image: 'mcr.microsoft.com/dotnet/samples:aspnetapp', minReplicas: 2, maxReplicas: 2 });
    expect(warningsOf(stack)).toContainEqual(expect.stringMatching(/^\[AZURE\] test\/svc: minReplicas = 2: .*three availability zones.* Fix: give minReplicas 3 or more/));
    expect(resourceOf(synth(stack), 'azurerm_container_app').workload_profile_name).toBe('Consumption');
  });
});

describe('ApiGateway outbound VNet integration', () => {
  it('sends the gateway\'s outbound calls into the network (External) and sets the minimum management API version', () => {
    const stack = testStack();
    const net = network(stack);
    const apim = new ApiGateway(stack, 'gateway', { ...GATEWAY_PROPS, skuName: 'StandardV2_1', outboundSubnet: net.subnetFor(SubnetPurpose.API_MANAGEMENT_OUTBOUND)! });
    const tf = synth(stack);
    expect(resourceOf(tf, 'azurerm_api_management')).toMatchObject({
      virtual_network_type: 'External',
      virtual_network_configuration: { subnet_id: ref(tf, 'azurerm_subnet_network_security_group_association', 'subnet_id', 'network/nsg-association-apim-outbound') },
      min_api_version: '2021-08-01',
    });
    expect(apim.outboundVirtualNetworkId).toBe(net.virtualNetworkId);
  });

  it('fails when a Basic v2 gateway is given an outbound subnet (only Standard v2 and Premium v2 integrate)', () => {
    const stack = testStack();
    const net = network(stack);
    const r = refusalOf(() => new ApiGateway(stack, 'gateway', { ...GATEWAY_PROPS, outboundSubnet: net.subnetFor(SubnetPurpose.API_MANAGEMENT_OUTBOUND)! }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'outboundSubnet' });
    expect(r.message).toMatch(/BasicV2_1 has no VNet integration.* Fix: use 'StandardV2_1' or larger/);
  });

  it('fails when the outbound subnet is the private-endpoint subnet', () => {
    const stack = testStack();
    const net = network(stack);
    expect(refusalOf(() => new ApiGateway(stack, 'gateway', { ...GATEWAY_PROPS, skuName: 'StandardV2_1', outboundSubnet: net.subnetFor(SubnetPurpose.PRIVATE_ENDPOINTS)! })))
      .toMatchObject({ lesson: 'AZURE', setting: 'outboundSubnet' });
  });

  it('accepts Premium v2, which integrates outbound too', () => {
    const stack = testStack();
    const net = network(stack);
    new ApiGateway(stack, 'gateway', { ...GATEWAY_PROPS, skuName: 'PremiumV2_1', outboundSubnet: net.subnetFor(SubnetPurpose.API_MANAGEMENT_OUTBOUND)! });
    expect(resourceOf(synth(stack), 'azurerm_api_management').virtual_network_type).toBe('External');
  });

  for (const version of ['latest', '2021-13-01', '2021-02-30']) {
    it(`fails when the minimum API version is not a date (${version})`, () => {
      expect(refusalOf(() => new ApiGateway(testStack(), 'gateway', { ...GATEWAY_PROPS, minApiVersion: version }))).toMatchObject({ setting: 'minApiVersion' });
    });
  }

  it('warns when the minimum API version is older than 2021-08-01, which lets reads return secrets (SEC-1)', () => {
    const stack = testStack();
    new ApiGateway(stack, 'gateway', { ...GATEWAY_PROPS, minApiVersion: '2019-12-01' });
    expect(warningsOf(stack)).toEqual([expect.stringMatching(/^\[SEC-1\] test\/gateway: minApiVersion = "2019-12-01": management API versions before 2021-08-01 return secrets/)]);
    const later = testStack();
    new ApiGateway(later, 'gateway', { ...GATEWAY_PROPS, minApiVersion: '2022-08-01-preview' });
    expect(warningsOf(later)).toEqual([]);
  });
});

describe('a service of an internal environment and its gateway (ACCESS)', () => {
  function build(options: { integrate: boolean; external?: boolean }) {
    const stack = testStack();
    const net = network(stack);
    const env = new ContainerAppsEnvironment(stack, 'cae', {
      name: 'cae-test', resourceGroupName: 'rg-test', location: 'westeurope', logAnalyticsWorkspaceId: WORKSPACE_ID,
      subnet: net.subnetFor(SubnetPurpose.CONTAINER_APPS_ENVIRONMENT)!, internal: true,
    });
    const apim = new ApiGateway(stack, 'gateway', {
      ...GATEWAY_PROPS, skuName: 'StandardV2_1', ...(options.integrate ? { outboundSubnet: net.subnetFor(SubnetPurpose.API_MANAGEMENT_OUTBOUND)! } : {}),
    });
    return () => new ContainerService(stack, 'svc', {
      name: 'ca-svc', environment: env, image: 'mcr.microsoft.com/dotnet/samples:aspnetapp', caller: apim, ...(options.external === false ? { external: false } : {}),
    });
  }

  it('accepts a gateway integrated into the environment\'s network', () => {
    expect(build({ integrate: true })().app).toBeDefined();
  });

  it('fails when the gateway has no outbound VNet integration', () => {
    const r = refusalOf(build({ integrate: false }));
    expect(r).toMatchObject({ lesson: 'ACCESS', path: 'test/svc', setting: 'caller' });
    expect(r.message).toMatch(/caller = "no VNet integration": the service answers only inside its environment's virtual network.* Fix: give the gateway outboundSubnet/);
  });

  it('fails when the gateway is integrated into another network than the environment\'s', () => {
    const stack = testStack();
    const own = network(stack);
    const other = new PlatformNetwork(stack, 'other', {
      name: 'vnet-other', resourceGroupName: 'rg-test', location: 'westeurope', addressSpace: '10.41.16.0/20', logAnalyticsWorkspaceId: WORKSPACE_ID,
      subnets: PlatformNetwork.defaultLayout(stack, '10.41.16.0/20', [SubnetPurpose.API_MANAGEMENT_OUTBOUND]),
    });
    const env = new ContainerAppsEnvironment(stack, 'cae', {
      name: 'cae-test', resourceGroupName: 'rg-test', location: 'westeurope', logAnalyticsWorkspaceId: WORKSPACE_ID,
      subnet: own.subnetFor(SubnetPurpose.CONTAINER_APPS_ENVIRONMENT)!, internal: true,
    });
    const apim = new ApiGateway(stack, 'gateway', { ...GATEWAY_PROPS, skuName: 'StandardV2_1', outboundSubnet: other.subnetFor(SubnetPurpose.API_MANAGEMENT_OUTBOUND)! });
    const r = refusalOf(() => new ContainerService(stack, 'svc', { name: 'ca-svc', environment: env, image: 'mcr.microsoft.com/dotnet/samples:aspnetapp', caller: apim }));
    expect(r).toMatchObject({ lesson: 'ACCESS', setting: 'caller' });
    expect(r.message).toMatch(/caller = "\$\{azurerm_virtual_network\.other_vnet_[0-9A-F]+\.id\}": the service answers only inside its environment's virtual network/);
  });

  it('warns when an imported internal environment does not say its network: the gateway\'s cannot be compared with it (ACCESS)', () => {
    const stack = testStack();
    const env = ContainerAppsEnvironment.fromExisting(stack, 'cae', {
      environmentId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.App/managedEnvironments/cae', resourceGroupName: 'rg', location: 'westeurope', internal: true,
    });
    const caller = ApiGateway.fromExisting(stack, 'gw', {
      serviceName: 'apim-shared', resourceGroupName: 'rg', skuName: 'StandardV2_1', outboundVirtualNetworkId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/vnet-b',
    });
    new ContainerService(stack, 'svc', { name: 'ca-svc', environment: env, image: 'mcr.microsoft.com/dotnet/samples:aspnetapp', caller });
    expect(warningsOf(stack)).toEqual([expect.stringMatching(/^\[ACCESS\] test\/svc: environment\.virtualNetworkId = undefined: the internal environment's network is not known/)]);
  });

  it('fails when an imported gateway names another network by id, whatever the case of the id', () => {
    const stack = testStack();
    const env = ContainerAppsEnvironment.fromExisting(stack, 'cae', {
      environmentId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.App/managedEnvironments/cae', resourceGroupName: 'rg', location: 'westeurope',
      internal: true, virtualNetworkId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/vnet-a',
    });
    const importedIn = (vnet: string) => ApiGateway.fromExisting(stack, `gw-${vnet}`, {
      serviceName: 'apim-shared', resourceGroupName: 'rg', skuName: 'StandardV2_1', outboundVirtualNetworkId: `/subscriptions/0/resourceGroups/RG/providers/Microsoft.Network/virtualNetworks/${vnet}`,
    });
    const service = (caller: ReturnType<typeof importedIn>, id: string) => new ContainerService(stack, id, { name: `ca-${id}`, environment: env, image: 'mcr.microsoft.com/dotnet/samples:aspnetapp', caller });
    expect(refusalOf(() => service(importedIn('vnet-b'), 'b'))).toMatchObject({ lesson: 'ACCESS', setting: 'caller' });
    expect(service(importedIn('VNET-A'), 'a').app).toBeDefined();
  });

  it('fails when the ingress is limited to the environment, which the gateway never reaches', () => {
    expect(refusalOf(build({ integrate: true, external: false }))).toMatchObject({ lesson: 'ACCESS', setting: 'external' });
  });
});

describe('a storage account reached through private endpoints (SEC-1)', () => {
  function build(services: StorageService[], integrate = true) {
    const stack = productionStack();
    const net = network(stack);
    const account = new StorageAccount(stack, 'storage', { name: 'stnet', resourceGroupName: 'rg-test', location: 'westeurope' });
    for (const service of services) account.addPrivateEndpoint(net, service);
    const queue = account.addQueue('commands');
    const apim = new ApiGateway(stack, 'gateway', {
      ...GATEWAY_PROPS, skuName: 'StandardV2_1', ...(integrate ? { outboundSubnet: net.subnetFor(SubnetPurpose.API_MANAGEMENT_OUTBOUND)! } : {}),
    });
    const intake = () => new QueueIntakeApi(stack, 'intake', {
      gateway: apim, name: 'commands', path: 'commands', queue, operations: [{ name: 'create', urlTemplate: '/commands' }], allowDirectCallers: true,
    });
    return { stack, intake, account, net };
  }

  it('lets an integrated gateway queue into an account whose public endpoint is off, through its queue endpoint', () => {
    const { stack, intake } = build([StorageService.QUEUE]);
    intake();
    const tf = synth(stack);
    expect(resourceOf(tf, 'azurerm_storage_account').public_network_access_enabled).toBe(false);
    expect(resourceOf(tf, 'azurerm_private_endpoint')).toMatchObject({
      name: 'pe-stnet-queue',
      private_service_connection: { subresource_names: ['queue'], private_connection_resource_id: ref(tf, 'azurerm_storage_account', 'id') },
    });
    expect(resourceOf(tf, 'azurerm_private_dns_zone').name).toBe('privatelink.queue.core.windows.net');
  });

  it('fails when the account has private endpoints in the gateway\'s network, but none for the queue service', () => {
    const { stack, intake } = build([StorageService.TABLE]);
    intake();
    expect(() => Testing.fullSynth(stack)).toThrow(
      /\[SEC-1\] net-prod\/intake: queue\.account\.publicNetworkAccess = "Disabled": the gateway \(which queues the commands\) is in a virtual network without a private endpoint for the account's queue service.* Fix: call account\.addPrivateEndpoint\(network, StorageService\.QUEUE\)/);
  });

  it('fails when the gateway has no VNet integration, whatever endpoints the account has', () => {
    const { stack, intake } = build([StorageService.QUEUE], false);
    intake();
    expect(() => Testing.fullSynth(stack)).toThrow(/from outside any virtual network, and the public endpoint is off/);
  });

  it('accepts the queue endpoint added after the caller (checked at synth), and a second endpoint for a service with its own name', () => {
    const { stack, intake, account, net } = build([]);
    intake();
    account.addPrivateEndpoint(net, StorageService.QUEUE);
    account.addPrivateEndpoint(new PlatformNetwork(stack, 'other', {
      name: 'vnet-other', resourceGroupName: 'rg-test', location: 'westeurope', addressSpace: '10.41.16.0/20', logAnalyticsWorkspaceId: WORKSPACE_ID,
      subnets: PlatformNetwork.defaultLayout(stack, '10.41.16.0/20', [SubnetPurpose.PRIVATE_ENDPOINTS]),
    }), StorageService.QUEUE);
    expect(() => Testing.fullSynth(stack)).not.toThrow();
    expect(Object.values(resourcesOf(synth(stack), 'azurerm_private_endpoint')).map((e) => e.name).sort()).toEqual(['pe-stnet-queue', 'pe-stnet-queue-1']);
  });

  it('matches an imported gateway\'s literal network id against the account\'s endpoint network, case aside', () => {
    const stack = productionStack();
    const id = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/vnet-hub';
    const hub = { virtualNetworkId: id, resourceGroupName: 'rg', location: 'westeurope', subnetFor: () => ({ subnetId: `${id}/subnets/pe`, addressPrefix: '10.0.0.0/26', purpose: SubnetPurpose.PRIVATE_ENDPOINTS, virtualNetworkId: id }), privateDnsZoneId: (zone: string) => `/zones/${zone}` };
    const account = new StorageAccount(stack, 'storage', { name: 'sthub', resourceGroupName: 'rg-test', location: 'westeurope' });
    account.addPrivateEndpoint(hub, StorageService.QUEUE);
    const apim = ApiGateway.fromExisting(stack, 'gateway', { serviceName: 'apim-hub', resourceGroupName: 'rg', skuName: 'StandardV2_1', principalId: '11111111-2222-3333-4444-555555555555', outboundVirtualNetworkId: id.toUpperCase() });
    new QueueIntakeApi(stack, 'intake', { gateway: apim, name: 'c', path: 'c', queue: account.addQueue('commands'), operations: [{ name: 'create', urlTemplate: '/c' }], allowDirectCallers: true });
    expect(() => Testing.fullSynth(stack)).not.toThrow();
  });
});

describe('an Event Grid topic on a private endpoint (SEC-1)', () => {
  const topicProps = { name: 'evgt-net', resourceGroupName: 'rg-test', location: 'westeurope', publicNetworkAccess: PublicNetworkAccess.DISABLED };

  it('takes events from the network only, through the topic sub-resource and the Event Grid zone', () => {
    const stack = productionStack();
    new EventGridTopic(stack, 'events', topicProps).addPrivateEndpoint(network(stack));
    expect(() => Testing.fullSynth(stack)).not.toThrow();
    const tf = synth(stack);
    expect(resourceOf(tf, 'azurerm_eventgrid_topic').public_network_access_enabled).toBe(false);
    expect(resourceOf(tf, 'azurerm_private_endpoint')).toMatchObject({
      name: 'pe-evgt-net', private_service_connection: { subresource_names: ['topic'], private_connection_resource_id: ref(tf, 'azurerm_eventgrid_topic', 'id') },
    });
    expect(resourceOf(tf, 'azurerm_private_dns_zone').name).toBe('privatelink.eventgrid.azure.net');
    expect(warningsOf(stack).filter((w) => w.includes('publicNetworkAccess'))).toEqual([]);
  });

  it('accepts the public endpoint off when another team\'s private endpoint reaches the topic', () => {
    const stack = productionStack();
    new EventGridTopic(stack, 'events', { ...topicProps, privateEndpointManagedElsewhere: true });
    expect(() => Testing.fullSynth(stack)).not.toThrow();
  });

  it('fails at synth when the public endpoint is off and no private endpoint reaches the topic', () => {
    const stack = productionStack();
    new EventGridTopic(stack, 'events', topicProps);
    expect(() => Testing.fullSynth(stack)).toThrow(/\[SEC-1\] net-prod\/events: publicNetworkAccess = "Disabled": the public endpoint is off and no private endpoint reaches the topic.* Fix: call addPrivateEndpoint\(network\)/);
  });
});

describe('a Key Vault on a private endpoint (SEC-1)', () => {
  const vaultProps = { name: 'kv-net', resourceGroupName: 'rg-test', location: 'westeurope', tenantId: '00000000-0000-0000-0000-000000000001', publicNetworkAccess: PublicNetworkAccess.DISABLED };

  it('answers readers in the network through the vault sub-resource and the vaultcore zone', () => {
    const stack = productionStack();
    new KeyVault(stack, 'vault', vaultProps).addPrivateEndpoint(network(stack));
    expect(() => Testing.fullSynth(stack)).not.toThrow();
    const tf = synth(stack);
    expect(resourceOf(tf, 'azurerm_key_vault').public_network_access_enabled).toBe(false);
    expect(resourceOf(tf, 'azurerm_private_endpoint')).toMatchObject({
      name: 'pe-kv-net', private_service_connection: { subresource_names: ['vault'], private_connection_resource_id: ref(tf, 'azurerm_key_vault', 'id') },
    });
    expect(resourceOf(tf, 'azurerm_private_dns_zone').name).toBe('privatelink.vaultcore.azure.net');
  });

  it('fails at synth when the public endpoint is off and no private endpoint reaches the vault', () => {
    const stack = productionStack();
    new KeyVault(stack, 'vault', vaultProps);
    expect(() => Testing.fullSynth(stack)).toThrow(/\[SEC-1\] net-prod\/vault: publicNetworkAccess = "Disabled": the public endpoint is off and no private endpoint reaches the vault.* Fix: call addPrivateEndpoint\(network\)/);
  });

  it('accepts the public endpoint off when another team\'s private endpoint reaches the vault', () => {
    const stack = productionStack();
    new KeyVault(stack, 'vault', { ...vaultProps, privateEndpointManagedElsewhere: true });
    expect(() => Testing.fullSynth(stack)).not.toThrow();
  });
});

describe('a Flex Consumption app integrated into the network, with private host storage (SEC-1)', () => {
  function build(services: StorageService[], purpose = SubnetPurpose.FUNCTIONS) {
    const stack = productionStack();
    const net = network(stack, PlatformNetwork.defaultLayout(testStack(), '10.40.16.0/20', [SubnetPurpose.FUNCTIONS, SubnetPurpose.PRIVATE_ENDPOINTS]));
    const account = new StorageAccount(stack, 'storage', { name: 'stfn', resourceGroupName: 'rg-test', location: 'westeurope', replication: StorageReplication.ZRS });
    for (const service of services) account.addPrivateEndpoint(net, service);
    const app = () => new FlexFunctionApp(stack, 'app', {
      name: 'func-net', resourceGroupName: 'rg-test', location: 'westeurope', storage: account, subnet: net.subnetFor(purpose) ?? net.subnetFor(SubnetPurpose.PRIVATE_ENDPOINTS)!,
      entraAuth: { applicationId: '6f1d2c3e-5a4b-4c3d-9e8f-7a6b5c4d3e2f' }, resourceGroupId: '/subscriptions/0/resourceGroups/rg-test',
    });
    return { stack, app };
  }
  const ALL = [StorageService.BLOB, StorageService.QUEUE, StorageService.TABLE];

  it('joins the functions subnet and accepts host storage with its public endpoint off when blob, queue and table have endpoints there', () => {
    const { stack, app } = build(ALL);
    app().allowCaller(ManagedIdentity.systemAssigned('11111111-2222-3333-4444-555555555555', 'gateway'));
    expect(() => Testing.fullSynth(stack)).not.toThrow();
    const tf = synth(stack);
    const site = resourceOf(tf, 'azapi_resource', 'app/site') as { body: { properties: Record<string, unknown> } };
    expect(site.body.properties.virtualNetworkSubnetId).toBe(ref(tf, 'azurerm_subnet_network_security_group_association', 'subnet_id', 'network/nsg-association-functions'));
    expect(resourceOf(tf, 'azurerm_storage_account').public_network_access_enabled).toBe(false);
  });

  it('fails at synth when the host storage has no table endpoint in the app\'s network', () => {
    const { stack, app } = build([StorageService.BLOB, StorageService.QUEUE]);
    app();
    expect(() => Testing.fullSynth(stack)).toThrow(/\[SEC-1\] net-prod\/app: storage\.publicNetworkAccess = "Disabled": the app's host \(its storage\) is in a virtual network without a private endpoint for the account's table service/);
  });

  it('fails when the subnet is not the functions subnet', () => {
    expect(refusalOf(build(ALL, SubnetPurpose.API_MANAGEMENT_OUTBOUND).app)).toMatchObject({ lesson: 'AZURE', path: 'net-prod/app', setting: 'subnet' });
  });
});

describe('private endpoint names', () => {
  it('fails when the name is longer than the 64 characters Azure takes (azurerm checks 80)', () => {
    const stack = testStack();
    const r = refusalOf(() => new PrivateEndpoint(stack, 'pe', {
      network: network(stack), name: `pe-${'r'.repeat(62)}`, targetResourceId: '/kv', targetResourceType: 'Microsoft.KeyVault/vaults', subresource: 'vault',
    }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'name' });
    expect(r.message).toMatch(/Azure rejects this private endpoint name \(65 characters\)\. Fix: use 2-64 characters/);
  });
});

describe('PlatformNetwork service endpoints (issue 27 item 5)', () => {
  it('gives a subnet a service endpoint, in place, and returns the subnet with it', () => {
    const stack = productionStack();
    const net = network(stack);
    expect(net.subnetFor(SubnetPurpose.API_MANAGEMENT_OUTBOUND)?.serviceEndpoints).toEqual([]);
    const subnet = net.enableServiceEndpoint(SubnetPurpose.API_MANAGEMENT_OUTBOUND, 'Microsoft.KeyVault');
    net.enableServiceEndpoint(SubnetPurpose.API_MANAGEMENT_OUTBOUND, 'Microsoft.KeyVault');
    expect(subnet.serviceEndpoints).toEqual(['Microsoft.KeyVault']);
    expect(net.subnetFor(SubnetPurpose.API_MANAGEMENT_OUTBOUND)?.serviceEndpoints).toEqual(['Microsoft.KeyVault']);
    const tf = synth(stack);
    expect(resourceOf(tf, 'azurerm_subnet', 'network/subnet-apim-outbound').service_endpoints).toEqual(['Microsoft.KeyVault']);
    expect(resourceOf(tf, 'azurerm_subnet', 'network/subnet-private-endpoints')).not.toHaveProperty('service_endpoints');
  });

  it('fails when the network has no subnet for the purpose (AZURE)', () => {
    const r = refusalOf(() => network(productionStack()).enableServiceEndpoint(SubnetPurpose.FUNCTIONS, 'Microsoft.KeyVault'));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'serviceEndpoint', path: 'net-prod/network' });
  });
});

describe('SEC-1.PrivateEndpointDnsZone on raw private endpoints (issue 28)', () => {
  const RULE = 'SEC-1.PrivateEndpointDnsZone';
  const ZONE_ID = (zone: string) => `/subscriptions/0/resourceGroups/rg/providers/Microsoft.Network/privateDnsZones/${zone}`;
  function endpoint(zone: string | 'reference-blob', subresource = 'vault') {
    const stack = new AzureStack(Testing.app(), { stackName: 'other', environmentName: 'dev', production: false });
    const vault = new RawKeyVault(stack, 'vault', { name: 'kv-other', resourceGroupName: 'rg', location: 'westeurope', tenantId: '00000000-0000-0000-0000-000000000001', skuName: 'standard', rbacAuthorizationEnabled: true });
    const blobZone = new PrivateDnsZone(stack, 'zone', { name: 'privatelink.blob.core.windows.net', resourceGroupName: 'rg' });
    new RawPrivateEndpoint(stack, 'pe', {
      name: 'pe-vault', resourceGroupName: 'rg', location: 'westeurope', subnetId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/v/subnets/pe',
      privateServiceConnection: { name: 'vault', isManualConnection: false, privateConnectionResourceId: vault.id, subresourceNames: [subresource] },
      privateDnsZoneGroup: { name: 'zones', privateDnsZoneIds: [zone === 'reference-blob' ? blobZone.id : ZONE_ID(zone)] },
    });
    Testing.synth(stack);
    return { errors: errorsOfStack(stack).filter((e) => e.startsWith(`[${RULE}]`)), stack };
  }

  it('fails when a Key Vault endpoint\'s record goes to the blob zone (written out or by reference)', () => {
    expect(endpoint('privatelink.blob.core.windows.net').errors).toEqual([
      '[SEC-1.PrivateEndpointDnsZone] other-dev/pe: private_dns_zone_group.private_dns_zone_ids = ["privatelink.blob.core.windows.net"]: the vault sub-resource of Microsoft.KeyVault/vaults resolves through privatelink.vaultcore.azure.net, '
      + 'and the endpoint\'s record goes to privatelink.blob.core.windows.net: clients keep resolving the public address, and with the public endpoint off every call fails. '
      + 'Fix: put the endpoint in the privatelink.vaultcore.azure.net zone (linked to the network), as PrivateEndpoint does.',
    ]);
    expect(endpoint('reference-blob').errors).toHaveLength(1);
  });

  it('passes the zone of the sub-resource', () => {
    expect(endpoint('privatelink.vaultcore.azure.net').errors).toEqual([]);
  });

  it('fails on plain HCL, the target written as an id', async () => {
    const report = await lessonsOn({ 'main.tf': [
      'resource "azurerm_private_endpoint" "pe" {\n  name = "pe-st"\n  location = "westeurope"',
      '  private_service_connection {\n    name = "st"\n    private_connection_resource_id = "/subscriptions/0/resourceGroups/rg/providers/Microsoft.Storage/storageAccounts/stother"\n    subresource_names = ["queue"]\n  }',
      `  private_dns_zone_group {\n    name = "zones"\n    private_dns_zone_ids = ["${ZONE_ID('privatelink.blob.core.windows.net')}"]\n  }\n}`, '',
    ].join('\n') });
    expect(failuresOf(report, RULE).map((r) => r.message)).toEqual([expect.stringContaining('the queue sub-resource of Microsoft.Storage/storageAccounts resolves through privatelink.queue.core.windows.net')]);
  });
});
