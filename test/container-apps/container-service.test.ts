import { TerraformOutput, TerraformStack, TerraformVariable, Testing, Token } from 'cdktf';
import { beforeEach, describe, expect, it } from 'vitest';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';
import { ContainerRegistry, ContainerRegistryAttributes } from '../../constructs/container-apps/container-registry';
import { ContainerService, ContainerServiceProps } from '../../constructs/container-apps/container-service';
import { KeyVaultSecretReference } from '../../constructs/container-apps/app-secrets';
import { checkSecretIdentity } from '../../constructs/container-apps/app-checks';
import { KeyVault } from '../../constructs/key-vault/key-vault';
import { InProcessLimitKind } from '../../constructs/container-apps/in-process-limit';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { ManagedIdentityType } from '../../constructs/identity/principal';
import { ENVIRONMENT } from '../support/fixtures';
import { probeHiddenClasses } from '../support/hidden-classes';
import { refusalOf } from '../support/refusal';
import { TerraformJson, idOf, ref, resourceOf, resourcesOf, synth, testStack, warningsOf } from '../support/synth';

const IMAGE = 'mcr.microsoft.com/dotnet/samples:aspnetapp';
const REGISTRY_ID = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.ContainerRegistry/registries/contoso';
const DIGEST = `sha256:${'0123456789abcdef'.repeat(4)}`;

/** The registry `contoso` (login server contoso.azurecr.io), referenced in `stack`. */
const registryIn = (stack: TerraformStack, attributes: Partial<ContainerRegistryAttributes> = {}) =>
  ContainerRegistry.fromExisting(stack, 'registry', { name: 'contoso', resourceGroupName: 'rg', registryId: REGISTRY_ID, ...attributes });

type PropsIn = Partial<ContainerServiceProps> | ((stack: TerraformStack) => Partial<ContainerServiceProps>);

/** A ContainerService `svc` in `stack` (default: a bare, unmarked test stack); props may be built from the stack. */
function build(props: PropsIn = {}, stack: TerraformStack = testStack()) {
  const given = typeof props === 'function' ? props(stack) : props;
  const service = new ContainerService(stack, 'svc', { name: 'ca-limiter', environment: ENVIRONMENT, image: IMAGE, ...given });
  return { stack, service, tf: synth(stack) };
}

/** An AzureStack `svc-<env>`, marked production or not. */
const azureStack = (production: boolean) =>
  new AzureStack(Testing.app(), { stackName: 'svc', environmentName: production ? 'prod' : 'dev', production });

type App = {
  name: string;
  revision_mode: string;
  ingress: {
    transport: string; target_port: number; allow_insecure_connections: boolean; external_enabled: boolean;
    traffic_weight: { latest_revision: boolean; percentage: number }[];
  };
  template: {
    min_replicas: number; max_replicas: number; termination_grace_period_seconds: number;
    http_scale_rule: { name: string; concurrent_requests: string }[];
    container: {
      image: string; cpu: number; memory: string; env: { name: string; value: string }[];
      liveness_probe: Record<string, unknown>[]; readiness_probe: Record<string, unknown>[];
    }[];
  };
  identity?: { type: string; identity_ids: string[] };
  registry?: { server: string; identity: string }[];
  depends_on?: string[];
};

const appOf = (tf: ReturnType<typeof synth>) => resourceOf(tf, 'azurerm_container_app', 'svc/app') as unknown as App;
const identityRef = (attribute: string) =>
  expect.stringMatching(new RegExp(`^\\$\\{azurerm_user_assigned_identity\\.svc_identity_[0-9A-F]+\\.${attribute}\\}$`));

describe('ContainerService defaults', () => {
  // Built for each test, not once for the block, so mutation testing sees which test covers what.
  let tf: TerraformJson;
  let service: ReturnType<typeof build>['service'];
  let stack: ReturnType<typeof build>['stack'];
  let app: ReturnType<typeof appOf>;
  beforeEach(() => {
    ({ tf, service, stack } = build());
    app = appOf(tf);
  });

  it('deploys one app with a single auto ingress on 8080 (ING-1)', () => {
    expect(Object.keys(resourcesOf(tf, 'azurerm_container_app'))).toHaveLength(1);
    expect(app).toMatchObject({
      name: 'ca-limiter',
      revision_mode: 'Single',
      ingress: { transport: 'auto', target_port: 8080, external_enabled: true, traffic_weight: [{ latest_revision: true, percentage: 100 }] },
    });
    expect(app.template.container).toHaveLength(1);
    expect(app.template.container[0]).toMatchObject({ image: IMAGE, cpu: 0.5, memory: '1Gi' });
  });

  it('serves HTTPS only', () => {
    expect(app.ingress.allow_insecure_connections).toBe(false);
  });

  it('always runs as its own user-assigned identity id-<name>, even for a public image', () => {
    expect(resourceOf(tf, 'azurerm_user_assigned_identity')).toMatchObject({
      name: 'id-ca-limiter', resource_group_name: 'rg-test', location: 'westeurope',
    });
    expect(app.identity).toEqual({ type: 'UserAssigned', identity_ids: [identityRef('id')] });
    expect(app.registry).toBeUndefined();
    expect(app.depends_on).toBeUndefined();
    expect(resourcesOf(tf, 'azurerm_role_assignment')).toEqual({});
  });

  it('gives the container AZURE_CLIENT_ID from the identity, so DefaultAzureCredential picks it', () => {
    expect(app.template.container[0].env).toEqual([{ name: 'AZURE_CLIENT_ID', value: identityRef('client_id') }]);
  });

  it('scales on 10 concurrent requests (SCALE-1) between 1 and 10 replicas, with a 30 s grace period', () => {
    expect(app.template.http_scale_rule).toEqual([{ name: 'concurrent-requests', concurrent_requests: '10' }]);
    expect(app.template).toMatchObject({ min_replicas: 1, max_replicas: 10, termination_grace_period_seconds: 30 });
    expect(service.scale).toEqual({ minReplicas: 1, maxReplicas: 10, concurrentRequests: 10, terminationGracePeriodSeconds: 30 });
  });

  it('probes the target port over TCP', () => {
    expect(app.template.container[0].liveness_probe).toEqual([{ transport: 'TCP', port: 8080 }]);
    expect(app.template.container[0].readiness_probe).toEqual([{ transport: 'TCP', port: 8080 }]);
  });

  it('exposes the fqdn, an https url, the identity as a managed identity and a 240 s timeout layer', () => {
    expect(service.identity).toMatchObject({ type: ManagedIdentityType.USER_ASSIGNED, principalType: 'ServicePrincipal', grantKey: 'identity' });
    expect(service.identityResource).toBeInstanceOf(UserAssignedIdentity);
    new TerraformOutput(stack, 'client-id', { value: service.identity.clientId });
    new TerraformOutput(stack, 'principal-id', { value: service.identity.principalId });
    new TerraformOutput(stack, 'resource-id', { value: service.identity.resourceId });
    new TerraformOutput(stack, 'url', { value: service.url });
    const outputs = synth(stack).output!;
    expect(outputs['client-id'].value).toEqual(identityRef('client_id'));
    expect(outputs['principal-id'].value).toEqual(identityRef('principal_id'));
    expect(outputs['resource-id'].value).toEqual(identityRef('id'));
    expect(outputs.url.value).toMatch(/^https:\/\/\$\{azurerm_container_app\.svc_app_[0-9A-F]+\.ingress\[0\]\.fqdn\}$/);
    expect(service.timeoutLayer).toEqual({ layer: 'Container Apps ingress request timeout', timeoutSeconds: 240, constructPath: 'test/svc' });
    expect(service.effectiveLimits).toEqual([]);
  });

  it('raises no warning with the defaults', () => {
    const { stack } = build();
    expect(warningsOf(stack)).toEqual([]);
  });
});

describe('ContainerService options', () => {
  it('pulls with its identity granted AcrPull before the app exists (SEC-2)', () => {
    const { tf } = build((stack) => ({ image: 'contoso.azurecr.io/limiter:1.0.0', registry: registryIn(stack) }));
    expect(Object.keys(resourcesOf(tf, 'azurerm_user_assigned_identity'))).toHaveLength(1);
    // Construct id `acr-pull` under the service, as before the refactor (same Terraform address).
    expect(Object.keys(resourcesOf(tf, 'azurerm_role_assignment'))).toEqual([expect.stringMatching(/^svc_acr-pull_[0-9A-F]+$/)]);
    expect(resourceOf(tf, 'azurerm_role_assignment')).toMatchObject({
      scope: REGISTRY_ID, role_definition_name: 'AcrPull', principal_type: 'ServicePrincipal', principal_id: identityRef('principal_id'),
    });
    const app = appOf(tf);
    expect(app.identity).toEqual({ type: 'UserAssigned', identity_ids: [identityRef('id')] });
    expect(app.registry).toEqual([{ server: 'contoso.azurecr.io', identity: identityRef('id') }]);
    const pull = `azurerm_role_assignment.${idOf(tf, 'azurerm_role_assignment', 'svc/acr-pull')}`;
    // And, in the first apply, for the grant to reach the registry: the revision pulls when the
    // app is created and azurerm creates it once (SEC-2, microsoft/azure-container-apps#646).
    const wait = `time_sleep.${idOf(tf, 'time_sleep', 'svc/grant-propagation')}`;
    expect(app.depends_on).toEqual([pull, wait]);
    expect(resourceOf(tf, 'time_sleep', 'svc/grant-propagation')).toEqual({ create_duration: '300s', depends_on: [pull], triggers: { [pull.split('.')[1]]: `${'$'}{${pull}.id}` } });
  });

  it('looks the registry id up when fromExisting is not given one, and grants AcrPull on it', () => {
    const { tf } = build((stack) => ({ image: 'crshared.azurecr.io/limiter:1.0.0', registry: registryIn(stack, { name: 'crshared', registryId: undefined }) }));
    expect(Object.values(tf.data?.azurerm_container_registry ?? {})).toEqual([{ name: 'crshared', resource_group_name: 'rg' }]);
    expect(resourceOf(tf, 'azurerm_role_assignment').scope).toMatch(/^\$\{data\.azurerm_container_registry\.registry_lookup_[0-9A-F]+\.id\}$/);
    expect(appOf(tf).registry).toEqual([{ server: 'crshared.azurecr.io', identity: identityRef('id') }]);
  });

  it('accepts an image pinned by digest', () => {
    const image = `contoso.azurecr.io/limiter@${DIGEST}`;
    const { tf } = build((stack) => ({ image, registry: registryIn(stack) }));
    expect(appOf(tf).template.container[0].image).toBe(image);
  });

  it('accepts a Terraform number reference for maxReplicas (Azure checks it at apply)', () => {
    const { tf } = build((stack) => ({ maxReplicas: Token.asNumber(new TerraformVariable(stack, 'max-replicas', { type: 'number' }).value) }));
    expect(appOf(tf).template).toMatchObject({ min_replicas: 1, max_replicas: '${var.max-replicas}' });
  });

  it('accepts a Terraform number reference for the concurrency threshold', () => {
    const { tf } = build((stack) => ({ concurrentRequests: Token.asNumber(new TerraformVariable(stack, 'concurrency', { type: 'number' }).value) }));
    expect(appOf(tf).template.http_scale_rule).toEqual([{ name: 'concurrent-requests', concurrent_requests: '${var.concurrency}' }]);
  });

  it('keeps user environment variables after AZURE_CLIENT_ID', () => {
    const { tf } = build({ environmentVariables: { Redis__Host: 'redis.example', MODE: 'demo' } });
    expect(appOf(tf).template.container[0].env).toEqual([
      { name: 'AZURE_CLIENT_ID', value: identityRef('client_id') },
      { name: 'Redis__Host', value: 'redis.example' },
      { name: 'MODE', value: 'demo' },
    ]);
  });

  it('applies port, visibility, scale, size and health path options', () => {
    const { tf } = build({
      targetPort: 5000, external: false, minReplicas: 2, maxReplicas: 4, concurrentRequests: 100,
      terminationGracePeriodSeconds: 60, cpu: 1, healthPath: '/healthz',
    });
    const app = appOf(tf);
    expect(app.ingress).toMatchObject({ transport: 'auto', target_port: 5000, external_enabled: false });
    expect(app.template).toMatchObject({ min_replicas: 2, max_replicas: 4, termination_grace_period_seconds: 60 });
    expect(app.template.http_scale_rule).toEqual([{ name: 'concurrent-requests', concurrent_requests: '100' }]);
    expect(app.template.container[0]).toMatchObject({ cpu: 1, memory: '2Gi' });
    expect(app.template.container[0].readiness_probe).toEqual([{ transport: 'HTTP', port: 5000, path: '/healthz' }]);
    expect(app.template.container[0].liveness_probe).toEqual([{ transport: 'TCP', port: 5000 }]);
  });

  it('does not warn on scale to zero or a high threshold: a plain API holds no connections', () => {
    const { stack, tf } = build({ minReplicas: 0, concurrentRequests: 200 });
    expect(appOf(tf).template.min_replicas).toBe(0);
    expect(warningsOf(stack)).toEqual([]);
  });

  it('warns when an Azure Container Registry image has no registry to pull with identity (SEC-2)', () => {
    const { stack } = build({ image: 'contoso.azurecr.io/limiter:1.0.0' });
    expect(warningsOf(stack)).toEqual([expect.stringMatching(
      /^\[SEC-2\] test\/svc: registry = undefined: the image comes from the Azure Container Registry contoso\.azurecr\.io.* Fix: pass registry: .* so the app pull/)]);
  });

  it('warns with the effective limit for an in-process limit on several replicas (SCALE-3)', () => {
    const { stack, service } = build({
      maxReplicas: 3, inProcessLimits: [{ name: 'per-client', kind: InProcessLimitKind.FIXED_WINDOW, permitLimit: 30, windowSeconds: 60 }],
    });
    expect(warningsOf(stack)).toEqual([expect.stringMatching(
      /^\[SCALE-3\] test\/svc: inProcessLimits\.per-client\.permitLimit = 30: .*with maxReplicas 3 clients get up to 90 per 60 s, not 30\. Fix: keep the counter in Azure Managed Redis/)]);
    expect(service.effectiveLimits).toMatchObject([{ name: 'per-client', store: 'in-process', counters: 3, allowedAtMost: 90 }]);
  });
});

describe('Container Apps sizes and scale', () => {
  it.each<[number, string]>([[0.25, '0.5Gi'], [4, '8Gi']])('takes %s vCPU with %s', (cpu, memory) => {
    const { stack } = build({ cpu, memory });
    expect(resourceOf(synth(stack), 'azurerm_container_app').template).toMatchObject({ container: [expect.objectContaining({ cpu, memory })] });
  });

  it.each<[number, string]>([[0, '0Gi'], [4.25, '8.5Gi']])('fails when cpu is %s (with %s)', (cpu, memory) => {
    expect(refusalOf(() => build({ cpu, memory }))).toMatchObject({ lesson: 'AZURE', path: 'test/svc', setting: 'cpu/memory' });
  });

  it('says which timeout the service sets on the request path', () => {
    expect(build().service.timeoutLayer).toEqual({ layer: 'Container Apps ingress request timeout', timeoutSeconds: 240, constructPath: 'test/svc' });
  });
});

describe('environment variable names and the app identity', () => {
  it.each(['MY VAR', 'A/B', 'X=1'])('fails when an environment variable is named %j', (name) => {
    expect(refusalOf(() => build({ environmentVariables: { [name]: '1' } })))
      .toMatchObject({ lesson: 'AZURE', path: 'test/svc', setting: `environmentVariables.${name}` });
  });

  it('merges each app\'s environment variables into one hidden class, however many apps there are', () => {
    // A spread of the construct's variables and the user's (`{ ...reserved, ...given }`) got a new
    // hidden class for every app on Node 20, once the spread was warm.
    const seen = probeHiddenClasses(`
      const { Testing, TerraformStack } = require('cdktf');
      const { mergeEnvironmentVariables } = require('./constructs/container-apps/app-checks');
      const stack = new TerraformStack(Testing.app(), 'probe');
      const merged = Array.from({ length: 60 }, (_, i) => mergeEnvironmentVariables(stack, { AZURE_CLIENT_ID: 'client-' + i, PORT: '8080' }, { TOPIC_ENDPOINT: 'https://topic-' + i }, () => ({ lesson: 'T', problem: 'p', fix: 'f' })));
      console.log(JSON.stringify({ first: merged[0], sameClass: merged.filter((env) => %HaveSameMap(env, merged[0])).length }));
    `);
    expect(seen).toEqual({ first: { AZURE_CLIENT_ID: 'client-0', PORT: '8080', TOPIC_ENDPOINT: 'https://topic-0' }, sameClass: 60 });
  });

  it('keeps an environment variable named __proto__ as a variable, in its place', () => {
    // An own key of that name (JSON.parse makes one; an object literal cannot) would set the merged
    // object's prototype under Object.assign and vanish from the app without a word.
    const { tf } = build({ environmentVariables: JSON.parse('{"FIRST":"1","__proto__":"x","LAST":"2"}') as Record<string, string> });
    expect(appOf(tf).template.container[0].env).toEqual([
      { name: 'AZURE_CLIENT_ID', value: expect.any(String) },
      { name: 'FIRST', value: '1' }, { name: '__proto__', value: 'x' }, { name: 'LAST', value: '2' },
    ]);
  });

  it('names the app identity id-<name>, in the environment\'s resource group and region', () => {
    const { stack } = build();
    expect(resourceOf(synth(stack), 'azurerm_user_assigned_identity')).toEqual({ name: 'id-ca-limiter', resource_group_name: 'rg-test', location: 'westeurope' });
  });
});

describe('ContainerService refusals', () => {
  const refusal = (props: PropsIn) => () => build(props);

  it('fails when an environment variable overrides AZURE_CLIENT_ID (SEC-1)', () => {
    expect(refusal({ environmentVariables: { AZURE_CLIENT_ID: '00000000-0000-0000-0000-000000000000' } })).toThrow(
      /^\[SEC-1\] test\/svc: environmentVariables\.AZURE_CLIENT_ID = "00000000-0000-0000-0000-000000000000": the construct sets it .* Fix: drop it and grant the roles/);
  });

  it('fails when an environment variable overrides AZURE_CLIENT_ID in another case, which .NET reads as the same name (SEC-1)', () => {
    const r = refusalOf(refusal({ environmentVariables: { azure_client_id: '00000000-0000-0000-0000-000000000000' } }));
    expect(r).toMatchObject({ lesson: 'SEC-1', path: 'test/svc', setting: 'environmentVariables.azure_client_id' });
    expect(r.message).toMatch(/^\[SEC-1\] test\/svc: environmentVariables\.azure_client_id = "00000000-0000-0000-0000-000000000000": the construct sets it .* Fix: drop it/);
  });

  it('fails when two environment variables differ only in case', () => {
    const r = refusalOf(refusal({ environmentVariables: { Redis__Host: 'a.example', REDIS__HOST: 'b.example' } }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/svc', setting: 'environmentVariables.REDIS__HOST' });
    expect(r.message).toMatch(/^\[AZURE\] test\/svc: environmentVariables\.REDIS__HOST = "REDIS__HOST": Redis__Host is set as well, and \.NET reads configuration names case-insensitively.* Fix: set the variable once\.$/);
  });

  it('fails when the image is not in the given registry (SEC-2)', () => {
    expect(refusal((stack) => ({ image: 'docker.io/library/nginx:1.27', registry: registryIn(stack) })))
      .toThrow(/^\[SEC-2\] test\/svc: image = "docker\.io\/library\/nginx:1\.27": the image is not in the registry .*Fix: reference the image as contoso\.azurecr\.io/);
  });

  it('fails when the termination grace period exceeds 600 s (SCALE-2)', () => {
    expect(refusal({ terminationGracePeriodSeconds: 900 })).toThrow(
      /^\[SCALE-2\] test\/svc: terminationGracePeriodSeconds = 900: .* Fix: use 30 s \(the default\)/);
  });

  it('fails when minReplicas exceeds maxReplicas (SCALE-2)', () => {
    expect(refusal({ minReplicas: 5, maxReplicas: 2 })).toThrow(/^\[SCALE-2\] test\/svc: minReplicas = 5: .* Fix: lower minReplicas or raise maxReplicas\./);
  });

  it('fails when the concurrency threshold is not a positive whole number (SCALE-1)', () => {
    expect(refusal({ concurrentRequests: 0 })).toThrow(/^\[SCALE-1\] test\/svc: concurrentRequests = 0: .* Fix: use a low value such as 10\./);
  });

  it('fails when maxReplicas is above 300', () => {
    expect(refusal({ maxReplicas: 301 })).toThrow(/^\[AZURE\] test\/svc: maxReplicas = 301: Container Apps allows 1 to 300 replicas\. Fix: choose a value/);
  });

  it('fails when maxReplicas is NaN, and the message shows NaN', () => {
    const r = refusalOf(refusal({ maxReplicas: NaN }));
    expect(r).toEqual({
      message: '[AZURE] test/svc: maxReplicas = NaN: Container Apps allows 1 to 300 replicas. Fix: choose a value from 1 to 300.',
      lesson: 'AZURE', path: 'test/svc', setting: 'maxReplicas',
    });
  });

  it('fails when maxReplicas is Infinity, and the message shows Infinity', () => {
    expect(refusalOf(refusal({ maxReplicas: Infinity })).message).toBe(
      '[AZURE] test/svc: maxReplicas = Infinity: Container Apps allows 1 to 300 replicas. Fix: choose a value from 1 to 300.');
  });

  it('fails when the target port is -0, and the message shows -0', () => {
    expect(refusalOf(refusal({ targetPort: -0 })).message).toMatch(/^\[AZURE\] test\/svc: targetPort = -0: a container port is a whole number from 1 to 65535\./);
  });

  it('fails when the target port is outside 1-65535', () => {
    expect(refusal({ targetPort: 0 })).toThrow(/^\[AZURE\] test\/svc: targetPort = 0: a container port .* Fix: use the port the container listens on\./);
  });

  it('fails when cpu and memory are not a Consumption size', () => {
    expect(refusal({ cpu: 1, memory: '1Gi' })).toThrow(/^\[AZURE\] test\/svc: cpu\/memory = "1 vCPU \/ 1Gi": .* Fix: .*\(for 1 vCPU: '2Gi'\)/);
  });

  it('fails when the health path lacks its leading slash', () => {
    expect(refusal({ healthPath: 'healthz' })).toThrow(/^\[AZURE\] test\/svc: healthPath = "healthz": .* Fix: use "\/healthz"\./);
  });

  it('fails when an environment variable name is not one Container Apps accepts', () => {
    expect(refusal({ environmentVariables: { '1BAD': 'x' } })).toThrow(/^\[AZURE\] test\/svc: environmentVariables\.1BAD = "1BAD": .* Fix: rename the variable\./);
  });

  it('fails when the app name breaks the container app naming rule', () => {
    expect(refusal({ name: 'Limiter' })).toThrow(/^\[AZURE\] test\/svc: name = "Limiter": Azure rejects this container app name .* Fix: use 2-32 characters/);
  });

  it('fails when an in-process limit is invalid (SCALE-3)', () => {
    expect(refusal({ inProcessLimits: [{ name: 'per-client', kind: InProcessLimitKind.TOKEN_BUCKET, permitLimit: 10 }] })).toThrow(
      /^\[SCALE-3\] test\/svc: inProcessLimits\.per-client\.windowSeconds = undefined: .* Fix: set windowSeconds/);
  });

  it('fails when the image repository has upper-case letters, in any environment (AZURE)', () => {
    const r = refusalOf(refusal({ image: 'contoso.azurecr.io/Limiter:1.0.0' }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/svc', setting: 'image' });
    expect(r.message).toMatch(/^\[AZURE\] test\/svc: image = "contoso\.azurecr\.io\/Limiter:1\.0\.0": Container Apps cannot pull it: the repository part "Limiter" has upper-case letters, .* Fix: give <registry>\/<repository>:<tag>/);
  });

  it('fails when the image is given as an https:// URL (AZURE)', () => {
    const r = refusalOf(refusal({ image: 'https://contoso.azurecr.io/limiter:1.0.0' }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/svc', setting: 'image' });
    expect(r.message).toMatch(/^\[AZURE\] test\/svc: image = "https:\/\/contoso\.azurecr\.io\/limiter:1\.0\.0": Container Apps cannot pull it: an image reference has no URL scheme/);
  });

  it('fails when the image has a space or a malformed tag or digest (AZURE)', () => {
    for (const image of ['contoso.azurecr.io/limiter:1.0 .0', 'contoso.azurecr.io/limiter:-1', 'contoso.azurecr.io/limiter@sha256:xyz']) {
      expect(refusalOf(refusal({ image }))).toMatchObject({ lesson: 'AZURE', path: 'test/svc', setting: 'image' });
    }
  });

  it('fails when a production AzureStack runs the sample image (RELEASE)', () => {
    const r = refusalOf(() => build({ image: IMAGE }, azureStack(true)));
    expect(r).toMatchObject({ lesson: 'RELEASE', path: 'svc-prod/svc', setting: 'image' });
    expect(r.message).toBe('[RELEASE] svc-prod/svc: image = "mcr.microsoft.com/dotnet/samples:aspnetapp": this is a public sample image, a placeholder for a first deploy, not the application. Fix: set the environment\'s image to your application image, e.g. <registry>.azurecr.io/<repository>:<version>.');
  });

  it('fails when a production AzureStack runs an untagged or latest image (RELEASE)', () => {
    for (const image of ['contoso.azurecr.io/limiter', 'contoso.azurecr.io/limiter:latest']) {
      const r = refusalOf(() => build((stack) => ({ image, registry: registryIn(stack) }), azureStack(true)));
      expect(r).toMatchObject({ lesson: 'RELEASE', path: 'svc-prod/svc', setting: 'image' });
      expect(r.message).toMatch(/: an untagged or `latest` image can change under the same deployment/);
    }
  });

  it('runs a pinned tag or a digest in production, and the sample image in a dev AzureStack or an unmarked stack', () => {
    expect(() => build((stack) => ({ image: 'contoso.azurecr.io/limiter:1.0.0', registry: registryIn(stack) }), azureStack(true))).not.toThrow();
    expect(() => build((stack) => ({ image: `contoso.azurecr.io/limiter@${DIGEST}`, registry: registryIn(stack) }), azureStack(true))).not.toThrow();
    expect(() => build({ image: IMAGE }, azureStack(false))).not.toThrow();
    expect(() => build({ image: IMAGE })).not.toThrow();
  });

  it('fails when the image has a malformed registry host', () => {
    expect(refusalOf(() => build({ image: 'contoso..azurecr.io/api:1' }))).toMatchObject({ lesson: 'AZURE', path: 'test/svc', setting: 'image' });
  });
});

describe('ContainerService Key Vault secrets (SEC-1)', () => {
  const SHARED_VAULT_ID = '/subscriptions/0/resourceGroups/rg-shared/providers/Microsoft.KeyVault/vaults/kv-shared';
  const VERSION = '0123456789abcdef0123456789abcdef';
  const sharedVault = (stack: TerraformStack) => KeyVault.fromExisting(stack, 'shared', { name: 'kv-shared', resourceGroupName: 'rg-shared', vaultId: SHARED_VAULT_ID });
  const ownVault = (stack: TerraformStack) => new KeyVault(stack, 'kv', { name: 'kv-orders', resourceGroupName: 'rg', location: 'westeurope', tenantId: '72f988bf-86f1-41af-91ab-2d7cd011db47' });
  type SecretApp = App & { secret?: { name: string; key_vault_secret_id: string; identity: string }[]; template: { container: { env: { name: string; value?: string; secret_name?: string }[] }[] } };

  it('reads a slot\'s secret with the app\'s identity, granted Key Vault Secrets User on that secret before the app', () => {
    const { tf } = build((stack) => ({
      secrets: [{ name: 'psp-api-key', secret: KeyVaultSecretReference.fromSlot(ownVault(stack).addSecretSlot('psp-api-key')) }],
      secretEnvironmentVariables: { PSP_API_KEY: 'psp-api-key' },
    }));
    const app = appOf(tf) as SecretApp;
    const identityId = ref(tf, 'azurerm_user_assigned_identity', 'id');
    expect(app.secret).toEqual([{
      name: 'psp-api-key', identity: identityId,
      key_vault_secret_id: `https://${ref(tf, 'azurerm_key_vault', 'name')}.vault.azure.net/secrets/psp-api-key`,
    }]);
    expect(app.template.container[0].env).toEqual([
      { name: 'AZURE_CLIENT_ID', value: ref(tf, 'azurerm_user_assigned_identity', 'client_id') },
      { name: 'PSP_API_KEY', secret_name: 'psp-api-key' },
    ]);
    const grant = resourceOf(tf, 'azurerm_role_assignment', 'svc/kv-secret-psp-api-key');
    expect(grant).toMatchObject({
      scope: `${ref(tf, 'azurerm_key_vault', 'id')}/secrets/psp-api-key`, role_definition_name: 'Key Vault Secrets User',
      principal_id: ref(tf, 'azurerm_user_assigned_identity', 'principal_id'),
      // The scope is a literal id: the secret must exist before it is granted on.
      depends_on: [`azapi_resource_action.${idOf(tf, 'azapi_resource_action')}`],
    });
    const read = `azurerm_role_assignment.${idOf(tf, 'azurerm_role_assignment', 'svc/kv-secret-psp-api-key')}`;
    // The revision resolves the reference when the app is created: the grant must have reached
    // Key Vault by then (SEC-2, microsoft/azure-container-apps#1174).
    expect(app.depends_on).toEqual([read, `time_sleep.${idOf(tf, 'time_sleep', 'svc/grant-propagation')}`]);
    expect(resourceOf(tf, 'time_sleep', 'svc/grant-propagation')).toEqual({ create_duration: '300s', depends_on: [read], triggers: { [read.split('.')[1]]: `${'$'}{${read}.id}` } });
  });

  it('reads another team\'s secret by its versionless identifier, granted on that secret alone', () => {
    const { tf } = build((stack) => ({
      secrets: [{ name: 'psp', secret: KeyVaultSecretReference.fromVault(sharedVault(stack), 'psp-api-key') }],
      secretEnvironmentVariables: { PSP_API_KEY: 'psp' },
    }));
    expect((appOf(tf) as SecretApp).secret).toEqual([{
      name: 'psp', key_vault_secret_id: 'https://kv-shared.vault.azure.net/secrets/psp-api-key', identity: ref(tf, 'azurerm_user_assigned_identity', 'id'),
    }]);
    expect(resourceOf(tf, 'azurerm_role_assignment').scope).toBe(`${SHARED_VAULT_ID}/secrets/psp-api-key`);
  });

  it('grants once for two app secrets of the same Key Vault secret', () => {
    const { tf } = build((stack) => {
      const vault = sharedVault(stack);
      return { secrets: [
        { name: 'psp', secret: KeyVaultSecretReference.fromVault(vault, 'psp-api-key') },
        { name: 'psp-again', secret: KeyVaultSecretReference.fromUri(vault, 'https://kv-shared.vault.azure.net/secrets/psp-api-key') },
      ] };
    });
    expect(Object.keys(resourcesOf(tf, 'azurerm_role_assignment'))).toHaveLength(1);
    expect((appOf(tf) as SecretApp).secret?.map((s) => s.name)).toEqual(['psp', 'psp-again']);
  });

  it('writes no secret block and no extra wait without secrets', () => {
    const app = appOf(build().tf) as SecretApp;
    expect(app.secret).toBeUndefined();
    expect(app.depends_on).toBeUndefined();
  });

  it('fails when a secret name is one Azure refuses (AZURE)', () => {
    const r = refusalOf(() => build((stack) => ({ secrets: [{ name: 'PSP_Key', secret: KeyVaultSecretReference.fromVault(sharedVault(stack), 'psp-api-key') }] })));
    expect(r.message).toBe('[AZURE] test/svc: secrets[0].name = "PSP_Key": Azure rejects this Container App secret name (7 characters). '
      + 'Fix: use 1-253 characters: lower-case letters, digits and hyphens, starting and ending with a letter or digit.');
  });

  it('fails when two secrets share a name (AZURE)', () => {
    const r = refusalOf(() => build((stack) => {
      const vault = sharedVault(stack);
      return { secrets: [{ name: 'psp', secret: KeyVaultSecretReference.fromVault(vault, 'a') }, { name: 'psp', secret: KeyVaultSecretReference.fromVault(vault, 'b') }] };
    }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/svc', setting: 'secrets[1].name' });
    expect(r.message).toContain('Fix: give each secret its own name.');
  });

  it('fails when a variable names a secret the app does not have (SEC-1)', () => {
    const r = refusalOf(() => build((stack) => ({
      secrets: [{ name: 'psp', secret: KeyVaultSecretReference.fromVault(sharedVault(stack), 'psp-api-key') }],
      secretEnvironmentVariables: { PSP_API_KEY: 'psp-key' },
    })));
    expect(r.message).toBe('[SEC-1] test/svc: secretEnvironmentVariables.PSP_API_KEY = "psp-key": the app has no secret of this name, and Azure refuses a revision whose variable refers to a secret it does not have. '
      + 'Fix: name one of the app\'s secrets (psp), or add it to secrets.');
    const none = refusalOf(() => build({ secretEnvironmentVariables: { PSP_API_KEY: 'psp' } }));
    expect(none.message).toContain('Fix: declare the secret first: secrets: [{ name: \'<name>\', secret: KeyVaultSecretReference.fromSlot(slot) }].');
  });

  it('fails when a variable is set by value and from a secret, or names the construct\'s own variable (AZURE)', () => {
    const secrets = (stack: TerraformStack) => [{ name: 'psp', secret: KeyVaultSecretReference.fromVault(sharedVault(stack), 'psp-api-key') }];
    const r = refusalOf(() => build((stack) => ({ secrets: secrets(stack), environmentVariables: { PSP_MODE: 'sandbox' }, secretEnvironmentVariables: { psp_mode: 'psp' } })));
    expect(r.message).toBe('[AZURE] test/svc: secretEnvironmentVariables.psp_mode = "psp": PSP_MODE is set by value as well (by environmentVariables or by the construct), '
      + 'and .NET reads configuration names case-insensitively, so one of the two silently wins. Fix: set the variable once: by value, or from a secret.');
    expect(refusalOf(() => build((stack) => ({ secrets: secrets(stack), secretEnvironmentVariables: { AZURE_CLIENT_ID: 'psp' } }))))
      .toMatchObject({ lesson: 'AZURE', path: 'test/svc', setting: 'secretEnvironmentVariables.AZURE_CLIENT_ID' });
  });

  it('fails when a variable name is one Container Apps refuses (AZURE)', () => {
    const r = refusalOf(() => build((stack) => ({
      secrets: [{ name: 'psp', secret: KeyVaultSecretReference.fromVault(sharedVault(stack), 'psp-api-key') }], secretEnvironmentVariables: { '1PSP': 'psp' },
    })));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/svc', setting: 'secretEnvironmentVariables.1PSP' });
  });

  it('warns when the identifier pins a version: a rotated value never reaches the app (SEC-1)', () => {
    const uri = `https://kv-shared.vault.azure.net/secrets/psp-api-key/${VERSION}`;
    const { stack, tf } = build((s) => ({ secrets: [{ name: 'psp', secret: KeyVaultSecretReference.fromUri(sharedVault(s), uri) }] }));
    expect(warningsOf(stack)).toEqual([`[SEC-1] test/svc: secrets[0].secret.secretUri = "${uri}": the identifier pins one version of the secret: a rotated value never reaches the app, `
      + 'and the app stops starting once that version is disabled. Fix: use the versionless identifier (https://kv-shared.vault.azure.net/secrets/psp-api-key); '
      + 'Container Apps then fetches a new version within 30 minutes, and a revision restart (or a new revision) gives it to the variables.']);
    // Legal: Azure reads that version, and the grant is on the secret.
    expect((appOf(tf) as SecretApp).secret?.[0].key_vault_secret_id).toBe(uri);
    expect(resourceOf(tf, 'azurerm_role_assignment').scope).toBe(`${SHARED_VAULT_ID}/secrets/psp-api-key`);
  });

  it('fails when the identifier is not a Key Vault secret identifier (AZURE), or is in another vault (SEC-1)', () => {
    const refusalFor = (uri: string) => refusalOf(() => build((s) => ({ secrets: [{ name: 'psp', secret: KeyVaultSecretReference.fromUri(sharedVault(s), uri) }] })));
    expect(refusalFor('https://kv-shared.vault.azure.net/keys/psp-api-key').message).toBe(
      '[AZURE] test/svc: secrets[0].secret.secretUri = "https://kv-shared.vault.azure.net/keys/psp-api-key": azurerm refuses a Key Vault secret identifier of another shape at plan. '
      + 'Fix: give https://<vault>.vault.azure.net/secrets/<name> (vault.secretUri(name)), or use KeyVaultSecretReference.fromVault(vault, \'<name>\').');
    expect(refusalFor('https://kv-other.vault.azure.net/secrets/psp-api-key').message).toBe(
      '[SEC-1] test/svc: secrets[0].secret.secretUri = "https://kv-other.vault.azure.net/secrets/psp-api-key": the identifier is in the vault kv-other, '
      + 'and the app would be granted access to a secret of kv-shared: it could not read the secret. Fix: pass the vault that holds the secret with its identifier.');
  });

  it('fails when the secret name in the vault is one Key Vault refuses (AZURE)', () => {
    const r = refusalOf(() => build((s) => ({ secrets: [{ name: 'psp', secret: KeyVaultSecretReference.fromVault(sharedVault(s), `psp-api-key/${VERSION}`) }] })));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/svc', setting: 'secrets[0].secret.secretName' });
  });

  it('fails when a secret has no Key Vault secret (SEC-1)', () => {
    const r = refusalOf(() => build({ secrets: [{ name: 'psp', secret: undefined as unknown as KeyVaultSecretReference }] }));
    expect(r.message).toBe('[SEC-1] test/svc: secrets[0].secret = undefined: a Container App secret is read from Key Vault with the app\'s identity; without a Key Vault secret there is nothing to read. '
      + 'Fix: pass KeyVaultSecretReference.fromSlot(vault.addSecretSlot(\'<name>\')), or .fromVault(KeyVault.fromExisting(...), \'<name>\').');
  });

  it('fails when an app with secrets has no identity to read them with (SEC-1)', () => {
    const stack = testStack();
    const bound = { secrets: [{ name: 'psp', keyVaultSecretId: 'https://kv-shared.vault.azure.net/secrets/psp-api-key' }], environment: [], grants: [] };
    const r = refusalOf(() => checkSecretIdentity(stack, bound, undefined));
    expect(r.message).toBe('[SEC-1] test: secrets = ["psp"]: a Key Vault secret is read with an identity of the app, granted Key Vault Secrets User on the secret, '
      + 'and this app has none: azurerm refuses the secret at plan. Fix: give the app a user-assigned identity (identityId) and grant it the secret.');
    expect(() => checkSecretIdentity(stack, bound, '/subscriptions/0/resourceGroups/rg/providers/Microsoft.ManagedIdentity/userAssignedIdentities/id-x')).not.toThrow();
  });
});
