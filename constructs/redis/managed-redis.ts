import { createHash } from 'crypto';
import { Token } from 'cdktf';
import { Construct, IConstruct } from 'constructs';
import { ManagedRedis as ManagedRedisResource } from '@cdktf/provider-azurerm/lib/managed-redis';
import { MonitorMetricAlert, MonitorMetricAlertCriteria } from '@cdktf/provider-azurerm/lib/monitor-metric-alert';
import { Resource } from '../../.gen/providers/azapi/resource';
import { LessonsCheck } from '../lessons-check/lessons-check';
import { AzureStack } from '../core/azure-stack';
import { TagsAspect } from '../core/tags';
import { IManagedIdentityRef } from '../core/identity';
import { NAME_RULES, checkName } from '../core/naming';
import { refuse, requireRange, warn } from '../core/validation';

/** Every Azure Managed Redis SKU azurerm 4.55 accepts for `sku_name`. */
export const MANAGED_REDIS_SKUS = [
  'Balanced_B0', 'Balanced_B1', 'Balanced_B3', 'Balanced_B5', 'Balanced_B10', 'Balanced_B20', 'Balanced_B50',
  'Balanced_B100', 'Balanced_B150', 'Balanced_B250', 'Balanced_B350', 'Balanced_B500', 'Balanced_B700', 'Balanced_B1000',
  'ComputeOptimized_X3', 'ComputeOptimized_X5', 'ComputeOptimized_X10', 'ComputeOptimized_X20', 'ComputeOptimized_X50',
  'ComputeOptimized_X100', 'ComputeOptimized_X150', 'ComputeOptimized_X250', 'ComputeOptimized_X350',
  'ComputeOptimized_X500', 'ComputeOptimized_X700',
  'FlashOptimized_A250', 'FlashOptimized_A500', 'FlashOptimized_A700', 'FlashOptimized_A1000', 'FlashOptimized_A1500',
  'FlashOptimized_A2000', 'FlashOptimized_A4500',
  'MemoryOptimized_M10', 'MemoryOptimized_M20', 'MemoryOptimized_M50', 'MemoryOptimized_M100', 'MemoryOptimized_M150',
  'MemoryOptimized_M250', 'MemoryOptimized_M350', 'MemoryOptimized_M500', 'MemoryOptimized_M700',
  'MemoryOptimized_M1000', 'MemoryOptimized_M1500', 'MemoryOptimized_M2000',
] as const;

/** An Azure Managed Redis SKU (tier and size). */
export type ManagedRedisSku = typeof MANAGED_REDIS_SKUS[number];

export const CLUSTERING_POLICIES = ['EnterpriseCluster', 'OSSCluster', 'NoCluster'] as const;
/** How the database spreads keys over shards and how clients reach them. */
export type RedisClusteringPolicy = typeof CLUSTERING_POLICIES[number];

export const EVICTION_POLICIES = [
  'NoEviction', 'AllKeysLFU', 'AllKeysLRU', 'AllKeysRandom', 'VolatileLRU', 'VolatileLFU', 'VolatileTTL', 'VolatileRandom',
] as const;
/** What Redis does when memory is full. */
export type RedisEvictionPolicy = typeof EVICTION_POLICIES[number];

/** Metric namespace of Azure Managed Redis in Azure Monitor. */
export const MANAGED_REDIS_METRIC_NAMESPACE = 'Microsoft.Cache/redisEnterprise';

/**
 * Values of the `errors` metric's `ErrorType` dimension that mean clients lose the cache, or
 * lose what was in it: the moments a Redis-backed limiter fails open (LIM-2).
 */
export const REDIS_FAILURE_ERROR_TYPES: readonly string[] = [
  'Failover', 'Dataloss', 'UnresponsiveClients', 'MicrosoftEntraAuthenticationFailure', 'MicrosoftEntraTokenExpired',
];

/** ARM type and API version of an Entra ID data-access grant on a Managed Redis database. */
export const ACCESS_POLICY_ASSIGNMENT_TYPE = 'Microsoft.Cache/redisEnterprise/databases/accessPolicyAssignments@2025-07-01';

/** The LIM-2 alerts on the cache. */
export interface ManagedRedisAlertsProps {
  /**
   * Action group that is told when an alert fires (e-mail, pager, webhook).
   * @default - none: the alerts exist and show in the portal, and a LIM-2 warning asks for one
   */
  readonly actionGroupId?: string;
  /**
   * CPU (`percentProcessorTime`, busiest instance) above this percentage over 5 minutes fires
   * the saturation alert. Microsoft recommends CPU over `serverLoad`, which can read above 100 %.
   * @default 80
   */
  readonly cpuPercentThreshold?: number;
  /**
   * Memory (`usedmemorypercentage`, fullest instance) above this percentage over 5 minutes fires
   * the memory alert. With `NoEviction` a full cache refuses writes, so this is the early warning.
   * @default 80
   */
  readonly memoryPercentThreshold?: number;
  /**
   * Fewer connected clients than this over 5 minutes fires the "clients gone" alert: the
   * failure the `errors` metric cannot see (a network or firewall change, a private endpoint
   * removed, clients that cannot get a token), where the cache is healthy but nobody reaches it.
   * 0 turns the alert off.
   * @default 1 in production (the limiter's replicas always hold connections), 0 elsewhere
   *   (an idle development cache has no clients and would alert all day)
   */
  readonly minConnectedClients?: number;
}

export interface ManagedRedisProps {
  /** Cache name; part of `<name>.<region>.redis.azure.net`, so unique across Azure. */
  readonly name: string;
  readonly resourceGroupName: string;
  readonly location: string;
  /**
   * Tier and size. Changing it replaces the cache (azurerm marks `sku_name` ForceNew), and with it
   * every counter, so size it before production; the saturation alerts say when to.
   * @default 'Balanced_B0': the smallest size. Limiter counters are a few dozen bytes per
   *   client and window, so memory is rarely what runs out first.
   */
  readonly skuName?: ManagedRedisSku;
  /**
   * How keys are spread and how clients connect. Required: there is no safe default, because
   * the client library has to match it.
   *
   * - `OSSCluster`: clients connect to every shard and must be cluster-aware (they follow
   *   `MOVED` redirects). Multi-key commands and Lua scripts only work when all their keys hash
   *   to one slot, so keep one client's keys together with a hash tag, e.g.
   *   `rl:{subscription-id}:minute` and `rl:{subscription-id}:day` (LIM-1). Best throughput.
   * - `EnterpriseCluster`: one endpoint; a proxy in the cache routes commands, so any Redis
   *   client works. Cross-slot multi-key commands are still refused, so hash tags still apply.
   * - `NoCluster`: one shard; only for small SKUs.
   *
   * Changing it later makes the provider delete and recreate the database: all data is lost.
   */
  readonly clusteringPolicy: RedisClusteringPolicy;
  /**
   * Replicate to a second node. Without it the cache has no SLA and is unreachable during every
   * platform update; refused in production (LIM-2). Changing it replaces the cache.
   * @default true
   */
  readonly highAvailability?: boolean;
  /**
   * Reach the cache over its public endpoint (still TLS and Entra ID only).
   * @default 'Disabled' in production: reach it through a private endpoint, which this construct
   *   does not create; 'Enabled' elsewhere, so development needs no network set-up
   */
  readonly publicNetworkAccess?: 'Enabled' | 'Disabled';
  /**
   * Allow access keys next to Entra ID. Refused in production, a warning elsewhere (SEC-1):
   * workloads get access through {@link ManagedRedis.grantDataAccess}.
   * @default false
   */
  readonly accessKeysEnabled?: boolean;
  /**
   * What Redis does when memory is full.
   * @default 'NoEviction': a rate limiter's counters must never disappear silently. An evicted
   *   counter restarts at zero, and the client it belonged to gets a fresh budget: the limiter
   *   fails open without a single error. The `Volatile*` policies are no way out: they evict
   *   only keys that have a TTL, and every limiter window key has one. With `NoEviction` a full
   *   cache refuses writes with an error the application sees, and the memory alert fires
   *   before that. Use an `AllKeys*` policy only for a cache that holds nothing but cached data.
   */
  readonly evictionPolicy?: RedisEvictionPolicy;
  /**
   * Production rules: no access keys, high availability, no public network access by default,
   * replacement protection, the "clients gone" alert.
   * @default AzureStack.isProduction(this): the enclosing AzureStack's `production`, true outside one
   */
  readonly production?: boolean;
  /**
   * Set Terraform's `prevent_destroy` on the cache, so a plan that would replace it (a SKU,
   * high-availability or clustering change) or destroy it fails instead of dropping the data.
   * @default the value of `production`
   */
  readonly protectFromReplacement?: boolean;
  /**
   * Metric alerts on the cache (LIM-2): a Redis-backed limiter fails open when Redis is
   * unreachable, so someone must be told. `false` removes them, with a warning.
   * @default - the alerts, without an action group
   */
  readonly alerts?: ManagedRedisAlertsProps | false;
}

/**
 * Azure Managed Redis (`Microsoft.Cache/redisEnterprise`), the shared counter store for rate
 * limits that hold across replicas and gateway nodes (SCALE-3, GW-3, LIM-5), replacing Azure Cache
 * for Redis (LIM-1).
 *
 * TLS only (`client_protocol = Encrypted`, not configurable), Entra ID only (access keys off,
 * SEC-1; workloads get access with {@link grantDataAccess}), `NoEviction`, high availability,
 * metric alerts for saturation, failures and lost clients (LIM-2), and in production
 * `prevent_destroy` against replacements that would drop the data. The access keys are never
 * exported by this construct.
 */
export class ManagedRedis extends Construct {
  /** The `azurerm_managed_redis` resource. */
  public readonly cache: ManagedRedisResource;
  /** Host name clients connect to, e.g. `redis-x.westeurope.redis.azure.net`. */
  public readonly hostName: string;
  /** TLS port of the default database (10000 in practice), as a Terraform number. */
  public readonly port: number;
  /** The clustering policy, so application settings can follow it. */
  public readonly clusteringPolicy: RedisClusteringPolicy;
  public readonly production: boolean;
  /** The metric alerts created on the cache (empty when `alerts: false`). */
  public readonly alertRules: MonitorMetricAlert[] = [];

  private lastGrant: Resource | undefined;

  constructor(scope: Construct, id: string, props: ManagedRedisProps) {
    super(scope, id);
    this.production = props.production ?? AzureStack.isProduction(this);
    checkName(this, 'name', props.name, NAME_RULES.managedRedis);

    const skuName = props.skuName ?? 'Balanced_B0';
    if (!(MANAGED_REDIS_SKUS as readonly string[]).includes(skuName)) {
      refuse(this, {
        lesson: 'AZURE', setting: 'skuName', given: skuName,
        problem: 'Azure Managed Redis has no such SKU.',
        fix: "use a Balanced_, ComputeOptimized_, FlashOptimized_ or MemoryOptimized_ SKU, e.g. 'Balanced_B0' (dev) or 'Balanced_B5'.",
      });
    }
    if (!(CLUSTERING_POLICIES as readonly string[]).includes(props.clusteringPolicy)) {
      refuse(this, {
        lesson: 'LIM-1', setting: 'clusteringPolicy', given: props.clusteringPolicy,
        problem: 'the clustering policy decides which client library works, so it must be one Azure knows.',
        fix: "use 'OSSCluster' (cluster-aware clients, hash tags keep a client's keys in one slot), 'EnterpriseCluster' (one endpoint behind a proxy) or 'NoCluster'.",
      });
    }
    const evictionPolicy = props.evictionPolicy ?? 'NoEviction';
    if (!(EVICTION_POLICIES as readonly string[]).includes(evictionPolicy)) {
      refuse(this, {
        lesson: 'AZURE', setting: 'evictionPolicy', given: evictionPolicy,
        problem: 'Azure Managed Redis has no such eviction policy.',
        fix: `use one of ${EVICTION_POLICIES.join(', ')}; 'NoEviction' for rate-limit counters.`,
      });
    }

    const accessKeysEnabled = props.accessKeysEnabled ?? false;
    if (accessKeysEnabled) {
      const finding = {
        lesson: 'SEC-1' as const, setting: 'accessKeysEnabled', given: true,
        problem: 'an access key is one shared secret for the whole database: whoever holds it bypasses Entra ID, and rotating it breaks every client at once.',
        fix: 'leave accessKeysEnabled false and call grantDataAccess(identity) for each workload identity (Entra ID access policy assignment).',
      };
      if (this.production) refuse(this, finding);
      warn(this, finding);
    }

    const highAvailability = props.highAvailability ?? true;
    if (!highAvailability && this.production) {
      refuse(this, {
        lesson: 'LIM-2', setting: 'highAvailability', given: false,
        problem: 'without high availability the cache is one node with no SLA: every platform update or node failure makes it unreachable, and a Redis-backed limiter then fails open and loses its counters.',
        fix: 'leave highAvailability true in production (turn it off only to save cost outside production).',
      });
    }

    if (props.publicNetworkAccess !== undefined && !['Enabled', 'Disabled'].includes(props.publicNetworkAccess)) {
      refuse(this, {
        lesson: 'AZURE', setting: 'publicNetworkAccess', given: props.publicNetworkAccess,
        problem: 'Azure Managed Redis takes Enabled or Disabled (capitalised).', fix: "use 'Enabled' or 'Disabled'.",
      });
    }
    if (this.production && props.publicNetworkAccess === 'Enabled') {
      warn(this, {
        lesson: 'SEC-1', setting: 'publicNetworkAccess', given: 'Enabled',
        problem: 'the production cache answers on a public endpoint: only TLS and Entra ID stand between it and the internet.',
        fix: 'run the workloads in a VNet-integrated Container Apps environment, add a private endpoint for the cache, then set publicNetworkAccess to \'Disabled\' (the production default).',
      });
    }

    const protect = props.protectFromReplacement ?? this.production;
    this.clusteringPolicy = props.clusteringPolicy;
    this.cache = new ManagedRedisResource(this, 'cache', {
      name: props.name,
      resourceGroupName: props.resourceGroupName,
      location: props.location,
      skuName,
      highAvailabilityEnabled: highAvailability,
      publicNetworkAccess: props.publicNetworkAccess ?? (this.production ? 'Disabled' : 'Enabled'),
      defaultDatabase: {
        clientProtocol: 'Encrypted',
        accessKeysAuthenticationEnabled: accessKeysEnabled,
        clusteringPolicy: props.clusteringPolicy,
        evictionPolicy,
      },
      // A SKU, high-availability or clustering change replaces the cache or its database, and
      // with it every counter and cached value: in production, such a plan fails instead.
      ...(protect ? { lifecycle: { preventDestroy: true } } : {}),
    });
    if (accessKeysEnabled && !this.production) {
      // Warned above; the stack-wide SEC-1 rule would otherwise fail the synth of a choice this
      // construct accepts outside production.
      LessonsCheck.suppress(this.cache, 'SEC-1', 'access keys enabled outside production on purpose (accessKeysEnabled: true); ManagedRedis warned');
    }
    this.hostName = this.cache.hostname;
    this.port = this.cache.defaultDatabase.port;

    if (props.alerts === false) {
      warn(this, {
        lesson: 'LIM-2', setting: 'alerts', given: false,
        problem: 'a Redis-backed limiter fails open when Redis is unreachable, and without alerts nobody learns that the limits are off.',
        fix: 'keep the alerts (the default) and give them an actionGroupId.',
      });
    } else {
      this.createAlerts(props, props.alerts ?? {});
    }
  }

  /**
   * What a workload needs to reach the cache as `identity`: host, port and the identity's client
   * id for `DefaultAzureCredential` / `ManagedIdentityCredential`. Plain values, no secrets. Pair it
   * with {@link grantDataAccess} for the same identity.
   */
  public environmentVariables(identity: IManagedIdentityRef): Record<string, string> {
    return {
      REDIS_HOST: this.hostName,
      REDIS_PORT: Token.asString(this.port),
      AZURE_CLIENT_ID: identity.clientId,
    };
  }

  /**
   * Let `identity` read and write the default database with Entra ID: an access policy
   * assignment (`default` policy, the only one Managed Redis supports) through AzAPI, since
   * azurerm 4.55 has no resource for it. The object id is a Terraform reference to the identity's
   * `principal_id`, resolved at apply time.
   *
   * The assignment's Azure name must match `^[A-Za-z0-9]{1,60}$` and stay the same between
   * synths; the principal id is unknown at synth, so the name is the letters and digits of `id`
   * plus a short hash of this construct's path and `id`. Keep `id` stable: a new one replaces the
   * assignment.
   *
   * Grants are created one after another (each depends on the previous one): the database
   * accepts one update at a time.
   *
   * @param id construct id of the grant, unique per cache; defaults to the identity's construct id
   *   when the identity is a construct (e.g. a `UserAssignedIdentity`)
   */
  public grantDataAccess(identity: IManagedIdentityRef, id?: string): Resource {
    const grantId = id ?? (isConstruct(identity) ? identity.node.id : undefined);
    if (!grantId || !/[A-Za-z0-9]/.test(grantId)) {
      refuse(this, {
        lesson: 'SEC-1', setting: 'grantDataAccess.id', given: grantId,
        problem: 'the access policy assignment needs a stable name, and the principal id is not known until apply.',
        fix: "pass an id with letters or digits, e.g. grantDataAccess(identity, 'limiter').",
      });
    }
    const principalId = identity.principalId;
    if (!Token.isUnresolved(principalId) && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(principalId)) {
      refuse(this, {
        lesson: 'SEC-1', setting: 'grantDataAccess.identity.principalId', given: principalId,
        problem: 'Entra ID names the identity by its object id, a GUID.',
        fix: "pass the identity resource (its principalId is a Terraform reference), or an object id like '00000000-0000-0000-0000-000000000000'.",
      });
    }
    const grant = new Resource(this, `access-${grantId}`, {
      type: ACCESS_POLICY_ASSIGNMENT_TYPE,
      name: accessPolicyAssignmentName(this.node.path, grantId),
      parentId: `${this.cache.id}/databases/default`,
      body: {
        properties: {
          accessPolicyName: 'default',
          user: { objectId: principalId },
        },
      },
      // No response_export_values: nothing of the database (least of all a key) is read back.
      ...(this.lastGrant ? { dependsOn: [this.lastGrant] } : {}),
    });
    // An access policy assignment is a proxy resource without tags: azapi's schema validation
    // fails the plan on a `tags` argument, so the stack-wide tags (TagsAspect) leave it alone.
    TagsAspect.exclude(grant);
    this.lastGrant = grant;
    return grant;
  }

  private createAlerts(props: ManagedRedisProps, alerts: ManagedRedisAlertsProps): void {
    const cpu = alerts.cpuPercentThreshold ?? 80;
    const memory = alerts.memoryPercentThreshold ?? 80;
    const minClients = alerts.minConnectedClients ?? (this.production ? 1 : 0);
    for (const [setting, value] of [['alerts.cpuPercentThreshold', cpu], ['alerts.memoryPercentThreshold', memory]] as const) {
      requireRange(this, value, {
        min: 1, max: 99, setting, lesson: 'LIM-2',
        problem: 'the threshold is a whole percentage below 100: at 100 % the cache already refuses work.',
        fix: 'use e.g. 80, so there is time to scale before the limiter fails open.',
      });
    }
    requireRange(this, minClients, {
      min: 0, max: 100_000, setting: 'alerts.minConnectedClients', lesson: 'LIM-2',
      problem: 'the threshold is a whole number of connections.',
      fix: 'use 1 (alert when every client is gone) or 0 to turn the alert off.',
    });
    if (alerts.actionGroupId === undefined) {
      warn(this, {
        lesson: 'LIM-2', setting: 'alerts.actionGroupId', given: undefined,
        problem: 'the Redis alerts fire in the portal only: a limiter that fails open while nobody is told looks like a quiet day.',
        fix: 'give alerts.actionGroupId (an azurerm_monitor_action_group that pages or mails the team).',
      });
    }
    const metric = (criteria: Omit<MonitorMetricAlertCriteria, 'metricNamespace'>): MonitorMetricAlertCriteria =>
      ({ metricNamespace: MANAGED_REDIS_METRIC_NAMESPACE, ...criteria });
    const rules: { id: string; severity: number; description: string; criteria: MonitorMetricAlertCriteria }[] = [
      {
        id: 'cpu', severity: 2,
        description: `LIM-2: CPU of the busiest Managed Redis instance above ${cpu} % for 5 minutes. A saturated cache times out, and a Redis-backed limiter then fails open. Scale up or spread hot keys.`,
        criteria: metric({ metricName: 'percentProcessorTime', aggregation: 'Maximum', operator: 'GreaterThan', threshold: cpu }),
      },
      {
        id: 'memory', severity: 2,
        description: `LIM-2: memory of the fullest Managed Redis instance above ${memory} % for 5 minutes. With NoEviction a full cache refuses writes; with eviction it drops counters. Scale up.`,
        criteria: metric({ metricName: 'usedmemorypercentage', aggregation: 'Maximum', operator: 'GreaterThan', threshold: memory }),
      },
      {
        id: 'failures', severity: 1,
        description: `LIM-2: Managed Redis reported ${REDIS_FAILURE_ERROR_TYPES.join(', ')}. Clients lost the cache or its data, and a Redis-backed limiter failed open meanwhile.`,
        criteria: metric({
          metricName: 'errors', aggregation: 'Maximum', operator: 'GreaterThan', threshold: 0,
          dimension: [{ name: 'ErrorType', operator: 'Include', values: [...REDIS_FAILURE_ERROR_TYPES] }],
        }),
      },
    ];
    if (minClients > 0) {
      rules.push({
        id: 'no-clients', severity: 1,
        description: `LIM-2: fewer than ${minClients} client connection(s) to Managed Redis for 5 minutes. The workloads cannot reach the cache (network, firewall, token), and a Redis-backed limiter is failing open.`,
        criteria: metric({ metricName: 'connectedclients', aggregation: 'Maximum', operator: 'LessThan', threshold: minClients }),
      });
    }
    for (const rule of rules) {
      this.alertRules.push(new MonitorMetricAlert(this, `alert-${rule.id}`, {
        name: `${props.name}-${rule.id}`,
        resourceGroupName: props.resourceGroupName,
        scopes: [this.cache.id],
        description: rule.description,
        severity: rule.severity,
        frequency: 'PT5M',
        windowSize: 'PT5M',
        autoMitigate: true,
        criteria: [rule.criteria],
        ...(alerts.actionGroupId !== undefined ? { action: [{ actionGroupId: alerts.actionGroupId }] } : {}),
      }));
    }
  }
}

/**
 * The Azure name of an access policy assignment: letters and digits of `id` (at most 50) and
 * 10 hex characters of a hash of the cache construct's path and `id`, so two grants never share a
 * name and a synth always gives the same one. Matches `^[A-Za-z0-9]{1,60}$`.
 */
export function accessPolicyAssignmentName(cachePath: string, id: string): string {
  const readable = id.replace(/[^A-Za-z0-9]/g, '').slice(0, 50);
  const hash = createHash('sha256').update(`${cachePath}\n${id}`).digest('hex').slice(0, 10);
  return `${readable}${hash}`;
}

function isConstruct(value: unknown): value is IConstruct {
  return typeof value === 'object' && value !== null && 'node' in value
    && typeof (value as IConstruct).node?.id === 'string';
}
