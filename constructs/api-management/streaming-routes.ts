import { IConstruct } from 'constructs';
import { refuse } from '../core/validation';
import { TemplateParameter } from './url-template';

/** What a streaming route does with the connection. */
export enum StreamingRouteKind {
  /** Answers at once; clients come back after `Retry-After` (EDGE-6). */
  POLLING = 'polling',
  /** Holds the request until data arrives or `holdSeconds` pass (EDGE-2). */
  LONG_POLLING = 'long-polling',
  /** A Server-Sent Events stream with a heartbeat every `heartbeatSeconds` (EDGE-3, EDGE-5). */
  SSE = 'sse',
}

/** One operation of a `StreamingApi`. Build routes with `StreamingRoutes`. */
export interface StreamingRoute {
  readonly kind: StreamingRouteKind;
  /** Operation id, e.g. `poll`. */
  readonly name: string;
  /** URL template below the API path, e.g. `/poll`. */
  readonly urlTemplate: string;
  /**
   * The parameters of the URL template (`{room}` in `/rooms/{room}/events`), each declared once: azurerm refuses
   * an operation whose template uses a parameter it does not declare (refused here at synth).
   * @default - none (a template without parameters)
   */
  readonly templateParameters?: TemplateParameter[];
  /**
   * How long the server holds a request; must stay below the path ceiling (EDGE-2). Required for
   * long polling, not allowed otherwise.
   * @default - none
   */
  readonly holdSeconds?: number;
  /**
   * Interval of the server's heartbeat comment; must stay below the path ceiling (EDGE-2).
   * Streams still end at 240 s behind Front Door: clients reconnect with `Last-Event-ID` (EDGE-5).
   * Required for SSE, not allowed otherwise.
   * @default - none
   */
  readonly heartbeatSeconds?: number;
}

/** Factories for the routes of a `StreamingApi`, and the sample's default routes. */
export class StreamingRoutes {
  public static polling(name: string, urlTemplate: string): StreamingRoute {
    return { kind: StreamingRouteKind.POLLING, name, urlTemplate };
  }

  public static longPolling(name: string, urlTemplate: string, holdSeconds: number): StreamingRoute {
    return { kind: StreamingRouteKind.LONG_POLLING, name, urlTemplate, holdSeconds };
  }

  public static sse(name: string, urlTemplate: string, heartbeatSeconds: number): StreamingRoute {
    return { kind: StreamingRouteKind.SSE, name, urlTemplate, heartbeatSeconds };
  }

  /** The routes of the real-time sample: polling, a 25 s long poll and an SSE stream with a 15 s heartbeat. */
  public static defaults(): StreamingRoute[] {
    return [
      StreamingRoutes.polling('poll', '/poll'),
      StreamingRoutes.longPolling('long-poll', '/long-poll', 25),
      StreamingRoutes.sse('sse', '/sse', 15),
    ];
  }

  /** Refuse a route whose kind and intervals do not fit together (a route from another language arrives unchecked). */
  public static check(scope: IConstruct, route: StreamingRoute): void {
    const at = `routes.${route.name}`;
    const kinds = Object.values(StreamingRouteKind) as string[];
    if (!kinds.includes(route.kind)) {
      refuse(scope, { lesson: 'EDGE-2', setting: `${at}.kind`, given: route.kind, problem: 'this is not a streaming route kind.', fix: `use one of ${kinds.join(', ')}.` });
    }
    const needs = route.kind === StreamingRouteKind.LONG_POLLING ? 'holdSeconds' : route.kind === StreamingRouteKind.SSE ? 'heartbeatSeconds' : undefined;
    for (const setting of ['holdSeconds', 'heartbeatSeconds'] as const) {
      const value = route[setting];
      if (setting === needs && value === undefined) {
        refuse(scope, {
          lesson: 'EDGE-2', setting: `${at}.${setting}`, given: undefined,
          problem: `a ${route.kind} route declares its ${setting === 'holdSeconds' ? 'hold time' : 'heartbeat interval'}, so it can be checked against the shortest timeout of its path.`,
          fix: `give ${setting}, e.g. ${setting === 'holdSeconds' ? 25 : 15}.`,
        });
      }
      if (setting !== needs && value !== undefined) {
        refuse(scope, {
          lesson: 'EDGE-2', setting: `${at}.${setting}`, given: value,
          problem: `a ${route.kind} route has no ${setting === 'holdSeconds' ? 'hold time' : 'heartbeat'}, so the value would be ignored.`,
          fix: `drop ${setting}, or use kind ${setting === 'holdSeconds' ? 'long-polling' : 'sse'}.`,
        });
      }
    }
  }

  private constructor() {}
}
