/** Text for XML documents the shop writes (the sitemap, the Merchant Center feed). Browser-safe. */

/** Characters XML 1.0 cannot carry at all, not even escaped: C0 controls but tab, newline and return, lone surrogates, U+FFFE/U+FFFF. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text as an XML element's content or attribute value: escaped, and without what XML cannot carry (so the document stays well-formed). */
export const escapeXml = (text: string) => text.replace(NOT_XML, "").replace(/[&<>"']/g, (c) => ENTITIES[c]!);
