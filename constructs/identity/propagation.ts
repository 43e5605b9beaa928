import { ResourceRetry } from '../../.gen/providers/azapi/resource';

/**
 * How the library waits for a role assignment to reach the data plane (decided here, used by
 * every construct that creates a resource needing a fresh grant; see docs/architecture.md):
 *
 * 1. Order: the dependent resource always `depends_on` the grant (`Grant.applyBefore`), so
 *    Terraform never creates it first. azurerm's role assignment itself already retries while the
 *    principal of a new identity is not yet visible to Entra ID.
 * 2. Data-plane delay: Azure needs up to a few minutes (Microsoft documents up to 10, in rare
 *    cases 30) before a new assignment authorizes data-plane calls. A dependent created through
 *    AzAPI retries with `RolePropagation.azapiRetry` while Azure answers with an
 *    authorization error, so one apply converges.
 * 3. azurerm resources have no retry setting: where an azurerm dependent calls the data plane
 *    with a fresh grant and fails with 403 in the first minutes, running `cdktf deploy` again
 *    converges; the library does not sleep for a fixed time (a `time_sleep` guesses, and slows
 *    every apply, including the ones that need no wait).
 * 4. Workloads (a Container App reaching Redis or Storage with its identity) start after the
 *    grant and retry their data-plane calls themselves, as Azure SDK clients do by default.
 */
export class RolePropagation {
  /**
   * Error messages Azure returns while an assignment has not reached the data plane yet:
   * ARM's `AuthorizationFailed`/`Forbidden`, Key Vault's `ForbiddenByRbac`, Storage's
   * `AuthorizationPermissionMismatch`, and API Management's message when it cannot read a Key
   * Vault secret with its identity.
   */
  public static readonly ERROR_MESSAGE_PATTERNS: string[] = [
    'AuthorizationFailed',
    'Forbidden',
    'ForbiddenByRbac',
    'AuthorizationPermissionMismatch',
    'does not have (secrets get|authorization|permission)',
    'Caller is not authorized',
  ];

  /** Seconds between the first retries (azapi's `interval_seconds`, 1-120). */
  public static readonly INTERVAL_SECONDS = 15;

  /** Longest wait between retries (azapi's `max_interval_seconds`, 1-300); retries stop at the resource's create timeout. */
  public static readonly MAX_INTERVAL_SECONDS = 60;

  /** The `retry` attribute of an `azapi_resource` that must wait for a fresh grant. */
  public static azapiRetry(): ResourceRetry {
    return {
      errorMessageRegex: [...RolePropagation.ERROR_MESSAGE_PATTERNS],
      intervalSeconds: RolePropagation.INTERVAL_SECONDS,
      maxIntervalSeconds: RolePropagation.MAX_INTERVAL_SECONDS,
    };
  }

  private constructor() {}
}
