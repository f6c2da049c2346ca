import { jsonLdText } from "~/lib/seo";
import { useNonce } from "~/lib/nonce";

/**
 * schema.org data for search engines. It is data, not code, but it carries the response's
 * nonce like every script on the page, so the strict CSP has nothing to object to.
 */
export function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" nonce={useNonce()} dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
