import { Token } from 'cdktf';
import { Construct } from 'constructs';
import { ApiManagementNamedValue } from '@cdktf/provider-azurerm/lib/api-management-named-value';
import { checkName } from '../core/naming';
import { SecretDetector } from '../core/secret-detection';
import { note, refuse } from '../core/validation';
import { Grant } from '../identity/grant';
import { PublicNetworkAccess } from '../core/network';
import { KeyVault } from '../key-vault/key-vault';
import { KeyVaultSecretSlot } from '../key-vault/key-vault-secret-slot';
import { IApiGateway, claimOnGateway } from './gateway-reference';
import { API_MANAGEMENT_SERVICE } from './api-management-service';

/** A Key Vault secret identifier: `https://<vault>.vault.azure.net/secrets/<name>[/<version>]`. */
const SECRET_URI = /^https:\/\/([A-Za-z0-9-]{3,24})\.vault\.azure\.net\/secrets\/([A-Za-z0-9-]{1,127})(\/[0-9a-f]{32})?\/?$/;

export interface KeyVaultNamedValueProps {
  /** The gateway: an `ApiGateway`, or one another team owns (`ApiGateway.fromExisting`). */
  readonly gateway: IApiGateway;
  /** Named value id, used in policies as `{{<name>}}`. */
  readonly name: string;
  /** @default - the name */
  readonly displayName?: string;
  /**
   * The secret: a `KeyVaultSecretSlot` (its gateway grant is created here), or the versionless
   * identifier of a secret in a vault another team owns, whose read grant for the gateway's
   * identity that team makes (`grant` then names it, so the named value waits for it).
   */
  readonly secret: KeyVaultSecretSlot | string;
  /** A grant the named value waits for, when `secret` is an identifier. @default - none */
  readonly grant?: Grant;
}

/**
 * A secret named value backed by Key Vault (SEC-1, GW-8): the gateway reads the secret with its
 * system-assigned identity, granted Key Vault Secrets User on that secret before the named value
 * is created, through a versionless identifier so a rotated value is picked up (API Management
 * refreshes within four hours). The value is never in the configuration or the state. Policies
 * use it as {@link KeyVaultNamedValue.reference}, e.g. in a `set-header` on the way out.
 */
export class KeyVaultNamedValue extends Construct {
  public readonly namedValue: ApiManagementNamedValue;
  /** `{{<name>}}`: how a policy uses the value. */
  public readonly reference: string;
  /** The grant the named value waits for (undefined for a secret another team grants without saying). */
  public readonly grant?: Grant;

  constructor(scope: Construct, id: string, props: KeyVaultNamedValueProps) {
    super(scope, id);
    const name = checkName(this, 'name', props.name, API_MANAGEMENT_SERVICE.names.namedValue);
    const displayName = checkName(this, 'displayName', props.displayName ?? name, API_MANAGEMENT_SERVICE.names.namedValueDisplayName);
    claimOnGateway(this, props.gateway, {
      kind: 'named-value', value: props.name, setting: 'name', description: `a named value called ${JSON.stringify(props.name)}`,
      fix: 'give each named value its own name on the gateway.',
    });
    let secretUri: string;
    if (typeof props.secret === 'string') {
      secretUri = props.secret;
      checkSecretUri(this, secretUri);
      this.grant = props.grant;
    } else {
      secretUri = props.secret.secretUri;
      const vault = props.secret.vault;
      if (vault instanceof KeyVault && vault.publicNetworkAccess === PublicNetworkAccess.DISABLED && !vault.trustedServicesOnly) {
        refuse(this, {
          lesson: 'SEC-1', setting: 'secret.vault.allowTrustedServices', given: false,
          problem: 'API Management reads Key Vault named values from its control plane, which reaches a vault whose public access is off only as a trusted service: the named value would never resolve.',
          fix: 'leave allowTrustedServices on (the default) on the vault, or give the vault publicNetworkAccess: PublicNetworkAccess.ENABLED.',
        });
      }
      this.grant = props.grant ?? props.secret.grantRead(props.gateway.identity, `gateway-${id}`);
      // The grant is new in this apply: no provider setting can wait for it to reach Key Vault.
      if (!props.grant) {
        note(this, {
          id: 'SEC-2.NamedValueFirstDeploy', lesson: 'SEC-2', setting: 'secret', given: props.secret.secretName,
          problem: 'the named value is created right after the gateway\'s Key Vault Secrets User grant on the secret, and API Management fails it while the role has not reached Key Vault (minutes, hashicorp/terraform-provider-azurerm#19255); azurerm has no retry for this resource, and azapi\'s covers failed requests, not a long-running operation that ends in failure.',
          fix: 'if the first deploy fails at this named value ("Failed to access KeyVault Secret"), deploy again: it converges.',
        });
      }
    }
    this.namedValue = new ApiManagementNamedValue(this, 'named-value', {
      name,
      displayName,
      apiManagementName: props.gateway.serviceName,
      resourceGroupName: props.gateway.resourceGroupName,
      secret: true,
      // No identity_client_id: the gateway's system-assigned identity reads the secret.
      valueFromKeyVault: { secretId: secretUri },
      ...(this.grant ? { dependsOn: [this.grant] } : {}),
    });
    this.reference = `{{${name}}}`;
  }
}

function checkSecretUri(scope: Construct, uri: string): void {
  if (Token.isUnresolved(uri)) return;
  const match = SECRET_URI.exec(uri);
  if (!match) {
    refuse(scope, {
      // Anything but a URL is likely the secret itself: never repeated.
      lesson: 'SEC-1', setting: 'secret', given: /^https?:\/\//i.test(uri) ? uri : SecretDetector.mask(uri),
      problem: 'a Key Vault-backed named value takes a Key Vault secret identifier.',
      fix: 'give https://<vault>.vault.azure.net/secrets/<name> (KeyVault.fromExisting(...).secretUri(name) builds it).',
    });
  }
  if (match[3]) {
    refuse(scope, {
      lesson: 'SEC-1', setting: 'secret', given: uri,
      problem: 'a versioned identifier pins one version: API Management never picks up the rotated secret.',
      fix: `drop the version: https://${match[1]}.vault.azure.net/secrets/${match[2]}.`,
    });
  }
}
