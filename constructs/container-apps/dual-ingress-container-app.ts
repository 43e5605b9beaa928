import { Construct } from 'constructs';
import { ContainerApp, ContainerAppTemplateContainerLivenessProbe } from '@cdktf/provider-azurerm/lib/container-app';
import { RoleAssignment } from '@cdktf/provider-azurerm/lib/role-assignment';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';
import { CONNECTION_CEILING_SECONDS } from '../core/lessons';
import { NAME_RULES, checkName, composeName } from '../core/naming';
import { ITimeoutLayer, TimeoutLayer } from '../core/request-path';
import { refuse, requireRange, warn } from '../core/validation';
import {
  GRPC_INGRESS_DEFAULTS, HTTP_INGRESS_DEFAULTS, IngressOptions, ResolvedIngress,
  checkIngressPair, kestrelEndpointEnvironment, resolveIngress,
} from './ingress';

/** A container registry the image is pulled from with the app's managed identity (SEC-2). */
export interface ContainerRegistryRef {
  /** Login server, e.g. `contoso.azurecr.io`. The image must start with it. */
  readonly loginServer: string;
  /** Resource id of the registry: the scope of the AcrPull role assignment. */
  readonly registryId: string;
}

/** Where the apps run: a Container Apps environment and its resource group and region. */
export interface ContainerAppsEnvironmentRef {
  readonly environmentId: string;
  readonly resourceGroupName: string;
  readonly location: string;
}

export interface DualIngressContainerAppProps {
  /** Base name; the apps are `<name>-http` and `<name>-grpc`, the identity `id-<name>`. */
  readonly name: string;
  /** The Container Apps environment (a {@link ContainerAppsEnvironment} fits). */
  readonly environment: ContainerAppsEnvironmentRef;
  /** Image reference, deployed to both apps. */
  readonly image: string;
  /**
   * Registry the image comes from. With it, both apps pull with a user-assigned identity that
   * holds AcrPull on the registry, granted before the apps are created (SEC-2).
   * @default - a public image, pulled anonymously
   */
  readonly registry?: ContainerRegistryRef;
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
  /** Extra environment variables for the container (both apps). @default - none */
  readonly environmentVariables?: Record<string, string>;
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
}

const MAX_GRACE_SECONDS = 600;
const HIGH_CONCURRENCY = 50;

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
  /** Pull identity, when the image comes from a registry. */
  public readonly identity?: UserAssignedIdentity;
  /** FQDN of the HTTP/1.1 app's ingress. */
  public readonly httpFqdn: string;
  /** FQDN of the gRPC app's ingress. */
  public readonly grpcFqdn: string;
  public readonly http: ResolvedIngress;
  public readonly grpc: ResolvedIngress;
  /** Container Apps ingress closes requests at 240 s (EDGE-1). */
  public readonly timeoutLayer: TimeoutLayer;

  constructor(scope: Construct, id: string, props: DualIngressContainerAppProps) {
    super(scope, id);
    this.http = resolveIngress(HTTP_INGRESS_DEFAULTS, props.http);
    this.grpc = resolveIngress(GRPC_INGRESS_DEFAULTS, props.grpc);
    checkIngressPair(this, this.http, this.grpc);
    const scale = this.checkScale(props);
    const httpName = checkName(this, 'name', `${props.name}-http`, NAME_RULES.containerApp);
    const grpcName = checkName(this, 'name', `${props.name}-grpc`, NAME_RULES.containerApp);
    this.timeoutLayer = {
      layer: 'Container Apps ingress request timeout', timeoutSeconds: CONNECTION_CEILING_SECONDS, constructPath: this.node.path,
    };

    let pull: { identityId: string; server: string; grant: RoleAssignment } | undefined;
    const imageHost = props.image.split('/')[0].toLowerCase();
    if (!props.registry && imageHost.endsWith('.azurecr.io')) {
      warn(this, {
        lesson: 'SEC-2', setting: 'registry', given: undefined,
        problem: `the image comes from the Azure Container Registry ${imageHost}, which refuses anonymous pulls unless it allows them, so the revision would not start.`,
        fix: `pass registry: { loginServer: '${imageHost}', registryId: <registry id> } so the apps pull with an identity granted AcrPull.`,
      });
    }
    if (props.registry) {
      const host = props.image.split('/')[0];
      if (host.toLowerCase() !== props.registry.loginServer.toLowerCase()) {
        refuse(this, {
          lesson: 'SEC-2', setting: 'image', given: props.image,
          problem: `the image is not in the registry ${props.registry.loginServer}, so the AcrPull grant would not cover it.`,
          fix: `reference the image as ${props.registry.loginServer}/<repository>:<tag>, or drop 'registry' for a public image.`,
        });
      }
      const identityName = checkName(this, 'name', composeName('id', props.name), NAME_RULES.userAssignedIdentity);
      this.identity = new UserAssignedIdentity(this, 'pull-identity', {
        name: identityName,
        resourceGroupName: props.environment.resourceGroupName,
        location: props.environment.location,
      });
      const grant = new RoleAssignment(this, 'acr-pull', {
        scope: props.registry.registryId,
        roleDefinitionName: 'AcrPull',
        principalId: this.identity.principalId,
        principalType: 'ServicePrincipal',
      });
      pull = { identityId: this.identity.id, server: props.registry.loginServer, grant };
    }

    const environmentVariables = this.environmentVariables(props);
    const resources = this.checkResources(props);
    const common = { props, scale, resources, environmentVariables, pull };
    this.httpApp = this.app('http-app', httpName, this.http, common);
    this.grpcApp = this.app('grpc-app', grpcName, this.grpc, common);
    this.httpFqdn = this.httpApp.ingress.fqdn;
    this.grpcFqdn = this.grpcApp.ingress.fqdn;
  }

  private environmentVariables(props: DualIngressContainerAppProps): Record<string, string> {
    const pinned = (props.pinKestrelProtocols ?? true) ? kestrelEndpointEnvironment(this.http, this.grpc) : {};
    const user = props.environmentVariables ?? {};
    for (const name of Object.keys(user)) {
      if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name)) {
        refuse(this, {
          lesson: 'AZURE', setting: `environmentVariables.${name}`, given: name,
          problem: 'Container Apps accepts environment variable names of letters, digits, underscores, dots and hyphens, not starting with a digit.',
          fix: 'rename the variable.',
        });
      }
      if (name in pinned && user[name] !== pinned[name]) {
        refuse(this, {
          lesson: 'ING-2', setting: `environmentVariables.${name}`, given: user[name],
          problem: `it overrides the Kestrel setting this construct pins (${pinned[name]}), so a port would answer in the wrong protocol.`,
          fix: 'change the ports through http/grpc targetPort, or set pinKestrelProtocols: false and pin the endpoints yourself.',
        });
      }
    }
    return { ...pinned, ...user };
  }

  /** Consumption profile sizes: 0.25-4 vCPU in steps of 0.25, with 2 GiB per vCPU. */
  private checkResources(props: DualIngressContainerAppProps): { cpu: number; memory: string } {
    const cpu = props.cpu ?? 0.5;
    const memory = props.memory ?? `${cpu * 2}Gi`;
    const expected = `${cpu * 2}Gi`;
    if (!(cpu >= 0.25 && cpu <= 4 && Number.isInteger(cpu * 4)) || memory !== expected) {
      refuse(this, {
        lesson: 'AZURE', setting: 'cpu/memory', given: `${cpu} vCPU / ${memory}`,
        problem: 'the Consumption profile offers 0.25 to 4 vCPU in steps of 0.25, each with 2 GiB of memory per vCPU.',
        fix: `use e.g. cpu: 0.5 with memory: '1Gi', or cpu: 1 with memory: '2Gi'${cpu >= 0.25 && cpu <= 4 && Number.isInteger(cpu * 4) ? ` (for ${cpu} vCPU: '${expected}')` : ''}.`,
      });
    }
    if (props.healthPath !== undefined && !props.healthPath.startsWith('/')) {
      refuse(this, {
        lesson: 'AZURE', setting: 'healthPath', given: props.healthPath,
        problem: 'a probe path starts with a slash.', fix: `use "/${props.healthPath}".`,
      });
    }
    return { cpu, memory };
  }

  private checkScale(props: DualIngressContainerAppProps) {
    const minReplicas = props.minReplicas ?? 1;
    const maxReplicas = props.maxReplicas ?? 10;
    const concurrentRequests = props.concurrentRequests ?? 10;
    const terminationGracePeriodSeconds = props.terminationGracePeriodSeconds ?? CONNECTION_CEILING_SECONDS;
    requireRange(this, maxReplicas, {
      min: 1, max: 300, setting: 'maxReplicas', lesson: 'AZURE',
      problem: 'Container Apps allows 1 to 300 replicas.', fix: 'choose a value from 1 to 300.',
    });
    requireRange(this, minReplicas, {
      min: 0, max: maxReplicas, setting: 'minReplicas', lesson: 'SCALE-2',
      problem: `minimum replicas must lie between 0 and maxReplicas (${maxReplicas}).`, fix: 'lower minReplicas or raise maxReplicas.',
    });
    requireRange(this, concurrentRequests, {
      min: 1, max: 10000, setting: 'concurrentRequests', lesson: 'SCALE-1',
      problem: 'the HTTP scale rule needs a positive whole number of concurrent requests.', fix: 'use a low value such as 10.',
    });
    requireRange(this, terminationGracePeriodSeconds, {
      min: 0, max: MAX_GRACE_SECONDS, setting: 'terminationGracePeriodSeconds', lesson: 'SCALE-2',
      problem: `Container Apps allows a termination grace period of 0 to ${MAX_GRACE_SECONDS} s.`,
      fix: `use ${CONNECTION_CEILING_SECONDS} s, the longest a stream lives behind Front Door.`,
    });
    if (minReplicas === 0) {
      warn(this, {
        lesson: 'SCALE-2', setting: 'minReplicas', given: 0,
        problem: 'these apps hold connections; scaling to zero cuts every open stream and the next client waits for a cold start.',
        fix: 'keep at least 1 replica.',
      });
    }
    if (concurrentRequests > HIGH_CONCURRENCY) {
      warn(this, {
        lesson: 'SCALE-1', setting: 'concurrentRequests', given: concurrentRequests,
        problem: 'a held connection counts as one request for its whole life, so replicas fill with idle sockets before the rule reacts.',
        fix: `use ${HIGH_CONCURRENCY} or less (default 10).`,
      });
    }
    return { minReplicas, maxReplicas, concurrentRequests, terminationGracePeriodSeconds };
  }

  private app(
    id: string,
    name: string,
    ingress: ResolvedIngress,
    common: {
      props: DualIngressContainerAppProps;
      scale: ReturnType<DualIngressContainerApp['checkScale']>;
      resources: { cpu: number; memory: string };
      environmentVariables: Record<string, string>;
      pull?: { identityId: string; server: string; grant: RoleAssignment };
    },
  ): ContainerApp {
    const { props, scale, pull } = common;
    // Liveness always checks the app's own port; with a health path, readiness asks it over
    // HTTP/1.1 on the HTTP port (Container Apps probes do not speak cleartext HTTP/2).
    const liveness: ContainerAppTemplateContainerLivenessProbe = { transport: 'TCP', port: ingress.targetPort };
    const readiness = props.healthPath
      ? { transport: 'HTTP', port: this.http.targetPort, path: props.healthPath }
      : liveness;
    return new ContainerApp(this, id, {
      name,
      resourceGroupName: props.environment.resourceGroupName,
      containerAppEnvironmentId: props.environment.environmentId,
      revisionMode: 'Single',
      ...(pull ? {
        identity: { type: 'UserAssigned', identityIds: [pull.identityId] },
        registry: [{ server: pull.server, identity: pull.identityId }],
        dependsOn: [pull.grant],
      } : {}),
      ingress: {
        externalEnabled: ingress.external,
        targetPort: ingress.targetPort,
        transport: ingress.transport,
        allowInsecureConnections: false,
        trafficWeight: [{ latestRevision: true, percentage: 100 }],
      },
      template: {
        minReplicas: scale.minReplicas,
        maxReplicas: scale.maxReplicas,
        terminationGracePeriodSeconds: scale.terminationGracePeriodSeconds,
        httpScaleRule: [{ name: 'concurrent-requests', concurrentRequests: String(scale.concurrentRequests) }],
        container: [{
          name: 'app',
          image: props.image,
          cpu: common.resources.cpu,
          memory: common.resources.memory,
          env: Object.entries(common.environmentVariables).map(([envName, value]) => ({ name: envName, value })),
          livenessProbe: [liveness],
          readinessProbe: [readiness],
        }],
      },
    });
  }
}
