import { describe, expect, it } from 'vitest';
import { scriptCredentialOf, scriptTextOf } from '../../constructs/core/machine-scripts';

describe('a virtual machine\'s boot script as the checks read it', () => {
  it('reads base64 of text as the text, and leaves plain text, short values and bytes as they are', () => {
    expect(scriptTextOf(Buffer.from('#!/bin/bash\necho hi\n').toString('base64'))).toBe('#!/bin/bash\necho hi\n');
    expect(scriptTextOf('#cloud-config\npackages: [nginx]')).toBe('#cloud-config\npackages: [nginx]');
    expect(scriptTextOf('abcd')).toBe('abcd');
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02, 0x03, 0xff]).toString('base64');
    expect(scriptTextOf(bytes)).toBe(bytes);
  });

  it('finds a credential format in the decoded script, and none in a script that holds none', () => {
    expect(scriptCredentialOf(Buffer.from('export ARM_CLIENT_SECRET=s3cr3t-value-1234\n').toString('base64'))?.what).toMatch(/^a secret on a command line/);
    expect(scriptCredentialOf(Buffer.from('#cloud-config\nruncmd:\n  - systemctl start nginx\n').toString('base64'))).toBeUndefined();
  });
});
