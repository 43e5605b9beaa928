import { BlockInstance } from '../core/terraform-iteration';
import { RuleResource } from './rule';

/**
 * The instances of a resource that iterates over what the configuration holds (`instancesOf`:
 * `for_each` over a literal map with `each.value`, `count` with `count.index`, dynamic blocks),
 * made when the rules first run on it. Internal: the runner judges each instance in place of the
 * resource as written, so a value check sees what each instance is given.
 */
const INSTANCES = Symbol('instances made when first judged');

interface Recorded { readonly make: () => BlockInstance[] | undefined; made?: BlockInstance[] | null }

/**
 * Record how to make `resource`'s instances: only for one that may iterate (most resources do
 * not, and carry nothing: a property on the few, not a map entry for every one).
 */
export function recordInstances(resource: RuleResource, make: () => BlockInstance[] | undefined): void {
  Object.defineProperty(resource, INSTANCES, { value: { make } satisfies Recorded, configurable: true });
}

/** `resource`'s instances, each as a resource the rules read (`path` with the instance's key), or undefined: the resource is its only instance. */
export function instancesFor<R extends RuleResource>(resource: R): R[] | undefined {
  const entry = (resource as unknown as { [INSTANCES]?: Recorded })[INSTANCES];
  if (entry === undefined) return undefined;
  if (entry.made === undefined) entry.made = entry.make() ?? null;
  const made = entry.made;
  if (made === null || made.length === 0) return undefined;
  // Its other keys copied one by one, not spread: the resource's attributes may be a getter (made when read).
  const own = Object.keys(resource).filter((k) => k !== 'attributes' && k !== 'path').map((k) => [k, (resource as unknown as Record<string, unknown>)[k]] as const);
  return made.map(({ key, attributes }) => ({ ...Object.fromEntries(own), path: `${resource.path}${key}`, attributes }) as unknown as R);
}
