import * as fs from 'fs';
import * as path from 'path';
import { App, Aspects, Lazy, TerraformResource, TerraformStack, Testing } from 'cdktf';
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
import { RedisEnterpriseCluster } from '@cdktf/provider-azurerm/lib/redis-enterprise-cluster';
import { RedisEnterpriseDatabase } from '@cdktf/provider-azurerm/lib/redis-enterprise-database';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { resolveIn } from '../../constructs/core/claims';
import { Production } from '../../constructs/core/production';
import { HoldKind, RequestPath } from '../../constructs/core/request-path';
import { LessonsCheck } from '../../constructs/stack/lessons-check';
import { PlatformLessonsPack } from '../../constructs/stack/platform-lessons-pack';
import { RuleLevel, RulePack } from '../../constructs/lessons-check/pack';
import { LessonsReport, ReportStatus, summaryLine } from '../../constructs/lessons-check/report';
import { ILessonRule, RuleOutcome, RuleResource, RuleStatus } from '../../constructs/lessons-check/rule';
import { RuleContext } from '../../constructs/lessons-check/rule-context';
import { blockOf, blocksOf, isStreamingPolicy, numberOf, streamingApis } from '../../constructs/lessons-check/rules/attributes';
import { NoAzureCacheForRedisRule } from '../../constructs/redis/rules/no-azure-cache-for-redis';
import { PrivateEndpointDnsZoneRule } from '../../constructs/network/rules/private-endpoint-dns-zone';
import { EXAMPLES as PE_ZONE_EXAMPLES } from '../../constructs/network/rules/private-endpoint-dns-zone.examples';
import { statusOf } from '../support/lessons-rules';
import { probeHiddenClasses } from '../support/hidden-classes';
import { refusalOf } from '../support/refusal';
import { warningsOf } from '../support/synth';

/** A stack like another team's, with raw provider resources only. */
function rawStack(options: { production?: boolean; lessonPacks?: RulePack[] } = {}) {
  const app: App = Testing.app();
  const stack = new AzureStack(app, {
    stackName: 'other', environmentName: options.production ? 'prod' : 'dev',
    ...(options.production !== undefined ? { production: options.production } : {}),
    ...(options.lessonPacks ? { lessonPacks: options.lessonPacks } : {}),
  });
  return { app, stack };
}

/** A plain TerraformStack with the azurerm provider and nothing of this library. */
function plainStack() {
  const app: App = Testing.app();
  const stack = new TerraformStack(app, 'plain');
  new AzurermProvider(stack, 'azurerm', { features: [{}] });
  return { app, stack };
}

const errorsOf = (stack: TerraformStack) => {
  Testing.synth(stack);
  return stack.node.findAll().flatMap((c) => c.node.metadata.filter((m) => m.type === '@cdktf/error').map((m) => String(m.data)));
};

/** Warnings after a synth (the lessons check runs as an aspect at synth). */
const synthWarningsOf = (stack: TerraformStack) => {
  Testing.synth(stack);
  return warningsOf(stack);
};

const reportOf = (stack: TerraformStack): LessonsReport => LessonsCheck.of(stack)!.reportOf(stack);
/** The report rows of one rule that are not "not applicable". */
const rowsOf = (stack: TerraformStack, ruleId: string) => reportOf(stack).results.filter((r) => r.ruleId === ruleId && r.status !== ReportStatus.NOT_APPLICABLE);

const profile = (stack: TerraformStack, responseTimeoutSeconds?: number) => new CdnFrontdoorProfile(stack, 'profile', {
  name: 'afd-other', resourceGroupName: 'rg', skuName: 'Standard_AzureFrontDoor', ...(responseTimeoutSeconds ? { responseTimeoutSeconds } : {}),
});

/** A keyless Azure Cache for Redis, so the tests that use it see LIM-1 alone (SEC-1.RedisAccessKeys checks its keys too). */
const redisCache = (scope: Construct, id = 'cache') => new RedisCache(scope, id, {
  name: 'redis-other', location: 'westeurope', resourceGroupName: 'rg', capacity: 1, family: 'C', skuName: 'Standard',
  accessKeysAuthenticationEnabled: false, redisConfiguration: { activeDirectoryAuthenticationEnabled: true },
});

const managedRedis = (stack: TerraformStack, defaultDatabase: Record<string, unknown>) => new ManagedRedis(stack, 'managed', {
  name: 'redis-other', location: 'westeurope', resourceGroupName: 'rg', skuName: 'Balanced_B1', defaultDatabase,
});

const POLICY_TAIL = '<outbound><base /></outbound><on-error><base /></on-error></policies>';
/** A policy document whose backend forwards unbuffered: the mark of a streaming API. */
const streamingPolicy = (inbound = '<base />') =>
  `<policies><inbound>${inbound}</inbound><backend><forward-request buffer-response="false" timeout="240" /></backend>${POLICY_TAIL}`;

/** A raw API Management service with one API. */
function gatewayWithApi(stack: TerraformStack, apiId = 'api') {
  const apim = new ApiManagement(stack, 'apim', {
    name: 'apim-other', location: 'westeurope', resourceGroupName: 'rg', publisherName: 'Other', publisherEmail: 'other@contoso.com', skuName: 'BasicV2_1',
  });
  const api = new ApiManagementApi(stack, apiId, {
    name: 'events', apiManagementName: apim.name, resourceGroupName: 'rg', revision: '1', path: 'events', protocols: ['https'],
  });
  return { apim, api };
}

/** A raw API whose API-scope policy forwards unbuffered: a streaming API. */
function streamingApi(stack: TerraformStack, inbound?: string) {
  const { apim, api } = gatewayWithApi(stack);
  const policy = new ApiManagementApiPolicy(stack, 'policy', {
    apiName: api.name, apiManagementName: apim.name, resourceGroupName: 'rg', xmlContent: streamingPolicy(inbound),
  });
  return { apim, api, policy };
}

function containerApp(stack: TerraformStack, id: string, options: { transport?: string; image?: string; httpScaleRule?: ContainerAppTemplateHttpScaleRule[] } = {}) {
  return new ContainerApp(stack, id, {
    name: id, resourceGroupName: 'rg', containerAppEnvironmentId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.App/managedEnvironments/cae', revisionMode: 'Single',
    ingress: { targetPort: 8080, transport: options.transport ?? 'auto', trafficWeight: [{ latestRevision: true, percentage: 100 }] },
    template: {
      ...(options.httpScaleRule ? { httpScaleRule: options.httpScaleRule } : {}),
      container: [{ name: 'app', image: options.image ?? 'contoso.azurecr.io/orders/api:1.4.2', cpu: 0.5, memory: '1Gi' }],
    },
  });
}

describe('LessonsCheck on raw resources', () => {
  it('warns on a Front Door profile left at the provider default timeout (EDGE-1.FrontDoorTimeoutBelowCeiling)', () => {
    const { stack } = rawStack();
    profile(stack);
    expect(synthWarningsOf(stack)).toEqual([
      '[EDGE-1.FrontDoorTimeoutBelowCeiling] other-dev/profile: response_timeout_seconds = undefined: Front Door closes a request after 120 s without an origin response, so SSE streams and long polls end early. Fix: set 240 for origins that stream (the FrontDoor construct does).']);
    expect(errorsOf(stack)).toEqual([]);
  });

  it('warns on a Front Door profile below 240 s, with the timeout it has (EDGE-1.FrontDoorTimeoutBelowCeiling)', () => {
    const { stack } = rawStack();
    profile(stack, 60);
    expect(synthWarningsOf(stack)).toEqual([expect.stringMatching(
      /^\[EDGE-1\.FrontDoorTimeoutBelowCeiling\] other-dev\/profile: response_timeout_seconds = 60: Front Door closes a request after 60 s /)]);
  });

  it('says nothing about a Front Door profile at 240 s', () => {
    const { stack } = rawStack();
    profile(stack, 240);
    expect(synthWarningsOf(stack)).toEqual([]);
    expect(errorsOf(stack)).toEqual([]);
  });

  it('fails when a Front Door profile is above the 240 s ceiling (EDGE-1.FrontDoorTimeoutAboveCeiling, an error)', () => {
    const { stack } = rawStack();
    profile(stack, 300);
    expect(errorsOf(stack)).toEqual([
      '[EDGE-1.FrontDoorTimeoutAboveCeiling] other-dev/profile: response_timeout_seconds = 300: Front Door accepts 16-240 s, and Azure drops connections at 240 s anyway, so the plan fails. Fix: set 240.']);
    expect(warningsOf(stack)).toEqual([]);
    expect(rowsOf(stack, 'EDGE-1.FrontDoorTimeoutAboveCeiling')).toEqual([expect.objectContaining({ level: RuleLevel.ERROR, status: ReportStatus.NON_COMPLIANT })]);
  });

  it('fails when hand-written policy XML spells buffer_response with an underscore (EDGE-3.ForwardRequestAttributeSpelling)', () => {
    const { stack } = rawStack();
    new ApiManagementApiPolicy(stack, 'policy', {
      apiName: 'api', apiManagementName: 'apim', resourceGroupName: 'rg',
      xmlContent: `<policies><inbound><base /></inbound><backend><forward-request buffer_response="false" timeout="240" /></backend>${POLICY_TAIL}`,
    });
    expect(errorsOf(stack)).toEqual([expect.stringMatching(
      /^\[EDGE-3\.ForwardRequestAttributeSpelling\] other-dev\/policy: xml_content = "<forward-request buffer_response=\\"false\\" timeout=\\"240\\" \/>": APIM rejects the policy/)]);
  });

  it('fails when a new Azure Cache for Redis is declared (LIM-1.NoAzureCacheForRedis)', () => {
    const { stack } = rawStack();
    redisCache(stack);
    expect(errorsOf(stack)).toEqual([expect.stringMatching(
      /^\[LIM-1\.NoAzureCacheForRedis\] other-dev\/cache: resource type = "azurerm_redis_cache redis-other": .* Fix: use Azure Managed Redis/)]);
  });

  it('fails when a deprecated Redis Enterprise cluster and database are declared (LIM-1.NoRedisEnterprise)', () => {
    const { stack } = rawStack();
    const cluster = new RedisEnterpriseCluster(stack, 'enterprise', { name: 'redise-other', location: 'westeurope', resourceGroupName: 'rg', skuName: 'Enterprise_E10-2' });
    new RedisEnterpriseDatabase(stack, 'enterprise-db', { clusterId: cluster.id, clusteringPolicy: 'OSSCluster' });
    expect(errorsOf(stack).sort()).toEqual([
      expect.stringMatching(/^\[LIM-1\.NoRedisEnterprise\] other-dev\/enterprise-db: resource type = "azurerm_redis_enterprise_database": Azure Cache for Redis Enterprise is retired/),
      '[LIM-1.NoRedisEnterprise] other-dev/enterprise: resource type = "azurerm_redis_enterprise_cluster redise-other": Azure Cache for Redis Enterprise is retired: Azure refuses new Redis Enterprise resources, and azurerm deprecates this resource type. Fix: use Azure Managed Redis (azurerm_managed_redis, or the ManagedRedis construct), clustered, reached with managed identity.',
    ]);
  });

  it('fails when a raw Managed Redis enables access keys (SEC-1.RedisAccessKeys)', () => {
    const { stack } = rawStack();
    managedRedis(stack, { accessKeysAuthenticationEnabled: true });
    expect(errorsOf(stack)).toEqual([
      '[SEC-1.RedisAccessKeys] other-dev/managed: default_database.access_keys_authentication_enabled = true: an access key is one shared secret for the whole database: whoever holds it bypasses Entra ID. Fix: set it to false (the default) and give each workload identity an access policy assignment (ManagedRedis.grantDataAccess does).',
    ]);
  });

  it('fails when a raw Managed Redis accepts plaintext connections (SEC-1.RedisPlaintext)', () => {
    const { stack } = rawStack();
    managedRedis(stack, { clientProtocol: 'Plaintext' });
    expect(errorsOf(stack)).toEqual([
      '[SEC-1.RedisPlaintext] other-dev/managed: default_database.client_protocol = "Plaintext": clients send their Entra ID token and every counter in clear text, readable by anyone on the path. Fix: set client_protocol = "Encrypted" (the default) and connect with TLS on port 10000.',
    ]);
  });

  it('reports both Managed Redis findings when keys and plaintext are on together', () => {
    const { stack } = rawStack();
    managedRedis(stack, { accessKeysAuthenticationEnabled: true, clientProtocol: 'Plaintext' });
    expect(errorsOf(stack).map((e) => e.split(': ')[1])).toEqual(['default_database.access_keys_authentication_enabled = true', 'default_database.client_protocol = "Plaintext"']);
  });

  it('says nothing about a raw Managed Redis on Entra ID and TLS, or without a default_database block', () => {
    const { stack } = rawStack();
    managedRedis(stack, { accessKeysAuthenticationEnabled: false, clientProtocol: 'Encrypted' });
    new ManagedRedis(stack, 'bare', { name: 'redis-bare', location: 'westeurope', resourceGroupName: 'rg', skuName: 'Balanced_B0' });
    expect(errorsOf(stack)).toEqual([]);
  });

  it('fails when a registry enables its admin user (SEC-1.RegistryAdminUser)', () => {
    const { stack } = rawStack();
    new ContainerRegistry(stack, 'registry', { name: 'crother', location: 'westeurope', resourceGroupName: 'rg', sku: 'Standard', adminEnabled: true });
    expect(errorsOf(stack)).toEqual([expect.stringMatching(/^\[SEC-1\.RegistryAdminUser\] other-dev\/registry: admin_enabled = true: /)]);
  });

  it('fails the whole synth on an error finding', () => {
    const { app, stack } = rawStack();
    redisCache(stack);
    expect(() => app.synth()).toThrow(/LIM-1\.NoAzureCacheForRedis/);
  });
});

describe('LessonsCheck on streaming APIs (EDGE-4, EDGE-5)', () => {
  it('fails when the policy of a streaming API caches the response (EDGE-4.StreamingApiBuffering)', () => {
    const { stack } = rawStack();
    new ApiManagementApiPolicy(stack, 'policy', {
      apiName: 'events', apiManagementName: 'apim-other', resourceGroupName: 'rg',
      xmlContent: streamingPolicy('<base /><cache-lookup vary-by-developer="false" vary-by-developer-groups="false" />'),
    });
    expect(errorsOf(stack)).toEqual([
      '[EDGE-4.StreamingApiBuffering] other-dev/policy: xml_content = "<cache-lookup>": cache-lookup buffers the response of a streaming API, so SSE events arrive in one lump or the stream times out. Fix: remove <cache-lookup> from this API\'s policies (PolicyDocument offers no such statement).',
    ]);
  });

  it('fails when an operation policy of a streaming API validates content (EDGE-4.StreamingApiBuffering)', () => {
    const { stack } = rawStack();
    const { apim, api } = streamingApi(stack);
    new ApiManagementApiPolicy(stack, 'validating', {
      apiName: api.name, apiManagementName: apim.name, resourceGroupName: 'rg',
      xmlContent: `<policies><inbound><base /><validate-content unspecified-content-type-action="prevent" max-size="1024" size-exceeded-action="prevent" /></inbound><backend><base /></backend>${POLICY_TAIL}`,
    });
    expect(errorsOf(stack)).toEqual([expect.stringMatching(/^\[EDGE-4\.StreamingApiBuffering\] other-dev\/validating: xml_content = "<validate-content>": validate-content buffers the response/)]);
  });

  it('says nothing about caching on an API that does not stream', () => {
    const { stack } = rawStack();
    new ApiManagementApiPolicy(stack, 'policy', {
      apiName: 'orders', apiManagementName: 'apim-other', resourceGroupName: 'rg',
      xmlContent: `<policies><inbound><base /><cache-lookup vary-by-developer="false" vary-by-developer-groups="false" /></inbound><backend><base /></backend>${POLICY_TAIL}`,
    });
    expect(errorsOf(stack)).toEqual([]);
    expect(rowsOf(stack, 'EDGE-4.StreamingApiBuffering')).toEqual([]);
  });

  it('fails when an API diagnostic logs bodies of a streaming API (EDGE-4.StreamingApiBuffering)', () => {
    const { stack } = rawStack();
    const { apim, api } = streamingApi(stack);
    new ApiManagementApiDiagnostic(stack, 'diagnostic', {
      apiName: api.name, apiManagementName: apim.name, resourceGroupName: 'rg', identifier: 'azuremonitor',
      apiManagementLoggerId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.ApiManagement/service/apim-other/loggers/azuremonitor',
      frontendResponse: { bodyBytes: 1024 }, backendResponse: { bodyBytes: 0 },
    });
    expect(errorsOf(stack)).toEqual([
      '[EDGE-4.StreamingApiBuffering] other-dev/diagnostic: frontend_response.body_bytes = 1024: logging bodies makes the gateway buffer them, so a streaming API\'s events arrive late or in one lump. Fix: set body_bytes = 0 (the ApiGateway construct logs no bodies).',
    ]);
  });

  it('fails when a service-wide diagnostic logs bodies on a gateway with a streaming API (EDGE-4.StreamingApiBuffering)', () => {
    const { stack } = rawStack();
    const { apim } = streamingApi(stack);
    new ApiManagementDiagnostic(stack, 'all-apis', {
      apiManagementName: apim.name, resourceGroupName: 'rg', identifier: 'azuremonitor',
      apiManagementLoggerId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.ApiManagement/service/apim-other/loggers/azuremonitor',
      backendRequest: { bodyBytes: 512 },
    });
    expect(errorsOf(stack)).toEqual([expect.stringMatching(/^\[EDGE-4\.StreamingApiBuffering\] other-dev\/all-apis: backend_request\.body_bytes = 512: /)]);
  });

  it('warns when an operation of a streaming API declares no heartbeat or hold (EDGE-5.StreamingRouteHeartbeat)', () => {
    const { stack } = rawStack();
    const { apim, api } = streamingApi(stack);
    new ApiManagementApiOperation(stack, 'stream', {
      apiName: api.name, apiManagementName: apim.name, resourceGroupName: 'rg', operationId: 'stream', displayName: 'Stream', method: 'GET', urlTemplate: '/stream',
    });
    expect(synthWarningsOf(stack)).toEqual([expect.stringMatching(
      /^\[EDGE-5\.StreamingRouteHeartbeat\] other-dev\/stream: url_template = "\/stream": this operation streams .* Fix: build the API with StreamingApi/)]);
    expect(errorsOf(stack)).toEqual([]);
  });

  it('says nothing about a streaming operation with a declared heartbeat, or an operation of an API that does not stream', () => {
    const { stack } = rawStack();
    const { apim, api } = streamingApi(stack);
    const stream = new ApiManagementApiOperation(stack, 'stream', {
      apiName: api.name, apiManagementName: apim.name, resourceGroupName: 'rg', operationId: 'stream', displayName: 'Stream', method: 'GET', urlTemplate: '/stream',
    });
    RequestPath.declareHold(stream, { route: 'stream', kind: HoldKind.HEARTBEAT, seconds: 15 });
    const orders = new ApiManagementApi(stack, 'orders', {
      name: 'orders', apiManagementName: apim.name, resourceGroupName: 'rg', revision: '1', path: 'orders', protocols: ['https'],
    });
    new ApiManagementApiOperation(stack, 'list', {
      apiName: orders.name, apiManagementName: apim.name, resourceGroupName: 'rg', operationId: 'list', displayName: 'List', method: 'GET', urlTemplate: '/',
    });
    expect(synthWarningsOf(stack)).toEqual([]);
    expect(rowsOf(stack, 'EDGE-5.StreamingRouteHeartbeat')).toEqual([
      expect.objectContaining({ resourcePath: 'other-dev/stream', status: ReportStatus.COMPLIANT }),
    ]);
  });
});

describe('LessonsCheck on Container Apps (ING-4, SCALE-1, RELEASE)', () => {
  it('warns when a Front Door origin sends browsers to an http2 (gRPC) container app (ING-4.GrpcBehindBrowserRoute)', () => {
    const { stack } = rawStack();
    const grpc = containerApp(stack, 'grpc', { transport: 'http2', httpScaleRule: [{ name: 'c', concurrentRequests: '10' }] });
    new CdnFrontdoorOrigin(stack, 'origin', { name: 'origin', cdnFrontdoorOriginGroupId: '/og', hostName: grpc.ingress.fqdn, certificateNameCheckEnabled: true });
    expect(synthWarningsOf(stack)).toEqual([
      '[ING-4.GrpcBehindBrowserRoute] other-dev/origin: host_name = "${azurerm_container_app.grpc.ingress[0].fqdn}": it sends browser-facing traffic to other-dev/grpc, whose ingress is http2 (gRPC): browsers cannot speak gRPC without grpc-web and a translating proxy. Fix: route browsers to the HTTP/1.1 app (transport auto: polling, SSE, WebSockets) and keep gRPC on its own http2 ingress for gRPC clients (DualIngressContainerApp does).',
    ]);
  });

  it('warns when an API Management backend points at an http2 container app (ING-4.GrpcBehindBrowserRoute)', () => {
    const { stack } = rawStack();
    const grpc = containerApp(stack, 'grpc', { transport: 'http2', httpScaleRule: [{ name: 'c', concurrentRequests: '10' }] });
    new ApiManagementBackend(stack, 'grpc-backend', { name: 'grpc', apiManagementName: 'apim-other', resourceGroupName: 'rg', protocol: 'http', url: `https://${grpc.ingress.fqdn}` });
    expect(synthWarningsOf(stack)).toEqual([expect.stringMatching(/^\[ING-4\.GrpcBehindBrowserRoute\] other-dev\/grpc-backend: url = "https:\/\/\$\{azurerm_container_app\.grpc\.ingress\[0\]\.fqdn\}": /)]);
  });

  it('says nothing about a Front Door origin on an auto (HTTP/1.1) container app', () => {
    const { stack } = rawStack();
    const http = containerApp(stack, 'http');
    new CdnFrontdoorOrigin(stack, 'origin', { name: 'origin', cdnFrontdoorOriginGroupId: '/og', hostName: http.ingress.fqdn, certificateNameCheckEnabled: true });
    expect(synthWarningsOf(stack)).toEqual([]);
    expect(rowsOf(stack, 'ING-4.GrpcBehindBrowserRoute')).toEqual([expect.objectContaining({ resourcePath: 'other-dev/origin', status: ReportStatus.COMPLIANT })]);
  });

  it('warns when an http2 container app has no HTTP scale rule (SCALE-1.ConnectionHoldingScaleRule)', () => {
    const { stack } = rawStack();
    containerApp(stack, 'grpc', { transport: 'http2' });
    expect(synthWarningsOf(stack)).toEqual([
      '[SCALE-1.ConnectionHoldingScaleRule] other-dev/grpc: template.http_scale_rule = undefined: this app holds connections (streams, WebSockets or gRPC) but has no HTTP scale rule, so it scales on CPU and memory, which idle sockets do not move. Fix: add an http_scale_rule with concurrent_requests of 50 or less (e.g. 10).',
    ]);
  });

  it('warns when an http2 container app scales at 100 concurrent requests (SCALE-1.ConnectionHoldingScaleRule)', () => {
    const { stack } = rawStack();
    containerApp(stack, 'grpc', { transport: 'http2', httpScaleRule: [{ name: 'concurrent-requests', concurrentRequests: '100' }] });
    expect(synthWarningsOf(stack)).toEqual([
      '[SCALE-1.ConnectionHoldingScaleRule] other-dev/grpc: template.http_scale_rule.concurrent_requests = "100": a held connection counts as one request for its whole life, so replicas fill with idle sockets before the rule reacts. Fix: use 50 or less (e.g. 10).',
    ]);
  });

  it('warns when an app marked as holding connections has no HTTP scale rule, whatever its transport (SCALE-1.ConnectionHoldingScaleRule)', () => {
    const { stack } = rawStack();
    RequestPath.markHoldsConnections(containerApp(stack, 'sse'));
    expect(synthWarningsOf(stack)).toEqual([expect.stringMatching(/^\[SCALE-1\.ConnectionHoldingScaleRule\] other-dev\/sse: template\.http_scale_rule = undefined: /)]);
  });

  it('says nothing about a connection-holding app at 10 concurrent requests, or a plain auto app without a scale rule', () => {
    const { stack } = rawStack();
    containerApp(stack, 'grpc', { transport: 'http2', httpScaleRule: [{ name: 'concurrent-requests', concurrentRequests: '10' }] });
    containerApp(stack, 'api');
    expect(synthWarningsOf(stack)).toEqual([]);
    expect(rowsOf(stack, 'SCALE-1.ConnectionHoldingScaleRule')).toEqual([expect.objectContaining({ resourcePath: 'other-dev/grpc', status: ReportStatus.COMPLIANT })]);
  });

  it('fails when a raw container app runs a `latest` image in a production AzureStack (RELEASE.ProductionImage)', () => {
    const { stack } = rawStack({ production: true });
    containerApp(stack, 'app', { image: 'contoso.azurecr.io/orders/api:latest' });
    expect(errorsOf(stack)).toEqual([
      '[RELEASE.ProductionImage] other-prod/app: template.container[0].image = "contoso.azurecr.io/orders/api:latest": an untagged or `latest` image can change under the same deployment, so what runs is not what was reviewed. Fix: pin a version tag (e.g. :1.4.2) or a digest (@sha256:...).',
    ]);
  });

  it('fails when a raw container app runs the sample image in a production AzureStack (RELEASE.ProductionImage)', () => {
    const { stack } = rawStack({ production: true });
    containerApp(stack, 'app', { image: 'mcr.microsoft.com/k8se/quickstart:latest' });
    expect(errorsOf(stack)).toEqual([expect.stringMatching(/^\[RELEASE\.ProductionImage\] other-prod\/app: template\.container\[0\]\.image = "mcr\.microsoft\.com\/k8se\/quickstart:latest": this is a public sample image/)]);
  });

  it('says nothing about a `latest` image outside production: the release rule does not apply there', () => {
    const { stack } = rawStack({ production: false });
    containerApp(stack, 'app', { image: 'contoso.azurecr.io/orders/api:latest' });
    expect(errorsOf(stack)).toEqual([]);
    expect(warningsOf(stack)).toEqual([]);
    // Not applicable: no row, one resource counted for the rule.
    expect(reportOf(stack).results.filter((r) => r.ruleId === 'RELEASE.ProductionImage')).toEqual([]);
    expect(reportOf(stack).notApplicable['RELEASE.ProductionImage']).toBe(1);
  });

  it('says nothing about a pinned image in production', () => {
    const { stack } = rawStack({ production: true });
    containerApp(stack, 'app', { image: 'contoso.azurecr.io/orders/api:1.4.2' });
    containerApp(stack, 'digest', { image: `contoso.azurecr.io/orders/api@sha256:${'a'.repeat(64)}` });
    expect(errorsOf(stack)).toEqual([]);
    expect(rowsOf(stack, 'RELEASE.ProductionImage').map((r) => r.status)).toEqual([ReportStatus.COMPLIANT, ReportStatus.COMPLIANT]);
  });
});

describe('LessonsCheck on diagnostic settings (GW-10)', () => {
  it('warns when a diagnostic setting of an API Management service does not write to dedicated tables (GW-10.GatewayLogsDedicated)', () => {
    const { stack } = rawStack();
    const { apim } = gatewayWithApi(stack);
    new MonitorDiagnosticSetting(stack, 'gateway-logs', {
      name: 'to-log-analytics', targetResourceId: apim.id, logAnalyticsWorkspaceId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.OperationalInsights/workspaces/log',
      enabledLog: [{ categoryGroup: 'allLogs' }],
    });
    expect(synthWarningsOf(stack)).toEqual([
      '[GW-10.GatewayLogsDedicated] other-dev/gateway-logs: log_analytics_destination_type = undefined: gateway logs then land in the legacy AzureDiagnostics table, not ApiManagementGatewayLogs, so the queries that tell gateway from service rejections find nothing. Fix: set log_analytics_destination_type = "Dedicated" (the ApiGateway construct does).',
    ]);
  });

  it('warns on a literal API Management resource id sent to AzureDiagnostics (GW-10.GatewayLogsDedicated)', () => {
    const { stack } = rawStack();
    new MonitorDiagnosticSetting(stack, 'gateway-logs', {
      name: 'to-log-analytics', targetResourceId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.ApiManagement/service/apim-shared',
      logAnalyticsWorkspaceId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.OperationalInsights/workspaces/log',
      logAnalyticsDestinationType: 'AzureDiagnostics', enabledLog: [{ category: 'GatewayLogs' }],
    });
    expect(synthWarningsOf(stack)).toEqual([expect.stringMatching(/^\[GW-10\.GatewayLogsDedicated\] other-dev\/gateway-logs: log_analytics_destination_type = "AzureDiagnostics": /)]);
  });

  it('says nothing about a gateway diagnostic setting with Dedicated, or one on another resource type', () => {
    const { stack } = rawStack();
    const { apim } = gatewayWithApi(stack);
    const workspace = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.OperationalInsights/workspaces/log';
    new MonitorDiagnosticSetting(stack, 'gateway-logs', {
      name: 'to-log-analytics', targetResourceId: apim.id, logAnalyticsWorkspaceId: workspace, logAnalyticsDestinationType: 'Dedicated', enabledLog: [{ categoryGroup: 'allLogs' }],
    });
    const fd = profile(stack, 240);
    new MonitorDiagnosticSetting(stack, 'front-door-logs', {
      name: 'to-log-analytics', targetResourceId: fd.id, logAnalyticsWorkspaceId: workspace, enabledLog: [{ category: 'FrontDoorAccessLog' }],
    });
    expect(synthWarningsOf(stack)).toEqual([]);
    expect(rowsOf(stack, 'GW-10.GatewayLogsDedicated')).toEqual([expect.objectContaining({ resourcePath: 'other-dev/gateway-logs', status: ReportStatus.COMPLIANT })]);
  });
});

describe('LessonsCheck suppressions', () => {
  it('skips a suppressed rule for the construct and everything below it', () => {
    const { stack } = rawStack();
    const legacy = new Construct(stack, 'legacy');
    redisCache(legacy);
    LessonsCheck.suppress(legacy, 'LIM-1', 'imported existing cache, migration to Managed Redis tracked in PLAT-42');
    expect(errorsOf(stack)).toEqual([]);
  });

  it('hides only the suppressed rule when suppressed by rule id', () => {
    const { stack } = rawStack();
    const cache = managedRedis(stack, { accessKeysAuthenticationEnabled: true, clientProtocol: 'Plaintext' });
    LessonsCheck.suppress(cache, 'SEC-1.RedisAccessKeys', 'legacy client needs keys until PLAT-7 ships');
    expect(errorsOf(stack)).toEqual([expect.stringMatching(/^\[SEC-1\.RedisPlaintext\] other-dev\/managed: default_database\.client_protocol = "Plaintext": /)]);
  });

  it('hides every rule of a lesson when suppressed by lesson id', () => {
    const { stack } = rawStack();
    const cache = managedRedis(stack, { accessKeysAuthenticationEnabled: true, clientProtocol: 'Plaintext' });
    LessonsCheck.suppress(cache, 'SEC-1', 'throw-away load-test cache, deleted after the run');
    expect(errorsOf(stack)).toEqual([]);
    expect(rowsOf(stack, 'SEC-1.RedisAccessKeys').map((r) => r.status)).toEqual([ReportStatus.SUPPRESSED]);
    expect(rowsOf(stack, 'SEC-1.RedisPlaintext').map((r) => r.status)).toEqual([ReportStatus.SUPPRESSED]);
  });

  it('narrows a suppression to the settings in appliesTo', () => {
    const { stack } = rawStack();
    const cache = managedRedis(stack, { accessKeysAuthenticationEnabled: true, clientProtocol: 'Plaintext' });
    LessonsCheck.suppress(cache, 'SEC-1', 'plaintext inside the test VNet only, see PLAT-9', ['default_database.client_protocol']);
    expect(errorsOf(stack)).toEqual([expect.stringMatching(/^\[SEC-1\.RedisAccessKeys\] other-dev\/managed: default_database\.access_keys_authentication_enabled = true: /)]);
  });

  it('does not hide another rule of the same resource type when suppressed by a rule id of another lesson', () => {
    const { stack } = rawStack();
    const cache = managedRedis(stack, { accessKeysAuthenticationEnabled: true });
    LessonsCheck.suppress(cache, 'LIM-1.NoAzureCacheForRedis', 'not an Azure Cache for Redis at all, nothing to hide');
    expect(errorsOf(stack)).toEqual([expect.stringMatching(/^\[SEC-1\.RedisAccessKeys\] /)]);
  });

  it('fails when a suppression gives no reason', () => {
    const { stack } = rawStack();
    const r = refusalOf(() => LessonsCheck.suppress(stack, 'LIM-1', ' '));
    expect(r).toEqual({
      message: '[LIM-1] other-dev: suppression.reason = " ": suppressing LIM-1 needs a reason reviewers can read. Fix: say in at least 10 characters why the rule does not apply here.',
      lesson: 'LIM-1', path: 'other-dev', setting: 'suppression.reason',
    });
  });

  it('fails when a suppression reason is shorter than 10 characters', () => {
    const { stack } = rawStack();
    const r = refusalOf(() => LessonsCheck.suppress(stack, 'SEC-1.RedisAccessKeys', 'legacy'));
    expect(r).toMatchObject({ lesson: 'SEC-1', setting: 'suppression.reason' });
    expect(r.message).toMatch(/^\[SEC-1\] other-dev: suppression\.reason = "legacy": suppressing SEC-1\.RedisAccessKeys needs a reason/);
  });

  it('fails when a suppression names neither a rule id nor a lesson id', () => {
    const { stack } = rawStack();
    const r = refusalOf(() => LessonsCheck.suppress(stack, 'redis access keys', 'legacy client needs keys until PLAT-7 ships'));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'other-dev', setting: 'suppression.id' });
    expect(r.message).toMatch(/^\[AZURE\] other-dev: suppression\.id = "redis access keys": /);
  });
});

/** A rule whose evaluation throws, as a team's custom rule might. */
const THROWING_RULE: ILessonRule = {
  id: 'TEAM-1.Throws',
  lesson: 'TEAM-1',
  description: 'A custom rule that fails on every resource group.',
  resourceTypes: ['azurerm_resource_group'],
  evaluate: () => {
    throw new Error('tags.owner is not a string');
  },
};

describe('LessonsCheck rule packs', () => {
  it('fails when a custom rule throws: the error becomes a finding of that rule on setting (rule), not a crash', () => {
    const { stack } = plainStack();
    new ResourceGroup(stack, 'rg', { name: 'rg-other', location: 'westeurope' });
    redisCache(stack);
    LessonsCheck.applyTo(stack, { packs: [new RulePack('team', [{ rule: THROWING_RULE, level: RuleLevel.ERROR }, { rule: new NoAzureCacheForRedisRule(), level: RuleLevel.ERROR }])] });
    expect(errorsOf(stack).sort()).toEqual([
      expect.stringMatching(/^\[LIM-1\.NoAzureCacheForRedis\] plain\/cache: /),
      '[TEAM-1.Throws] plain/rg: (rule) = "TEAM-1.Throws": the rule could not evaluate this resource (tags.owner is not a string), so it is not known to comply. Fix: report it with the resource\'s attributes; meanwhile suppress TEAM-1.Throws here with a reason if the resource is known to be fine.',
    ]);
    expect(rowsOf(stack, 'TEAM-1.Throws')).toEqual([expect.objectContaining({
      resourcePath: 'plain/rg', status: ReportStatus.NON_COMPLIANT, level: RuleLevel.ERROR, setting: '(rule)',
    })]);
    expect(reportOf(stack).packs).toEqual(['team']);
  });

  it('runs a pack given to an AzureStack next to the platform lessons pack, and reports a throwing rule there too', () => {
    const { stack } = rawStack({ lessonPacks: [new RulePack('team', [{ rule: THROWING_RULE, level: RuleLevel.WARNING }])] });
    new ResourceGroup(stack, 'rg', { name: 'rg-other', location: 'westeurope' });
    redisCache(stack);
    expect(errorsOf(stack)).toEqual([expect.stringMatching(/^\[LIM-1\.NoAzureCacheForRedis\] other-dev\/cache: /)]);
    expect(warningsOf(stack)).toEqual([expect.stringMatching(/^\[TEAM-1\.Throws\] other-dev\/rg: \(rule\) = "TEAM-1\.Throws": the rule could not evaluate this resource/)]);
    expect(reportOf(stack).packs).toEqual(['platform-lessons', 'team']);
  });

  it('warns instead of failing when a later pack gives a rule the warning level', () => {
    const relaxed = new RulePack('migration', [{ rule: new NoAzureCacheForRedisRule(), level: RuleLevel.WARNING }]);
    const { app, stack } = rawStack({ lessonPacks: [relaxed] });
    redisCache(stack);
    expect(errorsOf(stack)).toEqual([]);
    expect(warningsOf(stack)).toEqual([expect.stringMatching(/^\[LIM-1\.NoAzureCacheForRedis\] other-dev\/cache: resource type = "azurerm_redis_cache redis-other": /)]);
    expect(rowsOf(stack, 'LIM-1.NoAzureCacheForRedis')).toEqual([expect.objectContaining({ level: RuleLevel.WARNING, status: ReportStatus.NON_COMPLIANT })]);
    expect(reportOf(stack).summary).toMatchObject({ errors: 0, warnings: 1 });
    expect(() => app.synth()).not.toThrow();
  });

  it('keeps the platform\'s rule when a later pack changes only its level with an instance made by new (which knows no service\'s DNS zones)', () => {
    const relevel = new RulePack('team', [{ rule: new PrivateEndpointDnsZoneRule(), level: RuleLevel.WARNING }]);
    const { stack } = rawStack({ lessonPacks: [relevel] });
    // SEC-1.PrivateEndpointDnsZone's failing example: a Key Vault `vault` endpoint in the blob zone.
    for (const { type, name, attributes } of PE_ZONE_EXAMPLES.failing[0]) {
      const made = new TerraformResource(stack, name, { terraformResourceType: type });
      for (const [key, value] of Object.entries(attributes)) made.addOverride(key, value);
    }
    expect(rowsOf(stack, 'SEC-1.PrivateEndpointDnsZone')).toEqual([expect.objectContaining({ level: RuleLevel.WARNING, status: ReportStatus.NON_COMPLIANT })]);
    expect(warningsOf(stack)).toEqual([expect.stringMatching(/^\[SEC-1\.PrivateEndpointDnsZone\] other-dev\/pe: private_dns_zone_group\.private_dns_zone_ids = .*privatelink\.vaultcore\.azure\.net/)]);
  });

  it('lets a later pack replace a platform rule with a rule of another class under the same id', () => {
    const own: ILessonRule = {
      id: 'LIM-1.NoAzureCacheForRedis', lesson: 'LIM-1', description: 'The team\'s own version.', resourceTypes: ['azurerm_redis_cache'],
      evaluate: () => RuleOutcome.compliant(),
    };
    const { stack } = rawStack({ lessonPacks: [new RulePack('team', [{ rule: own, level: RuleLevel.ERROR }])] });
    redisCache(stack);
    expect(errorsOf(stack)).toEqual([]);
    expect(rowsOf(stack, 'LIM-1.NoAzureCacheForRedis')).toEqual([expect.objectContaining({ status: ReportStatus.COMPLIANT })]);
  });

  it('fails when a pack lists a rule twice, in the one refusal format', () => {
    expect(() => new RulePack('twice', [
      { rule: new NoAzureCacheForRedisRule(), level: RuleLevel.ERROR },
      { rule: new NoAzureCacheForRedisRule(), level: RuleLevel.WARNING },
    ])).toThrow('[AZURE] rule pack twice: rules[].rule.id = "LIM-1.NoAzureCacheForRedis": the rule is listed twice in one pack, so which level it runs at would depend on the order. '
      + 'Fix: list each rule once; to change a rule\'s level, add a pack of your own after the one that lists it.');
  });
});

describe('RuleOutcome', () => {
  it('carries no findings when compliant or not applicable, and is compliant when non-compliant without findings', () => {
    expect(RuleOutcome.compliant()).toEqual({ status: RuleStatus.COMPLIANT, findings: [] });
    expect(RuleOutcome.notApplicable()).toEqual({ status: RuleStatus.NOT_APPLICABLE, findings: [] });
    expect(RuleOutcome.nonCompliant()).toEqual({ status: RuleStatus.COMPLIANT, findings: [] });
  });
});

describe('the rule context other teams\' rules get', () => {
  it('lists the resources of one type, and finds references nested in objects and lists, of one type or any', () => {
    const { stack } = rawStack({ production: false });
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
  it('resolves the attributes a rule reads, and the whole resource as the synth writes it when a rule looks at all of it', () => {
    // The team's rules alone: the platform pack's SEC-1.PlainCredential reads every argument of every resource.
    const { stack } = plainStack();
    LessonsCheck.applyTo(stack, { production: false, packs: [] });
    const produced: string[] = [];
    const lazy = (name: string, value: string | undefined) => Lazy.anyValue({ produce: () => { produced.push(name); return value; } });
    const group = new ResourceGroup(stack, 'team', { name: 'rg-team', location: 'westeurope', tags: { owner: 'team' } });
    group.addOverride('tags', { owner: lazy('tags', 'team-a') });
    group.addOverride('managed_by', lazy('managed_by', undefined));
    const seen: Record<string, unknown> = {};
    const readsName: ILessonRule = {
      id: 'TEAM-3.ReadsName', lesson: 'TEAM-3', description: 'Reads one attribute.', resourceTypes: ['azurerm_resource_group'],
      evaluate: (resource) => {
        seen.name = resource.attributes.name;
        seen.missing = resource.attributes.not_an_attribute;
        seen.producedAfterName = [...produced];
        return RuleOutcome.compliant();
      },
    };
    const readsAll: ILessonRule = {
      id: 'TEAM-3.ReadsAll', lesson: 'TEAM-3', description: 'Looks at the whole resource.', resourceTypes: ['azurerm_resource_group'],
      evaluate: (resource) => {
        seen.hasManagedBy = 'managed_by' in resource.attributes;
        seen.keys = Object.keys(resource.attributes);
        seen.json = JSON.parse(JSON.stringify(resource.attributes));
        seen.tags = resource.attributes.tags;
        return RuleOutcome.compliant();
      },
    };
    LessonsCheck.of(stack)!.addPack(new RulePack('team', [{ rule: readsName, level: RuleLevel.WARNING }, { rule: readsAll, level: RuleLevel.WARNING }]));
    reportOf(stack);
    expect(seen.producedAfterName).toEqual([]);
    // What the rules got before they were resolved an attribute at a time: the whole resource, resolved.
    const whole = (resolveIn(stack, group.toTerraform()) as { resource: Record<string, Record<string, Record<string, unknown>>> }).resource.azurerm_resource_group.team;
    expect(seen.name).toBe('rg-team');
    expect(seen.missing).toBeUndefined();
    expect(seen.hasManagedBy).toBe(false);
    expect(seen.keys).toEqual(Object.keys(whole));
    expect(seen.keys).not.toContain('managed_by');
    expect(seen.json).toEqual(whole);
    expect(seen.tags).toEqual({ owner: 'team-a' });
  });

  it('gives a rule attributes it can freeze, spread and clone through a spread, with every value resolved', () => {
    const { stack } = rawStack({ production: false });
    new ResourceGroup(stack, 'team', { name: 'rg-team', location: 'westeurope', tags: { owner: 'team' } });
    const seen: Record<string, unknown> = {};
    const freezes: ILessonRule = {
      id: 'TEAM-4.Freezes', lesson: 'TEAM-4', description: 'Freezes what it reads.', resourceTypes: ['azurerm_resource_group'],
      evaluate: (resource) => {
        Object.freeze(resource.attributes);
        seen.frozen = Object.isFrozen(resource.attributes);
        seen.name = resource.attributes.name;
        seen.copy = structuredClone({ ...resource.attributes });
        return RuleOutcome.compliant();
      },
    };
    LessonsCheck.of(stack)!.addPack(new RulePack('team', [{ rule: freezes, level: RuleLevel.WARNING }]));
    const rows = reportOf(stack).results.filter((r) => r.ruleId === 'TEAM-4.Freezes');
    expect(rows.map((r) => r.status)).toEqual([ReportStatus.COMPLIANT]);
    expect(seen).toMatchObject({ frozen: true, name: 'rg-team', copy: { name: 'rg-team', location: 'westeurope', tags: { owner: 'team' } } });
  });

  it('lists the resources of a type in the order of the run, each time a fresh list', () => {
    const resource = (type: string, name: string): RuleResource => ({ type, address: `${type}.${name}`, path: `s/${name}`, attributes: {} });
    const resources = [resource('a', 'one'), resource('b', 'two'), resource('a', 'three'), resource('a', 'three[1]')];
    const context = new RuleContext(resources, true);
    expect(context.resourcesOfType('a').map((r) => r.address)).toEqual(['a.one', 'a.three', 'a.three[1]']);
    expect(context.resourcesOfType('b')).toEqual([resources[1]]);
    expect(context.resourcesOfType('c')).toEqual([]);
    context.resourcesOfType('a').pop();
    expect(context.resourcesOfType('a')).toHaveLength(3);
    // Instances of one resource share its base address.
    expect(context.referencedBy('${a.three.id}').map((r) => r.address)).toEqual(['a.three', 'a.three[1]']);
  });
});

describe('LessonsCheck on a plain TerraformStack', () => {
  it('fails when a raw azurerm_redis_cache is declared in a plain stack that opted in with LessonsCheck.applyTo', () => {
    const { app, stack } = plainStack();
    redisCache(stack);
    const check = LessonsCheck.applyTo(stack);
    expect(LessonsCheck.of(stack)).toBe(check);
    expect(LessonsCheck.applyTo(stack)).toBe(check);
    expect(errorsOf(stack)).toEqual([
      '[LIM-1.NoAzureCacheForRedis] plain/cache: resource type = "azurerm_redis_cache redis-other": Azure Cache for Redis is closed to new caches since 1 October 2026. Fix: use Azure Managed Redis (azurerm_managed_redis / Microsoft.Cache/redisEnterprise), clustered, reached with managed identity.',
    ]);
    expect(() => app.synth()).toThrow(/LIM-1\.NoAzureCacheForRedis/);
  });

  it('checks nothing in a plain stack that did not opt in', () => {
    const { stack } = plainStack();
    redisCache(stack);
    expect(LessonsCheck.of(stack)).toBeUndefined();
    expect(errorsOf(stack)).toEqual([]);
  });

  it('applies the release rule to a plain stack marked production, and not to one marked otherwise', () => {
    const prod = plainStack();
    containerApp(prod.stack, 'app', { image: 'contoso.azurecr.io/orders/api:latest' });
    LessonsCheck.applyTo(prod.stack, { production: true });
    expect(errorsOf(prod.stack)).toEqual([expect.stringMatching(/^\[RELEASE\.ProductionImage\] plain\/app: /)]);

    const dev = plainStack();
    containerApp(dev.stack, 'app', { image: 'contoso.azurecr.io/orders/api:latest' });
    LessonsCheck.applyTo(dev.stack, { production: false });
    expect(errorsOf(dev.stack)).toEqual([]);
  });
});

describe('LessonsCheck.applyTo and the production mark', () => {
  it('marks a stack nobody marked as production', () => {
    const { stack } = plainStack();
    LessonsCheck.applyTo(stack);
    expect([Production.isMarked(stack), Production.isDeclaredProduction(stack)]).toEqual([true, true]);
  });

  it('keeps the mark a stack already has when not told otherwise', () => {
    const { stack } = plainStack();
    Production.mark(stack, false);
    LessonsCheck.applyTo(stack);
    expect(Production.isProduction(stack)).toBe(false);
  });

  it('re-marks a marked stack when told', () => {
    const { stack } = plainStack();
    Production.mark(stack, false);
    LessonsCheck.applyTo(stack, { production: true });
    expect(Production.isDeclaredProduction(stack)).toBe(true);
  });
});

describe('LessonsCheck added to part of a stack', () => {
  it('checks only the resources under the construct it is added to', () => {
    const { stack } = plainStack();
    const team = new Construct(stack, 'team');
    redisCache(team, 'inside');
    redisCache(stack, 'outside');
    Aspects.of(team).add(new LessonsCheck());
    expect(errorsOf(stack)).toEqual([expect.stringMatching(/^\[LIM-1\.NoAzureCacheForRedis\] plain\/team\/inside: /)]);
  });
});

describe('LessonsCheck report', () => {
  /** One resource per row status: compliant (profile), non-compliant (registry), suppressed (cache). */
  function reportedStack() {
    const { stack } = rawStack();
    profile(stack, 240);
    new ContainerRegistry(stack, 'registry', { name: 'crother', location: 'westeurope', resourceGroupName: 'rg', sku: 'Standard', adminEnabled: true });
    LessonsCheck.suppress(redisCache(stack), 'LIM-1.NoAzureCacheForRedis', 'imported existing cache, migration tracked in PLAT-42');
    return stack;
  }

  it('has one row per rule and resource it concerns: compliant, non-compliant, suppressed with its reason; the others counted per rule', () => {
    const stack = reportedStack();
    const report = reportOf(stack);
    expect(report.stack).toBe('other-dev');
    expect(report.packs).toEqual(['platform-lessons']);
    const row = (ruleId: string, resourcePath: string) => report.results.filter((r) => r.ruleId === ruleId && r.resourcePath === resourcePath);
    expect(row('EDGE-1.FrontDoorTimeoutBelowCeiling', 'other-dev/profile')).toEqual([{
      ruleId: 'EDGE-1.FrontDoorTimeoutBelowCeiling', lesson: 'EDGE-1', level: RuleLevel.WARNING, status: ReportStatus.COMPLIANT,
      resourcePath: 'other-dev/profile', resourceType: 'azurerm_cdn_frontdoor_profile', address: 'azurerm_cdn_frontdoor_profile.profile',
    }]);
    expect(row('SEC-1.RegistryAdminUser', 'other-dev/registry')).toEqual([{
      ruleId: 'SEC-1.RegistryAdminUser', lesson: 'SEC-1', level: RuleLevel.ERROR, status: ReportStatus.NON_COMPLIANT,
      resourcePath: 'other-dev/registry', resourceType: 'azurerm_container_registry', address: 'azurerm_container_registry.registry',
      setting: 'admin_enabled',
      message: '[SEC-1.RegistryAdminUser] other-dev/registry: admin_enabled = true: the admin user is a shared password for the whole registry. Fix: set admin_enabled = false and grant AcrPull to the pulling identity (ContainerRegistry.grantPull, or the Container App constructs, do).',
    }]);
    expect(row('LIM-1.NoAzureCacheForRedis', 'other-dev/cache')).toEqual([{
      ruleId: 'LIM-1.NoAzureCacheForRedis', lesson: 'LIM-1', level: RuleLevel.ERROR, status: ReportStatus.SUPPRESSED,
      resourcePath: 'other-dev/cache', resourceType: 'azurerm_redis_cache', address: 'azurerm_redis_cache.cache',
      setting: 'resource type', message: expect.stringMatching(/^\[LIM-1\.NoAzureCacheForRedis\] other-dev\/cache: resource type = "azurerm_redis_cache redis-other": /),
      suppressionReason: 'imported existing cache, migration tracked in PLAT-42',
    }]);
    // A rule on a resource it does not concern has no row: the Redis rule on the profile and the registry is counted.
    expect(row('SEC-1.RedisAccessKeys', 'other-dev/profile')).toEqual([]);
    expect(report.notApplicable['SEC-1.RedisAccessKeys']).toBe(2);
    expect(report.notApplicable['SEC-1.RegistryAdminUser']).toBe(2);
    expect(report.notApplicable['EDGE-1.FrontDoorTimeoutBelowCeiling']).toBe(2);
    expect(report.results.filter((r) => r.status === ReportStatus.NOT_APPLICABLE)).toEqual([]);
  });

  it('counts the rows in its summary', () => {
    const report = reportOf(reportedStack());
    // Compliant: both EDGE-1 rules and AZURE.ResourceName on the profile at 240 s, the SEC-1 Redis rules (keys, plaintext) on the keyless cache,
    // and AZURE.ResourceLocation and AZURE.RestrictedResourceLocation on the registry and the cache (westeurope); the registry's admin user is the only error.
    // The stack's providers and backend (SEC-1.ProviderPlainSecret: no credential written in them) are blocks, not resources: compliant rows, counted for no other rule.
    // The other pairs of a rule and one of the three resources are not applicable: counted, per rule and in all.
    expect(report.summary).toEqual({ compliant: 12, errors: 1, warnings: 0, suppressed: 1, notApplicable: 3 * PlatformLessonsPack.create().rules.length - 11 });
    expect(report.results).toHaveLength(14);
    expect(report.results.filter((r) => r.ruleId === 'SEC-1.ProviderPlainSecret').map((r) => [r.address, r.resourcePath, r.status]))
      .toEqual([['provider.azurerm', 'other-dev/azurerm', 'compliant'], ['provider.azapi', 'other-dev/azapi', 'compliant'], ['terraform.backend.local', 'other-dev/backend', 'compliant']]);
    expect(Object.values(report.notApplicable).reduce((a, b) => a + b, 0)).toBe(report.summary.notApplicable);
  });

  it('writes lessons-report.json beside the synthesized stack on a full synth', () => {
    const { stack } = rawStack();
    profile(stack);
    LessonsCheck.suppress(redisCache(stack), 'LIM-1', 'imported existing cache, migration tracked in PLAT-42');
    const outdir = Testing.fullSynth(stack);
    const file = path.join(outdir, 'stacks', 'other-dev', 'lessons-report.json');
    expect(fs.existsSync(file)).toBe(true);
    const written = JSON.parse(fs.readFileSync(file, 'utf8')) as LessonsReport;
    expect(written.stack).toBe('other-dev');
    expect(written.packs).toEqual(['platform-lessons']);
    expect(written.summary).toMatchObject({ compliant: 8, errors: 0, warnings: 1, suppressed: 1 });
    expect(Object.keys(written)).toEqual(['stack', 'packs', 'summary', 'notApplicable', 'results']);
    expect(written.results).toEqual([
      expect.objectContaining({ ruleId: 'EDGE-1.FrontDoorTimeoutBelowCeiling', status: ReportStatus.NON_COMPLIANT, level: RuleLevel.WARNING, setting: 'response_timeout_seconds' }),
      expect.objectContaining({ ruleId: 'AZURE.ResourceName', status: ReportStatus.COMPLIANT, resourceType: 'azurerm_cdn_frontdoor_profile' }),
      expect.objectContaining({ ruleId: 'LIM-1.NoAzureCacheForRedis', status: ReportStatus.SUPPRESSED, suppressionReason: 'imported existing cache, migration tracked in PLAT-42' }),
      // Suppressing LIM-1 leaves SEC-1 standing: the keyless cache complies with it.
      expect.objectContaining({ ruleId: 'SEC-1.RedisAccessKeys', status: ReportStatus.COMPLIANT }),
      expect.objectContaining({ ruleId: 'SEC-1.RedisPlaintext', status: ReportStatus.COMPLIANT }),
      // The cache's location is no access-restricted region, and a region.
      expect.objectContaining({ ruleId: 'AZURE.RestrictedResourceLocation', status: ReportStatus.COMPLIANT }),
      expect.objectContaining({ ruleId: 'AZURE.ResourceLocation', status: ReportStatus.COMPLIANT }),
      // The providers and the backend, read from the synthesized JSON: no credential written in them.
      expect.objectContaining({ ruleId: 'SEC-1.ProviderPlainSecret', status: ReportStatus.COMPLIANT, address: 'provider.azurerm' }),
      expect.objectContaining({ ruleId: 'SEC-1.ProviderPlainSecret', status: ReportStatus.COMPLIANT, address: 'provider.azapi' }),
      expect.objectContaining({ ruleId: 'SEC-1.ProviderPlainSecret', status: ReportStatus.COMPLIANT, address: 'terraform.backend.local' }),
    ]);
  });

  it('writes the report for a plain stack that opted in, too', () => {
    const { stack } = plainStack();
    profile(stack, 240);
    LessonsCheck.applyTo(stack, { production: false });
    const written = JSON.parse(fs.readFileSync(path.join(Testing.fullSynth(stack), 'stacks', 'plain', 'lessons-report.json'), 'utf8')) as LessonsReport;
    // Three rules on the profile, and SEC-1.ProviderPlainSecret on its azurerm provider.
    expect(written).toMatchObject({ stack: 'plain', packs: ['platform-lessons'], summary: { compliant: 4, errors: 0, warnings: 0, suppressed: 0 } });
  });
});

describe('summaryLine', () => {
  it('counts failures as errors plus warnings, in singular and plural', () => {
    expect(summaryLine({ compliant: 41, errors: 0, warnings: 1, suppressed: 1, notApplicable: 7 })).toBe('lessons: 41 passed, 1 failed (0 errors, 1 warning), 1 suppressed');
    expect(summaryLine({ compliant: 3, errors: 1, warnings: 2, suppressed: 0, notApplicable: 0 })).toBe('lessons: 3 passed, 3 failed (1 error, 2 warnings), 0 suppressed');
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

  it('finds the streaming APIs of a context once, and gives each caller its own list', () => {
    const api = (name: string, apiType: string): RuleResource => ({ type: 'azurerm_api_management_api', address: `azurerm_api_management_api.${name}`, path: `s/${name}`, attributes: { api_type: apiType } });
    let reads = 0;
    const policy: RuleResource = {
      type: 'azurerm_api_management_api_policy', address: 'azurerm_api_management_api_policy.p', path: 's/p',
      get attributes() { reads += 1; return { api_name: '${azurerm_api_management_api.sse.name}', xml_content: '<forward-request buffer-response="false" />' }; },
    };
    const context = new RuleContext([api('ws', 'websocket'), api('sse', 'http'), api('plain', 'http'), policy], true);
    const first = streamingApis(context);
    expect(first.map((r) => r.path)).toEqual(['s/ws', 's/sse']);
    first.pop();
    expect(streamingApis(context).map((r) => r.path)).toEqual(['s/ws', 's/sse']);
    expect(reads).toBe(2);
    expect(streamingApis(new RuleContext([api('other', 'websocket')], true)).map((r) => r.path)).toEqual(['s/other']);
  });
});

describe('LessonsCheck resources as the rules see them', () => {
  it('gives each resource one hidden class with fast properties, its attributes own, enumerable and made when first read', () => {
    // An object literal with a getter (`get attributes()`) is kept in dictionary mode by V8: a hash
    // table for every resource, and slower reads of it in every rule.
    const seen = probeHiddenClasses(`
      const { Testing, TerraformStack } = require('cdktf');
      const { AzurermProvider } = require('@cdktf/provider-azurerm/lib/provider');
      const { ResourceGroup } = require('@cdktf/provider-azurerm/lib/resource-group');
      const { LessonsCheck } = require('./constructs/stack/lessons-check');
      const { RulePack, RuleLevel } = require('./constructs/lessons-check/pack');
      const { RuleOutcome } = require('./constructs/lessons-check/rule');
      const seen = [];
      const rule = { id: 'TEAM-1.Sees', lesson: 'TEAM-1', description: 'Sees every resource group.', resourceTypes: ['azurerm_resource_group'],
        // Reads the attributes of every other resource group only: the rest must never make theirs.
        evaluate: (resource) => { seen.push({ resource, name: Number(resource.path.slice(8)) % 2 === 0 ? resource.attributes.name : undefined }); return RuleOutcome.compliant(); } };
      const app = Testing.app();
      const stack = new TerraformStack(app, 'probe');
      new AzurermProvider(stack, 'azurerm', { features: [{}] });
      for (let i = 0; i < 30; i += 1) new ResourceGroup(stack, 'rg' + i, { name: 'rg-' + i, location: 'westeurope' });
      LessonsCheck.applyTo(stack, { packs: [new RulePack('team', [{ rule, level: RuleLevel.ERROR }])] });
      app.synth();
      const first = seen[0].resource;
      console.log(JSON.stringify({
        first: { type: first.type, path: first.path, name: seen[0].name, construct: first.construct.node.id },
        keys: Object.keys(first),
        spreadName: { ...first }.attributes.name,
        // What a resource keeps to make its attributes (a symbol, not enumerable): made only where a rule read them.
        made: seen.map(({ resource }) => {
          const state = Object.getOwnPropertySymbols(resource).find((s) => s.description === 'attributes made when first read');
          return resource[state].made !== undefined;
        }),
        lateName: seen[1].resource.attributes.name,
        sameObject: first.attributes === first.attributes,
        detached: (() => { try { Object.getOwnPropertyDescriptor(first, 'attributes').get.call(undefined); return 'read'; } catch (e) { return e.message; } })(),
        // The test of the change: a literal with a getter (the old way) gave every resource a hash table.
        fast: seen.filter(({ resource }) => %HasFastProperties(resource)).length,
        // Hash tables shared one map as well; fast objects share one only when built alike.
        sameClass: seen.filter(({ resource }) => %HaveSameMap(resource, first)).length,
      }));
    `);
    expect(seen).toEqual({
      first: { type: 'azurerm_resource_group', path: 'probe/rg0', name: 'rg-0', construct: 'rg0' },
      // Own keys in their order, and a spread copies the attributes, as a rule may rely on.
      keys: ['type', 'address', 'path', 'attributes', 'construct'],
      spreadName: 'rg-0',
      made: Array.from({ length: 30 }, (_, i) => i % 2 === 0),
      // An unread resource's attributes are still made when read later, and made once.
      lateName: 'rg-1',
      sameObject: true,
      detached: 'a resource\'s attributes are read through the resource (resource.attributes), not through its getter taken off it.',
      fast: 30,
      sameClass: 30,
    });
  });

  it('gives every non-compliant row one hidden class, and every suppressed row one, however many there are', () => {
    // A spread of the row's common part followed by more keys (`{ ...base, status, ... }`) made a
    // new hidden class for every row on Node 20, kept as long as the report.
    const seen = probeHiddenClasses(`
      const { Testing, TerraformStack } = require('cdktf');
      const { AzurermProvider } = require('@cdktf/provider-azurerm/lib/provider');
      const { ResourceGroup } = require('@cdktf/provider-azurerm/lib/resource-group');
      const { LessonsCheck } = require('./constructs/stack/lessons-check');
      const { RulePack, RuleLevel } = require('./constructs/lessons-check/pack');
      const { RuleOutcome } = require('./constructs/lessons-check/rule');
      const { Suppressions } = require('./constructs/core/suppressions');
      const rule = { id: 'TEAM-1.Named', lesson: 'TEAM-1', description: 'Finds every resource group.', resourceTypes: ['azurerm_resource_group'],
        evaluate: () => RuleOutcome.nonCompliant({ setting: 'name', problem: 'a probe.', fix: 'none.' }) };
      const app = Testing.app();
      const stack = new TerraformStack(app, 'probe');
      new AzurermProvider(stack, 'azurerm', { features: [{}] });
      for (let i = 0; i < 60; i += 1) {
        const group = new ResourceGroup(stack, 'rg' + i, { name: 'rg-' + i, location: 'westeurope' });
        if (i % 2 === 0) Suppressions.add(group, { id: 'TEAM-1.Named', reason: 'accepted for the probe' });
      }
      LessonsCheck.applyTo(stack, { packs: [new RulePack('team', [{ rule, level: RuleLevel.WARNING }])] });
      app.synth();
      const rows = LessonsCheck.of(stack).reportOf(stack).results.filter((row) => row.ruleId === 'TEAM-1.Named');
      const kind = (status) => {
        const of = rows.filter((row) => row.status === status);
        return { rows: of.length, keys: Object.keys(of[0]), sameClass: of.filter((row) => %HaveSameMap(row, of[0])).length };
      };
      console.log(JSON.stringify({ open: kind('non-compliant'), suppressed: kind('suppressed') }));
    `);
    expect(seen).toEqual({
      open: { rows: 30, keys: ['ruleId', 'lesson', 'level', 'resourcePath', 'resourceType', 'address', 'status', 'setting', 'message'], sameClass: 30 },
      suppressed: { rows: 30, keys: ['ruleId', 'lesson', 'level', 'resourcePath', 'resourceType', 'address', 'status', 'setting', 'message', 'suppressionReason'], sameClass: 30 },
    });
  });
});
