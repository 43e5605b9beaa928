import { Aspects, IAspect, TerraformStack, Testing } from 'cdktf';
import { IConstruct } from 'constructs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CdnFrontdoorProfile } from '@cdktf/provider-azurerm/lib/cdn-frontdoor-profile';
import { DualIngressContainerApp } from '../../constructs/container-apps/dual-ingress-container-app';
import { LessonsCheck } from '../../constructs/stack/lessons-check';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { ReportStatus } from '../../constructs/lessons-check/report';
import { ENVIRONMENT } from '../support/fixtures';
import { errorsOf } from '../support/synth';

const IMAGE = 'mcr.microsoft.com/dotnet/samples:aspnetapp';
const EDGE_1 = '[EDGE-1.FrontDoorTimeoutAboveCeiling] edge-dev/profile: response_timeout_seconds = 300: Front Door accepts 16-240 s, and Azure drops connections at 240 s anyway, so the plan fails. Fix: set 240.';

/** A profile within Front Door's limit, which an aspect added by the team later sets to 300 s. */
function stackWithLateAspect(): { stack: AzureStack; app: ReturnType<typeof Testing.app> } {
  const app = Testing.app();
  const stack = new AzureStack(app, { stackName: 'edge', environmentName: 'dev', production: false });
  new CdnFrontdoorProfile(stack, 'profile', { name: 'afd-edge-dev', resourceGroupName: 'rg', skuName: 'Premium_AzureFrontDoor', responseTimeoutSeconds: 240 });
  const raise: IAspect = { visit: (node: IConstruct) => { if (node instanceof CdnFrontdoorProfile) node.responseTimeoutSeconds = 300; } };
  Aspects.of(stack).add(raise);
  return { stack, app };
}

/** Warning annotations under the stack, as the synth left them. */
const warningsAfterSynth = (stack: TerraformStack) => stack.node.findAll().flatMap((c) => c.node.metadata.filter((m) => m.type === '@cdktf/warn').map((m) => String(m.data)));

describe('AzureStack synthesis: one resolution of the Terraform JSON, shared by cdktf and the lessons check (issue 30)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('resolves the stack\'s Terraform JSON once per synth, for the check and for cdk.tf.json alike', () => {
    const app = Testing.app();
    const stack = new AzureStack(app, { stackName: 'one', environmentName: 'dev', production: false });
    new DualIngressContainerApp(stack, 'app', { name: 'ca-demo', environment: ENVIRONMENT, image: IMAGE });
    const resolve = vi.spyOn(TerraformStack.prototype, 'toTerraform');
    app.synth();
    expect(resolve).toHaveBeenCalledTimes(1);
    // The rules ran on it: the report has the apps' rows.
    expect(LessonsCheck.of(stack)!.reportOf(stack).results.filter((r) => r.resourcePath === 'one-dev/app/http-app' && r.status === ReportStatus.COMPLIANT).length).toBeGreaterThan(0);
    app.synth();
    expect(resolve).toHaveBeenCalledTimes(2);
  });

  it('fails the synth on what the stack\'s JSON holds after every aspect ran, including one a team added after the stack', () => {
    const { stack, app } = stackWithLateAspect();
    expect(() => app.synth()).toThrow(EDGE_1);
    expect(errorsOf(stack)).toEqual([EDGE_1]);
  });

  it('keeps the check at aspect time under Testing.synth (no custom synthesis runs there), where it sees the stack before later aspects', () => {
    const { stack } = stackWithLateAspect();
    Testing.synth(stack);
    expect(errorsOf(stack)).toEqual([]);
  });

  it('publishes no construct warning whose rule findings are all suppressed, when the stack raised a warning of its own before its check was applied', () => {
    const app = Testing.app();
    // An environment named prod but not production: the stack warns in its constructor, before its check exists.
    const stack = new AzureStack(app, { stackName: 'rt', environmentName: 'prod', production: false });
    const dual = new DualIngressContainerApp(stack, 'app', { name: 'ca-demo', environment: ENVIRONMENT, image: IMAGE, concurrentRequests: 100 });
    LessonsCheck.suppress(dual.httpApp, 'SCALE-1.ConnectionHoldingScaleRule', 'load test on this app: the threshold is measured');
    LessonsCheck.suppress(dual.grpcApp, 'SCALE-1.ConnectionHoldingScaleRule', 'load test on this app: the threshold is measured');
    app.synth();
    expect(warningsAfterSynth(stack).map((w) => w.split(':')[0])).toEqual(['[ENV] rt-prod']);
  });
});
