import { describe, expect, it } from 'vitest';
import { scriptCredentialOf, scriptTextOf } from '../../constructs/core/machine-scripts';

describe('a virtual machine\'s boot script as the checks read it', () => {
  it('reads base64 of UTF-8 or UTF-16LE text as the text, leaves plain text and short values as they are, and reads no other bytes (gzip)', () => {
    expect(scriptTextOf(Buffer.from('#!/bin/bash\necho hi\n').toString('base64'))).toBe('#!/bin/bash\necho hi\n');
    expect(scriptTextOf(Buffer.from('\uFEFFWrite-Host hi\r\n', 'utf16le').toString('base64'))).toBe('Write-Host hi\r\n');
    expect(scriptTextOf('#cloud-config\npackages: [nginx]')).toBe('#cloud-config\npackages: [nginx]');
    expect(scriptTextOf('abcd')).toBe('abcd');
    expect(scriptTextOf(Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x01, 0x02, 0x03, 0xff, 0xfe]).toString('base64'))).toBeUndefined();
  });

  it('finds a credential format or a literal under a secret\'s name in the decoded script (shell, YAML, PowerShell, systemd), and none in a script that holds none', () => {
    const b64 = (t: string, encoding: BufferEncoding = 'utf8') => Buffer.from(t, encoding).toString('base64');
    expect(scriptCredentialOf(b64('export ARM_CLIENT_SECRET=s3cr3t-value-1234\n'))?.what).toMatch(/^a secret on a command line/);
    expect([
      '#cloud-config\nwrite_files:\n  - path: /etc/app.yaml\n    content: |\n      password: hunter2hunter2\n',
      '[Service]\nEnvironment="DB_PASSWORD=correct horse"\n',
      '$env:API_TOKEN = "abc123abc123"\n',
    ].map((t) => scriptCredentialOf(b64(t))?.what.split(' (')[0])).toEqual(['a literal under a secret\'s name', 'a literal under a secret\'s name', 'a secret on a command line']);
    expect(scriptCredentialOf(b64('$Password = ConvertTo-SecureString "P@ssw0rd-1234" -AsPlainText -Force\r\n', 'utf16le'))).not.toBeNull();
    expect([
      '#cloud-config\nruncmd:\n  - systemctl start nginx\nssh_pwauth: false\nlock_passwd: true\n',
      '#!/bin/bash\nexport DB_PASSWORD=$(az keyvault secret show --vault-name kv --name db --query value -o tsv)\nPASSWORD_FILE=/run/secrets/db\n',
    ].map((t) => scriptCredentialOf(b64(t)))).toEqual([null, null]);
    expect(scriptCredentialOf(Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x01, 0x02, 0x03, 0xff, 0xfe]).toString('base64'))).toBeUndefined();
  });
});
