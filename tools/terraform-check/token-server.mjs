// A managed-identity token endpoint on 127.0.0.1 for offline plans. azurerm and azuread ask it through
// `msi_endpoint` (GET with `Metadata: true`); azapi's azidentity asks it as an App Service identity
// (IDENTITY_ENDPOINT and IDENTITY_HEADER). The token is not signed by anyone: the providers only read its
// claims at configure (`oid`, `tid`, `appid`; without `oid` azurerm would call Microsoft Graph), and nothing
// that could check the signature is ever reached. It answers only on loopback.
import { createServer } from 'node:http';

export const OFFLINE_IDS = {
  tenantId: '00000000-0000-4000-8000-000000000001',
  subscriptionId: '00000000-0000-4000-8000-000000000002',
  objectId: '00000000-0000-4000-8000-000000000003',
  clientId: '00000000-0000-4000-8000-000000000004',
};

/**
 * A second deploying identity in the same tenant and subscription (a laptop after CI): the plan as
 * this identity, against the first identity's state, must show no change (issue 27).
 */
export const SECOND_IDENTITY = {
  objectId: '00000000-0000-4000-8000-000000000013',
  clientId: '00000000-0000-4000-8000-000000000014',
};

const base64url = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');

function token(resource, identity) {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    aud: resource, iss: `https://sts.windows.net/${OFFLINE_IDS.tenantId}/`, iat: now, nbf: now, exp: now + 3600,
    oid: identity.objectId, tid: OFFLINE_IDS.tenantId, appid: identity.clientId, sub: identity.objectId, idtyp: 'app',
  };
  return { access_token: `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.offline`, expires_on: String(now + 3600), expires_in: '3600', token_type: 'Bearer', resource };
}

/**
 * Starts the endpoint on a free loopback port; resolves to its URL, the number of tokens served, and
 * `close()`. Its tokens name `identity` (object and client id): the first deploying identity unless told.
 */
export function startTokenServer(identity = { objectId: OFFLINE_IDS.objectId, clientId: OFFLINE_IDS.clientId }) {
  let served = 0;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const identityHeader = req.headers.metadata === 'true' || req.headers['x-identity-header'] !== undefined;
    if (req.method !== 'GET' || !identityHeader) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'invalid_request', error_description: 'GET with Metadata: true or X-IDENTITY-HEADER only' }));
      return;
    }
    served += 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(token(url.searchParams.get('resource') ?? 'https://management.azure.com/', identity)));
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolvePromise({
        url: `http://127.0.0.1:${port}/msi/token`,
        get served() { return served; },
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
