import { TerraformResource } from 'cdktf';
import { IConstruct } from 'constructs';
import { PublicNetworkAccess } from '../core/network';
import { Grant } from '../identity/grant';
import { IPrincipal } from '../identity/principal';

/** How the store that holds a secret admits its readers (a store this app creates). */
export interface SecretStoreAccess {
  /** Whether the store answers on its public endpoint. */
  readonly publicNetworkAccess: PublicNetworkAccess;
  /** Azure's trusted services pass the store's firewall with their managed identity. */
  readonly allowsTrustedServices: boolean;
  /** The public endpoint is on behind a firewall that denies by default (selected networks only). */
  readonly firewalled: boolean;
}

/**
 * A secret that readers get with their own identity, as the services that read it see it (a gateway's
 * named value, a Container App's secret): `KeyVault.addSecretSlot` gives one. Readers take this, not
 * the store's classes.
 */
export interface ISecretSource extends IConstruct {
  /** The secret's name in its store. */
  readonly secretName: string;
  /** The versionless identifier readers resolve (`https://<vault>.vault.azure.net/secrets/<name>`): rotations reach them. */
  readonly secretUri: string;
  /** Resource Manager id: the scope of a read grant on this secret alone. */
  readonly secretId: string;
  /**
   * How the store admits readers, for the readers' checks.
   * @default - unknown: a store another team owns
   */
  readonly storeAccess?: SecretStoreAccess;
  /** Read access to this secret alone, made after the secret exists. @param id @default - the principal's grant key */
  grantRead(principal: IPrincipal, id?: string): Grant;
  /** Make `dependent` (a grant on `secretId` made elsewhere) wait until the secret exists. */
  applyBefore(dependent: TerraformResource): void;
}
