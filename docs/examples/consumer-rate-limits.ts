import { Construct } from 'constructs';
import { ApiManagementApi } from '@cdktf/provider-azurerm/lib/api-management-api';
import { MonitorActionGroup } from '@cdktf/provider-azurerm/lib/monitor-action-group';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';
import { ApiRateLimitPolicy, AzureStack, CounterKey, IApiGatewayRef, ManagedRedis } from '@realtime-platform/azure-constructs';

/**
 * The payments team's stack: its API on the platform team's gateway, capped per partner
 * subscription, and a Redis counter its worker reaches with its own managed identity.
 */
export class PaymentsStack extends AzureStack {
  constructor(scope: Construct, environmentName: string) {
    super(scope, { stackName: 'payments', environmentName, production: environmentName === 'prod', tags: { owner: 'payments-team' } });
    const location = 'westeurope';
    const group = new ResourceGroup(this, 'resource-group', { name: `rg-payments-${environmentName}`, location });

    // A gateway this team did not create, by name; its tier decides the rate-limit algorithm.
    const gateway: IApiGatewayRef = {
      serviceName: `apim-platform-${environmentName}`,
      resourceGroupName: `rg-platform-${environmentName}`,
      skuName: 'StandardV2_1',
    };
    const api = new ApiManagementApi(this, 'payments-api', {
      name: 'payments',
      displayName: 'Payments',
      path: 'payments',
      revision: '1',
      protocols: ['https'],
      serviceUrl: 'https://payments.internal.contoso.com',
      subscriptionRequired: true,
      apiManagementName: gateway.serviceName,
      resourceGroupName: gateway.resourceGroupName,
    });
    // 100 calls per 60 s and 10 in flight per partner subscription; 429s as problem+json with Retry-After.
    new ApiRateLimitPolicy(this, 'partner-limits', {
      gateway,
      apiName: api.name,
      rateLimit: { calls: 100, renewalPeriodSeconds: 60, key: CounterKey.subscription() },
      concurrency: { maxCount: 10 },
    });

    // The outbound budget to the payment provider is one counter for all replicas: Redis.
    const worker = new UserAssignedIdentity(this, 'worker-identity', {
      name: `id-payments-worker-${environmentName}`, resourceGroupName: group.name, location,
    });
    const onCall = new MonitorActionGroup(this, 'on-call', {
      name: `ag-payments-${environmentName}`, shortName: 'payments', resourceGroupName: group.name,
      emailReceiver: [{ name: 'on-call', emailAddress: 'payments-oncall@contoso.com' }],
    });
    const redis = new ManagedRedis(this, 'budget-store', {
      name: `redis-payments-${environmentName}`,
      resourceGroupName: group.name,
      location,
      clusteringPolicy: 'EnterpriseCluster',
      alerts: { actionGroupId: onCall.id },
    });
    redis.grantDataAccess(worker);
  }
}
