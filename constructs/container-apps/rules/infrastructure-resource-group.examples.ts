import { RuleExamples, raw } from '../../lessons-check/rule-examples';

const SUBNET = '/subscriptions/0/x/subnets/apps';
const CONSUMPTION = [{ name: 'Consumption', workload_profile_type: 'Consumption' }];

// AZURE: a subnet-integrated Consumption environment that leaves its infrastructure group to Azure (the next plan replaces it).
export const EXAMPLES: RuleExamples = {
  rule: 'AZURE.ContainerAppsInfrastructureGroup',
  failing: [[raw('azurerm_container_app_environment', 'env', { infrastructure_subnet_id: SUBNET, workload_profile: CONSUMPTION })]],
  passing: [[raw('azurerm_container_app_environment', 'env', { infrastructure_subnet_id: SUBNET, workload_profile: CONSUMPTION, infrastructure_resource_group_name: 'ME_env_rg_westeurope' })]],
};
