import { TerraformVariable, Testing } from 'cdktf';
import { StreamingApi } from '../../constructs/api-management/streaming-api';
import { StreamingCallerCheck } from '../../constructs/api-management/streaming-callers';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { LessonsCheck } from '../../constructs/stack/lessons-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { FrontDoor, FrontDoorLogField, FrontDoorProps, FrontDoorSku, WafMode } from '../../constructs/front-door/front-door';
import { FRONT_DOOR_PROPS, gateway } from '../support/fixtures';
import { refusalOf } from '../support/refusal';
import { TerraformJson, resourceOf, resourcesOf, synth, testStack, warningsOf } from '../support/synth';
import { PreflightManifests } from '../../constructs/stack/preflight-manifest';

const BASE: FrontDoorProps = FRONT_DOOR_PROPS;

function build(props: Partial<FrontDoorProps> = {}) {
  const stack = testStack();
  const frontDoor = new FrontDoor(stack, 'fd', { ...BASE, ...props });
  return { stack, frontDoor, tf: synth(stack) };
}

type Diagnostic = { enabled_log: { category: string }[]; log_analytics_destination_type?: string; target_resource_id: string };

const profileRef = expect.stringMatching(/^\$\{azurerm_cdn_frontdoor_profile\.fd_profile_[0-9A-F]+\.id\}$/);

const originRef = expect.stringMatching(/^\$\{azurerm_cdn_frontdoor_origin\.fd_origin_[0-9A-F]+\.id\}$/);
const originGroupRef = expect.stringMatching(/^\$\{azurerm_cdn_frontdoor_origin_group\.fd_origin-group_[0-9A-F]+\.id\}$/);

describe('FrontDoor defaults', () => {
  // Built for each test, not once for the block, so mutation testing sees which test covers what.
  let tf: TerraformJson;
  let frontDoor: FrontDoor;
  let profile: Record<string, unknown>;
  beforeEach(() => {
    ({ tf, frontDoor } = build());
    profile = resourceOf(tf, 'azurerm_cdn_frontdoor_profile', 'fd/profile');
  });

  it('waits 240 s for the origin and reports it as a timeout layer (EDGE-1)', () => {
    expect(profile.response_timeout_seconds).toBe(240);
    expect(frontDoor.timeoutLayer).toEqual({ layer: 'Front Door origin response timeout', timeoutSeconds: 240, constructPath: 'test/fd' });
  });

  it('uses the Standard SKU', () => {
    expect(profile).toMatchObject({ name: 'afd-test', sku_name: 'Standard_AzureFrontDoor', resource_group_name: 'rg-test' });
  });

  it('creates the endpoint on the profile', () => {
    expect(resourceOf(tf, 'azurerm_cdn_frontdoor_endpoint', 'fd/endpoint')).toEqual({ name: 'fde-test', cdn_frontdoor_profile_id: profileRef });
  });

  it('routes /* over HTTPS only, without redirect and without a cache block (EDGE-4)', () => {
    const route = resourceOf(tf, 'azurerm_cdn_frontdoor_route', 'fd/route-default');
    expect(route).toMatchObject({
      name: 'default',
      patterns_to_match: ['/*'],
      supported_protocols: ['Https'],
      forwarding_protocol: 'HttpsOnly',
      https_redirect_enabled: false,
      link_to_default_domain: true,
      cdn_frontdoor_origin_ids: [originRef],
      cdn_frontdoor_origin_group_id: originGroupRef,
    });
    expect(route).not.toHaveProperty('cache');
  });

  it('probes the origin over HTTPS on the API Management status endpoint', () => {
    expect(resourceOf(tf, 'azurerm_cdn_frontdoor_origin_group', 'fd/origin-group')).toEqual({
      name: 'origin',
      cdn_frontdoor_profile_id: profileRef,
      session_affinity_enabled: false,
      load_balancing: { sample_size: 4, successful_samples_required: 3 },
      health_probe: { protocol: 'Https', path: '/status-0123456789abcdef', request_type: 'GET', interval_in_seconds: 100 },
    });
  });

  it('checks the origin certificate name', () => {
    expect(resourceOf(tf, 'azurerm_cdn_frontdoor_origin', 'fd/origin')).toMatchObject({
      name: 'origin',
      cdn_frontdoor_origin_group_id: originGroupRef,
      host_name: 'apim-test-unit.azure-api.net',
      origin_host_header: 'apim-test-unit.azure-api.net',
      https_port: 443,
      certificate_name_check_enabled: true,
      enabled: true,
    });
  });

  it('sends access and health-probe logs to AzureDiagnostics (no destination type)', () => {
    const diag = resourceOf(tf, 'azurerm_monitor_diagnostic_setting', 'fd/diagnostics') as unknown as Diagnostic;
    expect(diag.target_resource_id).toEqual(profileRef);
    expect(diag.enabled_log).toEqual([{ category: 'FrontDoorAccessLog' }, { category: 'FrontDoorHealthProbeLog' }]);
    expect(diag).not.toHaveProperty('log_analytics_destination_type');
  });

  it('creates no WAF', () => {
    expect(resourcesOf(tf, 'azurerm_cdn_frontdoor_firewall_policy')).toEqual({});
    expect(resourcesOf(tf, 'azurerm_cdn_frontdoor_security_policy')).toEqual({});
  });
});

describe('FrontDoor log scrubbing (SEC-1)', () => {
  it('masks every query-string value in the access log by default, so ?access_token= is not kept', () => {
    const { tf, frontDoor } = build();
    expect(resourceOf(tf, 'azurerm_cdn_frontdoor_profile', 'fd/profile').log_scrubbing_rule).toEqual([{ match_variable: 'QueryStringArgNames' }]);
    expect(frontDoor.logScrubbing).toEqual([FrontDoorLogField.QUERY_STRING_ARGUMENTS]);
  });

  it('masks the same fields in the WAF log as Azure\'s REST spec writes them: EqualsAny with no selector, through AzAPI (issue 27 item 6)', () => {
    const { tf, frontDoor } = build({ sku: FrontDoorSku.PREMIUM, waf: { name: 'wafTest' }, logScrubbing: [FrontDoorLogField.QUERY_STRING_ARGUMENTS, FrontDoorLogField.CLIENT_IP] });
    expect(resourceOf(tf, 'azurerm_cdn_frontdoor_profile', 'fd/profile').log_scrubbing_rule).toEqual([{ match_variable: 'QueryStringArgNames' }, { match_variable: 'RequestIPAddress' }]);
    // azurerm v4.55.0 would send `selector: ""` with each rule: it holds the scrubbing still instead.
    const policy = resourceOf(tf, 'azurerm_cdn_frontdoor_firewall_policy', 'fd/waf');
    expect(policy).not.toHaveProperty('log_scrubbing');
    expect(policy.lifecycle).toEqual({ ignore_changes: ['log_scrubbing'] });
    const policyAddress = `azurerm_cdn_frontdoor_firewall_policy.${Object.keys(resourcesOf(tf, 'azurerm_cdn_frontdoor_firewall_policy'))[0]}`;
    const scrubbing = resourceOf(tf, 'azapi_update_resource', 'fd/waf-log-scrubbing');
    expect(scrubbing).toEqual({
      type: 'Microsoft.Network/FrontDoorWebApplicationFirewallPolicies@2025-03-01',
      resource_id: `\${${policyAddress}.id}`,
      body: { properties: { policySettings: { logScrubbing: { state: 'Enabled', scrubbingRules: [
        { matchVariable: 'QueryStringArgNames', selectorMatchOperator: 'EqualsAny', state: 'Enabled' },
        { matchVariable: 'RequestIPAddress', selectorMatchOperator: 'EqualsAny', state: 'Enabled' },
      ] } } } },
      // Written again after any update of the policy: azurerm rebuilds policySettings without it.
      lifecycle: { replace_triggered_by: [policyAddress] },
    });
    for (const rule of (scrubbing.body as { properties: { policySettings: { logScrubbing: { scrubbingRules: object[] } } } }).properties.policySettings.logScrubbing.scrubbingRules) {
      expect(rule).not.toHaveProperty('selector');
    }
    expect(frontDoor.wafLogScrubbing).toBeDefined();
  });

  it('keeps every field as sent with an empty list', () => {
    const { tf, frontDoor } = build({ sku: FrontDoorSku.PREMIUM, waf: { name: 'wafTest' }, logScrubbing: [] });
    expect(resourceOf(tf, 'azurerm_cdn_frontdoor_profile', 'fd/profile').log_scrubbing_rule).toBeUndefined();
    expect(resourceOf(tf, 'azurerm_cdn_frontdoor_firewall_policy', 'fd/waf')).not.toHaveProperty('lifecycle');
    expect(resourcesOf(tf, 'azapi_update_resource')).toEqual({});
    expect(frontDoor.wafLogScrubbing).toBeUndefined();
  });

  describe('with browser tokens in query strings behind it (SEC-1.EdgeLogsQueryTokens)', () => {
    const behind = (production: boolean, logScrubbing?: FrontDoorLogField[], check = StreamingCallerCheck.entraToken('00000000-0000-0000-0000-000000000001', '5d9e1c2b-7a4f-4b3e-8c6d-2f1a0e9b8c7d')) => {
      const stack = new AzureStack(Testing.app(), { stackName: 'edge', environmentName: production ? 'prod' : 'dev', production });
      const frontDoor = new FrontDoor(stack, 'fd', { ...BASE, ...(logScrubbing ? { logScrubbing } : {}) });
      new StreamingApi(stack, 'events', { callerCheck: check, gateway: gateway(stack), name: 'events', path: 'events', backendUrl: 'https://app.example.net', frontDoorId: frontDoor.frontDoorId });
      Testing.synth(stack);
      const ids = LessonsCheck.of(stack)!.reportOf(stack).results.filter((r) => r.ruleId === 'SEC-1.EdgeLogsQueryTokens').map((r) => r.resourcePath);
      const shown = warningsOf(stack).filter((w) => w.includes('takes browser tokens in the query string'));
      expect(ids).toEqual(shown.map(() => 'edge-prod/fd'));
      return shown;
    };

    it('warns in production when logScrubbing is [] and a StreamingApi behind it takes ?access_token=', () => {
      expect(behind(true, [])).toEqual(['[SEC-1] edge-prod/fd: logScrubbing = []: edge-prod/events takes browser tokens in the query string (?access_token=), '
        + 'and this Front Door keeps query-string values in its access and WAF logs: every token lands in Log Analytics, readable by whoever reads the logs, until it expires. '
        + 'Fix: keep the default log scrubbing (FrontDoorLogField.QUERY_STRING_ARGUMENTS), or list it in logScrubbing.']);
    });

    it('does not warn with the default scrubbing or the request URI masked, outside production, or for a subscription-key API', () => {
      expect(behind(true)).toEqual([]);
      expect(behind(true, [FrontDoorLogField.REQUEST_URI])).toEqual([]);
      expect(behind(false, [])).toEqual([]);
      expect(behind(true, [], StreamingCallerCheck.subscriptionKey())).toEqual([]);
    });
  });

  it('fails when a field is one Front Door does not scrub (a header, as a caller without the enum could pass)', () => {
    expect(refusalOf(() => build({ logScrubbing: ['RequestHeaderNames' as FrontDoorLogField] })).message).toBe(
      '[SEC-1] test/fd: logScrubbing[0] = "RequestHeaderNames": Front Door scrubs only the query string, the request URI and the client IP address from its logs. Fix: use "QueryStringArgNames", "RequestUri", "RequestIPAddress" (FrontDoorLogField).');
  });

  it('fails when a field is listed twice', () => {
    expect(refusalOf(() => build({ logScrubbing: [FrontDoorLogField.REQUEST_URI, FrontDoorLogField.REQUEST_URI] })).message).toBe(
      '[SEC-1] test/fd: logScrubbing[1] = "RequestUri": the field is listed twice, and Front Door takes one scrubbing rule per field. Fix: list each field once.');
  });
});

describe('FrontDoor options', () => {
  it('creates one route per entry, each with its own patterns', () => {
    const { tf, frontDoor } = build({ routes: [{ name: 'api', patternsToMatch: ['/api/*'] }, { name: 'realtime', patternsToMatch: ['/realtime/*', '/events/*'] }] });
    expect(frontDoor.routes).toHaveLength(2);
    expect(resourceOf(tf, 'azurerm_cdn_frontdoor_route', 'fd/route-api')).toMatchObject({ name: 'api', patterns_to_match: ['/api/*'] });
    expect(resourceOf(tf, 'azurerm_cdn_frontdoor_route', 'fd/route-realtime')).toMatchObject({ name: 'realtime', patterns_to_match: ['/realtime/*', '/events/*'] });
  });

  it('accepts a Terraform reference as the origin host name', () => {
    const stack = testStack();
    const host = new TerraformVariable(stack, 'gateway-host', { type: 'string' });
    new FrontDoor(stack, 'fd', { ...BASE, originHostName: host.stringValue });
    expect(resourceOf(synth(stack), 'azurerm_cdn_frontdoor_origin', 'fd/origin')).toMatchObject({
      host_name: '${var.gateway-host}', origin_host_header: '${var.gateway-host}',
    });
  });

  it('accepts a Terraform number reference as the response timeout', () => {
    const stack = testStack();
    const timeout = new TerraformVariable(stack, 'timeout', { type: 'number' });
    new FrontDoor(stack, 'fd', { ...BASE, responseTimeoutSeconds: timeout.numberValue });
    expect(resourceOf(synth(stack), 'azurerm_cdn_frontdoor_profile').response_timeout_seconds).toBe('${var.timeout}');
  });
});

describe('FrontDoor with Premium and a WAF', () => {
  let tf: TerraformJson;
  beforeEach(() => {
    ({ tf } = build({ sku: FrontDoorSku.PREMIUM, waf: { name: 'wafTest' } }));
  });

  it('blocks with the Microsoft default rule set 2.1 in Prevention mode', () => {
    const policy = resourceOf(tf, 'azurerm_cdn_frontdoor_firewall_policy', 'fd/waf') as { mode: string; sku_name: string; managed_rule: unknown[] };
    expect(policy).toMatchObject({ name: 'wafTest', mode: 'Prevention', sku_name: 'Premium_AzureFrontDoor', enabled: true });
    expect(policy.managed_rule).toEqual([
      { type: 'Microsoft_DefaultRuleSet', version: '2.1', action: 'Block' },
      { type: 'Microsoft_BotManagerRuleSet', version: '1.1', action: 'Block' },
    ]);
  });

  it('associates the policy with the endpoint on every path', () => {
    expect(resourceOf(tf, 'azurerm_cdn_frontdoor_security_policy', 'fd/waf-association')).toEqual({
      name: 'waf',
      cdn_frontdoor_profile_id: profileRef,
      security_policies: {
        firewall: {
          cdn_frontdoor_firewall_policy_id: expect.stringMatching(/^\$\{azurerm_cdn_frontdoor_firewall_policy\.fd_waf_[0-9A-F]+\.id\}$/),
          association: {
            domain: [{ cdn_frontdoor_domain_id: expect.stringMatching(/^\$\{azurerm_cdn_frontdoor_endpoint\.fd_endpoint_[0-9A-F]+\.id\}$/) }],
            patterns_to_match: ['/*'],
          },
        },
      },
    });
  });

  it('adds the WAF log to the diagnostic setting', () => {
    const diag = resourceOf(tf, 'azurerm_monitor_diagnostic_setting', 'fd/diagnostics') as unknown as Diagnostic;
    expect(diag.enabled_log).toEqual([
      { category: 'FrontDoorAccessLog' }, { category: 'FrontDoorHealthProbeLog' }, { category: 'FrontDoorWebApplicationFirewallLog' },
    ]);
  });

  it('keeps Detection mode when asked', () => {
    const { tf: detection } = build({ sku: FrontDoorSku.PREMIUM, waf: { name: 'wafTest', mode: WafMode.DETECTION } });
    expect(resourceOf(detection, 'azurerm_cdn_frontdoor_firewall_policy').mode).toBe('Detection');
  });
});

describe('FrontDoor refusals', () => {
  const refusal = (props: Partial<FrontDoorProps>) => () => build(props);

  it('fails when responseTimeoutSeconds is 300, above the 240 s ceiling (EDGE-1)', () => {
    expect(refusal({ responseTimeoutSeconds: 300 })).toThrow(
      /^\[EDGE-1\] test\/fd: responseTimeoutSeconds = 300: Front Door's origin response timeout goes from 16 to 240 s\. Fix: use 240/);
  });

  it('fails when responseTimeoutSeconds is 10, below Front Door\'s 16 s minimum (EDGE-1)', () => {
    expect(refusal({ responseTimeoutSeconds: 10 })).toThrow(/^\[EDGE-1\] test\/fd: responseTimeoutSeconds = 10: /);
  });

  it('fails when a WAF is asked on the Standard SKU', () => {
    expect(refusal({ waf: { name: 'wafTest' } })).toThrow(
      /^\[AZURE\] test\/fd: waf = "wafTest": Front Door Standard has no managed WAF rule sets\. Fix: use sku 'Premium_AzureFrontDoor'/);
  });

  it('fails when the WAF mode is neither Prevention nor Detection', () => {
    expect(refusalOf(refusal({ sku: FrontDoorSku.PREMIUM, waf: { name: 'wafTest', mode: 'Off' as WafMode } })))
      .toMatchObject({ lesson: 'AZURE', path: 'test/fd', setting: 'waf.mode', message: expect.stringMatching(/^\[AZURE\] test\/fd: waf\.mode = "Off": /) });
  });

  it('fails when a route name is 1 character, naming the route', () => {
    expect(refusalOf(refusal({ routes: [{ name: 'a', patternsToMatch: ['/a/*'] }] })))
      .toMatchObject({ lesson: 'AZURE', path: 'test/fd', setting: 'routes.a.name' });
  });

  it('fails when the WAF name has a hyphen', () => {
    expect(refusal({ sku: FrontDoorSku.PREMIUM, waf: { name: 'waf-test' } })).toThrow(
      /^\[AZURE\] test\/fd: waf\.name = "waf-test": Azure rejects this Front Door WAF policy name/);
  });

  it('fails when a route pattern lacks a leading slash', () => {
    expect(refusal({ routes: [{ name: 'api', patternsToMatch: ['api/*'] }] })).toThrow(
      /^\[AZURE\] test\/fd: routes\.api\.patternsToMatch = "api\/\*": Front Door route patterns start with a slash\. Fix: use "\/api\/\*"\./);
  });

  it('fails when the profile name is 1 character', () => {
    expect(refusal({ profileName: 'a' })).toThrow(
      /^\[AZURE\] test\/fd: profileName = "a": Azure rejects this Front Door profile name \(1 characters\)\. Fix: use 2-90 characters/);
  });

  it('fails when the SKU is not a Standard/Premium SKU name', () => {
    expect(refusal({ sku: 'Premium' as FrontDoorSku })).toThrow(/^\[AZURE\] test\/fd: sku = "Premium": /);
  });

  it('fails when the health probe path lacks its leading slash', () => {
    expect(refusal({ healthProbePath: 'status' })).toThrow(/^\[AZURE\] test\/fd: healthProbePath = "status"/);
  });

  it('fails when the endpoint name ends with a hyphen', () => {
    expect(refusal({ endpointName: 'fde-' })).toThrow(/^\[AZURE\] test\/fd: endpointName = "fde-": Azure rejects this Front Door endpoint name/);
  });

  it('fails when the origin host name is a URL', () => {
    expect(refusalOf(refusal({ originHostName: 'https://x.azure-api.net' }))).toEqual({
      message: '[AZURE] test/fd: originHostName = "https://x.azure-api.net": this is a URL, and a host name has no scheme, path or port. Fix: give the host only, e.g. "x.azure-api.net".',
      lesson: 'AZURE', path: 'test/fd', setting: 'originHostName',
    });
  });

  it('fails when the origin host name has a path', () => {
    expect(refusalOf(refusal({ originHostName: 'x.azure-api.net/api' })).message).toMatch(
      /^\[AZURE\] test\/fd: originHostName = "x\.azure-api\.net\/api": this is a URL, .* Fix: give the host only, e\.g\. "x\.azure-api\.net"\.$/);
  });

  it('fails when the origin host name is not a DNS name', () => {
    expect(refusalOf(refusal({ originHostName: 'apim_test.azure-api.net' }))).toEqual({
      message: '[AZURE] test/fd: originHostName = "apim_test.azure-api.net": this is not a DNS host name. Fix: give a host name such as apim-x.azure-api.net.',
      lesson: 'AZURE', path: 'test/fd', setting: 'originHostName',
    });
  });

  it('fails when two routes share a name (Front Door route names are unique per endpoint)', () => {
    const r = refusalOf(refusal({ routes: [{ name: 'api', patternsToMatch: ['/a/*'] }, { name: 'api', patternsToMatch: ['/b/*'] }] }));
    expect(r).toEqual({
      message: '[AZURE] test/fd: routes = "api": two routes share this name: Front Door route names are unique per endpoint. Fix: give every route its own name.',
      lesson: 'AZURE', path: 'test/fd', setting: 'routes',
    });
  });

  it('fails when two route names differ only in case', () => {
    expect(refusalOf(refusal({ routes: [{ name: 'api', patternsToMatch: ['/a/*'] }, { name: 'API', patternsToMatch: ['/b/*'] }] })))
      .toMatchObject({ lesson: 'AZURE', setting: 'routes', message: expect.stringMatching(/^\[AZURE\] test\/fd: routes = "API": two routes share this name/) });
  });

  it('fails when two routes match the same pattern', () => {
    const r = refusalOf(refusal({ routes: [{ name: 'api', patternsToMatch: ['/api/*'] }, { name: 'legacy', patternsToMatch: ['/old/*', '/api/*'] }] }));
    expect(r).toEqual({
      message: '[AZURE] test/fd: routes.legacy.patternsToMatch = "/api/*": route api already matches this pattern, and Front Door refuses two routes with the same pattern on one endpoint. Fix: give each pattern to one route.',
      lesson: 'AZURE', path: 'test/fd', setting: 'routes.legacy.patternsToMatch',
    });
  });

  it('fails when a route has no patterns', () => {
    const r = refusalOf(refusal({ routes: [{ name: 'api', patternsToMatch: [] }] }));
    expect(r).toEqual({
      message: '[AZURE] test/fd: routes.api.patternsToMatch = []: a route without patterns matches nothing. Fix: give at least one pattern, e.g. "/api/*".',
      lesson: 'AZURE', path: 'test/fd', setting: 'routes.api.patternsToMatch',
    });
  });

  it('fails when responseTimeoutSeconds is Infinity, and the message shows Infinity (EDGE-1)', () => {
    expect(refusalOf(refusal({ responseTimeoutSeconds: Infinity }))).toMatchObject({
      lesson: 'EDGE-1', setting: 'responseTimeoutSeconds', message: expect.stringMatching(/^\[EDGE-1\] test\/fd: responseTimeoutSeconds = Infinity: /),
    });
  });
});

describe('FrontDoor deploy requirements', () => {
  it('declares the endpoint name, which another profile of the tenant must not hold, with its profile and group', () => {
    const { stack } = build();
    expect(PreflightManifests.of(stack).requirements.filter((r) => r.kind === 'global-name')).toEqual([{
      kind: 'global-name', resourceType: 'Microsoft.Cdn/profiles/afdEndpoints', name: 'fde-test', resourceGroupName: 'rg-test', parentName: 'afd-test',
      reason: 'the endpoint\'s host name is made from its name: another profile of the tenant must not hold it.', neededBy: ['test/fd'],
    }]);
  });
});
