/** Characters XML 1.0 cannot hold at all, even escaped: C0 controls but tab and newlines, lone surrogates, U+FFFE/F. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text for an XML element or attribute: the five special characters escaped, impossible ones dropped. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/** An element holding escaped text. */
export function textElement(name: string, text: string): string {
  return `<${name}>${escapeXml(text)}</${name}>`;
}

/** A W3C date-time (ISO 8601, UTC), the form both Atom and sitemaps take. */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
