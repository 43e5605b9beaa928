import { Construct } from 'constructs';
import { PathDeclaration, PathNodeKind } from '../core/path-declarations';
import { ManagedRedis as ManagedRedisResource } from '@cdktf/provider-azurerm/lib/managed-redis';
import { MonitorMetricAlert } from '@cdktf/provider-azurerm/lib/monitor-metric-alert';
import { PublicNetworkAccess } from '../core/network';
import { Production, refuseOrWarn } from '../core/production';
import { ReplacementTrigger } from '../core/replacement-trigger';
import { refuse } from '../core/validation';
import { IPlatformNetwork } from '../network/platform-network';
import { PrivateEndpoint } from '../network/private-endpoint';
import { PublicAccessDefault, resolvePublicAccess } from '../network/public-access';
import { openResource } from '../resource/resource-checks';
import { ManagedRedisAlertsProps, createRedisAlerts } from './managed-redis-alerts';
import {
  IManagedRedis, ImportedManagedRedis, ManagedRedisAttributes, ManagedRedisBase, RedisClusteringPolicy,
} from './managed-redis-base';
import { MANAGED_REDIS_SERVICE } from './managed-redis-service';
import { DeployRequirements, Requirements, SkuFamily } from '../core/deploy-requirements';

/** Every Azure Managed Redis SKU azurerm 4.55 accepts for `sku_name`. */
export const MANAGED_REDIS_SKUS: readonly string[] = [
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
];

/** What Redis does when memory is full. */
export enum RedisEvictionPolicy {
  NO_EVICTION = 'NoEviction',
  ALL_KEYS_LFU = 'AllKeysLFU',
  ALL_KEYS_LRU = 'AllKeysLRU',
  ALL_KEYS_RANDOM = 'AllKeysRandom',
  VOLATILE_LRU = 'VolatileLRU',
  VOLATILE_LFU = 'VolatileLFU',
  VOLATILE_TTL = 'VolatileTTL',
  VOLATILE_RANDOM = 'VolatileRandom',
}

export interface ManagedRedisProps {
  /** Cache name; part of `<name>.<region>.redis.azure.net`, so unique across Azure. */
  readonly name: string;
  readonly resourceGroupName: string;
  readonly location: string;
  /**
   * Tier and size (`Balanced_B0`, `Balanced_B5`, `MemoryOptimized_M10`, ...). Changing it replaces
   * the cache (azurerm marks `sku_name` ForceNew), and with it every counter.
   * @default 'Balanced_B0': the smallest size. Limiter counters are a few dozen bytes per
   *   client and window, so memory is rarely what runs out first.
   */
  readonly skuName?: string;
  /**
   * How keys are spread and how clients connect. Required: there is no safe default, because
   * the client library has to match it.
   *
   * - `OSS_CLUSTER`: clients connect to every shard and must be cluster-aware (they follow
   *   `MOVED` redirects). Multi-key commands and Lua scripts only work when all their keys hash
   *   to one slot, so keep one client's keys together with a hash tag, e.g.
   *   `rl:{subscription-id}:minute` and `rl:{subscription-id}:day` (LIM-1). Best throughput.
   * - `ENTERPRISE_CLUSTER`: one endpoint; a proxy in the cache routes commands, so any Redis
   *   client works. Cross-slot multi-key commands are still refused, so hash tags still apply.
   * - `NO_CLUSTER`: one shard; only for small SKUs.
   *
   * Changing it later makes azurerm delete and re-create the database in place: all data is
   * lost, and the plan shows only an update. With `protectFromReplacement` (on in production)
   * such a plan fails instead (see the class docs).
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
   * @default DISABLED in production: reach it through a private endpoint
   *   (`ManagedRedis.addPrivateEndpoint`); ENABLED elsewhere, so development needs no network set-up
   */
  readonly publicNetworkAccess?: PublicNetworkAccess;
  /**
   * A private endpoint this construct does not create (another team's network) reaches the cache,
   * so `publicNetworkAccess: DISABLED` without `ManagedRedis.addPrivateEndpoint` is accepted.
   * @default false
   */
  readonly privateEndpointManagedElsewhere?: boolean;
  /**
   * Allow access keys next to Entra ID. Refused in production, a warning elsewhere (SEC-1):
   * workloads get access through `ManagedRedis.grantDataAccess`.
   * @default false
   */
  readonly accessKeysEnabled?: boolean;
  /**
   * What Redis does when memory is full.
   * @default NO_EVICTION: a rate limiter's counters must never disappear silently. An evicted
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
   * @default Production.isProduction(this): the enclosing AzureStack's `production`, true outside one
   */
  readonly production?: boolean;
  /**
   * Protect the data: Terraform's `prevent_destroy` on the cache, so a plan that would replace it
   * (a SKU or high-availability change) or destroy it fails, and a guard that makes a
   * clustering-policy change (which azurerm applies by deleting the database) fail the plan too.
   * @default the value of `production`
   */
  readonly protectFromReplacement?: boolean;
  /**
   * Metric alerts on the cache (LIM-2): a Redis-backed limiter fails open when Redis is
   * unreachable, so someone must be told. `{ enabled: false }` removes them, with a warning.
   * @default - the alerts, without an action group
   */
  readonly alerts?: ManagedRedisAlertsProps;
}

/**
 * Azure Managed Redis (`Microsoft.Cache/redisEnterprise`), the shared counter store for rate
 * limits that hold across replicas and gateway nodes (SCALE-3, GW-3, LIM-5), replacing Azure Cache
 * for Redis (LIM-1).
 *
 * TLS only (`client_protocol = Encrypted`, not configurable), Entra ID only (access keys off,
 * SEC-1; workloads get access with `grantDataAccess`), `NoEviction`, high availability,
 * metric alerts for saturation, failures and lost clients (LIM-2). The access keys are never
 * exported by this construct.
 *
 * Protection (on in production): `prevent_destroy` on the cache stops plans that replace it (a SKU
 * or high-availability change) or destroy it. A clustering-policy change is different: azurerm
 * updates it "in place" by deleting and re-creating the database, which `prevent_destroy` never
 * sees. So the construct also records the policy in a `terraform_data` guard and lets the cache
 * be replaced when the guard changes (`replace_triggered_by`): the plan of such a change then
 * asks to replace the protected cache, and Terraform refuses it at plan ("Instance cannot be
 * destroyed"). To change the policy on purpose, deploy once with `protectFromReplacement: false`.
 */
export class ManagedRedis extends ManagedRedisBase {
  /** A cache another team owns: grants and connection settings work on it as on one this stack creates. */
  public static fromExisting(scope: Construct, id: string, attributes: ManagedRedisAttributes): IManagedRedis {
    return new ImportedManagedRedis(scope, id, attributes);
  }

  /** The `azurerm_managed_redis` resource. */
  public readonly cache: ManagedRedisResource;
  /** The cache's name. */
  public readonly resourceName: string;
  public readonly cacheId: string;
  public readonly hostName: string;
  public readonly port: number;
  /** The clustering policy, so application settings can follow it. */
  public readonly clusteringPolicy: RedisClusteringPolicy;
  public readonly production: boolean;
  /** The metric alerts created on the cache (empty when the alerts are disabled). */
  public readonly alertRules: MonitorMetricAlert[];
  /** Whether the cache answers on its public endpoint. */
  public readonly publicNetworkAccess: PublicNetworkAccess;

  constructor(scope: Construct, id: string, props: ManagedRedisProps) {
    super(scope, id);
    this.production = openResource(this, props, MANAGED_REDIS_SERVICE.names.resource).production;

    const skuName = props.skuName ?? 'Balanced_B0';
    DeployRequirements.of(this).add(this, Requirements.sku(SkuFamily.MANAGED_REDIS, skuName, props.location, 'Azure Managed Redis is offered in some regions only.'));
    if (!MANAGED_REDIS_SKUS.includes(skuName)) {
      refuse(this, {
        lesson: 'AZURE', setting: 'skuName', given: skuName,
        problem: 'Azure Managed Redis has no such SKU.',
        fix: "use a Balanced_, ComputeOptimized_, FlashOptimized_ or MemoryOptimized_ SKU, e.g. 'Balanced_B0' (dev) or 'Balanced_B5'.",
      });
    }
    if (!(Object.values(RedisClusteringPolicy) as string[]).includes(props.clusteringPolicy)) {
      refuse(this, {
        lesson: 'LIM-1', setting: 'clusteringPolicy', given: props.clusteringPolicy,
        problem: 'the clustering policy decides which client library works, so it must be one Azure knows.',
        fix: "use 'OSSCluster' (cluster-aware clients, hash tags keep a client's keys in one slot), 'EnterpriseCluster' (one endpoint behind a proxy) or 'NoCluster'.",
      });
    }
    const evictionPolicy = props.evictionPolicy ?? RedisEvictionPolicy.NO_EVICTION;
    if (!(Object.values(RedisEvictionPolicy) as string[]).includes(evictionPolicy)) {
      refuse(this, {
        lesson: 'AZURE', setting: 'evictionPolicy', given: evictionPolicy,
        problem: 'Azure Managed Redis has no such eviction policy.',
        fix: `use one of ${Object.values(RedisEvictionPolicy).join(', ')}; 'NoEviction' for rate-limit counters.`,
      });
    }

    const accessKeysEnabled = props.accessKeysEnabled ?? false;
    if (accessKeysEnabled) {
      refuseOrWarn(this, {
        id: 'SEC-1.RedisAccessKeys', ruleSettings: ['default_database.access_keys_authentication_enabled'], lesson: 'SEC-1', setting: 'accessKeysEnabled', given: true,
        problem: 'an access key is one shared secret for the whole database: whoever holds it bypasses Entra ID, and rotating it breaks every client at once.',
        fix: 'leave accessKeysEnabled false and call grantDataAccess(identity) for each workload identity (Entra ID access policy assignment).',
      }, this.production);
    }

    const highAvailability = props.highAvailability ?? true;
    if (!highAvailability && this.production) {
      refuse(this, {
        lesson: 'LIM-2', setting: 'highAvailability', given: false,
        problem: 'without high availability the cache is one node with no SLA: every platform update or node failure makes it unreachable, and a Redis-backed limiter then fails open and loses its counters.',
        fix: 'leave highAvailability true in production (turn it off only to save cost outside production).',
      });
    }

    const publicNetworkAccess = resolvePublicAccess(this, {
      given: props.publicNetworkAccess, default: PublicAccessDefault.OFF_IN_PRODUCTION, production: this.production,
      endpoint: 'a cache\'s public endpoint',
      productionWarning: {
        id: 'SEC-1.RedisPublicEndpoint',
        problem: 'the production cache answers on a public endpoint: only TLS and Entra ID stand between it and the internet.',
        fix: 'run the workloads in a VNet-integrated Container Apps environment, add a private endpoint for the cache, then set publicNetworkAccess to \'Disabled\' (the production default).',
      },
    });

    this.clusteringPolicy = props.clusteringPolicy;
    PathDeclaration.node(this, {
      kind: PathNodeKind.DATA, title: 'Azure Managed Redis', name: props.name,
      lines: [`TLS only, access keys ${accessKeysEnabled ? 'on' : 'off'}, ${highAvailability ? 'high availability' : 'no high availability'}`],
      accessProtocol: 'Redis over TLS',
    });
    this.cache = new ManagedRedisResource(this, 'cache', {
      name: props.name,
      resourceGroupName: props.resourceGroupName,
      location: props.location,
      skuName,
      highAvailabilityEnabled: highAvailability,
      publicNetworkAccess,
      defaultDatabase: {
        clientProtocol: 'Encrypted',
        accessKeysAuthenticationEnabled: accessKeysEnabled,
        clusteringPolicy: props.clusteringPolicy,
        evictionPolicy,
      },
    });
    if (Production.protectFromDestroy(this.cache, props.protectFromReplacement ?? this.production)) {
      // azurerm deletes and re-creates the database when the clustering policy changes, which
      // prevent_destroy does not see: a change of the guard's input replaces the cache instead,
      // and prevent_destroy refuses that at plan.
      const guard = new ReplacementTrigger(this, 'clustering-guard', { input: { clusteringPolicy: props.clusteringPolicy } });
      // A string, not the construct: cdktf 0.21 writes a construct as "${terraform_data.x}", which Terraform refuses here.
      this.cache.lifecycle = { ...this.cache.lifecycle, replaceTriggeredBy: [guard.address] };
    }
    this.publicNetworkAccess = publicNetworkAccess;
    this.cacheId = this.cache.id;
    // Checked at synth, once the stack had its chance to add the endpoint (SEC-1).
    this.declarePrivateLink({
      name: props.name, resourceType: MANAGED_REDIS_SERVICE.resourceType, dnsZones: MANAGED_REDIS_SERVICE.privateLink, publicNetworkAccess,
      unreachable: {
        what: 'the cache: every client would fail to connect',
        managedElsewhere: props.privateEndpointManagedElsewhere, defaulted: props.publicNetworkAccess === undefined,
      },
    });
    this.resourceName = this.cache.name;
    this.hostName = this.cache.hostname;
    this.port = this.cache.defaultDatabase.port;
    this.alertRules = createRedisAlerts(this, {
      name: props.name, resourceGroupName: props.resourceGroupName, cacheId: this.cache.id, production: this.production,
    }, props.alerts ?? {});
  }

  /**
   * A private endpoint for the cache in `network`'s private-endpoint subnet, with the
   * `privatelink.redis.azure.net` zone: clients in the network keep the host name and reach the
   * endpoint's address. With it, `publicNetworkAccess: DISABLED` (the production default) leaves
   * the cache reachable from the network only (SEC-1).
   */
  public addPrivateEndpoint(network: IPlatformNetwork): PrivateEndpoint {
    return this.addPrivateEndpointFor(network, 'redisEnterprise');
  }

}
