import { IRuleContext, ILessonRule, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { blockOf } from '../../lessons-check/rules/attributes';
import { factOf, ReferenceIndex, ValueIndex } from '../../lessons-check/rule-facts';

/** Policy statements that prove a caller: a token, or a header compared with a secret named value. */
const CALLER_CHECKS = [/<validate-jwt\b/, /<validate-azure-ad-token\b/, /<check-header\b[^>]*>(?:(?!<\/check-header>)[\s\S])*<value>\s*\{\{[^}]+\}\}\s*<\/value>/];
const AZAPI_API = 'Microsoft.ApiManagement/service/apis@';

/** The policy text without its XML comments (a commented-out check checks nothing). */
function uncommented(xml: string): string {
  return xml.replace(/<!--[\s\S]*?-->/g, '');
}

function checksCaller(xml: unknown): boolean {
  return typeof xml === 'string' && CALLER_CHECKS.some((check) => check.test(uncommented(xml)));
}

/**
 * ACCESS: a production API that requires no subscription key and whose policies check no token
 * (`validate-jwt`, `validate-azure-ad-token`) and no secret header (`check-header` against a
 * `{{named value}}`) serves anyone who reaches the gateway. The Front Door check (X-Azure-FDID)
 * proves the route, not the caller. Reads raw `azurerm_api_management_api` resources and AzAPI
 * `Microsoft.ApiManagement/service/apis` (WebSocket APIs, checked on `onHandshake`).
 */
export class ApiCallerCheckRule implements ILessonRule {
  public readonly id = 'ACCESS.ApiCallerCheck';
  public readonly lesson = 'ACCESS';
  public readonly description = 'A production API with no subscription requirement and no token or secret-header check in its policies.';
  public readonly resourceTypes = ['azurerm_api_management_api', 'azapi_resource'];

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    if (!context.production) return RuleOutcome.notApplicable();
    const attributes = resource.attributes;
    let subscriptionRequired: unknown;
    let name: unknown;
    let setting: string;
    if (resource.type === 'azapi_resource') {
      if (typeof attributes.type !== 'string' || !attributes.type.startsWith(AZAPI_API)) return RuleOutcome.notApplicable();
      subscriptionRequired = blockOf(blockOf(attributes.body)?.properties)?.subscriptionRequired;
      name = attributes.name;
      setting = 'body.properties.subscriptionRequired';
    } else {
      subscriptionRequired = attributes.subscription_required;
      name = attributes.name;
      setting = 'subscription_required';
    }
    // Both azurerm and Resource Manager require a subscription unless told otherwise; a reference is Azure's to see.
    if (subscriptionRequired !== false && subscriptionRequired !== 'false') return RuleOutcome.compliant();
    // APIM runs the service-wide, the API's and the operation's inbound in turn, each scope's
    // <base /> running the one above; a scope that leaves <base /> out stops what is above it.
    // The policies and operations that reference the API or name it, from indexes built once per run.
    const forApi = (type: string) => ReferenceIndex.of(context, type, 'api_name').find([resource.address], [name])
      .filter((policy) => this.isFor(policy, resource, name, context));
    const xml = (policy: RuleResource) => policy.attributes.xml_content;
    const apiPolicies = forApi('azurerm_api_management_api_policy');
    const operationPolicies = forApi('azurerm_api_management_api_operation_policy');
    const global = servicePolicies(resource, context).filter((policy) => onSameService(policy, resource, context));
    // What an operation that keeps <base /> (or has no policy of its own) gets from above it.
    const above = apiPolicies.some((p) => checksCaller(xml(p)))
      || (apiPolicies.every((p) => inboundKeepsBase(xml(p))) && global.some((p) => checksCaller(xml(p))));
    const operationChecked = (p: RuleResource) => checksCaller(xml(p)) || (above && inboundKeepsBase(xml(p)));
    if (above && operationPolicies.every(operationChecked)) return RuleOutcome.compliant();
    // Without a check above, every operation checks its callers itself (a WebSocket API's onHandshake).
    const operations = forApi('azurerm_api_management_api_operation');
    const ownChecks = operationPolicies.filter((p) => checksCaller(xml(p)));
    if (!above && ownChecks.length > 0 && ownChecks.length === operationPolicies.length
      && operations.every((op) => ownChecks.some((p) => p.attributes.operation_id === op.attributes.operation_id))) return RuleOutcome.compliant();
    return RuleOutcome.nonCompliant({
      setting, given: false,
      problem: 'the API serves anyone who reaches the gateway: no subscription key, and no token (validate-jwt, validate-azure-ad-token) or secret header (check-header against a {{named value}}) that every operation runs, in its policies or the service-wide policy; the Front Door check proves the route, not the caller.',
      fix: 'require a subscription, or check a token in the API\'s policy (PolicyStatement.validateCallerToken, validateEntraCaller); StreamingApi and WebSocketApi take callerCheck.',
    });
  }

  private isFor(policy: RuleResource, api: RuleResource, name: unknown, context: IRuleContext): boolean {
    const apiName = policy.attributes.api_name;
    if (context.referencedBy(apiName).some((r) => r.address === api.address)) return true;
    return typeof apiName === 'string' && typeof name === 'string' && apiName === name;
  }
}

/** Whether a policy's inbound section runs the scope above it (`<base />`); a reference is Azure's to see. */
function inboundKeepsBase(text: unknown): boolean {
  if (typeof text !== 'string') return true;
  const xml = uncommented(text);
  const inbound = /<inbound\b[^>]*>([\s\S]*?)<\/inbound>/.exec(xml);
  return inbound === null ? !/<inbound\s*\/>/.test(xml) : /<base\s*\/>/.test(inbound[1]);
}

/**
 * The service-wide policies that may be on the service of `api` (`onSameService` judges each):
 * those that reference a service the API references or names, and those that reference no
 * service (an id written out).
 */
function servicePolicies(api: RuleResource, context: IRuleContext): RuleResource[] {
  const apiService = api.type === 'azapi_resource' ? api.attributes.parent_id : api.attributes.api_management_name;
  const services = [
    ...context.referencedBy(apiService, 'azurerm_api_management'),
    ...typeof apiService === 'string' ? ValueIndex.of(context, 'azurerm_api_management', 'name').exact(apiService) : [],
  ];
  const policies = ReferenceIndex.of(context, 'azurerm_api_management_policy', 'api_management_id');
  const unreferenced = factOf(context, 'service policies without a service reference', () => context.resourcesOfType('azurerm_api_management_policy')
    .filter((policy) => context.referencedBy(policy.attributes.api_management_id, 'azurerm_api_management').length === 0));
  return [...new Set([...policies.find(services.map((s) => s.address)), ...unreferenced])];
}

/**
 * Whether a service-wide policy (`azurerm_api_management_policy`, by `api_management_id`) is on the
 * service of `api` (an `azurerm_api_management_api` by `api_management_name`, or an AzAPI API by
 * `parent_id`), by reference to the same service or by its name or id written out.
 */
function onSameService(policy: RuleResource, api: RuleResource, context: IRuleContext): boolean {
  const serviceId = policy.attributes.api_management_id;
  const apiService = api.type === 'azapi_resource' ? api.attributes.parent_id : api.attributes.api_management_name;
  const services = context.referencedBy(serviceId, 'azurerm_api_management');
  if (services.length > 0) {
    const named = context.referencedBy(apiService, 'azurerm_api_management');
    return services.some((s) => named.some((n) => n.address === s.address) || (typeof apiService === 'string' && apiService === s.attributes.name));
  }
  if (typeof serviceId !== 'string' || typeof apiService !== 'string' || serviceId.includes('${')) return false;
  const id = serviceId.toLowerCase();
  return api.type === 'azapi_resource' ? id === apiService.toLowerCase() : id.endsWith(`/microsoft.apimanagement/service/${apiService.toLowerCase()}`);
}
