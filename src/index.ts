// The public API of the library, curated: constructs and their props, references, identity and
// grants, the lessons check. The library only (constructs/): the platform's own stacks (stacks/)
// are its application, which src/main.ts, src/app.ts and src/stacks.ts use directly. Internal
// helpers and raw policy elements are not exported; everything here fits jsii (classes,
// interfaces, enums).

// Core
export { AzureStack, AzureStackProps, AzureProvidersProps, RemoteStateProps } from '../constructs/stack/azure-stack';
export { Production } from '../constructs/core/production';
export { Suppression, Suppressions } from '../constructs/core/suppressions';
export { ConstructValidationError, Finding, FindingFormat, InvalidValueError, Validation } from '../constructs/core/validation';
export { TagsAspect } from '../constructs/core/tags';
export { ConstructMoves } from '../constructs/core/construct-moves';
export { HeldInterval, HoldKind, ITimeoutLayer, PathCeiling, RequestPath, TimeoutLayer } from '../constructs/core/request-path';
export { PathDeclaration, PathFacts, PathGrant, PathHop, PathNode, PathNodeKind } from '../constructs/core/path-declarations';
export { PublicNetworkAccess } from '../constructs/core/network';
export { AzureRegion, RegionLimit, RegionProblem } from '../constructs/core/azure-region';
export { CredentialProblem, NotSecret, SecretDetector, SettingsHost } from '../constructs/core/secret-detection';

// Identity and grants
export {
  IManagedIdentity, IPrincipal, ManagedIdentity, ManagedIdentityAttributes, ManagedIdentityType, PrincipalType,
} from '../constructs/identity/principal';
export { BuiltInRole } from '../constructs/identity/roles';
export { Grant, RoleGrantOptions } from '../constructs/identity/grant';
export { PropagationWaitOptions, RolePropagation } from '../constructs/identity/propagation';
export {
  AzureResource, IAzureResource, PrivateLinkProps, ResourceDiagnosticsOptions, UnreachableCheck,
} from '../constructs/resource/azure-resource';
export { ResourceCaller } from '../constructs/resource/reachability';
export { LockLevel, ResourceLockOptions } from '../constructs/resource/resource-lock';

// Seams between services: what one service takes of another (a queue, ...)
export { IMessageQueue, QueueMetric, QueueMetricDimension, QueueScaleRule } from '../constructs/resource/message-queue';
export { MessageLifetime } from '../constructs/core/queue-lifetimes';
export { ISecretSource, SecretStoreAccess } from '../constructs/resource/secret-source';
export {
  AppRegistration, AppRegistrationProps, AppRegistrationRole, ExistingAppRegistrationAttributes, IAppRegistration,
} from '../constructs/identity/app-registration';

// The lessons check
export { ApplyLessonsOptions, LessonsCheck, LessonsCheckOptions } from '../constructs/stack/lessons-check';
export { PathMark, PathModel, PathModelHop, PathModelNode, RequestPathModel } from '../constructs/stack/request-path-model';
export { PackRule, RuleLevel, RulePack } from '../constructs/lessons-check/pack';
export { PlatformLessonsPack, PlatformLessonsPackOptions } from '../constructs/stack/platform-lessons-pack';
export { ILessonRule, IRuleContext, RuleFinding, RuleOutcome, RuleResource, RuleStatus } from '../constructs/lessons-check/rule';
export { LessonsReport, ReportRow, ReportStatus, ReportSummary } from '../constructs/lessons-check/report';
export { LessonsCommand, LessonsCommandOutput, LessonsOutputFormat } from '../constructs/lessons-cli/command';
export { ForwardRequestAttributeSpellingRule } from '../constructs/api-management/rules/forward-request-attributes';
export { StreamingApiBufferingRule } from '../constructs/api-management/rules/streaming-api-buffering';
export { StreamingRouteHeartbeatRule } from '../constructs/api-management/rules/streaming-route-heartbeat';
export { ConnectionHoldingScaleRule } from '../constructs/container-apps/rules/connection-scale-rule';
export { GrpcBehindBrowserRouteRule } from '../constructs/container-apps/rules/grpc-behind-browser-route';
export { ProductionImageRule } from '../constructs/container-apps/rules/release-image';
export { RegistryAdminUserRule } from '../constructs/container-apps/rules/registry-admin-user';
export { FrontDoorTimeoutAboveCeilingRule } from '../constructs/front-door/rules/front-door-timeout-above-ceiling';
export { FrontDoorTimeoutBelowCeilingRule } from '../constructs/front-door/rules/front-door-timeout-below-ceiling';
export { GatewayLogsDedicatedRule } from '../constructs/monitoring/rules/gateway-logs-dedicated';
export { ManagedRedisAccessKeysRule } from '../constructs/redis/rules/managed-redis-access-keys';
export { ManagedRedisPlaintextRule } from '../constructs/redis/rules/managed-redis-plaintext';
export { NoAzureCacheForRedisRule } from '../constructs/redis/rules/no-azure-cache-for-redis';
export { NoRedisEnterpriseRule } from '../constructs/redis/rules/no-redis-enterprise';
export { StorageSharedKeyRule } from '../constructs/storage/rules/storage-shared-key';
export { ResourceNameRule } from '../constructs/lessons-check/rules/naming/resource-name';
export { ResourceLocationRule } from '../constructs/lessons-check/rules/naming/resource-location';
export { RestrictedResourceLocationRule } from '../constructs/resource/rules/restricted-resource-location';
export { ReadOnlyLockRule } from '../constructs/resource/rules/read-only-lock';
export { DuplicateRoleAssignmentRule } from '../constructs/identity/rules/duplicate-role-assignment';
export { WebSocketBackendTransportRule } from '../constructs/container-apps/rules/websocket-backend-transport';
export { FunctionHostStorageKeyRule } from '../constructs/functions/rules/function-host-storage-key';
export { FunctionHttpsOnlyRule } from '../constructs/functions/rules/function-https-only';
export { FunctionsReservedRouteRule } from '../constructs/functions/rules/functions-reserved-route';
export { StorageDataPlaneSettingsRule } from '../constructs/storage/rules/storage-data-plane-settings';
export { KeyVaultAccessPoliciesRule } from '../constructs/key-vault/rules/key-vault-access-policies';
export { NamedValuePlainSecretRule } from '../constructs/api-management/rules/named-value-plain-secret';
export { PolicyPlainSecretRule } from '../constructs/api-management/rules/policy-plain-secret';
export { AzapiIdCasingRule } from '../constructs/lessons-check/rules/azapi/azapi-id-casing';
export { InfrastructureResourceGroupRule } from '../constructs/container-apps/rules/infrastructure-resource-group';
export { OperationTemplateParametersRule } from '../constructs/api-management/rules/operation-template-parameters';
export { RetryOnClientErrorsRule } from '../constructs/api-management/rules/retry-on-client-errors';
export { SubscriptionDeadLetterRule } from '../constructs/event-grid/rules/subscription-dead-letter';
export { KeylessTopicPublisherRule } from '../constructs/event-grid/rules/keyless-topic-publisher';
export { TopicLocalAuthRule } from '../constructs/event-grid/rules/topic-local-auth';
export { ColdWebhookReceiverRule } from '../constructs/event-grid/rules/cold-webhook-receiver';
export { ApiCallerCheckRule } from '../constructs/api-management/rules/api-caller-check';
export { ContainerAppPlainSecretRule } from '../constructs/container-apps/rules/plain-secret';
export { ContainerAppKeyVaultSecretAccessRule } from '../constructs/container-apps/rules/key-vault-secret-access';
export { StreamingBackendTransportRule } from '../constructs/container-apps/rules/streaming-backend-transport';
export { WebhookSubscriptionTokenRule } from '../constructs/event-grid/rules/webhook-subscription-token';
export { WebhookUrlKeyRule } from '../constructs/event-grid/rules/webhook-url-key';
export { PrivateEndpointDnsZoneRule } from '../constructs/network/rules/private-endpoint-dns-zone';
export { AppSettingPlainSecretRule } from '../constructs/functions/rules/app-setting-secret';
export { SensitiveAttributePlainSecretRule } from '../constructs/key-vault/rules/sensitive-attribute-plain-secret';
export { OutputPlainSecretRule } from '../constructs/key-vault/rules/output-plain-secret';
export { ProviderPlainSecretRule } from '../constructs/key-vault/rules/provider-plain-secret';
export { VariableDefaultSecretRule } from '../constructs/key-vault/rules/variable-default-secret';
export { PlainCredentialRule } from '../constructs/key-vault/rules/plain-credential';
export { SensitiveReferenceRule } from '../constructs/key-vault/rules/sensitive-reference';

// Monitoring
export {
  ILogAnalyticsWorkspace, LogAnalytics, LogAnalyticsAttributes, LogAnalyticsBase, LogAnalyticsProps,
} from '../constructs/monitoring/log-analytics';
export { DiagnosticSettings, DiagnosticSettingsProps } from '../constructs/core/diagnostic-settings';
export { GatewayQuery, GatewayQueryPack, GatewayQueryPackProps, QueryPackCategory } from '../constructs/monitoring/query-pack';

// Container Apps
export { IContainerAppsEnvironment, IContainerRegistry, ResolvedScale } from '../constructs/container-apps/app-checks';
export {
  ContainerAppsEnvironment, ContainerAppsEnvironmentAttributes, ContainerAppsEnvironmentBase, ContainerAppsEnvironmentProps,
} from '../constructs/container-apps/container-apps-environment';
export {
  ContainerRegistry, ContainerRegistryAttributes, ContainerRegistryBase, ContainerRegistrySku,
} from '../constructs/container-apps/container-registry';
export { DualIngressContainerApp, DualIngressContainerAppProps } from '../constructs/container-apps/dual-ingress-container-app';
export { ContainerService, ContainerServiceProps } from '../constructs/container-apps/container-service';
export { ContainerAppSecret, KeyVaultSecretReference } from '../constructs/container-apps/app-secrets';
export { IngressOptions, IngressTraffic, IngressTransport, ResolvedIngress } from '../constructs/container-apps/ingress';
export {
  EffectiveLimit, InProcessLimit, InProcessLimitKind, InProcessLimitStore,
} from '../constructs/container-apps/in-process-limit';
export { ImageReference, ReleaseImage, ReleaseImageProblem } from '../constructs/container-apps/image-reference';

// API Management policies
export { PolicyDocument, PolicyDocumentProps } from '../constructs/policy/policy-document';
export { ChooseBranch, PolicyStatement } from '../constructs/policy/policy-statement';
export {
  AcceptedResponseOptions, CheckHeaderOptions, ExistsAction, ForwardRequestOptions, ReturnResponseOptions,
} from '../constructs/policy/statements';
export { ClientControlledKeyOptions, CounterKey, CounterKeyKind } from '../constructs/policy/counter-key';
export {
  CountOnly, LimitConcurrencyOptions, LlmTokenLimitOptions, RateLimitByKeyOptions, TokenQuotaPeriod,
} from '../constructs/policy/rate-limit';
export { ThrottledAsProblemJsonOptions } from '../constructs/policy/throttling-response';
export { QuotaOptions, RetryOptions, RetryableStatus } from '../constructs/policy/retry';
export { EntraCallerOptions } from '../constructs/policy/intake';
export { QueueDelivery, QueueDeliveryHeader, QueueMessageOptions } from '../constructs/policy/queue-delivery';
export { StorageQueueDelivery, StorageQueueMessageOptions } from '../constructs/policy/storage-queue-delivery';
export { CallerTokenOptions } from '../constructs/policy/caller-token';

// API Management
export { ApiGateway, ApiGatewayProps, ApiManagementSku, RateLimitAlgorithm } from '../constructs/api-management/api-gateway';
export { ApiGatewayAttributes, ApiGatewayBase, IApiGateway } from '../constructs/api-management/gateway-reference';
export { GatewayApiProps } from '../constructs/api-management/gateway-api';
export { StreamingApi, StreamingApiProps } from '../constructs/api-management/streaming-api';
export { StreamingRoute, StreamingRouteKind, StreamingRoutes } from '../constructs/api-management/streaming-routes';
export { StreamingCallerCheck, StreamingCallerCheckKind } from '../constructs/api-management/streaming-callers';
export { WebSocketApi, WebSocketApiProps } from '../constructs/api-management/websocket-api';
export { ApiLimits, ApiRateLimitPolicy, ApiRateLimitPolicyProps } from '../constructs/api-management/api-rate-limit-policy';
export {
  CircuitBreakerFailures, CircuitBreakerOptions, GatewayBackend, GatewayBackendProps, StatusCodeRange,
} from '../constructs/api-management/gateway-backend';
export { GatewayProduct, GatewayProductProps, IGatewayApi } from '../constructs/api-management/gateway-product';
export { HttpMethod, HttpProxyApi, HttpProxyApiProps } from '../constructs/api-management/http-proxy-api';
export { TemplateParameter, TemplateParameterType, UrlTemplate } from '../constructs/api-management/url-template';
export { FunctionApi, FunctionApiProps, FunctionOperation } from '../constructs/api-management/function-api';
export { KeyVaultNamedValue, KeyVaultNamedValueProps } from '../constructs/api-management/key-vault-named-value';
export { PartnerLimit, PartnerProducts, PartnerProductsProps, PartnerQuota } from '../constructs/api-management/partner-products';
export { IntakeOperation, QueueIntakeApi, QueueIntakeApiProps } from '../constructs/api-management/queue-intake-api';
export {
  ProviderApi, ProviderApiProps, ProviderCallers, ProviderOperation, ProviderRetry,
} from '../constructs/api-management/provider-api';

export { WebhookApi, WebhookApiProps } from '../constructs/api-management/webhook-api';

// Event Grid (webhooks)
export {
  EventGridSystemTopic, EventGridSystemTopicProps, EventGridTopic, EventGridTopicAttributes, EventGridTopicBase, EventGridTopicKind,
  EventGridTopicProps, IEventGridTopic,
} from '../constructs/event-grid/event-grid-topic';
export {
  EventDeliverySchema, EventRetryPolicy, EventSubscription, EventSubscriptionProps, WebhookDestination, WebhookEntraAuth, WebhookReceiver,
} from '../constructs/event-grid/event-subscription';
export { EventGridAlerts, EventGridAlertsProps } from '../constructs/event-grid/event-grid-alerts';
export { WebhookRegistration, WebhookRegistrationProps } from '../constructs/event-grid/webhook-registration';

// Key Vault
export { IKeyVault, KeyVault, KeyVaultAttributes, KeyVaultBase, KeyVaultProps } from '../constructs/key-vault/key-vault';
export { KeyVaultSecretSlot, KeyVaultSecretSlotOptions, KeyVaultSecretSlotProps } from '../constructs/key-vault/key-vault-secret-slot';

// The outbound budget (LIM-5)
export { ConsumerPace, OutageTolerance, OutboundBudget } from '../constructs/container-apps/outbound-budget';
export { PacedQueueConsumer, PacedQueueConsumerProps } from '../constructs/container-apps/paced-queue-consumer';
export { OutboundAlerts, OutboundAlertsProps } from '../constructs/container-apps/outbound-alerts';

// Storage
export {
  IStorageAccount, QueueOptions, StorageAccount, StorageAccountAttributes, StorageAccountBase, StorageAccountProps, StorageReplication, StorageService,
} from '../constructs/storage/storage-account';
export { BlobContainer, StorageChildProps, StorageQueue, StorageTable } from '../constructs/storage/storage-children';

// Azure Functions
export { ApplicationInsights, ApplicationInsightsProps } from '../constructs/functions/application-insights';
export { AlwaysReadyInstances, FlexFunctionApp, FlexFunctionAppProps, FunctionEntraAuthProps } from '../constructs/functions/flex-function-app';
export { FunctionAlerts, FunctionAlertsProps } from '../constructs/functions/function-alerts';
export { IFunctionAppBackend } from '../constructs/functions/function-app-backend';
export { FunctionRuntime } from '../constructs/functions/function-settings';

// Azure Managed Redis
export { ManagedRedis, ManagedRedisProps, RedisEvictionPolicy } from '../constructs/redis/managed-redis';

// Private network (issue 12)
export { INetworkCaller } from '../constructs/network/network-caller';
export { IPlatformNetwork, ISubnet, PlatformNetwork, PlatformNetworkProps, SubnetSpec } from '../constructs/network/platform-network';
export { PrivateEndpoint, PrivateEndpointProps } from '../constructs/network/private-endpoint';
export { SubnetPurpose } from '../constructs/network/subnet-purpose';
export { ClientIpRateLimitOptions, RateLimitAction, RateLimitWindow } from '../constructs/front-door/client-ip-rate-limit';
export { IManagedRedis, ManagedRedisAttributes, ManagedRedisBase, RedisClusteringPolicy } from '../constructs/redis/managed-redis-base';
export { ManagedRedisAlertsProps } from '../constructs/redis/managed-redis-alerts';

// Front Door
export {
  FrontDoor, FrontDoorLogField, FrontDoorProps, FrontDoorRouteOptions, FrontDoorSku, FrontDoorWafOptions, WafMode,
} from '../constructs/front-door/front-door';

// The AzAPI provider and resources (generated bindings), for stacks that bring their own provider.
export * as azapi from '../.gen/providers/azapi';
export { AzapiProvider } from '../.gen/providers/azapi/provider';

// The preflight: what a deploy needs (declared by constructs, derived from resources, preflight.json), checked before cdktf deploy
export {
  DeclaredRequirement, DeployRequirement, DeployRequirements, ExistingValueProps, PermissionScope, PreflightManifest, RequirementKind, Requirements, SkuFamily,
} from '../constructs/core/deploy-requirements';
export { PreflightManifests } from '../constructs/stack/preflight-manifest';
export { Preflight } from '../constructs/preflight/preflight';
export { PreflightCommand, PreflightCommandOutput } from '../constructs/preflight/command';
export {
  CheckStatus, DeployerIdentity, IPreflightCredential, PreflightAccessToken, PreflightCheckResult, PreflightCounts, PreflightOptions, PreflightReport,
  PreflightTokenOptions, PrincipalKind,
} from '../constructs/preflight/types';

// For consumers' stacks and tests
export { PlatformAspects, PlatformAspectsOptions } from '../constructs/stack/platform-aspects';
export { PlatformTesting } from '../constructs/testing/platform-testing';
