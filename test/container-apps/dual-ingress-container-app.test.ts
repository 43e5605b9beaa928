import { Aspects, TerraformStack, TerraformVariable, Testing, Token } from 'cdktf';
import { beforeEach, describe, expect, it } from 'vitest';
import { UserAssignedIdentity } from '@cdktf/provider-azurerm/lib/user-assigned-identity';
import { ContainerRegistry, ContainerRegistryAttributes } from '../../constructs/container-apps/container-registry';
import { DualIngressContainerApp, DualIngressContainerAppProps } from '../../constructs/container-apps/dual-ingress-container-app';
import { KeyVaultSecretReference } from '../../constructs/container-apps/app-secrets';
import { IngressTransport } from '../../constructs/container-apps/ingress';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { HOLDS_CONNECTIONS_METADATA } from '../../constructs/core/request-path';
import { CONSTRUCT_FINDING_METADATA } from '../../constructs/core/findings';
import { SUPPRESSION_METADATA, Suppressions } from '../../constructs/core/suppressions';
import { ManagedIdentityType } from '../../constructs/identity/principal';
import { KeyVault } from '../../constructs/key-vault/key-vault';
import { LessonsCheck } from '../../constructs/stack/lessons-check';
import { RuleLevel } from '../../constructs/lessons-check/pack';
import { ReportStatus } from '../../constructs/lessons-check/report';
import { ENVIRONMENT } from '../support/fixtures';
import { refusalOf } from '../support/refusal';
import { TerraformJson, errorsOf, idOf, ref, resourceOf, resourcesOf, synth, testStack, warningsOf } from '../support/synth';

const IMAGE = 'mcr.microsoft.com/dotnet/samples:aspnetapp';
const REGISTRY_ID = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.ContainerRegistry/registries/contoso';
const DIGEST = `sha256:${'0123456789abcdef'.repeat(4)}`;

/** The registry `contoso` (login server contoso.azurecr.io), referenced in `stack`. */
const registryIn = (stack: TerraformStack, attributes: Partial<ContainerRegistryAttributes> = {}) =>
  ContainerRegistry.fromExisting(stack, 'registry', { name: 'contoso', resourceGroupName: 'rg', registryId: REGISTRY_ID, ...attributes });

type PropsIn = Partial<DualIngressContainerAppProps> | ((stack: TerraformStack) => Partial<DualIngressContainerAppProps>);

/** A DualIngressContainerApp `app` in `stack` (default: a bare, unmarked test stack); props may be built from the stack. */
function build(props: PropsIn = {}, stack: TerraformStack = testStack()) {
  const given = typeof props === 'function' ? props(stack) : props;
  const app = new DualIngressContainerApp(stack, 'app', { name: 'ca-demo', environment: ENVIRONMENT, image: IMAGE, ...given });
  return { stack, app, tf: synth(stack) };
}

/** An AzureStack `rt-<env>`, marked production or not (the lessons check runs on it). */
const azureStack = (production: boolean) =>
  new AzureStack(Testing.app(), { stackName: 'rt', environmentName: production ? 'prod' : 'dev', production });

type App = {
  name: string;
  ingress: { transport: string; target_port: number; allow_insecure_connections: boolean; external_enabled: boolean };
  template: {
    min_replicas: number; max_replicas: number; termination_grace_period_seconds: number;
    http_scale_rule: { name: string; concurrent_requests: string }[];
    container: { image: string; env: { name: string; value: string }[]; liveness_probe: Record<string, unknown>[] }[];
  };
  identity?: { type: string; identity_ids: string[] };
  registry?: { server: string; identity: string }[];
  depends_on?: string[];
};

const httpApp = (tf: ReturnType<typeof synth>) => resourceOf(tf, 'azurerm_container_app', 'app/http-app') as unknown as App;
const grpcApp = (tf: ReturnType<typeof synth>) => resourceOf(tf, 'azurerm_container_app', 'app/grpc-app') as unknown as App;

describe('DualIngressContainerApp defaults', () => {
  // Built for each test, not once for the block, so mutation testing sees which test covers what.
  let tf: TerraformJson;
  beforeEach(() => {
    ({ tf } = build());
  });

  it('deploys one image twice: auto on 8080 and http2 on 8081 (ING-1)', () => {
    expect(httpApp(tf)).toMatchObject({ name: 'ca-demo-http', ingress: { transport: 'auto', target_port: 8080 } });
    expect(grpcApp(tf)).toMatchObject({ name: 'ca-demo-grpc', ingress: { transport: 'http2', target_port: 8081 } });
    expect(httpApp(tf).template.container[0].image).toBe(IMAGE);
    expect(grpcApp(tf).template.container[0].image).toBe(IMAGE);
  });

  it('pins Kestrel to HTTP/1.1 on 8080 and cleartext HTTP/2 on 8081 in both apps (ING-2)', () => {
    for (const app of [httpApp(tf), grpcApp(tf)]) {
      expect(app.template.container[0].env).toEqual(expect.arrayContaining([
        { name: 'Kestrel__Endpoints__Http__Url', value: 'http://+:8080' },
        { name: 'Kestrel__Endpoints__Http__Protocols', value: 'Http1' },
        { name: 'Kestrel__Endpoints__Grpc__Url', value: 'http://+:8081' },
        { name: 'Kestrel__Endpoints__Grpc__Protocols', value: 'Http2' },
      ]));
    }
  });

  it('scales on 10 concurrent requests (SCALE-1), keeps a replica and a 240 s grace period (SCALE-2)', () => {
    for (const app of [httpApp(tf), grpcApp(tf)]) {
      expect(app.template.http_scale_rule).toEqual([{ name: 'concurrent-requests', concurrent_requests: '10' }]);
      expect(app.template.min_replicas).toBe(1);
      expect(app.template.max_replicas).toBe(10);
      expect(app.template.termination_grace_period_seconds).toBe(240);
    }
  });

  it('refuses insecure connections and probes each app on its own port over TCP', () => {
    expect(httpApp(tf).ingress.allow_insecure_connections).toBe(false);
    expect(grpcApp(tf).ingress.allow_insecure_connections).toBe(false);
    expect(httpApp(tf).template.container[0].liveness_probe).toEqual([{ transport: 'TCP', port: 8080 }]);
    expect(grpcApp(tf).template.container[0].liveness_probe).toEqual([{ transport: 'TCP', port: 8081 }]);
  });

  it('runs both apps as one user-assigned identity even for a public image, its client id in AZURE_CLIENT_ID, and pulls anonymously', () => {
    const { tf: built } = build();
    const identity = resourceOf(built, 'azurerm_user_assigned_identity');
    expect(identity).toMatchObject({ name: 'id-ca-demo' });
    expect(httpApp(built).registry).toBeUndefined();
    for (const containerApp of [httpApp(built), grpcApp(built)]) {
      expect(containerApp.identity).toEqual({ type: 'UserAssigned', identity_ids: [ref(built, 'azurerm_user_assigned_identity', 'id')] });
      expect(containerApp.template.container[0].env).toContainEqual({ name: 'AZURE_CLIENT_ID', value: ref(built, 'azurerm_user_assigned_identity', 'client_id') });
    }
  });

  it('fails when AZURE_CLIENT_ID is given: the apps would sign in as another identity than the one granted (SEC-1)', () => {
    const r = refusalOf(() => build({ environmentVariables: { AZURE_CLIENT_ID: '00000000-0000-0000-0000-000000000001' } }));
    expect(r).toMatchObject({ lesson: 'SEC-1', setting: 'environmentVariables.AZURE_CLIENT_ID' });
    expect(r.message).toContain('Fix: drop it and grant the roles the apps need to app.identity.');
  });

  it('marks both apps as holding connections, so the SCALE-1 rule checks them', () => {
    const { app } = build();
    for (const containerApp of [app.httpApp, app.grpcApp]) {
      expect(containerApp.node.metadata.filter((m) => m.type === HOLDS_CONNECTIONS_METADATA).map((m) => m.data)).toEqual([true]);
      expect(containerApp.node.metadata.filter((m) => m.type === SUPPRESSION_METADATA)).toEqual([]);
    }
  });

  it('passes the SCALE-1 rule of the lessons check on both apps', () => {
    const { stack } = build({}, azureStack(false));
    const rows = LessonsCheck.of(stack)!.reportOf(stack).results.filter((r) => r.ruleId === 'SCALE-1.ConnectionHoldingScaleRule' && r.status !== ReportStatus.NOT_APPLICABLE);
    expect(rows.map((r) => [r.resourcePath, r.status])).toEqual([
      ['rt-dev/app/http-app', ReportStatus.COMPLIANT], ['rt-dev/app/grpc-app', ReportStatus.COMPLIANT],
    ]);
    expect(errorsOf(stack)).toEqual([]);
    expect(warningsOf(stack)).toEqual([]);
  });
});

describe('DualIngressContainerApp options', () => {
  it('pulls from a registry with a user-assigned identity granted AcrPull before the apps exist (SEC-2)', () => {
    const { tf, app: construct } = build((stack) => ({ image: 'contoso.azurecr.io/realtime:1.2.3', registry: registryIn(stack) }));
    // Construct id `acr-pull` under the app construct, as before the refactor (same Terraform address).
    expect(Object.keys(resourcesOf(tf, 'azurerm_role_assignment'))).toEqual([expect.stringMatching(/^app_acr-pull_[0-9A-F]+$/)]);
    const grant = resourceOf(tf, 'azurerm_role_assignment');
    expect(grant).toMatchObject({
      scope: REGISTRY_ID, role_definition_name: 'AcrPull', principal_type: 'ServicePrincipal',
      principal_id: expect.stringMatching(/^\$\{azurerm_user_assigned_identity\.app_pull-identity_[0-9A-F]+\.principal_id\}$/),
    });
    expect(construct.identity).toMatchObject({ type: ManagedIdentityType.USER_ASSIGNED, grantKey: 'pull-identity' });
    expect(construct.identityResource).toBeInstanceOf(UserAssignedIdentity);
    const identityRef = expect.stringMatching(/^\$\{azurerm_user_assigned_identity\.app_pull-identity_[0-9A-F]+\.id\}$/);
    for (const app of [httpApp(tf), grpcApp(tf)]) {
      expect(app.identity).toEqual({ type: 'UserAssigned', identity_ids: [identityRef] });
      expect(app.registry).toEqual([{ server: 'contoso.azurecr.io', identity: identityRef }]);
      // The grant, then one wait both apps share for it to reach the registry (SEC-2).
      expect(app.depends_on).toEqual([
        `azurerm_role_assignment.${idOf(tf, 'azurerm_role_assignment', 'app/acr-pull')}`, `time_sleep.${idOf(tf, 'time_sleep', 'app/grant-propagation')}`,
      ]);
    }
    expect(Object.keys(resourcesOf(tf, 'time_sleep'))).toHaveLength(1);
  });

  it('leaves the Kestrel settings out when pinKestrelProtocols is false (ING-2 opt-out)', () => {
    const { tf: built } = build({ pinKestrelProtocols: false, environmentVariables: { MODE: 'demo' } });
    expect(httpApp(built).template.container[0].env).toEqual([
      { name: 'AZURE_CLIENT_ID', value: ref(built, 'azurerm_user_assigned_identity', 'client_id') }, { name: 'MODE', value: 'demo' },
    ]);
  });

  it('asks the health path over HTTP/1.1 on the HTTP port for readiness and keeps TCP liveness on each app\'s own port', () => {
    const { tf } = build({ healthPath: '/healthz' });
    const grpc = grpcApp(tf).template.container[0] as unknown as Record<string, unknown>;
    expect(grpc.readiness_probe).toEqual([{ transport: 'HTTP', port: 8080, path: '/healthz' }]);
    expect(grpc.liveness_probe).toEqual([{ transport: 'TCP', port: 8081 }]);
  });

  it('sizes memory at 2 GiB per vCPU by default', () => {
    const { tf } = build({ cpu: 1 });
    expect(httpApp(tf).template.container[0]).toMatchObject({ cpu: 1, memory: '2Gi' });
  });

  it('warns when an Azure Container Registry image has no registry to pull with identity (SEC-2)', () => {
    const { stack } = build({ image: 'contoso.azurecr.io/realtime:1.2.3' });
    expect(warningsOf(stack).some((w) => w.startsWith('[SEC-2] test/app: registry = undefined: the image comes from the Azure Container Registry contoso.azurecr.io'))).toBe(true);
  });

  it('warns when replicas may scale to zero (SCALE-2) or the concurrency threshold is high (SCALE-1)', () => {
    const { stack } = build({ minReplicas: 0, concurrentRequests: 200 });
    const warnings = warningsOf(stack);
    expect(warnings.some((w) => w.startsWith('[SCALE-2] test/app: minReplicas = 0'))).toBe(true);
    expect(warnings.some((w) => w.startsWith('[SCALE-1] test/app: concurrentRequests = 200'))).toBe(true);
  });

  it('records no suppression above 50 concurrent requests: its own warning has the rule\'s id (SCALE-1.ConnectionHoldingScaleRule)', () => {
    const { app } = build({ concurrentRequests: 51 });
    for (const containerApp of [app.httpApp, app.grpcApp]) {
      expect(containerApp.node.metadata.filter((m) => m.type === SUPPRESSION_METADATA)).toEqual([]);
    }
    expect(app.node.metadata.filter((m) => m.type === CONSTRUCT_FINDING_METADATA).map((m) => m.data)).toEqual([expect.objectContaining({
      id: 'SCALE-1.ConnectionHoldingScaleRule', lesson: 'SCALE-1', level: 'warning', setting: 'concurrentRequests', ruleSettings: ['template.http_scale_rule.concurrent_requests'],
    })]);
  });

  it('warns when the threshold is high: one finding in the lessons report per app, the construct\'s warning, printed once (SCALE-1)', () => {
    const { stack } = build({ concurrentRequests: 100 }, azureStack(false));
    const rows = LessonsCheck.of(stack)!.reportOf(stack).results.filter((r) => r.ruleId === 'SCALE-1.ConnectionHoldingScaleRule' && r.status !== ReportStatus.NOT_APPLICABLE);
    const message = expect.stringMatching(/^\[SCALE-1\] rt-dev\/app: concurrentRequests = 100: /);
    expect(rows).toEqual([
      expect.objectContaining({ resourcePath: 'rt-dev/app/http-app', status: ReportStatus.NON_COMPLIANT, level: RuleLevel.WARNING, setting: 'template.http_scale_rule.concurrent_requests', message }),
      expect.objectContaining({ resourcePath: 'rt-dev/app/grpc-app', status: ReportStatus.NON_COMPLIANT, level: RuleLevel.WARNING, setting: 'template.http_scale_rule.concurrent_requests', message }),
    ]);
    expect(warningsOf(stack)).toEqual([message]);
  });

  it('shows the high threshold as suppressed in the lessons report, and prints nothing, when the stack suppresses it with a reason', () => {
    // Suppressed on the stack before the synth runs the check (build synthesizes).
    const stack = azureStack(false);
    Suppressions.add(stack, { id: 'SCALE-1.ConnectionHoldingScaleRule', reason: 'load test: the threshold is what is measured' });
    build({ concurrentRequests: 100 }, stack);
    const rows = LessonsCheck.of(stack)!.reportOf(stack).results.filter((r) => r.ruleId === 'SCALE-1.ConnectionHoldingScaleRule' && r.status !== ReportStatus.NOT_APPLICABLE);
    expect(rows.map((r) => [r.resourcePath, r.status, r.suppressionReason])).toEqual([
      ['rt-dev/app/http-app', ReportStatus.SUPPRESSED, 'load test: the threshold is what is measured'],
      ['rt-dev/app/grpc-app', ReportStatus.SUPPRESSED, 'load test: the threshold is what is measured'],
    ]);
    expect(warningsOf(stack)).toEqual([]);
  });

  it('keeps the construct\'s warning while one of the two apps it stands for is not suppressed, and drops it once both are', () => {
    const make = (suppressed: ('httpApp' | 'grpcApp')[]) => {
      const stack = azureStack(false);
      const app = new DualIngressContainerApp(stack, 'app', { name: 'ca-demo', environment: ENVIRONMENT, image: IMAGE, concurrentRequests: 100 });
      for (const which of suppressed) LessonsCheck.suppress(app[which], 'SCALE-1.ConnectionHoldingScaleRule', 'load test on this app: the threshold is measured');
      synth(stack);
      const rows = LessonsCheck.of(stack)!.reportOf(stack).results.filter((r) => r.ruleId === 'SCALE-1.ConnectionHoldingScaleRule' && r.status !== ReportStatus.NOT_APPLICABLE);
      return { warnings: warningsOf(stack), statuses: rows.map((r) => [r.resourcePath, r.status]) };
    };
    const one = make(['httpApp']);
    expect(one.statuses).toEqual([['rt-dev/app/http-app', ReportStatus.SUPPRESSED], ['rt-dev/app/grpc-app', ReportStatus.NON_COMPLIANT]]);
    expect(one.warnings).toEqual([expect.stringMatching(/^\[SCALE-1\] rt-dev\/app: concurrentRequests = 100: /)]);
    const both = make(['httpApp', 'grpcApp']);
    expect(both.statuses).toEqual([['rt-dev/app/http-app', ReportStatus.SUPPRESSED], ['rt-dev/app/grpc-app', ReportStatus.SUPPRESSED]]);
    expect(both.warnings).toEqual([]);
  });

  it('keeps the construct\'s warning when a check added to one app sees only that app\'s suppressed finding', () => {
    const stack = azureStack(false);
    const app = new DualIngressContainerApp(stack, 'app', { name: 'ca-demo', environment: ENVIRONMENT, image: IMAGE, concurrentRequests: 100 });
    LessonsCheck.suppress(app.httpApp, 'SCALE-1.ConnectionHoldingScaleRule', 'load test on this app: the threshold is measured');
    Aspects.of(app.httpApp).add(new LessonsCheck());
    synth(stack);
    expect(warningsOf(stack)).toEqual([expect.stringMatching(/^\[SCALE-1\] rt-dev\/app: concurrentRequests = 100: /)]);
  });

  it('records no suppression at 50 concurrent requests', () => {
    const { app } = build({ concurrentRequests: 50 });
    expect(app.httpApp.node.metadata.filter((m) => m.type === SUPPRESSION_METADATA)).toEqual([]);
    expect(app.grpcApp.node.metadata.filter((m) => m.type === SUPPRESSION_METADATA)).toEqual([]);
  });

  it('accepts an image pinned by digest, in production too', () => {
    const image = `contoso.azurecr.io/realtime@${DIGEST}`;
    const { tf } = build((stack) => ({ image, registry: registryIn(stack) }), azureStack(true));
    expect(httpApp(tf).template.container[0].image).toBe(image);
    expect(grpcApp(tf).template.container[0].image).toBe(image);
  });

  it('runs the sample image in a dev AzureStack and in an unmarked stack', () => {
    expect(() => build({ image: IMAGE }, azureStack(false))).not.toThrow();
    expect(() => build({ image: IMAGE })).not.toThrow();
  });

  it('accepts a Terraform number reference for the concurrency threshold', () => {
    const { tf } = build((stack) => ({ concurrentRequests: Token.asNumber(new TerraformVariable(stack, 'concurrency', { type: 'number' }).value) }));
    for (const app of [httpApp(tf), grpcApp(tf)]) {
      expect(app.template.http_scale_rule).toEqual([{ name: 'concurrent-requests', concurrent_requests: '${var.concurrency}' }]);
    }
  });

  it('takes 50 concurrent requests on apps that hold connections without a SCALE-1 warning, and warns at 51', () => {
    const at = (concurrentRequests: number) => {
      const stack = testStack();
      new DualIngressContainerApp(stack, 'app', { name: 'ca-demo', environment: ENVIRONMENT, image: 'mcr.microsoft.com/dotnet/samples:aspnetapp', concurrentRequests });
      return warningsOf(stack).filter((w) => w.startsWith('[SCALE-1]'));
    };
    expect(at(50)).toEqual([]);
    expect(at(51)).toEqual([expect.stringMatching(/^\[SCALE-1\] test\/app: concurrentRequests = 51: /)]);
  });
});

describe('DualIngressContainerApp refusals', () => {
  const refusal = (props: PropsIn) => () => build(props);

  it('fails when gRPC is carried on a non-http2 ingress (ING-1)', () => {
    expect(refusal({ grpc: { transport: IngressTransport.AUTO } })).toThrow(
      /^\[ING-1\] test\/app: grpc\.transport = "auto": gRPC needs HTTP\/2 .* Fix: set grpc\.transport to 'http2'/);
  });

  it('fails when WebSockets are carried on an http2 ingress (ING-1)', () => {
    expect(refusal({ http: { transport: IngressTransport.HTTP2 } })).toThrow(/^\[ING-1\] test\/app: http\.transport = "http2": the WebSocket handshake/);
  });

  it('fails when both ingresses target one port (ING-1)', () => {
    expect(refusal({ grpc: { targetPort: 8080 } })).toThrow(/^\[ING-1\] test\/app: grpc\.targetPort = 8080: both ingresses target port 8080/);
  });

  it('fails when the image is not in the given registry (SEC-2)', () => {
    expect(refusal((stack) => ({ image: 'docker.io/library/nginx:1.27', registry: registryIn(stack) })))
      .toThrow(/^\[SEC-2\] test\/app: image = "docker.io\/library\/nginx:1.27": .*Fix: reference the image as contoso\.azurecr\.io/);
  });

  it('fails when the termination grace period exceeds 600 s (SCALE-2)', () => {
    expect(refusal({ terminationGracePeriodSeconds: 900 })).toThrow(/^\[SCALE-2\] test\/app: terminationGracePeriodSeconds = 900/);
  });

  it('fails when minReplicas exceeds maxReplicas (SCALE-2)', () => {
    expect(refusal({ minReplicas: 5, maxReplicas: 2 })).toThrow(/^\[SCALE-2\] test\/app: minReplicas = 5/);
  });

  it('fails when the concurrency threshold is not a positive whole number (SCALE-1)', () => {
    expect(refusal({ concurrentRequests: 0 })).toThrow(/^\[SCALE-1\] test\/app: concurrentRequests = 0/);
  });

  it('fails when an environment variable overrides a pinned Kestrel setting (ING-2)', () => {
    expect(refusal({ environmentVariables: { Kestrel__Endpoints__Grpc__Protocols: 'Http1AndHttp2' } })).toThrow(
      /^\[ING-2\] test\/app: environmentVariables\.Kestrel__Endpoints__Grpc__Protocols = "Http1AndHttp2": it overrides the Kestrel setting/);
  });

  it('fails when an environment variable overrides a pinned Kestrel setting in another case, which .NET reads as the same name (ING-2)', () => {
    const r = refusalOf(refusal({ environmentVariables: { kestrel__endpoints__http__url: 'http://+:8080' } }));
    expect(r).toMatchObject({ lesson: 'ING-2', path: 'test/app', setting: 'environmentVariables.kestrel__endpoints__http__url' });
    expect(r.message).toMatch(/^\[ING-2\] test\/app: environmentVariables\.kestrel__endpoints__http__url = "http:\/\/\+:8080": it overrides the Kestrel setting this construct pins \(http:\/\/\+:8080\)/);
  });

  it('fails when an environment variable holds a credential, showing it masked (SEC-1)', () => {
    const key = ['sk', 'live', '4eC39HqLyjWDarjtT1zdp7dc'].join('_');
    const r = refusalOf(refusal({ environmentVariables: { PSP_KEY: key } }));
    expect(r).toMatchObject({ lesson: 'SEC-1', path: 'test/app', setting: 'environmentVariables.PSP_KEY' });
    expect(r.message).toMatch(/^\[SEC-1\] test\/app: environmentVariables\.PSP_KEY = "sk_l…\(32 chars\)": an API key /);
    expect(r.message).not.toContain(key);
  });

  it('passes a credential-looking variable declared not a secret (SEC-1)', () => {
    const { tf } = build({ environmentVariables: { PSP_KEY_URI: 'https://kv.vault.azure.net/secrets/psp' }, notSecrets: [{ name: 'PSP_KEY_URI', reason: 'the app reads it with its identity' }] });
    expect(httpApp(tf).template.container[0].env).toContainEqual({ name: 'PSP_KEY_URI', value: 'https://kv.vault.azure.net/secrets/psp' });
  });

  it('keeps an exact repeat of a pinned Kestrel setting', () => {
    const { tf } = build({ environmentVariables: { Kestrel__Endpoints__Http__Protocols: 'Http1' } });
    expect(httpApp(tf).template.container[0].env.filter((e) => e.name === 'Kestrel__Endpoints__Http__Protocols')).toEqual([
      { name: 'Kestrel__Endpoints__Http__Protocols', value: 'Http1' },
    ]);
  });

  it('fails when two environment variables differ only in case', () => {
    const r = refusalOf(refusal({ environmentVariables: { Feature__Mode: 'a', FEATURE__MODE: 'b' } }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/app', setting: 'environmentVariables.FEATURE__MODE' });
    expect(r.message).toMatch(/^\[AZURE\] test\/app: environmentVariables\.FEATURE__MODE = "FEATURE__MODE": Feature__Mode is set as well, and \.NET reads configuration names case-insensitively/);
  });

  it('fails when an ingress transport is not one Container Apps knows (ING-1)', () => {
    const r = refusalOf(refusal({ http: { transport: 'quic' as IngressTransport } }));
    expect(r).toEqual({
      message: "[ING-1] test/app: http.transport = \"quic\": Container Apps ingress knows the transports auto, http, http2 and tcp. Fix: use 'auto' for the HTTP/1.1 app and 'http2' for the gRPC app (the defaults).",
      lesson: 'ING-1', path: 'test/app', setting: 'http.transport',
    });
  });

  it('fails when the image repository has upper-case letters, in any environment (AZURE)', () => {
    const r = refusalOf(refusal({ image: 'contoso.azurecr.io/RealTime:1.2.3' }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/app', setting: 'image' });
    expect(r.message).toMatch(/^\[AZURE\] test\/app: image = "contoso\.azurecr\.io\/RealTime:1\.2\.3": Container Apps cannot pull it: the repository part "RealTime" has upper-case letters/);
  });

  it('fails when the image is given as an https:// URL (AZURE)', () => {
    const r = refusalOf(refusal({ image: 'https://contoso.azurecr.io/realtime:1.2.3' }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/app', setting: 'image' });
    expect(r.message).toMatch(/^\[AZURE\] test\/app: image = "https:\/\/contoso\.azurecr\.io\/realtime:1\.2\.3": Container Apps cannot pull it: an image reference has no URL scheme/);
  });

  it('fails when a production AzureStack runs the sample image (RELEASE)', () => {
    const r = refusalOf(() => build({ image: IMAGE }, azureStack(true)));
    expect(r).toMatchObject({ lesson: 'RELEASE', path: 'rt-prod/app', setting: 'image' });
    expect(r.message).toMatch(/^\[RELEASE\] rt-prod\/app: image = "mcr\.microsoft\.com\/dotnet\/samples:aspnetapp": this is a public sample image, a placeholder for a first deploy, not the application\. Fix: /);
  });

  it('fails when a production AzureStack runs a latest image (RELEASE)', () => {
    const r = refusalOf(() => build((stack) => ({ image: 'contoso.azurecr.io/realtime:latest', registry: registryIn(stack) }), azureStack(true)));
    expect(r).toMatchObject({ lesson: 'RELEASE', path: 'rt-prod/app', setting: 'image' });
  });

  it('fails when the concurrency threshold is NaN, and the message shows NaN (SCALE-1)', () => {
    expect(refusalOf(refusal({ concurrentRequests: NaN }))).toMatchObject({
      message: expect.stringMatching(/^\[SCALE-1\] test\/app: concurrentRequests = NaN: /), lesson: 'SCALE-1', setting: 'concurrentRequests',
    });
  });

  it('fails when an environment variable name is not one Container Apps accepts', () => {
    expect(refusal({ environmentVariables: { '1BAD NAME': 'x' } })).toThrow(/^\[AZURE\] test\/app: environmentVariables\.1BAD NAME = "1BAD NAME"/);
  });

  it('fails when an ingress uses the tcp transport (ING-1)', () => {
    expect(refusal({ http: { transport: IngressTransport.TCP } })).toThrow(/^\[ING-1\] test\/app: http\.transport = "tcp": a tcp ingress carries no HTTP/);
  });

  it('fails when a target port is outside 1-65535', () => {
    expect(refusal({ http: { targetPort: 70000 } })).toThrow(/^\[AZURE\] test\/app: http\.targetPort = 70000/);
  });

  it('fails when cpu and memory are not a Consumption size', () => {
    expect(refusal({ cpu: 0.3 })).toThrow(/^\[AZURE\] test\/app: cpu\/memory = "0\.3 vCPU \/ 0\.6Gi": the Consumption profile offers/);
    expect(refusal({ cpu: 0.5, memory: '3Gi' })).toThrow(/cpu\/memory = "0\.5 vCPU \/ 3Gi".*\(for 0\.5 vCPU: '1Gi'\)/);
  });

  it('fails when the health path lacks its leading slash', () => {
    expect(refusal({ healthPath: 'healthz' })).toThrow(/^\[AZURE\] test\/app: healthPath = "healthz"/);
  });

  it('fails when maxReplicas is above 300', () => {
    expect(refusal({ maxReplicas: 301 })).toThrow(/^\[AZURE\] test\/app: maxReplicas = 301: Container Apps allows 1 to 300 replicas/);
  });

  it('fails when the app name would exceed 32 characters (Azure naming)', () => {
    expect(refusal({ name: 'ca-a-very-long-application-name' })).toThrow(
      /^\[AZURE\] test\/app: name = "ca-a-very-long-application-name-http": Azure rejects this container app name \(36 characters\)/);
  });

  it('fails when the app name has upper-case letters (Azure naming)', () => {
    expect(refusal({ name: 'Ca-Demo' })).toThrow(/^\[AZURE\] test\/app: name = "Ca-Demo-http"/);
  });
});

describe('DualIngressContainerApp Key Vault secrets (SEC-1)', () => {
  const VAULT_ID = '/subscriptions/0/resourceGroups/rg-shared/providers/Microsoft.KeyVault/vaults/kv-shared';
  const withSecret = (stack: TerraformStack): Partial<DualIngressContainerAppProps> => ({
    secrets: [{ name: 'feed-token', secret: KeyVaultSecretReference.fromVault(KeyVault.fromExisting(stack, 'shared', { name: 'kv-shared', resourceGroupName: 'rg', vaultId: VAULT_ID }), 'feed-token') }],
    secretEnvironmentVariables: { FEED_TOKEN: 'feed-token' },
  });

  it('gives both apps the secret and the variable, with one grant to their shared identity that both wait for', () => {
    const { tf } = build(withSecret);
    const grantId = idOf(tf, 'azurerm_role_assignment', 'app/kv-secret-feed-token');
    expect(resourceOf(tf, 'azurerm_role_assignment')).toMatchObject({
      scope: `${VAULT_ID}/secrets/feed-token`, role_definition_name: 'Key Vault Secrets User', principal_id: ref(tf, 'azurerm_user_assigned_identity', 'principal_id'),
    });
    for (const path of ['app/http-app', 'app/grpc-app']) {
      const app = resourceOf(tf, 'azurerm_container_app', path) as { secret: unknown; depends_on: string[]; template: { container: { env: { name: string; secret_name?: string }[] }[] } };
      expect(app.secret).toEqual([{ name: 'feed-token', key_vault_secret_id: 'https://kv-shared.vault.azure.net/secrets/feed-token', identity: ref(tf, 'azurerm_user_assigned_identity', 'id') }]);
      expect(app.template.container[0].env).toContainEqual({ name: 'FEED_TOKEN', secret_name: 'feed-token' });
      expect(app.depends_on).toEqual([`azurerm_role_assignment.${grantId}`, `time_sleep.${idOf(tf, 'time_sleep', 'app/grant-propagation')}`]);
    }
    expect(resourceOf(tf, 'time_sleep', 'app/grant-propagation')).toEqual({ create_duration: '300s', depends_on: [`azurerm_role_assignment.${grantId}`], triggers: { [grantId]: `${'$'}{azurerm_role_assignment.${grantId}.id}` } });
  });

  it('fails when a variable from a secret overrides a Kestrel setting the construct pins (AZURE)', () => {
    const r = refusalOf(() => build((stack) => ({ ...withSecret(stack), secretEnvironmentVariables: { Kestrel__Endpoints__Http__Url: 'feed-token' } })));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/app', setting: 'secretEnvironmentVariables.Kestrel__Endpoints__Http__Url' });
  });
});
