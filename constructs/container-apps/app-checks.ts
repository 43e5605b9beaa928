import { ITerraformDependable, Token } from 'cdktf';
import { Construct, IConstruct } from 'constructs';
import {
  ContainerApp, ContainerAppTemplateContainerLivenessProbe, ContainerAppTemplateContainerReadinessProbe,
} from '@cdktf/provider-azurerm/lib/container-app';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';
import { NAME_RULES, checkName, composeName } from '../core/naming';
import { NotSecret, SecretDetector, SettingsHost } from '../core/secret-detection';
import { LessonFinding, refuse, requireRange, warn } from '../core/validation';
import { Sleep } from '@cdktf/provider-time/lib/sleep';
import { waitFor } from '../core/dependencies';
import { Grant } from '../identity/grant';
import { IPrincipal } from '../identity/principal';
import { RolePropagation } from '../identity/propagation';
import { BuiltInRole } from '../identity/roles';
import type { BoundAppSecrets } from './app-secrets';
import type { IngressTransport } from './ingress';
import type { IPlatformNetwork } from '../network/platform-network';
import type { PrivateEndpoint } from '../network/private-endpoint';

// The checks and building blocks every Container App construct of this library shares
// (DualIngressContainerApp, ContainerService). Each function refuses or warns on the scope it
// is given, so the messages name the construct the user created.

/** A container registry the image is pulled from with the app's managed identity (SEC-2). */
/** The variable `DefaultAzureCredential` reads to pick a user-assigned identity: every app construct sets it to its own identity's client id. */
export const AZURE_CLIENT_ID_VARIABLE = 'AZURE_CLIENT_ID';

export interface IContainerRegistry extends IConstruct {
  /** Login server, e.g. `contoso.azurecr.io`. The image must start with it. */
  readonly loginServer: string;
  /** Resource id of the registry: the scope of the AcrPull role assignment. */
  readonly registryId: string;
  /**
   * Grant `principal` AcrPull on the registry (SEC-2): a role assignment under this reference,
   * construct id `id` (default: the principal's grant key).
   */
  grantPull(principal: IPrincipal, id?: string): Grant;
  /**
   * A private endpoint for the registry (`registry` sub-resource, `privatelink.azurecr.io`) in
   * `network`, so the environments there pull through it: for a Premium registry only (refused
   * otherwise). The registry's own public access stays as its owner set it. When it is off, make
   * the apps wait for the endpoint (`endpoint.applyBefore(app)`), or their first revision fails
   * to pull.
   */
  addPrivateEndpoint(network: IPlatformNetwork): PrivateEndpoint;
}

/** Where the apps run: a Container Apps environment and its resource group and region. */
export interface IContainerAppsEnvironment {
  readonly environmentId: string;
  readonly resourceGroupName: string;
  readonly location: string;
  /**
   * The workload profile apps run on, in a workload-profiles environment (set on every app, or
   * Terraform plans a change each time Azure reports it back).
   * @default - a consumption-only environment: no profile
   */
  readonly workloadProfileName?: string;
  /** Replicas are spread over availability zones. @default false */
  readonly zoneRedundant?: boolean;
  /**
   * The environment has only a private address (internal load balancer): apps with external
   * ingress are reachable from its virtual network, not from the internet.
   * @default false
   */
  readonly internal?: boolean;
  /** The virtual network of a VNet-integrated environment. @default - none */
  readonly virtualNetworkId?: string;
}

/** Scale settings as a construct's props carry them. */
export interface ScaleProps {
  readonly minReplicas?: number;
  readonly maxReplicas?: number;
  readonly concurrentRequests?: number;
  readonly terminationGracePeriodSeconds?: number;
}

/** Scale settings with every default filled in. */
export interface ResolvedScale {
  readonly minReplicas: number;
  readonly maxReplicas: number;
  readonly concurrentRequests: number;
  readonly terminationGracePeriodSeconds: number;
}

/** What differs between constructs in the scale checks. */
export interface ScalePolicy {
  /** Termination grace period when the props give none. */
  readonly defaultGraceSeconds: number;
  /** Fix text of the refusal of a grace period outside 0-600 s. */
  readonly graceFix: string;
  /**
   * The app holds connections (streams, WebSockets): warn on scale to zero (SCALE-2) and on a
   * high concurrency threshold (SCALE-1). Plain request/response APIs do neither.
   */
  readonly holdsConnections: boolean;
}

/** Azure's limit on the replicas of a Container App. */
export const MAX_REPLICAS = 300;
/** Azure's limit on the termination grace period of a Container App. */
export const MAX_GRACE_SECONDS = 600;
/** Above this concurrency threshold a connection-holding app warns (SCALE-1). */
export const HIGH_CONCURRENCY = 50;

/** Resolve the scale settings and refuse values Container Apps rejects (SCALE-1, SCALE-2). */
export function checkScale(scope: IConstruct, props: ScaleProps, policy: ScalePolicy): ResolvedScale {
  const minReplicas = props.minReplicas ?? 1;
  const maxReplicas = props.maxReplicas ?? 10;
  const concurrentRequests = props.concurrentRequests ?? 10;
  const terminationGracePeriodSeconds = props.terminationGracePeriodSeconds ?? policy.defaultGraceSeconds;
  requireRange(scope, maxReplicas, {
    min: 1, max: MAX_REPLICAS, setting: 'maxReplicas', lesson: 'AZURE',
    problem: 'Container Apps allows 1 to 300 replicas.', fix: 'choose a value from 1 to 300.',
  });
  // A Terraform value for maxReplicas is checked by Azure at apply; minReplicas then only has Azure's own bounds.
  const maxKnown = !Token.isUnresolved(maxReplicas);
  requireRange(scope, minReplicas, {
    min: 0, max: maxKnown ? maxReplicas : MAX_REPLICAS, setting: 'minReplicas', lesson: 'SCALE-2',
    problem: maxKnown ? `minimum replicas must lie between 0 and maxReplicas (${maxReplicas}).` : `minimum replicas must lie between 0 and ${MAX_REPLICAS}.`,
    fix: 'lower minReplicas or raise maxReplicas.',
  });
  requireRange(scope, concurrentRequests, {
    min: 1, max: 10000, setting: 'concurrentRequests', lesson: 'SCALE-1',
    problem: 'the HTTP scale rule needs a positive whole number of concurrent requests.', fix: 'use a low value such as 10.',
  });
  requireRange(scope, terminationGracePeriodSeconds, {
    min: 0, max: MAX_GRACE_SECONDS, setting: 'terminationGracePeriodSeconds', lesson: 'SCALE-2',
    problem: `Container Apps allows a termination grace period of 0 to ${MAX_GRACE_SECONDS} s.`,
    fix: policy.graceFix,
  });
  if (policy.holdsConnections && minReplicas === 0) {
    warn(scope, {
      id: 'SCALE-2.ConnectionsScaleToZero', lesson: 'SCALE-2', setting: 'minReplicas', given: 0,
      problem: 'these apps hold connections; scaling to zero cuts every open stream and the next client waits for a cold start.',
      fix: 'keep at least 1 replica.',
    });
  }
  if (policy.holdsConnections && concurrentRequests > HIGH_CONCURRENCY) {
    warn(scope, {
      id: 'SCALE-1.ConnectionHoldingScaleRule', ruleSettings: ['template.http_scale_rule.concurrent_requests'], lesson: 'SCALE-1', setting: 'concurrentRequests', given: concurrentRequests,
      problem: 'a held connection counts as one request for its whole life, so replicas fill with idle sockets before the rule reacts.',
      fix: `use ${HIGH_CONCURRENCY} or less (default 10).`,
    });
  }
  return { minReplicas, maxReplicas, concurrentRequests, terminationGracePeriodSeconds };
}

// In its own file: ingress.ts checks ports too, and app-checks.ts reads ingress.ts's types.
export { checkTargetPort } from './target-port';

/**
 * Resolve cpu and memory and refuse sizes the Consumption profile lacks: 0.25-4 vCPU in steps
 * of 0.25, with 2 GiB per vCPU.
 */
export function checkResources(scope: IConstruct, cpuGiven: number | undefined, memoryGiven: string | undefined): { cpu: number; memory: string } {
  const cpu = cpuGiven ?? 0.5;
  const memory = memoryGiven ?? `${cpu * 2}Gi`;
  const expected = `${cpu * 2}Gi`;
  if (!(cpu >= 0.25 && cpu <= 4 && Number.isInteger(cpu * 4)) || memory !== expected) {
    refuse(scope, {
      lesson: 'AZURE', setting: 'cpu/memory', given: `${cpu} vCPU / ${memory}`,
      problem: 'the Consumption profile offers 0.25 to 4 vCPU in steps of 0.25, each with 2 GiB of memory per vCPU.',
      fix: `use e.g. cpu: 0.5 with memory: '1Gi', or cpu: 1 with memory: '2Gi'${cpu >= 0.25 && cpu <= 4 && Number.isInteger(cpu * 4) ? ` (for ${cpu} vCPU: '${expected}')` : ''}.`,
    });
  }
  return { cpu, memory };
}

/** Refuse a probe path without its leading slash. */
export function checkHealthPath(scope: IConstruct, healthPath: string | undefined): void {
  if (healthPath !== undefined && !healthPath.startsWith('/')) {
    refuse(scope, {
      lesson: 'AZURE', setting: 'healthPath', given: healthPath,
      problem: 'a probe path starts with a slash.', fix: `use "/${healthPath}".`,
    });
  }
}

/**
 * Merge the user's environment variables after the ones the construct sets itself, refusing
 * names Container Apps rejects and any variable that changes a construct-set value
 * (`overrides` says why that breaks and what to do instead), and any value that looks like a
 * credential unless `notSecrets` declares it none (SEC-1, `SecretDetector`).
 */
export function mergeEnvironmentVariables(
  scope: IConstruct,
  reserved: Record<string, string>,
  user: Record<string, string> | undefined,
  overrides: (name: string, reservedValue: string) => Pick<LessonFinding, 'lesson' | 'problem' | 'fix'>,
  notSecrets?: NotSecret[],
): Record<string, string> {
  const given = user ?? {};
  // .NET configuration (Kestrel, DefaultAzureCredential) reads names case-insensitively, so
  // `kestrel__endpoints__http__url` overrides `Kestrel__Endpoints__Http__Url` as surely as the exact name.
  const reservedByKey = new Map(Object.keys(reserved).map((name) => [name.toLowerCase(), name]));
  const seen = new Map<string, string>();
  for (const name of Object.keys(given)) {
    if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name)) {
      refuse(scope, {
        lesson: 'AZURE', setting: `environmentVariables.${name}`, given: name,
        problem: 'Container Apps accepts environment variable names of letters, digits, underscores, dots and hyphens, not starting with a digit.',
        fix: 'rename the variable.',
      });
    }
    const key = name.toLowerCase();
    const twin = seen.get(key);
    if (twin !== undefined) {
      refuse(scope, {
        lesson: 'AZURE', setting: `environmentVariables.${name}`, given: name,
        problem: `${twin} is set as well, and .NET reads configuration names case-insensitively, so one of the two silently wins.`,
        fix: 'set the variable once.',
      });
    }
    seen.set(key, name);
    const reservedName = reservedByKey.get(key);
    if (reservedName !== undefined && (name !== reservedName || given[name] !== reserved[reservedName])) {
      refuse(scope, { ...overrides(reservedName, reserved[reservedName]), setting: `environmentVariables.${name}`,
        given: SecretDetector.maskIfCredential(given[name], SettingsHost.CONTAINER_APPS, name) });
    }
  }
  SecretDetector.check(scope, 'environmentVariables', SettingsHost.CONTAINER_APPS, given, notSecrets);
  // Not a spread: on Node 20 a spread that adds the user's keys makes a new hidden class for every
  // app; Object.assign onto {} shares one (up to 19 variables; V8 keeps a larger object as a hash table).
  // But Object.assign would set the copy's prototype from a variable named __proto__ (an own key,
  // as JSON.parse or another language's dictionary gives it) and lose it: the spread keeps it as a name.
  return Object.prototype.hasOwnProperty.call(given, '__proto__') ? { ...reserved, ...given } : Object.assign({}, reserved, given);
}

/**
 * Check the image against its registry (SEC-2): an Azure Container Registry image without a
 * registry warns (anonymous pulls are off by default), an image outside the given registry is
 * refused (the AcrPull grant would not cover it). `pullers` names who pulls, e.g. `the apps`.
 */
export function checkRegistryImage(scope: IConstruct, image: string, registry: IContainerRegistry | undefined, pullers: string): void {
  const imageHost = image.split('/')[0].toLowerCase();
  if (!registry && imageHost.endsWith('.azurecr.io')) {
    warn(scope, {
      id: 'SEC-2.AnonymousAcrPull', lesson: 'SEC-2', setting: 'registry', given: undefined,
      problem: `the image comes from the Azure Container Registry ${imageHost}, which refuses anonymous pulls unless it allows them, so the revision would not start.`,
      fix: `pass registry: ContainerRegistry.fromExisting(this, 'registry', { loginServer: '${imageHost}', registryId: <registry id> }) so ${pullers} pull with an identity granted AcrPull.`,
    });
  }
  if (registry) {
    const host = image.split('/')[0];
    if (host.toLowerCase() !== registry.loginServer.toLowerCase()) {
      refuse(scope, {
        lesson: 'SEC-2', setting: 'image', given: image,
        problem: `the image is not in the registry ${registry.loginServer}, so the AcrPull grant would not cover it.`,
        fix: `reference the image as ${registry.loginServer}/<repository>:<tag>, or drop 'registry' for a public image.`,
      });
    }
  }
}

/** A user-assigned identity named `id-<name>`, in the environment's resource group and region. */
export function newUserAssignedIdentity(
  scope: IConstruct, id: string, name: string, environment: IContainerAppsEnvironment,
): UserAssignedIdentity {
  const identityName = checkName(scope, 'name', composeName('id', name), NAME_RULES.userAssignedIdentity);
  return new UserAssignedIdentity(scope, id, {
    name: identityName,
    resourceGroupName: environment.resourceGroupName,
    location: environment.location,
  });
}

/** An image pull with a user-assigned identity: the registry, the identity and its AcrPull grant (SEC-2). */
export interface RegistryPull {
  readonly server: string;
  readonly identityId: string;
  /** The AcrPull grant; the app waits for it, so the grant exists first. */
  readonly grant: Grant;
}

/** Grant the identity AcrPull on the registry (construct id `acr-pull` under `scope`), for the app to wait for (SEC-2). */
export function grantAcrPull(scope: IConstruct, identity: UserAssignedIdentity, registry: IContainerRegistry): RegistryPull {
  // Under the app (construct id `acr-pull`), not under the registry reference: the app owns its pull.
  const grant = Grant.role(scope as Construct, 'acr-pull', { principal: identity, role: BuiltInRole.ACR_PULL, resourceId: registry.registryId });
  return { server: registry.loginServer, identityId: identity.id, grant };
}

/** Construct id of the wait between an app's start grants and the app (one per app construct). */
export const START_GRANTS_WAIT = 'grant-propagation';

/**
 * Make `app` wait, in its first apply, until its start grants (AcrPull, Key Vault Secrets User on
 * each referenced secret) have reached the registry and the vault: Container Apps pulls the image
 * and resolves the Key Vault references when the revision is created, with no retry of the grant
 * check (microsoft/azure-container-apps#646 for the pull, #1174 for the references), and azurerm
 * creates the app once, so a wait is the only fix (RolePropagation, point 3). One `time_sleep`
 * per app construct (construct id `grant-propagation`), shared by its apps.
 */
export function waitForStartGrants(scope: Construct, grants: Grant[], app: ContainerApp): void {
  if (grants.length === 0) return;
  const existing = scope.node.tryFindChild(START_GRANTS_WAIT);
  if (existing instanceof Sleep) {
    RolePropagation.startAfter(existing, grants);
    waitFor(existing, app);
    return;
  }
  RolePropagation.wait(scope, START_GRANTS_WAIT, { after: grants, dependents: [app], duration: RolePropagation.AZURE_RBAC_WAIT });
}

/** Everything one Container App needs, resolved and checked. */
export interface ContainerAppSpec {
  readonly name: string;
  readonly environment: IContainerAppsEnvironment;
  readonly image: string;
  readonly ingress: { readonly external: boolean; readonly targetPort: number; readonly transport: IngressTransport };
  readonly scale: ResolvedScale;
  readonly resources: { readonly cpu: number; readonly memory: string };
  readonly environmentVariables: Record<string, string>;
  readonly liveness: ContainerAppTemplateContainerLivenessProbe;
  readonly readiness: ContainerAppTemplateContainerReadinessProbe;
  /** User-assigned identity the app runs as. @default - the pull identity, if any */
  readonly identityId?: string;
  /** Identity-based image pull (SEC-2). @default - anonymous pull */
  readonly pull?: RegistryPull;
  /** Key Vault secrets read with `identityId`, the variables that take them, and their grants (SEC-1). @default - none */
  readonly secrets?: BoundAppSecrets;
}

/**
 * Refuse Key Vault secrets for an app without an identity to read them with: azurerm refuses a
 * `secret` with `key_vault_secret_id` and no `identity` at plan (SEC-1).
 */
export function checkSecretIdentity(scope: IConstruct, secrets: BoundAppSecrets | undefined, identityId: string | undefined): void {
  if (!secrets || secrets.secrets.length === 0 || identityId) return;
  refuse(scope, {
    lesson: 'SEC-1', setting: 'secrets', given: secrets.secrets.map((s) => s.name),
    problem: 'a Key Vault secret is read with an identity of the app, granted Key Vault Secrets User on the secret, and this app has none: azurerm refuses the secret at plan.',
    fix: 'give the app a user-assigned identity (identityId) and grant it the secret.',
  });
}

/**
 * A single-revision Container App with HTTPS-only ingress, an HTTP scale rule (SCALE-1) and one
 * container. With `pull`, the app pulls with that identity and depends on its grant (SEC-2).
 */
export function newContainerApp(scope: IConstruct, id: string, spec: ContainerAppSpec): ContainerApp {
  const identityId = spec.identityId ?? spec.pull?.identityId;
  checkSecretIdentity(scope, spec.secrets, identityId);
  if (spec.environment.zoneRedundant && typeof spec.scale.minReplicas === 'number' && !Token.isUnresolved(spec.scale.minReplicas) && spec.scale.minReplicas < 3) {
    warn(scope, {
      id: 'AZURE.ZoneRedundantReplicas', lesson: 'AZURE', setting: 'minReplicas', given: spec.scale.minReplicas,
      problem: 'the environment spreads replicas over three availability zones; with fewer than three, a zone outage leaves one replica or none to carry the load until new ones start.',
      fix: 'give minReplicas 3 or more in a zone-redundant environment.',
    });
  }
  // The pull grant, then each secret's read grant (SEC-2): the first revision pulls and reads at once.
  const waits: ITerraformDependable[] = [...(spec.pull ? [spec.pull.grant] : []), ...(spec.secrets?.grants ?? [])];
  const dependsOn: ITerraformDependable[] | undefined = waits.length > 0 ? waits : undefined;
  const secretBlocks = spec.secrets && spec.secrets.secrets.length > 0 ? spec.secrets.secrets : undefined;
  const app = new ContainerApp(scope as Construct, id, {
    name: spec.name,
    resourceGroupName: spec.environment.resourceGroupName,
    containerAppEnvironmentId: spec.environment.environmentId,
    revisionMode: 'Single',
    ...(spec.environment.workloadProfileName ? { workloadProfileName: spec.environment.workloadProfileName } : {}),
    ...(identityId ? { identity: { type: 'UserAssigned', identityIds: [identityId] } } : {}),
    ...(spec.pull ? { registry: [{ server: spec.pull.server, identity: spec.pull.identityId }] } : {}),
    ...(dependsOn ? { dependsOn } : {}),
    ...(secretBlocks ? { secret: secretBlocks } : {}),
    ingress: {
      externalEnabled: spec.ingress.external,
      targetPort: spec.ingress.targetPort,
      transport: spec.ingress.transport,
      allowInsecureConnections: false,
      trafficWeight: [{ latestRevision: true, percentage: 100 }],
    },
    template: {
      minReplicas: spec.scale.minReplicas,
      maxReplicas: spec.scale.maxReplicas,
      terminationGracePeriodSeconds: spec.scale.terminationGracePeriodSeconds,
      httpScaleRule: [{ name: 'concurrent-requests', concurrentRequests: String(spec.scale.concurrentRequests) }],
      container: [{
        name: 'app',
        image: spec.image,
        cpu: spec.resources.cpu,
        memory: spec.resources.memory,
        env: [
          ...Object.entries(spec.environmentVariables).map(([envName, value]) => ({ name: envName, value })),
          ...(spec.secrets?.environment ?? []),
        ],
        livenessProbe: [spec.liveness],
        readinessProbe: [spec.readiness],
      }],
    },
  });
  waitForStartGrants(scope as Construct, [...(spec.pull ? [spec.pull.grant] : []), ...(spec.secrets?.grants ?? [])], app);
  return app;
}
