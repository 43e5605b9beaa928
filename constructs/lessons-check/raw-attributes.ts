import { RuleResource } from './rule';

/**
 * A resource's attributes as the stack's resolved JSON holds them, before the rules' view of them
 * (`resource.attributes`) sees each value through (`literalize`) and copies it: for a rule that
 * must look at every argument of every resource (SEC-1.PlainCredential), which would otherwise
 * make and copy the attributes of every resource of the stack to find the few values worth a look.
 * Internal; read-only: a rule reads a value through `resource.attributes` once it knows which.
 */
const RAW = new WeakMap<RuleResource, Readonly<Record<string, unknown>>>();

/** Record that `resource`'s attributes show `raw` (the stack's JSON of the resource). */
export function recordRawAttributes(resource: RuleResource, raw: Readonly<Record<string, unknown>>): void {
  RAW.set(resource, raw);
}

/** The JSON `resource`'s attributes show, when the check read it from the stack's JSON; else undefined (the attributes are all there is). */
export function rawAttributesOf(resource: RuleResource): Readonly<Record<string, unknown>> | undefined {
  return RAW.get(resource);
}
