import { IConstruct } from 'constructs';
import { resolveIn } from './claims';

// The webhook endpoints a gateway API protects with Entra ID, for the subscriptions that deliver
// to them: the API records what it accepts, by URL as the stack writes it; a subscription to that
// URL must send a token for the same tenant and application (HOOK-1, ACCESS).

/** What a protected webhook endpoint accepts. */
export interface WebhookTokenTarget {
  readonly tenantId: string;
  readonly applicationIdOrUri: string;
}

interface Endpoint { readonly owner: IConstruct; readonly accepts?: WebhookTokenTarget }
const REGISTRIES = new WeakMap<IConstruct, Map<string, Endpoint>>();

const key = (scope: IConstruct, url: string) => String(resolveIn(scope, url)).replace(/\/+$/, '').toLowerCase();

/** The webhook API `owner` answers deliveries at `url`, accepting tokens for `accepts` (none: unprotected). */
export function declareWebhookEndpoint(owner: IConstruct, url: string, accepts?: WebhookTokenTarget): void {
  const root = owner.node.root;
  const registry = REGISTRIES.get(root) ?? new Map<string, Endpoint>();
  REGISTRIES.set(root, registry);
  registry.set(key(owner, url), { owner, ...(accepts ? { accepts } : {}) });
}

/** The webhook API at `url` (as the stack writes it), if one of this app declared it. */
export function webhookEndpointAt(scope: IConstruct, url: string): { owner: IConstruct; accepts?: WebhookTokenTarget } | undefined {
  return REGISTRIES.get(scope.node.root)?.get(key(scope, url));
}
