import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { armPropertiesOf, armTypeOf, isTrue } from '../../lessons-check/rules/attributes';

/** What the admin user costs, in both the azurerm and the AzAPI form. */
const PROBLEM = 'the admin user is a shared password for the whole registry.';

/** SEC-1: no registry admin user; pulls use managed identity with AcrPull (SEC-2). azurerm, or AzAPI `Microsoft.ContainerRegistry/registries`. */
export class RegistryAdminUserRule implements ILessonRule {
  public readonly id = 'SEC-1.RegistryAdminUser';
  public readonly lesson = 'SEC-1';
  public readonly description = 'A container registry with its admin user enabled.';
  public readonly resourceTypes = ['azurerm_container_registry', 'azapi_resource'];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    if (resource.type === 'azapi_resource') {
      if (armTypeOf(resource) !== 'Microsoft.ContainerRegistry/registries') return RuleOutcome.notApplicable();
      const admin = armPropertiesOf(resource).adminUserEnabled;
      if (!isTrue(admin)) return RuleOutcome.compliant();
      return RuleOutcome.nonCompliant({
        setting: 'body.properties.adminUserEnabled', given: admin,
        problem: PROBLEM,
        fix: 'set adminUserEnabled = false and grant AcrPull to the pulling identity (ContainerRegistry.grantPull, or the Container App constructs, do).',
      });
    }
    const enabled = resource.attributes.admin_enabled;
    if (isTrue(enabled)) {
      return RuleOutcome.nonCompliant({
        setting: 'admin_enabled', given: enabled,
        problem: PROBLEM,
        fix: 'set admin_enabled = false and grant AcrPull to the pulling identity (ContainerRegistry.grantPull, or the Container App constructs, do).',
      });
    }
    return RuleOutcome.compliant();
  }
}
