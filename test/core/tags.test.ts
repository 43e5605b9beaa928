import { describe, expect, it } from 'vitest';
import { Testing, TerraformVariable, Token } from 'cdktf';
import { Construct } from 'constructs';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import { ApiManagementNamedValue } from '@cdktf/provider-azurerm/lib/api-management-named-value';
import { DataAzurermApiManagement } from '@cdktf/provider-azurerm/lib/data-azurerm-api-management';
import { RoleAssignment } from '@cdktf/provider-azurerm/lib/role-assignment';
import { Resource } from '../../.gen/providers/azapi/resource';
import { AzureStack, AzureStackProps } from '../../constructs/stack/azure-stack';
import { TagsAspect } from '../../constructs/core/tags';
import { ReleaseImage } from '../../constructs/container-apps/image-reference';
import { gateway } from '../support/fixtures';
import { refusalOf } from '../support/refusal';
import { azureStack as coreStack, plainStack } from '../support/stacks';
import { TerraformJson, resourceOf, synth, testStack, warningsOf } from '../support/synth';

const BASE: AzureStackProps = { stackName: 'realtime', environmentName: 'dev', production: false };

function azureStack(props: Partial<AzureStackProps> = {}): AzureStack {
  return new AzureStack(Testing.app(), { ...BASE, ...props });
}

function synthStack(stack: AzureStack): TerraformJson {
  return JSON.parse(Testing.synth(stack)) as TerraformJson;
}

type Features = { api_management: { purge_soft_delete_on_destroy: boolean; recover_soft_deleted: boolean }[]; resource_group: { prevent_deletion_if_contains_resources: boolean }[] };
const azurermProvider = (tf: TerraformJson) => tf.provider?.azurerm?.[0] as { features: Features[]; storage_use_azuread: boolean };
const backend = (tf: TerraformJson) => tf.terraform?.backend as Record<string, Record<string, unknown>>;

describe('AzureStack tags', () => {
  it('tags a raw ResourceGroup another team adds with environment, stack, managed-by and the stack tags', () => {
    const stack = azureStack({ tags: { 'cost-center': 'cc-42', owner: 'platform' } });
    new ResourceGroup(stack, 'other-team-rg', { name: 'rg-other', location: 'westeurope' });
    expect(resourceOf(synthStack(stack), 'azurerm_resource_group', 'other-team-rg').tags).toEqual({
      environment: 'dev', stack: 'realtime', 'managed-by': 'cdktf', 'cost-center': 'cc-42', owner: 'platform',
    });
  });

  it("keeps a resource's own tag value over the stack's for the same key", () => {
    const stack = azureStack({ tags: { owner: 'platform' } });
    new ResourceGroup(stack, 'rg', { name: 'rg-own', location: 'westeurope', tags: { owner: 'payments', stack: 'legacy' } });
    expect(resourceOf(synthStack(stack), 'azurerm_resource_group', 'rg').tags).toEqual({
      environment: 'dev', stack: 'legacy', 'managed-by': 'cdktf', owner: 'payments',
    });
  });

  it('tags resources nested in library constructs, and only those that support tags', () => {
    const stack = azureStack();
    gateway(stack);
    const tf = synthStack(stack);
    expect(resourceOf(tf, 'azurerm_api_management', 'gateway/service').tags).toEqual({ environment: 'dev', stack: 'realtime', 'managed-by': 'cdktf' });
    expect(resourceOf(tf, 'azurerm_api_management_diagnostic', 'gateway/azure-monitor')).not.toHaveProperty('tags');
  });

  it('merges in Terraform when a resource\'s tags are a Terraform value', () => {
    const stack = azureStack();
    const tags = new TerraformVariable(stack, 'team-tags', { type: 'map(string)' });
    new ResourceGroup(stack, 'rg', { name: 'rg-var', location: 'westeurope', tags: tags.value });
    expect(resourceOf(synthStack(stack), 'azurerm_resource_group', 'rg').tags).toBe(
      '${merge({"environment" = "dev", "stack" = "realtime", "managed-by" = "cdktf"}, var.team-tags)}');
  });

  it('leaves list-typed tags alone (azurerm_api_management_named_value)', () => {
    const stack = azureStack();
    new ApiManagementNamedValue(stack, 'named-value', {
      name: 'key', displayName: 'key', apiManagementName: 'apim', resourceGroupName: 'rg', value: 'v', tags: ['partner'],
    });
    expect(resourceOf(synthStack(stack), 'azurerm_api_management_named_value', 'named-value').tags).toEqual(['partner']);
  });

  it('leaves a resource excluded with TagsAspect.exclude untagged, and tags its siblings', () => {
    const stack = azureStack();
    const body = { properties: {} };
    const proxy = new Resource(stack, 'proxy', { type: 'Microsoft.Cache/redisEnterprise/databases/accessPolicyAssignments@2025-07-01', name: 'a', parentId: '/x', body });
    new Resource(stack, 'tracked', { type: 'Microsoft.Cache/redisEnterprise@2025-07-01', name: 'b', parentId: '/rg', location: 'westeurope', body });
    TagsAspect.exclude(proxy);
    const tf = synthStack(stack);
    expect(resourceOf(tf, 'azapi_resource', 'proxy')).not.toHaveProperty('tags');
    expect(resourceOf(tf, 'azapi_resource', 'tracked').tags).toMatchObject({ environment: 'dev', stack: 'realtime' });
  });

  it('adds no tags key to a resource without tags support (azurerm_role_assignment)', () => {
    const stack = azureStack();
    new RoleAssignment(stack, 'reader', { scope: '/subscriptions/0', principalId: '00000000-0000-0000-0000-000000000000', roleDefinitionName: 'Reader' });
    const assignment = resourceOf(synthStack(stack), 'azurerm_role_assignment', 'reader');
    expect(assignment).toMatchObject({ role_definition_name: 'Reader' });
    expect(assignment).not.toHaveProperty('tags');
  });
});

describe('AzureStack identity and state', () => {
  it('is named <stackName>-<environmentName>', () => {
    const stack = azureStack({ stackName: 'payments', environmentName: 'prod-eu' });
    expect(stack.node.id).toBe('payments-prod-eu');
    expect(stack).toMatchObject({ stackName: 'payments', environmentName: 'prod-eu', production: false });
  });

  it('warns when an environment named prod (or prod-eu, production, live) says production: false, and not for dev, preprod or non-prod', () => {
    for (const environmentName of ['prod', 'prod-eu', 'production', 'live', 'eu-prd']) {
      const stack = new AzureStack(Testing.app(), { stackName: 'orders', environmentName, production: false });
      Testing.synth(stack);
      expect(warningsOf(stack), environmentName).toEqual([`[ENV] orders-${environmentName}: production = false: the environment is named "${environmentName}", but the stack is marked production: false: `
        + 'the production rules are off (sample images, keys, public endpoints pass), API Management is purged on destroy and non-empty resource groups are deleted. '
        + 'Fix: drop production: false (a stack is production unless it says otherwise), or give a development environment a name that says so (dev, test).']);
    }
    for (const environmentName of ['dev', 'preprod', 'non-prod', 'productive-test'.replace('productive', 'staging')]) {
      const stack = new AzureStack(Testing.app(), { stackName: 'orders', environmentName, production: false });
      Testing.synth(stack);
      expect(warningsOf(stack), environmentName).toEqual([]);
    }
    // Marked production, nothing to say.
    const prod = new AzureStack(Testing.app(), { stackName: 'orders', environmentName: 'prod', production: true });
    Testing.synth(prod);
    expect(warningsOf(prod)).toEqual([]);
  });

  it('is production when it does not say production: false, whatever its environment is called', () => {
    for (const environmentName of ['prod', 'dev', 'orders']) {
      const stack = new AzureStack(Testing.app(), { stackName: 'orders', environmentName });
      expect(stack.production).toBe(true);
      expect(AzureStack.isProduction(stack)).toBe(true);
      const features = azurermProvider(synthStack(stack)).features[0];
      expect(features.api_management).toEqual([{ purge_soft_delete_on_destroy: false, recover_soft_deleted: true }]);
      expect(features.resource_group).toEqual([{ prevent_deletion_if_contains_resources: true }]);
    }
  });

  it('applies the production rules in a stack that does not say production (a public sample image is refused)', () => {
    const stack = new AzureStack(Testing.app(), { stackName: 'orders', environmentName: 'prod' });
    expect(() => ReleaseImage.check(new Construct(stack, 'app'), 'image', 'mcr.microsoft.com/dotnet/samples:aspnetapp'))
      .toThrow('[RELEASE] orders-prod/app: image = "mcr.microsoft.com/dotnet/samples:aspnetapp": this is a public sample image, a placeholder for a first deploy, not the application. Fix: set the environment\'s image to your application image, e.g. <registry>.azurecr.io/<repository>:<version>.');
  });

  it('keeps state in a local file named after the stack without remote state', () => {
    expect(backend(synthStack(azureStack()))).toEqual({ local: { path: 'terraform.realtime-dev.tfstate' } });
  });

  it('keeps state in Azure Storage through Entra ID with remote state (SEC-1)', () => {
    const tf = synthStack(azureStack({ state: { storageAccountName: 'sttfstate' } }));
    expect(backend(tf)).toEqual({
      azurerm: { storage_account_name: 'sttfstate', container_name: 'tfstate', key: 'realtime-dev.tfstate', use_azuread_auth: true },
    });
  });

  it('passes a container name and resource group through to the azurerm backend', () => {
    const tf = synthStack(azureStack({ state: { storageAccountName: 'sttfstate', containerName: 'states', resourceGroupName: 'rg-state' } }));
    expect(backend(tf).azurerm).toMatchObject({ container_name: 'states', resource_group_name: 'rg-state', key: 'realtime-dev.tfstate' });
  });
});

describe('AzureStack helpers', () => {
  it('finds the AzureStack a construct belongs to, and none in a plain stack', () => {
    const stack = coreStack();
    expect(AzureStack.enclosing(new Construct(stack, 'x'))).toBe(stack);
    expect(AzureStack.enclosing(new Construct(plainStack(), 'x'))).toBeUndefined();
  });

  it('says whether a construct deploys production, strict in an unmarked stack', () => {
    expect(AzureStack.isProduction(new Construct(coreStack(true), 'x'))).toBe(true);
    expect(AzureStack.isProduction(new Construct(coreStack(false), 'x'))).toBe(false);
    expect(AzureStack.isProduction(new Construct(plainStack(), 'x'))).toBe(true);
  });
});

describe('AzureStack providers', () => {
  it('purges soft-deleted API Management on destroy outside production (GW-9)', () => {
    const features = azurermProvider(synthStack(azureStack())).features[0];
    expect(features.api_management).toEqual([{ purge_soft_delete_on_destroy: true, recover_soft_deleted: true }]);
    expect(features.resource_group).toEqual([{ prevent_deletion_if_contains_resources: false }]);
  });

  it('keeps soft-deleted API Management recoverable in production (GW-9)', () => {
    const features = azurermProvider(synthStack(azureStack({ environmentName: 'prod', production: true }))).features[0];
    expect(features.api_management).toEqual([{ purge_soft_delete_on_destroy: false, recover_soft_deleted: true }]);
    expect(features.resource_group).toEqual([{ prevent_deletion_if_contains_resources: true }]);
  });

  it('configures azurerm (Entra ID for storage) and azapi, and requires azure/azapi', () => {
    const tf = synthStack(azureStack());
    expect(azurermProvider(tf).storage_use_azuread).toBe(true);
    expect(tf.provider?.azapi).toHaveLength(1);
    const required = tf.terraform?.required_providers as Record<string, { source: string }>;
    expect(required.azapi).toMatchObject({ source: 'azure/azapi' });
    expect(required.azurerm).toBeDefined();
  });
});

describe('AzureStack refusals', () => {
  it('fails when environmentName is "Dev" (upper case)', () => {
    expect(() => azureStack({ environmentName: 'Dev' })).toThrow(
      /^\[AZURE\] realtime-Dev: environmentName = "Dev": stack and environment names become part of resource names and state keys\. Fix: use lower-case letters/);
  });

  it('fails when stackName has an underscore', () => {
    expect(() => azureStack({ stackName: 'real_time' })).toThrow(/^\[AZURE\] real_time-dev: stackName = "real_time": /);
  });
});

describe('AzureStack tag refusals (TagsAspect.check)', () => {
  const NAME_PROBLEM = 'Azure refuses tag names with < > % & \\ ? / or surrounding spaces, and names longer than 512 characters. Fix: use letters, digits, hyphens, underscores and dots, e.g. cost-center.';

  for (const name of ['cost<center', 'cost>center', 'cost%center', 'cost&center', 'cost\\center', 'cost?center', 'cost/center']) {
    it(`fails when a tag name contains ${JSON.stringify(name.replace('cost', '').replace('center', ''))}`, () => {
      expect(refusalOf(() => azureStack({ tags: { [name]: 'cc-42' } }))).toEqual({
        message: `[AZURE] realtime-dev: tags.${name} = ${JSON.stringify(name)}: ${NAME_PROBLEM}`,
        lesson: 'AZURE', path: 'realtime-dev', setting: `tags.${name}`,
      });
    });
  }

  it('fails when a tag name has surrounding spaces', () => {
    for (const name of [' owner', 'owner ']) {
      expect(refusalOf(() => azureStack({ tags: { [name]: 'platform' } }))).toMatchObject({
        lesson: 'AZURE', setting: `tags.${name}`, message: `[AZURE] realtime-dev: tags.${name} = ${JSON.stringify(name)}: ${NAME_PROBLEM}`,
      });
    }
  });

  it('fails when a tag name is empty', () => {
    expect(refusalOf(() => azureStack({ tags: { '': 'x' } }))).toMatchObject({ lesson: 'AZURE', setting: 'tags.' });
  });

  it('fails when a tag name is longer than 512 characters, and takes 512', () => {
    const long = 'n'.repeat(513);
    expect(refusalOf(() => azureStack({ tags: { [long]: 'x' } }))).toMatchObject({ lesson: 'AZURE', path: 'realtime-dev', setting: `tags.${long}` });
    const stack = azureStack({ tags: { ['n'.repeat(512)]: 'x' } });
    new ResourceGroup(stack, 'rg', { name: 'rg-long', location: 'westeurope' });
    expect(resourceOf(synthStack(stack), 'azurerm_resource_group', 'rg').tags).toHaveProperty('n'.repeat(512), 'x');
  });

  it('fails when a tag value is longer than 256 characters, and takes 256', () => {
    const r = refusalOf(() => azureStack({ tags: { owner: 'v'.repeat(257) } }));
    expect(r).toEqual({
      message: `[AZURE] realtime-dev: tags.owner = "${'v'.repeat(257)}": a tag value is a string of at most 256 characters. Fix: shorten the value.`,
      lesson: 'AZURE', path: 'realtime-dev', setting: 'tags.owner',
    });
    expect(() => azureStack({ tags: { owner: 'v'.repeat(256) } })).not.toThrow();
  });

  it('fails when two tag names differ only in case (Azure treats them as one tag)', () => {
    const r = refusalOf(() => azureStack({ tags: { Owner: 'platform', owner: 'payments' } }));
    expect(r).toEqual({
      message: '[AZURE] realtime-dev: tags.Owner = "Owner": Azure tag names are case-insensitive, so this and "owner" are one tag with two values. Fix: keep one spelling.',
      lesson: 'AZURE', path: 'realtime-dev', setting: 'tags.Owner',
    });
  });

  it('fails when a stack tag differs only in case from a tag the stack sets itself', () => {
    const r = refusalOf(() => azureStack({ tags: { Environment: 'Development' } }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'realtime-dev' });
    expect(r.message).toMatch(/Azure tag names are case-insensitive, so this and "(Environment|environment)" are one tag with two values\./);
  });

  it('accepts tag names with letters, digits, hyphens, underscores, dots and inner spaces', () => {
    expect(() => azureStack({ tags: { 'cost-center': 'cc-42', team_name: 'rt', 'app.tier': 'api', 'Business Unit': 'Payments' } })).not.toThrow();
  });

  it('checks a tag map on any construct, with the setting given', () => {
    const stack = testStack();
    expect(refusalOf(() => TagsAspect.check(stack, { 'a/b': 'x' }, 'props.tags'))).toMatchObject({
      lesson: 'AZURE', path: 'test', setting: 'props.tags.a/b', message: `[AZURE] test: props.tags.a/b = "a/b": ${NAME_PROBLEM}`,
    });
    expect(() => TagsAspect.check(stack, { owner: 'platform' })).not.toThrow();
  });

  it('accepts a Terraform value as a tag value', () => {
    const stack = testStack();
    const owner = new TerraformVariable(stack, 'owner', { type: 'string' }).stringValue;
    expect(() => TagsAspect.check(stack, { owner })).not.toThrow();
  });
});

describe('TagsAspect edges', () => {
  it('tags a subclass of a provider resource another team defines', () => {
    class TeamResourceGroup extends ResourceGroup {}
    const stack = coreStack();
    new TeamResourceGroup(stack, 'rg', { name: 'rg-team', location: 'westeurope' });
    expect(resourceOf(synth(stack), 'azurerm_resource_group').tags).toEqual({ environment: 'dev', stack: 'core', 'managed-by': 'cdktf' });
  });

  it('leaves data sources alone (their tags filter the lookup)', () => {
    const stack = coreStack();
    new DataAzurermApiManagement(stack, 'existing', { name: 'apim-shared', resourceGroupName: 'rg-shared' });
    expect(synth(stack).data?.azurerm_api_management).toEqual({ existing: { name: 'apim-shared', resource_group_name: 'rg-shared' } });
  });

  it('merges in Terraform when a resource\'s tags are a Terraform string map', () => {
    const stack = coreStack();
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
