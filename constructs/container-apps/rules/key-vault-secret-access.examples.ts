import { RuleExamples, raw, ref } from '../../lessons-check/rule-examples';

// SEC-1: a Key Vault secret reference no identity of the app can read.
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.ContainerAppKeyVaultSecretAccess',
  finds: 'an `azurerm_container_app` secret with `key_vault_secret_id` and no `identity`, or whose identity holds no role that reads secrets (Key Vault Secrets User, Officer, Administrator) on the secret, its vault or a scope above (resource group, subscription), when the RBAC vault is in the configuration: the revision cannot fetch it',
  failing: [[raw('azurerm_container_app', 'app', { secret: [{ name: 'psp', key_vault_secret_id: 'https://kv.vault.azure.net/secrets/psp' }] })]],
  passing: [[
    raw('azurerm_user_assigned_identity', 'reader', { location: 'westeurope', resource_group_name: 'rg' }),
    raw('azurerm_key_vault', 'kv', { rbac_authorization_enabled: true }),
    raw('azurerm_role_assignment', 'read', { scope: ref('azurerm_key_vault', 'kv', 'id'), role_definition_name: 'Key Vault Secrets User', principal_id: ref('azurerm_user_assigned_identity', 'reader', 'principal_id') }),
    raw('azurerm_container_app', 'app', {
      identity: [{ type: 'UserAssigned', identity_ids: [ref('azurerm_user_assigned_identity', 'reader', 'id')] }],
      secret: [{ name: 'psp', key_vault_secret_id: `${ref('azurerm_key_vault', 'kv', 'vault_uri')}secrets/psp`, identity: ref('azurerm_user_assigned_identity', 'reader', 'id') }],
    }),
  ]],
};
