import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { blockOf, blocksOf } from '../../lessons-check/rules/attributes';

const ATTRIBUTE = 'infrastructure_resource_group_name';

/**
 * AZURE: an `azurerm_container_app_environment` in a subnet whose only workload profile is
 * Consumption and that leaves its infrastructure resource group to Azure. Azure names the group
 * itself (`ME_...`), azurerm 4.55 reads that name back, and since the attribute is ForceNew and
 * not computed (its diff is suppressed only beside a dedicated profile), the next plan replaces
 * the environment and every app in it (hashicorp/terraform-provider-azurerm#27481).
 */
export class InfrastructureResourceGroupRule implements ILessonRule {
  public readonly id = 'AZURE.ContainerAppsInfrastructureGroup';
  public readonly lesson = 'AZURE';
  public readonly description = 'A subnet-integrated, Consumption-only Container Apps environment without infrastructure_resource_group_name: the next plan replaces it.';
  public readonly resourceTypes = ['azurerm_container_app_environment'];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    const a = resource.attributes;
    const profiles = blocksOf(a.workload_profile);
    if (a.infrastructure_subnet_id === undefined || profiles.length === 0) return RuleOutcome.notApplicable();
    // A dedicated profile beside Consumption: azurerm suppresses the generated name.
    if (profiles.some((p) => p.workload_profile_type !== 'Consumption')) return RuleOutcome.notApplicable();
    if (typeof a[ATTRIBUTE] === 'string' && a[ATTRIBUTE] !== '') return RuleOutcome.compliant();
    const ignored = blockOf(a.lifecycle)?.ignore_changes;
    if (ignored === 'all' || (Array.isArray(ignored) && ignored.includes(ATTRIBUTE))) return RuleOutcome.compliant();
    return RuleOutcome.nonCompliant({
      setting: ATTRIBUTE, given: undefined,
      problem: 'Azure gives the infrastructure resource group a generated ME_... name, which azurerm 4.55 reads back as a change it can only make by replacing the environment and every app in it on the next plan.',
      fix: 'name the group (a new one: Azure creates it), e.g. infrastructure_resource_group_name = "ME_<environment>_<resource group>_<location>" (the name Azure gives it, so a deployed environment keeps it); ContainerAppsEnvironment does so by default.',
    });
  }
}
