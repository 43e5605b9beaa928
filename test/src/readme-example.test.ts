import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { PaymentsStack } from '../../docs/examples/consumer-rate-limits';
import { InvoicesStack } from '../../docs/examples/consumer-functions';
import { OrdersStack } from '../../docs/examples/consumer-stack';
import { ShippingPartnersStack } from '../../docs/examples/consumer-partner-api';
import { NotificationsStack } from '../../docs/examples/consumer-webhooks';
import { TerraformJson, notesOf, resourceOf } from '../support/synth';

const root = join(__dirname, '..', '..');

describe('README installing section', () => {
  it('lists the peer dependencies package.json declares, with their ranges, and no others', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Installing'), readme.indexOf('\n## ', readme.indexOf('## Installing') + 1));
    const listed = Object.fromEntries([...section.matchAll(/`([@a-z0-9/.-]+)`\s+\(`(\^[0-9.]+)`/g)].map((m) => [m[1], m[2]]));
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { peerDependencies: Record<string, string> };
    expect(listed).toEqual(pkg.peerDependencies);
  });

  it('runs no package from a registry by name with npx (a squatted name would run there), and runs the installed commands with npx --no', () => {
    // Without --no, npx in CI (no TTY) downloads and runs a package of the command's name when the bin is missing.
    for (const doc of ['README.md', 'docs/lessons.md', 'docs/languages.md', 'docs/deploy.md', 'docs/preflight.md', 'docs/examples/pipeline/pull-request.yml', 'docs/examples/pipeline/deploy.yml']) {
      const text = readFileSync(join(root, doc), 'utf8');
      expect(text, doc).not.toMatch(/npx -p |npx -y|npx --yes|npx @realtime-platform/);
      expect(text.match(/npx (?!--no )[a-z@]/g) ?? [], doc).toEqual([]);
    }
  });
});

describe('README consumer example', () => {
  for (const file of ['consumer-stack.ts', 'consumer-rate-limits.ts', 'consumer-functions.ts', 'consumer-partner-api.ts', 'consumer-webhooks.ts']) {
    it(`shows docs/examples/${file} verbatim, so the README shows code that compiles (npm run typecheck)`, () => {
      const readme = readFileSync(join(root, 'README.md'), 'utf8');
      const example = readFileSync(join(root, 'docs/examples', file), 'utf8');
      expect(readme).toContain(['```ts', example.trimEnd(), '```'].join('\n'));
    });
  }

  it('synthesizes another team\'s stack with DualIngressContainerApp and the gateway', () => {
    const stack = new OrdersStack(Testing.app(), 'dev');
    const tf = JSON.parse(Testing.synth(stack, true)) as TerraformJson;
    expect(stack.node.id).toBe('orders-dev');
    expect(resourceOf(tf, 'azurerm_container_app', 'orders_grpc-app')).toMatchObject({ ingress: { transport: 'http2', target_port: 8081 } });
    expect(resourceOf(tf, 'azurerm_container_app', 'orders_http-app').tags).toMatchObject({ owner: 'orders-team', environment: 'dev', stack: 'orders' });
    expect(resourceOf(tf, 'azurerm_api_management_api_policy').xml_content).toContain('buffer-response="false"');
  });

  it('synthesizes another team\'s rate limits on a gateway it did not create, and its grant on a Redis it did not create', () => {
    const stack = new PaymentsStack(Testing.app(), 'dev');
    const tf = JSON.parse(Testing.synth(stack, true)) as TerraformJson;
    const xml = resourceOf(tf, 'azurerm_api_management_api_policy').xml_content as string;
    expect(xml).toMatch(/<rate-limit-by-key calls="100" renewal-period="60" counter-key="@\(context\.Subscription\?\.Id/);
    expect(xml).toContain('<limit-concurrency key=');
    expect(xml).toContain('application/problem+json');
    expect(resourceOf(tf, 'azurerm_api_management_api_policy')).toMatchObject({
      api_name: '${azurerm_api_management_api.payments-api.name}', api_management_name: 'apim-platform-dev', resource_group_name: 'rg-platform-dev',
    });
    // Nothing of the platform's gateway or cache is created here: the Redis is looked up, the gateway named.
    expect(tf.resource).not.toHaveProperty('azurerm_api_management');
    expect(tf.resource).not.toHaveProperty('azurerm_managed_redis');
    expect(Object.values(tf.data?.azurerm_managed_redis ?? {})).toEqual([{ name: 'redis-platform-dev', resource_group_name: 'rg-platform-dev' }]);
    const grant = resourceOf(tf, 'azapi_resource') as { type: string; parent_id: string; body: { properties: { user: { objectId: string } } } };
    expect(grant.type).toBe('Microsoft.Cache/redisEnterprise/databases/accessPolicyAssignments@2025-07-01');
    expect(grant.parent_id).toMatch(/^\$\{data\.azurerm_managed_redis\.platform-redis_lookup_[0-9A-F]+\.id\}\/databases\/default$/);
    expect(grant.body.properties.user.objectId).toBe('${azurerm_user_assigned_identity.worker-identity.principal_id}');
    const notes = notesOf(stack);
    expect(notes).toEqual([expect.stringMatching(/^\[GW-2\] payments-dev\/partner-limits: .* on StandardV2_1 is a token bucket/)]);
  });

  it('synthesizes another team\'s Function app with its own queue and table, granted to the app\'s identity', () => {
    const stack = new InvoicesStack(Testing.app(), 'dev');
    const tf = JSON.parse(Testing.synth(stack, true)) as TerraformJson;
    const assignments = Object.values(tf.resource?.azurerm_role_assignment ?? {}) as { role_definition_name: string; scope: string; principal_id: string }[];
    const byRole = (role: string) => assignments.filter((a) => a.role_definition_name === role).map((a) => a.scope);
    expect(byRole('Storage Queue Data Message Sender')).toEqual([expect.stringMatching(/^\$\{azurerm_storage_queue\.storage_queue-invoices_queue_[0-9A-F]+\.id\}$/)]);
    expect(byRole('Storage Queue Data Message Processor')).toEqual(byRole('Storage Queue Data Message Sender'));
    expect(byRole('Storage Table Data Contributor')).toEqual([
      expect.stringMatching(/^\$\{azurerm_storage_account\.storage_account_[0-9A-F]+\.id\}$/),
      expect.stringMatching(/^\$\{azapi_resource\.storage_table-invoicestate_table_[0-9A-F]+\.id\}$/),
    ]);
    for (const a of assignments) expect(a.principal_id).toMatch(/^\$\{azurerm_user_assigned_identity\.app_identity_[0-9A-F]+\.principal_id\}$/);
    expect(Object.keys(tf.resource?.azurerm_storage_queue ?? {})).toHaveLength(2);
    expect(tf.resource).not.toHaveProperty('azurerm_storage_table');
  });

  it('synthesizes another team\'s partner API on a gateway it does not own: a product and cap per partner, the carrier key from its vault, the typed retry (GW-8, PAY-2)', () => {
    const stack = new ShippingPartnersStack(Testing.app(), 'dev');
    const tf = JSON.parse(Testing.synth(stack, true)) as TerraformJson;
    const apis = Object.values(tf.resource?.azurerm_api_management_api ?? {}) as { name: string; api_management_name: string }[];
    expect(apis.map((a) => [a.name, a.api_management_name]).sort()).toEqual([['carrier', 'apim-platform-dev'], ['shipping', 'apim-platform-dev']]);
    const products = Object.values(tf.resource?.azurerm_api_management_product_policy ?? {}) as { product_id: string; xml_content: string }[];
    const capOf = (partner: string) => products.find((p) => p.product_id.includes(`partners_${partner}_`))?.xml_content.match(/<rate-limit-by-key calls="(\d+)" renewal-period="60"/)?.[1];
    expect([capOf('northwind'), capOf('contoso'), products.length]).toEqual(['60', '120', 2]);
    expect(resourceOf(tf, 'azurerm_api_management_named_value')).toMatchObject({
      name: 'carrier-api-key', secret: true, value_from_key_vault: { secret_id: 'https://kv-shipping-dev.vault.azure.net/secrets/carrier-api-key' },
    });
    const carrier = Object.values(tf.resource?.azurerm_api_management_api_policy ?? {}).map((p) => (p as { xml_content: string }).xml_content).find((x) => x.includes('<retry'))!;
    expect(carrier).toContain('<retry condition="@(context.Response != null &amp;&amp; (context.Response.StatusCode == 429 || context.Response.StatusCode == 503 || context.Response.StatusCode == 504))" count="2" interval="2" max-interval="30" delta="2" first-fast-retry="false">');
    expect(carrier).toContain('<value>{{carrier-api-key}}</value>');
  });

  it('synthesizes another team\'s Container App subscribed to its topic: CloudEvents, its retries, dead letters with the topic\'s identity granted first (HOOK-1, HOOK-3)', () => {
    const stack = new NotificationsStack(Testing.app(), 'dev');
    const tf = JSON.parse(Testing.synth(stack, true)) as TerraformJson;
    const subscription = resourceOf(tf, 'azurerm_eventgrid_event_subscription');
    expect(subscription).toMatchObject({
      name: 'receiver',
      event_delivery_schema: 'CloudEventSchemaV1_0',
      retry_policy: { max_delivery_attempts: 10, event_time_to_live: 120 },
      dead_letter_identity: { type: 'SystemAssigned' },
      storage_blob_dead_letter_destination: { storage_blob_container_name: 'dead-letters' },
      webhook_endpoint: { url: expect.stringMatching(/^https:\/\/\$\{azurerm_container_app\.receiver_app_[0-9A-F]+\.ingress\[0\]\.fqdn\}\/events$/) },
    });
    expect(subscription.depends_on).toEqual([expect.stringMatching(/^azurerm_role_assignment\.storage_container-dead-letters_contributor-to-receiver-dead-letter_[0-9A-F]+$/)]);
    expect(resourceOf(tf, 'azurerm_eventgrid_topic')).toMatchObject({ input_schema: 'CloudEventSchemaV1_0', local_auth_enabled: false });
    expect(Object.values(tf.resource?.azurerm_role_assignment ?? {}).map((a) => (a as { role_definition_name: string }).role_definition_name).sort())
      .toEqual(['AcrPull', 'EventGrid Data Sender', 'Storage Blob Data Contributor']);
  });
});
