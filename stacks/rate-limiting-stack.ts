import { TerraformOutput, Token } from 'cdktf';
import { Construct } from 'constructs';
import { ApiGateway } from '../constructs/api-management/api-gateway';
import { GatewayBackend } from '../constructs/api-management/gateway-backend';
import { GatewayProduct } from '../constructs/api-management/gateway-product';
import { HttpProxyApi } from '../constructs/api-management/http-proxy-api';
import { ContainerService } from '../constructs/container-apps/container-service';
import { InProcessLimitKind, InProcessLimitStore } from '../constructs/container-apps/in-process-limit';
import { AzureStack } from '../constructs/stack/azure-stack';
import { PublicNetworkAccess } from '../constructs/core/network';
import { composeName } from '../constructs/core/naming';
import { GatewayQueryPack } from '../constructs/monitoring/query-pack';
import { ManagedRedis } from '../constructs/redis/managed-redis';
import { SubnetPurpose } from '../constructs/network/subnet-purpose';
import { RedisClusteringPolicy } from '../constructs/redis/managed-redis-base';
import { REGISTRY_FIELDS, SAMPLE_IMAGE, StackDefinition } from './stack-definition';
import { CONTAINER_APPS_FIELDS, ContainerAppsEnvironmentSettings, ExistingRegistry, WorkloadFoundation, WorkloadStackProps } from './workload-foundation';

/** The gateway limits of the limiter API, per subscription. */
export interface GatewayLimits {
  /** Calls per subscription per renewal period (GW-1). @default 30 */
  readonly calls?: number;
  /** Renewal period in seconds, at most 300. @default 60 */
  readonly renewalPeriodSeconds?: number;
  /** In-flight calls per subscription to the limiter service (GW-6). @default 4 */
  readonly concurrency?: number;
}

/** The Managed Redis of the rate-limiting stack. */
export interface RateLimitingRedisSettings {
  /** @default 'Balanced_B0' */
  readonly skuName?: string;
  /** Off is accepted outside production only. @default true */
  readonly highAvailability?: boolean;
  /**
   * Public endpoint (TLS, Entra ID only). On a private network the service reaches Redis through
   * a private endpoint and the public endpoint is off; without one it is the only way in.
   * @default - DISABLED on a private network, ENABLED otherwise
   */
  readonly publicNetworkAccess?: PublicNetworkAccess;
  /**
   * Protect the cache's data (`prevent_destroy` and the clustering guard); set false for the one
   * deploy that replaces it on purpose.
   * @default - true in production
   */
  readonly protectFromReplacement?: boolean;
}

/** What only the rate-limiting stack needs; the rest comes from the environment. */
export interface RateLimitingSettings extends ContainerAppsEnvironmentSettings {
  /** The limiter service image (listens on 8080). */
  readonly image: string;
  /** Registry of the image, pulled with the service's managed identity (SEC-2). @default - public image */
  readonly registry?: ExistingRegistry;
  /** Azure Managed Redis, the one counter shared by every replica (SCALE-3, LIM-1). */
  readonly redis: RateLimitingRedisSettings;
  /** @default - 30 calls per 60 s and 4 in-flight calls per subscription */
  readonly limits?: GatewayLimits;
  /**
   * Replicas of the limiter service. Two on purpose: the shared counter must hold across
   * replicas, and an in-process counter visibly does not (SCALE-3).
   * @default 2
   */
  readonly replicas?: number;
  /**
   * Mailbox told when Redis is saturated or failing: the limiter fails open then (LIM-2).
   * @default - the API Management publisher e-mail
   */
  readonly alertEmail?: string;
  /** Clients that get a subscription (and so their own budget) on the limiter product. @default ['demo-client'] */
  readonly clients?: string[];
}

/**
 * Production (`production: true`): pinned images, high-availability Redis protected from
 * replacement. On a private network (`network.private`, the production default): the limiter
 * runs in an internal, zone-redundant Container Apps environment that only the gateway reaches
 * (through its outbound VNet integration), so `X-Client-Id` can only come from the gateway, and
 * Redis answers on a private endpoint only.
 */
export interface RateLimitingStackProps extends WorkloadStackProps, RateLimitingSettings {}

/**
 * Rate limiting at every layer for one environment: the limiter service on Container Apps with
 * two replicas, one shared counter in Azure Managed Redis reached with the service's managed
 * identity (no keys, SEC-1), API Management in front with a token-bucket rate limit and a
 * concurrency cap per subscription that answer 429 as problem+json with Retry-After (GW-1, GW-6),
 * a backend circuit breaker (GW-7), a product with a subscription per client (GW-8), gateway
 * logs in Log Analytics (GW-10) and the queries to read them.
 */
export class RateLimitingStack extends AzureStack {
  public readonly service: ContainerService;
  public readonly redis: ManagedRedis;
  public readonly gateway: ApiGateway;
  public readonly api: HttpProxyApi;
  public readonly product: GatewayProduct;
  public readonly queries: GatewayQueryPack;

  constructor(scope: Construct, props: RateLimitingStackProps) {
    super(scope, {
      stackName: 'rate-limiting',
      environmentName: props.environmentName,
      production: props.production,
      tags: props.tags,
      state: props.state,
    });
    const prefix = props.namePrefix;
    const location = props.location;

    const foundation = WorkloadFoundation.create(this, {
      namePrefix: prefix, location, suffix: 'ratelimit', logRetentionDays: props.logRetentionDays, registry: props.registry,
      containerApps: { infrastructureResourceGroupName: props.containerAppsInfrastructureResourceGroupName, setting: 'rateLimiting.containerAppsInfrastructureResourceGroupName' },
      ...(props.network ? {
        network: {
          settings: props.network, block: RATE_LIMITING_NETWORK_BLOCK,
          purposes: [SubnetPurpose.CONTAINER_APPS_ENVIRONMENT, SubnetPurpose.API_MANAGEMENT_OUTBOUND, SubnetPurpose.PRIVATE_ENDPOINTS],
        },
      } : {}),
    });
    const { resourceGroupName, registry, network } = foundation;
    // Internal on a private network: the limiter trusts X-Client-Id (GW-5), so only the gateway may call it.
    const environment = foundation.containerAppsEnvironment({ internal: network !== undefined });
    const alerts = foundation.actionGroup({
      setting: 'rateLimiting.alertEmail', alertEmail: props.alertEmail, publisherEmail: props.apiManagement.publisherEmail,
      purpose: 'the Redis alerts (LIM-2) are sent to this address; the action group refuses anything else.',
    });

    this.redis = new ManagedRedis(this, 'redis', {
      name: composeName('redis', prefix, 'ratelimit'),
      resourceGroupName,
      location,
      skuName: props.redis.skuName ?? 'Balanced_B0',
      // OSS cluster: the client is cluster-aware and keeps one client's keys in one slot with
      // hash tags ({client}:window), so each limiter script runs on one shard (LIM-1).
      clusteringPolicy: RedisClusteringPolicy.OSS_CLUSTER,
      highAvailability: props.redis.highAvailability ?? true,
      publicNetworkAccess: props.redis.publicNetworkAccess ?? (network ? PublicNetworkAccess.DISABLED : PublicNetworkAccess.ENABLED),
      ...(props.redis.protectFromReplacement !== undefined ? { protectFromReplacement: props.redis.protectFromReplacement } : {}),
      alerts: { actionGroupId: alerts.id },
    });
    const redisEndpoint = network ? this.redis.addPrivateEndpoint(network) : undefined;

    this.gateway = foundation.apiGateway(props.apiManagement);

    const replicas = props.replicas ?? 2;
    this.service = new ContainerService(this, 'limiter', {
      name: composeName('ca', prefix, 'limiter'),
      environment,
      image: props.image,
      registry,
      minReplicas: replicas,
      maxReplicas: replicas,
      // Checked: in the internal environment only a gateway integrated into its network reaches the service.
      caller: this.gateway,
      environmentVariables: {
        REDIS_HOST: this.redis.hostName,
        REDIS_PORT: Token.asString(this.redis.port),
      },
      // The service's own limits count in Redis: one counter across both replicas (SCALE-3).
      inProcessLimits: [
        { name: 'fixed-window', kind: InProcessLimitKind.FIXED_WINDOW, permitLimit: 30, windowSeconds: 60, store: InProcessLimitStore.SHARED },
        { name: 'token-bucket', kind: InProcessLimitKind.TOKEN_BUCKET, permitLimit: 10, windowSeconds: 1, store: InProcessLimitStore.SHARED },
      ],
    });
    // The first revision starts only after its identity can reach Redis; otherwise it would
    // crash-loop on refused Entra sign-ins until the assignment exists.
    this.redis.grantDataAccess(this.service.identity).applyBefore(this.service.app);
    // And on the private network, only once the cache's private endpoint resolves.
    redisEndpoint?.applyBefore(this.service.app);

    const backend = new GatewayBackend(this, 'limiter-backend', {
      gateway: this.gateway,
      name: 'limiter',
      url: this.service.url,
      description: 'The limiter service on Container Apps',
      // Five 5xx within a minute open the breaker for a minute; a Retry-After from the service
      // sets the trip duration instead (GW-7, PAY-3).
      circuitBreaker: { failures: { count: 5 }, intervalSeconds: 60, tripDurationSeconds: 60, acceptRetryAfter: true },
    });
    const limits = props.limits ?? {};
    this.api = new HttpProxyApi(this, 'limiter-api', {
      gateway: this.gateway,
      name: 'limiter',
      path: 'limiter',
      displayName: 'Rate limiter',
      backendUrl: this.service.url,
      backendId: backend.backendId,
      // This stack has no Front Door: the gateway is the edge, and every caller needs a subscription.
      allowDirectCallers: true,
      limits: {
        rateLimit: { calls: limits.calls ?? 30, renewalPeriodSeconds: limits.renewalPeriodSeconds ?? 60 },
        concurrency: { maxCount: limits.concurrency ?? 4 },
      },
    });
    this.product = new GatewayProduct(this, 'clients', {
      gateway: this.gateway,
      productId: 'limiter-clients',
      displayName: 'Rate limiter clients',
      description: 'One subscription per client; each has its own budget under the limiter API\'s per-subscription limits.',
      apis: [this.api],
      clients: props.clients ?? ['demo-client'],
    });
    this.queries = new GatewayQueryPack(this, 'queries', {
      name: composeName('pack', prefix, 'ratelimit'),
      resourceGroupName,
      location,
    });

    new TerraformOutput(this, 'limiter-url', {
      value: `${this.gateway.service.gatewayUrl}/limiter`,
      description: 'The limiter API through API Management; send the subscription key in Ocp-Apim-Subscription-Key',
    });
    new TerraformOutput(this, 'redis-host', {
      value: this.redis.hostName,
      description: 'Azure Managed Redis host name (Entra ID access only; no keys)',
    });
  }
}

/** The rate-limiting stack's sixteenth of the environment's range (see docs/network.md). */
const RATE_LIMITING_NETWORK_BLOCK = 1;

/** The rate-limiting stack in the app's registry: section `rateLimiting` of each environment. */
export const RATE_LIMITING_STACK: StackDefinition<RateLimitingSettings> = {
  section: 'rateLimiting',
  fields: {
    ...CONTAINER_APPS_FIELDS,
    image: true, registry: REGISTRY_FIELDS,
    redis: { skuName: true, highAvailability: 'boolean', publicNetworkAccess: true, protectFromReplacement: 'boolean' },
    limits: { calls: true, renewalPeriodSeconds: true, concurrency: true },
    replicas: true, alertEmail: true, clients: true,
  },
  embedded: {
    dev: { image: SAMPLE_IMAGE, redis: { skuName: 'Balanced_B0', highAvailability: false } },
    prod: {
      image: 'crrtpshared.azurecr.io/ratelimiting/limiter:1.0.0',
      registry: { name: 'crrtpshared', resourceGroupName: 'rg-rtp-shared' },
      redis: { skuName: 'Balanced_B1', highAvailability: true },
      // Three in a zone-redundant environment: one per zone.
      replicas: 3,
    },
  },
  variables: { LIMITER_IMAGE: 'image' },
  create: (app, environmentName, shared, settings) => new RateLimitingStack(app, { ...shared, ...settings, environmentName }),
};
