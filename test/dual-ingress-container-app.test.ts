import { describe, expect, it } from 'vitest';
import { DualIngressContainerApp, DualIngressContainerAppProps } from '../constructs/container-apps/dual-ingress-container-app';
import { ENVIRONMENT } from './support/fixtures';
import { resourceOf, resourcesOf, synth, testStack, warningsOf } from './support/synth';

const IMAGE = 'mcr.microsoft.com/dotnet/samples:aspnetapp';

function build(props: Partial<DualIngressContainerAppProps> = {}) {
  const stack = testStack();
  const app = new DualIngressContainerApp(stack, 'app', { name: 'ca-demo', environment: ENVIRONMENT, image: IMAGE, ...props });
  return { stack, app, tf: synth(stack) };
}

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
  const { tf } = build();

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

  it('creates no identity for a public image', () => {
    expect(resourcesOf(tf, 'azurerm_user_assigned_identity')).toEqual({});
    expect(httpApp(tf).registry).toBeUndefined();
  });
});

describe('DualIngressContainerApp options', () => {
  it('pulls from a registry with a user-assigned identity granted AcrPull before the apps exist (SEC-2)', () => {
    const { tf } = build({
      image: 'contoso.azurecr.io/realtime:1.2.3',
      registry: { loginServer: 'contoso.azurecr.io', registryId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.ContainerRegistry/registries/contoso' },
    });
    const grant = resourceOf(tf, 'azurerm_role_assignment');
    expect(grant).toMatchObject({ role_definition_name: 'AcrPull', principal_type: 'ServicePrincipal' });
    const identityRef = expect.stringMatching(/^\$\{azurerm_user_assigned_identity\.app_pull-identity_[0-9A-F]+\.id\}$/);
    for (const app of [httpApp(tf), grpcApp(tf)]) {
      expect(app.identity).toEqual({ type: 'UserAssigned', identity_ids: [identityRef] });
      expect(app.registry).toEqual([{ server: 'contoso.azurecr.io', identity: identityRef }]);
      expect(app.depends_on).toEqual([expect.stringMatching(/^azurerm_role_assignment\.app_acr-pull_[0-9A-F]+$/)]);
    }
  });

  it('leaves the Kestrel settings out when pinKestrelProtocols is false (ING-2 opt-out)', () => {
    const { tf } = build({ pinKestrelProtocols: false, environmentVariables: { MODE: 'demo' } });
    expect(httpApp(tf).template.container[0].env).toEqual([{ name: 'MODE', value: 'demo' }]);
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
});

describe('DualIngressContainerApp refusals', () => {
  const refusal = (props: Partial<DualIngressContainerAppProps>) => () => build(props);

  it('fails when gRPC is carried on a non-http2 ingress (ING-1)', () => {
    expect(refusal({ grpc: { transport: 'auto' } })).toThrow(
      /^\[ING-1\] test\/app: grpc\.transport = "auto": gRPC needs HTTP\/2 .* Fix: set grpc\.transport to 'http2'/);
  });

  it('fails when WebSockets are carried on an http2 ingress (ING-1)', () => {
    expect(refusal({ http: { transport: 'http2' } })).toThrow(/^\[ING-1\] test\/app: http\.transport = "http2": the WebSocket handshake/);
  });

  it('fails when both ingresses target one port (ING-1)', () => {
    expect(refusal({ grpc: { targetPort: 8080 } })).toThrow(/^\[ING-1\] test\/app: grpc\.targetPort = 8080: both ingresses target port 8080/);
  });

  it('fails when the image is not in the given registry (SEC-2)', () => {
    expect(refusal({ image: 'docker.io/library/nginx:1.27', registry: { loginServer: 'contoso.azurecr.io', registryId: 'id' } }))
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

  it('fails when an environment variable name is not one Container Apps accepts', () => {
    expect(refusal({ environmentVariables: { '1BAD NAME': 'x' } })).toThrow(/^\[AZURE\] test\/app: environmentVariables\.1BAD NAME = "1BAD NAME"/);
  });

  it('fails when an ingress uses the tcp transport (ING-1)', () => {
    expect(refusal({ http: { transport: 'tcp' } })).toThrow(/^\[ING-1\] test\/app: http\.transport = "tcp": a tcp ingress carries no HTTP/);
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
