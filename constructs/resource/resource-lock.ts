import { ManagementLock } from '@cdktf/provider-azurerm/lib/management-lock';
import { IConstruct } from 'constructs';
import { NAME_RULES, checkName } from '../core/naming';
import { literalOf } from '../core/stack-variables';
import { refuse, warn } from '../core/validation';

/** How much a management lock stops (Resource Manager's lock `level`). */
export enum LockLevel {
  /**
   * The resource can be read and changed, not deleted, and neither can anything below it (its
   * queues, tables, secrets): Azure refuses the delete with `ScopeLocked`.
   */
  CAN_NOT_DELETE = 'CanNotDelete',
  /**
   * The resource and everything below it can only be read: no change and no delete, Terraform's
   * included, and no POST operation such as listing keys (a warning, `AZURE.ReadOnlyLock`).
   */
  READ_ONLY = 'ReadOnly',
}

/** A management lock's name and notes (`AzureResource.addLock`). */
export interface ResourceLockOptions {
  /**
   * The lock's name: 1-259 characters, none of `<`, `>`, `%`, `&`, `:`, `\`, `?`, `/` or a
   * control character.
   * @default `lock-<resource name>`
   */
  readonly name?: string;
  /**
   * What the portal shows beside the lock, at most 512 characters.
   * @default - names the construct that sets it, and says to remove it there
   */
  readonly notes?: string;
}

/** The most `notes` Azure (and azurerm at plan) accepts. */
const MAX_NOTES = 512;

/** Construct id of a resource's lock, under the resource's construct. */
export const LOCK_ID = 'lock';

/**
 * A management lock on `resourceId` (an `azurerm_management_lock`, construct id `lock` under
 * `resource`): one per resource construct. What the lock means for a deploy is in the preflight
 * (the deployer needs `Microsoft.Authorization/locks/write`, which only Owner and User Access
 * Administrator of the built-in roles have) and in docs/deploy.md.
 */
export function lockResource(resource: IConstruct, resourceId: string, resourceName: string, level: LockLevel, options: ResourceLockOptions = {}): ManagementLock {
  const existing = resource.node.tryFindChild(LOCK_ID);
  if (existing instanceof ManagementLock) {
    refuse(resource, {
      lesson: 'AZURE', setting: 'lock', given: level,
      problem: `the resource has a lock already (${existing.lockLevelInput ?? 'set'}), and one construct sets one lock: Azure applies the most restrictive lock on a resource anyway.`,
      fix: 'call addLock once, with the level the resource needs.',
    });
  }
  const name = checkName(resource, 'lock.name', options.name ?? `lock-${resourceName}`, NAME_RULES.managementLock);
  const notes = options.notes ?? defaultNotes(resource);
  const givenNotes = literalOf(resource, notes);
  if (givenNotes !== undefined && givenNotes.length > MAX_NOTES) {
    refuse(resource, {
      lesson: 'AZURE', setting: 'lock.notes', given: givenNotes,
      problem: `Azure keeps at most ${MAX_NOTES} characters of a lock's notes, and azurerm refuses longer ones at plan (${givenNotes.length} given).`,
      fix: `shorten the notes to ${MAX_NOTES} characters or fewer.`,
    });
  }
  if (level === LockLevel.READ_ONLY) {
    warn(resource, {
      id: 'AZURE.ReadOnlyLock', lesson: 'AZURE', setting: 'lock', given: level,
      problem: 'a read-only lock stops every change and delete on the resource and everything below it, Terraform\'s too: the next apply that changes it (a tag, a setting, a child resource) fails with ScopeLocked, and POST operations such as listing keys are refused.',
      fix: 'use LockLevel.CAN_NOT_DELETE, which stops deletes only; to freeze the resource on purpose, suppress AZURE.ReadOnlyLock here with the reason.',
    });
  }
  return new ManagementLock(resource, LOCK_ID, { name, scope: resourceId, lockLevel: level, notes });
}

/** Who set the lock, for whoever finds it in the portal; without the path where that would be too long. */
function defaultNotes(resource: IConstruct): string {
  const remove = 'Remove it in that stack: removed by hand, the next apply sets it again.';
  const withPath = `Set by Terraform, construct ${resource.node.path}. ${remove}`;
  return withPath.length <= MAX_NOTES ? withPath : `Set by Terraform. ${remove}`;
}
