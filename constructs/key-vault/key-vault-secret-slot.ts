import { Construct } from 'constructs';
import { Resource } from '../../.gen/providers/azapi/resource';
import { NAME_RULES, checkName } from '../core/naming';
import { Production } from '../core/production';
import { TagsAspect } from '../core/tags';
import { Grant } from '../identity/grant';
import { grantOn } from '../identity/grant-on';
import { IPrincipal } from '../identity/principal';
import { BuiltInRole } from '../identity/roles';
import type { KeyVaultBase } from './key-vault';

/** ARM type of a Key Vault secret: Resource Manager never returns a secret's value. */
export const KEY_VAULT_SECRET_TYPE = 'Microsoft.KeyVault/vaults/secrets@2023-07-01';
/** The value a slot is created with, until someone sets the real one. */
export const SECRET_PLACEHOLDER = 'set-me';

/** Options of `KeyVault.addSecretSlot`. */
export interface KeyVaultSecretSlotOptions {
  /** Content type shown in the portal, e.g. `text/plain`. @default - none */
  readonly contentType?: string;
}

export interface KeyVaultSecretSlotProps extends KeyVaultSecretSlotOptions {
  readonly vault: KeyVaultBase;
  readonly name: string;
  /**
   * `prevent_destroy`: re-creating the slot would write the placeholder over the real value as
   * a new current version.
   * @default Production.isProduction(this)
   */
  readonly protectFromDestroy?: boolean;
}

/**
 * A Key Vault secret whose value never passes through Terraform: created through Resource
 * Manager (whose responses never carry the value) with a placeholder, its body ignored after
 * create, so a value set later with `az keyvault secret set` is neither read into the state nor
 * overwritten. Readers get Key Vault Secrets User on this secret alone.
 */
export class KeyVaultSecretSlot extends Construct {
  public readonly secret: Resource;
  public readonly secretName: string;
  /** Resource Manager id: the scope of the secret's grants. */
  public readonly secretId: string;
  /** Versionless identifier, `https://<vault>.vault.azure.net/secrets/<name>`: readers follow rotations. */
  public readonly secretUri: string;

  constructor(scope: Construct, id: string, props: KeyVaultSecretSlotProps) {
    super(scope, id);
    this.secretName = checkName(this, 'name', props.name, NAME_RULES.keyVaultSecret);
    this.secret = new Resource(this, 'secret', {
      type: KEY_VAULT_SECRET_TYPE,
      name: props.name,
      parentId: props.vault.vaultId,
      body: { properties: { value: SECRET_PLACEHOLDER, ...(props.contentType ? { contentType: props.contentType } : {}) } },
      // The value is set outside Terraform: never send the placeholder again.
      lifecycle: { ignoreChanges: ['body'] },
    });
    // The platform's tags go on the vault; a secret's tags are its own metadata.
    TagsAspect.exclude(this.secret);
    Production.protectFromDestroy(this.secret, props.protectFromDestroy);
    this.secretId = this.secret.id;
    this.secretUri = props.vault.secretUri(props.name);
  }

  /** Key Vault Secrets User on this secret only (a gateway's named value, an app's setting). */
  public grantRead(principal: IPrincipal, id?: string): Grant {
    return grantOn(this, 'read', BuiltInRole.KEY_VAULT_SECRETS_USER, principal, this.secretId, id);
  }
}
