import { credentialFormatOf, maskCredential } from '../../core/credential-formats';
import { ILessonRule, IRuleContext, RuleFinding, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { POLICY_RESOURCE_TYPES } from './forward-request-attributes';

/** A header or query parameter whose name says its value is a credential. */
const SECRET_PARAMETER = /^(?:authorization|proxy-authorization|ocp-apim-subscription-key|x-functions-key|x-api-key|api-key|apikey|x-auth-token|x-access-token|(?:.*[-_])?(?:password|passwd|secret|client[-_]?secret|api[-_]?key|access[-_]?key|secret[-_]?key|access[-_]?token|auth[-_]?token|token|code|sig))$/i;

/** What a policy reads at run time instead of holding it: a named value (`{{psp-key}}`) or a policy expression (`@(...)`, `@{...}`). */
const readAtRunTime = (text: string) => text.includes('{{') || /^\s*@[({]/.test(text);

const unescape = (text: string) => text.replace(/&quot;/g, '"').replace(/&apos;/g, '\'').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

const FIX = 'keep the secret in Key Vault and give the policy a named value backed by it ({{name}}: KeyVaultNamedValue, the gateway reads it with its identity), or call with the gateway\'s identity (authentication-managed-identity) where the backend takes Entra ID.';

/**
 * SEC-1: an API Management policy that holds a credential in its XML: a value in a known format
 * anywhere in it (an attribute or a text), a literal value for a header or query parameter whose
 * name says it is a credential (`Authorization`, `x-api-key`, `Ocp-Apim-Subscription-Key`,
 * `...-token`, `code`), a literal `password` of `authentication-basic` or
 * `authentication-certificate` (or the certificate's `body`), or a literal `key` of
 * `validate-jwt`'s signing or decryption keys. The XML is written in cdk.tf.json, the plan and the
 * state, and every reader of the API Management service sees it in the portal. A named value
 * (`{{psp-key}}`) and a policy expression (`@(...)`) pass: the gateway reads them at run time.
 */
export class PolicyPlainSecretRule implements ILessonRule {
  public readonly id = 'SEC-1.PolicyPlainSecret';
  public readonly lesson = 'SEC-1';
  public readonly description = 'An API Management policy that holds a credential in its XML.';
  public readonly resourceTypes = POLICY_RESOURCE_TYPES;

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    const xml = resource.attributes.xml_content;
    if (typeof xml !== 'string') return RuleOutcome.notApplicable();
    const findings: RuleFinding[] = [];
    const held = 'written in the policy: the XML is in cdk.tf.json, the plan and the Terraform state, and every reader of the API Management service sees it in the portal.';
    const reported = new Set<string>();
    const add = (setting: string, value: string, what: string) => {
      if (reported.has(value) || findings.some((f) => f.setting === setting)) return;
      reported.add(value);
      findings.push({ setting, given: maskCredential(value), problem: `${what}, ${held}`, fix: FIX });
    };
    // Secret-named headers and query parameters with a literal value.
    for (const m of xml.matchAll(/<(set-header|set-query-parameter)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/g)) {
      const name = /\bname\s*=\s*"([^"]*)"/.exec(m[2])?.[1];
      if (name === undefined || !SECRET_PARAMETER.test(name)) continue;
      for (const v of (m[3] ?? '').matchAll(/<value>([\s\S]*?)<\/value>/g)) {
        const value = unescape(v[1]);
        if (value.trim() !== '' && !readAtRunTime(value)) add(`xml_content.${m[1]}[${name}]`, value, `a literal value for ${name}, whose name says it is a credential`);
      }
    }
    // Passwords and certificates of the authentication policies.
    for (const m of xml.matchAll(/<(authentication-basic|authentication-certificate)\b([^>]*)>/g)) {
      for (const a of m[2].matchAll(/\b(password|body)\s*=\s*"([^"]*)"/g)) {
        const value = unescape(a[2]);
        if (value !== '' && !readAtRunTime(value)) add(`xml_content.${m[1]}.${a[1]}`, value, a[1] === 'body' ? 'a client certificate (with its private key)' : `a literal password for ${m[1]}`);
      }
    }
    // validate-jwt's symmetric signing and decryption keys.
    for (const m of xml.matchAll(/<(issuer-signing-keys|decryption-keys)>([\s\S]*?)<\/\1>/g)) {
      for (const k of m[2].matchAll(/<key\b[^>]*>([^<]+)<\/key>/g)) {
        const value = unescape(k[1]).trim();
        if (value !== '' && !readAtRunTime(value)) add(`xml_content.validate-jwt.${m[1]}`, value, 'a literal key of validate-jwt (a symmetric key signs or decrypts every token)');
      }
    }
    // A known credential format in any attribute or text.
    for (const piece of [...xml.matchAll(/="([^"]*)"/g), ...xml.matchAll(/>([^<]+)</g)].map((p) => unescape(p[1]))) {
      if (readAtRunTime(piece)) continue;
      const format = credentialFormatOf(piece);
      if (format && !reported.has(piece)) add('xml_content', piece, format.what);
    }
    return findings.length > 0 ? RuleOutcome.nonCompliant(...findings) : RuleOutcome.compliant();
  }
}
