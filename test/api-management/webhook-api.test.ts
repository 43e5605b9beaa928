import { Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { EVENT_GRID_ORIGIN, EVENT_GRID_WEBHOOK_ROLE, WebhookApi, WebhookApiProps } from '../../constructs/api-management/webhook-api';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { PublicNetworkAccess } from '../../constructs/core/network';
import { EventGridTopic } from '../../constructs/event-grid/event-grid-topic';
import { EventDeliverySchema, EventSubscription, WebhookDestination } from '../../constructs/event-grid/event-subscription';
import { PolicyDocument } from '../../constructs/policy/policy-document';
import { PolicyStatement } from '../../constructs/policy/policy-statement';
import { StorageAccount } from '../../constructs/storage/storage-account';
import { policySchemaAvailable, policySchemaSkipReason } from '../support/apim-policy-schema';
import { synthAll } from '../support/app';
import { gateway, gatewayIn } from '../support/fixtures';
import { validatePolicyDeep } from '../support/policy-xsd';
import { refusalOf } from '../support/refusal';
import { TerraformJson, idOf, ref, resourceOf, resourcesOf, synth, warningsOf } from '../support/synth';

const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const WEBHOOK_APP = '6f1d2c3e-5a4b-4c3d-9e8f-7a6b5c4d3e2f';
const BACKEND = 'https://receiver.example.com/webhooks';
const FRONT_DOOR_ID = '7b0c3c5e-1d2f-4a6b-8c9d-0e1f2a3b4c5d';

/** The gateway's host as every API on the fixture gateway sees it. */
const GATEWAY_HOST = /\$\{trimprefix\(azurerm_api_management\.gateway_service_[0-9A-F]{8}\.gateway_url, "https:\/\/"\)\}/.source;

/** The handshake the gateway answers itself (HOOK-1): 200 with WebHook-Allowed-Origin for Event Grid's OPTIONS, 403 for any other origin. */
const HANDSHAKE = [
  '    <choose>',
  '      <when condition="@(context.Request.Method == &quot;OPTIONS&quot;)">',
  '        <choose>',
  '          <when condition="@(context.Request.Headers.GetValueOrDefault(&quot;WebHook-Request-Origin&quot;, &quot;&quot;) == &quot;eventgrid.azure.net&quot;)">',
  '            <return-response>',
  '              <set-status code="200" reason="OK" />',
  '              <set-header name="WebHook-Allowed-Origin" exists-action="override">',
  '                <value>eventgrid.azure.net</value>',
  '              </set-header>',
  '              <set-header name="WebHook-Allowed-Rate" exists-action="override">',
  '                <value>*</value>',
  '              </set-header>',
  '              <set-header name="Allow" exists-action="override">',
  '                <value>POST</value>',
  '              </set-header>',
  '            </return-response>',
  '          </when>',
  '          <otherwise>',
  '            <return-response>',
  '              <set-status code="403" reason="Forbidden" />',
  '            </return-response>',
  '          </otherwise>',
  '        </choose>',
  '      </when>',
  '    </choose>',
].join('\n');

/** Deliveries that are not CloudEvents: 415 as problem+json. */
const CLOUD_EVENTS_ONLY = [
  '    <choose>',
  '      <when condition="@(!context.Request.Headers.GetValueOrDefault(&quot;Content-Type&quot;, &quot;&quot;).StartsWith(&quot;application/cloudevents&quot;))">',
  '        <return-response>',
  '          <set-status code="415" reason="Unsupported Media Type" />',
  '          <set-header name="Content-Type" exists-action="override">',
  '            <value>application/problem+json</value>',
  '          </set-header>',
  '          <set-body>{&quot;type&quot;:&quot;about:blank&quot;,&quot;title&quot;:&quot;CloudEvents only&quot;,&quot;status&quot;:415,&quot;detail&quot;:&quot;Send application/cloudevents+json or application/cloudevents-batch+json.&quot;}</set-body>',
  '        </return-response>',
  '      </when>',
  '    </choose>',
].join('\n');

/**
 * Event Grid's Entra ID token (its own application, 4962773b-..., and the role the app registration
 * gives it: the deploying identity holds the role too), checked and then removed.
 */
const TOKEN = [
  `    <validate-azure-ad-token tenant-id="${TENANT}" header-name="Authorization" failed-validation-httpcode="401">`,
  '      <client-application-ids>',
  '        <application-id>4962773b-9cdb-44cf-a8bf-237846a00ab7</application-id>',
  '      </client-application-ids>',
  '      <audiences>',
  `        <audience>${WEBHOOK_APP}</audience>`,
  `        <audience>api://${WEBHOOK_APP}</audience>`,
  '      </audiences>',
  '      <required-claims>',
  '        <claim name="roles" match="any">',
  '          <value>AzureEventGridSecureWebhookSubscriber</value>',
  '        </claim>',
  '      </required-claims>',
  '    </validate-azure-ad-token>',
  '    <set-header name="Authorization" exists-action="delete" />',
].join('\n');

function stackOf(production = false) {
  return new AzureStack(Testing.app(), { stackName: 'wh', environmentName: production ? 'prod' : 'dev', production });
}

function webhookApi(props: Partial<WebhookApiProps> = {}, stack = stackOf()) {
  const api = new WebhookApi(stack, 'webhooks', {
    gateway: gateway(stack), name: 'order-webhooks', path: 'webhooks', backendUrl: BACKEND, routes: ['/events'], allowDirectCallers: true, ...props,
  });
  return { stack, api };
}

/** realtime-dev and realtime-prod, synthesized once. */
const REALTIME = synthAll().filter((s) => s.name.startsWith('realtime-'));

const policyXml = (tf: TerraformJson) => resourceOf(tf, 'azurerm_api_management_api_policy').xml_content as string;
const inboundOf = (xml: string) => xml.slice(xml.indexOf('<inbound>'), xml.indexOf('</inbound>') + '</inbound>'.length);

describe('WebhookApi: the API and its operations', () => {
  it('exposes an https-only API without subscription keys, forwarding to the receiver', () => {
    const tf = synth(webhookApi().stack);
    expect(resourceOf(tf, 'azurerm_api_management_api')).toMatchObject({
      name: 'order-webhooks', path: 'webhooks', protocols: ['https'], service_url: BACKEND, subscription_required: false,
    });
  });

  it('gives each route an OPTIONS (handshake) and a POST (deliveries) operation', () => {
    const tf = synth(webhookApi({ routes: ['/events', '/audit/v1'] }).stack);
    const operations = Object.values(resourcesOf(tf, 'azurerm_api_management_api_operation'))
      .map((o) => [o.operation_id, o.method, o.url_template, o.display_name] as string[])
      .sort(([a], [b]) => a.localeCompare(b, 'en-US'));
    expect(operations).toEqual([
      ['options-audit-v1', 'OPTIONS', '/audit/v1', 'CloudEvents handshake /audit/v1'],
      ['options-events', 'OPTIONS', '/events', 'CloudEvents handshake /events'],
      ['post-audit-v1', 'POST', '/audit/v1', 'Deliveries /audit/v1'],
      ['post-events', 'POST', '/events', 'Deliveries /events'],
    ]);
  });

  it('names Event Grid\'s origin and the secure-webhook role as Event Grid does', () => {
    expect(EVENT_GRID_ORIGIN).toBe('eventgrid.azure.net');
    expect(EVENT_GRID_WEBHOOK_ROLE).toBe('AzureEventGridSecureWebhookSubscriber');
  });
});

describe('WebhookApi: the policy (HOOK-1)', () => {
  it('answers the CloudEvents handshake for eventgrid.azure.net and refuses other origins, then lets only CloudEvents through', () => {
    const xml = policyXml(synth(webhookApi().stack));
    expect(inboundOf(xml)).toBe(`<inbound>\n    <base />\n${HANDSHAKE}\n${CLOUD_EVENTS_ONLY}\n  </inbound>`);
    expect(xml).not.toContain('validate-azure-ad-token');
  });

  it('checks Event Grid\'s Entra ID token after the handshake (which carries none) and removes it before forwarding', () => {
    const xml = policyXml(synth(webhookApi({ entraAuth: { tenantId: TENANT, applicationIdOrUri: WEBHOOK_APP } }).stack));
    expect(inboundOf(xml)).toBe(`<inbound>\n    <base />\n${HANDSHAKE}\n${TOKEN}\n${CLOUD_EVENTS_ONLY}\n  </inbound>`);
    expect(xml.match(/<application-id>/g)).toHaveLength(1);
  });

  it('keeps out callers other than the Front Door when given its id, before the handshake', () => {
    const xml = inboundOf(policyXml(synth(webhookApi({ allowDirectCallers: undefined, frontDoorId: FRONT_DOOR_ID }).stack)));
    const guard = xml.indexOf('<check-header name="X-Azure-FDID"');
    expect(guard).toBeGreaterThan(xml.indexOf('<base />'));
    expect(guard).toBeLessThan(xml.indexOf('WebHook-Request-Origin'));
    expect(xml).toContain(`<value>${FRONT_DOOR_ID}</value>`);
  });

  it('fails when neither a Front Door id nor direct callers are given', () => {
    const r = refusalOf(() => webhookApi({ allowDirectCallers: undefined }));
    expect(r.message).toBe('[ACCESS] wh-dev/webhooks: frontDoorId = undefined: without it the API answers anyone who finds the gateway host, bypassing Front Door\'s WAF and timeouts. Fix: pass frontDoorId: frontDoor.frontDoorId, or allowDirectCallers: true when another edge guards the gateway.');
  });

  it('fails with its own path and setting when the Entra ID tenant is empty', () => {
    const r = refusalOf(() => webhookApi({ entraAuth: { tenantId: ' ', applicationIdOrUri: WEBHOOK_APP } }));
    expect(r).toMatchObject({ lesson: 'ACCESS', path: 'wh-dev/webhooks', setting: 'entraAuth.tenantId' });
  });
});

describe('the webhook API waits for its operations (HOOK-1)', () => {
  it('makes its policy depend on the OPTIONS and POST operations, so the handshake never meets a 404', () => {
    const stack = stackOf(false);
    new WebhookApi(stack, 'webhooks', {
      gateway: gatewayIn(stack), name: 'hooks', path: 'hooks', backendUrl: 'https://app.example.com', routes: ['/events'], allowDirectCallers: true,
    });
    const tf = synth(stack);
    expect(resourceOf(tf, 'azurerm_api_management_api_policy').depends_on).toEqual([
      `azurerm_api_management_api_operation.${idOf(tf, 'azurerm_api_management_api_operation', 'operation-options-events')}`,
      `azurerm_api_management_api_operation.${idOf(tf, 'azurerm_api_management_api_operation', 'operation-post-events')}`,
    ]);
  });
});

describe('validate-azure-ad-token with required roles (the webhook\'s token check)', () => {
  const inbound = (statement: PolicyStatement) => inboundOf(new PolicyDocument({ inbound: [statement] }).toXml());

  it('takes a required role instead of client ids', () => {
    expect(inbound(PolicyStatement.validateEntraCaller({ tenantId: TENANT, audience: 'api://order-webhooks', requiredRoles: ['AzureEventGridSecureWebhookSubscriber'] }))).toBe([
      '<inbound>',
      '    <base />',
      `    <validate-azure-ad-token tenant-id="${TENANT}" header-name="Authorization" failed-validation-httpcode="401">`,
      '      <audiences>',
      '        <audience>api://order-webhooks</audience>',
      '      </audiences>',
      '      <required-claims>',
      '        <claim name="roles" match="any">',
      '          <value>AzureEventGridSecureWebhookSubscriber</value>',
      '        </claim>',
      '      </required-claims>',
      '    </validate-azure-ad-token>',
      '  </inbound>',
    ].join('\n'));
  });

  it('fails when neither client ids nor a required role are given: every application of the tenant would be let in', () => {
    const r = refusalOf(() => PolicyStatement.validateEntraCaller({ tenantId: TENANT, audience: WEBHOOK_APP, clientApplicationIds: [], requiredRoles: [] }));
    expect(r.message).toBe('[ACCESS] validate-azure-ad-token: clientApplicationIds = []: without client ids or a required role every application of the tenant that gets a token for the audience is let in. Fix: give the client id of each caller\'s managed identity, or the app role the callers are assigned.');
  });
});

describe('WebhookApi.destination (HOOK-1)', () => {
  function subscribed(props: Partial<WebhookApiProps> = {}, receiver?: { name: string; warmInstances: number }) {
    const { stack, api } = webhookApi(props);
    const topic = new EventGridTopic(stack, 'topic', { name: 'evgt-orders', resourceGroupName: 'rg', location: 'westeurope' });
    const deadLetters = new StorageAccount(stack, 'storage', { name: 'stwebhooks', resourceGroupName: 'rg', location: 'westeurope', publicNetworkAccess: PublicNetworkAccess.ENABLED }).addContainer('dead-letters');
    new EventSubscription(stack, 'subscription', { topic, name: 'orders', webhook: api.destination('/events', receiver), deadLetterContainer: deadLetters });
    const tf = synth(stack);
    return { stack, api, tf, webhook: resourceOf(tf, 'azurerm_eventgrid_event_subscription').webhook_endpoint as Record<string, unknown> };
  }

  it('makes the subscription wait for the API\'s policy, which answers the handshake Event Grid sends on creation (HOOK-1)', () => {
    const { tf } = subscribed();
    const [policyId] = Object.keys(resourcesOf(tf, 'azurerm_api_management_api_policy'));
    const dependsOn = resourceOf(tf, 'azurerm_eventgrid_event_subscription').depends_on as string[];
    expect(dependsOn[0]).toBe(`azurerm_api_management_api_policy.${policyId}`);
    expect(dependsOn.filter((d) => d.startsWith('azurerm_api_management_api_policy.'))).toHaveLength(1);
  });

  it('gives the gateway\'s URL of the route, and marks the handshake as the gateway\'s', () => {
    const { api } = webhookApi();
    const destination = api.destination('/events');
    expect(destination.handshakeAnsweredByGateway).toBe(true);
    expect(destination).not.toHaveProperty('entraAuth');
    expect(destination).not.toHaveProperty('receiver');
    const { webhook } = subscribed();
    expect(webhook).toEqual({
      url: expect.stringMatching(new RegExp(`^https://${GATEWAY_HOST}/webhooks/events$`)),
      max_events_per_batch: 1,
      preferred_batch_size_in_kilobytes: 64,
    });
  });

  it('passes the API\'s Entra ID settings on, so Event Grid sends the token the policy checks', () => {
    const { api } = webhookApi({ entraAuth: { tenantId: TENANT, applicationIdOrUri: WEBHOOK_APP } });
    expect(api.destination('/events').entraAuth).toEqual({ tenantId: TENANT, applicationIdOrUri: WEBHOOK_APP });
    const { webhook } = subscribed({ entraAuth: { tenantId: TENANT, applicationIdOrUri: WEBHOOK_APP } });
    expect(webhook).toMatchObject({ active_directory_tenant_id: TENANT, active_directory_app_id_or_uri: WEBHOOK_APP });
  });

  describe('a subscription to a protected webhook API must send the token it checks (issue 28, ACCESS)', () => {
    const subscribe = (destination: (api: WebhookApi) => WebhookDestination) => {
      const { stack, api } = webhookApi({ entraAuth: { tenantId: TENANT, applicationIdOrUri: WEBHOOK_APP } });
      const topic = new EventGridTopic(stack, 'topic', { name: 'evgt-orders', resourceGroupName: 'rg', location: 'westeurope' });
      const deadLetters = new StorageAccount(stack, 'storage', { name: 'stwebhooks', resourceGroupName: 'rg', location: 'westeurope', publicNetworkAccess: PublicNetworkAccess.ENABLED }).addContainer('dead-letters');
      return () => new EventSubscription(stack, 'subscription', { topic, name: 'orders', webhook: destination(api), deadLetterContainer: deadLetters });
    };

    it('fails when the subscription sends no token to the protected API', () => {
      const r = refusalOf(subscribe((api) => {
        const { entraAuth, ...rest } = api.destination('/events');
        expect(entraAuth).toBeDefined();
        return rest;
      }));
      expect(r.message).toBe('[ACCESS] wh-dev/subscription: webhook.entraAuth = undefined: wh-dev/webhooks accepts deliveries only with Event Grid\'s Entra ID token, and this subscription sends none: every delivery answers 401 and ends dead-lettered. '
        + 'Fix: give webhook.entraAuth the API\'s registration (WebhookApi.destination(route) carries it).');
    });

    it('fails when the subscription\'s tenant or application is not the API\'s registration', () => {
      const other = '0f9e8d7c-6b5a-4c3d-9e2f-1a0b9c8d7e6f';
      expect(refusalOf(subscribe((api) => ({ ...api.destination('/events'), entraAuth: { tenantId: TENANT, applicationIdOrUri: other } })))).toMatchObject({
        lesson: 'ACCESS', setting: 'webhook.entraAuth.applicationIdOrUri',
        message: expect.stringContaining(`accepts tokens for ${WEBHOOK_APP}, and this subscription asks Event Grid for one for ${other}`),
      });
      expect(refusalOf(subscribe((api) => ({ ...api.destination('/events'), entraAuth: { tenantId: other, applicationIdOrUri: WEBHOOK_APP } })))).toMatchObject({ setting: 'webhook.entraAuth.tenantId' });
    });

    it('passes the destination the API gives, and the same registration written out', () => {
      expect(subscribe((api) => api.destination('/events'))).not.toThrow();
      expect(subscribe((api) => ({ ...api.destination('/events'), entraAuth: { tenantId: TENANT.toUpperCase(), applicationIdOrUri: WEBHOOK_APP } }))).not.toThrow();
    });
  });

  it('keeps the subscription free of the cold-receiver warning, even for a receiver with 0 warm instances', () => {
    const { stack, api } = subscribed({}, { name: 'orders-app', warmInstances: 0 });
    expect(api.destination('/events', { name: 'orders-app', warmInstances: 0 }).receiver).toEqual({ name: 'orders-app', warmInstances: 0 });
    // Only the API's own warning about deliveries without a token remains.
    expect(warningsOf(stack).filter((w) => w.startsWith('[HOOK-1]'))).toEqual([]);
  });

  it('warns when deliveries need no Entra ID token: anyone with the URL can post events (ACCESS)', () => {
    const { stack } = webhookApi();
    expect(warningsOf(stack)).toEqual([
      expect.stringMatching(/^\[ACCESS\] [^:]+: entraAuth = undefined: the webhook API takes deliveries from anyone who learns its URL: the gateway checks the route and the content type, not who sends\. Fix: give entraAuth: new WebhookRegistration\(\.\.\.\)\.entraAuth \(the stack creates the registration Event Grid asks tokens for\)/),
    ]);
    expect(warningsOf(webhookApi({ entraAuth: { tenantId: TENANT, applicationIdOrUri: WEBHOOK_APP } }).stack)).toEqual([]);
  });

  it('fails when a gateway-answered destination gets Event Grid\'s schema: the policy answers only the CloudEvents OPTIONS handshake (HOOK-1)', () => {
    // The validation event of EventGridSchema is a POST with application/json: this policy answers
    // it 415, and a static policy cannot echo its validation code (docs/decisions/webhook-handshake.md).
    const { stack, api } = webhookApi();
    const topic = new EventGridTopic(stack, 'topic', { name: 'evgt-orders', resourceGroupName: 'rg', location: 'westeurope' });
    const deadLetters = new StorageAccount(stack, 'storage', { name: 'stwebhooks', resourceGroupName: 'rg', location: 'westeurope' }).addContainer('dead-letters');
    const r = refusalOf(() => new EventSubscription(stack, 'subscription', {
      topic, name: 'orders', webhook: api.destination('/events'), deadLetterContainer: deadLetters, deliverySchema: EventDeliverySchema.EVENT_GRID,
    }));
    expect(r).toMatchObject({ lesson: 'HOOK-1', path: 'wh-dev/subscription', setting: 'deliverySchema' });
  });

  it('fails when the route is not one of the API\'s', () => {
    const { api } = webhookApi({ routes: ['/events', '/audit'] });
    const r = refusalOf(() => api.destination('/other'));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'wh-dev/webhooks', setting: 'route' });
    expect(r.message).toBe('[AZURE] wh-dev/webhooks: route = "/other": the API has no such route: the handshake would answer 404. Fix: use one of /events, /audit.');
  });
});

describe('WebhookApi input', () => {
  it('fails when the backend is not HTTPS (HOOK-1)', () => {
    const r = refusalOf(() => webhookApi({ backendUrl: 'http://receiver.example.com/webhooks' }));
    expect(r).toMatchObject({ lesson: 'HOOK-1', path: 'wh-dev/webhooks', setting: 'backendUrl' });
    expect(r.message).toBe('[HOOK-1] wh-dev/webhooks: backendUrl = "http://receiver.example.com/webhooks": events would cross the network in clear text. Fix: use the receiver\'s https:// URL.');
  });

  it('fails when there are no routes: the handshake would meet a 404', () => {
    const r = refusalOf(() => webhookApi({ routes: [] }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'routes' });
    expect(r.message).toBe('[AZURE] wh-dev/webhooks: routes = []: an API without routes answers 404 to the handshake, and the subscription fails. Fix: give the receiver\'s route, e.g. \'/events\'.');
  });

  for (const route of ['events', '/', '/events/{id}', '/events/', '/with space']) {
    it(`fails when a route is ${JSON.stringify(route)}`, () => {
      const r = refusalOf(() => webhookApi({ routes: ['/events', route] }));
      expect(r.message).toBe(`[AZURE] wh-dev/webhooks: routes = ${JSON.stringify(route)}: a route is a path below the API, starting with a slash, without parameters. Fix: use e.g. '/events'.`);
    });
  }

  it('fails with a refusal naming the route when a route is listed twice', () => {
    const r = refusalOf(() => webhookApi({ routes: ['/events', '/events'] }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'wh-dev/webhooks', setting: 'routes' });
    expect(r.message.startsWith('[AZURE] wh-dev/webhooks: routes = "/events": ')).toBe(true);
  });
});

describe('RealtimeStack: the webhook API', () => {
  const stacks = REALTIME;

  it('puts realtime-webhooks on the path webhooks, forwarding to the http app\'s /webhooks, without subscription keys', () => {
    expect(stacks.map((s) => s.name)).toEqual(['realtime-dev', 'realtime-prod']);
    for (const { tf } of stacks) {
      expect(resourceOf(tf, 'azurerm_api_management_api', 'webhook-api')).toMatchObject({
        name: 'realtime-webhooks',
        path: 'webhooks',
        protocols: ['https'],
        subscription_required: false,
        service_url: expect.stringMatching(/^https:\/\/\$\{azurerm_container_app\.app_http-app_[0-9A-F]{8}\.ingress\[0\]\.fqdn\}\/webhooks$/),
      });
      const operations = Object.entries(resourcesOf(tf, 'azurerm_api_management_api_operation'))
        .filter(([id]) => id.startsWith('webhook-api_')).map(([, o]) => [o.method, o.url_template]).sort();
      expect(operations).toEqual([['OPTIONS', '/events'], ['POST', '/events']]);
    }
  });

  it('answers the handshake at the gateway, then checks Event Grid\'s token and lets only CloudEvents through, without a Front Door check (Event Grid calls the gateway directly)', () => {
    for (const { tf } of stacks) {
      const xml = resourceOf(tf, 'azurerm_api_management_api_policy', 'webhook-api/policy').xml_content as string;
      // The registration the stack creates: its client id and the deployer's tenant, as references.
      const token = TOKEN
        .replace(TENANT, `\${data.azuread_client_config.${Object.keys(tf.data!.azuread_client_config)[0]}.tenant_id}`)
        .replace(`        <audience>${WEBHOOK_APP}</audience>\n        <audience>api://${WEBHOOK_APP}</audience>`,
          `        <audience>${ref(tf, 'azuread_application', 'client_id', 'webhook-registration')}</audience>`);
      expect(inboundOf(xml)).toBe(`<inbound>\n    <base />\n${HANDSHAKE}\n${token}\n${CLOUD_EVENTS_ONLY}\n  </inbound>`);
    }
  });
});

describe.skipIf(!policySchemaAvailable())(`WebhookApi policies against the APIM policy XSD${policySchemaSkipReason()}`, () => {
  it('validates the policy without Entra ID', async () => {
    expect(await validatePolicyDeep(policyXml(synth(webhookApi().stack)))).toEqual({ valid: true, errors: [] });
  });

  it('validates the policy with Entra ID and the required role', async () => {
    expect(await validatePolicyDeep(policyXml(synth(webhookApi({ entraAuth: { tenantId: TENANT, applicationIdOrUri: WEBHOOK_APP } }).stack))))
      .toEqual({ valid: true, errors: [] });
  });

  it('validates the policy behind a Front Door', async () => {
    expect(await validatePolicyDeep(policyXml(synth(webhookApi({ allowDirectCallers: undefined, frontDoorId: FRONT_DOOR_ID }).stack))))
      .toEqual({ valid: true, errors: [] });
  });

  for (const { name, tf } of REALTIME) {
    it(`validates the webhook policy of ${name}`, async () => {
      const xml = resourceOf(tf, 'azurerm_api_management_api_policy', 'webhook-api/policy').xml_content as string;
      expect(await validatePolicyDeep(xml)).toEqual({ valid: true, errors: [] });
    });
  }
});
