import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { blocksOf } from '../../lessons-check/rules/attributes';

const DATA_PLANE_BLOCKS = ['queue_properties', 'static_website'];

/**
 * SEC-1: a storage account is managed through Resource Manager only. `AzureStack`'s provider sets
 * `features.storage.data_plane_available = false` (keyless accounts, and accounts behind a private
 * endpoint, refuse the data-plane calls azurerm otherwise makes), and azurerm then refuses
 * `queue_properties` and `static_website` at plan: this rule says so at synth.
 */
export class StorageDataPlaneSettingsRule implements ILessonRule {
  public readonly id = 'SEC-1.StorageDataPlaneSettings';
  public readonly lesson = 'SEC-1';
  public readonly description = 'A storage account with settings azurerm writes through the data plane (queue_properties, static_website).';
  public readonly resourceTypes = ['azurerm_storage_account'];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    return RuleOutcome.nonCompliant(...DATA_PLANE_BLOCKS
      .filter((block) => blocksOf(resource.attributes[block]).length > 0)
      .map((block) => ({
        setting: block, given: 'set',
        problem: 'azurerm writes this through the storage data plane, which the platform\'s provider turns off (data_plane_available = false): the plan fails with "cannot configure \'' + block + '\'".',
        fix: block === 'queue_properties'
          ? 'drop it: queue logs and metrics go to Log Analytics through a diagnostic setting on <account id>/queueServices/default (StorageAccount does this).'
          : 'serve the site from Static Web Apps or Front Door, or give the stack its own azurerm provider with the data plane on and suppress this rule with the reason.',
      })));
  }
}
