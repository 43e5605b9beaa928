import { PolicyValidationResult, validatePolicyXml } from './apim-policy-schema';

/**
 * Elements whose content the XSD does not check, so each body is also validated on its own,
 * wrapped as an inbound section:
 * - `<when>`, `<otherwise>` and `<limit-concurrency>` admit any child (processContents="skip");
 * - `<return-response>` declares its `set-status`/`set-header`/`set-body` children locally
 *   without a type, so their attributes go unchecked; wrapped, they meet the global
 *   declarations of those policies.
 * (Same-name nesting, e.g. a `<when>` inside a `<when>`, is not handled.)
 */
const UNCHECKED_CONTENT = ['when', 'otherwise', 'limit-concurrency', 'return-response'];

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
    const end = xml.indexOf(`</${match[1]}>`, start);
    if (end >= 0) bodies.push(xml.slice(start, end));
  }
  return bodies;
}

function wrapAsPolicy(body: string): string {
  return `<policies><inbound>${body}</inbound><backend><base /></backend><outbound><base /></outbound><on-error><base /></on-error></policies>`;
}
