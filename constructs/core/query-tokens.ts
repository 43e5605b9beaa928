import { IConstruct } from 'constructs';
import { Production } from './production';
import { warn } from './validation';

// Browsers send their token in the query string (`?access_token=`: EventSource and WebSocket
// cannot set a header). The edge in front of such an API logs the URL unless it masks the query
// string: the API declares the tokens it takes there, the edge declares what it masks, keyed by
// the edge's id (`FrontDoor.frontDoorId`, which the API is given), whichever comes first.

interface Edge { readonly scope: IConstruct; readonly masksQuery: boolean; warned: boolean }
interface Registry { readonly edges: Map<string, Edge>; readonly tokens: Map<string, { scope: IConstruct; parameter: string }[]> }
const REGISTRIES = new WeakMap<IConstruct, Registry>();

function registryOf(scope: IConstruct): Registry {
  const root = scope.node.root;
  let found = REGISTRIES.get(root);
  if (!found) {
    found = { edges: new Map(), tokens: new Map() };
    REGISTRIES.set(root, found);
  }
  return found;
}

function check(registry: Registry, edgeId: string): void {
  const edge = registry.edges.get(edgeId);
  const tokens = registry.tokens.get(edgeId) ?? [];
  if (!edge || edge.masksQuery || edge.warned || tokens.length === 0 || !Production.isProduction(edge.scope)) return;
  edge.warned = true;
  const first = tokens[0];
  warn(edge.scope, {
    id: 'SEC-1.EdgeLogsQueryTokens', lesson: 'SEC-1', setting: 'logScrubbing', given: [],
    problem: `${first.scope.node.path} takes browser tokens in the query string (?${first.parameter}=), and this Front Door keeps query-string values in its access and WAF logs: every token lands in Log Analytics, readable by whoever reads the logs, until it expires.`,
    fix: 'keep the default log scrubbing (FrontDoorLogField.QUERY_STRING_ARGUMENTS), or list it in logScrubbing.',
  });
}

/** The edge (a Front Door) with id `edgeId` masks the query string in its logs, or not. */
export function declareEdgeLogs(scope: IConstruct, edgeId: string, masksQuery: boolean): void {
  const registry = registryOf(scope);
  registry.edges.set(edgeId, { scope, masksQuery, warned: false });
  check(registry, edgeId);
}

/** The API `scope`, behind the edge `edgeId`, takes tokens in the query parameter `parameter`. */
export function declareQueryToken(scope: IConstruct, edgeId: string, parameter: string): void {
  const registry = registryOf(scope);
  registry.tokens.set(edgeId, [...registry.tokens.get(edgeId) ?? [], { scope, parameter }]);
  check(registry, edgeId);
}
