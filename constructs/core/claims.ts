import { DefaultTokenResolver, StringConcat, TerraformStack, Token, Tokenization } from 'cdktf';
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

/** cdktf's pattern for a number token written into a string (`-1.8881545897087626e+289`). */
const NUMBER_TOKEN_IN_STRING = /[-|\d|.+]+(e[-|\d|.|e|E|+]+)/;

/**
 * Whether resolving `s` gives `s` back: it holds no string or list token (`${TfToken[...]}`,
 * `#{TfToken[...]}`), nothing that could be a number token, and is not one of the values cdktf
 * refuses in a string (a map token's). Resolving a string costs about as much whatever it holds,
 * and most strings a stack holds are plain.
 */
export function resolvesToItself(s: string): boolean {
  return !s.includes('TfToken[') && !NUMBER_TOKEN_IN_STRING.test(s) && s !== Token.STRING_MAP_TOKEN_VALUE && s !== Token.ANY_MAP_TOKEN_VALUE;
}

/** `value` with its tokens resolved as the synthesized stack writes them (`${type.id.attr}`). */
export function resolveIn(scope: IConstruct, value: unknown): unknown {
  const stack = TerraformStack.of(scope);
  if (typeof value === 'string' && resolvesToItself(value)) return value;
  return Tokenization.resolve(value, { scope: stack, preparing: false, resolver: RESOLVER });
}
