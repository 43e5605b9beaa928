import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../rule';

/** SEC-1: no registry admin user; pulls use managed identity with AcrPull (SEC-2). */
export class RegistryAdminUserRule implements ILessonRule {
  public readonly id = 'SEC-1.RegistryAdminUser';
  public readonly lesson = 'SEC-1';
  public readonly description = 'A container registry with its admin user enabled.';
  public readonly resourceTypes = ['azurerm_container_registry'];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    const enabled = resource.attributes.admin_enabled;
    if (enabled === true || enabled === 'true') {
      return RuleOutcome.nonCompliant({
        setting: 'admin_enabled', given: enabled,
        problem: 'the admin user is a shared password for the whole registry.',
        fix: 'set admin_enabled = false and grant AcrPull to the pulling identity (ContainerRegistry.grantPull, or the Container App constructs, do).',
      });
    }
    return RuleOutcome.compliant();
  }
}
