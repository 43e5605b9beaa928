import { PolicyValidationResult, validatePolicyXml } from './apim-policy-schema';

/**
 * Elements whose content the XSD does not check, so each body is also validated on its own,
 * wrapped as an inbound section:
 * - `<when>`, `<otherwise>`, `<limit-concurrency>` and `<retry>` admit any child (processContents="skip");
 * - `<return-response>` declares its `set-status`/`set-header`/`set-body` children locally
 *   without a type, so their attributes go unchecked; wrapped, they meet the global
 *   declarations of those policies.
 * Same-name nesting (a `<when>` inside a `<when>`) is matched by depth.
 */
const UNCHECKED_CONTENT = ['when', 'otherwise', 'limit-concurrency', 'return-response', 'retry'];

export async function validatePolicyDeep(xml: string): Promise<PolicyValidationResult> {
  const documents = [xml, ...uncheckedBodies(xml).map(wrapAsPolicy)];
  const results = await Promise.all(documents.map((d) => validatePolicyXml(d)));
  return { valid: results.every((r) => r.valid), errors: results.flatMap((r) => r.errors) };
}

/** The body of every non-empty element named in UNCHECKED_CONTENT, nested ones included. */
function uncheckedBodies(xml: string): string[] {
  const bodies: string[] = [];
  const opening = new RegExp(`<(${UNCHECKED_CONTENT.join('|')})\\b[^>]*?(?<!/)>`, 'g');
  for (const match of xml.matchAll(opening)) {
    const start = match.index + match[0].length;
    const end = closingTagOf(xml, match[1], start);
    if (end >= 0) bodies.push(xml.slice(start, end));
  }
  return bodies;
}

/** Where the element named `name` that opened just before `from` closes, counting nested ones of the same name. */
function closingTagOf(xml: string, name: string, from: number): number {
  const tags = new RegExp(`<(/?)${name}\\b[^>]*?(/?)>`, 'g');
  tags.lastIndex = from;
  let depth = 1;
  for (let m = tags.exec(xml); m; m = tags.exec(xml)) {
    if (m[1] === '/') depth -= 1;
    else if (m[2] !== '/') depth += 1;
    if (depth === 0) return m.index;
  }
  return -1;
}

function wrapAsPolicy(body: string): string {
  return `<policies><inbound>${body}</inbound><backend><base /></backend><outbound><base /></outbound><on-error><base /></on-error></policies>`;
}
