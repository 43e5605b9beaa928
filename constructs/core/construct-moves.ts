import { Aspects, IAspect, TerraformResource, TerraformStack } from 'cdktf';
import { makeUniqueId } from 'cdktf/lib/private/unique';
import { IConstruct } from 'constructs';
import { refuse } from './validation';

/**
 * Terraform `moved` blocks for a construct that was renamed or moved in the tree. Construct ids
 * are hashed into Terraform addresses, so a renamed construct gives every resource under it a new
 * address, and Terraform would destroy the real resource at the old one and create another (a
 * storage account's data, a vault's secrets, an identity and every grant on its principal id).
 * Recording where the construct was makes the plan show a move instead:
 *
 *   const storage = new StorageAccount(this, 'orders-storage', { ... }); // was 'storage'
 *   ConstructMoves.renamedFrom(storage, 'storage');
 *
 * Every resource under the construct, also those added later (`storage.addQueue(...)`), gets
 * `moved { from = <its address under the old path>, to = <its address now> }`. Keep the call
 * while any deployment may still hold the old addresses; `npm run check:upgrade` shows the moves.
 */
export class ConstructMoves {
  /** The construct had the id `oldId` under the same parent before. */
  public static renamedFrom(construct: IConstruct, oldId: string): void {
    const path = ConstructMoves.pathInStack(construct);
    if (!oldId || oldId.includes('/')) {
      refuse(construct, {
        lesson: 'AZURE', setting: 'oldId', given: oldId,
        problem: 'a construct id is one non-empty path segment.',
        fix: 'give the id the construct had, e.g. \'storage\'; for a construct that moved under another parent use ConstructMoves.movedFrom(construct, \'old-parent/old-id\').',
      });
    }
    ConstructMoves.movedFrom(construct, [...path.slice(0, -1), oldId].join('/'));
  }

  /**
   * The construct was at `oldPath` before: its construct ids from the stack down, joined with `/`
   * (`'platform/storage'` for a construct `storage` under a construct `platform` of the stack).
   */
  public static movedFrom(construct: IConstruct, oldPath: string): void {
    const path = ConstructMoves.pathInStack(construct);
    const old = oldPath.split('/');
    if (old.some((id) => id === '')) {
      refuse(construct, {
        lesson: 'AZURE', setting: 'oldPath', given: oldPath,
        problem: 'the old path is the construct ids from the stack down, joined with "/", none of them empty.',
        fix: 'give e.g. \'platform/storage\' (the stack\'s own id is not part of it).',
      });
    }
    if (old.join('/') === path.join('/')) {
      refuse(construct, {
        lesson: 'AZURE', setting: 'oldPath', given: oldPath,
        problem: 'it is the construct\'s path now: a move to the same address is no move.',
        fix: 'give the path the construct had before it was renamed or moved.',
      });
    }
    Aspects.of(construct).add(new MovedFrom(construct, old));
  }

  /** The construct ids from the stack (exclusive) down to `construct`. */
  private static pathInStack(construct: IConstruct): string[] {
    const scopes = construct.node.scopes;
    const stackIndex = scopes.findIndex((s) => TerraformStack.isStack(s));
    if (stackIndex < 0 || stackIndex === scopes.length - 1) {
      refuse(construct, {
        lesson: 'AZURE', setting: 'construct', given: construct.node.path,
        problem: 'only a construct inside a stack has Terraform addresses to move.',
        fix: 'call it with a construct under a TerraformStack (an AzureStack).',
      });
    }
    return scopes.slice(stackIndex + 1).map((s) => s.node.id);
  }

  private constructor() {}
}

/** Gives each resource under the construct its `moved` block, at synth (so later children count too). */
class MovedFrom implements IAspect {
  private readonly done = new Set<TerraformResource>();

  constructor(private readonly construct: IConstruct, private readonly oldPath: string[]) {}

  public visit(node: IConstruct): void {
    if (!TerraformResource.isTerraformResource(node) || this.done.has(node)) return;
    this.done.add(node);
    const scopes = node.node.scopes;
    const below = scopes.slice(scopes.indexOf(this.construct) + 1).map((s) => s.node.id);
    const now = scopes.slice(scopes.indexOf(node.cdktfStack) + 1).map((s) => s.node.id);
    // A resource whose logical id was overridden keeps its address wherever its construct is.
    if (node.friendlyUniqueId !== makeUniqueId(now)) return;
    // The address cdktf's default naming gave the resource under the old path (TerraformStack.allocateLogicalId).
    node.moveFromId(`${node.terraformResourceType}.${makeUniqueId([...this.oldPath, ...below])}`);
  }
}
