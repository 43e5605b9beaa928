import { ITerraformDependable, TerraformResource } from 'cdktf';
import { Construct } from 'constructs';
import { TimeProvider } from '@cdktf/provider-time/lib/provider';
import { Sleep } from '@cdktf/provider-time/lib/sleep';
import { ResourceRetry } from '../../.gen/providers/azapi/resource';
import { addressOf, waitFor } from '../core/dependencies';
import { ensureProvider } from '../core/stack-provider';
import { Grant } from './grant';

/** What `RolePropagation.wait` waits for, how long, and why. */
export interface PropagationWaitOptions {
  /** The grants (or other resources) the wait starts after. */
  readonly after: ITerraformDependable[];
  /** The resources that wait: each gets the wait in its `depends_on`. */
  readonly dependents: TerraformResource[];
  /** How long, as `time_sleep` takes it (`300s`, `2m`): `RolePropagation.AZURE_RBAC_WAIT` or `RolePropagation.ENTRA_WAIT`. */
  readonly duration: string;
}

/**
 * How the library waits for a grant to reach the service that checks it (decided here, used by
 * every construct that creates a resource needing a fresh grant; see docs/architecture.md):
 *
 * 1. Order: the dependent resource always `depends_on` the grant (`Grant.applyBefore`), so
 *    Terraform never creates it first. azurerm's role assignment itself already retries while the
 *    principal of a new identity is not yet visible to Entra ID.
 * 2. Retry where the provider can: a dependent created through AzAPI retries with
 *    `RolePropagation.azapiRetry` while Azure answers with an authorization error, so one
 *    apply converges without a fixed wait.
 * 3. Wait where nothing retries: an azurerm or azuread resource that Azure checks against a fresh
 *    grant when it is created, and that the provider creates once, gets a `time_sleep`
 *    (`RolePropagation.wait`) between the grant and itself. Each use names its source in a
 *    comment. The sleep runs when it is created, in the first apply, alongside whatever else that
 *    apply creates; later applies do not wait, unless a grant it waits for is replaced: its
 *    `triggers` hold each grant's id, so a new grant (an app renamed gets a new identity and a
 *    new AcrPull assignment) replaces the sleep, and the dependents' update waits for it again.
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

  /**
   * The wait after an Azure RBAC role assignment before a resource whose creation Azure checks
   * against it (a Container App pulling with AcrPull or reading a Key Vault reference, an API
   * Management named value read from Key Vault). Azure RBAC documents "up to 10 minutes" for a
   * new assignment to take effect ("Troubleshoot Azure RBAC"); reports of the Container Apps case
   * (microsoft/azure-container-apps#646) see 1-5 minutes. Five minutes, once, in the first apply.
   */
  public static readonly AZURE_RBAC_WAIT = '300s';

  /**
   * The wait after a new Entra ID object or app role assignment before a call that reads it
   * elsewhere in Entra ID (replication between directory replicas: Microsoft Graph's "known
   * issues", the azuread provider's own retries after a create).
   */
  public static readonly ENTRA_WAIT = '120s';

  /** The `retry` attribute of an `azapi_resource` that must wait for a fresh grant. */
  public static azapiRetry(): ResourceRetry {
    return {
      errorMessageRegex: [...RolePropagation.ERROR_MESSAGE_PATTERNS],
      intervalSeconds: RolePropagation.INTERVAL_SECONDS,
      maxIntervalSeconds: RolePropagation.MAX_INTERVAL_SECONDS,
    };
  }

  /**
   * A `time_sleep` (hashicorp/time) under `scope` with construct id `id`: created after
   * `options.after`, and every dependent waits for it. Only where no provider retry can wait
   * (point 3 of the policy above). The stack gets the `time` provider when it has none.
   */
  public static wait(scope: Construct, id: string, options: PropagationWaitOptions): Sleep {
    ensureTimeProvider(scope);
    const sleep = new Sleep(scope, id, { createDuration: options.duration });
    RolePropagation.startAfter(sleep, options.after);
    for (const dependent of options.dependents) waitFor(sleep, dependent);
    return sleep;
  }

  /**
   * Make a wait start after `dependencies` too (their static addresses join its `depends_on`,
   * once), and run again when one of them is replaced: each resource's id joins the sleep's
   * `triggers` (time 0.13.1: a changed trigger replaces the sleep), keyed by its logical id.
   */
  public static startAfter(wait: Sleep, dependencies: ITerraformDependable[]): void {
    const addresses: string[] = [];
    const triggers: Record<string, string> = {};
    for (const d of dependencies) {
      const resource = d instanceof Grant ? d.resource : d instanceof TerraformResource ? d : undefined;
      if (resource === undefined) {
        addresses.push(d.fqn);
        continue;
      }
      addresses.push(addressOf(resource));
      // Keyed by the logical id (no dots: a plain map key in every tool that reads the plan).
      triggers[resource.friendlyUniqueId] = resource.getStringAttribute('id');
    }
    wait.dependsOn = [...new Set([...(wait.dependsOn ?? []), ...addresses])];
    if (Object.keys(triggers).length > 0) wait.triggers = { ...(wait.triggersInput ?? {}), ...triggers };
  }

  private constructor() {}
}

/** The time provider of the stack: the one it brings, or one created next to azurerm. */
function ensureTimeProvider(scope: Construct): void {
  ensureProvider(scope, 'time', (stack) => new TimeProvider(stack, 'time', {}));
}
