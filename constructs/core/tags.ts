import { Fn, IAspect, TerraformResource, Token, Tokenization } from 'cdktf';
import { IConstruct } from 'constructs';
import { refuse } from './validation';

/** A provider resource with a `tags` map (every taggable azurerm and azapi resource). */
interface Taggable {
  tags: Record<string, string> | undefined;
  readonly tagsInput: Record<string, string> | undefined;
}

/**
 * Resource types whose `tags` is a list of labels, not a key/value map (found by searching the
 * azurerm 4.55 bindings for `tags?: string[]`). The aspect leaves them alone.
 */
export const LIST_TAGGED_RESOURCE_TYPES: ReadonlySet<string> = new Set([
  'azurerm_api_management_named_value',
  'azurerm_sentinel_threat_intelligence_indicator',
]);

/** Whether a resource class has the `tags` setter and `tagsInput` getter, by prototype: a class's accessors do not change. */
const TAGGABLE_CLASSES = new WeakMap<object, boolean>();

function isTaggable(node: IConstruct): node is TerraformResource & Taggable {
  if (!(node instanceof TerraformResource)) return false;
  if (LIST_TAGGED_RESOURCE_TYPES.has(node.terraformResourceType)) return false;
  const proto = Object.getPrototypeOf(node) as object;
  let taggable = TAGGABLE_CLASSES.get(proto);
  if (taggable === undefined) {
    taggable = !!findDescriptor(proto, 'tags')?.set && findDescriptor(proto, 'tagsInput')?.get !== undefined;
    TAGGABLE_CLASSES.set(proto, taggable);
  }
  return taggable;
}

function findDescriptor(proto: object | null, key: string): PropertyDescriptor | undefined {
  for (let p = proto; p; p = Object.getPrototypeOf(p) as object | null) {
    const d = Object.getOwnPropertyDescriptor(p, key);
    if (d) return d;
  }
  return undefined;
}

/**
 * Applies tags to every taggable resource under the scope it is added to, including resources
 * other teams add with raw provider classes. Tags a resource sets itself win over these; tags
 * given as a Terraform value (a variable, another resource's tags) are merged by Terraform.
 *
 * ```ts
 * Aspects.of(stack).add(new TagsAspect({ environment: 'dev', stack: 'realtime' }));
 * ```
 */
export class TagsAspect implements IAspect {
  private static readonly excluded = new WeakSet<IConstruct>();

  /**
   * Leave a resource untagged: for resources whose type has a `tags` argument the API refuses,
   * such as AzAPI resources of proxy types (e.g. a Redis access policy assignment).
   */
  public static exclude(resource: IConstruct): void {
    TagsAspect.excluded.add(resource);
  }

  /**
   * Refuse tags Azure rejects: names of 1-512 characters without `< > % & \ ? /` (and two names
   * that differ only in case: Azure treats them as one), values of at most 256 characters.
   */
  public static check(scope: IConstruct, tags: { [name: string]: string }, setting = 'tags'): void {
    for (const [name, value] of Object.entries(tags)) {
      if (Token.isUnresolved(name)) continue;
      const at = `${setting}.${name}`;
      if (name.length === 0 || name.length > 512 || /[<>%&\\?/]/.test(name) || name.trim() !== name) {
        refuse(scope, {
          lesson: 'AZURE', setting: at, given: name,
          problem: 'Azure refuses tag names with < > % & \\ ? / or surrounding spaces, and names longer than 512 characters.',
          fix: 'use letters, digits, hyphens, underscores and dots, e.g. cost-center.',
        });
      }
      const twin = Object.keys(tags).find((other) => other !== name && other.toLowerCase() === name.toLowerCase());
      if (twin !== undefined) {
        refuse(scope, {
          lesson: 'AZURE', setting: at, given: name,
          problem: `Azure tag names are case-insensitive, so this and ${JSON.stringify(twin)} are one tag with two values.`,
          fix: 'keep one spelling.',
        });
      }
      if (typeof value !== 'string' || (!Token.isUnresolved(value) && value.length > 256)) {
        refuse(scope, {
          lesson: 'AZURE', setting: at, given: value,
          problem: 'a tag value is a string of at most 256 characters.', fix: 'shorten the value.',
        });
      }
    }
  }

  constructor(private readonly tags: Readonly<Record<string, string>>) {}

  visit(node: IConstruct): void {
    if (!isTaggable(node) || TagsAspect.excluded.has(node)) return;
    const own = node.tagsInput;
    if (own !== undefined && (Token.isUnresolved(own) || Tokenization.isResolvable(own))) {
      node.tags = Token.asStringMap(Fn.merge([{ ...this.tags }, own]));
    } else {
      node.tags = { ...this.tags, ...(own ?? {}) };
    }
  }
}
