import { Fn, TerraformResource, Token } from 'cdktf';
import { Construct } from 'constructs';
import { KeyVault as KeyVaultResource } from '@cdktf/provider-azurerm/lib/key-vault';
import { DataAzapiResource } from '../../.gen/providers/azapi/data-azapi-resource';
import { ResourceAction } from '../../.gen/providers/azapi/resource-action';
import { checkName } from '../core/naming';
import { refuse } from '../core/validation';
import { addressOf, waitFor } from '../core/dependencies';
import { Grant } from '../identity/grant';
import { grantOn } from '../identity/grant-on';
import { IPrincipal } from '../identity/principal';
import type { IKeyVault } from './key-vault-interface';
import { ISecretSource, SecretStoreAccess } from '../resource/secret-source';
import { KEY_VAULT_SERVICE } from './key-vault-service';

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
 * Manager with a placeholder (an `azapi_resource_action`: Resource Manager answers without the
 * value and refuses to delete secrets), so a value set later with `az keyvault secret set` (or the
 * Resource Manager PUT in docs/payments.md) is neither read into the state nor overwritten, and
 * destroying the stack leaves the secret to the vault's own deletion. Readers get Key Vault
 * Secrets User on this secret alone, after the secret exists.
 *
 * The placeholder is never sent over a value (SEC-1): the plan reads whether the secret exists
 * (a Resource Manager GET of its metadata, never its value), and the action only PUTs the
 * placeholder into a secret that does not; into one that does (a new state file, an imported
 * vault) it sends a harmless GET. Once applied, the action runs again only when its vault is
 * replaced (`replace_triggered_by` on the vault's id), into the new, empty vault; nothing else, not
 * even its type, API version or headers, makes azapi send it again (`ignore_changes = all`).
 */
export class KeyVaultSecretSlot extends Construct implements ISecretSource {
  /** The one-time PUT of the secret with the placeholder (a GET where the secret exists already). */
  public readonly secret: ResourceAction;
  /** The plan-time check whether the secret exists (its metadata only). */
  public readonly existing: DataAzapiResource;
  public readonly secretName: string;
  /** Resource Manager id: the scope of the secret's grants. */
  public readonly secretId: string;
  /** Versionless identifier, `https://<vault>.vault.azure.net/secrets/<name>`: readers follow rotations. */
  public readonly secretUri: string;
  /** The vault that holds the secret. */
  public readonly vault: IKeyVault;

  constructor(scope: Construct, id: string, props: KeyVaultSecretSlotProps) {
    super(scope, id);
    this.secretName = checkName(this, 'name', props.name, KEY_VAULT_SERVICE.names.secret);
    // Only a vault this stack creates: a secret in another team's vault, and who may read it, are that team's.
    const vaultResource = props.vault.node.tryFindChild('vault');
    if (!(vaultResource instanceof KeyVaultResource)) {
      refuse(this, {
        lesson: 'SEC-1', setting: 'vault', given: props.vault.node.path,
        problem: 'a slot creates the secret in the vault, and in a vault another team owns the secret, its value and who reads it are theirs to manage.',
        fix: 'use a KeyVault this stack creates, or reference the other team\'s secret by its versionless URI (KeyVaultNamedValue with secret: \'https://<vault>.vault.azure.net/secrets/<name>\' and the grant they make).',
      });
    }
    this.vault = props.vault;
    this.secretId = `${props.vault.vaultId}/secrets/${props.name}`;
    // Read at plan once the vault exists, at apply (before the action) while it is being created.
    this.existing = new DataAzapiResource(this, 'existing', {
      type: KEY_VAULT_SECRET_TYPE,
      resourceId: this.secretId,
      ignoreNotFound: true,
      responseExportValues: [],
    });
    const exists = this.existing.exists;
    this.secret = new ResourceAction(this, 'secret', {
      type: KEY_VAULT_SECRET_TYPE,
      resourceId: this.secretId,
      method: Token.asString(Fn.conditional(exists, 'GET', 'PUT')),
      body: Fn.conditional(exists, null, { properties: { value: SECRET_PLACEHOLDER, ...(props.contentType ? { contentType: props.contentType } : {}) } }),
      // Once: nothing that changes later may send the placeholder again; but a new vault (replaced:
      // renamed, moved) gets its slot, into which the existence check lets the placeholder go.
      lifecycle: { ignoreChanges: 'all', replaceTriggeredBy: [`${addressOf(vaultResource)}.id`] },
    });
    this.secretUri = props.vault.secretUri(props.name);
  }

  /** How the vault admits readers, when this stack creates it (a slot is only made in such a vault). */
  public get storeAccess(): SecretStoreAccess | undefined {
    return this.vault.secretStoreAccess;
  }

  /** Key Vault Secrets User on this secret only (a gateway's named value, an app's setting). */
  public grantRead(principal: IPrincipal, id?: string): Grant {
    const grant = grantOn(this, 'read', KEY_VAULT_SERVICE.roles.secretsUser, principal, this.secretId, id);
    // The scope is a literal id built from the vault's: wait for the secret to exist.
    this.applyBefore(grant.resource);
    return grant;
  }

  /** Make `dependent` wait for the secret to exist (its id is a literal built from the vault's). */
  public applyBefore(dependent: TerraformResource): void {
    waitFor(this.secret, dependent);
  }
}
