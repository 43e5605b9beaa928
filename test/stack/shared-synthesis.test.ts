import * as fs from 'fs';
import * as path from 'path';
import { App, Aspects, IAspect, Lazy, TerraformOutput, TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { addCustomSynthesis } from 'cdktf/lib/synthesize/synthesizer';
import { Construct, IConstruct } from 'constructs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CdnFrontdoorProfile } from '@cdktf/provider-azurerm/lib/cdn-frontdoor-profile';
import { DualIngressContainerApp } from '../../constructs/container-apps/dual-ingress-container-app';
import { LessonsCheck } from '../../constructs/stack/lessons-check';
import { PreflightManifests } from '../../constructs/stack/preflight-manifest';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { RuleLevel, RulePack } from '../../constructs/lessons-check/pack';
import { ReportStatus } from '../../constructs/lessons-check/report';
import { ILessonRule, RuleOutcome } from '../../constructs/lessons-check/rule';
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

/** The profiles' timeouts and tags as `cdk.tf.json` holds them after `app.synth()`. */
interface WrittenProfile { name: string; response_timeout_seconds?: number; tags?: Record<string, string> }
function writtenProfiles(app: App, stack: TerraformStack): Record<string, WrittenProfile> {
  const tf = JSON.parse(fs.readFileSync(path.join(app.outdir, 'stacks', stack.node.id, 'cdk.tf.json'), 'utf8')) as { resource: Record<string, Record<string, WrittenProfile>> };
  return Object.fromEntries(Object.values(tf.resource.azurerm_cdn_frontdoor_profile).map((p) => [p.name, p]));
}

/** Two profiles at 60 s, one of them under `part`, and an aspect of the team's that sets both to 120 s. */
function twoProfiles(): { app: App; stack: AzureStack; part: Construct } {
  const app = Testing.app();
  const stack = new AzureStack(app, { stackName: 'edge', environmentName: 'dev', production: false });
  const part = new Construct(stack, 'part');
  const props = { resourceGroupName: 'rg', skuName: 'Premium_AzureFrontDoor', responseTimeoutSeconds: 60 };
  new CdnFrontdoorProfile(part, 'p1', { name: 'afd-one', ...props });
  new CdnFrontdoorProfile(stack, 'p2', { name: 'afd-two', ...props });
  Aspects.of(stack).add({ visit: (n: IConstruct) => { if (n instanceof CdnFrontdoorProfile) n.responseTimeoutSeconds = 120; } });
  return { app, stack, part };
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

  it('keeps in cdk.tf.json what every aspect wrote when a check is added to part of an AzureStack (that check reads each resource, as before)', () => {
    const { app, stack, part } = twoProfiles();
    Aspects.of(part).add(new LessonsCheck());
    app.synth();
    const written = writtenProfiles(app, stack);
    expect([written['afd-one'].response_timeout_seconds, written['afd-two'].response_timeout_seconds]).toEqual([120, 120]);
    expect(written['afd-two'].tags).toEqual({ environment: 'dev', 'managed-by': 'cdktf', stack: 'edge' });
  });

  it('keeps in cdk.tf.json what every aspect wrote when an aspect reads the preflight manifest during the synth', () => {
    const { app, stack } = twoProfiles();
    // Added before the team's aspect: it reads while the profiles still say 60 s.
    Aspects.of(stack.node.findChild('part')).add({ visit: (n: IConstruct) => { if (n instanceof CdnFrontdoorProfile) PreflightManifests.of(stack); } });
    app.synth();
    const written = writtenProfiles(app, stack);
    expect([written['afd-one'].response_timeout_seconds, written['afd-two'].response_timeout_seconds]).toEqual([120, 120]);
  });

  it('fails when an aspect reads the lessons report during an AzureStack synth (the run would miss what later aspects change)', () => {
    const { app, stack } = twoProfiles();
    Aspects.of(stack.node.findChild('part')).add({ visit: (n: IConstruct) => { if (n instanceof CdnFrontdoorProfile) LessonsCheck.of(stack)!.reportOf(stack); } });
    expect(() => app.synth()).toThrow('[AZURE] edge-dev: reportOf = "during the synth\'s aspects": the lessons check of an AzureStack runs at the synth\'s custom synthesis step, after every aspect; '
      + 'a report read before it would miss what later aspects change. Fix: read the report after app.synth() (LessonsCheck.of(stack).reportOf(stack)), or in a test with PlatformTesting.report after PlatformTesting.synth.');
    // After the synth, the report reads as before.
    expect(LessonsCheck.of(stack)!.reportOf(stack).stack).toBe('edge-dev');
  });

  it('writes what another construct\'s custom synthesis step changes after the library\'s readers (the JSON is resolved again for cdk.tf.json then)', () => {
    const { app, stack, part } = twoProfiles();
    addCustomSynthesis(new Construct(stack, 'late'), { onSynthesize: () => (part.node.findChild('p1') as CdnFrontdoorProfile).addOverride('response_timeout_seconds', 90) });
    const resolve = vi.spyOn(TerraformStack.prototype, 'toTerraform');
    app.synth();
    expect(writtenProfiles(app, stack)['afd-one'].response_timeout_seconds).toBe(90);
    expect(resolve).toHaveBeenCalledTimes(2);
  });

  it('gives the rules each attribute as cdk.tf.json holds it, seen through and copied: a rule that changes what it reads changes nothing written', () => {
    const app = Testing.app();
    const stack = new AzureStack(app, { stackName: 'edge', environmentName: 'dev', production: false });
    const profileName = new TerraformVariable(stack, 'profile_name', { type: 'string', default: 'afd-edge-dev' });
    new CdnFrontdoorProfile(stack, 'profile', { name: profileName.stringValue, resourceGroupName: 'rg', skuName: 'Premium_AzureFrontDoor', responseTimeoutSeconds: 240, tags: { owner: 'team-a' } });
    const seen: Record<string, unknown> = {};
    const changes: ILessonRule = {
      id: 'TEAM-5.ChangesWhatItReads', lesson: 'TEAM-5', description: 'Changes the attributes it was given.', resourceTypes: ['azurerm_cdn_frontdoor_profile'],
      evaluate: (resource) => {
        const tags = resource.attributes.tags as Record<string, string>;
        seen.name = resource.attributes.name;
        seen.owner = tags.owner;
        seen.timeout = resource.attributes.response_timeout_seconds;
        tags.owner = 'changed-by-a-rule';
        tags.added = 'by-a-rule';
        // The same object on the next read, with the rule's change.
        seen.sameObject = resource.attributes.tags === tags;
        seen.changeKept = (resource.attributes.tags as Record<string, string>).added;
        seen.keys = Object.keys(resource.attributes).sort();
        seen.frozen = Object.isFrozen(Object.freeze(resource.attributes));
        return RuleOutcome.compliant();
      },
    };
    LessonsCheck.of(stack)!.addPack(new RulePack('team', [{ rule: changes, level: RuleLevel.WARNING }]));
    app.synth();
    // The variable's default, seen through.
    expect(seen).toMatchObject({ name: 'afd-edge-dev', owner: 'team-a', timeout: 240, frozen: true, sameObject: true, changeKept: 'by-a-rule' });
    expect(seen.keys).toEqual(['//', 'name', 'resource_group_name', 'response_timeout_seconds', 'sku_name', 'tags']);
    const written = JSON.parse(fs.readFileSync(path.join(app.outdir, 'stacks', stack.node.id, 'cdk.tf.json'), 'utf8')) as { resource: { azurerm_cdn_frontdoor_profile: Record<string, { name: string; tags: Record<string, string> }> } };
    expect(Object.values(written.resource.azurerm_cdn_frontdoor_profile).map((p) => [p.name, p.tags])).toEqual([
      ['${var.profile_name}', { environment: 'dev', 'managed-by': 'cdktf', stack: 'edge', owner: 'team-a' }],
    ]);
  });

  it('gives the rules the stack\'s outputs as cdk.tf.json holds them, seen through and copied, an undefined value left out', () => {
    const app = Testing.app();
    const stack = new AzureStack(app, { stackName: 'edge', environmentName: 'dev', production: false });
    const owner = new TerraformVariable(stack, 'owner', { type: 'string', default: 'team-a' });
    new TerraformOutput(stack, 'contact', { value: { url: 'https://status.example.com', owner: owner.stringValue, links: { docs: 'https://docs.example.com' } } });
    new TerraformOutput(stack, 'nothing', { value: Lazy.anyValue({ produce: () => undefined }) });
    const seen: Record<string, unknown> = {};
    const changes: ILessonRule = {
      id: 'TEAM-6.ChangesOutputs', lesson: 'TEAM-6', description: 'Changes the outputs it was given.', resourceTypes: ['output'],
      evaluate: (output) => {
        // What the rule was given, before it changes it.
        seen[output.address] = { keys: Object.keys(output.attributes), value: structuredClone(output.attributes.value) };
        const value = output.attributes.value as { url: string; links: { docs: string } } | undefined;
        if (value !== undefined) {
          value.url = 'https://changed-by-a-rule.example.com';
          value.links.docs = 'https://changed-by-a-rule.example.com';
        }
        return RuleOutcome.compliant();
      },
    };
    LessonsCheck.of(stack)!.addPack(new RulePack('team', [{ rule: changes, level: RuleLevel.WARNING }]));
    app.synth();
    expect(seen).toEqual({
      'output.contact': { keys: ['value'], value: { url: 'https://status.example.com', owner: 'team-a', links: { docs: 'https://docs.example.com' } } },
      'output.nothing': { keys: [], value: undefined },
    });
    const written = JSON.parse(fs.readFileSync(path.join(app.outdir, 'stacks', stack.node.id, 'cdk.tf.json'), 'utf8')) as { output: Record<string, { value?: unknown }> };
    expect(written.output.contact.value).toEqual({ url: 'https://status.example.com', owner: '${var.owner}', links: { docs: 'https://docs.example.com' } });
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
