import { createHash } from 'crypto';
import { Construct } from 'constructs';
import { LogAnalyticsQueryPack } from '@cdktf/provider-azurerm/lib/log-analytics-query-pack';
import { LogAnalyticsQueryPackQuery } from '@cdktf/provider-azurerm/lib/log-analytics-query-pack-query';
import { refuse } from '../core/validation';
import { DIAGNOSTIC_TABLES, checkKql } from './kql';
import { AzureRegion } from '../core/azure-region';

/** Query categories Log Analytics accepts (azurerm 4.55 `categories`). */
export enum QueryPackCategory {
  APPLICATIONS = 'applications',
  AUDIT = 'audit',
  CONTAINER = 'container',
  DATABASES = 'databases',
  DESKTOP_ANALYTICS = 'desktopanalytics',
  MANAGEMENT = 'management',
  MONITOR = 'monitor',
  NETWORK = 'network',
  RESOURCES = 'resources',
  SECURITY = 'security',
  VIRTUAL_MACHINES = 'virtualmachines',
  WINDOWS_VIRTUAL_DESKTOP = 'windowsvirtualdesktop',
  WORKLOADS = 'workloads',
}

const CATEGORIES: readonly string[] = Object.values(QueryPackCategory);

/** One saved query of the pack. */
export interface GatewayQuery {
  /** Stable key, lower-case letters, digits and hyphens: the construct id and the seed of the query's id. */
  readonly key: string;
  /** Name shown in the portal's query list; unique within the pack. */
  readonly displayName: string;
  /** What the query answers and how to read it. */
  readonly description: string;
  /** The KQL. No time filter: the portal's time picker sets the range. */
  readonly body: string;
  /** @default [QueryPackCategory.MONITOR] */
  readonly categories?: QueryPackCategory[];
}

/** A gateway 429 has an empty `BackendResponseCode`: the gateway answered without calling the service (GW-10). */
const GATEWAY_ANSWERED = 'tostring(BackendResponseCode) in ("", "0")';

/**
 * 429s by who sent them, in 5-minute bins: the gateway itself (`rate-limit-by-key`,
 * `limit-concurrency`; no backend call, so `BackendResponseCode` is empty) or the service behind it
 * (`BackendResponseCode` 429, passed through).
 */
export const GATEWAY_VS_SERVICE_429_QUERY = `ApiManagementGatewayLogs
| where ResponseCode == 429
| extend RejectedBy = case(${GATEWAY_ANSWERED}, "gateway", BackendResponseCode == 429, "service", "other")
| summarize Rejections = count() by RejectedBy, bin(TimeGenerated, 5m)
| render timechart`;

/** Requests and rejections per subscription (the gateway's limit key, GW-1), split by who rejected. */
export const REJECTIONS_PER_SUBSCRIPTION_QUERY = `ApiManagementGatewayLogs
| summarize Requests = count(),
    Rejected = countif(ResponseCode == 429),
    RejectedByGateway = countif(ResponseCode == 429 and ${GATEWAY_ANSWERED}),
    RejectedByService = countif(ResponseCode == 429 and BackendResponseCode == 429)
    by ApimSubscriptionId
| where Rejected > 0
| extend RejectedPercent = round(100.0 * Rejected / Requests, 1)
| order by Rejected desc`;

/**
 * Time the gateway adds to calls it forwarded (`TotalTime - BackendTime`, ms) per API: p50, p95,
 * p99. Policies (rate limits, header rewrites, concurrency waits) show up here, not in the service.
 */
export const GATEWAY_OVERHEAD_QUERY = `ApiManagementGatewayLogs
| where not(${GATEWAY_ANSWERED})
| extend GatewayOverheadMs = TotalTime - BackendTime
| summarize Requests = count(), percentiles(GatewayOverheadMs, 50, 95, 99) by ApiId
| order by percentile_GatewayOverheadMs_99 desc`;

/**
 * Clients (subscription, or caller IP without one) that call again less than one second after a
 * 429: they ignore `Retry-After` (EDGE-6, PAY-2) and turn throttling into a retry storm.
 */
export const FAST_RETRY_AFTER_429_QUERY = `ApiManagementGatewayLogs
| extend Client = iff(isempty(ApimSubscriptionId), CallerIpAddress, ApimSubscriptionId)
| project TimeGenerated, Client, ApiId, ResponseCode
| sort by Client asc, TimeGenerated asc
| extend PreviousClient = prev(Client), PreviousResponseCode = prev(ResponseCode), PreviousTime = prev(TimeGenerated)
| where Client == PreviousClient and PreviousResponseCode == 429 and TimeGenerated - PreviousTime < 1s
| summarize RetriesWithinOneSecond = count(), FirstSeen = min(TimeGenerated), LastSeen = max(TimeGenerated), Apis = make_set(ApiId, 10) by Client
| order by RetriesWithinOneSecond desc`;

/** The queries a team needs to run gateway rate limiting. */
export const GATEWAY_QUERIES: readonly GatewayQuery[] = [
  {
    key: 'gateway-vs-service-429',
    displayName: 'Rate limiting: 429s from the gateway vs the service',
    description: 'GW-10: 429s in 5-minute bins by who sent them. "gateway": API Management rejected the call itself (rate-limit-by-key, limit-concurrency), BackendResponseCode is empty. "service": the service answered 429 and the gateway passed it on.',
    body: GATEWAY_VS_SERVICE_429_QUERY,
  },
  {
    key: 'rejections-per-subscription',
    displayName: 'Rate limiting: rejections per subscription',
    description: 'GW-1: requests and 429s per APIM subscription (the key the gateway limits on), split into gateway and service rejections, with the rejected share. A subscription near 100 % needs a bigger quota or a slower client.',
    body: REJECTIONS_PER_SUBSCRIPTION_QUERY,
  },
  {
    key: 'gateway-overhead',
    displayName: 'Rate limiting: gateway overhead percentiles',
    description: 'Time API Management adds to forwarded calls (TotalTime - BackendTime, ms) per API, p50/p95/p99. Rising values point at policies (limits, concurrency waits), not at the service.',
    body: GATEWAY_OVERHEAD_QUERY,
  },
  {
    key: 'fast-retry-after-429',
    displayName: 'Rate limiting: clients retrying within 1 s of a 429',
    description: 'EDGE-6 / PAY-2: clients (subscription, or caller IP) that call again less than a second after a 429, ignoring Retry-After. Each row is a client to contact before its retries become a storm.',
    body: FAST_RETRY_AFTER_429_QUERY,
  },
];

export interface GatewayQueryPackProps {
  /** Query pack name. */
  readonly name: string;
  readonly resourceGroupName: string;
  readonly location: string;
  /**
   * Team queries, added after the built-in ones and checked the same way.
   * @default - none
   */
  readonly queries?: GatewayQuery[];
  /**
   * Include the built-in gateway queries (`GatewayQueryPack.defaultQueries()`).
   * @default true
   */
  readonly includeDefaults?: boolean;
  /**
   * Tables the queries may read: the ones the diagnostic settings create.
   * @default - ApiManagementGatewayLogs, ApiManagementWebSocketConnectionLogs, ContainerAppConsoleLogs, ContainerAppSystemLogs
   */
  readonly knownTables?: string[];
}

/**
 * A Log Analytics query pack with the queries a team needs to run gateway rate limiting, over the
 * `ApiManagementGatewayLogs` table the gateway's diagnostic setting fills (GW-10). Every query,
 * built-in or added, is checked at synth time (`checkKql`): balanced brackets and quotes, a
 * start from a known table, and no table that no diagnostic setting creates.
 */
export class GatewayQueryPack extends Construct {
  /** The built-in queries a team needs to run gateway rate limiting. */
  public static defaultQueries(): GatewayQuery[] {
    return GATEWAY_QUERIES.map((q) => ({ ...q }));
  }

  public readonly pack: LogAnalyticsQueryPack;
  /** Resource id of the pack. */
  public readonly queryPackId: string;
  /** The saved queries by key. */
  public readonly queries: { [key: string]: LogAnalyticsQueryPackQuery };

  constructor(scope: Construct, id: string, props: GatewayQueryPackProps) {
    super(scope, id);
    AzureRegion.check(this, 'location', props.location);
    const all = [...((props.includeDefaults ?? true) ? GATEWAY_QUERIES : []), ...(props.queries ?? [])];
    const knownTables = props.knownTables ?? DIAGNOSTIC_TABLES;
    const keys = new Set<string>();
    const displayNames = new Set<string>();
    for (const query of all) this.check(query, knownTables, keys, displayNames);

    this.pack = new LogAnalyticsQueryPack(this, 'pack', {
      name: props.name,
      resourceGroupName: props.resourceGroupName,
      location: props.location,
    });
    this.queryPackId = this.pack.id;
    const queries: Record<string, LogAnalyticsQueryPackQuery> = {};
    for (const query of all) {
      queries[query.key] = new LogAnalyticsQueryPackQuery(this, query.key, {
        queryPackId: this.pack.id,
        name: stableUuid(`${this.node.path}/${query.key}`),
        displayName: query.displayName,
        description: query.description,
        body: query.body,
        categories: query.categories ?? [QueryPackCategory.MONITOR],
        resourceTypes: ['microsoft.apimanagement/service'],
      });
    }
    this.queries = queries;
  }

  private check(query: GatewayQuery, knownTables: readonly string[], keys: Set<string>, displayNames: Set<string>): void {
    const setting = `queries[${JSON.stringify(query.key)}]`;
    if (!/^[a-z][a-z0-9-]{0,62}$/.test(query.key) || keys.has(query.key)) {
      refuse(this, {
        lesson: 'AZURE', setting: `${setting}.key`, given: query.key,
        problem: keys.has(query.key) ? 'another query of the pack has this key.' : 'the key becomes a construct id and the seed of the query id.',
        fix: 'give each query its own key of lower-case letters, digits and hyphens, starting with a letter.',
      });
    }
    keys.add(query.key);
    if (query.displayName.trim().length === 0 || displayNames.has(query.displayName)) {
      refuse(this, {
        lesson: 'AZURE', setting: `${setting}.displayName`, given: query.displayName,
        problem: 'display names are unique within a query pack and cannot be empty.',
        fix: 'give each query its own display name.',
      });
    }
    displayNames.add(query.displayName);
    for (const category of query.categories ?? []) {
      if (!CATEGORIES.includes(category)) {
        refuse(this, {
          lesson: 'AZURE', setting: `${setting}.categories`, given: category,
          problem: 'Log Analytics has no such query category.', fix: `use one of ${CATEGORIES.join(', ')}.`,
        });
      }
    }
    const result = checkKql(query.body, knownTables);
    if (!result.ok) {
      const table = result.problems.some((p) => p.kind === 'table');
      refuse(this, {
        lesson: table ? 'GW-10' : 'AZURE', setting: `${setting}.body`, given: firstLine(query.body),
        problem: `${result.problems.map((p) => p.message).join(' ')}`,
        fix: table
          ? `read the tables the diagnostic settings fill (${knownTables.join(', ')}); gateway logs are in ApiManagementGatewayLogs.`
          : 'fix the query in the Log Analytics editor, then paste it back.',
      });
    }
  }
}

/** A UUID (version-5 layout) derived from `seed`: the same seed always gives the same id. */
export function stableUuid(seed: string): string {
  const hex = createHash('sha1').update(seed).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function firstLine(text: string): string {
  const line = text.trim().split('\n')[0];
  return line.length > 80 ? `${line.slice(0, 77)}...` : line;
}
