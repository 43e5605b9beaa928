import { Construct } from 'constructs';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import {
  ApiGateway, ApplicationInsights, AzureStack, FlexFunctionApp, LogAnalytics, PublicNetworkAccess, StorageAccount,
} from '@realtime-platform/azure-constructs';

/**
 * The invoicing team's stack: its own Functions app on Flex Consumption, with a queue it sends
 * to and processes, and a table it reads and writes, all with the app's identity and no keys.
 */
export class InvoicesStack extends AzureStack {
  constructor(scope: Construct, environmentName: string) {
    const production = environmentName !== 'dev';
    super(scope, { stackName: 'invoices', environmentName, production, tags: { owner: 'invoicing-team' } });
    const location = 'westeurope';
    const group = new ResourceGroup(this, 'resource-group', { name: `rg-invoices-${environmentName}`, location });
    const resourceGroupName = group.name;
    const logs = new LogAnalytics(this, 'logs', { name: `log-invoices-${environmentName}`, resourceGroupName, location });
    const insights = new ApplicationInsights(this, 'insights', {
      name: `appi-invoices-${environmentName}`, resourceGroupName, location, logAnalyticsWorkspaceId: logs.workspaceId,
    });
    // No VNet yet, so the host needs the account's public endpoint (Entra ID only): production
    // closes it by default and warns when it is opened (SEC-1).
    const storage = new StorageAccount(this, 'storage', {
      name: `stinvoices${environmentName}`, resourceGroupName, location, publicNetworkAccess: PublicNetworkAccess.ENABLED,
    });

    const app = new FlexFunctionApp(this, 'app', {
      name: `func-invoices-${environmentName}`,
      resourceGroupName,
      location,
      storage,
      applicationInsights: insights,
      entraAuth: { applicationId: '3f8b2a9e-6c1d-4e7f-9a0b-1c2d3e4f5a6b' },
      maximumInstanceCount: 20,
    });
    // Only the platform's gateway gets in: App Service Authentication checks its token.
    const gateway = ApiGateway.fromExisting(this, 'gateway', {
      serviceName: `apim-platform-${environmentName}`, resourceGroupName: `rg-platform-${environmentName}`, skuName: 'StandardV2_1',
    });
    app.allowCaller(gateway.identity);

    // The team's own queue and table: the app sends and processes, reads and writes, as itself.
    const queue = storage.addQueue('invoices', { poisonQueue: true });
    queue.grantSend(app.identity);
    queue.grantProcess(app.identity);
    storage.addTable('invoicestate').grantReadWrite(app.identity);
  }
}
