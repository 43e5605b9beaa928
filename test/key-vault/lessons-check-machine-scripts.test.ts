import { Fn, Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { LinuxVirtualMachine } from '@cdktf/provider-azurerm/lib/linux-virtual-machine';
import { failuresOf, lessonsOn } from '../support/hcl';
import { rawStack } from '../support/lessons-rules';
import { errorsOf } from '../support/synth';

// SEC-1 on a virtual machine's boot script (custom_data, user_data): the script is no secret
// itself; what it holds is judged, read as the text it is (decoded from base64). Credentials are
// assembled at run time, so no scanner mistakes this file for a leak.
const PASSWORD = ['correct', 'horse', 'battery', 'staple'].join('-');
const SENSITIVE = 'SEC-1.SensitiveAttributePlainSecret';
const PLAIN = 'SEC-1.PlainCredential';
const b64 = (text: string) => Buffer.from(text).toString('base64');
const vm = (name: string, body: string) => [`resource "azurerm_linux_virtual_machine" "${name}" {`, `  name                = "${name}"`, '  resource_group_name = "rg"', '  location            = "westeurope"', body, '}'].join('\n');

describe('SEC-1 on a virtual machine\'s boot script', () => {
  it('fails when custom_data or user_data, base64 of a script or base64encode() of a literal, sets a credential\'s variable or logs in with a password, with the managed identity fix', async () => {
    const hcl = [
      vm('env', `  custom_data = base64encode("#!/bin/bash\\nexport DB_PASSWORD=${PASSWORD}\\n/opt/app/run.sh\\n")`),
      vm('login', `  user_data = "${b64(`#!/bin/bash\ndocker login contoso.azurecr.io -u app -p ${PASSWORD}\n`)}"`),
      'locals {', `  boot = "#!/bin/bash\\nsqlcmd -S sql-orders.database.windows.net -U app -P ${PASSWORD} -i seed.sql\\n"`, '}',
      vm('local', '  user_data = base64encode(local.boot)'), '',
    ].join('\n');
    const report = await lessonsOn({ 'main.tf': hcl });
    expect(failuresOf(report, SENSITIVE).map((r) => `${r.address} ${r.setting}`)).toEqual(['azurerm_linux_virtual_machine.env custom_data']);
    const plain = failuresOf(report, PLAIN);
    expect(plain.map((r) => `${r.address} ${r.setting}`)).toEqual(['azurerm_linux_virtual_machine.local user_data', 'azurerm_linux_virtual_machine.login user_data']);
    const [custom] = failuresOf(report, SENSITIVE);
    expect(custom.message).toMatch(/^\[SEC-1\.SensitiveAttributePlainSecret\] azurerm_linux_virtual_machine\.env: custom_data = "…\(\d+ chars\)": the machine's boot script holds a secret on a command line/);
    expect(custom.message).toContain('custom_data stays on the machine\'s disk (/var/lib/waagent/CustomData');
    expect(plain[0].message).toContain('user_data is not secret: every process on the machine reads it from the instance metadata service');
    expect(plain[0].message).toContain('Fix: let the script read the secret at boot with the machine\'s managed identity (az login --identity');
    for (const r of [...plain, custom]) expect(r.message).not.toContain(PASSWORD);
  });

  it('fails when a script known at plan only in part shows a secret beside a reference, with the boot script\'s fix', async () => {
    const hcl = ['variable "host" {}', vm('partial', `  custom_data = base64encode("#!/bin/bash\\nexport DB_PASSWORD=${PASSWORD}\\nexport DB_HOST=\${var.host}\\n")`), ''].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': hcl }), SENSITIVE);
    expect(found.map((r) => `${r.address} ${r.setting}`)).toEqual(['azurerm_linux_virtual_machine.partial custom_data']);
    expect(found[0].message).toContain('written beside references');
    expect(found[0].message).toContain('Fix: let the script read the secret at boot with the machine\'s managed identity');
    expect(found[0].message).not.toContain(PASSWORD);
  });

  it('passes a script that holds no credential (a cloud-config given as a literal, a script that reads Key Vault with the machine\'s identity) and one read from a file', async () => {
    const hcl = [
      vm('config', '  custom_data = base64encode("#cloud-config\\npackages:\\n  - nginx\\n")'),
      vm('vault', `  user_data = "${b64('#!/bin/bash\naz login --identity\nexport DB_PASSWORD=$(az keyvault secret show --vault-name kv-orders --name db --query value -o tsv)\n')}"`),
      vm('file', '  custom_data = filebase64("${path.module}/cloud-init.yaml")\n  user_data = base64encode(file("${path.module}/boot.sh"))'), '',
    ].join('\n');
    const report = await lessonsOn({ 'main.tf': hcl });
    expect([...failuresOf(report, SENSITIVE), ...failuresOf(report, PLAIN)]).toEqual([]);
  });

  it('fails when a Windows script (UTF-16LE PowerShell), a cloud-config\'s YAML or a systemd unit holds a literal under a secret\'s name; a gzip script, which is no text, is refused as the value it is (review)', async () => {
    const win = (name: string, body: string) => [`resource "azurerm_windows_virtual_machine" "${name}" {`, `  name                = "${name}"`, '  resource_group_name = "rg"', '  location            = "westeurope"', body, '}'].join('\n');
    const hcl = [
      win('ps', `  custom_data = "${Buffer.from(`$env:DB_PASSWORD = '${PASSWORD}'\r\n`, 'utf16le').toString('base64')}"`),
      vm('yaml', `  custom_data = "${b64(`#cloud-config\nwrite_files:\n  - path: /etc/app.yaml\n    content: |\n      password: ${PASSWORD}\n`)}"`),
      vm('unit', `  user_data = "${b64(`[Service]\nEnvironment="DB_PASSWORD=${PASSWORD}"\n`)}"`),
      vm('gzip', `  custom_data = "${Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x01, 0x02, 0x03, 0xff, 0xfe, 0x10, 0x20, 0x30]).toString('base64')}"`),
      '', 'resource "azurerm_orchestrated_virtual_machine_scale_set" "ok" {', '  name                = "vmss"', '  resource_group_name = "rg"', '  location            = "westeurope"',
      `  user_data_base64    = "${b64('#cloud-config\npackages:\n  - nginx\n')}"`, '}', '',
    ].join('\n');
    const report = await lessonsOn({ 'main.tf': hcl });
    const found = [...failuresOf(report, SENSITIVE), ...failuresOf(report, PLAIN)].map((r) => `${r.ruleId} ${r.address} ${r.setting}`);
    expect(found).toEqual([
      `${SENSITIVE} azurerm_linux_virtual_machine.gzip custom_data`,
      `${SENSITIVE} azurerm_linux_virtual_machine.yaml custom_data`,
      `${SENSITIVE} azurerm_windows_virtual_machine.ps custom_data`,
      `${PLAIN} azurerm_linux_virtual_machine.unit user_data`,
    ]);
  });

  it('fails the same on a stack: customData as base64 the app computes, and Fn.base64encode of a literal', () => {
    const stack = rawStack();
    const common = { resourceGroupName: 'rg', location: 'westeurope', size: 'Standard_B2s', adminUsername: 'azureuser', networkInterfaceIds: ['/subscriptions/0/nic'], osDisk: { caching: 'ReadWrite', storageAccountType: 'Standard_LRS' } };
    new LinuxVirtualMachine(stack, 'vm', { ...common, name: 'vm', customData: b64(`#!/bin/bash\nexport API_TOKEN=${PASSWORD}\n`) });
    new LinuxVirtualMachine(stack, 'ok', { ...common, name: 'ok', customData: Fn.base64encode('#cloud-config\npackages:\n  - nginx\n'), userData: Fn.base64encode(`#!/bin/bash\nkubectl create secret generic psp --from-literal=api-key=${PASSWORD}\n`) });
    Testing.synth(stack);
    expect(errorsOf(stack).filter((e) => e.startsWith('[SEC-1.')).map((e) => e.split(' = ')[0])).toEqual([
      `[${SENSITIVE}] other-dev/vm: custom_data`,
      `[${PLAIN}] other-dev/ok: user_data`,
    ]);
  });
});
