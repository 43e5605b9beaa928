import { IRuleContext, RuleResource } from '../rule';
import { factOf } from '../rule-facts';

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

/**
 * APIs (raw `azurerm_api_management_api` or AzAPI `service/apis`) that stream: WebSocket, or an
 * API-scope policy that forwards unbuffered. Found once per context: three rules ask for every
 * operation, policy and diagnostic they judge.
 */
export function streamingApis(context: IRuleContext): RuleResource[] {
  return [...factOf(context, 'streaming APIs', () => findStreamingApis(context))];
}

function findStreamingApis(context: IRuleContext): RuleResource[] {
  const policies = context.resourcesOfType('azurerm_api_management_api_policy').filter((p) => isStreamingPolicy(p.attributes.xml_content));
  const streamedApis = new Set(policies.flatMap((p) => context.referencedBy(p.attributes.api_name).map((r) => r.address)));
  const azurermApis = context.resourcesOfType('azurerm_api_management_api')
    .filter((api) => api.attributes.api_type === 'websocket' || streamedApis.has(api.address));
  const azapiApis = context.resourcesOfType('azapi_resource')
    .filter((r) => typeof r.attributes.type === 'string' && r.attributes.type.startsWith('Microsoft.ApiManagement/service/apis@'))
    .filter((r) => blockOf(blockOf(r.attributes.body)?.properties)?.type === 'websocket' || streamedApis.has(r.address));
  return [...azurermApis, ...azapiApis];
}

/** The addresses of the streaming APIs of the run (`streamingApis`), found once. */
function streamingAddresses(context: IRuleContext): ReadonlySet<string> {
  return factOf(context, 'streaming API addresses', () => new Set(streamingApis(context).map((api) => api.address)));
}

/** Whether `api` is one of the run's streaming APIs (`streamingApis`). */
export function isStreamingApi(context: IRuleContext, api: RuleResource): boolean {
  return streamingAddresses(context).has(api.address);
}

/** True when `value` references one of the run's streaming APIs (an operation's or a policy's `api_name`). */
export function referencesStreamingApi(context: IRuleContext, value: unknown): boolean {
  const streaming = streamingAddresses(context);
  return streaming.size > 0 && context.referencedBy(value).some((r) => streaming.has(r.address));
}

/**
 * The addresses of the resources the run's streaming APIs forward to (those their backend URL
 * references: `service_url`, or an AzAPI API's `body.properties.serviceUrl`), found once: every
 * Container App asks whether it is one.
 */
export function streamingBackends(context: IRuleContext): ReadonlySet<string> {
  return factOf(context, 'streaming backends', () => new Set(streamingApis(context).flatMap((api) => {
    const backend = api.type === 'azapi_resource' ? blockOf(blockOf(api.attributes.body)?.properties)?.serviceUrl : api.attributes.service_url;
    return context.referencedBy(backend).map((r) => r.address);
  })));
}

/** The ARM type of an `azapi_resource` without its API version (`Microsoft.Cache/redis`), or undefined for another resource. */
export function armTypeOf(resource: RuleResource): string | undefined {
  if (resource.type !== 'azapi_resource' || typeof resource.attributes.type !== 'string') return undefined;
  return resource.attributes.type.split('@')[0];
}

/** The body of an `azapi_resource` (an object, or JSON text as `jsonencode` in HCL leaves it), or an empty object. */
export function armBodyOf(resource: RuleResource): Record<string, unknown> {
  let body: unknown = resource.attributes.body;
  if (typeof body === 'string') {
    try { body = JSON.parse(body); } catch { body = undefined; }
  }
  return blockOf(body) ?? {};
}

/** The `properties` of an `azapi_resource` body, or an empty object. */
export function armPropertiesOf(resource: RuleResource): Record<string, unknown> {
  return blockOf(armBodyOf(resource).properties) ?? {};
}

/**
 * The origin response timeout of a Front Door profile as the rules read it: azurerm's
 * `response_timeout_seconds`, or an AzAPI `Microsoft.Cdn/profiles` of an `*_AzureFrontDoor` SKU
 * (`originResponseTimeoutSeconds`, Azure's default 60 s when unset); undefined for anything else.
 */
export function frontDoorTimeoutOf(resource: RuleResource): { setting: string; given: unknown; unsetDefault: number } | undefined {
  if (resource.type === 'azurerm_cdn_frontdoor_profile') {
    return { setting: 'response_timeout_seconds', given: resource.attributes.response_timeout_seconds, unsetDefault: 120 };
  }
  if (armTypeOf(resource) !== 'Microsoft.Cdn/profiles') return undefined;
  const sku = blockOf(armBodyOf(resource).sku)?.name;
  if (typeof sku !== 'string' || !/_AzureFrontDoor$/i.test(sku)) return undefined;
  return { setting: 'body.properties.originResponseTimeoutSeconds', given: armPropertiesOf(resource).originResponseTimeoutSeconds, unsetDefault: 60 };
}

/** True for `true` or `"true"` (azurerm's booleans may come as strings from HCL or a plan). */
export function isTrue(value: unknown): boolean {
  return value === true || value === 'true';
}

/** True for `false` or `"false"`. */
export function isFalse(value: unknown): boolean {
  return value === false || value === 'false';
}
