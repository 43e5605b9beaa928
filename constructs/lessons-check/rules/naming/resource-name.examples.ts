import { RuleExamples, azapi, raw } from '../../rule-examples';
import { AzureServices } from '../../../core/azure-service';
import { resourceNameTypes } from './resource-name';

/** A space and a trailing period: no name rule of Azure takes both. */
const BAD = 'bad name.';

// AZURE: a name Azure refuses at apply, on every type it checks (the shared ones, and each service's descriptor's).
export const EXAMPLES: RuleExamples = {
  rule: 'AZURE.ResourceName',
  finds: 'a raw resource whose `name` Azure refuses at apply (length, characters, a trailing period or hyphen), by the rules the constructs check (each service descriptor\'s `names` and `rawNames`, with `NAME_RULES` for resource groups and identities): resource groups, Log Analytics, Container Apps and their environments, identities, API Management services, Front Door profiles, endpoints, origin groups, origins, routes and WAF policies, storage accounts, containers, queues and tables, Key Vaults and secrets, Event Grid topics, system topics and subscriptions, Application Insights, virtual networks, subnets, NSGs and private endpoints, and the AzAPI forms of the same; names given as references pass',
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
