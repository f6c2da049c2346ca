/**
 * The speculation rules of the pages that ship no JavaScript (the root writes them into the
 * document): the browser prefetches and prerenders the product and listing pages a visitor
 * is about to open, when the pointer rests on a link to one ("moderate": after about 200 ms
 * of hover, or on pointerdown), so the page is already drawn when they click.
 *
 * A page that hydrates gets none: React Router opens the next page itself, in the same
 * document (it fetches its data and code on hover, and the product page shows its loading
 * skeleton: tests/browser/promises.spec.ts), so a prerendered document would never be shown.
 *
 * Only pages that change nothing when opened, and only without a query: never the cart, the
 * checkout, an order or download page, the back office, the API or a form's target, and no
 * URL whose query might carry a form result or a token. A prerendered page runs its scripts
 * before the visitor opens it, so whatever it would count (a recommendation seen) waits for
 * its activation (app/lib/activation.ts); its document request writes nothing (the page
 * cache keeps it, as for any visitor).
 */
const SPECULATED_PATHS = ["/products", "/products/:slug", "/apparel"] as const;

// In dictionary form the protocol and host are this document's; an empty `search` allows no query.
const where = { or: SPECULATED_PATHS.map((pathname) => ({ href_matches: { pathname, search: "" } })) };
const rule = { source: "document", where, eagerness: "moderate" };

/** The JSON of the page's `<script type="speculationrules">`. */
export const SPECULATION_RULES = JSON.stringify({ prerender: [rule], prefetch: [rule] });
