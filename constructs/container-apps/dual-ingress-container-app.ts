import { Construct } from 'constructs';
import { PathDeclaration, PathNodeKind } from '../core/path-declarations';
import { ContainerApp, ContainerAppTemplateContainerLivenessProbe } from '@cdktf/provider-azurerm/lib/container-app';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';
import { CONNECTION_CEILING_SECONDS } from '../core/lessons';
import { checkName, composeName } from '../core/naming';
import { NotSecret } from '../core/secret-detection';
import { ITimeoutLayer, RequestPath, TimeoutLayer } from '../core/request-path';
import { IManagedIdentity, ManagedIdentity } from '../identity/principal';
import { AZURE_CLIENT_ID_VARIABLE,
  IContainerAppsEnvironment, IContainerRegistry, RegistryPull, ResolvedScale, checkHealthPath, checkRegistryImage,
  checkResources, checkScale, grantAcrPull, mergeEnvironmentVariables, newContainerApp, newUserAssignedIdentity,
} from './app-checks';
import { BoundAppSecrets, ContainerAppSecret, bindAppSecrets } from './app-secrets';
import { ImageReference, ReleaseImage } from './image-reference';
import { EffectiveLimit, InProcessLimit, checkInProcessLimits } from './in-process-limit';
import {
  GRPC_INGRESS_DEFAULTS, HTTP_INGRESS_DEFAULTS, IngressOptions, ResolvedIngress,
  checkIngressPair, kestrelEndpointEnvironment, resolveIngress,
} from './ingress';
import { CONTAINER_APPS_SERVICE } from './container-apps-service';

export interface DualIngressContainerAppProps {
  /** Base name; the apps are `<name>-http` and `<name>-grpc`, the identity `id-<name>`. */
  readonly name: string;
  /** The Container Apps environment (a `ContainerAppsEnvironment`, or `ContainerAppsEnvironment.fromExisting`). */
  readonly environment: IContainerAppsEnvironment;
  /**
   * Image reference, deployed to both apps. In a production stack it must be pinned (a version
   * tag or digest) and not a public sample (RELEASE).
   */
  readonly image: string;
  /**
   * Registry the image comes from (`ContainerRegistry.fromExisting`). With it, both apps pull with
   * a user-assigned identity that holds AcrPull on the registry, granted before the apps are
   * created (SEC-2).
   * @default - a public image, pulled anonymously
   */
  readonly registry?: IContainerRegistry;
  /** The HTTP/1.1 app: polling, long polling, SSE, WebSockets (ING-1). @default - port 8080, transport 'auto' */
  readonly http?: IngressOptions;
  /** The gRPC app (ING-1). @default - port 8081, transport 'http2' */
  readonly grpc?: IngressOptions;
  /**
   * Add the Kestrel endpoint settings that pin HTTP/1.1 on the HTTP port and cleartext HTTP/2
   * on the gRPC port (ING-2). Turn off for images that are not ASP.NET Core.
   * @default true
   */
  readonly pinKestrelProtocols?: boolean;
  /** Extra environment variables for the container (both apps); no credentials (SEC-1). @default - none */
  readonly environmentVariables?: Record<string, string>;
  /**
   * Variables that look like a credential but are none, each with the reason (e.g. a Key Vault
   * secret URI the app reads itself with its identity). Every other variable that looks like a
   * credential is refused (SEC-1, docs/secrets.md).
   * @default - none
   */
  readonly notSecrets?: NotSecret[];
  /**
   * Secrets the app reads from Key Vault with its identity (SEC-1): each is a Container App secret
   * referring to the Key Vault secret by its versionless identifier, and the identity gets Key
   * Vault Secrets User on that secret alone, before the app is created. Variables take them by
   * name (`secretEnvironmentVariables`). The value never passes through Terraform.
   * @default - none
   */
  readonly secrets?: ContainerAppSecret[];
  /**
   * Environment variables set from a secret of `secrets`: variable name to secret name, e.g.
   * `{ PSP_API_KEY: 'psp-api-key' }`. A name set here and in `environmentVariables` is refused.
   * @default - none
   */
  readonly secretEnvironmentVariables?: { [name: string]: string };
  /** vCPU per replica. @default 0.5 */
  readonly cpu?: number;
  /** Memory per replica; the Consumption profile gives 2 GiB per vCPU, e.g. `1Gi` with 0.5 vCPU. @default - 2 GiB per vCPU */
  readonly memory?: string;
  /**
   * Minimum replicas. Above zero, since these apps hold connections: a cold start drops them
   * and a scale-in to zero cuts every stream (SCALE-2).
   * @default 1
   */
  readonly minReplicas?: number;
  /** Maximum replicas; leave headroom for reconnect storms after a revision (SCALE-2). @default 10 */
  readonly maxReplicas?: number;
  /**
   * Concurrent requests per replica before the HTTP scale rule adds one. A held connection
   * counts as one request for its whole life, so keep it low (SCALE-1).
   * @default 10
   */
  readonly concurrentRequests?: number;
  /**
   * Seconds a stopping replica gets to let open streams finish (SCALE-2); Azure allows 0-600.
   * @default 240, the longest a stream can live behind Front Door (EDGE-1)
   */
  readonly terminationGracePeriodSeconds?: number;
  /**
   * HTTP health endpoint served on the HTTP/1.1 port. Both apps' readiness probes ask it there,
   * since Container Apps probes speak HTTP/1.1 and the gRPC port is HTTP/2 only; liveness stays
   * a TCP probe on each app's own port.
   * @default - TCP probes on each app's own ingress port (any image passes them once it listens)
   */
  readonly healthPath?: string;
  /**
   * Limits the application enforces itself (e.g. ASP.NET Core rate limiter policies). Each
   * in-process counter warns when maxReplicas > 1, with the limit clients really get (SCALE-3).
   * Both apps run the image, so each app's replicas count apart: a client that uses HTTP and
   * gRPC meets both sets of counters.
   * @default - none declared
   */
  readonly inProcessLimits?: InProcessLimit[];
}

/**
 * One image deployed as two Container Apps (ING-1): transport `auto` on 8080 for HTTP/1.1,
 * SSE and WebSockets, transport `http2` on 8081 for gRPC, each with a low HTTP scale rule
 * (SCALE-1), replicas that never scale to zero and a grace period for open streams (SCALE-2),
 * HTTPS-only ingress and, for registry images, identity-based pulls granted first (SEC-2).
 */
export class DualIngressContainerApp extends Construct implements ITimeoutLayer {
  /** The `auto` app: HTTP/1.1, polling, long polling, SSE, WebSockets. */
  public readonly httpApp: ContainerApp;
  /** The `http2` app: gRPC over h2c. */
  public readonly grpcApp: ContainerApp;
  /**
   * The apps' workload identity (user-assigned, `id-<name>`), in every environment: it pulls the
   * image from a registry (AcrPull) and is the identity the apps sign in as (`AZURE_CLIENT_ID`), so
   * a grant to it (e.g. `topic.grantPublish(app.identity)`) works whether or not the image is public.
   */
  public readonly identity: IManagedIdentity;
  /** The user-assigned identity resource behind `identity` (construct id `pull-identity`, kept from when only pulls had one). */
  public readonly identityResource: UserAssignedIdentity;
  /** FQDN of the HTTP/1.1 app's ingress. */
  public readonly httpFqdn: string;
  /** FQDN of the gRPC app's ingress. */
  public readonly grpcFqdn: string;
  public readonly http: ResolvedIngress;
  public readonly grpc: ResolvedIngress;
  /** Container Apps ingress closes requests at 240 s (EDGE-1). */
  public readonly timeoutLayer: TimeoutLayer;
  /** The declared in-process limits with what clients really get across each app's replicas (SCALE-3). */
  public readonly effectiveLimits: EffectiveLimit[];

  constructor(scope: Construct, id: string, props: DualIngressContainerAppProps) {
    super(scope, id);
    this.http = resolveIngress(HTTP_INGRESS_DEFAULTS, props.http);
    this.grpc = resolveIngress(GRPC_INGRESS_DEFAULTS, props.grpc);
    checkIngressPair(this, this.http, this.grpc);
    const scale = checkScale(this, props, {
      defaultGraceSeconds: CONNECTION_CEILING_SECONDS,
      graceFix: `use ${CONNECTION_CEILING_SECONDS} s, the longest a stream lives behind Front Door.`,
      holdsConnections: true,
    });
    const httpName = checkName(this, 'name', `${props.name}-http`, CONTAINER_APPS_SERVICE.names.app);
    const grpcName = checkName(this, 'name', `${props.name}-grpc`, CONTAINER_APPS_SERVICE.names.app);
    this.timeoutLayer = {
      layer: 'Container Apps ingress request timeout', timeoutSeconds: CONNECTION_CEILING_SECONDS, constructPath: this.node.path,
    };

    ImageReference.check(this, 'image', props.image);
    ReleaseImage.check(this, 'image', props.image);
    checkRegistryImage(this, props.image, props.registry, 'the apps');
    this.identityResource = newUserAssignedIdentity(this, 'pull-identity', props.name, props.environment);
    this.identity = ManagedIdentity.fromUserAssigned(this.identityResource);
    const pull: RegistryPull | undefined = props.registry ? grantAcrPull(this, this.identityResource, props.registry) : undefined;

    const pinned = (props.pinKestrelProtocols ?? true) ? kestrelEndpointEnvironment(this.http, this.grpc) : {};
    // Not a spread plus a key: on Node 20 that makes a new hidden class for every app (see mergeEnvironmentVariables).
    const reserved: Record<string, string> = Object.assign({}, pinned, { [AZURE_CLIENT_ID_VARIABLE]: this.identity.clientId! });
    const environmentVariables = mergeEnvironmentVariables(this, reserved, props.environmentVariables, (name, value) => (name === AZURE_CLIENT_ID_VARIABLE ? {
      lesson: 'SEC-1',
      problem: 'the construct sets it to the client id of the apps\' own identity; another value makes DefaultAzureCredential sign in as a different identity (or fail), and the roles granted to this one stop applying.',
      fix: 'drop it and grant the roles the apps need to app.identity.',
    } : {
      lesson: 'ING-2',
      problem: `it overrides the Kestrel setting this construct pins (${value}), so a port would answer in the wrong protocol.`,
      fix: 'change the ports through http/grpc targetPort, or set pinKestrelProtocols: false and pin the endpoints yourself.',
    }), props.notSecrets);
    // Under this construct: both apps run as the one identity, so one grant per secret serves both.
    const secrets = bindAppSecrets(this, this.identityResource, props.secrets, props.secretEnvironmentVariables, environmentVariables);
    const resources = checkResources(this, props.cpu, props.memory);
    checkHealthPath(this, props.healthPath);
    const common = { props, scale, resources, environmentVariables, pull, secrets };
    this.httpApp = this.app('http-app', httpName, this.http, common);
    this.grpcApp = this.app('grpc-app', grpcName, this.grpc, common);
    for (const app of [this.httpApp, this.grpcApp]) {
      // Both apps hold connections (streams, WebSockets, gRPC streams): the SCALE-1 rule checks them.
      RequestPath.markHoldsConnections(app);
    }
    this.declarePath(props, scale, httpName, grpcName);
    this.httpFqdn = this.httpApp.ingress.fqdn;
    this.grpcFqdn = this.grpcApp.ingress.fqdn;
    this.effectiveLimits = checkInProcessLimits(this, props.inProcessLimits, scale.maxReplicas);
  }

  /** The pair on the request path: one group (one image and identity), two ingresses; gRPC clients call the http2 one directly. */
  private declarePath(props: DualIngressContainerAppProps, scale: ResolvedScale, httpName: string, grpcName: string): void {
    PathDeclaration.node(this, {
      kind: PathNodeKind.APP_GROUP, title: 'Container Apps: one image, two ingresses (ING-1)', name: props.name,
      lines: [`identity ${composeName('id', props.name)}`, `${scale.minReplicas} to ${scale.maxReplicas} replicas each`],
    });
    for (const [app, name, ingress] of [[this.httpApp, httpName, this.http], [this.grpcApp, grpcName, this.grpc]] as const) {
      PathDeclaration.node(app, {
        kind: PathNodeKind.APP, title: `Container App, transport ${ingress.transport}`, name,
        lines: [`ingress ${ingress.transport}, port ${ingress.targetPort}, ${ingress.external ? 'external' : 'environment only'}`, `carries ${ingress.carries.join(', ')}`],
        inboundTimeouts: [this.timeoutLayer],
      });
    }
    if (this.grpc.external) PathDeclaration.hop(this, { from: PathDeclaration.external('client'), to: this.grpcApp.node.path, protocol: 'gRPC (h2)' });
  }

  private app(
    id: string,
    name: string,
    ingress: ResolvedIngress,
    common: {
      props: DualIngressContainerAppProps;
      scale: ResolvedScale;
      resources: { cpu: number; memory: string };
      environmentVariables: Record<string, string>;
      pull?: RegistryPull;
      secrets: BoundAppSecrets;
    },
  ): ContainerApp {
    const { props } = common;
    // Liveness always checks the app's own port; with a health path, readiness asks it over
    // HTTP/1.1 on the HTTP port (Container Apps probes do not speak cleartext HTTP/2).
    const liveness: ContainerAppTemplateContainerLivenessProbe = { transport: 'TCP', port: ingress.targetPort };
    const readiness = props.healthPath
      ? { transport: 'HTTP', port: this.http.targetPort, path: props.healthPath }
      : liveness;
    return newContainerApp(this, id, {
      name,
      environment: props.environment,
      image: props.image,
      ingress,
      scale: common.scale,
      resources: common.resources,
      environmentVariables: common.environmentVariables,
      liveness,
      readiness,
      identityId: this.identity.resourceId!,
      ...(common.pull ? { pull: common.pull } : {}),
      secrets: common.secrets,
    });
  }
}
