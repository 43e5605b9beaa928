import { PackRule, RuleLevel, RulePack } from '../lessons-check/pack';
import { AzapiIdCasingRule } from '../lessons-check/rules/azapi/azapi-id-casing';
import { ApiCallerCheckRule } from '../api-management/rules/api-caller-check';
import { ForwardRequestAttributeSpellingRule } from '../api-management/rules/forward-request-attributes';
import { StreamingApiBufferingRule } from '../api-management/rules/streaming-api-buffering';
import { StreamingRouteHeartbeatRule } from '../api-management/rules/streaming-route-heartbeat';
import { ConnectionHoldingScaleRule } from '../container-apps/rules/connection-scale-rule';
import { GrpcBehindBrowserRouteRule } from '../container-apps/rules/grpc-behind-browser-route';
import { InfrastructureResourceGroupRule } from '../container-apps/rules/infrastructure-resource-group';
import { ProductionImageRule } from '../container-apps/rules/release-image';
import { RegistryAdminUserRule } from '../container-apps/rules/registry-admin-user';
import { FrontDoorTimeoutAboveCeilingRule } from '../front-door/rules/front-door-timeout-above-ceiling';
import { FrontDoorTimeoutBelowCeilingRule } from '../front-door/rules/front-door-timeout-below-ceiling';
import { FunctionHostStorageKeyRule } from '../functions/rules/function-host-storage-key';
import { FunctionHttpsOnlyRule } from '../functions/rules/function-https-only';
import { FunctionsReservedRouteRule } from '../functions/rules/functions-reserved-route';
import { GatewayLogsDedicatedRule } from '../monitoring/rules/gateway-logs-dedicated';
import { ManagedRedisAccessKeysRule } from '../redis/rules/managed-redis-access-keys';
import { ManagedRedisPlaintextRule } from '../redis/rules/managed-redis-plaintext';
import { NoAzureCacheForRedisRule } from '../redis/rules/no-azure-cache-for-redis';
import { NoRedisEnterpriseRule } from '../redis/rules/no-redis-enterprise';
import { ColdWebhookReceiverRule } from '../event-grid/rules/cold-webhook-receiver';
import { SubscriptionDeadLetterRule } from '../event-grid/rules/subscription-dead-letter';
import { KeylessTopicPublisherRule } from '../event-grid/rules/keyless-topic-publisher';
import { TopicLocalAuthRule } from '../event-grid/rules/topic-local-auth';
import { KeyVaultAccessPoliciesRule } from '../key-vault/rules/key-vault-access-policies';
import { NamedValuePlainSecretRule } from '../api-management/rules/named-value-plain-secret';
import { OperationTemplateParametersRule } from '../api-management/rules/operation-template-parameters';
import { RetryOnClientErrorsRule } from '../api-management/rules/retry-on-client-errors';
import { StorageDataPlaneSettingsRule } from '../storage/rules/storage-data-plane-settings';
import { StorageSharedKeyRule } from '../storage/rules/storage-shared-key';
import { ServiceRules } from '../lessons-check/service-rules';
import { ResourceNameRule } from '../lessons-check/rules/naming/resource-name';
import { ResourceLocationRule } from '../lessons-check/rules/naming/resource-location';
import { WebSocketBackendTransportRule } from '../container-apps/rules/websocket-backend-transport';
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
