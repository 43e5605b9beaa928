import { Construct } from 'constructs';
import { TerraformStack } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import { ConstructMoves } from '../../constructs/core/construct-moves';
import { PublicNetworkAccess } from '../../constructs/core/network';
import { StorageAccount } from '../../constructs/storage/storage-account';
import { refusalOf } from '../support/refusal';
import { synth, testStack } from '../support/synth';

// A renamed or moved construct keeps its resources: `moved` blocks from the addresses the old
// construct path gave them (issue 29). The Terraform side (a plan that shows a move, not a
// replacement) is in test/tools/upgrade-check.test.ts.

const PROPS = { name: 'stmoves', resourceGroupName: 'rg', location: 'westeurope', publicNetworkAccess: PublicNetworkAccess.ENABLED };
type Moved = { from: string; to: string };

/** The resources' addresses of a stack: `type.name`. */
function addresses(stack: TerraformStack): string[] {
  const tf = synth(stack);
  return Object.entries(tf.resource ?? {}).flatMap(([type, items]) => Object.keys(items).map((name) => `${type}.${name}`)).sort();
}

function storageIn(scope: Construct, id: string) {
  const storage = new StorageAccount(scope, id, PROPS);
  return storage;
}

describe('ConstructMoves', () => {
  it('writes a moved block from each resource\'s address under the old id to its address now, children added after the call too', () => {
    const before = testStack();
    storageIn(before, 'storage').addQueue('jobs');
    const oldAddresses = addresses(before);

    const after = testStack();
    const storage = storageIn(after, 'orders-storage');
    ConstructMoves.renamedFrom(storage, 'storage');
    storage.addQueue('jobs');
    const newAddresses = addresses(after);
    const moved = (synth(after) as { moved?: Moved[] }).moved ?? [];

    expect(oldAddresses).toHaveLength(2);
    expect(newAddresses.filter((a) => oldAddresses.includes(a))).toEqual([]);
    expect(moved.map((m) => m.from).sort()).toEqual(oldAddresses);
    expect(moved.map((m) => m.to).sort()).toEqual(newAddresses);
    // Each resource moves to the address of its own type.
    for (const m of moved) expect(m.from.split('.')[0]).toBe(m.to.split('.')[0]);
  });

  it('moves a construct from another parent (movedFrom with the old path below the stack)', () => {
    const before = testStack();
    storageIn(new Construct(before, 'platform'), 'storage');
    const after = testStack();
    ConstructMoves.movedFrom(storageIn(after, 'storage'), 'platform/storage');
    expect((synth(after) as { moved?: Moved[] }).moved).toEqual([{ from: addresses(before)[0], to: addresses(after)[0] }]);
  });

  it('leaves a resource whose logical id is overridden: its address does not depend on the construct path', () => {
    const stack = testStack();
    const platform = new Construct(stack, 'platform-2');
    new ResourceGroup(platform, 'group', { name: 'rg-a', location: 'westeurope' }).overrideLogicalId('group');
    new ResourceGroup(platform, 'other', { name: 'rg-b', location: 'westeurope' });
    ConstructMoves.renamedFrom(platform, 'platform');
    expect((synth(stack) as { moved?: Moved[] }).moved).toEqual([
      { from: expect.stringMatching(/^azurerm_resource_group\.platform_other_[0-9A-F]{8}$/), to: expect.stringMatching(/^azurerm_resource_group\.platform-2_other_[0-9A-F]{8}$/) },
    ]);
  });

  it('fails when the old id is empty or a path', () => {
    for (const oldId of ['', 'platform/storage']) {
      const r = refusalOf(() => ConstructMoves.renamedFrom(storageIn(testStack(), 'storage-2'), oldId));
      expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/storage-2', setting: 'oldId' });
      expect(r.message).toContain('a construct id is one non-empty path segment. Fix: give the id the construct had');
    }
  });

  it('fails when the old path is the construct\'s path now, or has an empty id', () => {
    expect(refusalOf(() => ConstructMoves.movedFrom(storageIn(testStack(), 'storage'), 'storage')).message)
      .toBe('[AZURE] test/storage: oldPath = "storage": it is the construct\'s path now: a move to the same address is no move. Fix: give the path the construct had before it was renamed or moved.');
    expect(refusalOf(() => ConstructMoves.movedFrom(storageIn(testStack(), 'storage'), 'platform//storage')).setting).toBe('oldPath');
  });
});
