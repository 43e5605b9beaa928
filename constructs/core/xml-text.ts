/**
 * The text an escaped XML attribute value or text node stands for (what `escapeXml` in
 * policy/xml.ts escapes, undone), for the rules that read API Management policy XML (a rule may
 * read core/, not the policy builder).
 */
export function unescapeXml(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&quot;/g, '"').replace(/&apos;/g, '\'').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
