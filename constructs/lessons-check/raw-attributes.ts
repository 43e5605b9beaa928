/**
 * A resource's attributes as the stack's resolved JSON holds them, before a rule's view of them
 * sees each value through (`literalize`) and copies it: for a rule that must look at every
 * argument of every resource (SEC-1.PlainCredential), which would otherwise copy the whole stack
 * to find the few values worth a look. Internal; read-only: a rule reads its values through
 * `resource.attributes` once it knows which.
 */
const RAW = new WeakMap<object, Readonly<Record<string, unknown>>>();

/** Record that the rules' view `attributes` shows `raw` (the stack's JSON of the resource). */
export function recordRawAttributes(attributes: object, raw: Readonly<Record<string, unknown>>): void {
  RAW.set(attributes, raw);
}

/** The JSON a rules' view of a resource's attributes shows, when the check read it from the stack's JSON; else undefined (the attributes are all there is). */
export function rawAttributesOf(attributes: object): Readonly<Record<string, unknown>> | undefined {
  return RAW.get(attributes);
}
