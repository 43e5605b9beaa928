import { AzureServices } from '../core/azure-service';
import { NAME_RULES } from '../core/naming';
import { BuiltInRole } from '../identity/roles';

/** Event Grid custom topics as the shared code sees them: type, name rules, private link, roles. */
export const EVENT_GRID_SERVICE = AzureServices.define({
  resourceType: 'Microsoft.EventGrid/topics',
  names: { resource: NAME_RULES.eventGridTopic, systemTopic: NAME_RULES.eventGridSystemTopic, subscription: NAME_RULES.eventGridSubscription },
  privateLink: { topic: 'privatelink.eventgrid.azure.net' },
  roles: { dataSender: BuiltInRole.EVENTGRID_DATA_SENDER },
});
