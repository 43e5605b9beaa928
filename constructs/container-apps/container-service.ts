import { Construct } from 'constructs';
import { PathDeclaration, PathNodeKind } from '../core/path-declarations';
import { ContainerApp, ContainerAppTemplateContainerLivenessProbe } from '@cdktf/provider-azurerm/lib/container-app';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';
import { CONNECTION_CEILING_SECONDS } from '../core/lessons';
import { checkName, composeName } from '../core/naming';
import { NotSecret } from '../core/secret-detection';
import { ITimeoutLayer, TimeoutLayer } from '../core/request-path';
import { resolveIn } from '../core/claims';
import { refuse, warn } from '../core/validation';
import { IManagedIdentity, ManagedIdentity } from '../identity/principal';
import { INetworkCaller, sameNetwork } from '../network/network-caller';
import { AZURE_CLIENT_ID_VARIABLE,
  IContainerAppsEnvironment, IContainerRegistry, ResolvedScale, checkHealthPath, checkRegistryImage, checkResources,
  checkScale, checkTargetPort, grantAcrPull, mergeEnvironmentVariables, newContainerApp, newUserAssignedIdentity,
} from './app-checks';
import { ContainerAppSecret, bindAppSecrets } from './app-secrets';
import { ImageReference, ReleaseImage } from './image-reference';
import { EffectiveLimit, InProcessLimit, checkInProcessLimits } from './in-process-limit';
import { IngressTransport } from './ingress';
import { CONTAINER_APPS_SERVICE } from './container-apps-service';


/**
 * Termination grace period of a `ContainerService`: a plain API answers within seconds,
 * so 30 s lets in-flight requests finish without slowing every revision rollout by minutes.
 */
export const SERVICE_GRACE_SECONDS = 30;

export interface ContainerServiceProps {
  /** Name of the container app; the identity is `id-<name>`. */
  readonly name: string;
  /** The Container Apps environment (a `ContainerAppsEnvironment`, or `ContainerAppsEnvironment.fromExisting`). */
  readonly environment: IContainerAppsEnvironment;
  /** Image reference; pinned and not a public sample in a production stack (RELEASE). */
  readonly image: string;
  /**
   * Registry the image comes from (`ContainerRegistry.fromExisting`). With it, the app pulls with
   * its identity, which holds AcrPull on the registry, granted before the app is created (SEC-2).
   * @default - a public image, pulled anonymously
   */
  readonly registry?: IContainerRegistry;
  /**
   * Extra environment variables for the container. `AZURE_CLIENT_ID` is set by the construct
   * (the identity's client id) and cannot be overridden. No credentials (SEC-1): connect with the
   * identity, or read the secret from Key Vault with it.
   * @default - none
   */
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
  /** Minimum replicas; 1 keeps the API warm (0 lets it scale to zero, with a cold start on the next call). @default 1 */
  readonly minReplicas?: number;
  /** Maximum replicas. Every in-process limit is multiplied by it (SCALE-3). @default 10 */
  readonly maxReplicas?: number;
  /** Concurrent requests per replica before the HTTP scale rule adds one (SCALE-1). @default 10 */
  readonly concurrentRequests?: number;
  /**
   * Seconds a stopping replica gets to finish in-flight requests; Azure allows 0-600. A plain API
   * answers within seconds, unlike the streams of `DualIngressContainerApp` (240 s, SCALE-2),
   * so a short grace period keeps revision rollouts fast.
   * @default 30
   */
  readonly terminationGracePeriodSeconds?: number;
  /**
   * HTTP health endpoint for the readiness probe, on the target port; liveness stays a TCP probe.
   * @default - TCP probes on the target port (any image passes them once it listens)
   */
  readonly healthPath?: string;
  /** Container port the ingress sends traffic to (transport 'auto', HTTP/1.1 or HTTP/2). @default 8080 */
  readonly targetPort?: number;
  /**
   * Reachable from outside the Container Apps environment: from the internet, or in an internal
   * environment from its virtual network only.
   * @default true
   */
  readonly external?: boolean;
  /**
   * The gateway that calls the service (`ApiGateway`). In an internal environment it must be
   * integrated into the environment's network (`outboundSubnet`), or none of its calls arrive.
   * @default - not checked
   */
  readonly caller?: INetworkCaller;
  /**
   * Limits the application enforces itself (e.g. ASP.NET Core rate limiter policies). Each
   * in-process counter warns when maxReplicas > 1, with the limit clients really get (SCALE-3).
   * @default - none declared
   */
  readonly inProcessLimits?: InProcessLimit[];
}

/**
 * One Container App with a single HTTPS-only ingress (transport `auto`, port 8080) for a plain
 * HTTP API, e.g. a rate-limiter service: an HTTP scale rule (SCALE-1), one warm replica, and a
 * user-assigned identity it always runs as. The identity is the workload identity for data access
 * (grant it roles, e.g. on Redis through Entra ID, SEC-1) and, with a registry, for image pulls
 * with AcrPull granted before the app (SEC-2). The container gets `AZURE_CLIENT_ID`, so
 * `DefaultAzureCredential` signs in as that identity.
 */
export class ContainerService extends Construct implements ITimeoutLayer {
  /** The container app. */
  public readonly app: ContainerApp;
  /** The workload identity: grant it data access (e.g. `redis.grantDataAccess(service.identity)`). */
  public readonly identity: IManagedIdentity;
  /** The user-assigned identity resource behind `identity`. */
  public readonly identityResource: UserAssignedIdentity;
  /** Scale settings with defaults filled in. */
  public readonly scale: ResolvedScale;
  /** Container Apps ingress closes requests at 240 s (EDGE-1). */
  public readonly timeoutLayer: TimeoutLayer;
  /** The declared in-process limits with what clients really get across replicas (SCALE-3). */
  public readonly effectiveLimits: EffectiveLimit[];
  private fqdnToken?: string;

  constructor(scope: Construct, id: string, props: ContainerServiceProps) {
    super(scope, id);
    const targetPort = props.targetPort ?? 8080;
    checkTargetPort(this, 'targetPort', targetPort);
    this.scale = checkScale(this, props, {
      defaultGraceSeconds: SERVICE_GRACE_SECONDS,
      graceFix: `use ${SERVICE_GRACE_SECONDS} s (the default) for a plain API, or longer for slow requests, up to 600 s.`,
      holdsConnections: false,
    });
    const name = checkName(this, 'name', props.name, CONTAINER_APPS_SERVICE.names.app);
    this.timeoutLayer = {
      layer: 'Container Apps ingress request timeout', timeoutSeconds: CONNECTION_CEILING_SECONDS, constructPath: this.node.path,
    };

    ImageReference.check(this, 'image', props.image);
    ReleaseImage.check(this, 'image', props.image);
    checkRegistryImage(this, props.image, props.registry, 'the app');
    this.identityResource = newUserAssignedIdentity(this, 'identity', props.name, props.environment);
    this.identity = ManagedIdentity.fromUserAssigned(this.identityResource);
    const pull = props.registry ? grantAcrPull(this, this.identityResource, props.registry) : undefined;

    const environmentVariables = mergeEnvironmentVariables(
      this, { [AZURE_CLIENT_ID_VARIABLE]: this.identity.clientId! }, props.environmentVariables, () => ({
        lesson: 'SEC-1',
        problem: 'the construct sets it to the client id of the app\'s own identity; another value makes DefaultAzureCredential sign in as a different identity (or fail), and the roles granted to this one stop applying.',
        fix: 'drop it and grant the roles the app needs to the service\'s identity (service.identity.principalId).',
      }), props.notSecrets);
    const secrets = bindAppSecrets(this, this.identityResource, props.secrets, props.secretEnvironmentVariables, environmentVariables);
    const resources = checkResources(this, props.cpu, props.memory);
    checkHealthPath(this, props.healthPath);

    const liveness: ContainerAppTemplateContainerLivenessProbe = { transport: 'TCP', port: targetPort };
    const readiness = props.healthPath ? { transport: 'HTTP', port: targetPort, path: props.healthPath } : liveness;
    checkCallerReach(this, props.environment, props.external ?? true, props.caller);
    this.app = newContainerApp(this, 'app', {
      name,
      environment: props.environment,
      image: props.image,
      ingress: { external: props.external ?? true, targetPort, transport: IngressTransport.AUTO },
      scale: this.scale,
      resources,
      environmentVariables,
      liveness,
      readiness,
      identityId: this.identity.resourceId!,
      ...(pull ? { pull } : {}),
      secrets,
    });
    const external = props.external ?? true;
    PathDeclaration.node(this, {
      kind: PathNodeKind.APP, title: 'Container App, transport auto', name,
      lines: [
        `ingress auto, port ${targetPort}, ${!external ? 'environment only' : props.environment.internal ? 'internal environment: its network only' : 'external'}`,
        `${this.scale.minReplicas} to ${this.scale.maxReplicas} replicas, identity ${composeName('id', props.name)}`,
      ],
      inboundTimeouts: [this.timeoutLayer],
    });
    this.effectiveLimits = checkInProcessLimits(this, props.inProcessLimits, this.scale.maxReplicas);
  }

  /** FQDN of the app's ingress (a reference, made when first asked for). */
  public get fqdn(): string {
    return this.fqdnToken ??= this.app.ingress.fqdn;
  }

  /** `https://<fqdn>`. */
  public get url(): string {
    return `https://${this.fqdn}`;
  }
}

/**
 * Refuse a caller that cannot reach a service of an internal environment: a service that trusts a
 * header the gateway sets (`X-Client-Id`, GW-5) is put there so only the gateway calls it.
 */
function checkCallerReach(scope: Construct, environment: IContainerAppsEnvironment, external: boolean, caller: INetworkCaller | undefined): void {
  if (!caller) return;
  if (!external) {
    refuse(scope, {
      lesson: 'ACCESS', setting: 'external', given: false,
      problem: 'ingress limited to the environment answers only other apps of the same Container Apps environment, so the gateway\'s calls never arrive.',
      fix: 'leave external true and put the app in an internal environment (ContainerAppsEnvironment internal: true): it then answers inside the virtual network only.',
    });
  }
  if (!environment.internal) return;
  const network = caller.outboundVirtualNetworkId;
  if (network !== undefined && environment.virtualNetworkId === undefined) {
    warn(scope, {
      id: 'ACCESS.UnknownEnvironmentNetwork', lesson: 'ACCESS', setting: 'environment.virtualNetworkId', given: undefined,
      problem: 'the internal environment\'s network is not known, so whether the gateway\'s outbound integration reaches it cannot be checked: in another network every call would fail.',
      fix: 'give the environment reference its virtualNetworkId (the network of its subnet).',
    });
    return;
  }
  if (network === undefined || !sameNetwork(scope, network, environment.virtualNetworkId)) {
    refuse(scope, {
      lesson: 'ACCESS', setting: 'caller', given: network === undefined ? 'no VNet integration' : String(resolveIn(scope, network)),
      problem: 'the service answers only inside its environment\'s virtual network, and the gateway sends its outbound calls elsewhere: every call fails.',
      fix: 'give the gateway outboundSubnet: network.subnetFor(SubnetPurpose.API_MANAGEMENT_OUTBOUND) of the same network (Standard v2 or Premium v2).',
    });
  }
}
