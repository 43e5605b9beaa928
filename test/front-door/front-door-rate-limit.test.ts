import { TerraformVariable } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ClientIpRateLimitOptions, RateLimitAction, RateLimitWindow } from '../../constructs/front-door/client-ip-rate-limit';
import { FrontDoor, FrontDoorProps, FrontDoorSku, WafMode } from '../../constructs/front-door/front-door';
import { FRONT_DOOR_PROPS } from '../support/fixtures';
import { refusalOf } from '../support/refusal';
import { resourceOf, resourcesOf, synth, testStack, warningsOf } from '../support/synth';

// LIM-4: who is limited: the client IP at the edge (this file), the subscription at the gateway,
// the user in the service.

const BASE: FrontDoorProps = FRONT_DOOR_PROPS;

const LIMIT: ClientIpRateLimitOptions = { requestsPerWindow: 1000, window: RateLimitWindow.ONE_MINUTE, policyName: 'rlTest' };

function build(props: Partial<FrontDoorProps> = {}) {
  const stack = testStack();
  const frontDoor = new FrontDoor(stack, 'fd', { ...BASE, ...props });
  return { stack, frontDoor, tf: synth(stack) };
}

const policyRef = expect.stringMatching(/^\$\{azurerm_cdn_frontdoor_firewall_policy\.fd_waf_[0-9A-F]+\.id\}$/);
const MATCH_ALL = { match_variable: 'RequestHeader', selector: 'Host', operator: 'GreaterThanOrEqual', match_values: ['0'], negation_condition: false };

describe('FrontDoor client IP rate limit (LIM-4)', () => {
  it('limits every request per client IP on Standard with a custom-rules-only policy in Prevention mode (LIM-4)', () => {
    const { tf } = build({ clientIpRateLimit: LIMIT });
    expect(resourceOf(tf, 'azurerm_cdn_frontdoor_firewall_policy', 'fd/waf')).toEqual({
      name: 'rlTest',
      resource_group_name: 'rg-test',
      sku_name: 'Standard_AzureFrontDoor',
      mode: 'Prevention',
      enabled: true,
      custom_rule: [{
        name: 'ClientIpRateLimit',
        enabled: true,
        priority: 100,
        type: 'RateLimitRule',
        rate_limit_duration_in_minutes: 1,
        rate_limit_threshold: 1000,
        action: 'Block',
        match_condition: [MATCH_ALL],
      }],
      // The WAF log masks query-string values like the access log (SEC-1, FrontDoor logScrubbing),
      // written through AzAPI; azurerm holds it still.
      lifecycle: { ignore_changes: ['log_scrubbing'] },
    });
    expect((resourceOf(tf, 'azapi_update_resource', 'fd/waf-log-scrubbing').body as { properties: unknown }).properties).toEqual({
      policySettings: { logScrubbing: { state: 'Enabled', scrubbingRules: [{ matchVariable: 'QueryStringArgNames', selectorMatchOperator: 'EqualsAny', state: 'Enabled' }] } },
    });
  });

  it('associates the rate-limit policy with the endpoint on every path and logs WAF events (LIM-4)', () => {
    const { tf } = build({ clientIpRateLimit: LIMIT });
    expect(resourceOf(tf, 'azurerm_cdn_frontdoor_security_policy', 'fd/waf-association')).toMatchObject({
      name: 'waf',
      security_policies: { firewall: { cdn_frontdoor_firewall_policy_id: policyRef, association: { patterns_to_match: ['/*'] } } },
    });
    const diag = resourceOf(tf, 'azurerm_monitor_diagnostic_setting', 'fd/diagnostics') as { enabled_log: { category: string }[] };
    expect(diag.enabled_log).toContainEqual({ category: 'FrontDoorWebApplicationFirewallLog' });
  });

  it('puts the rule into the Premium WAF policy next to the managed rule sets, with the profile SKU (LIM-4)', () => {
    const { tf } = build({
      sku: FrontDoorSku.PREMIUM,
      waf: { name: 'wafTest' },
      clientIpRateLimit: {
        requestsPerWindow: 500, window: RateLimitWindow.FIVE_MINUTES, action: RateLimitAction.LOG, priority: 5, paths: ['/api/', '/v1.0/(beta)'],
      },
    });
    expect(Object.keys(resourcesOf(tf, 'azurerm_cdn_frontdoor_firewall_policy'))).toHaveLength(1);
    const policy = resourceOf(tf, 'azurerm_cdn_frontdoor_firewall_policy', 'fd/waf');
    expect(policy).toMatchObject({ name: 'wafTest', sku_name: 'Premium_AzureFrontDoor', mode: 'Prevention' });
    expect(policy.managed_rule).toEqual([
      { type: 'Microsoft_DefaultRuleSet', version: '2.1', action: 'Block' },
      { type: 'Microsoft_BotManagerRuleSet', version: '1.1', action: 'Block' },
    ]);
    expect(policy.custom_rule).toEqual([{
      name: 'ClientIpRateLimit',
      enabled: true,
      priority: 5,
      type: 'RateLimitRule',
      rate_limit_duration_in_minutes: 5,
      rate_limit_threshold: 500,
      action: 'Log',
      match_condition: [{
        match_variable: 'RequestUri',
        operator: 'RegEx',
        match_values: ['^(?:https?://[^/]+)?/api/', '^(?:https?://[^/]+)?/v1\\.0/\\(beta\\)'],
        negation_condition: false,
        transforms: ['UrlDecode', 'Lowercase'],
      }],
    }]);
  });

  it('matches a prefix whatever the case or percent-encoding of the request, as API Management routes it (LIM-4)', () => {
    const { tf } = build({ clientIpRateLimit: { ...LIMIT, paths: ['/API/Orders'] } });
    const condition = (resourceOf(tf, 'azurerm_cdn_frontdoor_firewall_policy').custom_rule as { match_condition: { match_values: string[]; transforms: string[] }[] }[])[0].match_condition[0];
    // Front Door decodes, then lower-cases the URI: the prefix is matched lower-cased.
    expect(condition.transforms).toEqual(['UrlDecode', 'Lowercase']);
    expect(condition.match_values).toEqual(['^(?:https?://[^/]+)?/api/orders']);
  });

  it('fails when a threshold does not fit the 32-bit integer Azure stores (LIM-4)', () => {
    const r = refusalOf(() => build({ clientIpRateLimit: { ...LIMIT, requestsPerWindow: 3_000_000_000 } }));
    expect(r).toMatchObject({ lesson: 'LIM-4', setting: 'clientIpRateLimit.requestsPerWindow' });
  });

  it('matches a path prefix after the scheme and host of the whole request URI, and a bare path (LIM-4)', () => {
    const { tf } = build({ clientIpRateLimit: { ...LIMIT, paths: ['/api/', '/v1.0/'] } });
    const rule = (resourceOf(tf, 'azurerm_cdn_frontdoor_firewall_policy').custom_rule as { match_condition: { match_values: string[] }[] }[])[0];
    const [api, v1] = rule.match_condition[0].match_values.map((v) => new RegExp(v));
    expect(api.test('https://fde-test-abc.z01.azurefd.net/api/orders?page=2')).toBe(true);
    expect(api.test('/api/orders')).toBe(true);
    expect(api.test('https://fde-test-abc.z01.azurefd.net/web/api/orders')).toBe(false);
    expect(api.test('https://fde-test-abc.z01.azurefd.net/health?next=/api/')).toBe(false);
    expect(v1.test('https://contoso.com/v1.0/x')).toBe(true);
    expect(v1.test('https://contoso.com/v1x0/x')).toBe(false);
  });

  it('keeps a WAF without rate limit free of custom rules', () => {
    const { tf } = build({ sku: FrontDoorSku.PREMIUM, waf: { name: 'wafTest' } });
    expect(resourceOf(tf, 'azurerm_cdn_frontdoor_firewall_policy')).not.toHaveProperty('custom_rule');
  });

  it('warns when a blocking rate limit sits in a Detection-mode WAF, which only logs (LIM-4)', () => {
    const { stack } = build({ sku: FrontDoorSku.PREMIUM, waf: { name: 'wafTest', mode: WafMode.DETECTION }, clientIpRateLimit: { requestsPerWindow: 1000, window: RateLimitWindow.ONE_MINUTE } });
    expect(warningsOf(stack)).toEqual([
      '[LIM-4] test/fd: clientIpRateLimit.action = "Block": the WAF policy runs in Detection mode, so the rate-limit rule only logs and blocks nothing. Fix: use WafMode.PREVENTION, or say RateLimitAction.LOG while sizing the threshold.',
    ]);
  });

  it('does not warn in Prevention mode, nor for a Log rule in Detection mode', () => {
    expect(warningsOf(build({ clientIpRateLimit: LIMIT }).stack)).toEqual([]);
    const detection = build({ sku: FrontDoorSku.PREMIUM, waf: { name: 'wafTest', mode: WafMode.DETECTION }, clientIpRateLimit: { requestsPerWindow: 1000, window: RateLimitWindow.ONE_MINUTE, action: RateLimitAction.LOG } });
    expect(warningsOf(detection.stack)).toEqual([]);
  });
});

describe('FrontDoor client IP rate limit refusals (LIM-4)', () => {
  const refusal = (limit: Partial<ClientIpRateLimitOptions>, props: Partial<FrontDoorProps> = {}) =>
    () => build({ ...props, clientIpRateLimit: { ...LIMIT, ...limit } });

  it('fails when requestsPerWindow is 0, which would act on every request (LIM-4)', () => {
    expect(refusalOf(refusal({ requestsPerWindow: 0 }))).toEqual({
      message: '[LIM-4] test/fd: clientIpRateLimit.requestsPerWindow = 0: a rate-limit threshold is a whole number of requests per client IP and window, at least 1 (0 would act on every matching request). Fix: give the requests one client IP may send per window as a number, e.g. 1000.',
      lesson: 'LIM-4', path: 'test/fd', setting: 'clientIpRateLimit.requestsPerWindow',
    });
  });

  it('fails when requestsPerWindow is not a whole number (LIM-4)', () => {
    expect(refusalOf(refusal({ requestsPerWindow: 99.5 }))).toMatchObject({
      lesson: 'LIM-4', setting: 'clientIpRateLimit.requestsPerWindow',
      message: expect.stringMatching(/^\[LIM-4\] test\/fd: clientIpRateLimit\.requestsPerWindow = 99\.5: a rate-limit threshold is a whole number/),
    });
  });

  it('fails when requestsPerWindow is a Terraform reference, which azurerm 4.55 would not check either (LIM-4)', () => {
    const stack = testStack();
    const threshold = new TerraformVariable(stack, 'threshold', { type: 'number' });
    const r = refusalOf(() => new FrontDoor(stack, 'fd', { ...BASE, clientIpRateLimit: { ...LIMIT, requestsPerWindow: threshold.numberValue } }));
    expect(r).toEqual({
      message: '[LIM-4] test/fd: clientIpRateLimit.requestsPerWindow = "${var.threshold}": a Terraform reference is unknown at synth, and azurerm 4.55 checks no bound on rate_limit_threshold, so nothing would refuse 0 or a fraction before apply. Fix: give the requests one client IP may send per window as a number, e.g. 1000.',
      lesson: 'LIM-4', path: 'test/fd', setting: 'clientIpRateLimit.requestsPerWindow',
    });
  });

  it('fails when the window is 2 minutes: Front Door counts in one or five (LIM-4)', () => {
    expect(refusalOf(refusal({ window: 2 as RateLimitWindow }))).toEqual({
      message: '[AZURE] test/fd: clientIpRateLimit.window = 2: Front Door counts rate limits in fixed windows of one or five minutes. Fix: use RateLimitWindow.ONE_MINUTE or RateLimitWindow.FIVE_MINUTES.',
      lesson: 'AZURE', path: 'test/fd', setting: 'clientIpRateLimit.window',
    });
  });

  it('fails when the window is a Terraform reference (LIM-4)', () => {
    const stack = testStack();
    const window = new TerraformVariable(stack, 'window', { type: 'number' });
    expect(refusalOf(() => new FrontDoor(stack, 'fd', { ...BASE, clientIpRateLimit: { ...LIMIT, window: window.numberValue as RateLimitWindow } })))
      .toMatchObject({ lesson: 'AZURE', setting: 'clientIpRateLimit.window', message: expect.stringMatching(/^\[AZURE\] test\/fd: clientIpRateLimit\.window = "\$\{var\.window\}": /) });
  });

  it('fails when the action is Allow, which Azure refuses for a rate-limit rule (LIM-4)', () => {
    expect(refusalOf(refusal({ action: 'Allow' as RateLimitAction }))).toEqual({
      message: '[AZURE] test/fd: clientIpRateLimit.action = "Allow": a Front Door rate-limit rule takes Block or Log (Azure refuses Allow for a rate-limit rule). Fix: use RateLimitAction.BLOCK, or RateLimitAction.LOG to size the threshold first.',
      lesson: 'AZURE', path: 'test/fd', setting: 'clientIpRateLimit.action',
    });
  });

  it('fails when the priority is 0 (LIM-4)', () => {
    expect(refusalOf(refusal({ priority: 0 }))).toMatchObject({
      lesson: 'LIM-4', setting: 'clientIpRateLimit.priority',
      message: expect.stringMatching(/^\[LIM-4\] test\/fd: clientIpRateLimit\.priority = 0: a custom rule priority is a whole number from 1 \(lower runs first\)\. Fix: use 100/),
    });
  });

  it('fails when the priority is a Terraform reference (LIM-4)', () => {
    const stack = testStack();
    const priority = new TerraformVariable(stack, 'priority', { type: 'number' });
    expect(refusalOf(() => new FrontDoor(stack, 'fd', { ...BASE, clientIpRateLimit: { ...LIMIT, priority: priority.numberValue } })))
      .toMatchObject({ lesson: 'LIM-4', setting: 'clientIpRateLimit.priority', message: expect.stringMatching(/^\[LIM-4\] test\/fd: clientIpRateLimit\.priority = "\$\{var\.priority\}": a Terraform reference is unknown at synth/) });
  });

  it('fails when paths is empty, which would limit nothing (LIM-4)', () => {
    expect(refusalOf(refusal({ paths: [] }))).toEqual({
      message: "[LIM-4] test/fd: clientIpRateLimit.paths = []: an empty list of path prefixes limits no request. Fix: leave 'paths' out to limit every request, or give prefixes such as '/api/'.",
      lesson: 'LIM-4', path: 'test/fd', setting: 'clientIpRateLimit.paths',
    });
  });

  it('fails when there are 11 paths, over Azure\'s 10 string match values per condition (LIM-4)', () => {
    const paths = Array.from({ length: 11 }, (_, i) => `/p${i}/`);
    expect(refusalOf(refusal({ paths }))).toEqual({
      message: '[AZURE] test/fd: clientIpRateLimit.paths = 11: Front Door takes at most 10 string match values per match condition (azurerm 4.55 lets up to 600 through at plan; Azure refuses the policy at apply). Fix: give at most 10 prefixes, e.g. a shorter prefix they share.',
      lesson: 'AZURE', path: 'test/fd', setting: 'clientIpRateLimit.paths',
    });
  });

  it('accepts 10 paths, the limit', () => {
    const paths = Array.from({ length: 10 }, (_, i) => `/p${i}/`);
    const { tf } = build({ clientIpRateLimit: { ...LIMIT, paths } });
    const rule = (resourceOf(tf, 'azurerm_cdn_frontdoor_firewall_policy').custom_rule as { match_condition: { match_values: string[] }[] }[])[0];
    expect(rule.match_condition[0].match_values).toHaveLength(10);
  });

  it('fails when a path does not start with a slash (LIM-4)', () => {
    expect(refusalOf(refusal({ paths: ['/ok/', 'api/'] }))).toEqual({
      message: '[LIM-4] test/fd: clientIpRateLimit.paths = "api/": a path prefix starts with a slash. Fix: use "/api/".',
      lesson: 'LIM-4', path: 'test/fd', setting: 'clientIpRateLimit.paths',
    });
  });

  it('fails when a path carries a route-style wildcard (LIM-4)', () => {
    expect(refusalOf(refusal({ paths: ['/api/*'] }))).toEqual({
      message: "[LIM-4] test/fd: clientIpRateLimit.paths = \"/api/*\": a path prefix is matched literally: '*' is no wildcard here, and a query or fragment is no part of a path. Fix: use \"/api/\".",
      lesson: 'LIM-4', path: 'test/fd', setting: 'clientIpRateLimit.paths',
    });
  });

  it('fails when a path has a query string (LIM-4)', () => {
    expect(refusalOf(refusal({ paths: ['/search?q='] }))).toMatchObject({ lesson: 'LIM-4', setting: 'clientIpRateLimit.paths', message: expect.stringMatching(/Fix: use "\/search"\.$/) });
  });

  it('fails when a path is a Terraform reference (LIM-4)', () => {
    const stack = testStack();
    const path = new TerraformVariable(stack, 'path', { type: 'string' });
    expect(refusalOf(() => new FrontDoor(stack, 'fd', { ...BASE, clientIpRateLimit: { ...LIMIT, paths: [path.stringValue] } }))).toEqual({
      message: '[LIM-4] test/fd: clientIpRateLimit.paths = "${var.path}": a path prefix is written into a regular expression at synth, so it cannot be a Terraform reference. Fix: give the prefix as a literal, e.g. \'/api/\'.',
      lesson: 'LIM-4', path: 'test/fd', setting: 'clientIpRateLimit.paths',
    });
  });

  it('fails when a path makes a match value longer than 256 characters (LIM-4)', () => {
    const long = `/${'a'.repeat(236)}`;
    expect(refusalOf(refusal({ paths: [long] }))).toMatchObject({
      lesson: 'AZURE', setting: 'clientIpRateLimit.paths',
      message: expect.stringMatching(/: its match value is 257 characters, and a Front Door match value has at most 256\. Fix: give a shorter prefix\.$/),
    });
    expect(() => build({ clientIpRateLimit: { ...LIMIT, paths: [long.slice(0, -1)] } })).not.toThrow();
  });

  it('fails when there is neither a waf nor a policy name for the rate limit (LIM-4)', () => {
    expect(refusalOf(refusal({ policyName: undefined }))).toEqual({
      message: "[LIM-4] test/fd: clientIpRateLimit.policyName = undefined: without 'waf' the rate-limit rule needs a WAF policy of its own, and a WAF policy needs a name. Fix: give 'clientIpRateLimit.policyName' (letters and digits, starting with a letter), or add 'waf' on Premium.",
      lesson: 'LIM-4', path: 'test/fd', setting: 'clientIpRateLimit.policyName',
    });
  });

  it('fails when the rate-limit policy name has a hyphen', () => {
    expect(refusalOf(refusal({ policyName: 'rl-test' }))).toMatchObject({
      lesson: 'AZURE', setting: 'clientIpRateLimit.policyName', message: expect.stringMatching(/^\[AZURE\] test\/fd: clientIpRateLimit\.policyName = "rl-test": Azure rejects this Front Door WAF policy name/),
    });
  });

  it('fails when a policy name is given next to a waf, since an endpoint takes one WAF policy (LIM-4)', () => {
    expect(refusalOf(refusal({ policyName: 'rlTest' }, { sku: FrontDoorSku.PREMIUM, waf: { name: 'wafTest' } }))).toEqual({
      message: '[LIM-4] test/fd: clientIpRateLimit.policyName = "rlTest": with \'waf\' the rate-limit rule goes into the WAF policy "wafTest", and an endpoint takes one WAF policy. Fix: leave \'clientIpRateLimit.policyName\' out.',
      lesson: 'LIM-4', path: 'test/fd', setting: 'clientIpRateLimit.policyName',
    });
  });

  it('fails when the rate limit comes with a waf on Standard: the managed rule sets need Premium, the rate limit does not', () => {
    expect(refusalOf(refusal({ policyName: undefined }, { waf: { name: 'wafTest' } }))).toMatchObject({
      lesson: 'AZURE', setting: 'waf', message: expect.stringMatching(/^\[AZURE\] test\/fd: waf = "wafTest": Front Door Standard has no managed WAF rule sets\./),
    });
  });
});
