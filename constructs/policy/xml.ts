import { Token } from 'cdktf';
import { refuseValue } from '../core/validation';

/**
 * A minimal XML element model for APIM policy documents. Callers never write XML text: they
 * build statements through the typed factories of `PolicyStatement`, and this module serializes
 * them with every attribute value and text node escaped.
 */
export interface XmlElement {
  readonly name: string;
  readonly attributes?: Readonly<Record<string, string | number | boolean | undefined>>;
  readonly children?: readonly XmlElement[];
  /** Text content (escaped on output). An element has text or children, not both. */
  readonly text?: string;
}

/** Escape text for an attribute value or a text node. cdktf tokens contain none of these characters and pass unchanged. */
export function escapeXml(value: string): string {
  // Most values have nothing to escape: one scan instead of five replacements.
  if (!/[&<>"']/.test(value)) return value;
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const NAME = /^[a-z][a-z0-9-]*$/;
/** Characters XML 1.0 does not allow (tab, line feed and carriage return are allowed). */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/;
/** cdktf token markers, which resolve to Terraform references and are meant to be interpolated. */
const TOKEN_MARKER = /\$\{TfToken\[[^\]]+\]\}/g;

/**
 * Refuse a value that would break the policy before APIM sees it: a control character (not
 * allowed in XML 1.0, APIM refuses the document), or a literal `${` or `%{` (Terraform reads the
 * string as a template and interpolates or fails on it).
 */
function checkValue(where: string, value: string): void {
  if (CONTROL.test(value)) {
    refuseValue('policy XML', {
      lesson: 'AZURE', setting: where, given: value,
      problem: 'XML 1.0 does not allow this control character, so API Management refuses the policy document.',
      fix: 'remove the character (tab, line feed and carriage return are allowed).',
    });
  }
  // A token stands for `${...}`: a literal $ just before one makes `$${`, which Terraform reads
  // as an escape (the reference is then written as text, not resolved); `%${` is a plain % then.
  const literal = Token.isUnresolved(value) ? value.replace(TOKEN_MARKER, '\u0000') : value;
  if (/[$%]\{|\$\u0000/.test(literal)) {
    refuseValue('policy XML', {
      lesson: 'AZURE', setting: where, given: value,
      problem: 'Terraform reads ${ and %{ in a string as a template, so the policy would be interpolated (or fail) at plan instead of reaching API Management as written.',
      fix: 'write the text without ${ or %{ (policy expressions are @(...) or @{...}); pass Terraform values as references, not as template text.',
    });
  }
}

/** Serialize an element tree, indented two spaces per level. */
export function renderXml(element: XmlElement, depth = 0): string {
  if (!NAME.test(element.name)) {
    refuseValue('policy XML', {
      lesson: 'EDGE-3', setting: 'element', given: element.name,
      problem: 'a policy element name is lower-case letters, digits and hyphens.', fix: 'build the statement with the typed PolicyStatement factories.',
    });
  }
  const pad = '  '.repeat(depth);
  const attributes = Object.entries(element.attributes ?? {})
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([key, value]) => {
      if (!NAME.test(key)) {
        refuseValue('policy XML', {
          lesson: 'EDGE-3', setting: `<${element.name}> attribute`, given: key,
          problem: 'API Management policy attributes are spelt with hyphens (buffer-response, not buffer_response), and this name has other characters.',
          fix: 'build the statement with the typed PolicyStatement factories.',
        });
      }
      const text = String(value);
      checkValue(`<${element.name}> ${key}`, text);
      return ` ${key}="${escapeXml(text)}"`;
    })
    .join('');
  const children = element.children ?? [];
  if (element.text !== undefined) {
    checkValue(`<${element.name}> text`, element.text);
    return `${pad}<${element.name}${attributes}>${escapeXml(element.text)}</${element.name}>`;
  }
  if (children.length === 0) return `${pad}<${element.name}${attributes} />`;
  const inner = children.map((child) => renderXml(child, depth + 1)).join('\n');
  return `${pad}<${element.name}${attributes}>\n${inner}\n${pad}</${element.name}>`;
}
