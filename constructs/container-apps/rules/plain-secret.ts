import { credentialInTerraform, SettingsHost } from '../../core/secret-detection';
import { ILessonRule, IRuleContext, RuleFinding, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { variablesOf } from '../../lessons-check/rule-context';
import { armPropertiesOf, armTypeOf, blockOf, blocksOf } from '../../lessons-check/rules/attributes';

/** The Resource Manager types whose containers take env entries: an app and a job. */
const CONTAINER_APPS_TYPES = new Set(['Microsoft.App/containerApps', 'Microsoft.App/jobs']);

const RAW_FIX = 'On a raw app: a secret block (name, key_vault_secret_id, identity) and secret_name on the env entry, with the identity granted Key Vault Secrets User on the secret.';

/** The env entries of an app, with the setting a finding names. */
function envOf(resource: RuleResource): { setting: string; name: unknown; value: unknown }[] {
  // A Container Apps job's containers are an app's (the same template and env blocks).
  if (resource.type === 'azurerm_container_app' || resource.type === 'azurerm_container_app_job') {
    const template = blockOf(resource.attributes.template);
    return [...blocksOf(template?.container), ...blocksOf(template?.init_container)]
      .flatMap((c) => blocksOf(c.env)).map((e) => ({ setting: `template.container.env.${String(e.name)}`, name: e.name, value: e.value }));
  }
  const template = blockOf(armPropertiesOf(resource).template);
  return [...blocksOf(template?.containers), ...blocksOf(template?.initContainers)]
    .flatMap((c) => blocksOf(c.env)).map((e) => ({ setting: `body.properties.template.containers.env.${String(e.name)}`, name: e.name, value: e.value }));
}

/**
 * SEC-1: a credential in a Container App's or Container Apps job's environment variable, on any
 * app of the stack or the Terraform read (raw `azurerm_container_app`, `azurerm_container_app_job`
 * and AzAPI `Microsoft.App/containerApps` and `Microsoft.App/jobs` included),
 * decided by the one detector the constructs use (`credentialInTerraform`): a known format, a
 * literal under a secret's name, a variable's default or a function of literals that evaluates to
 * one, a sensitive variable without a default, a reference to a sensitive attribute.
 */
export class ContainerAppPlainSecretRule implements ILessonRule {
  public readonly id = 'SEC-1.ContainerAppPlainSecret';
  public readonly lesson = 'SEC-1';
  public readonly description = 'A credential in a Container App environment variable (plain value), instead of a Key Vault secret read with the app\'s identity.';
  public readonly resourceTypes = ['azurerm_container_app', 'azurerm_container_app_job', 'azapi_resource'];

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    if (resource.type === 'azapi_resource' && !CONTAINER_APPS_TYPES.has(armTypeOf(resource) ?? '')) return RuleOutcome.notApplicable();
    const env = envOf(resource).filter((e) => typeof e.value === 'string');
    if (env.length === 0) return RuleOutcome.notApplicable();
    const variables = variablesOf(context);
    const findings: RuleFinding[] = env.flatMap(({ setting, name, value }) => {
      const found = credentialInTerraform(value as string, SettingsHost.CONTAINER_APPS, typeof name === 'string' ? name : undefined, variables);
      return found ? [{ setting, given: found.given, problem: found.problem, fix: `${found.fix} ${RAW_FIX}` }] : [];
    });
    return findings.length ? RuleOutcome.nonCompliant(...findings) : RuleOutcome.compliant();
  }
}
