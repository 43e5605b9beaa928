// A probe of the scaling bench (issue 30): synthesizes one AzureStack of N resources of a shape into
// OUTDIR with the library (dist/), and prints the process's CPU seconds (user + system) for the synth.
//
//   node tools/bench-scaling/probe-shapes.cjs <shape> <N> <outdir>
//
// Shapes: queues (N queues on one account, each granted to one identity), http-apis, streaming-apis,
// webhook-apis (N APIs on one gateway), product (N HTTP APIs on one product), named-values (N Key
// Vault named values on one gateway, each from its own slot), operations (one FunctionApi of N operations), subscriptions (N
// webhook subscriptions on one topic), secrets (N Key Vault slots, N apps each reading one),
// endpoints (production: N storage accounts, each with a queue private endpoint on one network),
// raw-assignments (N azurerm_role_assignment on N scopes), raw-storage (N raw azurerm_storage_account).
'use strict';
const { join } = require('node:path');

const SHAPES = ['queues', 'http-apis', 'streaming-apis', 'webhook-apis', 'product', 'named-values', 'operations', 'subscriptions', 'secrets', 'endpoints', 'raw-assignments', 'raw-storage'];
const [shape, count, outdir] = process.argv.slice(2);
const n = Number(count);
if (!SHAPES.includes(shape) || !Number.isInteger(n) || n < 1 || !outdir) {
  console.error(`usage: node tools/bench-scaling/probe-shapes.cjs <${SHAPES.join('|')}> <N> <outdir>`);
  process.exit(2);
}
const root = join(__dirname, '..', '..');
const start = process.cpuUsage();
const { App } = require('cdktf');
const lib = require(join(root, 'dist', 'src', 'index.js'));
const { UserAssignedIdentity } = require('@cdktf/provider-azurerm/lib/user-assigned-identity');

const resourceGroupName = 'rg-bench-dev';
const location = 'westeurope';
const publisher = { publisherName: 'Bench', publisherEmail: 'platform@example.com' };
const app = new App({ outdir, skipValidation: false });
const production = shape === 'endpoints';
const stack = new lib.AzureStack(app, { stackName: 'bench', environmentName: production ? 'prod' : 'dev', production });
const logs = new lib.LogAnalytics(stack, 'logs', { name: 'log-bench-dev', resourceGroupName, location });
const workspace = { logAnalyticsWorkspaceId: logs.workspaceId };
const gateway = () => new lib.ApiGateway(stack, 'gateway', {
  name: 'apim-bench-dev', resourceGroupName, location, skuName: 'StandardV2_1', ...publisher, ...workspace,
});
const environment = () => new lib.ContainerAppsEnvironment(stack, 'container-apps', { name: 'cae-bench-dev', resourceGroupName, location, ...workspace });
const image = 'mcr.microsoft.com/k8se/quickstart:latest';

const shapes = {
  queues() {
    const identity = lib.ManagedIdentity.fromUserAssigned(new UserAssignedIdentity(stack, 'identity', { name: 'id-bench', resourceGroupName, location }));
    const storage = new lib.StorageAccount(stack, 'storage', { name: 'stbenchdev', resourceGroupName, location, ...workspace });
    for (let i = 0; i < n; i += 1) storage.addQueue(`queue-${i}`).grantSend(identity, `send-${i}`);
  },
  'http-apis'() {
    const gw = gateway();
    for (let i = 0; i < n; i += 1) {
      new lib.HttpProxyApi(stack, `api-${i}`, { gateway: gw, name: `api-${i}`, path: `api-${i}`, backendUrl: `https://backend-${i}.example.com`, allowDirectCallers: true });
    }
  },
  'streaming-apis'() {
    const gw = gateway();
    for (let i = 0; i < n; i += 1) {
      new lib.StreamingApi(stack, `api-${i}`, { gateway: gw, name: `api-${i}`, path: `api-${i}`, backendUrl: `https://backend-${i}.example.com`, allowDirectCallers: true });
    }
  },
  'webhook-apis'() {
    const gw = gateway();
    for (let i = 0; i < n; i += 1) {
      new lib.WebhookApi(stack, `api-${i}`, { gateway: gw, name: `api-${i}`, path: `hooks-${i}`, backendUrl: `https://backend-${i}.example.com/hooks`, routes: ['/events'], allowDirectCallers: true });
    }
  },
  product() {
    const gw = gateway();
    const apis = [];
    for (let i = 0; i < n; i += 1) {
      apis.push(new lib.HttpProxyApi(stack, `api-${i}`, { gateway: gw, name: `api-${i}`, path: `api-${i}`, backendUrl: `https://backend-${i}.example.com`, allowDirectCallers: true }));
    }
    new lib.GatewayProduct(stack, 'clients', { gateway: gw, productId: 'clients', displayName: 'Clients', apis, clients: ['demo-client'] });
  },
  'named-values'() {
    const gw = gateway();
    const vault = new lib.KeyVault(stack, 'vault', { name: 'kv-bench-dev', resourceGroupName, location, ...workspace });
    for (let i = 0; i < n; i += 1) {
      new lib.KeyVaultNamedValue(stack, `named-value-${i}`, { gateway: gw, name: `secret-${i}`, secret: vault.addSecretSlot(`secret-${i}`) });
    }
  },
  operations() {
    const storage = new lib.StorageAccount(stack, 'storage', { name: 'stbenchdev', resourceGroupName, location, ...workspace });
    const functionApp = new lib.FlexFunctionApp(stack, 'function-app', {
      name: 'func-bench-dev', resourceGroupName, location, storage, entraAuth: { applicationId: '6f1d2c3e-5a4b-4c3d-9e8f-7a6b5c4d3e2f' },
    });
    const operations = [];
    for (let i = 0; i < n; i += 1) operations.push({ name: `op-${i}`, method: lib.HttpMethod.GET, urlTemplate: `/items-${i}` });
    new lib.FunctionApi(stack, 'api', { gateway: gateway(), name: 'patterns', path: 'patterns', functionApp, operations, allowDirectCallers: true });
  },
  subscriptions() {
    const topic = new lib.EventGridTopic(stack, 'events', { name: 'evgt-bench-dev', resourceGroupName, location, ...workspace });
    const routes = [];
    for (let i = 0; i < n; i += 1) routes.push(`/events-${i}`);
    const hooks = new lib.WebhookApi(stack, 'webhook-api', { gateway: gateway(), name: 'hooks', path: 'hooks', backendUrl: 'https://backend.example.com/hooks', routes, allowDirectCallers: true });
    // One dead-letter container each: subscriptions of one topic sharing a container are refused
    // (AZURE.DuplicateRoleAssignment: each grants the topic's identity the same role on it).
    const deadLetters = new lib.StorageAccount(stack, 'event-storage', { name: 'stbenchevents', resourceGroupName, location, ...workspace });
    for (let i = 0; i < n; i += 1) {
      new lib.EventSubscription(stack, `subscription-${i}`, {
        topic, name: `sub-${i}`, webhook: hooks.destination(`/events-${i}`, { name: `receiver-${i}`, warmInstances: 1 }),
        deadLetterContainer: deadLetters.addContainer(`dead-letters-${i}`),
      });
    }
  },
  secrets() {
    const vault = new lib.KeyVault(stack, 'vault', { name: 'kv-bench-dev', resourceGroupName, location, ...workspace });
    const env = environment();
    for (let i = 0; i < n; i += 1) {
      const slot = vault.addSecretSlot(`secret-${i}`);
      new lib.ContainerService(stack, `app-${i}`, {
        name: `ca-bench-${i}`, environment: env, image,
        secrets: [{ name: 'api-key', secret: lib.KeyVaultSecretReference.fromSlot(slot) }], secretEnvironmentVariables: { API_KEY: 'api-key' },
      });
    }
  },
  endpoints() {
    const network = new lib.PlatformNetwork(stack, 'network', {
      name: 'vnet-bench-prod', resourceGroupName, location, addressSpace: '10.20.0.0/16', ...workspace,
      subnets: [{ purpose: lib.SubnetPurpose.PRIVATE_ENDPOINTS, addressPrefix: '10.20.0.0/20' }],
    });
    for (let i = 0; i < n; i += 1) {
      const storage = new lib.StorageAccount(stack, `storage-${i}`, {
        name: `stbench${i}prod`, resourceGroupName, location, ...workspace, publicNetworkAccess: lib.PublicNetworkAccess.DISABLED,
      });
      storage.addQueue('work');
      storage.addPrivateEndpoint(network, lib.StorageService.QUEUE);
    }
  },
  'raw-assignments'() {
    const { RoleAssignment } = require('@cdktf/provider-azurerm/lib/role-assignment');
    const identity = new UserAssignedIdentity(stack, 'identity', { name: 'id-bench', resourceGroupName, location });
    for (let i = 0; i < n; i += 1) {
      new RoleAssignment(stack, `assignment-${i}`, {
        scope: `/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg-${i}`, roleDefinitionName: 'Reader',
        principalId: identity.principalId, principalType: 'ServicePrincipal',
      });
    }
  },
  'raw-storage'() {
    const { StorageAccount } = require('@cdktf/provider-azurerm/lib/storage-account');
    for (let i = 0; i < n; i += 1) {
      new StorageAccount(stack, `account-${i}`, {
        name: `stbenchraw${i}`, resourceGroupName, location, accountTier: 'Standard', accountReplicationType: 'LRS',
        sharedAccessKeyEnabled: false, minTlsVersion: 'TLS1_2', allowNestedItemsToBePublic: false,
      });
    }
  },
};

const built = process.cpuUsage(start);
shapes[shape]();
const constructed = process.cpuUsage(start);
app.synth();
const total = process.cpuUsage(start);
const seconds = (u) => ((u.user + u.system) / 1e6).toFixed(3);
console.log(JSON.stringify({ shape, n, load: seconds(built), construct: seconds(constructed), total: seconds(total) }));
