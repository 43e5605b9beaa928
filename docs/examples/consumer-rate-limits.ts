import { Construct } from 'constructs';
import { ApiManagementApi } from '@cdktf/provider-azurerm/lib/api-management-api';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';
import {
  ApiGateway, ApiRateLimitPolicy, AzureStack, CounterKey, ManagedIdentity, ManagedRedis,
} from '@realtime-platform/azure-constructs';

/**
 * The payments team's stack: its API on the platform team's gateway, capped per partner
 * subscription, and the platform team's Redis, which its worker reaches with its own identity.
 */
export class PaymentsStack extends AzureStack {
  constructor(scope: Construct, environmentName: string) {
    super(scope, { stackName: 'payments', environmentName, production: environmentName !== 'dev', tags: { owner: 'payments-team' } });
    const location = 'westeurope';
    const group = new ResourceGroup(this, 'resource-group', { name: `rg-payments-${environmentName}`, location });

    // A gateway this team did not create, by name; its tier decides the rate-limit algorithm.
    const gateway = ApiGateway.fromExisting(this, 'platform-gateway', {
      serviceName: `apim-platform-${environmentName}`,
      resourceGroupName: `rg-platform-${environmentName}`,
      skuName: 'StandardV2_1',
    });
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

    // The outbound budget to the payment provider is one counter for all replicas: the platform
    // team's Redis, which this team does not own. Its worker gets data access with Entra ID.
    const worker = new UserAssignedIdentity(this, 'worker-identity', {
      name: `id-payments-worker-${environmentName}`, resourceGroupName: group.name, location,
    });
    const redis = ManagedRedis.fromExisting(this, 'platform-redis', {
      name: `redis-platform-${environmentName}`,
      resourceGroupName: `rg-platform-${environmentName}`,
    });
    redis.grantDataAccess(ManagedIdentity.fromUserAssigned(worker));
  }
}
