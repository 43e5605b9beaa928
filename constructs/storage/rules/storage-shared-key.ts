import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { armPropertiesOf, armTypeOf, isFalse } from '../../lessons-check/rules/attributes';

/** What the keys cost, in both the azurerm and the AzAPI form. */
const PROBLEM = 'the account keys (unset: on) are two shared secrets for every blob, queue and table: whoever holds one bypasses Entra ID, and every SAS signed with it stays valid until the key is rotated.';

/** SEC-1: no storage keys; workloads reach storage with Entra ID and role assignments (azurerm, or AzAPI `Microsoft.Storage/storageAccounts`). */
export class StorageSharedKeyRule implements ILessonRule {
  public readonly id = 'SEC-1.StorageSharedKey';
  public readonly lesson = 'SEC-1';
  public readonly description = 'A storage account that accepts its shared keys (and SAS signed with them).';
  public readonly resourceTypes = ['azurerm_storage_account', 'azapi_resource'];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    if (resource.type === 'azapi_resource') {
      if (armTypeOf(resource) !== 'Microsoft.Storage/storageAccounts') return RuleOutcome.notApplicable();
      const allowed = armPropertiesOf(resource).allowSharedKeyAccess;
      if (isFalse(allowed)) return RuleOutcome.compliant();
      return RuleOutcome.nonCompliant({
        setting: 'body.properties.allowSharedKeyAccess', given: allowed,
        problem: PROBLEM,
        fix: 'set allowSharedKeyAccess = false and grant each identity a data role (the StorageAccount construct does both).',
      });
    }
    const enabled = resource.attributes.shared_access_key_enabled;
    if (isFalse(enabled)) return RuleOutcome.compliant();
    return RuleOutcome.nonCompliant({
      setting: 'shared_access_key_enabled', given: enabled,
      problem: PROBLEM,
      fix: 'set shared_access_key_enabled = false and grant each identity a data role (the StorageAccount construct does both).',
    });
  }
}
