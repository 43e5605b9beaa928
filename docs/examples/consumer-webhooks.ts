import { Construct } from 'constructs';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import {
  AzureStack, ContainerAppsEnvironment, ContainerRegistry, ContainerService, EventGridTopic, EventSubscription, PublicNetworkAccess,
  StorageAccount,
} from '@realtime-platform/azure-constructs';

/**
 * The notifications team's stack: its own topic, and its own Container App subscribed to it,
 * with dead-lettering to a keyless container and a warm receiver for the handshake.
 */
export class NotificationsStack extends AzureStack {
  constructor(scope: Construct, environmentName: string) {
    super(scope, { stackName: 'notifications', environmentName, production: environmentName !== 'dev', tags: { owner: 'notifications-team' } });
    const location = 'westeurope';
    const group = new ResourceGroup(this, 'resource-group', { name: `rg-notifications-${environmentName}`, location });
    const environment = ContainerAppsEnvironment.fromExisting(this, 'container-apps', {
      environmentId: `/subscriptions/00000000-0000-0000-0000-000000000001/resourceGroups/rg-platform-${environmentName}/providers/Microsoft.App/managedEnvironments/cae-platform-${environmentName}`,
      resourceGroupName: `rg-platform-${environmentName}`,
      location,
    });
    // The team's registry; the receiver pulls its pinned image with its own identity (AcrPull, SEC-2).
    const registry = ContainerRegistry.fromExisting(this, 'registry', { name: 'crnotify', resourceGroupName: 'rg-notifications-shared' });
    // One replica always up: the CloudEvents handshake is answered when the subscription is created (HOOK-1).
    const receiver = new ContainerService(this, 'receiver', {
      name: `ca-notify-${environmentName}`, environment, image: 'crnotify.azurecr.io/notifications/receiver:2.0.1', registry,
      minReplicas: 1, maxReplicas: 3,
    });

    const topic = new EventGridTopic(this, 'topic', { name: `evgt-notifications-${environmentName}`, resourceGroupName: group.name, location });
    topic.grantPublish(receiver.identity, 'receiver');
    const deadLetters = new StorageAccount(this, 'storage', {
      name: `stnotify${environmentName}`, resourceGroupName: group.name, location, publicNetworkAccess: PublicNetworkAccess.ENABLED,
    }).addContainer('dead-letters');
    new EventSubscription(this, 'to-receiver', {
      topic,
      name: 'receiver',
      webhook: { url: `${receiver.url}/events`, receiver: { name: receiver.node.path, warmInstances: 1 } },
      retry: { maxDeliveryAttempts: 10, eventTimeToLiveMinutes: 120 },
      deadLetterContainer: deadLetters,
    });
  }
}
