import { TerraformStack, Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';
import { QueueIntakeApi } from '../../constructs/api-management/queue-intake-api';
import { resolveIn } from '../../constructs/core/claims';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { PublicNetworkAccess } from '../../constructs/core/network';
import { EventGridTopic } from '../../constructs/event-grid/event-grid-topic';
import { EventSubscription } from '../../constructs/event-grid/event-subscription';
import { ManagedIdentity } from '../../constructs/identity/principal';
import { StorageAccount, StorageAccountProps, StorageReplication } from '../../constructs/storage/storage-account';
import { gatewayIn } from '../support/fixtures';
import { refusalOf } from '../support/refusal';
import { fixStack } from '../support/stacks';
import { ref, resourceOf, resourcesOf, synth, TerraformJson, testStack, warningsOf } from '../support/synth';

const WORKSPACE = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.OperationalInsights/workspaces/log-unit';
const PRINCIPAL = '11111111-2222-3333-4444-555555555555';

/** A dev stack: production false, so the development defaults apply. */
const devStack = () => new AzureStack(Testing.app(), { stackName: 'data', environmentName: 'dev', production: false });

function account(stack: TerraformStack = testStack(), props: Partial<StorageAccountProps> = {}) {
  const storage = new StorageAccount(stack, 'storage', { name: 'stunit', resourceGroupName: 'rg-unit', location: 'westeurope', ...props });
  return { stack, storage };
}

function withIdentity(stack: TerraformStack) {
  const identity = new UserAssignedIdentity(stack, 'worker', { name: 'id-worker', resourceGroupName: 'rg-unit', location: 'westeurope' });
  return ManagedIdentity.fromUserAssigned(identity);
}

const roleAssignments = (tf: TerraformJson) => Object.values(resourcesOf(tf, 'azurerm_role_assignment'))
  .map((r) => ({ role: r.role_definition_name as string, scope: r.scope, principal: r.principal_id }))
  .sort((a, b) => a.role.localeCompare(b.role, 'en-US'));

describe('StorageAccount defaults', () => {
  it('is keyless in production: shared keys off, OAuth by default, TLS 1.2, HTTPS only, no public blobs, no local users (SEC-1), ZRS, protected from destroy', () => {
    const { stack } = account();
    expect(resourceOf(synth(stack), 'azurerm_storage_account')).toMatchObject({
      name: 'stunit',
      resource_group_name: 'rg-unit',
      location: 'westeurope',
      account_kind: 'StorageV2',
      account_tier: 'Standard',
      account_replication_type: 'ZRS',
      shared_access_key_enabled: false,
      default_to_oauth_authentication: true,
      min_tls_version: 'TLS1_2',
      https_traffic_only_enabled: true,
      allow_nested_items_to_be_public: false,
      local_user_enabled: false,
      cross_tenant_replication_enabled: false,
      lifecycle: { prevent_destroy: true },
    });
    expect(warningsOf(stack)).toEqual([]);
  });

  it('keeps the keyless settings outside production, with LRS and without prevent_destroy', () => {
    const { stack, storage } = account(devStack());
    const resource = resourceOf(synth(stack), 'azurerm_storage_account');
    expect(resource).toMatchObject({
      account_replication_type: 'LRS', shared_access_key_enabled: false, default_to_oauth_authentication: true, min_tls_version: 'TLS1_2',
      https_traffic_only_enabled: true, allow_nested_items_to_be_public: false, local_user_enabled: false,
    });
    expect(resource).not.toHaveProperty('lifecycle');
    expect(storage.production).toBe(false);
    expect(warningsOf(stack)).toEqual([]);
  });

  it('follows the production prop over the stack, and protectFromDestroy over production', () => {
    const notProduction = resourceOf(synth(account(testStack(), { production: false }).stack), 'azurerm_storage_account');
    expect(notProduction.account_replication_type).toBe('LRS');
    expect(notProduction).not.toHaveProperty('lifecycle');
    const protectedInDev = resourceOf(synth(account(devStack(), { protectFromDestroy: true }).stack), 'azurerm_storage_account');
    expect(protectedInDev.lifecycle).toEqual({ prevent_destroy: true });
    const unprotected = resourceOf(synth(account(testStack(), { protectFromDestroy: false }).stack), 'azurerm_storage_account');
    expect(unprotected).not.toHaveProperty('lifecycle');
  });

  it('warns about LRS in production: a zone outage takes the data with it', () => {
    const { stack } = account(testStack(), { replication: StorageReplication.LRS });
    expect(resourceOf(synth(stack), 'azurerm_storage_account').account_replication_type).toBe('LRS');
    expect(warningsOf(stack)).toEqual([
      '[AZURE] test/storage: replication = "LRS": LRS keeps every copy in one datacenter: a zone outage takes the idempotency store and the queues with it. Fix: use ZRS (the production default) or GZRS.',
    ]);
  });

  it('takes GZRS in production without a warning, and LRS in dev without one', () => {
    const gzrs = account(testStack(), { replication: StorageReplication.GZRS });
    expect(resourceOf(synth(gzrs.stack), 'azurerm_storage_account').account_replication_type).toBe('GZRS');
    expect(warningsOf(gzrs.stack)).toEqual([]);
    const lrs = account(devStack(), { replication: StorageReplication.LRS });
    expect(warningsOf(lrs.stack)).toEqual([]);
  });

  it('keeps the public endpoint off in production and on elsewhere by default', () => {
    expect(resourceOf(synth(account().stack), 'azurerm_storage_account').public_network_access_enabled).toBe(false);
    expect(resourceOf(synth(account(devStack()).stack), 'azurerm_storage_account').public_network_access_enabled).toBe(true);
    const off = account(devStack(), { publicNetworkAccess: PublicNetworkAccess.DISABLED });
    expect(resourceOf(synth(off.stack), 'azurerm_storage_account').public_network_access_enabled).toBe(false);
    expect(off.storage.publicNetworkAccess).toBe('Disabled');
  });

  it('warns about a public endpoint in production (SEC-1)', () => {
    const { stack } = account(testStack(), { publicNetworkAccess: PublicNetworkAccess.ENABLED });
    expect(resourceOf(synth(stack), 'azurerm_storage_account').public_network_access_enabled).toBe(true);
    expect(warningsOf(stack)).toEqual([expect.stringMatching(/^\[SEC-1\] test\/storage: publicNetworkAccess = "Enabled": the production account answers on a public endpoint/)]);
  });

  it('admits only trusted services through the firewall when asked, without the public-endpoint warning (SEC-1)', () => {
    const { stack, storage } = account(testStack(), { publicNetworkAccess: PublicNetworkAccess.ENABLED, trustedServicesOnly: true });
    const tf = resourceOf(synth(stack), 'azurerm_storage_account');
    expect(tf.public_network_access_enabled).toBe(true);
    expect(tf.network_rules).toEqual({ default_action: 'Deny', bypass: ['AzureServices'] });
    expect(storage.trustedServicesOnly).toBe(true);
    expect(warningsOf(stack)).toEqual([]);
  });

  it('always writes its firewall, so one turned off takes effect: open by default, Deny when the endpoint is off', () => {
    // azurerm computes network_rules: a block the configuration stopped writing would stay Deny in Azure.
    // Allow + AzureServices alone reads back as no block in azurerm 4.55 (a plan on every run): Metrics keeps it stable.
    expect(resourceOf(synth(account(devStack()).stack), 'azurerm_storage_account').network_rules).toEqual({ default_action: 'Allow', bypass: ['AzureServices', 'Metrics'] });
    expect(resourceOf(synth(account().stack), 'azurerm_storage_account').network_rules).toEqual({ default_action: 'Deny', bypass: ['AzureServices'] });
  });

  it('fails when trusted services are asked for on an account whose public endpoint is off', () => {
    const r = refusalOf(() => account(testStack(), { publicNetworkAccess: PublicNetworkAccess.DISABLED, trustedServicesOnly: true }));
    expect(r).toMatchObject({ lesson: 'SEC-1', setting: 'trustedServicesOnly', path: 'test/storage' });
    expect(r.message).toContain('trustedServicesOnly = true: with publicNetworkAccess Disabled the account answers on private endpoints only');
  });

  it('fails when the public network access is not Enabled or Disabled', () => {
    const r = refusalOf(() => account(devStack(), { publicNetworkAccess: 'enabled' as PublicNetworkAccess }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'publicNetworkAccess', path: 'data-dev/storage' });
    expect(r.message).toContain('publicNetworkAccess = "enabled":');
  });

  it('keeps deleted blobs and containers 7 days by default, or as many as given', () => {
    const days = (tf: TerraformJson) => resourceOf(tf, 'azurerm_storage_account').blob_properties;
    expect(days(synth(account().stack))).toEqual({ delete_retention_policy: { days: 7 }, container_delete_retention_policy: { days: 7 } });
    expect(days(synth(account(testStack(), { softDeleteRetentionDays: 30 }).stack))).toEqual({
      delete_retention_policy: { days: 30 }, container_delete_retention_policy: { days: 30 },
    });
  });

  for (const days of [0, 366]) {
    it(`fails when soft delete keeps ${days} days`, () => {
      const r = refusalOf(() => account(testStack(), { softDeleteRetentionDays: days }));
      expect(r).toMatchObject({ lesson: 'AZURE', setting: 'softDeleteRetentionDays', path: 'test/storage' });
      expect(r.message).toContain(`softDeleteRetentionDays = ${days}: Azure keeps deleted blobs and containers for 1-365 days.`);
    });
  }

  it('exposes the account id, name and blob endpoint as references', () => {
    const { stack, storage } = account();
    const tf = synth(stack);
    expect(resolveIn(stack, storage.accountId)).toBe(ref(tf, 'azurerm_storage_account', 'id'));
    expect(resolveIn(stack, storage.accountName)).toBe(ref(tf, 'azurerm_storage_account', 'name'));
    expect(resolveIn(stack, storage.blobEndpoint)).toBe(ref(tf, 'azurerm_storage_account', 'primary_blob_endpoint'));
  });

  it('fails when the replication type is not one Azure Storage has', () => {
    const r = refusalOf(() => account(testStack(), { replication: 'XRS' as StorageReplication }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'replication', path: 'test/storage' });
    expect(r.message).toBe('[AZURE] test/storage: replication = "XRS": Azure Storage has no such replication type. Fix: use one of LRS, ZRS, GRS, GZRS, RAGRS, RAGZRS.');
  });
});

describe('StorageAccount diagnostics', () => {
  it('sends the blob, queue and table service logs to the workspace, in their resource-specific tables', () => {
    const { stack, storage } = account(testStack(), { logAnalyticsWorkspaceId: WORKSPACE });
    const tf = synth(stack);
    const settings = Object.values(resourcesOf(tf, 'azurerm_monitor_diagnostic_setting'));
    const accountId = ref(tf, 'azurerm_storage_account', 'id');
    expect(settings.map((s) => s.target_resource_id)).toEqual([
      `${accountId}/blobServices/default`, `${accountId}/queueServices/default`, `${accountId}/tableServices/default`,
    ]);
    for (const setting of settings) {
      expect(setting.log_analytics_workspace_id).toBe(WORKSPACE);
      expect(setting).not.toHaveProperty('log_analytics_destination_type');
    }
    expect(storage.hasDiagnostics).toBe(true);
  });

  it('has no diagnostics without a workspace', () => {
    const { stack, storage } = account();
    expect(resourcesOf(synth(stack), 'azurerm_monitor_diagnostic_setting')).toEqual({});
    expect(storage.hasDiagnostics).toBe(false);
  });
});

describe('storage diagnostics', () => {
  it('sends the Transaction metric of blob, queue and table services (they have no AllMetrics category)', () => {
    const stack = fixStack(false);
    new StorageAccount(stack, 'storage', { name: 'stfix', resourceGroupName: 'rg-fix', location: 'westeurope', logAnalyticsWorkspaceId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.OperationalInsights/workspaces/log' });
    const settings = Object.values(resourcesOf(synth(stack), 'azurerm_monitor_diagnostic_setting'));
    expect(settings.map((s) => s.enabled_metric)).toEqual([[{ category: 'Transaction' }], [{ category: 'Transaction' }], [{ category: 'Transaction' }]]);
  });
});

describe('StorageAccount children', () => {
  it('creates a private container through Resource Manager, by account id', () => {
    const { stack, storage } = account();
    const container = storage.addContainer('large-responses');
    const tf = synth(stack);
    // Protected from destroy with the account (production, the default of an unmarked stack).
    expect(resourceOf(tf, 'azurerm_storage_container')).toEqual({
      name: 'large-responses', storage_account_id: ref(tf, 'azurerm_storage_account', 'id'), container_access_type: 'private',
      lifecycle: { prevent_destroy: true },
    });
    expect(container.containerName).toBe('large-responses');
    expect(resolveIn(stack, container.url)).toBe(`${ref(tf, 'azurerm_storage_account', 'primary_blob_endpoint')}${ref(tf, 'azurerm_storage_container', 'name')}`);
    expect(resolveIn(stack, container.containerId)).toBe(ref(tf, 'azurerm_storage_container', 'id'));
  });

  it('creates a queue, and with poisonQueue also <name>-poison', () => {
    const { stack, storage } = account();
    const orders = storage.addQueue('orders');
    const outbox = storage.addQueue('outbox', { poisonQueue: true });
    const tf = synth(stack);
    const accountId = ref(tf, 'azurerm_storage_account', 'id');
    expect(Object.values(resourcesOf(tf, 'azurerm_storage_queue')).map((q) => [q.name, q.storage_account_id]).sort()).toEqual([
      ['orders', accountId], ['outbox', accountId], ['outbox-poison', accountId],
    ]);
    expect([orders.queueName, outbox.queueName]).toEqual(['orders', 'outbox']);
    expect(resolveIn(stack, orders.queueId)).toBe(ref(tf, 'azurerm_storage_queue', 'id', 'queue-orders'));
  });

  it('creates a table through AzAPI on the account\'s table service, never with azurerm_storage_table (the account key)', () => {
    const { stack, storage } = account();
    const table = storage.addTable('ledger');
    const tf = synth(stack);
    expect(resourceOf(tf, 'azapi_resource')).toEqual({
      type: 'Microsoft.Storage/storageAccounts/tableServices/tables@2024-01-01',
      name: 'ledger',
      parent_id: `${ref(tf, 'azurerm_storage_account', 'id')}/tableServices/default`,
      body: { properties: {} },
      lifecycle: { prevent_destroy: true },
    });
    expect(resourcesOf(tf, 'azurerm_storage_table')).toEqual({});
    expect(table.tableName).toBe('ledger');
    expect(resolveIn(stack, table.tableId)).toBe(ref(tf, 'azapi_resource', 'id'));
  });

  it('leaves tables untagged (azapi refuses tags on the proxy type) while the account gets the stack\'s tags', () => {
    const { stack, storage } = account(devStack());
    storage.addTable('idempotency');
    const tf = synth(stack);
    expect(resourceOf(tf, 'azapi_resource')).not.toHaveProperty('tags');
    expect(resourceOf(tf, 'azurerm_storage_account').tags).toMatchObject({ environment: 'dev', stack: 'data' });
  });

  it('accepts names at the edges of the Azure rules', () => {
    const { stack, storage } = account(testStack(), { name: 'a'.repeat(24) });
    storage.addContainer('abc');
    storage.addContainer(`a-${'b'.repeat(61)}`);
    storage.addQueue('q-1');
    storage.addTable('T12');
    storage.addTable(`T${'a'.repeat(62)}`);
    const tf = synth(stack);
    expect(Object.keys(resourcesOf(tf, 'azurerm_storage_container'))).toHaveLength(2);
    expect(Object.keys(resourcesOf(tf, 'azapi_resource'))).toHaveLength(2);
  });
});

describe('StorageAccount name refusals', () => {
  for (const name of ['st', 'a'.repeat(25), 'St-Unit', 'st_unit', 'stUnit']) {
    it(`fails when the account name is ${JSON.stringify(name)} (3-24 lower-case letters and digits)`, () => {
      const r = refusalOf(() => account(testStack(), { name }));
      expect(r).toMatchObject({ lesson: 'AZURE', setting: 'name', path: 'test/storage' });
      expect(r.message).toBe(`[AZURE] test/storage: name = ${JSON.stringify(name)}: Azure rejects this storage account name (${name.length} characters). `
        + 'Fix: use 3-24 characters: lower-case letters and digits only, unique across Azure.');
    });
  }

  it('fails when two stacks of one app use the same account name (unique across Azure)', () => {
    const app = Testing.app();
    new StorageAccount(new AzureStack(app, { stackName: 'data', environmentName: 'dev', production: false }), 'storage', {
      name: 'stshared', resourceGroupName: 'rg', location: 'westeurope',
    });
    const other = new AzureStack(app, { stackName: 'data', environmentName: 'test', production: false });
    const r = refusalOf(() => new StorageAccount(other, 'storage', { name: 'stshared', resourceGroupName: 'rg', location: 'westeurope' }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'name', path: 'data-test/storage' });
    expect(r.message).toMatch(/^\[AZURE\] data-test\/storage: name = "stshared": storage account names are unique across Azure, and data-dev\/storage in this app already uses it/);
  });

  for (const name of ['ab', 'Logs', 'my--logs', '-logs', 'logs-', 'my_logs', 'a'.repeat(64)]) {
    it(`fails when a container is named ${JSON.stringify(name.length > 20 ? `${name.slice(0, 8)}... (${name.length})` : name)}`, () => {
      const { storage } = account();
      const r = refusalOf(() => storage.addContainer(name));
      expect(r).toMatchObject({ lesson: 'AZURE', setting: 'name', path: `test/storage/container-${name}` });
      expect(r.message).toBe(`[AZURE] test/storage/container-${name}: name = ${JSON.stringify(name)}: Azure rejects this blob container name (${name.length} characters). `
        + 'Fix: use 3-63 characters: lower-case letters, digits and single hyphens, starting and ending with a letter or digit.');
    });
  }

  for (const name of ['ab', 'Orders', 'out--box', 'outbox-', 'a'.repeat(64)]) {
    it(`fails when a queue is named ${JSON.stringify(name.length > 20 ? `${name.slice(0, 8)}... (${name.length})` : name)}`, () => {
      const { storage } = account();
      const r = refusalOf(() => storage.addQueue(name));
      expect(r).toMatchObject({ lesson: 'AZURE', setting: 'name', path: `test/storage/queue-${name}` });
      expect(r.message).toMatch(new RegExp(`^\\[AZURE\\] test/storage/queue-[^:]+: name = "${name}": Azure rejects this storage queue name \\(${name.length} characters\\)\\. Fix: use 3-63 characters`));
    });
  }

  it('fails when the poison queue name would be longer than 63 characters', () => {
    const { storage } = account();
    const name = 'a'.repeat(57);
    const r = refusalOf(() => storage.addQueue(name, { poisonQueue: true }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'name' });
    expect(r.message).toContain(`name = "${name}-poison": Azure rejects this storage queue name (64 characters).`);
  });

  for (const name of ['ab', '1orders', 'order-log', 'order_log', 'a'.repeat(64)]) {
    it(`fails when a table is named ${JSON.stringify(name.length > 20 ? `${name.slice(0, 8)}... (${name.length})` : name)} (letters and digits, starting with a letter)`, () => {
      const { storage } = account();
      const r = refusalOf(() => storage.addTable(name));
      expect(r).toMatchObject({ lesson: 'AZURE', setting: 'name', path: `test/storage/table-${name.toLowerCase()}` });
      expect(r.message).toBe(`[AZURE] test/storage/table-${name.toLowerCase()}: name = ${JSON.stringify(name)}: Azure rejects this storage table name (${name.length} characters). `
        + 'Fix: use 3-63 characters: letters and digits, starting with a letter.');
    });
  }

  for (const name of ['tables', 'Tables']) {
    it(`fails when a table is named ${JSON.stringify(name)} (reserved by Azure Table Storage)`, () => {
      const { storage } = account();
      const r = refusalOf(() => storage.addTable(name));
      expect(r).toMatchObject({ lesson: 'AZURE', setting: 'name', path: 'test/storage/table-tables' });
      expect(r.message).toBe(`[AZURE] test/storage/table-tables: name = ${JSON.stringify(name)}: Azure Table Storage reserves the name "tables". Fix: choose another name, e.g. "ledger".`);
    });
  }
});

describe('StorageAccount duplicate refusals', () => {
  it('fails when a container is added twice', () => {
    const { storage } = account();
    storage.addContainer('reports');
    const r = refusalOf(() => storage.addContainer('reports'));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'containers', path: 'test/storage' });
    expect(r.message).toBe('[AZURE] test/storage: containers = "reports": the account already has a container with this name. Fix: add each container once.');
  });

  it('fails when a queue is added twice', () => {
    const { storage } = account();
    storage.addQueue('outbox');
    const r = refusalOf(() => storage.addQueue('outbox'));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'queues', path: 'test/storage' });
    expect(r.message).toBe('[AZURE] test/storage: queues = "outbox": the account already has a queue with this name. Fix: add each queue once.');
  });

  it('fails when a queue is named like the poison queue of another', () => {
    const { storage } = account();
    storage.addQueue('outbox', { poisonQueue: true });
    const r = refusalOf(() => storage.addQueue('outbox-poison'));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'queues' });
    expect(r.message).toContain('queues = "outbox-poison": the account already has a queue with this name.');
  });

  it('fails when a poison queue would take the name of an existing queue', () => {
    const { storage } = account();
    storage.addQueue('outbox-poison');
    const r = refusalOf(() => storage.addQueue('outbox', { poisonQueue: true }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'queues' });
    expect(r.message).toContain('queues = "outbox-poison": the account already has a queue with this name.');
  });

  it('fails when a table is added twice in different case (table names are case-insensitive)', () => {
    const { storage } = account();
    storage.addTable('Ledger');
    const r = refusalOf(() => storage.addTable('ledger'));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'tables', path: 'test/storage' });
    expect(r.message).toBe('[AZURE] test/storage: tables = "ledger": the account already has a table with this name (table names are case-insensitive). Fix: add each table once.');
  });

  it('lets a container, a queue and a table share a name', () => {
    const { stack, storage } = account();
    storage.addContainer('orders');
    storage.addQueue('orders');
    storage.addTable('orders');
    const tf = synth(stack);
    expect(Object.keys(resourcesOf(tf, 'azurerm_storage_container'))).toHaveLength(1);
    expect(Object.keys(resourcesOf(tf, 'azurerm_storage_queue'))).toHaveLength(1);
    expect(Object.keys(resourcesOf(tf, 'azapi_resource'))).toHaveLength(1);
  });
});

describe('StorageAccount grants', () => {
  it('grants the account-wide data roles on the account, to the identity\'s principal', () => {
    const { stack, storage } = account();
    const identity = withIdentity(stack);
    storage.grantBlobDataOwner(identity);
    storage.grantBlobDataContributor(identity);
    storage.grantQueueDataContributor(identity);
    storage.grantTableDataContributor(identity);
    const tf = synth(stack);
    const scope = ref(tf, 'azurerm_storage_account', 'id');
    const principal = '${azurerm_user_assigned_identity.worker.principal_id}';
    expect(roleAssignments(tf)).toEqual([
      { role: 'Storage Blob Data Contributor', scope, principal },
      { role: 'Storage Blob Data Owner', scope, principal },
      { role: 'Storage Queue Data Contributor', scope, principal },
      { role: 'Storage Table Data Contributor', scope, principal },
    ]);
    for (const r of Object.values(resourcesOf(tf, 'azurerm_role_assignment'))) expect(r.principal_type).toBe('ServicePrincipal');
  });

  it('grants read, read-write and owner on one container, scoped to its Resource Manager id', () => {
    const { stack, storage } = account();
    const identity = withIdentity(stack);
    const container = storage.addContainer('reports');
    const grants = [container.grantRead(identity), container.grantReadWrite(identity), container.grantOwner(identity)];
    const tf = synth(stack);
    const scope = ref(tf, 'azurerm_storage_container', 'id');
    const principal = '${azurerm_user_assigned_identity.worker.principal_id}';
    expect(roleAssignments(tf)).toEqual([
      { role: 'Storage Blob Data Contributor', scope, principal },
      { role: 'Storage Blob Data Owner', scope, principal },
      { role: 'Storage Blob Data Reader', scope, principal },
    ]);
    expect(grants.map((g) => g.builtInRole?.roleName)).toEqual(['Storage Blob Data Reader', 'Storage Blob Data Contributor', 'Storage Blob Data Owner']);
  });

  it('grants send, process and read on one queue, scoped to its Resource Manager id', () => {
    const { stack, storage } = account();
    const identity = withIdentity(stack);
    const queue = storage.addQueue('outbox', { poisonQueue: true });
    queue.grantSend(identity);
    queue.grantProcess(identity);
    queue.grantRead(identity);
    const tf = synth(stack);
    const scope = ref(tf, 'azurerm_storage_queue', 'id', 'queue-outbox_queue');
    const principal = '${azurerm_user_assigned_identity.worker.principal_id}';
    expect(roleAssignments(tf)).toEqual([
      { role: 'Storage Queue Data Message Processor', scope, principal },
      { role: 'Storage Queue Data Message Sender', scope, principal },
      { role: 'Storage Queue Data Reader', scope, principal },
    ]);
  });

  it('grants read and read-write on one table, scoped to the AzAPI table id', () => {
    const { stack, storage } = account();
    const identity = withIdentity(stack);
    const table = storage.addTable('ledger');
    table.grantRead(identity);
    table.grantReadWrite(identity);
    const tf = synth(stack);
    const scope = ref(tf, 'azapi_resource', 'id');
    const principal = '${azurerm_user_assigned_identity.worker.principal_id}';
    expect(roleAssignments(tf)).toEqual([
      { role: 'Storage Table Data Contributor', scope, principal },
      { role: 'Storage Table Data Reader', scope, principal },
    ]);
  });

  it('takes an explicit grant id for a principal without a grant key', () => {
    const { stack, storage } = account();
    storage.addQueue('outbox').grantSend({ principalId: PRINCIPAL }, 'partner');
    const tf = synth(stack);
    expect(Object.keys(resourcesOf(tf, 'azurerm_role_assignment'))).toEqual([expect.stringMatching(/^storage_queue-outbox_send-partner_[0-9A-F]+$/)]);
    expect(resourceOf(tf, 'azurerm_role_assignment').principal_id).toBe(PRINCIPAL);
  });

  it('fails when the principal has no grant key and no id is given', () => {
    const { storage } = account();
    const queue = storage.addQueue('outbox');
    const r = refusalOf(() => queue.grantSend({ principalId: PRINCIPAL }));
    expect(r).toMatchObject({ lesson: 'SEC-1', setting: 'send grant id', path: 'test/storage/queue-outbox' });
    expect(r.message).toBe('[SEC-1] test/storage/queue-outbox: send grant id = undefined: the role assignment needs a stable construct id, and this principal has no grant key. '
      + "Fix: pass an id as the last argument, e.g. (identity, 'worker'), to name the send grant.");
  });

  it('grants the same principal the same role on the account once, however often asked: one assignment, the same grant', () => {
    const { stack, storage } = account();
    const identity = withIdentity(stack);
    const first = storage.grantBlobDataOwner(identity);
    expect(storage.grantBlobDataOwner(identity)).toBe(first);
    expect(storage.grantBlobDataOwner(identity, 'again')).toBe(first);
    expect(Object.keys(resourcesOf(synth(stack), 'azurerm_role_assignment'))).toHaveLength(1);
  });

  it('fails when two principals share a grant key on one account (the second grant would take the first one\'s construct id)', () => {
    const { storage } = account();
    storage.grantBlobDataOwner({ principalId: PRINCIPAL, grantKey: 'worker' });
    const r = refusalOf(() => storage.grantBlobDataOwner({ principalId: '11111111-1111-1111-1111-111111111111', grantKey: 'worker' }));
    expect(r).toMatchObject({ lesson: 'SEC-2', setting: 'grant id', path: 'test/storage' });
    expect(r.message).toContain('grant id = "blob-owner-worker": a grant with this construct id already exists here');
  });
});

const accountIn = (stack: AzureStack, publicNetworkAccess?: PublicNetworkAccess) => new StorageAccount(stack, 'storage', {
  name: 'stfix', resourceGroupName: 'rg-fix', location: 'westeurope', ...(publicNetworkAccess ? { publicNetworkAccess } : {}),
});

describe('storage a caller cannot reach (SEC-1)', () => {
  it('fails when the gateway would queue commands into an account whose public endpoint is off (the production default)', () => {
    const stack = fixStack(true);
    const queue = accountIn(stack).addQueue('charges', { poisonQueue: true });
    new QueueIntakeApi(stack, 'intake', {
      gateway: gatewayIn(stack), name: 'payments', path: 'payments', queue, operations: [{ name: 'create-charge', urlTemplate: '/charges' }], allowDirectCallers: true,
    });
    // Checked at synth, so an endpoint added later would still count.
    expect(() => Testing.fullSynth(stack)).toThrow('[SEC-1] fix-prod/intake: queue.account.publicNetworkAccess = "Disabled": the gateway (which queues the commands) reaches the account from outside any virtual network, and the public endpoint is off: every call would fail. '
      + 'Fix: put the caller in a network with the account\'s private endpoint, or give the account publicNetworkAccess: PublicNetworkAccess.ENABLED (a warning in production).');
  });

  it('fails when Event Grid would dead-letter into an account whose public endpoint is off', () => {
    const stack = fixStack(true);
    const container = accountIn(stack).addContainer('dead-letters');
    const topic = new EventGridTopic(stack, 'topic', { name: 'evgt-fix', resourceGroupName: 'rg-fix', location: 'westeurope' });
    new EventSubscription(stack, 'sub', {
      topic, name: 'app', webhook: { url: 'https://app.example.com/events', receiver: { name: 'app', warmInstances: 1 } }, deadLetterContainer: container,
    });
    expect(() => Testing.fullSynth(stack)).toThrow(/\[SEC-1\] fix-prod\/sub: deadLetterContainer\.account\.publicNetworkAccess = "Disabled": Event Grid \(which writes the dead letters\) reaches the account from outside any virtual network.* Fix: give the account publicNetworkAccess: PublicNetworkAccess\.ENABLED with trustedServicesOnly: true: Event Grid cannot use a private endpoint/);
  });

  it('lets Event Grid dead-letter through a firewall that admits only trusted services', () => {
    const stack = fixStack(true);
    const container = new StorageAccount(stack, 'storage', {
      name: 'stfix', resourceGroupName: 'rg-fix', location: 'westeurope', publicNetworkAccess: PublicNetworkAccess.ENABLED, trustedServicesOnly: true,
    }).addContainer('dead-letters');
    const topic = new EventGridTopic(stack, 'topic', { name: 'evgt-fix', resourceGroupName: 'rg-fix', location: 'westeurope' });
    new EventSubscription(stack, 'sub', {
      topic, name: 'app', webhook: { url: 'https://app.example.com/events', receiver: { name: 'app', warmInstances: 1 } }, deadLetterContainer: container,
    });
    const subscription = resourceOf(synth(stack), 'azurerm_eventgrid_event_subscription');
    // The trusted-services exception takes Event Grid's system-assigned identity only.
    expect(subscription.dead_letter_identity).toEqual({ type: 'SystemAssigned' });
  });

  it('fails when the gateway would queue into an account whose firewall admits only trusted services', () => {
    const stack = fixStack(true);
    const queue = new StorageAccount(stack, 'storage', {
      name: 'stfix', resourceGroupName: 'rg-fix', location: 'westeurope', publicNetworkAccess: PublicNetworkAccess.ENABLED, trustedServicesOnly: true,
    }).addQueue('charges');
    new QueueIntakeApi(stack, 'intake', {
      gateway: gatewayIn(stack), name: 'payments', path: 'payments', queue, operations: [{ name: 'create-charge', urlTemplate: '/charges' }], allowDirectCallers: true,
    });
    expect(() => Testing.fullSynth(stack)).toThrow('[SEC-1] fix-prod/intake: queue.account.publicNetworkAccess = "Enabled (trustedServicesOnly)": the gateway (which queues the commands) reaches the account from outside any virtual network, and the public endpoint admits only Azure\'s trusted services: every call would fail.');
  });

  it('takes the same account once its endpoint is open', () => {
    const stack = fixStack(true);
    const queue = accountIn(stack, PublicNetworkAccess.ENABLED).addQueue('charges', { poisonQueue: true });
    new QueueIntakeApi(stack, 'intake', {
      gateway: gatewayIn(stack), name: 'payments', path: 'payments', queue, operations: [{ name: 'create-charge', urlTemplate: '/charges' }], allowDirectCallers: true,
    });
    expect(Object.keys(resourcesOf(synth(stack), 'azurerm_api_management_api_policy'))).toHaveLength(1);
  });
});

describe('StorageAccount.fromExisting', () => {
  it('looks the account up with the data source and grants on its id', () => {
    const stack = testStack();
    const shared = StorageAccount.fromExisting(stack, 'shared', { name: 'stshared', resourceGroupName: 'rg-shared' });
    shared.grantQueueDataContributor({ principalId: PRINCIPAL }, 'partner');
    const tf = synth(stack);
    const lookups = Object.entries(tf.data?.azurerm_storage_account ?? {});
    expect(lookups.map(([, d]) => d)).toEqual([{ name: 'stshared', resource_group_name: 'rg-shared' }]);
    expect(resourceOf(tf, 'azurerm_role_assignment')).toMatchObject({
      role_definition_name: 'Storage Queue Data Contributor', scope: `\${data.azurerm_storage_account.${lookups[0][0]}.id}`, principal_id: PRINCIPAL,
    });
    expect(shared.accountName).toBe('stshared');
    expect(shared.blobEndpoint).toBe('https://stshared.blob.core.windows.net/');
  });

  it('uses the given account id without a lookup', () => {
    const stack = testStack();
    const id = '/subscriptions/0/resourceGroups/rg-shared/providers/Microsoft.Storage/storageAccounts/stshared';
    const shared = StorageAccount.fromExisting(stack, 'shared', { name: 'stshared', resourceGroupName: 'rg-shared', accountId: id });
    shared.grantBlobDataContributor({ principalId: PRINCIPAL }, 'partner');
    const tf = synth(stack);
    expect(tf.data).toBeUndefined();
    expect(resourceOf(tf, 'azurerm_role_assignment')).toMatchObject({ role_definition_name: 'Storage Blob Data Contributor', scope: id });
    expect(shared.accountId).toBe(id);
  });

  it('does not claim the name: the other team\'s account may be referenced by several stacks', () => {
    const app = Testing.app();
    new StorageAccount(new AzureStack(app, { stackName: 'data', environmentName: 'dev', production: false }), 'storage', {
      name: 'stshared', resourceGroupName: 'rg', location: 'westeurope',
    });
    const other = new AzureStack(app, { stackName: 'data', environmentName: 'test', production: false });
    expect(() => StorageAccount.fromExisting(other, 'shared', { name: 'stshared', resourceGroupName: 'rg' })).not.toThrow();
  });

  it('fails when the existing account\'s name is not a storage account name', () => {
    const r = refusalOf(() => StorageAccount.fromExisting(testStack(), 'shared', { name: 'St-Shared', resourceGroupName: 'rg-shared' }));
    expect(r).toMatchObject({ lesson: 'AZURE', setting: 'name', path: 'test/shared' });
    expect(r.message).toBe('[AZURE] test/shared: name = "St-Shared": Azure rejects this storage account name (9 characters). Fix: use 3-24 characters: lower-case letters and digits only.');
  });
});

describe('StorageAccount children protected with the account', () => {
  it('protects containers, queues (with their poison queue) and tables from destroy when the account is protected', () => {
    const { stack, storage } = account();
    storage.addContainer('large-responses');
    storage.addQueue('outbox', { poisonQueue: true });
    storage.addTable('ledger');
    const tf = synth(stack);
    const lifecycles = [
      ...Object.values(resourcesOf(tf, 'azurerm_storage_container')),
      ...Object.values(resourcesOf(tf, 'azurerm_storage_queue')),
      ...Object.values(resourcesOf(tf, 'azapi_resource')),
    ].map((r) => r.lifecycle);
    expect(lifecycles).toEqual([{ prevent_destroy: true }, { prevent_destroy: true }, { prevent_destroy: true }, { prevent_destroy: true }]);
  });

  it('leaves them unprotected when the account is not (development, or protectFromDestroy: false)', () => {
    for (const { stack, storage } of [account(devStack()), account(testStack(), { protectFromDestroy: false })]) {
      storage.addContainer('large-responses');
      storage.addQueue('outbox', { poisonQueue: true });
      storage.addTable('ledger');
      const tf = synth(stack);
      const resources = [
        ...Object.values(resourcesOf(tf, 'azurerm_storage_container')),
        ...Object.values(resourcesOf(tf, 'azurerm_storage_queue')),
        ...Object.values(resourcesOf(tf, 'azapi_resource')),
      ];
      expect(resources).toHaveLength(4);
      for (const r of resources) expect(r).not.toHaveProperty('lifecycle');
    }
  });
});
