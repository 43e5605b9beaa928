/**
 * A minimal XML element model for APIM policy documents. Callers never write XML text:
 * they build elements through the typed statements in `statements.ts`, and this module
 * serializes them with every attribute value and text node escaped.
 */
export interface XmlElement {
  readonly name: string;
  readonly attributes?: Readonly<Record<string, string | number | boolean | undefined>>;
  readonly children?: readonly XmlElement[];
  /** Text content (escaped on output). An element has text or children, not both. */
  readonly text?: string;
}

/** Escape text for an attribute value or a text node. Terraform/cdktf tokens contain none of these characters and pass unchanged. */
export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const NAME = /^[a-z][a-z0-9-]*$/;

/** Serialize an element tree, indented two spaces per level. */
export function renderXml(element: XmlElement, depth = 0): string {
  if (!NAME.test(element.name)) throw new Error(`Invalid policy element name ${JSON.stringify(element.name)}.`);
  const pad = '  '.repeat(depth);
  const attributes = Object.entries(element.attributes ?? {})
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([key, value]) => {
      if (!NAME.test(key)) throw new Error(`Invalid policy attribute name ${JSON.stringify(key)} on <${element.name}>.`);
      return ` ${key}="${escapeXml(String(value))}"`;
    })
    .join('');
  const children = element.children ?? [];
  if (element.text !== undefined) {
    return `${pad}<${element.name}${attributes}>${escapeXml(element.text)}</${element.name}>`;
  }
  if (children.length === 0) return `${pad}<${element.name}${attributes} />`;
  const inner = children.map((child) => renderXml(child, depth + 1)).join('\n');
  return `${pad}<${element.name}${attributes}>\n${inner}\n${pad}</${element.name}>`;
}
