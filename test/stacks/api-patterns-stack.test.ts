import { describe, expect, it } from 'vitest';
import { ReportStatus } from '../../constructs/lessons-check/report';
import { DEFAULT_ENVIRONMENTS } from '../../src/environments';
import { ApiPatternsSettings } from '../../stacks/api-patterns-stack';
import { policySchemaAvailable, policySchemaSkipReason } from '../support/apim-policy-schema';
import { synthAll } from '../support/app';
import { refusalOf } from '../support/refusal';
import { validatePolicyDeep } from '../support/policy-xsd';
import { ref, resourceOf, resourcesOf, TerraformJson, warningsOf } from '../support/synth';

const all = synthAll();
const stacks = all.filter((s) => s.name.startsWith('api-patterns-'));
const byName = (name: string) => stacks.find((s) => s.name === name)!;
const dev = byName('api-patterns-dev').tf;
const prod = byName('api-patterns-prod').tf;
const ENVIRONMENT_OF: Record<string, string> = { 'api-patterns-dev': 'dev', 'api-patterns-prod': 'prod' };

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const section = (xml: string, name: string) => xml.match(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`))![1].trim();

interface Site {
  body: { properties: {
    httpsOnly: boolean;
    siteConfig: { appSettings: { name: string; value: string }[] };
    functionAppConfig: { deployment: { storage: { type: string; value: string; authentication: unknown } }; runtime: unknown; scaleAndConcurrency: Record<string, unknown> };
  } };
  depends_on: string[];
}
const siteOf = (tf: TerraformJson) => resourceOf(tf, 'azapi_resource', 'function-app/site') as unknown as Site;
const settingsOf = (tf: TerraformJson) => Object.fromEntries(siteOf(tf).body.properties.siteConfig.appSettings.map((s) => [s.name, s.value]));
const names = (tf: TerraformJson, type: string) => Object.values(resourcesOf(tf, type)).map((r) => r.name as string).sort();
const policyXml = (tf: TerraformJson) => resourceOf(tf, 'azurerm_api_management_api_policy').xml_content as string;

describe('ApiPatternsStack snapshots', () => {
  it('synthesizes api-patterns-dev and api-patterns-prod from the embedded environments through the registry', () => {
    expect(stacks.map((s) => s.name)).toEqual(['api-patterns-dev', 'api-patterns-prod']);
  });

  for (const { name, tf } of stacks) {
    it(`matches the snapshot of ${name}`, () => {
      expect(tf).toMatchSnapshot();
    });
  }
});

describe('ApiPatternsStack function app', () => {
  for (const { name, tf } of stacks) {
    const env = ENVIRONMENT_OF[name];

    it(`${name}: reaches host storage with the app's identity (account name, managedidentity, client id), no connection string (SEC-1)`, () => {
      const settings = settingsOf(tf);
      expect(settings).toMatchObject({
        AzureWebJobsStorage__accountName: ref(tf, 'azurerm_storage_account', 'name'),
        AzureWebJobsStorage__credential: 'managedidentity',
        AzureWebJobsStorage__clientId: ref(tf, 'azurerm_user_assigned_identity', 'client_id', 'function-app/identity'),
        AZURE_CLIENT_ID: ref(tf, 'azurerm_user_assigned_identity', 'client_id', 'function-app/identity'),
        APPLICATIONINSIGHTS_CONNECTION_STRING: ref(tf, 'azurerm_application_insights', 'connection_string'),
        APPLICATIONINSIGHTS_AUTHENTICATION_STRING: `Authorization=AAD;ClientId=${ref(tf, 'azurerm_user_assigned_identity', 'client_id', 'function-app/identity')}`,
        STORAGE_TABLE_ENDPOINT: `https://${ref(tf, 'azurerm_storage_account', 'name')}.table.core.windows.net`,
        STORAGE_QUEUE_ENDPOINT: `https://${ref(tf, 'azurerm_storage_account', 'name')}.queue.core.windows.net`,
        LARGE_RESPONSES_CONTAINER: 'large-responses',
      });
      expect(Object.keys(settings)).not.toContain('AzureWebJobsStorage');
      expect(JSON.stringify(tf)).not.toMatch(/AccountKey=|primary_access_key|primary_connection_string/);
    });

    it(`${name}: grants the host its storage and telemetry roles, and creates the site after each of them`, () => {
      const principal = ref(tf, 'azurerm_user_assigned_identity', 'principal_id', 'function-app/identity');
      const account = ref(tf, 'azurerm_storage_account', 'id');
      const assignments = Object.entries(resourcesOf(tf, 'azurerm_role_assignment'));
      expect(assignments.map(([, r]) => [r.role_definition_name, r.scope, r.principal_id]).sort()).toEqual([
        ['Monitoring Metrics Publisher', ref(tf, 'azurerm_application_insights', 'id'), principal],
        ['Storage Blob Data Owner', account, principal],
        ['Storage Queue Data Contributor', account, principal],
        ['Storage Table Data Contributor', account, principal],
      ]);
      for (const [id] of assignments) expect(siteOf(tf).depends_on).toContain(`azurerm_role_assignment.${id}`);
      // And in prod after the blob, queue and table endpoints it reaches its storage through.
      const endpoints = Object.keys(resourcesOf(tf, 'azurerm_private_endpoint')).map((id) => `azurerm_private_endpoint.${id}`);
      expect(endpoints).toHaveLength(name === 'api-patterns-prod' ? 3 : 0);
      for (const endpoint of endpoints) expect(siteOf(tf).depends_on).toContain(endpoint);
      expect(siteOf(tf).depends_on).toHaveLength(4 + endpoints.length);
    });

    it(`${name}: deploys from its own container with the user-assigned identity, .NET 8 isolated, HTTPS only`, () => {
      expect(names(tf, 'azurerm_storage_container')).toEqual([`app-package-func-rtp-${env}-patterns`, 'large-responses']);
      const { deployment, runtime } = siteOf(tf).body.properties.functionAppConfig;
      expect(deployment.storage).toEqual({
        type: 'blobContainer',
        // The container by reference, so the site waits for it.
        value: `${ref(tf, 'azurerm_storage_account', 'primary_blob_endpoint')}${ref(tf, 'azurerm_storage_container', 'name', 'function-app/deployment-container')}`,
        authentication: { type: 'UserAssignedIdentity', userAssignedIdentityResourceId: ref(tf, 'azurerm_user_assigned_identity', 'id', 'function-app/identity') },
      });
      expect(runtime).toEqual({ name: 'dotnet-isolated', version: '8.0' });
      expect(siteOf(tf).body.properties.httpsOnly).toBe(true);
    });
  }

  it('keeps one HTTP instance warm in prod only (HOOK-1)', () => {
    expect(siteOf(dev).body.properties.functionAppConfig.scaleAndConcurrency).toEqual({ maximumInstanceCount: 100, instanceMemoryMB: 2048 });
    expect(siteOf(prod).body.properties.functionAppConfig.scaleAndConcurrency).toEqual({
      maximumInstanceCount: 100, instanceMemoryMB: 2048, alwaysReady: [{ name: 'http', instanceCount: 1 }],
    });
  });

  it('accepts tokens for the environment\'s app registration, from the gateway\'s identity only', () => {
    for (const [tf, applicationId] of [[dev, ref(dev, 'azuread_application', 'client_id')], [prod, '6f1d2c3e-5a4b-4c3d-9e8f-7a6b5c4d3e2f']] as const) {
      const auth = resourceOf(tf, 'azapi_resource_action', 'function-app/entra-auth') as { body: { properties: { identityProviders: { azureActiveDirectory: {
        registration: { clientId: string }; validation: { allowedAudiences: string[]; defaultAuthorizationPolicy: unknown };
      } } } } };
      const aad = auth.body.properties.identityProviders.azureActiveDirectory;
      expect(aad.registration.clientId).toBe(applicationId);
      expect(aad.validation.allowedAudiences).toEqual([applicationId, `api://${applicationId}`]);
      expect(aad.validation.defaultAuthorizationPolicy).toEqual({ allowedPrincipals: { identities: [ref(tf, 'azurerm_api_management', 'identity[0].principal_id')] } });
      expect(unescape(policyXml(tf))).toContain(`<authentication-managed-identity resource="${applicationId}" />`);
    }
  });
});

describe('ApiPatternsStack storage', () => {
  for (const { name, tf } of stacks) {
    it(`${name}: creates the three tables through AzAPI, never azurerm_storage_table (the account key)`, () => {
      const tables = Object.values(resourcesOf(tf, 'azapi_resource')).filter((r) => String(r.type).startsWith('Microsoft.Storage/'));
      expect(tables.map((t) => [t.type, t.name, t.parent_id]).sort()).toEqual(['idempotency', 'ledger', 'webhookinbox'].map((table) => [
        'Microsoft.Storage/storageAccounts/tableServices/tables@2024-01-01', table, `${ref(tf, 'azurerm_storage_account', 'id')}/tableServices/default`,
      ]));
      for (const table of tables) expect(table).not.toHaveProperty('tags');
    });

    it(`${name}: creates the outbox and async-work queues with their poison queues`, () => {
      expect(names(tf, 'azurerm_storage_queue')).toEqual(['async-work', 'async-work-poison', 'outbox', 'outbox-poison']);
      for (const queue of Object.values(resourcesOf(tf, 'azurerm_storage_queue'))) expect(queue.storage_account_id).toBe(ref(tf, 'azurerm_storage_account', 'id'));
    });

    it(`${name}: keeps the account keyless and sends its logs to the workspace`, () => {
      expect(resourceOf(tf, 'azurerm_storage_account')).toMatchObject({
        shared_access_key_enabled: false, default_to_oauth_authentication: true, min_tls_version: 'TLS1_2', allow_nested_items_to_be_public: false, local_user_enabled: false,
      });
      const targets = Object.values(resourcesOf(tf, 'azurerm_monitor_diagnostic_setting')).map((d) => d.target_resource_id);
      for (const service of ['blob', 'queue', 'table']) expect(targets).toContain(`${ref(tf, 'azurerm_storage_account', 'id')}/${service}Services/default`);
    });
  }

  it('has no azurerm_storage_table in any stack of the app', () => {
    for (const { tf } of all) expect(Object.keys(tf.resource ?? {})).not.toContain('azurerm_storage_table');
  });

  it('is LRS in dev, and ZRS protected from destroy in prod', () => {
    expect(resourceOf(dev, 'azurerm_storage_account')).toMatchObject({ name: 'strtpdevpatterns', account_replication_type: 'LRS' });
    expect(resourceOf(dev, 'azurerm_storage_account')).not.toHaveProperty('lifecycle');
    expect(resourceOf(prod, 'azurerm_storage_account')).toMatchObject({ name: 'strtpprodpatterns', account_replication_type: 'ZRS', lifecycle: { prevent_destroy: true } });
  });
});

describe('ApiPatternsStack gateway', () => {
  for (const { name, tf } of stacks) {
    it(`${name}: versions the API in the path (v1, Segment) and routes it to the function app's /api`, () => {
      expect(resourceOf(tf, 'azurerm_api_management_api_version_set')).toMatchObject({ name: 'patterns', versioning_scheme: 'Segment' });
      expect(resourceOf(tf, 'azurerm_api_management_api')).toMatchObject({
        name: 'patterns-v1', path: 'patterns', version: 'v1', version_set_id: ref(tf, 'azurerm_api_management_api_version_set', 'id'),
        subscription_required: true, protocols: ['https'],
        service_url: `https://${ref(tf, 'azapi_resource', 'output.defaultHostName', 'function-app/site')}/api`,
      });
    });

    it(`${name}: seeds on /ops/seed, no operation under admin/ or runtime/webhooks (SEC-3)`, () => {
      const operations = Object.values(resourcesOf(tf, 'azurerm_api_management_api_operation'));
      expect(operations).toHaveLength(13);
      expect(operations.find((o) => o.operation_id === 'seed')).toMatchObject({ method: 'POST', url_template: '/ops/seed' });
      for (const o of operations) expect(o.url_template).not.toMatch(/^\/?(admin|runtime\/webhooks)(\/|$)/i);
    });

    it(`${name}: routes through the patterns-function backend with the breaker on 5xx (GW-7)`, () => {
      expect(resourceOf(tf, 'azurerm_api_management_backend')).toMatchObject({
        name: 'patterns-function', url: `https://${ref(tf, 'azapi_resource', 'output.defaultHostName', 'function-app/site')}/api`,
        resource_id: `https://management.azure.com${ref(tf, 'azapi_resource', 'id', 'function-app/site')}`,
        circuit_breaker_rule: {
          accept_retry_after_enabled: true, trip_duration: 'PT1M',
          failure_condition: { count: 5, interval_duration: 'PT1M', status_code_range: [{ min: 500, max: 599 }] },
        },
      });
    });

    it(`${name}: limits 60 calls per minute per subscription and answers throttled calls with a problem+json 429 (GW-1)`, () => {
      const xml = unescape(policyXml(tf));
      expect(section(xml, 'inbound')).toContain('<rate-limit-by-key calls="60" renewal-period="60" counter-key="@(context.Subscription?.Id ?? "anonymous")"');
      const onError = section(xml, 'on-error');
      expect(onError).toContain('<set-status code="429" reason="Too Many Requests" />');
      expect(onError).toMatch(/<set-header name="Content-Type" exists-action="override">\s*<value>application\/problem\+json<\/value>/);
      expect(onError).toContain('"status":429');
      expect(section(xml, 'outbound')).toContain('<set-header name="Retry-After" exists-action="skip">');
      expect(xml).not.toMatch(/<set-header name="(ETag|If-Match|If-None-Match|Location)"|<cache-(lookup|store)/i);
    });

    it(`${name}: publishes the patterns-clients product with a demo-client subscription`, () => {
      expect(resourceOf(tf, 'azurerm_api_management_product')).toMatchObject({ product_id: 'patterns-clients', subscription_required: true, published: true });
      expect(resourceOf(tf, 'azurerm_api_management_product_api').api_name).toBe(ref(tf, 'azurerm_api_management_api', 'name'));
      expect(resourceOf(tf, 'azurerm_api_management_subscription')).toMatchObject({ subscription_id: 'patterns-clients-demo-client', display_name: 'demo-client' });
    });
  }
});

describe('ApiPatternsStack alerts', () => {
  for (const { name, tf } of stacks) {
    const env = ENVIRONMENT_OF[name];

    it(`${name}: mails failed executions and poisoned messages (App Insights, every 5 minutes) and the queue backlog to the team`, () => {
      const group = ref(tf, 'azurerm_monitor_action_group', 'id');
      expect(resourceOf(tf, 'azurerm_monitor_action_group')).toMatchObject({
        name: `ag-rtp-${env}-patterns`, email_receiver: [{ name: 'platform', email_address: 'platform@example.com', use_common_alert_schema: true }],
      });
      const logAlerts = Object.values(resourcesOf(tf, 'azurerm_monitor_scheduled_query_rules_alert_v2'));
      expect(logAlerts.map((a) => a.name).sort()).toEqual([`func-rtp-${env}-patterns-failed-executions`, `func-rtp-${env}-patterns-poisoned-messages`]);
      for (const alert of logAlerts) {
        expect(alert).toMatchObject({
          scopes: [ref(tf, 'azurerm_application_insights', 'id')], evaluation_frequency: 'PT5M', window_duration: 'PT5M', action: { action_groups: [group] },
        });
      }
      expect(resourceOf(tf, 'azurerm_monitor_metric_alert')).toMatchObject({
        name: `func-rtp-${env}-patterns-queue-backlog`,
        scopes: [`${ref(tf, 'azurerm_storage_account', 'id')}/queueServices/default`],
        criteria: [{ metric_namespace: 'Microsoft.Storage/storageAccounts/queueServices', metric_name: 'QueueMessageCount' }],
        action: [{ action_group_id: group }],
      });
    });
  }
});

describe('ApiPatternsStack checks', () => {
  it('creates dev\'s app registration, so dev deploys without a placeholder (no warning at all)', () => {
    expect(warningsOf(byName('api-patterns-dev').stack)).toEqual([]);
    expect(resourceOf(dev, 'azuread_application')).toMatchObject({ display_name: 'func-rtp-dev-patterns', sign_in_audience: 'AzureADMyOrg' });
    expect(resourceOf(dev, 'azuread_service_principal').client_id).toBe(ref(dev, 'azuread_application', 'client_id'));
    expect(resourcesOf(prod, 'azuread_application')).toEqual({});
  });

  it('warns in dev when given the placeholder app registration (every call answers 401)', () => {
    const devDefinition = DEFAULT_ENVIRONMENTS.find((e) => e.name === 'dev')!;
    const [stack] = synthAll([{ ...devDefinition, stacks: { ...devDefinition.stacks, apiPatterns: { entraApplicationId: '00000000-0000-0000-0000-000000000000' } } }])
      .filter((s) => s.name === 'api-patterns-dev');
    expect(warningsOf(stack.stack)).toEqual([
      '[RELEASE] api-patterns-dev: apiPatterns.entraApplicationId = "00000000-0000-0000-0000-000000000000": this is the placeholder app registration: '
      + 'the function app accepts no token, so every call through the gateway answers 401. '
      + 'Fix: create the app registration (az ad app create --display-name <name>) and give its Application (client) ID.',
    ]);
  });

  it('has no placeholder warning in prod', () => {
    expect(warningsOf(byName('api-patterns-prod').stack).filter((w) => w.startsWith('[RELEASE]'))).toEqual([]);
  });

  it('has no warning at all in prod: the host storage answers on private endpoints only (SEC-1, issue 12)', () => {
    expect(warningsOf(byName('api-patterns-prod').stack)).toEqual([]);
  });

  it('integrates prod\'s function app into its subnet and reaches blob, queue and table through private endpoints in the stack\'s block', () => {
    const prod = byName('api-patterns-prod').tf;
    expect(resourceOf(prod, 'azurerm_virtual_network').address_space).toEqual(['10.40.32.0/20']);
    const subnets = Object.values(resourcesOf(prod, 'azurerm_subnet')).map((s) => [s.name, s.address_prefixes, (s.delegation as { service_delegation: { name: string } }[] | undefined)?.[0]?.service_delegation.name]);
    expect(subnets).toEqual([
      ['snet-functions', ['10.40.34.64/26'], 'Microsoft.App/environments'],
      ['snet-private-endpoints', ['10.40.34.128/26'], undefined],
    ]);
    const site = resourceOf(prod, 'azapi_resource', 'function-app/site') as { body: { properties: { virtualNetworkSubnetId?: string } } };
    expect(site.body.properties.virtualNetworkSubnetId).toMatch(/^\$\{azurerm_subnet_network_security_group_association\.network_nsg-association-functions_[0-9A-F]{8}\.subnet_id\}$/);
    expect(resourceOf(prod, 'azurerm_storage_account').public_network_access_enabled).toBe(false);
    const endpoints = Object.values(resourcesOf(prod, 'azurerm_private_endpoint')) as { name: string; private_service_connection: { subresource_names: string[] } }[];
    expect(endpoints.map((e) => e.private_service_connection.subresource_names[0]).sort()).toEqual(['blob', 'queue', 'table']);
    const dev = byName('api-patterns-dev').tf;
    expect(resourcesOf(dev, 'azurerm_virtual_network')).toEqual({});
    expect(resourceOf(dev, 'azurerm_storage_account').public_network_access_enabled).toBe(true);
  });

  it('writes the lessons report of each stack without errors, the 13 routes and the host checked, the constructs\' warnings and notes in it', () => {
    for (const { stack } of stacks) {
      const report = stack.lessonsCheck.reportOf(stack);
      // dev creates its app registration (no placeholder warning any more); prod brings its own.
      expect(report.summary).toMatchObject({ errors: 0, warnings: 0, notes: 1 });
      expect(report.results.filter((r) => r.status === ReportStatus.NON_COMPLIANT).map((r) => `${r.level} ${r.ruleId} ${r.resourcePath}`)).toEqual([
        `info GW-2.RateLimitAlgorithm ${stack.node.id}/api/limits`,
      ]);
      const compliant = (ruleId: string) => report.results.filter((r) => r.ruleId === ruleId && r.status === ReportStatus.COMPLIANT).length;
      expect(compliant('SEC-3.FunctionsReservedRoute')).toBe(13);
      expect(compliant('SEC-1.StorageSharedKey')).toBe(1);
      expect(compliant('SEC-1.FunctionHostStorageKey')).toBe(1);
      expect(compliant('SEC-1.FunctionHttpsOnly')).toBe(1);
    }
  });
});

describe('ApiPatternsStack refusals', () => {
  const prodDefinition = DEFAULT_ENVIRONMENTS.find((e) => e.name === 'prod')!;
  const prodSection = prodDefinition.stacks.apiPatterns as ApiPatternsSettings;
  const build = (apiPatterns: Partial<ApiPatternsSettings>) => () => synthAll([{
    ...prodDefinition, stacks: { ...prodDefinition.stacks, apiPatterns: { ...prodSection, ...apiPatterns } },
  }]);

  it('fails when prod has the placeholder app registration (RELEASE)', () => {
    const r = refusalOf(build({ entraApplicationId: '00000000-0000-0000-0000-000000000000' }));
    expect(r).toMatchObject({ lesson: 'RELEASE', setting: 'apiPatterns.entraApplicationId', path: 'api-patterns-prod' });
    expect(r.message).toBe('[RELEASE] api-patterns-prod: apiPatterns.entraApplicationId = "00000000-0000-0000-0000-000000000000": this is the placeholder app registration: '
      + 'the function app accepts no token, so every call through the gateway answers 401. '
      + 'Fix: create the app registration (az ad app create --display-name <name>) and give its Application (client) ID.');
  });

  it('fails when the app registration id is not a GUID (ACCESS)', () => {
    const r = refusalOf(build({ entraApplicationId: 'patterns-api' }));
    expect(r).toMatchObject({ lesson: 'ACCESS', setting: 'entraAuth.applicationId', path: 'api-patterns-prod/function-app' });
  });

  it('fails when the alert mailbox is not an e-mail address', () => {
    const r = refusalOf(build({ alertEmail: 'platform-team' }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'apiPatterns.alertEmail', path: 'api-patterns-prod' });
    expect(r.message).toBe('[AZURE] api-patterns-prod: apiPatterns.alertEmail = "platform-team": failed executions, poisoned messages and queue backlogs are sent to this address. '
      + 'Fix: give the team mailbox, e.g. platform@contoso.com.');
  });

  it('fails when the always-ready HTTP instances exceed the scale cap', () => {
    const r = refusalOf(build({ functionApp: { maximumInstanceCount: 1, alwaysReadyHttpInstances: 2 } }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'alwaysReady', path: 'api-patterns-prod/function-app' });
  });
});

describe.skipIf(!policySchemaAvailable())(`the api-patterns policies against the APIM policy XSD${policySchemaSkipReason()}`, () => {
  for (const { name, tf } of stacks) {
    it(`validates the API policy of ${name}`, async () => {
      expect(await validatePolicyDeep(policyXml(tf))).toEqual({ valid: true, errors: [] });
    });
  }
});
