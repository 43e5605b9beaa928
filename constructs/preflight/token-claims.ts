import { DeployRequirement } from '../core/deploy-requirements';
import { CheckStatus, DeployerIdentity, PreflightCheckResult, PrincipalKind } from './types';

/** The claims of an access token this code reads. */
export interface TokenClaims {
  readonly oid?: string;
  readonly tid?: string;
  readonly appid?: string;
  readonly azp?: string;
  readonly idtyp?: string;
  readonly scp?: string;
  readonly roles?: string[];
  readonly wids?: string[];
  readonly upn?: string;
  readonly unique_name?: string;
  readonly preferred_username?: string;
  /** 1 for a guest user. */
  readonly acct?: number;
}

/** The payload of a JWT access token (not verified: the token is ours, read for what it says of us). */
export function claimsOf(token: string): TokenClaims | undefined {
  const payload = token.split('.')[1];
  if (payload === undefined) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    return claims !== null && typeof claims === 'object' ? claims as TokenClaims : undefined;
  } catch {
    return undefined;
  }
}

/** Directory roles (template ids, the same in every tenant) that bear on app registrations. */
export const DIRECTORY_ROLES: Readonly<Record<string, string>> = {
  '62e90394-69f5-4237-9190-012177145e10': 'Global Administrator',
  '9b895d92-2cd3-44c7-9d02-a6ac2d5ea5c3': 'Application Administrator',
  '158c047a-c907-4556-b7ef-446551a6b5f7': 'Cloud Application Administrator',
  'cf1c38e5-3621-4004-a7cb-879624dced7c': 'Application Developer',
};
const ADMIN_ROLES = ['Global Administrator', 'Application Administrator', 'Cloud Application Administrator'];

/** Microsoft Graph application permissions: their app role ids, and the permissions that include them. */
const GRAPH_APP_ROLES: Readonly<Record<string, { id: string; includedIn: readonly string[] }>> = {
  'Application.ReadWrite.OwnedBy': { id: '18a4783c-866b-4cc7-a460-3d5e5662c884', includedIn: ['Application.ReadWrite.All'] },
  'Application.ReadWrite.All': { id: '1bfefb4e-e0b5-418b-a88f-73c46d2cc8e9', includedIn: [] },
  'Application.Read.All': { id: '9a5d68dd-52b0-4cc2-bd40-abcf44ac3a30', includedIn: ['Application.ReadWrite.All', 'Directory.Read.All', 'Directory.ReadWrite.All'] },
  'AppRoleAssignment.ReadWrite.All': { id: '06b708a9-e830-4db3-a914-8e69da51d44f', includedIn: [] },
};
/** Microsoft Graph's application id (the same in every tenant). */
export const GRAPH_APPLICATION_ID = '00000003-0000-0000-c000-000000000000';

/** The name of a Microsoft Graph application permission by its app role id, or the id where this code does not know it. */
export function graphPermissionOfRoleId(appRoleId: string): string {
  return Object.entries(GRAPH_APP_ROLES).find(([, role]) => role.id === appRoleId.toLowerCase())?.[0] ?? appRoleId;
}

/** Who the tokens say the deployer is (the Resource Manager token's, with the Graph token's roles). */
export function deployerOf(arm: TokenClaims | undefined, graph: TokenClaims | undefined): DeployerIdentity {
  const claims = { ...graph, ...arm };
  // idtyp says it (app tokens carry it); else a user's token has delegated scopes (scp).
  const kind = claims.idtyp === 'app' ? PrincipalKind.SERVICE_PRINCIPAL
    : claims.idtyp === 'user' || claims.scp !== undefined ? PrincipalKind.USER
      : claims.oid !== undefined ? PrincipalKind.SERVICE_PRINCIPAL : PrincipalKind.UNKNOWN;
  const userName = claims.upn ?? claims.preferred_username ?? claims.unique_name;
  const applicationId = claims.appid ?? claims.azp;
  return {
    kind,
    ...(claims.oid !== undefined ? { objectId: claims.oid } : {}),
    ...(kind !== PrincipalKind.USER && applicationId !== undefined ? { applicationId } : {}),
    ...(kind === PrincipalKind.USER && userName !== undefined ? { userName } : {}),
    ...(claims.tid !== undefined ? { tenantId: claims.tid } : {}),
    graphPermissions: kind === PrincipalKind.SERVICE_PRINCIPAL ? [...graph?.roles ?? []].sort() : [],
    directoryRoles: (graph?.wids ?? arm?.wids ?? []).map((id) => DIRECTORY_ROLES[id] ?? id).sort(),
  };
}

/**
 * The deployer's Microsoft Graph permission, judged from what is known of it: its Graph token's
 * claims, or what Graph told of another deploying identity (`graphKnown`).
 */
export function checkGraphPermission(requirement: DeployRequirement, deployer: DeployerIdentity, graphKnown: boolean, guest: boolean): PreflightCheckResult {
  const permission = requirement.permission ?? '';
  const known = GRAPH_APP_ROLES[permission];
  if (!graphKnown) {
    return {
      requirement, status: CheckStatus.UNKNOWN, detail: 'the deployer\'s Microsoft Graph permissions could not be read (no Graph token, or Graph refused to tell).',
      fix: 'run the preflight signed in as the deploying identity (az login, or the pipeline\'s deploy identity), or give the identity that runs it Application.Read.All and Directory.Read.All.',
    };
  }
  if (deployer.kind === PrincipalKind.SERVICE_PRINCIPAL) {
    const held = deployer.graphPermissions.find((p) => p === permission || (known?.includedIn ?? []).includes(p));
    if (held !== undefined) return { requirement, status: CheckStatus.OK, detail: `the service principal holds ${held === permission ? permission : `${held}, which includes ${permission}`}.` };
    const app = deployer.applicationId ?? '<application id>';
    return {
      requirement, status: CheckStatus.MISSING,
      detail: `the service principal holds ${deployer.graphPermissions.length > 0 ? `only ${deployer.graphPermissions.join(', ')}` : 'no application permission of Microsoft Graph'}, not ${permission}.`,
      fix: `grant the Microsoft Graph application permission ${permission} and admin consent: az ad app permission add --id ${app} --api ${GRAPH_APPLICATION_ID} --api-permissions ${known?.id ?? '<app role id>'}=Role && az ad app permission admin-consent --id ${app} (a managed identity: assign the app role ${known?.id ?? ''} of Microsoft Graph to its service principal ${deployer.objectId ?? ''} with New-MgServicePrincipalAppRoleAssignment).`,
    };
  }
  if (deployer.kind === PrincipalKind.USER) return userPermission(requirement, permission, deployer, guest);
  return { requirement, status: CheckStatus.UNKNOWN, detail: 'the deployer is neither a user nor a service principal Graph knows (its token says neither, or its object id is neither).', fix: `make sure the deploying identity holds ${permission} (docs/deploy.md).` };
}

/** A user's rights on app registrations come from directory roles, and from the tenant's user settings. */
function userPermission(requirement: DeployRequirement, permission: string, deployer: DeployerIdentity, guest: boolean): PreflightCheckResult {
  const admin = deployer.directoryRoles.find((r) => ADMIN_ROLES.includes(r));
  if (admin !== undefined) return { requirement, status: CheckStatus.OK, detail: `the user holds the directory role ${admin}.` };
  const who = deployer.userName ?? deployer.objectId ?? 'the user';
  if (permission === 'Application.Read.All') {
    if (guest) return { requirement, status: CheckStatus.UNKNOWN, detail: 'a guest user reads applications only where the tenant allows guests to.', fix: `give ${who} the Directory Readers role, or deploy as a member or a service principal.` };
    return { requirement, status: CheckStatus.OK, detail: 'a member user reads applications and service principals (default user permissions).' };
  }
  if (permission === 'Application.ReadWrite.OwnedBy' && deployer.directoryRoles.includes('Application Developer')) {
    return { requirement, status: CheckStatus.OK, detail: 'the user holds Application Developer: it creates registrations and owns them.' };
  }
  if (permission === 'Application.ReadWrite.OwnedBy') {
    return {
      requirement, status: CheckStatus.UNKNOWN,
      detail: 'the user holds no directory role for app registrations: it may create them only where the tenant lets users register applications (Entra ID > User settings), which no token tells.',
      fix: `assign ${who} the Application Developer directory role (or deploy as a service principal with ${permission}).`,
    };
  }
  return {
    requirement, status: CheckStatus.UNKNOWN,
    detail: `the user holds no admin directory role; an owner of the registration's service principal may assign its app roles in many tenants, which no token tells (${permission}).`,
    fix: `assign ${who} the Cloud Application Administrator directory role, or deploy as a service principal with ${permission}.`,
  };
}
