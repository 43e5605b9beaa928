import type { Client as GraphClient } from '@microsoft/microsoft-graph-client';
import { statusOf } from './azure-checks';
import { AzureClients } from './azure-clients';
import { DIRECTORY_ROLES, GRAPH_APPLICATION_ID, graphPermissionOfRoleId } from './token-claims';
import { DeployerIdentity, PrincipalKind } from './types';

/** Who another identity is, and whether Graph told its rights. */
export interface LookedUpDeployer {
  readonly deployer: DeployerIdentity;
  /** Graph answered: the identity's Graph permissions or directory roles are known. */
  readonly graphKnown: boolean;
  /** A guest user. */
  readonly guest: boolean;
}

interface Page<T> { value?: T[]; '@odata.nextLink'?: string }

/**
 * The deploying identity when the preflight runs as another one (a pipeline's read-only plan
 * identity checking the deploy identity): a service principal's Microsoft Graph application
 * permissions from its app role assignments on Microsoft Graph, a user's directory roles from its
 * memberships. Reading them needs `Application.Read.All` and `Directory.Read.All` (or a reader
 * role) of the identity that runs the preflight; where Graph refuses, the Graph checks are unknown.
 */
export async function lookUpDeployer(clients: AzureClients, objectId: string, tenantId: string | undefined): Promise<LookedUpDeployer> {
  const base = { objectId, ...(tenantId !== undefined ? { tenantId } : {}), graphPermissions: [] as string[], directoryRoles: [] as string[] };
  const unknown = { deployer: { kind: PrincipalKind.UNKNOWN, ...base }, graphKnown: false, guest: false };
  try {
    const graph = await clients.graph();
    const sp = await optional<{ appId?: string }>(() => graph.api(`/servicePrincipals/${objectId}`).select(['id', 'appId']).get());
    if (sp) {
      const graphSp = await graph.api(`/servicePrincipals(appId='${GRAPH_APPLICATION_ID}')`).select(['id']).get() as { id?: string };
      const assignments = await all<{ appRoleId?: string; resourceId?: string }>(graph, `/servicePrincipals/${objectId}/appRoleAssignments`);
      const permissions = assignments.filter((a) => a.resourceId === graphSp.id && a.appRoleId).map((a) => graphPermissionOfRoleId(a.appRoleId!));
      return {
        deployer: { kind: PrincipalKind.SERVICE_PRINCIPAL, ...base, ...(sp.appId ? { applicationId: sp.appId } : {}), graphPermissions: [...new Set(permissions)].sort() },
        graphKnown: true, guest: false,
      };
    }
    const user = await optional<{ userPrincipalName?: string; userType?: string }>(() => graph.api(`/users/${objectId}`).select(['id', 'userPrincipalName', 'userType']).get());
    if (!user) return unknown;
    const roles = await all<{ roleTemplateId?: string }>(graph, `/users/${objectId}/transitiveMemberOf/microsoft.graph.directoryRole`);
    return {
      deployer: {
        kind: PrincipalKind.USER, ...base, ...(user.userPrincipalName ? { userName: user.userPrincipalName } : {}),
        directoryRoles: roles.map((r) => DIRECTORY_ROLES[r.roleTemplateId ?? ''] ?? r.roleTemplateId ?? '').filter((r) => r !== '').sort(),
      },
      graphKnown: true, guest: user.userType === 'Guest',
    };
  } catch {
    return unknown;
  }
}

async function optional<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (statusOf(error) === 404) return undefined;
    throw error;
  }
}

/** Every item of a Graph collection, its pages followed (`@odata.nextLink`). */
async function all<T>(graph: GraphClient, path: string): Promise<T[]> {
  const items: T[] = [];
  let next: string | undefined = path;
  for (let pages = 0; next !== undefined && pages < 50; pages += 1) {
    const page = await graph.api(next).get() as Page<T>;
    items.push(...page.value ?? []);
    next = page['@odata.nextLink'];
  }
  return items;
}
