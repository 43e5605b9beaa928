import { App, TerraformResource, TerraformStack } from 'cdktf';
import { Fn, TerraformVariable, Testing } from 'cdktf';
import { ContainerAppEnvironment } from '@cdktf/provider-azurerm/lib/container-app-environment';
import { Subnet } from '@cdktf/provider-azurerm/lib/subnet';
import { VirtualNetwork } from '@cdktf/provider-azurerm/lib/virtual-network';
import { describe, expect, it } from 'vitest';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import { StorageAccount } from '@cdktf/provider-azurerm/lib/storage-account';
import { StorageContainer } from '@cdktf/provider-azurerm/lib/storage-container';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { LessonsCheck } from '../../constructs/stack/lessons-check';
import { errorsOf } from '../support/synth';
import { failuresOf, lessonsOn } from '../support/hcl';
import { AzureService, AzureServiceDescriptor, AzureServices } from '../../constructs/core/azure-service';
import { PLATFORM_SERVICES } from '../../constructs/stack/platform-services';
import { SERVICE_DESCRIPTORS } from '../../constructs/stack/service-index.generated';
import { NAME_RULES } from '../../constructs/core/naming';
import { RuleLevel, RulePack } from '../../constructs/lessons-check/pack';
import { ResourceNameRule, resourceNameTypes } from '../../constructs/lessons-check/rules/naming/resource-name';

// AZURE.ResourceName: a raw resource's name that Azure refuses at apply, found at synth.

const rawStack = () => new AzureStack(Testing.app(), { stackName: 'other', environmentName: 'dev', production: false });
const errorsAfterSynth = (stack: TerraformStack) => {
  Testing.synth(stack);
  return errorsOf(stack);
};

describe('LessonsCheck on raw resource names (AZURE.ResourceName)', () => {
  it('fails when a raw resource group name ends with a period, which Azure refuses at apply', () => {
    const stack = rawStack();
    new ResourceGroup(stack, 'group', { name: 'rg-orders.', location: 'westeurope' });
    expect(errorsAfterSynth(stack)).toEqual([
      '[AZURE.ResourceName] other-dev/group: name = "rg-orders.": Azure rejects this resource group name (10 characters) at apply. Fix: use 1-90 characters: letters, digits, underscores, hyphens, periods and parentheses, not ending with a period.',
    ]);
  });

  it('fails when a raw storage account name is too long and has capitals, and says it is unique across Azure', () => {
    const stack = rawStack();
    new StorageAccount(stack, 'account', {
      name: 'StOrdersDevWestEurope0001', resourceGroupName: 'rg', location: 'westeurope', accountTier: 'Standard', accountReplicationType: 'LRS', sharedAccessKeyEnabled: false,
    });
    expect(errorsAfterSynth(stack)).toEqual([
      '[AZURE.ResourceName] other-dev/account: name = "StOrdersDevWestEurope0001": Azure rejects this storage account name (25 characters) at apply. Fix: use 3-24 characters: lower-case letters and digits only, unique across Azure.',
    ]);
  });

  it('fails when a raw AzAPI Key Vault name has a double hyphen', () => {
    const stack = rawStack();
    const vault = new TerraformResource(stack, 'vault', { terraformResourceType: 'azapi_resource' });
    vault.addOverride('type', 'Microsoft.KeyVault/vaults@2023-07-01');
    vault.addOverride('name', 'kv--orders');
    vault.addOverride('body', { properties: { enableRbacAuthorization: true } });
    expect(errorsAfterSynth(stack)).toEqual([
      expect.stringMatching(/^\[AZURE\.ResourceName\] other-dev\/vault: name = "kv--orders": Azure rejects this Key Vault name \(10 characters\) at apply\. Fix: use 3-24 characters: letters, digits and single hyphens/),
    ]);
  });

  it('accepts the containers Azure names itself ($web, $logs, $root) and names given as references', () => {
    const stack = rawStack();
    const group = new ResourceGroup(stack, 'group', { name: 'rg-orders', location: 'westeurope' });
    new StorageContainer(stack, 'web', { name: '$web', storageAccountId: 'id' });
    new StorageContainer(stack, 'logs', { name: `${group.name}-logs`, storageAccountId: 'id' });
    expect(errorsAfterSynth(stack)).toEqual([]);
  });

  it('leaves a Managed Redis name to Azure, where the library is stricter than Azure (a leading digit)', () => {
    const stack = new TerraformStack(new App({ outdir: '/tmp/naming-unused' }), 'plain');
    const check = LessonsCheck.applyTo(stack, { production: false });
    const redis = new TerraformResource(stack, 'redis', { terraformResourceType: 'azurerm_managed_redis' });
    redis.addOverride('name', '1redis');
    expect(check.reportOf(stack).results.filter((r) => r.ruleId === 'AZURE.ResourceName').map((r) => r.status)).toEqual([]);
  });
});

describe('the types AZURE.ResourceName checks, read from the service descriptors (rawNames)', () => {
  // A catalogue is a plain value made from an explicit list: the platform's and the extra service's
  // here, which no other test sees.
  const withPlatform = (...more: AzureServiceDescriptor[]) => new AzureServices([...SERVICE_DESCRIPTORS, ...more]);

  it('checks every type it checked when the table was central: 27 azurerm types and 13 AzAPI types', () => {
    // At least these: a new service adds its own types without editing this list.
    const types = resourceNameTypes(PLATFORM_SERVICES);
    expect(types).toEqual({
      terraform: expect.arrayContaining([
        'azurerm_api_management', 'azurerm_application_insights', 'azurerm_cdn_frontdoor_endpoint', 'azurerm_cdn_frontdoor_firewall_policy',
        'azurerm_cdn_frontdoor_origin', 'azurerm_cdn_frontdoor_origin_group', 'azurerm_cdn_frontdoor_profile', 'azurerm_cdn_frontdoor_route',
        'azurerm_container_app', 'azurerm_container_app_environment', 'azurerm_eventgrid_event_subscription', 'azurerm_eventgrid_system_topic',
        'azurerm_eventgrid_system_topic_event_subscription', 'azurerm_eventgrid_topic', 'azurerm_key_vault', 'azurerm_key_vault_secret',
        'azurerm_log_analytics_workspace', 'azurerm_network_security_group', 'azurerm_private_endpoint', 'azurerm_resource_group',
        'azurerm_storage_account', 'azurerm_storage_container', 'azurerm_storage_queue', 'azurerm_storage_table', 'azurerm_subnet',
        'azurerm_user_assigned_identity', 'azurerm_virtual_network',
      ]),
      arm: expect.arrayContaining([
        'Microsoft.App/containerApps', 'Microsoft.App/managedEnvironments', 'Microsoft.EventGrid/systemTopics', 'Microsoft.EventGrid/topics',
        'Microsoft.KeyVault/vaults', 'Microsoft.KeyVault/vaults/secrets', 'Microsoft.Network/privateEndpoints', 'Microsoft.Network/virtualNetworks',
        'Microsoft.Resources/resourceGroups', 'Microsoft.Storage/storageAccounts', 'Microsoft.Storage/storageAccounts/blobServices/containers',
        'Microsoft.Storage/storageAccounts/queueServices/queues', 'Microsoft.Storage/storageAccounts/tableServices/tables',
      ]),
    });
    expect(types.terraform.length).toBeGreaterThanOrEqual(27);
  });

  it('checks a raw resource of a type a newly defined service declares, with the rule from its descriptor', () => {
    const bus = AzureService.describe({
      resourceType: 'Microsoft.ServiceBusTest/namespaces',
      names: { resource: { kind: 'Service Bus namespace', min: 6, max: 50, pattern: /^[A-Za-z][A-Za-z0-9-]*[A-Za-z0-9]$/, shape: 'letters, digits and hyphens, starting with a letter' } },
      rawNames: { azurerm_servicebus_test_namespace: 'resource' },
    });
    const services = withPlatform(bus);
    expect(services.nameRuleOf('azurerm_servicebus_test_namespace')).toBe(bus.names.resource);
    expect(PLATFORM_SERVICES.nameRuleOf('azurerm_servicebus_test_namespace')).toBeUndefined();
    // The platform pack's rule knows the platform's services; a rule made for the catalogue with the
    // new service checks its type too (a rule made with `new` knows only the shared names).
    expect(new ResourceNameRule().resourceTypes).not.toContain('azurerm_servicebus_test_namespace');
    const stack = new TerraformStack(Testing.app(), 'other-dev');
    LessonsCheck.applyTo(stack, { packs: [new RulePack('team', [{ rule: ResourceNameRule._of(services), level: RuleLevel.ERROR }])] });
    const ns = new TerraformResource(stack, 'bus', { terraformResourceType: 'azurerm_servicebus_test_namespace' });
    ns.addOverride('name', 'sb1');
    expect(errorsAfterSynth(stack)).toEqual([
      '[AZURE.ResourceName] other-dev/bus: name = "sb1": Azure rejects this Service Bus namespace name (3 characters) at apply. Fix: use 6-50 characters: letters, digits and hyphens, starting with a letter.',
    ]);
  });

  it('fails when a descriptor checks a type by a name rule its names do not hold', () => {
    expect(() => AzureService.describe({ resourceType: 'Microsoft.BrokenTest/things', names: {}, rawNames: { azurerm_broken_test: 'resource' } }))
      .toThrow("the Microsoft.BrokenTest/things descriptor checks azurerm_broken_test by name rule 'resource', which its names do not hold");
  });

  it('fails when two descriptors check the same raw type', () => {
    expect(() => withPlatform(AzureService.describe({ resourceType: 'Microsoft.DoubleTest/things', names: { resource: NAME_RULES.resourceGroup }, rawNames: { azurerm_key_vault: 'resource' } })))
      .toThrow('azurerm_key_vault is name-checked by two service descriptors (Microsoft.KeyVault/vaults and Microsoft.DoubleTest/things)');
  });
});

describe('AZURE.ResourceLocation on raw resources and plain HCL (issue 28: region typos outside the constructs)', () => {
  const RULE = 'AZURE.ResourceLocation';
  const PROBLEM = 'Azure has no region of that name';

  it('fails when a raw resource group\'s location is a typo, or a variable default or Fn.lower that gives one, with a did you mean', () => {
    const stack = rawStack();
    new ResourceGroup(stack, 'typo', { name: 'rg-typo', location: 'westeurpoe' });
    new ResourceGroup(stack, 'var', { name: 'rg-var', location: new TerraformVariable(stack, 'region', { type: 'string', default: 'nrotheurope' }).stringValue });
    new ResourceGroup(stack, 'fn', { name: 'rg-fn', location: Fn.lower('SwedenCentrl') });
    new ResourceGroup(stack, 'ok', { name: 'rg-ok', location: 'West Europe' });
    const errors = errorsAfterSynth(stack).filter((e) => e.startsWith(`[${RULE}]`));
    expect(errors).toEqual([
      expect.stringMatching(/^\[AZURE\.ResourceLocation\] other-dev\/typo: location = "westeurpoe": Azure has no region of that name .* Fix: did you mean westeurope\?/),
      expect.stringMatching(/^\[AZURE\.ResourceLocation\] other-dev\/var: location = "nrotheurope": .* did you mean northeurope\?/),
      expect.stringMatching(/^\[AZURE\.ResourceLocation\] other-dev\/fn: location = "swedencentrl": .* did you mean swedencentral\?/),
    ]);
  });

  it('fails when a raw resource is in a canary or sovereign-cloud region (centraluseuap, usgovvirginia, chinanorth3), also as a display name through a variable default (review of issue 27, item 8)', () => {
    const stack = rawStack();
    new ResourceGroup(stack, 'canary', { name: 'rg-canary', location: 'centraluseuap' });
    // (test/core/azure-region.test.ts allows eastus2euap for the process: the variable gives centraluseuap too.)
    new ResourceGroup(stack, 'canary2', { name: 'rg-canary2', location: new TerraformVariable(stack, 'region', { type: 'string', default: 'Central US EUAP' }).stringValue });
    new ResourceGroup(stack, 'gov', { name: 'rg-gov', location: 'USGov Virginia' });
    new ResourceGroup(stack, 'china', { name: 'rg-china', location: 'chinanorth3' });
    new ResourceGroup(stack, 'restricted', { name: 'rg-restricted', location: 'germanynorth' });
    const errors = errorsAfterSynth(stack).filter((e) => e.startsWith(`[${RULE}]`));
    expect(errors).toEqual([
      expect.stringMatching(/^\[AZURE\.ResourceLocation\] other-dev\/canary: location = "centraluseuap": centraluseuap is a canary region \(EUAP.* Fix: use centralus; /),
      expect.stringMatching(/^\[AZURE\.ResourceLocation\] other-dev\/canary2: location = "Central US EUAP": centraluseuap is a canary region .* Fix: use centralus; /),
      expect.stringMatching(/^\[AZURE\.ResourceLocation\] other-dev\/gov: location = "USGov Virginia": usgovvirginia is a region of Azure Government, /),
      expect.stringMatching(/^\[AZURE\.ResourceLocation\] other-dev\/china: location = "chinanorth3": chinanorth3 is a region of Azure China \(21Vianet\), /),
    ]);
  });

  it('fails on plain HCL in a canary or sovereign-cloud region, and leaves an access-restricted one to the warning', async () => {
    const report = await lessonsOn({ 'main.tf': [
      'resource "azurerm_resource_group" "canary" {\n  name = "rg-canary"\n  location = "centraluseuap"\n}',
      'resource "azurerm_storage_account" "gov" {\n  name = "stgov"\n  location = "usgovvirginia"\n}',
      'resource "azurerm_resource_group" "restricted" {\n  name = "rg-restricted"\n  location = "germanynorth"\n}', '',
    ].join('\n') });
    expect(failuresOf(report, RULE).map((r) => r.address)).toEqual(['azurerm_resource_group.canary', 'azurerm_storage_account.gov']);
  });

  it('fails when a Container Apps environment is in another region than its subnet\'s network, and passes in the same one', () => {
    const stack = rawStack();
    const vnet = new VirtualNetwork(stack, 'vnet', { name: 'vnet-apps', resourceGroupName: 'rg', location: 'westeurope', addressSpace: ['10.0.0.0/16'] });
    const subnet = new Subnet(stack, 'subnet', { name: 'snet-apps', resourceGroupName: 'rg', virtualNetworkName: vnet.name, addressPrefixes: ['10.0.0.0/23'] });
    new ContainerAppEnvironment(stack, 'far', { name: 'cae-far', resourceGroupName: 'rg', location: 'northeurope', infrastructureSubnetId: subnet.id, infrastructureResourceGroupName: 'rg-far-infra' });
    new ContainerAppEnvironment(stack, 'near', { name: 'cae-near', resourceGroupName: 'rg', location: 'West Europe', infrastructureSubnetId: subnet.id, infrastructureResourceGroupName: 'rg-near-infra' });
    const errors = errorsAfterSynth(stack).filter((e) => e.startsWith(`[${RULE}]`));
    expect(errors).toEqual([expect.stringMatching(/^\[AZURE\.ResourceLocation\] other-dev\/far: location = "northeurope": it sits in a subnet of azurerm_virtual_network\.vnet, which is in westeurope: /)]);
  });

  it('fails on plain HCL: a typo, a variable default, lower(), and a private endpoint in another region than its network', async () => {
    const report = await lessonsOn({ 'main.tf': [
      'variable "region" {\n  default = "eastus3"\n}',
      'resource "azurerm_resource_group" "a" {\n  name = "rg-a"\n  location = "westeurpoe"\n}',
      'resource "azurerm_resource_group" "b" {\n  name = "rg-b"\n  location = var.region\n}',
      'resource "azurerm_resource_group" "c" {\n  name = "rg-c"\n  location = lower("WestEurope")\n}',
      'resource "azurerm_virtual_network" "v" {\n  name = "vnet"\n  location = azurerm_resource_group.c.location\n}',
      'resource "azurerm_subnet" "s" {\n  name = "pe"\n  virtual_network_name = azurerm_virtual_network.v.name\n}',
      'resource "azurerm_private_endpoint" "pe" {\n  name = "pe"\n  location = "northeurope"\n  subnet_id = azurerm_subnet.s.id\n}', '',
    ].join('\n') });
    expect(failuresOf(report, RULE).map((r) => `${r.address} ${r.message?.includes(PROBLEM) ? 'typo' : 'network'}`).sort()).toEqual([
      'azurerm_private_endpoint.pe network', 'azurerm_resource_group.a typo', 'azurerm_resource_group.b typo',
    ]);
  });
});
