import { Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { SubnetPurpose } from '../../constructs/network/subnet-purpose';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { WorkloadFoundation } from '../../stacks/workload-foundation';
import { refusalOf } from '../support/refusal';
import { resourceOf, synth } from '../support/synth';

const NETWORK = { addressSpace: '10.40.0.0/16', private: true };

/** A stack `<name>-<env>` of one app with its foundation on network block `block`. */
function foundation(app: ReturnType<typeof Testing.app>, name: string, environmentName: string, block: number, private_ = true) {
  const stack = new AzureStack(app, { stackName: name, environmentName, production: false });
  const created = WorkloadFoundation.create(stack, {
    namePrefix: `rtp-${environmentName}`, location: 'westeurope', suffix: name,
    network: { settings: { ...NETWORK, private: private_ }, block, purposes: [SubnetPurpose.PRIVATE_ENDPOINTS] },
  });
  return { stack, foundation: created };
}

describe('WorkloadFoundation network blocks', () => {
  it('fails when two stacks of one environment claim the same block, naming the stack that holds it', () => {
    const app = Testing.app();
    foundation(app, 'orders', 'dev', 4);
    const r = refusalOf(() => foundation(app, 'billing', 'dev', 4));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'billing-dev', setting: 'network.block' });
    expect(r.message).toBe('[AZURE] billing-dev: network.block = 4: orders-dev already takes this block of environment dev\'s range: both stacks would get the same address space, and overlapping networks cannot be peered. '
      + 'Fix: give each stack of an environment its own block (0-15, fixed per stack; see docs/network.md).');
  });

  it('fails on the same block without a private network too: the stacks\' blocks are a fixed assignment', () => {
    const app = Testing.app();
    foundation(app, 'orders', 'dev', 4, false);
    expect(refusalOf(() => foundation(app, 'billing', 'dev', 4, false))).toMatchObject({ setting: 'network.block', path: 'billing-dev' });
  });

  it('accepts the same block in another environment, and other blocks in the same one', () => {
    const app = Testing.app();
    const dev = foundation(app, 'orders', 'dev', 4);
    const prod = foundation(app, 'orders', 'prod', 4);
    const other = foundation(app, 'billing', 'dev', 5);
    expect(resourceOf(synth(dev.stack), 'azurerm_virtual_network').address_space).toEqual(['10.40.64.0/20']);
    expect(resourceOf(synth(prod.stack), 'azurerm_virtual_network').address_space).toEqual(['10.40.64.0/20']);
    expect(resourceOf(synth(other.stack), 'azurerm_virtual_network').address_space).toEqual(['10.40.80.0/20']);
  });

  it.each([16, -1, 1.5])('fails when the block is %s, not one of the sixteen', (block) => {
    expect(refusalOf(() => foundation(Testing.app(), 'orders', 'dev', block))).toMatchObject({ lesson: 'AZURE', setting: 'network.block', path: 'orders-dev' });
  });
});

describe('WorkloadFoundation action group', () => {
  it('builds the stack\'s action group ag-<prefix>-<suffix> (id alert-group), mailing the alert address or else the publisher\'s', () => {
    const app = Testing.app();
    const { stack, foundation: f } = foundation(app, 'orders', 'dev', 4);
    const group = f.actionGroup({ setting: 'orders.alertEmail', publisherEmail: 'apim@contoso.com', purpose: 'order alerts are sent to this address.' });
    expect(group.node.path).toBe('orders-dev/alert-group');
    expect(resourceOf(synth(stack), 'azurerm_monitor_action_group')).toMatchObject({
      name: 'ag-rtp-dev-orders', short_name: 'orders',
      email_receiver: [{ name: 'platform', email_address: 'apim@contoso.com', use_common_alert_schema: true }],
    });
    const other = foundation(app, 'billing', 'dev', 5);
    other.foundation.actionGroup({ setting: 'billing.alertEmail', alertEmail: 'billing@contoso.com', publisherEmail: 'apim@contoso.com', purpose: 'x.' });
    expect(resourceOf(synth(other.stack), 'azurerm_monitor_action_group').email_receiver).toEqual([{ name: 'platform', email_address: 'billing@contoso.com', use_common_alert_schema: true }]);
  });

  it('fails when the alert address is not an e-mail address, naming the stack\'s setting', () => {
    const { foundation: f } = foundation(Testing.app(), 'orders', 'dev', 4);
    const r = refusalOf(() => f.actionGroup({ setting: 'orders.alertEmail', alertEmail: 'platform team', publisherEmail: 'apim@contoso.com', purpose: 'order alerts are sent to this address.' }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'orders-dev', setting: 'orders.alertEmail' });
    expect(r.message).toMatch(/^\[AZURE\] orders-dev: orders\.alertEmail = "platform team": order alerts are sent to this address\. Fix: /);
  });
});

describe('WorkloadFoundation Container Apps environment: an existing environment\'s infrastructure resource group (issue 27 item 7)', () => {
  function withEnvironment(private_: boolean, infrastructureResourceGroupName?: string) {
    const stack = new AzureStack(Testing.app(), { stackName: 'orders', environmentName: 'prod', production: true });
    const f = WorkloadFoundation.create(stack, {
      namePrefix: 'rtp-prod', location: 'westeurope', suffix: 'orders',
      network: { settings: { ...NETWORK, private: private_ }, block: 4, purposes: [SubnetPurpose.CONTAINER_APPS_ENVIRONMENT, SubnetPurpose.PRIVATE_ENDPOINTS] },
      containerApps: { infrastructureResourceGroupName, setting: 'orders.containerAppsInfrastructureResourceGroupName' },
    });
    f.containerAppsEnvironment();
    return stack;
  }

  it('writes Azure\'s default name when none is given', () => {
    expect(resourceOf(synth(withEnvironment(true)), 'azurerm_container_app_environment').infrastructure_resource_group_name)
      .toBe('ME_cae-rtp-prod-orders_${azurerm_resource_group.resource-group.name}_westeurope');
  });

  it('keeps the name Azure gave an environment deployed before, as the setting gives it', () => {
    expect(resourceOf(synth(withEnvironment(true, 'ME_cae-rtp-prod-orders_rg-rtp-prod-orders_westeur')), 'azurerm_container_app_environment').infrastructure_resource_group_name)
      .toBe('ME_cae-rtp-prod-orders_rg-rtp-prod-orders_westeur');
  });

  it('fails when the setting is given for an environment without the private network, naming the setting (AZURE)', () => {
    const r = refusalOf(() => withEnvironment(false, 'ME_cae_rg_westeurope'));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'orders-prod', setting: 'orders.containerAppsInfrastructureResourceGroupName' });
    expect(r.message).toMatch(/^\[AZURE\] orders-prod: orders\.containerAppsInfrastructureResourceGroupName = "ME_cae_rg_westeurope": only an environment on the private network .* Fix: drop the setting, or run the environment on the private network \(network\.private: true\)\.$/);
  });
});
