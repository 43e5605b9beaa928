import { Aspects, TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { Construct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { ApiManagement } from '@cdktf/provider-azurerm/lib/api-management';
import { ApiManagementApi } from '@cdktf/provider-azurerm/lib/api-management-api';
import { ApiManagementApiDiagnostic } from '@cdktf/provider-azurerm/lib/api-management-api-diagnostic';
import { ApiManagementApiOperation } from '@cdktf/provider-azurerm/lib/api-management-api-operation';
import { ApiManagementApiPolicy } from '@cdktf/provider-azurerm/lib/api-management-api-policy';
import { ApiManagementBackend } from '@cdktf/provider-azurerm/lib/api-management-backend';
import { ApiManagementDiagnostic } from '@cdktf/provider-azurerm/lib/api-management-diagnostic';
import { CdnFrontdoorOrigin } from '@cdktf/provider-azurerm/lib/cdn-frontdoor-origin';
import { CdnFrontdoorProfile } from '@cdktf/provider-azurerm/lib/cdn-frontdoor-profile';
import { ContainerApp, ContainerAppTemplateHttpScaleRule } from '@cdktf/provider-azurerm/lib/container-app';
import { ContainerRegistry } from '@cdktf/provider-azurerm/lib/container-registry';
import { ManagedRedis } from '@cdktf/provider-azurerm/lib/managed-redis';
import { MonitorDiagnosticSetting } from '@cdktf/provider-azurerm/lib/monitor-diagnostic-setting';
import { AzurermProvider } from '@cdktf/provider-azurerm/lib/provider';
import { RedisCache } from '@cdktf/provider-azurerm/lib/redis-cache';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';
import { Resource } from '../.gen/providers/azapi/resource';
import { AzureStack } from '../constructs/stack/azure-stack';
import { Production } from '../constructs/core/production';
import { LessonsCheck } from '../constructs/lessons-check/lessons-check';
import { RuleLevel, RulePack } from '../constructs/lessons-check/pack';
import { PlatformLessonsPack } from '../constructs/lessons-check/platform-lessons-pack';
import { ReportRow, ReportStatus, summaryLine } from '../constructs/lessons-check/report';
import { ILessonRule, RuleOutcome, RuleStatus } from '../constructs/lessons-check/rule';
import { blockOf, blocksOf, isStreamingPolicy, numberOf } from '../constructs/lessons-check/rules/attributes';

// Behaviour of the lessons check and its rules that the lessons-check suite leaves open: the
// readers the rules share, the rule context other teams' rules get, and the edges of each rule
// (what it leaves alone as much as what it finds).

const WORKSPACE = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.OperationalInsights/workspaces/log';
const LOGGER = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.ApiManagement/service/apim-other/loggers/azuremonitor';
const POLICY_TAIL = '<outbound><base /></outbound><on-error><base /></on-error></policies>';
const policyXml = (inbound: string, backend = '<forward-request buffer-response="false" timeout="240" />') =>
  `<policies><inbound>${inbound}</inbound><backend>${backend}</backend>${POLICY_TAIL}`;

const rawStack = (production = false): AzureStack =>
  new AzureStack(Testing.app(), { stackName: 'other', environmentName: production ? 'prod' : 'dev', production });

function plainStack(id = 'plain'): TerraformStack {
  const stack = new TerraformStack(Testing.app(), id);
  new AzurermProvider(stack, 'azurerm', { features: [{}] });
  return stack;
}

/** The report rows of one rule on one resource (construct path under the stack). */
const rows = (stack: TerraformStack, ruleId: string, id: string): ReportRow[] =>
  LessonsCheck.of(stack)!.reportOf(stack).results.filter((r) => r.ruleId === ruleId && r.resourcePath === `${stack.node.id}/${id}`);
const statusOf = (stack: TerraformStack, ruleId: string, id: string) => rows(stack, ruleId, id).map((r) => r.status);

const errorsAfterSynth = (stack: TerraformStack) => {
  Testing.synth(stack);
  return stack.node.findAll().flatMap((c) => c.node.metadata.filter((m) => m.type === '@cdktf/error').map((m) => String(m.data)));
};

function gateway(stack: TerraformStack, id = 'apim', name = 'apim-other'): ApiManagement {
  return new ApiManagement(stack, id, {
    name, location: 'westeurope', resourceGroupName: 'rg', publisherName: 'Other', publisherEmail: 'other@contoso.com', skuName: 'BasicV2_1',
  });
}

function api(stack: TerraformStack, apim: ApiManagement, id = 'api', extra: { apiType?: string; serviceUrl?: string } = {}): ApiManagementApi {
  return new ApiManagementApi(stack, id, {
    name: id, apiManagementName: apim.name, resourceGroupName: 'rg', revision: '1', path: id, protocols: ['https'], ...extra,
  });
}

/** An API that streams: its API-scope policy forwards unbuffered. */
function streamingApi(stack: TerraformStack, apim: ApiManagement, id = 'events'): ApiManagementApi {
  const streamed = api(stack, apim, id);
  new ApiManagementApiPolicy(stack, `${id}-policy`, { apiName: streamed.name, apiManagementName: apim.name, resourceGroupName: 'rg', xmlContent: policyXml('<base />') });
  return streamed;
}

/** An API of an AzAPI `service/apis` resource. */
function azapiApi(stack: TerraformStack, id: string, options: { parentId?: string; properties?: Record<string, unknown> }): Resource {
  return new Resource(stack, id, {
    type: 'Microsoft.ApiManagement/service/apis@2024-05-01', name: id,
    ...(options.parentId ? { parentId: options.parentId } : {}),
    ...(options.properties ? { body: { properties: options.properties } } : {}),
  });
}

function operation(stack: TerraformStack, id: string, apiName: string, apimName: string): ApiManagementApiOperation {
  return new ApiManagementApiOperation(stack, id, {
    apiName, apiManagementName: apimName, resourceGroupName: 'rg', operationId: id, displayName: id, method: 'GET', urlTemplate: `/${id}`,
  });
}

function bodyLoggingServiceDiagnostic(stack: TerraformStack, id: string, apim: ApiManagement): ApiManagementDiagnostic {
  return new ApiManagementDiagnostic(stack, id, {
    apiManagementName: apim.name, resourceGroupName: 'rg', identifier: 'azuremonitor', apiManagementLoggerId: LOGGER, backendRequest: { bodyBytes: 512 },
  });
}

function containerApp(stack: TerraformStack, id: string, options: { transport?: string; ingress?: boolean; httpScaleRule?: ContainerAppTemplateHttpScaleRule[] } = {}) {
  return new ContainerApp(stack, id, {
    name: id, resourceGroupName: 'rg', containerAppEnvironmentId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.App/managedEnvironments/cae', revisionMode: 'Single',
    ...(options.ingress === false ? {} : { ingress: { targetPort: 8080, transport: options.transport ?? 'auto', trafficWeight: [{ latestRevision: true, percentage: 100 }] } }),
    template: {
      ...(options.httpScaleRule ? { httpScaleRule: options.httpScaleRule } : {}),
      container: [{ name: 'app', image: 'contoso.azurecr.io/orders/api:1.4.2', cpu: 0.5, memory: '1Gi' }],
    },
  });
}

const redisCache = (scope: Construct, id: string) => new RedisCache(scope, id, {
  name: `redis-${id}`, location: 'westeurope', resourceGroupName: 'rg', capacity: 1, family: 'C', skuName: 'Standard',
});

describe('rules of the platform lessons pack', () => {
  it('name their lesson in their id (what a suppression by lesson id relies on) and say what they find', () => {
    const rules = PlatformLessonsPack.create().rules.map((r) => r.rule);
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) {
      expect(rule.lesson).toMatch(/^[A-Z]+(?:-\d+)?$/);
      expect(rule.id.startsWith(`${rule.lesson}.`)).toBe(true);
      expect(rule.description.length).toBeGreaterThan(0);
    }
  });
});

describe('RuleOutcome', () => {
  it('carries no findings when compliant or not applicable, and is compliant when non-compliant without findings', () => {
    expect(RuleOutcome.compliant()).toEqual({ status: RuleStatus.COMPLIANT, findings: [] });
    expect(RuleOutcome.notApplicable()).toEqual({ status: RuleStatus.NOT_APPLICABLE, findings: [] });
    expect(RuleOutcome.nonCompliant()).toEqual({ status: RuleStatus.COMPLIANT, findings: [] });
  });
});

describe('summaryLine', () => {
  it('counts failures as errors plus warnings, in singular and plural', () => {
    expect(summaryLine({ compliant: 41, errors: 0, warnings: 1, suppressed: 1, notApplicable: 7 })).toBe('lessons: 41 passed, 1 failed (0 errors, 1 warning), 1 suppressed');
    expect(summaryLine({ compliant: 3, errors: 1, warnings: 2, suppressed: 0, notApplicable: 0 })).toBe('lessons: 3 passed, 3 failed (1 error, 2 warnings), 0 suppressed');
  });
});

describe('LessonsCheck.applyTo and the production mark', () => {
  it('marks a stack nobody marked as production', () => {
    const stack = plainStack();
    LessonsCheck.applyTo(stack);
    expect([Production.isMarked(stack), Production.isDeclaredProduction(stack)]).toEqual([true, true]);
  });

  it('keeps the mark a stack already has when not told otherwise', () => {
    const stack = plainStack();
    Production.mark(stack, false);
    LessonsCheck.applyTo(stack);
    expect(Production.isProduction(stack)).toBe(false);
  });

  it('re-marks a marked stack when told', () => {
    const stack = plainStack();
    Production.mark(stack, false);
    LessonsCheck.applyTo(stack, { production: true });
    expect(Production.isDeclaredProduction(stack)).toBe(true);
  });
});

describe('LessonsCheck added to part of a stack', () => {
  it('checks only the resources under the construct it is added to', () => {
    const stack = plainStack();
    const team = new Construct(stack, 'team');
    redisCache(team, 'inside');
    redisCache(stack, 'outside');
    Aspects.of(team).add(new LessonsCheck());
    expect(errorsAfterSynth(stack)).toEqual([expect.stringMatching(/^\[LIM-1\.NoAzureCacheForRedis\] plain\/team\/inside: /)]);
  });
});

describe('the rule context other teams\' rules get', () => {
  it('lists the resources of one type, and finds references nested in objects and lists, of one type or any', () => {
    const stack = rawStack();
    const identity = new UserAssignedIdentity(stack, 'worker', { name: 'id-worker', resourceGroupName: 'rg', location: 'westeurope' });
    const shared = new ResourceGroup(stack, 'shared', { name: 'rg-shared', location: 'westeurope' });
    new ResourceGroup(stack, 'team', { name: 'rg-team', location: 'westeurope', tags: { owner: identity.principalId, parent: shared.name } });
    const seen: Record<string, unknown> = {};
    const probe: ILessonRule = {
      id: 'TEAM-2.Probe', lesson: 'TEAM-2', description: 'Records what the context gives a rule.', resourceTypes: ['azurerm_resource_group'],
      evaluate: (resource, context) => {
        if (resource.attributes.name !== 'rg-team') return RuleOutcome.notApplicable();
        seen.groups = context.resourcesOfType('azurerm_resource_group').map((r) => r.path);
        const value = [null, { nested: { tags: resource.attributes.tags } }];
        seen.identities = context.referencedBy(value, 'azurerm_user_assigned_identity').map((r) => r.path);
        seen.any = context.referencedBy(value).map((r) => r.path).sort();
        return RuleOutcome.compliant();
      },
    };
    LessonsCheck.of(stack)!.addPack(new RulePack('team', [{ rule: probe, level: RuleLevel.WARNING }]));
    expect(statusOf(stack, 'TEAM-2.Probe', 'team')).toEqual([ReportStatus.COMPLIANT]);
    expect(seen).toEqual({
      groups: ['other-dev/shared', 'other-dev/team'],
      identities: ['other-dev/worker'],
      any: ['other-dev/shared', 'other-dev/worker'],
    });
  });
});

describe('the readers the rules share', () => {
  it('reads a block as its object or the first item of its list, and nothing else', () => {
    expect(blockOf({ a: 1 })).toEqual({ a: 1 });
    expect(blockOf([{ a: 1 }, { a: 2 }])).toEqual({ a: 1 });
    for (const value of [undefined, null, [], [null], 'text', 5]) expect(blockOf(value)).toBeUndefined();
  });

  it('reads a list block as its objects, a single object as a list of one', () => {
    expect(blocksOf(undefined)).toEqual([]);
    expect(blocksOf({ a: 1 })).toEqual([{ a: 1 }]);
    expect(blocksOf([{ a: 1 }, null, 'text', 5, { b: 2 }])).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('reads numbers and numeric strings, and nothing else', () => {
    expect([numberOf(240), numberOf('240'), numberOf(' 240 '), numberOf('-3'), numberOf('2.55')]).toEqual([240, 240, 240, -3, 2.55]);
    for (const value of ['x240', '240x', '2.', '2.x', '', undefined, true]) expect(numberOf(value)).toBeUndefined();
  });

  it('recognises an unbuffered forward-request wherever the attribute sits and however it is spaced', () => {
    expect(isStreamingPolicy('<forward-request timeout="240" buffer-response="false" />')).toBe(true);
    expect(isStreamingPolicy('<forward-request buffer-response = "false" />')).toBe(true);
    expect(isStreamingPolicy('<forward-request timeout="240" buffer-response="true" />')).toBe(false);
    expect(isStreamingPolicy('<forward-request timeout="240" /><set-header buffer-response="false" />')).toBe(false);
  });
});

describe('which APIs stream (EDGE-4, EDGE-5)', () => {
  it('does not count an API whose policy buffers: caching there is fine', () => {
    const stack = rawStack();
    const apim = gateway(stack);
    const orders = api(stack, apim, 'orders');
    new ApiManagementApiPolicy(stack, 'orders-policy', {
      apiName: orders.name, apiManagementName: apim.name, resourceGroupName: 'rg',
      xmlContent: policyXml('<base /><cache-lookup vary-by-developer="false" vary-by-developer-groups="false" />', '<forward-request timeout="60" />'),
    });
    operation(stack, 'list', orders.name, apim.name);
    expect(statusOf(stack, 'EDGE-4.StreamingApiBuffering', 'orders-policy')).toEqual([ReportStatus.NOT_APPLICABLE]);
    expect(statusOf(stack, 'EDGE-5.StreamingRouteHeartbeat', 'list')).toEqual([ReportStatus.NOT_APPLICABLE]);
  });

  it('counts a WebSocket API (azurerm) as streaming', () => {
    const stack = rawStack();
    const apim = gateway(stack);
    const ws = api(stack, apim, 'ws', { apiType: 'websocket', serviceUrl: 'wss://chat.contoso.com' });
    operation(stack, 'onHandshake', ws.name, apim.name);
    expect(rows(stack, 'EDGE-5.StreamingRouteHeartbeat', 'onHandshake')).toEqual([
      expect.objectContaining({ lesson: 'EDGE-5', status: ReportStatus.NON_COMPLIANT, setting: 'url_template', message: expect.stringContaining('url_template = "/onHandshake"') }),
    ]);
  });

  it('counts a WebSocket API of an AzAPI service/apis resource as streaming, and no other AzAPI API', () => {
    const stack = rawStack();
    const apim = gateway(stack);
    const ws = azapiApi(stack, 'ws', { parentId: apim.id, properties: { type: 'websocket', path: 'ws', serviceUrl: 'wss://chat.contoso.com' } });
    const http = azapiApi(stack, 'http', { parentId: apim.id, properties: { type: 'http', path: 'http' } });
    const bare = azapiApi(stack, 'bare', { parentId: apim.id });
    operation(stack, 'ws-op', ws.name, apim.name);
    operation(stack, 'http-op', http.name, apim.name);
    operation(stack, 'bare-op', bare.name, apim.name);
    expect(statusOf(stack, 'EDGE-5.StreamingRouteHeartbeat', 'ws-op')).toEqual([ReportStatus.NON_COMPLIANT]);
    expect(statusOf(stack, 'EDGE-5.StreamingRouteHeartbeat', 'http-op')).toEqual([ReportStatus.NOT_APPLICABLE]);
    expect(statusOf(stack, 'EDGE-5.StreamingRouteHeartbeat', 'bare-op')).toEqual([ReportStatus.NOT_APPLICABLE]);
  });
});

describe('EDGE-4.StreamingApiBuffering edges', () => {
  it('leaves alone a policy of a streaming API given by link rather than inline XML', () => {
    const stack = rawStack();
    const apim = gateway(stack);
    const events = streamingApi(stack, apim);
    new ApiManagementApiPolicy(stack, 'linked', { apiName: events.name, apiManagementName: apim.name, resourceGroupName: 'rg', xmlLink: 'https://contoso.blob.core.windows.net/policies/events.xml' });
    expect(statusOf(stack, 'EDGE-4.StreamingApiBuffering', 'linked')).toEqual([ReportStatus.NOT_APPLICABLE]);
    expect(statusOf(stack, 'EDGE-3.ForwardRequestAttributeSpelling', 'linked')).toEqual([ReportStatus.NOT_APPLICABLE]);
  });

  it('leaves alone an API diagnostic of an API that does not stream, on a gateway that has one that does', () => {
    const stack = rawStack();
    const apim = gateway(stack);
    streamingApi(stack, apim);
    const orders = api(stack, apim, 'orders');
    new ApiManagementApiDiagnostic(stack, 'orders-diagnostic', {
      apiName: orders.name, apiManagementName: apim.name, resourceGroupName: 'rg', identifier: 'azuremonitor', apiManagementLoggerId: LOGGER, frontendResponse: { bodyBytes: 1024 },
    });
    expect(statusOf(stack, 'EDGE-4.StreamingApiBuffering', 'orders-diagnostic')).toEqual([ReportStatus.NOT_APPLICABLE]);
  });

  it('finds body logging of a service-wide diagnostic on a gateway with a streaming API, whatever other gateways stream', () => {
    const stack = rawStack();
    const one = gateway(stack, 'apim', 'apim-one');
    const two = gateway(stack, 'apim-b', 'apim-two');
    streamingApi(stack, one);
    azapiApi(stack, 'ws', { parentId: two.id, properties: { type: 'websocket', path: 'ws' } });
    bodyLoggingServiceDiagnostic(stack, 'all-apis', one);
    expect(rows(stack, 'EDGE-4.StreamingApiBuffering', 'all-apis')).toEqual([expect.objectContaining({
      lesson: 'EDGE-4', status: ReportStatus.NON_COMPLIANT, setting: 'backend_request.body_bytes', message: expect.stringContaining('backend_request.body_bytes = 512: '),
    })]);
  });

  it('leaves alone a service-wide diagnostic on a gateway without streaming APIs, also when another gateway\'s name starts with its name', () => {
    const stack = rawStack();
    const one = gateway(stack, 'apim', 'apim-one');
    const two = gateway(stack, 'apim-b', 'apim-two');
    azapiApi(stack, 'ws', { parentId: two.id, properties: { type: 'websocket', path: 'ws' } });
    bodyLoggingServiceDiagnostic(stack, 'all-apis', one);
    expect(statusOf(stack, 'EDGE-4.StreamingApiBuffering', 'all-apis')).toEqual([ReportStatus.NOT_APPLICABLE]);
  });

  it('leaves alone a service-wide diagnostic when a streaming AzAPI API names no parent service', () => {
    const stack = rawStack();
    const apim = gateway(stack);
    azapiApi(stack, 'ws', { properties: { type: 'websocket', path: 'ws' } });
    bodyLoggingServiceDiagnostic(stack, 'all-apis', apim);
    expect(statusOf(stack, 'EDGE-4.StreamingApiBuffering', 'all-apis')).toEqual([ReportStatus.NOT_APPLICABLE]);
  });
});

describe('EDGE-3.ForwardRequestAttributeSpelling edges', () => {
  it.each([
    ['after another attribute', '<forward-request timeout="60" buffer_response="false" />'],
    ['with spaces around =', '<forward-request buffer_response = "false" />'],
  ])('fails when buffer_response is spelt with an underscore %s', (_where, forward) => {
    const stack = rawStack();
    new ApiManagementApiPolicy(stack, 'policy', { apiName: 'orders', apiManagementName: 'apim-other', resourceGroupName: 'rg', xmlContent: policyXml('<base />', forward) });
    expect(rows(stack, 'EDGE-3.ForwardRequestAttributeSpelling', 'policy')).toEqual([expect.objectContaining({
      lesson: 'EDGE-3', level: RuleLevel.ERROR, status: ReportStatus.NON_COMPLIANT, setting: 'xml_content', message: expect.stringContaining(`xml_content = ${JSON.stringify(forward)}`),
    })]);
  });
});

describe('SCALE-1.ConnectionHoldingScaleRule edges', () => {
  it('takes a concurrency threshold of exactly 50 on an app that holds connections', () => {
    const stack = rawStack();
    containerApp(stack, 'grpc', { transport: 'http2', httpScaleRule: [{ name: 'c', concurrentRequests: '50' }] });
    expect(statusOf(stack, 'SCALE-1.ConnectionHoldingScaleRule', 'grpc')).toEqual([ReportStatus.COMPLIANT]);
  });

  it('leaves alone a worker app without ingress', () => {
    const stack = rawStack();
    containerApp(stack, 'worker', { ingress: false });
    expect(statusOf(stack, 'SCALE-1.ConnectionHoldingScaleRule', 'worker')).toEqual([ReportStatus.NOT_APPLICABLE]);
  });

  it('warns when an AzAPI WebSocket API forwards to an app without an HTTP scale rule', () => {
    const stack = rawStack();
    const apim = gateway(stack);
    const chat = containerApp(stack, 'chat');
    azapiApi(stack, 'ws', { parentId: apim.id, properties: { type: 'websocket', path: 'ws', serviceUrl: `wss://${chat.ingress.fqdn}` } });
    expect(rows(stack, 'SCALE-1.ConnectionHoldingScaleRule', 'chat')).toEqual([expect.objectContaining({
      lesson: 'SCALE-1', status: ReportStatus.NON_COMPLIANT, setting: 'template.http_scale_rule', message: expect.stringContaining('template.http_scale_rule = undefined: '),
    })]);
  });
});

describe('ING-4.GrpcBehindBrowserRoute edges', () => {
  it('leaves alone a Front Door origin that is not a container app', () => {
    const stack = rawStack();
    new CdnFrontdoorOrigin(stack, 'origin', { name: 'origin', cdnFrontdoorOriginGroupId: '/og', hostName: 'apim-x.azure-api.net', certificateNameCheckEnabled: true });
    expect(statusOf(stack, 'ING-4.GrpcBehindBrowserRoute', 'origin')).toEqual([ReportStatus.NOT_APPLICABLE]);
  });

  it('takes a backend on a container app without ingress (it is not http2)', () => {
    const stack = rawStack();
    const worker = containerApp(stack, 'worker', { ingress: false });
    new ApiManagementBackend(stack, 'worker-backend', { name: 'worker', apiManagementName: 'apim-other', resourceGroupName: 'rg', protocol: 'http', url: `https://${worker.latestRevisionFqdn}` });
    expect(statusOf(stack, 'ING-4.GrpcBehindBrowserRoute', 'worker-backend')).toEqual([ReportStatus.COMPLIANT]);
  });
});

describe('SEC-1 rules on booleans written as strings', () => {
  it('takes a registry with its admin user off or unset', () => {
    const stack = rawStack();
    new ContainerRegistry(stack, 'off', { name: 'croff', location: 'westeurope', resourceGroupName: 'rg', sku: 'Standard', adminEnabled: false });
    new ContainerRegistry(stack, 'unset', { name: 'crunset', location: 'westeurope', resourceGroupName: 'rg', sku: 'Standard' });
    expect([...statusOf(stack, 'SEC-1.RegistryAdminUser', 'off'), ...statusOf(stack, 'SEC-1.RegistryAdminUser', 'unset')]).toEqual([ReportStatus.COMPLIANT, ReportStatus.COMPLIANT]);
  });

  it('fails when a registry\'s admin user is turned on with the string "true" (an override)', () => {
    const stack = rawStack();
    new ContainerRegistry(stack, 'registry', { name: 'crother', location: 'westeurope', resourceGroupName: 'rg', sku: 'Standard' }).addOverride('admin_enabled', 'true');
    expect(rows(stack, 'SEC-1.RegistryAdminUser', 'registry')).toEqual([expect.objectContaining({
      lesson: 'SEC-1', status: ReportStatus.NON_COMPLIANT, setting: 'admin_enabled', message: expect.stringContaining('admin_enabled = "true": '),
    })]);
  });

  it('fails when Managed Redis access keys are turned on with the string "true" (an override)', () => {
    const stack = rawStack();
    new ManagedRedis(stack, 'managed', { name: 'redis-other', location: 'westeurope', resourceGroupName: 'rg', skuName: 'Balanced_B1', defaultDatabase: {} })
      .addOverride('default_database.access_keys_authentication_enabled', 'true');
    expect(rows(stack, 'SEC-1.RedisAccessKeys', 'managed')).toEqual([expect.objectContaining({
      lesson: 'SEC-1', status: ReportStatus.NON_COMPLIANT, setting: 'default_database.access_keys_authentication_enabled',
      message: expect.stringContaining('default_database.access_keys_authentication_enabled = "true": '),
    })]);
  });
});

describe('EDGE-1.FrontDoorTimeoutBelowCeiling edges', () => {
  it('leaves alone a profile whose timeout is a Terraform value (known at plan only)', () => {
    const stack = rawStack();
    const timeout = new TerraformVariable(stack, 'timeout', { type: 'number' });
    new CdnFrontdoorProfile(stack, 'profile', { name: 'afd-other', resourceGroupName: 'rg', skuName: 'Standard_AzureFrontDoor', responseTimeoutSeconds: timeout.numberValue });
    expect(statusOf(stack, 'EDGE-1.FrontDoorTimeoutBelowCeiling', 'profile')).toEqual([ReportStatus.NOT_APPLICABLE]);
  });
});

describe('GW-10.GatewayLogsDedicated edges', () => {
  it('leaves alone a gateway diagnostic setting that sends to storage only', () => {
    const stack = rawStack();
    const apim = gateway(stack);
    new MonitorDiagnosticSetting(stack, 'archive', {
      name: 'to-storage', targetResourceId: apim.id, storageAccountId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.Storage/storageAccounts/starchive',
      enabledLog: [{ categoryGroup: 'allLogs' }],
    });
    expect(statusOf(stack, 'GW-10.GatewayLogsDedicated', 'archive')).toEqual([ReportStatus.NOT_APPLICABLE]);
  });

  it('leaves alone a diagnostic setting of a resource below an API Management service', () => {
    const stack = rawStack();
    new MonitorDiagnosticSetting(stack, 'workspace-logs', {
      name: 'to-log-analytics', targetResourceId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.ApiManagement/service/apim-shared/workspaces/orders',
      logAnalyticsWorkspaceId: WORKSPACE, enabledLog: [{ categoryGroup: 'allLogs' }],
    });
    expect(statusOf(stack, 'GW-10.GatewayLogsDedicated', 'workspace-logs')).toEqual([ReportStatus.NOT_APPLICABLE]);
  });
});
