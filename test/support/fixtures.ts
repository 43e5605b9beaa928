import { TerraformStack, Testing } from 'cdktf';
import { ApiGateway, ApiGatewayProps } from '../../constructs/api-management/api-gateway';
import { IContainerAppsEnvironment } from '../../constructs/container-apps/app-checks';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { FrontDoorProps } from '../../constructs/front-door/front-door';
import { ManagedRedis, ManagedRedisProps } from '../../constructs/redis/managed-redis';
import { RedisClusteringPolicy } from '../../constructs/redis/managed-redis-base';

/** A Container Apps environment reference that needs no resources. */
export const ENVIRONMENT: IContainerAppsEnvironment = {
  environmentId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.App/managedEnvironments/cae',
  resourceGroupName: 'rg-test',
  location: 'westeurope',
};

export const WORKSPACE_ID = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.OperationalInsights/workspaces/log';

export const GATEWAY_PROPS: ApiGatewayProps = {
  name: 'apim-test-unit',
  resourceGroupName: 'rg-test',
  location: 'westeurope',
  skuName: 'BasicV2_1',
  publisherName: 'Test',
  publisherEmail: 'test@example.com',
  logAnalyticsWorkspaceId: WORKSPACE_ID,
};

export function gateway(stack: TerraformStack, name = GATEWAY_PROPS.name): ApiGateway {
  return new ApiGateway(stack, 'gateway', { ...GATEWAY_PROPS, name });
}

/** A Front Door in front of a test gateway, with logs. */
export const FRONT_DOOR_PROPS: FrontDoorProps = {
  profileName: 'afd-test',
  endpointName: 'fde-test',
  resourceGroupName: 'rg-test',
  originHostName: 'apim-test-unit.azure-api.net',
  logAnalyticsWorkspaceId: WORKSPACE_ID,
};

export const REDIS_PROPS: ManagedRedisProps = {
  name: 'redis-rl', resourceGroupName: 'rg-test', location: 'westeurope', clusteringPolicy: RedisClusteringPolicy.OSS_CLUSTER,
};

/** A ManagedRedis in an AzureStack of the given environment. */
export function redisIn(production: boolean, props: Partial<ManagedRedisProps> = {}) {
  const stack = new AzureStack(Testing.app(), { stackName: 'rl', environmentName: production ? 'prod' : 'dev', production });
  const redis = new ManagedRedis(stack, 'redis', { ...REDIS_PROPS, ...props });
  return { stack, redis };
}

/** A reference to the gateway `apim-shared` another team owns, with its principal: no data source. */
export const gatewayIn = (stack: AzureStack) => ApiGateway.fromExisting(stack, 'gateway', {
  serviceName: 'apim-shared', resourceGroupName: 'rg-shared', skuName: 'StandardV2_1', principalId: '11111111-2222-3333-4444-555555555555',
});
