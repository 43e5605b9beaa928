import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { armPropertiesOf, armTypeOf } from '../../lessons-check/rules/attributes';

/**
 * What a read-only lock stops, for the rule's finding and `addLock`'s warning (one text under one
 * id): azurerm's own reads of some resources are POST list calls (a function app's settings and
 * publishing credentials, v4.55.0), which the lock refuses like any other POST.
 */
export const READ_ONLY_LOCK_PROBLEM = 'a read-only lock stops every change and delete on the locked resource and the Resource Manager children under it, Terraform\'s too: the next apply that changes one (a tag, a setting, a child resource) fails with ScopeLocked, and POST operations such as listing keys are refused, so even a plan can fail where azurerm reads a resource by POST (a function app\'s settings and publishing credentials).';

/**
 * AZURE (a warning): a management lock at level `ReadOnly`, raw (`azurerm_management_lock`, or an
 * AzAPI `Microsoft.Authorization/locks`). Legal, and sometimes meant (a frozen resource), but it
 * also freezes the resource for the stack that manages it. `AzureResource.addLock` warns the same
 * under this id (its warning stands for the rule's finding on its lock). A level given as a
 * reference passes.
 */
export class ReadOnlyLockRule implements ILessonRule {
  public readonly id = 'AZURE.ReadOnlyLock';
  public readonly lesson = 'AZURE';
  public readonly description = 'A read-only management lock, which stops the stack\'s own changes to what it locks.';
  public readonly resourceTypes = ['azurerm_management_lock', 'azapi_resource'];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    const azapi = resource.type === 'azapi_resource';
    if (azapi && armTypeOf(resource) !== 'Microsoft.Authorization/locks') return RuleOutcome.notApplicable();
    const level = azapi ? armPropertiesOf(resource).level : resource.attributes.lock_level;
    if (typeof level !== 'string' || level.includes('${')) return RuleOutcome.notApplicable();
    // azurerm takes `ReadOnly` as written (its validation refuses another spelling at plan); the
    // AzAPI body goes to Resource Manager as given, so any spelling of it is read as meant.
    const readOnly = azapi ? level.toLowerCase() === 'readonly' : level === 'ReadOnly';
    if (!readOnly) return RuleOutcome.compliant();
    return RuleOutcome.nonCompliant({
      setting: azapi ? 'body.properties.level' : 'lock_level', given: level,
      problem: READ_ONLY_LOCK_PROBLEM,
      fix: 'use CanNotDelete, which stops deletes only; to freeze the resource on purpose, suppress AZURE.ReadOnlyLock on the lock with the reason.',
    });
  }
}
