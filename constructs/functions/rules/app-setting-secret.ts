import { credentialInTerraform, SettingsHost } from '../../core/secret-detection';
import { ILessonRule, IRuleContext, RuleFinding, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { variablesOf } from '../../lessons-check/rule-context';
import { armTypeOf } from '../../lessons-check/rules/attributes';
import { appSettingsOf } from './function-app-attributes';

const WEB_APP_TYPES = [
  'azurerm_function_app_flex_consumption', 'azurerm_linux_function_app', 'azurerm_windows_function_app', 'azurerm_linux_web_app', 'azurerm_windows_web_app',
  // A deployment slot is an app of its own, with its own settings (swapped into production).
  'azurerm_linux_function_app_slot', 'azurerm_windows_function_app_slot', 'azurerm_linux_web_app_slot', 'azurerm_windows_web_app_slot',
  // A static web app's settings are its managed functions' environment, kept as an App Service app's are.
  'azurerm_static_web_app',
];

/**
 * A static web app reads Key Vault references only on the Standard plan, with a managed identity
 * and its API in a linked Function App: with managed functions (or in a staging environment) there
 * is no Key Vault integration (learn.microsoft.com/azure/static-web-apps/key-vault-secrets).
 */
const STATIC_WEB_APP_FIX = 'keep it out of the static web app\'s settings: its managed functions have no Key Vault integration. Link a Function App as its API (bring your own functions: Standard plan) and give that app the secret as a Key Vault reference read with its identity (@Microsoft.KeyVault(SecretUri=<versionless secret URI>)), or let the API reach the service with that identity and no secret at all.';

/**
 * SEC-1: a credential in an app setting of a function or web app or one of its deployment slots,
 * or of a static web app (azurerm, or an AzAPI `Microsoft.Web/sites`), decided by the one detector the constructs use (`credentialInTerraform`):
 * a known format, a literal under a secret's name, a variable's default or a function of literals
 * that evaluates to one, a sensitive variable without a default, a reference to a sensitive
 * attribute. `@Microsoft.KeyVault(SecretUri=...)` is how App Service reads a secret, and passes.
 */
export class AppSettingPlainSecretRule implements ILessonRule {
  public readonly id = 'SEC-1.AppSettingPlainSecret';
  public readonly lesson = 'SEC-1';
  public readonly description = 'A credential in an app setting of a function or web app (plain value), instead of a Key Vault reference read with the app\'s identity.';
  public readonly resourceTypes = [...WEB_APP_TYPES, 'azapi_resource'];

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    if (resource.type === 'azapi_resource' && armTypeOf(resource) !== 'Microsoft.Web/sites') return RuleOutcome.notApplicable();
    // AzureWebJobsStorage with a key is SEC-1.FunctionHostStorageKey's finding: one finding per setting.
    const settings = Object.entries(appSettingsOf(resource)).filter(([k, v]) => typeof v === 'string' && k !== 'AzureWebJobsStorage');
    if (settings.length === 0) return RuleOutcome.notApplicable();
    const prefix = resource.type === 'azapi_resource' ? 'body.properties.siteConfig.appSettings' : 'app_settings';
    const variables = variablesOf(context);
    const staticWebApp = resource.type === 'azurerm_static_web_app';
    const findings: RuleFinding[] = settings.flatMap(([name, value]) => {
      const found = credentialInTerraform(value as string, SettingsHost.APP_SERVICE, name, variables);
      return found ? [{ setting: `${prefix}.${name}`, given: found.given, problem: found.problem, fix: staticWebApp ? STATIC_WEB_APP_FIX : found.fix }] : [];
    });
    return findings.length ? RuleOutcome.nonCompliant(...findings) : RuleOutcome.compliant();
  }
}
