import { Construct } from 'constructs';
import { PathDeclaration, PathNodeKind } from '../core/path-declarations';
import { ContainerApp } from '@cdktf/provider-azurerm/lib/container-app';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';
import { checkName } from '../core/naming';
import { NotSecret } from '../core/secret-detection';
import { note, refuse } from '../core/validation';
import { Grant } from '../identity/grant';
import { IManagedIdentity, ManagedIdentity } from '../identity/principal';
import { IMessageQueue } from '../resource/message-queue';
import { AZURE_CLIENT_ID_VARIABLE,
  IContainerAppsEnvironment, IContainerRegistry, checkRegistryImage, checkResources, grantAcrPull, mergeEnvironmentVariables,
  newUserAssignedIdentity, waitForStartGrants,
} from './app-checks';
import { ContainerAppSecret, bindAppSecrets } from './app-secrets';
import { ImageReference, ReleaseImage } from './image-reference';
import { ConsumerPace, OutageTolerance, OutboundBudget, checkOutage, checkPace, outageLifetimeSeconds } from './outbound-budget';
import { declareQueueConsumer } from '../core/queue-lifetimes';
import { CONTAINER_APPS_SERVICE } from './container-apps-service';

export interface PacedQueueConsumerProps {
  /** Name of the container app; the identity is `id-<name>`. */
  readonly name: string;
  readonly environment: IContainerAppsEnvironment;
  /** The consumer's image; pinned and not a public sample in a production stack (RELEASE). */
  readonly image: string;
  /** Registry to pull from with the consumer's identity (SEC-2). @default - anonymous pull */
  readonly registry?: IContainerRegistry;
  /**
   * The queue the consumer drains (messages from `QueueIntakeApi`, `PolicyStatement.sendToQueue`):
   * a Storage queue (`storage.addQueue(name)`), or any other `IMessageQueue`.
   */
  readonly queue: IMessageQueue;
  /**
   * Where a message goes after `outage.maxDequeueCount` attempts.
   * @default - the queue's own poison queue (`queue.poisonQueue`); refused when it has none
   */
  readonly poisonQueue?: IMessageQueue;
  /** The provider's one budget across every caller (LIM-5). */
  readonly budget: OutboundBudget;
  /** Replicas, slots and call interval: their product is checked against the budget. */
  readonly pace: ConsumerPace;
  /** Attempts, visibility timeout and time-to-live: checked against the declared outage (PAY-3). */
  readonly outage: OutageTolerance;
  /** The API the consumer calls the provider through (the gateway adds the key): `PROVIDER_API_URL`. */
  readonly providerApiUrl: string;
  /** The Entra application the consumer asks tokens for to call that API: `PROVIDER_API_AUDIENCE`. */
  readonly providerApiAudience: string;
  /** More environment variables for the app; no credentials (SEC-1). @default - none */
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
  /** @default 0.25 */
  readonly cpu?: number;
  /** @default '0.5Gi' */
  readonly memory?: string;
}

/**
 * The paced consumer of LIM-5: a Container App without ingress that drains one queue at the
 * provider's budget. Its ceiling is infrastructure: a fixed number of replicas (no scale rule,
 * so nothing adds one under a backlog), and the slots and call interval handed to the app; the
 * construct refuses a configuration whose worst case exceeds the budget. The attempts and the
 * visibility timeout are handed to the app too, and refused when a message would be poisoned
 * or expire during the declared outage, by the queue's own limits (`IMessageQueue.lifetime`). It
 * runs as its own identity: the queue's process grant on the queue (a Storage queue: Storage Queue
 * Data Message Processor), its send grant on the poison queue, no keys.
 *
 * The app's contract (environment variables): `QUEUE_ENDPOINT`, `QUEUE_NAME`,
 * `POISON_QUEUE_NAME`, `QUEUE_VISIBILITY_TIMEOUT_SECONDS`, `QUEUE_MAX_DEQUEUE_COUNT`,
 * `OUTBOUND_MAX_CONCURRENCY`, `OUTBOUND_MIN_CALL_INTERVAL_MS`, `PROVIDER_API_URL`,
 * `PROVIDER_API_AUDIENCE`, `AZURE_CLIENT_ID`.
 */
export class PacedQueueConsumer extends Construct {
  public readonly app: ContainerApp;
  public readonly identity: IManagedIdentity;
  public readonly identityResource: UserAssignedIdentity;
  /** The consumer's worst case per budget period (at most the budget). */
  public readonly worstCaseCallsPerPeriod: number;
  /** Seconds a message keeps being retried before it is poisoned. */
  public readonly retryWindowSeconds: number;
  public readonly grants: Grant[];

  constructor(scope: Construct, id: string, props: PacedQueueConsumerProps) {
    super(scope, id);
    const name = checkName(this, 'name', props.name, CONTAINER_APPS_SERVICE.names.app);
    const poisonQueue = props.poisonQueue ?? props.queue.poisonQueue;
    if (poisonQueue === undefined) {
      refuse(this, {
        lesson: 'PAY-3', setting: 'poisonQueue', given: undefined,
        problem: 'the queue has no poison queue and none is given: a message that fails every attempt has nowhere to go, and the consumer retries it until it expires.',
        fix: 'give poisonQueue, or a queue with its own (storage.addQueue(name, { poisonQueue: true })).',
      });
    }
    if (poisonQueue === props.queue) {
      refuse(this, {
        lesson: 'PAY-3', setting: 'poisonQueue', given: props.queue.queueName,
        problem: 'the poison queue is the queue the consumer drains: poisoned messages would come straight back, forever.',
        fix: 'give the queue\'s own poison queue (storage.addQueue(name, { poisonQueue: true }).poisonQueue).',
      });
    }
    props.queue.checkReachableFrom(this, 'queue', { who: 'the consumer', networkId: props.environment.virtualNetworkId });
    this.worstCaseCallsPerPeriod = checkPace(this, props.budget, props.pace);
    this.retryWindowSeconds = checkOutage(this, props.outage, props.queue.lifetime);
    // The messages' real lifetime is what their writers give them (a QueueIntakeApi's messageTtlSeconds), not only what outage says.
    const needed = outageLifetimeSeconds(props.outage);
    declareQueueConsumer(this, props.queue, props.queue.queueName, needed,
      `${needed} s (the outage, ${Math.max(props.outage.declaredOutageMinutes * 60, props.outage.breakerTripSeconds ?? 0)} s, and its retries, (${props.outage.maxDequeueCount} - 1) x ${props.outage.visibilityTimeoutSeconds} s)`, props.queue.lifetime);
    ImageReference.check(this, 'image', props.image);
    ReleaseImage.check(this, 'image', props.image);
    checkRegistryImage(this, props.image, props.registry, 'the consumer');
    const resources = checkResources(this, props.cpu ?? 0.25, props.memory ?? '0.5Gi');

    this.identityResource = newUserAssignedIdentity(this, 'identity', props.name, props.environment);
    this.identity = ManagedIdentity.fromUserAssigned(this.identityResource);
    const pull = props.registry ? grantAcrPull(this, this.identityResource, props.registry) : undefined;
    const processes = props.queue.grantProcess(this.identity, id);
    const poisons = poisonQueue.grantSend(this.identity, id);
    // Moving a message to a dead-letter queue may take the role the consumer holds on the queue
    // already (Service Bus: Data Receiver on the queue), and then it is the same grant: listed once.
    this.grants = [processes, ...(poisons === processes ? [] : [poisons]), ...(pull ? [pull.grant] : [])];
    const reserved: Record<string, string> = {
      [AZURE_CLIENT_ID_VARIABLE]: this.identityResource.clientId,
      QUEUE_ENDPOINT: props.queue.serviceUrl,
      QUEUE_NAME: props.queue.queueName,
      POISON_QUEUE_NAME: poisonQueue.queueName,
      QUEUE_VISIBILITY_TIMEOUT_SECONDS: String(props.outage.visibilityTimeoutSeconds),
      QUEUE_MAX_DEQUEUE_COUNT: String(props.outage.maxDequeueCount),
      OUTBOUND_MAX_CONCURRENCY: String(props.pace.concurrencyPerReplica),
      OUTBOUND_MIN_CALL_INTERVAL_MS: String(props.pace.minCallMilliseconds),
      PROVIDER_API_URL: props.providerApiUrl,
      PROVIDER_API_AUDIENCE: props.providerApiAudience,
    };
    const environmentVariables = mergeEnvironmentVariables(this, reserved, props.environmentVariables, () => ({
      lesson: 'LIM-5',
      problem: 'the construct sets it from the checked budget, queue and identity; another value takes the consumer past what was checked.',
      fix: 'change the construct\'s props (pace, outage, queue) instead.',
    }), props.notSecrets);
    const secrets = bindAppSecrets(this, this.identityResource, props.secrets, props.secretEnvironmentVariables, environmentVariables);
    this.grants.push(...secrets.grants);

    this.app = new ContainerApp(this, 'app', {
      name,
      resourceGroupName: props.environment.resourceGroupName,
      containerAppEnvironmentId: props.environment.environmentId,
      revisionMode: 'Single',
      ...(props.environment.workloadProfileName ? { workloadProfileName: props.environment.workloadProfileName } : {}),
      identity: { type: 'UserAssigned', identityIds: [this.identityResource.id] },
      ...(pull ? { registry: [{ server: pull.server, identity: pull.identityId }] } : {}),
      ...(secrets.secrets.length > 0 ? { secret: secrets.secrets } : {}),
      // No ingress: nothing calls the consumer; it pulls.
      template: {
        // Fixed: a scale rule would add replicas under a backlog, exactly when the budget is tight.
        minReplicas: props.pace.replicas,
        maxReplicas: props.pace.replicas,
        // Long enough to finish the call in flight; the message reappears after the visibility timeout anyway.
        terminationGracePeriodSeconds: 60,
        container: [{
          name: 'consumer',
          image: props.image,
          cpu: resources.cpu,
          memory: resources.memory,
          env: [...Object.entries(environmentVariables).map(([envName, value]) => ({ name: envName, value })), ...secrets.environment],
        }],
      },
      // Its roles first: a consumer without them fails every poll until they propagate.
      dependsOn: this.grants,
    });
    PathDeclaration.node(this, {
      kind: PathNodeKind.APP, title: 'Container App, no ingress: paced consumer', name,
      lines: [
        `${props.pace.replicas} replica(s), ${props.pace.concurrencyPerReplica} call(s) in flight each, at least ${props.pace.minCallMilliseconds} ms a call`,
        `at most ${Math.floor(this.worstCaseCallsPerPeriod)} calls per ${props.budget.periodSeconds ?? 60} s; budget ${props.budget.calls} (LIM-5)`,
      ],
    });
    PathDeclaration.hop(this, { from: this.node.path, to: props.providerApiUrl, protocol: 'HTTPS', lines: ['Entra ID token of its identity'] });
    // The grants checked when the revision is created: the pull and the Key Vault references (SEC-2).
    waitForStartGrants(this, [...(pull ? [pull.grant] : []), ...secrets.grants], this.app);
    note(this, {
      id: 'LIM-5.ConsumerPace', lesson: 'LIM-5',
      text: `the consumer makes at most ${Math.floor(this.worstCaseCallsPerPeriod)} calls per ${props.budget.periodSeconds ?? 60} s`
      + ` against a budget of ${props.budget.calls}; a failed message is retried for ${this.retryWindowSeconds} s`
      + ` (declared outage ${props.outage.declaredOutageMinutes} min).`,
    });
  }
}
