import { Construct } from 'constructs';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import {
  ApiGateway, AzureStack, ContainerAppsEnvironment, ContainerRegistry, DualIngressContainerApp, FrontDoor, LogAnalytics,
  StreamingApi, StreamingCallerCheck, StreamingRoutes,
} from '@realtime-platform/azure-constructs';

/** The orders team's stack: its own image, twice, behind its own gateway and Front Door. */
export class OrdersStack extends AzureStack {
  constructor(scope: Construct, environmentName: string) {
    super(scope, { stackName: 'orders', environmentName, production: environmentName !== 'dev', tags: { owner: 'orders-team' } });
    const location = 'westeurope';
    const group = new ResourceGroup(this, 'resource-group', { name: `rg-orders-${environmentName}`, location });
    const resourceGroupName = group.name;
    const logs = new LogAnalytics(this, 'logs', { name: `log-orders-${environmentName}`, resourceGroupName, location });
    const environment = new ContainerAppsEnvironment(this, 'container-apps', {
      name: `cae-orders-${environmentName}`, resourceGroupName, location, logAnalyticsWorkspaceId: logs.workspaceId,
    });
    // The shared registry, looked up by name; the apps pull from it with their own identity (AcrPull).
    const registry = ContainerRegistry.fromExisting(this, 'registry', { name: 'crorders', resourceGroupName: 'rg-orders-shared' });

    const app = new DualIngressContainerApp(this, 'orders', {
      name: `ca-orders-${environmentName}`,
      environment,
      image: 'crorders.azurecr.io/orders/api:3.1.0',
      registry,
      concurrentRequests: 20,
      healthPath: '/healthz',
    });
    const gateway = new ApiGateway(this, 'gateway', {
      name: `apim-orders-${environmentName}`,
      resourceGroupName,
      location,
      skuName: 'BasicV2_1',
      publisherName: 'Orders team',
      publisherEmail: 'orders@contoso.com',
      logAnalyticsWorkspaceId: logs.workspaceId,
    });
    const frontDoor = new FrontDoor(this, 'front-door', {
      profileName: `afd-orders-${environmentName}`,
      endpointName: `orders-${environmentName}`,
      resourceGroupName,
      originHostName: gateway.gatewayHostName,
      routes: [{ name: 'orders', patternsToMatch: ['/orders/*'] }],
      logAnalyticsWorkspaceId: logs.workspaceId,
    });
    new StreamingApi(this, 'order-events', {
      gateway,
      name: 'order-events',
      path: 'orders',
      backendUrl: `https://${app.httpFqdn}`,
      frontDoorId: frontDoor.frontDoorId,
      routes: [StreamingRoutes.sse('order-events', '/events', 20)],
      pathLayers: [frontDoor.timeoutLayer, app.timeoutLayer],
      // Who may listen: the team's server-side clients, with a subscription key (ACCESS).
      callerCheck: StreamingCallerCheck.subscriptionKey(),
    });
  }
}
