import { PolicyValidationResult, validatePolicyXml } from './apim-policy-schema';

/**
 * The XSD skips the content of `<when>` and `<otherwise>` (processContents="skip"), so each
 * branch body is also validated on its own, wrapped as an inbound section.
 */
export async function validatePolicyDeep(xml: string): Promise<PolicyValidationResult> {
  const documents = [xml, ...branchBodies(xml).map(wrapAsPolicy)];
  const results = await Promise.all(documents.map((d) => validatePolicyXml(d)));
  return { valid: results.every((r) => r.valid), errors: results.flatMap((r) => r.errors) };
}

function branchBodies(xml: string): string[] {
  const bodies: string[] = [];
  for (const match of xml.matchAll(/<(when|otherwise)\b[^>]*>([\s\S]*?)<\/\1>/g)) bodies.push(match[2]);
  return bodies;
}

function wrapAsPolicy(body: string): string {
  return `<policies><inbound>${body}</inbound><backend><base /></backend><outbound><base /></outbound><on-error><base /></on-error></policies>`;
}
