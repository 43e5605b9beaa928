import { InvalidValueError, LessonFinding, deferredRefusalOf, withDeferredRefusal } from '../core/validation';

/** Claim names: letters, digits and the punctuation of URI-style claim types (`http://schemas.../name`). */
const CLAIM_NAME = /^[A-Za-z0-9_.:/-]{1,256}$/;
/** HTTP header names, restricted to letters, digits and hyphens so they embed safely in an expression. */
const HEADER_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,98}[A-Za-z0-9])?$/;
/** A fixed counter name shared by every caller. */
const SHARED_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,126}[A-Za-z0-9])?$/;

/** The factory a `CounterKey` came from. */
export enum CounterKeyKind {
  SUBSCRIPTION = 'subscription',
  CLAIM = 'claim',
  IP_ADDRESS = 'ip-address',
  REQUEST_HEADER = 'request-header',
  SHARED = 'shared',
}

/** Options of `CounterKey.requestHeader`. */
export interface ClientControlledKeyOptions {
  /**
   * Acknowledge that the client picks this key: it can send a new value on every call and so
   * get a fresh budget each time (GW-5). Must be `true`.
   */
  readonly clientControlled: boolean;
}

/**
 * Who a gateway limit counts (LIM-4): the `counter-key` of `rate-limit-by-key`, the `key` of
 * `limit-concurrency` and the `counter-key` of `llm-token-limit`. The subscription is the
 * default everywhere (GW-1, GW-5).
 */
export class CounterKey {
  /**
   * One budget per APIM subscription (GW-1, GW-5): the identity the gateway issued, which the
   * client cannot pick. Calls without a subscription (an API with `subscriptionRequired: false`)
   * share one budget named `anonymous`, so require subscriptions on APIs you limit per client.
   */
  public static subscription(): CounterKey {
    return new CounterKey('@(context.Subscription?.Id ?? "anonymous")', 'the APIM subscription', CounterKeyKind.SUBSCRIPTION, true);
  }

  /**
   * One budget per value of a claim of the caller's bearer token (e.g. `sub`, `oid`, `azp`).
   * The expression reads the token from the `Authorization` header without checking it: put
   * token validation (`validate-jwt` / `validate-azure-ad-token`) in the inbound section
   * *before* the limit, or a caller can mint a token with any claim it likes. Calls without
   * the claim share one budget named `anonymous`.
   */
  public static claim(name: string): CounterKey {
    if (!CLAIM_NAME.test(name)) {
      return CounterKey.refused('CounterKey.claim', {
        lesson: 'LIM-4', setting: 'name', given: name,
        problem: 'a claim name is letters, digits and . _ : / - (it is embedded in a policy expression).',
        fix: "use the claim's name as it appears in the token, e.g. 'sub' or 'oid'.",
      });
    }
    return new CounterKey(
      `@(context.Request.Headers.GetValueOrDefault("Authorization", "").AsJwt()?.Claims.GetValueOrDefault("${name}", "anonymous") ?? "anonymous")`,
      `the token claim ${name}`, CounterKeyKind.CLAIM, true,
    );
  }

  /**
   * One budget per client IP address (LIM-4: IP is the edge's key). Behind Front Door (or any
   * proxy) the gateway sees the edge's address, not the client's, so every client behind one
   * Front Door point of presence shares one budget: limit by IP at the edge (Front Door WAF
   * rate-limit rules) and by subscription at the gateway.
   */
  public static ipAddress(): CounterKey {
    return new CounterKey('@(context.Request.IpAddress)', 'the caller IP address (behind Front Door: the edge address)', CounterKeyKind.IP_ADDRESS, true);
  }

  /**
   * One budget per value of a request header the client sends (e.g. a tenant id). The client
   * picks the value, so it can rotate it for a fresh budget (GW-5); this is only for headers
   * something in front of the gateway sets or checks. Without `{ clientControlled: true }` every
   * policy that uses the key refuses it. Calls without the header share one budget named `anonymous`.
   */
  public static requestHeader(name: string, options?: ClientControlledKeyOptions): CounterKey {
    if (!HEADER_NAME.test(name)) {
      return CounterKey.refused('CounterKey.requestHeader', {
        lesson: 'LIM-4', setting: 'name', given: name, problem: 'a header name here is letters, digits and hyphens.', fix: "use e.g. 'X-Tenant-Id'.",
      });
    }
    // Without the acknowledgement the key is created but refused where it is used.
    return new CounterKey(`@(context.Request.Headers.GetValueOrDefault("${name}", "anonymous"))`, `the request header ${name} (client-controlled)`,
      CounterKeyKind.REQUEST_HEADER, options?.clientControlled === true);
  }

  /**
   * One counter shared by every caller, e.g. to cap all in-flight calls to a slow backend
   * whatever their subscription (GW-6).
   */
  public static shared(name: string): CounterKey {
    if (!SHARED_NAME.test(name)) {
      return CounterKey.refused('CounterKey.shared', {
        lesson: 'LIM-4', setting: 'name', given: name,
        problem: 'a shared counter name is letters, digits and . _ -, starting and ending with a letter or digit.', fix: "use e.g. 'orders-backend'.",
      });
    }
    return new CounterKey(name, `one counter shared by all callers (${name})`, CounterKeyKind.SHARED, true);
  }

  /**
   * A key that keeps its refusal for the policy that uses it: a key made in a construct's props
   * exists before that construct, whose refusal then names it (`within`).
   */
  private static refused(builder: string, finding: LessonFinding): CounterKey {
    return withDeferredRefusal(new CounterKey('', 'a refused key', CounterKeyKind.SHARED, false), new InvalidValueError(builder, finding));
  }

  private constructor(
    private readonly keyExpression: string,
    /** Who is counted, in words, for messages and annotations. */
    public readonly description: string,
    /** Which factory made the key. */
    public readonly kind: CounterKeyKind,
    /** A client-controlled key was acknowledged with `{ clientControlled: true }` (always true for the other kinds). */
    public readonly acknowledged: boolean,
  ) {}

  /**
   * The attribute value: a policy expression (`@(...)`), or a fixed name for
   * `CounterKey.shared`. Reading it from a key its factory refused raises that refusal.
   */
  public get expression(): string {
    const refused = deferredRefusalOf(this);
    if (refused) throw refused;
    return this.keyExpression;
  }

  /** The client picks the value (GW-5): it can rotate it for a fresh budget. */
  public get clientControlled(): boolean {
    return this.kind === CounterKeyKind.REQUEST_HEADER;
  }

  /** The key tells callers apart (every kind but `CounterKey.shared`). */
  public get identifiesCaller(): boolean {
    return this.kind !== CounterKeyKind.SHARED;
  }
}

/**
 * `key` for a policy to use, or the refusal it was made with, its setting under `key`
 * (`key.name`), raised here, inside the statement that uses it.
 */
export function usableCounterKey(key: CounterKey): CounterKey {
  const refused = deferredRefusalOf(key);
  if (refused) throw new InvalidValueError(refused.builder, { ...refused.finding, setting: `key.${refused.finding.setting}` });
  return key;
}
