import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergedConfig, repositoryConfig, skipEntries } from '../../tools/checkov/config.mjs';

const BASE = [
  'framework:',
  '  - terraform_json',
  'skip-check:',
  '  # CKV_A and CKV_B read x: one reason for both.',
  '  - CKV_A',
  '  - CKV_B',
  '# A note after the list, not a skip.',
  '',
].join('\n');

const SERVICE = [
  '# Service Bus skips.',
  'skip-check:',
  '  # CKV_AZURE_201 asks for a customer-managed key: the platform keeps Microsoft-managed keys.',
  '  - CKV_AZURE_201',
  '',
].join('\n');

describe('the Checkov configuration: .checkov.yaml and the service folders\' checkov.yaml', () => {
  it('adds a service folder\'s skips, with their reasons and the file they come from, to the list before its trailing notes', () => {
    const merged = mergedConfig(BASE, [{ file: 'constructs/service-bus/checkov.yaml', text: SERVICE }]);
    expect(merged.split('\n')).toEqual([
      'framework:',
      '  - terraform_json',
      'skip-check:',
      '  # CKV_A and CKV_B read x: one reason for both.',
      '  - CKV_A',
      '  - CKV_B',
      '  # (constructs/service-bus/checkov.yaml)',
      '  # CKV_AZURE_201 asks for a customer-managed key: the platform keeps Microsoft-managed keys.',
      '  - CKV_AZURE_201',
      '# A note after the list, not a skip.',
      '',
    ]);
    expect(skipEntries(merged, 'merged').map((e) => e.id)).toEqual(['CKV_A', 'CKV_B', 'CKV_AZURE_201']);
  });

  it('fails when a service folder skips a check without a reason', () => {
    expect(() => mergedConfig(BASE, [{ file: 'constructs/x/checkov.yaml', text: 'skip-check:\n  - CKV_AZURE_1\n' }]))
      .toThrow('constructs/x/checkov.yaml: CKV_AZURE_1 has no reason: write why it does not apply in a comment above it');
  });

  it('fails when a check is skipped twice', () => {
    expect(() => mergedConfig(BASE, [{ file: 'constructs/x/checkov.yaml', text: 'skip-check:\n  # again\n  - CKV_B\n' }]))
      .toThrow('constructs/x/checkov.yaml: CKV_B is skipped twice (already in .checkov.yaml or another folder\'s checkov.yaml)');
  });

  it('reads the repository\'s files: every skip of .checkov.yaml and of each service folder is listed once, with a reason', () => {
    const merged = repositoryConfig(join(__dirname, '..', '..'));
    const ids = skipEntries(merged, 'merged').map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining(['CKV_AZURE_107', 'CKV_AZURE_174']));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
