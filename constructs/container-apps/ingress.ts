import { IConstruct } from 'constructs';
import { refuse } from '../core/validation';
import { checkTargetPort } from './app-checks';

/** Container Apps ingress transport between the ingress proxy and the container. */
export type IngressTransport = 'auto' | 'http' | 'http2' | 'tcp';

/** What an ingress carries; decides which transport it needs (ING-1). */
export type IngressTraffic = 'http' | 'polling' | 'long-polling' | 'sse' | 'websockets' | 'grpc';

/** One of the two ingresses of a {@link DualIngressContainerApp}. */
export interface IngressOptions {
  /**
   * Container port the ingress sends traffic to.
   * @default 8080 for the HTTP/1.1 app, 8081 for the gRPC app
   */
  readonly targetPort?: number;
  /**
   * Transport between the ingress proxy and the container.
   * @default 'auto' for the HTTP/1.1 app, 'http2' for the gRPC app
   */
  readonly transport?: IngressTransport;
  /**
   * The traffic this ingress carries.
   * @default ['http', 'polling', 'long-polling', 'sse', 'websockets'] for the HTTP/1.1 app, ['grpc'] for the gRPC app
   */
  readonly carries?: IngressTraffic[];
  /**
   * Reachable from outside the Container Apps environment.
   * @default true
   */
  readonly external?: boolean;
}

/** Ingress options with every default filled in. */
export interface ResolvedIngress {
  readonly role: 'http' | 'grpc';
  readonly targetPort: number;
  readonly transport: IngressTransport;
  readonly carries: IngressTraffic[];
  readonly external: boolean;
}

export const HTTP_INGRESS_DEFAULTS: ResolvedIngress = {
  role: 'http', targetPort: 8080, transport: 'auto', carries: ['http', 'polling', 'long-polling', 'sse', 'websockets'], external: true,
};
export const GRPC_INGRESS_DEFAULTS: ResolvedIngress = {
  role: 'grpc', targetPort: 8081, transport: 'http2', carries: ['grpc'], external: true,
};

export function resolveIngress(defaults: ResolvedIngress, options: IngressOptions | undefined): ResolvedIngress {
  return {
    role: defaults.role,
    targetPort: options?.targetPort ?? defaults.targetPort,
    transport: options?.transport ?? defaults.transport,
    carries: options?.carries ?? defaults.carries,
    external: options?.external ?? defaults.external,
  };
}

/**
 * Refuse ingress combinations the Container Apps proxy cannot serve (ING-1): gRPC needs
 * `transport: http2` end to end, the WebSocket handshake needs HTTP/1.1 Upgrade, and two
 * ingresses of one image must target different ports.
 */
export function checkIngressPair(scope: IConstruct, http: ResolvedIngress, grpc: ResolvedIngress): void {
  for (const ingress of [http, grpc]) {
    const setting = `${ingress.role}.transport`;
    checkTargetPort(scope, `${ingress.role}.targetPort`, ingress.targetPort);
    if (ingress.carries.includes('grpc') && ingress.transport !== 'http2') {
      refuse(scope, {
        lesson: 'ING-1', setting, given: ingress.transport,
        problem: 'gRPC needs HTTP/2 between the ingress proxy and the container; any other transport answers "remote refused stream reset".',
        fix: `set ${setting} to 'http2' (the gRPC app of DualIngressContainerApp does so by default).`,
      });
    }
    if (ingress.transport === 'tcp') {
      refuse(scope, {
        lesson: 'ING-1', setting, given: ingress.transport,
        problem: 'a tcp ingress carries no HTTP: no routing, no SSE, no gRPC framing, and it needs an exposed port in a VNet environment.',
        fix: `use 'auto' for the HTTP/1.1 app and 'http2' for the gRPC app (the defaults).`,
      });
    }
    if (ingress.carries.includes('websockets') && ingress.transport === 'http2') {
      refuse(scope, {
        lesson: 'ING-1', setting, given: ingress.transport,
        problem: 'the WebSocket handshake is an HTTP/1.1 Upgrade, which an http2 transport replaces, so the handshake fails.',
        fix: `carry WebSockets on the HTTP/1.1 app with transport 'auto' (the default), and keep ${setting} = 'http2' for gRPC only.`,
      });
    }
  }
  if (http.targetPort === grpc.targetPort) {
    refuse(scope, {
      lesson: 'ING-1', setting: 'grpc.targetPort', given: grpc.targetPort,
      problem: `both ingresses target port ${http.targetPort}, so one endpoint would have to speak HTTP/1.1 and cleartext HTTP/2 at once, which Kestrel cannot do without TLS (ING-2).`,
      fix: 'listen on two ports, e.g. 8080 for HTTP/1.1 and 8081 for gRPC (the defaults).',
    });
  }
}

/**
 * Container environment that pins each Kestrel endpoint's protocol (ING-2): cleartext HTTP/2
 * needs `Protocols=Http2`, since `Http1AndHttp2` silently falls back to HTTP/1.1 without TLS.
 */
export function kestrelEndpointEnvironment(http: ResolvedIngress, grpc: ResolvedIngress): Record<string, string> {
  return {
    Kestrel__Endpoints__Http__Url: `http://+:${http.targetPort}`,
    Kestrel__Endpoints__Http__Protocols: 'Http1',
    Kestrel__Endpoints__Grpc__Url: `http://+:${grpc.targetPort}`,
    Kestrel__Endpoints__Grpc__Protocols: 'Http2',
  };
}
