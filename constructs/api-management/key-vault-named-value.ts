import { Token } from 'cdktf';
import { Construct } from 'constructs';
import { ApiManagementNamedValue } from '@cdktf/provider-azurerm/lib/api-management-named-value';
import { checkName } from '../core/naming';
import { Sleep } from '@cdktf/provider-time/lib/sleep';
import { SecretDetector } from '../core/secret-detection';
import { refuse, warn } from '../core/validation';
import { Grant } from '../identity/grant';
import { RolePropagation } from '../identity/propagation';
import { PublicNetworkAccess } from '../core/network';
import { ISecretSource } from '../resource/secret-source';
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
   * The secret: an `ISecretSource` such as a Key Vault secret slot (`vault.addSecretSlot(name)`;
   * its gateway grant is created here), or the versionless identifier of a secret in a vault
   * another team owns, whose read grant for the gateway's identity that team makes (`grant` then
   * names it, so the named value waits for it).
   */
  readonly secret: ISecretSource | string;
  /** A grant the named value waits for, when `secret` is an identifier. @default - none */
  readonly grant?: Grant;
}

/**
 * A secret named value backed by Key Vault (SEC-1, GW-8): the gateway reads the secret with its
 * system-assigned identity, granted Key Vault Secrets User on that secret before the named value
 * is created, through a versionless identifier so a rotated value is picked up (API Management
 * refreshes within four hours). The value is never in the configuration or the state. Policies
 * use it as `KeyVaultNamedValue.reference`, e.g. in a `set-header` on the way out.
 */
export class KeyVaultNamedValue extends Construct {
  public readonly namedValue: ApiManagementNamedValue;
  /** `{{<name>}}`: how a policy uses the value. */
  public readonly reference: string;
  /** The grant the named value waits for (undefined for a secret another team grants without saying). */
  public readonly grant?: Grant;
  /** The wait between the grant and the named value, in the first apply (with a grant only). */
  public readonly propagation?: Sleep;

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
      const access = props.secret.storeAccess;
      if (access && !access.allowsTrustedServices && (access.publicNetworkAccess === PublicNetworkAccess.DISABLED || access.firewalled)) {
        refuse(this, {
          lesson: 'SEC-1', setting: 'secret.vault.allowTrustedServices', given: false,
          problem: 'API Management reads Key Vault named values from its control plane, which passes a vault\'s firewall only as a trusted service: the named value would never resolve.',
          fix: 'leave allowTrustedServices on (the default) on the vault, or give the vault publicNetworkAccess: PublicNetworkAccess.ENABLED with no firewall.',
        });
      }
      // docs/decisions/key-vault-named-values-private-vault.md: Microsoft documents the control
      // plane's read through the trusted-services exception of a firewall that allows selected
      // networks, not of a vault whose public access is off (MicrosoftDocs/azure-docs#81078, #119670).
      if (access && access.publicNetworkAccess === PublicNetworkAccess.DISABLED) {
        warn(this, {
          id: 'SEC-1.NamedValueClosedVault', lesson: 'SEC-1', setting: 'secret.vault.publicNetworkAccess', given: PublicNetworkAccess.DISABLED,
          problem: 'API Management reads Key Vault named values from its control plane, which is not in the gateway\'s network: Microsoft documents that read through the trusted-services exception of a vault firewall that allows selected networks, not through a vault whose public access is off, so the named value may never resolve.',
          fix: 'keep the vault\'s public endpoint behind its firewall instead: publicNetworkAccess ENABLED with allowedSubnets: [the gateway\'s outbound subnet, with its Microsoft.KeyVault service endpoint] (trusted services stay allowed).',
        });
      }
      this.grant = props.grant ?? props.secret.grantRead(props.gateway.identity, `gateway-${id}`);
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
    // API Management reads the secret when the named value is created and fails it while the
    // grant has not reached Key Vault (hashicorp/terraform-provider-azurerm#19255); azurerm
    // creates it once, and azapi's retry covers failed requests, not a long-running operation
    // that ends in failure: a wait is the only fix (RolePropagation, point 3).
    if (this.grant) {
      this.propagation = RolePropagation.wait(this, 'grant-propagation', {
        after: [this.grant], dependents: [this.namedValue], duration: RolePropagation.AZURE_RBAC_WAIT,
      });
    }
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
