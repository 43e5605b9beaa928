import { IConstruct } from 'constructs';
import { TimeoutLayer } from './request-path';

/** What a box on a stack's request path is (it decides the box's shape in the picture). */
export enum PathNodeKind {
  /** Someone outside the stack: a client, a partner, a provider the stack calls. */
  EXTERNAL = 'external',
  /** The edge: Front Door. */
  EDGE = 'edge',
  /** An API gateway (API Management): it holds the APIs declared on it. */
  GATEWAY = 'gateway',
  /** One API on a gateway: its caller check and limiter key. */
  API = 'api',
  /** Compute that answers requests or drains a queue: a Container App, a function app. */
  APP = 'app',
  /** A group of apps that share one identity (the two apps of a `DualIngressContainerApp`). */
  APP_GROUP = 'app-group',
  /** A message broker or queue: an Event Grid topic, a storage queue. */
  MESSAGING = 'messaging',
  /** Where data is kept: storage, Redis, Key Vault. */
  DATA = 'data',
}

/**
 * A box on the request path, declared by the construct that deploys it (the construct's path is
 * the box's id). `name` may be a Terraform reference: the model resolves it at synth.
 */
export interface PathNode {
  readonly kind: PathNodeKind;
  /** What it is, e.g. `Front Door Premium`, `API /realtime (streaming)`. */
  readonly title: string;
  /** The Azure resource name, when the construct knows it. @default - none */
  readonly name?: string;
  /** Further facts shown in the box, one a line (ingress, replicas, identity). @default - none */
  readonly lines?: string[];
  /** Who may call it and how that is checked, e.g. `subscription key`, `Entra ID token (Event Grid)`. @default - none shown */
  readonly callerCheck?: string;
  /** What its limits count per, e.g. `client IP: 1000/min`. @default - none shown */
  readonly limiterKey?: string;
  /** Timeout layers that every request into it crosses (a Container Apps ingress). @default - none */
  readonly inboundTimeouts?: TimeoutLayer[];
  /** Timeout layers that every request it forwards crosses (Front Door's origin timeout, APIM's forward-request). @default - none */
  readonly outboundTimeouts?: TimeoutLayer[];
  /** Protocol of the calls made to it with a grant of access (e.g. `Redis over TLS`). @default 'HTTPS' */
  readonly accessProtocol?: string;
  /** Construct path of the box it sits inside (an API's gateway). @default - the nearest declared ancestor that groups */
  readonly group?: string;
  /** URL path below its group's host (an API's path), so a URL names this box rather than the whole gateway. @default - none */
  readonly urlPath?: string;
}

/**
 * A hop of the request path. `from` and `to` are each a construct path, a Terraform reference
 * to a resource or one of its attributes (a URL, a host name, an id: the model finds the box of
 * the construct that holds the resource), or an outside party made with `RequestPath.external`.
 */
export interface PathHop {
  readonly from: string;
  readonly to: string;
  /** e.g. `HTTPS`, `gRPC (h2)`, `WebSocket (wss)`, `CloudEvents over HTTPS`. */
  readonly protocol: string;
  /** Timeout layers of this hop besides those of its ends. @default - none */
  readonly timeouts?: TimeoutLayer[];
  /** Further facts on the hop (who signs in, with what). @default - none */
  readonly lines?: string[];
}

/** Facts about a box declared by another construct (a limit policy or a product on an API). */
export interface PathFacts {
  /** Construct path, or a Terraform reference, of what the facts are about. */
  readonly target: string;
  /** Caller checks to add. @default - none */
  readonly callerChecks?: string[];
  /** Limiter keys to add. @default - none */
  readonly limiterKeys?: string[];
  /** Further lines. @default - none */
  readonly lines?: string[];
  /** Timeout layers the target applies to what it forwards (a limit policy's forward-request). @default - none */
  readonly outboundTimeouts?: TimeoutLayer[];
}

/** An access grant, recorded by `Grant` (a role assignment, or a data grant such as a Redis access policy). */
export interface PathGrant {
  /** The principal's id (a Terraform reference to an identity). */
  readonly principalId: string;
  /** What the access is on (a Terraform reference to a resource id). */
  readonly resourceId: string;
  /** The role's name, for RBAC grants. @default - a data grant without a role */
  readonly role?: string;
}

/** Metadata types of the request-path declarations (read by `RequestPathModel`). */
export const PATH_NODE_METADATA = 'request-path:node';
export const PATH_HOP_METADATA = 'request-path:hop';
export const PATH_FACTS_METADATA = 'request-path:facts';
export const PATH_GRANT_METADATA = 'request-path:grant';

/** The prefix of an outside party's id. */
const EXTERNAL_PREFIX = 'external:';

/**
 * What a construct tells the request-path picture about itself (`RequestPathModel` reads it at
 * synth): the box it deploys, the hops it knows, facts about another box, and the grants it makes.
 * Recorded as construct metadata; nothing of it reaches the synthesized Terraform.
 */
export class PathDeclaration {
  /** Declare the box `scope` deploys on the request path (the box's id is `scope`'s path). */
  public static node(scope: IConstruct, node: PathNode): void {
    record(scope, PATH_NODE_METADATA, node);
  }

  /** Declare a hop of the request path; `scope` is the construct that knows it. */
  public static hop(scope: IConstruct, hop: PathHop): void {
    record(scope, PATH_HOP_METADATA, hop);
  }

  /** Declare facts about another box (e.g. a limit policy's key on its API). */
  public static facts(scope: IConstruct, facts: PathFacts): void {
    record(scope, PATH_FACTS_METADATA, facts);
  }

  /** Record an access grant (the `Grant` class does it for every grant it makes). */
  public static grant(scope: IConstruct, grant: PathGrant): void {
    record(scope, PATH_GRANT_METADATA, grant);
  }

  /** The id of an outside party for `PathHop.from` or `to`, e.g. `external('client')`. */
  public static external(name: string): string {
    return `${EXTERNAL_PREFIX}${name}`;
  }

  /** The party's name when `end` is an outside party's id. */
  public static externalName(end: string): string | undefined {
    return end.startsWith(EXTERNAL_PREFIX) ? end.slice(EXTERNAL_PREFIX.length) : undefined;
  }

  private constructor() {}
}

/** Record a declaration on `scope` as a copy of plain data (Terraform references stay strings). */
function record(scope: IConstruct, type: string, data: object): void {
  scope.node.addMetadata(type, jsonCopy(data));
}

/**
 * A copy of plain data as `JSON.parse(JSON.stringify(value))` makes it (an undefined property left
 * out, an undefined list item and a number that is not finite made null), without writing and
 * parsing the text: every construct on a request path records declarations. A value with
 * `toJSON` goes the long way.
 */
function jsonCopy(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'object') return undefined;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return JSON.parse(JSON.stringify(value));
  if (Array.isArray(value)) return value.map((item) => jsonCopy(item) ?? null);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = jsonCopy((value as Record<string, unknown>)[key]);
    if (item !== undefined) copy[key] = item;
  }
  return copy;
}
