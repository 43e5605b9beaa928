import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../rule';
import { blockOf, blocksOf } from '../attributes';

const SENDER = 'EventGrid Data Sender';
/** EventGrid Data Sender's built-in role definition id. */
const SENDER_ID = 'd5a91429-5739-47e2-a06b-3470a27159e7';

/** The identities an app runs as: its user-assigned identities' resources, and the app itself for a system-assigned one. */
function identitiesOf(app: RuleResource, context: IRuleContext): { userAssigned: RuleResource[]; systemAssigned: boolean } {
  const identity = blockOf(app.attributes.identity);
  const type = String(identity?.type ?? '');
  return {
    userAssigned: context.referencedBy(identity?.identity_ids, 'azurerm_user_assigned_identity'),
    systemAssigned: type.includes('SystemAssigned'),
  };
}

function isSenderRole(assignment: RuleResource): boolean {
  const name = assignment.attributes.role_definition_name;
  const id = assignment.attributes.role_definition_id;
  return name === SENDER || (typeof id === 'string' && id.toLowerCase().endsWith(SENDER_ID));
}

/**
 * SEC-1 (the sixth pattern): an `azurerm_container_app` given the endpoint of a topic whose access
 * keys are off, when no identity the app runs as holds EventGrid Data Sender on that topic. With
 * local auth off only Entra ID tokens publish, so every publish of the app answers 401.
 */
export class KeylessTopicPublisherRule implements ILessonRule {
  public readonly id = 'SEC-1.KeylessTopicPublisher';
  public readonly lesson = 'SEC-1';
  public readonly description = 'A Container App told to publish to a keyless Event Grid topic, without an identity holding EventGrid Data Sender on it.';
  public readonly resourceTypes = ['azurerm_container_app'];

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    const env = blocksOf(blockOf(resource.attributes.template)?.container).flatMap((c) => blocksOf(c.env));
    const topics = env.flatMap((e) => context.referencedBy(e.value, 'azurerm_eventgrid_topic'))
      .filter((t) => t.attributes.local_auth_enabled === false || t.attributes.local_auth_enabled === 'false');
    if (topics.length === 0) return RuleOutcome.notApplicable();
    const { userAssigned, systemAssigned } = identitiesOf(resource, context);
    const principals = new Set(userAssigned.map((u) => u.address));
    const senders = context.resourcesOfType('azurerm_role_assignment').filter(isSenderRole);
    const findings = [...new Map(topics.map((t) => [t.address, t])).values()].filter((topic) => !senders.some((grant) => {
      if (!context.referencedBy(grant.attributes.scope, 'azurerm_eventgrid_topic').some((t) => t.address === topic.address)) return false;
      const holders = context.referencedBy(grant.attributes.principal_id);
      return holders.some((h) => principals.has(h.address) || (systemAssigned && h.address === resource.address));
    })).map((topic) => ({
      setting: 'identity', given: blockOf(resource.attributes.identity)?.type,
      problem: `the app is given the endpoint of ${topic.address}, whose access keys are off, but no identity it runs as holds ${SENDER} on that topic: every publish answers 401.`,
      fix: `give the app an identity and grant it ${SENDER} on the topic before the app starts (topic.grantPublish(app.identity).applyBefore(...); DualIngressContainerApp and ContainerService always have one).`,
    }));
    return findings.length ? RuleOutcome.nonCompliant(...findings) : RuleOutcome.compliant();
  }
}
