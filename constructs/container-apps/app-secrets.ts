import { Token } from 'cdktf';
import { Construct } from 'constructs';
import { ContainerAppSecret as ContainerAppSecretBlock, ContainerAppTemplateContainerEnv } from '@cdktf/provider-azurerm/lib/container-app';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';
import { NameRule, checkName } from '../core/naming';
import { resolveIn } from '../core/claims';
import { refuse, warn } from '../core/validation';
import { Grant } from '../identity/grant';
import { BuiltInRole } from '../identity/roles';
import type { IKeyVault } from '../key-vault/key-vault';
import type { ISecretSource } from '../resource/secret-source';
import { KEY_VAULT_SERVICE } from '../key-vault/key-vault-service';

// Typed Key Vault secrets of the Container App constructs (SEC-1): the app reads each secret with
// its own identity, granted Key Vault Secrets User on that one secret before the app exists, and
// an environment variable takes the secret by name. The value never passes through Terraform.

/**
 * A Container App secret's name, as azurerm 4.55 validates it (containerapps/validate.SecretName):
 * lower-case letters, digits and hyphens, starting and ending with a letter or digit, at most 253.
 */
export const CONTAINER_APP_SECRET_NAME: NameRule = {
  kind: 'Container App secret', min: 1, max: 253, pattern: /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/,
  shape: 'lower-case letters, digits and hyphens, starting and ending with a letter or digit',
};

/** A Key Vault secret identifier: `https://<vault>.vault.<cloud suffix>/secrets/<name>[/<version>]`. */
const SECRET_URI = /^https:\/\/([A-Za-z0-9-]{3,24})\.vault\.(?:azure\.net|azure\.cn|usgovcloudapi\.net)\/secrets\/([A-Za-z0-9-]{1,127})(?:\/([0-9a-f]{32}))?\/?$/i;

/**
 * A Key Vault secret a Container App reads with its own identity. Nothing is checked when the
 * reference is made: the construct that uses it checks it, so a refusal names that construct.
 */
export class KeyVaultSecretReference {
  /**
   * A secret this stack creates (`vault.addSecretSlot(name)`, or any `ISecretSource`): the app
   * waits for the secret and its grant.
   */
  public static fromSlot(slot: ISecretSource): KeyVaultSecretReference {
    return new KeyVaultSecretReference(undefined, slot.secretUri, slot.secretName, slot);
  }

  /**
   * The secret `secretName` of `vault` (a `KeyVault`, or `KeyVault.fromExisting` for another team's),
   * read through its versionless identifier, so a rotated value is picked up.
   */
  public static fromVault(vault: IKeyVault, secretName: string): KeyVaultSecretReference {
    return new KeyVaultSecretReference(vault, undefined, secretName, undefined);
  }

  /**
   * A secret of `vault` by its identifier, `https://<vault>.vault.azure.net/secrets/<name>`. A
   * versioned identifier (`.../<name>/<version>`) pins that version: it warns, since a rotated
   * value is never picked up.
   */
  public static fromUri(vault: IKeyVault, secretUri: string): KeyVaultSecretReference {
    return new KeyVaultSecretReference(vault, secretUri, undefined, undefined);
  }

  /**
   * The vault that holds the secret: the grant is on the secret in it.
   * @default - the slot's own (fromSlot)
   */
  public readonly vault?: IKeyVault;
  /** The identifier as given (fromUri, fromSlot). @default - built from the vault and the name */
  public readonly secretUri?: string;
  /** The secret's name in the vault, as given (fromVault, fromSlot). @default - read from the identifier */
  public readonly secretName?: string;
  /** The slot the secret comes from. @default - a secret the stack does not create */
  public readonly slot?: ISecretSource;

  private constructor(vault: IKeyVault | undefined, secretUri: string | undefined, secretName: string | undefined, slot: ISecretSource | undefined) {
    this.vault = vault;
    this.secretUri = secretUri;
    this.secretName = secretName;
    this.slot = slot;
  }
}

/** A secret of a Container App, read from Key Vault with the app's identity. */
export interface ContainerAppSecret {
  /**
   * The secret's name in the app, which environment variables refer to
   * (`secretEnvironmentVariables`): lower-case letters, digits and hyphens, starting and ending
   * with a letter or digit (Azure's rule).
   */
  readonly name: string;
  /** The Key Vault secret (`KeyVaultSecretReference.fromSlot(slot)`, `.fromVault(vault, name)`, `.fromUri(vault, uri)`). */
  readonly secret: KeyVaultSecretReference;
}

/** The secrets of one app, checked: the provider's blocks and the grants the app waits for. */
export interface BoundAppSecrets {
  readonly secrets: ContainerAppSecretBlock[];
  readonly environment: ContainerAppTemplateContainerEnv[];
  readonly grants: Grant[];
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/**
 * Check the secrets and the variables that take them (`secrets`, `secretEnvironmentVariables`) and
 * grant `identity` Key Vault Secrets User on each secret, under `scope` (construct id
 * `kv-secret-<name>`; a slot's secret is created before its grant). `plain` are the variables
 * set by value: a variable set both ways is refused. Without secrets, nothing is created.
 */
export function bindAppSecrets(
  scope: Construct,
  identity: UserAssignedIdentity,
  secrets: ContainerAppSecret[] | undefined,
  secretEnvironmentVariables: Record<string, string> | undefined,
  plain: Record<string, string>,
): BoundAppSecrets {
  const blocks: ContainerAppSecretBlock[] = [];
  const grants: Grant[] = [];
  const grantBySecret = new Map<string, Grant>();
  const names = new Set<string>();
  (secrets ?? []).forEach((s, i) => {
    const name = checkName(scope, `secrets[${i}].name`, s.name, CONTAINER_APP_SECRET_NAME);
    if (names.has(name)) {
      refuse(scope, {
        lesson: 'AZURE', setting: `secrets[${i}].name`, given: name,
        problem: 'another secret of the app has this name; Azure keeps one of them, and the variables that take it read whichever.',
        fix: 'give each secret its own name.',
      });
    }
    names.add(name);
    const { uri, secretId } = resolveSecret(scope, `secrets[${i}].secret`, s.secret);
    blocks.push({ name, keyVaultSecretId: uri, identity: identity.id });
    if (!grantBySecret.has(secretId)) {
      const grant = Grant.role(scope, `kv-secret-${name}`, { principal: identity, role: BuiltInRole.KEY_VAULT_SECRETS_USER, resourceId: secretId });
      // The scope is a literal id built from the vault's: a slot's secret must exist first.
      s.secret.slot?.applyBefore(grant.resource);
      grantBySecret.set(secretId, grant);
      grants.push(grant);
    }
  });

  const plainByKey = new Map(Object.keys(plain).map((n) => [n.toLowerCase(), n]));
  const seen = new Map<string, string>();
  const environment: ContainerAppTemplateContainerEnv[] = [];
  for (const [variable, secretName] of Object.entries(secretEnvironmentVariables ?? {})) {
    const setting = `secretEnvironmentVariables.${variable}`;
    if (!ENV_NAME.test(variable)) {
      refuse(scope, {
        lesson: 'AZURE', setting, given: variable,
        problem: 'Container Apps accepts environment variable names of letters, digits, underscores, dots and hyphens, not starting with a digit.',
        fix: 'rename the variable.',
      });
    }
    const twin = plainByKey.get(variable.toLowerCase()) ?? seen.get(variable.toLowerCase());
    if (twin !== undefined) {
      refuse(scope, {
        lesson: 'AZURE', setting, given: secretName,
        problem: `${twin} is set by value as well (by environmentVariables or by the construct), and .NET reads configuration names case-insensitively, so one of the two silently wins.`,
        fix: 'set the variable once: by value, or from a secret.',
      });
    }
    seen.set(variable.toLowerCase(), variable);
    if (Token.isUnresolved(secretName) || !names.has(secretName)) {
      refuse(scope, {
        lesson: 'SEC-1', setting, given: secretName,
        problem: 'the app has no secret of this name, and Azure refuses a revision whose variable refers to a secret it does not have.',
        fix: names.size > 0
          ? `name one of the app's secrets (${[...names].join(', ')}), or add it to secrets.`
          : 'declare the secret first: secrets: [{ name: \'<name>\', secret: KeyVaultSecretReference.fromSlot(slot) }].',
      });
    }
    environment.push({ name: variable, secretName });
  }
  return { secrets: blocks, environment, grants };
}

/** The identifier the app reads and the resource id the grant is on, refusing identifiers Azure refuses. */
function resolveSecret(scope: Construct, setting: string, ref: KeyVaultSecretReference | undefined): { uri: string; secretId: string } {
  if (!(ref instanceof KeyVaultSecretReference)) {
    refuse(scope, {
      lesson: 'SEC-1', setting, given: ref === undefined ? undefined : typeof ref,
      problem: 'a Container App secret is read from Key Vault with the app\'s identity; without a Key Vault secret there is nothing to read.',
      fix: 'pass KeyVaultSecretReference.fromSlot(vault.addSecretSlot(\'<name>\')), or .fromVault(KeyVault.fromExisting(...), \'<name>\').',
    });
  }
  if (ref.slot) return { uri: ref.slot.secretUri, secretId: ref.slot.secretId };
  const vault = ref.vault as IKeyVault;
  if (ref.secretUri === undefined) {
    const secretName = ref.secretName as string;
    checkName(scope, `${setting}.secretName`, secretName, KEY_VAULT_SERVICE.names.secret);
    return { uri: vault.secretUri(secretName), secretId: `${vault.vaultId}/secrets/${secretName}` };
  }
  const uri = ref.secretUri;
  if (Token.isUnresolved(uri)) {
    refuse(scope, {
      lesson: 'SEC-1', setting: `${setting}.secretUri`, given: String(resolveIn(scope, uri)),
      problem: 'the secret\'s name is read from the identifier to grant the app access to that secret alone, and a Terraform reference is only known at apply.',
      fix: 'pass the name instead: KeyVaultSecretReference.fromVault(vault, \'<name>\').',
    });
  }
  const match = SECRET_URI.exec(uri);
  if (!match) {
    refuse(scope, {
      lesson: 'AZURE', setting: `${setting}.secretUri`, given: uri,
      problem: 'azurerm refuses a Key Vault secret identifier of another shape at plan.',
      fix: 'give https://<vault>.vault.azure.net/secrets/<name> (vault.secretUri(name)), or use KeyVaultSecretReference.fromVault(vault, \'<name>\').',
    });
  }
  const [, vaultName, secretName, version] = match;
  if (!Token.isUnresolved(vault.vaultName) && vault.vaultName.toLowerCase() !== vaultName.toLowerCase()) {
    refuse(scope, {
      lesson: 'SEC-1', setting: `${setting}.secretUri`, given: uri,
      problem: `the identifier is in the vault ${vaultName}, and the app would be granted access to a secret of ${vault.vaultName}: it could not read the secret.`,
      fix: 'pass the vault that holds the secret with its identifier.',
    });
  }
  if (version !== undefined) {
    warn(scope, {
      id: 'SEC-1.VersionedAppSecret', lesson: 'SEC-1', setting: `${setting}.secretUri`, given: uri,
      problem: 'the identifier pins one version of the secret: a rotated value never reaches the app, and the app stops starting once that version is disabled.',
      fix: `use the versionless identifier (https://${vaultName}.vault.azure.net/secrets/${secretName}); Container Apps then fetches a new version within 30 minutes, and a revision restart (or a new revision) gives it to the variables.`,
    });
  }
  return { uri, secretId: `${vault.vaultId}/secrets/${secretName}` };
}
