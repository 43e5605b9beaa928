import { AzureServices } from '../core/azure-service';
import { NAME_RULES } from '../core/naming';
import { BuiltInRole } from '../identity/roles';

/** Key Vault as the shared code sees it: type, name rules, private link, roles. */
export const KEY_VAULT_SERVICE = AzureServices.define({
  resourceType: 'Microsoft.KeyVault/vaults',
  names: { resource: NAME_RULES.keyVault, secret: NAME_RULES.keyVaultSecret },
  privateLink: { vault: 'privatelink.vaultcore.azure.net' },
  roles: { secretsUser: BuiltInRole.KEY_VAULT_SECRETS_USER, secretsOfficer: BuiltInRole.KEY_VAULT_SECRETS_OFFICER },
});
