import { TerraformResource } from 'cdktf';
import { IConstruct } from 'constructs';
import { CONNECTION_CEILING_SECONDS } from './lessons';
import { refuse, requireRange } from './validation';

/** One layer on a request's way to the container that closes a request after a timeout. */
export interface TimeoutLayer {
  /** Human name of the layer, e.g. `Front Door origin response timeout`. */
  readonly layer: string;
  /** The timeout the layer applies, in seconds. */
  readonly timeoutSeconds: number;
  /** Construct path of the construct that sets it, so a refusal says where to change it. */
  readonly constructPath: string;
}

/** A construct that sits on the request path and applies a timeout. */
export interface ITimeoutLayer {
  readonly timeoutLayer: TimeoutLayer;
}

/** The shortest timeout along a path and the layer(s) that set it. */
export interface PathCeiling {
  readonly timeoutSeconds: number;
  readonly setBy: TimeoutLayer[];
}


/**
 * The shortest timeout along the layers a request crosses (EDGE-2). Without layers, the
 * platform's own connection ceiling of 240 s applies (EDGE-1).
 */
export function pathCeiling(layers: readonly TimeoutLayer[]): PathCeiling {
  const all = layers.length > 0 ? layers : [{
    layer: 'Azure load balancer idle timeout', timeoutSeconds: CONNECTION_CEILING_SECONDS, constructPath: '<platform>',
  }];
  const timeoutSeconds = Math.min(...all.map((l) => l.timeoutSeconds));
  return { timeoutSeconds, setBy: all.filter((l) => l.timeoutSeconds === timeoutSeconds) };
}

/** `Front Door origin response timeout (240 s, set by realtime-dev/front-door) and ...`, for messages. */
export function describeLayers(layers: readonly TimeoutLayer[]): string {
  return layers.map((l) => `${l.layer} (${l.timeoutSeconds} s, set by ${l.constructPath})`).join(' and ');
}

/** What a streaming route declares about a held connection. */
export enum HoldKind {
  /** A long poll: the server holds the request up to `seconds` before it answers. */
  HOLD = 'holdSeconds',
  /** A stream (SSE, WebSocket): the server sends a heartbeat every `seconds`. */
  HEARTBEAT = 'heartbeatSeconds',
  /** A route that answers at once (polling): nothing is held. */
  NONE = 'none',
}

/** What a streaming route holds a connection open for, declared so the path can be checked. */
export interface HeldInterval {
  /** Route name, used in messages. */
  readonly route: string;
  /** Hold time of a long poll or heartbeat interval of a stream. */
  readonly kind: HoldKind;
  /** Seconds (0 for `HoldKind.NONE`). */
  readonly seconds: number;
}

/** The key under a resource's `"//"` comment where the library writes what the lessons check reads. */
const LESSONS_COMMENT = 'lessons';
/** Metadata type of a declared hold time or heartbeat on an operation (read by the EDGE-5 rule). */
export const HELD_INTERVAL_METADATA = 'request-path:held-interval';
/** Metadata type that marks a Container App as holding connections (read by the SCALE-1 rule). */
export const HOLDS_CONNECTIONS_METADATA = 'request-path:holds-connections';

/**
 * Declarations about the request path that the lessons check reads from construct metadata:
 * what a streaming operation holds (EDGE-2, EDGE-5), and which apps hold connections (SCALE-1).
 */
export class RequestPath {
  /**
   * Declare the hold time or heartbeat of a streaming operation (the StreamingApi construct does it
   * for its routes). A resource also carries it in its `"//"` comment of `cdk.tf.json`
   * (`"//": { "lessons": { "heldInterval": ... } }`), so `azure-lessons` reads it without the
   * construct tree.
   */
  public static declareHold(operation: IConstruct, held: HeldInterval): void {
    const data = { route: held.route, kind: held.kind, seconds: held.seconds };
    operation.node.addMetadata(HELD_INTERVAL_METADATA, data);
    if (operation instanceof TerraformResource) operation.addOverride(`//.${LESSONS_COMMENT}.heldInterval`, data);
  }

  /** The hold declared on `operation`, if any. */
  public static declaredHold(operation: IConstruct): HeldInterval | undefined {
    return operation.node.metadata.find((m) => m.type === HELD_INTERVAL_METADATA)?.data as HeldInterval | undefined;
  }

  /**
   * The hold a resource's `"//"` comment carries (`cdk.tf.json`, read by `azure-lessons`), if any.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- jsii has no `unknown`; `any` is how other languages see a free value
  public static heldInComment(comment: any): HeldInterval | undefined {
    const held = comment?.[LESSONS_COMMENT]?.heldInterval;
    return held && typeof held === 'object' && typeof held.seconds === 'number' && typeof held.kind === 'string' ? held as HeldInterval : undefined;
  }

  /** Mark a Container App as holding connections (streams, WebSockets, gRPC streams). */
  public static markHoldsConnections(app: IConstruct): void {
    app.node.addMetadata(HOLDS_CONNECTIONS_METADATA, true);
  }

  private constructor() {}
}

/**
 * Refuse a long-poll hold or a heartbeat interval at or above the shortest timeout on the path
 * (EDGE-2): the connection would be cut before the server answers or sends its next byte.
 */
export function checkHeldInterval(scope: IConstruct, held: HeldInterval, layers: readonly TimeoutLayer[]): void {
  if (held.kind === HoldKind.NONE) return;
  const setting = `routes.${held.route}.${held.kind}`;
  requireRange(scope, held.seconds, {
    min: 1, max: CONNECTION_CEILING_SECONDS, setting, lesson: 'EDGE-2',
    problem: 'a hold time or heartbeat is a whole number of seconds below the path ceiling.',
    fix: 'declare a whole number of seconds, e.g. 25 for a long-poll hold or 15 for an SSE heartbeat.',
  });
  const ceiling = pathCeiling(layers);
  if (held.seconds >= ceiling.timeoutSeconds) {
    const by = describeLayers(ceiling.setBy);
    refuse(scope, {
      lesson: 'EDGE-2',
      setting,
      given: held.seconds,
      problem: `the shortest timeout on this route's path is ${ceiling.timeoutSeconds} s, from ${by}; the connection is cut before the ${held.kind === HoldKind.HOLD ? 'hold ends' : 'next heartbeat'}.`,
      fix: `declare less than ${ceiling.timeoutSeconds} s (leave headroom: e.g. ${Math.max(1, Math.floor(ceiling.timeoutSeconds / 8))} s) or raise that layer's timeout.`,
    });
  }
}
