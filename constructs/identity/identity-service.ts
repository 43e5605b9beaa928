import { AzureService } from '../core/azure-service';

/**
 * User-assigned managed identities as the shared code sees them: type, name rule and id (the
 * preflight derives the `Microsoft.ManagedIdentity` resource provider and the region check from it).
 */
export const MANAGED_IDENTITY_SERVICE = AzureService.describe({
  resourceType: 'Microsoft.ManagedIdentity/userAssignedIdentities',
  names: {
    resource: {
      kind: 'user-assigned identity', min: 3, max: 128, pattern: /^[A-Za-z0-9][A-Za-z0-9_-]*$/,
      shape: 'letters, digits, hyphens and underscores, starting with a letter or digit',
    },
  },
  ids: {
    azurerm_user_assigned_identity: '{group}/providers/Microsoft.ManagedIdentity/userAssignedIdentities/{name}',
  },
});
