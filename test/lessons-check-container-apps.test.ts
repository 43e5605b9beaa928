import { App, TerraformStack, Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ContainerAppEnvironment, ContainerAppEnvironmentConfig } from '@cdktf/provider-azurerm/lib/container-app-environment';
import { AzureStack } from '../constructs/stack/azure-stack';
import { LessonsCheck } from '../constructs/lessons-check/lessons-check';
import { ReportStatus } from '../constructs/lessons-check/report';
import { errorsOf } from './support/synth';

const RULE = 'AZURE.ContainerAppsInfrastructureGroup';
const SUBNET = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/vnet/subnets/cae';

function rawEnvironment(config: Partial<ContainerAppEnvironmentConfig>): TerraformStack {
  const app: App = Testing.app();
  const stack = new AzureStack(app, { stackName: 'other', environmentName: 'prod', production: true });
  new ContainerAppEnvironment(stack, 'cae', { name: 'cae-other', resourceGroupName: 'rg', location: 'westeurope', ...config });
  return stack;
}

const findingsOf = (stack: TerraformStack) => {
  Testing.synth(stack);
  return errorsOf(stack).filter((e) => e.startsWith(`[${RULE}] `));
};
const statusOf = (stack: TerraformStack) => LessonsCheck.of(stack)!.reportOf(stack).results.find((r) => r.ruleId === RULE)?.status;
const CONSUMPTION = [{ name: 'Consumption', workloadProfileType: 'Consumption' }];

describe('AZURE.ContainerAppsInfrastructureGroup on raw Container Apps environments (replaced on the next plan, azurerm#27481)', () => {
  it('fails when a subnet-integrated, Consumption-only environment leaves its infrastructure resource group to Azure', () => {
    expect(findingsOf(rawEnvironment({ infrastructureSubnetId: SUBNET, workloadProfile: CONSUMPTION }))).toEqual([
      `[${RULE}] other-prod/cae: infrastructure_resource_group_name = undefined: Azure gives the infrastructure resource group a generated ME_... name, `
      + 'which azurerm 4.55 reads back as a change it can only make by replacing the environment and every app in it on the next plan. '
      + 'Fix: name the group (a new one: Azure creates it), e.g. infrastructure_resource_group_name = "ME_<environment>_<resource group>_<location>" (the name Azure gives it, so a deployed environment keeps it); ContainerAppsEnvironment does so by default.',
    ]);
  });

  it('passes with the group named, or with ignore_changes on it', () => {
    expect(statusOf(rawEnvironment({ infrastructureSubnetId: SUBNET, workloadProfile: CONSUMPTION, infrastructureResourceGroupName: 'ME_cae-other_rg' }))).toBe(ReportStatus.COMPLIANT);
    expect(statusOf(rawEnvironment({ infrastructureSubnetId: SUBNET, workloadProfile: CONSUMPTION, lifecycle: { ignoreChanges: ['infrastructure_resource_group_name'] } }))).toBe(ReportStatus.COMPLIANT);
  });

  it('does not apply beside a dedicated profile (azurerm suppresses the generated name) or without a subnet or profiles', () => {
    expect(statusOf(rawEnvironment({
      infrastructureSubnetId: SUBNET, workloadProfile: [...CONSUMPTION, { name: 'D4', workloadProfileType: 'D4', minimumCount: 1, maximumCount: 2 }],
    }))).toBe(ReportStatus.NOT_APPLICABLE);
    expect(statusOf(rawEnvironment({ workloadProfile: CONSUMPTION }))).toBe(ReportStatus.NOT_APPLICABLE);
    expect(statusOf(rawEnvironment({ infrastructureSubnetId: SUBNET }))).toBe(ReportStatus.NOT_APPLICABLE);
  });
});
