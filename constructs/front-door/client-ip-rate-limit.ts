import { Token } from 'cdktf';
import { IConstruct } from 'constructs';
import {
  CdnFrontdoorFirewallPolicyCustomRule, CdnFrontdoorFirewallPolicyCustomRuleMatchCondition,
} from '@cdktf/provider-azurerm/lib/cdn-frontdoor-firewall-policy';
import { resolveIn } from '../core/claims';
import { refuse, requireOneOf, requireRange } from '../core/validation';

// Who is limited (LIM-4): the client IP at the edge, the subscription at the gateway, the user in
// the service. This file is the edge layer: one Front Door WAF rate-limit rule per client IP.
//
// What azurerm 4.55 (internal/services/cdn/cdn_frontdoor_firewall_policy_resource.go) checks at
// plan, and what it leaves to Azure:
// - custom_rule.type MatchRule | RateLimitRule; action Allow | Block | Log | Redirect | JSChallenge
//   | CAPTCHA (the last two Premium only, in its CustomizeDiff);
// - rate_limit_duration_in_minutes (default 1), rate_limit_threshold (default 10) and priority
//   (default 1) have no ValidateFunc at all, so the library checks them here, at synth;
// - match_condition: optional, at most 10; match_values: at most 600 (the IP-range limit), each
//   1-256 characters. Azure takes at most 10 *string* values per condition (Front Door limits),
//   and a rate-limit rule needs at least one condition.
// Azure (WAF for Front Door docs): the window is one or five minutes; rate-limit rules take Block
// or Log only; the count is per socket IP (azurerm 4.55 has no group_by); custom rules, rate
// limits included, run on Standard and Premium (managed rule sets need Premium).

/** The fixed window a Front Door rate-limit rule counts in: Azure offers one or five minutes. */
export enum RateLimitWindow {
  /** Counters reset every minute. */
  ONE_MINUTE = 1,
  /**
   * Counters reset every five minutes. Microsoft's advice: a longer window with a higher
   * threshold is enforced more closely, and a client over it stays blocked for the rest of it.
   */
  FIVE_MINUTES = 5,
}

/** What Front Door does with a client IP's requests above the threshold. Rate-limit rules take Block or Log only. */
export enum RateLimitAction {
  /**
   * Answer them at the edge (403 unless the policy sets another status; no `Retry-After`): they
   * never reach the origin. Only in a policy in Prevention mode: in Detection mode it only logs.
   */
  BLOCK = 'Block',
  /** Let them through and write a WAF log entry: to size a threshold before blocking. */
  LOG = 'Log',
}

/**
 * A rate limit per client IP at the edge (LIM-4): a Front Door WAF custom rule of type
 * `RateLimitRule`. Front Door counts per socket IP (the TCP peer: the user, or the proxy or NAT
 * in front of many users), per Front Door server, in fixed windows; counters are not shared at
 * once across servers, so below about 200 requests per minute some requests over the threshold
 * get through. It is flood protection, not a quota: the per-subscription limit belongs to the
 * gateway and the per-user limit to the service.
 */
export interface ClientIpRateLimitOptions {
  /**
   * Requests one client IP may send per window before `action` applies: a whole number, at least
   * 1, known at synth (azurerm 4.55 checks no bound on `rate_limit_threshold`). Set it high,
   * e.g. twice what one busy client sends.
   */
  readonly requestsPerWindow: number;
  /** The fixed window the threshold counts in. */
  readonly window: RateLimitWindow;
  /**
   * Path prefixes the limit applies to (e.g. `['/api/', '/realtime/']`), at most 10 (Azure's
   * limit of string values per match condition); each starts with `/` and is matched literally
   * (no `*`, `?` or `#`). Front Door's `RequestUri` is the whole URL, so the rule matches each
   * prefix with a regular expression after the scheme and host, not with `BeginsWith`, on the
   * URL decoded and lower-cased (API Management routes paths whatever their case).
   * @default - every request (the match-all condition Microsoft documents: a `Host` header of
   * size 0 or more)
   */
  readonly paths?: string[];
  /** @default RateLimitAction.BLOCK */
  readonly action?: RateLimitAction;
  /**
   * Priority among the policy's custom rules, a whole number from 1; lower runs first, and custom
   * rules run before the managed rule sets.
   * @default 100
   */
  readonly priority?: number;
  /**
   * Name of the WAF policy that carries the rule when the Front Door has no `waf` (letters and
   * digits, starting with a letter). With `waf` the rule goes into that policy and this must be
   * left out: an endpoint takes one WAF policy.
   * @default - the `waf` policy; required without `waf`
   */
  readonly policyName?: string;
}

/** Name of the custom rule: letters only, so it fits any rule Azure has for custom rule names. */
export const CLIENT_IP_RATE_LIMIT_RULE_NAME = 'ClientIpRateLimit';
/** Default priority of the rule. */
export const CLIENT_IP_RATE_LIMIT_PRIORITY = 100;
/** Azure: string match values per match condition (azurerm 4.55 lets 600 through: the IP-range limit). */
export const MAX_STRING_MATCH_VALUES = 10;
/** azurerm 4.55 and Azure: characters per match value. */
export const MAX_MATCH_VALUE_LENGTH = 256;

const SETTING = 'clientIpRateLimit';
const WINDOWS = [RateLimitWindow.ONE_MINUTE, RateLimitWindow.FIVE_MINUTES] as number[];
/** Azure stores the threshold and the priority as 32-bit integers. */
const MAX_INT32 = 2_147_483_647;
/** Front Door's `RequestUri` is `https://host/path?query`; the optional group also matches a bare path. */
const AFTER_HOST = '^(?:https?://[^/]+)?';

/**
 * The WAF custom rule for `options`, or a refusal: every number of the rule is checked here
 * because azurerm 4.55 checks none of them at plan (LIM-4).
 */
export function clientIpRateLimitRule(scope: IConstruct, options: ClientIpRateLimitOptions): CdnFrontdoorFirewallPolicyCustomRule {
  const threshold = knownWholeNumber(scope, options.requestsPerWindow, 'requestsPerWindow', 'rate_limit_threshold',
    'a rate-limit threshold is a whole number of requests per client IP and window, at least 1 (0 would act on every matching request).',
    'give the requests one client IP may send per window as a number, e.g. 1000.');
  const priority = knownWholeNumber(scope, options.priority ?? CLIENT_IP_RATE_LIMIT_PRIORITY, 'priority', 'priority',
    'a custom rule priority is a whole number from 1 (lower runs first).',
    `use ${CLIENT_IP_RATE_LIMIT_PRIORITY} (the default) or another whole number from 1.`);
  if (!WINDOWS.includes(options.window)) {
    refuse(scope, {
      lesson: 'AZURE', setting: `${SETTING}.window`, given: shown(scope, options.window),
      problem: 'Front Door counts rate limits in fixed windows of one or five minutes.',
      fix: 'use RateLimitWindow.ONE_MINUTE or RateLimitWindow.FIVE_MINUTES.',
    });
  }
  const action = requireOneOf(scope, options.action ?? RateLimitAction.BLOCK, Object.values(RateLimitAction), {
    lesson: 'AZURE', setting: `${SETTING}.action`,
    problem: 'a Front Door rate-limit rule takes Block or Log (Azure refuses Allow for a rate-limit rule).',
    fix: 'use RateLimitAction.BLOCK, or RateLimitAction.LOG to size the threshold first.',
  });
  return {
    name: CLIENT_IP_RATE_LIMIT_RULE_NAME,
    enabled: true,
    priority,
    type: 'RateLimitRule',
    rateLimitDurationInMinutes: options.window,
    rateLimitThreshold: threshold,
    action,
    matchCondition: [options.paths === undefined ? MATCH_ALL : pathCondition(scope, options.paths)],
  };
}

/** Every request carries a `Host` header, so "its size is 0 or more" matches all of them (Microsoft's match-all example). */
const MATCH_ALL: CdnFrontdoorFirewallPolicyCustomRuleMatchCondition = {
  matchVariable: 'RequestHeader',
  selector: 'Host',
  operator: 'GreaterThanOrEqual',
  matchValues: ['0'],
  negationCondition: false,
};

function pathCondition(scope: IConstruct, paths: string[]): CdnFrontdoorFirewallPolicyCustomRuleMatchCondition {
  const setting = `${SETTING}.paths`;
  if (paths.length === 0) {
    refuse(scope, {
      lesson: 'LIM-4', setting, given: paths,
      problem: 'an empty list of path prefixes limits no request.',
      fix: "leave 'paths' out to limit every request, or give prefixes such as '/api/'.",
    });
  }
  if (paths.length > MAX_STRING_MATCH_VALUES) {
    refuse(scope, {
      lesson: 'AZURE', setting, given: paths.length,
      problem: `Front Door takes at most ${MAX_STRING_MATCH_VALUES} string match values per match condition (azurerm 4.55 lets up to 600 through at plan; Azure refuses the policy at apply).`,
      fix: `give at most ${MAX_STRING_MATCH_VALUES} prefixes, e.g. a shorter prefix they share.`,
    });
  }
  const values = paths.map((path) => {
    if (Token.isUnresolved(path)) {
      refuse(scope, {
        lesson: 'LIM-4', setting, given: shown(scope, path),
        problem: 'a path prefix is written into a regular expression at synth, so it cannot be a Terraform reference.',
        fix: "give the prefix as a literal, e.g. '/api/'.",
      });
    }
    if (!path.startsWith('/')) {
      refuse(scope, {
        lesson: 'LIM-4', setting, given: path,
        problem: 'a path prefix starts with a slash.', fix: `use "/${path}".`,
      });
    }
    const wildcard = path.search(/[*?#]/);
    if (wildcard >= 0) {
      refuse(scope, {
        lesson: 'LIM-4', setting, given: path,
        problem: "a path prefix is matched literally: '*' is no wildcard here, and a query or fragment is no part of a path.",
        fix: `use "${path.slice(0, wildcard)}".`,
      });
    }
    const value = `${AFTER_HOST}${path.toLowerCase().replace(/[.+^${}()|[\]\\]/g, '\\$&')}`;
    if (value.length > MAX_MATCH_VALUE_LENGTH) {
      refuse(scope, {
        lesson: 'AZURE', setting, given: path,
        problem: `its match value is ${value.length} characters, and a Front Door match value has at most ${MAX_MATCH_VALUE_LENGTH}.`,
        fix: 'give a shorter prefix.',
      });
    }
    return value;
  });
  // API Management matches paths whatever their case, and a client may percent-encode them:
  // the URI is decoded and lower-cased before the (lower-cased) prefixes are matched.
  return { matchVariable: 'RequestUri', operator: 'RegEx', matchValues: values, negationCondition: false, transforms: ['UrlDecode', 'Lowercase'] };
}

/**
 * `value` if it is a whole number from 1 known at synth. A Terraform reference is refused:
 * azurerm 4.55 checks no bound on `attribute`, so nothing else would catch 0 or a fraction.
 */
function knownWholeNumber(scope: IConstruct, value: number, name: string, attribute: string, problem: string, fix: string): number {
  const setting = `${SETTING}.${name}`;
  if (Token.isUnresolved(value)) {
    refuse(scope, {
      lesson: 'LIM-4', setting, given: shown(scope, value),
      problem: `a Terraform reference is unknown at synth, and azurerm 4.55 checks no bound on ${attribute}, so nothing would refuse 0 or a fraction before apply.`,
      fix,
    });
  }
  requireRange(scope, value, { min: 1, max: MAX_INT32, setting, lesson: 'LIM-4', problem, fix });
  return value;
}

/** A value as the synthesized stack would write it (`${var.x}` for a reference). */
function shown(scope: IConstruct, value: unknown): unknown {
  return Token.isUnresolved(value) ? resolveIn(scope, value) : value;
}
