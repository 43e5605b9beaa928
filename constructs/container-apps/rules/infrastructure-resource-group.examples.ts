import { RuleExamples, raw } from '../../lessons-check/rule-examples';

const SUBNET = '/subscriptions/0/x/subnets/apps';
const CONSUMPTION = [{ name: 'Consumption', workload_profile_type: 'Consumption' }];

// AZURE: a subnet-integrated Consumption environment that leaves its infrastructure group to Azure (the next plan replaces it).
export const EXAMPLES: RuleExamples = {
  rule: 'AZURE.ContainerAppsInfrastructureGroup',
  finds: 'an `azurerm_container_app_environment` in a subnet whose only workload profile is Consumption, without `infrastructure_resource_group_name` (or `ignore_changes` on it): Azure\'s generated `ME_...` name makes the next plan replace the environment and its apps (azurerm#27481)',
  failing: [[raw('azurerm_container_app_environment', 'env', { infrastructure_subnet_id: SUBNET, workload_profile: CONSUMPTION })]],
  passing: [[raw('azurerm_container_app_environment', 'env', { infrastructure_subnet_id: SUBNET, workload_profile: CONSUMPTION, infrastructure_resource_group_name: 'ME_env_rg_westeurope' })]],
};
