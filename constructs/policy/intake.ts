import { Token } from 'cdktf';
import { refuseValue } from '../core/validation';
import { checkHeaderName, chooseElement, returnResponseElement } from './statements';
import { checkEntraTokenTarget } from './caller-token';
import { IDEMPOTENCY_KEY_HEADER, problemJson } from './queue-delivery';
import { XmlElement } from './xml';

export { IDEMPOTENCY_KEY_HEADER };

/** `Idempotency-Key` (or another header) required: without it the gateway answers 400 as problem+json (PAY-1). */
export function requireIdempotencyKeyElement(headerName: string = IDEMPOTENCY_KEY_HEADER): XmlElement {
  checkHeaderName('require-idempotency-key', headerName, 'headerName');
  return chooseElement([{
    condition: `@(string.IsNullOrWhiteSpace(context.Request.Headers.GetValueOrDefault("${headerName}", "")))`,
    then: [returnResponseElement({
      statusCode: 400, reason: 'Bad Request',
      headers: { 'Content-Type': 'application/problem+json' },
      body: problemJson(400, `${headerName} required`, `Send an ${headerName} header derived from the order, the same on every retry: the charge then runs once.`),
    })],
  }]);
}

export interface EntraCallerOptions {
  /** Entra tenant the tokens come from (a reference is fine). */
  readonly tenantId: string;
  /** Application (client) id or App ID URI the tokens are for (not the tenant id). */
  readonly audience: string;
  /** Client ids allowed to call: the managed identities of the callers. @default - none: then `requiredRoles` must be given */
  readonly clientApplicationIds?: string[];
  /**
   * App roles the token must carry (`roles` claim), e.g. `AzureEventGridSecureWebhookSubscriber`
   * for Event Grid's deliveries: for callers whose client id is not yours to name.
   * @default - none
   */
  readonly requiredRoles?: string[];
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function audiencesOf(audience: string): string[] {
  return !Token.isUnresolved(audience) && GUID.test(audience) ? [audience, `api://${audience}`] : [audience];
}

/** `<validate-azure-ad-token>`: only tokens for `audience` from the given client ids; anyone else gets 401. */
export function validateEntraCallerElement(options: EntraCallerOptions): XmlElement {
  const builder = 'validate-azure-ad-token';
  const clientIds = options.clientApplicationIds ?? [];
  const roles = options.requiredRoles ?? [];
  if (clientIds.length === 0 && roles.length === 0) {
    refuseValue(builder, {
      lesson: 'ACCESS', setting: 'clientApplicationIds', given: [],
      problem: 'without client ids or a required role every application of the tenant that gets a token for the audience is let in.',
      fix: 'give the client id of each caller\'s managed identity, or the app role the callers are assigned.',
    });
  }
  for (const value of [options.tenantId, options.audience]) {
    if (value.trim() === '') {
      refuseValue(builder, {
        lesson: 'ACCESS', setting: value === options.tenantId ? 'tenantId' : 'audience', given: value,
        problem: 'the token check needs the tenant and the application the tokens are for.', fix: 'give both (GUIDs or references).',
      });
    }
  }
  // validate-azure-ad-token takes v1.0 and v2.0 tokens: an App ID URI is a valid audience here.
  if (!Token.isUnresolved(options.tenantId) && !Token.isUnresolved(options.audience)) {
    checkEntraTokenTarget(builder, { setting: 'tenantId', value: options.tenantId }, options.audience, false);
  }
  return {
    name: 'validate-azure-ad-token',
    attributes: { 'tenant-id': options.tenantId, 'header-name': 'Authorization', 'failed-validation-httpcode': 401 },
    children: [
      ...(clientIds.length > 0 ? [{ name: 'client-application-ids', children: clientIds.map((id) => ({ name: 'application-id', text: id })) }] : []),
      // A managed identity's token names the application as it was asked for: the bare client id, or its App ID URI.
      { name: 'audiences', children: audiencesOf(options.audience).map((text) => ({ name: 'audience', text })) },
      ...(roles.length > 0 ? [{
        name: 'required-claims',
        children: [{ name: 'claim', attributes: { name: 'roles', match: 'any' }, children: roles.map((text) => ({ name: 'value', text })) }],
      }] : []),
    ],
  };
}
