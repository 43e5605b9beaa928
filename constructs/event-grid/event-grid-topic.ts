import { TerraformStack } from 'cdktf';
import { PathDeclaration, PathNodeKind } from '../core/path-declarations';
import { Construct, IConstruct } from 'constructs';
import { EventgridSystemTopic } from '@cdktf/provider-azurerm/lib/eventgrid-system-topic';
import { DataAzurermEventgridTopic } from '@cdktf/provider-azurerm/lib/data-azurerm-eventgrid-topic';
import { EventgridTopic } from '@cdktf/provider-azurerm/lib/eventgrid-topic';
import { claim, resolveIn } from '../core/claims';
import { PublicNetworkAccess } from '../core/network';
import { checkName } from '../core/naming';
import { refuse } from '../core/validation';
import { Grant } from '../identity/grant';
import { IManagedIdentity, IPrincipal, ManagedIdentity } from '../identity/principal';
import { IPlatformNetwork } from '../network/platform-network';
import { PrivateEndpoint } from '../network/private-endpoint';
import { PublicAccessDefault, resolvePublicAccess } from '../network/public-access';
import { AzureResource } from '../resource/azure-resource';
import { idOrLookup, openResource } from '../resource/resource-checks';
import { EVENT_GRID_SERVICE } from './event-grid-service';
import { AzureRegion } from '../core/azure-region';

/** Which resource subscriptions hang under. */
export enum EventGridTopicKind {
  /** A custom topic the application publishes to (`azurerm_eventgrid_topic`). */
  CUSTOM = 'custom',
  /** The system topic of an Azure resource (`azurerm_eventgrid_system_topic`). */
  SYSTEM = 'system',
}

/** A topic subscriptions deliver from: a custom topic or a system topic. */
export interface IEventGridTopic extends IConstruct {
  readonly kind: EventGridTopicKind;
  /** Resource id: a custom topic's subscriptions use it as their scope. */
  readonly topicId: string;
  /** Topic name (a system topic's subscriptions name it). */
  readonly topicName: string;
  readonly resourceGroupName: string;
  /** The topic's system-assigned identity: it dead-letters and delivers to queues (granted first). */
  readonly identity: IManagedIdentity;
}

/** What `EventGridTopic` and a reference to an existing custom topic share: publishing grants and private endpoints. */
export abstract class EventGridTopicBase extends AzureResource implements IEventGridTopic {
  public readonly kind = EventGridTopicKind.CUSTOM;
  public abstract readonly topicId: string;
  public abstract readonly topicName: string;
  public abstract readonly resourceGroupName: string;
  public abstract readonly identity: IManagedIdentity;

  public get resourceId(): string {
    return this.topicId;
  }

  public get resourceName(): string {
    return this.topicName;
  }

  /**
   * A private endpoint for the topic (`topic` sub-resource, `privatelink.eventgrid.azure.net`) in
   * `network`: publishers in the network keep the topic's endpoint URL. Deliveries leave Event
   * Grid as before; the endpoint only carries publishing.
   */
  public abstract addPrivateEndpoint(network: IPlatformNetwork): PrivateEndpoint;

  /** EventGrid Data Sender on this topic: publish events with Entra ID. */
  public grantPublish(principal: IPrincipal, id?: string): Grant {
    return this.grantRole('publish', EVENT_GRID_SERVICE.roles.dataSender, principal, id);
  }
}

/** What `EventGridTopic.fromExisting` needs to know about a custom topic another team owns. */
export interface EventGridTopicAttributes {
  readonly name: string;
  readonly resourceGroupName: string;
  /** @default - looked up at plan with the `azurerm_eventgrid_topic` data source */
  readonly topicId?: string;
  /**
   * Object id of the topic's system-assigned identity, which dead-letters and delivers to queues
   * (subscriptions grant it access).
   * @default - not known: a subscription that dead-letters or delivers to a queue is refused
   */
  readonly principalId?: string;
}

class ImportedEventGridTopic extends EventGridTopicBase {
  public readonly topicId: string;
  public readonly topicName: string;
  public readonly resourceGroupName: string;
  private readonly principalId?: string;

  constructor(scope: Construct, id: string, attributes: EventGridTopicAttributes) {
    super(scope, id);
    checkName(this, 'name', attributes.name, EVENT_GRID_SERVICE.names.resource);
    this.topicName = attributes.name;
    this.resourceGroupName = attributes.resourceGroupName;
    this.principalId = attributes.principalId;
    this.topicId = idOrLookup(attributes.topicId,
      () => new DataAzurermEventgridTopic(this, 'lookup', { name: attributes.name, resourceGroupName: attributes.resourceGroupName }));
    // The owner keeps its public endpoint (or not): nothing here can turn it off.
    this.declarePrivateLink({ name: attributes.name, resourceType: EVENT_GRID_SERVICE.resourceType, dnsZones: EVENT_GRID_SERVICE.privateLink, publicNetworkAccess: PublicNetworkAccess.ENABLED });
  }

  public addPrivateEndpoint(network: IPlatformNetwork): PrivateEndpoint {
    return this.addPrivateEndpointFor(network, 'topic');
  }

  public get identity(): IManagedIdentity {
    if (this.principalId === undefined) {
      refuse(this, {
        lesson: 'SEC-2', setting: 'principalId', given: undefined,
        problem: 'a subscription grants the topic\'s system-assigned identity access to its dead-letter container or queue, and this reference does not know it.',
        fix: 'pass principalId (az eventgrid topic show --name <topic> --resource-group <group> --query identity.principalId).',
      });
    }
    return ManagedIdentity.systemAssigned(this.principalId, `${this.node.id}-topic`);
  }
}

export interface EventGridTopicProps {
  /** Topic name: 3-50 letters, digits and hyphens. */
  readonly name: string;
  readonly resourceGroupName: string;
  readonly location: string;
  /**
   * The topic's public endpoint (publishers sign in with Entra ID either way). Enabled in
   * production is a warning (SEC-1).
   * @default PublicNetworkAccess.ENABLED: publishers without a VNet reach it there
   */
  readonly publicNetworkAccess?: PublicNetworkAccess;
  /**
   * A private endpoint this construct does not create (a hub team's, or Azure Policy's) reaches
   * the topic, so `publicNetworkAccess: DISABLED` without `EventGridTopic.addPrivateEndpoint`
   * is accepted.
   * @default false
   */
  readonly privateEndpointManagedElsewhere?: boolean;
  /** Log Analytics workspace for publish and delivery failures. @default - no diagnostics */
  readonly logAnalyticsWorkspaceId?: string;
  /** @default Production.isProduction(this) */
  readonly production?: boolean;
}

/**
 * A custom Event Grid topic: CloudEvents 1.0 in (the schema is fixed when the topic is created),
 * access keys off so publishers sign in with Entra ID (SEC-1, `grantPublish`), a system-assigned
 * identity for dead-lettering and queue delivery, publish and delivery failures in Log Analytics.
 */
export class EventGridTopic extends EventGridTopicBase {
  /** A custom topic another team owns: publishing grants, private endpoints and subscriptions work on it as on one this stack creates. */
  public static fromExisting(scope: Construct, id: string, attributes: EventGridTopicAttributes): EventGridTopicBase {
    return new ImportedEventGridTopic(scope, id, attributes);
  }

  public readonly topic: EventgridTopic;
  public readonly topicId: string;
  public readonly topicName: string;
  public readonly resourceGroupName: string;
  public readonly identity: IManagedIdentity;
  /** The endpoint publishers post CloudEvents to. */
  public readonly endpoint: string;

  constructor(scope: Construct, id: string, props: EventGridTopicProps) {
    super(scope, id);
    const { production, name } = openResource(this, props, EVENT_GRID_SERVICE.names.resource);
    const publicNetworkAccess = resolvePublicAccess(this, {
      given: props.publicNetworkAccess, default: PublicAccessDefault.ENABLED, production, endpoint: 'a topic\'s public endpoint',
      productionWarning: {
        id: 'SEC-1.EventGridTopicPublicEndpoint',
        problem: 'the production topic takes events on a public endpoint: only Entra ID and the EventGrid Data Sender role stand between it and the internet.',
        fix: 'publish from a VNet, add a private endpoint for the topic, then set publicNetworkAccess to \'Disabled\'.',
      },
    });
    this.topic = new EventgridTopic(this, 'topic', {
      name,
      resourceGroupName: props.resourceGroupName,
      location: props.location,
      inputSchema: 'CloudEventSchemaV1_0',
      // Access keys off: publishers use Entra ID and the EventGrid Data Sender role (SEC-1).
      localAuthEnabled: false,
      publicNetworkAccessEnabled: publicNetworkAccess === PublicNetworkAccess.ENABLED,
      identity: { type: 'SystemAssigned' },
    });
    this.topicId = this.topic.id;
    this.topicName = this.topic.name;
    this.resourceGroupName = props.resourceGroupName;
    this.endpoint = this.topic.endpoint;
    this.identity = ManagedIdentity.systemAssigned(this.topic.identity.principalId, `${id}-topic`);
    PathDeclaration.node(this, {
      kind: PathNodeKind.MESSAGING, title: 'Event Grid topic: CloudEvents 1.0, no access keys', name,
      lines: ['system-assigned identity'], accessProtocol: 'CloudEvents over HTTPS (publish)',
    });
    this.sendDiagnostics(props.logAnalyticsWorkspaceId);
    // Checked at synth, once the stack had its chance to add the endpoint (SEC-1).
    this.declarePrivateLink({
      name, resourceType: EVENT_GRID_SERVICE.resourceType, dnsZones: EVENT_GRID_SERVICE.privateLink, publicNetworkAccess,
      unreachable: { what: 'the topic: no publisher could send an event', managedElsewhere: props.privateEndpointManagedElsewhere },
    });
  }

  public addPrivateEndpoint(network: IPlatformNetwork): PrivateEndpoint {
    return this.addPrivateEndpointFor(network, 'topic');
  }
}

export interface EventGridSystemTopicProps {
  /** Topic name: 3-128 letters, digits and hyphens. */
  readonly name: string;
  readonly resourceGroupName: string;
  /** The source's region (`global` for subscription- and resource-group-level sources). */
  readonly location: string;
  /** Resource id of the Azure resource whose events the topic carries, e.g. a storage account. */
  readonly sourceResourceId: string;
  /** The source's topic type, e.g. `Microsoft.Storage.StorageAccounts`. */
  readonly topicType: string;
}

/**
 * The system topic of an Azure resource, with a system-assigned identity for dead-lettering.
 * Azure keeps one system topic per source: a second one for the same source in this app is
 * refused at synth instead of failing at apply.
 */
export class EventGridSystemTopic extends Construct implements IEventGridTopic {
  public readonly kind = EventGridTopicKind.SYSTEM;
  public readonly topic: EventgridSystemTopic;
  public readonly topicId: string;
  public readonly topicName: string;
  public readonly resourceGroupName: string;
  public readonly identity: IManagedIdentity;

  constructor(scope: Construct, id: string, props: EventGridSystemTopicProps) {
    super(scope, id);
    AzureRegion.check(this, 'location', props.location);
    const name = checkName(this, 'name', props.name, EVENT_GRID_SERVICE.names.systemTopic);
    // A reference names the same source only within its stack; a literal id everywhere.
    const resolved = String(resolveIn(this, props.sourceResourceId));
    const source = resolved.includes('${') ? `${TerraformStack.of(this).node.path}:${resolved}` : resolved.toLowerCase();
    const holder = claim(this, 'eventgrid-system-topic', source);
    if (holder !== undefined) {
      refuse(this, {
        lesson: 'AZURE', setting: 'sourceResourceId', given: resolved,
        problem: `${holder} already is the system topic of this source, and Azure keeps one per source: the second create fails at apply.`,
        fix: 'add the subscriptions to the existing system topic.',
      });
    }
    this.topic = new EventgridSystemTopic(this, 'topic', {
      name,
      resourceGroupName: props.resourceGroupName,
      location: props.location,
      sourceResourceId: props.sourceResourceId,
      topicType: props.topicType,
      identity: { type: 'SystemAssigned' },
    });
    this.topicId = this.topic.id;
    this.topicName = this.topic.name;
    this.resourceGroupName = props.resourceGroupName;
    this.identity = ManagedIdentity.systemAssigned(this.topic.identity.principalId, `${id}-topic`);
  }
}
