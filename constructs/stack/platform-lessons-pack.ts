import { PackRule, RuleLevel, RulePack } from '../lessons-check/pack';
import { AzapiIdCasingRule } from '../lessons-check/rules/azapi/azapi-id-casing';
import { ApiCallerCheckRule } from '../lessons-check/rules/api-management/api-caller-check';
import { ForwardRequestAttributeSpellingRule } from '../lessons-check/rules/api-management/forward-request-attributes';
import { StreamingApiBufferingRule } from '../lessons-check/rules/api-management/streaming-api-buffering';
import { StreamingRouteHeartbeatRule } from '../lessons-check/rules/api-management/streaming-route-heartbeat';
import { ConnectionHoldingScaleRule } from '../lessons-check/rules/container-apps/connection-scale-rule';
import { GrpcBehindBrowserRouteRule } from '../lessons-check/rules/container-apps/grpc-behind-browser-route';
import { InfrastructureResourceGroupRule } from '../lessons-check/rules/container-apps/infrastructure-resource-group';
import { ProductionImageRule } from '../lessons-check/rules/container-apps/release-image';
import { RegistryAdminUserRule } from '../lessons-check/rules/container-registry/registry-admin-user';
import { FrontDoorTimeoutAboveCeilingRule } from '../lessons-check/rules/front-door/front-door-timeout-above-ceiling';
import { FrontDoorTimeoutBelowCeilingRule } from '../lessons-check/rules/front-door/front-door-timeout-below-ceiling';
import { FunctionHostStorageKeyRule } from '../lessons-check/rules/functions/function-host-storage-key';
import { FunctionHttpsOnlyRule } from '../lessons-check/rules/functions/function-https-only';
import { FunctionsReservedRouteRule } from '../lessons-check/rules/functions/functions-reserved-route';
import { GatewayLogsDedicatedRule } from '../lessons-check/rules/monitoring/gateway-logs-dedicated';
import { ManagedRedisAccessKeysRule } from '../lessons-check/rules/redis/managed-redis-access-keys';
import { ManagedRedisPlaintextRule } from '../lessons-check/rules/redis/managed-redis-plaintext';
import { NoAzureCacheForRedisRule } from '../lessons-check/rules/redis/no-azure-cache-for-redis';
import { NoRedisEnterpriseRule } from '../lessons-check/rules/redis/no-redis-enterprise';
import { ColdWebhookReceiverRule } from '../lessons-check/rules/event-grid/cold-webhook-receiver';
import { SubscriptionDeadLetterRule } from '../lessons-check/rules/event-grid/subscription-dead-letter';
import { KeylessTopicPublisherRule } from '../lessons-check/rules/event-grid/keyless-topic-publisher';
import { TopicLocalAuthRule } from '../lessons-check/rules/event-grid/topic-local-auth';
import { KeyVaultAccessPoliciesRule } from '../lessons-check/rules/key-vault/key-vault-access-policies';
import { NamedValuePlainSecretRule } from '../lessons-check/rules/api-management/named-value-plain-secret';
import { OperationTemplateParametersRule } from '../lessons-check/rules/api-management/operation-template-parameters';
import { RetryOnClientErrorsRule } from '../lessons-check/rules/api-management/retry-on-client-errors';
import { StorageDataPlaneSettingsRule } from '../lessons-check/rules/storage/storage-data-plane-settings';
import { StorageSharedKeyRule } from '../lessons-check/rules/storage/storage-shared-key';
import { ServiceRules } from '../lessons-check/service-rules';
import { ResourceNameRule } from '../lessons-check/rules/naming/resource-name';
import { ResourceLocationRule } from '../lessons-check/rules/naming/resource-location';
import { WebSocketBackendTransportRule } from '../lessons-check/rules/container-apps/websocket-backend-transport';
// Every service folder's descriptor and rule index, so the pack holds their rules however it was loaded.
import './service-index.generated';

/**
 * The platform lessons pack: every rule of the library with the level the lessons catalogue
 * gives it. Errors are what Azure refuses or what breaks a guarantee (keys, plaintext, retired
 * services, buffered streams); warnings are legal but risky. A service folder adds its own rules
 * through `ServiceRules` (its `<service>-rules.ts`), without a line here: the generated service
 * index (`npm run gen:services`) loads every such file, so the pack holds them whichever module a
 * stack or the `azure-lessons` command was loaded from.
 */
export class PlatformLessonsPack {
  /** The pack's name in reports. */
  public static readonly NAME = 'platform-lessons';

  /** A new instance of the pack. */
  public static create(): RulePack {
    const error = RuleLevel.ERROR;
    const warning = RuleLevel.WARNING;
    const rules: PackRule[] = [
      { rule: new FrontDoorTimeoutBelowCeilingRule(), level: warning },
      { rule: new FrontDoorTimeoutAboveCeilingRule(), level: error },
      { rule: new ForwardRequestAttributeSpellingRule(), level: error },
      { rule: new StreamingApiBufferingRule(), level: error },
      { rule: new StreamingRouteHeartbeatRule(), level: warning },
      { rule: new GrpcBehindBrowserRouteRule(), level: warning },
      { rule: new ConnectionHoldingScaleRule(), level: warning },
      { rule: new InfrastructureResourceGroupRule(), level: error },
      { rule: new AzapiIdCasingRule(), level: error },
      { rule: new GatewayLogsDedicatedRule(), level: warning },
      { rule: new NoAzureCacheForRedisRule(), level: error },
      { rule: new NoRedisEnterpriseRule(), level: error },
      { rule: new ManagedRedisAccessKeysRule(), level: error },
      { rule: new ManagedRedisPlaintextRule(), level: error },
      { rule: new RegistryAdminUserRule(), level: error },
      { rule: new ProductionImageRule(), level: error },
      { rule: new StorageSharedKeyRule(), level: error },
      { rule: new StorageDataPlaneSettingsRule(), level: error },
      { rule: new FunctionHostStorageKeyRule(), level: error },
      { rule: new FunctionHttpsOnlyRule(), level: error },
      { rule: new FunctionsReservedRouteRule(), level: error },
      { rule: new KeyVaultAccessPoliciesRule(), level: error },
      { rule: new NamedValuePlainSecretRule(), level: error },
      { rule: new OperationTemplateParametersRule(), level: error },
      { rule: new RetryOnClientErrorsRule(), level: error },
      { rule: new SubscriptionDeadLetterRule(), level: error },
      { rule: new TopicLocalAuthRule(), level: error },
      { rule: new KeylessTopicPublisherRule(), level: error },
      { rule: new ColdWebhookReceiverRule(), level: warning },
      ...ServiceRules.all(),
      { rule: new ApiCallerCheckRule(), level: error },
      { rule: new ResourceNameRule(), level: error },
      { rule: new ResourceLocationRule(), level: error },
      { rule: new WebSocketBackendTransportRule(), level: error },
    ];
    return new RulePack(PlatformLessonsPack.NAME, rules);
  }

  private constructor() {}
}
