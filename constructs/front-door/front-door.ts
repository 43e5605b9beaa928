import { Construct } from 'constructs';
import { CdnFrontdoorEndpoint } from '@cdktf/provider-azurerm/lib/cdn-frontdoor-endpoint';
import { CdnFrontdoorFirewallPolicy } from '@cdktf/provider-azurerm/lib/cdn-frontdoor-firewall-policy';
import { CdnFrontdoorOrigin } from '@cdktf/provider-azurerm/lib/cdn-frontdoor-origin';
import { CdnFrontdoorOriginGroup } from '@cdktf/provider-azurerm/lib/cdn-frontdoor-origin-group';
import { CdnFrontdoorProfile } from '@cdktf/provider-azurerm/lib/cdn-frontdoor-profile';
import { CdnFrontdoorRoute } from '@cdktf/provider-azurerm/lib/cdn-frontdoor-route';
import { CdnFrontdoorSecurityPolicy } from '@cdktf/provider-azurerm/lib/cdn-frontdoor-security-policy';
import { CONNECTION_CEILING_SECONDS } from '../core/lessons';
import { checkHostName, checkName } from '../core/naming';
import { PathDeclaration, PathNodeKind } from '../core/path-declarations';
import { declareEdgeLogs } from '../core/query-tokens';
import { ITimeoutLayer, TimeoutLayer } from '../core/request-path';
import { refuse, requireRange, warn } from '../core/validation';
import { DiagnosticSettings } from '../core/diagnostic-settings';
import { ClientIpRateLimitOptions, RateLimitAction, clientIpRateLimitRule } from './client-ip-rate-limit';
import { FRONT_DOOR_SERVICE } from './front-door-service';
import { UpdateResource } from '../../.gen/providers/azapi/update-resource';
import { addressOf } from '../core/dependencies';
import { DeployRequirements, Requirements } from '../core/deploy-requirements';

/** The WAF policy's Resource Manager type, and the API version azurerm 4.55.0 uses for it (go-azure-sdk frontdoor/2025-03-01). */
const WAF_POLICY_TYPE = 'Microsoft.Network/FrontDoorWebApplicationFirewallPolicies';
const WAF_POLICY_API_VERSION = '2025-03-01';

/** Front Door Standard/Premium SKUs. */
export enum FrontDoorSku {
  STANDARD = 'Standard_AzureFrontDoor',
  /** Managed WAF rule sets, Private Link origins. */
  PREMIUM = 'Premium_AzureFrontDoor',
}

/** What the WAF does with a matching request. */
export enum WafMode {
  /** Block it. */
  PREVENTION = 'Prevention',
  /** Only log it. */
  DETECTION = 'Detection',
}

/** A field of Front Door's logs whose values log scrubbing masks (SEC-1). */
export enum FrontDoorLogField {
  /**
   * The value of every query-string argument, in the request URI too: a token a browser sends as
   * `?access_token=` (WebSocket and EventSource cannot set headers).
   */
  QUERY_STRING_ARGUMENTS = 'QueryStringArgNames',
  /** The whole request URI. */
  REQUEST_URI = 'RequestUri',
  /** The client's IP address. */
  CLIENT_IP = 'RequestIPAddress',
}

/** A route from the endpoint to the origin. Routes never cache: every route here may carry a stream. */
export interface FrontDoorRouteOptions {
  readonly name: string;
  /** Path patterns, e.g. `['/realtime/*']`. */
  readonly patternsToMatch: string[];
}

/** A web application firewall in front of every route (managed rules need Premium). */
export interface FrontDoorWafOptions {
  /** Name: letters and digits only, starting with a letter. */
  readonly name: string;
  /** @default WafMode.PREVENTION */
  readonly mode?: WafMode;
}

export interface FrontDoorProps {
  readonly profileName: string;
  readonly endpointName: string;
  readonly resourceGroupName: string;
  /** @default FrontDoorSku.STANDARD */
  readonly sku?: FrontDoorSku;
  /** Host name of the origin, e.g. the API Management gateway host (a host name, not a URL). */
  readonly originHostName: string;
  /**
   * Seconds Front Door waits for the origin's response (16-240). Streams and long polls need the
   * maximum; the azurerm default of 120 s cuts them early (EDGE-1).
   * @default 240
   */
  readonly responseTimeoutSeconds?: number;
  /** @default - one route, `/*` */
  readonly routes?: FrontDoorRouteOptions[];
  /**
   * Path Front Door probes on the origin over HTTPS.
   * @default '/status-0123456789abcdef' (the API Management gateway's health endpoint)
   */
  readonly healthProbePath?: string;
  /** @default - no WAF */
  readonly waf?: FrontDoorWafOptions;
  /**
   * A rate limit per client IP at the edge (LIM-4: IP at the edge, subscription at the gateway,
   * user in the service): a WAF custom rule of type `RateLimitRule`. Custom rules, rate limits
   * included, work on Standard and Premium; only the managed rule sets of `waf` need Premium. With
   * `waf` the rule joins that policy (and its mode: Detection only logs); without it the rule gets
   * a policy of its own, custom rules only, in Prevention mode, named `policyName`. The policy's
   * SKU is always the profile's.
   * @default - no rate limit at the edge
   */
  readonly clientIpRateLimit?: ClientIpRateLimitOptions;
  /** Log Analytics workspace for access, health-probe and WAF logs. */
  readonly logAnalyticsWorkspaceId: string;
  /**
   * Log fields whose values Front Door masks before its access log (and the WAF log, with a WAF
   * policy) reaches Log Analytics (SEC-1). By default every query-string value, so a bearer token
   * sent as `?access_token=` is not kept in the logs. `[]` keeps every field as sent.
   * @default [FrontDoorLogField.QUERY_STRING_ARGUMENTS]
   */
  readonly logScrubbing?: FrontDoorLogField[];
}

/**
 * Front Door in front of an HTTPS origin: 240 s origin timeout (EDGE-1), HTTPS only, no caching
 * on any route, origin health probes, logs to Log Analytics with query-string values masked
 * (SEC-1), on Premium a WAF with the
 * Microsoft default rule set and, on either SKU, a rate limit per client IP (LIM-4). Exposes the
 * profile id for an `X-Azure-FDID` check at the origin.
 */
export class FrontDoor extends Construct implements ITimeoutLayer {
  public readonly profile: CdnFrontdoorProfile;
  public readonly endpoint: CdnFrontdoorEndpoint;
  public readonly routes: CdnFrontdoorRoute[];
  /** Value of the `X-Azure-FDID` header Front Door sends to the origin. */
  public readonly frontDoorId: string;
  /** Public host name of the endpoint. */
  public readonly endpointHostName: string;
  public readonly timeoutLayer: TimeoutLayer;
  /** The log fields Front Door masks (SEC-1). */
  public readonly logScrubbing: FrontDoorLogField[];
  /**
   * The WAF policy's log scrubbing, written through AzAPI (EqualsAny without a selector, as
   * Azure's REST spec has it), when there is a WAF policy and fields to mask.
   */
  public get wafLogScrubbing(): UpdateResource | undefined {
    return this.wafScrubbing;
  }

  private wafScrubbing?: UpdateResource;

  constructor(scope: Construct, id: string, props: FrontDoorProps) {
    super(scope, id);
    const sku = props.sku ?? FrontDoorSku.STANDARD;
    if (sku !== FrontDoorSku.STANDARD && sku !== FrontDoorSku.PREMIUM) {
      refuse(this, {
        lesson: 'AZURE', setting: 'sku', given: sku,
        problem: 'Front Door Standard/Premium profiles take one of two SKU names.', fix: "use 'Standard_AzureFrontDoor' or 'Premium_AzureFrontDoor'.",
      });
    }
    const healthProbePath = props.healthProbePath ?? '/status-0123456789abcdef';
    if (!healthProbePath.startsWith('/')) {
      refuse(this, {
        lesson: 'AZURE', setting: 'healthProbePath', given: healthProbePath,
        problem: 'a health probe path starts with a slash.', fix: `use "/${healthProbePath}".`,
      });
    }
    const responseTimeoutSeconds = props.responseTimeoutSeconds ?? CONNECTION_CEILING_SECONDS;
    requireRange(this, responseTimeoutSeconds, {
      min: 16, max: CONNECTION_CEILING_SECONDS, setting: 'responseTimeoutSeconds', lesson: 'EDGE-1',
      problem: `Front Door's origin response timeout goes from 16 to ${CONNECTION_CEILING_SECONDS} s.`,
      fix: `use ${CONNECTION_CEILING_SECONDS} (the default) for streaming origins.`,
    });
    checkHostName(this, 'originHostName', props.originHostName);
    checkName(this, 'profileName', props.profileName, FRONT_DOOR_SERVICE.names.resource);
    checkName(this, 'endpointName', props.endpointName, FRONT_DOOR_SERVICE.names.endpoint);
    this.timeoutLayer = { layer: 'Front Door origin response timeout', timeoutSeconds: responseTimeoutSeconds, constructPath: this.node.path };

    this.logScrubbing = checkLogScrubbing(this, props.logScrubbing ?? [FrontDoorLogField.QUERY_STRING_ARGUMENTS]);
    this.profile = new CdnFrontdoorProfile(this, 'profile', {
      name: props.profileName,
      resourceGroupName: props.resourceGroupName,
      skuName: sku,
      responseTimeoutSeconds,
      ...(this.logScrubbing.length > 0 ? { logScrubbingRule: this.logScrubbing.map((matchVariable) => ({ matchVariable })) } : {}),
    });
    this.frontDoorId = this.profile.resourceGuid;
    // An API behind it that takes browser tokens in the query string warns here when they would be logged.
    declareEdgeLogs(this, this.frontDoorId, this.logScrubbing.some((f) => f === FrontDoorLogField.QUERY_STRING_ARGUMENTS || f === FrontDoorLogField.REQUEST_URI));
    this.endpoint = new CdnFrontdoorEndpoint(this, 'endpoint', {
      name: props.endpointName,
      cdnFrontdoorProfileId: this.profile.id,
    });
    // The host name is `<endpoint>-<hash>.z01.azurefd.net`, the hash the same for a name across the tenant.
    DeployRequirements.of(this).add(this, Requirements.globalName('Microsoft.Cdn/profiles/afdEndpoints', props.endpointName,
      'the endpoint\'s host name is made from its name: another profile of the tenant must not hold it.', props.resourceGroupName, props.profileName));
    this.endpointHostName = this.endpoint.hostName;

    const originGroup = new CdnFrontdoorOriginGroup(this, 'origin-group', {
      name: 'origin',
      cdnFrontdoorProfileId: this.profile.id,
      sessionAffinityEnabled: false,
      loadBalancing: { sampleSize: 4, successfulSamplesRequired: 3 },
      healthProbe: { protocol: 'Https', path: healthProbePath, requestType: 'GET', intervalInSeconds: 100 },
    });
    const origin = new CdnFrontdoorOrigin(this, 'origin', {
      name: 'origin',
      cdnFrontdoorOriginGroupId: originGroup.id,
      hostName: props.originHostName,
      originHostHeader: props.originHostName,
      httpsPort: 443,
      certificateNameCheckEnabled: true,
      enabled: true,
    });
    const routes = props.routes ?? [{ name: 'default', patternsToMatch: ['/*'] }];
    const names = new Set<string>();
    const patterns = new Map<string, string>();
    this.routes = routes.map((route) => {
      checkName(this, `routes.${route.name}.name`, route.name, FRONT_DOOR_SERVICE.names.child);
      if (names.has(route.name.toLowerCase())) {
        refuse(this, {
          lesson: 'AZURE', setting: 'routes', given: route.name,
          problem: 'two routes share this name: Front Door route names are unique per endpoint.', fix: 'give every route its own name.',
        });
      }
      names.add(route.name.toLowerCase());
      if (route.patternsToMatch.length === 0) {
        refuse(this, {
          lesson: 'AZURE', setting: `routes.${route.name}.patternsToMatch`, given: [],
          problem: 'a route without patterns matches nothing.', fix: 'give at least one pattern, e.g. "/api/*".',
        });
      }
      for (const pattern of route.patternsToMatch) {
        const other = patterns.get(pattern.toLowerCase());
        if (other !== undefined) {
          refuse(this, {
            lesson: 'AZURE', setting: `routes.${route.name}.patternsToMatch`, given: pattern,
            problem: `route ${other} already matches this pattern, and Front Door refuses two routes with the same pattern on one endpoint.`,
            fix: 'give each pattern to one route.',
          });
        }
        patterns.set(pattern.toLowerCase(), route.name);
      }
      for (const pattern of route.patternsToMatch) {
        if (!pattern.startsWith('/')) {
          refuse(this, {
            lesson: 'AZURE', setting: `routes.${route.name}.patternsToMatch`, given: pattern,
            problem: 'Front Door route patterns start with a slash.', fix: `use "/${pattern}".`,
          });
        }
      }
      // No `cache` block: caching is off, which streams need (EDGE-4).
      return new CdnFrontdoorRoute(this, `route-${route.name}`, {
        name: route.name,
        cdnFrontdoorEndpointId: this.endpoint.id,
        cdnFrontdoorOriginGroupId: originGroup.id,
        cdnFrontdoorOriginIds: [origin.id],
        patternsToMatch: route.patternsToMatch,
        supportedProtocols: ['Https'],
        httpsRedirectEnabled: false,
        forwardingProtocol: 'HttpsOnly',
        linkToDefaultDomain: true,
      });
    });

    if (props.waf || props.clientIpRateLimit) this.addFirewallPolicy(props.waf, props.clientIpRateLimit, sku, props.resourceGroupName);
    this.declarePath(props, sku, routes);

    new DiagnosticSettings(this, 'diagnostics', {
      targetResourceId: this.profile.id,
      workspaceId: props.logAnalyticsWorkspaceId,
      logCategories: ['FrontDoorAccessLog', 'FrontDoorHealthProbeLog', ...(props.waf || props.clientIpRateLimit ? ['FrontDoorWebApplicationFirewallLog'] : [])],
      // Front Door logs only go to AzureDiagnostics; Dedicated is not supported.
      dedicated: false,
    });
  }

  /** The edge on the request path: clients call it, it calls its origin (the picture, `PathDeclaration`). */
  private declarePath(props: FrontDoorProps, sku: FrontDoorSku, routes: FrontDoorRouteOptions[]): void {
    const limit = props.clientIpRateLimit;
    PathDeclaration.node(this, {
      kind: PathNodeKind.EDGE,
      title: `Front Door ${sku === FrontDoorSku.PREMIUM ? 'Premium' : 'Standard'}`,
      name: props.endpointName,
      lines: [
        `routes ${routes.flatMap((r) => r.patternsToMatch).join(' ')}, HTTPS only, no caching`,
        props.waf ? `WAF ${props.waf.mode ?? WafMode.PREVENTION}, default and bot rule sets` : 'no WAF',
      ],
      callerCheck: 'none: the public edge',
      ...(limit ? { limiterKey: `client IP: ${limit.requestsPerWindow} per ${limit.window === 1 ? 'minute' : `${limit.window} minutes`} (LIM-4)` } : {}),
      outboundTimeouts: [this.timeoutLayer],
    });
    PathDeclaration.hop(this, { from: PathDeclaration.external('client'), to: this.node.path, protocol: 'HTTPS / WSS' });
    PathDeclaration.hop(this, { from: this.node.path, to: props.originHostName, protocol: 'HTTPS', lines: ['X-Azure-FDID header'] });
  }

  /**
   * The endpoint's one WAF policy: the managed rule sets of `waf` (Premium), the client-IP rate
   * limit (LIM-4, Standard or Premium), or both. Its SKU is always the profile's (the azurerm
   * documentation's example ties the two: `sku_name = azurerm_cdn_frontdoor_profile.x.sku_name`).
   */
  private addFirewallPolicy(waf: FrontDoorWafOptions | undefined, rateLimit: ClientIpRateLimitOptions | undefined, sku: FrontDoorSku, resourceGroupName: string): void {
    if (waf) this.checkWaf(waf, sku);
    const name = waf ? waf.name : this.rateLimitPolicyName(rateLimit!);
    if (waf && rateLimit?.policyName !== undefined) {
      refuse(this, {
        lesson: 'LIM-4', setting: 'clientIpRateLimit.policyName', given: rateLimit.policyName,
        problem: `with 'waf' the rate-limit rule goes into the WAF policy ${JSON.stringify(waf.name)}, and an endpoint takes one WAF policy.`,
        fix: "leave 'clientIpRateLimit.policyName' out.",
      });
    }
    const mode = waf?.mode ?? WafMode.PREVENTION;
    const customRule = rateLimit ? clientIpRateLimitRule(this, rateLimit) : undefined;
    if (customRule && customRule.action === RateLimitAction.BLOCK && mode === WafMode.DETECTION) {
      warn(this, {
        id: 'LIM-4.WafDetectionRateLimit', lesson: 'LIM-4', setting: 'clientIpRateLimit.action', given: customRule.action,
        problem: 'the WAF policy runs in Detection mode, so the rate-limit rule only logs and blocks nothing.',
        fix: 'use WafMode.PREVENTION, or say RateLimitAction.LOG while sizing the threshold.',
      });
    }
    const policy = new CdnFrontdoorFirewallPolicy(this, 'waf', {
      name,
      resourceGroupName,
      skuName: sku,
      mode,
      enabled: true,
      ...(customRule ? { customRule: [customRule] } : {}),
      // The WAF log's scrubbing is written through AzAPI below: azurerm holds it still.
      ...(this.logScrubbing.length > 0 ? { lifecycle: { ignoreChanges: ['log_scrubbing'] } } : {}),
      ...(waf ? {
        managedRule: [
          { type: 'Microsoft_DefaultRuleSet', version: '2.1', action: 'Block' },
          { type: 'Microsoft_BotManagerRuleSet', version: '1.1', action: 'Block' },
        ],
      } : {}),
    });
    // The WAF log records the request URI of each request a rule matched: the same fields are
    // masked there. azurerm v4.55.0 always sends `selector: ""` with each scrubbing rule
    // (cdn_frontdoor_firewall_policy_resource.go, expandCdnFrontDoorFirewallScrubbingRules:
    // `if selector, ok := v["selector"]; ok` holds for an unset string too), where Azure's REST
    // spec (Microsoft.Network FrontDoor WebApplicationFirewallPolicies, WafPolicyCreateOrUpdate
    // example) sends EqualsAny with no selector (`selector: null`) and Microsoft documents
    // "Equals Any | NULL". So the rules go through AzAPI as Azure documents them; and since
    // azurerm rebuilds policySettings without them whenever it updates the policy, they are
    // written again after any such update (`replace_triggered_by`).
    if (this.logScrubbing.length > 0) {
      this.wafScrubbing = new UpdateResource(this, 'waf-log-scrubbing', {
        type: `${WAF_POLICY_TYPE}@${WAF_POLICY_API_VERSION}`,
        resourceId: policy.id,
        body: {
          properties: {
            policySettings: {
              logScrubbing: {
                state: 'Enabled',
                scrubbingRules: this.logScrubbing.map((matchVariable) => ({ matchVariable, selectorMatchOperator: 'EqualsAny', state: 'Enabled' })),
              },
            },
          },
        },
        lifecycle: { replaceTriggeredBy: [addressOf(policy)] },
      });
    }
    new CdnFrontdoorSecurityPolicy(this, 'waf-association', {
      name: 'waf',
      cdnFrontdoorProfileId: this.profile.id,
      securityPolicies: {
        firewall: {
          cdnFrontdoorFirewallPolicyId: policy.id,
          association: { domain: [{ cdnFrontdoorDomainId: this.endpoint.id }], patternsToMatch: ['/*'] },
        },
      },
    });
  }

  private checkWaf(waf: FrontDoorWafOptions, sku: FrontDoorSku): void {
    if (sku !== FrontDoorSku.PREMIUM) {
      refuse(this, {
        lesson: 'AZURE', setting: 'waf', given: waf.name,
        problem: 'Front Door Standard has no managed WAF rule sets.', fix: "use sku 'Premium_AzureFrontDoor' with a WAF, or drop 'waf'.",
      });
    }
    checkName(this, 'waf.name', waf.name, FRONT_DOOR_SERVICE.names.firewallPolicy);
    if (waf.mode !== undefined && waf.mode !== WafMode.PREVENTION && waf.mode !== WafMode.DETECTION) {
      refuse(this, {
        lesson: 'AZURE', setting: 'waf.mode', given: waf.mode,
        problem: 'a Front Door WAF policy runs in Prevention or Detection mode.', fix: 'use WafMode.PREVENTION (blocks) or WafMode.DETECTION (logs only).',
      });
    }
  }

  /** Without `waf` the rate limit's policy is its own, and needs a name (LIM-4). */
  private rateLimitPolicyName(rateLimit: ClientIpRateLimitOptions): string {
    if (rateLimit.policyName === undefined) {
      refuse(this, {
        lesson: 'LIM-4', setting: 'clientIpRateLimit.policyName', given: undefined,
        problem: "without 'waf' the rate-limit rule needs a WAF policy of its own, and a WAF policy needs a name.",
        fix: "give 'clientIpRateLimit.policyName' (letters and digits, starting with a letter), or add 'waf' on Premium.",
      });
    }
    return checkName(this, 'clientIpRateLimit.policyName', rateLimit.policyName, FRONT_DOOR_SERVICE.names.firewallPolicy);
  }
}

/** Refuse a field Front Door cannot scrub, or one listed twice (azurerm keeps a set of at most one rule per field). */
function checkLogScrubbing(scope: Construct, fields: FrontDoorLogField[]): FrontDoorLogField[] {
  const known: string[] = Object.values(FrontDoorLogField);
  const seen = new Set<FrontDoorLogField>();
  fields.forEach((field, i) => {
    if (!known.includes(field)) {
      refuse(scope, {
        lesson: 'SEC-1', setting: `logScrubbing[${i}]`, given: field,
        problem: 'Front Door scrubs only the query string, the request URI and the client IP address from its logs.',
        fix: `use ${known.map((k) => JSON.stringify(k)).join(', ')} (FrontDoorLogField).`,
      });
    }
    if (seen.has(field)) {
      refuse(scope, {
        lesson: 'SEC-1', setting: `logScrubbing[${i}]`, given: field,
        problem: 'the field is listed twice, and Front Door takes one scrubbing rule per field.',
        fix: 'list each field once.',
      });
    }
    seen.add(field);
  });
  return [...seen];
}
