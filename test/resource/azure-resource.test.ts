import { Testing } from 'cdktf';
import { Construct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { PublicNetworkAccess } from '../../constructs/core/network';
import { PlatformNetwork } from '../../constructs/network/platform-network';
import { PrivateEndpoint } from '../../constructs/network/private-endpoint';
import { SubnetPurpose } from '../../constructs/network/subnet-purpose';
import { KEY_VAULT_SERVICE } from '../../constructs/key-vault/key-vault-service';
import { AzureResource, PrivateLinkProps } from '../../constructs/resource/azure-resource';
import { ReachWording, refuseUnreachable } from '../../constructs/resource/reachability';
import { openResource } from '../../constructs/resource/resource-checks';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { WORKSPACE_ID } from '../support/fixtures';
import { refusalOf } from '../support/refusal';
import { resourceOf, resourcesOf, synth } from '../support/synth';

/**
 * A resource construct as a new service writes one on the base: it declares its opening checks,
 * its private link and its diagnostics, and builds none of them (its type borrows Key Vault's
 * descriptor for the private DNS zone).
 */
class ExampleResource extends AzureResource {
  public readonly resourceId = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv-example';
  public readonly resourceName: string;
  public readonly production: boolean;

  constructor(scope: Construct, id: string, props: { name: string; location: string; link: Partial<PrivateLinkProps>; workspaceId?: string }) {
    super(scope, id);
    const { production, name } = openResource(this, props, KEY_VAULT_SERVICE.names.resource);
    this.production = production;
    this.resourceName = name;
    this.sendDiagnostics(props.workspaceId, { logCategories: ['AuditEvent'] });
    this.declarePrivateLink({ name, resourceType: KEY_VAULT_SERVICE.resourceType, publicNetworkAccess: PublicNetworkAccess.DISABLED, ...props.link });
  }

  public addPrivateEndpoint(network: PlatformNetwork): PrivateEndpoint {
    return this.addPrivateEndpointFor(network, 'vault');
  }
}

const WORDING: ReachWording = { noun: 'the example', endpointFor: (s) => `the example's ${s}`, addEndpoint: () => 'example.addPrivateEndpoint(network)' };
const stackOf = () => new AzureStack(Testing.app(), { stackName: 'base', environmentName: 'dev', production: false });
const networkIn = (stack: AzureStack) => new PlatformNetwork(stack, 'network', {
  name: 'vnet-test', resourceGroupName: 'rg-test', location: 'westeurope', addressSpace: '10.40.16.0/20', logAnalyticsWorkspaceId: WORKSPACE_ID,
  subnets: [{ purpose: SubnetPurpose.PRIVATE_ENDPOINTS, addressPrefix: '10.40.18.128/26' }],
});

describe('AzureResource: the common parts once (issue 30)', () => {
  it('makes the opening checks in one order: the region, production, the name', () => {
    const stack = stackOf();
    expect(refusalOf(() => new ExampleResource(stack, 'bad-region', { name: 'kv-example', location: 'mars', link: {} })).setting).toBe('location');
    expect(refusalOf(() => new ExampleResource(stack, 'bad-name', { name: 'kv_example', location: 'westeurope', link: {} })).setting).toBe('name');
    expect(new ExampleResource(stack, 'ok', { name: 'kv-example', location: 'westeurope', link: {} }).production).toBe(false);
  });

  it('adds private endpoints named for the resource, with the sub-resource\'s zone from the descriptor', () => {
    const stack = stackOf();
    const example = new ExampleResource(stack, 'example', { name: 'kv-example', location: 'westeurope', link: {} });
    example.addPrivateEndpoint(networkIn(stack));
    const tf = synth(stack);
    expect(resourceOf(tf, 'azurerm_private_endpoint')).toMatchObject({
      name: 'pe-kv-example',
      private_service_connection: { private_connection_resource_id: example.resourceId, subresource_names: ['vault'] },
    });
    expect(Object.values(resourcesOf(tf, 'azurerm_private_dns_zone')).map((z) => z.name)).toEqual(['privatelink.vaultcore.azure.net']);
  });

  it('sends its diagnostics to the workspace, targeting the resource, and nothing without one', () => {
    const stack = stackOf();
    new ExampleResource(stack, 'example', { name: 'kv-example', location: 'westeurope', link: {}, workspaceId: WORKSPACE_ID });
    new ExampleResource(stack, 'quiet', { name: 'kv-quiet', location: 'westeurope', link: {} });
    const settings = Object.values(resourcesOf(synth(stack), 'azurerm_monitor_diagnostic_setting'));
    expect(settings).toHaveLength(1);
    expect(settings[0]).toMatchObject({
      target_resource_id: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv-example', log_analytics_workspace_id: WORKSPACE_ID,
      enabled_log: [{ category: 'AuditEvent' }],
    });
  });

  it('fails when the public endpoint is off and no private endpoint reaches it, with what it leaves out (SEC-1)', () => {
    const stack = stackOf();
    new ExampleResource(stack, 'example', { name: 'kv-example', location: 'westeurope', link: { unreachable: { what: 'the example: nobody could call it' } } });
    expect(() => Testing.fullSynth(stack)).toThrow('[SEC-1] base-dev/example: publicNetworkAccess = "Disabled": the public endpoint is off and no private endpoint reaches the example: nobody could call it.');
  });

  it('fails a caller outside any network of a resource whose public endpoint is off, in the service\'s words; passes one with an endpoint in its network (SEC-1)', () => {
    const stack = stackOf();
    const example = new ExampleResource(stack, 'example', { name: 'kv-example', location: 'westeurope', link: {} });
    const caller = new Construct(stack, 'caller');
    refuseUnreachable(caller, 'example.publicNetworkAccess', example, 'vault', { who: 'the caller' }, WORDING);
    expect(() => Testing.fullSynth(stack)).toThrow('[SEC-1] base-dev/caller: example.publicNetworkAccess = "Disabled": the caller reaches the example from outside any virtual network, and the public endpoint is off: every call would fail. '
      + 'Fix: put the caller in a network with the example\'s private endpoint, or give the example publicNetworkAccess: PublicNetworkAccess.ENABLED (a warning in production).');

    const reached = stackOf();
    const net = networkIn(reached);
    const inside = new ExampleResource(reached, 'example', { name: 'kv-example', location: 'westeurope', link: {} });
    inside.addPrivateEndpoint(net);
    refuseUnreachable(new Construct(reached, 'caller'), 'example.publicNetworkAccess', inside, 'vault', { who: 'the caller', networkId: net.virtualNetworkId }, WORDING);
    expect(() => Testing.fullSynth(reached)).not.toThrow();
  });

  it('lets a reference through: nothing declared, its owner decides', () => {
    const stack = stackOf();
    refuseUnreachable(new Construct(stack, 'caller'), 'example', new Construct(stack, 'reference'), 'vault', { who: 'the caller' }, WORDING);
    expect(() => Testing.fullSynth(stack)).not.toThrow();
  });
});
