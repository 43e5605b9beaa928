import { App, TerraformStack, TerraformVariable, Testing, Token } from 'cdktf';
import { Construct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { DataAzurermApiManagement } from '@cdktf/provider-azurerm/lib/data-azurerm-api-management';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import { AzureStack } from '../constructs/stack/azure-stack';
import { claim } from '../constructs/core/claims';
import { NAME_RULES, checkName } from '../constructs/core/naming';
import { PlatformAspects } from '../constructs/stack/platform-aspects';
import { Production } from '../constructs/core/production';
import { pathCeiling } from '../constructs/core/request-path';
import { Suppressions } from '../constructs/core/suppressions';
import { TagsAspect } from '../constructs/core/tags';
import { ConstructValidationError, FindingFormat, InvalidValueError, Validation } from '../constructs/core/validation';
import { refusalOf } from './support/refusal';
import { resourceOf, synth, testStack, warningsOf } from './support/synth';

// Behaviour of constructs/core the other suites leave open.

const plainStack = (id = 'plain'): TerraformStack => new TerraformStack(Testing.app(), id);
const azureStack = (production = false): AzureStack => new AzureStack(Testing.app(), { stackName: 'core', environmentName: production ? 'prod' : 'dev', production });

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

describe('AzureStack helpers', () => {
  it('finds the AzureStack a construct belongs to, and none in a plain stack', () => {
    const stack = azureStack();
    expect(AzureStack.enclosing(new Construct(stack, 'x'))).toBe(stack);
    expect(AzureStack.enclosing(new Construct(plainStack(), 'x'))).toBeUndefined();
  });

  it('says whether a construct deploys production, strict in an unmarked stack', () => {
    expect(AzureStack.isProduction(new Construct(azureStack(true), 'x'))).toBe(true);
    expect(AzureStack.isProduction(new Construct(azureStack(false), 'x'))).toBe(false);
    expect(AzureStack.isProduction(new Construct(plainStack(), 'x'))).toBe(true);
  });
});

describe('PlatformAspects on a plain TerraformStack', () => {
  it('marks the stack as production by default, and adds no tags without tags', () => {
    const stack = plainStack();
    PlatformAspects.applyTo(stack);
    expect([Production.isMarked(stack), Production.isDeclaredProduction(stack), Production.isProduction(stack)]).toEqual([true, true, true]);
    new ResourceGroup(stack, 'rg', { name: 'rg-plain', location: 'westeurope' });
    expect(resourceOf(synth(stack), 'azurerm_resource_group')).not.toHaveProperty('tags');
  });

  it('marks the stack as not production when told, and tags its resources', () => {
    const stack = plainStack();
    PlatformAspects.applyTo(stack, { production: false, tags: { owner: 'orders' } });
    expect([Production.isMarked(stack), Production.isProduction(stack)]).toEqual([true, false]);
    new ResourceGroup(stack, 'rg', { name: 'rg-plain', location: 'westeurope' });
    expect(resourceOf(synth(stack), 'azurerm_resource_group').tags).toEqual({ owner: 'orders' });
  });
});

describe('Production', () => {
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

describe('claims', () => {
  it('lets the holder claim its own key again', () => {
    const stack = plainStack();
    const holder = new Construct(stack, 'holder');
    expect(claim(holder, 'registry', 'key')).toBeUndefined();
    expect(claim(holder, 'registry', 'key')).toBeUndefined();
    expect(claim(new Construct(stack, 'other'), 'registry', 'key')).toBe('plain/holder');
  });
});

describe('globally unique names', () => {
  it('keeps one namespace per resource kind: an API Management service and a Managed Redis may share a name', () => {
    const app: App = Testing.app();
    const a = new TerraformStack(app, 'a');
    const b = new TerraformStack(app, 'b');
    expect(checkName(a, 'name', 'orders', NAME_RULES.apiManagement)).toBe('orders');
    expect(checkName(b, 'name', 'orders', NAME_RULES.managedRedis)).toBe('orders');
    expect(refusalOf(() => checkName(b, 'name', 'orders', NAME_RULES.apiManagement))).toMatchObject({ lesson: 'AZURE', path: 'b', setting: 'name' });
  });
});

describe('pathCeiling', () => {
  it('is the platform connection ceiling of 240 s without layers', () => {
    expect(pathCeiling([])).toEqual({
      timeoutSeconds: 240,
      setBy: [{ layer: 'Azure load balancer idle timeout', timeoutSeconds: 240, constructPath: '<platform>' }],
    });
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

describe('TagsAspect edges', () => {
  it('tags a subclass of a provider resource another team defines', () => {
    class TeamResourceGroup extends ResourceGroup {}
    const stack = azureStack();
    new TeamResourceGroup(stack, 'rg', { name: 'rg-team', location: 'westeurope' });
    expect(resourceOf(synth(stack), 'azurerm_resource_group').tags).toEqual({ environment: 'dev', stack: 'core', 'managed-by': 'cdktf' });
  });

  it('leaves data sources alone (their tags filter the lookup)', () => {
    const stack = azureStack();
    new DataAzurermApiManagement(stack, 'existing', { name: 'apim-shared', resourceGroupName: 'rg-shared' });
    expect(synth(stack).data?.azurerm_api_management).toEqual({ existing: { name: 'apim-shared', resource_group_name: 'rg-shared' } });
  });

  it('merges in Terraform when a resource\'s tags are a Terraform string map', () => {
    const stack = azureStack();
    const tags = new TerraformVariable(stack, 'team-tags', { type: 'map(string)' });
    new ResourceGroup(stack, 'rg', { name: 'rg-var', location: 'westeurope', tags: Token.asStringMap(tags.value) });
    expect(resourceOf(synth(stack), 'azurerm_resource_group').tags).toBe(
      '${merge({"environment" = "dev", "stack" = "core", "managed-by" = "cdktf"}, var.team-tags)}');
  });

  it('fails when a tag value is not a string (a number from another language)', () => {
    expect(refusalOf(() => TagsAspect.check(testStack(), { cost: 5 as unknown as string })))
      .toMatchObject({ lesson: 'AZURE', path: 'test', setting: 'tags.cost' });
  });
});
