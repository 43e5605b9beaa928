import { DefaultTokenResolver, StringConcat, TerraformStack, Tokenization } from 'cdktf';
import { IConstruct } from 'constructs';

const REGISTRIES = new WeakMap<IConstruct, Map<string, string>>();

/**
 * Record that `owner` holds `key` in `registry`, across the whole app (every stack of one
 * `App`), and return the construct path of another owner that already holds it, if any. Used
 * for what Azure allows once: globally unique names, one policy per APIM scope, one API per
 * gateway path.
 */
export function claim(owner: IConstruct, registry: string, key: string): string | undefined {
  const root = owner.node.root;
  const claims = REGISTRIES.get(root) ?? new Map<string, string>();
  REGISTRIES.set(root, claims);
  const entry = `${registry}\u0000${key}`;
  const holder = claims.get(entry);
  if (holder !== undefined && holder !== owner.node.path) return holder;
  claims.set(entry, owner.node.path);
  return undefined;
}

const RESOLVER = new DefaultTokenResolver(new StringConcat());

/** `value` with its tokens resolved as the synthesized stack writes them (`${type.id.attr}`). */
export function resolveIn(scope: IConstruct, value: unknown): unknown {
  return Tokenization.resolve(value, { scope: TerraformStack.of(scope), preparing: false, resolver: RESOLVER });
}
