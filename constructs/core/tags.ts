import { IAspect, TerraformResource } from 'cdktf';
import { IConstruct } from 'constructs';

/** A provider resource with a `tags` map (every taggable azurerm and azapi resource). */
interface Taggable {
  tags: Record<string, string> | undefined;
  readonly tagsInput: Record<string, string> | undefined;
}

function isTaggable(node: IConstruct): node is TerraformResource & Taggable {
  if (!(node instanceof TerraformResource)) return false;
  const proto = Object.getPrototypeOf(node) as object;
  const tags = findDescriptor(proto, 'tags');
  return !!tags?.set && findDescriptor(proto, 'tagsInput')?.get !== undefined;
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
 * other teams add with raw provider classes. Tags a resource sets itself win over these.
 *
 * ```ts
 * Aspects.of(stack).add(new TagsAspect({ environment: 'dev', stack: 'realtime' }));
 * ```
 */
export class TagsAspect implements IAspect {
  constructor(private readonly tags: Readonly<Record<string, string>>) {}

  visit(node: IConstruct): void {
    if (!isTaggable(node)) return;
    node.tags = { ...this.tags, ...(node.tagsInput ?? {}) };
  }
}
