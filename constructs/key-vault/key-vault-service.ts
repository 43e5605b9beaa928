import { AzureService } from '../core/azure-service';
import { BuiltInRole } from '../identity/roles';

/** Key Vault as the shared code sees it: type, name rules, private link, roles. */
export const KEY_VAULT_SERVICE = AzureService.describe({
  resourceType: 'Microsoft.KeyVault/vaults',
  names: {
    resource: {
      // Azure: 3-24 alphanumerics and hyphens, starting with a letter, ending with a letter or
      // digit, no consecutive hyphens; part of `<name>.vault.azure.net`, so unique across Azure.
      kind: 'Key Vault', min: 3, max: 24, pattern: /^[A-Za-z](?:[A-Za-z0-9]|-(?=[A-Za-z0-9]))*$/,
      shape: 'letters, digits and single hyphens, starting with a letter and ending with a letter or digit', globallyUnique: true,
    },
    secret: {
      kind: 'Key Vault secret', min: 1, max: 127, pattern: /^[A-Za-z0-9-]+$/,
      shape: 'letters, digits and hyphens',
    },
  },
  privateLink: { vault: 'privatelink.vaultcore.azure.net' },
  roles: { secretsUser: BuiltInRole.KEY_VAULT_SECRETS_USER, secretsOfficer: BuiltInRole.KEY_VAULT_SECRETS_OFFICER },
  rawNames: {
    azurerm_key_vault: 'resource',
    azurerm_key_vault_secret: 'secret',
    'Microsoft.KeyVault/vaults': 'resource',
    'Microsoft.KeyVault/vaults/secrets': 'secret',
  },
  ids: {
    azurerm_key_vault: '{group}/providers/Microsoft.KeyVault/vaults/{name}',
  },
});
