import { createHash } from 'crypto';
import { Token } from 'cdktf';
import { Construct, IConstruct } from 'constructs';
import { DataAzurermManagedRedis } from '@cdktf/provider-azurerm/lib/data-azurerm-managed-redis';
import { Resource } from '../../.gen/providers/azapi/resource';
import { TagsAspect } from '../core/tags';
import { refuse } from '../core/validation';
import { Grant, checkPrincipal, refuseDuplicateGrant } from '../identity/grant';
import { IManagedIdentity, IPrincipal, grantKeyOf } from '../identity/principal';
import { AzureResource } from '../resource/azure-resource';

/** How the database spreads keys over shards and how clients reach them (LIM-1). */
export enum RedisClusteringPolicy {
  /** One endpoint; a proxy in the cache routes commands, so any Redis client works. */
  ENTERPRISE_CLUSTER = 'EnterpriseCluster',
  /** Cluster-aware clients connect to every shard; keep one client's keys in one slot with hash tags. */
  OSS_CLUSTER = 'OSSCluster',
  /** One shard; small SKUs only. */
  NO_CLUSTER = 'NoCluster',
}

/** ARM type and API version of an Entra ID data-access grant on a Managed Redis database. */
export const ACCESS_POLICY_ASSIGNMENT_TYPE = 'Microsoft.Cache/redisEnterprise/databases/accessPolicyAssignments@2025-07-01';

/** Azure Managed Redis, created here (`ManagedRedis`) or owned by another team (`ManagedRedis.fromExisting`). */
export interface IManagedRedis extends IConstruct {
  /** Resource id of the cache (`Microsoft.Cache/redisEnterprise`). */
  readonly cacheId: string;
  /** Host name clients connect to, e.g. `redis-x.westeurope.redis.azure.net`. */
  readonly hostName: string;
  /** TLS port of the default database (10000 in practice). */
  readonly port: number;
  /**
   * Let `principal` read and write the default database with Entra ID (SEC-1): an access policy
   * assignment through AzAPI (azurerm 4.55 has no resource for it), returned as a grant that
   * dependents wait for.
   * @param id construct id of the grant, unique per cache; @default - the principal's grant key
   */
  grantDataAccess(principal: IPrincipal, id?: string): Grant;
  /** `REDIS_HOST`, `REDIS_PORT` and `AZURE_CLIENT_ID` for a workload reaching the cache as `identity`: plain values, no secrets. */
  environmentVariables(identity: IManagedIdentity): { [name: string]: string };
}

/** What `ManagedRedis` and a reference to an existing cache share: the grants and the connection settings. */
export abstract class ManagedRedisBase extends AzureResource implements IManagedRedis {
  public abstract readonly cacheId: string;
  public abstract readonly hostName: string;
  public abstract readonly port: number;

  public get resourceId(): string {
    return this.cacheId;
  }
  private lastGrant: Resource | undefined;

  /**
   * Let `principal` read and write the default database with Entra ID: an access policy
   * assignment (`default` policy, the only one Managed Redis supports). The object id is a
   * Terraform reference to the principal, resolved at apply time.
   *
   * The assignment's Azure name must match `^[A-Za-z0-9]{1,60}$` and stay the same between
   * synths; the principal id is unknown at synth, so the name is the letters and digits of `id`
   * plus a short hash of this construct's path and `id`. Keep `id` stable: a new one replaces the
   * assignment. Grants are created one after another: the database accepts one update at a time.
   */
  public grantDataAccess(principal: IPrincipal, id?: string): Grant {
    const grantId = id ?? grantKeyOf(principal);
    if (!grantId || !/[A-Za-z0-9]/.test(grantId)) {
      refuse(this, {
        lesson: 'SEC-1', setting: 'grantDataAccess.id', given: grantId,
        problem: 'the access policy assignment needs a stable name, and the principal id is not known until apply.',
        fix: "pass an id with letters or digits, e.g. grantDataAccess(identity, 'limiter').",
      });
    }
    checkPrincipal(this, principal, 'grantDataAccess.identity.principalId');
    refuseDuplicateGrant(this, `access-${grantId}`);
    const grant = new Resource(this, `access-${grantId}`, {
      type: ACCESS_POLICY_ASSIGNMENT_TYPE,
      name: accessPolicyAssignmentName(this.node.path, grantId),
      parentId: `${this.cacheId}/databases/default`,
      body: {
        properties: {
          accessPolicyName: 'default',
          user: { objectId: principal.principalId },
        },
      },
      // No response_export_values: nothing of the database (least of all a key) is read back.
      ...(this.lastGrant ? { dependsOn: [this.lastGrant] } : {}),
    });
    // An access policy assignment is a proxy resource without tags: azapi's schema validation
    // fails the plan on a `tags` argument, so the stack-wide tags leave it alone.
    TagsAspect.exclude(grant);
    this.lastGrant = grant;
    return Grant.fromResource(grant, principal.principalId, this.cacheId);
  }

  public environmentVariables(identity: IManagedIdentity): { [name: string]: string } {
    return {
      REDIS_HOST: this.hostName,
      REDIS_PORT: Token.asString(this.port),
      ...(identity.clientId ? { AZURE_CLIENT_ID: identity.clientId } : {}),
    };
  }
}

/** What `ManagedRedis.fromExisting` needs to know about a cache another team owns. */
export interface ManagedRedisAttributes {
  readonly name: string;
  readonly resourceGroupName: string;
  /**
   * Resource id of the cache.
   * @default - looked up at plan with the `azurerm_managed_redis` data source
   */
  readonly cacheId?: string;
  /** @default - looked up at plan */
  readonly hostName?: string;
  /** @default 10000 */
  readonly port?: number;
}

export class ImportedManagedRedis extends ManagedRedisBase {
  public readonly hostName: string;
  public readonly port: number;
  private readonly attributes: ManagedRedisAttributes;
  private lookup?: DataAzurermManagedRedis;

  constructor(scope: Construct, id: string, attributes: ManagedRedisAttributes) {
    super(scope, id);
    this.attributes = attributes;
    this.hostName = attributes.hostName ?? this.dataSource().hostname;
    this.port = attributes.port ?? 10000;
  }

  public get cacheId(): string {
    return this.attributes.cacheId ?? this.dataSource().id;
  }

  public get resourceName(): string {
    return this.attributes.name;
  }

  private dataSource(): DataAzurermManagedRedis {
    this.lookup ??= new DataAzurermManagedRedis(this, 'lookup', { name: this.attributes.name, resourceGroupName: this.attributes.resourceGroupName });
    return this.lookup;
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
