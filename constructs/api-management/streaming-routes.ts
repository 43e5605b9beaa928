/** A route that answers at once; clients come back after `Retry-After` (EDGE-6). */
export interface PollingRoute {
  readonly kind: 'polling';
  /** Operation id, e.g. `poll`. */
  readonly name: string;
  /** URL template below the API path, e.g. `/poll`. */
  readonly urlTemplate: string;
}

/** A route that holds the request until data arrives or `holdSeconds` pass (EDGE-2). */
export interface LongPollingRoute {
  readonly kind: 'long-polling';
  readonly name: string;
  readonly urlTemplate: string;
  /** How long the server holds a request; must stay below the path ceiling (EDGE-2). */
  readonly holdSeconds: number;
}

/** A Server-Sent Events stream (EDGE-3, EDGE-5). */
export interface SseRoute {
  readonly kind: 'sse';
  readonly name: string;
  readonly urlTemplate: string;
  /**
   * Interval of the server's heartbeat comment; must stay below the path ceiling (EDGE-2).
   * Streams still end at 240 s behind Front Door: clients reconnect with `Last-Event-ID` (EDGE-5).
   */
  readonly heartbeatSeconds: number;
}

/** One operation of a {@link StreamingApi}. */
export type StreamingRoute = PollingRoute | LongPollingRoute | SseRoute;

/** The routes of the real-time sample: polling, a 25 s long poll and an SSE stream with a 15 s heartbeat. */
export const DEFAULT_STREAMING_ROUTES: readonly StreamingRoute[] = [
  { kind: 'polling', name: 'poll', urlTemplate: '/poll' },
  { kind: 'long-polling', name: 'long-poll', urlTemplate: '/long-poll', holdSeconds: 25 },
  { kind: 'sse', name: 'sse', urlTemplate: '/sse', heartbeatSeconds: 15 },
];
