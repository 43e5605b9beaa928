import { Construct } from 'constructs';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import {
  AzureStack, ContainerAppsEnvironment, ContainerService, EventGridTopic, EventSubscription, PublicNetworkAccess, StorageAccount,
} from '@realtime-platform/azure-constructs';

/**
 * The notifications team's stack: its own topic, and its own Container App subscribed to it,
 * with dead-lettering to a keyless container and a warm receiver for the handshake.
 */
export class NotificationsStack extends AzureStack {
  constructor(scope: Construct, environmentName: string) {
    super(scope, { stackName: 'notifications', environmentName, tags: { owner: 'notifications-team' } });
    const location = 'westeurope';
    const group = new ResourceGroup(this, 'resource-group', { name: `rg-notifications-${environmentName}`, location });
    const environment = ContainerAppsEnvironment.fromExisting(this, 'container-apps', {
      environmentId: `/subscriptions/00000000-0000-0000-0000-000000000001/resourceGroups/rg-platform-${environmentName}/providers/Microsoft.App/managedEnvironments/cae-platform-${environmentName}`,
      resourceGroupName: `rg-platform-${environmentName}`,
      location,
    });
    // One replica always up: the CloudEvents handshake is answered when the subscription is created (HOOK-1).
    const receiver = new ContainerService(this, 'receiver', {
      name: `ca-notify-${environmentName}`, environment, image: 'mcr.microsoft.com/dotnet/samples:aspnetapp', minReplicas: 1, maxReplicas: 3,
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
