import { ManagementLock } from '@cdktf/provider-azurerm/lib/management-lock';
import { Lazy, TerraformResource } from 'cdktf';
import { IConstruct } from 'constructs';
import { addressOf } from '../core/dependencies';
import { NAME_RULES, checkName } from '../core/naming';
import { literalOf } from '../core/stack-variables';
import { refuse, warn } from '../core/validation';
import { READ_ONLY_LOCK_PROBLEM } from './rules/read-only-lock';

/** How much a management lock stops (Resource Manager's lock `level`). */
export enum LockLevel {
  /**
   * The resource can be read and changed, not deleted, and neither can its child resources that
   * Resource Manager manages (this library's queues and tables, API Management's APIs): Azure
   * refuses the delete with `ScopeLocked`. A lock does not reach the data plane: a vault's secrets
   * and an account's messages and blobs stay deletable (Key Vault's soft delete and purge
   * protection guard secrets).
   */
  CAN_NOT_DELETE = 'CanNotDelete',
  /**
   * The resource and its Resource Manager children can only be read: no change and no delete,
   * Terraform's included, and no POST operation such as listing keys (a warning,
   * `AZURE.ReadOnlyLock`). azurerm reads some resources by POST (a function app's settings), so
   * even a plan can fail. The data plane is not locked.
   */
  READ_ONLY = 'ReadOnly',
}

/** A management lock's name and notes (`AzureResource.addLock`). */
export interface ResourceLockOptions {
  /**
   * The lock's name: 1-259 bytes (UTF-8) with at least one letter, digit, `-` or `_`, and none of
   * `<`, `>`, `%`, `&`, `:`, `\`, `?`, `/` or a control character.
   * @default `lock-<resource name>`
   */
  readonly name?: string;
  /**
   * What the portal shows beside the lock, at most 512 bytes (UTF-8). A change replaces the lock.
   * @default - says Terraform set it and to remove it in the stack (the same text for every lock, so moving the construct does not replace the lock)
   */
  readonly notes?: string;
}

/** The most bytes of `notes` azurerm accepts at plan (Azure keeps 512). */
const MAX_NOTES = 512;
/** The most bytes of a lock's name azurerm accepts at plan. */
const MAX_NAME_BYTES = 259;
/** Who set a lock, for whoever finds it in the portal: no path or name, which a refactor could change (`notes` replaces the lock). */
const DEFAULT_NOTES = 'Set by Terraform: remove it in the stack that sets it. Removed by hand, the next apply sets it again.';

/** Construct id of a resource's lock, under the resource's construct. */
const LOCK_ID = 'lock';

/**
 * A management lock on `resourceId` (an `azurerm_management_lock`, construct id `lock` under
 * `resource`): one per resource construct. What the lock means for a deploy is in the preflight
 * (the deployer needs `Microsoft.Authorization/locks/write`: Owner, User Access Administrator or a
 * custom role with `Microsoft.Authorization/locks/*`; Contributor and Role Based Access Control
 * Administrator do not have it) and in docs/deploy.md.
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
  const givenName = literalOf(resource, name);
  // azurerm counts bytes: a name of 259 characters with an accented letter is refused at plan.
  if (givenName !== undefined && Buffer.byteLength(givenName, 'utf8') > MAX_NAME_BYTES) {
    refuse(resource, {
      lesson: 'AZURE', setting: 'lock.name', given: givenName,
      problem: `azurerm refuses a lock name of more than ${MAX_NAME_BYTES} bytes at plan (${Buffer.byteLength(givenName, 'utf8')} bytes in UTF-8).`,
      fix: `shorten the name to ${MAX_NAME_BYTES} bytes or fewer.`,
    });
  }
  const notes = options.notes ?? DEFAULT_NOTES;
  const givenNotes = literalOf(resource, notes);
  if (givenNotes !== undefined && Buffer.byteLength(givenNotes, 'utf8') > MAX_NOTES) {
    refuse(resource, {
      lesson: 'AZURE', setting: 'lock.notes', given: givenNotes,
      problem: `azurerm refuses lock notes of more than ${MAX_NOTES} bytes at plan (${Buffer.byteLength(givenNotes, 'utf8')} bytes in UTF-8).`,
      fix: `shorten the notes to ${MAX_NOTES} bytes or fewer.`,
    });
  }
  const lock = new ManagementLock(resource, LOCK_ID, { name, scope: resourceId, lockLevel: level, notes });
  if (level === LockLevel.READ_ONLY) {
    // On the lock itself, so the warning stands for the rule's finding on this lock only (another
    // read-only lock under the resource's construct is reported on its own).
    warn(lock, {
      id: 'AZURE.ReadOnlyLock', ruleSettings: ['lock_level'], lesson: 'AZURE', setting: 'level', given: level,
      problem: READ_ONLY_LOCK_PROBLEM,
      fix: 'use LockLevel.CAN_NOT_DELETE, which stops deletes only; to freeze the resource on purpose, suppress AZURE.ReadOnlyLock on the lock addLock returns, with the reason.',
    });
  }
  // The lock waits for everything under the resource's construct (its queues, tables, grants,
  // private endpoints, diagnostics), read at synth so later children count: created after them
  // (a read-only lock would refuse their creation), destroyed before them (a destroy of the stack
  // would otherwise delete a queue under the lock and fail with ScopeLocked).
  lock.dependsOn = Lazy.listValue({
    produce: () => resource.node.findAll()
      .filter((c): c is TerraformResource => c instanceof TerraformResource && c !== lock && c !== resource)
      .map(addressOf),
  });
  return lock;
}
