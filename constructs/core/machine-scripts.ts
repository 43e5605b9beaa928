import { CredentialPattern, credentialFormatOf } from './credential-formats';

/**
 * The virtual machine types whose `custom_data` and `user_data` are a script the machine runs or
 * reads at boot (cloud-init, a shell script, a PowerShell script), base64-encoded.
 */
export const MACHINE_SCRIPT_TYPES: ReadonlySet<string> = new Set(['linux_virtual_machine', 'windows_virtual_machine', 'linux_virtual_machine_scale_set', 'windows_virtual_machine_scale_set', 'orchestrated_virtual_machine_scale_set', 'virtual_machine'].map((t) => `azurerm_${t}`));

/** The attributes of those types that hold such a script (a nested block's as its path). */
export const MACHINE_SCRIPT_ATTRIBUTES: ReadonlySet<string> = new Set(['custom_data', 'user_data', 'os_profile.custom_data']);

/** Base64 text as azurerm takes a script: only base64 characters, padded to a multiple of four. */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The text of a script as written (`#!/bin/bash ...`) or base64-encoded (what `base64encode`,
 * `filebase64` and azurerm take): the decoded text when the value is base64 of UTF-8 text, else
 * the value itself.
 */
export function scriptTextOf(value: string): string {
  const compact = value.replace(/\s+/g, '');
  if (compact.length < 8 || compact.length % 4 !== 0 || !BASE64.test(compact)) return value;
  const decoded = Buffer.from(compact, 'base64').toString('utf8');
  // Text, not bytes: no replacement characters and no control characters but white space.
  return /[\uFFFD\u0000-\u0008\u000E-\u001F]/.test(decoded) ? value : decoded;
}

/** The credential format a machine's boot script holds (decoded from base64 where it is), or undefined. */
export function scriptCredentialOf(value: string): CredentialPattern | undefined {
  return credentialFormatOf(scriptTextOf(value));
}

/** What a finding on a machine's boot script says: what the script holds, and who reads it. */
export function scriptProblem(attribute: string, format: CredentialPattern): string {
  const where = attribute.endsWith('user_data')
    ? 'user_data is not secret: every process on the machine reads it from the instance metadata service (169.254.169.254), and every reader of the VM in Azure'
    : 'custom_data stays on the machine\'s disk (/var/lib/waagent/CustomData, readable by its administrators)';
  return `the machine's boot script holds ${format.what}: the configuration (cdk.tf.json or the .tf files), the plan file and the Terraform state hold it, and ${where}.`;
}

/** The fix for a credential in a machine's boot script. */
export const SCRIPT_FIX = 'let the script read the secret at boot with the machine\'s managed identity (az login --identity, then az keyvault secret show; or the Key Vault VM extension), granted Key Vault Secrets User on that secret, and write no secret into custom_data or user_data.';
