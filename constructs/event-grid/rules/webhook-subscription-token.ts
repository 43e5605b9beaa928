import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { blockOf } from '../../lessons-check/rules/attributes';
import { ReferenceIndex, ValueIndex } from '../../lessons-check/rule-facts';

/** What a gateway API's policy accepts: the tenants and audiences of its Entra ID token check. */
interface Accepted { readonly api: RuleResource; readonly tenants: string[]; readonly audiences: string[] }

const literal = (v: unknown): v is string => typeof v === 'string' && !v.includes('${');
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The API of the run a webhook URL delivers to: its gateway referenced (or named in the host), its path after the host. */
function apiAt(url: string, context: IRuleContext): RuleResource | undefined {
  const gateways = context.referencedBy(url, 'azurerm_api_management').map((g) => g.address);
  const host = /^https:\/\/([a-z0-9-]+)\.azure-api\.net\//i.exec(url)?.[1];
  // The path after the host (written out, or a reference such as the gateway's gateway_url).
  const rest = /^(?:https:\/\/)?(?:\$\{[^}]*\}|[^/$])*(\/.*)?$/.exec(url)?.[1] ?? '';
  // The APIs whose path the URL's path starts with (the run's APIs indexed by path once).
  return apisUnder(rest, context).find((api) => {
    const path = api.attributes.path;
    if (!literal(path) || !(rest.toLowerCase() === `/${path}`.toLowerCase() || rest.toLowerCase().startsWith(`/${path.toLowerCase()}/`))) return false;
    const gateway = context.referencedBy(api.attributes.api_management_name, 'azurerm_api_management')[0];
    if (gateway !== undefined && gateways.includes(gateway.address)) return true;
    // A URL written out: the host names the gateway (its name, given or by reference).
    const gatewayName = literal(api.attributes.api_management_name) ? api.attributes.api_management_name : gateway?.attributes.name;
    return host !== undefined && literal(gatewayName) && same(gatewayName, host);
  });
}

/**
 * The APIs whose literal path `rest` (a URL's path) is, or starts with followed by `/`, but for
 * case: those `apiAt` may take, in the run's order.
 */
function apisUnder(rest: string, context: IRuleContext): RuleResource[] {
  const lower = rest.toLowerCase();
  if (!lower.startsWith('/')) return [];
  const paths = [lower.slice(1)];
  for (let at = lower.indexOf('/', 1); at >= 0; at = lower.indexOf('/', at + 1)) paths.push(lower.slice(1, at));
  return ValueIndex.of(context, 'azurerm_api_management_api', 'path').caseless(...paths);
}

/** The Entra ID token check of an API's policy (validate-azure-ad-token, or validate-jwt with an Entra issuer), if any. */
function acceptedBy(api: RuleResource, context: IRuleContext): Accepted | undefined {
  const policies = ReferenceIndex.of(context, 'azurerm_api_management_api_policy', 'api_name').find([api.address], [api.attributes.name])
    .filter((p) => context.referencedBy(p.attributes.api_name).some((r) => r.address === api.address) || (literal(p.attributes.api_name) && p.attributes.api_name === api.attributes.name));
  for (const policy of policies) {
    const xml = String(policy.attributes.xml_content ?? '');
    const aad = /<validate-azure-ad-token\b[^>]*\btenant-id="([^"]+)"[\s\S]*?<\/validate-azure-ad-token>/.exec(xml);
    const jwt = /<validate-jwt\b[\s\S]*?<\/validate-jwt>/.exec(xml);
    const block = aad?.[0] ?? jwt?.[0];
    if (!block) continue;
    const audiences = [...block.matchAll(/<audience>([^<]+)<\/audience>/g)].map((m) => m[1].trim());
    const tenants = aad ? [aad[1]] : [...block.matchAll(/<issuer>[^<]*?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})[^<]*<\/issuer>/gi)].map((m) => m[1]);
    return { api, tenants, audiences };
  }
  return undefined;
}

/**
 * ACCESS, HOOK-1: an Event Grid webhook subscription (raw, either schema) to a gateway API of the
 * run that checks an Entra ID token, when the subscription asks Event Grid for no token, or for a
 * token of another tenant or application than the API accepts: every delivery answers 401 and
 * ends dead-lettered. Values given as references on either side are not compared.
 */
export class WebhookSubscriptionTokenRule implements ILessonRule {
  public readonly id = 'ACCESS.WebhookSubscriptionToken';
  public readonly lesson = 'ACCESS';
  public readonly description = 'A webhook subscription to a token-protected gateway API that sends no token, or one for another tenant or application.';
  public readonly resourceTypes = ['azurerm_eventgrid_event_subscription', 'azurerm_eventgrid_system_topic_event_subscription'];

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    const endpoint = blockOf(resource.attributes.webhook_endpoint);
    const url = endpoint?.url;
    if (typeof url !== 'string') return RuleOutcome.notApplicable();
    const api = apiAt(url, context);
    const accepted = api ? acceptedBy(api, context) : undefined;
    if (!accepted) return RuleOutcome.notApplicable();
    const tenant = endpoint?.active_directory_tenant_id;
    const app = endpoint?.active_directory_app_id_or_uri;
    if (tenant === undefined || app === undefined) {
      return RuleOutcome.nonCompliant({
        setting: 'webhook_endpoint.active_directory_app_id_or_uri', given: app,
        problem: `${accepted.api.address} accepts deliveries only with an Entra ID token, and the subscription asks Event Grid for none: every delivery answers 401 and ends dead-lettered.`,
        fix: `set active_directory_tenant_id and active_directory_app_id_or_uri to the API's registration (${accepted.audiences.join(' or ') || 'its audience'}).`,
      });
    }
    const findings = [];
    if (literal(tenant) && accepted.tenants.length > 0 && accepted.tenants.every(literal) && !accepted.tenants.some((t) => same(t, tenant))) {
      findings.push({
        setting: 'webhook_endpoint.active_directory_tenant_id', given: tenant,
        problem: `${accepted.api.address} accepts tokens of tenant ${accepted.tenants.join(', ')} only: every delivery answers 401.`,
        fix: 'use the tenant of the API\'s registration.',
      });
    }
    if (literal(app) && accepted.audiences.length > 0 && accepted.audiences.every(literal) && !accepted.audiences.some((a) => same(a, app))) {
      findings.push({
        setting: 'webhook_endpoint.active_directory_app_id_or_uri', given: app,
        problem: `${accepted.api.address} accepts tokens for ${accepted.audiences.join(' or ')} only, and the subscription asks for one for ${app}: every delivery answers 401.`,
        fix: 'use the application id (or App ID URI) of the API\'s registration.',
      });
    }
    return findings.length ? RuleOutcome.nonCompliant(...findings) : RuleOutcome.compliant();
  }
}
