import { CredentialPattern, credentialFormatOf, KEY_VAULT } from './credential-formats';
import { literalSecretWord } from './secret-detection';

/**
 * The virtual machine types whose `custom_data` and `user_data` are a script the machine runs or
 * reads at boot (cloud-init, a shell script, a PowerShell script), base64-encoded.
 */
export const MACHINE_SCRIPT_TYPES: ReadonlySet<string> = new Set(['linux_virtual_machine', 'windows_virtual_machine', 'linux_virtual_machine_scale_set', 'windows_virtual_machine_scale_set', 'orchestrated_virtual_machine_scale_set'].map((t) => `azurerm_${t}`));

/** The attributes of those types that hold such a script (a nested block's as its path; an orchestrated scale set's `user_data_base64`). */
export const MACHINE_SCRIPT_ATTRIBUTES: ReadonlySet<string> = new Set(['custom_data', 'user_data', 'user_data_base64', 'os_profile.custom_data']);

/** Base64 text as azurerm takes a script: only base64 characters, padded to a multiple of four. */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The text of a script as written (`#!/bin/bash ...`) or base64-encoded (what `base64encode`,
 * `filebase64` and azurerm take): the decoded text when the value is base64 of UTF-8 or UTF-16LE
 * text, undefined when it is base64 of other bytes (gzip), else the value itself.
 */
export function scriptTextOf(value: string): string | undefined {
  const compact = value.replace(/\s+/g, '');
  if (compact.length < 8 || compact.length % 4 !== 0 || !BASE64.test(compact)) return value;
  const bytes = Buffer.from(compact, 'base64');
  // Text, not bytes: no replacement characters and no control characters but white space; UTF-8,
  // or UTF-16LE as Windows writes a PowerShell script.
  const text = (t: string) => !/[\uFFFD\u0000-\u0008\u000E-\u001F]/.test(t);
  const utf8 = bytes.toString('utf8');
  if (text(utf8)) return utf8;
  const utf16 = bytes.length % 2 === 0 ? bytes.toString('utf16le').replace(/^\uFEFF/, '') : undefined;
  return utf16 !== undefined && text(utf16) ? utf16 : undefined;
}

/**
 * An assignment in a script or its configuration: `DB_PASSWORD=...`, `password: ...` (YAML),
 * `$env:API_TOKEN = '...'`, `Environment="DB_PASSWORD=..."`; the name and the literal, bounded.
 */
const ASSIGNMENT = /(?:^|[\s"'{,;(:])\$?(?:env:)?([A-Za-z_][\w.-]{0,127})\s{0,8}[:=]\s{0,8}(?:"([^"\n]{1,1024})"|'([^'\n]{1,1024})'|([^\s"'#,;}\n]{1,1024}))/gm;

/** A value that says where a secret is, not what it is: a variable, a command's output, a path, a placeholder, a template's or YAML's reference. */
const NOT_A_LITERAL = /^(?:[$%{<`(/~@*&!|>]|\.\/)/;

/** A literal under a secret's name in a script's text (`export DB_PASSWORD=...`, YAML's `password: ...`), as a format is described, or undefined. */
function namedLiteralIn(text: string): CredentialPattern | undefined {
  for (const m of text.matchAll(ASSIGNMENT)) {
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    if (NOT_A_LITERAL.test(value)) continue;
    const word = literalSecretWord(m[1], value);
    if (word !== undefined) return { what: `a literal under a secret's name (${m[1]})`, matches: () => true, instead: KEY_VAULT };
    // A quoted value may hold an assignment of its own (systemd's `Environment="DB_PASSWORD=..."`).
    const inner = m[4] === undefined && /[=:]/.test(value) ? namedLiteralIn(value) : undefined;
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/**
 * The credential a machine's boot script holds (decoded from base64 where it is): a known format,
 * or a literal under a secret's name. `null` when it holds none; undefined when the value is
 * bytes that are no text (gzip): the caller judges it as the opaque value it is.
 */
export function scriptCredentialOf(value: string): CredentialPattern | null | undefined {
  const text = scriptTextOf(value);
  if (text === undefined) return undefined;
  return credentialFormatOf(text) ?? namedLiteralIn(text) ?? null;
}

/** What a finding on a machine's boot script says: what the script holds, and who reads it. */
export function scriptProblem(attribute: string, format: CredentialPattern): string {
  const where = attribute.includes('user_data')
    ? 'user_data is not secret: every process on the machine reads it from the instance metadata service (169.254.169.254), and every reader of the VM in Azure'
    : 'custom_data stays on the machine\'s disk (/var/lib/waagent/CustomData, readable by its administrators)';
  return `the machine's boot script holds ${format.what}: the configuration (cdk.tf.json or the .tf files), the plan file and the Terraform state hold it, and ${where}.`;
}

/** The fix for a credential in a machine's boot script. */
export const SCRIPT_FIX = 'let the script read the secret at boot with the machine\'s managed identity (az login --identity, then az keyvault secret show; or the Key Vault VM extension), granted Key Vault Secrets User on that secret, and write no secret into custom_data or user_data.';
