import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { Construct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { Production } from '../../constructs/core/production';
import { Suppressions } from '../../constructs/core/suppressions';
import { settingForCaller } from '../../constructs/core/caller-language';
import { StorageAccount } from '../../constructs/storage/storage-account';
import { ConstructValidationError, FindingFormat, InvalidValueError, Validation, deferredRefusalOf, note, requireRange, warn, within } from '../../constructs/core/validation';
import { RuleLevel } from '../../constructs/lessons-check/pack';
import { LessonsReport, ReportStatus } from '../../constructs/lessons-check/report';
import { PolicyStatement } from '../../constructs/policy/policy-statement';
import { refusalOf } from '../support/refusal';
import { azureStack, plainStack } from '../support/stacks';
import { notesOf, resourceOf, synth, testStack, warningsOf } from '../support/synth';

const RANGE = { min: 1, max: 10, setting: 'count', lesson: 'AZURE' as const, problem: 'a count is 1-10.', fix: 'use 5.' };

describe('the one message format', () => {
  it('renders values as JavaScript writes them: NaN, Infinity and -0 stay visible, also nested', () => {
    expect(FindingFormat.render(Number.NaN)).toBe('NaN');
    expect(FindingFormat.render(Number.POSITIVE_INFINITY)).toBe('Infinity');
    expect(FindingFormat.render(-0)).toBe('-0');
    expect(FindingFormat.render([1, Number.NaN, 'a'])).toBe('[1,NaN,"a"]');
    expect(FindingFormat.render({ min: Number.NEGATIVE_INFINITY, skip: undefined, name: 'x' })).toBe('{"min":-Infinity,"name":"x"}');
    expect(FindingFormat.render(undefined)).toBe('undefined');
    expect(FindingFormat.render(null)).toBe('null');
  });

  it('is `[LESSON] <where>: <setting> = <value>: <problem> Fix: <fix>`', () => {
    expect(FindingFormat.format('stack/app', { lesson: 'SCALE-2', setting: 'minReplicas', given: -1, problem: 'too few.', fix: 'use 1.' }))
      .toBe('[SCALE-2] stack/app: minReplicas = -1: too few. Fix: use 1.');
  });

  it('names the setting in snake_case for a Python caller (jsii\'s runtime sets JSII_AGENT=Python/...), as TypeScript writes it otherwise', () => {
    const make = () => refusalOf(() => new StorageAccount(testStack(), 'storage', {
      name: 'stunit', resourceGroupName: 'rg', location: 'westeurope', softDeleteRetentionDays: 0,
    }));
    const before = process.env.JSII_AGENT;
    try {
      process.env.JSII_AGENT = 'Python/3.11.7';
      expect(make().message).toBe('[AZURE] test/storage: soft_delete_retention_days = 0: Azure keeps deleted blobs and containers for 1-365 days. Fix: use e.g. 7 (the default).');
      process.env.JSII_AGENT = 'DotNet/8.0.1/.NETCoreApp,Version=v8.0/1.140.0';
      expect(make().message).toMatch(/^\[AZURE\] test\/storage: softDeleteRetentionDays = 0:/);
      delete process.env.JSII_AGENT;
      expect(make().message).toMatch(/^\[AZURE\] test\/storage: softDeleteRetentionDays = 0:/);
    } finally {
      if (before === undefined) delete process.env.JSII_AGENT; else process.env.JSII_AGENT = before;
    }
  });

  it('maps only camelCase property names for Python: indexes, user-given names and Terraform names stay', () => {
    expect(settingForCaller('circuitBreaker.statusCodeRanges[0]', true)).toBe('circuit_breaker.status_code_ranges[0]');
    expect(settingForCaller('environmentVariables.API_KEY', true)).toBe('environment_variables.API_KEY');
    expect(settingForCaller('environmentVariables.AzureWebJobsStorage__accountName', true)).toBe('environment_variables.AzureWebJobsStorage__accountName');
    expect(settingForCaller('routes.order-events.urlTemplate', true)).toBe('routes.order-events.url_template');
    expect(settingForCaller('ingress.transport', true)).toBe('ingress.transport');
    expect(settingForCaller('circuitBreaker.statusCodeRanges[0]', false)).toBe('circuitBreaker.statusCodeRanges[0]');
  });

  it('fails with the construct path when a range check is given NaN, and names NaN', () => {
    const r = refusalOf(() => requireRange(testStack(), Number.NaN, RANGE));
    expect(r.message).toBe('[AZURE] test: count = NaN: a count is 1-10. Fix: use 5.');
  });

  it('lets an unresolved Terraform number through a range check (Azure checks it at apply)', () => {
    const stack = testStack();
    const count = new TerraformVariable(stack, 'count', { type: 'number' }).numberValue;
    expect(() => requireRange(stack, count, RANGE)).not.toThrow();
  });

  it('re-raises a builder\'s refusal with the construct path and the setting under the prefix', () => {
    const stack = testStack();
    const builder = refusalOf(() => PolicyStatement.rateLimitByKey({ calls: 0, renewalPeriodSeconds: 60 }));
    expect(builder).toMatchObject({ lesson: 'GW-1', path: 'rate-limit-by-key', setting: 'calls' });
    expect(builder.message).toMatch(/^\[GW-1\] rate-limit-by-key: calls = 0: /);
    const construct = refusalOf(() => within(stack, 'limits.rateLimit', () => PolicyStatement.rateLimitByKey({ calls: 0, renewalPeriodSeconds: 60 })));
    expect(construct).toMatchObject({ lesson: 'GW-1', path: 'test', setting: 'limits.rateLimit.calls' });
    expect(construct.message).toMatch(/^\[GW-1\] test: limits\.rateLimit\.calls = 0: /);
  });

  it('passes other errors through unchanged', () => {
    const error = new Error('boom');
    expect(() => within(testStack(), 'x', () => { throw error; })).toThrow(error);
  });

  it('keeps the parts of a refusal as properties', () => {
    try {
      requireRange(testStack(), 0, RANGE);
    } catch (e) {
      expect(e).toBeInstanceOf(ConstructValidationError);
      expect(e).toMatchObject({ lesson: 'AZURE', constructPath: 'test', setting: 'count', problem: 'a count is 1-10.', fix: 'use 5.' });
    }
    expect(new InvalidValueError('b', { lesson: 'GW-1', setting: 's', given: 1, problem: 'p.', fix: 'f.' }).message).toBe('[GW-1] b: s = 1: p. Fix: f.');
  });
});

describe('refusal errors and the message format', () => {
  it('names its error classes, so a consumer sees which refusal it is', () => {
    const finding = { lesson: 'AZURE', setting: 's', problem: 'p.', fix: 'f.' };
    expect(new ConstructValidationError('a/b', finding).name).toBe('ConstructValidationError');
    expect(new InvalidValueError('builder', finding).name).toBe('InvalidValueError');
  });

  it('writes <app> for a finding on the app itself (an empty construct path)', () => {
    expect(FindingFormat.format('', { lesson: 'AZURE', setting: 'stacks', given: 0, problem: 'p.', fix: 'f.' })).toBe('[AZURE] <app>: stacks = 0: p. Fix: f.');
  });

  it('renders booleans, bigints, symbols and functions as JavaScript writes them', () => {
    expect([true, false].map((v) => FindingFormat.render(v))).toEqual(['true', 'false']);
    expect(FindingFormat.render(BigInt(12))).toBe('12n');
    expect(FindingFormat.render(Symbol('key'))).toBe('Symbol(key)');
    expect(FindingFormat.render({ when: true, size: BigInt(3) })).toBe('{"when":true,"size":3n}');
  });

  it('renders a value that refers to itself five levels deep, then as String() does', () => {
    const node: Record<string, unknown> = { id: 'a' };
    node.next = node;
    expect(FindingFormat.render(node)).toBe('{"id":"a","next":{"id":"a","next":{"id":"a","next":{"id":"a","next":{"id":"a","next":[object Object]}}}}}');
    const list: unknown[] = [1];
    list.push(list);
    expect(FindingFormat.render(list)).toBe('[1,[1,[1,[1,[1,1,]]]]]');
  });
});

describe('Validation, for constructs other teams write', () => {
  it('fails with the construct path, the lesson, the setting and the value given', () => {
    const stack = testStack();
    const scope = new Construct(stack, 'team');
    const r = refusalOf(() => Validation.refuse(scope, { lesson: 'TEAM-1', setting: 'replicas', given: 0, problem: 'too few.', fix: 'use 2.' }));
    expect(r).toMatchObject({ lesson: 'TEAM-1', path: 'test/team', setting: 'replicas' });
    expect(r.message).toBe('[TEAM-1] test/team: replicas = 0: too few. Fix: use 2.');
  });

  it('warns in the same format', () => {
    const stack = testStack();
    Validation.warn(new Construct(stack, 'team'), { lesson: 'TEAM-2', setting: 'sku', given: 'Basic', problem: 'no SLA.', fix: 'use Standard.' });
    expect(warningsOf(stack)).toEqual(['[TEAM-2] test/team: sku = "Basic": no SLA. Fix: use Standard.']);
  });
});

describe('Production', () => {
  const stack = (production?: boolean) => {
    const app: App = Testing.app();
    return production === undefined ? new TerraformStack(app, 'plain') : new AzureStack(app, { stackName: 's', environmentName: production ? 'prod' : 'dev', production });
  };

  it('is what the stack was marked with, and strict in a stack nobody marked', () => {
    expect(Production.isProduction(stack(true))).toBe(true);
    expect(Production.isProduction(stack(false))).toBe(false);
    expect(Production.isProduction(stack())).toBe(true);
    expect([Production.isDeclaredProduction(stack()), Production.isDeclaredProduction(stack(true))]).toEqual([false, true]);
  });

  it('refuses in production and warns elsewhere, in the same format', () => {
    const finding = { lesson: 'SEC-1' as const, setting: 'keys', given: true, problem: 'keys.', fix: 'no keys.' };
    expect(refusalOf(() => Production.refuseOrWarn(stack(true), finding)).message).toBe('[SEC-1] s-prod: keys = true: keys. Fix: no keys.');
    const dev = stack(false);
    Production.refuseOrWarn(dev, finding);
    expect(warningsOf(dev as TerraformStack)).toEqual(['[SEC-1] s-dev: keys = true: keys. Fix: no keys.']);
  });

  it('knows whether a stack was marked at all', () => {
    expect(Production.isMarked(plainStack())).toBe(false);
    expect(Production.isMarked(azureStack())).toBe(true);
  });

  it('keeps the lifecycle settings a resource already has when it protects it from destroy', () => {
    const stack = plainStack();
    const rg = new ResourceGroup(stack, 'rg', { name: 'rg-keep', location: 'westeurope', lifecycle: { ignoreChanges: ['tags'] } });
    expect(Production.protectFromDestroy(rg, true)).toBe(true);
    expect(resourceOf(synth(stack), 'azurerm_resource_group').lifecycle).toEqual({ ignore_changes: ['tags'], prevent_destroy: true });
  });
});

describe('Suppressions', () => {
  it('fails when a suppression names no rule or lesson id', () => {
    expect(refusalOf(() => Suppressions.add(testStack(), { id: 'redis keys', reason: 'because we want to' })))
      .toMatchObject({ setting: 'suppression.id', lesson: 'AZURE', path: 'test' });
  });

  it('finds a suppression by rule id or lesson id on the node or above, and honours appliesTo', () => {
    const stack = testStack();
    Suppressions.add(stack, { id: 'SEC-1.RedisAccessKeys', reason: 'legacy cache until PLAT-42', appliesTo: ['default_database.access_keys_authentication_enabled'] });
    expect(Suppressions.find(stack, 'SEC-1.RedisAccessKeys', 'SEC-1', 'default_database.access_keys_authentication_enabled')?.reason).toBe('legacy cache until PLAT-42');
    expect(Suppressions.find(stack, 'SEC-1.RedisAccessKeys', 'SEC-1', 'other')).toBeUndefined();
    expect(Suppressions.find(stack, 'SEC-1.RedisPlaintext', 'SEC-1', 'default_database.client_protocol')).toBeUndefined();
    Suppressions.add(stack, { id: 'LIM-1', reason: 'migration tracked in PLAT-42' });
    expect(Suppressions.find(stack, 'LIM-1.NoAzureCacheForRedis', 'LIM-1')?.reason).toBe('migration tracked in PLAT-42');
  });
});

describe('Suppressions edges', () => {
  it('takes a reason of exactly 10 characters', () => {
    const stack = testStack();
    Suppressions.add(stack, { id: 'SEC-1', reason: '0123456789' });
    expect(Suppressions.find(stack, 'SEC-1.RedisAccessKeys', 'SEC-1')?.reason).toBe('0123456789');
  });

  it('fails when the reason is 9 characters, or 10 only with the spaces around it', () => {
    for (const reason of ['012345678', '  0123456  ']) {
      expect(refusalOf(() => Suppressions.add(testStack(), { id: 'SEC-1.RedisAccessKeys', reason })))
        .toMatchObject({ lesson: 'SEC-1', path: 'test', setting: 'suppression.reason' });
    }
  });

  it('fails when the reason is not a string (a caller in another language left it out)', () => {
    expect(refusalOf(() => Suppressions.add(testStack(), { id: 'LIM-1', reason: undefined as unknown as string })))
      .toMatchObject({ lesson: 'LIM-1', path: 'test', setting: 'suppression.reason' });
  });

  it('takes the suppression nearest the node when several scopes suppress the same rule', () => {
    const stack = testStack();
    const child = new Construct(stack, 'child');
    Suppressions.add(stack, { id: 'SEC-1', reason: 'stack-wide exception' });
    Suppressions.add(child, { id: 'SEC-1', reason: 'exception for this child' });
    expect(Suppressions.find(child, 'SEC-1.RedisAccessKeys', 'SEC-1')?.reason).toBe('exception for this child');
    expect(Suppressions.find(stack, 'SEC-1.RedisAccessKeys', 'SEC-1')?.reason).toBe('stack-wide exception');
  });

  it('ignores other metadata that happens to carry an id and a reason', () => {
    const stack = testStack();
    stack.node.addMetadata('team:ticket', { id: 'SEC-1', reason: 'tracked in PLAT-42' });
    expect(Suppressions.find(stack, 'SEC-1.RedisAccessKeys', 'SEC-1')).toBeUndefined();
  });
});

describe('a builder value made before its construct keeps its refusal for it', () => {
  it('fails inside within with the construct path when the value the builder returned carries a refusal, alone or in an array', () => {
    const stack = testStack();
    const refused = PolicyStatement.retryAfterOnRetryableStatuses(0);
    // Built outside any construct: nothing is thrown yet, the statement carries the builder's refusal.
    expect(deferredRefusalOf(refused)).toMatchObject({ builder: 'retry-after' });
    for (const value of [refused, [PolicyStatement.useBackend('orders'), refused]]) {
      const r = refusalOf(() => within(stack, 'outbound', () => value));
      expect(r).toMatchObject({ lesson: 'EDGE-6', path: 'test', setting: 'outbound.seconds' });
    }
    expect(within(stack, 'outbound', () => [PolicyStatement.useBackend('orders')])).toHaveLength(1);
  });
});

describe('construct findings: one output with the rules\'', () => {
  const KEYS = { id: 'SEC-1.TestAccessKeys', lesson: 'SEC-1' as const, setting: 'keys', given: true, problem: 'keys.', fix: 'no keys.' };
  const MESSAGE = '[SEC-1] s-dev/thing: keys = true: keys. Fix: no keys.';
  const devStack = () => new AzureStack(Testing.app(), { stackName: 's', environmentName: 'dev', production: false });
  const nonCompliant = (stack: AzureStack) => stack.lessonsCheck.reportOf(stack).results.filter((r) => r.resourceType === 'construct');

  it('warns with the id in the lessons report, the message the one printed (SEC-1)', () => {
    const stack = devStack();
    warn(new Construct(stack, 'thing'), KEYS);
    expect(warningsOf(stack)).toEqual([MESSAGE]);
    expect(nonCompliant(stack)).toEqual([{
      ruleId: 'SEC-1.TestAccessKeys', lesson: 'SEC-1', level: RuleLevel.WARNING, status: ReportStatus.NON_COMPLIANT,
      resourcePath: 's-dev/thing', resourceType: 'construct', address: '', setting: 'keys', message: MESSAGE,
    }]);
    expect(stack.lessonsCheck.reportOf(stack).summary).toMatchObject({ errors: 0, warnings: 1, suppressed: 0 });
  });

  it('prints nothing and reports the warning as suppressed, with its reason, when suppressed by id after the construct warned', () => {
    const stack = devStack();
    const thing = new Construct(stack, 'thing');
    warn(thing, KEYS);
    Suppressions.add(thing, { id: 'SEC-1.TestAccessKeys', reason: 'a test double that never deploys' });
    expect(warningsOf(stack)).toEqual([]);
    expect(nonCompliant(stack)).toEqual([expect.objectContaining({ ruleId: 'SEC-1.TestAccessKeys', status: ReportStatus.SUPPRESSED, suppressionReason: 'a test double that never deploys', message: MESSAGE })]);
    expect(stack.lessonsCheck.reportOf(stack).summary).toMatchObject({ warnings: 0, suppressed: 1 });
  });

  it('suppresses by lesson, and by setting only where appliesTo names the construct\'s setting', () => {
    const stack = devStack();
    const a = new Construct(stack, 'a');
    const b = new Construct(stack, 'b');
    warn(a, KEYS);
    warn(b, KEYS);
    Suppressions.add(a, { id: 'SEC-1', reason: 'the whole lesson, reviewed in PLAT-7' });
    Suppressions.add(b, { id: 'SEC-1.TestAccessKeys', reason: 'another setting only', appliesTo: ['other'] });
    expect(warningsOf(stack)).toEqual(['[SEC-1] s-dev/b: keys = true: keys. Fix: no keys.']);
    expect(nonCompliant(stack).map((r) => [r.resourcePath, r.status])).toEqual([['s-dev/a', ReportStatus.SUPPRESSED], ['s-dev/b', ReportStatus.NON_COMPLIANT]]);
  });

  it('fails when a construct finding is suppressed without a reason', () => {
    const stack = devStack();
    warn(stack, KEYS);
    expect(refusalOf(() => Suppressions.add(stack, { id: 'SEC-1.TestAccessKeys', reason: 'ok' }))).toMatchObject({ setting: 'suppression.reason', lesson: 'SEC-1' });
  });

  it('reports a note at level info, counted apart from failures (LIM-5)', () => {
    const stack = devStack();
    note(new Construct(stack, 'pace'), { id: 'LIM-5.TestPace', lesson: 'LIM-5', text: 'at most 10 calls per 60 s.' });
    expect(notesOf(stack)).toEqual(['[LIM-5] s-dev/pace: at most 10 calls per 60 s.']);
    expect(nonCompliant(stack)).toEqual([expect.objectContaining({ ruleId: 'LIM-5.TestPace', level: RuleLevel.INFO, status: ReportStatus.NON_COMPLIANT })]);
    expect(stack.lessonsCheck.reportOf(stack).summary).toMatchObject({ errors: 0, warnings: 0, notes: 1 });
  });

  it('gives another team\'s warning (Validation.warn) its id, or its lesson without one', () => {
    const stack = devStack();
    Validation.warn(new Construct(stack, 'x'), { lesson: 'TEAM-2', setting: 'sku', given: 'Basic', problem: 'no SLA.', fix: 'use Standard.' });
    Validation.warn(new Construct(stack, 'y'), { id: 'TEAM-2.Sku', lesson: 'TEAM-2', setting: 'sku', given: 'Basic', problem: 'no SLA.', fix: 'use Standard.' });
    expect(nonCompliant(stack).map((r) => [r.resourcePath, r.ruleId])).toEqual([['s-dev/x', 'TEAM-2'], ['s-dev/y', 'TEAM-2.Sku']]);
  });

  it('writes the same findings to the synth output (manifest) and lessons-report.json, suppressed ones in neither\'s printed list', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'findings-'));
    try {
      const app = new App({ outdir });
      const stack = new AzureStack(app, { stackName: 's', environmentName: 'dev', production: false });
      warn(new Construct(stack, 'thing'), KEYS);
      const quiet = new Construct(stack, 'quiet');
      warn(quiet, { ...KEYS, id: 'SEC-1.TestQuiet' });
      Suppressions.add(quiet, { id: 'SEC-1.TestQuiet', reason: 'accepted for the test stack' });
      note(stack, { id: 'LIM-5.TestPace', lesson: 'LIM-5', text: 'at most 10 calls per 60 s.' });
      app.synth();
      const manifest = JSON.parse(readFileSync(join(outdir, 'manifest.json'), 'utf8')) as { stacks: Record<string, { annotations: { level: string; message: string }[] }> };
      const printed = manifest.stacks['s-dev'].annotations.map((a) => `${a.level} ${a.message}`).sort();
      expect(printed).toEqual(['@cdktf/info [LIM-5] s-dev: at most 10 calls per 60 s.', `@cdktf/warn ${MESSAGE}`]);
      const report = JSON.parse(readFileSync(join(outdir, 'stacks', 's-dev', 'lessons-report.json'), 'utf8')) as LessonsReport;
      const reported = report.results.filter((r) => r.status === ReportStatus.NON_COMPLIANT).map((r) => `${r.level === RuleLevel.INFO ? '@cdktf/info' : '@cdktf/warn'} ${r.message}`).sort();
      expect(reported).toEqual(printed);
      expect(report.results.find((r) => r.ruleId === 'SEC-1.TestQuiet')).toMatchObject({ status: ReportStatus.SUPPRESSED, suppressionReason: 'accepted for the test stack' });
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });

  it('prints a construct\'s warning in a plain TerraformStack without the lessons check too, at synth', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'findings-'));
    try {
      const app = new App({ outdir });
      const stack = new TerraformStack(app, 'plain');
      warn(new Construct(stack, 'thing'), KEYS);
      app.synth();
      const manifest = JSON.parse(readFileSync(join(outdir, 'manifest.json'), 'utf8')) as { stacks: Record<string, { annotations: { level: string; message: string }[] }> };
      expect(manifest.stacks.plain.annotations.map((a) => a.message)).toEqual(['[SEC-1] plain/thing: keys = true: keys. Fix: no keys.']);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});
