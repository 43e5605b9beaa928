import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { blockOf } from '../../lessons-check/rules/attributes';

/** A `code` query parameter with a value: the key of an Azure Functions HTTP trigger (or any key-in-URL scheme). */
const KEY_PARAMETER = /[?&]code=([^&#]+)/i;

/**
 * SEC-1: an Event Grid webhook subscription (either schema) whose URL carries a function key
 * (`?code=...`): the key sits in the subscription's configuration and the Terraform state, and
 * anyone who reads either can call the function. `EventSubscription` refuses the same at synth.
 * The key is never repeated in the finding. A URL that Terraform knows only at apply is not judged.
 */
export class WebhookUrlKeyRule implements ILessonRule {
  public readonly id = 'SEC-1.WebhookUrlKey';
  public readonly lesson = 'SEC-1';
  public readonly description = 'A webhook subscription whose URL carries a function key (?code=): a secret in configuration and state.';
  public readonly resourceTypes = ['azurerm_eventgrid_event_subscription', 'azurerm_eventgrid_system_topic_event_subscription'];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    const url = blockOf(resource.attributes.webhook_endpoint)?.url;
    if (typeof url !== 'string') return RuleOutcome.notApplicable();
    if (!KEY_PARAMETER.test(url)) return RuleOutcome.compliant();
    return RuleOutcome.nonCompliant({
      setting: 'webhook_endpoint.url', given: url.replace(new RegExp(KEY_PARAMETER.source, 'gi'), (m) => `${m.slice(0, m.indexOf('=') + 1)}…`),
      problem: 'the URL carries a function key (?code=): a secret in the subscription\'s configuration and the Terraform state, and anyone who reads either can call the function.',
      fix: 'drop the key and protect the endpoint with Entra ID (webhook_endpoint.active_directory_tenant_id and active_directory_app_id_or_uri), or deliver through an API Management API that checks Event Grid\'s token.',
    });
  }
}
