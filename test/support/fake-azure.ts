import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { IncomingMessage, Server, ServerResponse, createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A fake of Resource Manager and Microsoft Graph on 127.0.0.1 for the preflight's tests, answering
 * the operations the preflight calls with the documented response shapes (Azure REST API specs:
 * resources 2021-04-01 Providers_Get, subscriptions 2022-12-01 Subscriptions_ListLocations,
 * authorization 2022-04-01 RoleAssignments_ListForSubscription and RoleDefinitions_GetById,
 * apimanagement ApiManagementSkus_List, web ListGeoRegions and CheckNameAvailability, storage,
 * keyvault, containerregistry and apimanagement CheckNameAvailability, cdn
 * CheckEndpointNameAvailability, Resources_GetById; Graph v1.0 servicePrincipals(appId=)). HTTPS
 * with a self-signed certificate made at start (the SDKs send bearer tokens over TLS only), plus
 * an App Service managed-identity token endpoint over plain HTTP on loopback for
 * `DefaultAzureCredential`. Each subscription id is one tenant's state; Graph answers under
 * `/graph/<subscription id>`.
 */
export interface FakeTenant {
  readonly tenantId: string;
  readonly deployer: FakeDeployer;
  /** Registration state and resource types by namespace (absent: 404). */
  readonly providers: Record<string, { state: string; resourceTypes: { resourceType: string; locations: string[]; apiVersions: string[] }[] }>;
  /** The subscription's regions. */
  readonly locations: { name: string; displayName: string }[];
  /** Role assignments (of the signed-in deployer unless `principalId` says whose). */
  readonly roleAssignments: { scope: string; roleDefinitionId: string; condition?: string; principalId?: string }[];
  /** Role definitions by id (the full id). */
  readonly roleDefinitions: Record<string, { roleName: string; actions: string[]; notActions: string[] }>;
  readonly apimSkus: { name: string; locations: string[]; restrictedIn?: string[] }[];
  readonly flexRegions: { name: string; displayName: string }[];
  /** Names taken elsewhere, by Resource Manager type. */
  readonly takenNames: Record<string, string[]>;
  /** Resource groups that exist. */
  readonly resourceGroups: string[];
  /** Resources that exist, by id (any case). */
  readonly resources: Record<string, Record<string, unknown>>;
  /** Service principals by application id. */
  readonly servicePrincipals: Record<string, { id: string; displayName: string }>;
  /** Other identities Graph knows, by object id: service principals with their Graph app role ids, users with their directory role template ids. */
  readonly directory?: Record<string, { appId: string; graphAppRoleIds: string[] } | { userPrincipalName: string; userType: string; roleTemplateIds: string[] }>;
}

export interface FakeDeployer {
  readonly objectId: string;
  /** `app` (a service principal, Graph `roles`) or `user` (directory roles `wids`). */
  readonly idtyp: 'app' | 'user';
  readonly appId?: string;
  readonly upn?: string;
  readonly graphRoles?: string[];
  readonly wids?: string[];
}

export interface FakeAzure {
  /** `https://127.0.0.1:<port>`: Resource Manager. */
  readonly url: string;
  /** Graph's base for a subscription's tenant. */
  graphUrl(subscriptionId: string): string;
  /** The managed-identity token endpoint (plain HTTP on loopback). */
  readonly tokenUrl: string;
  /** The self-signed certificate's PEM file (NODE_EXTRA_CA_CERTS). */
  readonly caFile: string;
  /** Every request, `METHOD path`. */
  readonly requests: string[];
  /** The tenant whose deployer the token endpoint signs in as. */
  tokenTenant?: string;
  close(): Promise<void>;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned access token with the claims Entra ID gives the deployer (the preflight only reads them). */
export function fakeToken(tenant: FakeTenant, audience: string): string {
  const now = Math.floor(Date.now() / 1000);
  const d = tenant.deployer;
  const graph = audience.includes('/graph');
  const claims = {
    aud: audience, iss: `https://sts.windows.net/${tenant.tenantId}/`, iat: now, nbf: now, exp: now + 3600,
    oid: d.objectId, tid: tenant.tenantId, idtyp: d.idtyp, sub: d.objectId,
    ...(d.idtyp === 'app' ? { appid: d.appId, ...(graph && d.graphRoles ? { roles: d.graphRoles } : {}) } : {
      upn: d.upn, scp: graph ? 'Application.ReadWrite.All AppRoleAssignment.ReadWrite.All Directory.AccessAsUser.All' : 'user_impersonation',
      ...(d.wids ? { wids: d.wids } : {}),
    }),
  };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.fake`;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'x-ms-request-id': '00000000-0000-0000-0000-000000000000' });
  res.end(JSON.stringify(body));
}

const notFound = (res: ServerResponse, code: string, message: string) => send(res, 404, { error: { code, message } });

async function bodyOf(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) as Record<string, unknown> : {};
}

/** Answer one Resource Manager request for the tenant of its subscription. */
async function arm(tenants: Map<string, FakeTenant>, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const p = decodeURIComponent(url.pathname);
  const sub = /^\/subscriptions\/([^/]+)/i.exec(p)?.[1] ?? '';
  const tenant = tenants.get(sub);
  if (!tenant) return notFound(res, 'SubscriptionNotFound', `The subscription '${sub}' could not be found.`);
  const prefix = `/subscriptions/${sub}`;
  let m: RegExpExecArray | null;
  if (req.method === 'GET' && (m = /^\/subscriptions\/[^/]+\/providers\/([^/]+)$/i.exec(p))) {
    const ns = Object.keys(tenant.providers).find((n) => n.toLowerCase() === m![1].toLowerCase());
    if (!ns) return notFound(res, 'InvalidResourceNamespace', `The resource namespace '${m[1]}' is invalid.`);
    const provider = tenant.providers[ns];
    return send(res, 200, { id: `${prefix}/providers/${ns}`, namespace: ns, registrationState: provider.state, registrationPolicy: 'RegistrationRequired', resourceTypes: provider.resourceTypes });
  }
  if (req.method === 'GET' && /^\/subscriptions\/[^/]+\/locations$/i.test(p)) {
    return send(res, 200, { value: tenant.locations.map((l) => ({ id: `${prefix}/locations/${l.name}`, name: l.name, displayName: l.displayName, regionalDisplayName: `(Europe) ${l.displayName}`, metadata: { regionType: 'Physical', regionCategory: 'Recommended' } })) });
  }
  if (req.method === 'GET' && /^\/subscriptions\/[^/]+\/providers\/Microsoft\.Authorization\/roleAssignments$/i.test(p)) {
    const who = /assignedTo\('([^']+)'\)/.exec(url.searchParams.get('$filter') ?? '')?.[1];
    const mine = tenant.roleAssignments.filter((a) => (a.principalId ?? tenant.deployer.objectId) === who);
    return send(res, 200, {
      value: mine.map((a, i) => ({
        id: `${a.scope}/providers/Microsoft.Authorization/roleAssignments/0000000${i}-0000-0000-0000-000000000000`, name: `0000000${i}-0000-0000-0000-000000000000`, type: 'Microsoft.Authorization/roleAssignments',
        properties: { roleDefinitionId: a.roleDefinitionId, principalId: who, principalType: tenant.deployer.idtyp === 'app' ? 'ServicePrincipal' : 'User', scope: a.scope, ...(a.condition ? { condition: a.condition, conditionVersion: '2.0' } : {}) },
      })),
    });
  }
  if (req.method === 'GET' && /\/providers\/Microsoft\.Authorization\/roleDefinitions\/[^/]+$/i.test(p)) {
    const definition = Object.entries(tenant.roleDefinitions).find(([id]) => id.toLowerCase() === p.toLowerCase());
    if (!definition) return notFound(res, 'RoleDefinitionDoesNotExist', 'The specified role definition does not exist.');
    const [id, d] = definition;
    return send(res, 200, { id, name: id.split('/').pop(), type: 'Microsoft.Authorization/roleDefinitions', properties: { roleName: d.roleName, type: 'BuiltInRole', description: d.roleName, assignableScopes: ['/'], permissions: [{ actions: d.actions, notActions: d.notActions, dataActions: [], notDataActions: [] }] } });
  }
  if (req.method === 'GET' && /^\/subscriptions\/[^/]+\/providers\/Microsoft\.ApiManagement\/skus$/i.test(p)) {
    return send(res, 200, { value: tenant.apimSkus.map((s) => ({ resourceType: 'service', name: s.name, tier: s.name, locations: s.locations, restrictions: (s.restrictedIn ?? []).map((l) => ({ type: 'Location', values: [l], reasonCode: 'NotAvailableForSubscription' })) })) });
  }
  if (req.method === 'GET' && /^\/subscriptions\/[^/]+\/providers\/Microsoft\.Web\/geoRegions$/i.test(p)) {
    const regions = url.searchParams.get('sku') === 'FlexConsumption' ? tenant.flexRegions : [];
    return send(res, 200, { value: regions.map((r) => ({ id: `${prefix}/providers/Microsoft.Web/geoRegions/${r.displayName}`, name: r.displayName, type: 'Microsoft.Web/geoRegions', properties: { displayName: r.displayName, orgDomain: 'PUBLIC' } })) });
  }
  const nameCheck = /^\/subscriptions\/[^/]+\/providers\/(Microsoft\.(?:Storage|KeyVault|ApiManagement|ContainerRegistry|Web))\/checkNameAvailability$/i.exec(p);
  if (req.method === 'POST' && nameCheck) {
    const body = await bodyOf(req);
    const type = { 'microsoft.storage': 'Microsoft.Storage/storageAccounts', 'microsoft.keyvault': 'Microsoft.KeyVault/vaults', 'microsoft.apimanagement': 'Microsoft.ApiManagement/service', 'microsoft.containerregistry': 'Microsoft.ContainerRegistry/registries', 'microsoft.web': 'Microsoft.Web/sites' }[nameCheck[1].toLowerCase()]!;
    const taken = (tenant.takenNames[type] ?? []).includes(String(body.name));
    return send(res, 200, taken ? { nameAvailable: false, reason: 'AlreadyExists', message: `The name '${String(body.name)}' is already in use.` } : { nameAvailable: true });
  }
  if (req.method === 'POST' && (m = /^\/subscriptions\/[^/]+\/resourceGroups\/([^/]+)\/providers\/Microsoft\.Cdn\/checkEndpointNameAvailability$/i.exec(p))) {
    const body = await bodyOf(req);
    if (!tenant.resourceGroups.some((g) => g.toLowerCase() === m![1].toLowerCase())) return notFound(res, 'ResourceGroupNotFound', `Resource group '${m[1]}' could not be found.`);
    const taken = (tenant.takenNames['Microsoft.Cdn/profiles/afdEndpoints'] ?? []).includes(String(body.name));
    return send(res, 200, taken ? { nameAvailable: false, reason: 'AlreadyExists', message: 'Name not available' } : { nameAvailable: true, availableHostname: `${String(body.name)}-abc.z01.azurefd.net` });
  }
  if (req.method === 'GET') {
    const resource = Object.entries(tenant.resources).find(([id]) => id.toLowerCase() === p.toLowerCase());
    if (resource) return send(res, 200, { id: resource[0], name: resource[0].split('/').pop(), ...resource[1] });
    return notFound(res, 'ResourceNotFound', `The Resource '${p}' was not found.`);
  }
  return send(res, 400, { error: { code: 'FakeDoesNotKnow', message: `${req.method} ${p}` } });
}

function graph(tenants: Map<string, FakeTenant>, req: IncomingMessage, res: ServerResponse, url: URL): void {
  const p = decodeURIComponent(url.pathname);
  const m = /^\/graph\/([^/]+)\/v1\.0(\/.*)$/.exec(p);
  const tenant = m ? tenants.get(m[1]) : undefined;
  if (!m || !tenant || req.method !== 'GET') return send(res, 400, { error: { code: 'BadRequest', message: `${req.method} ${p}` } });
  if (!(req.headers.authorization ?? '').startsWith('Bearer ')) return send(res, 401, { error: { code: 'InvalidAuthenticationToken', message: 'Access token is empty.' } });
  const missing = (id: string) => send(res, 404, { error: { code: 'Request_ResourceNotFound', message: `Resource '${id}' does not exist or one of its queried reference-property objects are not present.` } });
  const path = m[2];
  let q: RegExpExecArray | null;
  if ((q = /^\/servicePrincipals\(appId='([^']+)'\)$/.exec(path))) {
    const sp = tenant.servicePrincipals[q[1]];
    if (!sp) return missing(q[1]);
    return send(res, 200, { '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#servicePrincipals(id,appId,displayName)/$entity', id: sp.id, appId: q[1], displayName: sp.displayName });
  }
  const graphSp = tenant.servicePrincipals['00000003-0000-0000-c000-000000000000'];
  if ((q = /^\/servicePrincipals\/([^/]+)(\/appRoleAssignments)?$/.exec(path))) {
    const entry = tenant.directory?.[q[1]];
    if (!entry || !('appId' in entry)) return missing(q[1]);
    if (!q[2]) return send(res, 200, { id: q[1], appId: entry.appId });
    return send(res, 200, { value: entry.graphAppRoleIds.map((appRoleId, i) => ({ id: `assignment-${i}`, appRoleId, principalId: q![1], principalType: 'ServicePrincipal', resourceId: graphSp?.id, resourceDisplayName: 'Microsoft Graph' })) });
  }
  if ((q = /^\/users\/([^/]+)(\/transitiveMemberOf\/microsoft\.graph\.directoryRole)?$/.exec(path))) {
    const entry = tenant.directory?.[q[1]];
    if (!entry || !('userPrincipalName' in entry)) return missing(q[1]);
    if (!q[2]) return send(res, 200, { id: q[1], userPrincipalName: entry.userPrincipalName, userType: entry.userType });
    return send(res, 200, { value: entry.roleTemplateIds.map((roleTemplateId, i) => ({ '@odata.type': '#microsoft.graph.directoryRole', id: `role-${i}`, displayName: roleTemplateId, roleTemplateId })) });
  }
  return send(res, 400, { error: { code: 'BadRequest', message: `the fake does not answer ${path}` } });
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
  });
}

/** Start the fake with tenants by subscription id. */
export async function startFakeAzure(tenants: Map<string, FakeTenant>): Promise<FakeAzure> {
  const dir = mkdtempSync(join(tmpdir(), 'rtp-fake-azure-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  const requests: string[] = [];
  const https = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    // Ids passed whole (`getById`) arrive after the path's own slash: `//subscriptions/...`, which Resource Manager accepts.
    const url = new URL((req.url ?? '/').replace(/^\/{2,}/, '/'), 'https://127.0.0.1');
    requests.push(`${req.method} ${decodeURIComponent(url.pathname)}`);
    if (url.pathname.startsWith('/graph/')) graph(tenants, req, res, url);
    else arm(tenants, req, res, url).catch((error: Error) => send(res, 400, { error: { code: 'FakeFailed', message: error.message } }));
  });
  const fake: FakeAzure = {
    url: '', tokenUrl: '', caFile: cert, requests,
    graphUrl: (subscriptionId) => `${fake.url}/graph/${subscriptionId}`,
    close: async () => {
      await Promise.all([https, tokens].map((s) => new Promise<void>((done) => s.close(() => done()))));
      rmSync(dir, { recursive: true, force: true });
    },
  };
  // App Service's managed-identity protocol (IDENTITY_ENDPOINT, X-IDENTITY-HEADER), as DefaultAzureCredential asks it.
  const tokens = createHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const tenant = tenants.get(fake.tokenTenant ?? '');
    requests.push(`TOKEN ${url.searchParams.get('resource') ?? ''}`);
    if (req.headers['x-identity-header'] !== 'fake-identity-header' || !tenant) return send(res, 400, { error: 'invalid_request', error_description: 'no identity here' });
    const resource = url.searchParams.get('resource') ?? '';
    const now = Math.floor(Date.now() / 1000);
    return send(res, 200, { access_token: fakeToken(tenant, resource), expires_on: String(now + 3600), resource, token_type: 'Bearer', client_id: tenant.deployer.appId ?? tenant.deployer.objectId });
  });
  const [armPort, tokenPort] = await Promise.all([listen(https), listen(tokens)]);
  Object.assign(fake, { url: `https://127.0.0.1:${armPort}`, tokenUrl: `http://127.0.0.1:${tokenPort}/msi/token` });
  return fake;
}
