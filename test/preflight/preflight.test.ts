import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequirementKind } from '../../constructs/core/deploy-requirements';
import { CheckStatus, PreflightCheckResult, PreflightReport, PrincipalKind } from '../../constructs/preflight/types';
import { FakeAzure, FakeTenant, startFakeAzure } from '../support/fake-azure';
import { EVENT_GRID_APP, MANIFEST, checkAgainstFake, readyTenant } from '../support/preflight-fixtures';

/**
 * Preflight.check against a fake of Resource Manager and Microsoft Graph on 127.0.0.1: every
 * requirement met, then each kind not met, with the fix the report gives. The checks run in one
 * child process (Node reads the fake's certificate from NODE_EXTRA_CA_CERTS at start only).
 */
const sub = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;

/** Each scenario: a subscription (and its tenant) changed from the ready one in one way. */
const SCENARIOS: Record<string, (t: FakeTenant, subscriptionId: string) => FakeTenant> = {
  ready: (t) => t,
  noEventGridPrincipal: (t) => ({ ...t, servicePrincipals: {} }),
  noGraphPermissions: (t) => ({ ...t, deployer: { ...t.deployer, graphRoles: ['User.Read.All'] } }),
  graphReadWriteAll: (t) => ({ ...t, deployer: { ...t.deployer, graphRoles: ['Application.ReadWrite.All', 'AppRoleAssignment.ReadWrite.All'] } }),
  contributorOnly: (t) => ({ ...t, roleAssignments: t.roleAssignments.filter((a) => a.roleDefinitionId.endsWith('b24988ac-6180-42a0-ab88-20f7382dd24c')) }),
  conditionalRbacAdmin: (t) => ({ ...t, roleAssignments: t.roleAssignments.map((a) => (a.roleDefinitionId.endsWith('f58310d9-a9f6-439a-9e8d-f62e7b41a168') ? { ...a, condition: "@Request[Microsoft.Authorization/roleAssignments:RoleDefinitionId] ForAnyOfAnyValues:GuidEquals {7f951dda-4ed3-4680-a7ca-43fe172d538d}" } : a)) }),
  providerNotRegistered: (t) => ({ ...t, providers: { ...t.providers, 'Microsoft.App': { ...t.providers['Microsoft.App'], state: 'NotRegistered' } } }),
  regionNotOffered: (t) => ({ ...t, providers: { ...t.providers, 'Microsoft.App': { ...t.providers['Microsoft.App'], resourceTypes: [{ resourceType: 'managedEnvironments', locations: ['North Europe'], apiVersions: ['2025-01-01'] }] } } }),
  regionNotForSubscription: (t) => ({ ...t, locations: t.locations.filter((l) => l.name !== 'westeurope') }),
  skusNotInRegion: (t) => ({ ...t, apimSkus: [{ name: 'StandardV2', locations: ['North Europe'] }], flexRegions: [{ name: 'North Europe', displayName: 'North Europe' }] }),
  apimRestricted: (t) => ({ ...t, apimSkus: [{ name: 'StandardV2', locations: ['West Europe'], restrictedIn: ['westeurope'] }] }),
  namesTaken: (t) => ({
    ...t, takenNames: {
      'Microsoft.Storage/storageAccounts': ['storders'], 'Microsoft.KeyVault/vaults': ['kv-orders'], 'Microsoft.ApiManagement/service': ['apim-orders'],
      'Microsoft.ContainerRegistry/registries': ['crorders'], 'Microsoft.Web/sites': ['func-orders'], 'Microsoft.Cdn/profiles/afdEndpoints': ['orders'],
    },
  }),
  namesTakenByThisStack: (t, s) => ({
    ...t, takenNames: { 'Microsoft.Storage/storageAccounts': ['storders'] },
    resources: { ...t.resources, [`/subscriptions/${s}/resourceGroups/rg-orders/providers/Microsoft.Storage/storageAccounts/storders`]: { type: 'Microsoft.Storage/storageAccounts', properties: {} } },
  }),
  firstDeploy: (t, s) => ({
    ...t, resourceGroups: ['rg-shared'],
    resources: Object.fromEntries(Object.entries(t.resources).filter(([id]) => id.startsWith(`/subscriptions/${s}/resourceGroups/rg-shared/`))),
  }),
  noSharedRegistry: (t) => ({ ...t, resources: Object.fromEntries(Object.entries(t.resources).filter(([id]) => !id.endsWith('/crshared'))) }),
  environmentNamedOtherwise: (t, s) => ({
    ...t, resources: { ...t.resources, [`/subscriptions/${s}/resourceGroups/rg-orders/providers/Microsoft.App/managedEnvironments/cae-orders`]: { type: 'Microsoft.App/managedEnvironments', properties: { infrastructureResourceGroup: 'MC_cae-orders-7f3a_westeurope' } } },
  }),
  userApplicationDeveloper: (t) => ({ ...t, deployer: { objectId: t.deployer.objectId, idtyp: 'user', upn: 'dev@contoso.example', wids: ['cf1c38e5-3621-4004-a7cb-879624dced7c'] } }),
  userCloudAppAdmin: (t) => ({ ...t, deployer: { objectId: t.deployer.objectId, idtyp: 'user', upn: 'ops@contoso.example', wids: ['158c047a-c907-4556-b7ef-446551a6b5f7'] } }),
  userWithoutRoles: (t) => ({ ...t, deployer: { objectId: t.deployer.objectId, idtyp: 'user', upn: 'new@contoso.example' } }),
  planIdentityChecksDeployer: (t) => asPlanIdentity(t),
  planIdentityAlone: (t) => asPlanIdentity(t),
  planIdentityChecksUser: (t) => ({
    ...asPlanIdentity(t), directory: { [USER]: { userPrincipalName: 'deployer@contoso.example', userType: 'Member', roleTemplateIds: ['cf1c38e5-3621-4004-a7cb-879624dced7c'] } },
  }),
};

const DEPLOYER = '33333333-0000-4000-8000-000000000001';
const USER = '33333333-0000-4000-8000-0000000000ee';
/** The signed-in identity is a read-only plan identity; the deploy identity's rights are in Graph and Resource Manager. */
function asPlanIdentity(t: FakeTenant): FakeTenant {
  return {
    ...t,
    deployer: { objectId: '66666666-0000-4000-8000-000000000001', idtyp: 'app', appId: '66666666-0000-4000-8000-0000000000aa', graphRoles: ['Application.Read.All', 'Directory.Read.All'] },
    roleAssignments: t.roleAssignments.map((a) => ({ ...a, principalId: DEPLOYER })),
    servicePrincipals: { ...t.servicePrincipals, '00000003-0000-0000-c000-000000000000': { id: '77777777-0000-4000-8000-000000000001', displayName: 'Microsoft Graph' } },
    directory: { [DEPLOYER]: { appId: '44444444-0000-4000-8000-000000000001', graphAppRoleIds: ['18a4783c-866b-4cc7-a460-3d5e5662c884', '06b708a9-e830-4db3-a914-8e69da51d44f', '9a5d68dd-52b0-4cc2-bd40-abcf44ac3a30', 'df021288-bdef-4463-88db-98f22de89214'] } },
  };
}
/** The scenarios that check another identity than the signed-in one. */
const DEPLOYER_OBJECT_ID: Record<string, string> = { planIdentityChecksDeployer: DEPLOYER, planIdentityChecksUser: USER };
const NAMES = Object.keys(SCENARIOS);

let fake: FakeAzure;
const reports = new Map<string, PreflightReport>();

beforeAll(async () => {
  const tenants = new Map(NAMES.map((name, i) => [sub(i + 1), SCENARIOS[name](readyTenant(sub(i + 1)), sub(i + 1))]));
  fake = await startFakeAzure(tenants);
  const runs = NAMES.map((name, i) => ({ subscriptionId: sub(i + 1), tenant: tenants.get(sub(i + 1))!, deployerObjectId: DEPLOYER_OBJECT_ID[name] }));
  (await checkAgainstFake(fake, MANIFEST, runs)).forEach((report, i) => reports.set(NAMES[i], report));
}, 120_000);

afterAll(async () => {
  await fake?.close();
});

const report = (name: string) => reports.get(name)!;
const statuses = (name: string) => report(name).results.map((r) => `${r.status} ${describeShort(r)}`);
const notOk = (name: string) => report(name).results.filter((r) => r.status !== CheckStatus.OK);
function describeShort(r: PreflightCheckResult): string {
  const q = r.requirement;
  return [q.kind, q.applicationId ?? q.permission ?? q.action ?? q.namespace ?? q.resourceType ?? q.skuFamily, q.name ?? q.scopeId ?? q.location ?? q.sku ?? ''].join(' ').trim();
}

describe('Preflight.check against Resource Manager and Microsoft Graph', () => {
  it('reports every requirement ok in a tenant and subscription that meet them', () => {
    expect(notOk('ready')).toEqual([]);
    expect(report('ready').ready).toBe(true);
    expect(report('ready').counts).toEqual({ ok: 20, missing: 0, unknown: 0 });
    expect(report('ready').deployer).toEqual({
      kind: PrincipalKind.SERVICE_PRINCIPAL, objectId: '33333333-0000-4000-8000-000000000001', applicationId: '44444444-0000-4000-8000-000000000001',
      tenantId: '22222222-0000-4000-8000-000000000001', graphPermissions: ['AppRoleAssignment.ReadWrite.All', 'Application.Read.All', 'Application.ReadWrite.OwnedBy'], directoryRoles: [],
    });
  });

  it('asks only loopback, through the documented operations', () => {
    expect(fake.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(new Set(fake.requests.filter((r) => r.includes(sub(1))).map((r) => r.replace(sub(1), '{sub}')))).toEqual(new Set([
      'GET /graph/{sub}/v1.0/servicePrincipals(appId=\'4962773b-9cdb-44cf-a8bf-237846a00ab7\')',
      'GET /subscriptions/{sub}/providers/Microsoft.Authorization/roleAssignments',
      'GET /subscriptions/{sub}/providers/Microsoft.Authorization/roleDefinitions/b24988ac-6180-42a0-ab88-20f7382dd24c',
      'GET /subscriptions/{sub}/providers/Microsoft.Authorization/roleDefinitions/f58310d9-a9f6-439a-9e8d-f62e7b41a168',
      'GET /subscriptions/{sub}/providers/Microsoft.App',
      'GET /subscriptions/{sub}/providers/Microsoft.Cache',
      'GET /subscriptions/{sub}/providers/Microsoft.ContainerRegistry',
      'GET /subscriptions/{sub}/locations',
      'GET /subscriptions/{sub}/providers/Microsoft.ApiManagement/skus',
      'GET /subscriptions/{sub}/providers/Microsoft.Web/geoRegions',
      'POST /subscriptions/{sub}/providers/Microsoft.Storage/checkNameAvailability',
      'POST /subscriptions/{sub}/providers/Microsoft.KeyVault/checkNameAvailability',
      'POST /subscriptions/{sub}/providers/Microsoft.ApiManagement/checkNameAvailability',
      'POST /subscriptions/{sub}/providers/Microsoft.ContainerRegistry/checkNameAvailability',
      'POST /subscriptions/{sub}/providers/Microsoft.Web/checknameavailability',
      'POST /subscriptions/{sub}/resourceGroups/rg-orders/providers/Microsoft.Cdn/checkEndpointNameAvailability',
      'GET /subscriptions/{sub}/resourceGroups/rg-shared/providers/Microsoft.ContainerRegistry/registries/crshared',
      'GET /subscriptions/{sub}/resourceGroups/rg-orders/providers/Microsoft.App/managedEnvironments/cae-orders',
    ]));
  });

  it('fails when Event Grid\'s service principal is not in the tenant, with the command that creates it', () => {
    expect(notOk('noEventGridPrincipal')).toEqual([expect.objectContaining({
      status: CheckStatus.MISSING, fix: `az ad sp create --id ${EVENT_GRID_APP}`,
      requirement: expect.objectContaining({ kind: RequirementKind.SERVICE_PRINCIPAL, applicationId: EVENT_GRID_APP }),
    })]);
    expect(report('noEventGridPrincipal').ready).toBe(false);
  });

  it('fails when the service principal lacks the Graph application permissions, naming each with its app role id', () => {
    const missing = notOk('noGraphPermissions');
    expect(missing.map((r) => [r.status, r.requirement.permission])).toEqual([
      [CheckStatus.MISSING, 'Application.ReadWrite.OwnedBy'], [CheckStatus.MISSING, 'AppRoleAssignment.ReadWrite.All'], [CheckStatus.MISSING, 'Application.Read.All'],
    ]);
    expect(missing[0].detail).toBe('the service principal holds only User.Read.All, not Application.ReadWrite.OwnedBy.');
    expect(missing[0].fix).toContain('az ad app permission add --id 44444444-0000-4000-8000-000000000001 --api 00000003-0000-0000-c000-000000000000 --api-permissions 18a4783c-866b-4cc7-a460-3d5e5662c884=Role');
    expect(missing[1].fix).toContain('06b708a9-e830-4db3-a914-8e69da51d44f=Role');
    expect(missing[2].fix).toContain('9a5d68dd-52b0-4cc2-bd40-abcf44ac3a30=Role');
  });

  it('counts Application.ReadWrite.All as including OwnedBy and Read.All', () => {
    expect(notOk('graphReadWriteAll')).toEqual([]);
    expect(report('graphReadWriteAll').results.find((r) => r.requirement.permission === 'Application.Read.All')?.detail)
      .toBe('the service principal holds Application.ReadWrite.All, which includes Application.Read.All.');
  });

  it('fails when Contributor alone would create the role assignments (its notActions take Authorization writes out)', () => {
    const missing = notOk('contributorOnly');
    expect(missing.map((r) => [r.status, r.requirement.scopeId])).toEqual([
      [CheckStatus.MISSING, '/subscriptions/{subscriptionId}/resourceGroups/rg-orders/providers/Microsoft.Storage/storageAccounts/storders'],
      [CheckStatus.MISSING, '/subscriptions/{subscriptionId}/resourceGroups/rg-shared/providers/Microsoft.ContainerRegistry/registries/crshared'],
    ]);
    expect(missing[0].detail).toContain('no role of the deployer (Contributor at or above the scope) allows Microsoft.Authorization/roleAssignments/write');
    // A scope the stack creates gets the grant above it; an existing one on itself.
    expect(missing[0].fix).toBe(`az role assignment create --assignee-object-id 33333333-0000-4000-8000-000000000001 --assignee-principal-type ServicePrincipal --role "Role Based Access Control Administrator" --scope /subscriptions/${sub(5)} (or User Access Administrator, or Owner)`);
    expect(missing[1].fix).toContain(`--scope /subscriptions/${sub(5)}/resourceGroups/rg-shared/providers/Microsoft.ContainerRegistry/registries/crshared`);
  });

  it('reports a role assignment right under a condition as unknown, with the condition', () => {
    const unknown = notOk('conditionalRbacAdmin');
    expect(unknown.map((r) => r.status)).toEqual([CheckStatus.UNKNOWN, CheckStatus.UNKNOWN]);
    expect(unknown[0].detail).toContain('under a condition: @Request[Microsoft.Authorization/roleAssignments:RoleDefinitionId]');
    expect(unknown[0].detail).toContain('(the stack assigns Storage Blob Data Owner)');
    expect(report('conditionalRbacAdmin').ready).toBe(true);
  });

  it('fails when a resource provider is not registered, with the command that registers it', () => {
    expect(notOk('providerNotRegistered')).toEqual([expect.objectContaining({
      status: CheckStatus.MISSING, detail: 'Microsoft.App is NotRegistered: creating its resources fails until it is registered.',
      fix: `az provider register --namespace Microsoft.App --subscription ${sub(7)} --wait`,
    })]);
  });

  it('fails when the resource type is not offered in the region', () => {
    expect(notOk('regionNotOffered')).toEqual([expect.objectContaining({
      status: CheckStatus.MISSING, detail: 'Microsoft.App/managedEnvironments is not offered in westeurope to this subscription.',
      fix: 'choose a region from az provider show --namespace Microsoft.App --query "resourceTypes[?resourceType==\'managedEnvironments\'].locations" -o tsv.',
    })]);
  });

  it('fails when the subscription may not deploy to the region at all (restricted or canary)', () => {
    expect(statuses('regionNotForSubscription').filter((s) => !s.startsWith('ok'))).toEqual([
      'missing region Microsoft.App/managedEnvironments westeurope',
      'missing sku managed-redis westeurope',
    ]);
    expect(notOk('regionNotForSubscription')[0].detail).toBe('westeurope is not a region this subscription may deploy to (restricted, canary or another cloud\'s).');
  });

  it('fails when API Management v2 or Flex Consumption is not offered in the region', () => {
    expect(notOk('skusNotInRegion').map((r) => [r.status, r.detail, r.fix])).toEqual([
      [CheckStatus.MISSING, 'API Management StandardV2 is not offered in westeurope.', 'choose a region where the tier is offered: https://learn.microsoft.com/azure/api-management/api-management-region-availability'],
      [CheckStatus.MISSING, 'Flex Consumption is not offered in westeurope.', 'choose a region from az functionapp list-flexconsumption-locations -o table.'],
    ]);
    expect(notOk('apimRestricted').map((r) => r.detail)).toEqual(['StandardV2 is restricted in westeurope for this subscription.']);
  });

  it('fails when a globally unique name is taken, for each service\'s own name check', () => {
    const taken = notOk('namesTaken');
    expect(taken.map((r) => [r.status, r.requirement.resourceType, r.requirement.name])).toEqual([
      [CheckStatus.MISSING, 'Microsoft.Storage/storageAccounts', 'storders'],
      [CheckStatus.MISSING, 'Microsoft.KeyVault/vaults', 'kv-orders'],
      [CheckStatus.MISSING, 'Microsoft.ApiManagement/service', 'apim-orders'],
      [CheckStatus.MISSING, 'Microsoft.ContainerRegistry/registries', 'crorders'],
      [CheckStatus.MISSING, 'Microsoft.Web/sites', 'func-orders'],
      [CheckStatus.MISSING, 'Microsoft.Cdn/profiles/afdEndpoints', 'orders'],
    ]);
    expect(taken[0].detail).toBe('storders is taken (AlreadyExists): The name \'storders\' is already in use.');
    expect(taken[0].fix).toContain('give the Microsoft.Storage/storageAccounts another name');
  });

  it('counts a name as ok when this subscription\'s resource group holds it (a deploy before this one)', () => {
    expect(notOk('namesTakenByThisStack')).toEqual([]);
    expect(report('namesTakenByThisStack').results.find((r) => r.requirement.name === 'storders')?.detail)
      .toBe('storders is taken by the resource in rg-orders of this subscription (a deploy before this one).');
  });

  it('on a first deploy, tells what needs the resource group as unknown and the rest as ok', () => {
    expect(notOk('firstDeploy').map((r) => [r.status, r.requirement.resourceType, r.detail])).toEqual([
      [CheckStatus.UNKNOWN, 'Microsoft.Cdn/profiles/afdEndpoints', 'the resource group rg-orders does not exist yet, and the Front Door name check needs it.'],
    ]);
    expect(report('firstDeploy').results.find((r) => r.requirement.kind === RequirementKind.EXISTING_VALUE)?.detail)
      .toBe('cae-orders does not exist yet: Azure takes infrastructureResourceGroup = ME_cae-orders_rg-orders_westeurope from the stack.');
  });

  it('fails when a resource the stack reads does not exist', () => {
    expect(notOk('noSharedRegistry')).toEqual([expect.objectContaining({
      status: CheckStatus.MISSING, detail: `/subscriptions/${sub(15)}/resourceGroups/rg-shared/providers/Microsoft.ContainerRegistry/registries/crshared does not exist: the plan fails reading it.`,
    })]);
  });

  it('fails when an existing Container Apps environment\'s infrastructure resource group differs from the stack\'s, with the value to give (item 7)', () => {
    expect(notOk('environmentNamedOtherwise')).toEqual([expect.objectContaining({
      status: CheckStatus.MISSING,
      detail: 'cae-orders exists with infrastructureResourceGroup = MC_cae-orders-7f3a_westeurope, the stack says ME_cae-orders_rg-orders_westeurope: the plan would replace it.',
      fix: `give the stack the value Azure holds for infrastructure_resource_group_name (MC_cae-orders-7f3a_westeurope); read it with az resource show --ids /subscriptions/${sub(16)}/resourceGroups/rg-orders/providers/Microsoft.App/managedEnvironments/cae-orders --query properties.infrastructureResourceGroup -o tsv.`,
    })]);
  });

  it('judges a user by directory roles: Application Developer creates registrations; assigning app roles is unknown', () => {
    expect(report('userApplicationDeveloper').deployer).toMatchObject({ kind: PrincipalKind.USER, userName: 'dev@contoso.example', directoryRoles: ['Application Developer'] });
    expect(statuses('userApplicationDeveloper').filter((s) => s.includes('graph-permission'))).toEqual([
      'ok graph-permission Application.ReadWrite.OwnedBy',
      'unknown graph-permission AppRoleAssignment.ReadWrite.All',
      'ok graph-permission Application.Read.All',
    ]);
    expect(notOk('userApplicationDeveloper')[0].fix).toBe('assign dev@contoso.example the Cloud Application Administrator directory role, or deploy as a service principal with AppRoleAssignment.ReadWrite.All.');
    expect(notOk('userCloudAppAdmin')).toEqual([]);
  });

  it('reports a user without directory roles as unknown for registrations (the tenant\'s user settings decide)', () => {
    expect(statuses('userWithoutRoles').filter((s) => s.includes('graph-permission'))).toEqual([
      'unknown graph-permission Application.ReadWrite.OwnedBy',
      'unknown graph-permission AppRoleAssignment.ReadWrite.All',
      'ok graph-permission Application.Read.All',
    ]);
    expect(notOk('userWithoutRoles')[0].fix).toBe('assign new@contoso.example the Application Developer directory role (or deploy as a service principal with Application.ReadWrite.OwnedBy).');
  });

  it('checks the deploy identity\'s rights when a read-only plan identity runs it (--deployer-object-id): Graph tells its application permissions', () => {
    expect(notOk('planIdentityChecksDeployer')).toEqual([]);
    expect(report('planIdentityChecksDeployer').deployer).toEqual({
      kind: PrincipalKind.SERVICE_PRINCIPAL, objectId: DEPLOYER, applicationId: '44444444-0000-4000-8000-000000000001', tenantId: '22222222-0000-4000-8000-000000000001',
      // An app role id this code has no name for stays an id.
      graphPermissions: ['AppRoleAssignment.ReadWrite.All', 'Application.Read.All', 'Application.ReadWrite.OwnedBy', 'df021288-bdef-4463-88db-98f22de89214'], directoryRoles: [],
    });
  });

  it('fails for the plan identity\'s own rights when it runs without --deployer-object-id', () => {
    expect(statuses('planIdentityAlone').filter((s) => !s.startsWith('ok'))).toEqual([
      'missing graph-permission Application.ReadWrite.OwnedBy',
      'missing graph-permission AppRoleAssignment.ReadWrite.All',
      `missing azure-permission Microsoft.Authorization/roleAssignments/write /subscriptions/{subscriptionId}/resourceGroups/rg-orders/providers/Microsoft.Storage/storageAccounts/storders`,
      `missing azure-permission Microsoft.Authorization/roleAssignments/write /subscriptions/{subscriptionId}/resourceGroups/rg-shared/providers/Microsoft.ContainerRegistry/registries/crshared`,
      'missing azure-permission Microsoft.Resources/subscriptions/resourceGroups/write /subscriptions/{subscriptionId}',
    ]);
  });

  it('reads a deploying user\'s directory roles from Graph when another identity runs it', () => {
    expect(report('planIdentityChecksUser').deployer).toMatchObject({ kind: PrincipalKind.USER, objectId: USER, userName: 'deployer@contoso.example', directoryRoles: ['Application Developer'] });
    expect(statuses('planIdentityChecksUser').filter((s) => s.includes('graph-permission'))).toEqual([
      'ok graph-permission Application.ReadWrite.OwnedBy',
      'unknown graph-permission AppRoleAssignment.ReadWrite.All',
      'ok graph-permission Application.Read.All',
    ]);
  });
});
