import { Construct } from 'constructs';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';
import {
  ApiGateway, AzureStack, HttpMethod, KeyVault, KeyVaultNamedValue, LockLevel, ManagedIdentity, PartnerProducts, ProviderApi,
  PublicNetworkAccess, QueueIntakeApi, StorageAccount, TemplateParameterType,
} from '@realtime-platform/azure-constructs';

/**
 * The shipping team's partner API on the platform team's gateway: each partner capped on its
 * own, bookings queued with an Idempotency-Key, and the carrier's API behind the gateway with
 * the carrier's key from the team's own Key Vault and the typed retry policy.
 */
export class ShippingPartnersStack extends AzureStack {
  constructor(scope: Construct, environmentName: string) {
    super(scope, { stackName: 'shipping', environmentName, production: environmentName !== 'dev', tags: { owner: 'shipping-team' } });
    const location = 'westeurope';
    const group = new ResourceGroup(this, 'resource-group', { name: `rg-shipping-${environmentName}`, location });
    const gateway = ApiGateway.fromExisting(this, 'gateway', {
      serviceName: `apim-platform-${environmentName}`, resourceGroupName: `rg-platform-${environmentName}`, skuName: 'StandardV2_1',
    });

    // Partners book; the gateway queues the booking with its identity and answers 202.
    const storage = new StorageAccount(this, 'storage', {
      name: `stshipping${environmentName}`, resourceGroupName: group.name, location, publicNetworkAccess: PublicNetworkAccess.ENABLED,
    });
    const bookings = storage.addQueue('bookings', { poisonQueue: true });
    // In production the account that holds the bookings cannot be deleted, by hand or by another
    // deploy, while its lock stands (the deployer needs User Access Administrator on it: docs/deploy.md).
    if (environmentName !== 'dev') storage.addLock(LockLevel.CAN_NOT_DELETE);
    const intake = new QueueIntakeApi(this, 'partner-api', {
      gateway, name: 'shipping', path: 'shipping/v1', queue: bookings, allowDirectCallers: true,
      operations: [{ name: 'create-booking', urlTemplate: '/bookings' }],
    });
    new PartnerProducts(this, 'partners', {
      gateway, productPrefix: 'shipping', apis: [intake],
      partners: [{ name: 'northwind', callsPerMinute: 60 }, { name: 'contoso', callsPerMinute: 120 }],
    });

    // The carrier's key lives in the team's vault; the gateway reads it with its own identity.
    const vault = KeyVault.fromExisting(this, 'vault', { name: `kv-shipping-${environmentName}`, resourceGroupName: group.name });
    const carrierKey = new KeyVaultNamedValue(this, 'carrier-key', {
      gateway, name: 'carrier-api-key', secret: vault.secretUri('carrier-api-key'),
      grant: vault.grantSecretsRead(gateway.identity, 'gateway'),
    });
    const worker = new UserAssignedIdentity(this, 'worker', { name: `id-shipping-worker-${environmentName}`, resourceGroupName: group.name, location });
    bookings.grantProcess(ManagedIdentity.fromUserAssigned(worker));
    new ProviderApi(this, 'carrier-api', {
      gateway, name: 'carrier', path: 'carrier', providerUrl: 'https://api.carrier.example.com', apiKey: carrierKey,
      callers: { tenantId: '00000000-0000-0000-0000-000000000001', audience: '5d9e1c2b-7a4f-4b3e-8c6d-2f1a0e9b8c7d', clientIds: [worker.clientId] },
      operations: [
        { name: 'create-shipment', method: HttpMethod.POST, urlTemplate: '/shipments', requireIdempotencyKey: true },
        { name: 'get-shipment', method: HttpMethod.GET, urlTemplate: '/shipments/{id}', templateParameters: [{ name: 'id', type: TemplateParameterType.STRING }] },
      ],
      retry: { count: 2, intervalSeconds: 2 },
      declaredOutageMinutes: 15,
      allowDirectCallers: true,
    });
  }
}
