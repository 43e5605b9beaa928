import { TerraformResource } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ENVIRONMENTS } from '../../src/environments';
import { SAMPLE_IMAGE } from '../../stacks/stack-definition';
import { RateLimitingSettings } from '../../stacks/rate-limiting-stack';
import { policySchemaAvailable, policySchemaSkipReason } from '../support/apim-policy-schema';
import { synthAll } from '../support/app';
import { refusalOf } from '../support/refusal';
import { validatePolicyDeep } from '../support/policy-xsd';
import { idOf, ref, resourceOf, resourcesOf, TerraformJson, warningsOf } from '../support/synth';
import { publishFindings } from '../../constructs/core/findings';

const all = synthAll();
const stacks = all.filter((s) => s.name.startsWith('rate-limiting-'));
const byName = (name: string) => stacks.find((s) => s.name === name)!;
const dev = byName('rate-limiting-dev').tf;
const prod = byName('rate-limiting-prod').tf;

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const section = (xml: string, name: string) => xml.match(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`))![1].trim();
/** Element names directly below a section, in order. */
const children = (xml: string, name: string) =>
  [...xml.match(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`))![1].matchAll(/^ {4}<([a-z-]+)/gm)].map((m) => m[1]);
const SUBSCRIPTION_KEY = '@(context.Subscription?.Id ?? "anonymous")';

describe('RateLimitingStack snapshots', () => {
  it('synthesizes rate-limiting-dev and rate-limiting-prod from the embedded environments, next to the other stacks', () => {
    expect(all.map((s) => s.name)).toEqual(['realtime-dev', 'rate-limiting-dev', 'api-patterns-dev', 'payments-dev', 'realtime-prod', 'rate-limiting-prod', 'api-patterns-prod', 'payments-prod']);
  });

  for (const { name, tf } of stacks) {
    it(`matches the snapshot of ${name}`, () => {
      expect(tf).toMatchSnapshot();
    });
  }
});

describe('RateLimitingStack wiring', () => {
  it('runs the limiter on a fixed replica count (two in dev, three in the zone-redundant prod) behind an auto-transport ingress on 8080 (SCALE-3, ING-1)', () => {
    for (const { name, tf } of stacks) {
      const app = resourceOf(tf, 'azurerm_container_app') as { template: Record<string, unknown>; ingress: Record<string, unknown> };
      const replicas = name === 'rate-limiting-prod' ? 3 : 2;
      expect(app.template).toMatchObject({ min_replicas: replicas, max_replicas: replicas });
      expect(app.ingress).toMatchObject({ transport: 'auto', target_port: 8080, external_enabled: true, allow_insecure_connections: false });
    }
  });

  it('warns in neither environment: prod\'s cache answers on its private endpoint only, so the SEC-1 public-endpoint warning has no cause (issue 12)', () => {
    expect(warningsOf(byName('rate-limiting-dev').stack)).toEqual([]);
    expect(warningsOf(byName('rate-limiting-prod').stack)).toEqual([]);
    expect(resourceOf(prod, 'azurerm_managed_redis').public_network_access).toBe('Disabled');
    expect(resourceOf(dev, 'azurerm_managed_redis').public_network_access).toBe('Enabled');
  });

  it('starts the limiter only after its identity\'s Redis access policy assignment exists', () => {
    for (const { tf } of stacks) {
      const app = resourceOf(tf, 'azurerm_container_app') as { depends_on: string[] };
      expect(app.depends_on).toContain(`azapi_resource.${idOf(tf, 'azapi_resource')}`);
    }
  });

  it('gives the limiter the Redis host, port and its identity\'s client id as references, never literals or keys (SEC-1)', () => {
    for (const { tf } of stacks) {
      const app = resourceOf(tf, 'azurerm_container_app') as { template: { container: { env: { name: string; value: string }[] }[] } };
      const env = Object.fromEntries(app.template.container[0].env.map((e) => [e.name, e.value]));
      expect(env).toEqual({
        REDIS_HOST: ref(tf, 'azurerm_managed_redis', 'hostname'),
        REDIS_PORT: ref(tf, 'azurerm_managed_redis', 'default_database[0].port'),
        AZURE_CLIENT_ID: ref(tf, 'azurerm_user_assigned_identity', 'client_id', 'limiter/identity'),
      });
      expect(env.REDIS_HOST).toMatch(/^\$\{azurerm_managed_redis\.redis_cache_[0-9A-F]+\.hostname\}$/);
    }
  });

  it('runs the dev sample image in dev and the registry image, pulled with identity, in prod (SEC-2)', () => {
    const image = (tf: TerraformJson) => (resourceOf(tf, 'azurerm_container_app') as { template: { container: { image: string }[] } }).template.container[0].image;
    expect(image(dev)).toBe(SAMPLE_IMAGE);
    expect(image(prod)).toBe('crrtpshared.azurecr.io/ratelimiting/limiter:1.0.0');
    expect(resourceOf(prod, 'azurerm_container_app').registry).toEqual([{
      server: 'crrtpshared.azurecr.io', identity: ref(prod, 'azurerm_user_assigned_identity', 'id', 'limiter/identity'),
    }]);
    expect(resourceOf(prod, 'azurerm_role_assignment')).toMatchObject({ role_definition_name: 'AcrPull', scope: '${data.azurerm_container_registry.registry.id}' });
    expect(resourcesOf(dev, 'azurerm_role_assignment')).toEqual({});
  });

  it('makes Managed Redis TLS and Entra-only, highly available and protected in prod, HA off in dev (SEC-1, LIM-1, LIM-2)', () => {
    const section = (name: string) => DEFAULT_ENVIRONMENTS.find((e) => e.name === name)!.stacks.rateLimiting as RateLimitingSettings;
    const devRedisHa = section('dev').redis.highAvailability;
    const prodRedisHa = section('prod').redis.highAvailability;
    expect([devRedisHa, prodRedisHa]).toEqual([false, true]);
    for (const { tf } of stacks) {
      expect(resourceOf(tf, 'azurerm_managed_redis').default_database).toEqual({
        client_protocol: 'Encrypted', access_keys_authentication_enabled: false, clustering_policy: 'OSSCluster', eviction_policy: 'NoEviction',
      });
    }
    expect(resourceOf(dev, 'azurerm_managed_redis')).toMatchObject({ high_availability_enabled: devRedisHa, sku_name: 'Balanced_B0' });
    expect(resourceOf(dev, 'azurerm_managed_redis')).not.toHaveProperty('lifecycle');
    expect(resourceOf(prod, 'azurerm_managed_redis')).toMatchObject({
      high_availability_enabled: prodRedisHa, sku_name: 'Balanced_B1', lifecycle: { prevent_destroy: true },
    });
  });

  it('grants the limiter\'s identity the default access policy with an azapi assignment that refers to its principal id', () => {
    for (const { tf } of stacks) {
      const grant = resourceOf(tf, 'azapi_resource') as { type: string; name: string; parent_id: string; body: { properties: { accessPolicyName: string; user: { objectId: string } } } };
      expect(grant.type).toBe('Microsoft.Cache/redisEnterprise/databases/accessPolicyAssignments@2025-07-01');
      expect(grant.body.properties.accessPolicyName).toBe('default');
      expect(grant.body.properties.user.objectId).toBe(ref(tf, 'azurerm_user_assigned_identity', 'principal_id', 'limiter/identity'));
      expect(grant.body.properties.user.objectId).toMatch(/^\$\{azurerm_user_assigned_identity\.limiter_identity_[0-9A-F]+\.principal_id\}$/);
      expect(grant.parent_id).toBe(`${ref(tf, 'azurerm_managed_redis', 'id')}/databases/default`);
      expect(grant.name).toMatch(/^[A-Za-z0-9]{1,60}$/);
    }
  });

  describe('the limiter API policy (GW-1, GW-4..GW-7, EDGE-6)', () => {
    for (const { name, tf } of stacks) {
      const policy = resourceOf(tf, 'azurerm_api_management_api_policy', 'limiter-api/limits/policy');
      const xml = policy.xml_content as string;
      const inbound = unescape(section(xml, 'inbound'));

      it(`${name}: is the API's one policy and refers to the API`, () => {
        expect(Object.keys(resourcesOf(tf, 'azurerm_api_management_api_policy'))).toHaveLength(1);
        expect(policy.api_name).toBe(ref(tf, 'azurerm_api_management_api', 'name'));
      });

      it(`${name}: rate-limits 30 calls per 60 s per subscription, counting only successful calls, then sets X-Client-Id and the backend`, () => {
        expect(children(xml, 'inbound')).toEqual(['base', 'rate-limit-by-key', 'set-header', 'set-backend-service']);
        expect(inbound).toContain(`<rate-limit-by-key calls="30" renewal-period="60" counter-key="${SUBSCRIPTION_KEY}" `
          + 'increment-condition="@(context.Response.StatusCode >= 200 && context.Response.StatusCode < 400)"');
        expect(inbound).toMatch(new RegExp(`<set-header name="X-Client-Id" exists-action="override">\\s*<value>${SUBSCRIPTION_KEY.replace(/[()?.]/g, '\\$&')}</value>`));
        const backendName = resourceOf(tf, 'azurerm_api_management_backend').name;
        expect(backendName).toBe('limiter');
        // By reference, so Terraform creates the backend before the policy that names it.
        expect(inbound).toMatch(/<set-backend-service backend-id="\$\{azurerm_api_management_backend\.limiter-backend_[0-9A-F]+\.name\}" \/>/);
      });

      it(`${name}: caps 4 in-flight calls per subscription around forward-request`, () => {
        expect(unescape(section(xml, 'backend'))).toMatch(new RegExp(
          `^<limit-concurrency key="${SUBSCRIPTION_KEY.replace(/[()?.]/g, '\\$&')}" max-count="4">\\s*<forward-request timeout="60" buffer-response="true" />\\s*</limit-concurrency>$`));
      });

      it(`${name}: answers throttled calls with a problem+json 429 and Retry-After in on-error`, () => {
        const onError = unescape(section(xml, 'on-error'));
        expect(children(xml, 'on-error')).toEqual(['base', 'choose']);
        expect(onError).toContain('context.LastError.Reason == "RateLimitExceeded"');
        expect(onError).toContain('<set-status code="429" reason="Too Many Requests" />');
        expect(onError).toMatch(/<set-header name="Content-Type" exists-action="override">\s*<value>application\/problem\+json<\/value>/);
        expect(onError).toMatch(/<set-header name="Retry-After" exists-action="override">\s*<value>@\(context\.Variables\.ContainsKey\("throttleRetryAfter"\)/);
        expect(onError).toContain('"status":429');
      });
    }
  });

  it('requires a subscription on the HTTPS-only limiter API with an operation per method on /*', () => {
    for (const { tf } of stacks) {
      expect(resourceOf(tf, 'azurerm_api_management_api')).toMatchObject({
        name: 'limiter', path: 'limiter', subscription_required: true, protocols: ['https'],
        service_url: `https://${ref(tf, 'azurerm_container_app', 'ingress[0].fqdn')}`,
      });
      const operations = Object.values(resourcesOf(tf, 'azurerm_api_management_api_operation'));
      expect(operations.map((o) => `${o.method} ${o.url_template}`).sort()).toEqual(['DELETE /*', 'GET /*', 'PATCH /*', 'POST /*', 'PUT /*']);
    }
  });

  it('routes through a backend with a circuit breaker on 5xx that honours Retry-After (GW-7)', () => {
    for (const { tf } of stacks) {
      expect(resourceOf(tf, 'azurerm_api_management_backend')).toMatchObject({
        name: 'limiter', protocol: 'http', url: `https://${ref(tf, 'azurerm_container_app', 'ingress[0].fqdn')}`,
        circuit_breaker_rule: {
          accept_retry_after_enabled: true, trip_duration: 'PT1M',
          failure_condition: { count: 5, interval_duration: 'PT1M', status_code_range: [{ min: 500, max: 599 }] },
        },
      });
    }
  });

  it('publishes a product that requires subscriptions, linked to the limiter API by reference, with a demo-client subscription (GW-8)', () => {
    for (const { tf } of stacks) {
      expect(resourceOf(tf, 'azurerm_api_management_product')).toMatchObject({
        product_id: 'limiter-clients', published: true, subscription_required: true, approval_required: false,
      });
      expect(resourceOf(tf, 'azurerm_api_management_product_api')).toMatchObject({
        api_name: ref(tf, 'azurerm_api_management_api', 'name'),
        product_id: ref(tf, 'azurerm_api_management_product', 'product_id'),
      });
      expect(Object.values(resourcesOf(tf, 'azurerm_api_management_subscription'))).toEqual([expect.objectContaining({
        subscription_id: 'limiter-clients-demo-client', display_name: 'demo-client', state: 'active', allow_tracing: false,
        product_id: ref(tf, 'azurerm_api_management_product', 'id'),
      })]);
    }
  });

  it('ships the query pack with its four gateway queries', () => {
    for (const { tf } of stacks) {
      const queries = Object.values(resourcesOf(tf, 'azurerm_log_analytics_query_pack_query'));
      expect(queries).toHaveLength(4);
      for (const query of queries) expect(query.query_pack_id).toBe(ref(tf, 'azurerm_log_analytics_query_pack', 'id'));
      expect(queries.map((q) => q.display_name).sort()).toEqual([
        'Rate limiting: 429s from the gateway vs the service',
        'Rate limiting: clients retrying within 1 s of a 429',
        'Rate limiting: gateway overhead percentiles',
        'Rate limiting: rejections per subscription',
      ]);
    }
  });

  it('points every Redis metric alert at the cache and the action group (LIM-2), with the clients-gone alert in prod only', () => {
    for (const { tf } of stacks) {
      const alerts = Object.entries(resourcesOf(tf, 'azurerm_monitor_metric_alert'));
      for (const [id, alert] of alerts) {
        expect(alert.scopes, id).toEqual([ref(tf, 'azurerm_managed_redis', 'id')]);
        expect(alert.action, id).toEqual([{ action_group_id: '${azurerm_monitor_action_group.alert-group.id}' }]);
      }
      expect(resourceOf(tf, 'azurerm_monitor_action_group').email_receiver).toEqual([
        { name: 'platform', email_address: 'platform@example.com', use_common_alert_schema: true },
      ]);
    }
    const kinds = (tf: TerraformJson) => Object.keys(resourcesOf(tf, 'azurerm_monitor_metric_alert')).map((id) => id.replace(/^redis_alert-(.*)_[0-9A-F]+$/, '$1')).sort();
    expect(kinds(dev)).toEqual(['cpu', 'failures', 'memory']);
    expect(kinds(prod)).toEqual(['cpu', 'failures', 'memory', 'no-clients']);
  });

  it('states in an info annotation that the v2 gateway limits with a token bucket (GW-2)', () => {
    for (const [name, sku] of [['rate-limiting-dev', 'BasicV2_1'], ['rate-limiting-prod', 'StandardV2_1']]) {
      publishFindings(byName(name).stack);
      const infos = byName(name).stack.node.findAll().flatMap((c) => c.node.metadata
        .filter((m) => m.type === '@cdktf/info').map((m) => ({ path: c.node.path, data: String(m.data) })));
      expect(infos).toEqual([{
        path: `${name}/limiter-api/limits`,
        data: expect.stringMatching(new RegExp(`^\\[GW-2\\] ${name}/limiter-api/limits: rate-limit-by-key \\(30 calls per 60 s per the APIM subscription\\) on ${sku} is a token bucket`)),
      }]);
    }
  });

  it('tags every taggable resource with environment and stack, except the azapi child resource', () => {
    for (const { name, stack, tf } of stacks) {
      const env = name.replace('rate-limiting-', '');
      const resources = stack.node.findAll().filter((c): c is TerraformResource => c instanceof TerraformResource);
      const taggable = resources.filter((r) => 'tagsInput' in r && r.terraformResourceType !== 'azapi_resource');
      expect(taggable.length).toBeGreaterThan(10);
      for (const resource of taggable) {
        const json = tf.resource![resource.terraformResourceType][stack.getLogicalId(resource)];
        expect(json.tags, `${resource.terraformResourceType} ${resource.node.path}`).toMatchObject({ environment: env, stack: 'rate-limiting' });
      }
      for (const grant of Object.values(resourcesOf(tf, 'azapi_resource'))) expect(grant).not.toHaveProperty('tags');
      expect(taggable.map((r) => r.terraformResourceType)).toEqual(expect.arrayContaining([
        'azurerm_managed_redis', 'azurerm_container_app', 'azurerm_api_management', 'azurerm_user_assigned_identity', 'azurerm_monitor_metric_alert',
      ]));
    }
  });
});

describe('RateLimitingStack refusals', () => {
  const prodDefinition = DEFAULT_ENVIRONMENTS.find((e) => e.name === 'prod')!;
  const prodSection = prodDefinition.stacks.rateLimiting as RateLimitingSettings;
  const build = (rateLimiting: Partial<RateLimitingSettings>) => () => synthAll([{
    ...prodDefinition, stacks: { ...prodDefinition.stacks, rateLimiting: { ...prodSection, ...rateLimiting } },
  }]);

  it('fails when the alert mailbox is not an e-mail address (LIM-2 alerts would go nowhere)', () => {
    const r = refusalOf(build({ alertEmail: 'platform-team' }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'rate-limiting-prod' });
    expect(r.message).toBe('[AZURE] rate-limiting-prod: rateLimiting.alertEmail = "platform-team": the Redis alerts (LIM-2) are sent to this address; '
      + 'the action group refuses anything else. Fix: give the team mailbox, e.g. platform@contoso.com.');
  });

  it('fails when prod turns Redis high availability off (LIM-2)', () => {
    const r = refusalOf(build({ redis: { ...prodSection.redis, highAvailability: false } }));
    expect(r).toMatchObject({ lesson: 'LIM-2', path: 'rate-limiting-prod/redis' });
    expect(r.message).toMatch(/^\[LIM-2\] rate-limiting-prod\/redis: highAvailability = false: without high availability the cache is one node with no SLA: .*fails open.* Fix: leave highAvailability true in production/);
  });

  it('fails when prod runs the public sample image as the limiter (RELEASE)', () => {
    const r = refusalOf(build({ image: SAMPLE_IMAGE, registry: undefined }));
    expect(r).toMatchObject({ lesson: 'RELEASE', path: 'rate-limiting-prod/limiter' });
    expect(r.message).toMatch(/^\[RELEASE\] rate-limiting-prod\/limiter: image = "mcr\.microsoft\.com\/dotnet\/samples:aspnetapp": this is a public sample image, .* Fix: set the environment's image to your application image/);
  });

  it('fails when prod runs an untagged limiter image (RELEASE)', () => {
    expect(build({ image: 'crrtpshared.azurecr.io/ratelimiting/limiter' })).toThrow(
      /^\[RELEASE\] rate-limiting-prod\/limiter: image = "crrtpshared\.azurecr\.io\/ratelimiting\/limiter": an untagged .* Fix: pin a version tag/);
  });

  it('fails when the gateway renewal period is 301 s (GW-1)', () => {
    const r = refusalOf(build({ limits: { renewalPeriodSeconds: 301 } }));
    expect(r).toMatchObject({ lesson: 'GW-1', path: 'rate-limiting-prod/limiter-api/limits' });
    expect(r.message).toMatch(/^\[GW-1\] rate-limiting-prod\/limiter-api\/limits: rateLimit\.renewalPeriodSeconds = 301: API Management accepts a renewal period of 1-300 whole seconds\. Fix: use at most 300 s/);
  });

  it('fails when the gateway allows 0 calls (GW-1)', () => {
    const r = refusalOf(build({ limits: { calls: 0 } }));
    expect(r).toMatchObject({ lesson: 'GW-1', path: 'rate-limiting-prod/limiter-api/limits' });
    expect(r.message).toMatch(/^\[GW-1\] rate-limiting-prod\/limiter-api\/limits: rateLimit\.calls = 0: .*at least 1\. Fix: give the calls each client may make per period, e\.g\. 100\.$/);
  });

  it('fails when the gateway concurrency is 0 (GW-6)', () => {
    const r = refusalOf(build({ limits: { concurrency: 0 } }));
    expect(r).toMatchObject({ lesson: 'GW-6', path: 'rate-limiting-prod/limiter-api/limits' });
    expect(r.message).toMatch(/^\[GW-6\] rate-limiting-prod\/limiter-api\/limits: concurrency\.maxCount = 0: .*0 would reject every call with 429\. Fix: give what the backend handles at once/);
  });

  it('accepts limits at the edges of the ranges and writes them into the policy', () => {
    const [, limiter] = build({ limits: { calls: 1, renewalPeriodSeconds: 300, concurrency: 1 } })();
    const xml = unescape(resourceOf(limiter.tf, 'azurerm_api_management_api_policy').xml_content as string);
    expect(limiter.name).toBe('rate-limiting-prod');
    expect(xml).toContain('<rate-limit-by-key calls="1" renewal-period="300" ');
    expect(xml).toContain('max-count="1">');
  });
});

const policies = all.flatMap(({ name, tf }) => Object.entries(tf.resource ?? {})
  .filter(([type]) => type.startsWith('azurerm_api_management') && type.endsWith('_policy'))
  .flatMap(([type, items]) => Object.entries(items).map(([id, r]) => ({ stack: name, where: `${name} ${type}.${id}`, xml: r.xml_content as string }))));

describe('generated policies', () => {
  it('finds the policies of all eight stacks: streaming, WebSocket and webhook per realtime stack, the limiter API, the function API, and per payments stack the partner API, the provider API, its two charge operations and one product per partner', () => {
    const count = (prefix: string) => policies.filter((p) => p.stack.startsWith(prefix)).length;
    expect(all).toHaveLength(8);
    // payments: dev 2 partners + 2 APIs + 2 operations = 6; prod 10 partners + 4 = 14.
    expect([count('realtime-'), count('rate-limiting-'), count('api-patterns-'), count('payments-')]).toEqual([6, 2, 2, 20]);
  });
});

describe.skipIf(!policySchemaAvailable())(`every generated policy of every stack against the APIM policy XSD${policySchemaSkipReason()}`, () => {

  for (const policy of policies) {
    it(`validates ${policy.where}`, async () => {
      expect(await validatePolicyDeep(policy.xml)).toEqual({ valid: true, errors: [] });
    });
  }
});

describe('RateLimitingStack on the private network (issue 12)', () => {
  it('runs prod\'s limiter in an internal, zone-redundant environment in its own /20 of the environment\'s range, so X-Client-Id can only come from the gateway (GW-5)', () => {
    expect(resourceOf(prod, 'azurerm_virtual_network')).toMatchObject({ name: 'vnet-rtp-prod-ratelimit', address_space: ['10.40.16.0/20'] });
    expect(resourceOf(prod, 'azurerm_container_app_environment')).toMatchObject({
      infrastructure_subnet_id: ref(prod, 'azurerm_subnet_network_security_group_association', 'subnet_id', 'network/nsg-association-container-apps'),
      internal_load_balancer_enabled: true,
      zone_redundancy_enabled: true,
      workload_profile: [{ name: 'Consumption', workload_profile_type: 'Consumption' }],
    });
    // External ingress in an internal environment: reachable from the network, not the internet.
    expect(resourceOf(prod, 'azurerm_container_app')).toMatchObject({ workload_profile_name: 'Consumption', ingress: { external_enabled: true } });
  });

  it('sends prod\'s gateway calls into the same network, where the environment\'s private DNS zone names the limiter', () => {
    expect(resourceOf(prod, 'azurerm_api_management')).toMatchObject({
      sku_name: 'StandardV2_1',
      virtual_network_type: 'External',
      virtual_network_configuration: { subnet_id: ref(prod, 'azurerm_subnet_network_security_group_association', 'subnet_id', 'network/nsg-association-apim-outbound') },
    });
    expect(resourceOf(prod, 'azurerm_private_dns_a_record')).toMatchObject({
      name: '*', records: [ref(prod, 'azurerm_container_app_environment', 'static_ip_address')],
    });
    expect(resourceOf(prod, 'azurerm_private_dns_zone_virtual_network_link', 'container-apps/private-dns-link').virtual_network_id)
      .toBe(ref(prod, 'azurerm_virtual_network', 'id'));
  });

  it('reaches prod\'s Redis through a private endpoint in the private-endpoint subnet, with its DNS zone linked to the network (SEC-1)', () => {
    expect(resourceOf(prod, 'azurerm_private_endpoint')).toMatchObject({
      name: 'pe-redis-rtp-prod-ratelimit',
      subnet_id: ref(prod, 'azurerm_subnet_network_security_group_association', 'subnet_id', 'network/nsg-association-private-endpoints'),
      private_service_connection: { subresource_names: ['redisEnterprise'], private_connection_resource_id: ref(prod, 'azurerm_managed_redis', 'id') },
    });
    expect(Object.values(resourcesOf(prod, 'azurerm_private_dns_zone')).map((z) => z.name)).toContain('privatelink.redis.azure.net');
  });

  it('leaves dev public and cheap: no network, no private endpoint, a consumption-only environment', () => {
    for (const type of ['azurerm_virtual_network', 'azurerm_subnet', 'azurerm_private_endpoint', 'azurerm_private_dns_zone', 'azurerm_network_security_group']) {
      expect(resourcesOf(dev, type)).toEqual({});
    }
    const environment = resourceOf(dev, 'azurerm_container_app_environment');
    expect(environment.infrastructure_subnet_id).toBeUndefined();
    expect(resourceOf(dev, 'azurerm_api_management').virtual_network_type).toBeUndefined();
  });
});
