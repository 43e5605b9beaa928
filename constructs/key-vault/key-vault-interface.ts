import { IConstruct } from 'constructs';
import { Grant } from '../identity/grant';
import { IPrincipal } from '../identity/principal';
import { SecretStoreAccess } from '../resource/secret-source';

/** A Key Vault, created here (`KeyVault`) or owned by another team (`KeyVault.fromExisting`). */
export interface IKeyVault extends IConstruct {
  /** Resource id: the scope of vault-wide grants. */
  readonly vaultId: string;
  readonly vaultName: string;
  /** `https://<name>.vault.azure.net/` (with the trailing slash). */
  readonly vaultUri: string;
  /** Key Vault Secrets User on every secret of the vault. Prefer a secret's own grant. @param id @default - the principal's grant key */
  grantSecretsRead(principal: IPrincipal, id?: string): Grant;
  /**
   * How the vault admits readers (public endpoint, firewall, trusted services), for the readers'
   * checks.
   * @default - unknown: a vault another team owns
   */
  readonly secretStoreAccess?: SecretStoreAccess;
  /** The versionless identifier of a secret: `https://<vault>.vault.azure.net/secrets/<name>`. */
  secretUri(name: string): string;
}
