import { AzureService } from '../core/azure-service';
import { BuiltInRole } from '../identity/roles';

/** Event Grid custom topics as the shared code sees them: type, name rules, private link, roles. */
export const EVENT_GRID_SERVICE = AzureService.describe({
  resourceType: 'Microsoft.EventGrid/topics',
  names: {
    resource: {
      kind: 'Event Grid topic', min: 3, max: 50, pattern: /^[-A-Za-z0-9]+$/, shape: 'letters, digits and hyphens',
    },
    systemTopic: {
      kind: 'Event Grid system topic', min: 3, max: 128, pattern: /^[-A-Za-z0-9]+$/, shape: 'letters, digits and hyphens',
    },
    subscription: {
      kind: 'Event Grid subscription', min: 3, max: 64, pattern: /^[-A-Za-z0-9]+$/, shape: 'letters, digits and hyphens',
    },
  },
  privateLink: { topic: 'privatelink.eventgrid.azure.net' },
  roles: { dataSender: BuiltInRole.EVENTGRID_DATA_SENDER },
  rawNames: {
    azurerm_eventgrid_topic: 'resource',
    azurerm_eventgrid_system_topic: 'systemTopic',
    azurerm_eventgrid_event_subscription: 'subscription',
    azurerm_eventgrid_system_topic_event_subscription: 'subscription',
    'Microsoft.EventGrid/topics': 'resource',
    'Microsoft.EventGrid/systemTopics': 'systemTopic',
  },
  ids: {
    azurerm_eventgrid_topic: '{group}/providers/Microsoft.EventGrid/topics/{name}',
    azurerm_eventgrid_system_topic: '{group}/providers/Microsoft.EventGrid/systemTopics/{name}',
  },
});
