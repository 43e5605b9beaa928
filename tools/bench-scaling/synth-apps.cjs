// One measured process of the scaling bench (tools/bench.ts, issue 30): synthesizes one stack of N
// Container Apps of a shape, written with the library or as plain cdktf resources, into OUTDIR.
//
//   node tools/bench-scaling/synth-apps.cjs <library|plain> <app|realtime> <N> <outdir>
//
// Shapes: `app`, N `ContainerService`s in one environment; `realtime`, the same apps, each told a
// topic's endpoint and granted EventGrid Data Sender on it (the realtime stack's publisher).
// `plain` writes the same stack by hand with the provider bindings (the same construct paths, so the
// same addresses): the same Terraform JSON, byte for byte (the bench compares them and stops when
// they differ, e.g. after the library changed what it writes), so the two differ only by what the
// library adds: its constructs, checks, aspects and the lessons check.
'use strict';
const { join } = require('node:path');

const [variant, shape, count, outdir] = process.argv.slice(2);
const n = Number(count);
if (!['library', 'plain'].includes(variant) || !['app', 'realtime'].includes(shape) || !Number.isInteger(n) || n < 1 || !outdir) {
  console.error('usage: node tools/bench-scaling/synth-apps.cjs <library|plain> <app|realtime> <N> <outdir>');
  process.exit(2);
}
const root = join(__dirname, '..', '..');
const { App, LocalBackend, TerraformStack } = require('cdktf');
const { Construct } = require('constructs');

function library() {
  const lib = require(join(root, 'dist', 'src', 'index.js'));
  const app = new App({ outdir, skipValidation: false });
  const stack = new lib.AzureStack(app, { stackName: 'bench', environmentName: 'dev', production: false });
  const resourceGroupName = 'rg-bench-dev';
  const location = 'westeurope';
  const logs = new lib.LogAnalytics(stack, 'logs', { name: 'log-bench-dev', resourceGroupName, location });
  const environment = new lib.ContainerAppsEnvironment(stack, 'container-apps', {
    name: 'cae-bench-dev', resourceGroupName, location, logAnalyticsWorkspaceId: logs.workspaceId,
  });
  const topic = shape === 'realtime'
    ? new lib.EventGridTopic(stack, 'events', { name: 'evgt-bench-dev', resourceGroupName, location, logAnalyticsWorkspaceId: logs.workspaceId })
    : undefined;
  for (let i = 0; i < n; i += 1) {
    const service = new lib.ContainerService(stack, `app-${i}`, {
      name: `ca-bench-${i}`, environment, image: 'mcr.microsoft.com/k8se/quickstart:latest',
      ...(topic ? { environmentVariables: { EVENTGRID_TOPIC_ENDPOINT: topic.endpoint } } : {}),
    });
    if (topic) topic.grantPublish(service.identity, `publish-${i}`);
  }
  app.synth();
}

/** The same stack written by hand with the provider bindings, as a team without the library would. */
function plain() {
  const { AzurermProvider } = require('@cdktf/provider-azurerm/lib/provider');
  const { LogAnalyticsWorkspace } = require('@cdktf/provider-azurerm/lib/log-analytics-workspace');
  const { ContainerAppEnvironment } = require('@cdktf/provider-azurerm/lib/container-app-environment');
  const { MonitorDiagnosticSetting } = require('@cdktf/provider-azurerm/lib/monitor-diagnostic-setting');
  const { EventgridTopic } = require('@cdktf/provider-azurerm/lib/eventgrid-topic');
  const { UserAssignedIdentity } = require('@cdktf/provider-azurerm/lib/user-assigned-identity');
  const { ContainerApp } = require('@cdktf/provider-azurerm/lib/container-app');
  const { RoleAssignment } = require('@cdktf/provider-azurerm/lib/role-assignment');
  const { AzapiProvider } = require(join(root, 'dist', '.gen', 'providers', 'azapi', 'provider'));
  const app = new App({ outdir, skipValidation: false });
  const stack = new TerraformStack(app, 'bench-dev');
  new LocalBackend(stack, { path: 'terraform.bench-dev.tfstate' });
  new AzurermProvider(stack, 'azurerm', {
    features: [{
      apiManagement: [{ purgeSoftDeleteOnDestroy: true, recoverSoftDeleted: true }],
      resourceGroup: [{ preventDeletionIfContainsResources: false }],
      storage: [{ dataPlaneAvailable: false }],
    }],
    storageUseAzuread: true,
  });
  new AzapiProvider(stack, 'azapi', {});
  const tags = { environment: 'dev', 'managed-by': 'cdktf', stack: 'bench' };
  const resourceGroupName = 'rg-bench-dev';
  const location = 'westeurope';
  const logs = new Construct(stack, 'logs');
  const workspace = new LogAnalyticsWorkspace(logs, 'workspace', {
    name: 'log-bench-dev', resourceGroupName, location, sku: 'PerGB2018', retentionInDays: 30, localAuthenticationEnabled: false, tags,
  });
  const diagnostics = (scope, targetResourceId, enabledLog) => new MonitorDiagnosticSetting(new Construct(scope, 'diagnostics'), 'setting', {
    name: 'to-log-analytics', targetResourceId, logAnalyticsWorkspaceId: workspace.id, logAnalyticsDestinationType: 'Dedicated',
    enabledLog, enabledMetric: [{ category: 'AllMetrics' }],
  });
  const containerApps = new Construct(stack, 'container-apps');
  const environment = new ContainerAppEnvironment(containerApps, 'environment', {
    name: 'cae-bench-dev', resourceGroupName, location, logsDestination: 'azure-monitor', tags,
  });
  diagnostics(containerApps, environment.id, [{ category: 'ContainerAppConsoleLogs' }, { category: 'ContainerAppSystemLogs' }]);
  let topic;
  let events;
  if (shape === 'realtime') {
    events = new Construct(stack, 'events');
    topic = new EventgridTopic(events, 'topic', {
      name: 'evgt-bench-dev', resourceGroupName, location, inputSchema: 'CloudEventSchemaV1_0', localAuthEnabled: false,
      publicNetworkAccessEnabled: true, identity: { type: 'SystemAssigned' }, tags,
    });
    diagnostics(events, topic.id, [{ categoryGroup: 'allLogs' }]);
  }
  const probe = { port: 8080, transport: 'TCP' };
  for (let i = 0; i < n; i += 1) {
    const scope = new Construct(stack, `app-${i}`);
    const identity = new UserAssignedIdentity(scope, 'identity', { name: `id-ca-bench-${i}`, resourceGroupName, location, tags });
    new ContainerApp(scope, 'app', {
      name: `ca-bench-${i}`, resourceGroupName, containerAppEnvironmentId: environment.id, revisionMode: 'Single', tags,
      identity: { type: 'UserAssigned', identityIds: [identity.id] },
      ingress: { externalEnabled: true, allowInsecureConnections: false, targetPort: 8080, transport: 'auto', trafficWeight: [{ latestRevision: true, percentage: 100 }] },
      template: {
        minReplicas: 1, maxReplicas: 10, terminationGracePeriodSeconds: 30,
        httpScaleRule: [{ name: 'concurrent-requests', concurrentRequests: '10' }],
        container: [{
          name: 'app', image: 'mcr.microsoft.com/k8se/quickstart:latest', cpu: 0.5, memory: '1Gi',
          env: [
            { name: 'AZURE_CLIENT_ID', value: identity.clientId },
            ...(topic ? [{ name: 'EVENTGRID_TOPIC_ENDPOINT', value: topic.endpoint }] : []),
          ],
          livenessProbe: [probe], readinessProbe: [probe],
        }],
      },
    });
    if (topic) {
      new RoleAssignment(events, `publish-publish-${i}`, {
        scope: topic.id, roleDefinitionName: 'EventGrid Data Sender', principalId: identity.principalId, principalType: 'ServicePrincipal',
      });
    }
  }
  app.synth();
}

if (variant === 'library') library();
else plain();
