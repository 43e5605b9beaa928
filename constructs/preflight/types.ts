import { DeployRequirement } from '../core/deploy-requirements';

/** The outcome of one requirement's check. */
export enum CheckStatus {
  /** Met: the deploy will not fail on it. */
  OK = 'ok',
  /** Not met: the deploy fails on it; `fix` says what to do. */
  MISSING = 'missing',
  /** Could not be told before apply (a value known only then, no API, no read access): check it by hand. */
  UNKNOWN = 'unknown',
}

/** What kind of identity the preflight ran as (the one `cdktf deploy` should run as). */
export enum PrincipalKind {
  /** A person signed in (`az login`): Graph rights come from directory roles. */
  USER = 'user',
  /** An application or managed identity (CI): Graph rights are application permissions (`roles`). */
  SERVICE_PRINCIPAL = 'service-principal',
  /** The token said neither. */
  UNKNOWN = 'unknown',
}

/** An access token as the credential returns it (`@azure/core-auth`'s `AccessToken` fits). */
export interface PreflightAccessToken {
  /** The bearer token. */
  readonly token: string;
  /** Expiry, milliseconds since the epoch. */
  readonly expiresOnTimestamp: number;
}

/**
 * The credential the checks run with: `new DefaultAzureCredential()` from `@azure/identity` fits
 * (another `TokenCredential`, whose `getToken` may answer null, with a cast: null is an unknown token).
 */
export interface IPreflightCredential {
  /** A token for the scopes (`https://management.azure.com/.default`). */
  getToken(scopes: string[], options?: PreflightTokenOptions): Promise<PreflightAccessToken>;
}

/** What a Resource Manager client may ask a token for besides its scopes (`GetTokenOptions` of `@azure/core-auth`). */
export interface PreflightTokenOptions {
  /** Claims a continuous access evaluation challenge asks for. @default - none */
  readonly claims?: string;
  /** Another tenant than the credential's. @default - the credential's */
  readonly tenantId?: string;
  /** Whether continuous access evaluation is on. @default - the SDK's choice */
  readonly enableCae?: boolean;
}

/** Where and against what the checks run. */
export interface PreflightOptions {
  /** The subscription the stack deploys to (`ARM_SUBSCRIPTION_ID`). */
  readonly subscriptionId: string;
  /** Resource Manager. @default 'https://management.azure.com' */
  readonly resourceManagerEndpoint?: string;
  /** Microsoft Graph. @default 'https://graph.microsoft.com' */
  readonly graphEndpoint?: string;
  /**
   * The object id of the identity that will run `cdktf deploy`, where the preflight runs as
   * another one (a pipeline's read-only plan identity): its role assignments and Graph rights are
   * read instead of the signed-in identity's (that needs Reader on the subscription, and
   * `Application.Read.All` and `Directory.Read.All` in Graph).
   * @default - the signed-in identity
   */
  readonly deployerObjectId?: string;
}

/** Who the deploying identity is, as its tokens say. */
export interface DeployerIdentity {
  readonly kind: PrincipalKind;
  /** Object id (`oid`). @default - not in the token */
  readonly objectId?: string;
  /** Application (client) id of a service principal (`appid`/`azp`). @default - not in the token */
  readonly applicationId?: string;
  /** The user's sign-in name. @default - not in the token */
  readonly userName?: string;
  /** The tenant (`tid`). @default - not in the token */
  readonly tenantId?: string;
  /** Microsoft Graph application permissions of a service principal (`roles`). */
  readonly graphPermissions: string[];
  /** Directory roles of a user (`wids`), by name where known, else template id. */
  readonly directoryRoles: string[];
}

/** One requirement and what the check found. */
export interface PreflightCheckResult {
  readonly requirement: DeployRequirement;
  readonly status: CheckStatus;
  /** What was found, in one sentence. */
  readonly detail: string;
  /** What to do (a command, a permission or role to grant). @default - nothing to do */
  readonly fix?: string;
}

/** Counts by status. */
export interface PreflightCounts {
  readonly ok: number;
  readonly missing: number;
  readonly unknown: number;
}

/** Every requirement of one stack, checked. */
export interface PreflightReport {
  /** The stack (`realtime-prod`). */
  readonly stack: string;
  readonly subscriptionId: string;
  readonly deployer: DeployerIdentity;
  /** No requirement is missing (unknown ones are listed to check by hand). */
  readonly ready: boolean;
  readonly counts: PreflightCounts;
  readonly results: PreflightCheckResult[];
}
