import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { armPropertiesOf, armTypeOf, isFalse, isTrue } from '../../lessons-check/rules/attributes';

const ARM_TYPES = ['Microsoft.EventGrid/topics', 'Microsoft.EventGrid/domains'];

/** What the keys cost, in both the azurerm and the AzAPI form. */
const PROBLEM = 'the topic accepts its access keys (unset: on), shared secrets any publisher can leak, next to Entra ID.';

/** SEC-1: a custom topic or domain takes its access keys unless told otherwise (the provider's default, and Azure's through AzAPI). */
export class TopicLocalAuthRule implements ILessonRule {
  public readonly id = 'SEC-1.EventGridLocalAuth';
  public readonly lesson = 'SEC-1';
  public readonly description = 'An Event Grid topic or domain that accepts its access keys.';
  public readonly resourceTypes = ['azurerm_eventgrid_topic', 'azurerm_eventgrid_domain', 'azapi_resource'];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    if (resource.type === 'azapi_resource') {
      if (!ARM_TYPES.includes(armTypeOf(resource) ?? '')) return RuleOutcome.notApplicable();
      const disabled = armPropertiesOf(resource).disableLocalAuth;
      if (isTrue(disabled)) return RuleOutcome.compliant();
      return RuleOutcome.nonCompliant({
        setting: 'body.properties.disableLocalAuth', given: disabled,
        problem: PROBLEM,
        fix: 'set disableLocalAuth = true and grant publishers EventGrid Data Sender (EventGridTopic does both).',
      });
    }
    const local = resource.attributes.local_auth_enabled;
    if (isFalse(local)) return RuleOutcome.compliant();
    return RuleOutcome.nonCompliant({
      setting: 'local_auth_enabled', given: local,
      problem: PROBLEM,
      fix: 'set local_auth_enabled = false and grant publishers EventGrid Data Sender (EventGridTopic does both).',
    });
  }
}
