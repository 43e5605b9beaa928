import { Construct } from 'constructs';
import { ApiManagementApi } from '@cdktf/provider-azurerm/lib/api-management-api';
import { ApiManagementApiOperation } from '@cdktf/provider-azurerm/lib/api-management-api-operation';
import { ApiManagementApiPolicy } from '@cdktf/provider-azurerm/lib/api-management-api-policy';
import { checkName } from '../core/naming';
import { refuse, within } from '../core/validation';
import { declareQueueWriter } from '../core/queue-lifetimes';
import { Grant } from '../identity/grant';
import { IDEMPOTENCY_KEY_HEADER } from '../policy/intake';
import { PolicyDocument } from '../policy/policy-document';
import { PolicyStatement } from '../policy/policy-statement';
import { IMessageQueue } from '../resource/message-queue';
import { TemplateParameter, templateParameterBlocks } from './url-template';
import { GatewayApiProps, claimApiPolicy, createGatewayApi, frontDoorGuard, declareApiPath } from './gateway-api';
import { API_MANAGEMENT_SERVICE } from './api-management-service';

/** One command the API takes into the queue. */
export interface IntakeOperation {
  /** Operation id, e.g. `create-charge`. */
  readonly name: string;
  /** Template below the API path, e.g. `/charges`. */
  readonly urlTemplate: string;
  /**
   * The parameters of the URL template (`{id}` in `/orders/{id}`), each declared once: azurerm refuses
   * an operation whose template uses a parameter it does not declare (refused here at synth).
   * @default - none (a template without parameters)
   */
  readonly templateParameters?: TemplateParameter[];
  /** @default - `POST <urlTemplate>` */
  readonly displayName?: string;
}

export interface QueueIntakeApiProps extends GatewayApiProps {
  /**
   * The queue the commands go to: a Storage queue (`storage.addQueue(name)`), or any other `IMessageQueue`. The gateway's
   * identity gets the queue's send grant (a Storage queue: Storage Queue Data Message Sender).
   */
  readonly queue: IMessageQueue;
  /** POST operations that enqueue. */
  readonly operations: IntakeOperation[];
  /**
   * Seconds a command may wait in the queue (a Storage queue's `messagettl`), within the queue's
   * `lifetime`.
   * @default 604800 (7 days)
   */
  readonly messageTtlSeconds?: number;
  /** The header that makes a retried command run once (PAY-1). @default 'Idempotency-Key' */
  readonly idempotencyKeyHeader?: string;
}

/**
 * An API whose POST operations put the request into a queue and answer 202 (LIM-5):
 * the caller is never held while the provider is slow or down, and a paced consumer drains the
 * queue at the provider's budget. Every command needs an `Idempotency-Key` (400 as problem+json
 * without one, PAY-1); the key, the caller's subscription and the body go into the message. The
 * gateway writes with its managed identity (no key), granted before the policy exists, as the
 * queue's `delivery` says.
 * Callers' caps belong on their products (`PartnerProducts`, GW-8).
 */
export class QueueIntakeApi extends Construct {
  public readonly api: ApiManagementApi;
  public readonly apiName: string;
  public readonly operations: ApiManagementApiOperation[];
  public readonly policy: ApiManagementApiPolicy;
  /** The gateway's grant on the queue. */
  public readonly grant: Grant;
  public readonly messageTtlSeconds: number;

  constructor(scope: Construct, id: string, props: QueueIntakeApiProps) {
    super(scope, id);
    const inbound = within(this, 'frontDoorId', () => frontDoorGuard(this, props));
    if (props.operations.length === 0) {
      refuse(this, {
        lesson: 'AZURE', setting: 'operations', given: [],
        problem: 'an API without operations answers 404 to every call.', fix: 'declare each command, e.g. { name: \'create-charge\', urlTemplate: \'/charges\' }.',
      });
    }
    const names = new Set<string>();
    for (const op of props.operations) {
      checkName(this, `operations.${op.name}.name`, op.name, API_MANAGEMENT_SERVICE.names.api);
      if (names.has(op.name) || !op.urlTemplate.startsWith('/')) {
        refuse(this, {
          lesson: 'AZURE', setting: `operations.${op.name}`, given: op.urlTemplate,
          problem: names.has(op.name) ? 'two operations share an operation id.' : 'an operation URL template starts with a slash.',
          fix: 'give every operation its own name and a template such as "/charges".',
        });
      }
      names.add(op.name);
    }
    this.api = createGatewayApi(this, props, { protocols: ['https'], serviceUrl: props.queue.serviceUrl, subscriptionRequired: props.subscriptionRequired ?? true });
    this.apiName = this.api.name;
    this.operations = props.operations.map((op) => new ApiManagementApiOperation(this, `operation-${op.name}`, {
      operationId: op.name,
      apiName: this.api.name,
      apiManagementName: props.gateway.serviceName,
      resourceGroupName: props.gateway.resourceGroupName,
      displayName: op.displayName ?? `POST ${op.urlTemplate}`,
      method: 'POST',
      urlTemplate: op.urlTemplate,
      templateParameter: templateParameterBlocks(this, `operations.${op.name}`, op.urlTemplate, op.templateParameters),
    }));

    props.queue.checkReachableFrom(this, 'queue', {
      who: 'the gateway (which queues the commands)', networkId: props.gateway.outboundVirtualNetworkId,
    });
    this.grant = props.queue.grantSend(props.gateway.identity, `gateway-${id}`);
    declareApiPath(this, props, {
      title: 'commands queued, 202', callerCheck: (props.subscriptionRequired ?? true) ? 'subscription key' : 'none: anonymous',
      backend: props.queue.url, directCaller: 'client', backendProtocol: props.queue.delivery.protocol,
      lines: [`${props.idempotencyKeyHeader ?? IDEMPOTENCY_KEY_HEADER} required (400 without)`],
    });
    const header = props.idempotencyKeyHeader ?? IDEMPOTENCY_KEY_HEADER;
    this.messageTtlSeconds = props.messageTtlSeconds ?? Math.min(604_800, props.queue.lifetime.maxTtlSeconds);
    // A consumer of the queue that rides out an outage needs the messages to live through it (PAY-3).
    declareQueueWriter(this, props.queue, props.queue.queueName, this.messageTtlSeconds, props.queue.lifetime);
    const enqueue = within(this, '', () => [
      PolicyStatement.requireIdempotencyKey(header),
      PolicyStatement.clientIdHeader(),
      ...PolicyStatement.sendToQueue({ delivery: props.queue.delivery, messageTtlSeconds: this.messageTtlSeconds, idempotencyKeyHeader: header }),
    ]);
    claimApiPolicy(this, props.gateway, this.api.name);
    this.policy = new ApiManagementApiPolicy(this, 'policy', {
      apiName: this.api.name,
      apiManagementName: props.gateway.serviceName,
      resourceGroupName: props.gateway.resourceGroupName,
      xmlContent: within(this, 'policy', () => new PolicyDocument({ inbound: [...inbound, ...enqueue] }).toXml()),
      // The first command would meet a 403 from the queue without the grant.
      dependsOn: [this.grant],
    });
  }
}
