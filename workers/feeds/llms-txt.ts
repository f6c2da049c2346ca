/**
 * /llms.txt (llmstxt.org): the shop for a language model in one markdown page. An H1 with
 * the shop's name, a one-line summary as a blockquote, then sections of links: every product
 * of the catalog shown with its price, the policies, and the doors for agents.
 */
import { BRAND_NAME, TAGLINE } from "../../app/shared/constants";
import { LLMS_TXT_PATH, MERCHANT_FEED_PATH, PERMALINK_PATH, permalinkPath, UCP_MCP_PATH, UCP_PROFILE_PATH, UCP_REST_BASE } from "../../app/shared/feeds";
import { formatPrice } from "../../app/shared/money";
import { anyAvailable, variantLabel } from "../../app/shared/variants";
import type { Catalog, Product } from "../shop/catalog";

/** The shop's policy pages, as their footer links name them. */
const POLICIES: readonly { title: string; path: string; about: string }[] = [
  { title: "Shipping", path: "/shipping", about: "always free and discreet; delivery times by region" },
  { title: "Returns", path: "/returns", about: "what can be returned, how, and the return window" },
  { title: "Privacy Policy", path: "/privacy", about: "the cookies the shop sets and what it stores" },
  { title: "Terms of Service", path: "/terms", about: "the terms of every order" },
];

/**
 * Text as one line of markdown: no line breaks, and nothing that could open a link (a link
 * needs a bracket), an emphasis, code, a heading or HTML.
 */
const inline = (text: string) =>
  text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\\[\]<>*_`#|]/g, (c) => `\\${c}`);

/** `$12.99`, or `from $26.99` when its variants cost different amounts. */
function priceText(product: Product): string {
  const prices = product.variants.map((v) => v.price);
  const lowest = prices.length ? Math.min(...prices) : product.price;
  return `${prices.some((p) => p !== lowest) ? "from " : ""}${formatPrice(lowest)}`;
}

/** What a shopper chooses of it (`sizes XS, S, M, L, XL; colours Pink, Black, Grey`), if anything. */
const choicesText = (product: Product) =>
  product.options.map((option) => `${option.name === "Size" ? "sizes" : `${option.name.toLowerCase()}s`} ${option.values.join(", ")}`).join("; ");

function productLine(product: Product, origin: string, kind: string): string {
  const soldOut = product.variants.filter((v) => !v.available).map((v) => variantLabel(v.options) || "all");
  const notes = [
    kind,
    product.digital ? "digital download" : "",
    choicesText(product),
    !anyAvailable(product) ? "sold out" : soldOut.length ? `sold out: ${soldOut.join(", ")}` : "",
  ].filter(Boolean);
  const url = `${origin}/products/${encodeURIComponent(product.slug)}`;
  // A product of one variant, in stock, is bought straight from its UCP permalink; one with choices from its page.
  const only = product.variants.length === 1 && product.variants[0]!.available ? permalinkPath(product.variants[0]!.sku) : null;
  const buy = only ? ` [Buy](${origin}${only})` : "";
  return `- [${inline(product.name)}](${url}): ${priceText(product)} (${inline(notes.join("; "))}). ${inline(product.description)}${buy}`;
}

export function llmsText(catalog: Catalog, origin: string): string {
  const categories = new Map(catalog.categories.map((c) => [c.id, c]));
  const kindOf = (product: Product) => {
    const category = categories.get(product.categoryId);
    if (!category) return "product";
    return category.type === "condom" ? `condoms, ${category.name}` : `${product.digital ? "music" : "apparel"}, ${category.name}`;
  };
  return [
    `# ${BRAND_NAME}`,
    "",
    `> ${BRAND_NAME} sells premium condoms and lifestyle apparel online, with free, discreet shipping. Prices are in US dollars. ${TAGLINE}.`,
    "",
    "This index is made from the catalog the shop shows: its prices, sizes and stock are the product pages' own.",
    "",
    "## Catalogue",
    "",
    ...catalog.products.map((product) => productLine(product, origin, kindOf(product))),
    "",
    "## Policies",
    "",
    ...POLICIES.map((p) => `- [${p.title}](${origin}${p.path}): ${p.about}`),
    "",
    "## Agents",
    "",
    `- [UCP business profile](${origin}${UCP_PROFILE_PATH}): the Universal Commerce Protocol profile of this shop (version 2026-08-25, and 2026-04-08 through \`supported_versions\`), naming the endpoints below and the demo payment handler (no money is taken)`,
    // Endpoints, not pages (a GET there is no document): named as addresses, not links.
    `- UCP REST binding, \`${origin}${UCP_REST_BASE}\`: catalog search and lookup, carts, checkout sessions and orders (headers UCP-Agent, Request-Id, Idempotency-Key)`,
    `- UCP MCP binding, \`${origin}${UCP_MCP_PATH}\`: the same 13 tools over MCP (stateless Streamable HTTP, POST)`,
    `- UCP permalinks, \`${origin}${PERMALINK_PATH}/{SKU}:{quantity}\`: a link that puts the items in the visitor's cart and opens the checkout (the Buy links above)`,
    `- [Merchant Center feed](${origin}${MERCHANT_FEED_PATH}): every variant as Google Merchant Center RSS 2.0 (SKU, price, availability, PNG image)`,
    "",
    "## Optional",
    "",
    `- [Sitemap](${origin}/sitemap.xml): every public page and product`,
    `- [All products](${origin}/products): the catalogue page, searchable with \`?search=\``,
    `- [This index](${origin}${LLMS_TXT_PATH})`,
    "",
  ].join("\n");
}
