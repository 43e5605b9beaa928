import { IRuleContext, ILessonRule, RuleOutcome, RuleResource } from '../../lessons-check/rule';

/**
 * GW-10: gateway logs are what tell "the gateway rejected it" from "the service rejected it";
 * without `log_analytics_destination_type = Dedicated` they land in the legacy
 * `AzureDiagnostics` table, where the gateway queries find nothing.
 */
export class GatewayLogsDedicatedRule implements ILessonRule {
  public readonly id = 'GW-10.GatewayLogsDedicated';
  public readonly lesson = 'GW-10';
  public readonly description = 'A diagnostic setting of an API Management service that sends logs to AzureDiagnostics instead of resource-specific tables.';
  public readonly resourceTypes = ['azurerm_monitor_diagnostic_setting'];

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    const a = resource.attributes;
    const target = a.target_resource_id;
    const gateway = typeof target === 'string'
      && (/\/providers\/Microsoft\.ApiManagement\/service\/[^/]+$/i.test(target) || context.referencedBy(target, 'azurerm_api_management').length > 0);
    if (!gateway || a.log_analytics_workspace_id === undefined) return RuleOutcome.notApplicable();
    if (a.log_analytics_destination_type === 'Dedicated') return RuleOutcome.compliant();
    return RuleOutcome.nonCompliant({
      setting: 'log_analytics_destination_type', given: a.log_analytics_destination_type,
      problem: 'gateway logs then land in the legacy AzureDiagnostics table, not ApiManagementGatewayLogs, so the queries that tell gateway from service rejections find nothing.',
      fix: 'set log_analytics_destination_type = "Dedicated" (the ApiGateway construct does).',
    });
  }
}
