import { TerraformStack } from 'cdktf';
import { ApiGateway, ApiGatewayProps } from '../../constructs/api-management/api-gateway';
import { IContainerAppsEnvironment } from '../../constructs/container-apps/app-checks';

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
