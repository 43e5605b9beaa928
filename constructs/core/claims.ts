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
  try {
    return resolveWalking(stack, value, 0);
  } catch {
    // cdktf's own refusal, with the path to what it refused from the top.
    return Tokenization.resolve(value, { scope: stack, preparing: false, resolver: RESOLVER });
  }
}

/**
 * What `Tokenization.resolve` gives for `value`, walking plain objects, lists and strings itself
 * and handing cdktf only what holds a token (a token string, a token number, a list with a list
 * token, an object that resolves itself, a class instance). cdktf's resolver makes a context
 * for every value it visits; the attributes the checks read are mostly plain, and the lessons
 * check reads every resource's (issue 30). Like cdktf's, it drops undefined values from objects
 * and lists.
 */
function resolveWalking(stack: TerraformStack, value: unknown, depth: number): unknown {
  if (value === undefined || value === null || typeof value === 'boolean') return value;
  if (typeof value === 'string' && resolvesToItself(value)) return value;
  if (typeof value === 'number' && !isTokenNumber(value)) return value;
  // Deeper than cdktf resolves: its resolver says why.
  if (depth < 100 && Array.isArray(value) && value.every(plainElement)) {
    const out: unknown[] = [];
    for (const item of value) {
      const resolved = resolveWalking(stack, item, depth + 1);
      if (resolved !== undefined) out.push(resolved);
    }
    return out;
  }
  if (depth < 100 && isPlainData(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const resolved = resolveWalking(stack, value[key], depth + 1);
      if (resolved !== undefined) out[key] = resolved;
    }
    return out;
  }
  return Tokenization.resolve(value, { scope: stack, preparing: false, resolver: RESOLVER });
}

/** A number cdktf reads as a token (a number, list or map token). */
function isTokenNumber(n: number): boolean {
  return Token.isUnresolved(n) || Token.isUnresolved([n]) || n === Token.NUMBER_MAP_TOKEN_VALUE;
}

/** A list element that cannot make cdktf resolve the list as a whole (a list token, a number list token). */
function plainElement(item: unknown): boolean {
  return typeof item === 'string' ? resolvesToItself(item) : typeof item !== 'number' || !isTokenNumber(item);
}

/** An object literal that is no token: cdktf resolves it key by key, as `resolveWalking` does. */
function isPlainData(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  return typeof (value as { resolve?: unknown }).resolve !== 'function' && Object.keys(value).every(resolvesToItself);
}
