import { TerraformStack } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ReportStatus } from '../../constructs/lessons-check/report';
import { DEFAULT_ENVIRONMENTS } from '../../src/environments';
import { PaymentsSettings } from '../../stacks/payments-stack';
import { policySchemaAvailable, policySchemaSkipReason } from '../support/apim-policy-schema';
import { synthAll } from '../support/app';
import { refusalOf } from '../support/refusal';
import { validatePolicyDeep } from '../support/policy-xsd';
import { findSecrets, findStoredSecrets } from '../support/secrets';
import { idOf, notesOf, ref, resourceOf, resourcesOf, TerraformJson, warningsOf } from '../support/synth';

const all = synthAll();
const stacks = all.filter((s) => s.name.startsWith('payments-'));
const byName = (name: string) => stacks.find((s) => s.name === name)!;
const dev = byName('payments-dev').tf;
const prod = byName('payments-prod').tf;
const ENVIRONMENT_OF: Record<string, string> = { 'payments-dev': 'dev', 'payments-prod': 'prod' };
const PROD_APP_ID = '8c2e4f6a-1b3d-4e5f-a7b9-0c1d2e3f4a5b';
const PLACEHOLDER = '00000000-0000-0000-0000-000000000000';
const PROD_PARTNERS = ['acme', 'cyberdyne', 'globex', 'hooli', 'initech', 'stark', 'tyrell', 'umbrella', 'wayne', 'wonka'];

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const section = (xml: string, name: string) => xml.match(new RegExp(`<${name}>([\\s\\S]*?)\\n  </${name}>`))![1];
const pspPolicy = (tf: TerraformJson) => resourceOf(tf, 'azurerm_api_management_api_policy', 'psp-api/policy').xml_content as string;
const intakePolicy = (tf: TerraformJson) => resourceOf(tf, 'azurerm_api_management_api_policy', 'partner-api/policy').xml_content as string;
const infosOf = (stack: TerraformStack) => notesOf(stack);
const assignment = (tf: TerraformJson, role: string, scope: string) => Object.entries(resourcesOf(tf, 'azurerm_role_assignment'))
  .filter(([, r]) => r.role_definition_name === role && r.scope === scope);
/** All policy documents of a stack: API, operation and product scope. */
const policiesOf = (tf: TerraformJson) => ['azurerm_api_management_api_policy', 'azurerm_api_management_api_operation_policy', 'azurerm_api_management_product_policy']
  .flatMap((type) => Object.entries(resourcesOf(tf, type)).map(([id, r]) => [`${type}.${id}`, r.xml_content as string] as const));

describe('PaymentsStack snapshots', () => {
  it('synthesizes payments-dev and payments-prod from the embedded environments through the registry', () => {
    expect(stacks.map((s) => s.name)).toEqual(['payments-dev', 'payments-prod']);
  });

  for (const { name, tf } of stacks) {
    it(`matches the snapshot of ${name}`, () => {
      expect(tf).toMatchSnapshot();
    });
  }
});

describe('PaymentsStack Key Vault and the provider key (SEC-1, GW-8)', () => {
  for (const { name, tf } of stacks) {
    const env = ENVIRONMENT_OF[name];

    it(`${name}: keeps the provider key in an RBAC-only vault that audits to the workspace`, () => {
      expect(resourceOf(tf, 'azurerm_key_vault')).toMatchObject({
        name: `kv-rtp-${env}-pay`, rbac_authorization_enabled: true, soft_delete_retention_days: 90, sku_name: 'standard',
        tenant_id: `\${data.azapi_client_config.${Object.keys(tf.data!.azapi_client_config)[0]}.tenant_id}`,
      });
      expect(resourceOf(tf, 'azurerm_key_vault')).not.toHaveProperty('access_policy');
      const audit = resourceOf(tf, 'azurerm_monitor_diagnostic_setting', 'vault/diagnostics');
      expect(audit).toMatchObject({ target_resource_id: ref(tf, 'azurerm_key_vault', 'id'), enabled_log: [{ category: 'AuditEvent' }] });
    });

    it(`${name}: declares the psp-api-key slot with the placeholder, never sending it again, with no other secret resource`, () => {
      const exists = `data.azapi_resource.${Object.keys(tf.data?.azapi_resource ?? {})[0]}.exists`;
      expect(resourceOf(tf, 'azapi_resource_action', 'vault/secret-psp-api-key')).toEqual({
        type: 'Microsoft.KeyVault/vaults/secrets@2023-07-01', method: `\${${exists} ? "GET" : "PUT"}`,
        resource_id: `${ref(tf, 'azurerm_key_vault', 'id')}/secrets/psp-api-key`,
        body: `\${${exists} ? null : {"properties" = {"value" = "set-me", "contentType" = "text/plain"}}}`,
        lifecycle: { ignore_changes: 'all', replace_triggered_by: [`azurerm_key_vault.${idOf(tf, 'azurerm_key_vault')}.id`] },
      });
      expect(resourcesOf(tf, 'azurerm_key_vault_secret')).toEqual({});
    });

    it(`${name}: the gateway reads the key as a Key Vault-backed secret named value after its grant on that secret`, () => {
      const namedValue = resourceOf(tf, 'azurerm_api_management_named_value');
      const grants = assignment(tf, 'Key Vault Secrets User', `${ref(tf, 'azurerm_key_vault', 'id')}/secrets/psp-api-key`);
      expect(grants).toHaveLength(1);
      expect(grants[0][1].principal_id).toBe(ref(tf, 'azurerm_api_management', 'identity[0].principal_id'));
      expect(namedValue).toEqual({
        name: 'psp-api-key', display_name: 'psp-api-key',
        api_management_name: ref(tf, 'azurerm_api_management', 'name'), resource_group_name: '${azurerm_resource_group.resource-group.name}',
        secret: true,
        value_from_key_vault: { secret_id: `https://${ref(tf, 'azurerm_key_vault', 'name')}.vault.azure.net/secrets/psp-api-key` },
        // The grant, then the wait for it to reach Key Vault (azurerm#19255, RolePropagation).
        depends_on: [`azurerm_role_assignment.${grants[0][0]}`, expect.stringMatching(/^time_sleep\.psp-api-key_grant-propagation_[0-9A-F]+$/)],
      });
      expect(resourceOf(tf, 'time_sleep', 'psp-api-key/grant-propagation')).toEqual({ create_duration: '300s', depends_on: [`azurerm_role_assignment.${grants[0][0]}`], triggers: { [grants[0][0]]: `${'$'}{azurerm_role_assignment.${grants[0][0]}.id}` } });
      expect(Object.values(resourcesOf(tf, 'azurerm_role_assignment')).filter((r) => String(r.role_definition_name).startsWith('Key Vault'))).toHaveLength(1);
    });

    it(`${name}: tells the team how to set the key outside Terraform`, () => {
      // prod's vault answers its data plane on the private endpoint only: the key goes in through Resource Manager.
      expect(tf.output?.['set-provider-key'].value).toBe(name === 'payments-prod'
        ? `az rest --method put --url "https://management.azure.com${ref(tf, 'azurerm_key_vault', 'id')}/secrets/psp-api-key?api-version=2023-07-01" --body @<file with {"properties":{"value":"<the key>","contentType":"text/plain"}}>`
        : `az keyvault secret set --vault-name ${ref(tf, 'azurerm_key_vault', 'name')} --name psp-api-key --file <file with the key>`);
    });
  }

  it('dev: purge protection off and nothing protected from destroy', () => {
    expect(resourceOf(dev, 'azurerm_key_vault')).toMatchObject({ purge_protection_enabled: false, public_network_access_enabled: true });
    expect(resourceOf(dev, 'azurerm_key_vault')).not.toHaveProperty('lifecycle');
    expect(resourceOf(dev, 'azapi_resource_action', 'vault/secret-psp-api-key').lifecycle).toEqual({ ignore_changes: 'all', replace_triggered_by: [`azurerm_key_vault.${idOf(dev, 'azurerm_key_vault')}.id`] });
  });

  it('prod: purge protection on and the vault protected from destroy; the slot is a one-time PUT with nothing to destroy', () => {
    expect(resourceOf(prod, 'azurerm_key_vault')).toMatchObject({ purge_protection_enabled: true, lifecycle: { prevent_destroy: true } });
    expect(resourceOf(prod, 'azapi_resource_action', 'vault/secret-psp-api-key').lifecycle).toEqual({ ignore_changes: 'all', replace_triggered_by: [`azurerm_key_vault.${idOf(prod, 'azurerm_key_vault')}.id`] });
  });
});

describe('PaymentsStack partner API (GW-8, GW-1, PAY-1, LIM-5)', () => {
  it('gives each partner of the environment its own product and active subscription with tracing off', () => {
    for (const [tf, partners] of [[dev, ['acme', 'globex']], [prod, PROD_PARTNERS]] as const) {
      expect(Object.values(resourcesOf(tf, 'azurerm_api_management_product')).map((p) => p.product_id).sort()).toEqual(partners.map((p) => `payments-${p}`));
      const subscriptions = Object.values(resourcesOf(tf, 'azurerm_api_management_subscription'));
      expect(subscriptions.map((s) => s.display_name).sort()).toEqual([...partners]);
      for (const s of subscriptions) expect(s).toMatchObject({ state: 'active', allow_tracing: false });
    }
  });

  it('caps every partner at 100 per minute; prod adds a daily quota of 100000', () => {
    for (const xml of Object.values(resourcesOf(dev, 'azurerm_api_management_product_policy')).map((p) => p.xml_content as string)) {
      expect(xml).toContain('<rate-limit-by-key calls="100" renewal-period="60" counter-key="@(context.Subscription?.Id ?? &quot;anonymous&quot;)"');
      expect(xml).not.toContain('<quota');
    }
    const prodPolicies = Object.values(resourcesOf(prod, 'azurerm_api_management_product_policy')).map((p) => p.xml_content as string);
    expect(prodPolicies).toHaveLength(10);
    for (const xml of prodPolicies) {
      expect(xml).toContain('<rate-limit-by-key calls="100" renewal-period="60" ');
      expect(xml).toContain('<quota calls="100000" renewal-period="86400" />');
    }
  });

  for (const { name, tf } of stacks) {
    it(`${name}: requires an Idempotency-Key (400) and queues charges and refunds with the gateway's identity (202/503)`, () => {
      expect(resourceOf(tf, 'azurerm_api_management_api', 'partner-api')).toMatchObject({ name: 'payments', path: 'payments/v1', subscription_required: true, protocols: ['https'] });
      const operations = Object.values(resourcesOf(tf, 'azurerm_api_management_api_operation')).filter((o) => o.api_name === ref(tf, 'azurerm_api_management_api', 'name', 'partner-api'));
      expect(operations.map((o) => [o.operation_id, o.method, o.url_template]).sort()).toEqual([['create-charge', 'POST', '/charges'], ['create-refund', 'POST', '/refunds']]);
      const inbound = unescape(section(intakePolicy(tf), 'inbound'));
      expect(inbound).toContain('@(string.IsNullOrWhiteSpace(context.Request.Headers.GetValueOrDefault("Idempotency-Key", "")))');
      expect(inbound).toContain('<set-status code="400" reason="Bad Request" />');
      expect(inbound).toContain(`<set-url>https://${ref(tf, 'azurerm_storage_account', 'name')}.queue.core.windows.net/${ref(tf, 'azurerm_storage_queue', 'name', 'queue-charges/')}/messages?messagettl=604800</set-url>`);
      expect(inbound).toContain('<authentication-managed-identity resource="https://storage.azure.com/" />');
      expect(inbound).toContain('<set-status code="202" reason="Accepted" />');
      const sender = assignment(tf, 'Storage Queue Data Message Sender', ref(tf, 'azurerm_storage_queue', 'id', 'queue-charges/'))
        .filter(([, r]) => r.principal_id === ref(tf, 'azurerm_api_management', 'identity[0].principal_id'));
      expect(sender).toHaveLength(1);
      expect(resourceOf(tf, 'azurerm_api_management_api_policy', 'partner-api/policy').depends_on).toEqual([`azurerm_role_assignment.${sender[0][0]}`]);
    });
  }

  it('says how many charges the partners may send against the provider\'s budget, and what an outage parks (LIM-5)', () => {
    expect(infosOf(byName('payments-dev').stack)).toContain('[LIM-5] payments-dev: partners may send 200 charges per minute together; the provider takes 100 per minute. '
      + 'A 30-minute outage at full partner rate parks up to 6,000 charges; the queue drains only while partners send less than 100 per minute.');
    expect(infosOf(byName('payments-prod').stack)).toContain('[LIM-5] payments-prod: partners may send 1,000 charges per minute together; the provider takes 100 per minute. '
      + 'A 30-minute outage at full partner rate parks up to 30,000 charges; the queue drains only while partners send less than 100 per minute.');
  });
});

describe('PaymentsStack provider API (PAY-2, PAY-3, GW-7, SEC-1)', () => {
  for (const { name, tf } of stacks) {
    const audiences = name === 'payments-prod'
      ? `<audience>${PROD_APP_ID}</audience>\n        <audience>api://${PROD_APP_ID}</audience>`
      : `<audience>${ref(tf, 'azuread_application', 'client_id')}</audience>\n      </audiences>`;

    it(`${name}: lets in only the consumer's identity, drops its token and any subscription key, adds {{psp-api-key}} as X-Api-Key`, () => {
      expect(resourceOf(tf, 'azurerm_api_management_api', 'psp-api')).toMatchObject({ name: 'psp', path: 'psp', subscription_required: false, service_url: 'https://api.psp.example.com' });
      const inbound = section(pspPolicy(tf), 'inbound');
      expect(inbound).toContain(`<validate-azure-ad-token tenant-id="\${data.azapi_client_config.client-config.tenant_id}" header-name="Authorization" failed-validation-httpcode="401">`);
      expect(inbound).toContain(`<application-id>${ref(tf, 'azurerm_user_assigned_identity', 'client_id', 'consumer/identity')}</application-id>`);
      expect(inbound).toContain(audiences);
      expect(inbound).toContain([
        '    <set-header name="Authorization" exists-action="delete" />',
        '    <set-header name="Ocp-Apim-Subscription-Key" exists-action="delete" />',
        '    <set-header name="X-Api-Key" exists-action="override">',
        '      <value>{{psp-api-key}}</value>',
        '    </set-header>',
        `    <set-backend-service backend-id="${ref(tf, 'azurerm_api_management_backend', 'name')}" />`,
      ].join('\n'));
      expect(section(pspPolicy(tf), 'outbound')).toContain('<set-header name="X-Api-Key" exists-action="delete" />');
      expect(resourceOf(tf, 'azurerm_api_management_api_policy', 'psp-api/policy').depends_on)
        .toEqual([`azurerm_api_management_named_value.${idOf(tf, 'azurerm_api_management_named_value')}`]);
    });

    it(`${name}: retries 429, 503 and 504 once, 2 s then up to 30 s, inside the breaker (PAY-2)`, () => {
      expect(section(pspPolicy(tf), 'backend')).toBe([
        '',
        '    <retry condition="@(context.Response != null &amp;&amp; (context.Response.StatusCode == 429 || context.Response.StatusCode == 503 || '
          + 'context.Response.StatusCode == 504))" count="1" interval="2" max-interval="30" delta="2" first-fast-retry="false">',
        '      <forward-request timeout="30" buffer-response="true" buffer-request-body="true" />',
        '    </retry>',
      ].join('\n'));
    });

    it(`${name}: opens the breaker on 5xx (not 429) for the 30-minute maintenance window, honouring Retry-After (GW-7, PAY-3)`, () => {
      expect(resourceOf(tf, 'azurerm_api_management_backend')).toMatchObject({
        name: 'psp-provider', url: 'https://api.psp.example.com',
        circuit_breaker_rule: {
          trip_duration: 'PT30M', accept_retry_after_enabled: true,
          failure_condition: { count: 5, interval_duration: 'PT1M', status_code_range: [{ min: 500, max: 599 }] },
        },
      });
    });

    it(`${name}: requires an Idempotency-Key on the provider's POSTs, not on its GET (PAY-1)`, () => {
      const policies = Object.values(resourcesOf(tf, 'azurerm_api_management_api_operation_policy'));
      expect(policies.map((p) => p.operation_id).sort()).toEqual([
        ref(tf, 'azurerm_api_management_api_operation', 'operation_id', 'psp-api/operation-create-charge'),
        ref(tf, 'azurerm_api_management_api_operation', 'operation_id', 'psp-api/operation-create-refund'),
      ].sort());
      for (const p of policies) expect(unescape(p.xml_content as string)).toContain('"title":"Idempotency-Key required","status":400');
    });
  }
});

describe('PaymentsStack paced consumer (LIM-5, PAY-3, SEC-1)', () => {
  for (const { name, tf } of stacks) {
    it(`${name}: drains the queue with one fixed replica, no ingress, 1 call in flight at least 1200 ms apart`, () => {
      const app = resourceOf(tf, 'azurerm_container_app') as { template: { min_replicas: number; max_replicas: number; container: { env: { name: string; value: string }[] }[] } };
      expect(app).not.toHaveProperty('ingress');
      expect(app.template).toMatchObject({ min_replicas: 1, max_replicas: 1 });
      expect(app.template).not.toHaveProperty('http_scale_rule');
      const env = Object.fromEntries(app.template.container[0].env.map((e) => [e.name, e.value]));
      expect(env).toEqual({
        AZURE_CLIENT_ID: ref(tf, 'azurerm_user_assigned_identity', 'client_id', 'consumer/identity'),
        QUEUE_ENDPOINT: `https://${ref(tf, 'azurerm_storage_account', 'name')}.queue.core.windows.net`,
        QUEUE_NAME: 'charges',
        POISON_QUEUE_NAME: 'charges-poison',
        QUEUE_VISIBILITY_TIMEOUT_SECONDS: '300',
        QUEUE_MAX_DEQUEUE_COUNT: '8',
        OUTBOUND_MAX_CONCURRENCY: '1',
        OUTBOUND_MIN_CALL_INTERVAL_MS: '1200',
        PROVIDER_API_URL: `${ref(tf, 'azurerm_api_management', 'gateway_url')}/psp`,
        PROVIDER_API_AUDIENCE: name === 'payments-prod' ? PROD_APP_ID : ref(tf, 'azuread_application', 'client_id'),
        STORAGE_TABLE_ENDPOINT: `https://${ref(tf, 'azurerm_storage_account', 'name')}.table.core.windows.net`,
        IDEMPOTENCY_TABLE: 'idempotency',
        LEDGER_TABLE: 'ledger',
      });
    });

    it(`${name}: processes charges and parks poisoned ones with its own identity, granted before it starts`, () => {
      const principal = ref(tf, 'azurerm_user_assigned_identity', 'principal_id', 'consumer/identity');
      const processor = assignment(tf, 'Storage Queue Data Message Processor', ref(tf, 'azurerm_storage_queue', 'id', 'queue-charges/'));
      const sender = assignment(tf, 'Storage Queue Data Message Sender', ref(tf, 'azurerm_storage_queue', 'id', 'queue-charges-poison/'));
      expect([...processor, ...sender].map(([, r]) => r.principal_id)).toEqual([principal, principal]);
      const dependsOn = resourceOf(tf, 'azurerm_container_app').depends_on as string[];
      expect(dependsOn).toContain(`azurerm_role_assignment.${processor[0][0]}`);
      expect(dependsOn).toContain(`azurerm_role_assignment.${sender[0][0]}`);
    });

    it(`${name}: keeps its idempotency keys and ledger in two tables created through AzAPI, Storage Table Data Contributor on each (PAY-1)`, () => {
      const principal = ref(tf, 'azurerm_user_assigned_identity', 'principal_id', 'consumer/identity');
      for (const table of ['idempotency', 'ledger']) {
        expect(resourceOf(tf, 'azapi_resource', `table-${table}/`)).toMatchObject({
          type: 'Microsoft.Storage/storageAccounts/tableServices/tables@2024-01-01', name: table,
          parent_id: `${ref(tf, 'azurerm_storage_account', 'id')}/tableServices/default`,
        });
        const grants = assignment(tf, 'Storage Table Data Contributor', ref(tf, 'azapi_resource', 'id', `table-${table}/`));
        expect(grants.map(([, r]) => r.principal_id)).toEqual([principal]);
      }
      expect(resourcesOf(tf, 'azurerm_storage_table')).toEqual({});
    });

    it(`${name}: starts the consumer after its table grants too, as after its queue grants (a charge must not be processed without its idempotency record)`, () => {
      const dependsOn = resourceOf(tf, 'azurerm_container_app').depends_on as string[];
      for (const table of ['idempotency', 'ledger']) {
        const [grant] = assignment(tf, 'Storage Table Data Contributor', ref(tf, 'azapi_resource', 'id', `table-${table}/`));
        expect(dependsOn).toContain(`azurerm_role_assignment.${grant[0]}`);
      }
    });
  }

  it('dev runs the sample image anonymously; prod pulls its pinned image with AcrPull first (SEC-2)', () => {
    const devApp = resourceOf(dev, 'azurerm_container_app') as { template: { container: { image: string }[] }; depends_on: string[] };
    expect(devApp.template.container[0].image).toBe('mcr.microsoft.com/dotnet/samples:aspnetapp');
    expect(devApp).not.toHaveProperty('registry');
    expect(devApp.depends_on.filter((d) => d.includes('acr-pull'))).toEqual([]);
    const prodApp = resourceOf(prod, 'azurerm_container_app') as { template: { container: { image: string }[] }; registry: unknown; depends_on: string[] };
    expect(prodApp.template.container[0].image).toBe('crrtpshared.azurecr.io/payments/psp-consumer:1.0.0');
    expect(prodApp.registry).toEqual([{ server: 'crrtpshared.azurecr.io', identity: ref(prod, 'azurerm_user_assigned_identity', 'id', 'consumer/identity') }]);
    const pull = assignment(prod, 'AcrPull', '${data.azurerm_container_registry.registry.id}');
    expect(pull).toHaveLength(1);
    expect(prodApp.depends_on).toContain(`azurerm_role_assignment.${pull[0][0]}`);
  });

  it('says what it checked: 100 calls per 60 s against 100, retried for 2100 s through a 30-minute outage', () => {
    for (const { name, stack } of stacks) {
      expect(infosOf(stack)).toContain(`[LIM-5] ${name}/consumer: the consumer makes at most 100 calls per 60 s against a budget of 100; `
        + 'a failed message is retried for 2100 s (declared outage 30 min).');
    }
  });

  for (const { name, tf } of stacks) {
    const env = ENVIRONMENT_OF[name];
    it(`${name}: alerts the team on poisoned charges, the open breaker, provider throttling and a backlog of 6000`, () => {
      const group = ref(tf, 'azurerm_monitor_action_group', 'id');
      const logAlerts = Object.values(resourcesOf(tf, 'azurerm_monitor_scheduled_query_rules_alert_v2'));
      expect(logAlerts.map((a) => a.name).sort()).toEqual([
        `payments-rtp-${env}-poisoned-charges`, `payments-rtp-${env}-provider-breaker-open`, `payments-rtp-${env}-provider-throttling`,
      ]);
      for (const a of logAlerts) expect(a).toMatchObject({ scopes: [ref(tf, 'azurerm_log_analytics_workspace', 'id')], action: { action_groups: [group] } });
      expect(resourceOf(tf, 'azurerm_monitor_metric_alert')).toMatchObject({
        name: `payments-rtp-${env}-backlog`, criteria: [{ metric_name: 'QueueMessageCount', threshold: 6000 }], action: [{ action_group_id: group }],
      });
    });
  }
});

describe('PaymentsStack checks', () => {
  it('creates dev\'s provider API registration, so dev deploys without a placeholder (no warning at all)', () => {
    expect(warningsOf(byName('payments-dev').stack)).toEqual([]);
    expect(resourceOf(dev, 'azuread_application')).toMatchObject({ display_name: 'psp-rtp-dev-provider-api', sign_in_audience: 'AzureADMyOrg' });
    expect(resourceOf(dev, 'azuread_service_principal').client_id).toBe(ref(dev, 'azuread_application', 'client_id'));
    expect(resourcesOf(prod, 'azuread_application')).toEqual({});
  });

  it('warns in dev when given the placeholder app registration', () => {
    const devDefinition = DEFAULT_ENVIRONMENTS.find((e) => e.name === 'dev')!;
    const devSection = devDefinition.stacks.payments as PaymentsSettings;
    const [stack] = synthAll([{ ...devDefinition, stacks: { ...devDefinition.stacks, payments: { ...devSection, providerApiApplicationId: PLACEHOLDER } } }])
      .filter((s) => s.name === 'payments-dev');
    expect(warningsOf(stack.stack)).toEqual([
      '[RELEASE] payments-dev: payments.providerApiApplicationId = "00000000-0000-0000-0000-000000000000": this is the placeholder app registration: '
      + 'the consumer gets no token the gateway accepts, and every charge waits in the queue. '
      + 'Fix: create the app registration (az ad app create --display-name <name>) and give its Application (client) ID.',
    ]);
  });

  it('has no public-endpoint warning in prod: the vault and the storage account answer on private endpoints (SEC-1, issue 12)', () => {
    expect(warningsOf(byName('payments-prod').stack)).toEqual([]);
  });

  it('keeps prod\'s vault behind a firewall that lets in only the gateway\'s outbound subnet and trusted services, with a private endpoint for the network (SEC-1, issue 27 item 5)', () => {
    const prod = byName('payments-prod').tf;
    // docs/decisions/key-vault-named-values-private-vault.md: Microsoft documents the control
    // plane's named-value read through a firewall with the trusted-services exception and a
    // Key Vault service endpoint on the gateway's subnet, not through a vault with public access off.
    const gatewaySubnet = ref(prod, 'azurerm_subnet_network_security_group_association', 'subnet_id', 'network/nsg-association-apim-outbound');
    expect(resourceOf(prod, 'azurerm_key_vault')).toMatchObject({
      public_network_access_enabled: true,
      network_acls: { default_action: 'Deny', bypass: 'AzureServices', virtual_network_subnet_ids: [gatewaySubnet] },
    });
    expect(resourceOf(prod, 'azurerm_subnet', 'network/subnet-apim-outbound').service_endpoints).toEqual(['Microsoft.KeyVault']);
    expect(resourceOf(prod, 'azurerm_api_management').virtual_network_configuration).toEqual({ subnet_id: gatewaySubnet });
    // The named value is read with the gateway's system-assigned identity, the one the exception takes.
    expect(resourceOf(prod, 'azurerm_api_management').identity).toEqual({ type: 'SystemAssigned' });
    expect(resourceOf(prod, 'azurerm_api_management_named_value')).not.toHaveProperty('value_from_key_vault.identity_client_id');
    // Behind the firewall, the production vault warns of no public endpoint.
    expect(warningsOf(byName('payments-prod').stack).filter((w) => w.includes('KeyVault') || w.includes('vault'))).toEqual([]);
    expect(resourceOf(byName('payments-dev').tf, 'azurerm_key_vault')).toMatchObject({ public_network_access_enabled: true });
    expect(resourceOf(byName('payments-dev').tf, 'azurerm_key_vault').network_acls).toEqual({ default_action: 'Allow', bypass: 'AzureServices' });
  });

  it('reaches prod\'s queue, tables and vault through private endpoints in the stack\'s network, from the integrated gateway and the consumer\'s environment', () => {
    const prod = byName('payments-prod').tf;
    expect(resourceOf(prod, 'azurerm_storage_account').public_network_access_enabled).toBe(false);
    const endpoints = Object.values(resourcesOf(prod, 'azurerm_private_endpoint')) as { name: string; private_service_connection: { subresource_names: string[] } }[];
    expect(endpoints.map((e) => [e.name, e.private_service_connection.subresource_names])).toEqual([
      ['pe-strtpprodpayments-queue', ['queue']], ['pe-strtpprodpayments-table', ['table']], ['pe-kv-rtp-prod-pay', ['vault']],
    ]);
    expect(Object.values(resourcesOf(prod, 'azurerm_private_dns_zone')).map((z) => z.name).sort())
      .toEqual(['privatelink.queue.core.windows.net', 'privatelink.table.core.windows.net', 'privatelink.vaultcore.azure.net']);
    expect(resourceOf(prod, 'azurerm_api_management')).toMatchObject({ virtual_network_type: 'External' });
    expect(resourceOf(prod, 'azurerm_virtual_network').address_space).toEqual(['10.40.48.0/20']);
    expect(resourceOf(byName('payments-dev').tf, 'azurerm_storage_account').public_network_access_enabled).toBe(true);
  });

  it('writes the lessons report of each stack without errors, the vault, named value and retry checked, the constructs\' warnings and notes in it', () => {
    for (const { stack } of stacks) {
      const report = stack.lessonsCheck.reportOf(stack);
      // dev creates its app registration (no placeholder warning any more); the notes are the
      // constructs'. The named value waits for its grant now, so it notes nothing.
      expect(report.summary).toMatchObject({ errors: 0, warnings: 0, suppressed: 0, notes: 3 });
      expect(report.results.filter((r) => r.status === ReportStatus.NON_COMPLIANT).map((r) => `${r.level} ${r.ruleId} ${r.resourcePath}`).sort()).toEqual([
        `info LIM-5.ConsumerPace ${stack.node.id}/consumer`, `info LIM-5.OutageBacklog ${stack.node.id}`, `info LIM-5.PartnerTotal ${stack.node.id}/partners`,
      ]);
      const compliant = (ruleId: string) => report.results.filter((r) => r.ruleId === ruleId && r.status === ReportStatus.COMPLIANT).length;
      expect(compliant('SEC-1.KeyVaultAccessPolicies')).toBe(1);
      expect(compliant('SEC-1.NamedValuePlainSecret')).toBe(1);
      expect(compliant('PAY-2.RetryOnClientErrors')).toBe(1);
      expect(compliant('SEC-1.StorageSharedKey')).toBe(1);
    }
  });

  it('has no key, connection string, plain secret named value or secret value in either stack (SEC-1)', () => {
    for (const { tf } of stacks) {
      expect(findSecrets(tf)).toEqual([]);
      expect(findStoredSecrets(tf.resource)).toEqual([]);
      expect(resourceOf(tf, 'azurerm_api_management_named_value')).not.toHaveProperty('value');
      expect(JSON.stringify(tf)).not.toMatch(/AccountKey=|SharedAccessSignature|primary_access_key|connection_string|sk_live/);
      expect(Object.values(tf.output ?? {}).filter((o) => (o as { sensitive?: boolean }).sensitive)).toEqual([]);
    }
  });
});

describe('PaymentsStack refusals', () => {
  const prodDefinition = DEFAULT_ENVIRONMENTS.find((e) => e.name === 'prod')!;
  const prodSection = prodDefinition.stacks.payments as PaymentsSettings;
  const build = (payments: Partial<PaymentsSettings>) => () => synthAll([{
    ...prodDefinition, stacks: { ...prodDefinition.stacks, payments: { ...prodSection, ...payments } },
  }]);

  it('fails when prod has the placeholder app registration (RELEASE)', () => {
    const r = refusalOf(build({ providerApiApplicationId: PLACEHOLDER }));
    expect(r).toMatchObject({ lesson: 'RELEASE', path: 'payments-prod', setting: 'payments.providerApiApplicationId' });
    expect(r.message).toBe('[RELEASE] payments-prod: payments.providerApiApplicationId = "00000000-0000-0000-0000-000000000000": this is the placeholder app registration: '
      + 'the consumer gets no token the gateway accepts, and every charge waits in the queue. '
      + 'Fix: create the app registration (az ad app create --display-name <name>) and give its Application (client) ID.');
  });

  it('fails when a second replica would double the provider calls: 2 x 1 x 60000/1200 x 2 = 200 > 100 (LIM-5)', () => {
    const r = refusalOf(build({ consumer: { ...prodSection.consumer, replicas: 2 } }));
    expect(r.message).toBe('[LIM-5] payments-prod/consumer: pace = "200 calls per 60 s": 2 replica(s) x 1 call(s) in flight x 50 calls per slot per 60 s (one per 1200 ms) '
      + 'x 2 (1 call + 1 gateway retries) = 200, above the provider\'s budget of 100 per 60 s: the provider answers 429 and may suspend the key. '
      + 'Fix: lower a factor until the product is at most 100, e.g. a minimum call interval of 2400 ms.');
  });

  it('fails when more gateway retries exceed the budget: 1 x 1 x 50 x 3 = 150 > 100 (LIM-5, PAY-2)', () => {
    expect(refusalOf(build({ provider: { retries: 2 } })).message).toContain('pace = "150 calls per 60 s": 1 replica(s) x 1 call(s) in flight x 50 calls per slot per 60 s '
      + '(one per 1200 ms) x 3 (1 call + 2 gateway retries) = 150, above the provider\'s budget of 100 per 60 s');
  });

  it('fails when the queue would poison charges during the maintenance window: 5 x 30 s against 30 minutes (PAY-3)', () => {
    const r = refusalOf(build({ consumer: { ...prodSection.consumer, maxDequeueCount: 5, visibilityTimeoutSeconds: 30 } }));
    expect(r).toMatchObject({ lesson: 'PAY-3', path: 'payments-prod/consumer', setting: 'outage' });
  });

  it('fails when a partner is listed twice (GW-8)', () => {
    const r = refusalOf(build({ partners: [...prodSection.partners, { name: 'Acme', callsPerMinute: 10 }] }));
    expect(r).toMatchObject({ lesson: 'GW-8', path: 'payments-prod/partners', setting: 'partners[10].name' });
  });

  it('fails when the alert mailbox is not an e-mail address', () => {
    expect(refusalOf(build({ alertEmail: 'payments-team' })).message).toBe('[AZURE] payments-prod: payments.alertEmail = "payments-team": '
      + 'poisoned charges, an open breaker and provider throttling are sent to this address. Fix: give the team mailbox, e.g. platform@contoso.com.');
  });
});

/** The XSD skips what is inside <retry>: its body is validated again as the backend section it stands for. */
const retryBodies = (xml: string) => [...xml.matchAll(/<retry\b[^>]*>([\s\S]*?)<\/retry>/g)]
  .map((m) => `<policies><inbound><base /></inbound><backend>${m[1]}</backend><outbound><base /></outbound><on-error><base /></on-error></policies>`);

describe.skipIf(!policySchemaAvailable())(`the payments policies against the APIM policy XSD${policySchemaSkipReason()}`, () => {
  for (const { name, tf } of stacks) {
    it(`validates every policy of ${name}, the retry's body included`, async () => {
      const policies = policiesOf(tf);
      expect(policies).toHaveLength(name === 'payments-prod' ? 14 : 6);
      for (const [address, xml] of policies) {
        for (const document of [xml, ...retryBodies(xml)]) {
          expect(await validatePolicyDeep(document), address).toEqual({ valid: true, errors: [] });
        }
      }
      expect(retryBodies(pspPolicy(tf))).toHaveLength(1);
      // 14 policies and their retry bodies, each through the XSD: 43 s on a loaded 2-core machine.
    }, 180_000);
  }
});
