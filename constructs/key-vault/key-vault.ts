import { Construct } from 'constructs';
import { PathDeclaration, PathNodeKind } from '../core/path-declarations';
import { DataAzurermKeyVault } from '@cdktf/provider-azurerm/lib/data-azurerm-key-vault';
import { KeyVault as KeyVaultResource } from '@cdktf/provider-azurerm/lib/key-vault';
import { DataAzapiClientConfig } from '../../.gen/providers/azapi/data-azapi-client-config';
import { PublicNetworkAccess } from '../core/network';
import { Production } from '../core/production';
import { refuse, requireRange, warn } from '../core/validation';
import { literalOf } from '../core/stack-variables';
import { Grant } from '../identity/grant';
import { IPrincipal } from '../identity/principal';
import { IPlatformNetwork, ISubnet } from '../network/platform-network';
import { PrivateEndpoint } from '../network/private-endpoint';
import { PublicAccessDefault, resolvePublicAccess } from '../network/public-access';
import { AzureResource } from '../resource/azure-resource';
import { checkReferenceName, idOrLookup, openResource } from '../resource/resource-checks';
import { SecretStoreAccess } from '../resource/secret-source';
import { KEY_VAULT_SERVICE } from './key-vault-service';
import { KeyVaultSecretSlot, KeyVaultSecretSlotOptions } from './key-vault-secret-slot';
import { IKeyVault } from './key-vault-interface';

// In its own file so the children that take it need not import this file (no file cycle).
export { IKeyVault };

/** What `KeyVault` and a reference to an existing vault share. */
export abstract class KeyVaultBase extends AzureResource implements IKeyVault {
  public abstract readonly vaultId: string;
  public abstract readonly vaultName: string;
  public abstract readonly vaultUri: string;

  public get resourceId(): string {
    return this.vaultId;
  }

  public get resourceName(): string {
    return this.vaultName;
  }

  public grantSecretsRead(principal: IPrincipal, id?: string): Grant {
    return this.grantRole('secrets-user', KEY_VAULT_SERVICE.roles.secretsUser, principal, id);
  }

  /** Unknown for a reference (its owner decides); a vault this stack creates tells. */
  public get secretStoreAccess(): SecretStoreAccess | undefined {
    return undefined;
  }

  /**
   * The versionless identifier of a secret: `https://<vault>.vault.azure.net/secrets/<name>`.
   * A versionless id lets readers (a gateway's named value) pick up a rotated value.
   */
  public secretUri(name: string): string {
    return `https://${this.vaultName}.vault.azure.net/secrets/${name}`;
  }
}

/** What `KeyVault.fromExisting` needs to know. */
export interface KeyVaultAttributes {
  readonly name: string;
  readonly resourceGroupName: string;
  /** @default - looked up at plan with the `azurerm_key_vault` data source */
  readonly vaultId?: string;
}

const VAULT_ID = /^\/subscriptions\/[^/]+\/resourceGroups\/([^/]+)\/providers\/Microsoft\.KeyVault\/vaults\/([^/]+)$/i;

/**
 * Refuse a vault id that is not a Key Vault's resource id, or names another vault than `name`: grants would go to that vault while secret URIs name this one.
 * A token is judged by the literal it gives; a reference passes.
 */
function checkVaultId(scope: Construct, attributes: KeyVaultAttributes): void {
  const id = literalOf(scope, attributes.vaultId!);
  if (id === undefined) return;
  const match = VAULT_ID.exec(id);
  if (!match) {
    refuse(scope, {
      lesson: 'AZURE', setting: 'vaultId', given: id,
      problem: 'this is not a Key Vault resource id: grants scoped to it fail at apply.',
      fix: `give /subscriptions/<subscription id>/resourceGroups/${attributes.resourceGroupName}/providers/Microsoft.KeyVault/vaults/${attributes.name}, or leave vaultId out to look it up by name.`,
    });
  }
  // Vault names are unique across Azure: the name decides which vault it is (the resource group is only for a lookup).
  const name = match[2];
  const givenName = literalOf(scope, attributes.name);
  if (givenName !== undefined && givenName.toLowerCase() !== name.toLowerCase()) {
    refuse(scope, {
      lesson: 'SEC-1', setting: 'vaultId', given: id,
      problem: `the id names the vault ${name}, and name says ${givenName}: grants would go to one vault while secret URIs (https://${givenName}.vault.azure.net/...) name the other.`,
      fix: 'give the id of the vault name names, or leave vaultId out to look it up by name.',
    });
  }
}

class ImportedKeyVault extends KeyVaultBase {
  public readonly vaultId: string;
  public readonly vaultName: string;
  public readonly vaultUri: string;

  constructor(scope: Construct, id: string, attributes: KeyVaultAttributes) {
    super(scope, id);
    checkReferenceName(this, attributes.name, KEY_VAULT_SERVICE.names.resource);
    if (attributes.vaultId !== undefined) checkVaultId(this, attributes);
    this.vaultName = attributes.name;
    this.vaultId = idOrLookup(attributes.vaultId,
      () => new DataAzurermKeyVault(this, 'lookup', { name: attributes.name, resourceGroupName: attributes.resourceGroupName }));
    this.vaultUri = `https://${attributes.name}.vault.azure.net/`;
  }
}

export interface KeyVaultProps {
  /** Vault name: 3-24 letters, digits and single hyphens, starting with a letter; unique across Azure. */
  readonly name: string;
  readonly resourceGroupName: string;
  readonly location: string;
  /** Entra tenant of the vault. @default - the tenant the azapi provider signs in to */
  readonly tenantId?: string;
  /**
   * Days a deleted vault or secret can be recovered, 7-90. Azure fixes it when the vault is
   * created: a later change is refused.
   * @default 90
   */
  readonly softDeleteRetentionDays?: number;
  /**
   * Purge protection: a deleted vault or secret cannot be purged before the retention ends.
   * Azure never lets it be turned off again.
   * @default the value of `production`
   */
  readonly purgeProtection?: boolean;
  /**
   * Whether the vault answers on its public endpoint (TLS, Entra ID and RBAC only). Enabled in
   * production is a warning (SEC-1).
   * @default PublicNetworkAccess.ENABLED: a gateway without VNet integration reads its secrets there
   */
  readonly publicNetworkAccess?: PublicNetworkAccess;
  /**
   * With `publicNetworkAccess: DISABLED`, still let Azure's trusted services in with their
   * managed identity (`network_acls`: default action Deny, bypass AzureServices). API Management
   * reads Key Vault named values from its control plane, which reaches a vault with public
   * access off only this way. Key Vault honours this exception with public access off, and
   * nothing else from the internet. While the public endpoint is on, the firewall allows every
   * network and this changes nothing.
   * @default true
   */
  readonly allowTrustedServices?: boolean;
  /**
   * Subnets whose callers pass the vault's firewall through their `Microsoft.KeyVault` service
   * endpoint (`PlatformNetwork.enableServiceEndpoint`). With them, an ENABLED public endpoint is
   * no longer open: the firewall denies every other network and lets in only these subnets and,
   * with `allowTrustedServices`, Azure's trusted services. This is the configuration Microsoft
   * documents for API Management's Key Vault named values behind a firewall (docs/decisions/
   * key-vault-named-values-private-vault.md). Needs `publicNetworkAccess` ENABLED (the default):
   * firewall rules apply to the public endpoint only.
   * @default - none
   */
  readonly allowedSubnets?: ISubnet[];
  /**
   * A private endpoint this construct does not create reaches the vault, so
   * `publicNetworkAccess: DISABLED` without `KeyVault.addPrivateEndpoint` is accepted.
   * @default false
   */
  readonly privateEndpointManagedElsewhere?: boolean;
  /** Log Analytics workspace for the audit log (who read which secret). @default - no diagnostics */
  readonly logAnalyticsWorkspaceId?: string;
  /** @default Production.isProduction(this) */
  readonly production?: boolean;
}

/** The service endpoint a subnet needs for a virtual network rule of a vault's firewall. */
export const KEY_VAULT_SERVICE_ENDPOINT = 'Microsoft.KeyVault';

/**
 * A Key Vault that authorizes with Azure RBAC only (no access policies, SEC-1), soft delete, purge
 * protection and `prevent_destroy` in production, and its audit log (`AuditEvent`) in Log
 * Analytics. Secrets get in without passing through Terraform: `addSecretSlot` puts one
 * once (with a placeholder, never read back), a team member with Key Vault Secrets Officer sets its
 * value, and readers get Key Vault Secrets User on that one secret.
 */
export class KeyVault extends KeyVaultBase {
  /** A vault another team owns: grants and secret identifiers work on it as on one this stack creates. */
  public static fromExisting(scope: Construct, id: string, attributes: KeyVaultAttributes): IKeyVault {
    return new ImportedKeyVault(scope, id, attributes);
  }

  public readonly vault: KeyVaultResource;
  public readonly vaultId: string;
  public readonly vaultName: string;
  public readonly vaultUri: string;
  public readonly production: boolean;
  /** Whether the public endpoint is on. */
  public readonly publicNetworkAccess: PublicNetworkAccess;
  /** Public access is off, and Azure's trusted services still get in (`allowTrustedServices`). */
  public readonly trustedServicesOnly: boolean;
  /**
   * The public endpoint is on behind a firewall that denies by default (`allowedSubnets`), letting
   * in those subnets and, with `allowTrustedServices`, Azure's trusted services.
   */
  public readonly firewalled: boolean;
  /** Whether Azure's trusted services pass the firewall (`allowTrustedServices`). */
  public readonly allowsTrustedServices: boolean;

  constructor(scope: Construct, id: string, props: KeyVaultProps) {
    super(scope, id);
    const { production, name } = openResource(this, props, KEY_VAULT_SERVICE.names.resource);
    this.production = production;
    const retention = props.softDeleteRetentionDays ?? 90;
    requireRange(this, retention, {
      min: 7, max: 90, setting: 'softDeleteRetentionDays', lesson: 'AZURE',
      problem: 'Key Vault keeps deleted vaults and secrets for 7-90 days, fixed when the vault is created.', fix: 'use 90 (the default) or at least 7.',
    });
    const allowedSubnets = props.allowedSubnets ?? [];
    this.firewalled = allowedSubnets.length > 0;
    this.allowsTrustedServices = props.allowTrustedServices ?? true;
    // A firewall that denies by default closes the public endpoint to the internet: no warning for it.
    const publicNetworkAccess = resolvePublicAccess(this, {
      given: props.publicNetworkAccess, default: PublicAccessDefault.ENABLED, production: this.production, endpoint: 'a vault\'s public endpoint',
      productionWarning: this.firewalled ? undefined : {
        id: 'SEC-1.KeyVaultPublicEndpoint',
        problem: 'the production vault answers on a public endpoint: only TLS, Entra ID and its role assignments stand between its secrets and the internet.',
        fix: 'give the readers a private network (a VNet-integrated gateway), add a private endpoint for the vault, then set publicNetworkAccess to \'Disabled\'.',
      },
    });
    this.publicNetworkAccess = publicNetworkAccess;
    this.checkAllowedSubnets(allowedSubnets, publicNetworkAccess);
    this.trustedServicesOnly = publicNetworkAccess === PublicNetworkAccess.DISABLED && (props.allowTrustedServices ?? true);
    const purgeProtection = props.purgeProtection ?? this.production;
    if (this.production && !purgeProtection) {
      warn(this, {
        id: 'SEC-1.KeyVaultPurgeProtection', lesson: 'SEC-1', setting: 'purgeProtection', given: false,
        problem: 'without purge protection a deleted production vault, and every secret in it, can be purged at once, before anyone notices.',
        fix: 'leave purgeProtection on (the production default); Azure never lets it be turned off again.',
      });
    }

    PathDeclaration.node(this, { kind: PathNodeKind.DATA, title: 'Key Vault: RBAC, secrets set by people', name });
    this.vault = new KeyVaultResource(this, 'vault', {
      name,
      resourceGroupName: props.resourceGroupName,
      location: props.location,
      tenantId: props.tenantId ?? new DataAzapiClientConfig(this, 'client-config', {}).tenantId,
      skuName: 'standard',
      rbacAuthorizationEnabled: true,
      softDeleteRetentionDays: retention,
      purgeProtectionEnabled: purgeProtection,
      publicNetworkAccessEnabled: publicNetworkAccess === PublicNetworkAccess.ENABLED,
      // Always written: azurerm keeps a firewall the configuration stops writing (the block is
      // computed), so a vault opened again would go on denying every caller.
      networkAcls: publicNetworkAccess === PublicNetworkAccess.DISABLED
        ? { defaultAction: 'Deny', bypass: this.trustedServicesOnly ? 'AzureServices' : 'None' }
        : this.firewalled
          ? {
            defaultAction: 'Deny', bypass: this.allowsTrustedServices ? 'AzureServices' : 'None',
            virtualNetworkSubnetIds: allowedSubnets.map((subnet) => subnet.subnetId),
          }
          : { defaultAction: 'Allow', bypass: 'AzureServices' },
    });
    Production.protectFromDestroy(this.vault, this.production);
    this.vaultId = this.vault.id;
    this.vaultName = this.vault.name;
    this.vaultUri = this.vault.vaultUri;
    // Key Vault's audit log is documented for the AzureDiagnostics table.
    this.sendDiagnostics(props.logAnalyticsWorkspaceId, { logCategories: ['AuditEvent'], dedicated: false });
    // Checked at synth, once the stack had its chance to add the endpoint (SEC-1).
    this.declarePrivateLink({
      name, resourceType: KEY_VAULT_SERVICE.resourceType, dnsZones: KEY_VAULT_SERVICE.privateLink, publicNetworkAccess,
      unreachable: { what: 'the vault: no reader could get a secret', managedElsewhere: props.privateEndpointManagedElsewhere },
    });
  }

  /**
   * A private endpoint for the vault (`vault` sub-resource, `privatelink.vaultcore.azure.net`) in
   * `network`: readers in the network keep the vault's URI.
   */
  /** Firewall rules apply to the public endpoint, and a subnet passes them only with its service endpoint. */
  private checkAllowedSubnets(subnets: ISubnet[], access: PublicNetworkAccess): void {
    if (subnets.length === 0) return;
    if (access === PublicNetworkAccess.DISABLED) {
      refuse(this, {
        lesson: 'SEC-1', setting: 'allowedSubnets', given: subnets.map((s) => s.purpose.name),
        problem: 'the subnets are rules of the vault\'s firewall, which guards the public endpoint, and the public endpoint is off: Key Vault ignores them.',
        fix: 'leave publicNetworkAccess ENABLED (the firewall then denies every other network), or drop allowedSubnets and reach the vault through its private endpoint.',
      });
    }
    subnets.forEach((subnet, i) => {
      if (subnet.serviceEndpoints && !subnet.serviceEndpoints.includes(KEY_VAULT_SERVICE_ENDPOINT)) {
        refuse(this, {
          lesson: 'SEC-1', setting: `allowedSubnets[${i}]`, given: subnet.purpose.name,
          problem: `the subnet has no ${KEY_VAULT_SERVICE_ENDPOINT} service endpoint: Azure refuses a virtual network rule for it, and its callers would not pass the firewall.`,
          fix: `give it one first: network.enableServiceEndpoint(<the ${subnet.purpose.description} purpose>, '${KEY_VAULT_SERVICE_ENDPOINT}'), and pass the subnet it returns.`,
        });
      }
    });
  }

  public addPrivateEndpoint(network: IPlatformNetwork): PrivateEndpoint {
    return this.addPrivateEndpointFor(network, 'vault');
  }

  /** The public endpoint, the firewall and the trusted-services exception, as readers check them. */
  public get secretStoreAccess(): SecretStoreAccess | undefined {
    return { publicNetworkAccess: this.publicNetworkAccess, allowsTrustedServices: this.allowsTrustedServices, firewalled: this.firewalled };
  }

  /**
   * A secret whose value is set outside Terraform: the stack creates it through Resource Manager
   * with a placeholder (`set-me`) and never reads it back, so the real value never reaches the
   * plan or the state. Set the value once with `az keyvault secret set --vault-name <vault>
   * --name <name> --file <file>` (Key Vault Secrets Officer); readers get access with
   * `slot.grantRead(...)`.
   */
  public addSecretSlot(name: string, options: KeyVaultSecretSlotOptions = {}): KeyVaultSecretSlot {
    return new KeyVaultSecretSlot(this, `secret-${name}`, { vault: this, name, ...options });
  }
}
