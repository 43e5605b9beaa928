import { credentialFormatOf, isCredentialParameter, maskCredential } from '../../core/credential-formats';
import { isPlainLiteral } from '../../core/secret-detection';
import { unescapeXml } from '../../core/xml-text';
import { ILessonRule, IRuleContext, RuleFinding, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { POLICY_RESOURCE_TYPES } from './forward-request-attributes';


/** Stands in for what the gateway reads at run time (a named value, a Liquid placeholder, a policy expression): no character a format or a name check reads. */
const AT_RUN_TIME = '\u0000';

const FIX = 'keep the secret in Key Vault and give the policy a named value backed by it ({{name}}: KeyVaultNamedValue, the gateway reads it with its identity), or call with the gateway\'s identity (authentication-managed-identity) where the backend takes Entra ID.';
const HELD = 'written in the policy: the XML is in cdk.tf.json, the plan and the Terraform state, and every reader of the API Management service sees it in the portal.';

/**
 * SEC-1: an API Management policy that holds a credential in its XML: a value in a known format
 * in an attribute, a text, a CDATA section or a comment; a literal value for a header or query
 * parameter (`set-header`, `set-query-parameter`, `check-header`) whose name says it is a
 * credential (`Authorization`, `x-api-key`, `Ocp-Apim-Subscription-Key`, `subscription-key`,
 * `code`, `sig`, `*-password`, `*-secret`); a literal `password` (or certificate `body`) of
 * `authentication-basic` or `authentication-certificate`; or a literal `key` of `validate-jwt`'s
 * signing or decryption keys. The XML is written in cdk.tf.json, the plan and the state, and every
 * reader of the API Management service sees it in the portal. What the gateway reads at run time
 * passes: a named value (`{{psp-key}}`) and a policy expression (`@(...)`, `@{...}`), which are
 * cut out before anything is read (a literal next to them is still read). A policy the
 * configuration gives as a function (`file(...)`) is not read.
 */
export class PolicyPlainSecretRule implements ILessonRule {
  public readonly id = 'SEC-1.PolicyPlainSecret';
  public readonly lesson = 'SEC-1';
  public readonly description = 'An API Management policy that holds a credential in its XML.';
  public readonly resourceTypes = POLICY_RESOURCE_TYPES;

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    const given = resource.attributes.xml_content;
    if (typeof given !== 'string' || (/^\$\{[\s\S]*\}$/.test(given.trim()) && !given.includes('<'))) return RuleOutcome.notApplicable();
    const findings: RuleFinding[] = [];
    const reported = new Set<string>();
    const add = (setting: string, value: string, what: string, masked: string) => {
      if (reported.has(value) || findings.some((f) => f.setting === setting)) return;
      reported.add(value);
      findings.push({ setting, given: masked, problem: `${what}, ${HELD}`, fix: FIX });
    };
    const { xml, comments } = readable(given);
    // Secret-named headers and query parameters with a value written in the policy.
    for (const m of xml.matchAll(/<(set-header|set-query-parameter|check-header)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/g)) {
      const name = attributesOf(m[2]).get('name');
      if (name === undefined || !isCredentialParameter(name)) continue;
      for (const v of (m[3] ?? '').matchAll(/<value>([\s\S]*?)<\/value>/g)) {
        const value = unescapeXml(v[1]).trim();
        if (value !== '' && !value.includes(AT_RUN_TIME) && !isPlainLiteral(value)) {
          add(`xml_content.${m[1]}[${name}]`, value, `a value for ${name}, whose name says it is a credential`, `…(${value.length} chars)`);
        }
      }
    }
    // Passwords and certificates of the authentication policies.
    for (const m of xml.matchAll(/<(authentication-basic|authentication-certificate)\b([^>]*)>/g)) {
      for (const [attribute, value] of attributesOf(m[2])) {
        if ((attribute === 'password' || attribute === 'body') && value !== '' && !value.includes(AT_RUN_TIME)) {
          add(`xml_content.${m[1]}.${attribute}`, value, attribute === 'body' ? 'a client certificate (with its private key)' : `a password for ${m[1]}`, `…(${value.length} chars)`);
        }
      }
    }
    // validate-jwt's symmetric signing and decryption keys.
    for (const m of xml.matchAll(/<(issuer-signing-keys|decryption-keys)>([\s\S]*?)<\/\1>/g)) {
      for (const k of m[2].matchAll(/<key\b[^>]*>([^<]+)<\/key>/g)) {
        const value = unescapeXml(k[1]).trim();
        if (value !== '' && !value.includes(AT_RUN_TIME)) add(`xml_content.validate-jwt.${m[1]}`, value, 'a key of validate-jwt (a symmetric key signs or decrypts every token)', `…(${value.length} chars)`);
      }
    }
    // A known credential format in any attribute, text or comment (what the gateway reads at run time cut out).
    const pieces = [...[...xml.matchAll(/=\s*(?:"([^"]*)"|'([^']*)')/g)].map((p) => p[1] ?? p[2]), ...[...xml.matchAll(/>([^<]+)</g)].map((p) => p[1]), ...comments];
    for (const piece of pieces.map((p) => unescapeXml(p).trim())) {
      const format = piece === '' ? undefined : credentialFormatOf(piece.split(AT_RUN_TIME).join(' '));
      if (format && !reported.has(piece)) add('xml_content', piece, format.what, maskCredential(piece.split(AT_RUN_TIME).join(' ')));
    }
    return findings.length > 0 ? RuleOutcome.nonCompliant(...findings) : RuleOutcome.compliant();
  }
}

/**
 * The policy as the checks read it: CDATA sections as escaped text, comments taken out (their
 * text returned apart, for the format check), and what the gateway reads at run time replaced by
 * `AT_RUN_TIME`: named values and Liquid placeholders (`{{...}}`), and policy expressions, which
 * APIM takes only as a whole attribute value or a whole element text (`@(...)` or `@{...}`): an
 * attribute's to its closing quote, a text's to its balanced end (C# strings and characters
 * skipped) or, unbalanced, to the end of the text. An `@(` inside a value (`P@(ssw0rd`,
 * `ops@(contoso`) is no expression. Cutting expressions out first keeps a generic inside one
 * (`As<JObject>()`) from being read as a tag.
 */
function readable(xml: string): { xml: string; comments: string[] } {
  const comments: string[] = [];
  const text = xml.replace(/<!--([\s\S]*?)-->/g, (_m, c: string) => {
    comments.push(c);
    return '';
  })
    // CDATA as escaped text, its quotes kept: an expression's C# strings inside are skipped by their quotes.
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_m, c: string) => c.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'))
    // An attribute whose whole value is an expression: to its closing quote.
    .replace(/(=\s*)"\s*@[({][^"]*"/g, (_m, eq: string) => `${eq}"${AT_RUN_TIME}"`)
    .replace(/(=\s*)'\s*@[({][^']*'/g, (_m, eq: string) => `${eq}'${AT_RUN_TIME}'`);
  let out = '';
  let from = 0;
  for (const m of text.matchAll(/>\s*(@[({])/g)) {
    const start = m.index! + m[0].length - 2;
    if (start < from) continue;
    const bound = text.indexOf('</', start);
    const end = expressionEnd(text, start + 1, bound === -1 ? text.length : bound);
    out += text.slice(from, start) + AT_RUN_TIME;
    from = end;
  }
  out += text.slice(from);
  return { xml: out.replace(/\{\{[^{}]*\}\}/g, AT_RUN_TIME), comments };
}

/** Where the expression whose bracket is at `open` ends (after its closing bracket), C# strings and characters skipped; `bound` when it does not close before it. */
function expressionEnd(text: string, open: number, bound: number): number {
  const opening = text[open];
  const closing = opening === '(' ? ')' : '}';
  let depth = 0;
  for (let i = open; i < bound; i += 1) {
    const c = text[i];
    if (c === '"' || c === '\'') {
      // A string or a character: to its closing quote (a backslash escapes; a verbatim @"..." doubles its quotes).
      const verbatim = c === '"' && text[i - 1] === '@';
      for (i += 1; i < bound; i += 1) {
        if (!verbatim && text[i] === '\\') {
          i += 1;
        } else if (text[i] === c) {
          if (!(verbatim && text[i + 1] === '"')) break;
          i += 1;
        }
      }
    } else if (c === opening) {
      depth += 1;
    } else if (c === closing && --depth === 0) {
      return i + 1;
    }
  }
  return bound;
}

/** An element's attributes, in double or single quotes, unescaped. */
function attributesOf(text: string): Map<string, string> {
  return new Map([...text.matchAll(/([A-Za-z][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map((m) => [m[1], unescapeXml(m[2] ?? m[3])]));
}

