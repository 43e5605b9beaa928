import { App, TerraformStack, Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ApiManagementBackend } from '@cdktf/provider-azurerm/lib/api-management-backend';
import { CdnFrontdoorOrigin } from '@cdktf/provider-azurerm/lib/cdn-frontdoor-origin';
import { ContainerApp, ContainerAppTemplateHttpScaleRule } from '@cdktf/provider-azurerm/lib/container-app';
import { ContainerAppEnvironment, ContainerAppEnvironmentConfig } from '@cdktf/provider-azurerm/lib/container-app-environment';
import { AzureStack } from '../constructs/stack/azure-stack';
import { LessonsCheck } from '../constructs/stack/lessons-check';
import { ReportStatus } from '../constructs/lessons-check/report';
import { azapiApi, gateway, rawStack, rows, statusOf as ruleStatusOf } from './support/lessons-rules';
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

function containerApp(stack: TerraformStack, id: string, options: { transport?: string; ingress?: boolean; httpScaleRule?: ContainerAppTemplateHttpScaleRule[] } = {}) {
  return new ContainerApp(stack, id, {
    name: id, resourceGroupName: 'rg', containerAppEnvironmentId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.App/managedEnvironments/cae', revisionMode: 'Single',
    ...(options.ingress === false ? {} : { ingress: { targetPort: 8080, transport: options.transport ?? 'auto', trafficWeight: [{ latestRevision: true, percentage: 100 }] } }),
    template: {
      ...(options.httpScaleRule ? { httpScaleRule: options.httpScaleRule } : {}),
      container: [{ name: 'app', image: 'contoso.azurecr.io/orders/api:1.4.2', cpu: 0.5, memory: '1Gi' }],
    },
  });
}

describe('SCALE-1.ConnectionHoldingScaleRule edges', () => {
  it('takes a concurrency threshold of exactly 50 on an app that holds connections', () => {
    const stack = rawStack();
    containerApp(stack, 'grpc', { transport: 'http2', httpScaleRule: [{ name: 'c', concurrentRequests: '50' }] });
    expect(ruleStatusOf(stack, 'SCALE-1.ConnectionHoldingScaleRule', 'grpc')).toEqual([ReportStatus.COMPLIANT]);
  });

  it('leaves alone a worker app without ingress', () => {
    const stack = rawStack();
    containerApp(stack, 'worker', { ingress: false });
    expect(ruleStatusOf(stack, 'SCALE-1.ConnectionHoldingScaleRule', 'worker')).toEqual([ReportStatus.NOT_APPLICABLE]);
  });

  it('warns when an AzAPI WebSocket API forwards to an app without an HTTP scale rule', () => {
    const stack = rawStack();
    const apim = gateway(stack);
    const chat = containerApp(stack, 'chat');
    azapiApi(stack, 'ws', { parentId: apim.id, properties: { type: 'websocket', path: 'ws', serviceUrl: `wss://${chat.ingress.fqdn}` } });
    expect(rows(stack, 'SCALE-1.ConnectionHoldingScaleRule', 'chat')).toEqual([expect.objectContaining({
      lesson: 'SCALE-1', status: ReportStatus.NON_COMPLIANT, setting: 'template.http_scale_rule', message: expect.stringContaining('template.http_scale_rule = undefined: '),
    })]);
  });
});

describe('ING-4.GrpcBehindBrowserRoute edges', () => {
  it('leaves alone a Front Door origin that is not a container app', () => {
    const stack = rawStack();
    new CdnFrontdoorOrigin(stack, 'origin', { name: 'origin', cdnFrontdoorOriginGroupId: '/og', hostName: 'apim-x.azure-api.net', certificateNameCheckEnabled: true });
    expect(ruleStatusOf(stack, 'ING-4.GrpcBehindBrowserRoute', 'origin')).toEqual([ReportStatus.NOT_APPLICABLE]);
  });

  it('takes a backend on a container app without ingress (it is not http2)', () => {
    const stack = rawStack();
    const worker = containerApp(stack, 'worker', { ingress: false });
    new ApiManagementBackend(stack, 'worker-backend', { name: 'worker', apiManagementName: 'apim-other', resourceGroupName: 'rg', protocol: 'http', url: `https://${worker.latestRevisionFqdn}` });
    expect(ruleStatusOf(stack, 'ING-4.GrpcBehindBrowserRoute', 'worker-backend')).toEqual([ReportStatus.COMPLIANT]);
  });
});
