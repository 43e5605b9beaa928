import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { blockOf, blocksOf, isFalse } from '../../lessons-check/rules/attributes';
import { holdsRole, identitiesOf } from '../../lessons-check/rules/grants';
import { factOf, ValueIndex } from '../../lessons-check/rule-facts';

const SENDER = 'EventGrid Data Sender';
/** EventGrid Data Sender's built-in role definition id. */
const SENDER_ROLE = { names: [SENDER], ids: ['d5a91429-5739-47e2-a06b-3470a27159e7'] };
/** A topic's endpoint as Azure gives it: `https://<topic>.<region>-1.eventgrid.azure.net/api/events`. */
const TOPIC_ENDPOINT = /https:\/\/([A-Za-z0-9-]+)\.[a-z0-9]+-\d+\.eventgrid\.azure\.net(?:[/?#]|$)/gi;
/** What every `TOPIC_ENDPOINT` holds. */
const NAMES_AN_ENDPOINT = /\.eventgrid\.azure\.net/i;

/**
 * The topics an environment variable's value names: by reference (`topic.endpoint`), or by its
 * endpoint URL written out, matched by the topic's name.
 */
export function topicsNamedBy(value: unknown, context: IRuleContext): RuleResource[] {
  const referenced = context.referencedBy(value, 'azurerm_eventgrid_topic');
  // Most values name no endpoint: a quick test before the matches are made.
  if (typeof value !== 'string' || !NAMES_AN_ENDPOINT.test(value)) return referenced;
  const named = [...value.matchAll(TOPIC_ENDPOINT)].map((m) => m[1].toLowerCase());
  if (named.length === 0) return referenced;
  // The topics of those names, from the run's topics indexed by name once (not a scan per app).
  const byName = ValueIndex.of(context, 'azurerm_eventgrid_topic', 'name').caseless(...named);
  return [...referenced, ...byName];
}

/**
 * SEC-1 (the sixth pattern): an `azurerm_container_app` given the endpoint of a topic whose access
 * keys are off (by reference or as the endpoint URL), when no identity the app runs as holds
 * EventGrid Data Sender on that topic or on a scope above it (its resource group, subscription,
 * management group). With local auth off only Entra ID tokens publish, so every publish of the
 * app answers 401.
 */
export class KeylessTopicPublisherRule implements ILessonRule {
  public readonly id = 'SEC-1.KeylessTopicPublisher';
  public readonly lesson = 'SEC-1';
  public readonly description = 'A Container App told to publish to a keyless Event Grid topic, without an identity holding EventGrid Data Sender on it or a scope above it.';
  public readonly resourceTypes = ['azurerm_container_app'];

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    // Without a keyless topic in the run no app can publish to one: its settings need no reading.
    if (!factOf(context, 'has keyless topics', () => context.resourcesOfType('azurerm_eventgrid_topic').some((t) => isFalse(t.attributes.local_auth_enabled)))) {
      return RuleOutcome.notApplicable();
    }
    const env = blocksOf(blockOf(resource.attributes.template)?.container).flatMap((c) => blocksOf(c.env));
    const topics = env.flatMap((e) => topicsNamedBy(e.value, context)).filter((t) => isFalse(t.attributes.local_auth_enabled));
    if (topics.length === 0) return RuleOutcome.notApplicable();
    const identity = blockOf(resource.attributes.identity);
    const { userAssigned, systemAssigned } = identitiesOf(context, identity);
    const principals = new Set([...userAssigned.map((u) => u.address), ...systemAssigned ? [resource.address] : []]);
    const findings = [...new Map(topics.map((t) => [t.address, t])).values()]
      .filter((topic) => !holdsRole(context, principals, SENDER_ROLE, { resource: topic, armType: 'Microsoft.EventGrid/topics' }))
      .map((topic) => ({
        setting: 'identity', given: identity?.type,
        problem: `the app is given the endpoint of ${topic.address}, whose access keys are off, but no identity it runs as holds ${SENDER} on that topic (or its resource group or subscription): every publish answers 401.`,
        fix: `give the app an identity and grant it ${SENDER} on the topic before the app starts (topic.grantPublish(app.identity).applyBefore(...); DualIngressContainerApp and ContainerService always have one).`,
      }));
    return findings.length ? RuleOutcome.nonCompliant(...findings) : RuleOutcome.compliant();
  }
}
