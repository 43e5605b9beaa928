import { Construct } from 'constructs';
import { KeyVault as KeyVaultResource } from '@cdktf/provider-azurerm/lib/key-vault';
import { ResourceAction } from '../../.gen/providers/azapi/resource-action';
import { NAME_RULES, checkName } from '../core/naming';
import { refuse } from '../core/validation';
import { waitFor } from '../core/dependencies';
import { Grant } from '../identity/grant';
import { grantOn } from '../identity/grant-on';
import { IPrincipal } from '../identity/principal';
import { BuiltInRole } from '../identity/roles';
import type { IKeyVault } from './key-vault';

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
  readonly vault: IKeyVault;
  readonly name: string;
}

/**
 * A Key Vault secret whose value never passes through Terraform: put once through Resource
 * Manager with a placeholder (an `azapi_resource_action` PUT: Resource Manager answers without
 * the value, refuses to delete secrets, and the action is neither read back nor sent again), so a
 * value set later with `az keyvault secret set` is neither read into the state nor overwritten,
 * and destroying the stack leaves the secret to the vault's own deletion. Readers get Key Vault
 * Secrets User on this secret alone, after the secret exists.
 */
export class KeyVaultSecretSlot extends Construct {
  /** The one-time PUT of the secret with the placeholder. */
  public readonly secret: ResourceAction;
  public readonly secretName: string;
  /** Resource Manager id: the scope of the secret's grants. */
  public readonly secretId: string;
  /** Versionless identifier, `https://<vault>.vault.azure.net/secrets/<name>`: readers follow rotations. */
  public readonly secretUri: string;
  /** The vault that holds the secret. */
  public readonly vault: IKeyVault;

  constructor(scope: Construct, id: string, props: KeyVaultSecretSlotProps) {
    super(scope, id);
    this.secretName = checkName(this, 'name', props.name, NAME_RULES.keyVaultSecret);
    // The PUT does not ask whether the secret exists: only a vault this stack creates is known to
    // hold no value the placeholder would replace.
    if (!(props.vault.node.tryFindChild('vault') instanceof KeyVaultResource)) {
      refuse(this, {
        lesson: 'SEC-1', setting: 'vault', given: props.vault.node.path,
        problem: 'the slot puts the placeholder set-me into the secret whatever it holds: in a vault another team owns it would overwrite a real value.',
        fix: 'use a KeyVault this stack creates, or reference the other team\'s secret by its versionless URI (KeyVaultNamedValue with secret: \'https://<vault>.vault.azure.net/secrets/<name>\' and the grant they make).',
      });
    }
    this.vault = props.vault;
    this.secretId = `${props.vault.vaultId}/secrets/${props.name}`;
    this.secret = new ResourceAction(this, 'secret', {
      type: KEY_VAULT_SECRET_TYPE,
      resourceId: this.secretId,
      method: 'PUT',
      body: { properties: { value: SECRET_PLACEHOLDER, ...(props.contentType ? { contentType: props.contentType } : {}) } },
      // Once: a changed body must not put the placeholder over the real value.
      lifecycle: { ignoreChanges: ['body'] },
    });
    this.secretUri = props.vault.secretUri(props.name);
  }

  /** Key Vault Secrets User on this secret only (a gateway's named value, an app's setting). */
  public grantRead(principal: IPrincipal, id?: string): Grant {
    const grant = grantOn(this, 'read', BuiltInRole.KEY_VAULT_SECRETS_USER, principal, this.secretId, id);
    // The scope is a literal id built from the vault's: wait for the secret to exist.
    waitFor(this.secret, grant.resource);
    return grant;
  }
}
