import { Lazy, TerraformStack, TerraformVariable, Testing, Token } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ContainerApp } from '@cdktf/provider-azurerm/lib/container-app';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';
import { Resource } from '../../.gen/providers/azapi/resource';
import { ContainerRegistry, ContainerRegistryBase } from '../../constructs/container-apps/container-registry';
import { resolveIn } from '../../constructs/core/claims';
import { AppRegistration } from '../../constructs/identity/app-registration';
import { Grant } from '../../constructs/identity/grant';
import { ManagedIdentity, ManagedIdentityType, PrincipalType } from '../../constructs/identity/principal';
import { RolePropagation } from '../../constructs/identity/propagation';
import { BuiltInRole } from '../../constructs/identity/roles';
import { LogAnalytics } from '../../constructs/monitoring/log-analytics';
import { refusalOf } from '../support/refusal';
import { TerraformJson, resourceOf, resourcesOf, synth, testStack } from '../support/synth';

const REGISTRY_ID = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.ContainerRegistry/registries/crshared';

function withIdentity(stack: TerraformStack = testStack()) {
  const identity = new UserAssignedIdentity(stack, 'worker', { name: 'id-worker', resourceGroupName: 'rg', location: 'westeurope' });
  return { stack, identity };
}

describe('BuiltInRole', () => {
  it('names each role by its Azure name and its tenant-independent definition id', () => {
    expect([BuiltInRole.ACR_PULL.roleName, BuiltInRole.ACR_PULL.roleDefinitionId]).toEqual(['AcrPull', '7f951dda-4ed3-4680-a7ca-43fe172d538d']);
    expect(BuiltInRole.STORAGE_QUEUE_DATA_MESSAGE_SENDER.roleDefinitionId).toBe('c6a89b2d-59bc-44d0-9896-0f6e12d7b80a');
    expect(BuiltInRole.KEY_VAULT_SECRETS_USER.roleDefinitionId).toBe('4633458b-17de-408a-b874-0445c86b69e6');
    expect(BuiltInRole.EVENTGRID_DATA_SENDER.roleName).toBe('EventGrid Data Sender');
  });
});

describe('BuiltInRole.of', () => {
  it('names a role this class does not list by its name and definition id', () => {
    const role = BuiltInRole.of('Azure Service Bus Data Sender', '69a216fc-b8fb-44d8-bc22-1f3c2cd27a39');
    expect([role.roleName, role.roleDefinitionId]).toEqual(['Azure Service Bus Data Sender', '69a216fc-b8fb-44d8-bc22-1f3c2cd27a39']);
  });
});

describe('Grant.role', () => {
  it('assigns the role on the resource to the principal, by reference, as a service principal', () => {
    const { stack, identity } = withIdentity();
    Grant.role(stack, 'pull', { principal: identity, role: BuiltInRole.ACR_PULL, resourceId: REGISTRY_ID });
    expect(resourceOf(synth(stack), 'azurerm_role_assignment')).toEqual({
      scope: REGISTRY_ID,
      role_definition_name: 'AcrPull',
      principal_id: '${azurerm_user_assigned_identity.worker.principal_id}',
      principal_type: 'ServicePrincipal',
    });
  });

  it('makes a dependent wait for the grant (SEC-2): applyBefore adds it to depends_on, as dependsOn: [grant] does', () => {
    const { stack, identity } = withIdentity();
    const grant = Grant.role(stack, 'pull', { principal: identity, role: BuiltInRole.ACR_PULL, resourceId: REGISTRY_ID });
    const app = new ContainerApp(stack, 'app', {
      name: 'ca-x', resourceGroupName: 'rg', containerAppEnvironmentId: 'cae', revisionMode: 'Single',
      template: { container: [{ name: 'app', image: 'x.azurecr.io/a:1', cpu: 0.5, memory: '1Gi' }] },
    });
    grant.applyBefore(app);
    expect(resourceOf(synth(stack), 'azurerm_container_app').depends_on).toEqual(['azurerm_role_assignment.pull']);
    expect(resolveIn(stack, grant.fqn)).toBe('${azurerm_role_assignment.pull}');
  });

  it('takes a principal type for users and groups', () => {
    const stack = testStack();
    Grant.role(stack, 'readers', {
      principal: { principalId: '11111111-1111-1111-1111-111111111111', principalType: PrincipalType.GROUP },
      role: BuiltInRole.LOG_ANALYTICS_READER, resourceId: '/subscriptions/0/resourceGroups/rg',
    });
    expect(resourceOf(synth(stack), 'azurerm_role_assignment')).toMatchObject({ principal_type: 'Group', role_definition_name: 'Log Analytics Reader' });
  });

  it('fails when a literal principal id is not a GUID (SEC-1)', () => {
    const r = refusalOf(() => Grant.role(testStack(), 'g', { principal: { principalId: 'worker' }, role: BuiltInRole.ACR_PULL, resourceId: REGISTRY_ID }));
    expect(r).toMatchObject({ lesson: 'SEC-1', setting: 'principal.principalId', path: 'test' });
    expect(r.message).toMatch(/^\[SEC-1\] test: principal\.principalId = "worker": Entra ID names a principal by its object id, a GUID\. Fix: /);
  });

  it('fails when the scope is not a resource id (SEC-2)', () => {
    const { stack, identity } = withIdentity();
    const r = refusalOf(() => Grant.role(stack, 'g', { principal: identity, role: BuiltInRole.ACR_PULL, resourceId: 'crshared' }));
    expect(r).toMatchObject({ lesson: 'SEC-2', setting: 'resourceId' });
    expect(r.message).toContain('resourceId = "crshared": a role assignment scope is an Azure resource id.');
  });

  it('accepts Terraform references for the principal and the scope', () => {
    const stack = testStack();
    const variable = (id: string) => new TerraformVariable(stack, id, { type: 'string' }).stringValue;
    expect(() => Grant.role(stack, 'g', {
      principal: { principalId: variable('principal') }, role: BuiltInRole.ACR_PULL, resourceId: variable('scope'),
    })).not.toThrow();
  });
});

describe('Grant edges', () => {
  it('fails when the principal id is not a string (a resolvable object from another language)', () => {
    const principalId = Lazy.anyValue({ produce: () => '11111111-1111-1111-1111-111111111111' }) as unknown as string;
    expect(refusalOf(() => Grant.role(testStack(), 'pull', { principal: { principalId }, role: BuiltInRole.ACR_PULL, resourceId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.ContainerRegistry/registries/crshared' })))
      .toMatchObject({ lesson: 'SEC-1', path: 'test', setting: 'principal.principalId' });
  });

  // Found by mutation testing: `dependable(this)` is a new token on every call, so the guard
  // against a second entry never fired before the fix.
  it('adds a grant to depends_on once when applyBefore is called twice', () => {
    const stack = testStack();
    const identity = new UserAssignedIdentity(stack, 'worker', { name: 'id-worker', resourceGroupName: 'rg', location: 'westeurope' });
    const grant = Grant.role(stack, 'pull', { principal: identity, role: BuiltInRole.ACR_PULL, resourceId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.ContainerRegistry/registries/crshared' });
    const app = new ContainerApp(stack, 'app', {
      name: 'ca-x', resourceGroupName: 'rg', containerAppEnvironmentId: 'cae', revisionMode: 'Single',
      template: { container: [{ name: 'app', image: 'x.azurecr.io/a:1', cpu: 0.5, memory: '1Gi' }] },
    });
    grant.applyBefore(app);
    grant.applyBefore(app);
    expect(resourceOf(synth(stack), 'azurerm_container_app').depends_on).toEqual(['azurerm_role_assignment.pull']);
  });
});

describe('ManagedIdentity', () => {
  it('describes a user-assigned identity by reference, keyed on its construct id for grants', () => {
    const { stack, identity } = withIdentity();
    const managed = ManagedIdentity.fromUserAssigned(identity);
    expect(managed).toMatchObject({ type: ManagedIdentityType.USER_ASSIGNED, grantKey: 'worker', principalType: PrincipalType.SERVICE_PRINCIPAL });
    expect(resolveIn(stack, managed.clientId)).toBe('${azurerm_user_assigned_identity.worker.client_id}');
    expect(resolveIn(stack, managed.resourceId)).toBe('${azurerm_user_assigned_identity.worker.id}');
  });

  it('describes another team\'s identity by its ids', () => {
    expect(ManagedIdentity.fromAttributes({ principalId: 'p', grantKey: 'k', resourceId: '/x' }).type).toBe(ManagedIdentityType.USER_ASSIGNED);
    expect(ManagedIdentity.fromAttributes({ principalId: 'p', grantKey: 'k' }).type).toBe(ManagedIdentityType.SYSTEM_ASSIGNED);
  });
});

describe('grants on references to resources another team owns', () => {
  it('grants any built-in role on a resource through the shared base (AzureResource.grant)', () => {
    const { stack, identity } = withIdentity();
    const registry = ContainerRegistry.fromExisting(stack, 'r', { name: 'crshared', resourceGroupName: 'rg', registryId: REGISTRY_ID });
    (registry as ContainerRegistryBase).grant(identity, BuiltInRole.of('AcrPush', '8311e382-0749-4cb8-b61a-304f252e45ec'));
    const [[id, assignment]] = Object.entries(resourcesOf(synth(stack), 'azurerm_role_assignment'));
    expect(id).toMatch(/^r_role-acrpush-worker_[0-9A-F]+$/);
    expect(assignment).toMatchObject({ role_definition_name: 'AcrPush', scope: REGISTRY_ID });
  });

  it('names the grant after the role in lower-case words joined by single hyphens, none at either end', () => {
    const { stack, identity } = withIdentity();
    const registry = ContainerRegistry.fromExisting(stack, 'r', { name: 'crshared', resourceGroupName: 'rg', registryId: REGISTRY_ID });
    (registry as ContainerRegistryBase).grant(identity, BuiltInRole.of('(Preview) AcrQuarantine Reader (v2)', '00000000-0000-0000-0000-000000000001'));
    expect(Object.keys(resourcesOf(synth(stack), 'azurerm_role_assignment'))).toEqual([expect.stringMatching(/^r_role-preview-acrquarantine-reader-v2-worker_[0-9A-F]+$/)]);
  });

  it('ContainerRegistry.fromExisting looks the registry up and grants AcrPull under the reference', () => {
    const { stack, identity } = withIdentity();
    const registry = ContainerRegistry.fromExisting(stack, 'shared-registry', { name: 'crshared', resourceGroupName: 'rg-shared' });
    registry.grantPull(identity);
    const tf = synth(stack);
    expect(registry.loginServer).toBe('crshared.azurecr.io');
    expect(Object.values(tf.data?.azurerm_container_registry ?? {})).toEqual([{ name: 'crshared', resource_group_name: 'rg-shared' }]);
    const [[id, assignment]] = Object.entries(resourcesOf(tf, 'azurerm_role_assignment'));
    expect(id).toMatch(/^shared-registry_pull-worker_[0-9A-F]+$/);
    expect(assignment).toMatchObject({ role_definition_name: 'AcrPull', scope: expect.stringMatching(/^\$\{data\.azurerm_container_registry\.shared-registry_lookup_[0-9A-F]+\.id\}$/) });
  });

  it('ContainerRegistry.fromExisting with a registry id looks nothing up', () => {
    const stack = testStack();
    const registry = ContainerRegistry.fromExisting(stack, 'r', { name: 'crshared', resourceGroupName: 'rg', registryId: REGISTRY_ID, loginServer: 'cr.contoso.com' });
    expect([registry.registryId, registry.loginServer]).toEqual([REGISTRY_ID, 'cr.contoso.com']);
    expect(synth(stack).data).toBeUndefined();
  });

  it('fails when a registry name is not one Azure accepts', () => {
    expect(refusalOf(() => ContainerRegistry.fromExisting(testStack(), 'r', { name: 'cr-shared', resourceGroupName: 'rg' })))
      .toMatchObject({ lesson: 'AZURE', setting: 'name' });
  });

  it('fails when a grant has no id and the principal no grant key', () => {
    const registry = ContainerRegistry.fromExisting(testStack(), 'r', { name: 'crshared', resourceGroupName: 'rg', registryId: REGISTRY_ID });
    expect(refusalOf(() => registry.grantPull({ principalId: '11111111-1111-1111-1111-111111111111' })))
      .toMatchObject({ lesson: 'SEC-1', setting: 'pull grant id', path: 'test/r' });
  });

  it('LogAnalytics.fromExisting grants Log Analytics Reader on the workspace', () => {
    const { stack, identity } = withIdentity();
    LogAnalytics.fromExisting(stack, 'logs', { workspaceId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.OperationalInsights/workspaces/log' })
      .grantRead(identity);
    expect(resourceOf(synth(stack), 'azurerm_role_assignment')).toMatchObject({
      role_definition_name: 'Log Analytics Reader', scope: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.OperationalInsights/workspaces/log',
    });
  });
});

describe('RolePropagation', () => {
  it('retries an AzAPI dependent on the authorization errors of a grant that has not reached the data plane yet', () => {
    const retry = RolePropagation.azapiRetry();
    expect(retry.errorMessageRegex).toEqual(expect.arrayContaining(['AuthorizationFailed', 'ForbiddenByRbac', 'AuthorizationPermissionMismatch']));
    expect(retry.intervalSeconds).toBeGreaterThanOrEqual(1);
    expect(retry.intervalSeconds).toBeLessThanOrEqual(120);
    expect(retry.maxIntervalSeconds).toBeLessThanOrEqual(300);
    for (const pattern of retry.errorMessageRegex) expect(() => new RegExp(pattern)).not.toThrow();
  });

  it('synthesizes as the azapi retry attribute', () => {
    const json = JSON.parse(Testing.synthScope((scope) => {
      new Resource(scope, 'r', { type: 'Microsoft.Example/things@2024-01-01', name: 'x', parentId: '/p', retry: RolePropagation.azapiRetry() });
    })) as { resource: { azapi_resource: { r: { retry: Record<string, unknown> } } } };
    expect(json.resource.azapi_resource.r.retry).toMatchObject({ interval_seconds: 15, max_interval_seconds: 60, error_message_regex: expect.arrayContaining(['AuthorizationFailed']) });
  });
});

describe('duplicate grants', () => {
  it('fails when one principal is granted twice under one scope, instead of a constructs crash', () => {
    const { stack, identity } = withIdentity();
    const registry = ContainerRegistry.fromExisting(stack, 'r', { name: 'crshared', resourceGroupName: 'rg', registryId: REGISTRY_ID });
    registry.grantPull(identity);
    const r = refusalOf(() => registry.grantPull(identity));
    expect(r).toMatchObject({ lesson: 'SEC-2', setting: 'grant id', path: 'test/r' });
    expect(r.message).toContain('grant id = "pull-worker": a grant with this construct id already exists here');
  });
});

describe('AppRegistration', () => {
  it.each(['', '   '])('fails when the display name is blank (%j)', (displayName) => {
    const r = refusalOf(() => new AppRegistration(testStack(), 'registration', { displayName }));
    expect(r).toMatchObject({ lesson: 'ACCESS', path: 'test/registration', setting: 'displayName' });
    expect(r.message).toBe(`[ACCESS] test/registration: displayName = ${JSON.stringify(displayName)}: a registration needs a name people can find. Fix: give e.g. the name of the API.`);
  });

  it('registers an application under the name it is given', () => {
    const stack = testStack();
    new AppRegistration(stack, 'registration', { displayName: 'webhook-receiver' });
    expect(resourceOf(synth(stack), 'azuread_application')).toMatchObject({ display_name: 'webhook-receiver' });
  });

  const OWNER_A = '11111111-1111-4111-8111-111111111111';
  const OWNER_B = '22222222-2222-4222-8222-222222222222';
  const clientObjectId = (tf: TerraformJson) => `\${data.azuread_client_config.${Object.keys(tf.data?.azuread_client_config ?? {})[0]}.object_id}`;

  it('is owned by the deploying identity and holds its owners still, so a deploy by another identity changes no owner (ACCESS)', () => {
    const stack = testStack();
    const registration = new AppRegistration(stack, 'registration', { displayName: 'webhook-receiver' });
    const tf = synth(stack);
    for (const type of ['azuread_application', 'azuread_service_principal']) {
      expect(resourceOf(tf, type)).toMatchObject({ owners: [clientObjectId(tf)], lifecycle: { ignore_changes: ['owners'] } });
    }
    // One owner, a reference to the deploying identity's object id (resolved above).
    expect(registration.owners).toHaveLength(1);
    expect(Token.isUnresolved(registration.owners[0])).toBe(true);
  });

  it('takes its owners from the settings, written as given and not held still', () => {
    const stack = testStack();
    new AppRegistration(stack, 'registration', { displayName: 'webhook-receiver', owners: [OWNER_A, OWNER_B] });
    const tf = synth(stack);
    for (const type of ['azuread_application', 'azuread_service_principal']) {
      expect(resourceOf(tf, type).owners).toEqual([OWNER_A, OWNER_B]);
      expect(resourceOf(tf, type)).not.toHaveProperty('lifecycle');
    }
  });

  it.each([
    [[], 'owners', 'a registration without owners can be changed only by an administrator'],
    [['ci-pipeline'], 'owners[0]', 'Entra ID names a principal by its object id, a GUID'],
    [[OWNER_A, OWNER_A.toUpperCase()], 'owners[1]', 'the object id is listed twice'],
  ])('fails when the owners are %j (ACCESS)', (owners, setting, problem) => {
    const r = refusalOf(() => new AppRegistration(testStack(), 'registration', { displayName: 'x', owners }));
    expect(r).toMatchObject({ lesson: 'ACCESS', path: 'test/registration', setting });
    expect(r.message).toContain(problem);
    expect(r.message).toMatch(/^\[ACCESS\] test\/registration: [^:]+ = .+ Fix: .+$/);
  });

  it('makes its role assignments wait for the new service principal to replicate: azuread reads it without a retry (azuread v3.7.0 appRoleAssignmentResourceCreate)', () => {
    const stack = testStack();
    const registration = new AppRegistration(stack, 'registration', {
      displayName: 'api', appRoles: [{ value: 'Reader', id: '0b8f4d6e-1c2a-4e3b-9f5d-7a6c8e0b1d2f', description: 'reads' }],
    });
    expect(registration.replication).toBeUndefined();
    registration.assignRole('reader-a', 'Reader', OWNER_A);
    registration.assignRole('reader-b', 'Reader', OWNER_B);
    const tf = synth(stack);
    const sp = `azuread_service_principal.${Object.keys(resourcesOf(tf, 'azuread_service_principal'))[0]}`;
    const sleeps = resourcesOf(tf, 'time_sleep');
    expect(Object.values(sleeps)).toEqual([{ create_duration: RolePropagation.ENTRA_WAIT, depends_on: [sp], triggers: { [sp.split('.')[1]]: `${'$'}{${sp}.id}` } }]);
    const wait = `time_sleep.${Object.keys(sleeps)[0]}`;
    for (const assignment of Object.values(resourcesOf(tf, 'azuread_app_role_assignment'))) {
      expect(assignment).toMatchObject({ resource_object_id: `\${${sp}.object_id}`, depends_on: [wait] });
    }
    expect(registration.replication).toBeDefined();
  });

  it('fails when a role is assigned to something that is not an object id (ACCESS)', () => {
    const registration = new AppRegistration(testStack(), 'registration', {
      displayName: 'api', appRoles: [{ value: 'Reader', id: '0b8f4d6e-1c2a-4e3b-9f5d-7a6c8e0b1d2f', description: 'reads' }],
    });
    const r = refusalOf(() => registration.assignRole('reader', 'Reader', 'my-pipeline'));
    expect(r).toMatchObject({ lesson: 'ACCESS', path: 'test/registration', setting: 'reader.principalObjectId' });
  });
});

describe('RolePropagation.wait', () => {
  it('is a time_sleep after the grants, which each dependent waits for, with the time provider added once', () => {
    const stack = testStack();
    const { identity } = withIdentity(stack);
    const registry = ContainerRegistry.fromExisting(stack, 'r', { name: 'crshared', resourceGroupName: 'rg', registryId: REGISTRY_ID });
    const grant = registry.grantPull(identity);
    const app = new UserAssignedIdentity(stack, 'dependent', { name: 'id-dependent', resourceGroupName: 'rg', location: 'westeurope' });
    RolePropagation.wait(stack, 'wait-a', { after: [grant], dependents: [app], duration: RolePropagation.AZURE_RBAC_WAIT });
    RolePropagation.wait(stack, 'wait-b', { after: [grant], dependents: [], duration: '10s' });
    const tf = synth(stack);
    const grantAddress = `azurerm_role_assignment.${Object.keys(resourcesOf(tf, 'azurerm_role_assignment'))[0]}`;
    expect(resourceOf(tf, 'time_sleep', 'wait-a')).toEqual({ create_duration: '300s', depends_on: [grantAddress], triggers: { [grantAddress.split('.')[1]]: `${'$'}{${grantAddress}.id}` } });
    expect(resourceOf(tf, 'azurerm_user_assigned_identity', 'dependent').depends_on).toEqual([`time_sleep.${Object.keys(resourcesOf(tf, 'time_sleep')).find((k) => k.includes('wait-a'))}`]);
    expect(Object.keys(tf.provider ?? {})).toContain('time');
    expect((tf.provider as Record<string, unknown[]>).time).toHaveLength(1);
  });
});
