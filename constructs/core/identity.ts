/**
 * A managed identity a workload runs as. A `UserAssignedIdentity` from
 * `@cdktf/provider-azurerm/lib/user-assigned-identity` fits as it is.
 */
export interface IManagedIdentityRef {
  /** Resource id of the identity. */
  readonly id: string;
  /** Object (principal) id: what role and access policy assignments name. */
  readonly principalId: string;
  /** Client id: what the workload gives its credential (`AZURE_CLIENT_ID`). */
  readonly clientId: string;
}
