import { maskCredential } from '../../core/credential-formats';
import { literalText, TerraformVariables } from '../../core/terraform-expression';
import { blockOf } from '../../lessons-check/rules/attributes';
import { documentOf } from './arm-sensitive-values';
import { NAMED_ROOTS } from './argument-leaves';

// SEC-1 on an extension's public settings (a VM's, a scale set's, an Arc or Azure Stack HCI
// machine's, a Batch pool's, a cluster's): which arguments they are, how they are read, and the
// fix that names each type's protected counterpart. SEC-1.PlainCredential judges them.

/**
 * An extension's public configuration, by type: JSON text (`settings`, a Batch pool's
 * `settings_json`) or a map (a Kubernetes extension's `configuration_settings`) whose property
 * names say what their values are (`storageAccountKey`, `auth.clientSecret`). Azure keeps it
 * unencrypted and returns it to every reader of the machine or cluster; its counterpart
 * (`protected_settings`, `configuration_protected_settings`) is encrypted, reaches the machine
 * only and is never returned. Paths from the block's root; a nested block's (a scale set's
 * `extension`) with the block's name first.
 */
export const EXTENSION_SETTINGS: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(['virtual_machine_extension', 'virtual_machine_scale_set_extension', 'arc_machine_extension', 'stack_hci_extension'].map((t) => [`azurerm_${t}`, ['settings']])),
  ...Object.fromEntries(['linux_virtual_machine_scale_set', 'windows_virtual_machine_scale_set', 'orchestrated_virtual_machine_scale_set', 'virtual_machine_scale_set'].map((t) => [`azurerm_${t}`, ['extension.settings']])),
  azurerm_batch_pool: ['extensions.settings_json'],
  ...Object.fromEntries(['kubernetes_cluster_extension', 'arc_kubernetes_cluster_extension'].map((t) => [`azurerm_${t}`, ['configuration_settings']])),
};

/** The extension's public settings `setting` is in (`settings`, `extension[0].settings.storageAccountKey`), as its path in `EXTENSION_SETTINGS`, or undefined. */
export function extensionSettingOf(type: string, setting: string): string | undefined {
  const bare = setting.replace(/\[\d+\]/g, '');
  return EXTENSION_SETTINGS[type]?.find((path) => bare === path || bare.startsWith(`${path}.`));
}

/**
 * The names extensions take in their protected settings only, whose words do not say "secret":
 * the Log Analytics agent's `workspaceKey` (OmsAgentForLinux, MicrosoftMonitoringAgent), the Azure
 * Pipelines agent's `PATToken` (TeamServicesAgent), Container Insights' `amalogs.secret.key` and
 * `omsagent.secret.key` on a cluster. A literal under one in the public settings is the secret.
 */
const PROTECTED_ONLY_NAMES = new Set(['workspacekey', 'pattoken', 'amalogs.secret.key', 'omsagent.secret.key']);

/** A literal (seen through a variable's default or a local) under a name of `PROTECTED_ONLY_NAMES`, as a finding's start, or undefined. */
export function protectedOnlyIn(name: string, text: string, variables: TerraformVariables): { readonly given: string; readonly problem: string; readonly fix: string } | undefined {
  if (!PROTECTED_ONLY_NAMES.has(name.toLowerCase())) return undefined;
  const value = literalText(text, variables);
  if (value === undefined || value === '') return undefined;
  return { given: maskCredential(value), problem: `the extension takes ${name} in its protected settings only (it is the secret the agent signs in with), and it is a literal`, fix: '' };
}

/** The types whose extension takes its protected settings from a Key Vault secret (`protected_settings_from_key_vault`). */
const EXTENSION_SETTINGS_FROM_KEY_VAULT = new Set(['virtual_machine_extension', 'virtual_machine_scale_set_extension', 'linux_virtual_machine_scale_set', 'windows_virtual_machine_scale_set', 'orchestrated_virtual_machine_scale_set'].map((t) => `azurerm_${t}`));

/** The fix for a credential in an extension's public settings at `settings` (a path of `EXTENSION_SETTINGS`): the protected counterpart of the type. */
export function extensionSettingsFix(type: string, settings: string): string {
  const counterpart = settings === 'configuration_settings' ? 'configuration_protected_settings' : settings.replace(/settings(?:_json)?$/, 'protected_settings');
  const vault = EXTENSION_SETTINGS_FROM_KEY_VAULT.has(type) ? ` (or ${counterpart}_from_key_vault: a Key Vault secret the extension reads)` : '';
  const identity = settings === 'configuration_settings'
    ? 'where the extension\'s workload signs in with a managed identity (workload identity), give it no secret at all'
    : 'where the extension takes the machine\'s managed identity (the Custom Script Extension\'s managedIdentity, to download fileUris), give it no key at all';
  return `move the value to ${counterpart}${vault}, which Azure encrypts and never returns, given by reference (a Key Vault secret's value) or from a sensitive variable without a default; ${identity}.`;
}

/** Where a value in an extension's public settings ends up. */
export const EXTENSION_SETTINGS_HELD = 'in an extension\'s public settings: Azure keeps them unencrypted and returns them to every reader of the machine or cluster (the Reader role), and the configuration (cdk.tf.json or the .tf files), the plan file and the Terraform state hold them in plain text.';

/**
 * An extension's arguments with its public settings read as the object they hold, where they are
 * JSON text (`jsonencode({...})`, `JSON.stringify` in a stack; partly known too), as an AzAPI body is.
 */
export function withSettingsDocuments(type: string, given: Record<string, unknown>, variables: TerraformVariables): Record<string, unknown> {
  let out = given;
  for (const path of EXTENSION_SETTINGS[type] ?? []) {
    const [root, inBlock] = path.split('.');
    const decoded = (block: Record<string, unknown>, key: string): Record<string, unknown> => {
      const document = typeof block[key] === 'string' ? documentOf(block[key], variables) : undefined;
      return document === undefined ? block : { ...block, [key]: document };
    };
    if (!(root in given)) continue;
    if (inBlock === undefined) out = decoded(out, root);
    else {
      const blocks = given[root];
      const each = (b: unknown) => (blockOf(b) === undefined ? b : decoded(b as Record<string, unknown>, inBlock));
      out = { ...out, [root]: Array.isArray(blocks) ? blocks.map(each) : each(blocks) };
    }
  }
  return out;
}

/** An extension's: its public settings (`EXTENSION_SETTINGS`), whose property names say what their values are. */
export const EXTENSION_NAMED_ROOTS: Readonly<Record<string, ReadonlySet<string>>> = Object.fromEntries(Object.entries(EXTENSION_SETTINGS)
  .map(([type, paths]) => [type, new Set([...NAMED_ROOTS, ...paths.map((p) => p.split('.')[0])])]));
