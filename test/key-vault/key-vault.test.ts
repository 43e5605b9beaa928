import { TerraformOutput, TerraformResource, Testing } from 'cdktf';
import { Construct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';
import { KeyVaultNamedValue, KeyVaultNamedValueProps } from '../../constructs/api-management/key-vault-named-value';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { PublicNetworkAccess } from '../../constructs/core/network';
import { Grant } from '../../constructs/identity/grant';
import { IPrincipal, ManagedIdentity } from '../../constructs/identity/principal';
import { BuiltInRole } from '../../constructs/identity/roles';
import { ISecretSource, SecretStoreAccess } from '../../constructs/resource/secret-source';
import { KeyVault, KeyVaultProps } from '../../constructs/key-vault/key-vault';
import { KeyVaultSecretSlot } from '../../constructs/key-vault/key-vault-secret-slot';
import { ISubnet } from '../../constructs/network/platform-network';
import { SubnetPurpose } from '../../constructs/network/subnet-purpose';
import { WORKSPACE_ID, gateway } from '../support/fixtures';
import { refusalOf } from '../support/refusal';
import { TerraformJson, resourceOf, notesOf, resourcesOf, synth, warningsOf } from '../support/synth';

const SHARED_VAULT_ID = '/subscriptions/0/resourceGroups/rg-shared/providers/Microsoft.KeyVault/vaults/kv-shared';
const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const VERSION = '0123456789abcdef0123456789abcdef';

function stackOf(production: boolean) {
  return new AzureStack(Testing.app(), { stackName: 'kv', environmentName: production ? 'prod' : 'dev', production });
}

function vaultIn(stack: AzureStack, props: Partial<KeyVaultProps> = {}, id = 'vault') {
  return new KeyVault(stack, id, { name: 'kv-pay', resourceGroupName: 'rg-pay', location: 'westeurope', ...props });
}

function build(production: boolean, props: Partial<KeyVaultProps> = {}) {
  const stack = stackOf(production);
  const vault = vaultIn(stack, props);
  return { stack, vault, tf: synth(stack) };
}

const idOf = (tf: TerraformJson, type: string, path?: string, block: 'resource' | 'data' = 'resource') => {
  const needle = path?.split('/').join('_');
  const ids = Object.keys(tf[block]?.[type] ?? {}).filter((id) => !needle || id.includes(needle));
  if (ids.length !== 1) throw new Error(`expected one ${type}${path ? ` at *${path}` : ''}, found ${ids.length}`);
  return ids[0];
};
const ref = (tf: TerraformJson, type: string, attribute: string, path?: string) => `\${${type}.${idOf(tf, type, path)}.${attribute}}`;
const dataRef = (tf: TerraformJson, type: string, attribute: string) => `\${data.${type}.${idOf(tf, type, undefined, 'data')}.${attribute}}`;
const vaultOf = (tf: TerraformJson) => resourceOf(tf, 'azurerm_key_vault');

const NAME_FIX = 'Fix: use 3-24 characters: letters, digits and single hyphens, starting with a letter and ending with a letter or digit';
const PUBLIC_WARNING = '[SEC-1] kv-prod/vault: publicNetworkAccess = "Enabled": the production vault answers on a public endpoint: only TLS, Entra ID and its role assignments '
  + 'stand between its secrets and the internet. Fix: give the readers a private network (a VNet-integrated gateway), add a private endpoint for the vault, '
  + 'then set publicNetworkAccess to \'Disabled\'.';

describe('KeyVault defaults (SEC-1)', () => {
  it('authorizes with Azure RBAC only: rbac_authorization_enabled, no access policy, standard SKU, 90 days of soft delete', () => {
    const { tf } = build(false);
    expect(vaultOf(tf)).toMatchObject({
      name: 'kv-pay', resource_group_name: 'rg-pay', location: 'westeurope', sku_name: 'standard',
      rbac_authorization_enabled: true, soft_delete_retention_days: 90,
    });
    expect(vaultOf(tf)).not.toHaveProperty('access_policy');
    expect(vaultOf(tf)).not.toHaveProperty('enable_rbac_authorization');
  });

  it('signs the vault into the tenant of the azapi provider unless given one', () => {
    const { tf } = build(false);
    expect(vaultOf(tf).tenant_id).toBe(dataRef(tf, 'azapi_client_config', 'tenant_id'));
    const given = build(false, { tenantId: TENANT }).tf;
    expect(vaultOf(given).tenant_id).toBe(TENANT);
    expect(given.data?.azapi_client_config).toBeUndefined();
  });

  it('dev: purge protection off, no prevent_destroy, public endpoint on, no warning', () => {
    const { tf, stack } = build(false);
    expect(vaultOf(tf)).toMatchObject({ purge_protection_enabled: false, public_network_access_enabled: true });
    expect(vaultOf(tf)).not.toHaveProperty('lifecycle');
    expect(warningsOf(stack)).toEqual([]);
  });

  it('dev: keeps purge protection when asked for it', () => {
    expect(vaultOf(build(false, { purgeProtection: true }).tf).purge_protection_enabled).toBe(true);
  });

  it('prod: purge protection on and prevent_destroy by default; a closed public endpoint gives no warning', () => {
    const { tf, stack } = build(true, { publicNetworkAccess: PublicNetworkAccess.DISABLED });
    expect(vaultOf(tf)).toMatchObject({ purge_protection_enabled: true, public_network_access_enabled: false, lifecycle: { prevent_destroy: true } });
    expect(warningsOf(stack)).toEqual([]);
  });

  it('with the public endpoint off, denies every other caller and lets Azure\'s trusted services in, unless told not to', () => {
    const closed = build(true, { publicNetworkAccess: PublicNetworkAccess.DISABLED });
    expect(vaultOf(closed.tf).network_acls).toEqual({ default_action: 'Deny', bypass: 'AzureServices' });
    expect(closed.vault.trustedServicesOnly).toBe(true);
    const sealed = build(true, { publicNetworkAccess: PublicNetworkAccess.DISABLED, allowTrustedServices: false });
    expect(vaultOf(sealed.tf).network_acls).toEqual({ default_action: 'Deny', bypass: 'None' });
    expect(sealed.vault.trustedServicesOnly).toBe(false);
  });

  it('writes an open firewall while the public endpoint is on, so a vault opened again stops denying (azurerm computes network_acls)', () => {
    const open = build(false, { allowTrustedServices: false });
    expect(vaultOf(open.tf).network_acls).toEqual({ default_action: 'Allow', bypass: 'AzureServices' });
    expect(open.vault.trustedServicesOnly).toBe(false);
  });

  it('warns when a production vault keeps its public endpoint open, the default (SEC-1)', () => {
    const { tf, stack } = build(true);
    expect(vaultOf(tf).public_network_access_enabled).toBe(true);
    expect(warningsOf(stack)).toEqual([PUBLIC_WARNING]);
  });

  it('warns when a production vault turns purge protection off (SEC-1), and writes it off', () => {
    const { tf, stack } = build(true, { purgeProtection: false, publicNetworkAccess: PublicNetworkAccess.DISABLED });
    expect(vaultOf(tf).purge_protection_enabled).toBe(false);
    expect(warningsOf(stack)).toEqual([
      '[SEC-1] kv-prod/vault: purgeProtection = false: without purge protection a deleted production vault, and every secret in it, can be purged at once, '
      + 'before anyone notices. Fix: leave purgeProtection on (the production default); Azure never lets it be turned off again.',
    ]);
  });

  it('takes production from its props over the stack: purge protection, prevent_destroy and the SEC-1 warning in a dev stack', () => {
    const { tf, stack, vault } = build(false, { production: true });
    expect(vault.production).toBe(true);
    expect(vaultOf(tf)).toMatchObject({ purge_protection_enabled: true, lifecycle: { prevent_destroy: true } });
    expect(warningsOf(stack)).toEqual([PUBLIC_WARNING.replace('kv-prod/vault', 'kv-dev/vault')]);
  });

  it('sends the audit log (AuditEvent) to the workspace, in the AzureDiagnostics table', () => {
    const { tf } = build(false, { logAnalyticsWorkspaceId: WORKSPACE_ID });
    const diagnostics = resourceOf(tf, 'azurerm_monitor_diagnostic_setting');
    expect(diagnostics).toMatchObject({
      target_resource_id: ref(tf, 'azurerm_key_vault', 'id'), log_analytics_workspace_id: WORKSPACE_ID, enabled_log: [{ category: 'AuditEvent' }],
    });
    expect(diagnostics).not.toHaveProperty('log_analytics_destination_type');
  });

  it('has no diagnostic setting without a workspace', () => {
    expect(resourcesOf(build(false).tf, 'azurerm_monitor_diagnostic_setting')).toEqual({});
  });

  it('takes 7 to 90 days of soft delete', () => {
    expect(vaultOf(build(false, { softDeleteRetentionDays: 7 }).tf).soft_delete_retention_days).toBe(7);
    expect(vaultOf(build(false, { softDeleteRetentionDays: 30 }).tf).soft_delete_retention_days).toBe(30);
  });

  for (const days of [6, 91, 30.5, 0]) {
    it(`fails when soft delete keeps ${days} days`, () => {
      const r = refusalOf(() => vaultIn(stackOf(false), { softDeleteRetentionDays: days }));
      expect(r).toMatchObject({ lesson: 'AZURE', path: 'kv-dev/vault', setting: 'softDeleteRetentionDays' });
      expect(r.message).toBe(`[AZURE] kv-dev/vault: softDeleteRetentionDays = ${days}: Key Vault keeps deleted vaults and secrets for 7-90 days, `
        + 'fixed when the vault is created. Fix: use 90 (the default) or at least 7.');
    });
  }

  it('fails when publicNetworkAccess is not Enabled or Disabled (a lower-case value from JSON)', () => {
    const r = refusalOf(() => vaultIn(stackOf(false), { publicNetworkAccess: 'enabled' as PublicNetworkAccess }));
    expect(r.message).toBe('[AZURE] kv-dev/vault: publicNetworkAccess = "enabled": a vault\'s public endpoint is Enabled or Disabled (capitalised). '
      + 'Fix: use one of Enabled, Disabled.');
  });
});

describe('KeyVault names', () => {
  it('takes 3 and 24 characters, upper case and single hyphens', () => {
    for (const name of ['kv1', 'KvPay', 'kv-pay-2', 'k'.repeat(24)]) {
      expect(vaultOf(build(false, { name }).tf).name).toBe(name);
    }
  });

  const rejected: [string, string][] = [
    ['kv', 'too short'],
    ['k'.repeat(25), 'too long'],
    ['1kv-pay', 'starting with a digit'],
    ['-kv-pay', 'starting with a hyphen'],
    ['kv--pay', 'with a double hyphen'],
    ['kv-pay-', 'ending with a hyphen'],
    ['kv_pay', 'with an underscore'],
    ['kv.pay', 'with a period'],
  ];
  for (const [name, why] of rejected) {
    it(`fails when the name is one Azure rejects: ${why} (${JSON.stringify(name)})`, () => {
      const r = refusalOf(() => vaultIn(stackOf(false), { name }));
      expect(r).toMatchObject({ lesson: 'AZURE', path: 'kv-dev/vault', setting: 'name' });
      expect(r.message).toBe(`[AZURE] kv-dev/vault: name = ${JSON.stringify(name)}: Azure rejects this Key Vault name (${name.length} characters). ${NAME_FIX}, unique across Azure.`);
    });
  }

  it('fails when two vaults of one app share a name, whatever its case (the name is <name>.vault.azure.net)', () => {
    const stack = stackOf(false);
    vaultIn(stack);
    const r = refusalOf(() => vaultIn(stack, { name: 'KV-Pay' }, 'second'));
    expect(r.message).toBe('[AZURE] kv-dev/second: name = "KV-Pay": Key Vault names are unique across Azure, and kv-dev/vault in this app already uses it, '
      + 'so only one of them can deploy. Fix: give each stack its own name, e.g. through a name prefix per environment.');
  });
});

describe('KeyVault grants and identifiers', () => {
  it('grants Key Vault Secrets User on the whole vault with grantSecretsRead', () => {
    const stack = stackOf(false);
    const vault = vaultIn(stack);
    const identity = new UserAssignedIdentity(stack, 'reader', { name: 'id-reader', resourceGroupName: 'rg-pay', location: 'westeurope' });
    vault.grantSecretsRead(ManagedIdentity.fromUserAssigned(identity), 'reader');
    const tf = synth(stack);
    expect(resourceOf(tf, 'azurerm_role_assignment')).toEqual({
      scope: ref(tf, 'azurerm_key_vault', 'id'), role_definition_name: 'Key Vault Secrets User',
      principal_id: ref(tf, 'azurerm_user_assigned_identity', 'principal_id'), principal_type: 'ServicePrincipal',
    });
  });

  it('gives the vault URI and versionless secret identifiers through the vault\'s attributes', () => {
    const stack = stackOf(false);
    const vault = vaultIn(stack);
    new TerraformOutput(stack, 'uri', { value: vault.vaultUri });
    new TerraformOutput(stack, 'secret', { value: vault.secretUri('psp-api-key') });
    const tf = synth(stack);
    expect(tf.output?.uri.value).toBe(ref(tf, 'azurerm_key_vault', 'vault_uri'));
    expect(tf.output?.secret.value).toBe(`https://${ref(tf, 'azurerm_key_vault', 'name')}.vault.azure.net/secrets/psp-api-key`);
  });
});

describe('KeyVault.fromExisting', () => {
  it('looks the vault up by name, grants on its id, and builds literal identifiers', () => {
    const stack = stackOf(false);
    const vault = KeyVault.fromExisting(stack, 'shared', { name: 'kv-shared', resourceGroupName: 'rg-shared' });
    const identity = new UserAssignedIdentity(stack, 'reader', { name: 'id-reader', resourceGroupName: 'rg-pay', location: 'westeurope' });
    vault.grantSecretsRead(ManagedIdentity.fromUserAssigned(identity), 'reader');
    expect(vault.vaultUri).toBe('https://kv-shared.vault.azure.net/');
    expect(vault.secretUri('psp-api-key')).toBe('https://kv-shared.vault.azure.net/secrets/psp-api-key');
    const tf = synth(stack);
    expect(tf.data?.azurerm_key_vault).toEqual({ [idOf(tf, 'azurerm_key_vault', undefined, 'data')]: { name: 'kv-shared', resource_group_name: 'rg-shared' } });
    expect(resourceOf(tf, 'azurerm_role_assignment').scope).toBe(`\${data.azurerm_key_vault.${idOf(tf, 'azurerm_key_vault', undefined, 'data')}.id}`);
    expect(resourcesOf(tf, 'azurerm_key_vault')).toEqual({});
  });

  it('uses a given vault id without a lookup', () => {
    const stack = stackOf(false);
    const vault = KeyVault.fromExisting(stack, 'shared', { name: 'kv-shared', resourceGroupName: 'rg-shared', vaultId: SHARED_VAULT_ID });
    const identity = new UserAssignedIdentity(stack, 'reader', { name: 'id-reader', resourceGroupName: 'rg-pay', location: 'westeurope' });
    vault.grantSecretsRead(ManagedIdentity.fromUserAssigned(identity), 'reader');
    const tf = synth(stack);
    expect(tf.data?.azurerm_key_vault).toBeUndefined();
    expect(resourceOf(tf, 'azurerm_role_assignment').scope).toBe(SHARED_VAULT_ID);
  });

  it('may name a vault this app creates (a reference claims no name)', () => {
    const stack = stackOf(false);
    vaultIn(stack);
    expect(KeyVault.fromExisting(stack, 'again', { name: 'kv-pay', resourceGroupName: 'rg-pay' }).vaultName).toBe('kv-pay');
  });

  it('fails when the vault id is malformed (not a Key Vault resource id)', () => {
    for (const vaultId of ['kv-shared', '/subscriptions/0/resourceGroups/rg-shared/providers/Microsoft.Storage/storageAccounts/kv-shared', 'https://kv-shared.vault.azure.net/']) {
      const r = refusalOf(() => KeyVault.fromExisting(stackOf(false), 'shared', { name: 'kv-shared', resourceGroupName: 'rg-shared', vaultId }));
      expect(r.message, vaultId).toBe(`[AZURE] kv-dev/shared: vaultId = ${JSON.stringify(vaultId)}: this is not a Key Vault resource id: grants scoped to it fail at apply. `
        + 'Fix: give /subscriptions/<subscription id>/resourceGroups/rg-shared/providers/Microsoft.KeyVault/vaults/kv-shared, or leave vaultId out to look it up by name.');
    }
  });

  it('fails when the vault id names another vault than the name given (vault names are unique: the resource group does not decide)', () => {
    const r = refusalOf(() => KeyVault.fromExisting(stackOf(false), 'shared', {
      name: 'kv-shared', resourceGroupName: 'rg-shared', vaultId: '/subscriptions/0/resourceGroups/rg-shared/providers/Microsoft.KeyVault/vaults/kv-other',
    }));
    expect(r.message).toBe('[SEC-1] kv-dev/shared: vaultId = "/subscriptions/0/resourceGroups/rg-shared/providers/Microsoft.KeyVault/vaults/kv-other": the id names the vault kv-other, and name says kv-shared: '
      + 'grants would go to one vault while secret URIs (https://kv-shared.vault.azure.net/...) name the other. Fix: give the id of the vault name names, or leave vaultId out to look it up by name.');
    expect(() => KeyVault.fromExisting(stackOf(false), 'ok', { name: 'kv-shared', resourceGroupName: 'rg-shared', vaultId: '/subscriptions/0/resourceGroups/RG-Shared/providers/Microsoft.KeyVault/vaults/KV-Shared' })).not.toThrow();
    expect(() => KeyVault.fromExisting(stackOf(false), 'group', { name: 'kv-shared', resourceGroupName: 'rg-lookup-only', vaultId: '/subscriptions/0/resourceGroups/rg-shared/providers/Microsoft.KeyVault/vaults/kv-shared' })).not.toThrow();
  });

  it('fails when the name is one Azure rejects (no uniqueness in the fix: the vault exists)', () => {
    const r = refusalOf(() => KeyVault.fromExisting(stackOf(false), 'shared', { name: 'kv--shared', resourceGroupName: 'rg-shared' }));
    expect(r.message).toBe(`[AZURE] kv-dev/shared: name = "kv--shared": Azure rejects this Key Vault name (10 characters). ${NAME_FIX}.`);
  });
});

describe('KeyVaultSecretSlot: a secret whose value never passes through Terraform', () => {
  it('puts the secret through Resource Manager with the placeholder set-me only where the plan found no secret, and never again (SEC-1)', () => {
    const stack = stackOf(false);
    const slot = vaultIn(stack).addSecretSlot('psp-api-key', { contentType: 'text/plain' });
    const tf = synth(stack);
    const secretId = `${ref(tf, 'azurerm_key_vault', 'id')}/secrets/psp-api-key`;
    expect(slot.secretName).toBe('psp-api-key');
    expect(resourcesOf(tf, 'azapi_resource')).toEqual({});
    // The existence check: the secret's metadata (never its value), a missing secret read as exists = false.
    expect(Object.values(tf.data?.azapi_resource ?? {})).toEqual([{
      type: 'Microsoft.KeyVault/vaults/secrets@2023-07-01', resource_id: secretId, ignore_not_found: true, response_export_values: {},
    }]);
    const exists = `data.azapi_resource.${Object.keys(tf.data?.azapi_resource ?? {})[0]}.exists`;
    expect(resourceOf(tf, 'azapi_resource_action')).toEqual({
      type: 'Microsoft.KeyVault/vaults/secrets@2023-07-01',
      resource_id: secretId,
      // A secret that exists (a new state file, an imported vault) gets a GET: the placeholder never replaces a value.
      method: `\${${exists} ? "GET" : "PUT"}`,
      body: `\${${exists} ? null : {"properties" = {"value" = "set-me", "contentType" = "text/plain"}}}`,
      // Nothing that changes later (type, API version, headers) may send it again; a replaced vault gets its slot anew.
      lifecycle: { ignore_changes: 'all', replace_triggered_by: [`azurerm_key_vault.${idOf(tf, 'azurerm_key_vault')}.id`] },
    });
  });

  it('leaves the content type out when none is given', () => {
    const stack = stackOf(false);
    vaultIn(stack).addSecretSlot('psp-api-key');
    expect(resourceOf(synth(stack), 'azapi_resource_action').body).toMatch(/\? null : \{"properties" = \{"value" = "set-me"\}\}\}$/);
  });

  it('prod: has nothing to protect from destroy (destroying the action deletes nothing), and still never sends the body again', () => {
    const stack = stackOf(true);
    vaultIn(stack, { publicNetworkAccess: PublicNetworkAccess.DISABLED }).addSecretSlot('psp-api-key');
    const tf = synth(stack);
    expect(resourceOf(tf, 'azapi_resource_action').lifecycle).toEqual({ ignore_changes: 'all', replace_triggered_by: [`azurerm_key_vault.${idOf(tf, 'azurerm_key_vault')}.id`] });
  });

  it('grants Key Vault Secrets User on the secret alone, after the secret exists', () => {
    const stack = stackOf(false);
    const slot = vaultIn(stack).addSecretSlot('psp-api-key');
    const identity = new UserAssignedIdentity(stack, 'reader', { name: 'id-reader', resourceGroupName: 'rg-pay', location: 'westeurope' });
    slot.grantRead(ManagedIdentity.fromUserAssigned(identity), 'reader');
    const tf = synth(stack);
    expect(resourceOf(tf, 'azurerm_role_assignment')).toEqual({
      scope: `${ref(tf, 'azurerm_key_vault', 'id')}/secrets/psp-api-key`, role_definition_name: 'Key Vault Secrets User',
      principal_id: ref(tf, 'azurerm_user_assigned_identity', 'principal_id'), principal_type: 'ServicePrincipal',
      depends_on: [`azapi_resource_action.${idOf(tf, 'azapi_resource_action')}`],
    });
  });

  it('fails when the vault is another team\'s: the placeholder PUT would overwrite the value its secret holds (SEC-1)', () => {
    const stack = stackOf(true);
    const vault = KeyVault.fromExisting(stack, 'shared', { name: 'kv-shared', resourceGroupName: 'rg-shared', vaultId: SHARED_VAULT_ID });
    const r = refusalOf(() => new KeyVaultSecretSlot(stack, 'slot', { vault, name: 'psp-api-key' }));
    expect(r).toMatchObject({ lesson: 'SEC-1', setting: 'vault', path: 'kv-prod/slot' });
    expect(r.message).toContain('in a vault another team owns the secret, its value and who reads it are theirs to manage');
  });

  for (const name of ['psp_api_key', 'psp.key', '', 'k'.repeat(128)]) {
    it(`fails when the secret name is one Azure rejects (${JSON.stringify(name.length > 20 ? `${name.slice(0, 5)}...` : name)})`, () => {
      const r = refusalOf(() => vaultIn(stackOf(false)).addSecretSlot(name));
      expect(r).toMatchObject({ lesson: 'AZURE', path: `kv-dev/vault/secret-${name}`, setting: 'name' });
      expect(r.message).toBe(`[AZURE] kv-dev/vault/secret-${name}: name = ${JSON.stringify(name)}: Azure rejects this Key Vault secret name (${name.length} characters). `
        + 'Fix: use 1-127 characters: letters, digits and hyphens.');
    });
  }
});

describe('KeyVaultNamedValue: the gateway reads the secret from Key Vault (SEC-1, GW-8)', () => {
  function withSlot(props: Partial<KeyVaultNamedValueProps> = {}) {
    const stack = stackOf(false);
    const gw = gateway(stack);
    const slot = vaultIn(stack).addSecretSlot('psp-api-key');
    const namedValue = new KeyVaultNamedValue(stack, 'psp-key', { gateway: gw, name: 'psp-api-key', secret: slot, ...props });
    return { stack, gw, slot, namedValue, tf: synth(stack) };
  }

  it('waits, in the first apply, for its new grant to reach Key Vault before the named value exists (SEC-2, azurerm#19255)', () => {
    const { namedValue, tf } = withSlot();
    // API Management reads the secret when the named value is created, and azurerm creates it once.
    const grant = `azurerm_role_assignment.${idOf(tf, 'azurerm_role_assignment')}`;
    expect(resourceOf(tf, 'time_sleep', 'psp-key/grant-propagation')).toEqual({ create_duration: '300s', depends_on: [grant], triggers: { [grant.split('.')[1]]: `${'$'}{${grant}.id}` } });
    expect(resourceOf(tf, 'azurerm_api_management_named_value').depends_on).toEqual([grant, `time_sleep.${idOf(tf, 'time_sleep')}`]);
    expect(namedValue.propagation).toBeDefined();
    // The wait replaces the note that asked for a second deploy.
    expect(notesOf(namedValue)).toEqual([]);
    // The stack gets the time provider for it (hashicorp/time).
    expect((tf.terraform?.required_providers as Record<string, { source: string }>).time).toMatchObject({ source: 'hashicorp/time' });
  });

  it('waits for no grant when none is made or given (a secret another team grants)', () => {
    const stack = stackOf(false);
    const gw = gateway(stack);
    const namedValue = new KeyVaultNamedValue(stack, 'shared-key', { gateway: gw, name: 'psp-api-key', secret: 'https://kv-shared.vault.azure.net/secrets/psp-api-key' });
    expect(namedValue.propagation).toBeUndefined();
    expect(resourcesOf(synth(stack), 'time_sleep')).toEqual({});
  });

  it('is a secret named value from the slot\'s versionless identifier, without a value or a client id, after its grant', () => {
    const { tf } = withSlot();
    expect(resourceOf(tf, 'azurerm_api_management_named_value')).toEqual({
      name: 'psp-api-key', display_name: 'psp-api-key',
      api_management_name: ref(tf, 'azurerm_api_management', 'name'), resource_group_name: 'rg-test',
      secret: true,
      value_from_key_vault: { secret_id: `https://${ref(tf, 'azurerm_key_vault', 'name')}.vault.azure.net/secrets/psp-api-key` },
      depends_on: [`azurerm_role_assignment.${idOf(tf, 'azurerm_role_assignment')}`, `time_sleep.${idOf(tf, 'time_sleep')}`],
    });
  });

  it('fails when the vault\'s public endpoint is off and trusted services are shut out: the gateway\'s control plane could not read it (SEC-1)', () => {
    const stack = stackOf(false);
    const slot = vaultIn(stack, { publicNetworkAccess: PublicNetworkAccess.DISABLED, allowTrustedServices: false }).addSecretSlot('psp-api-key');
    const r = refusalOf(() => new KeyVaultNamedValue(stack, 'psp-key', { gateway: gateway(stack), name: 'psp-api-key', secret: slot }));
    expect(r).toMatchObject({ lesson: 'SEC-1', setting: 'secret.vault.allowTrustedServices', path: 'kv-dev/psp-key' });
    expect(r.message).toContain('Fix: leave allowTrustedServices on (the default) on the vault');
  });

  it('takes a vault whose public endpoint is off when trusted services get in (the default)', () => {
    const stack = stackOf(false);
    const slot = vaultIn(stack, { publicNetworkAccess: PublicNetworkAccess.DISABLED }).addSecretSlot('psp-api-key');
    new KeyVaultNamedValue(stack, 'psp-key', { gateway: gateway(stack), name: 'psp-api-key', secret: slot });
    expect(resourceOf(synth(stack), 'azurerm_api_management_named_value').secret).toBe(true);
  });

  it('grants the gateway\'s system identity Key Vault Secrets User on that one secret', () => {
    const { tf, namedValue } = withSlot();
    expect(resourceOf(tf, 'azurerm_role_assignment')).toEqual({
      scope: `${ref(tf, 'azurerm_key_vault', 'id')}/secrets/psp-api-key`, role_definition_name: 'Key Vault Secrets User',
      principal_id: ref(tf, 'azurerm_api_management', 'identity[0].principal_id'), principal_type: 'ServicePrincipal',
      depends_on: [`azapi_resource_action.${idOf(tf, 'azapi_resource_action', 'secret-psp-api-key')}`],
    });
    expect(namedValue.grant?.builtInRole?.roleName).toBe('Key Vault Secrets User');
  });

  it('is used in policies as {{psp-api-key}}, and takes a display name', () => {
    const { namedValue, tf } = withSlot({ displayName: 'PSP-key' });
    expect(namedValue.reference).toBe('{{psp-api-key}}');
    expect(resourceOf(tf, 'azurerm_api_management_named_value').display_name).toBe('PSP-key');
  });

  it('takes the versionless identifier of a secret in another team\'s vault, and waits for no grant unless given one', () => {
    const stack = stackOf(false);
    const gw = gateway(stack);
    const shared = KeyVault.fromExisting(stack, 'shared', { name: 'kv-shared', resourceGroupName: 'rg-shared', vaultId: SHARED_VAULT_ID });
    new KeyVaultNamedValue(stack, 'plain', { gateway: gw, name: 'psp-api-key', secret: shared.secretUri('psp-api-key') });
    const grant = shared.grantSecretsRead(gw.identity, 'gateway');
    new KeyVaultNamedValue(stack, 'granted', { gateway: gw, name: 'psp-other-key', secret: 'https://kv-shared.vault.azure.net/secrets/psp-other-key', grant });
    const tf = synth(stack);
    const plain = resourceOf(tf, 'azurerm_api_management_named_value', 'plain');
    expect(plain.value_from_key_vault).toEqual({ secret_id: 'https://kv-shared.vault.azure.net/secrets/psp-api-key' });
    expect(plain).not.toHaveProperty('depends_on');
    expect(resourceOf(tf, 'azurerm_api_management_named_value', 'granted')).toMatchObject({
      value_from_key_vault: { secret_id: 'https://kv-shared.vault.azure.net/secrets/psp-other-key' },
      // A given grant may be new in this apply too: the named value waits for it all the same.
      depends_on: [`azurerm_role_assignment.${idOf(tf, 'azurerm_role_assignment')}`, `time_sleep.${idOf(tf, 'time_sleep', 'granted/grant-propagation')}`],
    });
  });

  const notSecretUris: [string, string][] = [
    ['psp-api-key', 'a bare secret name'],
    ['http://kv-shared.vault.azure.net/secrets/psp-api-key', 'plain http'],
    ['https://kv-shared.vault.azure.net/keys/psp-api-key', 'a key, not a secret'],
    ['https://kv-shared.example.com/secrets/psp-api-key', 'another host'],
    ['https://kv-shared.vault.azure.net/secrets/', 'no secret name'],
  ];
  for (const [uri, why] of notSecretUris) {
    it(`fails when the secret id is not a Key Vault secret URI: ${why} (SEC-1)`, () => {
      const stack = stackOf(false);
      const r = refusalOf(() => new KeyVaultNamedValue(stack, 'psp-key', { gateway: gateway(stack), name: 'psp-api-key', secret: uri }));
      expect(r).toMatchObject({ lesson: 'SEC-1', path: 'kv-dev/psp-key', setting: 'secret' });
      // What is not a URL may be the secret itself: shown masked.
      const shown = uri.startsWith('http') ? uri : `…(${uri.length} chars)`;
      expect(r.message).toBe(`[SEC-1] kv-dev/psp-key: secret = ${JSON.stringify(shown)}: a Key Vault-backed named value takes a Key Vault secret identifier. `
        + 'Fix: give https://<vault>.vault.azure.net/secrets/<name> (KeyVault.fromExisting(...).secretUri(name) builds it).');
    });
  }

  it('fails when the secret is given as the value itself, without repeating it (a Stripe key, or a value of no known format)', () => {
    const stripe = ['sk', 'live', '4eC39HqLyjWDarjtT1zdp7dc'].join('_');
    for (const value of [stripe, 'p4ssw0rd-of-no-known-format-123']) {
      const stack = stackOf(false);
      const r = refusalOf(() => new KeyVaultNamedValue(stack, 'psp-key', { gateway: gateway(stack), name: 'psp-api-key', secret: value }));
      expect(r.message).toMatch(/^\[SEC-1\] kv-dev\/psp-key: secret = "(sk_l)?…\(\d+ chars\)": a Key Vault-backed named value takes a Key Vault secret identifier\./);
      expect(r.message).not.toContain(value);
      expect(r.message).not.toContain(value.slice(4, 16));
    }
  });

  it('fails when the secret id is versioned: the gateway would never pick up a rotation (SEC-1)', () => {
    const stack = stackOf(false);
    const uri = `https://kv-shared.vault.azure.net/secrets/psp-api-key/${VERSION}`;
    const r = refusalOf(() => new KeyVaultNamedValue(stack, 'psp-key', { gateway: gateway(stack), name: 'psp-api-key', secret: uri }));
    expect(r.message).toBe(`[SEC-1] kv-dev/psp-key: secret = "${uri}": a versioned identifier pins one version: API Management never picks up the rotated secret. `
      + 'Fix: drop the version: https://kv-shared.vault.azure.net/secrets/psp-api-key.');
  });

  it('fails when two named values share a name on one gateway', () => {
    const stack = stackOf(false);
    const gw = gateway(stack);
    new KeyVaultNamedValue(stack, 'first', { gateway: gw, name: 'psp-api-key', secret: 'https://kv-shared.vault.azure.net/secrets/a' });
    const r = refusalOf(() => new KeyVaultNamedValue(stack, 'second', { gateway: gw, name: 'PSP-API-KEY', secret: 'https://kv-shared.vault.azure.net/secrets/b' }));
    expect(r.message).toBe('[AZURE] kv-dev/second: name = "PSP-API-KEY": kv-dev/first already has a named value called "PSP-API-KEY" on this gateway, '
      + 'and API Management keeps one: the second apply fails with "already exists", or one replaces the other. Fix: give each named value its own name on the gateway.');
  });

  it('fails when the display name has characters API Management refuses (letters, digits, period, dash and underscore only)', () => {
    // Azure: a named value's displayName "may contain only letters, digits, period, dash, and
    // underscore characters"; with a space the apply fails, so the construct should refuse it at synth.
    const stack = stackOf(false);
    const r = refusalOf(() => new KeyVaultNamedValue(stack, 'psp-key', {
      gateway: gateway(stack), name: 'psp-api-key', displayName: 'PSP API key', secret: 'https://kv-shared.vault.azure.net/secrets/psp-api-key',
    }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'kv-dev/psp-key', setting: 'displayName' });
  });
});

describe('KeyVault behind its firewall: allowedSubnets (SEC-1, issue 27 item 5)', () => {
  const SUBNET: ISubnet = {
    subnetId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/vnet/subnets/snet-apim-outbound',
    addressPrefix: '10.40.2.0/26', purpose: SubnetPurpose.API_MANAGEMENT_OUTBOUND,
    virtualNetworkId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/vnet', serviceEndpoints: ['Microsoft.KeyVault'],
  };

  it('keeps the public endpoint behind a firewall that denies by default and lets in the subnets and trusted services, without the production warning', () => {
    const stack = stackOf(true);
    const vault = vaultIn(stack, { allowedSubnets: [SUBNET] });
    expect(resourceOf(synth(stack), 'azurerm_key_vault')).toMatchObject({
      public_network_access_enabled: true,
      network_acls: { default_action: 'Deny', bypass: 'AzureServices', virtual_network_subnet_ids: [SUBNET.subnetId] },
    });
    expect(vault.firewalled).toBe(true);
    expect(warningsOf(stack).filter((w) => w.includes('publicNetworkAccess'))).toEqual([]);
  });

  it('still warns of a production vault open to every network', () => {
    const stack = stackOf(true);
    vaultIn(stack);
    expect(warningsOf(stack).filter((w) => w.startsWith('[SEC-1] kv-prod/vault: publicNetworkAccess'))).toHaveLength(1);
  });

  it('fails when the subnets are given for a vault whose public endpoint is off: Key Vault ignores the rules (SEC-1)', () => {
    const r = refusalOf(() => vaultIn(stackOf(true), { allowedSubnets: [SUBNET], publicNetworkAccess: PublicNetworkAccess.DISABLED }));
    expect(r).toMatchObject({ lesson: 'SEC-1', setting: 'allowedSubnets', path: 'kv-prod/vault' });
    expect(r.message).toContain('Fix: leave publicNetworkAccess ENABLED');
  });

  it('fails when a subnet has no Microsoft.KeyVault service endpoint (SEC-1)', () => {
    const r = refusalOf(() => vaultIn(stackOf(true), { allowedSubnets: [{ ...SUBNET, serviceEndpoints: [] }] }));
    expect(r).toMatchObject({ lesson: 'SEC-1', setting: 'allowedSubnets[0]', path: 'kv-prod/vault' });
    expect(r.message).toMatch(/has no Microsoft\.KeyVault service endpoint: .* Fix: give it one first: network\.enableServiceEndpoint\(<the API Management outbound integration purpose>, 'Microsoft\.KeyVault'\)/);
  });

  it('warns when a named value reads from a vault whose public access is off: Microsoft documents the read through a firewall, not a closed vault', () => {
    const stack = stackOf(true);
    const slot = vaultIn(stack, { publicNetworkAccess: PublicNetworkAccess.DISABLED }).addSecretSlot('psp-api-key');
    const namedValue = new KeyVaultNamedValue(stack, 'psp-key', { gateway: gateway(stack), name: 'psp-api-key', secret: slot });
    expect(warningsOf(stack).filter((w) => w.startsWith('[SEC-1] kv-prod/psp-key'))).toEqual([
      expect.stringMatching(/^\[SEC-1\] kv-prod\/psp-key: secret\.vault\.publicNetworkAccess = "Disabled": API Management reads Key Vault named values from its control plane.* Fix: keep the vault's public endpoint behind its firewall instead: publicNetworkAccess ENABLED with allowedSubnets/),
    ]);
    expect(namedValue.namedValue).toBeDefined();
  });

  it('fails when a firewalled vault shuts trusted services out: the control plane could not read the named value (SEC-1)', () => {
    const stack = stackOf(true);
    const slot = vaultIn(stack, { allowedSubnets: [SUBNET], allowTrustedServices: false }).addSecretSlot('psp-api-key');
    const r = refusalOf(() => new KeyVaultNamedValue(stack, 'psp-key', { gateway: gateway(stack), name: 'psp-api-key', secret: slot }));
    expect(r).toMatchObject({ lesson: 'SEC-1', setting: 'secret.vault.allowTrustedServices', path: 'kv-prod/psp-key' });
  });
});

describe('ISecretSource: the readers take any secret source, not the Key Vault classes', () => {
  /** A secret source written against ISecretSource only, with the store access given. */
  class OtherSecret extends Construct implements ISecretSource {
    public readonly secretName = 'psp-api-key';
    public readonly secretUri = 'https://kv-other.vault.azure.net/secrets/psp-api-key';
    public readonly secretId = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv-other/secrets/psp-api-key';
    public readonly waiting: TerraformResource[] = [];
    constructor(scope: Construct, id: string, public readonly storeAccess?: SecretStoreAccess) {
      super(scope, id);
    }
    public grantRead(principal: IPrincipal, id?: string): Grant {
      const grant = Grant.role(this, `read-${id ?? 'x'}`, { principal, role: BuiltInRole.KEY_VAULT_SECRETS_USER, resourceId: this.secretId });
      this.applyBefore(grant.resource);
      return grant;
    }
    public applyBefore(dependent: TerraformResource): void {
      this.waiting.push(dependent);
    }
  }

  it('reads the source\'s identifier through its grant, and checks its store\'s access as a slot\'s vault (SEC-1)', () => {
    const stack = stackOf(false);
    const secret = new OtherSecret(stack, 'secret', { publicNetworkAccess: PublicNetworkAccess.ENABLED, allowsTrustedServices: true, firewalled: false });
    new KeyVaultNamedValue(stack, 'psp-key', { gateway: gateway(stack), name: 'psp-api-key', secret });
    const tf = synth(stack);
    expect(resourceOf(tf, 'azurerm_api_management_named_value').value_from_key_vault).toEqual({ secret_id: secret.secretUri });
    expect(resourceOf(tf, 'azurerm_role_assignment')).toMatchObject({ scope: secret.secretId, role_definition_name: 'Key Vault Secrets User' });
    expect(secret.waiting).toHaveLength(1);
  });

  it('fails when the source\'s store is closed to trusted services, with the same words as for a vault (SEC-1)', () => {
    const stack = stackOf(false);
    const secret = new OtherSecret(stack, 'secret', { publicNetworkAccess: PublicNetworkAccess.ENABLED, allowsTrustedServices: false, firewalled: true });
    const r = refusalOf(() => new KeyVaultNamedValue(stack, 'psp-key', { gateway: gateway(stack), name: 'psp-api-key', secret }));
    expect(r).toMatchObject({ lesson: 'SEC-1', setting: 'secret.vault.allowTrustedServices', path: 'kv-dev/psp-key' });
  });

  it('tells a created vault\'s access, and nothing for a vault another team owns', () => {
    const stack = stackOf(true);
    const slot = vaultIn(stack, { publicNetworkAccess: PublicNetworkAccess.DISABLED }).addSecretSlot('psp-api-key');
    expect(slot.storeAccess).toEqual({ publicNetworkAccess: PublicNetworkAccess.DISABLED, allowsTrustedServices: true, firewalled: false });
    expect(KeyVault.fromExisting(stack, 'shared', { name: 'kv-shared', resourceGroupName: 'rg-shared' }).secretStoreAccess).toBeUndefined();
  });
});
