import { IConstruct } from 'constructs';
import { PublicNetworkAccess } from '../core/network';
import { requireOneOf, warn } from '../core/validation';

/** A service's public-endpoint default, which its props document. */
export enum PublicAccessDefault {
  /** On everywhere: callers without a network reach the service there. */
  ENABLED = 'enabled',
  /** Off in production (private endpoints only), on elsewhere. */
  OFF_IN_PRODUCTION = 'off-in-production',
}

/** What `resolvePublicAccess` needs to know about the service. */
export interface PublicAccessOptions {
  /** `publicNetworkAccess` as given in the props. */
  readonly given: PublicNetworkAccess | undefined;
  /** The service's default. */
  readonly default: PublicAccessDefault;
  readonly production: boolean;
  /** What answers on the endpoint, in the refusal: `a vault's public endpoint`. */
  readonly endpoint: string;
  /**
   * The SEC-1 warning of an enabled endpoint in production (its finding id, `SEC-1.<Service>PublicEndpoint`): what stands between the service and
   * the internet, and how to close it. `undefined` when the service accepts it (an account
   * whose firewall admits trusted services only).
   */
  readonly productionWarning: { readonly id: string; readonly problem: string; readonly fix: string } | undefined;
}

/**
 * A service's public network access: the service's default, the spelling check (AZURE) and the
 * SEC-1 warning of a production service that answers on the internet. The one implementation
 * every construct with a public endpoint uses; each maps the result to its own attribute.
 */
export function resolvePublicAccess(scope: IConstruct, options: PublicAccessOptions): PublicNetworkAccess {
  const fallback = options.default === PublicAccessDefault.OFF_IN_PRODUCTION && options.production
    ? PublicNetworkAccess.DISABLED : PublicNetworkAccess.ENABLED;
  const access = options.given ?? fallback;
  requireOneOf(scope, access, Object.values(PublicNetworkAccess), {
    lesson: 'AZURE', setting: 'publicNetworkAccess', problem: `${options.endpoint} is Enabled or Disabled (capitalised).`,
  });
  if (options.production && access === PublicNetworkAccess.ENABLED && options.productionWarning) {
    warn(scope, { lesson: 'SEC-1', setting: 'publicNetworkAccess', given: 'Enabled', ...options.productionWarning });
  }
  return access;
}
