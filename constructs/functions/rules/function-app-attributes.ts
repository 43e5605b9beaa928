import { RuleResource } from '../../lessons-check/rule';
import { armPropertiesOf, blockOf, blocksOf } from '../../lessons-check/rules/attributes';

/** Function app resource types: the azurerm ones and AzAPI sites of kind functionapp. */
export const FUNCTION_APP_TYPES = [
  'azurerm_function_app_flex_consumption', 'azurerm_linux_function_app', 'azurerm_windows_function_app', 'azapi_resource',
];

/** Whether a resource is a function app (an AzAPI `Microsoft.Web/sites` counts when its kind says functionapp). */
export function isFunctionApp(resource: RuleResource): boolean {
  if (resource.type !== 'azapi_resource') return FUNCTION_APP_TYPES.includes(resource.type);
  const type = resource.attributes.type;
  const kind = blockOf(resource.attributes.body)?.kind;
  return typeof type === 'string' && type.startsWith('Microsoft.Web/sites@') && typeof kind === 'string' && kind.includes('functionapp');
}

/** The app settings of a function app, whichever resource type it is. */
export function appSettingsOf(resource: RuleResource): Record<string, unknown> {
  if (resource.type === 'azapi_resource') {
    // A body given as JSON text (jsonencode) is read as the object it holds.
    const list = blocksOf(blockOf(blockOf(armPropertiesOf(resource).siteConfig)?.appSettings));
    return Object.fromEntries(list.map((s) => [String(s.name), s.value]));
  }
  return blockOf(resource.attributes.app_settings) ?? {};
}
