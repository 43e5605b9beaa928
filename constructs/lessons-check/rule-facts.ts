import { IRuleContext, RuleResource } from './rule';

// Facts about a run's resources that rules ask for on every resource they judge (who references
// whom, which resource has which name), found once per run instead of by a scan of the stack per
// resource: a scan per resource makes the check quadratic in the stack's size (issue 30). A
// context is one run's resources, and they do not change while the rules run.
//
// An index answers with candidates: every resource that can match, possibly more. The rule keeps
// its own test on each candidate, so what it finds is what a scan would find, in the same order
// (the resources' order in the run).

const FACTS = new WeakMap<IRuleContext, Map<string, unknown>>();

/** The fact `key` of `context`, found by `find` the first time a rule asks for it. */
export function factOf<T>(context: IRuleContext, key: string, find: () => T): T {
  let facts = FACTS.get(context);
  if (facts === undefined) {
    facts = new Map();
    FACTS.set(context, facts);
  }
  if (!facts.has(key)) facts.set(key, find());
  return facts.get(key) as T;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) {
    if (list[list.length - 1] !== value) list.push(value);
  } else map.set(key, [value]);
}

/** The resources of one type, with each one's position among them: candidates come back in that order. */
class TypeOrder {
  public readonly resources: readonly RuleResource[];
  private readonly position = new Map<RuleResource, number>();

  constructor(context: IRuleContext, type: string) {
    this.resources = context.resourcesOfType(type);
    this.resources.forEach((r, i) => this.position.set(r, i));
  }

  /** The resources of the lists, each once, in the order of the run. */
  public inOrder(...lists: readonly (readonly RuleResource[] | undefined)[]): RuleResource[] {
    const present = lists.filter((l): l is readonly RuleResource[] => l !== undefined && l.length > 0);
    if (present.length === 0) return [];
    if (present.length === 1) return [...present[0]];
    return [...new Set(present.flat())].sort((a, b) => this.position.get(a)! - this.position.get(b)!);
  }
}

/**
 * The resources of a type by what one attribute holds: the resources it references (by address)
 * and, where it is a string, the string itself. E.g. the API policies by their `api_name`: those
 * of an API are the ones that reference it, or name it.
 */
export class ReferenceIndex {
  /** The index of `attribute` of the resources of `type` in the run of `context`, built once. */
  public static of(context: IRuleContext, type: string, attribute: string): ReferenceIndex {
    return factOf(context, `references ${type} ${attribute}`, () => new ReferenceIndex(context, type, attribute));
  }

  private readonly order: TypeOrder;
  private readonly byReference = new Map<string, RuleResource[]>();
  private readonly byText = new Map<string, RuleResource[]>();

  private constructor(context: IRuleContext, type: string, attribute: string) {
    this.order = new TypeOrder(context, type);
    for (const r of this.order.resources) {
      const value = r.attributes[attribute];
      if (typeof value === 'string') push(this.byText, value, r);
      for (const referenced of context.referencedBy(value)) push(this.byReference, referenced.address, r);
    }
  }

  /** The resources whose attribute references one of `addresses`, or is one of `texts` (in the run's order). */
  public find(addresses: readonly string[], texts: readonly unknown[] = []): RuleResource[] {
    return this.order.inOrder(
      ...addresses.map((a) => this.byReference.get(a)),
      ...texts.map((t) => (typeof t === 'string' ? this.byText.get(t) : undefined)),
    );
  }
}

/**
 * The resources of a type by the value of one attribute, as written (`exact`) or lowercased
 * (`caseless`, strings only): a resource named in another's attribute (a topic by the name in its
 * endpoint, a vault by the name in a secret's URI).
 */
export class ValueIndex {
  public static of(context: IRuleContext, type: string, attribute: string): ValueIndex {
    return factOf(context, `values ${type} ${attribute}`, () => new ValueIndex(context, type, attribute));
  }

  private readonly order: TypeOrder;
  private readonly byValue = new Map<unknown, RuleResource[]>();
  private readonly byLowercase = new Map<string, RuleResource[]>();

  private constructor(context: IRuleContext, type: string, attribute: string) {
    this.order = new TypeOrder(context, type);
    for (const r of this.order.resources) {
      const value = r.attributes[attribute];
      push(this.byValue, value, r);
      if (typeof value === 'string') push(this.byLowercase, value.toLowerCase(), r);
    }
  }

  /** The resources whose attribute is `value` (`===`), in the run's order. */
  public exact(value: unknown): RuleResource[] {
    return [...this.byValue.get(value) ?? []];
  }

  /** The resources whose attribute is a string equal to one of `values` but for case, in the run's order. */
  public caseless(...values: readonly string[]): RuleResource[] {
    return this.order.inOrder(...values.map((v) => this.byLowercase.get(v.toLowerCase())));
  }
}
