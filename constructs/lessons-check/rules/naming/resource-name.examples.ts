import { RuleExamples, azapi, raw } from '../../rule-examples';
import { AzureServices } from '../../../core/azure-service';
import { resourceNameTypes } from './resource-name';

/** A space and a trailing period: no name rule of Azure takes both. */
const BAD = 'bad name.';

// AZURE: a name Azure refuses at apply, on every type it checks (the shared ones, and each service's descriptor's).
export const EXAMPLES: RuleExamples = {
  rule: 'AZURE.ResourceName',
  failing: [[raw('azurerm_resource_group', 'named', { name: BAD })]],
  failingFor: (services: AzureServices) => [
    ...resourceNameTypes(services).terraform.map((type) => [raw(type, 'named', { name: BAD })]),
    ...resourceNameTypes(services).arm.map((type) => [{ ...azapi('named', `${type}@2024-01-01`, { properties: {} }), attributes: { name: BAD, type: `${type}@2024-01-01`, parent_id: '/subscriptions/0', body: { properties: {} } } }]),
  ],
  passing: [
    [raw('azurerm_resource_group', 'named', { name: 'rg-orders-dev' })],
    [raw('azurerm_key_vault', 'named', { name: 'kv-orders-dev' })],
  ],
};
