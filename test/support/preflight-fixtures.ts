import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PreflightManifest, Requirements, SkuFamily } from '../../constructs/core/deploy-requirements';
import { PreflightReport } from '../../constructs/preflight/types';
import { FakeAzure, FakeTenant } from './fake-azure';

export const ROOT = resolve(__dirname, '..', '..');
export const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
export const EVENT_GRID_APP = '4962773b-9cdb-44cf-a8bf-237846a00ab7';
export const ROLE_WRITE = 'Microsoft.Authorization/roleAssignments/write';
export const GROUP_WRITE = 'Microsoft.Resources/subscriptions/resourceGroups/write';
const CONTRIBUTOR = '/subscriptions/{sub}/providers/Microsoft.Authorization/roleDefinitions/b24988ac-6180-42a0-ab88-20f7382dd24c';
const RBAC_ADMIN = '/subscriptions/{sub}/providers/Microsoft.Authorization/roleDefinitions/f58310d9-a9f6-439a-9e8d-f62e7b41a168';

/** A stack's prerequisites, one or more of every kind (what `preflight.json` holds). */
export const MANIFEST: PreflightManifest = {
  version: 1,
  stack: 'orders-prod',
  requirements: [
    Requirements.servicePrincipal(EVENT_GRID_APP, 'Microsoft.EventGrid', 'Event Grid delivers as it.'),
    Requirements.graphPermission('Application.ReadWrite.OwnedBy', 'creates a registration.'),
    Requirements.graphPermission('AppRoleAssignment.ReadWrite.All', 'assigns an app role.'),
    Requirements.graphPermission('Application.Read.All', 'reads a service principal.'),
    Requirements.azurePermission(ROLE_WRITE, { scopeId: '/subscriptions/{subscriptionId}/resourceGroups/rg-orders/providers/Microsoft.Storage/storageAccounts/storders' }, 'grants storage roles.', ['Storage Blob Data Owner']),
    Requirements.azurePermission(ROLE_WRITE, { scopeId: '/subscriptions/{subscriptionId}/resourceGroups/rg-shared/providers/Microsoft.ContainerRegistry/registries/crshared', existing: true }, 'grants AcrPull.', ['AcrPull']),
    Requirements.azurePermission(GROUP_WRITE, { scopeId: '/subscriptions/{subscriptionId}' }, 'creates the resource group.'),
    Requirements.resourceProvider('Microsoft.App', 'creates Container Apps.'),
    Requirements.region('Microsoft.App/managedEnvironments', 'westeurope', 'creates an environment.'),
    Requirements.sku(SkuFamily.API_MANAGEMENT, 'StandardV2_1', 'westeurope', 'the gateway.'),
    Requirements.sku(SkuFamily.FLEX_CONSUMPTION, 'FC1', 'westeurope', 'the functions.'),
    Requirements.sku(SkuFamily.MANAGED_REDIS, 'Balanced_B0', 'westeurope', 'the cache.'),
    Requirements.globalName('Microsoft.Storage/storageAccounts', 'storders', 'public host name.', 'rg-orders'),
    Requirements.globalName('Microsoft.KeyVault/vaults', 'kv-orders', 'public host name.', 'rg-orders'),
    Requirements.globalName('Microsoft.ApiManagement/service', 'apim-orders', 'public host name.', 'rg-orders'),
    Requirements.globalName('Microsoft.ContainerRegistry/registries', 'crorders', 'public host name.', 'rg-orders'),
    Requirements.globalName('Microsoft.Web/sites', 'func-orders', 'public host name.', 'rg-orders'),
    Requirements.globalName('Microsoft.Cdn/profiles/afdEndpoints', 'orders', 'tenant host name.', 'rg-orders', 'afd-orders'),
    Requirements.existingResource('Microsoft.ContainerRegistry/registries', 'rg-shared', 'crshared', 'read at plan.'),
    Requirements.existingValue({
      resourceType: 'Microsoft.App/managedEnvironments', resourceGroupName: 'rg-orders', name: 'cae-orders',
      property: 'infrastructureResourceGroup', setting: 'infrastructure_resource_group_name', expected: 'ME_cae-orders_rg-orders_westeurope',
    }, 'Azure names it.'),
  ],
};

const types = (...entries: [string, string[]][]) => entries.map(([resourceType, locations]) => ({ resourceType, locations, apiVersions: ['2025-01-01', '2025-02-01-preview', '2024-03-01'] }));

/** A tenant and subscription where every requirement of {@link MANIFEST} is met (a redeploy: rg-orders exists). */
export function readyTenant(subscriptionId: string): FakeTenant {
  const sub = `/subscriptions/${subscriptionId}`;
  const contributor = CONTRIBUTOR.replace('{sub}', subscriptionId);
  const rbacAdmin = RBAC_ADMIN.replace('{sub}', subscriptionId);
  return {
    tenantId: '22222222-0000-4000-8000-000000000001',
    deployer: { objectId: '33333333-0000-4000-8000-000000000001', idtyp: 'app', appId: '44444444-0000-4000-8000-000000000001', graphRoles: ['Application.ReadWrite.OwnedBy', 'AppRoleAssignment.ReadWrite.All', 'Application.Read.All'] },
    providers: {
      'Microsoft.App': { state: 'Registered', resourceTypes: types(['managedEnvironments', ['West Europe', 'North Europe']], ['containerApps', ['West Europe']]) },
      'Microsoft.Cache': { state: 'Registered', resourceTypes: types(['redisEnterprise', ['West Europe']]) },
      'Microsoft.ContainerRegistry': { state: 'Registered', resourceTypes: types(['registries', ['West Europe']]) },
      'Microsoft.Storage': { state: 'Registered', resourceTypes: types(['storageAccounts', ['West Europe']]) },
      'Microsoft.KeyVault': { state: 'Registered', resourceTypes: types(['vaults', ['West Europe']]) },
      'Microsoft.ApiManagement': { state: 'Registered', resourceTypes: types(['service', ['West Europe']]) },
      'Microsoft.Web': { state: 'Registered', resourceTypes: types(['sites', ['West Europe']]) },
    },
    locations: [{ name: 'westeurope', displayName: 'West Europe' }, { name: 'northeurope', displayName: 'North Europe' }],
    roleAssignments: [{ scope: sub, roleDefinitionId: contributor }, { scope: sub, roleDefinitionId: rbacAdmin }],
    roleDefinitions: {
      [contributor]: { roleName: 'Contributor', actions: ['*'], notActions: ['Microsoft.Authorization/*/Delete', 'Microsoft.Authorization/*/Write', 'Microsoft.Authorization/elevateAccess/Action'] },
      [rbacAdmin]: { roleName: 'Role Based Access Control Administrator', actions: ['Microsoft.Authorization/roleAssignments/write', 'Microsoft.Authorization/roleAssignments/delete', '*/read'], notActions: [] },
    },
    apimSkus: [{ name: 'StandardV2', locations: ['West Europe'] }, { name: 'Developer', locations: ['West Europe', 'North Europe'] }],
    flexRegions: [{ name: 'West Europe', displayName: 'West Europe' }],
    takenNames: {},
    resourceGroups: ['rg-orders', 'rg-shared'],
    resources: {
      [`${sub}/resourceGroups/rg-shared/providers/Microsoft.ContainerRegistry/registries/crshared`]: { type: 'Microsoft.ContainerRegistry/registries', location: 'westeurope', properties: {} },
      [`${sub}/resourceGroups/rg-orders/providers/Microsoft.App/managedEnvironments/cae-orders`]: { type: 'Microsoft.App/managedEnvironments', location: 'westeurope', properties: { infrastructureResourceGroup: 'ME_cae-orders_rg-orders_westeurope' } },
    },
    servicePrincipals: { [EVENT_GRID_APP]: { id: '55555555-0000-4000-8000-000000000001', displayName: 'Microsoft.EventGrid' } },
  };
}

/** Run a command, its output and exit code (asynchronously: the fake answers from this process). */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv, cwd = ROOT): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

/** The environment a child process gets: no Azure sign-in, proxy or certificate variables of this machine, only loopback. */
export function isolatedEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!/^(AZURE_|ARM_|IDENTITY_|MSI_|NODE_EXTRA_CA_CERTS|HTTPS?_PROXY|NO_PROXY)/i.test(k)) env[k] = v;
  }
  return { ...env, NO_PROXY: '127.0.0.1', ...extra };
}

/** A scratch directory, removed by the returned function. */
export function scratch(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'rtp-preflight-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function writeJson(file: string, value: unknown): void {
  writeFileSync(file, JSON.stringify(value));
}

/** One run of the preflight harness: a subscription of the fake, its tenant, and whose rights are checked. */
export interface HarnessRun {
  readonly subscriptionId: string;
  readonly tenant: FakeTenant;
  /** @default - the signed-in identity */
  readonly deployerObjectId?: string;
}

/**
 * Preflight.check of `manifest` once per run against `fake`, all in one child process (Node reads
 * the fake's certificate from NODE_EXTRA_CA_CERTS at start only): the reports, in the runs' order.
 */
export async function checkAgainstFake(fake: FakeAzure, manifest: PreflightManifest, runs: readonly HarnessRun[]): Promise<PreflightReport[]> {
  const work = scratch();
  try {
    const input = join(work.dir, 'input.json');
    writeJson(input, { manifest, runs: runs.map((r) => ({ ...r, armUrl: fake.url, graphUrl: fake.graphUrl(r.subscriptionId) })) });
    const out = await run(TSX, [join(ROOT, 'test', 'support', 'preflight-harness.ts'), input], isolatedEnv({ NODE_EXTRA_CA_CERTS: fake.caFile }));
    if (out.status !== 0) throw new Error(`the harness failed: ${out.stderr}`);
    return JSON.parse(out.stdout) as PreflightReport[];
  } finally {
    work.remove();
  }
}
