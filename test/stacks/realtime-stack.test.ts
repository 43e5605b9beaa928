import { describe, expect, it } from 'vitest';
import { StreamingCallerCheckKind } from '../../constructs/api-management/streaming-callers';
import { StreamingRoutes } from '../../constructs/api-management/streaming-routes';
import { DEFAULT_ENVIRONMENTS } from '../../src/environments';
import { RealtimeSettings } from '../../stacks/realtime-stack';
import { policySchemaAvailable, policySchemaSkipReason } from '../support/apim-policy-schema';
import { synthAll } from '../support/app';
import { validatePolicyDeep } from '../support/policy-xsd';
import { ReportStatus } from '../../constructs/lessons-check/report';
import { errorsOf, resourceOf, resourcesOf, warningsOf } from '../support/synth';

const stacks = synthAll().filter((s) => s.name.startsWith('realtime-'));
const byName = (name: string) => stacks.find((s) => s.name === name)!.tf;

describe('RealtimeStack snapshots', () => {
  it('synthesizes realtime-dev and realtime-prod from the embedded environments', () => {
    expect(stacks.map((s) => s.name)).toEqual(['realtime-dev', 'realtime-prod']);
  });

  for (const { name, tf } of stacks) {
    it(`matches the snapshot of ${name}`, () => {
      expect(tf).toMatchSnapshot();
    });
  }
});

describe('RealtimeStack wiring', () => {
  it('puts Front Door at 240 s in front of the gateway (EDGE-1)', () => {
    for (const { tf } of stacks) {
      expect(resourceOf(tf, 'azurerm_cdn_frontdoor_profile').response_timeout_seconds).toBe(240);
      expect(resourceOf(tf, 'azurerm_cdn_frontdoor_origin').host_name).toMatch(/^\$\{trimprefix\(azurerm_api_management\.gateway_service_[0-9A-F]+\.gateway_url, "https:\/\/"\)\}$/);
    }
  });

  it('uses Standard Front Door without WAF in dev and Premium with a prevention-mode WAF in prod', () => {
    expect(resourceOf(byName('realtime-dev'), 'azurerm_cdn_frontdoor_profile').sku_name).toBe('Standard_AzureFrontDoor');
    expect(resourcesOf(byName('realtime-dev'), 'azurerm_cdn_frontdoor_firewall_policy')).toEqual({});
    expect(resourceOf(byName('realtime-prod'), 'azurerm_cdn_frontdoor_profile').sku_name).toBe('Premium_AzureFrontDoor');
    expect(resourceOf(byName('realtime-prod'), 'azurerm_cdn_frontdoor_firewall_policy').mode).toBe('Prevention');
  });

  it('points the streaming API at the auto app and the WebSocket API at its wss endpoint (ING-1)', () => {
    const tf = byName('realtime-dev');
    const api = resourceOf(tf, 'azurerm_api_management_api', 'streaming-api');
    const ws = resourceOf(tf, 'azapi_resource', 'websocket-api') as { type: string; body: { properties: Record<string, unknown> } };
    expect(api.service_url).toMatch(/^https:\/\/\$\{azurerm_container_app\.app_http-app_[0-9A-F]+\.ingress\[0\]\.fqdn\}$/);
    expect(ws.type).toBe('Microsoft.ApiManagement/service/apis@2024-05-01');
    expect(ws.body.properties).toMatchObject({ type: 'websocket', protocols: ['wss'], path: 'ws' });
    expect(ws.body.properties.serviceUrl).toMatch(/^wss:\/\/\$\{azurerm_container_app\.app_http-app_[0-9A-F]+\.ingress\[0\]\.fqdn\}\/ws$/);
  });

  it('creates the WebSocket API through AzAPI, so a first plan does not meet azurerm\'s websocket check on an unknown service_url', () => {
    for (const { tf } of stacks) {
      expect(resourcesOf(tf, 'azurerm_api_management_api')).not.toHaveProperty('websocket-api_E0ED4DB6');
      expect(Object.values(resourcesOf(tf, 'azurerm_api_management_api')).map((a) => a.api_type)).not.toContain('websocket');
      expect(resourceOf(tf, 'azurerm_api_management_api_operation_policy').api_name).toMatch(/^\$\{azapi_resource\.websocket-api_[0-9A-F]+\.name\}$/);
    }
  });

  it('writes the lessons report of each stack without errors or warnings: the webhook API checks Event Grid\'s Entra ID token (ACCESS), nothing is printed', () => {
    for (const { stack } of stacks) {
      const report = stack.lessonsCheck.reportOf(stack);
      expect(report.summary).toMatchObject({ errors: 0, warnings: 0 });
      expect(report.results.filter((r) => r.status === ReportStatus.NON_COMPLIANT)).toEqual([]);
      expect(report.results.filter((r) => r.ruleId === 'ACCESS.ApiCallerCheck').map((r) => r.status)).not.toContain(ReportStatus.NON_COMPLIANT);
      expect(warningsOf(stack)).toEqual([]);
      expect(report.summary.compliant).toBeGreaterThan(0);
    }
  });

  it('checks X-Azure-FDID against this environment\'s Front Door on both streaming APIs', () => {
    const tf = byName('realtime-dev');
    for (const [type, path] of [['azurerm_api_management_api_policy', 'streaming-api'], ['azurerm_api_management_api_operation_policy', undefined]] as const) {
      expect(resourceOf(tf, type, path).xml_content).toMatch(
        /<check-header name="X-Azure-FDID"[^>]*>\s*<value>\$\{azurerm_cdn_frontdoor_profile\.front-door_profile_[0-9A-F]+\.resource_guid\}<\/value>/);
    }
    expect(resourceOf(tf, 'azurerm_api_management_api_operation_policy').operation_id).toBe('onHandshake');
  });

  it('sends container console and system logs to Log Analytics without a workspace key (ING-3, SEC-1)', () => {
    const tf = byName('realtime-dev');
    expect(resourceOf(tf, 'azurerm_container_app_environment')).toMatchObject({ logs_destination: 'azure-monitor' });
    expect(resourceOf(tf, 'azurerm_container_app_environment')).not.toHaveProperty('log_analytics_workspace_id');
    expect(resourceOf(tf, 'azurerm_log_analytics_workspace').local_authentication_enabled).toBe(false);
    const setting = resourceOf(tf, 'azurerm_monitor_diagnostic_setting', 'container-apps_diagnostics');
    expect(setting).toMatchObject({
      log_analytics_destination_type: 'Dedicated',
      enabled_log: [{ category: 'ContainerAppConsoleLogs' }, { category: 'ContainerAppSystemLogs' }],
    });
    expect(setting.target_resource_id).toMatch(/^\$\{azurerm_container_app_environment\.container-apps_environment_[0-9A-F]+\.id\}$/);
  });

  it('exposes the public URL, the WebSocket URL, the direct gRPC address and the topic the app publishes to', () => {
    expect(Object.keys(byName('realtime-dev').output ?? {}).sort()).toEqual(['events-endpoint', 'grpc-address', 'public-url', 'websocket-url']);
  });

  it('pulls the prod image from the shared registry with identity (SEC-2)', () => {
    const prod = byName('realtime-prod');
    expect(resourceOf(prod, 'azurerm_role_assignment', 'app_acr-pull').role_definition_name).toBe('AcrPull');
    expect(Object.values(prod.data?.azurerm_container_registry ?? {})).toEqual([
      expect.objectContaining({ name: 'crrtpshared', resource_group_name: 'rg-rtp-shared' }),
    ]);
  });

  it('tags every taggable resource with environment and stack', () => {
    for (const { name, tf } of stacks) {
      const env = name.replace('realtime-', '');
      for (const [type, items] of Object.entries(tf.resource ?? {})) {
        for (const resource of Object.values(items)) {
          if ('tags' in resource) expect(resource.tags, type).toMatchObject({ environment: env, stack: 'realtime' });
        }
      }
      expect(resourceOf(tf, 'azurerm_container_app', 'app_http-app').tags).toBeDefined();
    }
  });
});

describe('RealtimeStack refusals', () => {
  const prod = DEFAULT_ENVIRONMENTS.find((e) => e.name === 'prod')!;
  const build = (override: Partial<RealtimeSettings>) => () => synthAll([{
    ...prod, stacks: { ...prod.stacks, realtime: { ...(prod.stacks.realtime as RealtimeSettings), ...override } },
  }]);

  it('fails when prod runs the placeholder sample image', () => {
    expect(build({ image: 'mcr.microsoft.com/dotnet/samples:aspnetapp', registry: undefined })).toThrow(
      /^\[RELEASE\] realtime-prod\/app: image = "mcr\.microsoft\.com\/dotnet\/samples:aspnetapp": this is a public sample image/);
  });

  it('fails when prod runs an untagged image', () => {
    expect(build({ image: 'crrtpshared.azurecr.io/realtime/patterns' })).toThrow(/^\[RELEASE\] realtime-prod\/app: image = "crrtpshared\.azurecr\.io\/realtime\/patterns": an untagged/);
  });

  it('fails when prod runs a latest image', () => {
    expect(build({ image: 'crrtpshared.azurecr.io/realtime/patterns:latest' })).toThrow(/^\[RELEASE\] realtime-prod\/app: image = .*:latest"/);
  });

  it('accepts a digest-pinned prod image', () => {
    expect(build({ image: `crrtpshared.azurecr.io/realtime/patterns@sha256:${'a'.repeat(64)}` })).not.toThrow();
  });

  it('fails when a long-poll hold reaches the shortest timeout on the path (EDGE-2)', () => {
    expect(build({ routes: [StreamingRoutes.longPolling('hold', '/hold', 240)] })).toThrow(
      /^\[EDGE-2\] realtime-prod\/streaming-api: routes\.hold\.holdSeconds = 240: the shortest timeout on this route's path is 240 s, from Front Door origin response timeout \(240 s, set by realtime-prod\/front-door\) and Container Apps ingress request timeout \(240 s, set by realtime-prod\/app\) and API Management forward-request timeout \(240 s, set by realtime-prod\/streaming-api\)/);
  });

  it('fails when two environments share a name prefix (globally unique API Management name)', () => {
    const dev = DEFAULT_ENVIRONMENTS.find((e) => e.name === 'dev')!;
    expect(() => synthAll([dev, { ...dev, name: 'test' }])).toThrow(
      /^\[AZURE\] realtime-test\/gateway: name = "apim-rtp-dev-realtime": API Management service names are unique across Azure, and realtime-dev\/gateway in this app already uses it/);
  });
});

describe.skipIf(!policySchemaAvailable())(`every generated policy against the APIM policy XSD${policySchemaSkipReason()}`, () => {
  const policies = stacks.flatMap(({ name, tf }) => Object.entries(tf.resource ?? {})
    .filter(([type]) => type.startsWith('azurerm_api_management') && type.endsWith('_policy'))
    .flatMap(([type, items]) => Object.entries(items).map(([id, r]) => ({ where: `${name} ${type}.${id}`, xml: r.xml_content as string }))));

  it('finds the streaming, WebSocket and webhook policies of every stack', () => {
    expect(policies.length).toBe(stacks.length * 3);
  });

  for (const policy of policies) {
    it(`validates ${policy.where}`, async () => {
      expect(await validatePolicyDeep(policy.xml)).toEqual({ valid: true, errors: [] });
    });
  }
});

describe('RealtimeStack on the private network and at the edge (issue 12)', () => {
  const prod = byName('realtime-prod');
  const dev = byName('realtime-dev');

  it('runs prod in a zone-redundant environment in its subnet, still external: clients reach gRPC and WebSockets directly', () => {
    const environment = resourceOf(prod, 'azurerm_container_app_environment');
    expect(environment).toMatchObject({ zone_redundancy_enabled: true, workload_profile: [{ name: 'Consumption', workload_profile_type: 'Consumption' }] });
    expect(environment.infrastructure_subnet_id).toMatch(/^\$\{azurerm_subnet_network_security_group_association\.network_nsg-association-container-apps_[0-9A-F]+\.subnet_id\}$/);
    expect(environment.internal_load_balancer_enabled).toBeUndefined();
    expect(resourceOf(prod, 'azurerm_virtual_network').address_space).toEqual(['10.40.0.0/20']);
    const apps = Object.values(resourcesOf(prod, 'azurerm_container_app')) as { template: { min_replicas: number } }[];
    expect(apps).toHaveLength(2);
    for (const app of apps) expect(app.template.min_replicas).toBe(3);
  });

  it('limits each client IP to 1000 requests a minute at prod\'s Front Door, next to the managed rules (LIM-4)', () => {
    const policy = resourceOf(prod, 'azurerm_cdn_frontdoor_firewall_policy') as { mode: string; custom_rule: Record<string, unknown>[] };
    expect(policy.mode).toBe('Prevention');
    expect(policy.custom_rule).toEqual([expect.objectContaining({
      name: 'ClientIpRateLimit', type: 'RateLimitRule', action: 'Block', rate_limit_threshold: 1000, rate_limit_duration_in_minutes: 1,
    })]);
  });

  it('takes prod\'s events on the topic\'s private endpoint only; the apps publish from the network (SEC-1)', () => {
    expect(resourceOf(prod, 'azurerm_eventgrid_topic').public_network_access_enabled).toBe(false);
    expect(resourceOf(prod, 'azurerm_private_endpoint')).toMatchObject({
      name: 'pe-evgt-rtp-prod-realtime', private_service_connection: { subresource_names: ['topic'] },
    });
    expect(resourceOf(dev, 'azurerm_eventgrid_topic').public_network_access_enabled).toBe(true);
  });

  it('starts prod\'s apps after their EventGrid Data Sender role on the topic and the topic\'s endpoint: they publish from the first revision', () => {
    const sender = Object.entries(resourcesOf(prod, 'azurerm_role_assignment')).find(([, r]) => r.role_definition_name === 'EventGrid Data Sender');
    expect(sender).toBeDefined();
    const [endpointId] = Object.keys(resourcesOf(prod, 'azurerm_private_endpoint'));
    for (const app of Object.values(resourcesOf(prod, 'azurerm_container_app'))) {
      expect(app.depends_on).toEqual(expect.arrayContaining([`azurerm_role_assignment.${sender![0]}`, `azurerm_private_endpoint.${endpointId}`]));
    }
  });

  it('admits only trusted services to prod\'s dead-letter storage, which Event Grid reaches with the topic\'s own identity (SEC-1)', () => {
    // Event Grid cannot write through a private endpoint: the firewall denies every other public caller.
    const storage = Object.values(resourcesOf(prod, 'azurerm_storage_account')).find((a) => a.name === 'strtpprodevents');
    expect(storage).toMatchObject({ public_network_access_enabled: true, network_rules: { default_action: 'Deny', bypass: ['AzureServices'] } });
    expect(resourceOf(prod, 'azurerm_eventgrid_event_subscription').dead_letter_identity).toEqual({ type: 'SystemAssigned' });
    const devStorage = Object.values(resourcesOf(dev, 'azurerm_storage_account')).find((a) => a.name === 'strtpdevevents');
    expect(devStorage).toMatchObject({ public_network_access_enabled: true, network_rules: { default_action: 'Allow', bypass: ['AzureServices', 'Metrics'] } });
  });

  it('leaves dev without a network and without an edge rate limit', () => {
    expect(resourcesOf(dev, 'azurerm_virtual_network')).toEqual({});
    expect(resourcesOf(dev, 'azurerm_cdn_frontdoor_firewall_policy')).toEqual({});
  });
});

describe('what holds data is protected in production (issue 12)', () => {
  it('sets prevent_destroy on every prod stack\'s Log Analytics workspace, and on no dev one', () => {
    const all = synthAll();
    expect(all).toHaveLength(8);
    for (const { name, tf } of all) {
      const workspace = resourceOf(tf, 'azurerm_log_analytics_workspace');
      expect(workspace.lifecycle).toEqual(name.endsWith('-prod') ? { prevent_destroy: true } : undefined);
    }
  });
});

describe('RealtimeStack callers (issue 19, ACCESS)', () => {
  const prod = DEFAULT_ENVIRONMENTS.find((e) => e.name === 'prod')!;
  const prodWith = (override: Partial<RealtimeSettings>) => synthAll([{
    ...prod, stacks: { ...prod.stacks, realtime: { ...(prod.stacks.realtime as RealtimeSettings), ...override } },
  }]).find((s) => s.name === 'realtime-prod')!;
  const TOKEN = { issuer: 'https://login.microsoftonline.com/11111111-2222-3333-4444-555555555555/v2.0', audience: '7a1c3e5d-2b4f-4e6a-9c8d-0f1e2d3c4b5a' };

  it('requires a subscription key on the streaming and WebSocket APIs in every environment, with a product; a demo client outside production only (its keys would be in state)', () => {
    for (const { name, tf } of stacks) {
      expect(resourceOf(tf, 'azurerm_api_management_api', 'streaming-api').subscription_required).toBe(true);
      expect((resourceOf(tf, 'azapi_resource', 'websocket-api').body as { properties: Record<string, unknown> }).properties.subscriptionRequired).toBe(true);
      expect(resourceOf(tf, 'azurerm_api_management_product')).toMatchObject({ product_id: 'realtime-clients', subscription_required: true });
      expect(Object.values(resourcesOf(tf, 'azurerm_api_management_product_api')).map((l) => l.api_name).sort()).toEqual([
        expect.stringMatching(/^\$\{azapi_resource\.websocket-api_[0-9A-F]+\.name\}$/),
        expect.stringMatching(/^\$\{azurerm_api_management_api\.streaming-api_[0-9A-F]+\.name\}$/),
      ]);
      const subscriptions = Object.values(resourcesOf(tf, 'azurerm_api_management_subscription')).map((s) => s.subscription_id);
      expect(subscriptions).toEqual(name === 'realtime-prod' ? [] : ['realtime-clients-demo-client']);
    }
  });

  it('protects webhook deliveries with Event Grid\'s Entra ID token for a registration the stack creates, the handshake still answered first', () => {
    for (const { name, tf } of stacks) {
      const app = resourceOf(tf, 'azuread_application');
      expect(app).toMatchObject({ display_name: `evgs-rtp-${name.replace('realtime-', '')}-realtime-webhooks`, sign_in_audience: 'AzureADMyOrg' });
      expect(app.app_role).toEqual([expect.objectContaining({ value: 'AzureEventGridSecureWebhookSubscriber', id: 'd31fce4d-6640-4c9a-a856-ee09892423fb' })]);
      expect(app).not.toHaveProperty('tags');
      const clientId = /^\$\{azuread_application\.webhook-registration_application_[0-9A-F]+\.client_id\}$/;
      const subscription = resourceOf(tf, 'azurerm_eventgrid_event_subscription');
      const endpoint = subscription.webhook_endpoint as Record<string, string>;
      expect(endpoint.active_directory_app_id_or_uri).toMatch(clientId);
      expect(endpoint.active_directory_tenant_id).toMatch(/^\$\{data\.azuread_client_config\.webhook-registration_client-config_[0-9A-F]+\.tenant_id\}$/);
      expect(tf.data?.azuread_service_principal).toEqual({ [Object.keys(tf.data!.azuread_service_principal)[0]]: { client_id: '4962773b-9cdb-44cf-a8bf-237846a00ab7' } });
      const assignments = Object.entries(resourcesOf(tf, 'azuread_app_role_assignment'));
      expect(assignments.map(([, a]) => a.principal_object_id).sort()).toEqual([
        expect.stringMatching(/^\$\{data\.azuread_client_config\./), expect.stringMatching(/^\$\{data\.azuread_service_principal\./),
      ]);
      // Event Grid checks the writer's role when it creates the subscription.
      for (const [id] of assignments) expect(subscription.depends_on).toContain(`azuread_app_role_assignment.${id}`);
      const xml = Object.values(resourcesOf(tf, 'azurerm_api_management_api_policy')).map((p) => p.xml_content as string).find((x) => x.includes('WebHook-Allowed-Origin'))!;
      expect(xml).toMatch(/<validate-azure-ad-token tenant-id="\$\{data\.azuread_client_config\.[^"]+\.tenant_id\}" header-name="Authorization" failed-validation-httpcode="401">/);
      expect(xml).toContain('<value>AzureEventGridSecureWebhookSubscriber</value>');
      expect(xml.indexOf('WebHook-Allowed-Origin')).toBeLessThan(xml.indexOf('<validate-azure-ad-token'));
    }
  });

  it('warns about no caller in any realtime stack: the webhook warning is gone with its cause', () => {
    for (const { stack } of stacks) {
      expect(warningsOf(stack).filter((w) => w.startsWith('[ACCESS]'))).toEqual([]);
    }
  });

  it('takes browser tokens on both streaming APIs from the query parameter, strips them and hides them in the gateway logs', async () => {
    const { tf } = prodWith({ streamingCallers: { check: StreamingCallerCheckKind.TOKEN, token: TOKEN }, webSocketCallers: { check: StreamingCallerCheckKind.TOKEN, token: TOKEN } });
    const streaming = resourceOf(tf, 'azurerm_api_management_api_policy', 'streaming-api').xml_content as string;
    const handshake = resourceOf(tf, 'azurerm_api_management_api_operation_policy').xml_content as string;
    for (const xml of [streaming, handshake]) {
      expect(xml).toContain('context.Request.Url.Query.GetValueOrDefault(&quot;access_token&quot;, &quot;&quot;)');
      expect(xml).toContain('<audience>7a1c3e5d-2b4f-4e6a-9c8d-0f1e2d3c4b5a</audience>');
      expect(xml).toContain('<set-query-parameter name="access_token" exists-action="delete" />');
      // Against Microsoft's XSD where ../shared holds it (a fresh clone without it skips only this).
      if (policySchemaAvailable()) expect(await validatePolicyDeep(xml)).toEqual({ valid: true, errors: [] });
    }
    expect(resourceOf(tf, 'azurerm_api_management_api', 'streaming-api').subscription_required).toBe(false);
    expect(resourcesOf(tf, 'azurerm_api_management_product')).toEqual({});
    expect((resourceOf(tf, 'azurerm_api_management_diagnostic').frontend_request as Record<string, unknown>).data_masking)
      .toEqual({ query_params: [{ mode: 'Hide', value: 'access_token' }] });
  });

  it('fails when a token check has no issuer and audience (ACCESS)', () => {
    expect(() => prodWith({ streamingCallers: { check: StreamingCallerCheckKind.TOKEN } })).toThrow(
      /^\[ACCESS\] realtime-prod: realtime\.streamingCallers\.token = undefined: a token check needs the issuer and the audience/);
  });

  it('warns when prod serves a route family anonymously on purpose (ACCESS), once: ACCESS.ApiCallerCheck reports that warning, not an error', () => {
    const { stack } = prodWith({ webSocketCallers: { check: StreamingCallerCheckKind.ANONYMOUS } });
    expect(warningsOf(stack).filter((w) => w.startsWith('[ACCESS'))).toEqual([expect.stringMatching(/^\[ACCESS\] realtime-prod\/websocket-api: callerCheck = "anonymous"/)]);
    expect(errorsOf(stack)).toEqual([]);
  });

  it('takes Event Grid\'s service principal object id from realtime.eventGridServicePrincipalObjectId and looks nothing up in Graph (issue 27 item 1)', () => {
    expect(Object.keys(byName('realtime-prod').data?.azuread_service_principal ?? {})).toHaveLength(1);
    const { tf } = prodWith({ eventGridServicePrincipalObjectId: '3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a' });
    expect(tf.data?.azuread_service_principal).toBeUndefined();
    expect(resourceOf(tf, 'azuread_app_role_assignment', 'event-grid-role').principal_object_id).toBe('3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a');
  });

  it('gives the environment\'s deployerObjectIds the webhook role and the registration, so a second identity plans no change (issue 27 item 3)', () => {
    const CI = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
    const tf = synthAll([{ ...prod, deployerObjectIds: [CI] }]).find((s) => s.name === 'realtime-prod')!.tf;
    expect(resourceOf(tf, 'azuread_application').owners).toEqual([CI]);
    expect(resourceOf(tf, 'azuread_app_role_assignment', `deployer-role-${CI}`).principal_object_id).toBe(CI);
    expect(Object.keys(resourcesOf(tf, 'azuread_app_role_assignment')).filter((id) => /deployer-role_[0-9A-F]+$/.test(id))).toEqual([]);
  });

  it('keeps an existing environment\'s infrastructure resource group from realtime.containerAppsInfrastructureResourceGroupName (issue 27 item 7)', () => {
    expect(resourceOf(byName('realtime-prod'), 'azurerm_container_app_environment').infrastructure_resource_group_name).toMatch(/^ME_cae-rtp-prod-realtime_/);
    const { tf } = prodWith({ containerAppsInfrastructureResourceGroupName: 'ME_cae-rtp-prod-realtime_rg-rtp-prod-realtime_we' });
    expect(resourceOf(tf, 'azurerm_container_app_environment').infrastructure_resource_group_name).toBe('ME_cae-rtp-prod-realtime_rg-rtp-prod-realtime_we');
  });

  it('brings an existing webhook registration instead of creating one', () => {
    const { tf } = prodWith({ webhookApplicationId: '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0' });
    expect(resourcesOf(tf, 'azuread_application')).toEqual({});
    expect((resourceOf(tf, 'azurerm_eventgrid_event_subscription').webhook_endpoint as Record<string, string>).active_directory_app_id_or_uri)
      .toBe('0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0');
  });
});
