import { describe, expect, it } from 'vitest';
import { ContainerRegistry } from '../../constructs/container-apps/container-registry';
import { refusalOf } from '../support/refusal';
import { testStack } from '../support/synth';

// ContainerRegistry; its grants (grantPull) are in identity-and-grants, its network in network.

describe('ContainerRegistry.fromExisting names', () => {
  it.each(['contoso-shared', 'crshared!'])('fails when the registry name is %j', (name) => {
    expect(refusalOf(() => ContainerRegistry.fromExisting(testStack(), 'registry', { name, resourceGroupName: 'rg' })))
      .toMatchObject({ lesson: 'AZURE', path: 'test/registry', setting: 'name' });
  });
});
