import { IConstruct } from 'constructs';
import { refuse } from '../core/validation';
import { checkTargetPort } from './target-port';

/** Container Apps ingress transport between the ingress proxy and the container. */
export enum IngressTransport {
  /** HTTP/1.1, upgraded to HTTP/2 where both sides can: polling, SSE, WebSockets. */
  AUTO = 'auto',
  HTTP = 'http',
  /** HTTP/2 end to end: gRPC (ING-1). */
  HTTP2 = 'http2',
  /** Raw TCP: refused (no HTTP routing, ING-1). */
  TCP = 'tcp',
}

/** What an ingress carries; decides which transport it needs (ING-1). */
export enum IngressTraffic {
  HTTP = 'http',
  POLLING = 'polling',
  LONG_POLLING = 'long-polling',
  SSE = 'sse',
  WEBSOCKETS = 'websockets',
  GRPC = 'grpc',
}

/** One of the two ingresses of a `DualIngressContainerApp`. */
export interface IngressOptions {
  /**
   * Container port the ingress sends traffic to.
   * @default 8080 for the HTTP/1.1 app, 8081 for the gRPC app
   */
  readonly targetPort?: number;
  /**
   * Transport between the ingress proxy and the container.
   * @default IngressTransport.AUTO for the HTTP/1.1 app, IngressTransport.HTTP2 for the gRPC app
   */
  readonly transport?: IngressTransport;
  /**
   * The traffic this ingress carries.
   * @default - HTTP, POLLING, LONG_POLLING, SSE and WEBSOCKETS for the HTTP/1.1 app, GRPC for the gRPC app
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
  role: 'http', targetPort: 8080, transport: IngressTransport.AUTO,
  carries: [IngressTraffic.HTTP, IngressTraffic.POLLING, IngressTraffic.LONG_POLLING, IngressTraffic.SSE, IngressTraffic.WEBSOCKETS], external: true,
};
export const GRPC_INGRESS_DEFAULTS: ResolvedIngress = {
  role: 'grpc', targetPort: 8081, transport: IngressTransport.HTTP2, carries: [IngressTraffic.GRPC], external: true,
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
    const transports = Object.values(IngressTransport) as string[];
    if (!transports.includes(ingress.transport)) {
      refuse(scope, {
        lesson: 'ING-1', setting, given: ingress.transport,
        problem: 'Container Apps ingress knows the transports auto, http, http2 and tcp.', fix: `use 'auto' for the HTTP/1.1 app and 'http2' for the gRPC app (the defaults).`,
      });
    }
    if (ingress.carries.includes(IngressTraffic.GRPC) && ingress.transport !== IngressTransport.HTTP2) {
      refuse(scope, {
        lesson: 'ING-1', setting, given: ingress.transport,
        problem: 'gRPC needs HTTP/2 between the ingress proxy and the container; any other transport answers "remote refused stream reset".',
        fix: `set ${setting} to 'http2' (the gRPC app of DualIngressContainerApp does so by default).`,
      });
    }
    if (ingress.transport === IngressTransport.TCP) {
      refuse(scope, {
        lesson: 'ING-1', setting, given: ingress.transport,
        problem: 'a tcp ingress carries no HTTP: no routing, no SSE, no gRPC framing, and it needs an exposed port in a VNet environment.',
        fix: `use 'auto' for the HTTP/1.1 app and 'http2' for the gRPC app (the defaults).`,
      });
    }
    if (ingress.carries.includes(IngressTraffic.WEBSOCKETS) && ingress.transport === IngressTransport.HTTP2) {
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
