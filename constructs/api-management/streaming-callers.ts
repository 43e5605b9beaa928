import { Construct } from 'constructs';
import { Production } from '../core/production';
import { declareQueryToken } from '../core/query-tokens';
import { refuse, warn, within } from '../core/validation';
import { CallerTokenOptions, DEFAULT_TOKEN_QUERY_PARAMETER } from '../policy/caller-token';
import { PolicyStatement } from '../policy/policy-statement';
import { ApiGateway } from './api-gateway';
import { IApiGateway } from './gateway-reference';

/** How a streaming API (polling, long polling, SSE, WebSockets) proves who calls it. */
export enum StreamingCallerCheckKind {
  /** An APIM subscription key (`Ocp-Apim-Subscription-Key` header, or `subscription-key` in the query): server-side clients. */
  SUBSCRIPTION_KEY = 'subscription-key',
  /** A bearer token from an OpenID issuer, in the header or (browsers) a query parameter. */
  TOKEN = 'token',
  /** No caller check: anyone who reaches the API is served (warned). */
  ANONYMOUS = 'anonymous',
}

/**
 * The caller check of a `StreamingApi` or `WebSocketApi` (ACCESS). The Front Door check proves
 * the request came through Front Door, not who sent it: a production streaming API without one
 * of these is refused.
 */
export class StreamingCallerCheck {
  /** Every caller needs an APIM subscription key (subscription required on the API). */
  public static subscriptionKey(): StreamingCallerCheck {
    return new StreamingCallerCheck(StreamingCallerCheckKind.SUBSCRIPTION_KEY);
  }

  /**
   * Every caller needs a token from `issuer` for `audience`: from the `Authorization` header, or
   * from a query parameter for browsers' `EventSource` and `WebSocket` (removed before the
   * backend and hidden in the gateway's logs).
   */
  public static token(options: CallerTokenOptions): StreamingCallerCheck {
    return new StreamingCallerCheck(StreamingCallerCheckKind.TOKEN, options);
  }

  /**
   * A token from Entra ID (v2.0 endpoint of `tenantId`, a GUID: not `common`) for `audience`, the
   * API's application (client) id: v2.0 tokens carry the client id in `aud`, never the App ID URI.
   */
  public static entraToken(tenantId: string, audience: string, queryParameter?: string): StreamingCallerCheck {
    return StreamingCallerCheck.token({
      issuer: `https://login.microsoftonline.com/${tenantId}/v2.0`, audience, ...(queryParameter !== undefined ? { queryParameter } : {}),
    });
  }

  /** No caller check, on purpose: a warning in every environment. */
  public static anonymous(): StreamingCallerCheck {
    return new StreamingCallerCheck(StreamingCallerCheckKind.ANONYMOUS);
  }

  /** The token's issuer, audience and query parameter (kind TOKEN only). */
  public readonly tokenOptions?: CallerTokenOptions;

  private constructor(public readonly kind: StreamingCallerCheckKind, tokenOptions?: CallerTokenOptions) {
    if (tokenOptions) this.tokenOptions = tokenOptions;
  }
}

/** What a streaming API does with its caller check: the subscription setting and the inbound statements. */
export interface ResolvedCallerCheck {
  readonly subscriptionRequired: boolean;
  readonly inbound: PolicyStatement[];
}

/**
 * Resolve the caller check of a streaming API: refused in production without one, warned when
 * anonymous (or unset outside production). `subscriptionRequired: true` alone is a subscription
 * key check, as before.
 */
export function resolveCallerCheck(
  scope: Construct, gateway: IApiGateway, check: StreamingCallerCheck | undefined, subscriptionRequired: boolean | undefined, frontDoorId?: string,
): ResolvedCallerCheck {
  const kinds = Object.values(StreamingCallerCheckKind) as string[];
  if (check !== undefined && !kinds.includes(check.kind)) {
    refuse(scope, { lesson: 'ACCESS', setting: 'callerCheck.kind', given: check.kind, problem: 'this is not a caller check.', fix: `use one of ${kinds.join(', ')}.` });
  }
  const kind = check?.kind ?? (subscriptionRequired ? StreamingCallerCheckKind.SUBSCRIPTION_KEY : undefined);
  if (kind !== StreamingCallerCheckKind.SUBSCRIPTION_KEY && subscriptionRequired === true) {
    refuse(scope, {
      lesson: 'ACCESS', setting: 'subscriptionRequired', given: true,
      problem: `the caller check is ${kind}, which a required subscription key would contradict.`,
      fix: 'drop subscriptionRequired, or use callerCheck: StreamingCallerCheck.subscriptionKey().',
    });
  }
  if (kind === StreamingCallerCheckKind.SUBSCRIPTION_KEY && subscriptionRequired === false) {
    refuse(scope, {
      lesson: 'ACCESS', setting: 'subscriptionRequired', given: false,
      problem: 'a subscription-key caller check needs the subscription to be required.', fix: 'drop subscriptionRequired.',
    });
  }
  const anyone = 'the API serves anyone who reaches it: the Front Door check (X-Azure-FDID) proves the request came through Front Door, not who sent it.';
  const fix = 'give callerCheck: StreamingCallerCheck.subscriptionKey() for server-side clients, or StreamingCallerCheck.token({ issuer, audience }) (StreamingCallerCheck.entraToken) for browsers; StreamingCallerCheck.anonymous() serves anyone on purpose.';
  if (kind === undefined) {
    Production.refuseOrWarn(scope, { id: 'ACCESS.NoStreamingCallerCheck', lesson: 'ACCESS', setting: 'callerCheck', given: undefined, problem: anyone, fix });
    return { subscriptionRequired: false, inbound: [] };
  }
  if (kind === StreamingCallerCheckKind.ANONYMOUS) {
    // The rule's own id: in production ACCESS.ApiCallerCheck finds the open API, reported once, as this warning.
    warn(scope, { id: 'ACCESS.ApiCallerCheck', ruleSettings: ['subscription_required', 'body.properties.subscriptionRequired'], lesson: 'ACCESS', setting: 'callerCheck', given: kind, problem: anyone, fix: 'accept this only for public data; ' + fix });
    return { subscriptionRequired: false, inbound: [] };
  }
  if (kind === StreamingCallerCheckKind.SUBSCRIPTION_KEY) {
    // A browser may send its key as `subscription-key`: keep it out of the gateway's logs.
    hideInGatewayLogs(scope, gateway, 'subscription-key', false);
    return { subscriptionRequired: true, inbound: [] };
  }
  const options = check?.tokenOptions;
  if (!options) {
    return refuse(scope, {
      lesson: 'ACCESS', setting: 'callerCheck.tokenOptions', given: undefined,
      problem: 'a token check needs the issuer and the audience.', fix: 'build it with StreamingCallerCheck.token({ issuer, audience }).',
    });
  }
  const parameter = options.queryParameter ?? DEFAULT_TOKEN_QUERY_PARAMETER;
  const inbound = within(scope, 'callerCheck', () => [
    PolicyStatement.validateCallerToken(options),
    // The backend trusts the gateway; the browser's token stays here.
    PolicyStatement.removeQueryParameter(parameter),
  ]);
  hideInGatewayLogs(scope, gateway, parameter);
  // Front Door logs the URL before the gateway sees it: it must mask the query string too.
  if (frontDoorId !== undefined) declareQueryToken(scope, frontDoorId, parameter);
  return { subscriptionRequired: false, inbound };
}

/** Hide a query parameter in the gateway's request logs, or warn that its owner must (a gateway another team owns). */
function hideInGatewayLogs(scope: Construct, gateway: IApiGateway, parameter: string, warnIfForeign = true): void {
  if (gateway instanceof ApiGateway) {
    gateway.hideQueryParameterInLogs(parameter);
    return;
  }
  if (!warnIfForeign) return;
  warn(scope, {
    id: 'ACCESS.ForeignGatewayLogs', lesson: 'ACCESS', setting: 'gateway', given: gateway.serviceName,
    problem: `the gateway belongs to another stack, so this one cannot hide the query parameter ${parameter} in its logs: tokens or keys sent there would be logged with the URL.`,
    fix: `ask the gateway's owner to hide ${parameter} (ApiGateway.hideQueryParameterInLogs, or data masking on the diagnostic).`,
  });
}

/** The caller check as the request-path picture shows it. */
export function describeCallerCheck(check: StreamingCallerCheck | undefined, subscriptionRequired: boolean | undefined): string {
  const kind = check?.kind ?? (subscriptionRequired ? StreamingCallerCheckKind.SUBSCRIPTION_KEY : undefined);
  switch (kind) {
    case StreamingCallerCheckKind.SUBSCRIPTION_KEY: return 'subscription key';
    case StreamingCallerCheckKind.TOKEN: return `token of ${check?.tokenOptions?.issuer ?? 'an issuer'} (header or ?${check?.tokenOptions?.queryParameter ?? DEFAULT_TOKEN_QUERY_PARAMETER})`;
    default: return 'none: anonymous';
  }
}
