import { Token } from 'cdktf';
import { refuseValue } from '../core/validation';
import { XmlElement } from './xml';

/**
 * A bearer token from an OpenID Connect issuer (Entra ID or another), checked by the gateway
 * (`validate-jwt`). Browsers' `EventSource` and `WebSocket` cannot set an `Authorization`
 * header, so the token is taken from the header when there is one, else from a query parameter.
 */
export interface CallerTokenOptions {
  /** The issuer the token's `iss` must name, e.g. `https://login.microsoftonline.com/<tenant>/v2.0` (https). */
  readonly issuer: string;
  /**
   * The audience the token's `aud` must name: the API's application (client) id. Entra ID's v2.0
   * tokens (issuer `https://login.microsoftonline.com/<tenant>/v2.0`) always carry the client id
   * there, so an App ID URI (`api://...`) is refused with a v2.0 issuer; only v1.0 tokens (issuer
   * `https://sts.windows.net/<tenant>/`) may carry the App ID URI.
   */
  readonly audience: string;
  /**
   * Where the issuer publishes its signing keys.
   * @default - `<issuer>/.well-known/openid-configuration`
   */
  readonly openIdConfigUrl?: string;
  /**
   * Query parameter browsers put the token in (`new EventSource(url + '?access_token=' + token)`).
   * The gateway removes it before the backend, and the gateway's diagnostic hides it in the logs.
   * @default 'access_token'
   */
  readonly queryParameter?: string;
}

/** The query parameter browsers send their token in, unless told otherwise. */
export const DEFAULT_TOKEN_QUERY_PARAMETER = 'access_token';

const QUERY_PARAMETER = /^[A-Za-z0-9._~-]+$/;

/** Refuse a query parameter name that is not a plain URL token (it goes into a policy expression). */
export function checkQueryParameterName(builder: string, name: string, setting = 'queryParameter'): string {
  if (Token.isUnresolved(name) || !QUERY_PARAMETER.test(name)) {
    refuseValue(builder, {
      lesson: 'ACCESS', setting, given: name,
      problem: 'the token\'s query parameter is a literal name of letters, digits and ._~- (it is written into a policy expression).',
      fix: `use e.g. '${DEFAULT_TOKEN_QUERY_PARAMETER}'.`,
    });
  }
  return name;
}

function checkHttpsUrl(builder: string, setting: string, value: string): void {
  if (value.trim() === '') {
    refuseValue(builder, {
      lesson: 'ACCESS', setting, given: value,
      problem: 'the token check needs the issuer and the audience it accepts.', fix: 'give both (the issuer as an https:// URL).',
    });
  }
  const wholeReference = Token.isUnresolved(value) && value.startsWith('${TfToken[');
  if (setting !== 'audience' && !wholeReference && !value.startsWith('https://')) {
    refuseValue(builder, {
      lesson: 'ACCESS', setting, given: value,
      problem: 'the gateway fetches the issuer\'s signing keys over HTTPS only.', fix: 'give the https:// URL, e.g. https://login.microsoftonline.com/<tenant>/v2.0.',
    });
  }
}

/** Entra ID's multi-tenant endpoints: no token is issued by them (`iss` names the user's tenant). */
const MULTI_TENANT = /^(?:common|organizations|consumers)$/i;
const ENTRA_ISSUER = /^https:\/\/(?:login\.microsoftonline\.(?:com|us)|login\.partner\.microsoftonline\.cn|sts\.windows\.net)\/([^/]+)(\/v2\.0)?\/?$/i;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Refuse what makes every Entra ID token fail the check (or pass the wrong one): a multi-tenant
 * endpoint as the issuer, the tenant id as the audience, an App ID URI with a v2.0 issuer.
 */
export function checkEntraTokenTarget(builder: string, tenant: { setting: string; value: string }, audience: string, v2Issuer: boolean): void {
  if (MULTI_TENANT.test(tenant.value)) {
    refuseValue(builder, {
      lesson: 'ACCESS', setting: tenant.setting, given: tenant.value,
      problem: `${tenant.value} is no tenant: Entra ID issues every token from the user's own tenant (iss names its id), so a check against ${tenant.value} refuses every token, and one that accepted any tenant would let in every Entra ID organisation.`,
      fix: 'give your tenant id (a GUID), e.g. https://login.microsoftonline.com/<tenant id>/v2.0.',
    });
  }
  const tenantId = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i.exec(tenant.value)?.[1];
  if (tenantId !== undefined && audience.toLowerCase() === tenantId.toLowerCase()) {
    refuseValue(builder, {
      lesson: 'ACCESS', setting: 'audience', given: audience,
      problem: 'the audience is the tenant id: a token is issued for an application (its client id in aud), never for the tenant, so every token is refused.',
      fix: 'give the application (client) id of the API the callers request tokens for.',
    });
  }
  if (v2Issuer && !GUID.test(audience) && !/^\$\{/.test(audience)) {
    refuseValue(builder, {
      lesson: 'ACCESS', setting: 'audience', given: audience,
      problem: 'a v2.0 issuer\'s tokens always carry the API\'s client id in aud, never its App ID URI, so every token is refused.',
      fix: 'give the application (client) id (a GUID); an App ID URI matches only v1.0 tokens (issuer https://sts.windows.net/<tenant>/).',
    });
  }
}

/**
 * `<validate-jwt>` on the `Authorization: Bearer` header, or the query parameter when there is
 * no header: a request without a valid token for the audience from the issuer gets 401.
 */
export function validateCallerTokenElement(options: CallerTokenOptions): XmlElement {
  const builder = 'validate-jwt';
  checkHttpsUrl(builder, 'issuer', options.issuer);
  checkHttpsUrl(builder, 'audience', options.audience);
  const entra = Token.isUnresolved(options.issuer) ? null : ENTRA_ISSUER.exec(options.issuer);
  if (entra && !Token.isUnresolved(options.audience)) {
    checkEntraTokenTarget(builder, { setting: 'issuer', value: entra[1] }, options.audience, entra[2] !== undefined);
  }
  const openIdConfigUrl = options.openIdConfigUrl ?? `${options.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  if (options.openIdConfigUrl !== undefined) checkHttpsUrl(builder, 'openIdConfigUrl', options.openIdConfigUrl);
  const parameter = checkQueryParameterName(builder, options.queryParameter ?? DEFAULT_TOKEN_QUERY_PARAMETER);
  const tokenValue = '@{ string auth = context.Request.Headers.GetValueOrDefault("Authorization", ""); '
    + `return auth.StartsWith("Bearer ") ? auth.Substring(7) : context.Request.Url.Query.GetValueOrDefault("${parameter}", ""); }`;
  return {
    name: 'validate-jwt',
    attributes: {
      'token-value': tokenValue, 'failed-validation-httpcode': 401, 'failed-validation-error-message': 'Unauthorized',
      'require-expiration-time': true, 'require-signed-tokens': true,
    },
    children: [
      { name: 'openid-config', attributes: { url: openIdConfigUrl } },
      { name: 'audiences', children: [{ name: 'audience', text: options.audience }] },
      { name: 'issuers', children: [{ name: 'issuer', text: options.issuer }] },
    ],
  };
}

/** `<set-query-parameter exists-action="delete">`: the backend never sees the parameter. */
export function removeQueryParameterElement(name: string): XmlElement {
  checkQueryParameterName('set-query-parameter', name, 'name');
  return { name: 'set-query-parameter', attributes: { name, 'exists-action': 'delete' } };
}
