import { TerraformOutput } from 'cdktf';
import { Construct } from 'constructs';
import { ApiGateway } from '../constructs/api-management/api-gateway';
import { GatewayProduct } from '../constructs/api-management/gateway-product';
import { StreamingApi } from '../constructs/api-management/streaming-api';
import { StreamingCallerCheck, StreamingCallerCheckKind } from '../constructs/api-management/streaming-callers';
import { StreamingRoute } from '../constructs/api-management/streaming-routes';
import { WebSocketApi } from '../constructs/api-management/websocket-api';
import { WebhookApi } from '../constructs/api-management/webhook-api';
import { DualIngressContainerApp } from '../constructs/container-apps/dual-ingress-container-app';
import { AzureStack } from '../constructs/stack/azure-stack';
import { composeName } from '../constructs/core/naming';
import { PublicNetworkAccess } from '../constructs/core/network';
import { refuse } from '../constructs/core/validation';
import { EventGridAlerts } from '../constructs/event-grid/event-grid-alerts';
import { EventGridTopic } from '../constructs/event-grid/event-grid-topic';
import { EventSubscription, WebhookEntraAuth } from '../constructs/event-grid/event-subscription';
import { WebhookRegistration } from '../constructs/event-grid/webhook-registration';
import { CallerTokenOptions } from '../constructs/policy/caller-token';
import { DataAzapiClientConfig } from '../.gen/providers/azapi/data-azapi-client-config';
import { StorageAccount } from '../constructs/storage/storage-account';
import { RateLimitWindow } from '../constructs/front-door/client-ip-rate-limit';
import { FrontDoor, FrontDoorSku, WafMode } from '../constructs/front-door/front-door';
import { REGISTRY_FIELDS, SAMPLE_IMAGE, StackDefinition } from './stack-definition';
import { SubnetPurpose } from '../constructs/network/subnet-purpose';
import { CONTAINER_APPS_FIELDS, ContainerAppsEnvironmentSettings, ExistingRegistry, WorkloadFoundation, WorkloadStackProps } from './workload-foundation';

/** The Front Door of the real-time stack. */
/** The variable that gives the apps the topic's endpoint (with AZURE_CLIENT_ID, all an Event Grid publisher client needs). */
export const EVENTS_ENDPOINT_VARIABLE = 'EVENTGRID_TOPIC_ENDPOINT';

export interface RealtimeFrontDoorSettings {
  readonly sku: FrontDoorSku;
  /** WAF in prevention mode (Premium only). */
  readonly waf: boolean;
  /**
   * Requests one client IP may send per minute before Front Door blocks it (LIM-4: the IP at the
   * edge, the subscription at the gateway, the user in the service). Count a NAT or proxy as many
   * users: it is flood protection, not a quota.
   * @default - 1000 in production, no limit elsewhere
   */
  readonly clientIpRequestsPerMinute?: number;
}

/** The per-IP limit at the edge of a production real-time stack (LIM-4). */
const PRODUCTION_CLIENT_IP_REQUESTS_PER_MINUTE = 1000;

/** How one family of streaming routes checks its callers (ACCESS). */
export interface RealtimeCallerSettings {
  /**
   * `subscription-key` (server-side clients: the `Ocp-Apim-Subscription-Key` header, a
   * subscription on the stack's `realtime-clients` product), `token` (browsers: a token from an
   * OpenID issuer in the `Authorization` header or the query parameter), or `anonymous` (warned).
   */
  readonly check: StreamingCallerCheckKind;
  /** The issuer and audience of a `token` check. @default - none (required for `token`) */
  readonly token?: CallerTokenOptions;
}

/** A range of replicas. */
export interface ReplicaRange {
  readonly min: number;
  readonly max: number;
}

/** What only the real-time stack needs; the rest comes from the environment. */
export interface RealtimeSettings extends ContainerAppsEnvironmentSettings {
  /** Application image, deployed twice (ING-1). */
  readonly image: string;
  /** Registry of the image, pulled with managed identity (SEC-2). @default - public image */
  readonly registry?: ExistingRegistry;
  readonly frontDoor: RealtimeFrontDoorSettings;
  /** @default { min: 1, max: 10 } */
  readonly replicas?: ReplicaRange;
  /** @default StreamingRoutes.defaults() */
  readonly routes?: StreamingRoute[];
  /** WebSocket ping interval of the application (EDGE-2). @default 30 */
  readonly webSocketHeartbeatSeconds?: number;
  /** Mailbox for dead-lettered and dropped events (HOOK-3). @default - the API Management publisher e-mail */
  readonly alertEmail?: string;
  /** Who may call polling, long polling and SSE. @default - a subscription key */
  readonly streamingCallers?: RealtimeCallerSettings;
  /** Who may open WebSockets (checked on the handshake). @default - a subscription key */
  readonly webSocketCallers?: RealtimeCallerSettings;
  /**
   * Clients that get a subscription on the `realtime-clients` product (subscription-key checks).
   * A subscription's keys are kept in Terraform state: production clients get theirs from the
   * gateway's portal or its operators, not from this stack.
   * @default ['demo-client'] outside production, none in production
   */
  readonly clients?: string[];
  /**
   * Client id of an existing app registration Event Grid asks tokens for (with the
   * AzureEventGridSecureWebhookSubscriber role assigned to Event Grid's service principal).
   * @default - the stack creates the registration and the role assignments (docs/deploy.md: the Graph permissions)
   */
  readonly webhookApplicationId?: string;
  /**
   * Object id of Event Grid's service principal in the tenant (`az ad sp show --id
   * 4962773b-9cdb-44cf-a8bf-237846a00ab7 --query id -o tsv`): the plan then needs no Microsoft
   * Graph read right and no lookup that fails in a tenant without it.
   * @default - looked up at plan (`Application.Read.All`; docs/deploy.md step 3)
   */
  readonly eventGridServicePrincipalObjectId?: string;
}

export interface RealtimeStackProps extends WorkloadStackProps, RealtimeSettings {}

/**
 * The real-time platform for one environment: resource group, Log Analytics, a Container Apps
 * environment running the image twice (HTTP/1.1 and gRPC), API Management with the streaming
 * and WebSocket APIs, and Front Door in front of the gateway. gRPC is reached directly on the
 * Container Apps http2 ingress: neither API Management (v2) nor Front Door carries it (see docs/).
 */
export class RealtimeStack extends AzureStack {
  public readonly app: DualIngressContainerApp;
  public readonly gateway: ApiGateway;
  public readonly frontDoor: FrontDoor;
  public readonly streamingApi: StreamingApi;
  public readonly webSocketApi: WebSocketApi;
  /** The sixth pattern: the topic the application publishes to and its webhook subscription. */
  public readonly events: EventGridTopic;
  public readonly webhookApi: WebhookApi;
  public readonly webhookSubscription: EventSubscription;
  /** The registration Event Grid asks tokens for, unless the settings bring one. */
  public readonly webhookRegistration?: WebhookRegistration;
  /** The product whose subscriptions call the subscription-key streaming APIs. */
  public readonly clientsProduct?: GatewayProduct;

  constructor(scope: Construct, props: RealtimeStackProps) {
    super(scope, {
      stackName: 'realtime',
      environmentName: props.environmentName,
      production: props.production,
      tags: props.tags,
      state: props.state,
    });
    const prefix = props.namePrefix;
    const location = props.location;

    const foundation = WorkloadFoundation.create(this, {
      namePrefix: prefix, location, suffix: 'realtime', logRetentionDays: props.logRetentionDays, registry: props.registry,
      containerApps: { infrastructureResourceGroupName: props.containerAppsInfrastructureResourceGroupName, setting: 'realtime.containerAppsInfrastructureResourceGroupName' },
      // The environment stays external: clients reach the app directly over gRPC and WebSockets.
      ...(props.network ? {
        network: { settings: props.network, block: REALTIME_NETWORK_BLOCK, purposes: [SubnetPurpose.CONTAINER_APPS_ENVIRONMENT, SubnetPurpose.PRIVATE_ENDPOINTS] },
      } : {}),
    });
    const { resourceGroupName, logs, registry, network } = foundation;
    // The sixth pattern's topic first: the apps are told where to publish (keyless: Entra ID only).
    this.events = new EventGridTopic(this, 'events', {
      name: composeName('evgt', prefix, 'realtime'), resourceGroupName, location, logAnalyticsWorkspaceId: logs.workspaceId,
      // On the private network the apps publish through the topic's private endpoint only.
      publicNetworkAccess: network ? PublicNetworkAccess.DISABLED : PublicNetworkAccess.ENABLED,
    });
    this.app = new DualIngressContainerApp(this, 'app', {
      name: composeName('ca', prefix),
      environment: foundation.containerAppsEnvironment(),
      image: props.image,
      registry,
      minReplicas: props.replicas?.min ?? 1,
      maxReplicas: props.replicas?.max ?? 10,
      // Where to publish; AZURE_CLIENT_ID (the identity granted EventGrid Data Sender below) is set by the construct.
      environmentVariables: { [EVENTS_ENDPOINT_VARIABLE]: this.events.endpoint },
    });

    this.gateway = foundation.apiGateway(props.apiManagement);
    const wafName = `waf${prefix.replace(/[^A-Za-z0-9]/g, '')}realtime`;
    const clientIpRequestsPerMinute = props.frontDoor.clientIpRequestsPerMinute ?? (this.production ? PRODUCTION_CLIENT_IP_REQUESTS_PER_MINUTE : undefined);
    this.frontDoor = new FrontDoor(this, 'front-door', {
      profileName: composeName('afd', prefix, 'realtime'),
      endpointName: composeName('fde', prefix, 'realtime'),
      resourceGroupName,
      sku: props.frontDoor.sku,
      originHostName: this.gateway.gatewayHostName,
      routes: [{ name: 'realtime', patternsToMatch: ['/realtime/*', '/ws/*', '/ws'] }],
      ...(props.frontDoor.waf ? { waf: { name: wafName, mode: WafMode.PREVENTION } } : {}),
      ...(clientIpRequestsPerMinute !== undefined ? {
        clientIpRateLimit: {
          requestsPerWindow: clientIpRequestsPerMinute,
          window: RateLimitWindow.ONE_MINUTE,
          // A policy of its own when there is no WAF (custom rules run on Standard too).
          ...(props.frontDoor.waf ? {} : { policyName: wafName }),
        },
      } : {}),
      logAnalyticsWorkspaceId: logs.workspaceId,
    });

    const pathLayers = [this.frontDoor.timeoutLayer, this.app.timeoutLayer];
    const streamingCallers = callerCheck(this, 'realtime.streamingCallers', props.streamingCallers);
    const webSocketCallers = callerCheck(this, 'realtime.webSocketCallers', props.webSocketCallers);
    this.streamingApi = new StreamingApi(this, 'streaming-api', {
      gateway: this.gateway,
      name: 'realtime',
      path: 'realtime',
      displayName: 'Real-time (polling, long polling, SSE)',
      backendUrl: `https://${this.app.httpFqdn}`,
      frontDoorId: this.frontDoor.frontDoorId,
      pathLayers,
      ...(props.routes ? { routes: props.routes } : {}),
      callerCheck: streamingCallers,
    });
    this.webSocketApi = new WebSocketApi(this, 'websocket-api', {
      gateway: this.gateway,
      name: 'realtime-ws',
      path: 'ws',
      displayName: 'Real-time (WebSockets)',
      backendUrl: `wss://${this.app.httpFqdn}/ws`,
      frontDoorId: this.frontDoor.frontDoorId,
      heartbeatSeconds: props.webSocketHeartbeatSeconds ?? 30,
      pathLayers,
      callerCheck: webSocketCallers,
    });
    const keyed = [
      ...(streamingCallers.kind === StreamingCallerCheckKind.SUBSCRIPTION_KEY ? [this.streamingApi] : []),
      ...(webSocketCallers.kind === StreamingCallerCheckKind.SUBSCRIPTION_KEY ? [this.webSocketApi] : []),
    ];
    if (keyed.length > 0) {
      this.clientsProduct = new GatewayProduct(this, 'clients', {
        gateway: this.gateway,
        productId: 'realtime-clients',
        displayName: 'Real-time clients',
        description: 'One subscription per server-side client of the streaming APIs.',
        apis: keyed,
        clients: props.clients ?? (this.production ? [] : ['demo-client']),
      });
    }

    // The sixth pattern, webhooks (HOOK-1..3): the app publishes CloudEvents to a topic; Event Grid
    // delivers them to the gateway, which answers the handshake itself and forwards deliveries
    // to the app's webhook route; what fails every retry lands in a keyless dead-letter container.
    // The apps publish from their first revision: they wait for the endpoint and its DNS record.
    if (network) this.events.addPrivateEndpoint(network).applyBefore(this.app.httpApp, this.app.grpcApp);
    // In every environment, before the apps, which publish from their first revision (as for the endpoint above).
    this.events.grantPublish(this.app.identity, 'app').applyBefore(this.app.httpApp, this.app.grpcApp);
    const deadLetters = new StorageAccount(this, 'event-storage', {
      name: `st${prefix.replace(/[^a-z0-9]/g, '')}events`.slice(0, 24), resourceGroupName, location, logAnalyticsWorkspaceId: logs.workspaceId,
      // Event Grid writes dead letters over the public endpoint with the topic's identity (Entra ID
      // only): it cannot use a private endpoint. On the private network the firewall admits only
      // Azure's trusted services, which Event Grid is with the topic's system-assigned identity.
      publicNetworkAccess: PublicNetworkAccess.ENABLED,
      trustedServicesOnly: network !== undefined,
    }).addContainer('dead-letters');
    // Event Grid proves itself with an Entra ID token for a registration the stack creates (or the settings bring).
    let webhookAuth: WebhookEntraAuth;
    if (props.webhookApplicationId !== undefined) {
      webhookAuth = { tenantId: new DataAzapiClientConfig(this, 'client-config', {}).tenantId, applicationIdOrUri: props.webhookApplicationId };
    } else {
      this.webhookRegistration = new WebhookRegistration(this, 'webhook-registration', {
        displayName: composeName('evgs', prefix, 'realtime-webhooks'),
        ...(props.deployerObjectIds ? { deployerObjectIds: props.deployerObjectIds } : {}),
        ...(props.eventGridServicePrincipalObjectId ? { eventGridServicePrincipalObjectId: props.eventGridServicePrincipalObjectId } : {}),
      });
      webhookAuth = this.webhookRegistration.entraAuth;
    }
    this.webhookApi = new WebhookApi(this, 'webhook-api', {
      gateway: this.gateway,
      name: 'realtime-webhooks',
      path: 'webhooks',
      displayName: 'Real-time (webhooks from Event Grid)',
      backendUrl: `https://${this.app.httpFqdn}/webhooks`,
      routes: ['/events'],
      // Event Grid calls the gateway directly, not through Front Door; its token says who it is.
      allowDirectCallers: true,
      entraAuth: webhookAuth,
    });
    this.webhookSubscription = new EventSubscription(this, 'webhook-subscription', {
      topic: this.events,
      name: 'app-webhook',
      webhook: this.webhookApi.destination('/events', { name: this.app.node.path, warmInstances: props.replicas?.min ?? 1 }),
      deadLetterContainer: deadLetters,
    });
    // Event Grid checks the subscription's writer against the role when it creates the subscription.
    this.webhookRegistration?.applyBefore(this.webhookSubscription.subscription);
    const actionGroup = foundation.actionGroup({
      setting: 'realtime.alertEmail', alertEmail: props.alertEmail, publisherEmail: props.apiManagement.publisherEmail,
      purpose: 'dead-lettered and dropped events (HOOK-3) are sent to this address.',
    });
    new EventGridAlerts(this, 'event-alerts', {
      topic: this.events, resourceGroupName, namePrefix: composeName('evgt', prefix, 'realtime'), actionGroupId: actionGroup.id,
    });
    new TerraformOutput(this, 'events-endpoint', {
      value: this.events.endpoint,
      description: 'The topic the application publishes CloudEvents to (Entra ID, EventGrid Data Sender); give it to the app as its publish endpoint',
    });

    new TerraformOutput(this, 'public-url', {
      value: `https://${this.frontDoor.endpointHostName}/realtime`,
      description: 'Polling, long polling and SSE through Front Door and API Management',
    });
    new TerraformOutput(this, 'websocket-url', {
      value: `wss://${this.frontDoor.endpointHostName}/ws`,
      description: 'WebSockets through Front Door and API Management',
    });
    new TerraformOutput(this, 'grpc-address', {
      value: `${this.app.grpcFqdn}:443`,
      description: 'gRPC, directly on the Container Apps http2 ingress (not through Front Door or API Management)',
    });
  }
}


/** The caller check of one route family from the settings: a subscription key unless told otherwise. */
function callerCheck(scope: Construct, setting: string, settings: RealtimeCallerSettings | undefined): StreamingCallerCheck {
  switch (settings?.check ?? StreamingCallerCheckKind.SUBSCRIPTION_KEY) {
    case StreamingCallerCheckKind.SUBSCRIPTION_KEY: return StreamingCallerCheck.subscriptionKey();
    case StreamingCallerCheckKind.ANONYMOUS: return StreamingCallerCheck.anonymous();
    case StreamingCallerCheckKind.TOKEN:
      if (!settings?.token) {
        return refuse(scope, {
          lesson: 'ACCESS', setting: `${setting}.token`, given: undefined,
          problem: 'a token check needs the issuer and the audience it accepts.', fix: 'give token: { issuer, audience } (e.g. https://login.microsoftonline.com/<tenant>/v2.0 and the API\'s client id).',
        });
      }
      return StreamingCallerCheck.token(settings.token);
    default:
      return refuse(scope, {
        lesson: 'ACCESS', setting: `${setting}.check`, given: settings?.check,
        problem: 'this is not a caller check.', fix: `use one of ${Object.values(StreamingCallerCheckKind).join(', ')}.`,
      });
  }
}

/** The real-time stack's sixteenth of the environment's range (see docs/network.md). */
const REALTIME_NETWORK_BLOCK = 0;

const CALLER_FIELDS = { check: true, token: { issuer: true, audience: true, openIdConfigUrl: true, queryParameter: true } } as const;

/** The real-time stack in the app's registry: section `realtime` of each environment. */
export const REALTIME_STACK: StackDefinition<RealtimeSettings> = {
  section: 'realtime',
  fields: {
    ...CONTAINER_APPS_FIELDS,
    image: true, registry: REGISTRY_FIELDS, frontDoor: { sku: true, waf: 'boolean', clientIpRequestsPerMinute: true }, replicas: { min: true, max: true },
    routes: true, webSocketHeartbeatSeconds: true, alertEmail: true,
    streamingCallers: CALLER_FIELDS, webSocketCallers: CALLER_FIELDS, clients: true, webhookApplicationId: true,
    eventGridServicePrincipalObjectId: true,
  },
  embedded: {
    dev: {
      image: SAMPLE_IMAGE,
      frontDoor: { sku: FrontDoorSku.STANDARD, waf: false },
      replicas: { min: 1, max: 5 },
    },
    prod: {
      image: 'crrtpshared.azurecr.io/realtime/patterns:1.0.0',
      registry: { name: 'crrtpshared', resourceGroupName: 'rg-rtp-shared' },
      frontDoor: { sku: FrontDoorSku.PREMIUM, waf: true },
      // Three in the zone-redundant production environment: one per zone.
      replicas: { min: 3, max: 20 },
    },
  },
  variables: { IMAGE: 'image' },
  create: (app, environmentName, shared, settings) => new RealtimeStack(app, { ...shared, ...settings, environmentName }),
};
