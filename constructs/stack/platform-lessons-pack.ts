import { PackRule, RuleLevel, RulePack } from '../lessons-check/pack';
import { AzureServices } from '../core/azure-service';
import { AzapiIdCasingRule } from '../lessons-check/rules/azapi/azapi-id-casing';
import { ResourceNameRule } from '../lessons-check/rules/naming/resource-name';
import { ResourceLocationRule } from '../lessons-check/rules/naming/resource-location';
import { ServiceRule } from '../lessons-check/service-rules';
import { PLATFORM_SERVICES } from './platform-services';
import { SERVICE_RULES } from './service-index.generated';

/** What `PlatformLessonsPack.create` adds to the platform's rules. */
export interface PlatformLessonsPackOptions {
  /**
   * Another team's own rules, each with its level, checked with the platform's in every stack
   * the pack runs in (after them in the report). A rule id the platform has already is refused:
   * to change a platform rule's level, add a pack of your own after it (a rule listed by several
   * packs runs at the level of the last).
   * @default - none
   */
  readonly rules?: PackRule[];
}

/** The rules that belong to no service: the AzAPI id casing, the names and the regions of every resource. */
const GENERIC_RULES: readonly ServiceRule[] = [
  { create: () => new AzapiIdCasingRule(), level: RuleLevel.ERROR },
  { create: (services) => ResourceNameRule._of(services), level: RuleLevel.ERROR },
  { create: () => new ResourceLocationRule(), level: RuleLevel.ERROR },
];

/**
 * The order the reports list the rules in (0.2's, and this release's new rules where they first
 * reported; the rows of one resource follow it, so the lessons reports stay byte for byte what
 * they were): a rule not listed here comes after these, in the service index's order. Not a list
 * to extend: a new rule needs no line.
 */
const REPORT_ORDER: readonly string[] = [
  'EDGE-1.FrontDoorTimeoutBelowCeiling', 'EDGE-1.FrontDoorTimeoutAboveCeiling', 'EDGE-3.ForwardRequestAttributeSpelling',
  'EDGE-4.StreamingApiBuffering', 'EDGE-5.StreamingRouteHeartbeat', 'ING-4.GrpcBehindBrowserRoute',
  'SCALE-1.ConnectionHoldingScaleRule', 'AZURE.ContainerAppsInfrastructureGroup', 'AZURE.AzapiIdCasing',
  'GW-10.GatewayLogsDedicated', 'LIM-1.NoAzureCacheForRedis', 'LIM-1.NoRedisEnterprise', 'SEC-1.RedisAccessKeys',
  'SEC-1.RedisPlaintext', 'SEC-1.RegistryAdminUser', 'RELEASE.ProductionImage', 'SEC-1.StorageSharedKey',
  'SEC-1.StorageDataPlaneSettings', 'SEC-1.FunctionHostStorageKey', 'SEC-1.FunctionHttpsOnly',
  'SEC-3.FunctionsReservedRoute', 'SEC-1.KeyVaultAccessPolicies', 'SEC-1.NamedValuePlainSecret',
  'AZURE.OperationTemplateParameters', 'PAY-2.RetryOnClientErrors', 'HOOK-3.SubscriptionDeadLetter',
  'SEC-1.EventGridLocalAuth', 'SEC-1.KeylessTopicPublisher', 'HOOK-1.ColdWebhookReceiver',
  'SEC-1.ContainerAppPlainSecret', 'SEC-1.ContainerAppKeyVaultSecretAccess', 'ING-1.StreamingBackendTransport',
  'ACCESS.WebhookSubscriptionToken', 'SEC-1.WebhookUrlKey', 'SEC-1.AppSettingPlainSecret', 'SEC-1.SensitiveAttributePlainSecret',
  'SEC-1.OutputPlainSecret', 'SEC-1.PrivateEndpointDnsZone', 'AZURE.RestrictedResourceLocation',
  'ACCESS.ApiCallerCheck', 'AZURE.ResourceName', 'AZURE.ResourceLocation', 'ING-1.WebSocketBackendTransport',
];

/** The platform's rules made for `services`, in report order. */
export function platformRules(services: AzureServices, serviceRules: readonly ServiceRule[] = SERVICE_RULES): PackRule[] {
  const made = [...GENERIC_RULES, ...serviceRules].map(({ create, level }) => ({ rule: create(services), level }));
  const rank = (id: string) => {
    const at = REPORT_ORDER.indexOf(id);
    return at < 0 ? REPORT_ORDER.length : at;
  };
  // Array.prototype.sort is stable: rules not in REPORT_ORDER keep the index's order.
  return made.sort((a, b) => rank(a.rule.id) - rank(b.rule.id));
}

/**
 * The platform lessons pack: every rule of the library with the level the lessons catalogue
 * gives it. Errors are what Azure refuses or what breaks a guarantee (keys, plaintext, retired
 * services, buffered streams); warnings are legal but risky. Each service folder lists its own
 * rules as a plain value (`<service>-rules.ts`), and the generated service index
 * (`npm run gen:services`) joins the lists: the pack reads that one list, without a line here.
 * Another team adds its own rules explicitly, `PlatformLessonsPack.create({ rules: [{ rule, level }] })`.
 */
export class PlatformLessonsPack {
  /** The pack's name in reports. */
  public static readonly NAME = 'platform-lessons';

  /** A new instance of the pack, with another team's rules after the platform's (`options.rules`). */
  public static create(options: PlatformLessonsPackOptions = {}): RulePack {
    return new RulePack(PlatformLessonsPack.NAME, [...platformRules(PLATFORM_SERVICES), ...(options.rules ?? [])]);
  }

  private constructor() {}
}
