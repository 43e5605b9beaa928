import { Fn, TerraformLocal, TerraformResource, TerraformStack, TerraformVariable, Testing, Token } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ApiManagementApiPolicy } from '@cdktf/provider-azurerm/lib/api-management-api-policy';
import { ApiManagementBackend } from '@cdktf/provider-azurerm/lib/api-management-backend';
import { ApiManagementNamedValue } from '@cdktf/provider-azurerm/lib/api-management-named-value';
import { ContainerApp } from '@cdktf/provider-azurerm/lib/container-app';
import { ApiManagementBackendConfig } from '@cdktf/provider-azurerm/lib/api-management-backend';
import { ApiManagementPolicyFragment, ApiManagementPolicyFragmentConfig } from '@cdktf/provider-azurerm/lib/api-management-policy-fragment';
import { ApiManagementProductPolicy, ApiManagementProductPolicyConfig } from '@cdktf/provider-azurerm/lib/api-management-product-policy';
import { ContainerAppConfig } from '@cdktf/provider-azurerm/lib/container-app';
import { ContainerAppJob, ContainerAppJobConfig } from '@cdktf/provider-azurerm/lib/container-app-job';
import { ContainerGroupConfig } from '@cdktf/provider-azurerm/lib/container-group';
import { EventgridEventSubscriptionConfig } from '@cdktf/provider-azurerm/lib/eventgrid-event-subscription';
import { LinuxVirtualMachineScaleSet, LinuxVirtualMachineScaleSetConfig } from '@cdktf/provider-azurerm/lib/linux-virtual-machine-scale-set';
import { MonitorActionGroupConfig } from '@cdktf/provider-azurerm/lib/monitor-action-group';
import { StorageBlob, StorageBlobConfig } from '@cdktf/provider-azurerm/lib/storage-blob';
import { StorageContainer, StorageContainerConfig } from '@cdktf/provider-azurerm/lib/storage-container';
import { StorageShare, StorageShareConfig } from '@cdktf/provider-azurerm/lib/storage-share';
import { VirtualMachineRunCommand, VirtualMachineRunCommandConfig } from '@cdktf/provider-azurerm/lib/virtual-machine-run-command';
import { ArcKubernetesClusterExtension, ArcKubernetesClusterExtensionConfig } from '@cdktf/provider-azurerm/lib/arc-kubernetes-cluster-extension';
import { ArcMachineExtension, ArcMachineExtensionConfig } from '@cdktf/provider-azurerm/lib/arc-machine-extension';
import { BatchPool, BatchPoolConfig } from '@cdktf/provider-azurerm/lib/batch-pool';
import { KubernetesClusterExtension, KubernetesClusterExtensionConfig } from '@cdktf/provider-azurerm/lib/kubernetes-cluster-extension';
import { StackHciExtension, StackHciExtensionConfig } from '@cdktf/provider-azurerm/lib/stack-hci-extension';
import { VirtualMachineScaleSet, VirtualMachineScaleSetConfig } from '@cdktf/provider-azurerm/lib/virtual-machine-scale-set';
import { VirtualMachineScaleSetExtensionA as VirtualMachineScaleSetExtension, VirtualMachineScaleSetExtensionAConfig as VirtualMachineScaleSetExtensionConfig } from '@cdktf/provider-azurerm/lib/virtual-machine-scale-set-extension';
import { ContainerAppEnvironmentDaprComponent } from '@cdktf/provider-azurerm/lib/container-app-environment-dapr-component';
import { ContainerGroup } from '@cdktf/provider-azurerm/lib/container-group';
import { FunctionAppFlexConsumption } from '@cdktf/provider-azurerm/lib/function-app-flex-consumption';
import { Iothub } from '@cdktf/provider-azurerm/lib/iothub';
import { ResourceGroupTemplateDeployment } from '@cdktf/provider-azurerm/lib/resource-group-template-deployment';
import { VirtualMachineExtension } from '@cdktf/provider-azurerm/lib/virtual-machine-extension';
import { DataAzurermFunctionAppHostKeys } from '@cdktf/provider-azurerm/lib/data-azurerm-function-app-host-keys';
import { EventgridEventSubscription } from '@cdktf/provider-azurerm/lib/eventgrid-event-subscription';
import { KeyVaultSecret } from '@cdktf/provider-azurerm/lib/key-vault-secret';
import { LinuxFunctionApp } from '@cdktf/provider-azurerm/lib/linux-function-app';
import { MonitorActionGroup } from '@cdktf/provider-azurerm/lib/monitor-action-group';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import { StorageAccount } from '@cdktf/provider-azurerm/lib/storage-account';
import { mayReferenceSensitive } from '../../constructs/core/secret-detection';
import { ReportStatus } from '../../constructs/lessons-check/report';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { LessonsCheck } from '../../constructs/stack/lessons-check';
import { failuresOf, lessonsOn } from '../support/hcl';
import { errorsOf } from '../support/synth';

// SEC-1.SensitiveReference: a reference to an attribute azurerm marks sensitive, written into an
// argument Azure keeps in plain text (a tag, a container's args, a backend's header, a webhook URL).
const RULE = 'SEC-1.SensitiveReference';

const stack = () => new AzureStack(Testing.app(), { stackName: 'other', environmentName: 'dev', production: false });
const findings = (s: TerraformStack) => {
  Testing.synth(s);
  return errorsOf(s).filter((e) => e.startsWith(`[${RULE}] `));
};
// Shared keys off: no other rule's error on the account, so a synth that fails, fails for this rule.
const account = (s: TerraformStack) => new StorageAccount(s, 'st', {
  name: 'storders', resourceGroupName: 'rg', location: 'westeurope', accountTier: 'Standard', accountReplicationType: 'ZRS', sharedAccessKeyEnabled: false,
});
/** A binding's configuration with only what a test needs: the binding's types still refuse a misspelt attribute. */
const config = <T>(given: Partial<T>): T => given as T;
const rowsOf = (s: TerraformStack, status: ReportStatus) => LessonsCheck.of(s)!.reportOf(s).results.filter((r) => r.ruleId === RULE && r.status === status);

describe('SEC-1.SensitiveReference on a stack\'s resources', () => {
  it('fails when a tag holds a storage account\'s key by reference, with the whole message', () => {
    const s = stack();
    const st = account(s);
    new ResourceGroup(s, 'rg', { name: 'rg-orders', location: 'westeurope', tags: { owner: 'orders', storage: st.primaryAccessKey } });
    expect(findings(s)).toEqual([
      `[${RULE}] other-dev/rg: tags.storage = "\${azurerm_storage_account.st.primary_access_key}": a reference to azurerm_storage_account.primary_access_key, which azurerm marks sensitive: a credential, written into an argument Azure keeps in plain text and shows to whoever may read the resource; Terraform hides it in the plan's output only. Fix: leave the credential out of the tags: a tag says what a resource is, and every reader of the subscription sees it (Resource Graph lists it). If a tag must point at a secret, name the Key Vault secret that holds it.`,
    ]);
  });

  it('fails when a container\'s args, an API Management backend\'s header and an action group\'s webhook URL hold one, each with its fix', () => {
    const s = stack();
    const st = account(s);
    const keys = new DataAzurermFunctionAppHostKeys(s, 'keys', { name: 'func-orders', resourceGroupName: 'rg' });
    new ContainerApp(s, 'app', { name: 'ca', resourceGroupName: 'rg', containerAppEnvironmentId: 'x', revisionMode: 'Single', template: { container: [{ name: 'c', image: 'i', cpu: 0.5, memory: '1Gi', args: ['--storage', st.primaryConnectionString] }] } });
    new ApiManagementBackend(s, 'func', { name: 'func', resourceGroupName: 'rg', apiManagementName: 'apim', protocol: 'http', url: 'https://func-orders.azurewebsites.net/api', credentials: { header: { 'x-functions-key': keys.defaultFunctionKey } } });
    new MonitorActionGroup(s, 'ag', { name: 'ag', resourceGroupName: 'rg', shortName: 'ag', webhookReceiver: [{ name: 'hook', serviceUri: `https://func-orders.azurewebsites.net/api/alert?code=\${${keys.fqn}.default_function_key}` }] });
    const errors = findings(s);
    expect(errors.map((e) => e.split(': a reference to ')[0])).toEqual([
      `[${RULE}] other-dev/app: template.container.args[1] = "\${azurerm_storage_account.st.primary_connection_string}"`,
      `[${RULE}] other-dev/func: credentials.header.x-functions-key = "\${data.azurerm_function_app_host_keys.keys.default_function_key}"`,
      // In a longer text the reference is shown with its name left out; a list's only block is left out of the setting.
      `[${RULE}] other-dev/ag: webhook_receiver.service_uri = "\${data.azurerm_function_app_host_keys.<name>.default_function_key}"`,
    ]);
    expect(errors[0]).toContain('Fix: give the app its identity instead (a data role on the resource); a credential it cannot do without goes in a secret');
    expect(errors[1]).toContain('Fix: give the gateway its identity instead (authentication-managed-identity, a role on the backend), or keep the key in a Key Vault-backed secret named value');
    expect(errors[2]).toContain('Fix: send the alert to a secure webhook instead (webhook_receiver with aad_auth');
  });

  it('fails when a container group\'s environment, a Dapr component\'s metadata value or an extension\'s public settings hold one; their secret counterparts pass', () => {
    const s = stack();
    const st = account(s);
    new ContainerGroup(s, 'aci', {
      name: 'aci', resourceGroupName: 'rg', location: 'westeurope', osType: 'Linux',
      container: [{ name: 'c', image: 'i', cpu: 0.5, memory: 1, environmentVariables: { STORAGE: st.primaryConnectionString }, secureEnvironmentVariables: { STORAGE_2: st.primaryConnectionString } }],
    });
    new ContainerAppEnvironmentDaprComponent(s, 'dapr', {
      name: 'state', containerAppEnvironmentId: 'x', componentType: 'state.azure.blobstorage', version: 'v1',
      metadata: [{ name: 'accountKey', value: st.primaryAccessKey }, { name: 'accountKey2', secretName: 'account-key' }],
      secret: [{ name: 'account-key', value: st.primaryAccessKey }],
    });
    new VirtualMachineExtension(s, 'ext', {
      name: 'ext', virtualMachineId: 'x', publisher: 'Microsoft.Azure.Extensions', type: 'CustomScript', typeHandlerVersion: '2.1',
      settings: Fn.jsonencode({ storageAccountKey: st.primaryAccessKey }), protectedSettings: Fn.jsonencode({ storageAccountKey: st.primaryAccessKey }),
    });
    const errors = findings(s);
    expect(errors.map((e) => e.split(' = ')[0])).toEqual([`[${RULE}] other-dev/aci: container.environment_variables.STORAGE`, `[${RULE}] other-dev/dapr: metadata[0].value`, `[${RULE}] other-dev/ext: settings`]);
    expect(errors[0]).toContain('Fix: give the container group a managed identity instead; a credential it cannot do without goes in secure_environment_variables');
    expect(errors[2]).toContain('Fix: pass it in protected_settings');
  });

  it('fails in every place it lists, written with the provider\'s bindings (a misspelt path would miss)', () => {
    const s = stack();
    const st = account(s);
    const key = st.primaryAccessKey;
    const container = { name: 'c', image: 'i', cpu: 0.5, memory: '1Gi' };
    new ContainerApp(s, 'app', config<ContainerAppConfig>({ name: 'ca', resourceGroupName: 'rg', containerAppEnvironmentId: 'x', revisionMode: 'Single', template: {
      container: [{ ...container, command: ['run', key] }], initContainer: [{ ...container, args: [key] }],
      customScaleRule: [{ name: 'queue', customRuleType: 'azure-queue', metadata: { connection: key } }],
    } }));
    new ContainerAppJob(s, 'job', config<ContainerAppJobConfig>({
      name: 'job', resourceGroupName: 'rg', location: 'westeurope', containerAppEnvironmentId: 'x', replicaTimeoutInSeconds: 60,
      template: { container: [{ ...container, env: [{ name: 'STORAGE', value: key }] }] },
      eventTriggerConfig: { scale: [{ rules: [{ name: 'queue', customRuleType: 'azure-queue', metadata: { connection: key } }] }] },
    }));
    new ContainerGroup(s, 'aci', config<ContainerGroupConfig>({ name: 'aci', resourceGroupName: 'rg', location: 'westeurope', osType: 'Linux', container: [{ name: 'c', image: 'i', cpu: 0.5, memory: 1, commands: ['run', key] }] }));
    new ApiManagementBackend(s, 'apim-backend', config<ApiManagementBackendConfig>({ name: 'b', resourceGroupName: 'rg', apiManagementName: 'apim', protocol: 'http', url: `https://x.example/?key=${key}`, credentials: { query: { key }, authorization: { scheme: 'Key', parameter: key } } }));
    new ApiManagementProductPolicy(s, 'product-policy', config<ApiManagementProductPolicyConfig>({ productId: 'p', apiManagementName: 'apim', resourceGroupName: 'rg', xmlContent: `<policies><inbound><set-header name="k" exists-action="override"><value>${key}</value></set-header></inbound></policies>` }));
    new ApiManagementPolicyFragment(s, 'fragment', config<ApiManagementPolicyFragmentConfig>({ name: 'f', apiManagementId: 'x', value: `<fragment><set-header name="k" exists-action="override"><value>${key}</value></set-header></fragment>` }));
    new EventgridEventSubscription(s, 'sub', config<EventgridEventSubscriptionConfig>({ name: 'sub', scope: 'x', deliveryProperty: [{ headerName: 'k', type: 'Static', value: key, secret: false }, { headerName: 'k2', type: 'Static', value: key, secret: true }] }));
    new MonitorActionGroup(s, 'ag', config<MonitorActionGroupConfig>({ name: 'ag', resourceGroupName: 'rg', shortName: 'ag',
      azureFunctionReceiver: [{ name: 'f', functionAppResourceId: 'x', functionName: 'alert', httpTriggerUrl: `https://f.example/api/alert?code=${key}` }],
      logicAppReceiver: [{ name: 'l', resourceId: 'x', callbackUrl: `https://l.example/trigger?sig=${key}` }] }));
    new LinuxVirtualMachineScaleSet(s, 'vmss', config<LinuxVirtualMachineScaleSetConfig>({ name: 'vmss', resourceGroupName: 'rg', location: 'westeurope', sku: 'Standard_B1s', adminUsername: 'ops', userData: key, extension: [{ name: 'e', publisher: 'p', type: 't', typeHandlerVersion: '1.0', settings: key }] }));
    new VirtualMachineScaleSetExtension(s, 'vmss-ext', config<VirtualMachineScaleSetExtensionConfig>({ name: 'e', virtualMachineScaleSetId: 'x', publisher: 'p', type: 't', typeHandlerVersion: '1.0', settings: key }));
    new VirtualMachineRunCommand(s, 'run', config<VirtualMachineRunCommandConfig>({ name: 'r', location: 'westeurope', virtualMachineId: 'x', source: { script: `echo ${key}` }, parameter: [{ name: 'k', value: key }] }));
    new StorageContainer(s, 'container', config<StorageContainerConfig>({ name: 'c', storageAccountId: st.id, metadata: { key } }));
    new StorageShare(s, 'share', config<StorageShareConfig>({ name: 's', storageAccountId: st.id, quota: 1, metadata: { key } }));
    new StorageBlob(s, 'blob', config<StorageBlobConfig>({ name: 'b', storageAccountName: 'storders', storageContainerName: 'c', type: 'Block', metadata: { key } }));
    expect(findings(s).map((e) => e.split(' = ')[0].replace(`[${RULE}] other-dev/`, ''))).toEqual([
      'app: template.container.command[1]', 'app: template.custom_scale_rule.metadata.connection', 'app: template.init_container.args[0]',
      'job: event_trigger_config.scale.rules.metadata.connection',
      'aci: container.commands[1]',
      'apim-backend: url', 'apim-backend: credentials.query.key', 'apim-backend: credentials.authorization.parameter',
      'product-policy: xml_content', 'fragment: value',
      // The delivery property with secret = true is kept secret by Event Grid.
      'sub: delivery_property[0].value',
      'ag: azure_function_receiver.http_trigger_url', 'ag: logic_app_receiver.callback_url',
      'vmss: user_data', 'vmss: extension.settings', 'vmss-ext: settings',
      'run: parameter.value', 'run: source.script',
      'container: metadata.key', 'share: metadata.key', 'blob: metadata.key',
    ]);
    // A job's env is judged as an app's, by SEC-1.ContainerAppPlainSecret (one finding per value).
    expect(errorsOf(s).filter((e) => e.startsWith('[SEC-1.ContainerAppPlainSecret] ')).map((e) => e.split(' = ')[0])).toEqual(['[SEC-1.ContainerAppPlainSecret] other-dev/job: template.container.env.STORAGE']);
  });

  it('fails when an extension\'s public settings hold one (an Arc machine\'s, an Azure Stack HCI machine\'s, a Batch pool\'s, a legacy scale set\'s), or a cluster extension\'s configuration_settings, with the fix that names the protected counterpart', () => {
    const s = stack();
    const key = account(s).primaryAccessKey;
    new ArcMachineExtension(s, 'arc', config<ArcMachineExtensionConfig>({ name: 'e', location: 'westeurope', arcMachineId: 'x', publisher: 'p', type: 't', settings: key }));
    new StackHciExtension(s, 'hci', config<StackHciExtensionConfig>({ name: 'e', arcSettingId: 'x', publisher: 'p', type: 't', settings: key }));
    new BatchPool(s, 'pool', config<BatchPoolConfig>({ name: 'p', resourceGroupName: 'rg', accountName: 'ba', nodeAgentSkuId: 'batch.node.ubuntu 22.04', vmSize: 'Standard_A1_v2', storageImageReference: { publisher: 'canonical', offer: 'ubuntu', sku: '22_04-lts', version: 'latest' }, extensions: [{ name: 'e', publisher: 'p', type: 't', settingsJson: key }] }));
    new VirtualMachineScaleSet(s, 'legacy', config<VirtualMachineScaleSetConfig>({ name: 'v', resourceGroupName: 'rg', location: 'westeurope', upgradePolicyMode: 'Manual', extension: [{ name: 'e', publisher: 'p', type: 't', typeHandlerVersion: '1.0', settings: key }] }));
    new KubernetesClusterExtension(s, 'aks', config<KubernetesClusterExtensionConfig>({ name: 'flux', clusterId: 'x', extensionType: 'microsoft.flux', configurationSettings: { 'storage.key': key, 'image.tag': '1.2.3' } }));
    new ArcKubernetesClusterExtension(s, 'arc-k8s', config<ArcKubernetesClusterExtensionConfig>({ name: 'flux', clusterId: 'x', extensionType: 'microsoft.flux', identity: { type: 'SystemAssigned' }, configurationSettings: { 'storage.key': key } }));
    const found = findings(s);
    expect(found.map((e) => e.split(' = ')[0].replace(`[${RULE}] other-dev/`, ''))).toEqual([
      'arc: settings', 'hci: settings', 'pool: extensions.settings_json', 'legacy: extension.settings', 'aks: configuration_settings.storage.key', 'arc-k8s: configuration_settings.storage.key',
    ]);
    for (const e of [...found.slice(0, 2), found[3]]) expect(e).toContain('Fix: pass it in protected_settings, which Azure encrypts and does not show');
    expect(found[2]).toContain('Fix: pass it in the extension\'s protected_settings, which Azure encrypts and does not show, or let the pool\'s nodes read it from Key Vault with their identity.');
    for (const e of found.slice(4)) expect(e).toContain('Fix: pass it in configuration_protected_settings, which Azure does not show, or let the extension\'s workload sign in with a managed identity (workload identity).');
  });

  it('fails when a tag or a header holds a sensitive variable without a default (a secret given at plan time) or a value marked sensitive', () => {
    const s = stack();
    const key = new TerraformVariable(s, 'psp_key', { type: 'string', sensitive: true });
    const token = new TerraformVariable(s, 'token', { type: 'string' });
    new ResourceGroup(s, 'rg', { name: 'rg-orders', location: 'westeurope', tags: { psp: key.stringValue } });
    new ApiManagementBackend(s, 'psp', { name: 'psp', resourceGroupName: 'rg', apiManagementName: 'apim', protocol: 'http', url: 'https://api.psp.example', credentials: { header: { 'x-token': Fn.sensitive(token.stringValue) } } });
    const errors = findings(s);
    expect(errors.map((e) => e.split(', written into')[0])).toEqual([
      `[${RULE}] other-dev/rg: tags.psp = "\${var.psp_key}": a sensitive variable without a default (var.psp_key): a secret given at plan time`,
      `[${RULE}] other-dev/psp: credentials.header.x-token = "\${sensitive(var.token)}": a value marked sensitive (sensitive(...) or a sensitive variable)`,
    ]);
  });

  it('fails when a tag holds a key through a local, on the construct path and the stack\'s JSON alike', () => {
    const build = () => {
      const s = stack();
      const st = account(s);
      const key = new TerraformLocal(s, 'storage_key', st.primaryAccessKey);
      new ResourceGroup(s, 'rg', { name: 'rg-orders', location: 'westeurope', tags: { storage: key.asString, owner: `x-${key.asString}` } });
      return s;
    };
    const slow = findings(build());
    expect(slow.map((e) => e.split(', written into')[0])).toEqual([
      `[${RULE}] other-dev/rg: tags.storage = "\${local.storage_key}": a reference to azurerm_storage_account.primary_access_key, which azurerm marks sensitive: a credential (through local.storage_key)`,
      `[${RULE}] other-dev/rg: tags.owner = "\${local.storage_key}": a reference to azurerm_storage_account.primary_access_key, which azurerm marks sensitive: a credential (through local.storage_key)`,
    ]);
    const viaJson = build();
    expect(() => Testing.fullSynth(viaJson)).toThrow(/Encountered Annotations with level "ERROR"/);
    expect(rowsOf(viaJson, ReportStatus.NON_COMPLIANT).map((r) => `${r.resourcePath} ${r.setting}`)).toEqual(['other-dev/rg tags.storage', 'other-dev/rg tags.owner']);
  });

  it('fails when the tags are a local map that holds a key (a local read into, whatever its shape)', () => {
    const build = () => {
      const s = stack();
      const st = account(s);
      const common = new TerraformLocal(s, 'common_tags', { owner: 'orders', storage: st.primaryAccessKey });
      new ResourceGroup(s, 'rg', { name: 'rg-orders', location: 'westeurope', tags: Token.asStringMap(common.expression) });
      return s;
    };
    expect(findings(build()).map((e) => e.split(', written into')[0])).toEqual([
      `[${RULE}] other-dev/rg: tags = "\${local.common_tags}": a reference to azurerm_storage_account.primary_access_key, which azurerm marks sensitive: a credential (through local.common_tags)`,
    ]);
    const viaJson = build();
    expect(() => Testing.fullSynth(viaJson)).toThrow(/Encountered Annotations with level "ERROR"/);
    expect(rowsOf(viaJson, ReportStatus.NON_COMPLIANT).map((r) => `${r.resourcePath} ${r.setting}`)).toEqual(['other-dev/rg tags']);
  });

  it('passes a variable that is not sensitive in a tag (a row: the rule read it), a reference to an attribute that is no credential, and a provisioner\'s environment', () => {
    const s = stack();
    const st = account(s);
    const owner = new TerraformVariable(s, 'owner', { type: 'string' });
    new ResourceGroup(s, 'rg', {
      name: 'rg-orders', location: 'westeurope', tags: { owner: owner.stringValue, storage: st.name, endpoint: st.primaryBlobEndpoint },
      provisioners: [{ type: 'local-exec', command: 'az storage blob upload -f site.zip', environment: { AZURE_STORAGE_KEY: st.primaryAccessKey } }],
    });
    expect(findings(s)).toEqual([]);
    expect(rowsOf(s, ReportStatus.COMPLIANT).map((r) => r.resourcePath)).toEqual(['other-dev/rg']);
  });

  it('passes a credential where Azure keeps it secret, whether azurerm marks the argument sensitive or not (not read: no row)', () => {
    const s = stack();
    const st = account(s);
    new KeyVaultSecret(s, 'secret', { name: 'storage', keyVaultId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv', value: st.primaryConnectionString });
    // Not sensitive in azurerm 4.55.0, kept secret by Azure: a Flex Consumption app's host storage key, an IoT Hub endpoint's
    // connection string (Azure masks its key), a template deployment's securestring parameter, a cluster extension's protected settings.
    new FunctionAppFlexConsumption(s, 'func', {
      name: 'func', resourceGroupName: 'rg', location: 'westeurope', servicePlanId: 'x', storageContainerType: 'blobContainer', storageContainerEndpoint: 'https://storders.blob.core.windows.net/deploy',
      storageAuthenticationType: 'StorageAccountConnectionString', storageAccessKey: st.primaryAccessKey, runtimeName: 'node', runtimeVersion: '20', siteConfig: {},
    });
    new Iothub(s, 'hub', { name: 'hub', resourceGroupName: 'rg', location: 'westeurope', sku: { name: 'S1', capacity: 1 }, endpoint: [{ type: 'AzureIotHub.StorageContainer', name: 'export', connectionString: st.primaryBlobConnectionString, containerName: 'export', encoding: 'Avro' }] });
    new ResourceGroupTemplateDeployment(s, 'arm', { name: 'arm', resourceGroupName: 'rg', deploymentMode: 'Incremental', templateContent: '{}', parametersContent: Fn.jsonencode({ key: { value: st.primaryAccessKey } }) });
    new KubernetesClusterExtension(s, 'flux', { name: 'flux', clusterId: 'x', extensionType: 'microsoft.flux', configurationProtectedSettings: { 'storage.key': st.primaryAccessKey } });
    expect(findings(s)).toEqual([]);
    expect(rowsOf(s, ReportStatus.COMPLIANT)).toEqual([]);
  });

  it('fails when an API Management policy\'s XML or a named value that is not secret holds one (API Management shows both to every reader); a secret named value, or one whose secret is a variable, passes', () => {
    const s = stack();
    const st = account(s);
    new ApiManagementApiPolicy(s, 'policy', { apiName: 'orders', apiManagementName: 'apim', resourceGroupName: 'rg', xmlContent: `<policies><inbound><set-header name="x-key" exists-action="override"><value>${st.primaryAccessKey}</value></set-header></inbound><backend><forward-request /></backend><outbound /><on-error /></policies>` });
    new ApiManagementNamedValue(s, 'plain', { name: 'storage-key', displayName: 'storage-key', apiManagementName: 'apim', resourceGroupName: 'rg', value: st.primaryAccessKey, secret: false });
    new ApiManagementNamedValue(s, 'secret', { name: 'storage-key-2', displayName: 'storage-key-2', apiManagementName: 'apim', resourceGroupName: 'rg', value: st.primaryAccessKey, secret: true });
    // A `secret` given by a variable may be true: given the benefit of the doubt.
    const secret = new TerraformVariable(s, 'secret_named_values', { type: 'bool' });
    new ApiManagementNamedValue(s, 'maybe', { name: 'storage-key-3', displayName: 'storage-key-3', apiManagementName: 'apim', resourceGroupName: 'rg', value: st.primaryAccessKey, secret: secret.booleanValue });
    const errors = findings(s);
    expect(errors.map((e) => e.split(' = ')[0])).toEqual([`[${RULE}] other-dev/policy: xml_content`, `[${RULE}] other-dev/plain: value`]);
    expect(errors[0]).toContain('write its {{name}} in the header, query or policy.');
    expect(errors[1]).toContain('Fix: make the named value a secret (secret = true), better one backed by Key Vault');
  });

  it('leaves an app\'s environment, app settings and a webhook subscription\'s URL to the rules that judge references there: one finding per value', () => {
    const s = stack();
    const st = account(s);
    new ContainerApp(s, 'app', { name: 'ca', resourceGroupName: 'rg', containerAppEnvironmentId: 'x', revisionMode: 'Single', template: { container: [{ name: 'c', image: 'i', cpu: 0.5, memory: '1Gi', env: [{ name: 'STORAGE', value: st.primaryConnectionString }] }] } });
    new LinuxFunctionApp(s, 'func', { name: 'func', resourceGroupName: 'rg', location: 'westeurope', servicePlanId: 'x', httpsOnly: true, siteConfig: {}, appSettings: { STORAGE: st.primaryConnectionString } });
    new EventgridEventSubscription(s, 'sub', { name: 'sub', scope: 'x', webhookEndpoint: { url: `https://f.azurewebsites.net/api/e?code=${st.primaryAccessKey}` } });
    Testing.synth(s);
    expect(errorsOf(s).map((e) => e.split(': ')[0]).filter((e) => e.startsWith('[SEC-1.'))).toEqual([
      '[SEC-1.ContainerAppPlainSecret] other-dev/app', '[SEC-1.AppSettingPlainSecret] other-dev/func', '[SEC-1.WebhookUrlKey] other-dev/sub',
    ]);
  });

  it('reads an AzAPI resource\'s tags only: its body may be a secret property of the resource type', () => {
    const s = stack();
    const st = account(s);
    const env = new TerraformResource(s, 'env', { terraformResourceType: 'azapi_resource' });
    env.addOverride('type', 'Microsoft.App/managedEnvironments@2024-03-01');
    env.addOverride('name', 'cae-orders');
    env.addOverride('parent_id', '/subscriptions/0/resourceGroups/rg');
    env.addOverride('body', { properties: {}, tags: { storage: st.primaryAccessKey } });
    const secret = new TerraformResource(s, 'secret', { terraformResourceType: 'azapi_resource' });
    secret.addOverride('type', 'Microsoft.KeyVault/vaults/secrets@2023-07-01');
    secret.addOverride('name', 'storage');
    secret.addOverride('parent_id', '/subscriptions/0/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv');
    secret.addOverride('body', { properties: { value: st.primaryConnectionString } });
    expect(findings(s).map((e) => e.split(' = ')[0])).toEqual([`[${RULE}] other-dev/env: body.tags.storage`]);
  });

  it('finds on a full synth (the stack\'s JSON read first) what it finds on the construct path', () => {
    const build = () => {
      const s = stack();
      const st = account(s);
      new ResourceGroup(s, 'rg', { name: 'rg-orders', location: 'westeurope', tags: { storage: `key=${st.primaryAccessKey}` } });
      new ContainerApp(s, 'app', { name: 'ca', resourceGroupName: 'rg', containerAppEnvironmentId: 'x', revisionMode: 'Single', template: { container: [{ name: 'c', image: 'i', cpu: 0.5, memory: '1Gi', args: ['--storage', st.primaryConnectionString] }] } });
      return s;
    };
    const slow = findings(build()).map((e) => e.split(' = ')[0]);
    const viaJson = build();
    expect(() => Testing.fullSynth(viaJson)).toThrow(/Encountered Annotations with level "ERROR"/);
    const fast = rowsOf(viaJson, ReportStatus.NON_COMPLIANT).map((r) => `[${RULE}] ${r.resourcePath}: ${r.setting}`);
    expect(slow).toEqual([`[${RULE}] other-dev/rg: tags.storage`, `[${RULE}] other-dev/app: template.container.args[1]`]);
    expect(fast).toEqual(slow);
  });
});

describe('mayReferenceSensitive, the quick test before the expressions are read', () => {
  it('passes a reference to a sensitive attribute, of a resource, a data source, a counted resource and a nested block', () => {
    expect(mayReferenceSensitive('${azurerm_storage_account.st.primary_access_key}')).toBe(true);
    expect(mayReferenceSensitive('x=${data.azurerm_function_app_host_keys.k.default_function_key}')).toBe(true);
    expect(mayReferenceSensitive('${azurerm_storage_account.st[0].primary_connection_string}')).toBe(true);
    expect(mayReferenceSensitive('${azurerm_kubernetes_cluster.aks.kube_config[0].client_key}')).toBe(true);
    // A key with a dot in it, and a reference after a word that only starts like a type.
    expect(mayReferenceSensitive('${azurerm_storage_account.st["a.b"].primary_access_key}')).toBe(true);
    expect(mayReferenceSensitive('see azurerm_x docs: ${azurerm_storage_account.st.primary_access_key}')).toBe(true);
  });

  it('stops what is no reference to one: another attribute, a type with none, a type alone, text', () => {
    expect(mayReferenceSensitive('${azurerm_storage_account.st.name}')).toBe(false);
    expect(mayReferenceSensitive('${azurerm_resource_group.rg.id}')).toBe(false);
    expect(mayReferenceSensitive('azurerm_storage_account')).toBe(false);
    expect(mayReferenceSensitive('${azurerm_storage_account.st}')).toBe(false);
    expect(mayReferenceSensitive('primary_access_key')).toBe(false);
  });
});

describe('SEC-1.SensitiveReference through azure-lessons', () => {
  it('fails on tags in HCL by address (a key, a sensitive variable), and leaves a variable that is not sensitive, a provisioner\'s environment and a Key Vault secret\'s value alone', async () => {
    const found = failuresOf(await lessonsOn({
      'main.tf': [
        'resource "azurerm_storage_account" "st" {',
        '  name                     = "storders"',
        '  resource_group_name      = "rg"',
        '  location                 = "westeurope"',
        '  account_tier             = "Standard"',
        '  account_replication_type = "ZRS"',
        '}',
        'resource "azurerm_resource_group" "rg" {',
        '  name     = "rg-orders"',
        '  location = "westeurope"',
        '  tags     = { storage = azurerm_storage_account.st.primary_access_key, psp = var.psp_key, owner = var.owner }',
        '  provisioner "local-exec" {',
        '    command     = "az storage blob upload -f site.zip"',
        '    environment = { AZURE_STORAGE_KEY = azurerm_storage_account.st.primary_access_key }',
        '  }',
        '}',
        'variable "psp_key" {',
        '  type      = string',
        '  sensitive = true',
        '}',
        'variable "owner" {',
        '  type = string',
        '}',
        'resource "azurerm_key_vault_secret" "storage" {',
        '  name         = "storage"',
        '  key_vault_id = "/subscriptions/0/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv"',
        '  value        = azurerm_storage_account.st.primary_connection_string',
        '}',
      ].join('\n'),
    }), RULE).map((r) => r.message!);
    expect(found.map((f) => f.split(': a ')[0])).toEqual([
      `[${RULE}] azurerm_resource_group.rg: tags.psp = "\${var.psp_key}"`,
      `[${RULE}] azurerm_resource_group.rg: tags.storage = "\${azurerm_storage_account.st.primary_access_key}"`,
    ]);
  });

  it('fails a plan\'s tags that reference a key (terraform show -json gives a map holding a reference as its references alone: the setting is tags)', async () => {
    const account = { address: 'azurerm_storage_account.st', mode: 'managed', type: 'azurerm_storage_account', name: 'st', provider_config_key: 'azurerm', schema_version: 0, expressions: { name: { constant_value: 'storders' } } };
    const group = {
      address: 'azurerm_resource_group.rg', mode: 'managed', type: 'azurerm_resource_group', name: 'rg', provider_config_key: 'azurerm', schema_version: 0,
      expressions: { name: { constant_value: 'rg-orders' }, tags: { references: ['azurerm_storage_account.st.primary_access_key', 'azurerm_storage_account.st'] } },
    };
    const planned = (r: { address: string; type: string; name: string }) => ({ address: r.address, mode: 'managed', type: r.type, name: r.name, provider_name: 'registry.terraform.io/hashicorp/azurerm', schema_version: 0, values: {} });
    const plan = { format_version: '1.2', terraform_version: '1.11.4', planned_values: { root_module: { resources: [planned(account), planned(group)] } }, configuration: { root_module: { resources: [account, group] } } };
    const found = failuresOf(await lessonsOn({ 'plan.json': JSON.stringify(plan) }), RULE);
    expect(found.map((r) => `${r.address} ${r.setting}`)).toEqual(['azurerm_resource_group.rg tags']);
    expect(found[0].message).toContain('Fix: leave the credential out of the tags');
  });

  it('fails when an App Configuration key-value or a Logic App HTTP action\'s header is given a Key Vault secret\'s value, each with its own fix; a Key Vault reference key-value passes', async () => {
    const hcl = [
      'resource "azurerm_app_configuration_key" "db" {\n  configuration_store_id = "/subscriptions/0/appcs"\n  key   = "Db:Password"\n  value = azurerm_key_vault_secret.db.value\n}',
      'resource "azurerm_app_configuration_key" "ref" {\n  configuration_store_id = "/subscriptions/0/appcs"\n  key                 = "Db:Password"\n  type                = "vault"\n  vault_key_reference = azurerm_key_vault_secret.db.versionless_id\n}',
      'resource "azurerm_logic_app_action_http" "call" {\n  name         = "call"\n  logic_app_id = "/subscriptions/0/logic"\n  method       = "POST"\n  uri          = "https://api.psp.example/charges"\n  headers      = { "x-api-key" = azurerm_key_vault_secret.psp.value }\n}', '',
    ].join('\n');
    const found = failuresOf(await lessonsOn({ 'main.tf': hcl }), RULE);
    expect(found.map((r) => `${r.address} ${r.setting}`)).toEqual(['azurerm_app_configuration_key.db value', 'azurerm_logic_app_action_http.call headers.x-api-key']);
    expect(found[0].message).toContain('Fix: make the key a Key Vault reference (type = "vault", vault_key_reference = the versionless secret id)');
    expect(found[1].message).toContain('Fix: let the action sign in with the logic app\'s managed identity where the API allows it');
  });

  it('fails when an app setting or a tag takes another provider\'s credential (an Entra ID app password, a random password, a TLS private key), naming the provider; an app\'s client id passes', async () => {
    const hcl = [
      'resource "azurerm_linux_web_app" "web" {',
      '  name = "app-web"',
      '  site_config {}',
      '  app_settings = {',
      '    MICROSOFT_PROVIDER_AUTHENTICATION_SECRET = azuread_application_password.web.value',
      '    DB_PASSWORD = random_password.sql.result',
      '    APP_ID = azuread_application.web.client_id',
      '  }',
      '  tags = { key = tls_private_key.k.private_key_pem }',
      '}', '',
    ].join('\n');
    const report = await lessonsOn({ 'main.tf': hcl });
    const failed = report.results.filter((r) => r.status === ReportStatus.NON_COMPLIANT);
    expect(failed.map((r) => `${r.ruleId} ${r.setting} ${r.message?.split(': a credential')[0].split('": ')[1]}`).sort()).toEqual([
      'SEC-1.AppSettingPlainSecret app_settings.DB_PASSWORD a reference to random_password.result, which random marks sensitive',
      'SEC-1.AppSettingPlainSecret app_settings.MICROSOFT_PROVIDER_AUTHENTICATION_SECRET a reference to azuread_application_password.value, which azuread marks sensitive',
      'SEC-1.SensitiveReference tags.key a reference to tls_private_key.private_key_pem, which tls marks sensitive',
    ]);
  });
});
