import { IRuleContext, RuleResource } from '../rule';

// Small readers shared by the rules: synthesized blocks come as an object or a list of objects.

/** A nested block as one object (the first item of a list block), or undefined. */
export function blockOf(value: unknown): Record<string, unknown> | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'object' && first !== null ? first as Record<string, unknown> : undefined;
}

/** A list block as objects (a single object counts as a list of one). */
export function blocksOf(value: unknown): Record<string, unknown>[] {
  const items = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return items.filter((i): i is Record<string, unknown> => typeof i === 'object' && i !== null);
}

/** A number from a number or a numeric string (azurerm spells some numbers as strings). */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return undefined;
}

/** A policy document whose backend forwards without buffering: the mark of a streaming API (EDGE-3). */
export function isStreamingPolicy(xml: unknown): boolean {
  return typeof xml === 'string' && /<forward-request\b[^>]*\bbuffer-response\s*=\s*"false"/.test(xml);
}

/** APIs (raw `azurerm_api_management_api` or AzAPI `service/apis`) that stream: WebSocket, or an API-scope policy that forwards unbuffered. */
export function streamingApis(context: IRuleContext): RuleResource[] {
  const policies = context.resourcesOfType('azurerm_api_management_api_policy').filter((p) => isStreamingPolicy(p.attributes.xml_content));
  const streamedApis = new Set(policies.flatMap((p) => context.referencedBy(p.attributes.api_name).map((r) => r.address)));
  const azurermApis = context.resourcesOfType('azurerm_api_management_api')
    .filter((api) => api.attributes.api_type === 'websocket' || streamedApis.has(api.address));
  const azapiApis = context.resourcesOfType('azapi_resource')
    .filter((r) => typeof r.attributes.type === 'string' && r.attributes.type.startsWith('Microsoft.ApiManagement/service/apis@'))
    .filter((r) => blockOf(blockOf(r.attributes.body)?.properties)?.type === 'websocket' || streamedApis.has(r.address));
  return [...azurermApis, ...azapiApis];
}

/** True when `value` references one of `resources` (by any attribute). */
export function references(context: IRuleContext, value: unknown, resources: readonly RuleResource[]): boolean {
  const addresses = new Set(resources.map((r) => r.address));
  return context.referencedBy(value).some((r) => addresses.has(r.address));
}
